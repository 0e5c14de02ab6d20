"""精算 — settlement at the end of the game (SCC-R9, SCC-R10, SCC-R11)."""
from __future__ import annotations

from .board import is_slime
from .components import COLOURS, card_colour, card_value


def ranking(hands: list[list[str]], colour: str) -> list[int]:
    """Players holding ``colour`` cards, best first: "more cards of that
    colour ranks higher; with the same number of cards, the higher sum …;
    with the same sum, the player whose highest card is higher". Cards are
    unique, so two holders can never tie completely."""
    keyed = []
    for seat, hand in enumerate(hands):
        values = [card_value(c) for c in hand if card_colour(c) == colour]
        if values:
            keyed.append(((len(values), sum(values), max(values)), seat))
    keyed.sort(key=lambda kv: (tuple(-x for x in kv[0]), kv[1]))
    return [seat for _, seat in keyed]


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def split(tiles: int, ranked: list[int], printed: bool = False) -> tuple[int, dict[int, int]]:
    """(case 1–4, {seat: tiles}) for one colour.

    1. only a 1st: all tiles;  2. 1st and 2nd: ⌈2/3⌉ to 1st, the rest to 2nd;
    3. at least three: ⌈1/2⌉ to 1st, ⌈2/3⌉ of the rest to 2nd, the remainder
       to the **3rd** (SCC-R10; ``printed=True`` gives it to the 2nd, as
       printed); 4th and lower take nothing;  4. no holder: nobody.
    """
    if not ranked:
        return 4, {}
    if len(ranked) == 1:
        return 1, {ranked[0]: tiles}
    if len(ranked) == 2:
        a = ceil_div(2 * tiles, 3)
        return 2, {ranked[0]: a, ranked[1]: tiles - a}
    a = ceil_div(tiles, 2)
    b = ceil_div(2 * (tiles - a), 3)
    rest = tiles - a - b
    out = {ranked[0]: a, ranked[1]: b, ranked[2]: 0}
    out[ranked[1] if printed else ranked[2]] += rest
    return 3, out


def settle(state: dict) -> dict:
    """Settle every colour from the board and the hidden right cards."""
    n = state["options"]["players"]
    printed = state["options"]["settlement"] == "printed"
    counts = {c: 0 for c in COLOURS}
    for v in state["board"].values():
        if is_slime(v):
            counts[v] += 1
    per_colour = {}
    scores = [0] * n
    for c in COLOURS:
        ranked = ranking(state["hands"], c)
        case, shares = split(counts[c], ranked, printed)
        per_colour[c] = {"tiles": counts[c], "ranking": ranked, "case": case, "shares": shares}
        for seat, k in shares.items():
            scores[seat] += k
    bonus = [1 if state["cancer"][s] == "hand" else 0 for s in range(n)]
    return {"colours": per_colour, "tiles": scores, "cancer_bonus": bonus,
            "scores": [a + b for a, b in zip(scores, bonus)]}
