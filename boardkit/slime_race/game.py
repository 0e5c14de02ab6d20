"""Dragon Quest: Slime Race — the session: :class:`SlimeRace`, the rules
(:mod:`.rules`) played with the core's log, undo, chance and saves, its
scenarios and its board picture (:mod:`.view`)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.choice import PlayChoice
from ..core.errors import OptionError, StateFileError
from ..core.game import Game
from ..core.registry import register
from ..core.rules import CHANCE
from .cards import rank_slots
from .components import SLIMES
from .components import Components as SRComponents
from .rules import SlimeRaceRules
from .view import hint, render


# ----------------------------------------------------------------- the game
@register
class SlimeRace(Game):
    """Dragon Quest: Slime Race for 2–5 players (SR-R1).

    >>> g = SlimeRace(players=3, seed=1)
    >>> g.apply("bet 1-3")  # doctest: +ELLIPSIS
    [...]
    """

    #: what the play page and the class server offer (:mod:`boardkit.play`)
    play = PlayChoice("01_slime_race.ipynb", "setup", 3,
                      ("target", "target", {f"{n} points": n for n in (10, 20, 30)}),
                      {1: "random bot", 2: "greedy bot", 3: "search bot"})

    Rules = SlimeRaceRules
    rules: SlimeRaceRules
    draw = staticmethod(render)
    #: what can be clicked now, in the game's words (:func:`boardkit.core.view.click_hint`)
    hint = staticmethod(hint)

    @property
    def c(self) -> SRComponents:
        return self.rules.c

    # ---------------------------------------------------------- scenarios
    @staticmethod
    def stacked_deal(players: int, hands: list[list[str]] | None = None,
                     deck_top: list[str] | None = None, components: Any = None) -> list[str]:
        """Chance outcomes ``["deal …", "draw …", …]`` that deal the given
        hands (seat 0 first, 7 cards each; missing cards filled in a fixed
        order) and make the next draws ``deck_top``: "suppose you were
        dealt …". Pass them as ``chance=[f"first {k}", *outcomes]``."""
        c = SlimeRaceRules(SlimeRaceRules.load_components(components)).c
        pool = Counter(c.deck)
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        wanted = [x for h in hands for x in h] + list(deck_top or [])
        for x in wanted:
            if pool[x] <= 0:
                raise OptionError(f"SR: there are not enough '{x}' cards for that deal")
            pool[x] -= 1
        rest = sorted(pool.elements())
        order: list[str] = []
        for h in hands:
            if len(h) > c.hand_size:
                raise OptionError(f"SR: a hand holds {c.hand_size} cards")
            fill = [rest.pop(0) for _ in range(c.hand_size - len(h))]
            order += list(h) + fill
        return ["deal " + " ".join(order)] + [f"draw {x}" for x in deck_top or []]

    @classmethod
    def scenario(cls, *args: Any, **kwargs: Any) -> SlimeRace:
        """A race in progress, set up by hand (see :meth:`_scenario`); every
        argument is checked first, every refusal an ``OptionError`` or
        ``StateFileError`` with a rule id."""
        from ..core.fields import run_scenario
        L = (list, tuple)
        types = {"positions": (dict,), "hands": L, "deck": L, "bets": (dict,), "turn": (int,),
                 "first": (int,), "scores": L, "target": (int,), "finished": L, "seed": (int,),
                 "draw": L}
        return run_scenario(cls, cls._scenario, types, args, kwargs)

    @staticmethod
    def _scenario(cls, players: int = 3, *, positions: dict | None = None,
                 hands: list[list[str]] | None = None, deck: list[str] | None = None,
                 bets: dict | None = None, turn: int = 0, first: int | None = None,
                 scores: list[int] | None = None, target: int = 30, finished: list | None = None,
                 seed: int = 0, draw: list[str] | None = None, components: Any = None) -> SlimeRace:
        """A race in progress, set up by hand: "what happens if …".

        ``positions`` {slime: space} (others 0); ``hands`` per seat (cards
        not in a hand or ``deck`` go to the discard pile); ``draw`` the next
        cards drawn, in order (forced chance outcomes; they must be in
        ``deck``); ``bets`` {seat: [pair, …]} (every player's 3 coins must be
        bet); ``finished`` the finishing order of slimes past the goal.
        The position is checked like a saved one; the player to move has
        already drawn.
        """
        rules = SlimeRaceRules(SlimeRaceRules.load_components(components))
        C = rules.c
        opts = rules.make_options(players=players, target=target)
        pos = {s: 0 for s in SLIMES}
        pos.update(positions or {})
        fin = list(finished) if finished is not None else sorted(
            (s for s in SLIMES if type(pos.get(s)) is int and pos[s] > C.track), key=lambda s: -pos[s])
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        pool = Counter(C.deck)
        for x in [x for h in hands for x in h] + list(deck or []):
            pool[x] -= 1
        if any(v < 0 for v in pool.values()):
            over = sorted(x for x, v in pool.items() if v < 0)
            raise StateFileError(f"Slime Race: more copies of {', '.join(over)} than the deck holds")
        state: dict[str, Any] = {
            "options": opts, "race": 1, "phase": "race",
            "first": turn if first is None else first, "turn": turn, "draw": None,
            "bets": {p: [] for p in rules.pairs}, "coins": [C.coins] * players,
            "positions": pos, "finished": fin,
            "deck": sorted(deck or []), "hands": hands, "discard": sorted(pool.elements()),
            "scores": list(scores or [0] * players), "last_race": None,
        }
        for seat, pairs in (bets or {}).items():
            for p in pairs:
                if p not in rules.pairs:
                    raise StateFileError(f"SR-R3: no odds space {p!r}")
                if type(seat) is not int or not 0 <= seat < players:
                    raise StateFileError(f"SR-R3: bets: no seat {seat!r}")
                state["bets"][p].append(seat)
                state["coins"][seat] -= 1
        game = cls.from_state(state, seed=seed, components=rules.components)
        if draw:
            game.force(*[f"draw {x}" for x in draw])
        assert isinstance(game, SlimeRace)
        return game

    # ------------------------------------------------------------- display
    def rank_table(self) -> list[dict]:
        """The current rank slots: who is 1st, 2nd…, and which slots are tied."""
        s = self._state
        return [{"slots": list(slots), "slimes": list(members), "tied": len(members) > 1,
                 "position": s["positions"][members[0]]}
                for slots, members in rank_slots(s["positions"], s["finished"])]

    def race_results(self) -> list[dict]:
        """Every finished race of the match: 1st, 2nd, the winning space and
        each player's payout (replayed from the log)."""
        out: list[dict] = []
        for i, e in enumerate(self._log):
            if e.player is not CHANCE and any(t.startswith("Race ") and " is over:" in t
                                                 for t in e.events):
                after = self.state_before(i + 1)
                out.append(after["last_race"])
        return out

