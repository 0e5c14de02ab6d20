"""The core's search path, chance, honesty, components and refusals —
generic over every registered game."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import boardkit
from boardkit import GreedyBot, RandomBot, SlimeCultureCenter, SlimeRace
from boardkit.core import CHANCE, BoardkitError, Chance, OptionError, StateFileError, games
from boardkit.core.rules import NULL_SINK
from boardkit.core.rulings import ruling_titles

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = set(ruling_titles())
GAMES = sorted(games().items())


def random_positions(cls, count, seed, players=None):
    """``count`` seeded positions from random play (a player to move)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = players or rng.randint(cls.min_players, cls.max_players)
        opts = {**cls.Rules.info.test_options, "players": n}
        game = cls(seed=rng.randrange(10**6), **opts)
        bot = RandomBot(rng.randrange(10**6))
        for _ in range(rng.randrange(1, 120)):
            if game.is_over():
                break
            game.apply(bot.choose(game))
        if not game.is_over():
            out.append(game)
    return out


def other_world(game, k):
    """The same position seen from the player to move, with every card that
    player cannot see dealt differently (other hands, the deck)."""
    seat = game.current_player
    obs = game.observation(seat)
    alt = game.rules.determinize(obs, seat, random.Random(k))
    return type(game).from_state(alt, seed=game.seed)


# ---------------------------------------------------------------- honesty
HIDDEN = [(n, c) for n, c in GAMES if not c.Rules.info.perfect_information]


def test_hidden_information_games_are_the_dealt_ones():
    """The honesty test below runs on every game with something hidden;
    a perfect-information game must really hide nothing."""
    assert {n for n, _ in HIDDEN} >= {"slime_race", "slime_culture_center"}
    for name, cls in GAMES:
        if cls.Rules.info.perfect_information:
            game = cls(players=cls.min_players, seed=1)
            seat = game.current_player if isinstance(game.current_player, int) else 0
            assert game.observation(seat) == game.state, name


@pytest.mark.parametrize("name,cls", HIDDEN)
def test_bots_choose_only_from_what_their_seat_sees(name, cls):
    """Swap the hidden cards (other hands, the deck) in many random
    positions: no bot's choice changes."""
    changed_worlds = 0
    for i, game in enumerate(random_positions(cls, 25, seed=hash(name) % 1000)):
        for k in range(3):
            alt = other_world(game, k)
            changed_worlds += alt.state != game.state
            assert alt.observation(alt.current_player) == game.observation(game.current_player)
            for make in (lambda i=i: RandomBot(i), lambda i=i: GreedyBot(i),
                         lambda i=i: GreedyBot(i, sample=5)):
                assert make().choose(game) == make().choose(alt), (name, i, k)
    assert changed_worlds > 30, "the test must really move hidden cards around"


def test_a_players_action_never_reveals_the_next_card():
    """A draw is chance's move: right after a player's action the drawn card
    is not yet in anyone's hand (the preview stops before chance)."""
    game = SlimeRace.scenario(players=2, hands=[["red+5", "dash1"], ["blue+4"]],
                              bets={0: ["1-2"] * 3, 1: ["1-2"] * 3}, deck=["green+4", "purple+3"])
    after = game.preview("play red+5")
    assert game.rules.current(after) is CHANCE
    assert sorted(after["hands"][1]) == ["blue+4"]
    assert game.chance_outcomes() == []
    child = game.rules.child(game.state, "play red+5")
    assert game.rules.chance_outcomes(child) == [("draw green+4", 0.5), ("draw purple+3", 0.5)]


