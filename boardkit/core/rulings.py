"""The project's rulings document, read for the titles of its rule ids, and
the one pattern of a rule id every reader uses.

Every refusal names a rule id (``SR-R5``, ``SCC-grow``, ``C4-actions``…); a
board shows the id as a small tag and the ruling's title beside it, read
here from ``docs/rulings.md`` (shipped in the wheel as
``boardkit/docs/rulings.md``) and from the rulings document a game kept
outside boardkit brings in its own folder (``GameInfo.rulings``).
"""
from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

#: A game's ruling prefix: a capital letter, then up to five capitals or
#: digits (``SR``, ``SCC``, ``C4``). :class:`~boardkit.core.rules.GameInfo`
#: refuses any other.
PREFIX = r"[A-Z][A-Z0-9]{0,5}"
#: A rule id: the prefix, a hyphen, then a rulebook rule's number
#: (``SR-R5``) or a word (``SCC-grow``, ``BK-files``).
RULE_ID = PREFIX + r"-[A-Za-z0-9]+"
#: A rulebook rule's id: ``SR-R5``, ``C4-R2``.
NUMBERED_ID = PREFIX + r"-R\d+"
#: A heading of a rulings document: ``### SR-R5 — Ranks and ties``.
HEADING = re.compile(r"^### (" + RULE_ID + r") — (.+?)\s*$", re.M)
#: A rule id in running text (a generic word as in ``SR-actions``, or a number).
IN_TEXT = re.compile(r"\b(" + PREFIX + r")-(?:R\d+|[a-z]+)\b")


def is_prefix(text: object) -> bool:
    """``text`` is a ruling prefix every reader can read (:data:`PREFIX`)."""
    return isinstance(text, str) and re.fullmatch(PREFIX, text) is not None


def rulings_file() -> Path | None:
    """``docs/rulings.md``: inside the wheel, or in a source checkout."""
    here = Path(__file__).resolve().parent.parent
    for path in (here / "docs" / "rulings.md", here.parent / "docs" / "rulings.md"):
        if path.is_file():
            return path
    return None


def own_file(cls: type, name: str) -> Path | None:
    """The file ``name`` in the folder of the module defining ``cls`` (a
    game's own rulings or rules page), or None when it has no folder."""
    module = sys.modules.get(cls.__module__)
    where = getattr(module, "__file__", None)
    return Path(where).resolve().parent / name if where and name else None


#: The registered games' ruling prefixes (and boardkit's own), and the
#: rulings documents games keep in their own folders, by game name: told
#: by :func:`boardkit.core.registry.register` (this module imports nothing
#: of boardkit's, so the errors can read it).
_PREFIXES: dict[str, str] = {}
_DOCUMENTS: dict[str, Path] = {}


def add_game(name: str, prefix: str, document: Path | None = None) -> None:
    """Record a registered game's prefix and its own rulings document (if any)."""
    _PREFIXES[name] = prefix
    if document is not None:
        _DOCUMENTS[name] = document
    else:
        _DOCUMENTS.pop(name, None)


def ruling_documents() -> list[Path]:
    """``docs/rulings.md`` and every registered game's own rulings document
    (``GameInfo.rulings``, a file in the game's folder)."""
    out = [p for p in (rulings_file(),) if p is not None]
    for path in _DOCUMENTS.values():
        if path.is_file() and path not in out:
            out.append(path)
    return out


@functools.lru_cache(maxsize=4)
def _titles(paths: tuple[Path, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8")[:2_000_000]
        out.update(HEADING.findall(text))
    return out


def ruling_titles() -> dict[str, str]:
    """Every rule id of the rulings documents and its title."""
    return _titles(tuple(ruling_documents()))


def ruling_title(rule: str | None) -> str:
    """The title of ruling ``rule`` ("" when it has none)."""
    return ruling_titles().get(rule or "", "")


def known_prefixes() -> set[str]:
    """The ruling prefixes of the registered games, and ``BK`` (boardkit's own)."""
    return set(_PREFIXES.values()) | {"BK"}
