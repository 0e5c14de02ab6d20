"""Packaging: the wheel carries the front-end; conda and pip agree."""
from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_contains_widget_files(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True)
    wheel = next(tmp_path.glob("boardkit-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for f in ROOT.glob("widgets/*"):
        assert f"boardkit/_widgets/{f.name}" in names, f.name
    assert "boardkit/slime_race/components.json" in names
    assert "boardkit/widget/__init__.py" in names
    assert "boardkit/docs/rulings.md" in names, "the rulings the errors cite ship with the wheel"


def _pyproject_deps():
    text = (ROOT / "pyproject.toml").read_text()
    if tomllib:
        data = tomllib.loads(text)
        deps = list(data["project"]["dependencies"])
        for group in data["project"]["optional-dependencies"].values():
            deps += group
    else:
        deps = re.findall(r'^\s+"([^"]+)",\s*$', text, re.M)
    return {re.split(r"[<>=!~ ]", d)[0].lower(): d.replace(" ", "") for d in deps}


def _conda_deps():
    deps = {}
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        m = re.match(r"^\s{2}- ([A-Za-z0-9_.\-]+)([<>=!~].*)?$", line)
        if m and m.group(1) not in ("python", "pip"):
            deps[m.group(1).lower()] = m.group(1).lower() + (m.group(2) or "").replace(" ", "")
    return deps


def test_environment_yml_matches_pyproject():
    py, conda = _pyproject_deps(), _conda_deps()
    assert set(py) == set(conda), (set(py) ^ set(conda))
    for name in py:
        assert py[name].lower() == conda[name], name
    assert "-e ." in (ROOT / "environment.yml").read_text()


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    cmd = ci.strip().splitlines()[-1]
    assert cmd in readme
    assert "BOARDKIT_REQUIRE_BROWSER=1" in ci


def test_environment_yml_provides_every_module_the_code_and_tests_import():
    """Each third-party module imported by boardkit/, tests/ or benchmarks/
    comes from a package that environment.yml (and pyproject) lists."""
    import ast
    import importlib.metadata as md
    stdlib = set(sys.stdlib_module_names)
    # the project's own modules (a benchmark imports its neighbours by name)
    local = {"boardkit", "tests", "conftest", "lab", "svg_audit", "benchmarks"}
    local |= {p.stem for folder in ("benchmarks", "tests") for p in (ROOT / folder).rglob("*.py")}
    wanted: dict[str, str] = {}
    for folder in ("boardkit", "tests", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                for name in names:
                    top = name.split(".")[0]
                    if top not in stdlib and top not in local and not top.startswith("_"):
                        wanted.setdefault(top, str(path.relative_to(ROOT)))
    provides = md.packages_distributions()
    conda = _conda_deps()
    missing = []
    for module, where in sorted(wanted.items()):
        dists = {d.lower().replace("_", "-") for d in provides.get(module, [])}
        if not dists & {c.replace("_", "-") for c in conda}:     # (conda-forge writes jupyter_server)
            missing.append(f"{module} (imported in {where}; from {sorted(dists) or 'nowhere'})")
    assert not missing, "environment.yml lacks the package for: " + "; ".join(missing)
