"""Super Race: whole random games per second through each path, and the
search bot's iterations per second in three phases of a race.

``super_race.games`` plays the same seeded random games (3 players, on
Indianapolis and on Monza) three ways, each game from its construction to
its end, so the start-up (reading the track) and the end of the race (every
car's distance to the line, SU-R8) are counted as a player meets them:

* ``Game.apply`` — ``SuperRace(players=3, seed=s)`` played out by
  ``RandomBot(s + seat)`` (history on, the default);
* the same with ``history=False``;
* ``rules.child`` — the same construction, then a new state per action
  from the game's starting state: each player action drawn by
  ``rules.random_legal`` and each roll by ``rules.sample_chance`` with
  ``random.Random(s)`` (what a search's playout does).

Rates are games and player actions per second. A hash of every game's log
(and outcome) per path is a row of its own: both trees must play the same
games from the same seeds for their rates to compare. (A change to a track
changes the games on it: Indianapolis's pit entrance was widened after
``e8317c1``, so its hashes differ from that baseline's; Monza's do not.)

``super_race.search`` times ``MCTSBot.level(3)`` (800 iterations) on three
positions of one seeded 4-player race between lap planners (``LapBot``) on
each track: the first decision (opening), the middle one and the last one
(the crowded end, where every playout ends the race); iterations per CPU
second in each, and the worst CPU seconds of a move.

``super_race.render`` times the board's picture (``game.render()``, CPU
time) at the start and at the end of one seeded 4-player race between lap
planners on Monza (seed 0, 179 positions, 63 go flags at its last decision):
each position drawn once in order, as a board draws it after each move
(median of the first 10 and of the last 10), and the first and last
positions drawn again and again (median of 15). An end-of-race picture
should cost about what a start-of-race one does.

Only API that the baseline ``e8317c1`` has too is used.
"""
from __future__ import annotations

import gc
import hashlib
import json
import random
import statistics
import time

import measures as M
from measures import Row, measure

PLAYERS = 3
#: (row key, track, label)
TRACKS = (("", "indianapolis", "Indianapolis"), ("monza_", "monza", "Monza"))


def _hash(records: list) -> int:
    """48 bits of a hash of the records: equal exactly when the same games
    were played."""
    h = hashlib.blake2b(digest_size=6)
    for r in records:
        h.update(json.dumps(r, separators=(",", ":"), default=str).encode())
    return int.from_bytes(h.digest(), "big")


def _outcome(out) -> list:
    return [] if out is None else [list(out.winners), list(out.scores)]


def _by_game(seed: int, history: bool, track: str) -> tuple[list, int]:
    bk = M.bk()
    g = bk.SuperRace(players=PLAYERS, seed=seed, history=history, track=track)
    bots = [bk.RandomBot(seed + i) for i in range(PLAYERS)]
    current = g.rules.current
    n = 0
    while True:
        who = current(g._state)
        if who is None:
            break
        g.apply(bots[who].choose(g))
        n += 1
    log = [e.action for e in g.log] if history else []
    return [seed, log, _outcome(g.outcome())], n


def _by_child(seed: int, track: str) -> tuple[list, int]:
    bk = M.bk()
    g = bk.SuperRace(players=PLAYERS, seed=seed, track=track)
    rules = g.rules
    state = g.state
    rng = random.Random(seed)
    chance = bk.CHANCE
    log = []
    n = 0
    while True:
        who = rules.current(state)
        if who is None:
            break
        if who is chance:
            a = rules.sample_chance(state, rng)
        else:
            a = rules.random_legal(state, rng)
            n += 1
        log.append(a)
        state = rules.child(state, a)
    return [seed, log, _outcome(rules.outcome(state))], n


