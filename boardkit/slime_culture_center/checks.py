"""The automatic checks after a turn's two actions (pure functions on state).

* 捕食チェック predation check — SCC-R4, SCC-R5
* 死滅チェック death check — SCC-R6
* cancer expiry — SCC-R7

Every sub-step calls ``emit(state, text)`` with an explained event ("red
slime (5, c3) eats blue slime (3, d3): 2 contact tiles become red"), so a
learner can step through the checks one event at a time.
"""
from __future__ import annotations

from collections.abc import Callable

from .board import (
    cancer_groups,
    colour_masks,
    contact,
    first,
    flood,
    group_containing,
    is_slime,
    mask_of,
    neighbours,
    reading_key,
    slime_at,
    slime_masks,
    slimes_holding,
    spread,
    squares_of,
)

#: where a check reports its events; None: no sentences (search, trials)
Emit = Callable[[dict, str], None] | None

#: Above this many items, every order is offered without checking that it matters.
MAX_PERMUTATION_CHECK = 5


# ------------------------------------------------------------------ predation
def predation_pairs(board: dict, colour: str, colours: dict[str, int] | None = None) -> list[dict]:
    """SCC-R4: the predations of ``colour`` as they stand now: every pair
    (predator slime of that colour, adjacent slime of another colour).
    ``colours``: the board's :func:`.board.colour_masks`, if known."""
    if colours is None:
        if colour not in board.values():
            return []
        _, colours = colour_masks(board)
    elif colour not in colours:
        return []
    pairs = []
    for predator in slime_masks({colour: colours.get(colour, 0)}):
        near = spread(predator) & ~predator
        prey_list = []
        for other, tiles in colours.items():
            touched = near & tiles if other != colour else 0
            while touched:
                prey = flood(touched & -touched, tiles)
                prey_list.append((prey, other))
                touched &= ~prey
        prey_list.sort(key=lambda p: p[0] & -p[0])  # the first tile in reading order
        for prey, other in prey_list:
            pairs.append({"colour": colour, "prey_colour": other,
                          "predator": squares_of(predator), "prey": squares_of(prey)})
    return pairs


def pair_action(pair: dict) -> str:
    """The decision word for a pair: ``resolve <predator square> <prey square>``."""
    return f"resolve {pair['predator'][0]} {pair['prey'][0]}"


def resolve_pair(state: dict, pair: dict, emit: Emit) -> None:
    """Resolve one predation of SCC-R4, read *now*: the predator takes one
    bite of each part of the prey that still touches it."""
    board = state["board"]
    c, d = pair["colour"], pair["prey_colour"]
    predator = _current_predator(board, pair)
    if not predator:
        if emit:
            emit(state, f"The {c} slime from {pair['predator'][0]} is gone: its predation is skipped")
        return
    parts = slimes_holding(mask_of(pair["prey"]), mask_of([sq for sq, v in board.items() if v == d]))
    bitten = False
    for part in parts:
        predator = _current_predator(board, pair)
        if predator & spread(part):
            bite(state, predator, part, emit)
            bitten = True
    if not bitten:
        if emit:
            emit(state, f"The {c} slime at {pair['predator'][0]} no longer touches the {d} slime "
                        f"from {pair['prey'][0]}: skipped (SCC-R4)")


def _current_predator(board: dict, pair: dict) -> int:
    """The predator as it is now: the largest current slime of its colour
    holding any of its original tiles (it may have grown, or lost tiles).
    SCC-R13: if an earlier event split it, its largest part (ties: first in
    reading order) acts for the rest of the predation."""
    c = pair["colour"]
    tiles = mask_of([sq for sq in pair["predator"] if board.get(sq) == c])
    if not tiles:
        return 0
    colour = mask_of([sq for sq, v in board.items() if v == c])
    return max(slimes_holding(tiles, colour), key=lambda s: (s.bit_count(), -(s & -s)))


def bite(state: dict, predator: int, prey: int, emit: Emit) -> None:
    """SCC-R5. Larger prey: nothing. Same size: the contact tiles of both are
    removed from the game. Smaller prey: its contact tiles are removed and
    replaced by predator tiles from stock, in reading order, while the stock
    lasts (remaining squares stay empty). ``predator`` and ``prey`` are
    square sets (:mod:`.board`)."""
    board, stock, removed = state["board"], state["stock"], state["removed"]
    pred_squares, prey_squares = squares_of(predator), squares_of(prey)
    c, d = board[pred_squares[0]], board[prey_squares[0]]
    p, q = len(pred_squares), len(prey_squares)
    if emit:
        who = f"{c} slime ({p}, {pred_squares[0]})"
        whom = f"{d} slime ({q}, {prey_squares[0]})"
    prey_contact = squares_of(prey & spread(predator))
    if q > p:
        if emit:
            emit(state, f"{who} touches the larger {whom}: nothing happens")
        return
    if q == p:
        pred_contact = squares_of(predator & spread(prey))
        for sq in pred_contact + prey_contact:
            removed[board.pop(sq)] += 1
        if emit:
            emit(state, f"{who} and {whom} are the same size: {len(pred_contact)} {c} and "
                        f"{len(prey_contact)} {d} contact tiles are removed from the game")
        return
    for sq in prey_contact:
        removed[board.pop(sq)] += 1
    placed = 0
    for sq in prey_contact:
        if stock[c] == 0:
            break
        board[sq] = c
        stock[c] -= 1
        placed += 1
    if not emit:
        return
    text = (f"{who} eats {whom}: {len(prey_contact)} contact "
            + (f"tiles become {c}" if len(prey_contact) != 1 else f"tile becomes {c}"))
    if placed < len(prey_contact):
        text = (f"{who} eats {whom}: {len(prey_contact)} {d} contact tiles are removed, but the "
                f"{c} stock runs out after {placed}: {len(prey_contact) - placed} square(s) stay "
                f"empty, and the game ends with this turn")
    emit(state, text)


