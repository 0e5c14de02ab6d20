"""Build a Super Race position to study: cars already on their way, the
dice of the next roll fixed.

>>> from boardkit.super_race import SuperRace
>>> g = SuperRace.scenario(track="indianapolis", cars=["g12 h12 i12 east"],
...                        dice=["rc", "rs", "rs", "bc", "ys"])
>>> g.state["dice"]
['rs', 'rs', 'rc', 'ys', 'bc']
"""
from __future__ import annotations

from typing import Any

from ..core.errors import OptionError
from .track import HEADINGS


def scenario(cls: Any, players: int | None = None, *, track: Any = None, seed: int = 0,
             cars: list[str | dict] | None = None, turn: int = 0, dice: list[str] | None = None,
             roll: int = 1, rolls: list[list[str]] | None = None, extra: bool = False,
             **options: Any):
    """A game of ``cls`` with the cars already driven.

    ``cars``: per seat, the squares drawn so far and the way the last one
    was left, as text (``"g12 h12 i12 east"``) or a dict ``{"path": [...],
    "exit": "east", "colours": "rrb", "ends": [2, 3]}``; colours default to
    each square's own colour (grey squares: red), the whole path one go.
    Each path must be a car's path (SU-R3): it starts on the line, each
    square next to the one before, no square twice. ``dice``: the faces of
    the next roll (forced); ``rolls``: several rolls to force in order.
    ``extra``: the go to play is a tight-corner extra go.
    """
    cars = list(cars or [])
    n = players if players is not None else max(1, len(cars))
    game = cls(players=n, seed=seed, track=track, **options)
    if len(cars) > game.players:
        raise OptionError(f"Super Race scenario: cars has one entry per player, at most "
                          f"{game.players}, not {len(cars)}", rule="SU-options")
    rules = game.rules
    state = game.state
    for seat, spec in enumerate(cars):
        if isinstance(spec, str):
            words = spec.lower().split()
            exit_word = words.pop() if words and words[-1] in HEADINGS else None
            spec = {"path": words, "exit": exit_word}
        path = [p.lower() for p in spec.get("path", [])]
        car = state["cars"][seat]
        if not path:
            continue
        exit_word = spec.get("exit") or (rules.path_heading(state, path)
                                         if rules.path_problem(state, path, None) is None else None)
        problem = rules.path_problem(state, path, exit_word)
        if problem:
            raise OptionError(f"Super Race scenario: {problem}")
        cp, lap, past = rules.path_progress(state, path)
        colours = spec.get("colours") or "".join(
            {"red": "r", "yellow": "y", "blue": "b"}.get(rules.track.squares[p].colour, "r")
            for p in path)
        car.update(path=path, exit=exit_word, colours=colours, ends=spec.get("ends", [len(path)]),
                   cp=cp, lap=lap, past=past)
    if n > 1 and any(c["past"] is not None for c in state["cars"]):
        state["finishing"] = True      # a car past the line: the round is being completed
    state["turn"] = turn
    state["starter"] = 0
    state["extra"] = extra
    state["kept"] = []
    if dice is not None:
        faces = rules.parse("roll " + " ".join(dice)).split()[1:]
        if len(faces) != 5:
            raise OptionError("Super Race scenario: dice are the five faces showing")
        state.update(phase="choose", dice=faces, rolls=roll)
    else:
        state.update(phase="roll", dice=[], rolls=0)
    out = cls.from_state(state, seed=seed, components=rules.components)
    for faces in rolls or []:
        out.force("roll " + " ".join(faces))
    return out


#: the type of each argument (checked before any is used)
L = (list, tuple)
TYPES: dict[str, tuple[type, ...]] = {
    "cars": L,
    "turn": (int,),
    "dice": L,
    "roll": (int,),
    "rolls": L,
    "extra": (bool,),
    "seed": (int,),
}
