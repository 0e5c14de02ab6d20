"""Super Race made fast without changing a game: a track read once per
content and shared, the stuck check from the square ahead, keeps and
children made cheaply. Each fast way is checked against the plain one."""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

import boardkit.super_race.track as track_module
from boardkit import CHANCE, SuperRace
from boardkit.core.rules import copy_json
from boardkit.super_race.placements import LETTER
from boardkit.super_race.rules import DICE, FACES, _keeps
from boardkit.super_race.track import COLOURS, TRACKS, Track


def _count_tracks(monkeypatch) -> list:
    made: list = []
    real = Track.__init__

    def counting(self, grid):
        made.append(grid)
        real(self, grid)

    monkeypatch.setattr(Track, "__init__", counting)
    return made


def test_SU_files_a_track_file_is_read_and_checked_once_per_content(tmp_path, monkeypatch):
    text = (TRACKS / "monza.txt").read_text(encoding="utf-8")
    path = tmp_path / "my_track.txt"
    path.write_text(text.replace("name: Monza", "name: My track"), encoding="utf-8")
    made = _count_tracks(monkeypatch)
    first = SuperRace(players=2, track=str(path))
    again = SuperRace(players=3, seed=4, track=str(path))
    assert len(made) == 1                                   # checked once, then reused
    assert again.track is first.track and first.track.name == "My track"
    # a game loaded from a save (the board's data) finds the same track
    assert SuperRace.from_state(first.state, components=first.components.data).track is first.track
    assert len(made) == 1
    # the teacher changes the file: new content, read and checked again
    path.write_text(text.replace("name: Monza", "name: My track 2"), encoding="utf-8")
    changed = SuperRace(players=2, track=str(path))
    assert len(made) == 2 and changed.track is not first.track
    assert changed.track.name == "My track 2"


def test_SU_files_a_bad_track_is_refused_every_time(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("name: bad\nstart: up\nlegend:\n# = grey\nS = grey line\ngrid:\n#S#\n",
                    encoding="utf-8")
    for _ in range(2):                      # nothing kept from a refused file
        with pytest.raises(Exception, match="start"):
            SuperRace(players=1, track=str(path))


def test_SU_files_a_shared_track_never_changes():
    track = SuperRace(players=1).track
    assert track is SuperRace(players=4, seed=9).track
    with pytest.raises(AttributeError, match="never changes"):
        track.name = "Other"
    with pytest.raises(TypeError):
        track.squares["g12"] = None                       # type: ignore[index]
    with pytest.raises(TypeError):
        track.next["g12"]["east"] = None                  # type: ignore[index]
    assert isinstance(track.line, tuple) and isinstance(track.checkpoints, tuple)
    import copy
    import pickle
    assert copy.deepcopy(track) is track
    assert pickle.loads(pickle.dumps(track)) is track     # found again by its content


def test_SU_files_the_kept_tracks_are_bounded(tmp_path):
    text = (TRACKS / "monza.txt").read_text(encoding="utf-8")
    for i in range(track_module.MAX_KEPT_TRACKS + 5):
        path = tmp_path / f"t{i}.txt"
        path.write_text(text.replace("name: Monza", f"name: Track {i}"), encoding="utf-8")
        SuperRace(players=1, track=str(path))
    assert len(track_module._TRACKS) <= track_module.MAX_KEPT_TRACKS
    assert len(track_module._TEXTS) <= track_module.MAX_KEPT_TRACKS


def _can_move_by_placements(rules, state: dict, seat: int) -> bool:
    """SU-R16 as written: some colour and face, one die or two of it, can be
    drawn from where the car stands."""
    for colour in COLOURS:
        for face in "sc":
            for n in (1, 2):
                trial = {**state, "dice": [LETTER[colour] + face] * n}
                if rules.placements(trial, colour, seat, limit=1):
                    return True
    return False


@pytest.mark.parametrize("track, options", [
    ("indianapolis", {}),
    ("indianapolis", {"shortcut": "first lap", "laps": 2,
                      "oil": ["h13", "m12", "b7", "c8", "s3", "k6", "k5", "t11"]}),
    ("monza", {"clockwise": True, "oil": ["i12", "i13", "e5", "n3", "q9"]}),
])
def test_SU_R16_the_stuck_check_is_the_placements_of_one_or_two_dice(track, options):
    checked = stuck = 0
    for seed in range(8):
        g = SuperRace(players=2, seed=seed, track=track, **options)
        rng = random.Random(seed)
        rules = g.rules
        while not g.is_over():
            state = g._state
            for seat in range(2):
                fast = rules.can_move(state, seat)
                assert fast == _can_move_by_placements(rules, state, seat), (seed, seat, state)
                checked += 1
                stuck += not fast
            g.apply(g.random_action(rng))
    assert checked > 200 and stuck > 5              # both answers met


def test_SU_R2_every_keep_of_every_roll_in_the_same_order():
    for roll in combinations_with_replacement(FACES, DICE):
        have = Counter(roll)
        plain = tuple(" ".join(["keep", *combo]) for k in range(DICE)
                      for combo in combinations_with_replacement(FACES, k)
                      if not Counter(combo) - have)
        assert _keeps(tuple(sorted(roll))) == plain


def _scribble(value) -> None:
    """Change every list and dict inside ``value``."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


def test_SU_a_child_copies_what_changes_and_leaves_its_parent_as_it_was():
    checked = 0
    for seed in range(4):
        g = SuperRace(players=3, seed=seed, track=["indianapolis", "monza"][seed % 2],
                      races=2, laps=1 + seed % 2)
        rules = g.rules
        state = g.state
        rng = random.Random(seed)
        while rules.current(state) is not None:
            who = rules.current(state)
            a = rules.sample_chance(state, rng) if who is CHANCE else rules.random_legal(state, rng)
            before = copy_json(state)
            child = rules.child(state, a)
            assert state == before                               # the parent is untouched
            assert child == rules.step(copy_json(state), a)      # the same as a deep copy's step
            seen = rules.observation(state, 0)
            assert seen == state
            _scribble(seen)                     # changing a copy changes nothing
            _scribble(rules.child(state, a))
            assert state == before
            state = child
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("track", ["indianapolis", "monza"])
def test_SU_R16_R9_the_stuck_check_at_every_square_with_an_oil_slick_ahead(track):
    """Every square and heading, with an oil slick on the square ahead and
    random squares around it crossed already (SU-R9: two dice of one face)."""
    g = SuperRace(players=1, track=track, shortcut="first lap")
    rules = g.rules
    rng = random.Random(9)
    base = g.state
    answers = Counter()
    for name in sorted(rules.track.squares):
        for heading, ahead in rules.track.next[name].items():
            if ahead is None:
                continue
            around = [s for s in rules.track.next[ahead].values() if s is not None and s != name]
            for _ in range(3):
                crossed = [s for s in around if rng.random() < 0.4]
                car = {**base["cars"][0], "path": [*crossed, name], "exit": heading,
                       "lap": rng.choice([0, 1])}
                state = {**base, "cars": [car],
                         "options": {**base["options"], "oil": [ahead]}}
                fast = rules.can_move(state, 0)
                assert fast == _can_move_by_placements(rules, state, 0), (name, heading, crossed)
                answers[fast] += 1
    assert answers[True] > 50 and answers[False] > 50
