"""docs/rulings.md is the project's own rulings document: error messages,
events, notebooks and tests cite its ids (``SR-R5``, ``SCC-R3`` …), so it must
list every id they cite, and every ruling of a playable game must be tested.

No network; plain file reading only (the game registry is imported for the
prefixes of the implemented games).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from boardkit.core import games
from boardkit.core.rulings import NUMBERED_ID, ruling_documents

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rulings.md"

#: A ruling heading: ``### SR-R5 — short title`` (the one rule-id pattern, boardkit.core.rulings).
HEADING = re.compile(r"^### (" + NUMBERED_ID + ")", re.M)
def _cited():
    """A ruling id cited anywhere in the project: ``<prefix>-R<n>`` for
    every registered game's prefix (``GameInfo.ruling_prefix``)."""
    prefixes = sorted({cls.Rules.info.ruling_prefix for cls in games().values()}, key=len,
                      reverse=True)
    return re.compile(r"\b(" + "|".join(map(re.escape, prefixes)) + r")-R\d+\b")
#: Where citations are looked for.
SCANNED_DIRS = ("boardkit", "tests", "notebooks")
SCANNED_SUFFIXES = {".py", ".ipynb", ".md", ".json", ".txt"}
SKIPPED_DIRS = {"__pycache__", ".ipynb_checkpoints", ".pytest_cache"}


def _text() -> str:
    """docs/rulings.md, and after it the rulings document each registered
    game may keep in its own folder (``GameInfo.rulings``)."""
    return "\n\n---\n\n".join(p.read_text(encoding="utf-8") for p in ruling_documents())


def _ids() -> list[str]:
    return HEADING.findall(_text())


def _sections() -> dict[str, str]:
    """id -> the text between its heading and the next heading or rule."""
    text = _text()
    out = {}
    matches = list(HEADING.finditer(text))
    for m in matches:
        rest = text[m.end():]
        end = re.search(r"^(#{1,6} |---\s*$)", rest, re.M)
        body = rest[:end.start()] if end else rest
        line_end = body.find("\n")
        out[m.group(1)] = body[line_end + 1:] if line_end >= 0 else ""
    return out


def _project_files(dirs=SCANNED_DIRS, suffixes=SCANNED_SUFFIXES):
    for d in dirs:
        base = ROOT / d
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and not (SKIPPED_DIRS & set(path.relative_to(ROOT).parts)) \
                    and (suffixes is None or path.suffix in suffixes):
                yield path
    readme = ROOT / "README.md"
    if readme.is_file():
        yield readme


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None


# ------------------------------------------------------------------- a.
def test_rulings_document_exists_with_ruling_headings():
    assert RULINGS.is_file(), "docs/rulings.md is missing"
    ids = _ids()
    assert ids, "docs/rulings.md has no '### XX-Rn — title' headings"
    for prefix in sorted({cls.Rules.info.ruling_prefix for cls in games().values()}):
        assert any(i.startswith(prefix + "-") for i in ids), f"no {prefix} rulings in docs/rulings.md"


def test_ruling_ids_are_unique():
    ids = _ids()
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, f"duplicate ruling ids in docs/rulings.md: {', '.join(dupes)}"


def test_every_ruling_has_a_title_and_a_non_empty_section():
    text = _text()
    untitled = [m.group(1) for m in re.finditer(r"^### (" + NUMBERED_ID + r")(.*)$", text, re.M)
                if not re.match(r"\s+—\s+\S", m.group(2))]
    assert not untitled, f"headings without '— short title': {', '.join(untitled)}"
    empty = [rid for rid, body in _sections().items() if not body.strip()]
    assert not empty, f"rulings with an empty section in docs/rulings.md: {', '.join(empty)}"


def test_ruling_numbers_have_no_gaps():
    by_prefix: dict[str, list[int]] = {}
    for rid in _ids():
        prefix, _, n = rid.partition("-R")
        by_prefix.setdefault(prefix, []).append(int(n))
    for prefix, numbers in by_prefix.items():
        assert sorted(numbers) == list(range(1, max(numbers) + 1)), \
            f"{prefix} rulings are not numbered 1..n without gaps: {sorted(numbers)}"


def test_every_game_section_says_how_to_play_it():
    """Each game's section of docs/rulings.md names the class that plays it,
    and every registered game has such a section (no "not yet playable")."""
    text = _text()
    assert "not yet playable" not in text
    for cls in games().values():
        title = cls.Rules.info.title
        m = re.search(r"^## " + re.escape(title) + r".*?(?=^### )", text, re.M | re.S)
        assert m, f"no '## {title}' section before its rulings"
        # a game of the package is played from it; an example game names
        # where it lives (tests/examples/)
        where = "boardkit" if cls.__module__.startswith("boardkit.") else "tests.examples"
        status = f"**Status:** playable in boardkit (`{where}.{cls.__name__}`)"
        if "Status" in m.group(0):
            assert status in m.group(0), f"the {title} section's status is not {status!r}"


