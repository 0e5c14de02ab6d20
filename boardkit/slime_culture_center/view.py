"""Slime Culture Center board as SVG.

Click flow (each click is one word of the action): an action button
(``spawn`` / ``grow`` / ``move`` / ``inject`` / ``exchange``), then a stock
colour, a square or a card. Decisions (the order of predations or of cancer
groups) are buttons carrying the whole action.
"""
from __future__ import annotations

from typing import Protocol

from ..core.palette import BASE_CSS, BOARD_WIDTH, SEAT_COLOURS, SEAT_INK, SELECTION_INK, ink
from ..core.svg import El, Targets, changed_mark, header, svg_document, text, text_width, title, wrap
from ..core.view import Position
from .board import SQUARES, is_slime
from .components import COLOURS, JAPANESE, LETTERS, MAX_REVEALED, card_colour, card_value
from .rules import ACTION_WORDS, SlimeCultureCenterRules
from .settlement import settle


class Shown(Protocol):
    """What this view reads of the session
    (:class:`~boardkit.slime_culture_center.game.SlimeCultureCenter`: its
    view imports no session, so the session can import it)."""

    @property
    def rules(self) -> SlimeCultureCenterRules: ...

    def seat_name(self, seat: int) -> str: ...


#: Tile colours; the letter on each takes the ink that contrasts most.
FILL = {"red": "#c62828", "blue": "#2166ac", "green": "#1b7837", "orange": "#fdae61",
        "purple": "#6a3d9a", "brown": "#8c510a"}
INK = {c: ink(f) for c, f in FILL.items()}
CSS = BASE_CSS + """
.scc-sq { fill: #f7f4ea; stroke: #bfb8a3; }
.scc-tile text { font-size: 20px; font-weight: bold; }
.scc-tile text.small { font-size: 14px; }
.scc-infected rect.tile { fill: #6b6b6b; }
.scc-cancer rect.tile { fill: #111; }
.scc-button rect { fill: #eef3fa; stroke: #4a6fa5; }
.scc-button.active rect { fill: #ffe680; }
.scc-button text { font-size: 15px; fill: #111; }
.scc-choice text { font-size: 16px; }
.scc-card rect.face { fill: white; stroke: #555; }
.scc-card.revealed rect.face { fill: #eee; stroke-dasharray: 3 2; }
.scc-card text.value { font-size: 18px; font-weight: bold; fill: #111; }
.scc-stock.moved rect.row, .scc-player.now rect.row { fill: #fff3b0; }
.scc-selected rect.hl { stroke: #0072B2 !important; stroke-width: 4 !important;
                        stroke-dasharray: none !important; }
.target.legal rect.hl-sq { stroke: #111; stroke-width: 3; stroke-dasharray: 6 3; }
.scc-panel text.win { font-weight: bold; }
"""
W = BOARD_WIDTH        # 1180: 1 unit ≈ 1 px at 1280×720
S = 62                 # square size
BX = 40                # board's left edge
RX = 612               # the right-hand column: stocks, actions, players
CARD_W, CARD_H, CARD_STEP = 38, 46, 44
ACTIONS = (("spawn", "spawn 発生"), ("grow", "grow 成長"), ("move", "move 分裂／移動"),
           ("inject", "inject 癌細胞注入"), ("exchange", "exchange 権利交換"))
#: How each settlement case shares a colour's tiles (SCC-R10).
CASES = {1: "the only holder takes all", 2: "1st ⅔ (rounded up), 2nd the rest",
         3: "1st ½, 2nd ⅔ of the rest, 3rd the rest", 4: "nobody holds it: nobody scores"}
CASE_PRINTED = "1st ½, 2nd ⅔ of the rest and the rest"


def _xy(square: str, by: float) -> tuple[float, float]:
    return BX + "abcdefgh".index(square[0]) * S, by + (int(square[1:]) - 1) * S