def _games(p: dict) -> dict:
    seeds = range(p["seeds"])
    out: dict = {}
    for prefix, track, _ in TRACKS:
        paths = {"apply": lambda s, t=track: _by_game(s, True, t),
                 "nohistory": lambda s, t=track: _by_game(s, False, t),
                 "child": lambda s, t=track: _by_child(s, t)}
        for run in paths.values():                   # warm-up (imports, lazy tables)
            run(10_000)
        for key, run in paths.items():
            rates = []
            records: list = []
            for _ in range(p["passes"]):
                gc.collect()
                t0 = time.perf_counter()
                done = [run(s) for s in seeds]
                dt = time.perf_counter() - t0
                acts = sum(n for _, n in done)
                rates.append((len(seeds) / dt, acts / dt, acts / len(seeds)))
                records = [r for r, _ in done]
            out[f"{prefix}{key}_games_per_s"] = statistics.median(r[0] for r in rates)
            out[f"{prefix}{key}_actions_per_s"] = statistics.median(r[1] for r in rates)
            out[f"{prefix}{key}_actions_per_game"] = rates[0][2]
            if key != "nohistory":
                out[f"{prefix}{key}_hash"] = _hash(records)
    return out


def _positions(seed: int, players: int, track: str) -> list:
    """(seat, game) at every decision of a seeded race between lap
    planners where the seat has more than one legal action."""
    bk = M.bk()
    from boardkit.super_race.bots import LapBot
    g = bk.SuperRace(players=players, seed=seed, track=track)
    bots = [LapBot(seed + i) for i in range(players)]
    out = []
    while g.current_player is not None:
        who = g.current_player
        if g.state["phase"] == "choose" and len(list(g.legal_actions)) > 1:
            out.append((who, g.copy()))
        g.apply(bots[who].choose(g))
    return out


