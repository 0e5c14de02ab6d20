"""Positions set up by hand: "what happens if …" (Slime Culture Center)."""
from __future__ import annotations

from collections import Counter

from ..core.errors import StateFileError
from .components import COLOURS, LETTERS


def scenario(cls, players: int = 2, *, board: dict | str | None = None, turn: int = 0,
             actions_left: int = 2, hands: list[list[str]] | None = None,
             revealed: list[list[str]] | None = None, cancer: list[str] | None = None,
             stock: dict | None = None, removed: dict | None = None, settlement: str = "ruled",
             seed: int = 0, draw: list[str] | None = None, components=None):
    """A position set up by hand.

    ``board`` is a dict ``{"c4": "red", "d4": "x:blue", "e4": "cancer:1"}``
    or a picture (see :func:`parse_board`). Stocks default to what the
    board leaves (tiles not on the board or ``removed`` are in stock);
    ``stock`` overrides some (the difference counts as removed). Right
    cards not in ``hands``/``revealed`` form the deck; ``draw`` fixes the
    next cards drawn (forced chance outcomes). The position goes through the
    same checks as a saved game: one that cannot be played is refused.
    """
    rules = cls.Rules(cls.Rules.load_components(components))
    TILES, CARDS, HAND = rules.tiles, rules.cards, rules.hand
    opts = rules.make_options(players=players, settlement=settlement)
    if isinstance(board, str):
        board = parse_board(board)
    board = dict(board or {})
    cancer = list(cancer) if cancer else [
        "board" if f"cancer:{s}" in board.values() else "hand" for s in range(players)]
    removed = {c: 0 for c in COLOURS} | dict(removed or {})
    up = Counter(v if v in COLOURS else v[2:] for v in board.values() if not v.startswith("cancer:"))
    st = {c: TILES[c] - up[c] - removed[c] for c in COLOURS}
    for c, k in (stock or {}).items():
        removed[c] += st[c] - k
        st[c] = k
    hands = [list(h) for h in (hands or [])]
    revealed = [list(r) for r in (revealed or [])] + [[] for _ in range(players - len(revealed or []))]
    pool = [c for c in CARDS if c not in {x for h in hands + revealed for x in h}]
    while len(hands) < players:
        hands.append([])
    for h in hands:
        while len(h) < HAND:
            h.append(pool.pop(0))
    state = {"options": opts, "phase": "action", "first": 0, "turn": turn, "turn_number": 1,
             "actions_left": actions_left, "board": board, "stock": st, "removed": removed,
             "cancer": cancer, "deck": sorted(pool), "hands": hands, "revealed": revealed,
             "check": None, "decision": None, "draw": None}
    game = cls.from_state(state, seed=seed, components=rules.components)
    if draw:
        game.force(*[f"draw {c}" for c in draw])
    return game


def parse_board(picture: str) -> dict:
    """A board from a picture: 8 rows of 8 characters, top row first.

    ``.`` empty; ``R B G O P N`` face-up red, blue, green, orange, purple,
    brown; lower case ``r b g o p n`` the same colour face down (infected);
    a digit ``1``–``6`` the cancer tile of that player. Spaces are ignored.
    """
    rows = [r.replace(" ", "") for r in picture.strip().splitlines() if r.strip()]
    if len(rows) != 8 or any(len(r) != 8 for r in rows):
        raise StateFileError("a board picture has 8 rows of 8 squares")
    by_letter = {v: k for k, v in LETTERS.items()}
    board = {}
    for r, row in enumerate(rows, start=1):
        for col, ch in zip("abcdefgh", row):
            sq = f"{col}{r}"
            if ch == ".":
                continue
            if ch in by_letter:
                board[sq] = by_letter[ch]
            elif ch.upper() in by_letter:
                board[sq] = "x:" + by_letter[ch.upper()]
            elif ch in "123456":
                board[sq] = f"cancer:{int(ch) - 1}"
            else:
                raise StateFileError(f"unknown square mark {ch!r} at {sq}")
    return board


#: the type of each argument (checked before any is used)
L = (list, tuple)
TYPES: dict[str, tuple[type, ...]] = {
    "board": (dict, str),
    "turn": (int,),
    "actions_left": (int,),
    "hands": L,
    "revealed": L,
    "cancer": L,
    "stock": (dict,),
    "removed": (dict,),
    "settlement": (str,),
    "seed": (int,),
    "draw": L,
}
