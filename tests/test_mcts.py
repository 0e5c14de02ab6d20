"""The search bot (boardkit.core.mcts.MCTSBot): seeded, legal, honest, and it
actually searches — it finds the winning move of a toy game and weighs chance
by its real probabilities."""
from __future__ import annotations

import random

import pytest

from boardkit import GreedyBot, SlimeCultureCenter, SlimeRace
from boardkit.core.bots import Bot
from boardkit.core.game import Game
from boardkit.core.mcts import LEVELS, MCTSBot
from boardkit.core.rules import CHANCE, GameInfo, Outcome, Refusal, Rules
from tests import examples as _examples

# --------------------------------------------------------------- toy games
#: Nim (take tokens from heaps; who takes the last wins): the tests' example
#: game without chance (tests/examples/nim.py), registered like every game.
Nim = _examples.Nim


class DiceRules(Rules):
    """Seat 0 picks a gamble, chance settles it, seat 1 wins otherwise.

    * ``loaded``: a loaded die shows 6 with probability 0.7 — a 6 wins;
    * ``coin``: a fair coin — heads wins;
    * ``peek``: a fair die is rolled in the open, then seat 0 calls ``high``
      (wins on 4–6) or ``low`` (wins on 1–3) — seeing the roll, it always wins.

    With ``peek=False`` the best choice is ``loaded`` (0.7 > 0.5), which a
    search that treated chance outcomes as equally likely (1/6) would miss;
    with ``peek=True`` it is ``peek`` (1.0), which a search that did not
    branch on the roll it sees would value at 0.5.
    """

    info = GameInfo(name="toy_dice", title="Dice", ruling_prefix="DICE", min_players=2,
                    max_players=2, perfect_information=True, chance=True,
                    default_options={"peek": False})
    chance_words = ("roll", "flip")

    @classmethod
    def _builtin_data(cls, name):
        return {}

    def initial_state(self, options):
        return {"options": options, "phase": "choose", "roll": None, "win": None}

    def current(self, state):
        phase = state["phase"]
        return {"choose": 0, "call": 0, "over": None}.get(phase, CHANCE)

    def chance_outcomes(self, state):
        phase = state["phase"]
        if phase == "loaded":
            return [(f"roll {k}", 0.06) for k in range(1, 6)] + [("roll 6", 0.7)]
        if phase == "coin":
            return [("flip heads", 0.5), ("flip tails", 0.5)]
        if phase == "peek":
            return [(f"roll {k}", 1 / 6) for k in range(1, 7)]
        return None

    def candidates(self, state, ctx=None):
        phase = state["phase"]
        if phase == "choose":
            return ["loaded", "coin"] + (["peek"] if state["options"]["peek"] else [])
        if phase == "call":
            return ["high", "low"]
        return [o for o, _ in self.chance_outcomes(state) or []]

    def refusal(self, state, action, ctx=None):
        return None if action in self.candidates(state) else Refusal("DICE-1", "not now")

    def apply(self, state, action, sink=None):
        phase = state["phase"]
        if phase == "choose":
            state["phase"] = action
        elif phase == "loaded":
            state["win"], state["phase"] = action == "roll 6", "over"
        elif phase == "coin":
            state["win"], state["phase"] = action == "flip heads", "over"
        elif phase == "peek":
            state["roll"], state["phase"] = int(action.split()[1]), "call"
        else:  # call
            state["win"] = (state["roll"] >= 4) == (action == "high")
            state["phase"] = "over"

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        w = 0 if state["win"] else 1
        return Outcome((w,), (int(w == 0), int(w == 1)), "settled")


class Dice(Game):
    Rules = DiceRules


# ---------------------------------------------------------------- helpers
def positions(cls, seeds, steps, players=3, **options):
    """Games part-way through, each at a seat's turn (greedy and random play)."""
    out = []
    for seed in seeds:
        game = cls(players=players, seed=seed, **options)
        rng = random.Random(seed)
        greedy = GreedyBot(seed)
        for _ in range(steps + seed % 7):
            if game.is_over():
                break
            action = greedy.choose(game) if rng.random() < 0.5 else rng.choice(list(game.legal_actions))
            game.apply(action)
        if not game.is_over():
            out.append(game)
    return out


def sr_positions():
    return positions(SlimeRace, range(4), 14, target=20)


def scc_positions():
    return positions(SlimeCultureCenter, range(3), 9)


