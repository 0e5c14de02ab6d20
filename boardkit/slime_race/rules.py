"""Dragon Quest: Slime Race — the rules (pure Python, no display code).

Rulebook: ``shared/rules/slime_race.txt``; rulings SR-R1 … SR-R11 in
``RULINGS.md``. Every rule below quotes the rulebook line it implements.

Actions (strings, as a learner would say them):

* ``"bet 1-3"`` — put one coin on the odds space of slimes 1 and 3;
* ``"play red+5"``, ``"play 2nd+10"``, ``"play last+35"``, ``"play dash1"`` —
  play a card from your hand;
* chance (the dealer): ``"first 2"`` — seat 2 lost rock-paper-scissors and
  goes first (SR-R2); ``"shuffle <60 cards>"`` — the deck order.
"""
from __future__ import annotations

import math
from collections import Counter

from ..core.errors import OptionError, StateFileError
from ..core.dealt import DealtGame
from ..core.game import Outcome, copy_json
from ..core.registry import register
from .cards import card_label, rank_slots, resolve_card, standings
from .components import COMPONENTS as C, card_kind

SLIMES = C.slimes
PAIRS = tuple(sorted(C.odds))
GOAL = C.track  # a slime finishes when a move takes it past this space (SR-R8)


# ----------------------------------------------------------------- the game
@register
class SlimeRace(DealtGame):
    """Dragon Quest: Slime Race for 2–5 players (SR-R1).

    >>> g = SlimeRace(players=3, seed=1)
    >>> g.apply("bet 1-3")  # doctest: +ELLIPSIS
    [...]
    """

    name = "slime_race"
    title = "Slime Race"
    ruling_prefix = "SR"
    min_players, max_players = 2, 5
    default_options = {"target": 30}

    components = C

    @classmethod
    def _check_options(cls, options: dict) -> None:
        t = options["target"]
        if type(t) is not int or t <= 0:
            raise OptionError(f"Slime Race: SR-R1: target points must be a positive whole number "
                              f"(the rulebook suggests 20, 30, 40 or 50), not {t!r}")

    def seat_name(self, seat: int) -> str:
        return C.monsters[seat]

    # -------------------------------------------------------------- set-up
    def _initial_state(self, options: dict) -> dict:
        n = options["players"]
        state = {
            "options": options,
            "race": 1,
            "phase": "setup",
            "first": None,
            "turn": None,
            "bets": {p: [] for p in PAIRS},
            "coins": [C.coins] * n,
            "positions": {s: 0 for s in SLIMES},
            "finished": [],
            "deck": list(C.deck),
            "hands": [[] for _ in range(n)],
            "discard": [],
            "scores": [0] * n,
            "history": [],
        }
        return state

    def _new_race(self, state: dict) -> None:
        """"To start the race again, please start from '2. Place the Slime
        Figures'": slimes back on the start line, coins back, all 60 cards
        gathered for a new shuffle (SR-R9), a new first player (SR-R2)."""
        n = state["options"]["players"]
        state.update(race=state["race"] + 1, phase="setup", first=None, turn=None,
                     bets={p: [] for p in PAIRS}, coins=[C.coins] * n,
                     positions={s: 0 for s in SLIMES}, finished=[], deck=list(C.deck),
                     hands=[[] for _ in range(n)], discard=[])

    # ------------------------------------------------------------ protocol
    def _legal_actions(self, state: dict) -> list[str]:
        phase = state["phase"]
        if phase == "setup":
            return self._setup_actions(state)
        if phase == "bet":
            return [f"bet {p}" for p in PAIRS]
        if phase == "race":
            return [f"play {c}" for c in sorted(set(state["hands"][state["turn"]]))]
        return []

    def _why_illegal(self, state: dict, action: str) -> str:
        word, _, arg = action.partition(" ")
        phase = state["phase"]
        who = self.seat_name(state["turn"]) if state["turn"] is not None else "the dealer"
        if word in ("first", "shuffle"):
            return ("SR-R2: choosing the first player and shuffling are chance actions; "
                    "fix them with force(...) or chance=[...]")
        if word == "bet":
            if arg not in PAIRS:
                return f"SR-R3: there is no odds space '{arg}'; the spaces are {', '.join(PAIRS)}"
            return (f"SR-R3: betting is over — all {C.coins} coins of every player are on the "
                    f"odds table; now {who} must play a card")
        if word == "play":
            if phase == "bet":
                return (f"SR-R3/SR-R4: cards are played only once every coin is bet; "
                        f"{who} must bet a coin now")
            try:
                kind, name, _ = card_kind(arg)
                known = arg in C.deck
            except ValueError:
                known = False
            if not known:
                return f"SR-R4: there is no card '{arg}' (cards look like red+5, 2nd+10, last+35, dash1)"
            hand = ", ".join(sorted(state["hands"][state["turn"]]))
            return f"SR-R4: {who} has no {arg} in hand (hand: {hand})"
        return "unknown action; actions look like 'bet 1-3' or 'play red+5'"

    def _situation(self, state: dict) -> str:
        phase = state["phase"]
        race = f"race {state['race']}"
        if phase == "setup":
            return f"{race}, setting up"
        if phase == "bet":
            n = state["options"]["players"]
            placed = n * C.coins - sum(state["coins"])
            return (f"{race}, betting round {placed // n + 1} of {C.coins}: "
                    f"{self.seat_name(state['turn'])} to bet")
        if phase == "race":
            return f"{race}, racing: {self.seat_name(state['turn'])} to play a card"
        out = self._outcome(state)
        return f"match over after {race}: {out}"

    # ------------------------------------------------------------- chance
    @staticmethod
    def stacked_shuffle(players: int, hands: list[list[str]] | None = None,
                        deck_top: list[str] | None = None) -> str:
        """A ``shuffle`` chance outcome that deals the given hands (seat 0
        first, 7 cards each; missing cards filled in a fixed order) and puts
        ``deck_top`` on top of the draw deck: "suppose you were dealt …"."""
        pool = Counter(C.deck)
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        wanted = [c for h in hands for c in h] + list(deck_top or [])
        for c in wanted:
            if pool[c] <= 0:
                raise OptionError(f"SR: there are not enough '{c}' cards for that deal")
            pool[c] -= 1
        rest = sorted(pool.elements())
        order = []
        for h in hands:
            if len(h) > C.hand_size:
                raise OptionError(f"SR: a hand holds {C.hand_size} cards")
            fill = [rest.pop(0) for _ in range(C.hand_size - len(h))]
            order += list(h) + fill
        order += list(deck_top or []) + rest
        return "shuffle " + " ".join(order)

    # -------------------------------------------------------------- apply
    def _apply(self, state: dict, action: str) -> list[str]:
        word, _, arg = action.partition(" ")
        return getattr(self, "_do_" + word)(state, arg)

    def _do_first(self, state: dict, arg: str) -> list[str]:
        """SR-R2: "play rock-paper-scissors to determine the order. Then,
        starting with the person who lost …" — a seeded random first player."""
        state["first"] = int(arg)
        return [f"Rock-paper-scissors: {self.seat_name(int(arg))} lost and goes first (SR-R2)"]

    def _do_shuffle(self, state: dict, arg: str) -> list[str]:
        """"Shuffle all 60 cards and deal 7 cards to each player … the
        remaining undealt cards … form the draw deck." """
        order = arg.split()
        n = state["options"]["players"]
        k = C.hand_size
        state["hands"] = [order[i * k:(i + 1) * k] for i in range(n)]
        state["deck"] = order[n * k:]
        state["phase"] = "bet"
        state["turn"] = state["first"]
        return [f"The 60 cards are shuffled; {k} dealt to each player, "
                f"{len(state['deck'])} form the draw deck"]

    def _do_bet(self, state: dict, pair: str) -> list[str]:
        """SR-R3: "bet one coin at a time on the odds table in a clockwise
        direction … you may place your coin in an empty space, on top of a
        coin or coins you placed on a previous round, or on top of another
        player's coin." 3 rounds."""
        n = state["options"]["players"]
        seat = state["turn"]
        state["bets"][pair].append(seat)
        state["coins"][seat] -= 1
        a, b = C.slimes_of(pair)
        events = [f"{self.seat_name(seat)} bets a coin on {pair} "
                  f"({C.names[a]}–{C.names[b]}, ×{C.odds[pair]})"]
        if sum(state["coins"]) == 0:
            # "Once everyone has bet their coins, it's time to start the race."
            state["phase"] = "race"
            state["turn"] = state["first"]
            events.append("All coins are bet: the race starts (SR-R4)")
            events += self._draw(state)
        else:
            state["turn"] = (seat + 1) % n
        return events

    def _draw(self, state: dict) -> list[str]:
        """SR-R4: "Draw one card from the top of the deck" — if there is one;
        "What if the draw deck runs out? You must continue playing with only
        the cards left in your hand." """
        seat = state["turn"]
        if state["deck"]:
            state["hands"][seat].append(state["deck"].pop(0))
            return [f"{self.seat_name(seat)} draws a card ({len(state['deck'])} left in the deck)"]
        return [f"{self.seat_name(seat)} cannot draw: the deck is empty (SR-R4)"]

    def _do_play(self, state: dict, card: str) -> list[str]:
        """SR-R4: "Choose one card from your hand and play it face up. Move a
        slime according to the effect of the card. You cannot pass. … Move
        played cards to a discard pile." """
        seat = state["turn"]
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        events = [f"{self.seat_name(seat)} plays {card_label(card)}"]
        events += resolve_card(state, card)
        if len(state["finished"]) >= 2:
            events += self._end_race(state, exhausted=False)
        elif not state["deck"] and not any(state["hands"]):
            events += self._end_race(state, exhausted=True)
        else:
            n = state["options"]["players"]
            nxt = (seat + 1) % n
            while not state["hands"][nxt] and not state["deck"]:
                nxt = (nxt + 1) % n  # a player with no card left cannot play
            state["turn"] = nxt
            events += self._draw(state)
        return events

    # ----------------------------------------------------------- scoring
    def _end_race(self, state: dict, exhausted: bool) -> list[str]:
        """SR-R9: "(Number of coins bet on the correct space) x (Multiplier) =
        (Number of points)"; SR-R10 when the cards run out; SR-R11 match end."""
        order = standings(state)
        first, second = order[0], order[1]
        pair = C.pair_of(first, second)
        mult = C.odds[pair]
        n = state["options"]["players"]
        payouts = [state["bets"][pair].count(s) * mult for s in range(n)]
        events = []
        if exhausted:
            events.append(f"Every card has been played and only {len(state['finished'])} slime(s) "
                          f"finished: the leaders by position take 1st and 2nd (SR-R10)")
        events.append(f"Race {state['race']} is over: 1st {C.names[first]}, 2nd {C.names[second]} "
                      f"— the winning space is {pair} (×{mult})")
        for s in range(n):
            if payouts[s]:
                coins = state["bets"][pair].count(s)
                events.append(f"{self.seat_name(s)} scores {coins} × {mult} = {payouts[s]} points")
        if not any(payouts):
            events.append("Nobody bet on the winning pair: nobody scores")
        state["scores"] = [a + b for a, b in zip(state["scores"], payouts)]
        state["history"].append({"race": state["race"], "first": first, "second": second,
                                 "pair": pair, "payouts": payouts, "exhausted": exhausted})
        target = state["options"]["target"]
        if max(state["scores"]) >= target:
            state["phase"] = "over"
            state["turn"] = None
            events.append(str(self._outcome(state)))
        else:
            events.append("Everybody takes their coins back; the next race is set up (SR-R9)")
            self._new_race(state)
        return events

    def _outcome(self, state: dict) -> Outcome | None:
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
    def _observation(self, state: dict, seat: int) -> dict:
        """Each player sees only their own hand; the deck order is secret."""
        obs = copy_json(state)
        obs["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(obs["hands"])]
        obs["deck"] = ["?"] * len(obs["deck"])
        return obs

    # ---------------------------------------------------------- validation
    def _round(self, state: dict) -> int:
        return state["race"]

    def _max_actions_per_round(self, options: dict) -> int:
        # 2 chance actions, 3 bets each, at most 60 cards played
        return 2 + C.coins * options["players"] + len(C.deck)

    def _step_problems(self, before: dict, after: dict) -> list[str]:
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

    def _validate_state(self, state: dict) -> None:
        need = {"options", "race", "phase", "first", "turn", "bets", "coins", "positions",
                "finished", "deck", "hands", "discard", "scores", "history"}
        if not isinstance(state, dict) or need - set(state):
            raise StateFileError(f"Slime Race state lacks {sorted(need - set(state or {}))}")
        n = state["options"]["players"]
        problems = []
        if state["phase"] not in ("setup", "bet", "race", "over"):
            problems.append(f"unknown phase {state['phase']!r}")
        if set(state["positions"]) != set(SLIMES) or any(
                type(v) is not int or v < 0 for v in state["positions"].values()):
            problems.append("positions must give a whole number ≥ 0 for each of the five slimes")
        elif sorted(state["finished"]) != sorted(s for s in SLIMES if state["positions"][s] > GOAL) \
                or len(set(state["finished"])) != len(state["finished"]):
            problems.append("'finished' must list exactly the slimes past space 70, once each")
        if set(state["bets"]) != set(PAIRS):
            problems.append("bets must have the ten odds spaces")
        elif not (isinstance(state["coins"], list) and len(state["coins"]) == n):
            problems.append("coins must list each player's coins in hand")
        else:
            for s in range(n):
                on_table = sum(v.count(s) for v in state["bets"].values())
                if type(state["coins"][s]) is not int or not 0 <= state["coins"][s] <= C.coins \
                        or on_table + state["coins"][s] != C.coins:
                    problems.append(f"{self.seat_name(s)} does not have exactly {C.coins} coins")
            if any(type(x) is not int or not 0 <= x < n for v in state["bets"].values() for x in v):
                problems.append("a coin on the odds table belongs to no player")
        if not (isinstance(state["hands"], list) and len(state["hands"]) == n):
            problems.append("hands must list one hand per player")
        else:
            cards = Counter(state["deck"]) + Counter(state["discard"])
            for h in state["hands"]:
                cards += Counter(h)
            if cards != Counter(C.deck):
                problems.append("the deck, hands and discard pile must hold exactly the 60 cards")
        if state["phase"] in ("bet", "race") and (type(state["turn"]) is not int
                                                  or not 0 <= state["turn"] < n):
            problems.append("turn must be a seat number")
        if not (isinstance(state["scores"], list) and len(state["scores"]) == n
                and all(type(x) is int and x >= 0 for x in state["scores"])):
            problems.append("scores must be whole numbers ≥ 0, one per player")
        if problems:
            raise StateFileError("Slime Race state is invalid: " + "; ".join(problems))

    # ---------------------------------------------------------- scenarios
    @classmethod
    def scenario(cls, players: int = 3, *, positions: dict | None = None,
                 hands: list[list[str]] | None = None, deck: list[str] | None = None,
                 bets: dict | None = None, turn: int = 0, first: int | None = None,
                 scores: list[int] | None = None, target: int = 30, finished: list | None = None,
                 seed: int = 0) -> "SlimeRace":
        """A race in progress, set up by hand: "what happens if …".

        ``positions`` {slime: space} (others 0); ``hands`` per seat (cards
        not in a hand or ``deck`` — top first — go to the discard pile);
        ``bets`` {seat: [pair, …]} (every player's 3 coins must be bet);
        ``finished`` the finishing order of slimes past space 70.
        """
        opts = cls.make_options(players=players, target=target)
        pos = {s: 0 for s in SLIMES}
        pos.update(positions or {})
        fin = list(finished) if finished is not None else sorted(
            (s for s in SLIMES if pos[s] > GOAL), key=lambda s: -pos[s])
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        pool = Counter(C.deck)
        for c in [c for h in hands for c in h] + list(deck or []):
            pool[c] -= 1
        if any(v < 0 for v in pool.values()):
            over = sorted(c for c, v in pool.items() if v < 0)
            raise StateFileError(f"Slime Race: more copies of {', '.join(over)} than the 60-card deck holds")
        state = {
            "options": opts, "race": 1, "phase": "race",
            "first": turn if first is None else first, "turn": turn,
            "bets": {p: [] for p in PAIRS}, "coins": [C.coins] * players,
            "positions": pos, "finished": fin,
            "deck": list(deck or []), "hands": hands, "discard": sorted(pool.elements()),
            "scores": list(scores or [0] * players), "history": [],
        }
        for seat, pairs in (bets or {}).items():
            for p in pairs:
                if p not in PAIRS:
                    raise StateFileError(f"SR-R3: no odds space {p!r}")
                state["bets"][p].append(int(seat))
                state["coins"][int(seat)] -= 1
        return cls.from_state(state, seed=seed)

    # ------------------------------------------------------------- display
    def rank_table(self) -> list[dict]:
        """The current rank slots: who is 1st, 2nd…, and which slots are tied."""
        s = self._state
        return [{"slots": list(slots), "slimes": list(members), "tied": len(members) > 1,
                 "position": s["positions"][members[0]]}
                for slots, members in rank_slots(s["positions"], s["finished"])]

    def _text(self, state: dict) -> str:
        lines = [f"Slime Race — {self._situation(state)}"]
        lines.append(f"Track (goal after space {GOAL}):")
        place = {s: i + 1 for i, s in enumerate(state["finished"])}
        for s in SLIMES:
            p = state["positions"][s]
            bar_len = 35
            filled = min(bar_len, round(min(p, GOAL) * bar_len / GOAL))
            tag = f"finished {('1st', '2nd')[place[s] - 1]}" if s in place else f"space {p}"
            lines.append(f"  {C.letters[s]} {C.names[s]:<6} |{'#' * filled}{'.' * (bar_len - filled)}| {tag}")
        bets = []
        for p in PAIRS:
            if state["bets"][p]:
                who = Counter(state["bets"][p])
                bets.append(f"{p} ×{C.odds[p]}: " + ", ".join(
                    f"{self.seat_name(s)}×{k}" for s, k in sorted(who.items())))
        lines.append("Bets: " + ("; ".join(bets) if bets else "none yet"))
        lines.append("Scores: " + ", ".join(
            f"{self.seat_name(i)} {v}" for i, v in enumerate(state["scores"]))
            + f" (target {state['options']['target']})")
        for i, h in enumerate(state["hands"]):
            mark = "▶ " if i == state["turn"] and state["phase"] in ("bet", "race") else "  "
            lines.append(f"{mark}{self.seat_name(i)}: {' '.join(sorted(h)) or '—'}")
        top = state["discard"][-1] if state["discard"] else "—"
        lines.append(f"Deck {len(state['deck'])} · discard {len(state['discard'])} (top: {top})")
        return "\n".join(lines)

    def render(self, seat: int | None = None, pending: str = "", hide_hands: bool = False,
               all_hands: bool = False, state: dict | None = None, caption: str = "") -> str:
        """SVG of the board; ``seat`` whose hand to show (default: the player
        to move), ``all_hands`` adds every hand (teacher view)."""
        from .view import render
        return render(self, seat=seat, pending=pending, hide_hands=hide_hands, all_hands=all_hands,
                      state=state, caption=caption)

    # ---------------------------------------------------------------- bots
    def heuristic(self, state: dict, seat: int) -> float:
        """Expected points for ``seat``: each own coin × multiplier × a rough
        chance of that pair finishing 1-2, from positions and own hand."""
        p = win_chances(state, seat)
        value = 0.0
        for pair, stack in state["bets"].items():
            k = stack.count(seat)
            if k:
                a, b = C.slimes_of(pair)
                pab = p[a] * p[b] / max(1e-9, 1 - p[a]) + p[b] * p[a] / max(1e-9, 1 - p[b])
                value += k * C.odds[pair] * pab
        return value + (state["scores"][seat] if state["phase"] != "setup" else 0)


AVERAGE_CARD = {s: sum(v) / len(v) for s, v in C.slime_values.items()}


def win_chances(state: dict, seat: int, temperature: float = 9.0) -> dict:
    """A crude softmax "who wins" estimate from what ``seat`` can see."""
    hand = state["hands"][seat] if state["hands"] else []
    strength = {}
    for s in SLIMES:
        if s in state["finished"]:
            strength[s] = 1000.0 - 100 * state["finished"].index(s)
            continue
        own = sum(card_kind(c)[2] for c in hand if card_kind(c)[:2] == ("slime", s))
        strength[s] = state["positions"][s] + 0.6 * own + 3 * AVERAGE_CARD[s]
    top = max(strength.values())
    w = {s: math.exp((v - top) / temperature) for s, v in strength.items()}
    total = sum(w.values())
    return {s: v / total for s, v in w.items()}
