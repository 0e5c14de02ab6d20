"""Per game and path: how fast the same games go through each way of playing.

One measure per game (``paths.<game>``). In a worker, every seed's game is
first played by *a user's loop* (``rng.choice(list(game.legal_actions))``
then ``apply``, the player's rng ``random.Random(seed)``), timed; its log
then gives the same game to the other paths, timed one after the other:

* ``Game.apply`` (history on, the default) — the player actions applied to
  a new game of the same seed (parsing and checking included; the chance
  that follows is drawn by the game);
* the same with ``history=False``;
* ``rules.step`` on a bare state — every log entry, chance included,
  stepped in place from ``rules.initial_state``;
* ``rules.child`` — the same, a new state per entry (what search does).

Rates are player actions per second for the game paths and log entries
(chance included) per second for the rules paths, in the worker's CPU time
(``time.process_time``: wall time on a shared machine counts the other
programs' turns too); each path's figure is the median of its passes. The final positions are
compared (each path must end where the game ended), and a hash of every
game's log and outcome is a row of its own: the two trees must play the
same games from the same seeds for their rates to compare.

``listing`` compares listing the legal actions with the random bot's
sampling in one crowded position per game (the fullest board of a seeded
Slime Culture Center game; the middle of a seeded game for the others).

Only API that the baseline has too is used (``history=``, ``rules.step``,
``rules.child``, ``rules.initial_state``, ``rules.make_options``,
``game.log``, ``RandomBot``).
"""
from __future__ import annotations

import gc
import hashlib
import json
import random
import statistics
import time

import measures as M
from measures import NotAvailable, Row, measure

#: game key -> (class name, players, options, seeds, quick seeds)
PATH_GAMES = {
    "slime_race": ("SlimeRace", 3, {"target": 20}, 24, 6),
    "slime_culture_center": ("SlimeCultureCenter", 3, {}, 12, 3),
    "slip_stream": ("SlipStream", 2, {}, 24, 6),
    "super_race": ("SuperRace", 3, {}, 12, 3),
}
#: the worker's CPU time: on a shared machine wall time also counts the
#: turns of every other program, and these rows compare small differences
clock = time.process_time

SHORT = {"slime_race": "SR", "slime_culture_center": "SCC", "slip_stream": "SS", "super_race": "SuR"}


def _cls(game: str):
    return getattr(M.bk(), PATH_GAMES[game][0])


def _new(game: str, seed: int, history: bool = True):
    _, players, opts, _, _ = PATH_GAMES[game]
    cls = _cls(game)
    if history:
        return cls(players=players, seed=seed, **opts)
    return cls(players=players, seed=seed, history=False, **opts)


def _plain(state) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def games_hash(records: list) -> int:
    """48 bits of a hash of every game's log (who acted, what) and outcome:
    equal in two trees exactly when they played the same games."""
    h = hashlib.blake2b(digest_size=6)
    for seed, log, outcome in records:
        h.update(json.dumps([seed, log, outcome], separators=(",", ":")).encode())
    return int.from_bytes(h.digest(), "big")


def _outcome(g) -> list:
    out = g.outcome()
    return [list(out.winners), list(out.scores)] if out is not None else []


def _who(p) -> object:
    return p if isinstance(p, int) or p is None else str(p)


def user_loop(game: str, seed: int):
    """A student's own loop: list the legal actions, pick one, apply it."""
    g = _new(game, seed)
    rng = random.Random(seed)
    n = 0
    while g.current_player is not None:
        g.apply(rng.choice(list(g.legal_actions)))
        n += 1
    return g, n


def _paths(p: dict) -> dict:
    game = p["game"]
    seeds = range(p["seeds"])
    user_loop(game, 10_000)                              # warm-up (imports, caches)
    gc.collect()
    # a user's loop, timed; it makes the games the other paths replay
    t0 = clock()
    played = [user_loop(game, s) for s in seeds]
    user_s = clock() - t0
    n_player = sum(n for _, n in played)
    records, plans, finals = [], [], []
    for s, (g, _) in zip(seeds, played):
        log = g.log
        records.append([s, [[_who(e.player), e.action] for e in log], _outcome(g)])
        plans.append((s, [e.action for e in log if e.player is not None and isinstance(e.player, int)],
                      [e.action for e in log]))
        finals.append(_plain(g.state))
    n_entries = sum(len(all_) for _, _, all_ in plans)
    rules = played[0][0].rules
    _, players, opts, _, _ = PATH_GAMES[game]
    options = rules.make_options(players=players, **opts)
    del played

    def by_game(history: bool) -> list:
        out = []
        for s, acts, _ in plans:
            g = _new(game, s, history)
            for a in acts:
                g.apply(a)
            out.append(g)
        return out

    def by_rules(child: bool) -> list:
        starts = [rules.initial_state(json.loads(json.dumps(options))) for _ in plans]
        step, make = rules.step, rules.child
        out = []
        t0 = clock()
        for state, (_, _, entries) in zip(starts, plans):
            if child:
                for a in entries:
                    state = make(state, a)
            else:
                for a in entries:
                    step(state, a)
            out.append(state)
        return [clock() - t0, out]

    times: dict[str, list[float]] = {k: [] for k in ("apply", "nohistory", "step", "child")}
    for _ in range(p["passes"]):
        for key, hist in (("apply", True), ("nohistory", False)):
            gc.collect()
            t0 = clock()
            gs = by_game(hist)
            times[key].append(clock() - t0)
            if [_plain(g.state) for g in gs] != finals:
                raise RuntimeError(f"Game.apply ({key}) did not end where the user's loop ended")
        for key, child in (("step", False), ("child", True)):
            gc.collect()
            dt, states = by_rules(child)
            times[key].append(dt)
            if [_plain(st) for st in states] != finals:
                raise RuntimeError(f"rules.{key} did not end where the user's loop ended")
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"user_loop": n_player / user_s,
            "apply": n_player / med["apply"],
            "nohistory": n_player / med["nohistory"],
            "step": n_entries / med["step"],
            "child": n_entries / med["child"],
            "player_actions": n_player / len(plans),
            "entries": n_entries / len(plans),
            "hash": games_hash(records)}


