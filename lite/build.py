"""Build the zero-install site: a play app of boardkit's own and the lessons
in JupyterLite, a static folder that any web server serves; students open
a URL and play in the browser, with nothing installed.

    python3 -m venv .lite && .lite/bin/pip install -q jupyterlite-core jupyterlite-pyodide-kernel hatchling
    .lite/bin/python lite/build.py
    python3 -m http.server -d lite/_site      # then open http://localhost:8000/play/?game=slip_stream&ai=2

What the site holds:

* ``play/`` — the play app (``widgets/play.html``): boardkit's board module on
  the class server's small page host, with a Web Worker running boardkit's
  Python in Pyodide as the transport (``boardkit.lite``); no JupyterLab, no
  IPython. Its wheels (boardkit's, built here, and the pure-Python ones the
  board needs) sit in ``play/wheels/``;
* ``lab/``… — JupyterLite with the Pyodide kernel and every notebook of
  ``notebooks/``, each with a first cell that installs boardkit from the
  site's own package index (piplite);
* ``static/pyodide/`` — the Pyodide runtime, assembled here from the
  registries: the npm package ``pyodide`` at the version the kernel pins
  (through the npm client) and the pure-Python wheels the kernel loads from
  its lock (``micropip``, IPython and its dependencies…, from PyPI at the
  lock's exact versions), with the lock's ``sha256`` rewritten from the
  files. The built site asks for no outside address. Without npm the build
  says so in one sentence and the site loads Pyodide from its CDN.

What is downloaded when: the build fetches the runtime once into a cache
(``--cache``, default ``~/.cache/boardkit-lite``) and reuses it; a student's
browser fetches the play app's files on the first visit (about 5 MB
compressed) and its cache serves them after.

``--out`` is made afresh; a folder that is already there is replaced only
when it is an earlier site of this build (it holds the marker file
``.boardkit-lite-site``); the build never deletes anything else.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The file that marks a folder as a site this build made (and may replace).
MARKER = ".boardkit-lite-site"
#: The Pyodide version when the kernel package is not installed (the kernel 0.8.6 pins it).
PYODIDE_FALLBACK = "314.0.6"
#: The Python the browser runs (Pyodide 314: Python 3.14).
BROWSER_PYTHON = "3.14"
#: Pure-Python wheels the board needs in the browser (besides boardkit's).
BROWSER_WHEELS = ["anywidget", "psygnal", "typing_extensions", "ipywidgets", "traitlets", "comm"]
#: What the JupyterLite kernel loads from the runtime's lock at start (with their dependencies).
KERNEL_PACKAGES = ["micropip", "packaging", "ipython", "jedi", "parso", "typing-extensions"]
#: The runtime's files a page needs (no source maps, typings or demo consoles).
RUNTIME_FILES = ["pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json"]
#: The play app's files, from widgets/ (play.html becomes index.html).
PLAY_FILES = ["play.html", "play.js", "worker.js", "host.js", "board.js", "board.css", "class.js",
              "class.css"]
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
INSTALL = "\n".join([
    "# (in the browser: install boardkit from this site's own package index)",
    "import sys",
    "if sys.platform == \"emscripten\":",
    "    import piplite",
    "    await piplite.install([\"boardkit\", \"anywidget\", \"psygnal\", \"typing_extensions\",",
    "                           \"ipywidgets\"], deps=False)"])


class Refused(Exception):
    """A reason the build cannot go on, in one sentence."""


def _run(cmd: list[str], **kw) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if done.returncode:
        lines = (done.stderr or done.stdout).strip().splitlines()
        said = [ln for ln in lines if "Error" in ln or "error:" in ln.lower()]
        tail = (said or lines)[-1:] or ["(no output)"]
        raise Refused(f"{Path(cmd[0]).name} {cmd[1] if len(cmd) > 1 else ''} failed: {tail[0]}")


def pyodide_version() -> str:
    """The Pyodide version the JupyterLite kernel pins."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    except ImportError:
        return PYODIDE_FALLBACK
    return str(PYODIDE_VERSION)


# ----------------------------------------------------------------- runtime
def _lock_closure(lock: dict, names: list[str]) -> list[dict]:
    norm = lambda s: re.sub(r"[-_.]+", "-", s).lower()  # noqa: E731
    packages = {norm(k): v for k, v in lock["packages"].items()}
    todo, seen = [norm(n) for n in names], {}
    while todo:
        k = todo.pop()
        if k in seen or k not in packages:
            continue
        seen[k] = packages[k]
        todo += [norm(d) for d in packages[k].get("depends", [])]
    return sorted(seen.values(), key=lambda p: p["name"])


