"""The Slip Stream AI (boardkit.slip_stream.ai): its compact rules agree with
the engine, it answers legal actions (first move, colour choice, turbo),
is seeded, keeps to its budget, finds forced wins and avoids a crash.

Scenarios use the course in the order 1, 2, …, 7 (rows 2–6 tile 1, 7–11
tile 2, …, 32–36 tile 7, 37 the goal) and score tile #1 STANDARD (◎ at 20,
● at 5, 9, 14, ✹ at 17; wheel tokens 2, 2, 3, 3, 4, 4, 5).
"""
from __future__ import annotations

import math
import random

import pytest

from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import CAP_SECONDS, LEVELS, WIN, Fast, SlipStreamAI, _why, place_code


def random_positions(games: int, seed: int = 0, score_tiles=range(1, 7)):
    """(game, state) for every decision of random games on random courses."""
    tiles = list(score_tiles)
    for g in range(games):
        rng = random.Random(f"positions/{seed}/{g}")
        game = SlipStream(seed=1000 * seed + g, history=False, score_tile=tiles[g % len(tiles)])
        rules = game.rules
        state = rules.clone(game.state)
        while rules.current(state) is not None:
            yield game, state
            rules.step(state, rng.choice(rules.legal_actions(state)))


# ------------------------------------------------------ the compact rules
def test_compact_rules_agree_with_the_engine_on_thousands_of_positions():
    seen = {"positions": 0, "transitions": 0, "turbo": 0, "over": 0, "pie": 0}
    ai = SlipStreamAI(0)
    for game, state in random_positions(24, seed=1):
        rules = game.rules
        legal = rules.legal_actions(state)
        pos = Fast.from_state(state)
        if pos is None:
            seen["pie"] += 1
            continue
        fast = ai.fast(rules, state)
        moves = {fast.action(pos, m): m for m in fast.moves(pos)}
        assert sorted(moves) == sorted(legal), rules.text(state)
        seen["positions"] += 1
        seen["turbo"] += bool(state["turbo"] is not None)
        for action in legal:
            after = rules.child(state, action)
            mine = fast.play(pos, moves[action])
            if after["phase"] == "over":
                seen["over"] += 1
                assert mine[0] == "won", (action, rules.text(state))
                assert ("red", "blue")[mine[1]] == after["colours"][after["winner"]], action
            else:
                assert mine == Fast.from_state(after), (action, rules.text(state))
            seen["transitions"] += 1
    # the sample covers what it should: turbo moves, finished games, the pie
    assert seen["positions"] > 2000 and seen["transitions"] > 15000, seen
    assert seen["turbo"] > 10 and seen["over"] > 50 and seen["pie"] >= 24, seen


def test_compact_rules_know_a_turbo_a_crash_and_an_immobile_player():
    # red on 12 takes wheel 1 (2 points) → 14 (●) while ahead: blue's turbo
    g = SlipStream.scenario(red=["6c", "12c", "14e", "20d"], blue=["s2", "9a", "13b", "19f"],
                            scores={"red": 12, "blue": 10})
    fast = SlipStreamAI(0).fast(g.rules, g.state)
    pos = Fast.from_state(g.state)
    after = fast.play(pos, (6 * 8 + 2, 11 * 8 + 2))     # move 6c 11c
    assert after[6] == 1 and after[7] is True and after[8] == 0   # blue, turbo, red's turn
    assert all(a.startswith("turbo ") for a in (fast.action(after, m) for m in fast.moves(after)))


# ------------------------------------------------------ legal decisions
def test_the_ai_answers_a_legal_action_in_random_positions_first_move_colour_and_turbo():
    ai = SlipStreamAI(seed=3, depth=2)
    kinds = {"move": 0, "colour": 0, "turbo": 0, "pie": 0}
    for i, (game, state) in enumerate(random_positions(12, seed=2)):
        first_or_turbo = state["phase"] in ("pie", "colour") or state["turbo"] is not None
        if not first_or_turbo and i % 5:
            continue
        rules = game.rules
        seat = rules.current(state)
        legal = rules.legal_actions(state)
        action = ai.decide(rules, rules.observation(state, seat), seat, legal)
        assert action in legal
        kinds["pie" if state["phase"] == "pie" else action.split()[0]] += 1
        s = ai.last_search
        assert s["choice"] == action and s["pv"][0] == action
    assert all(kinds.values()), kinds


