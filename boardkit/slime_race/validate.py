"""Every check of a Slime Race position (a scenario or a saved game).

One path for positions: the constructor, :meth:`SlimeRace.scenario` and a
loaded save all come here; a problem names the field and the reason.
"""
from __future__ import annotations

from collections import Counter

from ..core.errors import StateFileError
from ..core.rules import check_fields, whole
from .components import SLIMES

FIELDS = {"options", "race", "phase", "first", "turn", "draw", "bets", "coins", "positions",
          "finished", "deck", "hands", "discard", "scores", "last_race"}


_int = whole


def validate(rules, state: dict) -> None:
    C = rules.c
    check_fields("Slime Race", state, FIELDS)
    n = state["options"]["players"]
    problems: list[str] = []
    phase = state["phase"]
    if phase not in ("setup", "bet", "race", "over"):
        problems.append(f"phase: unknown phase {phase!r} (setup, bet, race, over)")
    if not _int(state["race"], 1, 10**6):
        problems.append("race: a race number ≥ 1")
    if not (state["first"] is None or _int(state["first"], 0, n - 1)):
        problems.append("first: a seat number or null")
    pos = state["positions"]
    if not isinstance(pos, dict) or set(pos) != set(SLIMES) or any(
            not _int(v, 0, C.track + 100) for v in pos.values()):
        problems.append(f"positions: a whole number 0..{C.track + 100} for each of the five slimes")
    elif not isinstance(state["finished"], list) or \
            sorted(map(str, state["finished"])) != sorted(s for s in SLIMES if pos[s] > C.track) \
            or len(set(state["finished"])) != len(state["finished"]):
        problems.append(f"finished: exactly the slimes past space {C.track}, once each")
    elif len(state["finished"]) >= 2 and phase in ("bet", "race"):
        problems.append("finished: two slimes have finished, so the race is over (SR-R9)")
    bets = state["bets"]
    coins = state["coins"]
    if not isinstance(bets, dict) or set(bets) != set(rules.pairs) or not all(
            isinstance(v, list) and all(_int(x, 0, n - 1) for x in v) for v in bets.values()):
        problems.append("bets: the ten odds spaces, each a list of seat numbers")
    elif not (isinstance(coins, list) and len(coins) == n and all(_int(x, 0, C.coins) for x in coins)):
        problems.append(f"coins: each player's coins in hand, 0..{C.coins}")
    else:
        for s in range(n):
            on_table = sum(v.count(s) for v in bets.values())
            if on_table + coins[s] != C.coins:
                problems.append(f"coins: {rules.seat_name(s)} does not have exactly {C.coins} coins")
        if phase == "race" and sum(coins):
            problems.append("coins: the race starts only once every coin is bet (SR-R3)")
        if phase == "bet" and not sum(coins):
            problems.append("coins: betting ends when every coin is bet (SR-R3)")
        if phase == "bet" and _int(state["first"], 0, n - 1) and _int(state["turn"], 0, n - 1):
            placed = n * C.coins - sum(coins)
            if state["turn"] != (state["first"] + placed) % n:
                problems.append("turn: betting goes round clockwise from the first player (SR-R3)")
        if phase == "setup" and any(bets.values()):
            problems.append("bets: no coin is bet before the deal")
    hands = state["hands"]
    cards_ok = isinstance(hands, list) and len(hands) == n and all(
        isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands) and all(
        isinstance(state[k], list) and all(isinstance(c, str) for c in state[k]) for k in ("deck", "discard"))
    if not cards_ok:
        problems.append("hands, deck, discard: lists of card names, one hand per player")
    else:
        cards = Counter(state["deck"]) + Counter(state["discard"])
        for h in hands:
            cards += Counter(h)
        if cards != Counter(C.deck):
            problems.append(f"deck, hands, discard: must hold exactly the {len(C.deck)} cards")
        if state["deck"] != sorted(state["deck"]):
            problems.append("deck: the undrawn cards are kept sorted (their order is chance's)")
        if any(len(h) > C.hand_size + 1 for h in hands):
            problems.append(f"hands: at most {C.hand_size + 1} cards")
    turn, draw = state["turn"], state["draw"]
    if phase in ("bet", "race"):
        if not _int(turn, 0, n - 1):
            problems.append("turn: a seat number")
        if not _int(state["first"], 0, n - 1):
            problems.append("first: the first player's seat, once the cards are dealt (SR-R2)")
        if not (draw is None or (phase == "race" and draw == turn)):
            problems.append("draw: null, or in the race the seat to move (about to draw)")
        if draw is not None and cards_ok and not state["deck"]:
            problems.append("draw: nobody can draw from an empty deck")
        if phase == "race" and cards_ok and _int(turn, 0, n - 1) and draw is None \
                and not hands[turn]:
            problems.append("hands: the player to move has no card to play")
    elif turn is not None or draw is not None:
        problems.append("turn, draw: null outside betting and racing")
    if phase == "setup" and cards_ok and (any(hands) or state["discard"]):
        problems.append("hands: nothing is dealt before the deal")
    scores = state["scores"]
    if not (isinstance(scores, list) and len(scores) == n and all(_int(x, 0, 10**7) for x in scores)):
        problems.append("scores: whole numbers ≥ 0, one per player")
    elif phase != "over" and max(scores) >= state["options"]["target"]:
        problems.append("scores: someone has reached the target, so the match is over (SR-R11)")
    elif phase == "over" and max(scores) < state["options"]["target"]:
        problems.append("phase: the match is over only when someone reaches the target (SR-R11)")
    if not (state["last_race"] is None or isinstance(state["last_race"], dict)):
        problems.append("last_race: null or the result of the last race")
    if problems:
        raise StateFileError("Slime Race state is invalid: " + "; ".join(problems))
