"""ONE generic conformance test, run over every registered game.

Many seeded random games are played through the public protocol only; after
every action the test checks the game's own state invariants (cards, coins,
tiles accounted for), its step invariants (e.g. positions never decrease),
an exact JSON round trip, and that a random illegal action is rejected with
the state unchanged. Game length is bounded as the game declares: per round
(``Rules.max_actions_per_round``), in all (``GameInfo.max_length``), or only
by :data:`SAFETY_CAP`.

Everything the test holds a game to is declared on its ``Rules`` /
``GameInfo`` (``docs/adding-a-game.md``): nothing here names a game.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

import boardkit
from boardkit.core import CHANCE, IllegalActionError, InvalidActionError, RandomBot, games, play_out
from boardkit.core.errors import BoardkitError
from boardkit.core.rules import Rules, Sink, thaw

#: Twelve seeded games of each; the fast subset plays the first four (the
#: others are marked slow: the full command plays them all).
GAME_SEEDS = [seed if seed < 4 else pytest.param(seed, marks=pytest.mark.slow) for seed in range(12)]
#: No game the test plays may last longer, whatever it declares.
SAFETY_CAP = 20_000
#: Near misses of no game in particular (every game's own are added).
GENERIC_MISSES = ("pass", "", "first 99", "shuffle")


def _all_games():
    return sorted(games().items())


def _short(cls, players):
    """Options for a short game: the game's declared test options."""
    return {**cls.Rules.info.test_options, "players": players}


def _illegal_candidates(game, rng):
    pool = list(GENERIC_MISSES) + [a for c in games().values() for a in c.Rules.near_misses]
    pool = [a for a in pool if a not in game.legal_actions]
    return rng.choice(pool) if pool else None


def _totals(counts):
    """What a kind of component adds up to: ``{place: n}`` → the sum,
    ``{colour: {place: n}}`` → ``{colour: sum}``."""
    if all(isinstance(v, dict) for v in counts.values()):
        return {k: _totals(v) for k, v in counts.items()}
    return sum(counts.values())


def _leaves(counts):
    for v in counts.values():
        yield from (_leaves(v) if isinstance(v, dict) else (v,))


def _check_accounts(rules, state):
    """Every counted component is somewhere, once (``Rules.accounts`` adds
    up to ``Rules.component_totals``), and no count is negative."""
    totals = rules.component_totals()
    accounts = rules.accounts(state)
    assert set(accounts) == set(totals), "accounts and component_totals name different kinds"
    for kind, counts in accounts.items():
        assert _totals(counts) == totals[kind], (kind, counts)
        assert all(x >= 0 for x in _leaves(counts)), (kind, counts)