# ------------------------------------------------------------------ tests
def test_toy_games_work_as_games():
    g = Nim()
    assert sorted(g.legal_actions) == sorted(["take 1 from 0", "take 1 from 1", "take 2 from 1",
                                               "take 1 from 2", "take 2 from 2", "take 3 from 2",
                                               "take 4 from 2"])
    d = Dice(seed=1)
    d.apply("coin")
    assert d.is_over() and d.outcome().winners in ((0,), (1,))


@pytest.mark.parametrize("heaps, winning, evaluation", [
    ([1, 2, 4], "take 1 from 2", "softmax"), ([2, 3], "take 1 from 1", "softmax"),
    ([1, 3, 5], "take 3 from 2", "softmax"), ([1, 2, 4], "take 1 from 2", "own")])
def test_finds_the_winning_nim_move(heaps, winning, evaluation):
    # every other move loses against best play; a bot that does not search
    # (the heuristic is 0 everywhere) picks one of them almost always
    game = Nim(heaps=heaps)
    assert winning in game.legal_actions
    for seed in range(3):
        bot = MCTSBot(seed, iterations=4000, evaluation=evaluation)
        assert bot.choose(game) == winning, (seed, bot.last_search["actions"][:3])


def test_wins_nim_against_random_play_from_a_won_position():
    for seed in range(3):
        game = Nim(heaps=[1, 3, 5])
        me, other = MCTSBot(seed, iterations=800), random.Random(seed)
        while not game.is_over():
            game.apply(me.choose(game) if game.current_player == 0
                       else other.choice(list(game.legal_actions)))
        assert game.outcome().winners == (0,)


@pytest.mark.parametrize("evaluation", ["softmax", "own"])
def test_weighs_chance_outcomes_by_their_probability(evaluation):
    game = Dice()
    for seed in range(3):
        bot = MCTSBot(seed, iterations=600, evaluation=evaluation)
        assert bot.choose(game) == "loaded", bot.last_search["actions"]
        values = {d["action"]: d["value"] for d in bot.last_search["actions"]}
        assert values["loaded"] == pytest.approx(0.7, abs=0.1)
        assert values["coin"] < values["loaded"]


def test_branches_on_chance_outcomes_it_can_see():
    game = Dice(peek=True)
    for seed in range(3):
        bot = MCTSBot(seed, iterations=1500)
        assert bot.choose(game) == "peek", bot.last_search["actions"]
        line = bot.last_search["line"]
        assert line[0]["action"] == "peek"
        assert line[1]["player"] == "chance" and line[1]["action"].startswith("roll ")
        assert line[2]["action"] in ("high", "low")


@pytest.mark.parametrize("make", [sr_positions, scc_positions], ids=["slime_race", "scc"])
def test_same_seed_same_choice_and_search(make):
    for game in make():
        a, b = MCTSBot(7, iterations=40), MCTSBot(7, iterations=40)
        assert a.choose(game) == b.choose(game)
        assert a.last_search["actions"] == b.last_search["actions"]
        assert a.last_search["line"] == b.last_search["line"]
        # a pure function of seed and observation: asking again changes nothing
        assert a.choose(game) == b.last_search["choice"]


@pytest.mark.parametrize("make", [sr_positions, scc_positions], ids=["slime_race", "scc"])
def test_choice_is_always_legal(make):
    for k, game in enumerate(make()):
        for seed in range(2):
            bot = MCTSBot(seed, iterations=25 + 10 * k)
            action = bot.choose(game)
            assert action in game.legal_actions
            s = bot.last_search
            assert s["iterations"] == (25 + 10 * k if len(game.legal_actions) > 1 else 0)
            assert sum(d["visits"] for d in s["actions"]) == s["iterations"]
            assert all(d["action"] in game.legal_actions for d in s["actions"])
            assert s["line"][0]["action"] == action == s["choice"]


def test_a_whole_game_with_search_bots_ends_legally():
    game = SlimeRace(players=2, seed=3, target=5)
    bots = [MCTSBot(0, iterations=15), MCTSBot(1, iterations=15)]
    for _ in range(2000):
        if game.is_over():
            break
        game.apply(bots[game.current_player].choose(game))
    assert game.is_over()


def _twins(make):
    """(game, seat, twin): the twin differs from the game only in what ``seat``
    cannot see (other hands, the deck), rebuilt with ``from_state``."""
    for game in make():
        seat = game.current_player
        obs = game.observation(seat)
        for k in range(20):
            alt = game.rules.determinize(obs, seat, random.Random(k))
            if alt != game.state:
                break
        twin = type(game).from_state(alt)
        assert twin.current_player == seat
        assert twin.observation(seat) == obs
        assert twin.state != game.state
        yield game, seat, twin


