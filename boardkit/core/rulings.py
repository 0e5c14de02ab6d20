"""The project's rulings document, read for the titles of its rule ids.

Every refusal names a rule id (``SR-R5``, ``SCC-grow``…); a board shows the
id as a small tag and the ruling's title beside it, read here from
``docs/rulings.md`` (shipped in the wheel as ``boardkit/docs/rulings.md``).
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

#: A heading of the document: ``### SR-R5 — Ranks and ties``.
_HEADING = re.compile(r"^### ([A-Z]+-[A-Za-z0-9]+) — (.+?)\s*$", re.M)


def rulings_file() -> Path | None:
    """``docs/rulings.md``: inside the wheel, or in a source checkout."""
    here = Path(__file__).resolve().parent.parent
    for path in (here / "docs" / "rulings.md", here.parent / "docs" / "rulings.md"):
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=1)
def ruling_titles() -> dict[str, str]:
    """Every rule id of the document and its title."""
    path = rulings_file()
    if path is None:
        return {}
    text = path.read_text(encoding="utf-8")[:2_000_000]
    return {rule: title for rule, title in _HEADING.findall(text)}


def ruling_title(rule: str | None) -> str:
    """The title of ruling ``rule`` ("" when it has none)."""
    return ruling_titles().get(rule or "", "")