def test_turbo_move_from_a_scenario():
    g = SlipStream.scenario(red=["6c", "12c", "14e", "20d"], blue=["s2", "9a", "13b", "19f"],
                            scores={"red": 14, "blue": 10}, turn="red", turbo="blue")
    ai = SlipStreamAI(seed=0, depth=3)
    action = ai.choose(g)
    assert action.startswith("turbo ") and action in g.legal_actions
    assert ai.last_search["line"][0]["player"] == 1


# ------------------------------------------------------ seeds and budgets
def play_some(ai: SlipStreamAI, seed: int, n: int) -> list[str]:
    g = SlipStream(seed=seed, history=False)
    out = []
    while g.current_player is not None and len(out) < n:
        a = ai.choose(g)
        out.append(a)
        g.apply(a)
    return out


def test_the_ai_is_deterministic_for_a_seed():
    a = play_some(SlipStreamAI(seed=5, depth=3), 11, 30)
    b = play_some(SlipStreamAI(seed=5, depth=3), 11, 30)
    assert a == b and len(a) == 30


def test_the_seed_breaks_ties():
    # the opening: the first move has many equally good answers
    choices = set()
    for seed in range(12):
        g = SlipStream(seed=4, history=False)
        choices.add(SlipStreamAI(seed=seed, depth=1).choose(g))
    assert len(choices) > 1


def test_depth_budget_is_kept_and_deeper_searches_more():
    g = SlipStream(seed=8, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 8, 6):
        g.apply(a)
    found = {}
    for depth in (1, 2, 4):
        ai = SlipStreamAI(seed=0, depth=depth)
        ai.choose(g)
        assert ai.last_search["depth"] <= depth
        found[depth] = ai.last_search["nodes"]
    assert found[1] < found[2] < found[4]


def test_time_budget_is_kept_generously():
    g = SlipStream(seed=9, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 9, 10):
        g.apply(a)
    ai = SlipStreamAI(seed=0, seconds=0.05, depth=None)
    ai.choose(g)
    s = ai.last_search
    # CPU time: the search and the values of the other moves share the budget
    assert s["depth"] >= 1 and s["cpu_seconds"] < 1.0, s["cpu_seconds"]
    default = SlipStreamAI()
    assert (default.depth, default.seconds) == (LEVELS[2]["depth"], LEVELS[2]["seconds"])
    default.choose(g)
    assert default.last_search["cpu_seconds"] < 2.0


def test_levels_are_deeper_one_after_another_and_each_within_a_second_of_cpu():
    depths = [SlipStreamAI.level(k).depth for k in sorted(LEVELS)]
    assert depths == sorted(set(depths)) and depths[0] == 2, depths
    # each level is a count of positions; the clock is only a safety cap
    assert all(type(SlipStreamAI.level(k).nodes) is int for k in LEVELS)
    assert all(SlipStreamAI.level(k).seconds == CAP_SECONDS for k in LEVELS)
    # the default level searches to its full depth within its count
    g = SlipStream(seed=4, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 4, 40):
        g.apply(a)
    ai = SlipStreamAI.level(2)
    ai.choose(g)
    s = ai.last_search
    assert s["depth"] == LEVELS[2]["depth"] or abs(s["evaluation"]) >= WIN / 2
    assert all(m["value"] is not None for m in s["moves"])
    with pytest.raises(ValueError):
        SlipStreamAI.level(4)
    with pytest.raises(ValueError):
        SlipStreamAI(depth=0)


# ------------------------------------------------------ tactics
def test_wins_at_once_by_reaching_the_goal_score():
    # red 14: the first goal arrival (7) takes it to ◎
    g = SlipStream.scenario(red=["36c", "10a", "12d", "20f"], blue=["11b", "21c", "30e", "33a"],
                            scores={"red": 14, "blue": 12}, wheels={1: "red"})
    ai = SlipStreamAI(seed=0, depth=3)
    action = ai.choose(g)
    assert action.startswith("move 36c 37")
    assert ai.last_search["evaluation"] >= WIN / 2 and ai.last_search["win_probability"] == 1.0
    g.apply(action)
    assert g.outcome().winners == (0,)


def test_wins_by_leaving_the_opponent_no_move():
    # blue's last machine on 36a can only step to 37a or 37b (red there)
    g = SlipStream.scenario(red=["37b", "36b", "20c", "25d"], blue=["37c", "37d", "37e", "36a"],
                            goal=["blue", "blue", "blue", "red"], scores={"red": 5, "blue": 15},
                            wheels={1: "red", 2: "red", 3: "red", 4: "blue", 5: "blue", 6: "blue"})
    ai = SlipStreamAI(seed=0, depth=4)
    action = ai.choose(g)
    assert action == "move 36b 37a"
    g.apply(action)
    assert g.outcome().winners == (0,) and "none of its machines can move" in g.outcome().reason