# ---------------------------------------------------------------------- death
def process_group(state: dict, cells: list[str], emit: Emit) -> None:
    """SCC-R6: take the cancer group this one belongs to *now*, find the
    largest slime(s) touching it, and turn face down all their tiles that
    touch it (one layer)."""
    board = state["board"]
    group = group_containing(board, cells)
    where = cells[0]
    if not group:
        if emit:
            emit(state, f"The cancer group from {where} is gone")
        return
    touching_slimes: list[frozenset[str]] = []
    for sq in group:
        for n in neighbours(sq):
            if is_slime(board.get(n)) and not any(n in s for s in touching_slimes):
                touching_slimes.append(slime_at(board, n))
    if not touching_slimes:
        if emit:
            emit(state, f"The cancer group at {first(group)} touches no slime")
        return
    largest = max(len(s) for s in touching_slimes)
    targets = sorted((s for s in touching_slimes if len(s) == largest), key=lambda s: reading_key(first(s)))
    flipped = []
    names = []
    for s in targets:
        if emit:
            names.append(f"{board[first(s)]} {len(s)} ({first(s)})")
        for sq in contact(s, group):
            flipped.append(sq)
    for sq in flipped:
        board[sq] = "x:" + board[sq]
    if not emit:
        return
    others = len(touching_slimes) - len(targets)
    if len(targets) == 1:
        text = (f"The cancer group at {first(group)} touches {len(touching_slimes)} slime(s); the largest, "
                f"{names[0]}, is infected at {len(flipped)} tile(s)")
    else:
        text = (f"The cancer group at {first(group)} touches {' and '.join(names)}: all equally "
                f"largest, all infected — {len(flipped)} tiles turn face down")
    if others and len(targets) > 1:
        text += f" ({others} smaller slime(s) spared)"
    emit(state, text)


def expire(state: dict, emit: Emit) -> None:
    """SCC-R7: every cancer group holding a cancer tile of the player who
    takes the next turn is removed entirely, merged groups included."""
    n = state["options"]["players"]
    nxt = (state["turn"] + 1) % n
    board = state["board"]
    for group in cancer_groups(board):
        if f"cancer:{nxt}" not in (board[sq] for sq in group):
            continue
        tiles = 0
        for sq in group:
            v = board.pop(sq)
            if v.startswith("cancer:"):
                state["cancer"][int(v.split(":")[1])] = "removed"
            else:
                state["removed"][v[2:]] += 1
                tiles += 1
        if emit:
            emit(state, f"Player {nxt + 1} takes the next turn, so their cancer tile stops working: its "
                        f"group at {first(group)} ({len(group) - tiles} cancer, {tiles} infected tile(s)) "
                        f"is removed from the game (SCC-R7)")


# -------------------------------------------------------------- whose choice
def order_matters(state: dict, items: list, run: Callable[[dict, object], None]) -> bool:
    """True when resolving ``items`` in different orders can end differently
    (SCC-R12: a decision with only one real option is taken automatically).

    Every order is tried, but orders that reach the same position with the
    same items left go on from there once: when the order does not matter,
    that is one position per subset of the items (k·2^(k-1) resolutions for
    k items instead of k·k!), the common case a search meets again and again.
    The answer is the same as trying every order one by one."""
    if len(items) <= 1:
        return False
    if len(items) > MAX_PERMUTATION_CHECK:
        return True
    # what the checks change: the board, the counters, the cancer tiles
    # (all flat), so one-level copies make each trial independent
    start = {"board": state["board"].copy(), "stock": state["stock"].copy(),
             "removed": state["removed"].copy(), "cancer": state["cancer"][:],
             "options": state["options"], "turn": state["turn"]}
    first_outcome = None
    seen: set = set()
    stack = [(start, tuple(range(len(items))))]
    while stack:
        trial, left = stack.pop()
        if not left:
            outcome = [trial["board"], trial["stock"], trial["removed"]]
            if first_outcome is None:
                first_outcome = outcome
            elif outcome != first_outcome:
                return True
            continue
        for i in left:
            nxt = {"board": trial["board"].copy(), "stock": trial["stock"].copy(),
                   "removed": trial["removed"].copy(), "cancer": trial["cancer"][:],
                   "options": trial["options"], "turn": trial["turn"]}
            run(nxt, items[i])
            rest = tuple(j for j in left if j != i)
            key = (rest, frozenset(nxt["board"].items()), tuple(sorted(nxt["stock"].items())),
                   tuple(sorted(nxt["removed"].items())), tuple(nxt["cancer"]))
            if key in seen:
                continue
            seen.add(key)
            stack.append((nxt, rest))
    return False


def no_emit(state: dict, text: str) -> None:
    pass
