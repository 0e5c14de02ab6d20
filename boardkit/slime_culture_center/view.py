"""Slime Culture Center board as SVG.

Click flow (each click is one word of the action): an action button
(``spawn`` / ``grow`` / ``move`` / ``inject`` / ``exchange``), then a stock
colour, a square or a card. Decisions (the order of predations or of cancer
groups) are buttons carrying the whole action.
"""
from __future__ import annotations

from ..core.palette import BASE_CSS, SEAT_COLOURS
from ..core.svg import El, Targets, svg_document, text, title
from .board import SQUARES, is_slime
from .components import COLOURS, JAPANESE, LETTERS, MAX_REVEALED, card_colour, card_value

FILL = {"red": "#d73027", "blue": "#4575b4", "green": "#1a9850", "orange": "#fdae61",
        "purple": "#8073ac", "brown": "#8c510a"}
INK = {"red": "white", "blue": "white", "green": "white", "orange": "black", "purple": "white",
       "brown": "white"}
CSS = BASE_CSS + """
.scc-sq { fill: #f7f4ea; stroke: #bfb8a3; }
.scc-tile text { font-size: 15px; font-weight: bold; }
.scc-infected rect.tile { fill: #6b6b6b; }
.scc-cancer rect.tile { fill: #111; }
.scc-button rect { fill: #eef3fa; stroke: #4a6fa5; }
.scc-button.active rect { fill: #ffe680; }
.scc-button text { font-size: 12px; }
.scc-card rect { fill: white; stroke: #555; }
.scc-card.revealed rect { fill: #eee; stroke-dasharray: 3 2; }
.scc-selected rect.hl { stroke: #d00 !important; stroke-width: 3.5 !important;
                        stroke-dasharray: none !important; }
.target.legal rect.hl-sq { stroke: #111; stroke-width: 2.5; stroke-dasharray: 5 2; }
"""
S = 50                 # square size
BX, BY = 36, 58        # board origin
W, H = 980, 560
ACTIONS = (("spawn", "spawn 発生"), ("grow", "grow 成長"), ("move", "move 分裂／移動"),
           ("inject", "inject 癌細胞注入"), ("exchange", "exchange 権利交換"))


def _xy(square: str) -> tuple[float, float]:
    return BX + "abcdefgh".index(square[0]) * S, BY + (int(square[1:]) - 1) * S


def render(game, view) -> str:
    seat, pending, hide_hands, all_hands = view.seat, view.pending, view.hide_hands, view.all_hands
    caption = view.caption
    live = view.state is None
    state: dict = game._state if view.state is None else view.state
    turn = state["turn"]
    shown = turn if seat is None else seat
    legal = list(game.legal_actions) if live and shown == turn and turn is not None else []
    t = Targets(legal, pending)
    head = caption or game.rules.situation(state)
    parts = [text(12, 18, f"Slime Culture Center — {head}", class_="title")]
    if pending:
        parts.append(text(12, 38, f"selected: {pending} …", class_="label", fill="#a00"))
    parts.append(_board(state, t, pending, clickable=bool(legal)))
    parts.append(_stocks(state, t, bool(legal)))
    parts.append(_panel(game, state, t, shown, hide_hands, all_hands, bool(legal)))
    height = max(H, 380 + 52 * state["options"]["players"])
    return svg_document(W, height, *parts, css=CSS, label=f"Slime Culture Center board: {head}")


