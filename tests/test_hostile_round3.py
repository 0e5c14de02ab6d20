"""Hostile and odd input, round 3: teacher files and saves within bounded
cost, every refusal typed with a rule id, one gate for options, component
sets and scenario arguments.

The first tests are regressions, one per problem found; the hypothesis
properties at the end throw odd option dicts, component sets and scenario
arguments at all four games: each is refused with a BoardkitError carrying
a rule id, or makes a game that can be played."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardkit
from boardkit import (
    BoardkitError,
    InvalidActionError,
    OptionError,
    SlimeCultureCenter,
    SlimeRace,
    SlipStream,
    StateFileError,
    SuperRace,
)
from boardkit.core import games
from boardkit.core.grid import GridError, square_name
from boardkit.core.saves import MAX_FORCED, MAX_SAVE_BYTES
from boardkit.super_race.track import (
    MAX_CHECKPOINTS,
    MAX_TRACK_SIDE,
    MAX_TRACK_SQUARES,
    read_track,
)

#: every registered game (the tests' example games too)
GAMES = [c for _, c in sorted(games().items())]
#: the games whose registration says they take component files / have scenarios
COMPONENT_GAMES = [c for c in GAMES if c.Rules.info.component_files]
SCENARIO_GAMES = [c for c in GAMES if c.Rules.info.scenarios]


def _rule_of(call):
    """The rule id of the BoardkitError ``call`` raises (it must raise one)."""
    with pytest.raises(BoardkitError) as info:
        call()
    assert info.value.rule, f"{type(info.value).__name__} without a rule: {info.value}"
    return info.value


# ----------------------------------------------------- Super Race: big tracks
def _track(width, height, checkpoints=2, extra=""):
    rows = ["S" + "#" * (width - 1) for _ in range(height)]
    step = max(2, (width - 1) // (checkpoints + 1))
    cps = [f"{i + 1}: " + " ".join(square_name((1 + step * (i + 1), y)) for y in range(height))
           for i in range(checkpoints)]
    return "\n".join(["name: t", "start: east", "legend:", ". = off", "# = grey",
                      "S = grey line", "P = grey line pit", "grid:", *rows, extra, "checkpoints:",
                      *cps]) + "\n"


def test_SU_R8_race_end_distance_by_lap_table_matches_breadth_first_search():
    """A race end's distances (SU-R8/R17) come from the lap table and an A*
    search now; they are the breadth-first search's, in every option."""
    rng = random.Random(26)
    checked = 0
    for seed in range(6):
        opts = dict(track=rng.choice(["indianapolis", "monza"]), clockwise=seed % 2 == 1,
                    laps=1 + seed % 2, shortcut=["always", "first lap", "never"][seed % 3])
        g = SuperRace(players=2, seed=seed, **opts)
        while not g.is_over():
            for s in range(g.players):
                assert g.rules.distance(g._state, s) == g.rules.distance_by_search(g._state, s)
                checked += 1
            g.apply(g.random_action(rng))
    assert checked > 50