class PeekingBot(MCTSBot):
    """A cheat: searches from the full state instead of the seat's view."""

    def choose(self, game):
        return self.decide(game.rules, game.state, game.current_player, list(game.legal_actions))


@pytest.mark.parametrize("make", [sr_positions, scc_positions], ids=["slime_race", "scc"])
def test_honest_hidden_information_does_not_change_the_choice(make):
    differs = 0
    for game, _seat, twin in _twins(make):
        for seed in range(2):
            assert MCTSBot(seed, iterations=30).choose(game) == MCTSBot(seed, iterations=30).choose(twin)
            cheat = PeekingBot(seed, iterations=30)
            first = cheat.choose(game), cheat.last_search["actions"]
            second = cheat.choose(twin), cheat.last_search["actions"]
            differs += first != second
    # the comparison has teeth: a bot that reads hidden cards is caught
    assert differs > 0


def test_a_forced_move_needs_no_search():
    game = Nim(heaps=[0, 1, 0])
    bot = MCTSBot(0, iterations=50)
    assert bot.choose(game) == "take 1 from 1"
    assert bot.last_search["iterations"] == 0
    assert bot.last_search["line"][0]["action"] == "take 1 from 1"


def test_last_search_and_expected_line():
    game = sr_positions()[0]
    bot = MCTSBot(3, iterations=120)
    action = bot.choose(game)
    s = bot.last_search
    assert s["seat"] == game.current_player and s["choice"] == action
    assert s["actions"][0]["visits"] >= s["actions"][-1]["visits"]
    assert 0.0 <= s["actions"][0]["value"] <= 1.0
    assert s["seconds"] > 0
    text = bot.expects(game.seat_name)
    assert text.startswith(f"{game.seat_name(game.current_player)} plans '{action}': in ")
    chosen = next(d for d in s["actions"] if d["action"] == action)
    assert f"in {chosen['visits']} of {s['iterations']} simulations" in text
    assert f"scored {chosen['value']:.2f} on average" in text
    runner_up = next(d for d in s["actions"] if d["action"] != action)
    assert f"the next best, '{runner_up['action']}', scored {runner_up['value']:.2f}" in text
    # an opponent's draw is hidden: the line shows it as "draw ?"
    chance = [st["action"] for st in s["line"] if st["player"] == "chance"]
    assert all(a == "draw ?" or a.startswith("draw ") for a in chance)


def test_levels_and_budget_arguments():
    coins = Coins().rules                      # a game that names no levels of its own
    assert [MCTSBot.level(k).budget(coins) for k in (1, 2, 3)] == [LEVELS[1], LEVELS[2], LEVELS[3]]
    assert LEVELS[1] < LEVELS[2] < LEVELS[3]
    assert MCTSBot().at_level == 2 and MCTSBot().budget(coins) == LEVELS[2]
    assert MCTSBot(iterations=33).budget(coins) == 33 and MCTSBot(seconds=0.1).budget(coins) is None
    assert isinstance(MCTSBot(), Bot) and MCTSBot.label == "search bot"
    with pytest.raises(ValueError):
        MCTSBot.level(4)
    with pytest.raises(ValueError):
        MCTSBot(level=2, iterations=10)
    with pytest.raises(ValueError):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError):
        MCTSBot(evaluation="minimax")
    # the presets are per game, and the constructor overrides them
    sr, scc = SlimeRace(players=3).rules, SlimeCultureCenter(players=3).rules
    assert MCTSBot().settings(sr)["evaluation"] == "softmax"
    assert MCTSBot().settings(scc)["evaluation"] == "own"
    assert MCTSBot(horizon=3).settings(scc)["horizon"] == 3
    game = scc_positions()[0]
    bot = MCTSBot(0, seconds=0.05)
    assert bot.choose(game) in game.legal_actions
    assert bot.last_search["iterations"] >= 1


# ------------------------------------------------- settings belong to the game
class CoinsRules(Rules):
    """Coins in a line: take the coin at either end of the row; the larger
    total wins (a tie goes to the second player). A game this module made up,
    with a heuristic in points (its own total minus the other's) and its scale
    declared on the rules: nothing about it is known to the core."""

    info = GameInfo(name="toy_coins", title="Coins", ruling_prefix="COIN", min_players=2,
                    max_players=2, perfect_information=True, chance=False,
                    default_options={"coins": [3, 9, 1, 2, 8, 7, 1, 4, 6, 2, 9, 5]})
    heuristic_scale = 4.0

    @classmethod
    def _builtin_data(cls, name):
        return {}

    def initial_state(self, options):
        return {"options": options, "row": list(options["coins"]), "totals": [0, 0], "turn": 0}

    def current(self, state):
        return state["turn"] if state["row"] else None

    def candidates(self, state, ctx=None):
        return ["take left", "take right"]

    def refusal(self, state, action, ctx=None):
        return None if state["row"] else Refusal("COIN-1", "no coin left")

    def apply(self, state, action, sink=None):
        coin = state["row"].pop(0 if action == "take left" else -1)
        state["totals"][state["turn"]] += coin
        state["turn"] = 1 - state["turn"]

    def outcome(self, state):
        if state["row"]:
            return None
        t = state["totals"]
        return Outcome((0,) if t[0] > t[1] else (1,), tuple(t), "totals")

    def heuristic(self, state, seat):
        t = state["totals"]
        return float(t[seat] - t[1 - seat])


