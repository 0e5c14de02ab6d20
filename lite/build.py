"""Build the zero-install site: JupyterLite with the Pyodide kernel, holding
the play page and the lesson notebooks; students open a URL and play in the
browser, with nothing installed.

    python3 -m venv .lite && .lite/bin/pip install -q jupyterlite-core jupyterlite-pyodide-kernel \\
        jupyter_server anywidget jupyterlab_widgets && .lite/bin/python lite/build.py

Serve ``lite/_site`` from any static web server (``python3 -m http.server -d
lite/_site``) and open ``lab/index.html?path=play.ipynb``.

What it puts in the site:

* the boardkit wheel (built here) and the pure-Python wheels it needs in the
  browser (anywidget, psygnal, typing_extensions; ipywidgets, traitlets and
  comm), served by the site's own package index (piplite);
* every notebook of ``notebooks/``, each with a first cell that installs
  boardkit from that index when it runs in the browser (numpy and
  matplotlib are not installed: boardkit's rules, bots and boards import
  without them; the lessons' plots stay as their stored pictures);
* the Pyodide runtime: by default the one the kernel names (its CDN);
  ``--pyodide DIR`` puts a local copy in the site (e.g. the npm package
  ``pyodide``, unpacked), for a site that needs no outside address. The
  Pyodide kernel also loads packages of the Pyodide *distribution* at start
  (``micropip``, ``packaging``…), which the npm package does not hold: a
  site with ``--pyodide`` needs the full distribution (the release tarball
  ``pyodide-<version>.tar.bz2``) in that folder.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: pure-Python wheels boardkit's board needs in the browser (besides the kernel's own)
BROWSER_WHEELS = ["anywidget", "psygnal", "typing_extensions", "ipywidgets", "traitlets", "comm"]
INSTALL = "\n".join([
    "# (in the browser: install boardkit from this site's own package index)",
    "import sys",
    "if sys.platform == \"emscripten\":",
    "    import piplite",
    "    await piplite.install([\"boardkit\", \"anywidget\", \"psygnal\", \"typing_extensions\",",
    "                           \"ipywidgets\"], deps=False)"])


def wheels(into: Path) -> list[Path]:
    """The boardkit wheel and the pure-Python wheels it needs."""
    into.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip"]
    subprocess.run([*pip, "wheel", "-q", "--no-deps", str(ROOT), "-w", str(into)],
                   check=True)
    for name in BROWSER_WHEELS:
        subprocess.run([*pip, "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any",
                        "--python-version", "3.13", "--implementation", "py", name, "-d", str(into)],
                       check=True)
    return sorted(into.glob("*.whl"))


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


def build(out: Path, pyodide: Path | None) -> Path:
    with tempfile.TemporaryDirectory(prefix="boardkit-lite-") as tmp:
        lite = Path(tmp)
        whls = wheels(lite / "wheels")
        notebooks(lite / "contents")
        config: dict = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {}}
        if pyodide is not None:
            shutil.copytree(pyodide, lite / "static" / "pyodide")
            config["jupyter-config-data"]["litePluginSettings"] = {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
        cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite),
               "--contents", str(lite / "contents"), "--output-dir", str(out)]
        for whl in whls:
            cmd += ["--piplite-wheels", str(whl)]
        if out.exists():
            shutil.rmtree(out)
        subprocess.run(cmd, check=True, cwd=lite)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="lite/build.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "lite" / "_site")
    ap.add_argument("--pyodide", type=Path, default=None,
                    help="a folder holding the Pyodide runtime (pyodide.mjs …), put in the site")
    args = ap.parse_args(argv)
    out = build(args.out.resolve(), args.pyodide.resolve() if args.pyodide else None)
    print(f"Built {out}. Serve it (python3 -m http.server -d {out}) and open "
          "lab/index.html?path=play.ipynb")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
