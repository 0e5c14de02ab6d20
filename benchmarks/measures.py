"""What the benchmark measures: one list of measure functions (the hook).

Each :class:`Measure` is a function ``params -> {row key: number}`` that runs
inside a worker subprocess whose ``PYTHONPATH`` points at one source tree, so
it must only use API that every compared version shares, and must
feature-detect anything newer. A measure that does not apply to a tree raises
:class:`NotAvailable` (printed as "n/a"); any other exception becomes
"error: …" in that row and the run continues.

To add rows later, write a function and register it::

    @measure("widget", rows=[Row("widget.bytes_per_click", "...", "bytes", "lower")],
             params={...}, quick={...})
    def widget_bytes(p): ...

This module must not import :mod:`boardkit` at import time: the orchestrator
imports it too, and the tree it would find may be mid-refactor.
"""
from __future__ import annotations

import gc
import importlib
import importlib.util
import inspect
import json
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class NotAvailable(Exception):
    """This measurement does not apply to this tree (shown as "n/a")."""


@dataclass
class Row:
    key: str
    label: str
    unit: str
    #: "higher" / "lower" is better; "same" = a workload check (should be 1.00×)
    better: str
    #: when the baseline has no value for this row, compare against this row
    #: of the baseline instead (e.g. history-off vs. the old default mode)
    fallback: str | None = None


@dataclass
class Measure:
    name: str
    func: Callable[[dict], dict]
    rows: list[Row]
    params: dict = field(default_factory=dict)
    quick: dict = field(default_factory=dict)
    #: cap on repeats (deterministic measures need few)
    max_repeats: int | None = None
    #: a key of the worker's probe (see worker.py) that must be truthy for
    #: this measure to apply to a tree; otherwise "n/a" without running it
    requires: str | None = None
    #: what "n/a" means when ``requires`` is not met
    requires_why: str = ""

    def params_for(self, quick: bool) -> dict:
        p = dict(self.params)
        if quick:
            p.update(self.quick)
        return p


MEASURES: list[Measure] = []


def measure(name: str, rows: list[Row], params: dict | None = None, quick: dict | None = None,
            max_repeats: int | None = None, requires: str | None = None, requires_why: str = ""):
    def deco(func):
        MEASURES.append(Measure(name, func, rows, dict(params or {}), dict(quick or {}), max_repeats,
                                requires, requires_why))
        return func
    return deco


def by_name() -> dict[str, Measure]:
    return {m.name: m for m in MEASURES}


# --------------------------------------------------------------------------- helpers
#: game key -> (class name exported by ``boardkit``, constructor options)
GAMES = {
    "slime_race": ("SlimeRace", {"target": 20}),
    "slime_culture_center": ("SlimeCultureCenter", {}),
}
SHORT = {"slime_race": "SR", "slime_culture_center": "SCC"}
PLAYERS = 3


def bk():
    return importlib.import_module("boardkit")


def game_class(game: str):
    return getattr(bk(), GAMES[game][0])


def history_switch(cls) -> str | None:
    """How this tree turns off history for simulations, if it can:
    ``"ctor"`` (an explicit ``history`` constructor parameter or option) or
    ``"attr"`` (a ``record_history`` attribute); None when it cannot."""
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}
    p = params.get("history")
    if p is not None and p.kind is not inspect.Parameter.VAR_KEYWORD:
        return "ctor"
    if "history" in (getattr(cls, "default_options", None) or {}):
        return "ctor"
    if hasattr(cls, "record_history"):
        return "attr"
    return None


def new_game(game: str, seed: int, history: bool = True):
    cls = game_class(game)
    opts = dict(GAMES[game][1])
    if history:
        return cls(players=PLAYERS, seed=seed, **opts)
    how = history_switch(cls)
    if how == "ctor":
        return cls(players=PLAYERS, seed=seed, history=False, **opts)
    if how == "attr":
        g = cls(players=PLAYERS, seed=seed, **opts)
        g.record_history = False
        return g
    raise NotAvailable("no history switch (no history= parameter, no record_history)")


_COUNT = [0]
_BOT_CLASS = None


def counting_bot(seed: int):
    """A ``boardkit.RandomBot`` that also counts its decisions (= player actions,
    independent of whether the game keeps a log)."""
    global _BOT_CLASS
    if _BOT_CLASS is None:
        base = bk().RandomBot

        class CountingBot(base):
            def choose(self, game):
                _COUNT[0] += 1
                return base.choose(self, game)

        _BOT_CLASS = CountingBot
    return _BOT_CLASS(seed)