def test_finds_a_win_in_two_moves_that_a_one_ply_search_misses():
    # red 13: a machine on 35a needs two moves to reach the goal (7 points);
    # blue, far behind, cannot stop it
    kw = dict(red=["35a", "10c", "12e", "20b"], blue=["s2", "s4", "s6", "s8"],
              scores={"red": 13, "blue": 5})
    g = SlipStream.scenario(**kw)
    shallow = SlipStreamAI(seed=0, depth=1)
    shallow.choose(g)
    assert shallow.last_search["evaluation"] < WIN / 2
    ai = SlipStreamAI(seed=0, depth=3)
    action = ai.choose(g)
    assert action.startswith("move 35a ") and ai.last_search["evaluation"] >= WIN / 2
    assert len(ai.last_search["pv"]) == 3 and ai.last_search["pv"][2].startswith("move 36")
    # and it is forced: whatever blue answers, red then reaches ◎
    g.apply(action)
    for reply in list(g.legal_actions):
        after = g.copy(history=False)
        after.apply(reply)
        finish = SlipStreamAI(seed=0, depth=1).choose(after)
        after.apply(finish)
        assert after.outcome() is not None and after.outcome().winners == (0,)


def test_avoids_an_immediate_crash():
    # red 15, ahead of blue's 10, two machines home: any move of 6c takes
    # wheel token 1 alone (2 points) → 17 = ✹ while ahead. Without the
    # crash rule that wheel grab is the best move (the compact rules with
    # the ✹ check taken out choose 6c → 12b at every depth and seed here).
    g = SlipStream.scenario(red=["6c", "37a", "37b", "10e"], blue=["s2", "9a", "13b", "19f"],
                            scores={"red": 15, "blue": 10})
    crash = [a for a in g.legal_actions if g.rules.child(g.state, a)["phase"] == "over"]
    assert crash == ["move 6c 12b", "move 6c 7c", "move 6c 7d"]
    assert len(g.legal_actions) == 6
    for seed in range(4):
        for depth in (1, 3):
            ai = SlipStreamAI(seed=seed, depth=depth)
            assert ai.choose(g) not in crash
            assert ai.last_search["evaluation"] > -WIN / 2


# ------------------------------------------------------ the pie rule
def test_colour_choice_takes_the_better_side():
    # red's machines are far up the course (red has 14 points of wheel
    # tokens): whoever chooses after the first move takes red
    g = SlipStream.scenario(red=["30a", "30b", "30c", "30d"], phase="pie", first=0)
    assert g.current_player == 0
    ai = SlipStreamAI(seed=0, depth=2)
    first = ai.choose(g)
    assert first in g.legal_actions and ai.last_search["pv"][1] == "colour red"
    g.apply(first)
    choice = SlipStreamAI(seed=1, depth=2).choose(g)
    assert choice == "colour red"


def test_last_search_and_expects_describe_the_line():
    g = SlipStream(seed=21, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 21, 12):
        g.apply(a)
    ai = SlipStreamAI(seed=0, depth=3)
    action = ai.choose(g)
    s = ai.last_search
    assert set(s) >= {"depth", "nodes", "seconds", "evaluation", "win_probability", "pv", "line",
                      "moves", "plan"}
    assert s["pv"][0] == action and s["depth"] == 3 and s["nodes"] > 0
    text = ai.expects()
    seat = g.current_player
    colour = g.state["colours"][seat]
    src, dst = action.split()[1:]
    # the colour's name and the move as an arrow, not a raw move code
    assert text.startswith(f"{colour.capitalize()} plans {src} → {dst}")
    assert action not in text
    assert ai.expects(lambda p: f"seat {p}").startswith(f"seat {seat} plans ")
    assert SlipStreamAI().expects() == ""
    assert ai.planned_actions() == [a for a in s["pv"][:4]]


# ------------------------------------------------------ the AI explains its move
def _minimax(fast, pos, depth, parent):
    """Plain depth-limited minimax (no pruning, no table) of ``pos`` for
    ``parent``, the colour that moved into it: what the AI's per-move
    values must equal."""
    c = pos[6]
    if depth <= 0:
        v = fast.evaluate(pos)
    else:
        v = -math.inf
        for m in fast.moves(pos):
            child = fast.play(pos, m)
            if child[0] == "won":
                w = WIN if child[1] == c else -WIN
            else:
                w = _minimax(fast, child, depth - 1, c)
            v = max(v, w)
    return v if c == parent else -v


