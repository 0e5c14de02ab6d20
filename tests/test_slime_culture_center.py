"""Slime Culture Center: a scenario per rulebook paragraph and SCC ruling."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import IllegalActionError, OptionError, StateFileError
from boardkit import SlimeCultureCenter as SCC
from boardkit.slime_culture_center import TILES, parse_board, split

EMPTY = "\n".join(["........"] * 8)


def board(*rows: str) -> str:
    """Rows from the top; missing rows are empty."""
    rows = list(rows) + ["........"] * (8 - len(rows))
    return "\n".join(rows)


def scc(picture, **kw):
    kw.setdefault("players", 2)
    return SCC.scenario(board=picture, **kw)


def squares(g, colour):
    return sorted(sq for sq, v in g.state["board"].items() if v == colour)


# ------------------------------------------------------------------ set-up
def test_setup_deals_three_right_cards_and_a_cancer_tile_each():
    g = SCC(players=4, seed=3)
    s = g.state
    assert [len(h) for h in s["hands"]] == [3] * 4 and len(s["deck"]) == 30 - 12
    assert s["cancer"] == ["hand"] * 4
    assert s["stock"] == TILES and s["board"] == {}
    assert g.current_player == s["first"]


@pytest.mark.parametrize("players", [1, 7])
def test_SCC_R1_two_to_six_players(players):
    with pytest.raises(OptionError, match="SCC-R1"):
        SCC(players=players)


def test_SCC_R10_settlement_option_checked():
    with pytest.raises(OptionError, match="SCC-R10"):
        SCC(players=2, settlement="maybe")


# ----------------------------------------------------- a turn: two actions
def test_two_actions_a_turn_same_action_twice_allowed():
    g = SCC(players=2, seed=0, chance=["first 0"])
    g.apply("spawn red a1")
    assert g.current_player == 0
    g.apply("grow red a2")
    assert g.current_player == 1 and g.state["turn_number"] == 2


def test_spawn_needs_a_colour_not_on_the_board_SCC_R2():
    g = scc(board("R......."))
    with pytest.raises(IllegalActionError, match="SCC-R2"):
        g.apply("spawn red h8")
    g.apply("spawn blue h8")
    assert g.state["board"]["h8"] == "blue"


def test_SCC_R2_infected_tiles_do_not_count_as_on_the_board():
    g = scc(board("r1......"))
    assert "spawn red h8" in g.legal_actions


def test_spawn_and_grow_need_an_empty_square():
    g = scc(board("RB......"))
    with pytest.raises(IllegalActionError, match="already holds a tile"):
        g.apply("grow red b1")


def test_grow_is_orthogonal_only():
    g = scc(board("R......."))
    assert "grow red b1" in g.legal_actions and "grow red a2" in g.legal_actions
    with pytest.raises(IllegalActionError, match="not next to a red slime"):
        g.apply("grow red b2")


def test_SCC_R5_spawn_and_grow_need_stock():
    g = scc(board("R......."), stock={"red": 0, "blue": 0})
    with pytest.raises(IllegalActionError, match="SCC-R5: the red stock is empty"):
        g.apply("grow red b1")
    with pytest.raises(IllegalActionError, match="SCC-R5: the blue stock is empty"):
        g.apply("spawn blue h8")


# ------------------------------------------------------ split / move SCC-R3
def test_SCC_R3_surrounded_tile_is_not_an_edge():
    g = scc(board(".G......", "GGG.....", ".G......"))
    with pytest.raises(IllegalActionError, match="SCC-R3: b2 is surrounded"):
        g.apply("move b2 d2")
    assert "move a2 a1" in g.legal_actions


def test_SCC_R3_destination_next_to_the_rest_not_the_square_it_left():
    g = scc(board("GGG....."))
    assert "move a1 d1" in g.legal_actions       # next to c1
    assert "move a1 a2" not in g.legal_actions   # only next to the lifted tile itself
    assert "move b1 a2" in g.legal_actions       # next to a1, which stays
    assert "move b1 b2" not in g.legal_actions   # b2 touches only the square b1 left
    with pytest.raises(IllegalActionError, match="another square"):
        g.apply("move a1 a1")


def test_SCC_R3_lone_tile_moves_next_to_where_it_was():
    g = scc(board("...R...."))
    dests = {a.split()[2] for a in g.legal_actions if a.startswith("move d1 ")}
    assert dests == {"c1", "e1", "d2"}


def test_SCC_R3_lifting_the_middle_tile_splits_the_slime():
    g = scc(board("GGG....."), actions_left=2)
    events = g.apply("move b1 a2")
    assert "splits the slime" in events[0]
    assert squares(g, "green") == ["a1", "a2", "c1"]


# -------------------------------------------------------- inject / exchange
def test_inject_removes_the_tile_under_it_and_only_once():
    g = scc(board("RR......"), actions_left=2)
    g.apply("inject a1")
    s = g.state
    assert s["board"]["a1"] == "cancer:0" and s["removed"]["red"] == 1 and s["cancer"][0] == "board"
    with pytest.raises(IllegalActionError, match="already been used"):
        g.apply("inject b1")


def test_SCC_R6_cancer_only_on_a_face_up_slime_tile():
    g = scc(board("Rr......"))
    for target in ("b1", "c1"):
        with pytest.raises(IllegalActionError, match="SCC-R6"):
            g.apply(f"inject {target}")


def test_SCC_R8_exchange_reveals_and_draws_and_third_is_refused():
    g = scc(EMPTY, hands=[["red5", "red6", "red7"], ["blue5", "blue6", "blue7"]], actions_left=2,
            draw=["green9"])
    g.apply("exchange red5")
    s = g.state
    assert s["revealed"][0] == ["red5"] and "green9" in s["hands"][0] and len(s["hands"][0]) == 3
    g.apply("exchange red6")
    g.apply("spawn red a1")
    g.apply("spawn blue h8")
    with pytest.raises(IllegalActionError, match="SCC-R8: Player 1 already has 2 face-up cards"):
        g.apply("exchange red7")


def test_SCC_R8_the_deck_lasts_exactly_for_every_allowed_exchange():
    """18 cards in six hands + 6 × 2 revealed = 30: the deck empties only with
    the very last exchange allowed, so the empty-deck clause never binds."""
    revealed = [["red5", "red6"], ["red7", "red8"], ["red9", "blue5"], ["blue6", "blue7"],
                ["blue8", "blue9"], ["green5"]]
    g = scc(EMPTY, players=6, revealed=revealed, turn=5)
    assert len(g.state["deck"]) == 1
    g.apply("exchange " + sorted(g.state["hands"][5])[0])
    assert g.state["deck"] == [] and len(g.state["revealed"][5]) == 2
    assert not any(a.startswith("exchange") for a in g.legal_actions)


# ------------------------------------------------------- predation SCC-R4/5
def test_larger_prey_nothing_happens_then_the_larger_eats_in_its_own_step():
    g = scc(board("R.BBB..."), actions_left=1)
    ev = g.apply("grow red b1")
    assert any("touches the larger blue slime" in e for e in ev)   # red's step: nothing
    assert squares(g, "blue") == ["b1", "c1", "d1", "e1"]           # blue's step: blue eats b1
    assert squares(g, "red") == ["a1"]


def test_equal_size_mutual_removal():
    g = scc(board("R.BB...."), actions_left=1)
    ev = g.apply("grow red b1")
    s = g.state
    assert squares(g, "red") == ["a1"] and squares(g, "blue") == ["d1"]
    assert s["removed"]["red"] == 1 and s["removed"]["blue"] == 1
    assert any("same size" in e for e in ev)


def test_smaller_prey_contact_tiles_replaced_in_reading_order():
    g = scc(board("RB......", "RB......", "R......."), actions_left=1)
    ev = g.apply("spawn green h8")
    assert squares(g, "red") == ["a1", "a2", "a3", "b1", "b2"]
    assert g.state["removed"]["blue"] == 2 and g.state["stock"]["red"] == TILES["red"] - 5
    assert any("eats" in e and "2 contact tiles become red" in e for e in ev)


def test_colour_order_red_before_blue_changes_the_result():
    # red 3 | blue 2 | green 1: red eats first, the blue remnant then ties green
    g = scc(board("RRRBBG.."), actions_left=1)
    g.apply("spawn purple h8")
    assert squares(g, "red") == ["a1", "b1", "c1", "d1"]
    assert squares(g, "blue") == [] and squares(g, "green") == []


def test_a_bite_can_merge_two_slimes_of_the_predator_colour():
    g = scc(board("RBR.....", "R.R....."), actions_left=1)
    ev = g.apply("spawn green h8")
    assert squares(g, "red") == ["a1", "a2", "b1", "c1", "c2"]
    assert g.state["phase"] == "action" and g.current_player == 1  # no decision: order did not matter
    assert sum(" eats " in e for e in ev) == 1 and any("is gone" in e or "skipped" in e for e in ev)


def test_stock_runs_out_mid_predation_squares_stay_empty_and_game_ends():
    g = scc(board("RB......", "RB......", "R......."), stock={"red": 1}, actions_left=1)
    ev = g.apply("spawn green h8")
    s = g.state
    assert s["board"].get("b1") == "red" and "b2" not in s["board"]
    assert s["removed"]["blue"] == 2 and s["stock"]["red"] == 0
    assert g.is_over()
    assert any("stock runs out" in e for e in ev)


def test_SCC_R4_same_colour_order_asked_when_it_matters():
    g = scc(board("RRRBBR..", ".....R.."), actions_left=1)
    g.apply("spawn green h8")
    assert g.state["phase"] == "decide"
    assert sorted(g.legal_actions) == ["resolve a1 d1", "resolve f1 d1"]
    with pytest.raises(IllegalActionError, match="SCC-R12"):
        g.apply("spawn purple h7")
    big_first = g.copy()
    big_first.apply("resolve a1 d1")
    # big red eats d1; blue e1 (1) is then eaten by the red 2 at f1: one red of 7
    assert squares(big_first, "red") == ["a1", "b1", "c1", "d1", "e1", "f1", "f2"]
    g.apply("resolve f1 d1")
    # red 2 ties blue 2: e1 and f1 are removed; then the big red eats d1
    assert squares(g, "red") == ["a1", "b1", "c1", "d1", "f2"]
    assert g.state["removed"]["red"] == 1 and g.state["removed"]["blue"] == 2


def test_SCC_R12_order_that_cannot_matter_is_not_asked():
    # two red predations far apart: any order gives the same board
    g = scc(board("RB......", "R.......", "........", "........", "........", "........",
                  ".......R", "......GR"), actions_left=1)
    g.apply("spawn orange e5")
    assert g.state["phase"] == "action" and g.current_player == 1
    assert squares(g, "red") == ["a1", "a2", "b1", "g8", "h7", "h8"]


def test_SCC_R12_equal_bites_from_one_predator_are_asked():
    g = scc(board("......G.", ".....GR.", "......G."), actions_left=1)
    g.apply("spawn orange a8")
    assert g.state["phase"] == "decide"
    assert sorted(g.legal_actions) == ["resolve g2 f2", "resolve g2 g1", "resolve g2 g3"]
    g.apply("resolve g2 g3")
    assert squares(g, "green") == ["f2", "g1"] and squares(g, "red") == []


def test_SCC_R12_order_asked_again_after_a_bite_that_grew_the_predator():
    # red 5 eats blue a2 first: the new red a2 also touches green a3, so
    # green now loses 2 tiles, orange 1, with 2 red left in stock: the
    # order of the two left matters though the pairs, listed before the
    # bite, show green touching red at c2 only
    g = scc(board("RRRRR...", "B.G.O...", "GGG....."), actions_left=1, stock={"red": 3})
    g.apply("spawn purple h8")
    assert sorted(g.legal_actions) == ["resolve a1 a2", "resolve a1 c2", "resolve a1 e2"]
    g.apply("resolve a1 a2")
    assert g.state["phase"] == "decide"
    assert sorted(g.legal_actions) == ["resolve a1 c2", "resolve a1 e2"]
    green_first = g.copy()
    green_first.apply("resolve a1 c2")
    assert {"a3", "c2"} <= set(squares(green_first, "red")) and "e2" not in green_first.state["board"]
    g.apply("resolve a1 e2")
    assert "e2" in squares(g, "red") and "a3" not in g.state["board"]


def test_SCC_R4_prey_split_by_earlier_bite_each_part_bitten_once():
    pic = board("RRR.....", ".R......", "BBB.....", "R.R.....", "RRR.....")
    g = scc(pic, actions_left=1)
    ev = g.apply("spawn green h8")
    assert squares(g, "blue") == []
    assert {"a3", "b3", "c3"} <= set(squares(g, "red"))
    assert sum(" eats " in e for e in ev) == 3


# ------------------------------------------------------------ death SCC-R6
def test_death_check_infects_the_largest_touching_slime_one_layer():
    pic = board("...G....", "...G....", "..P1G...", "...G....", "...G....", "...G....")
    g = scc(pic, players=3, actions_left=1, cancer=["board", "hand", "hand"])
    ev = g.apply("spawn red h8")
    b = g.state["board"]
    assert b["d4"] == "x:green"                      # the largest (3) touching slime
    assert b["d5"] == "green" and b["d6"] == "green"  # one layer per check
    assert b["d2"] == "green" and b["e3"] == "green" and b["c3"] == "purple"  # smaller: spared
    assert any("the largest" in e for e in ev)


def test_death_check_equally_largest_slimes_all_infected():
    pic = board("........", "...G....", "...G....", "PP1GG...", "PP......")
    g = scc(pic, actions_left=1, cancer=["board", "hand"])
    g.apply("spawn red h8")
    b = g.state["board"]
    assert b["b4"] == "x:purple" and b["d4"] == "x:green" and b["c4"] == "cancer:0"
    assert b["d3"] == "green" and b["e4"] == "green" and b["a4"] == "purple"


def test_SCC_R6_group_order_asked_when_it_matters():
    pic = board("........", "1BBBB2..", ".....BBB")
    g = scc(pic, players=3, turn=1, actions_left=1, cancer=["board", "board", "hand"])
    g.apply("spawn red h8")
    assert g.state["phase"] == "decide"
    assert sorted(g.legal_actions) == ["process a2", "process f2"]
    first_a = g.copy()
    first_a.apply("process a2")
    assert first_a.state["board"]["f3"] == "x:blue"      # blue 3 ties the shrunken 3
    g.apply("process f2")
    assert g.state["board"]["f3"] == "blue"              # the 4 was larger: only it


def test_SCC_R6_merged_groups_process_the_current_group():
    pic = board("........", "1G2.....", "GGG.....")
    g = scc(pic, players=3, turn=1, actions_left=1, cancer=["board", "board", "hand"])
    g.apply("spawn red h8")
    b = g.state["board"]
    # a2's group infects b2 and a3, merging with c2's group, which then reaches b3 and c3
    assert all(b[sq] == "x:green" for sq in ("b2", "a3", "b3", "c3"))


# ------------------------------------------------------------ expiry SCC-R7
def test_SCC_R7_expiry_with_two_players():
    g = scc(board("GGG.....", "GGG....."), actions_left=2)
    g.apply("inject b1")
    g.apply("spawn red h8")              # end of Player 1's turn: next is Player 2
    assert any(v == "cancer:0" for v in g.state["board"].values())
    g.apply("spawn blue h1")
    g.apply("spawn orange a8")           # end of Player 2's turn: next is Player 1 → expires
    assert not any(v.startswith("cancer") for v in g.state["board"].values())
    assert not any(v.startswith("x:") for v in g.state["board"].values())
    assert g.state["cancer"][0] == "removed"


def test_SCC_R7_expiry_with_three_players_lasts_a_full_round():
    g = scc(board("GGG.....", "GGG....."), players=3, actions_left=2)
    g.apply("inject b1")
    g.apply("spawn red h8")              # next: Player 2
    g.apply("grow red h7")
    g.apply("grow red h6")               # next: Player 3
    assert g.state["cancer"][0] == "board"
    g.apply("grow red h5")
    g.apply("grow red h4")               # next: Player 1 → expires
    assert g.state["cancer"][0] == "removed"


def test_SCC_R7_merged_group_removed_when_any_owner_is_next():
    pic = board("........", "1G2.....")
    g = scc(pic, players=3, actions_left=1, cancer=["board", "board", "hand"], turn=2)
    ev = g.apply("spawn red h8")         # Player 3's turn ends; Player 1 is next
    b = g.state["board"]
    assert not any(v.startswith("cancer") or v.startswith("x:") for v in b.values())
    assert g.state["cancer"][:2] == ["removed", "removed"]
    assert any("SCC-R7" in e for e in ev)


# ---------------------------------------------------- end and settlement
def test_SCC_R9_game_ends_at_turn_end_and_infected_tiles_are_removed():
    g = scc(board("GGg1....", "R......."), stock={"red": 1}, cancer=["board", "hand"], actions_left=2)
    g.apply("grow red a3")
    assert not g.is_over()                # the stock is empty, but the turn goes on
    g.apply("spawn blue h8")
    assert g.is_over()
    b = g.state["board"]
    assert not any(v.startswith("x:") for v in b.values())


@pytest.mark.parametrize("tiles,holders,ruled,printed", [
    (7, 1, [7], [7]),
    (7, 2, [5, 2], [5, 2]),
    (7, 3, [4, 2, 1], [4, 3, 0]),
    (7, 4, [4, 2, 1, 0], [4, 3, 0, 0]),
    (1, 3, [1, 0, 0], [1, 0, 0]),
    (10, 3, [5, 4, 1], [5, 5, 0]),
    (0, 2, [0, 0], [0, 0]),
])
def test_SCC_R10_settlement_rounding(tiles, holders, ruled, printed):
    ranked = list(range(holders))
    case, shares = split(tiles, ranked)
    assert [shares.get(s, 0) for s in ranked] == ruled
    case_p, shares_p = split(tiles, ranked, printed=True)
    assert [shares_p.get(s, 0) for s in ranked] == printed
    assert case == min(3, holders)


def test_settlement_nobody_holds_the_colour():
    assert split(5, []) == (4, {})


def test_settlement_ranking_count_then_sum_then_highest():
    from boardkit.slime_culture_center import ranking
    hands = [["red5", "red9", "blue5"], ["red6", "red7", "blue6"], ["red8", "blue7", "blue8"]]
    assert ranking(hands, "red") == [0, 1, 2]      # 2 cards: 14 vs 13; then 1 card
    assert ranking(hands, "blue") == [2, 1, 0]


def test_SCC_R11_unused_cancer_counts_and_ties_share_the_win():
    g = scc(board("GG......", "........", "R......."), stock={"red": 1}, cancer=["removed", "hand"],
            hands=[["green9", "blue5", "blue6"], ["green5", "orange5", "orange6"]], actions_left=1)
    g.apply("grow red a4")
    out = g.outcome()
    # green 2 tiles: 1st (P1) ⌈4/3⌉ = 2, 2nd 0; red 2 tiles: nobody; P2 has the unused cancer tile
    assert g.settlement()["colours"]["green"]["shares"] == {0: 2, 1: 0}
    assert out.scores == (2, 1) and out.winners == (0,)


def test_revealed_cards_count_for_nothing():
    g = scc(board("GG......", "........", "R......."), stock={"red": 1}, cancer=["removed", "removed"],
            hands=[["blue5", "blue6", "blue7"], ["green5", "orange5", "orange6"]],
            revealed=[["green9"], []], actions_left=1)
    g.apply("grow red a4")
    assert g.settlement()["colours"]["green"]["ranking"] == [1]


# ------------------------------------------------- teaching: events and frames
def test_every_sub_step_has_a_frame():
    g = scc(board("RRRBBG.."), actions_left=1)
    g.apply("spawn purple h8")
    frames = g.frames(len(g.log) - 1)
    assert len(frames) >= 3
    texts = [t for t, _ in frames]
    assert any("eats" in t for t in texts)
    assert frames[0][1]["board"] != frames[-1][1]["board"]


def _recorded_frames(game):
    """Every log entry's sub-steps as a recording sink sees them while the
    action is taken (what play itself no longer keeps)."""
    from boardkit.core.rules import Sink, thaw
    out, state = [], game.state_before(0)
    for entry in game.log:
        sink = Sink(True)
        game.rules.apply(state, entry.action, sink)
        out.append(tuple((caption, thaw(f)) for caption, f in sink.frames))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_sub_steps_worked_out_when_asked_are_those_of_play(seed):
    import boardkit
    from boardkit import CHANCE, RandomBot, play_out
    g = SCC(players=3, seed=seed)
    play_out(g, [RandomBot(seed + s) for s in range(3)])
    want = _recorded_frames(g)
    assert sum(map(len, want)) > 50
    # one at a time from the end (each entry from its nearest checkpoint) …
    assert [g.entry_frames(i) for i in reversed(range(len(g.log)))] == want[::-1]
    # … all in one walk, and in a loaded game (play and loading keep none)
    again = boardkit.load(g.to_json())
    assert again.frames(0) == [f for fs in want for f in fs]
    assert [again.frame_captions(i) for i in range(len(g.log))] == [e.events for e in g.log]
    # an undone entry's sub-steps are not shown for the action that replaces it
    k = max(i for i, e in enumerate(again.log) if e.player is not CHANCE and len(e.events) > 1)
    undone = again.log[k]
    while len(again.log) > k:
        again.undo()
    again.apply(next(a for a in again.legal_actions if a != undone.action))
    assert again.frame_captions(k) == again.log[k].events != undone.events


def test_sub_steps_asked_about_again_are_remembered(monkeypatch):
    """Asking again for the same run of entries (a widget redrawing a long
    turn) works nothing out twice; the first time, one walk from the nearest
    checkpoint now and then."""
    from boardkit import RandomBot, play_out
    g = SCC(players=3, seed=1)
    play_out(g, [RandomBot(s) for s in range(3)])
    rules, calls = g.rules, [0]
    real = type(rules).apply

    def counting(self, state, action, sink=None):
        calls[0] += 1
        return real(self, state, action, sink)

    monkeypatch.setattr(type(rules), "apply", counting)
    start = len(g.log) - 40
    first = [g.frame_captions(i) for i in range(start, len(g.log))]
    worked = calls[0]
    assert [g.frame_captions(i) for i in range(start, len(g.log))] == first
    assert calls[0] == worked and worked <= 40 + 2 * 15
    assert g.frames(-2) == g.frames(len(g.log) - 2)
    from boardkit import InvalidActionError
    with pytest.raises(InvalidActionError, match="sub-step"):
        g.frame_state(len(g.log) - 1, 99)


def test_scenario_board_picture_validation():
    with pytest.raises(StateFileError):
        parse_board("RR")
    with pytest.raises(StateFileError, match="unknown square mark"):
        parse_board(board("RZ......"))


def test_illegal_messages_name_the_japanese_action():
    g = scc(board("R......."))
    with pytest.raises(IllegalActionError, match="発生"):
        g.apply("spawn red c3")


@pytest.mark.parametrize("tamper,match", [
    (lambda s: s["stock"].__setitem__("red", 3), "red tiles do not add up"),
    (lambda s: s["board"].__setitem__("a1", "cancer:0"), "cancer"),
    (lambda s: s["board"].__setitem__("z9", "red"), "bad square"),
    (lambda s: s["hands"][0].pop(), "30 right cards|3 right cards"),
    (lambda s: s["revealed"][1].extend(s["hands"][1][:1]), "30 right cards"),
])
def test_loading_a_tampered_state_is_refused(tamper, match):
    g = scc(board("RR......"))
    state = g.state
    tamper(state)
    with pytest.raises(StateFileError, match=match):
        SCC.from_state(state)


def test_save_and_load_mid_decision():
    import boardkit
    g = scc(board("RRRBBR..", ".....R.."), actions_left=1)
    g.apply("spawn green h8")
    assert g.state["phase"] == "decide"
    again = boardkit.load(g.to_json())
    assert again.state == g.state and list(again.legal_actions) == list(g.legal_actions)


# ------------------------------------------- square sets against plain flood fills
def _plain_slimes(board):
    """Slimes by a plain flood fill over neighbour lists, in reading order."""
    from boardkit.slime_culture_center.board import NEIGHBOURS, SQUARES
    done, out = set(), []
    for sq in SQUARES:
        v = board.get(sq)
        if v is None or ":" in v or sq in done:
            continue
        seen, stack = {sq}, [sq]
        while stack:
            for n in NEIGHBOURS[stack.pop()]:
                if n not in seen and board.get(n) == v:
                    seen.add(n)
                    stack.append(n)
        done |= seen
        out.append(frozenset(seen))
    return out


def _plain_moves(board, slime):
    """SCC-R3 written square by square: an edge tile goes to an empty square
    next to the rest of its slime (a lone tile: next to where it was)."""
    from boardkit.slime_culture_center.board import NEIGHBOURS, SQUARES
    out = {}
    for t in (sq for sq in SQUARES if sq in slime):
        ns = NEIGHBOURS[t]
        if len(ns) == 4 and all(n in slime for n in ns):
            continue
        rest = slime - {t} or {t}
        out[t] = [sq for sq in SQUARES if sq not in board
                  and any(n in rest for n in NEIGHBOURS[sq])]
    return out


_boards = st.dictionaries(
    st.sampled_from([f"{c}{r}" for r in range(1, 9) for c in "abcdefgh"]),
    st.sampled_from(["red", "red", "blue", "blue", "green", "x:red", "cancer:0"]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_boards)
def test_square_sets_find_the_same_slimes_and_moves_as_a_plain_flood_fill(board):
    from boardkit.slime_culture_center.board import SquareSet, mask_of, slimes, squares_of
    rules = SCC(players=2).rules
    found = slimes(board)
    assert found == _plain_slimes(board)
    for colour in ("red", "blue"):
        assert slimes(board, colour) == [s for s in found if board[next(iter(s))] == colour]
    for s in found:
        assert rules.slime_moves(board, s) == _plain_moves(board, s)
        m = mask_of(s)
        view = SquareSet(m)
        assert len(view) == len(s) and list(view) == squares_of(m) == sorted(
            s, key=lambda q: (int(q[1:]), q[0]))
        assert [view[i] for i in range(len(view))] == list(view) and view[-1] == list(view)[-1]
        assert all(q in view for q in s) and "z9" not in view


def test_slimes_of_a_non_colour_and_moves_of_no_slime_are_empty():
    from boardkit.slime_culture_center.board import slimes
    board = {"c4": "x:red", "c5": "x:red", "d4": "cancer:0", "e4": "red"}
    assert slimes(board, "x:red") == [] and slimes(board, "cancer:0") == []
    assert slimes(board, "red") == [frozenset({"e4"})]
    assert SCC(players=2).rules.slime_moves(board, frozenset()) == {}


# ------------------------------------------------ remembered slime geometry
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.booleans())
def test_remembered_slimes_and_moves_are_the_ones_computed_afresh(colour, other, sparse):
    """``slimes_of`` and the edge reach behind ``_moves`` are remembered per
    mask; they must equal what the plain definitions give (SCC-R2, SCC-R3)."""
    from boardkit.slime_culture_center.board import (
        ALL,
        BIT,
        NEAR,
        RIM,
        SIZE,
        SQUARES,
        flood,
        slimes_holding,
        slimes_of,
        spread,
        squares_of,
    )
    from boardkit.slime_culture_center.rules import SlimeCultureCenterRules as R

    if sparse:    # a quarter of the board: many small slimes
        colour &= (other >> 3 | other << 5) & ((1 << 64) - 1)
    # SCC-R2: the slimes partition the colour, each closed under flooding,
    # in reading order of their first tile
    parts = slimes_of(colour)
    assert sum(parts) == colour and all(a & b == 0 for i, a in enumerate(parts) for b in parts[i + 1:])
    assert all(flood(p & -p, colour) == p for p in parts)
    assert [p & -p for p in parts] == sorted(p & -p for p in parts)
    assert slimes_holding(other, colour) == [p for p in parts if p & other]
    # SCC-R3, written out as before it was remembered
    empty = ALL & ~(colour | other)
    for slime in parts[:4]:
        if not slime & (slime - 1):
            i = slime.bit_length() - 1
            expected = [(SQUARES[i], NEAR[i] & empty)]
        else:
            inner = slime & ~RIM & slime >> 1 & slime << 1 & slime >> SIZE & slime << SIZE
            expected = [(t, spread(slime & ~BIT[t]) & empty) for t in squares_of(slime & ~inner)]
        assert R._moves(slime, empty) == expected


def test_SCC_R12_order_check_agrees_with_trying_every_order_one_by_one(monkeypatch):
    """``checks.order_matters`` goes on once from each position that orders
    reach: its answer must be that of resolving every order from scratch,
    on the predations and cancer groups of seeded crowded games."""
    from boardkit.core.bots import RandomBot
    from boardkit.slime_culture_center import checks

    fast = checks.order_matters
    seen = {"calls": 0, "three": 0, "matters": 0}

    def both(state, items, run):
        answer = fast(state, items, run)
        if len(items) > EVERY_ORDER_UP_TO:
            return answer
        assert answer == _every_order(state, items, run), [len(items), state["board"]]
        seen["calls"] += 1
        seen["three"] += len(items) >= 3
        seen["matters"] += answer
        return answer

    monkeypatch.setattr(checks, "order_matters", both)
    for seed in range(8):
        players = 5 + seed % 2
        game = SCC(players=players, seed=seed, history=False)
        bots = [RandomBot(10 * seed + i) for i in range(players)]
        while game.current_player is not None:
            game.apply(bots[game.current_player].choose(game))
    # the comparison met both answers and orders of three or more items
    assert seen["three"] >= 5 and 0 < seen["matters"] < seen["calls"], seen


#: the longest list whose orders the tests try one by one (7! = 5,040 orders)
EVERY_ORDER_UP_TO = 7


def _every_order(state, items, run):
    """SCC-R12 by definition: resolve every order of ``items`` from scratch
    and say whether two of them end differently."""
    from itertools import permutations

    if len(items) <= 1:
        return False
    outcomes = []
    for order in permutations(range(len(items))):
        trial = {"board": state["board"].copy(), "stock": state["stock"].copy(),
                 "removed": state["removed"].copy(), "cancer": state["cancer"][:],
                 "options": state["options"], "turn": state["turn"]}
        for i in order:
            run(trial, items[i])
        outcomes.append([trial["board"], trial["stock"], trial["removed"]])
    return any(o != outcomes[0] for o in outcomes)


def _crowded_board(rng):
    """A seeded random board: crowded; or sparse with one colour much
    commoner than the others (large slimes: predators of many, or prey too
    large to be bitten); or one large slime with a few small ones next to
    it, some touching each other, among scattered tiles. Some infected and
    cancer tiles, small or large stocks."""
    from boardkit.slime_culture_center.board import NEIGHBOURS, SQUARES
    from boardkit.slime_culture_center.components import COLOURS
    kind = rng.choice([0, 1, 2, 2])
    fill = rng.uniform(0.5, 0.95) if kind == 0 else rng.uniform(0.25, 0.55) if kind == 1 else \
        rng.uniform(0, 0.2)
    weights = [rng.random() ** 2 + 0.02 for _ in COLOURS]
    weights[rng.randrange(len(COLOURS))] += rng.uniform(0, 3) if kind == 0 else rng.uniform(2, 6)
    board = {}
    for sq in SQUARES:
        if rng.random() < fill:
            r = rng.random()
            board[sq] = ("x:" + rng.choice(COLOURS) if r < 0.04 else f"cancer:{rng.randrange(6)}"
                         if r < 0.06 else rng.choices(COLOURS, weights)[0])
    if kind == 2:
        def grow(colour, start, size, avoid=()):
            tiles = [start]
            board[start] = colour
            for _ in range(size - 1):
                free = [n for t in tiles for n in NEIGHBOURS[t]
                        if board.get(n) != colour and n not in avoid]
                if not free:
                    break
                tiles.append(rng.choice(free))
                board[tiles[-1]] = colour
            return tiles
        colour = rng.choice(COLOURS)
        big = grow(colour, rng.choice(SQUARES), rng.randint(4, 16))
        for _ in range(rng.randint(2, 5)):
            near = rng.choice([n for t in big for n in NEIGHBOURS[t] if n not in big])
            grow(rng.choice([c for c in COLOURS if c != colour]), near, rng.randint(1, 4), big)
    return {"board": board, "stock": {c: rng.choice([0, 0, 1, 1, 2, 3, 4, 6, 9, 30]) for c in COLOURS},
            "removed": {c: 0 for c in COLOURS}, "cancer": ["hand"] * 6,
            "options": {"players": 6}, "turn": 0}


def test_SCC_R12_predation_shortcuts_agree_with_every_order_on_crowded_boards(monkeypatch):
    """``checks.predation_order_matters`` answers from the board where no
    order can matter (prey too large to be bitten left out; bites that
    cannot meet): on seeded random boards its answer must be that of
    resolving every order from scratch: for one colour's whole list of
    predations, for part of it, and for what is left after a first bite
    (the pairs then name slimes an earlier bite may have changed). Each
    shortcut must have answered many of them itself, and the order must
    have mattered in many others."""
    import random
    from collections import Counter

    from boardkit.slime_culture_center import checks
    from boardkit.slime_culture_center.components import COLOURS

    full, commute = checks.order_matters, checks._bites_commute
    tried: list[int] = []
    kinds: Counter = Counter()

    def counting(state, items, run):
        tried.append(len(items))
        return full(state, items, run)

    def counting_commute(masks):
        answer = commute(masks)
        if answer:
            one_predator = len({m[0] for m in masks}) < len(masks)
            kinds["one predator" if one_predator else "apart", "stock" if masks[0][3] else "none"] += 1
        return answer

    monkeypatch.setattr(checks, "order_matters", counting)
    monkeypatch.setattr(checks, "_bites_commute", counting_commute)
    resolve = checks._resolve_quietly
    rng = random.Random(20261202)
    seen = {"asked": 0, "matters": 0, "shortcut": 0, "fewer": 0, "after a bite": 0}
    while seen["asked"] < 1500:
        state = _crowded_board(rng)
        for colour in COLOURS:
            pairs = checks.predation_pairs(state["board"], colour)
            if len(pairs) < 2:
                continue
            if len(pairs) > 5 or rng.random() < 0.3:
                keep = sorted(rng.sample(range(len(pairs)), rng.randint(2, min(5, len(pairs)))))
                pairs = [pairs[i] for i in keep]
            cases = [(state, pairs)]
            if len(pairs) >= 3:  # a first bite taken: the rest, listed before it
                after = copy_state(state)
                resolve(after, pairs[0])
                cases.append((after, pairs[1:]))
            for where, items in cases:
                del tried[:]
                answer = checks.predation_order_matters(where, items)
                assert answer == _every_order(where, items, resolve), (where["board"], where["stock"],
                                                                       items)
                seen["asked"] += 1
                seen["matters"] += answer
                seen["shortcut"] += not tried
                seen["fewer"] += bool(tried) and tried[0] < len(items)
                seen["after a bite"] += where is not state
    # placed tiles that join two slimes of the colour: the order matters
    # though no two listed bites touch the same squares
    for rows, stock, taken in [
            # f1 joins c1's slime to h1's and g5 joins a2's to it: a2's slime
            # then touches b1 too, so brown b1 goes when f1 and g5 come first
            (("NNRRRBRR", "R......R", "R......R", "R.....RR", "R....RN.", "RRRRRR.."), 3,
             ["resolve c1 f1", "resolve a2 a1", "resolve a2 g5"]),
            # d1 and e1 join a1's slime to f1's, which touches e3
            (("RRRBGRRR", "..R..R..", "..ROOR.."), 5,
             ["resolve a1 d1", "resolve f1 e1", "resolve a1 d3"])]:
        state = {"board": parse_board(board(*rows)), "stock": {c: 0 for c in COLOURS} | {"red": stock},
                 "removed": {c: 0 for c in COLOURS}, "cancer": ["hand"] * 6,
                 "options": {"players": 6}, "turn": 0}
        items = [p for p in checks.predation_pairs(state["board"], "red") if checks.pair_action(p) in taken]
        assert len(items) == 3 and _every_order(state, items, resolve)
        assert checks.predation_order_matters(state, items)
    # every shortcut answered often: only prey too large left (or none),
    # bites apart, one predator eating with and without stock
    assert seen["shortcut"] - sum(kinds.values()) >= 100, (seen, kinds)
    assert all(kinds[k, s] >= 25 for k in ("apart", "one predator") for s in ("stock", "none")), kinds
    assert seen["fewer"] >= 50 and seen["matters"] >= 300 and seen["after a bite"] >= 200, seen


def copy_state(state):
    return {"board": state["board"].copy(), "stock": state["stock"].copy(),
            "removed": state["removed"].copy(), "cancer": state["cancer"][:],
            "options": state["options"], "turn": state["turn"]}


def test_SCC_R12_predation_answers_in_seeded_crowded_games_are_those_of_every_order(monkeypatch):
    """Every predation order the rules ask about in seeded games of five and
    six players (random and greedy bots) has the answer of trying every
    order from scratch, on the whole list of the colour's predations."""
    from boardkit.core.bots import GreedyBot, RandomBot
    from boardkit.slime_culture_center import checks

    fast = checks.predation_order_matters
    seen = {"calls": 0, "matters": 0, "three": 0}

    def both(state, pairs):
        answer = fast(state, pairs)
        if len(pairs) > EVERY_ORDER_UP_TO:
            return answer
        assert answer == _every_order(state, pairs, checks._resolve_quietly), state["board"]
        seen["calls"] += 1
        seen["matters"] += answer
        seen["three"] += len(pairs) >= 3
        return answer

    monkeypatch.setattr(checks, "predation_order_matters", both)
    for seed in range(8):
        players = 5 + seed % 2
        game = SCC(players=players, seed=seed, history=False)
        bots = ([RandomBot(10 * seed + i) for i in range(players)] if seed < 4 else
                [GreedyBot(10 * seed + i, sample=20) for i in range(players)])
        while game.current_player is not None:
            game.apply(bots[game.current_player].choose(game))
    assert seen["three"] >= 20 and 0 < seen["matters"] < seen["calls"], seen