# ---------------------------------------------------------------- chance
@pytest.mark.parametrize("name,cls", GAMES)
def test_a_game_opens_at_chance_as_it_declares_and_chance_sums_to_one(name, cls):
    """``GameInfo.opens_at_chance``: the first position is a chance node
    (whose listed outcomes sum to one), or a seat's turn."""
    game = cls(players=cls.min_players, seed=3, chance=[])
    rules = game.rules
    state = rules.initial_state(rules.make_options(players=cls.min_players))
    if not cls.Rules.info.opens_at_chance:
        assert type(rules.current(state)) is int, f"{name} opens at chance but does not say so"
        return
    assert rules.current(state) is CHANCE and isinstance(CHANCE, Chance)
    listed = rules.chance_outcomes(state)
    rng = random.Random(2)
    if listed is not None:
        assert abs(sum(p for _, p in listed) - 1) < 1e-12
        assert all(p > 0 and rules.refusal(state, o) is None for o, p in listed)
        assert len({o for o, _ in listed}) == len(listed)
    outcome = rules.sample_chance(state, rng)
    assert rules.refusal(state, outcome) is None
    assert listed is None or outcome in dict(listed)


@pytest.mark.parametrize("name,cls", [(n, c) for n, c in GAMES if "first" in c.Rules.chance_words])
def test_a_game_that_draws_who_goes_first_uses_the_cores_draw(name, cls):
    """``first <seat>``, every seat equally likely, drawn as the core draws
    it (boardkit.core.first), before anything else."""
    from boardkit.core.first import draw_first, first_outcomes
    for n in {cls.min_players, cls.max_players}:
        rules = cls(players=n, chance=[]).rules
        state = rules.initial_state(rules.make_options(players=n))
        assert rules.chance_outcomes(state) == first_outcomes(n)
        assert [rules.sample_chance(state, random.Random(k)) for k in range(20)] == \
            [draw_first(n, random.Random(k)) for k in range(20)]


@pytest.mark.parametrize("name,cls", HIDDEN)
def test_dealt_games_choose_the_first_player_then_deal(name, cls):
    game = cls(players=cls.min_players, seed=3, chance=[])
    rules = game.rules
    state = rules.initial_state(rules.make_options(players=cls.min_players))
    first = rules.chance_outcomes(state)
    assert [o for o, _ in first] == [f"first {s}" for s in range(cls.min_players)]
    assert abs(sum(p for _, p in first) - 1) < 1e-12
    rules.step(state, "first 0")
    assert rules.chance_outcomes(state) is None  # a deal: too many to list, sampled
    deal = rules.sample_chance(state, random.Random(1))
    assert rules.refusal(state, deal) is None
    assert rules.refusal(state, "deal " + deal.split()[1]).rule.endswith("-chance")


def test_chance_draw_probability_follows_copies_in_the_deck():
    rules = SlimeRace(players=2).rules
    g = SlimeRace.scenario(players=2, hands=[["red+5"], ["blue+4"]],
                           bets={0: ["1-2"] * 3, 1: ["1-2"] * 3},
                           deck=["green+4", "green+4", "purple+3"])
    s = rules.child(g.state, "play red+5")
    assert dict(rules.chance_outcomes(s)) == pytest.approx({"draw green+4": 2 / 3,
                                                            "draw purple+3": 1 / 3})
    draws = [rules.sample_chance(s, random.Random(k)) for k in range(3000)]
    assert abs(draws.count("draw green+4") / 3000 - 2 / 3) < 0.03


# ---------------------------------------------------------- search path
@pytest.mark.parametrize("name,cls", GAMES)
def test_search_path_is_pure_and_leaves_the_game_alone(name, cls):
    for game in random_positions(cls, 5, seed=7):
        before_json = game.to_json()
        rules, state = game.rules, game.state
        key = rules.key(state)
        assert isinstance(hash(key), int)
        for action in list(game.legal_actions)[:20]:
            child = rules.child(state, action)
            assert rules.key(state) == key
            assert child is not state
        assert game.to_json() == before_json, "search touched the game a person is playing"


@pytest.mark.parametrize("name,cls", GAMES)
def test_copy_shares_the_immutable_history_and_is_independent(name, cls):
    game = random_positions(cls, 1, seed=11)[0]
    twin = game.copy()
    assert twin.log == game.log and twin.state == game.state
    assert twin._log is not game._log and all(a is b for a, b in zip(twin._log, game._log))
    twin.apply(next(iter(twin.legal_actions)))
    assert len(twin.log) > len(game.log) and game.state != twin.state
    fast = game.copy(history=False)
    assert fast.log == [] and fast.state == game.state


