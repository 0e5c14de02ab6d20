"""Serve a built site as a plain static web server with gzip does (for a
teacher's own machine, the tests and the measurements):

    python3 lite/serve.py lite/_site --port 8000

Files are compressed on the fly when the browser accepts gzip (not the
archives, which are compressed already) and sent with their types
(``.mjs`` as JavaScript, ``.wasm`` as WebAssembly). :class:`Site` counts the
bytes it sends. It serves the folder given and nothing above it.
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import threading
from functools import partial
from pathlib import Path

#: Already compressed: sent as they are.
STORED = (".zip", ".whl", ".gz", ".png", ".jpg", ".woff2")
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
         ".ipynb": "application/json", ".svg": "image/svg+xml"}


class Handler(http.server.SimpleHTTPRequestHandler):
    site: Site
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        gz = "gzip" in self.headers.get("Accept-Encoding", "")
        if not path.is_file() or not gz or path.suffix in STORED:
            return super().send_head()
        if not self.path.split("?")[0].endswith("/") and Path(self.translate_path(self.path)).is_dir():
            return super().send_head()
        body = self.site.compressed(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:  # type: ignore[override]
        data = source.read()
        outputfile.write(data)
        self.site.count(len(data))


class Site:
    """A site served on 127.0.0.1 in a thread, counting the bytes sent."""

    def __init__(self, folder: Path, port: int = 0):
        self.folder = Path(folder).resolve()
        self._gz: dict[Path, tuple[float, bytes]] = {}
        self._lock = threading.Lock()
        self.sent = 0
        handler = type("SiteHandler", (Handler,), {"site": self})
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                                      partial(handler, directory=str(self.folder)))
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread: threading.Thread | None = None

    def compressed(self, path: Path) -> bytes:
        mtime = path.stat().st_mtime
        with self._lock:
            hit = self._gz.get(path)
            if hit is None or hit[0] != mtime:
                hit = (mtime, gzip.compress(path.read_bytes(), 6))
                self._gz[path] = hit
            return hit[1]

    def count(self, n: int) -> None:
        with self._lock:
            self.sent += n

    def start(self) -> Site:
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="lite/serve.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, nargs="?", default=Path(__file__).resolve().parent / "_site")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    if not (args.folder / "play" / "index.html").is_file():
        ap.error(f"{args.folder} is not a built site (build it: python3 lite/build.py)")
    site = Site(args.folder, args.port)
    print(f"Serving {site.folder} at {site.url}play/ (Ctrl-C stops)")
    try:
        site.server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
