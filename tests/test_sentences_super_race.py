"""Every verdict notebook 02 (Super Race) states in words is tied to the
quantity it states.

Each claim is a fragment of the notebook's text (editing the sentence means
editing this test), the function that computes the quantity, and what the
sentence says of it. For every claim the test checks

(a) the fragment is still in the notebook;
(b) the quantity, computed from what the notebook shows (its stored samples,
    or the position it sets up), gives the stated verdict or number;
(c) for a sampled quantity, the same quantity from a second sample of the
    same size drawn from other seeds does not say the opposite. The second
    samples (``notebooks/data/super_race_*_second.json``, seeds 1000 on) are
    made by the script that makes the first ones::

        .venv/bin/python benchmarks/super_race.py --games 200 --workers 2 --second

Exact claims (a position, a fixed roll, an exact chance) are the same for
every seed: they have no second sample.
"""
from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from boardkit import SuperRace
from boardkit.stats import mean_interval, verdict, wilson
from boardkit.super_race.analysis import compare_laps, lap_summary, way_to_line

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "02_super_race.ipynb"
DATA = ROOT / "notebooks" / "data"
SECOND = "_second"
OPPOSITE = {"more than zero": "less than zero", "less than zero": "more than zero",
            "more than a tenth": "less than a tenth", "less than a tenth": "more than a tenth"}


def _words(text: str) -> str:
    return " ".join(text.split())


@cache
def _prose() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return _words(" ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown"))


@cache
def _sample(stem: str) -> list[dict]:
    return json.loads((DATA / f"{stem}.json").read_text(encoding="utf-8"))["result"]


# ---------------------------------------------------------------- sampled claims
def wins_careful_minus_bold(which: str = "") -> tuple[float, float, float]:
    """Four-player races, race by race: careful planner's win minus the bold one's."""
    races = _sample("super_race_races_four" + which)

    def won(race, strategy):
        return race["strategies"].index(strategy) in race["winners"]
    return mean_interval([won(r, "planner") - won(r, "bold") for r in races])


def _laps(which: str) -> dict:
    return compare_laps(_sample("super_race_solo_indianapolis" + which),
                        _sample("super_race_solo_indianapolis_bold" + which))


def turns_careful_minus_bold(which: str = "") -> tuple[float, float, float]:
    return _laps(which)["turns"]


def stuck_careful_minus_bold(which: str = "") -> tuple[float, float, float]:
    return _laps(which)["stuck_difference"]


def planner_stuck_share(which: str = "") -> tuple[float, float, float]:
    laps = _sample("super_race_solo_indianapolis" + which)
    k = sum(not r["finished"] for r in laps)
    return (k / len(laps), *wilson(k, len(laps)))


#: (fragments of the sentence, the quantity, its reference and name, the verdict the sentence states)
SAMPLED = [
    (["**Less often: the careful planner wins more.**",
      "the careful planner's wins minus the bold planner's are *more than zero*",
      "so 200 races rule out luck"],
     wins_careful_minus_bold, (0.0, "zero"), "more than zero"),
    (["What the careful planner does better is drive faster",
      "a difference whose whole interval is *less than zero*"],
     turns_careful_minus_bold, (0.0, "zero"), "less than zero"),
    (["Not because the bold planner gets stuck more often",
      "the difference is *not distinguishable from zero* — these laps cannot tell which one gets stuck more"],
     stuck_careful_minus_bold, (0.0, "zero"), "not distinguishable from zero"),
    (["keeps away from edges and is rarely stuck (5 of its 200 solo laps on Indianapolis)"],
     planner_stuck_share, (0.1, "a tenth"), "less than a tenth"),
]


@pytest.mark.parametrize("fragments, quantity, reference, said", SAMPLED,
                         ids=[q.__name__ for _, q, _, _ in SAMPLED])
def test_a_sampled_verdict_is_what_the_stored_data_say_and_a_second_sample_does_not_contradict(
        fragments, quantity, reference, said):
    for fragment in fragments:
        assert _words(fragment) in _prose(), f"the notebook no longer says: {fragment}"
    _, low, high = quantity()
    assert verdict(low, high, *reference) == said, (quantity.__name__, low, high)
    _, low2, high2 = quantity(SECOND)
    again = verdict(low2, high2, *reference)
    assert again != OPPOSITE.get(said), f"{quantity.__name__}: a second sample says {again}"


def test_the_numbers_the_answer_on_strategies_gives_are_the_stored_ones():
    careful = lap_summary(_sample("super_race_solo_indianapolis"))
    bold = lap_summary(_sample("super_race_solo_indianapolis_bold"))
    said = f"drive faster: {careful['mean']:.1f} turns a lap against {bold['mean']:.1f}"
    assert said in _prose()
    said = f"got stuck {bold['stuck']} times in {bold['laps']} and the careful one {careful['stuck']} times"
    assert said in _prose()
    assert f"rarely stuck ({careful['stuck']} of its {careful['laps']} solo laps" in _prose()
    assert f"so {len(_sample('super_race_races_four'))} races rule out luck" in _prose()


