"""Notebook 04's self-play sweeps again, from other seeds: a second sample
of the same size for each stored one, so that the notebook's verdicts can
be checked against games they were not read from
(``tests/test_sentences_slip_stream.py``).

Run from the repository root with the project's interpreter (about 15
minutes of CPU time; on a shared machine with ``nice -n 10``)::

    .venv/bin/python -m benchmarks.slip_stream_second_sample --workers 2

Each file ``notebooks/data/slip_stream_<name>_second.json`` is made by the
notebook's own call (:func:`boardkit.sweep.cached` of
:func:`boardkit.slip_stream.analysis.self_play`, level 1, the same games
per condition) with ``seed_offset`` = :data:`SECOND` instead of 0: seeds
100000 … 100399 instead of 0 … 399. The test suite replays the first games
of every such file, as of the notebook's own.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DATA = ROOT / "notebooks" / "data"
#: the first seed of every second sample
SECOND = 100_000
#: the notebook's sweeps: file stem -> (games, self_play's keyword arguments)
SWEEPS: dict[str, tuple[int, dict]] = {
    **{f"pie_tile{k}": (400, {"pie_rule": True, "score_tile": k}) for k in range(1, 7)},
    "nopie_tile1": (400, {"pie_rule": False, "score_tile": 1}),
    **{f"nopie_tile{k}": (100, {"pie_rule": False, "score_tile": k}) for k in range(2, 7)},
    "pie_tile1_mirrored": (400, {"pie_rule": True, "score_tile": 1, "mirrored": True}),
}


def sample(stem: str, second: bool = True, workers: int | None = 1) -> list[dict]:
    """The stored sweep ``stem`` (the notebook's, or its second sample)."""
    from boardkit.slip_stream.analysis import self_play
    from boardkit.sweep import cached
    n, kwargs = SWEEPS[stem]
    if not second:
        return cached(DATA / f"slip_stream_{stem}.json", self_play, n, level=1, workers=workers, **kwargs)
    return cached(DATA / f"slip_stream_{stem}_second.json", self_play, n, level=1, seed_offset=SECOND,
                  workers=workers, **kwargs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    ap.add_argument("--only", action="append", choices=sorted(SWEEPS), help="this sweep only (repeatable)")
    args = ap.parse_args(argv)
    for stem in args.only or SWEEPS:
        games = sample(stem, workers=args.workers)
        print(f"{stem}: {len(games)} games", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