def _same(a, b):
    # a forced result's value also counts the moves to it (sooner wins are
    # preferred), which a table may count one move differently
    if abs(a) >= WIN / 2 or abs(b) >= WIN / 2:
        return (a > 0) == (b > 0) and min(abs(a), abs(b)) >= WIN / 2
    return a == pytest.approx(b, abs=1e-9)


@pytest.mark.parametrize("seed", [3, 21])
def test_each_moves_value_is_the_search_value_of_its_child(seed):
    g = SlipStream(seed=seed, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), seed, 30):
        g.apply(a)
    for depth in (2, 3):
        ai = SlipStreamAI(seed=0, depth=depth)
        action = ai.choose(g)
        s = ai.last_search
        fast = ai.fast(g.rules, g.state)
        pos = Fast.from_state(g.state)
        moves = s["moves"]
        assert sorted(m["action"] for m in moves) == sorted(g.legal_actions)
        # the chosen move's value is the search's evaluation, and no move is worth more
        chosen = next(m for m in moves if m["action"] == action)
        assert chosen["value"] == s["evaluation"]
        assert max(m["value"] for m in moves) == s["evaluation"]
        by_action = {fast.action(pos, m): m for m in fast.moves(pos)}
        for m in moves:
            child = fast.play(pos, by_action[m["action"]])
            exact = ((WIN if child[1] == pos[6] else -WIN) if child[0] == "won"
                     else _minimax(fast, child, depth - 1, pos[6]))
            assert _same(m["value"], exact), (depth, m, exact)


def test_the_plain_language_line_says_a_forced_win_and_never_1000():
    # red needs two moves to reach ◎ (see the win-in-two test above)
    g = SlipStream.scenario(red=["35a", "10c", "12e", "20b"], blue=["s2", "s4", "s6", "s8"],
                            scores={"red": 13, "blue": 5})
    ai = SlipStreamAI(seed=0, depth=3)
    ai.choose(g)
    text = ai.expects()
    assert "has a forced win (in 3 moves)" in text, text
    assert "1000" not in text and "999" not in text and "998" not in text
    assert "and wins the game" in text
    assert all(m["says"].startswith(("has a forced win", "expects", "loses against"))
               for m in ai.last_search["moves"])
    # the other side of it: blue to move in a lost position
    lost = SlipStream.scenario(red=["35a", "10c", "12e", "20b"], blue=["s2", "s4", "s6", "s8"],
                               scores={"red": 13, "blue": 5}, turn="blue")
    ai = SlipStreamAI(seed=0, depth=4)      # red's two moves are plies 2 and 4
    ai.choose(lost)
    assert "loses against best play" in ai.expects()


def test_the_plain_language_line_names_what_a_move_is_for():
    # red's last machine on tile 1 (rows 2–6) moves beyond it: the wheel token of tile 1 (2)
    g = SlipStream.scenario(red=["6c", "37a", "37b", "10e"], blue=["s2", "9a", "13b", "19f"],
                            scores={"red": 5, "blue": 10})
    ai = SlipStreamAI(seed=0, depth=1)
    fast = ai.fast(g.rules, g.state)
    pos = Fast.from_state(g.state)
    assert _why(fast, pos, (place_code("6c"), place_code("7c"))) == \
        "to take the wheel token of tile 1 (+2)"
    assert _why(fast, pos, (place_code("10e"), place_code("11e"))) == ""
    # a move that wins says so
    win = SlipStream.scenario(red=["36c", "10a", "12d", "20f"], blue=["11b", "21c", "30e", "33a"],
                              scores={"red": 14, "blue": 12}, wheels={1: "red"})
    ai.choose(win)
    assert "and wins the game" in ai.expects() and "in 1 move" in ai.expects()


def test_SS_R10_without_the_pie_rule_the_first_move_is_the_best_one_not_the_most_even():
    """Without the pie rule the mover keeps the colour it moved, so the AI
    plays the first move after which the opponent expects the least."""
    game = SlipStream(seed=5, pie_rule=False)     # tile 2 first: some first moves reach row 3
    choice = SlipStreamAI(seed=1, depth=3).choose(game)
    lead = {}
    for move in game.legal_actions:
        after = game.copy(history=False)
        after.apply(move)
        reply = SlipStreamAI(seed=1, depth=2)
        reply.choose(after)
        lead[move] = reply.last_search["evaluation"]
    assert lead[choice] == min(lead.values())
    assert max(lead.values()) > min(lead.values())      # the choice matters here