# ------------------------------------------- SCC-R12: what the whole check leaves
def _whole_check_ends(state, colour, items, memo):
    """SCC-R12 by definition: every result (the board, the stock, the tiles
    removed) the rest of the check can leave, trying every open item at
    every choice of every step, with no shortcut. ``colour``: the step (0-5
    the six colours' predations in order, 6 the death check, 7 over);
    ``items``: the step's open list, or None before it is listed. A
    position met again with the same items open is answered once."""
    from boardkit.slime_culture_center import checks
    from boardkit.slime_culture_center.board import cancer_groups, in_reading_order
    from boardkit.slime_culture_center.components import COLOURS
    result = (frozenset(state["board"].items()), tuple(state["stock"][c] for c in COLOURS),
              tuple(state["removed"][c] for c in COLOURS))
    if colour == 7:
        return frozenset([result])
    if items is None:
        items = (checks.predation_pairs(state["board"], COLOURS[colour]) if colour < 6 else
                 [in_reading_order(g) for g in cancer_groups(state["board"])])
    if not items:
        return _whole_check_ends(state, colour + 1, None, memo)
    key = (colour, tuple(str(x) for x in items), result)
    if key not in memo:
        run = checks.resolve_pair if colour < 6 else checks.process_group
        ends: set = set()
        for i, item in enumerate(items):
            trial = copy_state(state)
            run(trial, item, None)
            ends |= _whole_check_ends(trial, colour, items[:i] + items[i + 1:], memo)
        memo[key] = frozenset(ends)
    return memo[key]