def render(game: Shown, pos: Position) -> str:
    view = pos.view
    seat, pending, hide_hands, all_hands = view.seat, view.pending, view.hide_hands, view.all_hands
    state = pos.state
    shown = state["turn"] if seat is None else seat
    legal, t = pos.legal, pos.targets
    head = view.caption or game.rules.situation(state)
    changed = set(view.changed)
    parts, top = header(f"Slime Culture Center — {head}")
    if pending:
        # a selection in the selection's blue (red is kept for refusals)
        parts.append(text(12, top + 10, f"selected: {pending} …", class_="label selection",
                          fill=SELECTION_INK, font_weight="bold"))
    by = top + 48                       # the board's top edge (a line kept for "selected")
    parts.append(_board(state, t, pending, bool(legal), by, changed))
    result = settle(state) if state["phase"] == "over" else None
    if result is None and state["phase"] == "decide" and legal:
        y = by - 34             # a decision takes the stocks' place (nothing is spawned now)
    else:
        if result is None:
            right, y = _stocks(state, t, bool(legal), by, changed)
        else:       # the end: the settlement takes the stocks' place
            right, y = _settlement(state, result, by)
        parts.append(right)
    panel, y = _panel(game, state, t, shown, hide_hands, all_hands, bool(legal), y + 12, result)
    parts.append(panel)
    bottom = max(by + 8 * S + 10, y)
    return svg_document(W, int(bottom + 14), *parts, css=CSS,
                        label=f"Slime Culture Center board: {head}")


def _tile(x: float, y: float, v: str) -> El:
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
        g.add(El("path", d=f"M{x + 10} {y + 10} L{x + S - 10} {y + S - 10} M{x + S - 10} {y + 10} "
                           f"L{x + 10} {y + S - 10}", stroke="#cfcfcf", stroke_width=3))
        g.add(El("rect", x=x + S - 22, y=y + S - 22, width=16, height=16, rx=3, fill="#6b6b6b"))
        g.add(text(x + S - 14, y + S - 13, LETTERS[v[2:]].lower(), text_anchor="middle",
                   fill="#fff", class_="small"))
    else:
        seat = int(v.split(":")[1])
        g.add_class("scc-tile", "scc-cancer")
        g.add(El("rect", x=x + 3, y=y + 3, width=size, height=size, rx=6, class_="tile",
                 stroke=SEAT_COLOURS[seat], stroke_width=4))
        g.add(text(x + S / 2, y + S / 2 - 8, "癌", text_anchor="middle", fill="white"))
        g.add(text(x + S / 2, y + S / 2 + 13, f"P{seat + 1}", text_anchor="middle", fill="white",
                   class_="small"))
    return g


def _board(state: dict, t: Targets, pending: str, clickable: bool, by: float, changed: set) -> El:
    g = El("g", class_="scc-board")
    board = state["board"]
    for i, col in enumerate("abcdefgh"):
        g.add(text(BX + i * S + S / 2, by - 12, col, class_="small", text_anchor="middle"))
    for r in range(1, 9):
        g.add(text(BX - 18, by + (r - 1) * S + S / 2, str(r), class_="small", text_anchor="middle"))
    selected = pending.split()[1] if pending.startswith("move ") and len(pending.split()) == 2 else None
    for sq in SQUARES:
        x, y = _xy(sq, by)
        cell = El("g", class_="scc-square", data_square=sq)
        v = board.get(sq)
        desc = "empty" if v is None else (
            v if v in COLOURS else "infected (face down)" if v.startswith("x:")
            else f"cancer tile of player {int(v[7:]) + 1}")
        cell.add(title(f"{sq}: {desc}" + (" — changed in this step" if sq in changed else "")))
        cell.add(El("rect", x=x, y=y, width=S, height=S, class_="scc-sq"))
        if v is not None:
            cell.add(_tile(x, y, v))
        if sq in changed:
            cell.add_class("changed")
            cell.add(*changed_mark("rect", x=x + 3.5, y=y + 3.5, width=S - 7, height=S - 7, rx=5))
        cell.add(El("rect", x=x + 1.5, y=y + 1.5, width=S - 3, height=S - 3, fill="none",
                    stroke="none", class_="hl-sq hl"))
        if sq == selected:
            cell.add_class("scc-selected")
        if clickable:
            t.mark(cell, sq)
        g.add(cell)
    return g