def test_the_second_samples_are_the_first_ones_size_from_other_seeds():
    for stem in ("super_race_solo_indianapolis", "super_race_solo_indianapolis_bold",
                 "super_race_races_four"):
        first, second = _sample(stem), _sample(stem + SECOND)
        assert len(first) == len(second)
        assert not {r["seed"] for r in first} & {r["seed"] for r in second}


# ---------------------------------------------------------------- exact claims
LAP = ("g11 h11 i11 j11 k11 k10 k9 k8 k7 k6 k5 k4 k3 j3 i3 h3 g3 f3 e3 d3 c3 c4 c5 c6 "
       "c7 c8 c9 c10 c11 d11 e11")
PIT = "g11 h11 i11 j11 k11 k10 north"
EDGE = "g13 h13 i13 j13 k13 l13 m13 n13 o13 p13 q13 r13 s13 t13 east"


def _drives(game) -> list[str]:
    return [a for a in game.legal_actions if a.startswith("drive")]


def plain_go_next_square():
    go = SuperRace(players=2, seed=1, chance=["roll rc rs ys bs bc", "roll rs ys bs"])
    go.apply("keep rc rs")
    go.apply("drive red g12 h12 i12 north")
    car = go.state["cars"][0]
    return go.track.next[car["path"][-1]][car["exit"]]


def no_colour_fits_k9():
    return list(SuperRace.scenario(players=2, cars=[PIT], dice=["rs", "rs", "rc", "ys", "yc"], roll=3)
                .legal_actions)


def blue_placements():
    return _drives(SuperRace.scenario(players=2, cars=[PIT], dice=["bs", "bc", "rs", "ys", "yc"], roll=3))


def blue_leaves_a_car_that_can_move():
    blue = SuperRace.scenario(players=2, cars=[PIT], dice=["bs", "bc", "rs", "ys", "yc"], roll=3)
    blue.apply("drive blue k9 l9")
    return blue.rules.can_move(blue.state, 0)


def forced_to_the_edge():
    return list(SuperRace.scenario(cars=[EDGE], dice=["rs", "ys", "ys", "bs", "bs"], roll=3).legal_actions)


def edgar_can_reach_k10():
    edgar = SuperRace.scenario(cars=["g11 h11 i11 j11 east"], dice=["rs", "bs", "bc", "ys", "yc"], roll=3)
    return any("k10" in a.split() for a in _drives(edgar))


def melanie_colours_and_who_moves_after():
    row = "g11 h11 i11 j11 k11 l11 m11 n11 o11 p11 q11 east"
    melanie = SuperRace.scenario(players=2, cars=[row, "g12 east"], dice=["rs", "rs", "rc", "ys", "bs"],
                                 roll=3, rolls=[["bc", "rc", "rc", "yc", "yc"]])
    melanie.apply("drive red r11 s11 t11 north")
    colours = sorted({a.split()[1] for a in _drives(melanie)})
    melanie.apply("drive yellow t10 u10 north")
    return colours, melanie.state["turn"], melanie.state["extra"]


def finish_tie():
    finish = SuperRace.scenario(players=2, cars=[LAP + " f11 south", LAP + " south"],
                                dice=["rc", "rs", "rs", "ys", "ys"], roll=3,
                                rolls=[["bc", "bs", "bs", "bs", "ys"], ["rs", "rs", "rs", "yc", "bc"],
                                       ["rs", "yc", "yc", "yc", "yc"]])
    finish.apply("drive red f12 g12 h12")
    finish.apply("drive blue e12 f12 g12 h12")
    return [car["past"] for car in finish.state["cars"]], finish.outcome()


def three_red_keeps():
    from boardkit.super_race.odds import at_least, best_policy
    options = dict(best_policy(at_least(3, "r")).keep_options(("rc", "rc", "bs", "ys", "yc"), 1))
    best = max(options, key=options.get)
    return best, options[best], f"{100 * float(options[()]):.1f}"


def second_lap_way():
    day = SuperRace.scenario(cars=[LAP + " f11 f12 g12 h12 east"], laps=2)
    way = way_to_line(day, 0)
    fresh = SuperRace(players=1)
    return day.distance(0), fresh.rules.remaining(fresh.state, 0), "k10" in way, "l10" in way