def bots_for(seed: int) -> list:
    return [counting_bot(seed + i) for i in range(PLAYERS)]


def play(game: str, seed: int, history: bool = True):
    g = new_game(game, seed, history)
    bk().play_out(g, bots_for(seed))
    return g


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def median_time(fn: Callable[[], Any], k: int, warmup: int = 1, min_batch: float = 0.002) -> float:
    """Median over ``k`` timings of ``fn`` (seconds per call). Fast calls are
    timed in batches of at least ``min_batch`` seconds (as ``timeit`` does)."""
    for _ in range(warmup):
        fn()
    n = max(1, min(1000, int(min_batch / max(timed(fn), 1e-9))))

    def batch() -> float:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        return (time.perf_counter() - t0) / n

    gc.collect()
    return statistics.median(batch() for _ in range(k))


def mid_game(game: str, seed: int):
    """The position halfway (in player actions) through the seeded random game."""
    _COUNT[0] = 0
    play(game, seed)
    half = _COUNT[0] // 2
    g = new_game(game, seed)
    bots = bots_for(seed)
    for _ in range(half):
        g.apply(bots[g.current_player].choose(g))
    return g


def long_slime_race(min_log: int):
    """A Slime Race match, not over, with at least ``min_log`` log entries:
    the first seed (from 0) whose random game gets that long, stopped there."""
    for seed in range(1000):
        if len(play("slime_race", seed).log) < min_log:
            continue
        g = new_game("slime_race", seed)
        bots = bots_for(seed)
        while len(g.log) < min_log:
            g.apply(bots[g.current_player].choose(g))
        return seed, g
    raise RuntimeError(f"no Slime Race seed below 1000 reaches {min_log} log entries")


def render_svg(g) -> str:
    try:
        return g.render()
    except TypeError:
        return g._repr_svg_()


# --------------------------------------------------------------------------- measures
def _play_rate(p: dict, history: bool) -> dict:
    """Random games (and player actions) per second: the same seeds, played
    ``passes`` times in this process; the median pass counts. With history,
    also a hash of every game's log and outcome (the same games in both
    trees, see :func:`paths.games_hash`)."""
    game, seeds = p["game"], range(p["seeds"])
    play(game, 10_000, history)                      # warm-up (lazy imports, caches)
    rates = []
    games: list = []
    for _ in range(p["passes"]):
        gc.collect()
        _COUNT[0] = 0
        games = []
        t0 = time.perf_counter()
        for s in seeds:
            games.append(play(game, s, history))
        dt = time.perf_counter() - t0
        rates.append((len(seeds) / dt, _COUNT[0] / dt, _COUNT[0] / len(seeds)))
    out = {"games_per_s": statistics.median(r[0] for r in rates),
           "actions_per_s": statistics.median(r[1] for r in rates),
           "actions_per_game": rates[0][2]}
    if history:
        import paths
        out["hash"] = paths.games_hash([[s, [[paths._who(e.player), e.action] for e in g.log],
                                         paths._outcome(g)] for s, g in zip(seeds, games)])
    return out


def _memory(p: dict) -> dict:
    game = p["game"]
    play(game, 10_000)                               # warm-up outside tracing
    peaks, kept, logs, acts = [], [], [], []
    for s in range(p["seeds"]):
        _COUNT[0] = 0
        gc.collect()
        tracemalloc.start()
        g = new_game(game, s)
        bots = bots_for(s)
        bk().play_out(g, bots)
        del bots
        gc.collect()
        cur, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        peaks.append(peak)
        kept.append(cur)
        acts.append(_COUNT[0])
        logs.append(len(g.log))
        del g
    return {"peak_kib": statistics.median(peaks) / 1024,
            "retained_kib": statistics.median(kept) / 1024,
            "log_entries": statistics.mean(logs), "player_actions": statistics.mean(acts)}


def _copy_undo(p: dict) -> dict:
    _seed, g = long_slime_race(p["min_log"])
    k = p["k"]
    copy_s = median_time(g.copy, k, warmup=2)
    copies = [g.copy() for _ in range(p["undo_k"])]
    gc.collect()
    undo_s = statistics.median(timed(c.undo) for c in copies)
    return {"copy_ms": copy_s * 1e3, "undo_ms": undo_s * 1e3, "log_entries": len(g.log)}


def _save_load(p: dict) -> dict:
    g = play(p["game"], p["seed"])
    text = g.to_json()
    save_s = median_time(g.to_json, p["k"])
    load_s = median_time(lambda: bk().load(text), p["k"])
    return {"save_ms": save_s * 1e3, "load_ms": load_s * 1e3,
            "json_bytes": len(text.encode("utf-8"))}


