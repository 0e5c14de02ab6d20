"""The automatic checks after a turn's two actions (pure functions on state).

* 捕食チェック predation check — SCC-R4, SCC-R5
* 死滅チェック death check — SCC-R6
* cancer expiry — SCC-R7
* whose choice: the order of one step's items is the turn player's only
  where two choices can leave different results of the whole check
  (SCC-R12) — :func:`next_choice`

Every sub-step calls ``emit(state, text)`` with an explained event ("red
slime (5 tiles, c3) eats blue slime (3 tiles, d3): 2 contact tiles become red"), so a
learner can step through the checks one event at a time.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import (
    BIT,
    SQUARES,
    cancer_groups,
    colour_masks,
    contact,
    first,
    flood,
    group_containing,
    in_reading_order,
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
from .components import COLOURS, JAPANESE

#: where a check reports its events; None: no sentences (search, trials)
Emit = Callable[[dict, str], None] | None


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
    own, theirs = _two_colours(board, c, d)
    predator = _current_predator(board, pair, own)
    if not predator:
        if emit:
            emit(state, f"The {c} slime from {pair['predator'][0]} is gone: its predation is skipped")
        return
    parts = slimes_holding(mask_of(pair["prey"]), theirs)
    bitten = False
    for part in parts:
        if bitten:  # the last bite may have changed the predator
            own = _two_colours(board, c, d)[0]
        predator = _current_predator(board, pair, own)
        if predator & spread(part):
            bite(state, predator, part, emit)
            bitten = True
    if not bitten:
        if emit:
            emit(state, f"The {c} slime at {pair['predator'][0]} no longer touches the {d} slime "
                        f"from {pair['prey'][0]}: skipped (SCC-R4)")


def _two_colours(board: dict, c: str, d: str) -> tuple[int, int]:
    """The face-up tiles of colours ``c`` and ``d`` (square sets), read in one pass."""
    own = theirs = 0
    for sq, v in board.items():
        if v == c:
            own |= BIT[sq]
        elif v == d:
            theirs |= BIT[sq]
    return own, theirs


def _current_predator(board: dict, pair: dict, colour: int) -> int:
    """The predator as it is now: the largest current slime of its colour
    holding any of its original tiles (it may have grown, or lost tiles).
    SCC-R13: if an earlier event split it, its largest part (ties: first in
    reading order) acts for the rest of the predation. ``colour``: the
    colour's face-up tiles now."""
    tiles = mask_of(pair["predator"]) & colour
    if not tiles:
        return 0
    return max(slimes_holding(tiles, colour), key=lambda s: (s.bit_count(), -(s & -s)))


def bite(state: dict, predator: int, prey: int, emit: Emit) -> None:
    """SCC-R5. Larger prey: nothing. Same size: the contact tiles of both are
    removed from the game. Smaller prey: its contact tiles are removed and
    replaced by predator tiles from stock, in reading order, while the stock
    lasts (remaining squares stay empty). ``predator`` and ``prey`` are
    square sets (:mod:`.board`)."""
    board, stock, removed = state["board"], state["stock"], state["removed"]
    pred_first = SQUARES[(predator & -predator).bit_length() - 1]
    prey_first = SQUARES[(prey & -prey).bit_length() - 1]
    c, d = board[pred_first], board[prey_first]
    p, q = predator.bit_count(), prey.bit_count()
    if emit:
        # (how many tiles, and its first square in reading order)
        who = f"{c} slime ({p} tile{'s' if p > 1 else ''}, {pred_first})"
        whom = f"{d} slime ({q} tile{'s' if q > 1 else ''}, {prey_first})"
    if q > p:
        if emit:
            emit(state, f"{who} touches the larger {whom}: nothing happens")
        return
    prey_contact = squares_of(prey & spread(predator))
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


