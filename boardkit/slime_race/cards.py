"""Slime Race card effects: slime, rank and dash cards (SR-R5 … SR-R8).

Pure functions on a state dict; :mod:`.rules` calls them when a card is
played.
"""
from __future__ import annotations

from collections.abc import Sequence

from .components import _KINDS, COMPONENTS, RANKS, Components, card_kind

SLIMES = COMPONENTS.slimes


def card_label(card: str, C: Components = COMPONENTS) -> str:
    """``"red+5"`` → "Red +5", ``"last+35"`` → "Last (ビリ) +35", ``"dash1"`` → "1 DASH"."""
    kind, name, value = card_kind(card)
    if kind == "dash":
        return "1 DASH" if card == "dash1" else "2 DASH"
    if kind == "rank":
        return ("Last (ビリ)" if name == "last" else name) + f" +{value}"
    return f"{C.names[name]} +{value}"


def rank_slots(positions: dict, finished: list) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The racing slimes' rank slots, front first (SR-R5, SR-R6).

    "If there are 2 or more slimes tied for the same rank … the slimes
    following tied slimes still have the same rank as they would have if no
    slimes were tied." A group of k tied slimes occupies k consecutive slots.
    Finished slimes are not ranked: "the remaining slime that is in the front
    is currently 1st in rank".

    Returns ``[((slots…), (slimes…)), …]``, e.g. ``[((1,), ("red",)),
    ((2, 3), ("green", "blue")), …]``.
    """
    racing = [s for s in SLIMES if s not in finished] if finished else list(SLIMES)
    if not racing:      # a finished match set up by hand may have all five past the goal
        return []
    # front first; a stable sort (also reversed) keeps start-line order inside a tie
    racing.sort(key=positions.__getitem__, reverse=True)
    groups: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
    slot = 1
    members = [racing[0]]
    at = positions[racing[0]]
    for s in racing[1:]:
        p = positions[s]
        if p == at:
            members.append(s)
        else:
            groups.append((tuple(range(slot, slot + len(members))), tuple(members)))
            slot += len(members)
            members, at = [s], p
    groups.append((tuple(range(slot, slot + len(members))), tuple(members)))
    return groups


def slot_of_rank(rank: str, n_racing: int) -> int:
    """"Last" (ビリ) is slot n; after the first finisher n = 4, so "4th" and
    "Last" both target slot 4 (SR-R6)."""
    return n_racing if rank == "last" else RANKS.index(rank) + 1


def slime_in_slot(positions: dict, finished: list, slot: int) -> tuple[str | None, tuple[str, ...]]:
    """(the slime alone in ``slot``, or None if the slot is tied; the group):
    the group of :func:`rank_slots` that holds ``slot`` — the slimes on the
    space of the one ranked ``slot``-th, in start-line order."""
    racing = [s for s in SLIMES if s not in finished] if finished else SLIMES
    if not 0 < slot <= len(racing):
        return None, ()
    return _in_slot(positions, racing, sorted(map(positions.__getitem__, racing), reverse=True), slot)


def _in_slot(positions: dict, racing, spaces: list[int], slot: int) -> tuple[str | None, tuple[str, ...]]:
    """:func:`slime_in_slot` from the racing slimes and their spaces, front
    first: the slot's space is the ``slot``-th of them, and every slime on
    it shares the slot."""
    at = spaces[slot - 1]
    if spaces.count(at) == 1:
        for s in racing:
            if positions[s] == at:
                return s, (s,)
    group = tuple([s for s in racing if positions[s] == at])
    return None, group


def standings(state: dict) -> list[str]:
    """All five slimes in race order: finishers in finishing order, then the
    racers by position, ties broken by start-line order, red first (SR-R10)."""
    racing = [s for s in SLIMES if s not in state["finished"]]
    racing.sort(key=lambda s: -state["positions"][s])
    return list(state["finished"]) + racing


def resolve_card(state: dict, card: str, C: Components = COMPONENTS,
                 texts: bool = True) -> Sequence[str]:
    """Move a slime for ``card``; return what happened (nothing with
    ``texts=False``: search needs no sentences). The state's
    ``positions`` and ``finished`` are replaced, never changed in place, so
    a state that shares them with another (a search child) leaves it alone."""
    kind, name, value = _KINDS.get(card) or card_kind(card)
    pos, fin = state["positions"], state["finished"]
    if kind == "slime":
        # "If you play a card with the color of a slime who has already
        # reached the goal, you can't move the slime." (SR-R8)
        if name in fin:
            return [f"No effect: {C.names[name]} has already finished (SR-R8)"] if texts else []
        return _move(state, name, value, C, "", texts)
    racing = [s for s in SLIMES if s not in fin] if fin else SLIMES
    spaces = sorted(map(pos.__getitem__, racing), reverse=True)
    if kind == "rank":
        slot = slot_of_rank(name, len(racing))
        target, group = _in_slot(pos, racing, spaces, slot)
        if target is None:
            return [_tie_text(state, group, slot, name, C)] if texts else []
        return _move(state, target, value, C, "", texts)
    # dash cards (SR-R7)
    if card == "dash1":
        # "The 1st place slime moves forward a number of spaces equal to
        # the number of empty spaces between 1st and 2nd place."
        first, group = _in_slot(pos, racing, spaces, 1)
        if first is None:
            return [_tie_text(state, group, 1, "1 DASH", C)] if texts else []
        gap = spaces[0] - spaces[1] - 1
        return _move(state, first, gap, C, f"{gap} empty spaces to 2nd place" if texts else "", texts)
    # "Move the 2nd place slime to the space immediately behind the 1st place slime."
    runner_up, group = _in_slot(pos, racing, spaces, 2)
    if runner_up is None:
        return [_tie_text(state, group, 2, "2 DASH", C)] if texts else []
    # the slot before a lone 2nd is a lone 1st
    leader = _in_slot(pos, racing, spaces, 1)[1][0]
    return _move(state, runner_up, spaces[0] - 1 - spaces[1], C,
                 f"to the space behind {C.names[leader]}" if texts else "", texts)

def _tie_text(state: dict, group: tuple[str, ...], slot: int, what: str, C: Components) -> str:
    names = ", ".join(C.names[s] for s in group[:-1]) + " and " + C.names[group[-1]]
    at = state["positions"][group[0]]
    where = "tied on the starting line" if at == 0 else f"tied on space {at}"
    return f"No effect: {what} targets rank slot {slot}, but {names} are {where} (SR-R5)"

def _move(state: dict, slime: str, spaces: int, C: Components, why: str = "",
          texts: bool = True) -> Sequence[str]:
    GOAL = C.track  # a slime finishes when a move takes it past this space (SR-R8)
    pos = state["positions"]
    before = pos[slime]
    after = before + spaces
    pos = state["positions"] = pos.copy()
    pos[slime] = after
    if after > GOAL:
        # SR-R8: "a slime finishes when a move takes it past space 70"
        state["finished"] = [*state["finished"], slime]
    if not texts:
        return []
    # the sentences of a move depend on a few numbers: written once each
    key = (C.names[slime], spaces, before, why, GOAL, len(state["finished"]) if after > GOAL else 0)
    said = _MOVE_TEXTS.get(key)
    if said is None:
        said = _move_texts(*key)
        if len(_MOVE_TEXTS) < 50_000:
            _MOVE_TEXTS[key] = said
    return said


#: (name, spaces, before, why, goal, finishers) -> the sentences of that move
_MOVE_TEXTS: dict[tuple, tuple[str, ...]] = {}


def _move_texts(name: str, spaces: int, before: int, why: str, GOAL: int,
                finishers: int) -> tuple[str, ...]:
    after = before + spaces
    note = f" ({why})" if why else ""
    text = (f"{name} moves {spaces} space{'s' if spaces != 1 else ''}{note}: "
            f"{before} → {after}" + (f", past space {GOAL}" if after > GOAL else ""))
    if after > GOAL:
        place = ("1st", "2nd")[finishers - 1] if finishers <= 2 else ""
        return (text, f"{name} crosses the goal: {place} place (SR-R8)")
    return (text,)