def _render(p: dict) -> dict:
    g = mid_game(p["game"], p["seed"])
    svg = render_svg(g)
    t = median_time(lambda: render_svg(g), p["k"])
    return {"render_ms": t * 1e3, "svg_bytes": len(svg.encode("utf-8"))}


def _register(g: str) -> None:
    s = SHORT[g]
    # A Slime Race match lasts 1 race or many (player actions per game:
    # mean ≈ 275, sd ≈ 145), and a different chance stream plays different
    # games from the same seeds: 400 of them keep the two sides' workloads
    # within a few per cent (see the "player actions per game" row).
    # Slime Culture Center's games are alike in length but not in cost per
    # action (crowded boards check more), so it plays 150.
    seeds, quick_seeds, passes = (400, 60, 1) if g == "slime_race" else (150, 20, 1)
    measure(f"{g}.play", params={"game": g, "seeds": seeds, "passes": passes},
            quick={"seeds": quick_seeds, "passes": min(passes, 2)},
            rows=[Row(f"{g}.play.games_per_s", f"{s}: random games/s", "games/s", "higher"),
                  Row(f"{g}.play.actions_per_s", f"{s}: player actions/s", "actions/s", "higher"),
                  Row(f"{g}.play.actions_per_game", f"{s}: player actions per game (workload check)",
                      "actions", "same"),
                  Row(f"{g}.play.hash", f"{s}: the random games played (hash of every log and outcome)",
                      "hash", "same")],
            )(lambda p: _play_rate(p, True))
    measure(f"{g}.play_nohistory", params={"game": g, "seeds": seeds, "passes": passes},
            quick={"seeds": quick_seeds, "passes": min(passes, 2)}, requires=f"{g}.history_switch",
            requires_why="no history switch (no history= parameter or option, no record_history)",
            rows=[Row(f"{g}.play_nohistory.games_per_s", f"{s}: random games/s, history off",
                      "games/s", "higher", fallback=f"{g}.play.games_per_s"),
                  Row(f"{g}.play_nohistory.actions_per_s", f"{s}: player actions/s, history off",
                      "actions/s", "higher", fallback=f"{g}.play.actions_per_s")],
            )(lambda p: _play_rate(p, False))
    measure(f"{g}.memory", params={"game": g, "seeds": 6}, quick={"seeds": 3}, max_repeats=3,
            rows=[Row(f"{g}.memory.peak_kib", f"{s}: memory peak per game (tracemalloc)", "KiB", "lower"),
                  Row(f"{g}.memory.retained_kib", f"{s}: memory retained by a finished game", "KiB", "lower"),
                  Row(f"{g}.memory.log_entries", f"{s}: log entries per game (workload check)",
                      "entries", "same"),
                  Row(f"{g}.memory.player_actions", f"{s}: player actions per game (workload check)",
                      "actions", "same")],
            )(_memory)
    if g == "slime_race":
        measure("slime_race.copy_undo", params={"min_log": 400, "k": 20, "undo_k": 40}, max_repeats=5,
                rows=[Row("slime_race.copy_undo.copy_ms", "SR: game.copy(), ≥400 log entries", "ms", "lower"),
                      Row("slime_race.copy_undo.undo_ms", "SR: game.undo() on such a copy", "ms", "lower"),
                      Row("slime_race.copy_undo.log_entries", "SR: log entries of that game (workload check)",
                          "entries", "same")],
                )(_copy_undo)
    measure(f"{g}.save_load", params={"game": g, "seed": 1, "k": 15}, quick={"k": 5}, max_repeats=5,
            rows=[Row(f"{g}.save_load.save_ms", f"{s}: game.to_json(), finished game (seed 1)", "ms",
                      "lower"),
                  Row(f"{g}.save_load.load_ms", f"{s}: boardkit.load(text) of it", "ms", "lower"),
                  Row(f"{g}.save_load.json_bytes", f"{s}: saved JSON size", "bytes", "lower")],
            )(_save_load)
    measure(f"{g}.render", params={"game": g, "seed": 2, "k": 20}, quick={"k": 6}, max_repeats=5,
            rows=[Row(f"{g}.render.render_ms", f"{s}: SVG render, mid-game (seed 2)", "ms", "lower"),
                  Row(f"{g}.render.svg_bytes", f"{s}: SVG size, mid-game", "bytes", "lower")],
            )(_render)


for _g in GAMES:
    _register(_g)


