"""Slip Stream solved exactly (boardkit.slip_stream.solve.Prover): its
proofs agree with the whole game tree, and the stored benchmark of the AI
against exact results (benchmarks/slip_stream_exact.py) replays."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from boardkit.core.tree import minimax_tree
from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import Fast, SlipStreamAI
from boardkit.slip_stream.solve import Prover

ROOT = Path(__file__).resolve().parents[1]


def endgame(red, blue, red_score, blue_score, goal):
    return SlipStream.scenario(red=red, blue=blue, goal=goal,
                               scores={"red": red_score, "blue": blue_score},
                               wheels={k: ("red" if k % 2 else "blue") for k in range(1, 7)})


ENDGAMES = [
    (["37a", "37b", "36c", "35a"], ["37d", "37e", "37f", "35e"], 12, 13,
     ["red", "red", "blue", "blue", "blue"]),
    (["37a", "37b", "36c", "34a"], ["37d", "37e", "37f", "35e"], 12, 13,
     ["red", "red", "blue", "blue", "blue"]),
    (["37a", "37b", "35c", "35a"], ["37d", "37e", "37f", "34e"], 10, 12,
     ["red", "red", "blue", "blue", "blue"]),
]


def test_proofs_agree_with_the_whole_game_tree():
    results = set()
    for red, blue, rs, bs, goal in ENDGAMES:
        g = endgame(red, blue, rs, bs, goal)
        seat = g.current_player
        tree = minimax_tree(g.rules, g.state, seat, max_nodes=5000)
        fast = SlipStreamAI(0, depth=1).fast(g.rules, g.state)
        pos = Fast.from_state(g.state)
        prover = Prover(fast)
        result, plies = prover.result(pos, 20)
        assert result == tree.value, (red, blue)
        assert plies == tree_depth_of_best_play(tree)
        # every root move's verdict is its subtree's value
        by_action = {fast.action(pos, m): m for m in fast.moves(pos)}
        for child in tree.children:
            action = child.label
            assert prover.move_result(pos, by_action[action], 20) == child.value
        results.add(result)
    assert results == {1.0, -1.0}      # won and lost positions both checked


def tree_depth_of_best_play(node):
    """Plies until the end when the winner hurries and the loser holds out."""
    if not node.children:
        return 0
    wins = node.value == (1.0 if node.maximise else -1.0)
    depths = [tree_depth_of_best_play(c) + 1 for c in node.children if c.value == node.value] \
        if wins else [tree_depth_of_best_play(c) + 1 for c in node.children]
    return min(depths) if wins else max(depths)


def test_a_bound_too_short_or_a_budget_too_small_proves_nothing():
    red, blue, rs, bs, goal = ENDGAMES[0]
    g = endgame(red, blue, rs, bs, goal)
    fast = SlipStreamAI(0, depth=1).fast(g.rules, g.state)
    pos = Fast.from_state(g.state)
    assert Prover(fast).result(pos, 2) == (None, 2)
    assert Prover(fast, budget=3).result(pos, 20) == (None, 20)


def test_the_stored_benchmark_of_the_ai_against_exact_results_replays():
    spec = importlib.util.spec_from_file_location(
        "slip_stream_exact", ROOT / "benchmarks" / "slip_stream_exact.py")
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    stored = json.loads((ROOT / "notebooks" / "data" / "strength_slip_stream_exact.json")
                        .read_text(encoding="utf-8"))
    rows = stored["rows"]
    assert rows and stored["summary"]["positions"] == len(rows)
    first = rows[0]
    # levels 1 and 2 have no clock: their moves replay exactly
    fresh = bench.judge(first["game"], stored["plies"], {1: {"depth": 2}, 2: {"depth": 6}},
                        8, 12, budget=150_000)
    assert (fresh["result"], fresh["proof_plies"], fresh["back"]) == \
        (first["result"], first["proof_plies"], first["back"])
    for k in ("1", "2"):
        assert fresh["levels"][k]["action"] == first["levels"][k]["action"]
        assert fresh["levels"][k]["verdict"] == first["levels"][k]["verdict"]
