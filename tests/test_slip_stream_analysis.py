"""Slip Stream self-play (boardkit.slip_stream.analysis): seeded games of the
AI against itself, and their summaries with 95 % intervals."""
from __future__ import annotations

import json
import math

import pytest

from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import SlipStreamAI
from boardkit.slip_stream.analysis import (
    ENDINGS,
    best_first_move,
    ending,
    mean_interval,
    mirrored_data,
    play_one,
    rate,
    rate_difference,
    self_play,
    summary,
    wilson,
)


# ------------------------------------------------------------ the games
def test_a_game_is_plain_json_and_consistent_with_the_rules():
    g = play_one(3)
    assert json.loads(json.dumps(g)) == g
    assert g["seed"] == 3 and g["score_tile"] == 1 and g["pie_rule"] is True
    assert g["first_move"].startswith("move s")                  # from a start space (SS-R5)
    start = int(g["first_move"].split()[1][1:])
    assert g["first_colour"] == ("red" if start % 2 else "blue")  # red on s1, s3, s5, s7
    assert g["chooser_took"] == g["colours"][1 - g["first"]]      # the chooser's colour (SS-R10)
    assert sorted(g["colours"]) == ["blue", "red"]
    assert g["winner_colour"] == g["colours"][g["winner"]]
    assert g["ending"] in ENDINGS and g["moves"] > 8
    if g["ending"] == "goal":
        assert g["scores"][g["winner_colour"]] >= 20               # ◎ at 20 on #1 STANDARD


def test_the_same_seed_gives_the_same_game_in_any_batch():
    two = self_play(2, workers=1)
    assert two == [play_one(0), play_one(1)]
    assert self_play(3, workers=2)[:2] == two                     # first k of n = a run of k
    assert self_play(1, seed_offset=1, workers=1) == [two[1]]


def test_options_reach_the_game():
    g = play_one(0, score_tile=4)
    assert g["score_tile"] == 4
    with pytest.raises(ValueError):
        play_one(0, level=7)


def test_without_the_pie_rule_the_first_mover_keeps_its_colour():
    for g in self_play(2, pie_rule=False, workers=1):
        assert g["pie_rule"] is False and g["chooser_took"] is None
        assert g["colours"][g["first"]] == g["first_colour"]


def test_without_the_pie_rule_the_first_move_is_the_best_for_the_mover():
    # tile 2 first: some first moves reach row 3 (on tile 1 every one reaches
    # row 2, and they are all worth the same)
    game = SlipStream(seed=0, chance=["first 0"], course=[2, 1, 3, 4, 5, 6, 7], pie_rule=False)
    chosen = best_first_move(game, depth=2, seed=5)
    values = {}
    for action in game.legal_actions:
        after = game.copy()
        after.apply(action)
        judge = SlipStreamAI(seed=5, depth=2)
        judge.choose(after)
        values[action] = judge.last_search["evaluation"]       # the opponent's expected lead
    assert chosen in values
    assert values[chosen] == min(values.values())
    assert max(values.values()) > min(values.values())          # a real choice was made


def test_endings_are_read_from_the_result():
    assert ending("Player 1 (red) reaches ◎ with 21 points and wins (SS-R9)") == "goal"
    assert ending("Player 1 (red) stops on ✹ (crash) while ahead and loses (SS-R8)") == "crash"
    assert ending("Player 2 (blue) has no machine that can make the turbo move and loses (SS-R8)") \
        == "turbo"
    assert ending("Player 2 (blue) loses: none of its machines can move (SS-R4)") == "immobile"
    assert ending("Player 2 (blue) loses: all its machines are at the goal (SS-R14)") == "all home"
    with pytest.raises(ValueError):
        ending("a draw")


# ------------------------------------------------------------ intervals
def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    r = rate(81, 263)
    assert r["rate"] == pytest.approx(81 / 263) and r["low"] < r["rate"] < r["high"]
    assert (r["low"], r["high"]) == wilson(81, 263)
    with pytest.raises(ValueError):
        wilson(3, 0)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_rate_difference_newcombe_example():
    # Newcombe (1998), method 10: 56/70 against 48/80 → 0.2000 [0.0524, 0.3339]
    d = rate_difference(rate(56, 70), rate(48, 80))
    assert d["difference"] == pytest.approx(0.2)
    assert (d["low"], d["high"]) == pytest.approx((0.0524, 0.3339), abs=1e-4)
    same = rate_difference(rate(20, 40), rate(20, 40))
    assert same["difference"] == 0 and same["low"] == pytest.approx(-same["high"])