def _tile(x: float, y: float, v: str, small: bool = False) -> El:
    size = S - 6
    g = El("g")
    if v in COLOURS:
        g.add_class("scc-tile", v)
        g.add(El("rect", x=x + 3, y=y + 3, width=size, height=size, rx=6, fill=FILL[v],
                 stroke="#222", class_="tile"))
        g.add(text(x + S / 2, y + S / 2 + 1, LETTERS[v], text_anchor="middle", fill=INK[v]))
    elif v.startswith("x:"):
        g.add_class("scc-tile", "scc-infected")
        g.add(El("rect", x=x + 3, y=y + 3, width=size, height=size, rx=6, class_="tile",
                 stroke="#222"))
        g.add(El("path", d=f"M{x + 8} {y + 8} L{x + S - 8} {y + S - 8} M{x + S - 8} {y + 8} "
                           f"L{x + 8} {y + S - 8}", stroke="#cfcfcf", stroke_width=3))
        g.add(text(x + S - 10, y + S - 11, LETTERS[v[2:]].lower(), text_anchor="middle",
                   fill="#fff", class_="small"))
    else:
        seat = int(v.split(":")[1])
        g.add_class("scc-tile", "scc-cancer")
        g.add(El("rect", x=x + 3, y=y + 3, width=size, height=size, rx=6, class_="tile",
                 stroke=SEAT_COLOURS[seat], stroke_width=4))
        g.add(text(x + S / 2, y + S / 2 - 6, "癌", text_anchor="middle", fill="white"))
        g.add(text(x + S / 2, y + S / 2 + 11, f"P{seat + 1}", text_anchor="middle", fill="white",
                   class_="small"))
    return g


def _board(state: dict, t: Targets, pending: str, clickable: bool) -> El:
    g = El("g", class_="scc-board")
    board = state["board"]
    for i, col in enumerate("abcdefgh"):
        g.add(text(BX + i * S + S / 2, BY - 8, col, class_="small", text_anchor="middle"))
    for r in range(1, 9):
        g.add(text(BX - 12, BY + (r - 1) * S + S / 2, str(r), class_="small", text_anchor="middle"))
    selected = pending.split()[1] if pending.startswith("move ") and len(pending.split()) == 2 else None
    for sq in SQUARES:
        x, y = _xy(sq)
        cell = El("g", class_="scc-square", data_square=sq)
        v = board.get(sq)
        desc = "empty" if v is None else (
            v if v in COLOURS else "infected (face down)" if v.startswith("x:")
            else f"cancer tile of player {int(v[7:]) + 1}")
        cell.add(title(f"{sq}: {desc}"))
        cell.add(El("rect", x=x, y=y, width=S, height=S, class_="scc-sq"))
        if v is not None:
            cell.add(_tile(x, y, v))
        cell.add(El("rect", x=x + 1.5, y=y + 1.5, width=S - 3, height=S - 3, fill="none",
                    stroke="none", class_="hl-sq hl"))
        if sq == selected:
            cell.add_class("scc-selected")
        if clickable:
            t.mark(cell, sq)
        g.add(cell)
    return g


def _stocks(state: dict, t: Targets, clickable: bool) -> El:
    g = El("g", class_="scc-stocks")
    x0, y0 = BX + 8 * S + 24, 58
    g.add(text(x0, y0 - 12, "Stock (click a colour to spawn / grow it) · removed", class_="label",
               font_weight="bold"))
    up = {c: 0 for c in COLOURS}
    for v in state["board"].values():
        if is_slime(v):
            up[v] += 1
    for i, c in enumerate(COLOURS):
        y = y0 + i * 34
        pile = El("g", class_=f"scc-stock {c}", data_colour=c)
        total = state['stock'][c] + sum(1 for v in state['board'].values() if v in (c, 'x:' + c)) \
            + state['removed'][c]
        pile.add(title(f"{c} ({JAPANESE[c]}): {state['stock'][c]} in stock of {total}, "
                       f"{up[c]} face up on the board, {state['removed'][c]} removed"))
        # the whole row answers clicks, not only the painted parts
        pile.add(El("rect", x=x0 - 3, y=y - 2, width=340, height=34, rx=4, fill="transparent"))
        pile.add(El("rect", x=x0, y=y, width=30, height=30, rx=5, fill=FILL[c], stroke="#222",
                    class_="hl"))
        pile.add(text(x0 + 15, y + 16, LETTERS[c], text_anchor="middle", fill=INK[c],
                      font_weight="bold"))
        empty = state["stock"][c] == 0
        pile.add(text(x0 + 38, y + 15, f"{c} {JAPANESE[c]}: {state['stock'][c]} left"
                      + (" — EMPTY" if empty else ""), class_="label",
                      font_weight="bold" if empty else None))
        pile.add(text(x0 + 210, y + 15, f"board {up[c]} · removed {state['removed'][c]}", class_="small"))
        if clickable:
            t.mark(pile, c)
        g.add(pile)
    return g