def _option_ends(state, check):
    """For each open item of the check in progress: every result of the
    whole check once that item is taken next (by definition)."""
    from boardkit.slime_culture_center import checks
    memo: dict = {}
    stage_colour = check["colour"] if check["stage"] == "predation" else 6
    items = check["pairs"] if check["stage"] == "predation" else check["groups"]
    run = checks.resolve_pair if check["stage"] == "predation" else checks.process_group
    out = []
    for i, item in enumerate(items):
        trial = copy_state(state)
        run(trial, item, None)
        out.append(_whole_check_ends(trial, stage_colour, items[:i] + items[i + 1:], memo))
    return out


def _crowded_scc(rng, players=6):
    """A crowded seeded position for a scenario (at most the tiles of each
    colour, one cancer tile a player, some infected tiles; stocks as the
    board leaves them, some cut short): many slimes of every colour side
    by side, so one colour's predation step lists many pairs."""
    from boardkit.slime_culture_center.board import SQUARES
    from boardkit.slime_culture_center.components import COLOURS
    fill = rng.uniform(0.3, 0.5)
    weights = [rng.random() + 0.3 for _ in COLOURS]
    weights[rng.randrange(len(COLOURS))] += rng.uniform(0, 2)
    left = dict(TILES)
    board = {}
    cancer = ["hand"] * players
    for sq in SQUARES:
        if rng.random() >= fill:
            continue
        colour = rng.choices(COLOURS, weights)[0]
        if not left[colour]:
            continue
        left[colour] -= 1
        r = rng.random()
        if r < 0.03:
            board[sq] = "x:" + colour
        elif r < 0.05 and "hand" in cancer:
            seat = cancer.index("hand")
            cancer[seat] = "board"
            board[sq] = f"cancer:{seat}"
            left[colour] += 1
        else:
            board[sq] = colour
    stock = {c: min(left[c], rng.choice([0, 1, 2, 3, 5, 99])) for c in COLOURS if rng.random() < 0.4}
    return board, stock, cancer


