"""Pig's board: each seat's banked points as a bar, the turn's total, the
last roll, and the two actions as click targets."""
from __future__ import annotations

from boardkit.core.palette import BASE_CSS, BOARD_WIDTH, SEAT_COLOURS
from boardkit.core.svg import El, header, svg_document, text
from boardkit.core.view import Position

W, BAR = BOARD_WIDTH, 700


def render(game, pos: Position) -> str:
    rules, state, mover = game.rules, pos.state, pos.mover
    parts, y = header(f"Pig — {pos.view.caption or rules.situation(state)}")
    target = state["options"]["target"]
    for seat, score in enumerate(state["scores"]):
        y += 34
        parts.append(text(12, y + 12, rules.seat_name(seat), font_weight="bold" if seat == mover else None))
        parts.append(El("rect", x=130, y=y, width=BAR, height=24, fill="#eee", stroke="#444"))
        parts.append(El("rect", x=130, y=y, width=BAR * min(score, target) / target, height=24,
                        fill=SEAT_COLOURS[seat]))
        parts.append(text(140 + BAR, y + 12, f"{score} / {target}"))
    y += 50
    last = "—" if state["last"] is None else state["last"]
    parts.append(text(12, y, f"This turn: {state['pot']}   ·   last roll: {last}", class_="title"))
    for k, word in enumerate(("roll", "hold")):
        button = El("g", El("rect", x=12 + 130 * k, y=y + 24, width=110, height=40, rx=8,
                            fill="#fff", stroke="#222", class_="hl"),
                    text(67 + 130 * k, y + 44, word.capitalize(), text_anchor="middle"))
        parts.append(pos.targets.mark(button, word) if pos.legal else button)
    return svg_document(W, int(y + 80), *parts, css=BASE_CSS, label=f"Pig board: {rules.situation(state)}")
