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
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

def _site_class() -> type:
    """lite/serve.py's Site (lite/ is not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("boardkit_lite_serve", ROOT / "lite" / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Site

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOARD = ".boardkit-widget[data-ready='1'] [data-act].legal"


def _proc(pid: int) -> tuple[int, float, str] | None:
    """(parent pid, CPU seconds, command line) of a process, from /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks, cmd


def _pss(pid: int) -> int:
    """A process's proportional memory (bytes), from /proc."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class Watch:
    """The CPU seconds of a browser's processes, and its renderers' peak memory."""

    def __init__(self, profile: str):
        self.profile = profile
        self.cpu: dict[int, float] = {}
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def procs(self) -> dict[int, tuple[int, float, str]]:
        """The browser's processes: those naming its profile, and their descendants."""
        every = {}
        for d in Path("/proc").iterdir():
            if d.name.isdigit():
                info = _proc(int(d.name))
                if info is not None:
                    every[int(d.name)] = info
        ours = {pid for pid, (_pp, _cpu, cmd) in every.items() if self.profile in cmd}
        grew = True
        while grew:
            more = {pid for pid, (pp, _cpu, _cmd) in every.items() if pp in ours and pid not in ours}
            ours |= more
            grew = bool(more)
        return {pid: every[pid] for pid in ours}

    def sample(self) -> None:
        for pid, (_pp, cpu, cmd) in self.procs().items():
            self.cpu[pid] = max(self.cpu.get(pid, 0.0), cpu)
            if "--type=renderer" in cmd:
                self.peak = max(self.peak, _pss(pid))

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


def measure(site_dir: Path, query: str, runs: int) -> list[dict]:
    from playwright.sync_api import sync_playwright

    site = _site_class()(site_dir).start()
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
                        base = {pid: cpu for pid, (_pp, cpu, _cmd) in watch.procs().items()}
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