def _stocks(state: dict, t: Targets, clickable: bool, by: float, changed: set) -> tuple[El, float]:
    g = El("g", class_="scc-stocks")
    g.add(text(RX, by - 12, "Stock — after spawn or grow, click a colour" if clickable else "Stock",
               class_="heading"))
    up = {c: 0 for c in COLOURS}
    for v in state["board"].values():
        if is_slime(v):
            up[v] += 1
    y = by
    for c in COLOURS:
        pile = El("g", class_=f"scc-stock {c}", data_colour=c)
        if c in changed:
            pile.add_class("moved")
        total = state['stock'][c] + sum(1 for v in state['board'].values() if v in (c, 'x:' + c)) \
            + state['removed'][c]
        pile.add(title(f"{c} ({JAPANESE[c]}): {state['stock'][c]} in stock of {total}, "
                       f"{up[c]} face up on the board, {state['removed'][c]} removed"))
        # the whole row answers clicks, not only the painted parts
        pile.add(El("rect", x=RX - 4, y=y - 1, width=W - RX - 6, height=32, rx=4, fill="#fff",
                    class_="row"))
        pile.add(El("rect", x=RX, y=y + 1, width=28, height=28, rx=5, fill=FILL[c], stroke="#222",
                    class_="hl"))
        pile.add(text(RX + 14, y + 16, LETTERS[c], text_anchor="middle", fill=INK[c],
                      font_weight="bold"))
        empty = state["stock"][c] == 0
        pile.add(text(RX + 38, y + 15, f"{c} {JAPANESE[c]}: {state['stock'][c]} left"
                      + (" — EMPTY" if empty else ""), class_="label",
                      font_weight="bold" if empty else None))
        pile.add(text(RX + 300, y + 15, f"on board {up[c]} · removed {state['removed'][c]}",
                      class_="small"))
        if clickable:
            t.mark(pile, c)
        g.add(pile)
        y += 32
    return g, y


def _button(x, y, w, word, label, t: Targets, active=False, lines: int = 1) -> El:
    b = El("g", class_="scc-button")
    if active:
        b.add_class("active")
    b.add(title(label))          # its name, whole (a long label is cut on the button)
    b.add(El("rect", x=x, y=y, width=w, height=32 + 18 * (lines - 1), rx=5, class_="hl"))
    if lines == 1:
        b.add(text(x + w / 2, y + 16.5, label, text_anchor="middle"))
    else:
        for k, part in enumerate(wrap(label, w - 16, 15)[:lines]):
            b.add(text(x + 8, y + 15 + 18 * k, part))
    t.mark(b, word)
    return b


