"""Connect Four's board: the columns, their discs, and a click target over
each column that takes a disc; and the game's hint wording."""
from __future__ import annotations

from boardkit.core.palette import BASE_CSS, BOARD_WIDTH, SEAT_COLOURS
from boardkit.core.svg import El, header, svg_document
from boardkit.core.view import Position

CELL = 60


def render(game, pos: Position) -> str:
    state = pos.state
    cols, rows = state["options"]["columns"], state["options"]["rows"]
    parts, y = header(f"Connect Four — {pos.view.caption or game.rules.situation(state)}")
    top = y + 20
    parts.append(El("rect", x=10, y=top, width=cols * CELL, height=rows * CELL, fill="#1f4e9c"))
    for c in range(cols):
        for r in range(rows):
            col = state["columns"][c]
            fill = SEAT_COLOURS[col[r]] if r < len(col) else "#fff"
            cx, cy = 10 + c * CELL + CELL // 2, top + (rows - 1 - r) * CELL + CELL // 2
            parts.append(El("circle", cx=cx, cy=cy, r=CELL // 2 - 6, fill=fill, stroke="#222"))
        if pos.legal and len(state["columns"][c]) < rows:
            target = El("rect", x=10 + c * CELL, y=top, width=CELL, height=rows * CELL, fill="#fff",
                        fill_opacity=0.01, class_="hl")
            parts.append(pos.targets.mark(target, f"drop {c + 1}"))
    return svg_document(BOARD_WIDTH, int(top + rows * CELL + 20), *parts, css=BASE_CSS,
                        label="Connect Four board")


def hint(words: list[str], pending: str) -> str | None:
    """What can be clicked, in the game's words."""
    if words and all(w.startswith("drop ") for w in words):
        return "Click a column to drop your disc into it"
    return None
