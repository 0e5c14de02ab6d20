"""Simulations for the Slime Race notebook (pure Python; plots live in the
notebook). Races are played by the same rule code as every game — the
engine's own transition, just without the log and undo bookkeeping."""
from __future__ import annotations

import random
from collections import Counter

from ..core.rules import CHANCE, NULL_SINK, copy_json
from .components import COMPONENTS as C
from .game import SlimeRace
from .rules import PAIRS


def simulate_races(races: int = 10_000, players: int = 4, seed: int = 0,
                   progress: bool = False) -> dict:
    """Play ``races`` races in which every player plays a random **card** of
    their hand (each card equally likely, so a card held twice is twice as
    likely; :class:`~boardkit.RandomBot` instead picks a random card *name*).

    Betting does not change how slimes move, so it is skipped. The races are
    played by the pure rules (``rules.step``), chance from the seed. Returns
    the count of each winning pair, of each winner, how many races ran out
    of cards (SR-R10) and the race lengths in cards played.
    """
    rules = SlimeRace(players=players, seed=seed).rules
    pairs: Counter = Counter()
    winners: Counter = Counter()
    lengths: list[int] = []
    exhausted = 0
    blank = rules.initial_state(rules.make_options(players=players))
    bar = _progress_bar(races, progress)
    for r in range(races):
        rng = random.Random(f"{seed}/race/{r}")
        state = copy_json(blank)
        rules.step(state, rules.sample_chance(state, rng))   # first player
        rules.step(state, rules.sample_chance(state, rng))   # the deal
        state["coins"] = [0] * players  # every coin "bet" nowhere: go straight to the race
        state["phase"], state["turn"] = "race", state["first"]
        rules._start_turn(state, NULL_SINK)
        played = 0
        while state["race"] == 1:
            if rules.current(state) is CHANCE:
                rules.step(state, rules.sample_chance(state, rng))
                continue
            rules.step(state, "play " + rng.choice(state["hands"][state["turn"]]))
            played += 1
        last = state["last_race"]
        pairs[last["pair"]] += 1
        winners[last["first"]] += 1
        exhausted += last["exhausted"]
        lengths.append(played)
        bar.update(1)
    bar.close()
    return {"races": races, "players": players, "pairs": dict(pairs), "winners": dict(winners),
            "exhausted": exhausted, "lengths": lengths}


def race_summary(races: int = 200_000, players: int = 3, seed: int = 0, policy: str = "card") -> dict:
    """What the notebook keeps of :func:`~boardkit.slime_race.batch.simulate_batch`
    (numpy), as small plain JSON a lesson can store and load where numpy is
    missing: the counts of each winning pair and winner, the races that ran
    out of cards, and ``length_counts`` (races by cards played, keys as
    text) instead of one length per race."""
    from .batch import simulate_batch
    sim = simulate_batch(races, players=players, seed=seed, policy=policy)
    lengths = Counter(sim.pop("lengths"))
    sim["length_counts"] = {str(k): lengths[k] for k in sorted(lengths)}
    return sim


def bet_values(sim: dict) -> dict:
    """Expected points per coin of each odds space: P(pair) × multiplier."""
    n = sim["races"]
    return {p: sim["pairs"].get(p, 0) / n * C.odds[p] for p in PAIRS}


def races_of(game: SlimeRace) -> list[dict]:
    """Every finished race of a played game (a match may run several), as
    the state records it: the race number, the 1st and 2nd slimes, the
    winning pair, the coins bet on each pair (``bets``: pair → the seats'
    coins, one entry a coin) and the points paid. Read from the positions
    after each log entry, so a loaded or a class's game gives them too."""
    out: list[dict] = []
    last = None
    n = len(game.log)
    for i in range(1, n + 1):
        state = game.state if i == n else game.state_before(i)
        record = state.get("last_race")
        if record and record != last:
            out.append(copy_json(record))
            last = record
    return out


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, shown: bool):
    """tqdm's bar when one is asked for; tqdm (optional, absent in the
    browser) is imported only then."""
    if not shown:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc="races")