@pytest.mark.parametrize("name,cls", _all_games())
@pytest.mark.parametrize("seed", GAME_SEEDS)
def test_random_play_conformance(name, cls, seed):
    rng = random.Random(seed)
    players = rng.randint(cls.min_players, cls.max_players)
    game = cls(seed=seed, **_short(cls, players))
    bot = RandomBot(seed)
    rules = game.rules
    actions_this_round, rnd = 0, rules.round_of(game.state)
    bound = rules.max_actions_per_round(game.options)
    longest = min(SAFETY_CAP, cls.Rules.info.max_length or SAFETY_CAP)
    total = 0
    while not game.is_over():
        before = game.state
        who = game.current_player
        assert who != CHANCE, "chance must be resolved automatically"
        legal = list(game.legal_actions)
        assert legal, "a player to move must have a legal action"
        assert len(legal) == len(set(legal)), "legal actions must be unique"
        assert all(a in game.legal_actions for a in legal)

        bad = _illegal_candidates(game, rng)
        if bad is not None:
            with pytest.raises(BoardkitError) as info:
                game.apply(bad)
            assert isinstance(info.value, ValueError)
            assert game.state == before, "a rejected action must change nothing"
            assert str(info.value), "a rejection needs a reason"
            assert info.value.rule, f"refusing {bad!r} names no rule"
        _check_search_path(rules, game.state, legal, rng)

        game.apply(bot.choose(game))
        total += 1
        after = game.state
        rules.validate_state(after)
        _check_accounts(rules, after)
        assert rules.step_problems(before, after) == [] or rules.round_of(after) != rules.round_of(before)
        assert json.loads(json.dumps(after)) == after
        if total % 40 == 0:  # a full save/load replays the whole log: not every step
            text = game.to_json()
            again = boardkit.load(text)
            assert again.state == after and again.to_json() == text
        if rules.round_of(after) != rnd:
            rnd, actions_this_round = rules.round_of(after), 0
        else:
            actions_this_round += 1
            assert bound is None or actions_this_round <= bound, "a round lasted longer than its bound"
        assert total < longest, "the game lasted longer than it may"
    assert len(game.log) <= longest, "the game lasted longer than GameInfo.max_length"
    assert boardkit.load(game.to_json()).state == game.state
    outcome = game.outcome()
    assert outcome is not None and (outcome.winners or outcome.draw) and str(outcome)
    assert set(outcome.winners) <= set(range(players))
    returns = game.rules.returns(game.state)
    assert abs(sum(returns) - 1) < 1e-9 if outcome.draw else sum(returns) > 0
    with pytest.raises(IllegalActionError):
        game.apply(legal[0])


def _check_search_path(rules, state, legal, rng):
    """The public search interface agrees with the game: legal list,
    current player, a copy independent of the original, apply without
    re-validation, a hashable key, chance outcomes that sum to 1."""
    assert rules.legal_actions(state) == legal
    copy = rules.clone(state)
    key = rules.key(state)
    assert hash(key) == hash(rules.key(copy))
    _check_random_draw(rules, state, legal, rng)
    child = rules.child(copy, rng.choice(legal))
    assert copy == state and rules.key(state) == key, "child() must not touch its input"
    assert rules.key(child) != key or True
    while rules.current(child) is CHANCE:
        _same_draw(rules, child, rng.randrange(2**32))   # at a chance node too
        outcomes = rules.chance_outcomes(child)
        if outcomes is not None:
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(rules.refusal(child, o) is None for o, _ in outcomes)
        rules.step(child, rules.sample_chance(child, rng))
    assert copy == state, "stepping a child must not touch the state it came from"
    rules.validate_state(child)


def _check_random_draw(rules, state, legal, rng):
    """A game's own ``random_legal`` (a shortcut that need not list the legal
    actions) draws exactly what the generic draw would from the same
    generator, here and in what each seat sees of this position."""
    k = rng.randrange(2**32)
    assert rules.random_legal(state, random.Random(k)) in legal
    _same_draw(rules, state, k)
    _same_list(rules, state)
    for seat in range(state["options"]["players"]):
        _same_draw(rules, rules.observation(state, seat), k)
        _same_list(rules, rules.observation(state, seat))


def _same_list(rules, state):
    """The game's legal list (a game may write it out from its rules) is
    the generic one: the candidates :meth:`Rules.refusal` accepts, in order."""
    assert rules.legal_actions(state) == Rules.legal_actions(rules, state)


def _same_draw(rules, state, k):
    """The game's random_legal and the generic one draw the same action from
    generators seeded ``k`` (or both refuse: a deal has no listed candidates)."""
    try:
        want = Rules.random_legal(rules, state, random.Random(k))
    except ValueError:
        with pytest.raises(ValueError):
            rules.random_legal(state, random.Random(k))
        return
    assert rules.random_legal(state, random.Random(k)) == want