# ------------------------------------------------------------ the check's flow
def open_items(state: dict, check: dict, emit: Emit = None, cache: list | None = None) -> list | None:
    """The check in progress (``{"stage", "colour", "pairs", "groups"}``)
    moved on to its next open list, which it returns: the predations of
    the colour being checked (SCC-R4, listed when that colour's step
    starts) or, after the six colours, the cancer groups (SCC-R6, listed
    when the death check starts). None when both checks are over.
    ``cache``: a one-item list holding the board's colour masks while no
    bite has changed them (or None)."""
    board = state["board"]
    while True:
        if check["stage"] == "predation":
            if check["colour"] >= len(COLOURS):
                check["stage"] = "death"
                continue
            colour = COLOURS[check["colour"]]
            if check["pairs"] is None:
                masks = cache[0] if cache else None
                if masks is None:
                    masks = colour_masks(board)[1]
                    if cache is not None:
                        cache[0] = masks
                check["pairs"] = predation_pairs(board, colour, masks)
                if check["pairs"] and emit:
                    emit(state, f"捕食チェック {JAPANESE[colour]} {colour}: {len(check['pairs'])} "
                                f"predation(s) to resolve")
            if check["pairs"]:
                return check["pairs"]
            check["colour"] += 1
            check["pairs"] = None
        else:
            if check["groups"] is None:
                check["groups"] = [in_reading_order(g) for g in cancer_groups(board)]
                if check["groups"] and emit:
                    emit(state, f"死滅チェック: {len(check['groups'])} cancer group(s)")
            return check["groups"] or None


def take(state: dict, check: dict, index: int, emit: Emit, cache: list | None = None) -> None:
    """Resolve the open item ``index`` of the check (a predation, SCC-R4,
    or a cancer group, SCC-R6) and strike it from its list."""
    if check["stage"] == "predation":
        resolve_pair(state, check["pairs"].pop(index), emit)
        if cache is not None:
            cache[0] = None
    else:
        process_group(state, check["groups"].pop(index), emit)


# -------------------------------------------------------------- whose choice
def next_choice(state: dict, check: dict) -> str:
    """SCC-R12: is the next item of the open list (:func:`open_items`) the
    turn player's choice? Choices are compared by what the whole check
    leaves when it is over (every colour's predation step and the death
    check: the board, the stock, the tiles removed); a choice that leaves
    later choices open leaves every result they can reach. Returns

    * ``"ask"``: two choices leave different results;
    * ``"step"``: every order of this step's items ends the step the same
      way (nothing of this step is asked any more);
    * ``"check"``: every way through the rest of the check leaves the same
      result (nothing of this check is asked any more);
    * ``"first"``: every choice leaves the same results, but a later
      choice may not: the first item is taken and the next one looked at
      again.

    How many items there are is no reason to ask. The step's own order is
    judged first (:func:`predation_order_matters`, which answers from the
    board where it can; :func:`order_matters` for cancer groups). Where it
    matters, each choice is played to the end in the listed order, and a
    result one choice reaches that another cannot (:func:`_can_reach`)
    shows the choice matters. Otherwise what the choices can reach is
    compared step by step (:func:`_compare_choices`)."""
    items = _items(check)
    if len(items) <= 1 or not _step_order_matters(state, check):
        return "step"
    after = [_after(state, check, i) for i in range(len(items))]
    samples = [_played_out(trial, rest) for trial, rest in after]
    budget = [MAX_POSITIONS]
    try:
        failed: set = set()
        for target in samples:
            for j, (trial, rest) in enumerate(after):
                if samples[j] != target and not _can_reach(trial, rest, target, failed, budget):
                    return "ask"
        return _compare_choices(after, budget)
    except _TooMany:
        return "ask"


#: The most positions :func:`next_choice` compares before it asks without
#: an answer (about 3 s of CPU time; no seeded game comes near it: the
#: costliest order decision of 40 seeded games of five and six players
#: took 14 ms).
MAX_POSITIONS = 20_000


class _TooMany(Exception):
    """More than :data:`MAX_POSITIONS` positions compared."""


def _spend(budget: list) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooMany


def _after(state: dict, check: dict, index: int) -> tuple[dict, dict]:
    """A trial copy of the position and the check once open item ``index`` is taken."""
    trial = _trial_copy(state)
    rest = _check_copy(check)
    take(trial, rest, index, None)
    return trial, rest


def _check_copy(check: dict) -> dict:
    return {"stage": check["stage"], "colour": check["colour"],
            "pairs": None if check["pairs"] is None else list(check["pairs"]),
            "groups": None if check["groups"] is None else list(check["groups"])}