class Coins(Game):
    Rules = CoinsRules


def test_the_core_keeps_no_settings_by_game_name():
    import boardkit.core.mcts as mcts
    assert not hasattr(mcts, "GAME_SETTINGS")
    source = open(mcts.__file__, encoding="utf-8").read()
    import boardkit
    for name in boardkit.games():
        assert f'"{name}"' not in source


def test_settings_come_from_the_games_rules_then_the_bot():
    rules = Coins().rules
    assert MCTSBot().settings(rules)["temperature"] == 4.0        # heuristic_scale

    class Tuned(CoinsRules):
        heuristic_scale = 2.5

        def search_settings(self):
            return {"horizon": 3, "evaluation": "own"}

    tuned = Tuned(Tuned.load_components())
    cfg = MCTSBot().settings(tuned)
    assert (cfg["temperature"], cfg["horizon"], cfg["evaluation"]) == (2.5, 3, "own")
    assert MCTSBot(horizon=7, temperature=1.0).settings(tuned)["horizon"] == 7
    assert MCTSBot(temperature=1.0).settings(tuned)["temperature"] == 1.0

    class Wrong(CoinsRules):
        def search_settings(self):
            return {"horizn": 3}

    with pytest.raises(ValueError, match="horizn"):
        MCTSBot().settings(Wrong(Wrong.load_components()))
    # the shipped games say their own settings
    assert SlimeRace(players=3).rules.heuristic_scale == 10.0
    assert MCTSBot().settings(SlimeCultureCenter(players=3).rules)["temperature"] == 3.0


def test_a_levels_iterations_come_from_the_games_settings():
    """``MCTSBot.level(k)`` searches as many iterations as the game's
    ``levels`` search setting names for k (each game chooses them so that
    a move stays within about a second of CPU time)."""
    class Quick(CoinsRules):
        def search_settings(self):
            return {"levels": {1: 7, 2: 11, 3: 13}}

    quick = Quick(Quick.load_components())
    assert [MCTSBot.level(k).budget(quick) for k in (1, 2, 3)] == [7, 11, 13]
    # and the search runs exactly that many
    game = Coins()
    for k, n in ((1, 7), (3, 13)):
        bot = MCTSBot.level(k, seed=1)
        bot.decide(quick, quick.observation(game.state, 0), 0, list(game.legal_actions))
        assert bot.last_search["iterations"] == n
    # a given budget is not the game's to change
    assert MCTSBot(iterations=5).budget(quick) == 5

    class Broken(CoinsRules):
        def search_settings(self):
            return {"levels": {1: 7, 2: 0, 3: 13}}

    with pytest.raises(ValueError, match="level 2"):
        MCTSBot.level(2).budget(Broken(Broken.load_components()))
    # the shipped games: every level within a second of CPU time needs fewer
    # iterations in Slime Culture Center's crowded positions than in the races
    scc = SlimeCultureCenter(players=3).rules
    sr = SlimeRace(players=3).rules
    assert [MCTSBot.level(k).budget(scc) for k in (1, 2, 3)] == \
        [scc.search_settings()["levels"][k] for k in (1, 2, 3)]
    assert MCTSBot.level(3).budget(scc) < MCTSBot.level(3).budget(sr)


def test_a_new_game_with_a_heuristic_gets_a_search_bot_that_beats_random():
    from boardkit.core.bots import RandomBot, play_out
    wins = 0
    games = 24
    for g in range(games):
        rng = random.Random(g)
        coins = [rng.randint(1, 9) for _ in range(11)]
        seat = g % 2
        bots = {seat: MCTSBot(g, iterations=60), 1 - seat: RandomBot(100 + g)}
        game = play_out(Coins(coins=coins), bots)
        wins += game.outcome().winners == (seat,)
    # random play against random play wins about half; the search bot nearly always
    assert wins >= 0.85 * games, wins
