"""Dragon Quest: Slime Race — the rules (pure Python, no display code).

Rulebook: Dragon Quest: Slime Race (see ``docs/rulings.md`` for the edition);
rulings SR-R1 … SR-R11 in ``docs/rulings.md``. Every rule below quotes the
rulebook line it implements.

Actions (strings, as a learner would say them):

* ``"bet 1-3"`` — put one coin on the odds space of slimes 1 and 3;
* ``"play red+5"``, ``"play 2nd+10"``, ``"play last+35"``, ``"play dash1"`` —
  play a card from your hand;
* chance (the dealer): ``"first 2"`` — seat 2 lost rock-paper-scissors and
  goes first (SR-R2); ``"deal <7 cards per player>"`` — the hands;
  ``"draw red+5"`` — the card a player draws at the start of a turn (SR-R4).
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..core.dealt import DealtRules
from ..core.errors import OptionError
from ..core.rules import CHANCE, NULL_SINK, GameInfo, Outcome, Refusal, State, copy_json
from .cards import _move as move
from .cards import card_label, resolve_card, standings
from .components import COMPONENTS as C
from .components import DATA_FILE, SLIMES, build, card_kind
from .components import Components as SRComponents

PAIRS = tuple(sorted(C.odds))
GOAL = C.track  # a slime finishes when a move takes it past this space (SR-R8)

# ----------------------------------------------------------------- the rules
class SlimeRaceRules(DealtRules):
    """The pure rules of Dragon Quest: Slime Race for 2–5 players (SR-R1)."""

    #: nothing of its own beyond the components: one per component set serves every game
    shared = True
    #: a race's finish is a sub-step, held on a board until the player goes on
    sub_steps = True
    hold_frames = True

    info = GameInfo(
        name="slime_race", title="Slime Race", ruling_prefix="SR",
        min_players=2, max_players=5, perfect_information=False, chance=True,
        default_options={"target": 30},
        rulebook="Dragon Quest: Slime Race (publisher and year not stated in the rulebook)",
        test_options={"target": 20}, opens_at_chance=True, scenarios=True, component_files=True,
    )
    near_misses = ("bet 9-9", "bet 1-2", "bet 4-5", "play red+5", "play dash2", "play 2nd+10",
                   "play last+35", "play nothing")

    def __init__(self, components):
        super().__init__(components)
        self.c: SRComponents = build(components.data)
        self.pairs = tuple(sorted(self.c.odds))
        self._bets = tuple(f"bet {p}" for p in self.pairs)
        #: "red+5" -> "Red +5": each card's label, worked out once
        self._labels = {card: card_label(card, self.c) for card in self.c.deck}
        #: "red+5" -> "play red+5"
        self._plays = {card: f"play {card}" for card in self.c.deck}
        #: the sentences said most often, written once: (seat, card) -> "Slime
        #: Knight plays Red +5"; (seat, cards left) -> "… draws a card (n left …)"
        seats = range(self.info.max_players)
        self._play_texts = {(s, card): f"{self.seat_name(s)} plays {label}"
                            for s in seats for card, label in self._labels.items()}
        self._draw_texts = {(s, k): f"{self.seat_name(s)} draws a card ({k} left in the deck)"
                            for s in seats for k in range(len(self.c.deck))}
        #: (seat, pair) -> "Slime Knight bets a coin on 1-3 (Red–Blue, ×7)"
        C = self.c
        self._bet_texts = {(s, p): f"{self.seat_name(s)} bets a coin on {p} "
                                   f"({C.names[C.slimes_of(p)[0]]}–{C.names[C.slimes_of(p)[1]]}, "
                                   f"×{C.odds[p]})"
                           for s in seats for p in self.pairs}
        #: card -> "draw <card>", the chance outcome of drawing it
        self._draws = {card: f"draw {card}" for card in self.c.deck}
        #: a slime card -> (its slime, how far it moves it)
        self._slime_cards = {card: kind[1:] for card in self.c.deck
                             for kind in [card_kind(card)] if kind[0] == "slime"}
        #: the first word of an action -> what it does to a state
        self._do = {"first": self._do_first, "deal": self._do_deal, "draw": self._do_draw,
                    "bet": self._do_bet, "play": self._do_play}
        #: every bet, play and draw -> (what it does, its argument): an
        #: action said again and again is not split again
        self._ops = {f"{word} {arg}": (self._do[word], arg)
                     for word, args in (("bet", self.pairs), ("play", self.c.deck),
                                        ("draw", self.c.deck)) for arg in args}

    @classmethod
    def _builtin_data(cls, name: str) -> Any:
        import json
        return json.loads(DATA_FILE.read_text(encoding="utf-8"))

    def check_options(self, options: dict) -> None:
        t = options["target"]
        if type(t) is not int or not 0 < t <= 10_000:
            raise OptionError(f"Slime Race: SR-R1: target points must be a whole number from 1 "
                              f"to 10000 (the rulebook suggests 20, 30, 40 or 50), not {t!r}")

    def seat_name(self, seat: int) -> str:
        return self.c.monsters[seat]

    def hand_size(self, state: State) -> int:
        return self.c.hand_size

    # -------------------------------------------------------------- set-up
    def initial_state(self, options: dict) -> State:
        n = options["players"]
        C = self.c
        return {
            "options": options,
            "race": 1,
            "phase": "setup",
            "first": None,
            "turn": None,
            "draw": None,
            "bets": {p: [] for p in self.pairs},
            "coins": [C.coins] * n,
            "positions": {s: 0 for s in SLIMES},
            "finished": [],
            "deck": list(C.deck),
            "hands": [[] for _ in range(n)],
            "discard": [],
            "scores": [0] * n,
            "last_race": None,
        }

    def _new_race(self, state: State) -> None:
        """"To start the race again, please start from '2. Place the Slime
        Figures'": slimes back on the start line, coins back, all 60 cards
        gathered for a new shuffle (SR-R9), a new first player (SR-R2)."""
        n = state["options"]["players"]
        C = self.c
        state.update(race=state["race"] + 1, phase="setup", first=None, turn=None, draw=None,
                     bets={p: [] for p in self.pairs}, coins=[C.coins] * n,
                     positions={s: 0 for s in SLIMES}, finished=[], deck=list(C.deck),
                     hands=[[] for _ in range(n)], discard=[])

    # ------------------------------------------------------------ actions
    def parse(self, text: str) -> str:
        """``bet <pair>``, ``play <card>``, or a chance outcome."""
        words = " ".join(text.strip().split()).lower().split(" ")
        word = words[0]
        C = self.c
        if word == "bet":
            if len(words) != 2 or words[1] not in C.odds:
                raise self.invalid(f"there is no odds space {' '.join(words[1:])!r} "
                                   f"(the spaces are {', '.join(self.pairs)})", "bet 1-3")
        elif word == "play":
            if len(words) != 2 or words[1] not in C.deck:
                raise self.invalid(f"there is no card {' '.join(words[1:])!r} (cards look like "
                                   "red+5, 2nd+10, last+35, dash1)", "play red+5")
        elif word in ("first", "deal", "draw"):
            if len(words) < 2:
                raise self.invalid(f"'{word}' needs what was chosen or drawn", f"{word} ...")
        else:
            raise self.invalid(f"unknown action {text.strip()[:40]!r} (there is no passing: a turn is a coin "
                               "bet before the race, or a card played during it)", "play red+5")
        return " ".join(words)

    def candidates(self, state: State, ctx: dict | None = None) -> Iterable[str]:
        phase = state["phase"]
        who = ctx["current"] if ctx is not None and "current" in ctx else self.current(state)
        if who is CHANCE:
            return self.chance_candidates(state)
        if phase == "bet":
            return self._bets
        if phase == "race":
            hand = state["hands"][state["turn"]]
            try:          # each card name once, in order
                return sorted(set(map(self._plays.__getitem__, hand)))
            except KeyError:     # "?": a hidden card, in an observation
                return [f"play {c}" for c in sorted(set(hand))]
        return []

    def refusal(self, state: State, action: str, ctx: dict | None = None) -> Refusal | None:
        word, _, arg = action.partition(" ")
        phase = state["phase"]
        # the common case first: a card of the hand of the seat to play, or
        # a bet while betting (a parsed action names a real card or space)
        if word == "play":
            if phase == "race" and state["draw"] is None and arg in state["hands"][state["turn"]]:
                return None
        elif word == "bet" and phase == "bet":
            return None
        who_acts = ctx["current"] if ctx is not None and "current" in ctx else self.current(state)
        if who_acts is None or who_acts is CHANCE or word in self.chance_words:
            # the refusals every dealt game shares (a seat to act and a
            # player's word leave them nothing to refuse)
            return self.turn_refusal(state, action, who_acts)
        if word == "bet":
            if phase != "bet":
                return Refusal("SR-R3", f"betting is over — all {self.c.coins} coins of every "
                                        f"player are on the odds table; now "
                                        f"{self.seat_name(state['turn'])} must play a card")
            return None
        # play
        if phase == "bet":
            return Refusal("SR-R4", f"cards are played only once every coin is bet; "
                                    f"{self.seat_name(state['turn'])} must bet a coin now (SR-R3)")
        hand = state["hands"][state["turn"]]
        if arg not in hand:
            return Refusal("SR-R4", f"{self.seat_name(state['turn'])} has no {arg} in hand "
                                    f"(hand: {', '.join(sorted(hand))})")
        return None

    def legal_actions(self, state: State) -> list[str]:
        """The legal actions, without asking :meth:`refusal` of each
        candidate where every candidate is legal: while betting, every odds
        space (SR-R3); while racing, every distinct card in the hand of the
        seat to play (SR-R4). The same list, in the same order, as the
        generic one (a conformance test compares them)."""
        phase = state["phase"]
        if phase == "bet":
            return list(self._bets)
        if phase == "race" and state["draw"] is None:
            hand = state["hands"][state["turn"]]
            try:
                return sorted(set(map(self._plays.__getitem__, hand)))
            except KeyError:     # "?": a hidden card, in an observation
                pass
        return super().legal_actions(state)

    def random_legal(self, state: State, rng) -> str:
        """The generic uniform draw (:meth:`Rules.random_legal`: the same
        action from the same generator), without listing or checking
        while racing: "Choose one card from your hand and play it" (SR-R4),
        so every distinct card in the hand of the seat to move is a legal
        play, and the candidates are those cards in order (a conformance
        test compares this with the generic draw in every kind of position)."""
        if state["phase"] == "race" and state.get("draw") is None:
            hand = state["hands"][state["turn"]]
            if hand:
                return "play " + rng.choice(sorted(set(hand)))
        return super().random_legal(state, rng)

    def sample_chance(self, state: State, rng) -> str:
        """:meth:`DealtRules.sample_chance`, a draw's outcome read from a
        table (the same card from the same generator)."""
        if state["phase"] != "setup":
            card = rng.choice(state["deck"])
            return self._draws.get(card) or "draw " + card
        return super().sample_chance(state, rng)

    def situation(self, state: State) -> str:
        phase = state["phase"]
        race = f"race {state['race']}"
        if phase == "setup":
            return f"{race}, setting up"
        if phase == "bet":
            n = state["options"]["players"]
            placed = n * self.c.coins - sum(state["coins"])
            return (f"{race}, betting round {placed // n + 1} of {self.c.coins}: "
                    f"{self.seat_name(state['turn'])} to bet")
        if phase == "race":
            if state["draw"] is not None:
                return f"{race}, racing: {self.seat_name(state['draw'])} draws a card"
            return f"{race}, racing: {self.seat_name(state['turn'])} to play a card"
        return f"match over after {race}: {self.outcome(state)}"

    # -------------------------------------------------------------- apply
    def apply(self, state: State, action: str, sink=None) -> None:
        """Every change replaces the part of the state it changes (a new
        deck, hand, bets, positions …), never changes a list or object of
        the state in place: so :meth:`child` need copy only the top level,
        and a child shares everything else with its parent. The sentences
        are written only for a sink that keeps them (not for search)."""
        sink = NULL_SINK if sink is None else sink
        op = self._ops.get(action)
        if op is None:
            word, _, arg = action.partition(" ")
            self._do[word](state, arg, sink)
        else:
            op[0](state, op[1], sink)

    def child(self, state: State, action: str) -> State:
        """A new state after ``action``: its top level copied, every list
        and object below shared with ``state`` (:meth:`apply` replaces
        what it changes, so ``state`` stays as it was)."""
        new = state.copy()
        self.apply(new, action, NULL_SINK)
        return new

    def snapshot(self, state: State) -> State:
        """Its top level is enough: a step never changes what is below."""
        return state.copy()

    def restore(self, snapshot: State) -> State:
        return self.clone(snapshot)

    def clone(self, state: State) -> State:
        """A copy of a position whose every part may be changed in place
        (an observation's hands, a determinized deck)."""
        new = state.copy()
        new["options"] = state["options"].copy()
        new["bets"] = {p: v[:] for p, v in state["bets"].items()}
        new["coins"] = state["coins"][:]
        new["positions"] = state["positions"].copy()
        new["finished"] = state["finished"][:]
        new["deck"] = state["deck"][:]
        new["hands"] = [h[:] for h in state["hands"]]
        new["discard"] = state["discard"][:]
        new["scores"] = state["scores"][:]
        if state["last_race"] is not None:
            new["last_race"] = copy_json(state["last_race"])
        return new

    def _do_first(self, state: State, arg: str, emit) -> None:
        """SR-R2: "play rock-paper-scissors to determine the order. Then,
        starting with the person who lost …" — a seeded random first player."""
        state["first"] = int(arg)
        if emit is not NULL_SINK:
            emit(state, f"Rock-paper-scissors: {self.seat_name(int(arg))} lost and goes first (SR-R2)")

    def _do_deal(self, state: State, arg: str, emit) -> None:
        """"Shuffle all 60 cards and deal 7 cards to each player … the
        remaining undealt cards … form the draw deck." """
        self.deal_cards(state, arg.split())
        state["phase"] = "bet"
        state["turn"] = state["first"]
        if emit is not NULL_SINK:
            emit(state, f"The {len(self.c.deck)} cards are shuffled; {self.c.hand_size} dealt to "
                        f"each player, {len(state['deck'])} form the draw deck")

    def _do_draw(self, state: State, card: str, emit) -> None:
        """SR-R4: "Draw one card from the top of the deck"."""
        seat = state["draw"]
        left = state["deck"] = state["deck"][:]
        left.remove(card)
        hands = state["hands"] = state["hands"][:]
        hands[seat] = [*hands[seat], card]
        state["draw"] = None
        if emit is not NULL_SINK:
            emit.events.append(self._draw_texts[seat, len(left)])

    def _do_bet(self, state: State, pair: str, emit) -> None:
        """SR-R3: "bet one coin at a time on the odds table in a clockwise
        direction … you may place your coin in an empty space, on top of a
        coin or coins you placed on a previous round, or on top of another
        player's coin." 3 rounds."""
        n = state["options"]["players"]
        seat = state["turn"]
        bets = state["bets"] = state["bets"].copy()
        bets[pair] = bets[pair] + [seat]
        coins = state["coins"] = state["coins"][:]
        coins[seat] -= 1
        texts = emit is not NULL_SINK
        if texts:
            emit.events.append(self._bet_texts[seat, pair])
        if not any(coins):
            # "Once everyone has bet their coins, it's time to start the race."
            state["phase"] = "race"
            state["turn"] = state["first"]
            if texts:
                emit.events.append("All coins are bet: the race starts (SR-R4)")
            self._start_turn(state, emit)
        else:
            state["turn"] = (seat + 1) % n

    def _start_turn(self, state: State, emit) -> None:
        """SR-R4: a turn starts with a draw — if there is a card; "What if the
        draw deck runs out? You must continue playing with only the cards
        left in your hand." """
        if state["deck"]:
            state["draw"] = state["turn"]
        elif emit is not NULL_SINK:
            emit(state, f"{self.seat_name(state['turn'])} cannot draw: the deck is empty (SR-R4)")

    def _do_play(self, state: State, card: str, emit) -> None:
        """SR-R4: "Choose one card from your hand and play it face up. Move a
        slime according to the effect of the card. You cannot pass. … Move
        played cards to a discard pile." """
        seat = state["turn"]
        hands = state["hands"] = state["hands"][:]
        hand = hands[seat] = hands[seat][:]
        hand.remove(card)
        state["discard"] = [*state["discard"], card]
        # a slime card whose slime still races moves it (SR-R5); any other
        # card is worked out by resolve_card
        slime = self._slime_cards.get(card)
        if slime is not None and slime[0] in state["finished"]:
            slime = None
        texts = emit is not NULL_SINK
        if slime is None:
            said = resolve_card(state, card, self.c, texts)
        else:
            said = move(state, slime[0], slime[1], self.c, "", texts)
        if texts:
            events = emit.events
            events.append(self._play_texts[seat, card])
            events.extend(said)
        deck = state["deck"]
        if len(state["finished"]) >= 2:
            self._end_race(state, emit, exhausted=False)
        elif not deck and not any(hands):
            self._end_race(state, emit, exhausted=True)
        else:
            n = len(hands)
            nxt = seat + 1 if seat + 1 < n else 0
            if not deck:
                while not hands[nxt]:
                    nxt = (nxt + 1) % n  # a player with no card left cannot play
            state["turn"] = nxt
            if deck:
                state["draw"] = nxt
            elif emit is not NULL_SINK:
                self._start_turn(state, emit)

    # ----------------------------------------------------------- scoring
    def _end_race(self, state: State, emit, exhausted: bool) -> None:
        """SR-R9: "(Number of coins bet on the correct space) x (Multiplier) =
        (Number of points)"; SR-R10 when the cards run out; SR-R11 match end."""
        C = self.c
        order = standings(state)
        first, second = order[0], order[1]
        pair = C.pair_of(first, second)
        mult = C.odds[pair]
        n = state["options"]["players"]
        payouts = [state["bets"][pair].count(s) * mult for s in range(n)]
        texts = emit is not NULL_SINK
        if exhausted and texts:
            emit(state, f"Every card has been played and only {len(state['finished'])} slime(s) "
                        f"finished: the leaders by position take 1st and 2nd (SR-R10)")
        state["scores"] = [a + b for a, b in zip(state["scores"], payouts)]
        state["last_race"] = {"race": state["race"], "first": first, "second": second,
                              "pair": pair, "payouts": payouts, "exhausted": exhausted,
                              "bets": {p: list(v) for p, v in state["bets"].items() if v}}
        # the finish as it stands (slimes past the goal, the bets, the new
        # scores) is a sub-step of its own: a board shows it, and holds it,
        # before the next race is set up
        if texts:
            emit(state, f"Race {state['race']} is over: 1st {C.names[first]}, 2nd {C.names[second]} "
                        f"— the winning space is {pair} (×{mult})", frame=True)
            for s in range(n):
                if payouts[s]:
                    coins = state["bets"][pair].count(s)
                    emit(state, f"{self.seat_name(s)} scores {coins} × {mult} = {payouts[s]} points")
            if not any(payouts):
                emit(state, "Nobody bet on the winning pair: nobody scores")
        target = state["options"]["target"]
        if max(state["scores"]) >= target:
            state["phase"] = "over"
            state["turn"] = None
            if texts:
                emit(state, str(self.outcome(state)))
        else:
            if texts:
                emit(state, "Everybody takes their coins back; the next race is set up (SR-R9)")
            self._new_race(state)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(state["scores"])
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        names = " and ".join(self.seat_name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return Outcome(winners, scores, f"{names} {verb} with {best} points "
                                        f"(target {state['options']['target']}, SR-R11)")

    # ------------------------------------------------------ hidden information
    def unseen_cards(self, observation: State, seat: int) -> list[str]:
        seen = Counter(observation["hands"][seat]) + Counter(observation["discard"])
        return sorted((Counter(self.c.deck) - seen).elements())

    # ---------------------------------------------------------- validation
    def round_of(self, state: State) -> int:
        return state["race"]

    def max_actions_per_round(self, options: dict) -> int:
        # first + deal, 3 bets each, at most every card drawn and played
        return 2 + self.c.coins * options["players"] + 2 * len(self.c.deck)

    def step_problems(self, before: State, after: State) -> list[str]:
        """Within a race, slimes never move backwards; scores never fall."""
        out = []
        if before["race"] == after["race"]:
            for s in SLIMES:
                if after["positions"][s] < before["positions"][s]:
                    out.append(f"{s} moved back from {before['positions'][s]} to {after['positions'][s]}")
            if after["finished"][:len(before["finished"])] != before["finished"]:
                out.append("the finishing order changed")
        if any(a < b for a, b in zip(after["scores"], before["scores"])):
            out.append("a score went down")
        return out

    def validate_state(self, state: State) -> None:
        from .validate import validate
        validate(self, state)

    # ---------------------------------------------------------------- bots
    #: The heuristic is in points; seats 10 points apart are clearly apart.
    heuristic_scale = 10.0

    def search_settings(self) -> dict:
        """A race is ~110 actions: six random actions after the search
        tree, then the heuristic (points scored + expected payout of the
        bets), seats compared by a softmax (whole-race random rollouts were
        about as strong and twice as slow; a scale of 5 too sharp)."""
        return {"horizon": 6, "rounds": 1, "exploration": 0.7, "evaluation": "softmax"}

    def heuristic(self, state: State, seat: int) -> float:
        """Expected points for ``seat``: each own coin × multiplier × a rough
        chance of that pair finishing 1-2, from positions and own hand
        (an observation is enough: nothing hidden is read)."""
        p = win_chances(state, seat, self.c)
        value = 0.0
        C = self.c
        for pair, stack in state["bets"].items():
            k = stack.count(seat)
            if k:
                a, b = C.slimes_of(pair)
                pab = p[a] * p[b] / max(1e-9, 1 - p[a]) + p[b] * p[a] / max(1e-9, 1 - p[b])
                value += k * C.odds[pair] * pab
        return value + state["scores"][seat]

    def text(self, state: State) -> str:
        from .text import text_picture
        return text_picture(self, state)


def win_chances(state: dict, seat: int, c: SRComponents = C, temperature: float = 9.0) -> dict:
    """A crude softmax "who wins" estimate from what ``seat`` can see."""
    hand = state["hands"][seat] if state["hands"] else []
    average = {s: sum(v) / len(v) for s, v in c.slime_values.items()}
    strength = {}
    for s in SLIMES:
        if s in state["finished"]:
            strength[s] = 1000.0 - 100 * state["finished"].index(s)
            continue
        own = sum(card_kind(x)[2] for x in hand if x != "?" and card_kind(x)[:2] == ("slime", s))
        strength[s] = state["positions"][s] + 0.6 * own + 3 * average[s]
    top = max(strength.values())
    w = {s: math.exp((v - top) / temperature) for s, v in strength.items()}
    total = sum(w.values())
    return {s: v / total for s, v in w.items()}
