"""Serve a built site as a plain static web server with gzip does (for a
teacher's own machine, the tests and the measurements):

    python3 lite/serve.py lite/_site --port 8000

Files are compressed on the fly when the browser accepts gzip (not the
archives, which are compressed already) and sent with their types
(``.mjs`` as JavaScript, ``.wasm`` as WebAssembly), with an ETag and
the time they were modified, as nginx or Apache send them: the browser
keeps them, and asks only whether they changed. :class:`Site` counts the
bytes it sends. It serves the folder given and nothing above it.
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import io
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

    def send_head(self):  # type: ignore[override]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()      # the redirect to the folder's "/"
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        st = path.stat()
        tag = f'"{st.st_mtime_ns:x}-{st.st_size:x}"'
        modified = self.date_time_string(int(st.st_mtime))
        if self.headers.get("If-None-Match") == tag or (
                "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == modified):
            self.send_response(304)                  # the browser's copy is current
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        gz = "gzip" in self.headers.get("Accept-Encoding", "") and path.suffix not in STORED
        body = self.site.compressed(path) if gz else path.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        if gz:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", modified)
        self.end_headers()
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