def _played_out(state: dict, check: dict) -> tuple:
    """What the rest of the check leaves with every item taken in the listed order."""
    trial, rest = _trial_copy(state), _check_copy(check)
    while open_items(trial, rest) is not None:
        take(trial, rest, 0, None)
    return _result(trial)


def _items(check: dict) -> list:
    return (check["pairs"] if check["stage"] == "predation" else check["groups"]) or []


def _word(item: Any) -> str:
    return pair_action(item) if isinstance(item, dict) else item[0]


def _result(state: dict) -> tuple:
    """What a check leaves, as a key: the board, the stock, the tiles removed."""
    return (frozenset(state["board"].items()), tuple(state["stock"][c] for c in COLOURS),
            tuple(state["removed"][c] for c in COLOURS))


def _step_index(check: dict) -> int:
    """The step of the check: 0-5 the colours' predations in order, 6 the death check."""
    return check["colour"] if check["stage"] == "predation" else len(COLOURS)


def _can_reach(state: dict, check: dict, target: tuple, failed: set, budget: list) -> bool:
    """Whether some way through the rest of the check leaves ``target``
    (a :func:`_result`). Every order is tried, except from positions that
    can no longer lead to it: during a check an empty square stays empty
    (a bite places tiles only where it has just removed some), no stock
    grows and no count of removed tiles shrinks; a square changes colour
    only to that of a predator whose step has not passed, infected and
    cancer tiles stay as they are until the death check, which only turns
    face-up tiles face down. ``failed``: positions (with their open items)
    known not to lead to it."""
    items = open_items(state, check)
    if items is None:
        return _result(state) == target
    board, stock, removed = target
    if any(state["stock"][c] < stock[k] or state["removed"][c] > removed[k]
           for k, c in enumerate(COLOURS)):
        return False
    here = state["board"]
    step = _step_index(check)
    wanted = dict(board)
    for sq, v in here.items():
        t = wanted.get(sq)
        if t == v:
            continue
        if ":" in v or step == len(COLOURS) and t != "x:" + v:
            return False    # infected and cancer tiles stay; the death check removes nothing
    for sq, t in board:
        v = here.get(sq)
        if v == t:
            continue
        if v is None or ":" in v or t.startswith("cancer:"):
            return False    # an empty square stays empty; infected and cancer tiles stay
        if step < len(COLOURS) and COLOURS.index(t.removeprefix("x:")) < step:
            return False    # that colour's step has passed
    key = (step, tuple(_word(x) for x in items), _result(state))
    if key in failed:
        return False
    _spend(budget)
    if len(items) == 1 or _order_cannot_matter(state, check):
        trial, rest = _trial_copy(state), _check_copy(check)
        while _items(rest):
            take(trial, rest, 0, None)
        if _can_reach(trial, rest, target, failed, budget):
            return True
    else:
        for i in range(len(items)):
            if _can_reach(*_after(state, check, i), target, failed, budget):
                return True
    failed.add(key)
    return False


def _compare_choices(after: list[tuple[dict, dict]], budget: list) -> str:
    """What each choice (a position and the check once it is taken) can
    reach, compared at the start of each later step: once every choice
    can reach the same positions there, they leave the same results
    (``"first"``, or ``"check"`` when that is one result at the end);
    when they reach different results at the end, ``"ask"``."""
    memo: dict = {}
    fronts = [_step_ends(trial, rest, memo, budget) for trial, rest in after]
    while True:
        keys = [set(f) for f in fronts]
        if all(k == keys[0] for k in keys):
            done = all(rest is None for f in fronts for _, rest in f.values())
            return "check" if done and len(keys[0]) == 1 else "first"
        if all(rest is None for f in fronts for _, rest in f.values()):
            return "ask"
        fronts = [{k: v for trial, rest in f.values()
                   for k, v in (_step_ends(trial, rest, memo, budget).items() if rest is not None
                                else [((None, _result(trial)), (trial, None))])}
                  for f in fronts]


def _step_ends(state: dict, check: dict, memo: dict, budget: list) -> dict:
    """The positions the rest of this step can end in (every order of its
    open items; one, in the listed order, where the order cannot matter),
    keyed by the next step and the position: ``{key: (state, check)}``,
    the check None once the whole check is over."""
    out: dict = {}
    _walk_step(state, check, _step_index(check), memo, out, budget)
    return out