def clockwise_start_and_distances():
    cw = SuperRace.scenario(clockwise=True, dice=["rs", "rs", "rc", "ys", "bs"])
    refused = cw.attempt("drive red h12 i12 j12")
    turned = SuperRace.scenario(cars=["g12 f12 f11 g11 h11 i11 j11 k11 east"], clockwise=True)
    onwards = SuperRace.scenario(cars=["g12 f12 e12 d12 c12 west"], clockwise=True)
    return (str(refused).startswith("SU-R5"), turned.distance(0), onwards.distance(0),
            turned.state["cars"][0]["cp"])


def _player2(car: str):
    return SuperRace.scenario(players=2, cars=[LAP + " f11 south", car])


def championship_race_one():
    champ = SuperRace.scenario(players=2, cars=[LAP + " f11 south", "g12 h12 i12 east"], races=2,
                               dice=["rc", "rs", "rs", "rs", "ys"], roll=3,
                               rolls=[["bs", "bs", "rc", "ys", "yc"]])
    before = champ.distance(1)
    champ.apply("drive red f12 g12 h12 i12")
    champ.apply("drive blue j12 k12")
    race1 = champ.state["results"][0]
    return race1["points"], champ.state["starter"], before, race1["distance"][1]


def ways_to_the_line():
    before = way_to_line(_player2("g12 h12 i12 east"), 1)
    east = way_to_line(_player2("g12 h12 i12 j12 k12 east"), 1)
    north = _player2("g12 h12 i12 j12 k12 north")
    return (len(before), before[2], len(east), east[:2], north.distance(1),
            _player2("g12 h12 i12 j12 k12 east").distance(1))


def position_points_race():
    pos = SuperRace.scenario(players=4, scoring="positions",
                             cars=[LAP + " f11 south", LAP + " south", "g12 h12 i12 east",
                                   LAP.split(" c7")[0] + " south"],
                             dice=["rc", "rs", "rs", "rs", "ys"], roll=3,
                             rolls=[["yc", "ys", "ys", "bs", "rc"], ["bs", "bs", "rc", "ys", "yc"],
                                    ["rs", "rs", "ys", "bs", "bc"]])
    for action in ("drive red f12 g12 h12 i12", "drive yellow e12 f12 g12", "drive blue j12 k12",
                   "drive red c7 c8"):
        pos.apply(action)
    return pos.state["results"][0]["past"]


#: (fragments of the sentence, the quantity, what the sentence says it is)
EXACT = [
    (["**i11**, the square north of i12"], plain_go_next_square, "i11"),
    (["The only legal action is `forfeit`"], no_colour_fits_k9, ["forfeit"]),
    (["Exactly **one**: `drive blue k9 l9`"], blue_placements, ["drive blue k9 l9"]),
    (["so no roll can move it again (SU-R16)"], blue_leaves_a_car_that_can_move, False),
    (["so the one red straight is the only colour that fits"], forced_to_the_edge, ["drive red u13"]),
    (["**No.** To reach k10"], edgar_can_reach_k10, False),
    (["**Yellow**, and **no third go**"], melanie_colours_and_who_moves_after, (["yellow"], 1, False)),
    (["**Nobody yet.** Both are **1 square** past the line"], finish_tie, ([1, 1], None)),
    (["Keep **the two reds** and roll three dice", "1 − (2/3)³ = 19/27 ≈ 70.4 %",
      "a much worse 21.0 %"], three_red_keeps, (("rc", "rc"), Fraction(19, 27), "21.0")),
    (["up the pit lane's other column, L, and round the outer lane, 40 squares instead of 33"],
     second_lap_way, (40, 33, False, True)),
    (["**No, and turning round does not help.**", "so `h12 i12 j12` is refused (SU-R5)",
      "drove 8 squares the usual way is 46 squares from the finish; the one that drove 5 squares on west "
      "is 31 away", "its checkpoints stay at 0 of 2"],
     clockwise_start_and_distances, (True, 46, 31, 0)),
    (["**Player 1 scores +2, Player 2 scores −31; Player 2 starts race 2.**",
      "Player 2 was 31 squares from the line before its go, and drawing J12 K12 left it still 31 away"],
     championship_race_one, ([2, -31], 1, 31, 31)),
    (["its shortest way was J12, K12, then north up column K — 31 squares",
      "so the way now enters L12 and turns north one column further out, up column L",
      "would have left 29"],
     ways_to_the_line, (31, "k11", 31, ["l12", "l11"], 29, 31)),
    (["Player 1 draws two squares past the line, Player 2 stops right on it, Players 3 and 4 are still "
      "on their way"], position_points_race, [2, 0, None, None]),
]


@pytest.mark.parametrize("fragments, quantity, said", EXACT, ids=[q.__name__ for _, q, _ in EXACT])
def test_an_exact_claim_is_what_its_position_gives(fragments, quantity, said):
    for fragment in fragments:
        assert _words(fragment) in _prose(), f"the notebook no longer says: {fragment}"
    assert quantity() == said