@pytest.mark.parametrize("name,cls", GAMES)
def test_undo_from_compact_checkpoints_restores_every_position(name, cls):
    rng = random.Random(5)
    game = cls(players=min(cls.min_players + 1, cls.max_players), seed=5)
    bot = RandomBot(5)
    seen = []
    for _ in range(70):
        if game.is_over():
            break
        before = (len(game.log), game.state)
        action = bot.choose(game)
        game.apply(action)
        seen.append((*before, action, game.state, game.log[before[0]:]))
    for n, state, action, after, entries in reversed(seen):
        if rng.random() < 0.5:
            continue
        while len(game.log) > n:
            game.undo()
        assert game.state == state and len(game.log) == n
        # taken again, the action meets the same chance as the first time
        game.apply(action)
        assert game.state == after and game.log[n:] == entries
        game.undo()
        assert game.state == state and len(game.log) == n


def test_history_off_plays_the_same_game_without_a_log():
    a = SlimeCultureCenter(players=3, seed=4)
    b = SlimeCultureCenter(players=3, seed=4, history=False)
    for _ in range(30):
        act = RandomBot(1).choose(a)
        a.apply(act)
        b.apply(act)
    assert a.state == b.state and b.log == []
    with pytest.raises(BoardkitError):
        b.undo()
    with pytest.raises(StateFileError):
        b.to_json()


# ---------------------------------------------------------- refusals
#: Words of no game in particular (every game's near misses add theirs).
GENERIC_WORDS = ("pass", "first", "deal", "draw", "0", "9", "🙂", "")


def _vocabulary():
    words = dict.fromkeys(GENERIC_WORDS)
    for _, cls in GAMES:
        for miss in cls.Rules.near_misses:
            words.update(dict.fromkeys(miss.split()))
    return list(words)


def _near_misses(action, rng):
    """Small mutations of a legal action: another word, one dropped or added
    (the words: every game's declared ``Rules.near_misses``)."""
    words = action.split()
    vocab = _vocabulary()
    out = []
    for _ in range(6):
        w = list(words)
        kind = rng.randrange(4)
        if kind == 0:
            w[rng.randrange(len(w))] = rng.choice(vocab)
        elif kind == 1 and len(w) > 1:
            del w[rng.randrange(len(w))]
        elif kind == 2:
            w.insert(rng.randrange(len(w) + 1), rng.choice(vocab))
        else:
            w = [rng.choice(vocab) for _ in range(rng.randrange(1, 4))]
        out.append(" ".join(w))
    return out


@pytest.mark.parametrize("name,cls", GAMES)
def test_every_refusal_names_a_rule_listed_in_the_rulings(name, cls):
    rng = random.Random(3)
    refused = 0
    for game in random_positions(cls, 30, seed=3):
        legal = list(game.legal_actions)
        for miss in _near_misses(rng.choice(legal), rng) + ["first 0", "draw red+5", "deal x"]:
            if miss in game.legal_actions:
                continue
            before = game.state
            with pytest.raises(BoardkitError) as info:
                game.apply(miss)
            refused += 1
            assert isinstance(info.value, ValueError)
            assert info.value.rule, f"{miss!r} refused without a rule id: {info.value}"
            assert info.value.rule in RULE_IDS, f"{info.value.rule} is not in docs/rulings.md"
            assert game.state == before
    assert refused > 100


@pytest.mark.parametrize("text,kind", [("bet 9-9", "invalid"), ("bet1-3", "invalid"),
                                       ("pley red+5", "invalid"), ("play red+5", "illegal")])
def test_malformed_text_is_invalid_and_a_rule_violation_illegal(text, kind):
    game = SlimeRace(players=2, seed=0)   # betting: no card may be played yet
    err = boardkit.InvalidActionError if kind == "invalid" else boardkit.IllegalActionError
    with pytest.raises(err) as info:
        game.apply(text)
    assert info.value.rule == ("SR-actions" if kind == "invalid" else "SR-R4")
    if kind == "invalid":
        assert "looks like 'bet 1-3'" in str(info.value) or "looks like 'play red+5'" in str(info.value)