def test_mean_interval():
    m = mean_interval([10, 12, 14])
    assert m["mean"] == 12 and m["n"] == 3
    assert m["high"] - 12 == pytest.approx(1.96 * 2 / math.sqrt(3))
    with pytest.raises(ValueError):
        mean_interval([1])


def test_summary_counts():
    def game(first, winner, first_colour, took, moves, end="goal"):
        colours = [None, None]
        colours[1 - first] = took
        colours[first] = "red" if took == "blue" else "blue"
        return {"first": first, "winner": winner, "first_colour": first_colour, "chooser_took": took,
                "colours": colours, "winner_colour": colours[winner], "moves": moves,
                "ending": end, "first_move": f"move s{1 if first_colour == 'red' else 2} 2a"}
    games = [game(0, 0, "red", "blue", 90), game(0, 1, "red", "red", 100, "crash"),
             game(1, 1, "blue", "red", 110), game(1, 0, "blue", "red", 120, "immobile")]
    s = summary(games)
    assert s["games"] == 4
    assert s["first_mover_wins"]["k"] == 2            # games 1 and 3
    assert s["first_colour_wins"]["k"] == 3           # the colour that moved first: games 1, 2, 3
    assert s["chooser_took_first_colour"]["k"] == 1   # game 2
    assert s["length"]["mean"] == 105
    assert s["endings"] == {"goal": 2, "crash": 1, "immobile": 1}
    assert dict(s["first_moves"]) == {"move s1 2a": 2, "move s2 2a": 2}
    with pytest.raises(ValueError):
        summary([])


# ------------------------------------------------------- the mirrored tiles
def test_the_mirrored_tiles_are_the_designed_ones_left_to_right():
    from boardkit.slip_stream.tiles import builtin_data
    designed, mirrored = builtin_data(), mirrored_data()
    for a, b in zip(designed["course_tiles"], mirrored["course_tiles"]):
        assert b["rows"] == [row[::-1] for row in a["rows"]]
        assert b["meta"]["number"] == a["meta"]["number"]
    assert designed["start"] == mirrored["start"] and designed["score_tiles"] == mirrored["score_tiles"]
    plain = SlipStream(seed=1, course=[1, 2, 3, 4, 5, 6, 7])
    mirror = SlipStream(seed=1, course=[1, 2, 3, 4, 5, 6, 7], components=mirrored)
    # lane a <-> lane g; on the start tile s1 <-> s8 (red's space <-> blue's space)
    flip = {f"2{x}": f"2{y}" for x, y in zip("abcdefg", "gfedcba")}
    assert {flip[d] for d in plain.destinations("s1")} == set(mirror.destinations("s8"))
    assert plain.state["machines"]["red"] == mirror.state["machines"]["red"] == ["s1", "s3", "s5", "s7"]
    # a prohibition line moves with its lanes: tile 5's D4-E3 becomes D4-C3
    five = {t["meta"]["number"]: t for t in mirrored["course_tiles"]}["5"]
    assert "1: D4 C3" in five["sections"]["prohibitions"]


def test_a_mirrored_game_is_played_on_the_mirrored_tiles():
    m = play_one(0, mirrored=True)
    assert json.loads(json.dumps(m)) == m and m["seed"] == 0
    start = int(m["first_move"].split()[1][1:])
    assert m["first_colour"] == ("red" if start % 2 else "blue")
    assert self_play(1, mirrored=True, workers=1) == [m]


def test_summary_counts_red_and_the_chooser():
    games = [{"winner": 0, "first": 0, "winner_colour": "red", "first_colour": "blue", "chooser_took": "red",
              "moves": 10, "ending": "goal", "first_move": "move s2 2a"},
             {"winner": 1, "first": 0, "winner_colour": "blue", "first_colour": "blue", "chooser_took": "red",
              "moves": 12, "ending": "goal", "first_move": "move s2 2a"},
             {"winner": 1, "first": 0, "winner_colour": "red", "first_colour": "blue", "chooser_took": "red",
              "moves": 11, "ending": "crash", "first_move": "move s4 2c"}]
    s = summary(games)
    assert s["red_wins"]["k"] == 2 and s["red_wins"]["n"] == 3
    assert s["chooser_wins"]["k"] == 2 and s["first_mover_wins"]["k"] == 1
    assert summary([dict(g, chooser_took=None) for g in games])["chooser_wins"] is None
