"""Slip Stream solved exactly (boardkit.slip_stream.solve.Prover): its
proofs agree with the whole game tree (drawn endgames, and positions near
the end of seeded games against a plain search to the end with no table,
no ordering and no bound), the AI never misses a win forced within its
depth, and the stored benchmark of the AI against exact results
(benchmarks/slip_stream_exact.py) replays."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from boardkit.core.tree import minimax_tree
from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import WIN, Fast, SlipStreamAI, place_code
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


def plain(fast, pos, d, want):
    """Does the colour to act at ``pos`` force a win (``want`` +1) or lose
    whatever it does (-1) within ``d`` plies? Every line, nothing
    remembered, no ordering."""
    if d <= 0:
        return False
    c = pos[6]
    outcomes = []
    for m in fast.moves(pos):
        child = fast.play(pos, m)
        if child[0] == "won":
            outcomes.append(child[1] == c)
        elif child[6] == c:
            outcomes.append(True if plain(fast, child, d - 1, 1) else
                            False if plain(fast, child, d - 1, -1) else None)
        else:
            outcomes.append(False if plain(fast, child, d - 1, 1) else
                            True if plain(fast, child, d - 1, -1) else None)
    return any(o is True for o in outcomes) if want > 0 else all(o is False for o in outcomes)


def near_the_end(games=6, back=range(2, 8)):
    """(game, fast, position) a few plies before the end of seeded games of
    the AI at depth 1 against itself."""
    for g in range(games):
        game = SlipStream(seed=g, history=False)
        ai = SlipStreamAI(seed=g, depth=1, explain=False)
        states = []
        while game.current_player is not None:
            states.append(game.copy())
            game.apply(ai.choose(game))
        for b in back:
            here = states[-b]
            pos = Fast.from_state(here.state)
            if pos is not None:
                yield here, ai.fast(here.rules, here.state), pos


def test_the_prover_agrees_with_a_plain_search_near_the_end_of_games():
    """The result and the length of the shortest proof, against a search of
    every line to that length (and one ply short of it: nothing)."""
    checked = {1: 0, -1: 0}
    for here, fast, pos in near_the_end(games=3, back=range(2, 6)):
        prover = Prover(fast, budget=20_000)
        result, plies = prover.result(pos, 5)
        if result is None:
            assert not plain(fast, pos, 4, 1) and not plain(fast, pos, 4, -1)
            continue
        assert plain(fast, pos, plies, result), here.state
        assert not plain(fast, pos, plies - 1, result)
        assert not plain(fast, pos, plies - 1, -result)
        # a second question gets the same answer as a fresh prover
        for m in fast.moves(pos)[:4]:
            child = fast.play(pos, m)
            if child[0] != "won":
                assert prover.result(child, 4) == Prover(fast).result(child, 4)
        checked[result] += 1
    assert checked[1] >= 3 and checked[-1] >= 3, checked


def test_the_ai_keeps_a_win_forced_within_its_depth():
    """A depth-d search values a forced win within d plies as a win, so its
    move keeps it (the benchmark's horizon check, here on small positions)."""
    checked = 0
    for here, fast, pos in near_the_end(games=4, back=range(2, 9)):
        prover = Prover(fast, budget=20_000)
        result, plies = prover.result(pos, 6)
        if result != 1:
            continue
        for depth in (2, 4, 6):
            if plies > depth:
                continue
            ai = SlipStreamAI(seed=0, depth=depth, explain=False)
            words = ai.choose(here).split()
            move = (place_code(words[1]), place_code(words[2]))
            assert prover.move_result(pos, move, 6) == 1, (here.state, depth)
            assert ai.last_search["evaluation"] >= WIN / 2
            checked += 1
    assert checked >= 8, checked


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
    # the quickest won position searched afresh (not taken from an earlier run)
    won = [r for r in rows if r["result"] == 1]
    first = min([r for r in won if not r.get("reused", False)] or won, key=lambda r: r["cpu_seconds"])
    lo, hi = first["range"]
    levels = {int(k): v for k, v in stored["levels"].items() if k in ("1", "2")}
    fresh = bench.judge(first["game"], first.get("plies", stored["plies"]), levels, lo, hi,
                        budget=first.get("budget", stored["budget"]), short=first.get("short"))
    assert (fresh["result"], fresh["proof_plies"], fresh["back"]) == \
        (first["result"], first["proof_plies"], first["back"])
    for k in ("1", "2"):
        assert fresh["levels"][k]["action"] == first["levels"][k]["action"]
        assert fresh["levels"][k]["verdict"] == first["levels"][k]["verdict"]


def test_the_proof_number_search_agrees_with_the_whole_game_tree():
    """Prover.solve (a shortest proof up to 2 plies, then df-pn with no
    bound on the plies) gives every endgame's result and every root move's
    verdict as the whole tree does; the length only where it is at most 2."""
    for red, blue, rs, bs, goal in ENDGAMES:
        g = endgame(red, blue, rs, bs, goal)
        tree = minimax_tree(g.rules, g.state, g.current_player, max_nodes=5000)
        fast = SlipStreamAI(0, depth=1).fast(g.rules, g.state)
        pos = Fast.from_state(g.state)
        result, plies = Prover(fast).solve(pos, short=2)
        assert result == tree.value, (red, blue)
        depth = tree_depth_of_best_play(tree)
        assert plies == (depth if depth <= 2 else None)
        assert Prover(fast).winner(pos) == (pos[6] if result == 1 else 1 - pos[6])
        by_action = {fast.action(pos, m): m for m in fast.moves(pos)}
        prover = Prover(fast)
        for child in tree.children:
            assert prover.move_verdict(pos, by_action[child.label], short=0) == child.value


def test_the_proof_number_search_agrees_with_the_bounded_search_near_the_end():
    """Where the bounded search proves a result, df-pn (no bound, no
    table shared with it) finds the same winner; a budget too small leaves
    the result undecided, never guessed."""
    checked = {1: 0, -1: 0}
    for here, fast, pos in near_the_end(games=4, back=range(3, 9)):
        result, _ = Prover(fast, budget=20_000).result(pos, 12)
        if result is None:
            continue
        winner = Prover(fast).winner(pos)
        assert winner == (pos[6] if result == 1 else 1 - pos[6]), here.state
        assert Prover(fast).solve(pos, short=0)[0] == result
        checked[result] += 1
    assert checked[1] >= 3 and checked[-1] >= 3, checked
    here, fast, pos = next(near_the_end(games=1, back=range(8, 9)))
    assert Prover(fast, budget=2).solve(pos, short=0) == (None, None)