# --------------------------------------------------------------------------- hooks for later rows
@measure("widget", params={"clicks": 30, "seed": 0}, quick={"clicks": 10}, max_repeats=3,
         rows=[Row("widget.bytes_per_click", "widget: bytes sent per click (SR, 2 bots)", "bytes", "lower"),
               Row("widget.ms_per_click", "widget: time per click incl. bots' replies", "ms", "lower"),
               Row("widget.scc_bytes_per_click", "widget: bytes sent per click (SCC, 2 bots)", "bytes",
                   "lower"),
               Row("widget.scc_ms_per_click", "widget: time per click, SCC", "ms", "lower")])
def _widget(p: dict) -> dict:
    """Bytes the widget sends to the browser per click: every message that goes
    through ``Widget._send`` (state updates and custom messages), as JSON
    plus binary buffers. Without a kernel ipywidgets uses a DummyComm, and
    ``_send`` is still called. Seat 0 clicks, seats 1–2 are bots. In SR an
    action is one click (``bet 1-3``); in SCC each word of the action is a
    click (``spawn``, ``red``, ``d4``), as on the page."""
    if importlib.util.find_spec("boardkit.widget") is None:
        raise NotAvailable("no module boardkit.widget")
    try:
        mod = importlib.import_module("boardkit.widget")
    except ImportError as exc:
        raise NotAvailable(f"boardkit.widget does not import: {exc}") from None
    W = getattr(mod, "BoardWidget", None)
    if W is None or not hasattr(W, "click"):
        raise NotAvailable("boardkit.widget has no BoardWidget.click")
    seed = p["seed"]
    out = {}
    for game, prefix, by_word in (("slime_race", "", False), ("slime_culture_center", "scc_", True)):
        g = new_game(game, seed)
        w = W(g, bots={1: counting_bot(seed + 1), 2: counting_bot(seed + 2)})
        sent: list[int] = []
        orig = w._send

        def record(msg, buffers=None, sent=sent, orig=orig):
            sent.append(len(json.dumps(msg, separators=(",", ":")))
                        + sum(len(memoryview(b).cast("B")) for b in (buffers or [])))
            return orig(msg, buffers=buffers)

        w._send = record
        me = counting_bot(seed)
        clicks, secs = 0, 0.0
        while clicks < p["clicks"] and g.current_player is not None:
            action = me.choose(g)
            for word in (action.split() if by_word else [action]):
                secs += timed(lambda a=word, board=w: board.click(a))
                clicks += 1
        if not clicks:
            raise RuntimeError(f"{game}: no click was possible")
        out[f"{prefix}bytes_per_click"] = sum(sent) / clicks
        out[f"{prefix}ms_per_click"] = secs / clicks * 1e3
    return out


@measure("slime_race.batch", params={}, max_repeats=1, requires="slime_race.batch_module",
         requires_why="no module boardkit.slime_race.batch",
         rows=[Row("slime_race.batch.races_per_s", "SR: vectorised simulator, races/s", "races/s", "higher"),
               Row("slime_race.batch.engine_races_per_s",
                   "SR: engine races/s (simulate_races, same run)", "races/s", "higher"),
               Row("slime_race.batch.speedup", "SR: vectorised ÷ engine, same tree", "×", "higher")])
def _batch(p: dict) -> dict:
    """The numpy batch simulator against the engine's ``simulate_races``
    (random cards, 3 players), both in the tree being measured."""
    try:
        spec = importlib.util.find_spec("boardkit.slime_race.batch")
    except ImportError:
        spec = None
    if spec is None:
        raise NotAvailable("no module boardkit.slime_race.batch")
    from boardkit.slime_race.analysis import simulate_races
    from boardkit.slime_race.batch import simulate_batch
    simulate_batch(2_000, players=3, seed=1)                      # warm up numpy
    simulate_races(50, players=3, seed=1)
    batch = 100_000 / statistics.median(
        timed(lambda: simulate_batch(100_000, players=3, seed=2)) for _ in range(3))
    engine = 800 / statistics.median(
        timed(lambda: simulate_races(800, players=3, seed=2)) for _ in range(3))
    return {"races_per_s": batch, "engine_races_per_s": engine, "speedup": batch / engine}


# --------------------------------------------------------------------------- Super Race
# whole random games per path and the search bot by phase: benchmarks/super_race_speed.py
# --------------------------------------------------------------------------- per game and path
# Game.apply, history=False, a user's loop, rules.step, rules.child, and
# listing against sampling: benchmarks/paths.py registers its rows here.
import paths  # noqa: E402,F401
import super_race_speed  # noqa: E402,F401