@pytest.mark.parametrize("text", ["grow z9", "grow red", "exchange red9x", "move d4", "frobnicate x"])
def test_scc_malformed_text_is_invalid_with_an_example(text):
    game = SlimeCultureCenter(players=2, seed=0)
    with pytest.raises(boardkit.InvalidActionError, match="looks like") as info:
        game.apply(text)
    assert info.value.rule == "SCC-actions"


# ---------------------------------------------------------- components
def test_a_teachers_component_file_starts_a_game_and_travels_with_the_save(tmp_path):
    data = json.loads((ROOT / "boardkit" / "slime_race" / "components.json").read_text())
    data["odds"][0]["multiplier"] = 50            # 1-2 pays ×50 in this classroom
    data["track"]["spaces"] = 40
    path = tmp_path / "short_track.json"
    path.write_text(json.dumps(data))
    game = SlimeRace(players=2, seed=1, components=path)
    assert game.c.odds["1-2"] == 50 and game.c.track == 40 and game.components.name == "short_track"
    boardkit.play_out(game, [RandomBot(1), RandomBot(2)])
    saved = json.loads(game.to_json())
    assert saved["components"]["data"]["odds"][0]["multiplier"] == 50
    path.unlink()                                  # another machine: no file
    again = boardkit.load(json.dumps(saved))
    assert again.state == game.state and again.c.track == 40


@pytest.mark.parametrize("change,field", [
    (lambda d: d.pop("odds"), "odds"),
    (lambda d: d["slime_cards"][0].update(copies=10**9), "slime_cards"),
    (lambda d: d.update(hand_size=0), "hand_size"),
    (lambda d: d["slimes"].pop(), "slimes"),
])
def test_a_bad_component_set_is_refused_naming_the_field(change, field):
    data = json.loads((ROOT / "boardkit" / "slime_race" / "components.json").read_text())
    change(data)
    with pytest.raises(OptionError, match=field):
        SlimeRace(players=2, components=data)


def test_scc_components_change_the_stock_and_the_cards():
    data = {"tiles": {"red": 3, "blue": 19, "green": 21, "orange": 22, "purple": 24, "brown": 26},
            "card_values": [1, 2, 3, 4], "cancer_tiles": 6, "hand": 2, "max_revealed": 1}
    game = SlimeCultureCenter(players=3, seed=2, components=data)
    assert game.state["stock"]["red"] == 3 and all(len(h) == 2 for h in game.state["hands"])
    assert len(game.card_accounts()) == 3 and sum(game.card_accounts().values()) == 24
    boardkit.play_out(game, [RandomBot(k) for k in range(3)])
    assert boardkit.load(game.to_json()).state == game.state
    with pytest.raises(OptionError, match="cancer"):
        SlimeCultureCenter(players=3, components={**data, "cancer_tiles": 2})


def test_game_metadata_lives_in_one_place():
    for name, cls in GAMES:
        info = cls.Rules.info
        assert info.name == name == cls.name and info.title == cls.title
        assert cls.min_players == info.min_players and info.rulebook
        assert isinstance(info.perfect_information, bool) and isinstance(info.chance, bool)
    hidden = {n: c.Rules.info.perfect_information for n, c in GAMES}
    assert hidden["slime_race"] is False and hidden["slime_culture_center"] is False


def test_null_sink_keeps_nothing_and_the_rules_never_touch_a_game():
    game = SlimeCultureCenter.scenario(players=2, board="RRB.....\n" + "........\n" * 7,
                                       actions_left=2)
    state = game.state
    game.rules.apply(state, "grow red d1", NULL_SINK)
    assert game.state != state and len(game.log) == 0


def test_attempt_returns_the_refusal_in_one_line_and_changes_nothing():
    g = SlimeRace(players=3, seed=1)
    before = g.state
    out = g.attempt("play red+5")
    assert out.rule == "SR-R4" and repr(out).startswith("✗ refused — SR-R4: cards are played only")
    assert "\n" not in repr(out) and g.state == before
    assert g.attempt("bet 9-9").rule == "SR-actions"
    events = g.attempt("bet 1-3")
    assert "bets a coin on 1-3" in events[0] and g.state != before