def _crowded_boards(rng):
    """:func:`_crowded_scc` positions whose colours list at most 12
    predations each (more are beyond what the definition can try)."""
    from boardkit.slime_culture_center import checks
    from boardkit.slime_culture_center.components import COLOURS
    while True:
        board_, stock, cancer = _crowded_scc(rng)
        if all(len(checks.predation_pairs(board_, c)) <= 12 for c in COLOURS):
            yield board_, stock, cancer


def _within_budget(monkeypatch):
    """The order comparisons of these tests never run out of positions."""
    from boardkit.slime_culture_center import checks
    spend = checks._spend

    def counted(budget):
        assert budget[0] > 0, "the comparison ran out of positions"
        spend(budget)
    monkeypatch.setattr(checks, "_spend", counted)


def _start_check(board, stock, cancer, players=6):
    """A scenario whose turn player's last action (an exchange) starts the checks."""
    g = SCC.scenario(players=players, board=board, stock=stock, cancer=cancer, actions_left=1)
    events = g.apply(f"exchange {g.state['hands'][0][0]}")
    return g, events


def test_scc_r12_the_example_of_the_ruling_is_not_asked():
    """SCC-R12 (what the whole check leaves): red 2 at a1 b1, blue 1 at c1,
    green 3 at a2-a4. Red eating blue first makes red 3, which then ties
    green 3 (a1 and a2 removed); green first does nothing, red eats blue,
    and green's own step ties red 3 the same way. The two orders end the
    red step differently but leave the same check: nothing is asked."""
    from boardkit.slime_culture_center import checks
    pic = board("RRB.....", "G.......", "G.......", "G.......")
    g = scc(pic, players=3, actions_left=1)
    state, check = copy_state(g.state), {"stage": "predation", "colour": 0, "pairs": None, "groups": None}
    pairs = checks.open_items(state, check)
    assert [checks.pair_action(p) for p in pairs] == ["resolve a1 c1", "resolve a1 a2"]
    assert _every_order(state, pairs, checks._resolve_quietly)       # the red step alone ends two ways
    assert len(set(_option_ends(state, check))) == 1                 # the whole check one way
    assert checks.next_choice(state, check) == "check"
    g.apply("spawn orange h8")
    assert g.state["phase"] == "action" and g.current_player == 1
    assert squares(g, "red") == ["b1", "c1"] and squares(g, "green") == ["a3", "a4"]
    assert g.state["removed"] | {"orange": 0} == {"red": 1, "blue": 1, "green": 1, "orange": 0,
                                                 "purple": 0, "brown": 0}