def _button(x, y, w, word, label, t: Targets, active=False) -> El:
    b = El("g", class_="scc-button")
    if active:
        b.add_class("active")
    b.add(El("rect", x=x, y=y, width=w, height=24, rx=5, class_="hl"))
    b.add(text(x + w / 2, y + 12.5, label, text_anchor="middle"))
    t.mark(b, word)
    return b


def _card(x, y, card, t: Targets | None, revealed=False, hidden=False) -> El:
    g = El("g", class_="scc-card" + (" revealed" if revealed else ""), data_card=card if not hidden else None)
    if hidden:
        g.add(El("rect", x=x, y=y, width=34, height=46, rx=4, fill="#5b6f8a", stroke="#333"))
        return g
    c = card_colour(card)
    g.add(title(f"right card {c} {card_value(card)}"
                + (" (revealed: counts for nothing)" if revealed else "")))
    g.add(El("rect", x=x, y=y, width=34, height=46, rx=4, class_="hl"))
    g.add(El("rect", x=x + 3, y=y + 3, width=28, height=14, rx=3, fill=FILL[c]))
    g.add(text(x + 17, y + 10.5, LETTERS[c], text_anchor="middle", fill=INK[c], class_="small"))
    g.add(text(x + 17, y + 31, str(card_value(card)), text_anchor="middle", font_weight="bold"))
    if t is not None:
        t.mark(g, card)
    return g