def test_the_ai_never_reuses_the_compact_rules_of_another_games_tiles():
    """The compact rules are cached per rules object and kept alive with it,
    so a game with other tiles (even a new object at a recycled address)
    gets its own."""
    import copy
    import gc

    from boardkit.slip_stream.tiles import builtin_data
    ai = SlipStreamAI(seed=0, depth=1)
    data = copy.deepcopy(builtin_data())
    data["score_tiles"][0].update(wheels=[1] * 7, goal=12, turbo=[5, 9], crash=[])
    custom = SlipStream.scenario(red=["12d"], components=data)
    ai.choose(custom)
    assert ai.fast(custom.rules, custom.state).target == 12
    del custom
    gc.collect()
    for _ in range(30):
        plain = SlipStream.scenario(red=["8a", "8b", "8c", "6d"], blue=["12c"])
        assert ai.fast(plain.rules, plain.state).target == plain.rules.score_tile(plain.state).goal


def test_the_evaluation_taken_apart_adds_up_to_it():
    checked = 0
    ai = SlipStreamAI(0, depth=1)
    for game, state in random_positions(6, seed=4):
        pos = Fast.from_state(state)
        if pos is None:
            continue
        fast = ai.fast(game.rules, state)
        terms = fast.terms(pos)
        red_view = sum(terms.values())
        assert red_view == pytest.approx(fast.evaluate(pos) * (1 if pos[6] == 0 else -1), abs=1e-9)
        checked += 1
    assert checked > 100


def test_an_evaluation_of_ones_own_plugs_into_the_search():
    g = SlipStream(seed=3, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 3, 20):
        g.apply(a)
    calls = []

    def score_only(fast, pos):
        calls.append(pos)
        mine, theirs = (pos[2], pos[3]) if pos[6] == 0 else (pos[3], pos[2])
        return float(mine - theirs)

    ai = SlipStreamAI(seed=0, depth=2, evaluation=score_only)
    assert ai.choose(g) in g.legal_actions and calls
    # the values it reports are its own evaluation's: whole points here
    assert all(m["value"] == int(m["value"]) for m in ai.last_search["moves"])


# ------------------------------------------ the search to the end of the game
def _benchmark_position(g: int, back: int):
    """The position ``back`` plies before the end of game ``g`` of the exact
    benchmark (benchmarks/slip_stream_exact.py: the depth-2 AI against
    itself on a seeded course)."""
    from benchmarks import slip_stream_exact as bench
    _, states = bench.game_states(g)
    return SlipStream.from_state(states[-back], seed=g)


def test_a_win_beyond_the_horizon_is_proved_and_played():
    """Game 184, 10 plies before the end (the lesson's example): blue wins
    with four of its five moves, and loses after 33c → 35c, nine moves
    later. Depth 6 alone plays 33c → 35c; level 3 (depth 6 and a search to
    the end of at most 10,000 positions) proves a win and plays it."""
    from boardkit.slip_stream.ai import PROVED, near_end
    from boardkit.slip_stream.solve import Prover
    here = _benchmark_position(184, 10)
    pos = Fast.from_state(here.state)
    assert near_end(pos)
    plain = SlipStreamAI(seed=184, depth=6, seconds=1.0, explain=False)
    fast = plain.fast(here.rules, here.state)
    verdict = Prover(fast, budget=100_000).move_verdict
    thrown = plain.choose(here).split()
    assert plain.last_search["proof"] == {"tried": False, "found": False}
    assert verdict(pos, (place_code(thrown[1]), place_code(thrown[2]))) == -1
    ai = SlipStreamAI.level(3, seed=184)
    kept = ai.choose(here).split()
    assert ai.last_search["proof"] == {"tried": True, "found": True}
    assert verdict(pos, (place_code(kept[1]), place_code(kept[2]))) == 1
    s = ai.last_search
    assert s["evaluation"] == PROVED and s["win_probability"] == 1.0
    text = ai.expects()
    assert text.startswith("Blue has a forced win (found by searching to the end of the game): "
                           "plans 34b → 35b"), text
    assert not any(n in text for n in ("1000", "500", "PROVED"))
    # the per-move values: the chosen move's is the search's, none is worth
    # more, and every move said proved is what the prover says of it
    moves = s["moves"]
    chosen = next(m for m in moves if m["action"] == " ".join(kept))
    assert chosen["value"] == s["evaluation"] == max(m["value"] for m in moves)
    for m in moves:
        if abs(m["value"]) == PROVED:
            w = m["action"].split()
            assert verdict(pos, (place_code(w[1]), place_code(w[2]))) == (
                1 if m["value"] > 0 else -1), m