def _card(x, y, card, t: Targets | None, revealed=False, hidden=False) -> El:
    g = El("g", class_="scc-card" + (" revealed" if revealed else ""), data_card=card if not hidden else None)
    if hidden:
        g.add(El("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, fill="#5b6f8a", stroke="#333"))
        return g
    c = card_colour(card)
    g.add(title(f"right card {c} {card_value(card)}"
                + (" (revealed: counts for nothing)" if revealed else "")))
    g.add(El("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=4, class_="face hl"))
    # the colour band is what the card is about: drawn over the face, in its colour
    g.add(El("rect", x=x + 3, y=y + 3, width=CARD_W - 6, height=18, rx=3, fill=FILL[c], class_="band"))
    g.add(text(x + CARD_W / 2, y + 12.5, LETTERS[c], text_anchor="middle", fill=INK[c], class_="small",
               font_weight="bold"))
    g.add(text(x + CARD_W / 2, y + 33, str(card_value(card)), text_anchor="middle", class_="value"))
    if t is not None:
        t.mark(g, card)
    return g


def _panel(game, state, t: Targets, shown, hide_hands, all_hands, clickable, y0,
           result: dict | None = None) -> tuple[El, float]:
    """What to do (action buttons or a decision), then every player's row
    (at the end: with the player's total)."""
    g = El("g", class_="scc-panel")
    rows = 2 if result is None else 0
    if state["phase"] == "decide" and clickable:
        d = state["decision"]
        lines = wrap(f"Decide {d['about']}: which comes next?", W - RX - 10, 16, bold=True)
        for k, line in enumerate(lines):
            g.add(text(RX, y0 + 8 + 22 * k, line, class_="heading"))
        y0 += 22 * (len(lines) - 1)
        # each option says what it does (both slimes by colour and size, the
        # bite) and lights them on the board when pointed at or focused
        options = d["options"][:8]
        y = y0 + 22
        if len(options) <= 3:
            choices, y = _choices(game, state, options, t, y)
            g.add(choices)
            y0, rows = y - 66, 1
        for i, opt in enumerate(options if len(options) > 3 else ()):
            said, squares = game.rules.decision_option(state, opt)
            b = _button(RX, y + i * 54, W - RX - 10, opt, f"{i + 1}. {said}", t, lines=2)
            b.set(data_highlight=" ".join(squares))
            g.add(b)
        y += len(options) * 54
        # …and the board each leads to (the checks run on until the turn ends
        # or the next decision; what differs from now outlined), up to six
        if 3 < len(options) <= 6:
            g.add(text(RX, y + 10, "What each choice leads to (the checks run on):", class_="heading"))
            board = state["board"]
            for i, opt in enumerate(options):
                after = game.rules.child(state, opt)["board"]
                differs = {sq for sq in set(board) | set(after) if board.get(sq) != after.get(sq)}
                g.add(mini_board({"board": after}, RX + (i % 3) * 186, y + 20 + (i // 3) * 190,
                                 f"after choice {i + 1}", changed=differs, lines=1, cell=18))
            y += 20 + -(-len(options) // 3) * 190
        if len(options) > 3:
            y0, rows = y - 66, 1
    elif state["phase"] == "action" and clickable:
        active = t.pending.split()[0] if t.pending else ""
        g.add(text(RX, y0 + 8, f"Action {3 - state['actions_left']} of 2 — pick one:", class_="heading"))
        for i, (word, label) in enumerate(ACTIONS):
            g.add(_button(RX + (i % 3) * 188, y0 + 22 + (i // 3) * 40, 180, word, label, t, word == active))
        if "pass" in t.legal:
            g.add(_button(RX + 2 * 188, y0 + 62, 180, "pass", "pass (nothing possible)", t))
    y = y0 + 22 + rows * 40 + 12 if rows else y0 + 8
    g.add(text(RX + 200, y, "right cards", class_="small"))
    g.add(text(RX + 340, y, "total: tiles + cancer" if result else "revealed (worth nothing)",
               class_="small"))
    y += 14
    n = state["options"]["players"]
    for s in range(n):
        row = El("g", class_="scc-player", data_seat=s)
        if s == state["turn"] and state["phase"] in ("action", "decide"):
            row.add_class("now")
            row.add(El("rect", x=RX - 4, y=y, width=W - RX - 6, height=50, rx=4, class_="row"))
        row.add(El("circle", cx=RX + 12, cy=y + 16, r=11, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(RX + 12, y + 17, str(s + 1), text_anchor="middle", class_="small",
                     font_weight="bold", fill=SEAT_INK[s]))
        cancer = {"hand": "cancer unused (+1)", "board": "cancer on board",
                  "removed": "cancer used up"}[state["cancer"][s]]
        row.add(text(RX + 30, y + 15, game.seat_name(s), class_="label", font_weight="bold"))
        row.add(text(RX + 30, y + 37, cancer, class_="small"))
        hand = sorted(state["hands"][s])
        visible = (all_hands or s == shown) and not (hide_hands and s == shown) or state["phase"] == "over"
        for k, card in enumerate(hand):
            pick = t if (s == shown and clickable and state["phase"] == "action") else None
            row.add(_card(RX + 200 + k * CARD_STEP, y + 2, card, pick, hidden=not visible))
        if result is not None:
            win = result["scores"][s] == max(result["scores"])
            row.add(text(RX + 340, y + 24, f"{result['tiles'][s]} + {result['cancer_bonus'][s]} = "
                                          f"{result['scores'][s]}" + ("  ★ wins" if win else ""),
                         class_="label win" if win else "label", data_score=result["scores"][s]))
            g.add(row)
            y += 54
            continue
        for k, card in enumerate(state["revealed"][s]):
            row.add(_card(RX + 340 + k * CARD_STEP, y + 2, card, None, revealed=True))
        left = MAX_REVEALED - len(state["revealed"][s])
        if left > 0:
            row.add(text(RX + 340 + len(state["revealed"][s]) * CARD_STEP + 4, y + 25,
                         f"{left} exchange{'s' if left > 1 else ''} left", class_="small"))
        g.add(row)
        y += 54
    g.add(text(RX, y + 8, f"Right-card deck: {len(state['deck'])}", class_="small"))
    return g, y + 22


def _choices(game, state: dict, options: list[str], t: Targets, y: float) -> tuple[El, float]:
    """Up to three options side by side, each a button saying what it does
    (in the board's body text, on as many lines as it needs) over the board
    it leads to (the checks run on until the turn ends or the next
    decision; what differs from now outlined), drawn large enough to read
    from the back of a room."""
    g = El("g", class_="scc-choices")
    n = len(options)
    gap = 12
    cw = (W - RX - 10 - gap * (n - 1)) / n
    cell = min(30, int((cw - 18) // 8))
    said = [game.rules.decision_option(state, opt) for opt in options]
    labels = [wrap(f"{i + 1}. {words}", cw - 16, 16)[:6] for i, (words, _) in enumerate(said)]
    lines = max(len(ls) for ls in labels)
    board = state["board"]
    for i, (opt, (_, squares)) in enumerate(zip(options, said)):
        x = RX + i * (cw + gap)
        b = El("g", class_="scc-button scc-choice")
        b.add(El("rect", x=x, y=y, width=cw, height=14 + 20 * lines, rx=5, class_="hl"))
        for k, part in enumerate(labels[i]):
            b.add(text(x + 8, y + 17 + 20 * k, part))
        t.mark(b, opt)
        b.set(data_highlight=" ".join(squares))
        g.add(b)
        after = game.rules.child(state, opt)["board"]
        differs = {sq for sq in set(board) | set(after) if board.get(sq) != after.get(sq)}
        g.add(mini_board({"board": after}, x, y + 22 + 20 * lines, f"after choice {i + 1}", changed=differs,
                         lines=1, cell=cell))
    return g, y + 22 + 20 * lines + MINI_LINE + 9 + 8 + 8 * cell + 10


def _settlement(state: dict, result: dict, by: float) -> tuple[El, float]:
    """The end, from :func:`settle`: for each colour its face-up tiles, its
    holders best first (their card values) and who takes how many."""
    printed = state["options"]["settlement"] == "printed"
    g = El("g", class_="scc-settle")
    g.add(text(RX, by - 12, "Settlement (精算) — who takes each colour's tiles", class_="heading"))
    y = by
    for i, c in enumerate(COLOURS):
        info = result["colours"][c]
        row = El("g", class_="scc-settle-row", data_colour=c)
        if i % 2 == 0:
            row.add(El("rect", x=RX - 4, y=y, width=W - RX - 6, height=42, rx=4, fill="#f2f2f2"))
        row.add(El("rect", x=RX, y=y + 3, width=22, height=22, rx=4, fill=FILL[c], stroke="#222"))
        row.add(text(RX + 11, y + 15, LETTERS[c], text_anchor="middle", class_="small",
                     font_weight="bold", fill=INK[c]))
        n = info["tiles"]
        row.add(text(RX + 30, y + 14, f"{c}: {n} tile{'' if n == 1 else 's'}", class_="label",
                     font_weight="bold"))
        holders = []
        for seat in info["ranking"]:
            values = sorted((card_value(x) for x in state["hands"][seat] if card_colour(x) == c),
                            reverse=True)
            holders.append(f"P{seat + 1}: {'+'.join(map(str, values))}")
        row.add(text(RX + 200, y + 14, " › ".join(holders) if holders else "no right card held",
                     class_="small"))
        how = CASE_PRINTED if printed and info["case"] == 3 else CASES[info["case"]]
        won = " · ".join(f"P{seat + 1} {k}" for seat, k in
                         sorted(info["shares"].items(), key=lambda kv: -kv[1]) if k)
        row.add(text(RX + 30, y + 32, f"→ {won} ({how})" if n else "→ no tile to share", class_="small"))
        g.add(row)
        y += 44
    return g, y


def hint(words: list[str], pending: str) -> str | None:
    """What to click, from the first words of the legal targets and the
    words chosen so far."""
    done = pending.split()
    first = done[0] if done else ""
    firsts = {w.split()[0] for w in words}
    if not done:
        if firsts <= {"resolve", "process"}:
            return "Click one of the outlined buttons to choose which comes first"
        if firsts <= set(ACTION_WORDS) | {"pass"}:
            return "Click an outlined action button: " + ", ".join(w for w in words)
        return None
    if first in ("spawn", "grow") and len(done) == 1:
        return f"Click an outlined colour in the stock to {first} it"
    if first == "spawn":
        return f"Click an outlined empty square to spawn {done[1]} there"
    if first == "grow":
        return f"Click an outlined empty square next to the {done[1]} slime"
    if first == "move" and len(done) == 1:
        return "Click the outlined tile to move (an edge tile of a slime)"
    if first == "move":
        return f"Click an outlined empty square to move the tile from {done[1]} there"
    if first == "inject":
        return "Click an outlined face-up slime tile to inject your cancer tile"
    if first == "exchange":
        return "Click one of your outlined right cards to reveal it and draw a new one"
    return None




# ------------------------------------------------------------ small boards
MINI = 30
_MINI = MINI            # (mini_board may draw smaller)
#: A caption line of a small board.
MINI_LINE = 17


def _wrap(caption: str, width: float, most: int) -> list[str]:
    lines = wrap(caption, width, 14)
    if len(lines) > most:
        last = " ".join(lines[most - 1:])
        while text_width(last + " …", 14) > width and " " in last:
            last = last.rsplit(" ", 1)[0]
        lines = lines[:most - 1] + [last + " …"]
    return lines


def mini_board(state: dict, x: float, y: float, caption: str = "", changed=(), lines: int = 3,
               cell: int = 0) -> El:
    """An 8×8 board at ``MINI`` px a square (or ``cell``), letters on tiles,
    under a caption of at most ``lines`` lines; squares in ``changed`` are
    outlined (what this step did)."""
    MINI = cell or _MINI      # noqa: N806 (the size of a square here)
    g = El("g", class_="scc-mini")
    for k, line in enumerate(_wrap(caption, 14 + 8 * MINI, lines)):
        g.add(text(x, y + 8 + k * MINI_LINE, line, class_="small"))
    top = y + MINI_LINE * lines + 9
    for i, col in enumerate("abcdefgh"):
        g.add(text(x + 14 + i * MINI + MINI / 2, top, col, class_="small", text_anchor="middle"))
    for sq in SQUARES:
        cx = x + 14 + "abcdefgh".index(sq[0]) * MINI
        cy = top + 8 + (int(sq[1:]) - 1) * MINI
        v = state["board"].get(sq)
        fill, colour, mark = "#f7f4ea", "#000", ""
        if v in COLOURS:
            fill, colour, mark = FILL[v], INK[v], LETTERS[v]
        elif v and v.startswith("x:"):
            fill, colour, mark = "#6b6b6b", "#fff", "×"
        elif v:
            fill, colour, mark = "#111", "#fff", f"{int(v[7:]) + 1}"
        g.add(El("rect", x=cx, y=cy, width=MINI, height=MINI, fill=fill, stroke="#bbb"))
        if sq in changed:
            outer, inner = changed_mark("rect", x=cx + 2.5, y=cy + 2.5, width=MINI - 5, height=MINI - 5)
            g.add(outer.set(style="stroke-width:4"), inner.set(style="stroke-width:2"))
        if mark:
            g.add(text(cx + MINI / 2, cy + MINI / 2 + 1, mark, text_anchor="middle", fill=colour,
                       font_size=16 if MINI >= 24 else 12, font_weight="bold"))
    for r in range(1, 9):
        g.add(text(x + 6, top + 8 + (r - 1) * MINI + MINI / 2, str(r), class_="small",
                   text_anchor="middle"))
    return g


def film_strip(frames: list[tuple[str, dict]], start: dict | None = None, columns: int = 4) -> str:
    """Each sub-step as a small board with its caption, left to right."""
    cells = ([("before", start)] if start is not None else []) + list(frames)
    # as many caption lines as the longest caption needs (2 to 5)
    lines = max([2] + [min(5, len(wrap(f"{k + 1}. {c}", 14 + 8 * MINI, 14)))
                       for k, (c, _) in enumerate(cells)])
    cw, ch = 14 + 8 * MINI + 24, 8 * MINI + MINI_LINE * lines + 9 + 8 + 14
    rows = max(1, -(-len(cells) // columns))
    parts = []
    prev = start["board"] if start is not None else None
    for k, (caption, state) in enumerate(cells):
        board = state["board"]
        changed = () if prev is None else {sq for sq in set(board) | set(prev)
                                           if board.get(sq) != prev.get(sq)}
        number = k + (0 if start is not None else 1)
        label = caption if k == 0 and start is not None else f"{number}. {caption}"
        parts.append(mini_board(state, (k % columns) * cw + 6, (k // columns) * ch + 4, label, changed,
                                lines=lines))
        prev = board
    return svg_document(columns * cw, rows * ch, *parts, css=CSS,
                        label="Slime Culture Center: the checks step by step")
