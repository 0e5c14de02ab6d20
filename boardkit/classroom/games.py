"""The class's own games, back as boardkit games for the lessons.

:func:`class_games` reads every game a class played on the class server
(its folder, or its ``class.sqlite``) — or a class exported as JSON
(:func:`export_class`, the form of the small example session the
notebooks use when no class is given) — and rebuilds each one by
replaying its players' actions from its settings and seed; every action
must lead to the position stored with it, so what a lesson plots is what
was played. A game is a plain :class:`~boardkit.core.game.Game`:
``game.to_json()`` is its save.

This module needs only the standard library and boardkit's rules (no web
server), so a notebook can read a class anywhere.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.game import Game
from .replay import rebuild, settings_of
from .store import FILE_NAME, ActionRecord, SeatRecord, TableRecord

__all__ = ["ClassGame", "class_games", "export_class", "read_class", "people_share", "EXAMPLE", "example"]

#: The example session shipped with the notebooks.
EXAMPLE = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "class_example.json"


def example() -> Path:
    """The example session: beside the notebooks of this checkout, or, where
    boardkit is installed from a wheel (as in the browser), in the ``data``
    folder of the notebook that asks (the kernel's folder)."""
    if EXAMPLE.is_file():
        return EXAMPLE
    here = Path("data") / EXAMPLE.name
    return here if here.is_file() else EXAMPLE


#: The largest class file read (bytes).
MAX_FILE = 20_000_000
FORMAT = "boardkit-class/1"


@dataclass
class ClassGame:
    """One table of the class: its game, who sat where, and its round."""

    code: str
    round: int
    game: Game
    #: per seat: "person" (a student; the name is not kept here) or "bot"
    seats: list[str]
    finished: bool

    @property
    def people(self) -> list[int]:
        return [k for k, kind in enumerate(self.seats) if kind == "person"]


def _read_sqlite(path: Path) -> list[TableRecord]:
    # read-only: a lesson never changes the class's store
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        recs: dict[str, TableRecord] = {}
        for tid, code, rnd, created, settings, finished, result in con.execute(
            "SELECT id, code, round, created, settings, finished, result FROM tables ORDER BY created, id"
        ):
            recs[tid] = TableRecord(
                tid, code, rnd, created, json.loads(settings), finished=finished, result=result
            )
        for tid, seat, kind, name, _hash in con.execute(
            "SELECT table_id, seat, kind, name, token_hash FROM seats ORDER BY table_id, seat"
        ):
            if tid in recs:
                recs[tid].seats.append(SeatRecord(seat, kind, name, ""))
        for tid, seq, seat, action, digest, at in con.execute(
            "SELECT table_id, seq, seat, action, digest, at FROM actions ORDER BY table_id, seq"
        ):
            if tid in recs:
                recs[tid].actions.append(ActionRecord(seq, seat, action, digest, at))
    finally:
        con.close()
    return list(recs.values())


def _read_json(path: Path) -> list[TableRecord]:
    if path.stat().st_size > MAX_FILE:
        raise ValueError(f"{path.name}: a class file is at most {MAX_FILE:,} bytes")
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tables"), list):
        raise ValueError(f"{path.name} is not a class exported by boardkit ({FORMAT})")
    out = []
    for t in data["tables"]:
        out.append(
            TableRecord(
                str(t["id"]),
                str(t["code"]),
                int(t["round"]),
                0.0,
                dict(t["settings"]),
                [SeatRecord(k, str(kind), "", "") for k, kind in enumerate(t["seats"])],
                [
                    ActionRecord(i, int(seat), str(action), str(digest))
                    for i, (seat, action, digest) in enumerate(t["actions"])
                ],
                finished=1.0 if t.get("finished") else None,
                result=t.get("result"),
            )
        )
    return out


def read_class(source: str | Path) -> list[TableRecord]:
    """The tables of a class: a class folder, its ``class.sqlite``, or an
    exported JSON file."""
    path = Path(source)
    if path.is_dir():
        path = path / FILE_NAME
    if not path.is_file():
        raise FileNotFoundError(
            f"no class is kept at {source} (a class folder, its {FILE_NAME}, or an exported .json)"
        )
    return _read_json(path) if path.suffix == ".json" else _read_sqlite(path)


def class_games(
    source: str | Path | None = None,
    *,
    game: str | None = None,
    round: int | None = None,
    finished: bool = True,
) -> list[ClassGame]:
    """The class's games (``source``: a class folder, its ``class.sqlite``
    or an exported JSON; None: the example session), each rebuilt and
    checked by replay. ``game`` keeps one game's tables (its registered
    name, as in :func:`boardkit.games`), ``round`` one round's, ``finished`` (default)
    only the games played to the end."""
    out = []
    for rec in read_class(example() if source is None else source):
        settings = settings_of(rec.settings)
        if game is not None and settings.game != game:
            continue
        if round is not None and rec.round != round:
            continue
        g = rebuild(settings, rec.actions)
        over = g.current_player is None
        if finished and not over:
            continue
        out.append(ClassGame(rec.code, rec.round, g, [s.kind for s in rec.seats], over))
    return out


def export_class(source: str | Path, *, finished: bool = True) -> dict[str, Any]:
    """A class as plain JSON without the students' names or seat tokens
    (what a teacher may share, and the form of the example session)."""
    tables = []
    for rec in read_class(source):
        if finished and rec.finished is None:
            continue
        tables.append(
            {
                "id": rec.id[:8],
                "code": rec.code,
                "round": rec.round,
                "settings": rec.settings,
                "seats": [s.kind for s in rec.seats],
                "finished": rec.finished is not None,
                "result": rec.result,
                "actions": [[a.seat, a.action, a.digest] for a in rec.actions],
            }
        )
    return {"format": FORMAT, "tables": tables}


def people_share(g: ClassGame) -> tuple[float, float]:
    """What the students at a table won, and what equal chances would give
    them: the winners' share of the game (a tie splits it) that went to the
    people's seats, and their share of the seats."""
    returns = g.game.rules.returns(g.game.state)
    total = sum(r for r in returns if r > 0)
    fair = len(g.people) / len(g.seats)
    if total <= 0:
        return fair, fair
    return sum(max(0.0, returns[k]) for k in g.people) / total, fair