def test_scc_r12_a_later_decision_is_asked_when_it_comes():
    """SCC-R12: the red step's order cannot change what the check leaves,
    but the death check's can: red is not asked, the cancer groups are."""
    pic = board("RRB.....", "G.......", "G.......", "G.......", "........",
                "........", "1BBBB2..", ".....BBB")
    g = scc(pic, players=3, turn=1, actions_left=1, cancer=["board", "board", "hand"])
    ev = g.apply("spawn orange h1")
    assert any("red slime (3 tiles, a1) and green slime (3 tiles, a2)" in e for e in ev)
    assert g.state["phase"] == "decide" and sorted(g.legal_actions) == ["process a7", "process f7"]


def test_scc_r12_choices_judged_by_the_whole_check_on_crowded_boards(monkeypatch):
    """At every point of the checks of seeded crowded positions,
    ``checks.next_choice`` asks exactly where two choices of the next item
    leave different results of the whole check, by definition (every item
    of every step tried at every choice). Points of both kinds are met, and
    points where the step alone ends two ways but the whole check one."""
    import random

    from boardkit.slime_culture_center import checks
    _within_budget(monkeypatch)
    rng = random.Random(20261203)
    seen = {"points": 0, "ask": 0, "step two ways, check one way": 0, "death": 0}
    positions = _crowded_boards(rng)
    for _ in range(40):
        board_, stock, cancer = next(positions)
        g = SCC.scenario(players=6, board=board_, stock=stock, cancer=cancer, actions_left=1)
        state = copy_state(g.state)
        check = {"stage": "predation", "colour": 0, "pairs": None, "groups": None}
        while (items := checks.open_items(state, check)) is not None:
            if len(items) <= 8:
                options = _option_ends(state, check)
                answer = checks.next_choice(state, check)
                assert (answer == "ask") == (len(set(options)) > 1), (state["board"], check)
                seen["points"] += 1
                seen["ask"] += answer == "ask"
                seen["death"] += check["stage"] == "death"
                if answer != "ask" and checks._step_order_matters(state, check):
                    seen["step two ways, check one way"] += 1
            checks.take(state, check, rng.randrange(len(items)), None)
    assert seen["points"] >= 300 and seen["ask"] >= 50 and seen["death"] >= 20, seen
    assert seen["step two ways, check one way"] >= 2, seen


