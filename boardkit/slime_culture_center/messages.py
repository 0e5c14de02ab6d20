"""Why an action is refused — one sentence naming the rule, for learners."""
from __future__ import annotations

from .board import colours_on_board, is_slime, is_square, slime_at
from .components import COLOURS, MAX_REVEALED

ACTION_WORDS = ("spawn", "grow", "move", "inject", "exchange")


def why_illegal(game, state: dict, action: str) -> str:
    """A sentence naming the rule (with its Japanese term) that forbids ``action``."""
    words = action.split()
    word = words[0] if words else ""
    phase = state["phase"]
    board = state["board"]
    if word in ("first", "shuffle"):
        return "choosing the first player and shuffling are chance actions; use force(...)"
    if phase == "decide":
        d = state["decision"]
        return (f"SCC-R12: {game.seat_name(state['turn'])} must first decide {d['about']}: "
                f"one of {', '.join(d['options'])}")
    if word in ("resolve", "process"):
        return "SCC-R12: there is no decision to take now"
    if word not in ACTION_WORDS + ("pass",):
        return ("unknown action; the five actions are spawn (発生), grow (成長), move (分裂／移動), "
                "inject (癌細胞注入) and exchange (権利交換), e.g. 'grow red c4'")
    seat = state["turn"]
    if word == "pass":
        return "you may pass only when no action at all is possible (boardkit ruling)"
    if word in ("spawn", "grow"):
        if len(words) < 2 or words[1] not in COLOURS or len(words) > 3 or (
                len(words) == 3 and not is_square(words[2])):
            return f"write '{word} <colour> <square>', e.g. '{word} red c4' (colours: {', '.join(COLOURS)})"
        c = words[1]
        if state["stock"][c] == 0:
            return f"SCC-R5: the {c} stock is empty"
        on = c in colours_on_board(board)
        if word == "spawn" and on:
            return (f"発生 (spawn) takes a colour that is not on the board; {c} is on the board "
                    f"(SCC-R2) — grow it instead")
        if word == "grow" and not on:
            return f"成長 (grow) needs a {c} slime on the board; there is none — spawn it instead"
        if len(words) == 2:
            return f"choose the square for the {c} tile"
        sq = words[2]
        if sq in board:
            return f"{sq} already holds a tile; a square that holds any tile cannot be used"
        return f"成長 (grow): {sq} is not next to a {c} slime (only up/down/left/right count)"
    if word == "move":
        if len(words) not in (2, 3) or not all(is_square(w) for w in words[1:]):
            return "write 'move <from> <to>', e.g. 'move c4 d4'"
        src = words[1]
        if not is_slime(board.get(src)):
            return f"分裂／移動 moves a face-up slime tile; {src} holds none"
        s = slime_at(board, src)
        if not game.is_edge(src, s):
            return f"SCC-R3: {src} is surrounded by its own slime, so it is not an edge tile (はじ)"
        if len(words) == 2:
            return f"choose where the tile from {src} goes"
        dst = words[2]
        if dst == src:
            return "SCC-R3: the tile must go to another square than the one it left"
        if dst in board:
            return f"{dst} already holds a tile"
        return (f"SCC-R3: {dst} is not next to the rest of the {board[src]} slime "
                f"(after lifting {src})")
    if word == "inject":
        if state["cancer"][seat] != "hand":
            return "癌細胞注入: your cancer tile has already been used"
        if len(words) != 2 or not is_square(words[1]):
            return "write 'inject <square>', e.g. 'inject c4'"
        return f"SCC-R6: cancer may only be injected onto a face-up slime tile; {words[1]} holds none"
    if word == "exchange":
        if len(state["revealed"][seat]) >= MAX_REVEALED:
            return (f"SCC-R8: {game.seat_name(seat)} already has {MAX_REVEALED} face-up cards; "
                    "no further exchange")
        if not state["deck"]:
            return "SCC-R8: the deck is empty, so no card can be drawn in exchange"
        hand = ", ".join(sorted(state["hands"][seat]))
        return f"{game.seat_name(seat)} has no card '{' '.join(words[1:])}' in hand (hand: {hand})"
    return "not possible now"