def _walk_step(state: dict, check: dict, step: int, memo: dict, out: dict, budget: list) -> None:
    """:func:`_step_ends` from one position of the step, into ``out``."""
    items = _items(check)
    if not items:
        # the step is over: the next one starts (listing its items) or the check is over
        nxt = _check_copy(check)
        if open_items(state, nxt) is None:
            out[(None, _result(state))] = (state, None)
        else:
            out[(_step_index(nxt), tuple(_word(x) for x in _items(nxt)), _result(state))] = (state, nxt)
        return
    key = (step, tuple(_word(x) for x in items), _result(state))
    if key in memo:
        out.update(memo[key])
        return
    _spend(budget)
    found: dict = {}
    if len(items) == 1 or _order_cannot_matter(state, check):
        trial, rest = _trial_copy(state), _check_copy(check)
        while _items(rest):
            take(trial, rest, 0, None)
        _walk_step(trial, rest, step, memo, found, budget)
    else:
        for i in range(len(items)):
            _walk_step(*_after(state, check, i), step, memo, found, budget)
    memo[key] = found
    out.update(found)


def _step_order_matters(state: dict, check: dict) -> bool:
    """Whether the open items of this step, in different orders, can end
    the step differently."""
    if check["stage"] == "predation":
        return predation_order_matters(state, check["pairs"])
    return order_matters(state, check["groups"], _process_quietly)


def _order_cannot_matter(state: dict, check: dict) -> bool:
    """The board shows that no order of this step's open items can end
    the step differently (the shortcuts of :func:`predation_order_matters`,
    no orders tried): what the searches of :func:`next_choice` use at
    every position they reach, where trying the orders is their own work."""
    items = _items(check)
    if len(items) <= 1:
        return True
    if check["stage"] != "predation":
        return False
    left = _pairs_that_can_bite(state, items)
    return left is not None and (len(left) <= 1 or _bites_commute([m for _, m in left]))


def _process_quietly(state: dict, group: Any) -> None:
    process_group(state, group, None)


def predation_order_matters(state: dict, pairs: list[dict]) -> bool:
    """True when resolving one colour's ``pairs`` (SCC-R4) in different
    orders can end the step differently: the answer of
    :func:`order_matters`, found without trying orders where the board
    shows that none can matter.

    When every pair still names whole slimes of the board (its predator a
    slime of the colour, its prey a slime of another colour, as
    :func:`predation_pairs` lists them), three things are known:

    * a prey larger than every slime the colour can form in this step (its
      face-up tiles plus its stock) is never bitten, whatever the order: a
      prey loses tiles only to its own predations, and none of them can
      bite it. Those pairs change nothing and are left out of the trials;
    * when no prey touches another pair's predator (two pairs of one
      predator, or of one prey, then touch nothing), and there is stock for
      every tile the smaller prey can lose (or none at all), each pair bites
      the same slimes in any order, on squares of its own;
    * when every prey left is smaller than its predator, every bite eats
      and no predator loses a tile. With no stock nothing is placed: each
      prey loses the tiles next to its predators in any order. With stock
      for every contact tile, and no placed tile next to a slime of the
      colour other than its own predator, to a tile another predator
      places, or to another prey of the same predator, each pair eats the
      same tiles in any order.

    Otherwise (or when the pairs were listed before an earlier bite of the
    step changed the board) the orders are tried (:func:`order_matters`)."""
    if len(pairs) <= 1:
        return False
    left = _pairs_that_can_bite(state, pairs)
    if left is None:
        return order_matters(state, pairs, _resolve_quietly)
    if len(left) <= 1 or _bites_commute([m for _, m in left]):
        return False
    return order_matters(state, [p for p, _ in left], _resolve_quietly)


def _resolve_quietly(state: dict, pair: Any) -> None:
    resolve_pair(state, pair, None)