@pytest.mark.slow
def test_scc_r12_every_decision_offered_can_end_differently_with_6_to_12_pairs(monkeypatch):
    """On seeded crowded boards whose predation steps list 6 to 12 pairs,
    every order decision the game offers has two options that leave
    different results of the whole check (SCC-R12: how many orders there
    are is no reason to ask). Options are taken at random until the check
    is over. Many of those steps ask nothing at all (each of them was once
    asked without a look at the board)."""
    import random
    import re
    _within_budget(monkeypatch)
    rng = random.Random(612)
    steps = {"6-12 pairs": 0, "6-12 asked": 0, "6-12 not asked": 0, "decisions": 0}
    positions = _crowded_boards(rng)
    while steps["6-12 pairs"] < 30:
        board_, stock, cancer = next(positions)
        g, events = _start_check(board_, stock, cancer)
        big = False
        while True:
            for e in events:
                m = re.search(r"捕食チェック .* (\d+) predation", e)
                if m or e.startswith("死滅チェック"):
                    big = bool(m) and 6 <= int(m.group(1)) <= 12
                    steps["6-12 pairs"] += big
                    asked_in_step = False
            if g.state["phase"] != "decide":
                break
            ends = _option_ends(g.state, g.state["check"])
            assert len(set(ends)) >= 2, (g.state["board"], g.state["check"])
            steps["decisions"] += 1
            if big and not asked_in_step:
                steps["6-12 asked"] += 1
                asked_in_step = True
            events = g.apply(rng.choice(list(g.legal_actions)))
    steps["6-12 not asked"] = steps["6-12 pairs"] - steps["6-12 asked"]
    assert steps["6-12 asked"] >= 5 and steps["6-12 not asked"] >= 2, steps
