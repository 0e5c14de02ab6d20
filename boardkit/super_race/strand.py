"""Super Race: can a roll force a car into a dead end? A check for any track.

A *forced strand* is a car's position (the square it drew last and the side
it leaves it by) and a roll where some colour can be drawn in full, so the
go cannot be forfeited (SU-R4, SU-R13), yet every complete way of drawing
every colour that can be drawn leaves the car unable to move ever again
(SU-R16): the rules themselves drive it into a dead end. Cars that *choose*
a drive facing the edge when a better one exists are not counted; the board
marks such exits for the player.

Every track with an edge has forced strands: a car heading at the edge, a
few squares from it, with a roll whose only colour that can be drawn is
that many straight dice, must draw them (the rulebook: the dice "must be
drawn in, even if it is not in the best interests of your race strategy")
and ends facing the edge. What a track's designer controls is the
*dead end for a curve* (:func:`dead_ends`): a square with both sides off
the track for a car that enters it one way (a passage one square wide). A
single curve die drawn there has no way on, whichever side it turns, so one
die can be forced into it. boardkit's tracks have none (Indianapolis's pit
entrance was one square wide, K10, until the pit lane was widened there).

:func:`forced_strands` checks every square of a track, every heading a car
can leave it by onto the track, and every roll of the five dice (252), for
a car early in its lap (no other square of the track driven yet).
:func:`warn_forced_strands` turns the result into a warning naming the
squares (the dead ends first, then the most likely forced strands), for a
teacher's own track file::

    from boardkit.super_race.strand import warn_forced_strands
    warn_forced_strands("my_track.txt")

The check needs no dice rolled: each colour's dice are drawn on their own
(a roll's other dice never change where one colour can go), so it works
per colour and per number of straight and curve dice, then combines them
for each of the 252 rolls.
"""
from __future__ import annotations

import warnings
from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from .placements import LETTER
from .track import BACK, COLOURS, HEADINGS, LEFT, RIGHT

FACES = ("rs", "rc", "ys", "yc", "bs", "bc")
#: Every roll of five dice, as sorted tuples of faces (252).
ROLLS = tuple(combinations_with_replacement(FACES, 5))
#: Each roll's dice by colour: (colour, straights, curves) for every colour shown.
_BY_COLOUR = tuple(tuple((c, Counter(r)[LETTER[c] + "s"], Counter(r)[LETTER[c] + "c"])
                         for c in COLOURS if Counter(r)[LETTER[c] + "s"] + Counter(r)[LETTER[c] + "c"])
                   for r in ROLLS)


class TrackWarning(UserWarning):
    """A track on which some roll forces a car into a dead end."""


def _game(track: Any):
    from .game import SuperRace
    return SuperRace(players=1, track=track)


def _exit_of(rules, squares: list[str], start: str, turn: str | None) -> str:
    """The side by which a drive leaves its last square."""
    if turn is not None:
        return turn
    before = [start, *squares][-2]
    nxt = rules.track.next[before]
    return next(h for h in HEADINGS if nxt[h] == squares[-1])


def _strands(rules, state: dict, square: str, heading: str, colour: str,
             ns: int, nc: int) -> bool | None:
    """None: these dice of ``colour`` cannot be drawn from here. True: they
    can, and every way strands the car. False: some way leaves it able to
    move."""
    letter = LETTER[colour]
    dice = [letter + "s"] * ns + [letter + "c"] * nc
    car = state["cars"][0]
    at = {**state, "dice": dice}
    drives = rules.placements(at, colour, 0)
    if not drives:
        return None
    for action in drives:
        words = action.split()[2:]
        turn = words[-1] if words[-1] in HEADINGS else None
        squares = words[:-1] if turn else words
        after = {**car, "path": [*car["path"], *squares],
                 "exit": _exit_of(rules, squares, square, turn)}
        if rules.can_move({**state, "dice": [], "cars": [after]}, 0):
            return False
    return True