def _pairs_that_can_bite(state: dict, pairs: list[dict]) -> list[tuple[dict, tuple]] | None:
    """The pairs whose prey can be bitten in some order, each with the
    square sets (predator, prey, the colour's tiles, its stock); None when
    a pair no longer names whole slimes of the board (or the pairs are not
    one colour's predations)."""
    c = pairs[0]["colour"]
    colours = colour_masks(state["board"])[1]
    own = colours.get(c, 0)
    stock = state["stock"][c]
    largest = own.bit_count() + stock  # no slime of c can grow beyond this in its step
    out = []
    seen = set()
    for pair in pairs:
        d = pair["prey_colour"]
        if pair["colour"] != c or d == c:
            return None
        predator, prey = mask_of(pair["predator"]), mask_of(pair["prey"])
        theirs = colours.get(d, 0)
        if (not predator or predator & ~own or flood(predator & -predator, own) != predator
                or not prey or prey & ~theirs or flood(prey & -prey, theirs) != prey
                or (predator, prey) in seen):
            return None
        seen.add((predator, prey))
        if prey.bit_count() <= largest:
            out.append((pair, (predator, prey, own, stock)))
    return out


def _bites_commute(masks: list[tuple]) -> bool:
    """The two sufficient conditions of :func:`predation_order_matters` on
    the pairs that can bite (predator, prey, the colour's tiles, stock)."""
    own, stock = masks[0][2], masks[0][3]
    pairs = [(p, q, q & spread(p)) for p, q, _, _ in masks]
    # each prey touching its own predator only (two pairs of one predator
    # or of one prey then touch nothing)
    if all(q & spread(p) == 0 or i == j for i, (p, _, _) in enumerate(pairs)
           for j, (_, q, _) in enumerate(pairs)):
        eaten = sum(t.bit_count() for p, q, t in pairs if q.bit_count() < p.bit_count())
        if stock == 0 or stock >= eaten:
            return True
    # every bite eats
    if any(q.bit_count() >= p.bit_count() for p, q, _ in pairs):
        return False
    if stock == 0:
        return True
    if stock < sum(t.bit_count() for _, _, t in pairs):
        return False
    for i, (p, q, t) in enumerate(pairs):
        near = spread(t)
        if near & own & ~p:
            return False
        for j, (p2, q2, t2) in enumerate(pairs):
            if i != j and (p2 != p and near & t2 or p2 == p and q2 != q and near & q2):
                return False
    return True


def order_matters(state: dict, items: list, run: Callable[[dict, object], None]) -> bool:
    """True when resolving ``items`` in different orders can end differently
    (one step of SCC-R12: a decision with only one real option is taken
    automatically).

    Every order is tried, but orders that reach the same position with the
    same items left go on from there once: when the order does not matter,
    that is one position per subset of the items (k·2^(k-1) resolutions for
    k items instead of k·k!), the common case a search meets again and again.
    The answer is the same as trying every order one by one.

    The listed order and its reverse are tried first: when they end
    differently the order matters, and nothing else needs trying (nor for
    two items: those are their only orders)."""
    if len(items) <= 1:
        return False
    ends = []
    for order in (items, items[::-1]):
        trial = _trial_copy(state)
        for item in order:
            run(trial, item)
        ends.append([trial["board"], trial["stock"], trial["removed"]])
    if ends[0] != ends[1] or len(items) == 2:  # two items: those are every order
        return ends[0] != ends[1]
    first_outcome = ends[0]
    seen: set = set()
    stack = [(_trial_copy(state), tuple(range(len(items))))]
    while stack:
        trial, left = stack.pop()
        if not left:
            if [trial["board"], trial["stock"], trial["removed"]] != first_outcome:
                return True
            continue
        for i in left:
            nxt = _trial_copy(trial)
            run(nxt, items[i])
            rest = tuple(j for j in left if j != i)
            key = (rest, frozenset(nxt["board"].items()), tuple(sorted(nxt["stock"].items())),
                   tuple(sorted(nxt["removed"].items())), tuple(nxt["cancer"]))
            if key in seen:
                continue
            seen.add(key)
            stack.append((nxt, rest))
    return False


def _trial_copy(state: dict) -> dict:
    """What the checks change (the board, the counters, the cancer tiles;
    all flat) copied one level deep, so each trial is independent."""
    return {"board": state["board"].copy(), "stock": state["stock"].copy(),
            "removed": state["removed"].copy(), "cancer": state["cancer"][:],
            "options": state["options"], "turn": state["turn"]}


def no_emit(state: dict, text: str) -> None:
    pass
