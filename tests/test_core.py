"""The shared protocol: errors, undo, replay, save/load, chance forcing."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardkit
from boardkit import (
    GameOverError,
    GreedyBot,
    IllegalActionError,
    InvalidActionError,
    NothingToUndoError,
    RandomBot,
    SlimeRace,
    StateFileError,
    play_out,
)
from boardkit.core import CHANCE


def test_errors_are_value_errors():
    for cls in (boardkit.IllegalActionError, boardkit.InvalidActionError, boardkit.OptionError,
                boardkit.StateFileError, boardkit.GameOverError, boardkit.NothingToUndoError):
        assert issubclass(cls, ValueError)


def test_illegal_message_names_rule_and_situation():
    g = SlimeRace(players=2, seed=0, chance=["first 1"])
    with pytest.raises(IllegalActionError) as info:
        g.apply("play red+5")
    msg = str(info.value)
    assert "SR-R3" in msg and "Teeny Sanguini" in msg and "betting round 1" in msg


def test_legal_actions_view():
    g = SlimeRace(players=2, seed=0)
    assert "bet 1-2" in g.legal_actions and "bet 1-9" not in g.legal_actions
    assert 12 not in g.legal_actions
    assert len(g.legal_actions) == 10
    assert "bet 1-2" in repr(g.legal_actions)


def test_undo_restores_exact_state_and_log():
    g = SlimeRace(players=2, seed=3)
    states = [g.state]
    for _ in range(8):
        g.apply(sorted(g.legal_actions)[-1])
        states.append(g.state)
    for expected in reversed(states[:-1]):
        g.undo()
        assert g.state == expected
    with pytest.raises(NothingToUndoError):
        g.undo()


def test_undo_to_seat_skips_back_over_other_seats():
    g = SlimeRace(players=3, seed=0, chance=["first 0"])
    start = g.state
    for _ in range(3):
        g.apply("bet 1-2")
    g.undo(to_seat=0)
    assert g.state == start


def test_save_load_round_trip_is_exact():
    g = SlimeRace(players=3, seed=11)
    play_out(g, [RandomBot(1), RandomBot(2), GreedyBot(3)])
    text = g.to_json()
    again = boardkit.load(text)
    assert again.state == g.state and again.to_json() == text
    assert again.outcome() == g.outcome()


def test_scenario_save_load_round_trip():
    g = SlimeRace.scenario(players=2, positions={"red": 40}, hands=[["dash1"], ["red+5"]],
                           bets={0: ["1-2"] * 3, 1: ["4-5"] * 3})
    g.apply("play dash1")
    again = boardkit.load(g.to_json())
    assert again.state == g.state


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.update(format="x"), "unknown format"),
    (lambda d: d.update(game="chess"), "unknown game"),
    (lambda d: d["log"].append(["chance", "first 0"]), "log entry"),
    (lambda d: d["log"].__setitem__(3, [0, "bet 9-9"]), "does not replay|log entry"),
    (lambda d: d["state"]["scores"].__setitem__(0, 99), "does not match"),
    (lambda d: d.update(log="rm -rf /"), "list of"),
    (lambda d: d.update(options={"players": 9}), "bad options"),
    (lambda d: d.pop("seed"), "lacks"),
])
def test_load_rejects_bad_files(mutate, match):
    g = SlimeRace(players=2, seed=1)
    for _ in range(5):
        g.apply("bet 1-3")
    data = json.loads(g.to_json())
    mutate(data)
    with pytest.raises(StateFileError, match=match):
        boardkit.load(json.dumps(data))


def test_load_rejects_non_json():
    with pytest.raises(StateFileError, match="not valid JSON"):
        boardkit.load("{nope")


def test_chance_is_seeded_and_logged():
    a, b = SlimeRace(players=4, seed=8), SlimeRace(players=4, seed=8)
    assert a.state == b.state
    assert [e.player for e in a.log] == [CHANCE, CHANCE]
    assert SlimeRace(players=4, seed=9).state["hands"] != a.state["hands"]


def test_force_outcome_that_does_not_fit_changes_nothing():
    g = SlimeRace.scenario(players=2, positions={"red": 75, "green": 68}, finished=["red"],
                           hands=[["green+5"], ["blue+4"]], bets={0: ["1-2"] * 3, 1: ["1-2"] * 3})
    before, log = g.state, len(g.log)
    # a seat that does not exist can never fit: refused when queued
    with pytest.raises(InvalidActionError, match="forced chance outcome"):
        g.force("first 7")
    assert g.to_dict()["forced"] == []
    # a deal too short fits the options but not the moment: checked when
    # the next race is set up
    g.force("first 1", "deal red+5")
    with pytest.raises(IllegalActionError, match="forced chance outcome"):
        g.apply("play green+5")
    assert g.state == before and len(g.log) == log


def test_preview_does_not_change_the_game():
    g = SlimeRace(players=2, seed=0)
    before = g.state
    after = g.preview("bet 4-5")
    assert g.state == before and after != before


def test_game_over_error():
    g = SlimeRace(players=2, seed=0, target=1)
    play_out(g, [RandomBot(0), RandomBot(1)])
    with pytest.raises(GameOverError, match="game is over"):
        g.apply("bet 1-2")


def test_repr_is_stable_and_has_no_address():
    g = SlimeRace(players=2, seed=0)
    assert repr(g) == repr(SlimeRace(players=2, seed=0))
    assert "0x" not in repr(g)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 100), max_size=60),
       junk=st.text(max_size=12))
def test_property_any_legal_sequence_keeps_invariants_and_junk_is_rejected(seed, picks, junk):
    g = SlimeRace(players=2 + seed % 4, seed=seed, target=25)
    for k in picks:
        if g.is_over():
            break
        before = g.state
        if junk.strip() and junk not in g.legal_actions:
            with pytest.raises(ValueError):
                g.apply(junk)
            assert g.state == before
        legal = sorted(g.legal_actions)
        g.apply(legal[k % len(legal)])
        g.rules.validate_state(g.state)
    assert boardkit.load(g.to_json()).state == g.state


def test_candidates_read_like_the_written_out_list():
    from boardkit.core.rules import Candidates
    c = Candidates()
    c.add("move c4 ", ["c5", "d4"])
    c.add("inject ", [])
    c.add("pass", [""])
    written = ["move c4 c5", "move c4 d4", "pass"]
    assert list(c) == written and len(c) == 3
    assert [c[i] for i in range(-3, 3)] == written + written and c[1:] == written[1:]
    with pytest.raises(IndexError):
        c[3]


def test_sub_step_frames_and_checkpoints_are_independent_copies():
    from boardkit import SlimeCultureCenter
    g = SlimeCultureCenter(players=3, seed=4)
    play_out(g, [RandomBot(s) for s in range(3)])
    i = next(i for i in range(len(g.log)) if g.entry_frames(i))
    first = g.entry_frames(i)[0][1]
    first["board"]["a1"] = "changed"
    assert g.entry_frames(i)[0][1] != first and g.frame_state(i, 0) == g.entry_frames(i)[0][1]
    assert g.frame_captions(i) == tuple(c for c, _ in g.entry_frames(i))
    before = g.state_before(17)
    before["board"].clear()
    assert g.state_before(17) != before


def test_a_drawn_action_is_trusted_only_where_it_was_drawn():
    """random_action draws from the legal actions, so apply takes it without
    checking again — at that position only. After any other change (a
    move, an undo) the same words are checked like any input."""
    import random as _random
    game = SlimeRace(players=2, seed=3)
    rng = _random.Random(0)
    while sum(game.state["coins"]) > 1:      # bet until one coin is left
        game.apply(game.random_action(rng))
    last_bet = game.random_action(rng)
    other = next(a for a in game.legal_actions if a != last_bet)
    game.apply(other)                        # every coin is bet: the race starts
    before = game.state
    with pytest.raises(IllegalActionError) as info:
        game.apply(last_bet)                 # drawn before that move: checked, refused
    assert info.value.rule == "SR-R3" and game.state == before
    card = game.random_action(rng)
    assert card.startswith("play ")
    game.undo()                              # back to the last bet
    with pytest.raises(IllegalActionError) as info:
        game.apply(card)
    assert info.value.rule == "SR-R4"
    game.apply(last_bet)
    assert game.actions[-1] == last_bet
