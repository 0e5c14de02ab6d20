"""lite/build.py's refusals (one sentence each, nothing built, nothing
deleted) and the Pyodide lock's closure; the build itself runs in the
browser tests (tests/browser/test_play_lite.py), which fetch from the
registries."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
build = importlib.util.module_from_spec(spec)
sys.modules["lite_build"] = build
spec.loader.exec_module(build)


def refused(capsys, *argv: str) -> str:
    assert build.main(list(argv)) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and said.startswith("lite/build.py: ") and said.endswith("."), said
    return said


def test_an_out_that_is_a_file_or_holds_others_files_is_refused_and_kept(tmp_path, capsys):
    f = tmp_path / "notes.txt"
    f.write_text("keep me")
    assert "is a file" in refused(capsys, "--out", str(f), "--play-only")
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "essay.md").write_text("keep me too")
    assert "did not make" in refused(capsys, "--out", str(tmp_path / "mine"), "--play-only")
    assert "did not make" in refused(capsys, "--out", str(ROOT), "--play-only")
    assert f.read_text() == "keep me" and (tmp_path / "mine" / "essay.md").is_file()
    assert "does not exist" in refused(capsys, "--out", str(tmp_path / "no" / "site"), "--play-only")


def test_a_pyodide_folder_that_is_missing_or_is_not_a_runtime_is_refused(tmp_path, capsys):
    assert "is not a folder" in refused(capsys, "--out", str(tmp_path / "s"), "--pyodide",
                                        str(tmp_path / "none"), "--play-only")
    assert "not a Pyodide runtime" in refused(capsys, "--out", str(tmp_path / "s"), "--pyodide",
                                              str(tmp_path), "--play-only")
    assert not (tmp_path / "s").exists()


def test_an_earlier_site_of_this_build_may_be_replaced(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / build.MARKER).write_text("")
    (site / "old.html").write_text("")
    build.check_out(site)          # no refusal
    build.check_out(tmp_path / "new")


def test_the_kernels_packages_and_their_dependencies_are_read_from_the_lock():
    lock = {"packages": {
        "ipython": {"name": "ipython", "depends": ["traitlets", "Pygments"], "file_name": "i.whl"},
        "traitlets": {"name": "traitlets", "depends": [], "file_name": "t.whl"},
        "pygments": {"name": "Pygments", "depends": [], "file_name": "p.whl"},
        "numpy": {"name": "numpy", "depends": [], "file_name": "n.whl"}}}
    names = [p["name"] for p in build._lock_closure(json.loads(json.dumps(lock)), ["ipython"])]
    assert sorted(names) == ["Pygments", "ipython", "traitlets"]


@pytest.mark.parametrize("argv", [["--pyodide", "x", "--cdn"], ["--nonsense"]])
def test_bad_arguments_end_in_argparse_s_one_line(argv, capsys):
    assert build.main(argv) == 2
    assert "error:" in capsys.readouterr().err
