"""Slip Stream self-play: many seeded games of the AI against itself, and
summaries with 95 % intervals.

Each game is a pure function of its seed: the course order and the
first-move player come from the game's seed, and both players are
:class:`~boardkit.slip_stream.ai.SlipStreamAI` with a *depth* budget only
(a level's depth without its time limit), so a game plays out the same on
any machine, in any process, in any order. :func:`self_play` runs seeds
``seed_offset`` … ``seed_offset + n - 1`` through :func:`boardkit.sweep.sweep`
(a process pool), so the first k games of a run of n are the games of a
run of k — what ``tests/test_notebook_data.py`` checks on the stored files.

A game comes back as a plain dict (JSON)::

    {"seed": 3, "score_tile": 1, "pie_rule": True,
     "first": 1,                  # the first-move player's seat (SS-R10)
     "first_move": "move s4 2d",  # the pie move
     "first_colour": "blue",      # the colour of the machine it moved
     "chooser_took": "blue",      # the chooser's colour (None without the pie rule)
     "colours": ["red", "blue"],  # seat 0's and seat 1's colour
     "winner": 0, "winner_colour": "red",
     "scores": {"red": 21, "blue": 12},
     "moves": 93,                 # machine moves (turbo moves included)
     "ending": "goal"}            # goal, crash, turbo, immobile, all home
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import partial

from .. import stats
from ..sweep import sweep
from .ai import LEVELS, SlipStreamAI
from .game import SlipStream
from .tiles import builtin_data

__all__ = ["best_first_move", "mirrored_data", "play_one", "self_play", "wilson", "rate", "rate_difference",
           "mean_interval", "summary", "ENDINGS"]

#: How a game can end, and the words of the result that say so.
ENDINGS = {
    "goal": "◎",                 # a score token reached ◎ (SS-R9)
    "crash": "✹",                # stopped on ✹ while ahead (SS-R8)
    "turbo": "turbo move",       # a turbo that could not be made (SS-R8)
    "all home": "SS-R14",        # all machines at the goal (SS-R14)
    "immobile": "SS-R4",         # no machine able to move (SS-R4)
}


def ending(result: str) -> str:
    """The kind of ending of a finished game, from its result sentence."""
    for kind, words in ENDINGS.items():
        if words in result:
            return kind
    raise ValueError(f"unknown Slip Stream ending: {result!r}")


def best_first_move(game: SlipStream, depth: int, seed: int) -> str:
    """Without the pie rule (SS-R10 switched off) the first-move player keeps
    the colour it moves, so it wants the *best* first move, not the most even
    one the AI's pie search looks for: the move after which the opponent's
    own search (same depth) expects the smallest lead."""
    order = list(game.legal_actions)
    random.Random(f"slip-stream-first/{seed}").shuffle(order)    # ties: by the seed
    best, best_value = order[0], math.inf
    for action in order:
        after = game.copy(history=False)
        after.apply(action)
        out = after.outcome()
        if out is not None:
            value = -math.inf if out.winners == (game.current_player,) else math.inf
        else:
            judge = SlipStreamAI(seed=seed, depth=depth)
            judge.choose(after)
            assert judge.last_search is not None
            value = judge.last_search["evaluation"]
        if value < best_value:
            best, best_value = action, value
    return best


def mirrored_data() -> dict:
    """The designed tiles mirrored left to right (lane a ↔ lane g, a
    prohibition line with them), as a component set. The start tile is its
    own mirror image with the colours swapped (red's s1, s3, s5, s7 ↔ blue's
    s8, s6, s4, s2), so on the mirrored course red stands where blue stands on
    the designed one: an edge that comes from the tiles' layout changes
    colour there, an edge that comes from anything else does not."""
    data = builtin_data()
    swap = str.maketrans("ABCDEFG", "GFEDCBA")
    for tile in data["course_tiles"]:
        tile["rows"] = [row[::-1] for row in tile["rows"]]
        lines = tile.get("sections", {}).get("prohibitions")
        if lines:
            tile["sections"]["prohibitions"] = [line.translate(swap) for line in lines]
        tile["meta"]["name"] = tile["meta"]["name"] + " (mirrored)"
    data["name"] = "standard, mirrored"
    return data


def play_one(seed: int, level: int = 1, pie_rule: bool = True, score_tile: int = 1,
             mirrored: bool = False) -> dict:
    """One seeded game of the AI (``level``'s depth, no time limit) against
    itself on a course shuffled by ``seed`` (``mirrored``: on
    :func:`mirrored_data`'s tiles). With the pie rule the AI makes both pie
    decisions itself; without it the first move is :func:`best_first_move`."""
    if level not in LEVELS:
        raise ValueError(f"level is one of {', '.join(map(str, LEVELS))}, not {level!r}")
    depth = LEVELS[level]["depth"]
    game = SlipStream(seed=seed, history=False, pie_rule=pie_rule, score_tile=score_tile,
                      components=mirrored_data() if mirrored else None)
    bots = [SlipStreamAI(seed=2 * seed + s, depth=depth) for s in (0, 1)]
    first_move = None
    chooser_took = None
    while (seat := game.current_player) is not None:
        assert isinstance(seat, int)
        phase = game.state["phase"]
        if phase == "pie" and not pie_rule:
            action = best_first_move(game, depth, 2 * seed + seat)
        else:
            action = bots[seat].choose(game)
        if phase == "pie":
            first_move = action
        elif phase == "colour":
            chooser_took = action.split()[1]
        game.apply(action)
    state = game.state
    out = game.outcome()
    assert out is not None and len(out.winners) == 1
    winner = out.winners[0]
    return {
        "seed": seed, "score_tile": state["options"]["score_tile"], "pie_rule": pie_rule,
        "first": state["first"], "first_move": first_move, "first_colour": state["first_colour"],
        "chooser_took": chooser_took, "colours": list(state["colours"]),
        "winner": winner, "winner_colour": state["colours"][winner],
        "scores": dict(state["scores"]), "moves": state["moves"], "ending": ending(state["result"]),
    }


def self_play(n: int, level: int = 1, pie_rule: bool = True, score_tile: int = 1,
              seed_offset: int = 0, workers: int | None = None, **options: bool) -> list[dict]:
    """:func:`play_one` for seeds ``seed_offset`` … ``seed_offset + n - 1``,
    in a process pool of ``workers`` (default: every core; the answer does
    not depend on it). ``options``: ``mirrored=True`` plays on the mirrored
    tiles."""
    task = partial(play_one, level=level, pie_rule=pie_rule, score_tile=score_tile, **options)
    return sweep(task, range(seed_offset, seed_offset + n), workers=workers)


# ----------------------------------------------------------------- summaries
def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a rate of k in n."""
    if n <= 0:
        raise ValueError("a rate needs at least one game")
    if not 0 <= k <= n:
        raise ValueError(f"k must be between 0 and n, not {k} of {n}")
    return stats.wilson(k, n, z)


def rate(k: int, n: int) -> dict:
    """``{"k", "n", "rate", "low", "high"}``: k in n with its Wilson interval."""
    low, high = wilson(k, n)
    return {"k": k, "n": n, "rate": k / n, "low": low, "high": high}


def rate_difference(a: dict, b: dict) -> dict:
    """``{"difference", "low", "high"}``: rate ``a`` minus rate ``b`` (two
    :func:`rate` dicts of independent games) with Newcombe's 95 % interval
    (built from the two Wilson intervals)."""
    d = a["rate"] - b["rate"]
    low = d - math.sqrt((a["rate"] - a["low"]) ** 2 + (b["high"] - b["rate"]) ** 2)
    high = d + math.sqrt((a["high"] - a["rate"]) ** 2 + (b["rate"] - b["low"]) ** 2)
    return {"difference": d, "low": low, "high": high}


def mean_interval(xs: Sequence[float], z: float = 1.96) -> dict:
    """``{"mean", "low", "high", "n"}``: a mean with its normal 95 % interval."""
    xs = list(xs)
    if len(xs) < 2:
        raise ValueError("a mean's interval needs at least two values")
    m, low, high = stats.mean_interval(xs, z)
    return {"mean": m, "low": low, "high": high, "n": len(xs)}


def summary(games: Iterable[dict]) -> dict:
    """What a batch of self-play games says:

    * ``first_mover_wins``: the first-move player (the person who made the
      pie move) wins — the pie rule's fairness;
    * ``first_colour_wins``: the colour that moved first wins;
    * ``red_wins``: red wins (blue's rate is one minus it: no draws);
    * ``chooser_wins``: with the pie rule, the chooser (the player who did
      not make the first move) wins — what the pie rule balances;
    * ``chooser_took_first_colour``: with the pie rule, the chooser takes
      the colour that has moved;
    * ``length``: machine moves per game; ``endings``: how games ended;
    * ``first_moves``: the pie moves played, most frequent first.
    """
    games = list(games)
    n = len(games)
    if n == 0:
        raise ValueError("no games to summarise")
    mover = sum(g["winner"] == g["first"] for g in games)
    colour = sum(g["winner_colour"] == g["first_colour"] for g in games)
    chose = [g for g in games if g["chooser_took"] is not None]
    took_first = sum(g["chooser_took"] == g["first_colour"] for g in chose)
    out = {
        "games": n,
        "first_mover_wins": rate(mover, n),
        "first_colour_wins": rate(colour, n),
        "red_wins": rate(sum(g["winner_colour"] == "red" for g in games), n),
        "chooser_wins": rate(len(chose) - sum(g["winner"] == g["first"] for g in chose), len(chose))
        if chose else None,
        "chooser_took_first_colour": rate(took_first, len(chose)) if chose else None,
        "length": mean_interval([g["moves"] for g in games]),
        "endings": dict(Counter(g["ending"] for g in games).most_common()),
        "first_moves": Counter(g["first_move"] for g in games).most_common(),
    }
    return out