# ------------------------------------------------------------------- b.
def test_every_cited_ruling_id_exists_in_docs():
    known = set(_ids())
    cited = _cited()
    missing = []
    for path in _project_files():
        text = _read(path)
        if text is None:
            continue
        for m in cited.finditer(text):
            if m.group(0) not in known:
                line = text.count("\n", 0, m.start()) + 1
                missing.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0)}")
    assert not missing, ("ids cited in the project but not defined in docs/rulings.md:\n  "
                         + "\n  ".join(sorted(set(missing))))


# ------------------------------------------------------------------- c.
def _ruling_prefix(cls) -> str | None:
    """The game's ruling prefix, before or after the GameInfo refactor
    (``cls.ruling_prefix`` or ``cls.info.ruling_prefix``, also reached
    through ``cls.Rules`` / ``cls.rules``)."""
    candidates = [cls]
    for attr in ("Rules", "rules"):
        holder = getattr(cls, attr, None)
        if holder is not None:
            candidates.append(holder)
    for c in candidates:
        value = getattr(c, "ruling_prefix", None)
        if isinstance(value, str) and value:
            return value
        info = getattr(c, "info", None)
        value = getattr(info, "ruling_prefix", None)
        if isinstance(value, str) and value:
            return value
    return None


def _implemented_prefixes() -> dict[str, str]:
    import boardkit  # noqa: F401  (importing registers the games)
    from boardkit.core import games

    out = {}
    for name, cls in sorted(games().items()):
        prefix = _ruling_prefix(cls)
        assert prefix, f"registered game {name!r} has no ruling_prefix (nor info.ruling_prefix)"
        out[prefix] = name
    return out


def _test_function_names() -> list[str]:
    names = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        if SKIPPED_DIRS & set(path.parts):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and node.name.startswith("test"):
                names.append(node.name)
    return names


def _named_by(rid: str, names: list[str]) -> bool:
    """``SR-R5`` is named by ``test_SR_R5_…`` / ``test_sr_r5_…`` (not by ``…_SR_R50``)."""
    token = re.compile(r"(?<![a-z0-9])" + rid.replace("-", "_").lower() + r"(?![0-9])")
    return any(token.search(n.lower()) for n in names)


def untested_rulings() -> dict[str, list[str]]:
    """Per implemented prefix, the ruling ids no test function is named after."""
    prefixes = _implemented_prefixes()
    names = _test_function_names()
    out = {}
    for prefix in prefixes:
        ids = [i for i in _ids() if i.startswith(prefix + "-")]
        out[prefix] = [i for i in ids if not _named_by(i, names)]
    return out


def test_implemented_games_have_rulings():
    ids = _ids()
    for prefix, name in _implemented_prefixes().items():
        assert any(i.startswith(prefix + "-") for i in ids), \
            f"{name} is playable but docs/rulings.md has no {prefix}- rulings"


def test_every_ruling_of_an_implemented_game_is_named_by_a_test():
    missing = {p: ids for p, ids in untested_rulings().items() if ids}
    assert not missing, "rulings with no test named after them (test_<ID with _>_…): " + "; ".join(
        f"{p}: {', '.join(ids)}" for p, ids in sorted(missing.items()))


# ------------------------------------------------------------------- d.
# README.md and the package point readers to docs/rulings.md, never to a
# rules folder outside the repository: users of a clone or of the wheel do
# not have it, so an error message or docstring citing it sends them nowhere.
# The failure lists every file (and line) to change.
FORBIDDEN = ("shared/rules", "RULINGS.md")


def test_docs_point_to_docs_rulings_not_a_folder_outside_the_repository():
    offenders = []
    for path in _project_files(dirs=("boardkit",), suffixes=None):
        text = _read(path)
        if text is None:
            continue
        for lineno, line in enumerate(text.splitlines(), 1):
            for s in FORBIDDEN:
                if s in line:
                    offenders.append(f"{path.relative_to(ROOT)}:{lineno}: {s!r}")
    assert not offenders, (
        "point to docs/rulings.md instead of " + " / ".join(FORBIDDEN)
        + ":\n  " + "\n  ".join(offenders))


# ------------------------------------------------------------------- e.
def test_a_ruling_prefix_no_reader_can_read_is_refused_when_the_game_is_defined():
    """One rule-id pattern (boardkit.core.rulings) for every reader: a
    prefix with a digit reads (C4), one it cannot read is refused in one
    sentence."""
    import pytest

    from boardkit.core import GameInfo
    from boardkit.core.rulings import HEADING, IN_TEXT, RULE_ID

    def info(prefix):
        return GameInfo(name="x", title="X", ruling_prefix=prefix, min_players=2, max_players=2,
                        perfect_information=True, chance=False)
    for good in ("SR", "SCC", "C4", "PIG", "X2Y3Z4"):
        assert info(good).ruling_prefix == good
        assert re.fullmatch(RULE_ID, f"{good}-R1") and IN_TEXT.search(f"({good}-actions)")
        assert HEADING.search(f"### {good}-R2 — A move\n").group(1) == f"{good}-R2"
    for bad in ("", "c4", "4C", "C-4", "SR ", "ABCDEFG", "É", 4):
        with pytest.raises(ValueError, match=r"^GameInfo 'x': ruling_prefix is .*\.$"):
            info(bad)