def _register_paths(game: str) -> None:
    s = SHORT[game]
    seeds, quick = PATH_GAMES[game][3], PATH_GAMES[game][4]
    k = f"paths.{game}"
    measure(k, params={"game": game, "seeds": seeds, "passes": 3}, quick={"seeds": quick, "passes": 1},
            rows=[Row(f"{k}.apply", f"{s}: Game.apply, history on (player actions/s)", "actions/s",
                      "higher"),
                  Row(f"{k}.nohistory", f"{s}: Game.apply, history=False", "actions/s", "higher"),
                  Row(f"{k}.user_loop", f"{s}: a user's loop rng.choice(list(legal_actions)) + apply",
                      "actions/s", "higher"),
                  Row(f"{k}.step", f"{s}: rules.step on a bare state (log entries/s)", "entries/s",
                      "higher"),
                  Row(f"{k}.child", f"{s}: rules.child, a new state per entry", "entries/s", "higher"),
                  Row(f"{k}.player_actions", f"{s}: player actions per game (workload check)",
                      "actions", "same"),
                  Row(f"{k}.entries", f"{s}: log entries per game (workload check)", "entries", "same"),
                  Row(f"{k}.hash", f"{s}: the games played (hash of every log and outcome)", "hash",
                      "same")],
            )(_paths)


for _g in PATH_GAMES:
    _register_paths(_g)


# --------------------------------------------------------------------------- listing
def _crowded(game: str):
    """The position where listing costs most that a seeded game reaches:
    Slime Culture Center's fullest board (seeds 0–5, a player to act, the
    first such position), else the middle of seed 2's game."""
    if game == "slime_culture_center":
        best = None
        for seed in range(6):
            acts = user_loop(game, seed)[0].actions
            h = _new(game, seed)
            for i, a in enumerate(acts):
                n = len(h.state["board"])
                if best is None or n > best[0]:
                    best = (n, seed, acts[:i])
                h.apply(a)
        _, seed, prefix = best
    else:
        seed = 2
        g, n = user_loop(game, seed)
        prefix = g.actions[:n // 2]
    h = _new(game, seed)
    for a in prefix:
        h.apply(a)
    return h


def _listing(p: dict) -> dict:
    out = {}
    bot_cls = M.bk().RandomBot
    for game in ("slime_culture_center", "slime_race", "slip_stream"):
        g = _crowded(game)
        if g.current_player is None:
            raise NotAvailable(f"{game}: no position to list")
        bot = bot_cls(0)
        list_s = M.median_time(lambda g=g: list(g.legal_actions), p["k"])
        pick_s = M.median_time(lambda g=g, bot=bot: bot.choose(g), p["k"])
        key = SHORT[game].lower()
        out[f"{key}_list_us"] = list_s * 1e6
        out[f"{key}_pick_us"] = pick_s * 1e6
        out[f"{key}_ratio"] = list_s / pick_s
        out[f"{key}_legal"] = len(list(g.legal_actions))
    return out


_LIST_ROWS = []
for _key, _what in (("scc", "SCC, fullest board"), ("sr", "SR, mid-game"), ("ss", "SS, mid-game")):
    _LIST_ROWS += [
        Row(f"listing.{_key}_list_us", f"{_what}: list(game.legal_actions)", "µs", "lower"),
        Row(f"listing.{_key}_pick_us", f"{_what}: the random bot's choice", "µs", "lower"),
        Row(f"listing.{_key}_ratio", f"{_what}: listing ÷ the random bot's choice, same tree",
            "×", "lower"),
        Row(f"listing.{_key}_legal", f"{_what}: legal actions there (workload check)", "actions",
            "same")]
measure("listing", params={"k": 15}, quick={"k": 5}, max_repeats=5, rows=_LIST_ROWS)(_listing)
