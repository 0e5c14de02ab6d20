"""Every check of a Slime Culture Center position (scenario or saved game).

One path for positions: the constructor, :meth:`scenario` and a loaded save
all come here. A pending decision's options are recomputed from the check in
progress, never taken from a file.
"""
from __future__ import annotations

from ..core.errors import StateFileError
from ..core.rules import check_fields, whole
from . import checks
from .board import is_square
from .components import COLOURS

FIELDS = {"options", "phase", "first", "turn", "draw", "turn_number", "actions_left", "board",
          "stock", "removed", "cancer", "deck", "hands", "revealed", "check", "decision"}


_int = whole


def _square_list(v) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) and is_square(x) for x in v)


def validate(rules, state: dict) -> None:
    check_fields("Slime Culture Center", state, FIELDS)
    n = state["options"]["players"]
    problems: list[str] = []
    phase = state["phase"]
    if phase not in ("setup", "action", "decide", "over"):
        problems.append(f"phase: unknown phase {phase!r} (setup, action, decide, over)")
    if not (state["first"] is None or _int(state["first"], 0, n - 1)):
        problems.append("first: a seat number or null")
    if phase in ("action", "decide"):
        if not _int(state["turn"], 0, n - 1):
            problems.append(f"turn: a seat number 0..{n - 1}")
        if phase == "action" and not _int(state["actions_left"], 1, 2):
            problems.append("actions_left: 1 or 2 while the turn player acts (two actions a turn)")
        if phase == "decide" and state["actions_left"] != 0:
            problems.append("actions_left: 0 while the checks run after both actions")
        if not _int(state["turn_number"], 1, 10**6):
            problems.append("turn_number: ≥ 1")
    elif state["turn"] is not None:
        problems.append("turn: null before the deal and after the end")
    if not (state["draw"] is None or (phase == "action" and state["draw"] == state["turn"])):
        problems.append("draw: null, or the turn player drawing after an exchange")
    board = state["board"]
    if not isinstance(board, dict):
        problems.append("board: an object square → tile")
        board = {}
    for sq, v in board.items():
        ok = is_square(sq) and isinstance(v, str) and (
            v in COLOURS or (v.startswith("x:") and v[2:] in COLOURS)
            or (v.startswith("cancer:") and v[7:].isascii() and v[7:].isdigit() and len(v) <= 9
                and int(v[7:]) < n))
        if not ok:
            problems.append(f"board: bad square {str(sq)[:10]!r}: {str(v)[:20]!r}")
            break
    for key in ("stock", "removed"):
        if not (isinstance(state[key], dict) and set(state[key]) == set(COLOURS)
                and all(_int(x, 0, 64) for x in state[key].values())):
            problems.append(f"{key}: a whole number 0..64 for each of the six colours")
    if not (isinstance(state["cancer"], list) and len(state["cancer"]) == n
            and all(x in ("hand", "board", "removed") for x in state["cancer"])):
        problems.append("cancer: 'hand', 'board' or 'removed' for each player")
    cards_ok = all(isinstance(state[k], list) and len(state[k]) == n and all(
        isinstance(h, list) and all(isinstance(c, str) for c in h) for h in state[k])
        for k in ("hands", "revealed")) and isinstance(state["deck"], list) and all(
        isinstance(c, str) for c in state["deck"])
    if not cards_ok:
        problems.append("hands, revealed: one list of card names per player; deck: card names")
    if problems:
        raise StateFileError("Slime Culture Center state is invalid: " + "; ".join(problems))
    for c, acc in rules.tile_accounts(state).items():
        if sum(acc.values()) != rules.tiles[c]:
            problems.append(f"stock/removed: the {c} tiles do not add up to {rules.tiles[c]}: {acc}")
    on_board = [int(v[7:]) for v in board.values() if v.startswith("cancer:")]
    for s in range(n):
        status = state["cancer"][s]
        if (status == "board") != (s in on_board) or on_board.count(s) > 1:
            problems.append(f"cancer: the cancer tile of {rules.seat_name(s)} is misplaced")
    cards = list(state["deck"]) + [c for h in state["hands"] for c in h] + \
        [c for r in state["revealed"] for c in r]
    if sorted(cards) != sorted(rules.cards):
        problems.append(f"deck, hands, revealed: must be the {len(rules.cards)} right cards, once each")
    if state["deck"] != sorted(state["deck"]):
        problems.append("deck: the undrawn cards are kept sorted (their order is chance's)")
    drawing = state["draw"]
    if phase not in ("setup",) and any(
            len(h) != rules.hand - (1 if s == drawing else 0) for s, h in enumerate(state["hands"])):
        problems.append(f"hands: every hand holds {rules.hand} right cards (SCC-R8)")
    if phase == "setup" and any(state["hands"]):
        problems.append("hands: nothing is dealt before the deal")
    if any(len(r) > rules.max_revealed for r in state["revealed"]):
        problems.append(f"revealed: at most {rules.max_revealed} face-up cards each (SCC-R8)")
    if drawing is not None and not state["deck"]:
        problems.append("draw: nobody can draw from an empty deck (SCC-R8)")
    if phase == "action" and state["check"] is not None:
        problems.append("check: no check runs while the turn player acts")
    if state["check"] is not None and phase != "decide":
        problems.append("check: a check is kept only while the turn player decides")
    if phase == "decide":
        problems += _decision_problems(state)
    elif state["decision"] is not None:
        problems.append("decision: null unless the turn player must decide (SCC-R12)")
    if problems:
        raise StateFileError("Slime Culture Center state is invalid: " + "; ".join(problems))


