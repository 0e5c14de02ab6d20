"""Slime Race's paths counted in instructions (callgrind), not seconds.

Instruction counts do not depend on what else the machine runs, so a
change of a few per cent shows. The games are those of the ``paths`` rows
(3 players, target 20, seeds 0…N-1, each played by a user's loop with
``random.Random(seed)``); they are recorded once, outside valgrind, then
replayed under callgrind through one path, and again with no game, so the
start-up (imports, reading the file, a warm-up game of seed 10000 that
builds the rules' tables) cancels out::

    .venv/bin/python benchmarks/callgrind_sr.py                 # every path, 24 games
    .venv/bin/python benchmarks/callgrind_sr.py --path apply --games 6 --keep out/
    callgrind_annotate out/apply.out | head -60                # where they go

Paths: ``apply`` (a new game per seed, then ``game.apply`` for each player
action, history on), ``nohistory`` (the same, ``history=False``),
``step`` (``rules.step`` on a bare state, every log entry) and ``child``
(``rules.child``, a new state per entry). Figures are instructions per
player action for the game paths and per log entry for the rules paths.
Each replay checks that it ends where the recorded game ended.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATHS = ("apply", "nohistory", "step", "child")


def record(n: int) -> list:
    """The seeded games: [seed, player actions, every log entry, final state],
    the warm-up game (seed 10000) first."""
    import random

    from boardkit import SlimeRace
    out = []
    for seed in [10_000, *range(n)]:
        g = SlimeRace(players=3, seed=seed, target=20)
        rng = random.Random(seed)
        while g.current_player is not None:
            g.apply(rng.choice(list(g.legal_actions)))
        log = g.log
        out.append([seed, [e.action for e in log if isinstance(e.player, int)],
                    [e.action for e in log], json.dumps(g.state, sort_keys=True)])
    return out


def replay(path: str, games: list) -> None:
    """One path through the recorded games (what callgrind counts)."""
    from boardkit import SlimeRace
    finals = []
    if path in ("apply", "nohistory"):
        history = path == "apply"
        for seed, acts, _, _ in games:
            g = SlimeRace(players=3, seed=seed, target=20, history=history)
            for a in acts:
                g.apply(a)
            finals.append(g._state)
    else:
        rules = SlimeRace(players=3, seed=0, target=20).rules
        options = rules.make_options(players=3, target=20)
        step, child = rules.step, rules.child
        for _, _, entries, _ in games:
            state = rules.initial_state(dict(options))
            if path == "child":
                for a in entries:
                    state = child(state, a)
            else:
                for a in entries:
                    step(state, a)
            finals.append(state)
    for state, (seed, _, _, final) in zip(finals, games):
        if json.dumps(state, sort_keys=True) != final:
            raise SystemExit(f"{path}: seed {seed} did not end where it was recorded")


def _ir(out_file: Path) -> int:
    text = out_file.read_text()
    m = re.search(r"^summary:\s*(\d+)", text, re.M) or re.search(r"^totals:\s*(\d+)", text, re.M)
    if m is None:
        raise SystemExit(f"no total in {out_file}")
    return int(m.group(1))


def _env() -> dict:
    # compiled modules are kept outside the tree, so start-up is not a compile
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT),
               PYTHONPYCACHEPREFIX=str(Path(tempfile.gettempdir()) / "boardkit-callgrind-pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _callgrind(path: str, games_file: Path, n: int, out_file: Path) -> int:
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}",
           sys.executable, __file__, "--replay", path, "--file", str(games_file), "--games", str(n)]
    subprocess.run(cmd, env=_env(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return _ir(out_file)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--path", action="append", choices=PATHS, help="a path (repeatable; default all)")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--keep", type=Path, help="keep the callgrind files in this folder")
    ap.add_argument("--replay", choices=PATHS, help=argparse.SUPPRESS)
    ap.add_argument("--file", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.replay:       # inside valgrind
        games = json.loads(args.file.read_text())
        replay(args.replay, games[:1])                  # warm-up
        replay(args.replay, games[1:args.games + 1])
        return
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        games_file = Path(tmp) / "games.json"
        games = record(args.games)
        games_file.write_text(json.dumps(games))
        actions = sum(len(g[1]) for g in games[1:])
        entries = sum(len(g[2]) for g in games[1:])
        print(f"{args.games} games: {actions} player actions, {entries} log entries")
        keep = args.keep or Path(tmp)
        keep.mkdir(parents=True, exist_ok=True)
        for path in args.path or PATHS:       # compiles what each path imports, outside valgrind
            subprocess.run([sys.executable, __file__, "--replay", path, "--file", str(games_file),
                            "--games", "1"], env=_env(), check=True)
        for path in args.path or PATHS:
            base = _callgrind(path, games_file, 0, keep / f"{path}.0.out")
            full = _callgrind(path, games_file, args.games, keep / f"{path}.out")
            game_path = path in ("apply", "nohistory")
            per, unit = (actions, "player action") if game_path else (entries, "log entry")
            print(f"{path:10s} {(full - base) / per:10,.0f} instructions per {unit}"
                  f"  ({full - base:,} in all)", flush=True)


if __name__ == "__main__":
    main()