def forced_rolls(game: Any, square: str, heading: str) -> list[tuple[str, ...]]:
    """The rolls (of the 252) that force a car on ``square``, leaving it by
    ``heading``, into a dead end, early in its lap. ``game``: a
    :class:`~boardkit.super_race.game.SuperRace` on the track."""
    rules, base = game.rules, game.state
    car = {**base["cars"][0], "path": [square], "exit": heading}
    state = {**base, "cars": [car], "phase": "choose"}
    per: dict[tuple[str, int, int], bool | None] = {}
    forced: list[tuple[str, ...]] = []
    for roll, colours in zip(ROLLS, _BY_COLOUR):
        drawable = False
        for key in colours:
            colour, ns, nc = key
            if key not in per:
                per[key] = _strands(rules, state, square, heading, colour, ns, nc)
            if per[key] is False:
                break                   # this colour leaves the car a way on
            drawable = drawable or per[key] is True
        else:
            if drawable:
                forced.append(roll)
    return forced


def forced_strands(track: Any = "indianapolis") -> list[dict]:
    """Every (square, heading) from which some roll forces the car into a
    dead end, early in a lap, as ``{"square", "heading", "into", "rolls",
    "example", "chance"}``: the square the car stands on, the side it
    leaves by, the square it drives into, how many of the 252 rolls force
    a dead end there, one such roll, and the chance that a go's *first*
    roll is one of them (the player may still reroll first)."""
    from .rules import multiset_probability
    game = _game(track)
    squares = game.rules.track.squares
    out = []
    for square in sorted(squares, key=lambda s: (squares[s].y, squares[s].x)):
        for heading in HEADINGS:
            into = game.rules.track.next[square][heading]
            if into is None or into not in squares:
                continue                        # a car facing the edge is stuck already
            forced = forced_rolls(game, square, heading)
            if forced:
                out.append({"square": square, "heading": heading, "into": into,
                            "rolls": len(forced), "example": " ".join(forced[0]),
                            "chance": sum(multiset_probability(r) for r in forced)})
    return out


def dead_ends(track: Any = "indianapolis") -> list[tuple[str, str]]:
    """Every (square, heading) where a car entering the square that way
    from the track finds both sides off the track: a curve die drawn there
    has no way on (a passage one square wide). In board order."""
    t = _game(track).rules.track
    squares = t.squares
    out = []
    for name in sorted(squares, key=lambda s: (squares[s].y, squares[s].x)):
        ways = t.next[name]
        for heading in HEADINGS:
            if ways[BACK[heading]] is not None and ways[LEFT[heading]] is None \
                    and ways[RIGHT[heading]] is None:
                out.append((name, heading))
    return out


def describe(strand: dict) -> str:
    """One line naming the squares: where the car stands and where it is forced."""
    return (f"{strand['square'].upper()} leaving {strand['heading']} into "
            f"{strand['into'].upper()}: {strand['rolls']} of 252 rolls force a dead end "
            f"(e.g. {strand['example']}; {100 * strand['chance']:.1f} % of first rolls)")


#: How many of the most likely forced strands a warning names.
NAMED = 10


def warn_forced_strands(track: Any = "indianapolis") -> list[dict]:
    """:func:`forced_strands`, with a :class:`TrackWarning` when there are
    any: it names every dead end for a curve (:func:`dead_ends`, the
    track's design to change) and the most likely forced strands. Returns
    the list of forced strands."""
    found = forced_strands(track)
    ends = dead_ends(track)
    if found or ends:
        name = _game(track).track.name
        parts = []
        if ends:
            parts.append("dead ends for a curve (both sides off the track: widen the track "
                         "there): " + ", ".join(f"{sq.upper()} entered heading {h}"
                                                for sq, h in ends))
        if found:
            likely = sorted(found, key=lambda s: -s["chance"])[:NAMED]
            parts.append(f"a roll can force a car into a dead end early in a lap (SU-R4, "
                         f"SU-R13, SU-R16) at {len(found)} position(s) (a car heading at an "
                         f"edge can always be; the most likely: "
                         + "; ".join(describe(s) for s in likely) + ")")
        warnings.warn(f"{name}: " + ". ".join(parts), TrackWarning, stacklevel=2)
    return found