def _search(p: dict) -> dict:
    from boardkit.core.mcts import MCTSBot
    out: dict = {}
    for prefix, track, _ in TRACKS:
        found = _positions(p["seed"], p["players"], track)
        phases = {"opening": found[0], "middle": found[len(found) // 2], "end": found[-1]}
        worst = 0.0
        records = []
        for name, (seat, g) in phases.items():
            rules, state = g.rules, g.state
            legal = list(g.legal_actions)
            records.append([name, seat, [e.action for e in g.log]])
            bot = MCTSBot.level(p["level"], seed=1)
            bot.decide(rules, rules.observation(state, seat), seat, legal)      # warm-up
            cpu = []
            for _ in range(p["k"]):
                gc.collect()
                c0 = time.process_time()
                bot.decide(rules, rules.observation(state, seat), seat, legal)
                cpu.append(time.process_time() - c0)
            out[f"{prefix}{name}_it_per_s"] = bot.last_search["iterations"] / statistics.median(cpu)
            worst = max(worst, max(cpu))
        out[f"{prefix}worst_cpu_s"] = worst
        out[f"{prefix}positions_hash"] = _hash(records)
    return out


S = "SuR"


def _game_rows() -> list:
    rows = []
    for prefix, _, label in TRACKS:
        k = f"super_race.games.{prefix}"
        rows += [Row(f"{k}apply_games_per_s",
                     f"{S} {label}: random games/s, Game.apply (construction to end, 3 players)",
                     "games/s", "higher"),
                 Row(f"{k}apply_actions_per_s", f"{S} {label}: player actions/s, Game.apply",
                     "actions/s", "higher"),
                 Row(f"{k}nohistory_games_per_s", f"{S} {label}: random games/s, history=False",
                     "games/s", "higher"),
                 Row(f"{k}nohistory_actions_per_s", f"{S} {label}: player actions/s, history=False",
                     "actions/s", "higher"),
                 Row(f"{k}child_games_per_s",
                     f"{S} {label}: random games/s, rules.child (a new state per action)",
                     "games/s", "higher"),
                 Row(f"{k}child_actions_per_s", f"{S} {label}: player actions/s, rules.child",
                     "actions/s", "higher"),
                 Row(f"{k}apply_actions_per_game",
                     f"{S} {label}: player actions per game, Game.apply (workload check)",
                     "actions", "same"),
                 Row(f"{k}child_actions_per_game",
                     f"{S} {label}: player actions per game, rules.child (workload check)",
                     "actions", "same"),
                 Row(f"{k}apply_hash",
                     f"{S} {label}: the games played through Game.apply (hash of logs and outcomes)",
                     "hash", "same"),
                 Row(f"{k}child_hash",
                     f"{S} {label}: the games played through rules.child (hash of actions and "
                     f"outcomes)", "hash", "same")]
    return rows


def _search_rows() -> list:
    rows = []
    for prefix, _, label in TRACKS:
        k = f"super_race.search.{prefix}"
        rows += [Row(f"{k}opening_it_per_s",
                     f"{S} {label}: MCTSBot.level(3) iterations per CPU s, opening (4 players)",
                     "it/s", "higher"),
                 Row(f"{k}middle_it_per_s", f"{S} {label}: the same, middle of the race", "it/s",
                     "higher"),
                 Row(f"{k}end_it_per_s", f"{S} {label}: the same, the race's last decision",
                     "it/s", "higher"),
                 Row(f"{k}worst_cpu_s",
                     f"{S} {label}: MCTSBot.level(3), CPU s of the slowest of those moves", "s",
                     "lower"),
                 Row(f"{k}positions_hash",
                     f"{S} {label}: the three positions searched (hash of their logs)", "hash",
                     "same")]
    return rows


measure("super_race.games", params={"seeds": 120, "passes": 1}, quick={"seeds": 30},
        rows=_game_rows())(_games)
measure("super_race.search", params={"seed": 2, "players": 4, "level": 3, "k": 3},
        quick={"k": 1}, max_repeats=3, rows=_search_rows())(_search)


def _render_positions(p: dict) -> list:
    """Every position of one seeded 4-player race between lap planners on
    Monza (its games are the same in every tree since ``e8317c1``), from
    the first to the last player decision."""
    bk = M.bk()
    from boardkit.super_race.bots import LapBot
    g = bk.SuperRace(players=p["players"], seed=p["seed"], track="monza")
    bots = [LapBot(p["seed"] + i) for i in range(p["players"])]
    out = []
    while g.current_player is not None:
        out.append(g.copy())
        g.apply(bots[g.current_player].choose(g))
    return out


def _render_cpu(g, k: int) -> float:
    g.render()                                             # drawn once before
    cpu = []
    for _ in range(k):
        c0 = time.process_time()
        g.render()
        cpu.append(time.process_time() - c0)
    return statistics.median(cpu)


def _render(p: dict) -> dict:
    found = _render_positions(p)
    start, end = found[0], found[-1]
    out: dict = {}
    # each position drawn once, in order, as a board draws it after each move
    gc.collect()
    cpu = []
    for g in found:
        c0 = time.process_time()
        g.render()
        cpu.append(time.process_time() - c0)
    n = p["ends"]
    out["pass_start_ms"] = statistics.median(cpu[:n]) * 1e3
    out["pass_end_ms"] = statistics.median(cpu[-n:]) * 1e3
    out["pass_ratio"] = out["pass_end_ms"] / out["pass_start_ms"]
    # the same position drawn again and again
    gc.collect()
    out["start_ms"] = _render_cpu(start, p["k"]) * 1e3
    out["end_ms"] = _render_cpu(end, p["k"]) * 1e3
    out["end_over_start"] = out["end_ms"] / out["start_ms"]
    out["flags"] = sum(len(c["ends"]) for c in end.state["cars"])
    out["positions"] = len(found)
    out["svg_hash"] = _hash([start.render(), end.render()])
    return out


measure("super_race.render", params={"seed": 0, "players": 4, "k": 15, "ends": 10}, quick={"k": 7},
        max_repeats=3, rows=[
            Row("super_race.render.start_ms",
                f"{S} Monza, 4 players: render CPU ms, start of the race (drawn again, median)", "ms",
                "lower"),
            Row("super_race.render.end_ms",
                f"{S} Monza, 4 players: render CPU ms, the race's last decision (63 flags)", "ms",
                "lower"),
            Row("super_race.render.end_over_start", f"{S} render: end ÷ start, same tree", "×", "lower"),
            Row("super_race.render.pass_start_ms",
                f"{S} render, every position once in order: median CPU ms of the first 10", "ms",
                "lower"),
            Row("super_race.render.pass_end_ms", f"{S} the same, median of the last 10", "ms",
                "lower"),
            Row("super_race.render.pass_ratio", f"{S} the same, last 10 ÷ first 10", "×", "lower"),
            Row("super_race.render.flags", f"{S} render: go flags at the end (workload check)",
                "flags", "same"),
            Row("super_race.render.positions", f"{S} render: positions drawn (workload check)",
                "positions", "same"),
            Row("super_race.render.svg_hash",
                f"{S} render: the pictures drawn at the start and the end (hash)", "hash", "same")])(_render)