@pytest.mark.parametrize("name,cls", _all_games())
def test_sub_steps_are_worked_out_as_they_happened(name, cls):
    """Play keeps no frames of sub-steps; asked for, each entry's are those a
    recording sink sees when the action is taken, and only a game that says
    it has sub-steps (``Rules.sub_steps``) reports frames."""
    game = cls(seed=3, **_short(cls, cls.min_players))
    play_out(game, [RandomBot(s) for s in range(cls.min_players)])
    rules, state = game.rules, game.state_before(0)
    seen = 0
    for i, entry in enumerate(game.log):
        sink = Sink(True)
        rules.apply(state, entry.action, sink)
        assert tuple(sink.events) == entry.events
        frames = tuple((caption, thaw(f)) for caption, f in sink.frames)
        assert not frames or rules.sub_steps, f"{name} reports frames but not sub_steps"
        assert game.entry_frames(i) == frames
        seen += len(frames)
    assert state == game.state
    assert (seen > 0) == rules.sub_steps


@pytest.mark.parametrize("name,cls", _all_games())
def test_replay_reproduces_game(name, cls):
    """Options + seed + action list reproduce the game exactly."""
    game = cls(seed=5, players=cls.min_players)
    bot = RandomBot(9)
    for _ in range(40):
        if game.is_over():
            break
        game.apply(bot.choose(game))
    again = cls.replay(game.actions, seed=5, players=cls.min_players)
    assert again.state == game.state


@pytest.mark.parametrize("name,cls", _all_games())
def test_non_string_action_is_invalid(name, cls):
    game = cls(seed=1, players=cls.min_players)
    before = game.state
    with pytest.raises(InvalidActionError):
        game.apply(42)
    assert game.state == before


def _chance_node_with_odds(cls):
    """A position at a chance node whose outcomes are listed with their
    probabilities, and its rules: the first node of a seeded random game
    with at least 5 outcomes (a draw, a roll), else one with 2 (a first
    player)."""
    fallback = None
    for seed in range(20):
        game = cls(seed=seed, players=cls.min_players)
        rules = game.rules
        state = rules.initial_state(game.options)
        rng = random.Random(seed)
        for _ in range(400):
            who = rules.current(state)
            if who is None:
                break
            if who is CHANCE:
                outcomes = rules.chance_outcomes(state)
                if outcomes and len(outcomes) >= 5:
                    return rules, state, outcomes
                if outcomes and len(outcomes) > 1 and fallback is None:
                    fallback = rules, copy.deepcopy(state), outcomes
                rules.step(state, rules.sample_chance(state, rng))
            else:
                rules.step(state, rules.random_legal(state, rng))
    assert fallback is not None, f"{cls.__name__}: no chance node with listed outcomes found"
    return fallback


@pytest.mark.parametrize("name,cls", [(n, c) for n, c in _all_games() if c.Rules.info.chance])
def test_seeded_chance_follows_the_listed_probabilities(name, cls):
    """The game's own chance stream (one stream per chance event, from the
    seed and the event's number) draws each outcome as often as
    ``chance_outcomes`` says: Pearson's chi-square over 20,000 events."""
    import math
    from collections import Counter

    from boardkit.core.chance import ChanceStream

    rules, state, outcomes = _chance_node_with_odds(cls)
    stream, n = ChanceStream(2026), 20_000
    counts: Counter = Counter()
    for event in range(n):
        stream.start(event)
        counts[rules.sample_chance(state, stream)] += 1
    probs = dict(outcomes)
    assert set(counts) <= set(probs), set(counts) - set(probs)
    # outcomes expected fewer than 5 times are pooled into one cell
    cells, pooled_o, pooled_e = [], 0, 0.0
    for o, p in outcomes:
        if n * p >= 5:
            cells.append((counts[o], n * p))
        else:
            pooled_o, pooled_e = pooled_o + counts[o], pooled_e + n * p
    if pooled_e:
        cells.append((pooled_o, pooled_e))
    x = sum((k - e) ** 2 / e for k, e in cells)
    df = len(cells) - 1
    if df == 1:   # exact: a chi-square of one degree is a squared normal
        p_value = math.erfc(math.sqrt(x / 2))
    else:         # Wilson–Hilferty
        z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
        p_value = 0.5 * math.erfc(z / math.sqrt(2))
    assert p_value > 1e-4, (name, len(outcomes), x, df)