def _decision_problems(state: dict) -> list[str]:
    """A decision must be the one the check in progress asks for."""
    ck, d = state["check"], state["decision"]
    if not (isinstance(ck, dict) and set(ck) == {"stage", "colour", "pairs", "groups"}
            and ck["stage"] in ("predation", "death") and _int(ck["colour"], 0, len(COLOURS))):
        return ["check: a decision needs the check in progress (stage, colour, pairs, groups)"]
    if not (isinstance(d, dict) and set(d) == {"about", "options"} and isinstance(d["about"], str)
            and isinstance(d["options"], list)):
        return ["decision: {about, options}"]
    if ck["stage"] == "predation":
        if ck["colour"] >= len(COLOURS) or ck["groups"] is not None:
            return ["check: a predation decision is about one of the six colours, before the death check"]
        colour = COLOURS[ck["colour"]]
        pairs = ck["pairs"]
        if not (isinstance(pairs, list) and len(pairs) >= 2 and all(
                isinstance(p, dict) and set(p) == {"colour", "predator", "prey", "prey_colour"}
                and p["colour"] == colour and p["prey_colour"] in COLOURS and p["prey_colour"] != colour
                and _square_list(p["predator"]) and _square_list(p["prey"])
                and p["predator"] and p["prey"] for p in pairs)):
            return ["check: pairs must be the predations of the colour being checked"]
        if len({checks.pair_action(p) for p in pairs}) != len(pairs):
            return ["check: each predation is listed once"]
        expected = [checks.pair_action(p) for p in pairs]
        about = f"the order of the {colour} predations (SCC-R4)"
    else:
        if ck["pairs"] is not None or ck["colour"] != len(COLOURS):
            return ["check: the death check comes after the six colours' predation checks"]
        groups = ck["groups"]
        if not (isinstance(groups, list) and len(groups) >= 2 and all(
                _square_list(g) and g and len(set(g)) == len(g) for g in groups)):
            return ["check: groups must be the cancer groups being processed"]
        if len({g[0] for g in groups}) != len(groups) or any(
                ":" not in str(state["board"].get(sq, "")) for g in groups for sq in g):
            return ["check: every group is listed once and is made of cancer or infected tiles"]
        expected = [f"process {g[0]}" for g in groups]
        about = "the order of the cancer groups (SCC-R6)"
    if d["options"] != expected or d["about"] != about:
        return ["decision: its options are recomputed from the check in progress and do not match "
                f"({expected})"]
    return []