def test_SU_files_a_track_beyond_the_limits_is_refused_with_its_rule():
    too_many = _track(MAX_TRACK_SQUARES // 10 + 2, 10) if MAX_TRACK_SQUARES // 10 + 2 \
        <= MAX_TRACK_SIDE else _track(MAX_TRACK_SIDE, MAX_TRACK_SIDE)
    with pytest.raises(GridError, match="at most"):
        read_track(too_many)
    with pytest.raises(GridError, match="at most"):
        read_track(_track(MAX_TRACK_SIDE + 1, 3))
    with pytest.raises(GridError, match="checkpoints"):
        read_track(_track(40, 3, checkpoints=MAX_CHECKPOINTS + 1))
    with pytest.raises(GridError, match="pit lane"):
        read_track(_track(20, 3).replace("S###", "P###", 1))
    read_track(_track(40, 3, checkpoints=MAX_CHECKPOINTS))      # at the limits: fine
    err = _rule_of(lambda: SuperRace(track=_track(MAX_TRACK_SIDE + 1, 3)))
    assert err.rule == "SU-files"


def test_a_huge_text_save_is_measured_in_bytes_not_characters():
    text = "é" * (MAX_SAVE_BYTES // 2 + 10)        # fewer characters than the limit, more bytes
    assert len(text) < MAX_SAVE_BYTES < len(text.encode())
    err = _rule_of(lambda: boardkit.load(text))
    assert isinstance(err, StateFileError) and "bytes" in str(err)


def test_a_saves_top_level_forced_queue_is_limited():
    g = SuperRace(players=1, seed=1)
    data = g.to_dict()
    data["forced"] = ["roll rs rs rs rs rs"] * (MAX_FORCED + 1)
    err = _rule_of(lambda: boardkit.load(json.dumps(data)))
    assert isinstance(err, StateFileError) and err.rule == "SU-files"
    with pytest.raises(InvalidActionError, match="at most"):
        g.force(*["roll rs rs rs rs rs"] * (MAX_FORCED + 1))
    assert g.to_dict()["forced"] == []


# --------------------------------------------------------- Slime Race files
@pytest.mark.parametrize("edit", [("slimes", 0, "name", 5), ("odds", 0, "multiplier", "5"),
                                  ("hand_size", True), ("slime_cards", 0, "values", ["5"]),
                                  ("monsters", 7)])
def test_slime_race_component_data_are_type_checked(edit):
    d = SlimeRace().components.data
    *path, field, value = edit
    target = d
    for p in path:
        target = target[p]
    target[field] = value
    err = _rule_of(lambda: SlimeRace(players=2, seed=1, components=d))
    assert isinstance(err, OptionError) and err.rule == "SR-files"
    # the same edit inside a save: a StateFileError, not a TypeError
    save = SlimeRace(players=2, seed=1).to_dict()
    save["components"]["data"] = d
    err = _rule_of(lambda: boardkit.load(json.dumps(save)))
    assert isinstance(err, StateFileError) and err.rule.startswith("SR-")


# ------------------------------------------------------------- scenarios
@pytest.mark.parametrize("call", [
    lambda: SuperRace.scenario(players=1, cars=["g12 east", "g12 east"]),
    lambda: SuperRace.scenario(cars=[5]),
    lambda: SuperRace.scenario(dice="rs"),
    lambda: SlipStream.scenario(scores=5),
    lambda: SlipStream.scenario(red=[1, 2]),
    lambda: SlimeRace.scenario(bets="x"),
    lambda: SlimeRace.scenario(bets={0: 5}),
    lambda: SlimeRace.scenario(hands=[[5]]),
    lambda: SlimeCultureCenter.scenario(board=5),
    lambda: SlimeCultureCenter.scenario(board={"c4": 5}),
], ids=["SU-cars-too-many", "SU-car-int", "SU-dice-str", "SS-scores", "SS-red-ints",
        "SR-bets-str", "SR-bets-int", "SR-hand-int", "SCC-board-int", "SCC-square-int"])
def test_scenario_with_wrong_type_arguments_is_refused_with_a_rule(call):
    err = _rule_of(call)
    assert isinstance(err, (OptionError, StateFileError))


def test_slip_stream_course_of_mixed_types_is_an_option_error():
    err = _rule_of(lambda: SlipStream(course=[1, "a", 3, 4, 5, 6, 7]))
    assert isinstance(err, OptionError) and "course" in str(err) and err.rule == "SS-options"


# ------------------------------------------------------------- rule ids
def test_option_errors_carry_the_rule_their_message_names():
    err = _rule_of(lambda: SuperRace(oil=[1]))
    assert err.rule == "SU-R9" and "SU-R9" in str(err)
    assert _rule_of(lambda: SlimeRace(players=9)).rule == "SR-R1"
    assert _rule_of(lambda: SlimeRace(colour="red")).rule == "SR-options"
    assert _rule_of(lambda: SlipStream(score_tile=99)).rule == "SS-options"
    assert _rule_of(lambda: SlimeRace(seed="x")).rule == "SR-options"
    assert _rule_of(lambda: boardkit.load("[]")).rule == "BK-files"
    assert _rule_of(lambda: SlipStream.make_options(pie_rule=1)).rule == "SS-R10"
    assert _rule_of(lambda: SlimeCultureCenter.make_options(colour=1)).rule == "SCC-options"


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
def test_force_refusals_carry_a_rule_id(cls):
    g = cls(players=cls.min_players, seed=1)
    before = g.to_json()
    for bad in (5, None, "x" * 3000, "pass now"):
        err = _rule_of(lambda bad=bad: g.force(bad))
        assert isinstance(err, InvalidActionError)
    assert g.to_json() == before


def test_super_race_chance_hint_is_a_real_roll():
    g = SuperRace(players=1, seed=1)
    with pytest.raises(InvalidActionError) as info:
        g.force("drive red i12 j12")
    assert info.value.rule == "SU-chance"
    example = str(info.value).split("look like ")[1].strip("'")
    assert example != "roll 0"
    g.force(example)                                 # the hint itself is accepted
    assert g.to_dict()["forced"] == [g.rules.parse(example)]


def test_force_first_7_in_a_two_player_slime_race_is_refused_when_queued():
    g = SlimeRace(players=2, seed=1)
    with pytest.raises(InvalidActionError, match="first") as info:
        g.force("first 7")
    assert info.value.rule == "SR-chance"
    assert g.to_dict()["forced"] == []
    g.apply(next(iter(g.legal_actions)))             # the next legal move is not refused
    for cls in (SlimeCultureCenter, SlipStream):
        h = cls(players=2, seed=1)
        with pytest.raises(InvalidActionError):
            h.force("first 2")
    # a seat that exists is still accepted
    SlimeRace(players=2, chance=["first 1"])


# ------------------------------------------------------------- properties
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 40), st.sampled_from([10**30, -10**30, 2**63]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.sampled_from(["red", "e5", "g12 east", "1-2", "first 1", "roll rs", "always", "ruled",
                     "a1", "#1", "standard", "red+5"]),
    st.lists(st.integers(0, 9), max_size=6), st.lists(st.text(max_size=4), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.just(list(range(3000))),                      # huge
)

OPTION_VALUES = {
    "target": st.one_of(ODD, st.integers(1, 60)),
    "settlement": st.one_of(ODD, st.sampled_from(["ruled", "printed"])),
    "clockwise": st.one_of(ODD, st.booleans()), "laps": st.one_of(ODD, st.sampled_from([1, 2])),
    "shortcut": st.one_of(ODD, st.sampled_from(["always", "first lap", "never"])),
    "oil": st.one_of(ODD, st.lists(st.sampled_from(["g12", "h12", "zz9", 5]), max_size=12)),
    "races": st.one_of(ODD, st.integers(0, 25)),
    "scoring": st.one_of(ODD, st.sampled_from(["squares", "positions"])),
    "score_tile": st.one_of(ODD, st.integers(0, 25)),
    "course": st.one_of(ODD, st.permutations(range(1, 8)).map(list)),
    "pie_rule": st.one_of(ODD, st.booleans()),
}


def _playable_or_refused(make):
    """``make()`` raises a BoardkitError with a rule id, or gives a game on
    which a legal action can be taken (or which is over)."""
    try:
        g = make()
    except BoardkitError as err:
        assert err.rule, f"{type(err).__name__} without a rule: {err}"
        return None
    if not g.is_over():
        g.apply(g.random_action(random.Random(0)))
    return g


SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.__name__)
@SETTINGS
@given(data=st.data())
def test_odd_option_dicts_are_refused_with_a_rule_or_playable(cls, data):
    keys = list(cls.default_options) + ["players", "seed", "chance", "colour"]
    chosen = data.draw(st.lists(st.sampled_from(keys), unique=True, max_size=4))
    opts = {k: data.draw(OPTION_VALUES.get(k, ODD), label=k) for k in chosen}
    _playable_or_refused(lambda: cls(**opts))


def _paths(value, prefix=()):
    """Every path into a plain-JSON value (lists only their first 3 items)."""
    yield prefix
    if isinstance(value, dict):
        for k in list(value)[:12]:
            yield from _paths(value[k], prefix + (k,))
    elif isinstance(value, list):
        for i in range(min(3, len(value))):
            yield from _paths(value[i], prefix + (i,))


@pytest.mark.parametrize("cls", COMPONENT_GAMES, ids=lambda c: c.__name__)
@SETTINGS
@given(data=st.data())
def test_odd_component_sets_are_refused_with_a_rule_or_playable(cls, data):
    base = cls(players=cls.min_players).components.data
    paths = [p for p in _paths(base) if p]
    d = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target = d
        try:
            for p in path[:-1]:
                target = target[p]
            how = data.draw(st.sampled_from(["replace", "delete", "grow"]))
            if how == "delete" and isinstance(target, dict):
                target.pop(path[-1], None)
            elif how == "grow" and isinstance(target[path[-1]], list) and len(target[path[-1]]) < 1000:
                # (grown once or twice: a list grown three times, 200³ × its length, would cost
                # this test a minute and a gigabyte before the game ever sees it)
                target[path[-1]] = target[path[-1]] * 200
            else:
                target[path[-1]] = data.draw(ODD)
        except (KeyError, IndexError, TypeError):
            continue                                   # an earlier edit removed the path
    if not boardkit.core.rules.is_plain_json(d):
        return
    players = data.draw(st.integers(cls.min_players, cls.max_players))
    _playable_or_refused(lambda: cls(players=players, seed=1, components=d))
    # the same component set inside a save
    save = cls(players=cls.min_players, seed=1).to_dict()
    save["components"]["data"] = d
    _playable_or_refused(lambda: boardkit.load(json.dumps(save)))


#: the arguments thrown at a game's scenario, by registered name (a game not
#: listed gets odd values for every argument its ``scenario`` names)
SCENARIO_ARGS = {
    "slime_race": {"positions": st.one_of(ODD, st.fixed_dictionaries({"red": st.integers(-3, 80)})),
                "hands": ODD, "deck": ODD, "bets": ODD, "turn": ODD, "first": ODD,
                "scores": ODD, "target": ODD, "finished": ODD, "draw": ODD, "players": ODD},
    "slime_culture_center": {"board": st.one_of(ODD, st.fixed_dictionaries(
                             {"c4": st.sampled_from(["red", "x:blue", "cancer:1", 5])})),
                         "turn": ODD, "actions_left": ODD, "hands": ODD, "revealed": ODD,
                         "cancer": ODD, "stock": ODD, "removed": ODD, "draw": ODD,
                         "players": ODD},
    "super_race": {"cars": st.one_of(ODD, st.lists(st.sampled_from(
                    ["g12 h12 east", "g12 east", "a1", 5, {"path": 5}]), max_size=5)),
                "turn": ODD, "dice": st.one_of(ODD, st.lists(st.sampled_from(
                    ["rs", "rc", "bc", "ys", "zz", 3]), max_size=6)),
                "roll": ODD, "rolls": ODD, "extra": ODD, "players": ODD},
    "slip_stream": {"red": ODD, "blue": ODD, "course": ODD, "turn": ODD, "colours": ODD,
                 "scores": ODD, "wheels": ODD, "goal": ODD, "turbo": ODD, "phase": ODD,
                 "first": ODD, "pie_rule": ODD},
}


def _scenario_args(cls):
    if cls.Rules.info.name in SCENARIO_ARGS:
        return SCENARIO_ARGS[cls.Rules.info.name]
    import inspect
    names = [p.name for p in inspect.signature(cls.scenario).parameters.values()
             if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    return {name: ODD for name in names}


@pytest.mark.parametrize("cls", SCENARIO_GAMES, ids=lambda c: c.__name__)
@SETTINGS
@given(data=st.data())
def test_odd_scenario_arguments_are_refused_with_a_rule_or_playable(cls, data):
    args = _scenario_args(cls)
    chosen = data.draw(st.lists(st.sampled_from(sorted(args)), unique=True, max_size=4))
    kwargs = {k: data.draw(args[k], label=k) for k in chosen}
    _playable_or_refused(lambda: cls.scenario(**kwargs))


def test_every_registered_game_is_covered_by_the_properties():
    """Every registered game gets odd options; those that say they take
    component files or have scenarios get odd ones of those, and say so
    truly (a ``scenario`` constructor; a component set read from data)."""
    assert {c.Rules.info.name for c in GAMES} == set(games())
    for cls in GAMES:
        assert cls.Rules.info.scenarios == callable(getattr(cls, "scenario", None)), cls.__name__
    assert {c.Rules.info.name for c in COMPONENT_GAMES} >= {
        n for n, c in games().items() if c.__module__.startswith("boardkit.")}