def test_a_proved_loss_is_said_and_the_depth_only_budget_never_proves():
    """Game 0, 8 plies before the end, is lost for the player to act (a
    proof of 8 plies, beyond depth 4): the default level says so in words;
    a depth-only AI (``prove=0``, how the benchmark's games are played)
    never searches to the end."""
    from boardkit.slip_stream.ai import PROVED
    here = _benchmark_position(0, 8)
    ai = SlipStreamAI.level(2)
    ai.choose(here)
    assert ai.last_search["proof"] == {"tried": True, "found": True}
    assert ai.last_search["evaluation"] == -PROVED
    assert "loses against best play (found by searching to the end of the game)" \
        in ai.expects()
    assert SlipStreamAI().prove == LEVELS[2]["prove"] > 0
    depth_only = SlipStreamAI(seed=0, depth=4)
    assert depth_only.prove == 0
    depth_only.choose(here)
    assert depth_only.last_search["proof"] == {"tried": False, "found": False}
    assert depth_only.last_search["evaluation"] != -PROVED


def test_the_search_to_the_end_waits_for_the_end_and_its_budget_is_checked():
    from boardkit.slip_stream.ai import near_end
    g = SlipStream(seed=5, history=False)
    ai = SlipStreamAI.level(3, seed=5)
    for _ in range(12):          # the opening: no token taken, no machine home
        a = ai.choose(g)
        if g.state["phase"] == "play":
            assert not near_end(Fast.from_state(g.state))
            assert ai.last_search["proof"]["tried"] is False
        g.apply(a)
    for bad in (-1, 2.5, "100", True):
        with pytest.raises(ValueError, match="prove"):
            SlipStreamAI(0, depth=2, prove=bad)


class _SlowClock:
    """``time.process_time`` of a machine ``factor`` times slower (every
    CPU second seen as ``factor``), or one that jumps ``step`` seconds a
    reading."""

    def __init__(self, factor: float = 1.0, step: float = 0.0):
        import time
        self.real = time.process_time
        self.factor, self.step, self.t0, self.calls = factor, step, self.real(), 0

    def __call__(self) -> float:
        self.calls += 1
        return self.t0 + self.factor * (self.real() - self.t0) + self.step * self.calls


def _decision(level: int, seed: int, plies: int) -> tuple:
    g = SlipStream(seed=seed, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), seed, plies):
        g.apply(a)
    ai = SlipStreamAI.level(level, seed=3)
    choice = ai.choose(g)
    s = ai.last_search
    return choice, s["depth"], s["nodes"], [m["value"] for m in s["moves"]], s["capped"]


@pytest.mark.parametrize("level,seed,plies", [(2, 4, 40), (3, 9, 10), (3, 0, 1)])
def test_a_level_plays_the_same_move_on_a_ten_times_slower_machine(monkeypatch, level, seed,
                                                                   plies):
    from boardkit.slip_stream import ai as ai_module
    from boardkit.slip_stream import search as search_module
    here = _decision(level, seed, plies)
    assert here[4] is False
    slow = _SlowClock(factor=10.0)
    monkeypatch.setattr(search_module.time, "process_time", slow)
    monkeypatch.setattr(ai_module.time, "process_time", slow)
    there = _decision(level, seed, plies)
    assert slow.calls > 0          # the search did read the slow clock
    # the same move, depth, positions visited and values of every move
    assert there == here


def test_the_clock_cap_is_reported_when_it_binds(monkeypatch):
    from boardkit.slip_stream import ai as ai_module
    from boardkit.slip_stream import search as search_module
    jumpy = _SlowClock(step=CAP_SECONDS)     # each reading a cap later than the one before
    monkeypatch.setattr(search_module.time, "process_time", jumpy)
    monkeypatch.setattr(ai_module.time, "process_time", jumpy)
    choice, depth, nodes, values, capped = _decision(3, 9, 10)
    assert capped is True
    assert depth < LEVELS[3]["depth"]
    g = SlipStream(seed=9, history=False)
    for a in play_some(SlipStreamAI(seed=1, depth=2), 9, 10):
        g.apply(a)
    assert choice in g.legal_actions
