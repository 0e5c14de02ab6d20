"""Rules shared by games that start with a first player, deal hands and draw.

Every hidden draw is a chance event, so no player action reveals the future:

* ``"first <seat>"`` — rock-paper-scissors (or "any means"): who starts,
  each seat with probability 1/n;
* ``"deal <card> <card> …"`` — the hands, seat 0's cards first (too many
  outcomes to list; sampled from the seed, or forced: "suppose you were
  dealt …");
* ``"draw <card>"`` — the next card from the deck, each card with
  probability (copies in the deck) / (cards in the deck).

The deck in the state is the multiset of undrawn cards (kept sorted): its
order does not exist until a card is drawn.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from .first import draw_first, first_candidates, first_outcomes, is_first
from .rules import CHANCE, Player, Refusal, Rules, State


class DealtRules(Rules):
    """Rules whose state has ``phase`` (``"setup"`` while the dealer acts,
    ``"over"`` at the end), ``first``, ``turn``, ``deck`` (sorted), ``hands``
    and ``draw`` (the seat waiting for a card, or None)."""

    chance_words = ("first", "deal", "draw")
    chance_name = "Dealer"

    def hand_size(self, state: State) -> int:
        """*hook*: cards dealt to each player."""
        raise NotImplementedError

    # ------------------------------------------------------------ protocol
    def current(self, state: State) -> Player:
        phase = state["phase"]
        if phase == "over":
            return None
        if phase == "setup" or state["draw"] is not None:
            return CHANCE
        return state["turn"]

    def chance_candidates(self, state: State) -> Iterable[str]:
        if state["phase"] == "setup":
            if state["first"] is None:
                return first_candidates(self.players(state))
            return []
        return [f"draw {c}" for c in sorted(set(state["deck"]))]

    def chance_outcomes(self, state: State) -> list[tuple[str, float]] | None:
        if state["phase"] == "setup":
            if state["first"] is None:
                return first_outcomes(self.players(state))
            return None  # a deal: too many to list
        counts = Counter(state["deck"])
        total = len(state["deck"])
        return [(f"draw {c}", k / total) for c, k in sorted(counts.items())]

    def sample_chance(self, state: State, rng: random.Random) -> str:
        if state["phase"] == "setup":
            n = self.players(state)
            if state["first"] is None:
                return draw_first(n, rng)
            order = list(state["deck"])
            rng.shuffle(order)
            return "deal " + " ".join(order[:n * self.hand_size(state)])
        return "draw " + rng.choice(state["deck"])

    def turn_refusal(self, state: State, action: str, cur: Player) -> Refusal | None:
        """The refusals every dealt game shares, before its own rules: a
        chance outcome named by a player, a game that is over, the dealer
        still acting. None: the game's own rules decide."""
        if action.split(" ", 1)[0] in self.chance_words:
            if cur is CHANCE:
                return self.chance_refusal(state, action)
            return Refusal(self.rule_id("chance"), "choosing the first player, dealing and drawing "
                                                   "are done by chance; fix them with force(...) or "
                                                   "chance=[...]")
        if cur is None:
            return Refusal(self.rule_id("over"), "the game is over")
        if cur is CHANCE:
            return Refusal(self.rule_id("chance"), "the dealer acts now (first player, deal or draw)")
        return None

    def chance_refusal(self, state: State, action: str) -> Refusal | None:
        """Whether a chance outcome is possible here (for forced outcomes)."""
        word, _, rest = action.partition(" ")
        rule = self.rule_id("chance")
        if self.current(state) is not CHANCE:
            return Refusal(rule, f"'{word}' is a chance outcome and no card is being dealt or "
                                 "drawn now; fix chance with force(...) before it happens")
        if state["phase"] == "setup" and state["first"] is None:
            if word != "first":
                return Refusal(rule, "the first player is chosen first ('first <seat>')")
            n = self.players(state)
            if not is_first(action, n):
                return Refusal(rule, f"the first player is a seat 0..{n - 1}, not {rest!r}")
            return None
        if state["phase"] == "setup":
            if word != "deal":
                return Refusal(rule, "the hands are dealt now ('deal <cards>')")
            cards = rest.split()
            need = self.players(state) * self.hand_size(state)
            if len(cards) != need:
                return Refusal(rule, f"a deal names {need} cards ({self.hand_size(state)} per "
                                     f"player), not {len(cards)}")
            short = Counter(cards) - Counter(state["deck"])
            if short:
                return Refusal(rule, f"the deck does not hold that many of {', '.join(sorted(short))}")
            return None
        if word != "draw":
            return Refusal(rule, "a card is drawn now ('draw <card>')")
        if rest not in state["deck"]:
            return Refusal(rule, f"there is no {rest!r} left in the deck")
        return None

    def deal_cards(self, state: State, cards: list[str]) -> None:
        """Give each seat its hand from a ``deal`` and take them off the deck."""
        k = self.hand_size(state)
        n = self.players(state)
        state["hands"] = [cards[i * k:(i + 1) * k] for i in range(n)]
        deck = list(state["deck"])
        for card in cards:
            deck.remove(card)
        state["deck"] = sorted(deck)

    @staticmethod
    def take(deck: list[str], card: str) -> None:
        """Remove one ``card`` from a sorted deck."""
        deck.remove(card)

    # ------------------------------------------------------- hidden information
    def observation(self, state: State, seat: int) -> State:
        """Each player sees only their own hand; the deck is face down."""
        obs = self.clone(state)
        obs["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(obs["hands"])]
        obs["deck"] = ["?"] * len(obs["deck"])
        return obs

    def unseen_cards(self, observation: State, seat: int) -> list[str]:
        """*hook*: the cards ``seat`` cannot see (others' hands + the deck)."""
        raise NotImplementedError

    def determinize(self, observation: State, seat: int, rng: random.Random) -> State:
        """Deal the cards ``seat`` cannot see at random into the other hands
        and the deck, consistent with what it sees."""
        state = self.clone(observation)
        unseen = self.unseen_cards(observation, seat)
        rng.shuffle(unseen)
        for i, h in enumerate(state["hands"]):
            if i != seat:
                state["hands"][i] = [unseen.pop() for _ in h]
        state["deck"] = sorted(unseen.pop() for _ in state["deck"])
        return state
