"""The zero-install play app in Chromium, as a student meets it: from the URL
to a clickable board, cold (a new browser profile, nothing cached) and warm
(the same browser, the page opened again), with every name but loopback
unresolvable (requests that try to leave are counted), served gzipped by
``lite/serve.py`` (the browser's cache on: Playwright's request routing
would turn it off).

    python benchmarks/lite_play.py [SITE] [--runs 3] [--query 'game=slip_stream&ai=2']

For each run: the wall time, the browser's CPU seconds (every Chromium
process of the run, user + system, from /proc: stable on a loaded machine
where wall times are not), the peak memory of the tab's process (its
renderer, where the page and its worker run; PSS), the bytes the server
sent (compressed), and the load average. Then the site's size.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lite"))
from serve import Site  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOARD = ".boardkit-widget[data-ready='1'] [data-act].legal"


class Watch:
    """The CPU seconds of a browser's processes, and its renderers' peak memory."""

    def __init__(self, profile: str):
        self.profile = profile
        self.cpu: dict[int, float] = {}
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _procs(self) -> list[psutil.Process]:
        roots = [p for p in psutil.process_iter(["cmdline"])
                 if any(self.profile in a for a in (p.info["cmdline"] or []))]
        out = {p.pid: p for p in roots}
        for r in roots:
            try:
                for c in r.children(recursive=True):
                    out[c.pid] = c
            except psutil.Error:
                pass
        return list(out.values())

    def sample(self) -> None:
        for p in self._procs():
            try:
                t = p.cpu_times()
                self.cpu[p.pid] = max(self.cpu.get(p.pid, 0.0), t.user + t.system)
                if "--type=renderer" in " ".join(p.cmdline()):
                    m = p.memory_full_info()
                    self.peak = max(self.peak, getattr(m, "pss", m.rss))
            except psutil.Error:
                pass

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            time.sleep(0.1)

    def start(self) -> Watch:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sample()

    @property
    def seconds(self) -> float:
        return sum(self.cpu.values())


def measure(site_dir: Path, query: str, runs: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    site = Site(site_dir).start()
    rows = []
    try:
        with sync_playwright() as pw:
            for run in range(runs):
                profile = tempfile.mkdtemp(prefix="boardkit-lite-bench-")
                try:
                    # every name but loopback fails to resolve (a route would turn the cache off)
                    ctx = pw.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, headless=True,
                        args=[*ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
                        viewport={"width": 1280, "height": 720})
                    outside: list[str] = []
                    ctx.on("request", lambda r, outside=outside: None if r.url.startswith(
                        ("http://127.0.0.1", "data:", "blob:")) else outside.append(r.url))
                    for kind in ("cold", "warm"):
                        page = ctx.new_page()
                        stages: list[str] = []
                        page.on("console", lambda m, stages=stages: stages.append(m.text.split(": ", 1)[1])
                                if m.text.startswith("boardkit-lite:") else None)
                        time.sleep(0.5)
                        watch = Watch(profile)
                        watch.sample()
                        before_cpu = watch.seconds
                        watch.cpu = {}            # count only what this load adds
                        base = {}
                        for p in watch._procs():
                            try:
                                t = p.cpu_times()
                                base[p.pid] = t.user + t.system
                            except psutil.Error:
                                pass
                        watch.start()
                        sent0 = site.sent
                        t0 = time.monotonic()
                        page.goto(f"{site.url}play/?{query}")
                        page.locator(BOARD).first.wait_for(timeout=300_000)
                        wall = time.monotonic() - t0
                        watch.stop()
                        cpu = sum(v - base.get(pid, 0.0) for pid, v in watch.cpu.items())
                        rows.append({"run": run + 1, "kind": kind, "wall_s": round(wall, 1),
                                     "cpu_s": round(cpu, 1), "tab_peak_mb": round(watch.peak / 2**20),
                                     "sent_mb": round((site.sent - sent0) / 1e6, 2),
                                     "load": round(os.getloadavg()[0], 1), "outside": len(outside),
                                     "stages": ", ".join(stages)})
                        del before_cpu
                        print(rows[-1], flush=True)
                        page.close()
                    ctx.close()
                finally:
                    shutil.rmtree(profile, ignore_errors=True)
    finally:
        site.stop()
    return rows


def sizes(site_dir: Path) -> dict:
    import gzip

    def size(files):
        files = [f for f in files if f.is_file()]
        return sum(f.stat().st_size for f in files), sum(len(gzip.compress(f.read_bytes(), 6)) for f in files)
    play = list((site_dir / "play").rglob("*")) + [site_dir / "static" / "pyodide" / n for n in
                                                   ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                                    "python_stdlib.zip", "pyodide-lock.json")]
    total, _ = size(site_dir.rglob("*"))
    pr, pz = size(play)
    return {"site_mb": round(total / 1e6, 1), "play_app_mb": round(pr / 1e6, 1),
            "play_app_gzip_mb": round(pz / 1e6, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path, nargs="?", default=ROOT / "lite" / "_site")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--query", default="game=slip_stream&ai=2")
    args = ap.parse_args(argv)
    rows = measure(args.site, args.query, args.runs)
    print(sizes(args.site))
    for kind in ("cold", "warm"):
        mine = [r for r in rows if r["kind"] == kind]
        print(kind, "median cpu_s", sorted(r["cpu_s"] for r in mine)[len(mine) // 2],
              "wall_s", sorted(r["wall_s"] for r in mine)[len(mine) // 2],
              "peak MB", max(r["tab_peak_mb"] for r in mine))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