def runtime(version: str, cache: Path) -> Path:
    """The Pyodide runtime of ``version`` in ``cache`` (assembled once):
    the npm package and the lock's pure-Python wheels the kernel loads."""
    folder = cache / f"pyodide-{version}"
    if (folder / ".complete").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise Refused("npm is not installed, so the Pyodide runtime cannot be fetched "
                      "(install npm, or pass --pyodide DIR or --cdn)")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="boardkit-pyodide-", dir=cache) as tmp:
        t = Path(tmp)
        _run([npm, "pack", "--silent", f"pyodide@{version}", "--pack-destination", str(t)], cwd=t)
        tgz = next(t.glob("pyodide-*.tgz"))
        with tarfile.open(tgz) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(t / "npm", filter="data")
            else:                           # Python < 3.12: only the package's own paths
                tar.extractall(t / "npm", members=[m for m in tar.getmembers()
                                                   if m.name.startswith("package/") and ".." not in m.name
                                                   and (m.isfile() or m.isdir())])
        new = t / "runtime"
        new.mkdir()
        for name in RUNTIME_FILES:
            if (t / "npm" / "package" / name).is_file():
                shutil.copy2(t / "npm" / "package" / name, new / name)
        lock = json.loads((new / "pyodide-lock.json").read_text(encoding="utf-8"))
        wanted = _lock_closure(lock, KERNEL_PACKAGES)
        for p in wanted:
            if not p["file_name"].endswith("-none-any.whl"):
                raise Refused(f"the kernel needs {p['file_name']}, a compiled package of the full "
                              "distribution")
            _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                  "--python-version", BROWSER_PYTHON, "--implementation", "py", "--platform", "any",
                  f"{p['name']}=={p['version']}", "-d", str(t / "pip")])
        got = {f.name.lower(): f for f in (t / "pip").glob("*.whl")}
        for p in wanted:
            f = got.get(p["file_name"].lower())
            if f is None:
                raise Refused(f"PyPI did not give {p['file_name']} (the lock's file for {p['name']})")
            shutil.copy2(f, new / p["file_name"])
            # the same name and version, another build: the lock says the file's own sha256
            lock["packages"][next(k for k, v in lock["packages"].items() if v is p)]["sha256"] = (
                hashlib.sha256(f.read_bytes()).hexdigest())
        (new / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
        (new / ".complete").write_text(version)
        if folder.exists():
            shutil.rmtree(folder)
        new.rename(folder)
    return folder


# ------------------------------------------------------------------ wheels
def wheels(into: Path) -> list[Path]:
    """The boardkit wheel and the pure-Python wheels its board needs."""
    into.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip"]
    # with hatchling here, the wheel is built without fetching a build environment
    isolation = ["--no-build-isolation"] if _has("hatchling") else []
    _run([*pip, "wheel", "-q", "--no-deps", *isolation, str(ROOT), "-w", str(into)])
    for name in BROWSER_WHEELS:
        _run([*pip, "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
              "--python-version", BROWSER_PYTHON, "--implementation", "py", name, "-d", str(into)])
    return sorted(into.glob("*.whl"))


def _has(module: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(module) is not None


# ------------------------------------------------------------------- parts
def notebooks(into: Path) -> None:
    """Every notebook, with the install cell first."""
    into.mkdir(parents=True, exist_ok=True)
    for nb_path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(nb_path.read_text(encoding="utf-8"))
        cell = {"cell_type": "code", "execution_count": None, "id": "boardkit-lite-install",
                "metadata": {"tags": ["lite-install"]}, "outputs": [], "source": INSTALL}
        nb["cells"].insert(0, cell)
        (into / nb_path.name).write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    data = ROOT / "notebooks" / "data"
    if data.is_dir():
        shutil.copytree(data, into / "data", dirs_exist_ok=True)


def play_app(into: Path, whls: list[Path], pyodide_url: str, with_lab: bool = False) -> None:
    """The play app: its page, its scripts, the wheels, and where Pyodide is."""
    into.mkdir(parents=True)
    for name in PLAY_FILES:
        shutil.copy2(ROOT / "widgets" / name, into / ("index.html" if name == "play.html" else name))
    if pyodide_url.startswith("https://"):
        origin = "/".join(pyodide_url.split("/")[:3])
        page = (into / "index.html").read_text(encoding="utf-8")
        page = page.replace("script-src 'self'", f"script-src 'self' {origin}").replace(
            "connect-src 'self'", f"connect-src 'self' {origin}")
        (into / "index.html").write_text(page, encoding="utf-8")
    (into / "wheels").mkdir()
    names = []
    for whl in whls:
        shutil.copy2(whl, into / "wheels" / whl.name)
        names.append(f"wheels/{whl.name}")
    (into / "config.json").write_text(json.dumps({"pyodide": pyodide_url, "wheels": names, "lab": with_lab},
                                                 indent=1))


def lab(site: Path, work: Path, whls: list[Path], pyodide_url: str) -> None:
    """JupyterLite with the Pyodide kernel and the lessons, into ``site``."""
    notebooks(work / "contents")
    config: dict = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {}}
    if not pyodide_url.startswith("https://"):
        config["jupyter-config-data"]["litePluginSettings"] = {
            "@jupyterlite/pyodide-kernel-extension:kernel": {
                "pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}}
    (work / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(work),
           "--contents", str(work / "contents"), "--output-dir", str(site)]
    for whl in whls:
        cmd += ["--piplite-wheels", str(whl)]
    _run(cmd, cwd=work)


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def _gz_size(folder: Path) -> int:
    import gzip
    return sum(len(gzip.compress(f.read_bytes(), 6)) for f in folder.rglob("*") if f.is_file())


# -------------------------------------------------------------------- build
def check_out(out: Path) -> None:
    """Refuse an --out that is not ours to replace."""
    if out.exists() and not out.is_dir():
        raise Refused(f"--out {out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise Refused(f"--out {out} already holds files that this build did not make "
                      f"(no {MARKER} in it): choose a new or empty folder")
    if out == ROOT or out in ROOT.parents:
        raise Refused(f"--out {out} holds the repository")
    if not out.parent.is_dir():
        raise Refused(f"--out {out}: its parent folder {out.parent} does not exist")


def check_pyodide(folder: Path) -> None:
    if not folder.is_dir():
        raise Refused(f"--pyodide {folder} is not a folder")
    missing = [n for n in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
               if not (folder / n).is_file()]
    if missing:
        raise Refused(f"--pyodide {folder} is not a Pyodide runtime (it has no {', '.join(missing)})")


def build(out: Path, pyodide: Path | None = None, cdn: bool = False, cache: Path | None = None,
          with_lab: bool = True) -> Path:
    """Build the site into ``out`` (see the module docstring); returns ``out``."""
    check_out(out)
    if with_lab and not (_has("jupyterlite_core") and _has("jupyterlite_pyodide_kernel")):
        raise Refused("JupyterLite is not installed here (pip install jupyterlite-core "
                      "jupyterlite-pyodide-kernel), or pass --play-only for the play app alone")
    if pyodide is not None:
        check_pyodide(pyodide)
    version = pyodide_version()
    note = ""
    if pyodide is None and not cdn:
        if shutil.which("npm") is None:
            note = ("npm is not installed, so this site loads the Pyodide runtime from its CDN "
                    "(install npm and build again for a site that needs no outside address).")
            cdn = True
        else:
            pyodide = runtime(version, cache or Path.home() / ".cache" / "boardkit-lite")
    with tempfile.TemporaryDirectory(prefix=".boardkit-lite-", dir=out.parent) as tmp:
        work = Path(tmp)
        whls = wheels(work / "wheels")
        site = work / "site"
        url_lab = CDN.format(version=version) if cdn else "../static/pyodide/"
        if with_lab:
            lab(site, work / "lab", whls, url_lab)
        site.mkdir(exist_ok=True)
        if not cdn:
            assert pyodide is not None
            dest = site / "static" / "pyodide"
            dest.mkdir(parents=True, exist_ok=True)
            for f in sorted(pyodide.iterdir()):
                if f.is_file() and not f.name.startswith(".") and not f.name.endswith(
                        (".map", ".d.ts", ".html")):
                    shutil.copy2(f, dest / f.name)
        play_app(site / "play", whls, url_lab, with_lab)
        for m in site.rglob("*.map"):      # source maps: not for students
            m.unlink()
        (site / MARKER).write_text("A site built by boardkit's lite/build.py; the build may replace "
                                   "this folder.\n")
        if (out / MARKER).is_file():        # an earlier site of this build: replaced
            shutil.rmtree(out)
        if out.is_dir():                    # an empty folder given: the site goes in it
            for f in site.iterdir():
                f.rename(out / f.name)
        else:
            site.rename(out)
    if note:
        print(note)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="lite/build.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "lite" / "_site",
                    help="the site's folder (made afresh; an earlier site of this build is replaced)")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--pyodide", type=Path, default=None,
                       help="a folder holding a Pyodide runtime (pyodide.mjs …) to put in the site")
    where.add_argument("--cdn", action="store_true", help="load Pyodide from its CDN (the site is smaller)")
    ap.add_argument("--cache", type=Path, default=None,
                    help="where the fetched runtime is kept between builds (default ~/.cache/boardkit-lite)")
    ap.add_argument("--play-only", action="store_true", help="the play app only, without JupyterLite")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:       # argparse has said its one sentence
        return int(exc.code or 0)
    try:
        out = build(args.out.resolve(), args.pyodide.resolve() if args.pyodide else None, args.cdn,
                    args.cache.resolve() if args.cache else None, with_lab=not args.play_only)
    except Refused as exc:
        print(f"lite/build.py: {exc}.", file=sys.stderr)
        return 2
    size = _size(out)
    lessons = " or lab/index.html (the lessons)" if (out / "lab").is_dir() else ""
    print(f"Built {out} ({size / 1e6:.0f} MB). Serve it (python3 lite/serve.py {out}) and open "
          f"play/?game=slip_stream&ai=2 (the play app){lessons}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