def _panel(game, state, t: Targets, shown, hide_hands, all_hands, clickable) -> El:
    g = El("g", class_="scc-panel")
    x0, y0 = BX + 8 * S + 24, 282
    if state["phase"] == "decide" and clickable:
        d = state["decision"]
        g.add(text(x0, y0 - 10, f"Decide {d['about']}: which next?", class_="label", font_weight="bold"))
        for i, opt in enumerate(d["options"][:8]):
            words = opt.split()
            label = (f"{words[1]} eats/meets the slime at {words[2]}" if words[0] == "resolve"
                     else f"cancer group from {words[1]}")
            g.add(_button(x0, y0 + i * 28, 300, opt, label, t))
        return g
    if state["phase"] == "action" and clickable:
        active = t.pending.split()[0] if t.pending else ""
        g.add(text(x0, y0 - 10, f"Action {3 - state['actions_left']} of 2 — pick one:", class_="label",
                   font_weight="bold"))
        for i, (word, label) in enumerate(ACTIONS):
            g.add(_button(x0 + (i % 3) * 166, y0 + (i // 3) * 28, 160, word, label, t, word == active))
        if "pass" in t.legal:
            g.add(_button(x0 + 2 * 166, y0 + 28, 160, "pass", "pass (no action possible)", t))
    y = y0 + 70
    n = state["options"]["players"]
    for s in range(n):
        row_y = y + s * 52
        me = s == state["turn"]
        if me and state["phase"] in ("action", "decide"):
            g.add(El("rect", x=x0 - 4, y=row_y - 4, width=520, height=52, fill="#fff3b0"))
        g.add(El("circle", cx=x0 + 8, cy=row_y + 10, r=8, fill=SEAT_COLOURS[s], stroke="#222"))
        g.add(text(x0 + 8, row_y + 10.5, str(s + 1), text_anchor="middle", class_="small"))
        cancer = {"hand": "cancer unused (+1)", "board": "cancer on board",
                  "removed": "cancer used up"}[state["cancer"][s]]
        g.add(text(x0 + 22, row_y + 8, game.seat_name(s), class_="label", font_weight="bold"))
        g.add(text(x0 + 22, row_y + 26, cancer, class_="small"))
        hand = sorted(state["hands"][s])
        visible = (all_hands or s == shown) and not (hide_hands and s == shown) or state["phase"] == "over"
        for k, card in enumerate(hand):
            pick = t if (s == shown and clickable and state["phase"] == "action") else None
            g.add(_card(x0 + 130 + k * 38, row_y - 2, card, pick, hidden=not visible))
        for k, card in enumerate(state["revealed"][s]):
            g.add(_card(x0 + 260 + k * 38, row_y - 2, card, None, revealed=True))
        if len(state["revealed"][s]) < MAX_REVEALED:
            g.add(text(x0 + 260 + len(state["revealed"][s]) * 38 + 4, row_y + 22,
                       f"{MAX_REVEALED - len(state['revealed'][s])} exchange(s) left", class_="small"))
    g.add(text(x0 + 130, y - 12, "right cards (hidden)", class_="small"))
    g.add(text(x0 + 260, y - 12, "revealed (count for nothing)", class_="small"))
    g.add(text(x0, y + n * 52 + 6, f"Right-card deck: {len(state['deck'])}", class_="small"))
    return g


# ------------------------------------------------------------ small boards
MINI = 22


def _wrap(caption: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in caption.split():
        if len(line) + len(word) + 1 > width and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def mini_board(state: dict, x: float, y: float, caption: str = "", changed=()) -> El:
    """An 8×8 board at ``MINI`` px a square, letters on tiles; squares in
    ``changed`` are outlined (what this step did)."""
    g = El("g", class_="scc-mini")
    lines = _wrap(caption, 34)
    if len(lines) > 4:
        lines = lines[:3] + [lines[3][:30] + " …"]
    for k, line in enumerate(lines):
        g.add(text(x, y + 6 + k * 12, line, class_="small"))
    top = y + 60
    for i, col in enumerate("abcdefgh"):
        g.add(text(x + 14 + i * MINI + MINI / 2, top, col, class_="small", text_anchor="middle"))
    for sq in SQUARES:
        cx = x + 14 + "abcdefgh".index(sq[0]) * MINI
        cy = top + 8 + (int(sq[1:]) - 1) * MINI
        v = state["board"].get(sq)
        fill, ink, mark = "#f7f4ea", "#000", ""
        if v in COLOURS:
            fill, ink, mark = FILL[v], INK[v], LETTERS[v]
        elif v and v.startswith("x:"):
            fill, ink, mark = "#6b6b6b", "#fff", "×"
        elif v:
            fill, ink, mark = "#111", "#fff", f"{int(v[7:]) + 1}"
        g.add(El("rect", x=cx, y=cy, width=MINI, height=MINI, fill=fill, stroke="#bbb"))
        if sq in changed:
            g.add(El("rect", x=cx + 1.5, y=cy + 1.5, width=MINI - 3, height=MINI - 3, fill="none",
                     stroke="#d00", stroke_width=2.5))
        if mark:
            g.add(text(cx + MINI / 2, cy + MINI / 2 + 1, mark, text_anchor="middle", fill=ink,
                       font_size=11, font_weight="bold"))
    for r in range(1, 9):
        g.add(text(x + 6, top + 8 + (r - 1) * MINI + MINI / 2, str(r), class_="small",
                   text_anchor="middle"))
    return g


def film_strip(frames: list[tuple[str, dict]], start: dict | None = None, columns: int = 4) -> str:
    """Each sub-step as a small board with its caption, left to right."""
    cells = ([("before", start)] if start is not None else []) + list(frames)
    cw, ch = 14 + 8 * MINI + 24, 8 * MINI + 76
    rows = max(1, -(-len(cells) // columns))
    parts = []
    prev = start["board"] if start is not None else None
    for k, (caption, state) in enumerate(cells):
        board = state["board"]
        changed = () if prev is None else {sq for sq in set(board) | set(prev)
                                           if board.get(sq) != prev.get(sq)}
        number = k + (0 if start is not None else 1)
        label = caption if k == 0 and start is not None else f"{number}. {caption}"
        parts.append(mini_board(state, (k % columns) * cw + 6, (k // columns) * ch + 4, label, changed))
        prev = board
    return svg_document(columns * cw, rows * ch, *parts, css=CSS,
                        label="Slime Culture Center: the checks step by step")
