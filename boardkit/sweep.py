"""Play many seeded games (or run many batches) on any executor.

One function, :func:`sweep`, maps a task over seeds on any
:class:`concurrent.futures.Executor`: a process pool on this machine by
default, or a cluster's executor unchanged when a class outgrows one machine
(``dask.distributed``: ``Client(...).get_executor()``; Ray's
``ray.util.ActorPool`` users can wrap it the same way). Results come back in
the order of the seeds, and each result depends only on its own seed, so the
answer is identical whatever the number of workers.

:func:`play_games` is the common case: seeded games between named bots,
summarised as plain dicts (winners, scores, number of actions)::

    from boardkit.sweep import play_games
    rows = play_games("slime_culture_center", range(200), players=3,
                      bots=["search", "greedy", "greedy"])
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Bots by name, so a task can be sent to another process or machine.
BOT_NAMES = ("random", "greedy", "search")


def sweep(task: Callable[[T], R], items: Iterable[T], *, executor: Executor | None = None,
          workers: int | None = None, progress: bool | str = False) -> list[R]:
    """``[task(item) for item in items]``, run on ``executor``.

    ``executor``: any :class:`concurrent.futures.Executor` (its workers must
    be able to import ``task``: a module-level function or a
    :func:`functools.partial` of one). Without one, a process pool of
    ``workers`` processes (default: the machine's cores) is started and shut
    down; ``workers=1`` runs in this process. ``progress``: show a
    ``tqdm.auto`` bar (``True`` or its description).
    """
    items = list(items)
    bar = _bar(len(items), progress)
    try:
        if executor is None and (workers == 1 or len(items) <= 1):
            out = []
            for item in items:
                out.append(task(item))
                bar.update(1)
            return out
        own = executor is None
        pool = executor or ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
        try:
            futures = [pool.submit(task, item) for item in items]
            results: list[Any] = [None] * len(futures)
            for i, fut in enumerate(futures):
                results[i] = fut.result()
                bar.update(1)
            return results
        finally:
            if own:
                pool.shutdown()
    finally:
        bar.close()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool | str) -> Any:
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, desc=progress if isinstance(progress, str) else None)


def make_bot(name: str, seed: int, **kwargs: Any):
    """A bot by name: ``"random"``, ``"greedy"`` or ``"search"``."""
    from .core.bots import GreedyBot, RandomBot
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed, **kwargs)
    if name == "search":
        from .core.mcts import MCTSBot
        return MCTSBot(seed=seed, **kwargs)
    raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


def play_game(seed: int, *, game: str, bots: Sequence[str], rotate: bool = True,
              bot_options: dict | None = None, **options: Any) -> dict:
    """One seeded game between named bots (``bots[i]`` plays seat i; with
    ``rotate``, the line-up is rotated by ``seed`` so every bot plays every
    seat equally often over consecutive seeds). Returns a plain summary."""
    from .core.registry import games
    cls = games()[game]
    n = len(bots)
    shift = seed % n if rotate else 0
    lineup = [bots[(s - shift) % n] for s in range(n)]
    g = cls(players=n, seed=seed, history=False, **options)
    extra = bot_options or {}
    players = [make_bot(name, seed * 31 + s, **extra.get(name, {})) for s, name in enumerate(lineup)]
    actions = 0
    while (who := g.current_player) is not None:
        assert isinstance(who, int)
        g.apply(players[who].choose(g))
        actions += 1
    out = g.outcome()
    assert out is not None
    return {"seed": seed, "lineup": lineup, "winners": list(out.winners), "scores": list(out.scores),
            "actions": actions}


def play_games(game: str, seeds: Iterable[int], *, bots: Sequence[str], rotate: bool = True,
               executor: Executor | None = None, workers: int | None = None,
               progress: bool | str = False, bot_options: dict | None = None,
               **options: Any) -> list[dict]:
    """:func:`play_game` for every seed, on ``executor`` (see :func:`sweep`)."""
    task = partial(play_game, game=game, bots=tuple(bots), rotate=rotate,
                   bot_options=bot_options, **options)
    return sweep(task, seeds, executor=executor, workers=workers, progress=progress)


def cached(path: str | os.PathLike, task: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``task(*args, **kwargs)``, remembered in the JSON file ``path``.

    A notebook cell that would take minutes (thousands of bot games) loads
    the stored result instantly; the file records the call, so changing an
    argument recomputes it. Delete the file to recompute. Results must be
    plain JSON. The test suite recomputes a slice of every stored sweep
    and compares, so a stale file is caught.
    """
    import json
    from pathlib import Path

    p = Path(path)
    # how a result is computed (workers, an executor, a progress bar) does
    # not change it, so it is not part of the recorded call
    same = {k: v for k, v in kwargs.items() if k not in ("workers", "executor", "progress")}
    call = {"task": f"{task.__module__}.{task.__qualname__}", "args": list(args), "kwargs": same}
    call = json.loads(json.dumps(call))
    if p.is_file():
        try:
            stored = json.loads(p.read_text(encoding="utf-8"))
        except ValueError:
            stored = None
        if isinstance(stored, dict) and stored.get("call") == call:
            return stored["result"]
    result = task(*args, **kwargs)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps({"call": call, "result": result}, separators=(",", ":")) + "\n",
                 encoding="utf-8")
    return result
