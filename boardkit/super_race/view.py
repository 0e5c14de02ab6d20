"""Super Race pictures: the dice, the colour choice and every player's own
copy of the track with the route drawn so far.

Click model (each click is one word of an action; the rules decide)
--------------------------------------------------------------------
* After a roll (before the third), each die is a toggle ``d1-rc`` (its
  place and face, so equal faces stay distinct); the button
  ``data-confirm="keep"`` plays ``keep <the toggled dice>`` and the others
  are rolled again.
* A colour button ``drive red`` starts a drive; then each click on a square
  adds it (the squares that can come next are outlined, the squares chosen
  so far are drawn as a dashed route); when the last die is a curve, two
  arrows on the last square (``north``…) say which way it leaves.
* Every square of the mover's track is a target, so a click on a square
  that cannot come next is answered with the rule's reason.
* ``forfeit`` when no colour shown can be drawn completely (SU-R4, SU-R13).

The squares: grey, or red, yellow and blue with their letter (R, Y, B), so
that colour is never the only cue; "+1" on tight corners; the start/finish
line chequered; the pit lane outlined with dashes; checkpoints as thin
dashed lines across the track with their number; oil slicks as four dots.
A route is one stroke per square in its die's colour: straight across, or
a quarter circle from the side it came in by to the side it left by.
"""
from __future__ import annotations

import math
import weakref
from typing import Any, Protocol

from ..core.palette import BASE_CSS, BOARD_WIDTH, SEAT_COLOURS, SEAT_INK, ink
from ..core.svg import (
    SVG,
    El,
    Raw,
    Targets,
    changed_mark,
    header,
    svg_document,
    text,
    text_width,
    title,
    wrap,
)
from ..core.view import Position, View, register_hints
from .rules import SuperRaceRules
from .track import BACK, HEADINGS, LEFT, RIGHT


class Shown(Protocol):
    """What this view reads of the session (:class:`~boardkit.super_race.game.SuperRace`: its view
    imports no session, so the session can import it)."""

    @property
    def rules(self) -> SuperRaceRules: ...

    @property
    def state(self) -> dict: ...

    def seat_name(self, seat: int) -> str: ...


#: Die and square colours (dark red, bright yellow, mid blue: told apart by
#: lightness too), each with the ink of its letter.
FILL = {"red": "#d7191c", "yellow": "#f6c700", "blue": "#2c7bb6"}
INK = {c: ink(f) for c, f in FILL.items()}
LETTER = {"red": "R", "yellow": "Y", "blue": "B"}
COLOUR_OF = {"r": "red", "y": "yellow", "b": "blue"}
GREY = "#c4c4c4"
GRASS = "#eef3e8"
CSS = BASE_CSS + """
.su-board rect.sq { stroke: #ffffff; stroke-width: 1; }
.su-board .target.legal rect.hl { stroke: #000000; stroke-width: 4; stroke-dasharray: none; }
.su-die rect.face { stroke: #222222; stroke-width: 2; }
.su-die.selected rect.ring { stroke: #000000; stroke-width: 5; }
.su-button rect.face { fill: #eef3fa; stroke: #4a6fa5; stroke-width: 2; }
.su-button.off rect.face { fill: #f2f2f2; stroke: #9a9a9a; }
.su-button.off text { fill: #333333; }
.su-button.active rect.face { stroke: #000000; stroke-width: 5; }
.su-button text { font-size: 16px; font-weight: bold; fill: #111111; }
.su-arrow path.hl { stroke: #000000; stroke-width: 2; }
"""
W = BOARD_WIDTH          # 1180: 1 unit ≈ 1 px at 1280×720
PAD = 12
GAP = 16                 # between two boards side by side
LEFT_M, TOP_M, RIGHT_M, BOTTOM_M = 26, 20, 18, 14
LABEL_H = 32             # the line above a board
BIG_CELL, MINI_CELL = 44, 22
DIE, DIE_STEP = 60, 76
FORFEIT_WHY = "no colour shown can be drawn completely: the whole go is forfeited (SU-R4)."


def _n(v: float) -> str:
    t = f"{v:.1f}".rstrip("0").rstrip(".")
    return "0" if t in ("", "-0") else t


# ------------------------------------------------------------------ geometry
class _Geo:
    """Where a board's squares are drawn."""

    def __init__(self, track, x: float, y: float, cell: float):
        self.track, self.x, self.y, self.s = track, x, y, cell

    @property
    def width(self) -> float:
        return LEFT_M + self.track.width * self.s + RIGHT_M

    @property
    def height(self) -> float:
        return TOP_M + self.track.height * self.s + BOTTOM_M

    def corner(self, name: str) -> tuple[float, float]:
        sq = self.track.squares[name]
        return self.x + LEFT_M + sq.x * self.s, self.y + TOP_M + sq.y * self.s

    def cell_xy(self, cx: int, cy: int) -> tuple[float, float]:
        return self.x + LEFT_M + cx * self.s, self.y + TOP_M + cy * self.s

    def mid(self, name: str, side: str) -> tuple[float, float]:
        x, y = self.corner(name)
        s = self.s
        return {"north": (x + s / 2, y), "south": (x + s / 2, y + s),
                "west": (x, y + s / 2), "east": (x + s, y + s / 2)}[side]

    def centre(self, name: str) -> tuple[float, float]:
        x, y = self.corner(name)
        return x + self.s / 2, y + self.s / 2


def _headings(track, path: list[str], first: str) -> list[str]:
    """The heading each square of ``path`` was entered with (shorter when
    two squares in a row are not neighbours: a malformed pending route)."""
    out: list[str] = []
    h = first
    for i, name in enumerate(path):
        if i:
            prev = path[i - 1]
            found = [d for d in (h, LEFT[h], RIGHT[h]) if track.next[prev][d] == name]
            if not found:
                break
            h = found[0]
        out.append(h)
    return out


def _stroke_d(geo: _Geo, name: str, h_in: str, h_out: str | None) -> str:
    """A straight line or a quarter circle from the side ``name`` was
    entered by to the side it is left by (``h_out`` None: to the centre)."""
    x1, y1 = geo.mid(name, BACK[h_in])
    if h_out is None:
        x2, y2 = geo.centre(name)
        return f"M{_n(x1)} {_n(y1)} L{_n(x2)} {_n(y2)}"
    x2, y2 = geo.mid(name, h_out)
    if h_out == h_in:
        return f"M{_n(x1)} {_n(y1)} L{_n(x2)} {_n(y2)}"
    x, y = geo.corner(name)
    sides = {BACK[h_in], h_out}
    cx = x + geo.s if "east" in sides else x
    cy = y + geo.s if "south" in sides else y
    cross = (x1 - cx) * (y2 - cy) - (y1 - cy) * (x2 - cx)
    r = geo.s / 2
    return f"M{_n(x1)} {_n(y1)} A{_n(r)} {_n(r)} 0 0 {1 if cross > 0 else 0} {_n(x2)} {_n(y2)}"


def _arrow_d(geo: _Geo, name: str, heading: str, length: float, half: float,
             base_in: float = 0.0) -> str:
    """A triangle on the ``heading`` side of ``name`` pointing out of it."""
    mx, my = geo.mid(name, heading)
    dx, dy = HEADINGS[heading]
    px, py = -dy, dx
    bx, by = mx - dx * base_in, my - dy * base_in
    tip = (bx + dx * length, by + dy * length)
    a = (bx + px * half, by + py * half)
    b = (bx - px * half, by - py * half)
    return (f"M{_n(a[0])} {_n(a[1])} L{_n(tip[0])} {_n(tip[1])} L{_n(b[0])} {_n(b[1])} Z")


def _runs(track, squares) -> list[list[str]]:
    """Squares split into straight runs of neighbours (a checkpoint line)."""
    left = set(squares)
    runs = []
    while left:
        start = min(left, key=lambda n: (track.squares[n].y, track.squares[n].x))
        run, todo = [start], [start]
        left.discard(start)
        while todo:
            cur = todo.pop()
            for nb in track.next[cur].values():
                if nb in left:
                    left.discard(nb)
                    run.append(nb)
                    todo.append(nb)
        runs.append(sorted(run, key=lambda n: (track.squares[n].y, track.squares[n].x)))
    return sorted(runs, key=lambda r: (track.squares[r[0]].y, track.squares[r[0]].x))


# --------------------------------------------------------------- the picture
def render(game: Shown, pos: Position) -> str:
    rules, view, state = game.rules, pos.view, pos.state
    track = rules.track
    phase, turn = state["phase"], state["turn"]
    n = len(state["cars"])
    shown = turn if view.seat is None else view.seat
    # (the dice are chosen with clicks; other phases are played in words)
    mover = pos.live and phase == "choose" and turn is not None and shown == turn
    pending = " ".join(view.pending.split()) if mover else ""
    t = Targets(pos.legal if mover else [], pending)
    head = view.caption or rules.situation(state)
    parts, top = header(f"Super Race — {head}")
    panel, y = _controls(game, state, t, mover, view, top + 4)
    parts.append(panel)
    # the boards: one big, or two side by side, or two by two
    columns = 1 if n == 1 else 2
    col_w = (W - 2 * PAD - GAP * (columns - 1)) / columns
    cell = min(BIG_CELL, math.floor((col_w - LEFT_M - RIGHT_M) / track.width))
    changed = {c for c in view.changed if c in track.squares}
    row_h = 0.0
    for seat in range(n):
        col = seat % columns
        x = PAD + col * (col_w + GAP)
        if col == 0 and seat:
            y += row_h + 10
        geo = _Geo(track, x, y + LABEL_H, cell)
        active = turn == seat and phase != "over"
        parts.append(_board(game, state, seat, geo, t if (mover and seat == turn) else None,
                            pending if seat == turn else "", active, changed, col_w))
        row_h = LABEL_H + geo.height
    y += row_h + 6
    legend, y = _legend(state, y)
    parts.append(legend)
    return svg_document(W, int(math.ceil(y + 8)), *parts, css=CSS,
                        label=f"Super Race board: {head}")


# ------------------------------------------------------------------ controls
def _die(x: float, y: float, face: str, word: str | None, selected: bool, kept: bool) -> El:
    colour = COLOUR_OF[face[0]]
    straight = face[1] == "s"
    g = El("g", class_="su-die", data_face=face)
    g.add(title(f"{colour} {'straight' if straight else 'curve'}"
                + (" (kept)" if selected or kept else "")))
    if word is not None:
        g.set(data_toggle=word)
        g.add_class("target", "legal")
    if selected or kept:
        g.add_class("selected")
        g.add(text(x + DIE / 2, y - 14, "kept", class_="small", text_anchor="middle",
                   font_weight="bold"))
    g.add(El("rect", x=x, y=y, width=DIE, height=DIE, rx=8, fill=FILL[colour], class_="face hl"))
    if selected or kept:
        g.add(El("rect", x=x - 4, y=y - 4, width=DIE + 8, height=DIE + 8, rx=10, fill="none",
                 class_="ring"))
    fg = INK[colour]
    g.add(text(x + 12, y + 14, LETTER[colour], fill=fg, font_weight="bold", text_anchor="middle"))
    if straight:
        g.add(El("path", d=f"M{_n(x + DIE / 2)} {_n(y + DIE - 4)} L{_n(x + DIE / 2)} {_n(y + 20)}",
                 stroke=fg, stroke_width=7, fill="none"))
    else:
        r = DIE / 2 - 4
        g.add(El("path", d=f"M{_n(x + DIE / 2)} {_n(y + DIE - 4)} A{_n(r + 4)} {_n(r + 4)} 0 0 1 "
                           f"{_n(x + DIE - 4)} {_n(y + DIE / 2)}",
                 stroke=fg, stroke_width=7, fill="none"))
    g.add(text(x + DIE / 2, y + DIE + 13, "straight" if straight else "curve", class_="small",
               text_anchor="middle"))
    return g


def _button(x: float, y: float, w: float, h: float, label: str, *, word: str | None = None,
            t: Targets | None = None, confirm: str | None = None, off: bool = False,
            active: bool = False, tip: str = "", fill: str | None = None) -> El:
    b = El("g", class_="su-button")
    if off:
        b.add_class("off")
    if active:
        b.add_class("active")
    if tip:
        b.add(title(tip))
    face = El("rect", x=x, y=y, width=w, height=h, rx=6, class_="face hl")
    if fill:
        face.set(style=f"fill:{fill}")
    b.add(face)
    b.add(text(x + w / 2, y + h / 2 + 1, label, text_anchor="middle",
               fill=ink(fill) if fill else None))
    if confirm is not None:
        b.set(data_confirm=confirm)
        b.add_class("target", "legal")
    elif word is not None and t is not None:
        t.mark(b, word)
    return b


def _dice_words(dice: list[str]) -> list[str]:
    return [f"d{i + 1}-{f}" for i, f in enumerate(dice)]


def _controls(game, state: dict, t: Targets, mover: bool, view: View, y0: float) -> tuple[El, float]:
    """The dice, the reroll button, the colour buttons (or the result)."""
    rules = game.rules
    g = El("g", class_="su-controls")
    phase = state["phase"]
    if phase == "over":
        return _results(game, state, y0)
    dice = list(state["dice"])
    rolls = state["rolls"]
    who = game.seat_name(state["turn"])
    # -- the dice
    top = y0 + 22
    if not dice:
        g.add(text(PAD, top + DIE / 2, f"{who} rolls all five dice…", class_="label"))
    kept_left = list(state["kept"]) if phase == "roll" else []
    words = _dice_words(dice)
    chosen = set(view.selected) & set(words) if mover else set()
    can_keep = mover and rolls < 3
    for i, (face, word) in enumerate(zip(dice, words)):
        kept = False
        if face in kept_left:
            kept_left.remove(face)
            kept = True
        g.add(_die(PAD + i * DIE_STEP, top, face, word if can_keep else None, word in chosen, kept))
    # -- rolling
    rx = PAD + 5 * DIE_STEP + 8
    if phase == "roll":
        g.add(text(rx, y0 + 8, "Rolling", class_="heading"))
        again = 5 - len(state["kept"])
        g.add(text(rx, top + 20, f"{'the other ' if state['kept'] else ''}{again} "
                                 f"{'die' if again == 1 else 'dice'}…", class_="label"))
    elif rolls < 3:
        g.add(text(rx, y0 + 8, f"Roll {rolls} of 3", class_="heading"))
        label = f"Reroll the others (roll {rolls + 1} of 3)"
        bw = text_width(label, 16, True) + 28
        if mover:      # (a picture where nothing can be clicked shows no buttons)
            g.add(_button(rx, top, bw, 42, label, confirm="keep",
                          tip="roll again every die that is not kept (SU-R2)"))
            g.add(text(rx, top + 60, f"click dice to keep them ({len(chosen)} kept)",
                       class_="small"))
    else:
        g.add(text(rx, y0 + 8, "Roll 3 of 3", class_="heading"))
        g.add(text(rx, top + 20, "last roll: choose a colour", class_="label"))
    # -- the colours
    cx = 760
    bw = (W - PAD - cx - 2 * 10) / 3
    if phase == "choose":
        g.add(text(cx, y0 + 8, "Drive one colour:" if mover else "Colours", class_="heading"))
        drivable = set(rules.drivable(state)) if dice else set()
        pend = t.pending.split()
        for k, colour in enumerate(("red", "yellow", "blue")):
            count = sum(1 for f in dice if f[0] == colour[0])
            ok = colour in drivable
            if count == 0:
                note, tip = "no dice", f"no die shows {colour}"
            elif ok:
                note, tip = f"{count} {'die' if count == 1 else 'dice'}", \
                    f"draw all {count} {colour} {'die' if count == 1 else 'dice'}, one square each"
            else:
                note, tip = "can't all be drawn", \
                    f"the {colour} dice cannot all be drawn from here (SU-R4)"
            bx = cx + k * (bw + 10)
            chosen_colour = len(pend) >= 2 and pend[0] == "drive" and pend[1] == colour
            if mover:
                g.add(_button(bx, top, bw, 42, f"Drive {colour}", word=f"drive {colour}",
                              t=t if not pend else None, off=not ok, active=chosen_colour,
                              tip=tip, fill=FILL[colour] if ok else None))
            else:      # no buttons where nothing can be clicked: the colour, named
                g.add(text(bx + bw / 2, top + 26, colour, class_="label", text_anchor="middle"))
            g.add(text(bx + bw / 2, top + 58, note, class_="small", text_anchor="middle"))
    y = top + DIE + 28
    # -- what to do now
    line = _doing(game, state, t, mover)
    if mover and "forfeit" in t.legal:
        g.add(_button(PAD, y, 190, 38, "Forfeit the go", word="forfeit", t=t,
                      tip="no colour can be drawn completely (SU-R4)"))
        for k, part in enumerate(wrap("Forfeit: " + FORFEIT_WHY, W - 2 * PAD - 206, 16)[:2]):
            g.add(text(PAD + 206, y + 10 + 20 * k, part, class_="label", data_why="forfeit"))
        y += 46
    elif line:
        for k, part in enumerate(wrap(line, W - 2 * PAD, 16, bold=True)[:2]):
            g.add(text(PAD, y + 10 + 22 * k, part, class_="heading"))
        y += 22 * min(2, len(wrap(line, W - 2 * PAD, 16, bold=True))) + 8
    return g, y


def _doing(game, state: dict, t: Targets, mover: bool) -> str:
    """One sentence: what the player to move is doing now."""
    if state["phase"] != "choose":
        return ""
    who = game.seat_name(state["turn"])
    go = "extra go (tight corner)" if state["extra"] else "go"
    if not mover:
        return f"{who}'s {go}."
    words = t.pending.split()
    if len(words) >= 2 and words[0] == "drive":
        colour = words[1]
        n = sum(1 for f in state["dice"] if f[0] == colour[0])
        done = words[2:]
        if len(done) >= n:
            return (f"{who}: all {n} {colour} dice placed ({' '.join(w.upper() for w in done)}) — "
                    f"click an arrow: which way the last curve leaves {done[-1].upper()}")
        placed = f" ({' '.join(w.upper() for w in done)})" if done else ""
        return (f"{who}: drawing {colour}, {len(done)} of {n} placed{placed} — click an outlined "
                f"square for the next {colour} die")
    extra = "Extra go! " if state["extra"] else ""
    if state["rolls"] < 3:
        return f"{extra}{who}: keep dice and reroll, or drive a colour."
    return f"{extra}{who}: last roll — drive a colour."


def _results(game, state: dict, y0: float) -> tuple[El, float]:
    """The end of the race: who won, how far past the line, SU-R8 points."""
    g = El("g", class_="su-results")
    res = state["results"][-1] if state["results"] else None
    y = y0 + 10
    if res is None:
        return g, y0
    n = len(state["cars"])
    many = state["options"]["races"] > 1
    g.add(text(PAD, y, "Result" + (f" of race {len(state['results'])}" if many else "")
               + (" — points: +1 a square past the line for the winner, −1 a square still to drive "
                  "for the others (SU-R8)" if n > 1 else ""), class_="heading"))
    y += 24
    for s in range(n):
        past, dist, pts = res["past"][s], res["distance"][s], res["points"][s]
        win = s in res["winners"]
        if past is None:
            where = f"{dist} {'square' if dist == 1 else 'squares'} short of the line"
        elif past == 0:
            where = "landed on the line"
        else:
            where = f"{past} {'square' if past == 1 else 'squares'} past the line"
        bits = [("winner: " if win else "") + where]
        if n == 1:
            bits.append(f"{res['turns'][s]} turns")
            fast = game.rules.track.fast_lap
            if fast:
                bits.append(f"a fast lap is {fast} turns")
        else:
            bits.append(f"{pts:+d} {'point' if abs(pts) == 1 else 'points'}".replace("+0", "0")
                        .replace("-", "−"))
            if many:
                bits.append(f"total {state['points'][s]}")
        row = El("g", class_="su-result", data_seat=s)
        row.add(El("circle", cx=PAD + 11, cy=y, r=11, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(PAD + 11, y + 1, str(s + 1), text_anchor="middle", class_="small",
                     font_weight="bold", fill=SEAT_INK[s]))
        row.add(text(PAD + 30, y, f"{game.seat_name(s)}: " + " · ".join(bits), class_="label",
                     font_weight="bold" if win else None))
        g.add(row)
        y += 26
    return g, y


# --------------------------------------------------------------------- board
def _board(game, state: dict, seat: int, geo: _Geo, t: Targets | None, pending: str,
           active: bool, changed: set, col_w: float) -> El:
    rules = game.rules
    track = rules.track
    s = geo.s
    car = state["cars"][seat]
    g = El("g", class_="su-board", data_seat=seat)
    if active:
        g.add_class("to-move")
    # -- the line above the board
    ly = geo.y - LABEL_H
    if active:
        g.add(El("rect", x=geo.x, y=ly + 2, width=col_w, height=LABEL_H - 4, rx=4, fill="#fff3b0"))
    g.add(El("circle", cx=geo.x + 13, cy=ly + LABEL_H / 2, r=11, fill=SEAT_COLOURS[seat],
             stroke="#222"))
    g.add(text(geo.x + 13, ly + LABEL_H / 2 + 1, str(seat + 1), text_anchor="middle",
               class_="small", font_weight="bold", fill=SEAT_INK[seat]))
    status = _car_status(game, state, seat, active)
    room = col_w - 34
    while text_width(status, 16, active) > room and " · " in status:
        status = status.rsplit(" · ", 1)[0]
    g.add(text(geo.x + 30, ly + LABEL_H / 2, status, class_="label",
               font_weight="bold" if active else None))
    # -- the board: grass, then the squares
    bw, bh = track.width * s, track.height * s
    ox, oy = geo.x + LEFT_M, geo.y + TOP_M
    g.add(El("rect", x=ox - 4, y=oy - 4, width=bw + 8, height=bh + 8, rx=6, fill=GRASS,
             stroke="#000" if active else "#aaa", stroke_width=4 if active else 1))
    for cx in range(track.width):
        g.add(text(ox + cx * s + s / 2, geo.y + TOP_M / 2 - 3, _col(cx), class_="small",
                   text_anchor="middle", fill="#444"))
    for cy in range(track.height):
        g.add(text(geo.x + LEFT_M - 8, oy + cy * s + s / 2, str(cy + 1), class_="small",
                   text_anchor="end", fill="#444"))
    oil = set(state["options"]["oil"])
    drawn = set(car["path"])
    next_words = set()
    if t is not None and pending:
        k = len(pending.split())
        next_words = {a.split()[k] for a in t.legal if a.startswith(pending + " ")}
    squares = El("g", class_="su-squares")
    st = t if (t is not None and pending.startswith("drive ")) else None
    done = _DRAWN_SQUARES.setdefault(track, {})
    if len(done) > _DRAWN_MAX:
        done.clear()
    for name, sq in sorted(track.squares.items(), key=lambda kv: (kv[1].y, kv[1].x)):
        # everything the square's drawing depends on
        key = (geo.x, geo.y, s, name, name in oil, name in drawn, name in changed, st is not None,
               name in next_words, st is not None and st.is_legal(name))
        cell = done.get(key)
        if cell is None:
            cell = done[key] = Raw(str(_square(geo, sq, name in oil, name in drawn, name in changed, st,
                                               name in next_words)))
        squares.add(cell)
    g.add(squares)
    g.add(_checkpoints(geo, rules.checkpoints(state)))
    # -- the route
    g.add(_route(game, state, seat, geo, pending))
    # -- arrows to choose the last curve's exit
    if t is not None:
        words = pending.split()
        if len(words) >= 3 and words[2:][-1] in track.squares:
            last = words[-1]
            for h in ("north", "east", "south", "west"):
                if h in next_words:
                    # SU-R16 seen before it happens: a way out after which no
                    # roll can move the car ends its race (red, with a ✕); not
                    # a car that crosses the line with it (its race is run)
                    action = t.candidate(h)
                    stuck = False
                    if action in t.legal:
                        after = rules.child(state, action)
                        stuck = (after["race"] == state["race"] and after["cars"][seat]["past"] is None
                                 and not rules.can_move(after, seat))
                    a = El("g", class_="su-arrow" + (" su-stuck" if stuck else ""), data_square=last)
                    a.add(title(f"leave {last.upper()} heading {h}"
                                + (": then no roll can move the car — out of the race (SU-R16)"
                                   if stuck else "")))
                    a.add(El("path", d=_arrow_d(geo, last, h, 0.9 * s, 0.42 * s, 0.25 * s),
                             fill="#d32f2f" if stuck else "#ffd400", class_="hl"))
                    if stuck:
                        mx, my = geo.mid(last, h)
                        dx, dy = HEADINGS[h]
                        a.add(text(mx + dx * 0.12 * s, my + dy * 0.12 * s, "✕", text_anchor="middle",
                                   fill="#fff", font_weight="bold", class_="small"))
                    t.mark(a, h)
                    g.add(a)
    return g


#: Each square as drawn, per track: a board has a few hundred squares and a
#: picture changes only a few of them (the route, the legal ones).
_DRAWN_SQUARES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_DRAWN_MAX = 20_000


def _col(x: int) -> str:
    letters, n = "", x + 1
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return letters


def _turns(car: dict) -> str:
    """A car's turns, and its goes when extra goes (tight corners) make them
    differ: the go numbers on the track count goes."""
    turns, goes = car["turns"], car.get("goes", car["turns"])
    said = f"{turns} {'turn' if turns == 1 else 'turns'}"
    extra = goes - turns
    return said + (f" ({goes} goes: {extra} extra)" if extra > 0 else "")


def _car_status(game, state: dict, seat: int, active: bool) -> str:
    car = state["cars"][seat]
    rules = game.rules
    n = len(state["cars"])
    bits = [game.seat_name(seat)]
    if active:
        bits[0] = "▶ " + bits[0] + (" — extra go" if state["extra"] else " — to move")
    if n == 1:
        turn = car["turns"] + (0 if state["phase"] == "over" or state["extra"] else 1)
        bits.append(f"turn {turn}" if state["phase"] != "over" else _turns(car))
        if rules.track.fast_lap:
            bits.append(f"a fast lap: {rules.track.fast_lap} turns")
    if car["past"] is not None:
        p = car["past"]
        bits.append("on the line" if p == 0 else f"{p} {'square' if p == 1 else 'squares'} "
                                                  f"past the line")
    elif car["out"]:
        bits.append("cannot move: out (SU-R16)")
    else:
        ncp = len(rules.track.checkpoints)
        bits.append(f"checkpoints {car['cp']}/{ncp}")
        if state["options"]["laps"] > 1:
            bits.append(f"lap {car['lap'] + 1} of {state['options']['laps']}")
    if n > 1:
        bits.append(_turns(car))
    return " · ".join(bits)


def _square(geo: _Geo, sq, oil: bool, drawn: bool, changed: bool, t: Targets | None,
            is_next: bool) -> El:
    x, y = geo.corner(sq.name)
    s = geo.s
    kind = [sq.colour]
    if sq.corner:
        kind.append("tight corner (+1: ending a go here gives an extra go)")
    if sq.line:
        kind.append("start/finish line")
    if sq.pit:
        kind.append("pit lane")
    if oil:
        kind.append("oil slick")
    if drawn:
        kind.append("driven")
    cell = El("g", class_=f"su-sq {sq.colour}", data_square=sq.name)
    cell.add(title(f"{sq.name.upper()}: " + ", ".join(kind)))
    fill = GREY if sq.colour == "grey" else FILL[sq.colour]
    if sq.line and sq.colour == "grey":
        fill = "#f4f4f4"
    cell.add(El("rect", x=x, y=y, width=s, height=s, fill=fill, class_="sq"))
    if sq.line:
        k = 4
        q = s / k
        d = " ".join(f"M{_n(x + i * q)} {_n(y + j * q)} h{_n(q)} v{_n(q)} h{_n(-q)} Z"
                     for i in range(k) for j in range(k) if (i + j) % 2 == 0)
        cell.add(El("path", d=d, fill="#9a9a9a"))
    if sq.pit:
        cell.add(El("rect", x=x + 3, y=y + 3, width=s - 6, height=s - 6, fill="none",
                    stroke="#111", stroke_width=2, stroke_dasharray="4 3"))
    size = max(14, round(0.42 * s))
    if sq.corner:
        cell.add(_mark(x + s / 2, y + s / 2 + 1, "+1", size,
                       "#000" if sq.colour == "grey" else INK[sq.colour]))
    elif sq.colour != "grey":
        cell.add(_mark(x + s / 2, y + s / 2 + 1, LETTER[sq.colour], size, INK[sq.colour]))
    if oil:
        r = max(1.8, s * 0.07)
        for fx, fy in ((0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)):
            cell.add(El("circle", cx=x + fx * s, cy=y + fy * s, r=r, fill="#000"))
    if changed:
        cell.add(*changed_mark("rect", x=x + 2, y=y + 2, width=s - 4, height=s - 4))
    if t is not None:
        cell.add(El("rect", x=x + 2, y=y + 2, width=s - 4, height=s - 4, fill="none", stroke="none",
                    class_="hl"))
        if is_next:
            cell.add(El("circle", cx=x + s / 2, cy=y + s / 2, r=max(4, s * 0.16), fill="#fff",
                        stroke="#000", stroke_width=2, class_="su-next"))
        t.mark(cell, sq.name)
    return cell


def _mark(x: float, y: float, content: str, size: float, colour: str) -> El:
    """A bold centred mark in a square (its size and colour inline: they
    win over the picture's CSS)."""
    return El("text", text=content, x=x, y=y, text_anchor="middle", font_weight="bold",
              style=f"fill:{colour};font-size:{_n(size)}px")


def _checkpoints(geo: _Geo, checkpoints: list) -> El:
    """Thin dashed lines across the track, numbered in race order."""
    track = geo.track
    s = geo.s
    g = El("g", class_="su-checkpoints", pointer_events="none")
    on = {(q.x, q.y) for q in track.squares.values()}
    for k, cp in enumerate(checkpoints):
        for run in _runs(track, cp):
            a, b = track.squares[run[0]], track.squares[run[-1]]
            vertical = a.x == b.x and len(run) > 1
            ax, ay = geo.corner(run[0])
            bx, by = geo.corner(run[-1])
            if vertical:
                d = f"M{_n(ax + s / 2)} {_n(ay)} L{_n(bx + s / 2)} {_n(by + s)}"
                ends = [(a.x, a.y - 1), (b.x, b.y + 1)]
            else:
                d = f"M{_n(ax)} {_n(ay + s / 2)} L{_n(bx + s)} {_n(by + s / 2)}"
                ends = [(a.x - 1, a.y), (b.x + 1, b.y)]
            g.add(El("path", d=d, stroke="#333", stroke_width=2, stroke_dasharray="3 3",
                     fill="none", class_="su-cp", data_checkpoint=k + 1))
            # the number in a free cell at one end of the line (inside the grid first)
            free = [e for e in ends if e not in on and 0 <= e[0] < track.width
                    and 0 <= e[1] < track.height]
            if free:
                ex, ey = geo.cell_xy(*free[0])
                g.add(text(ex + s / 2, ey + s / 2 + 1, str(k + 1), text_anchor="middle",
                           class_="small", font_weight="bold", fill="#333",
                           data_checkpoint=k + 1))
    return g


def _route(game, state: dict, seat: int, geo: _Geo, pending: str) -> El:
    """The car's drawn path (one stroke per square), go numbers, the car
    and its exit arrow; then the squares chosen so far in a pending drive."""
    rules = game.rules
    track = rules.track
    s = geo.s
    car = state["cars"][seat]
    path = list(car["path"])
    first = rules.heading(state)
    g = El("g", class_="su-route", pointer_events="none")
    casing, cores = [], []
    hs = _headings(track, path, first)
    for i, name in enumerate(path[:len(hs)]):
        h_out = hs[i + 1] if i + 1 < len(hs) else car["exit"]
        d = _stroke_d(geo, name, hs[i], h_out)
        colour = COLOUR_OF[car["colours"][i]]
        casing.append(El("path", d=d, stroke="#000", stroke_width=_n(0.3 * s), fill="none"))
        cores.append(El("path", d=d, stroke=FILL[colour], stroke_width=_n(0.17 * s), fill="none",
                        class_="su-stroke", data_square=name, data_colour=colour))
    # -- a pending drive: the squares chosen so far, dashed
    words = pending.split()
    if len(words) >= 3 and words[0] == "drive" and words[1] in FILL:
        chosen = [w for w in words[2:] if w in track.squares]
        start = car["exit"] if path else first
        base = [path[-1]] if path else []
        phs = _headings(track, base + chosen, start if path else first)
        phs = phs[1:] if path else phs
        for i, name in enumerate(chosen[:len(phs)]):
            h_out = phs[i + 1] if i + 1 < len(phs) else None
            d = _stroke_d(geo, name, phs[i], h_out)
            casing.append(El("path", d=d, stroke="#000", stroke_width=_n(0.3 * s), fill="none",
                             stroke_dasharray=f"{_n(0.2 * s)} {_n(0.1 * s)}"))
            cores.append(El("path", d=d, stroke=FILL[words[1]], stroke_width=_n(0.17 * s),
                            fill="none", stroke_dasharray=f"{_n(0.2 * s)} {_n(0.1 * s)}",
                            class_="su-provisional", data_square=name, data_colour=words[1]))
    g.add(*casing)
    g.add(*cores)
    # -- the marks (+1, R, Y, B) of the squares a stroke or a checkpoint line
    # crosses, again on top, haloed: what a square gives stays readable
    crossed = set(path) | {w for w in words if w in track.squares}
    crossed |= {q for cp in rules.checkpoints(state) for q in cp}
    g.add(_marks_over(geo, sorted(crossed)))
    # -- the car: where it stands and which way it left
    if path and car["exit"]:
        last = path[-1]
        cx, cy = geo.centre(last)
        g.add(El("path", d=_arrow_d(geo, last, car["exit"], 0.5 * s, 0.3 * s), fill="#000",
                 stroke="#fff", stroke_width=1.5, class_="su-exit", data_heading=car["exit"]))
        g.add(El("circle", cx=cx, cy=cy, r=max(9.5, 0.32 * s), fill=SEAT_COLOURS[seat],
                 stroke="#000", stroke_width=2, class_="su-car"))
        g.add(text(cx, cy + 1, str(seat + 1), text_anchor="middle", class_="small",
                   font_weight="bold", fill=SEAT_INK[seat]))
    elif not path and not pending:
        # before the first go: which way the cars cross the line
        for name in track.line:
            g.add(El("path", d=_arrow_d(geo, name, first, 0.3 * s, 0.22 * s, 0.55 * s),
                     fill="#333", class_="su-start"))
    # -- go numbers at each go's last square
    taken = _label_boxes(geo)
    if path and car["exit"]:
        cx, cy = geo.centre(path[-1])
        r = max(9.5, 0.32 * s)
        taken.append((cx - r, cy - r, cx + r, cy + r))
    for k, end in enumerate(car["ends"]):
        if not 0 < end <= len(path):
            continue
        label = str(k + 1)
        w = text_width(label, 14, True) + 8
        fx, fy = _flag_corner(geo, path[end - 1], w, 17, taken)
        taken.append((fx - w / 2, fy - 8.5, fx + w / 2, fy + 8.5))
        g.add(El("g", El("rect", x=fx - w / 2, y=fy - 8.5, width=w, height=17, rx=3, fill="#fff",
                         stroke="#000", stroke_width=1),
                 text(fx, fy + 0.5, label, text_anchor="middle", class_="small",
                      font_weight="bold", fill="#000"), class_="su-go", data_go=k + 1))
    return g


Box = tuple[float, float, float, float]


def _marks_over(geo: _Geo, names: list[str]) -> El:
    """The marks of these squares drawn with a white halo (to lie over the
    route and the checkpoint lines)."""
    s = geo.s
    size = max(14, round(0.42 * s))
    g = El("g", class_="su-marks")
    for name in names:
        sq = geo.track.squares[name]
        mark = "+1" if sq.corner else None if sq.colour == "grey" else LETTER[sq.colour]
        if mark is None:
            continue
        colour = "#000" if sq.colour == "grey" else INK[sq.colour]
        halo = "#fff" if colour != "#fff" else "#000"
        cx, cy = geo.centre(name)
        g.add(El("text", text=mark, x=cx, y=cy + 1, text_anchor="middle", font_weight="bold",
                 stroke=halo, stroke_width=3, paint_order="stroke",
                 style=f"fill:{colour};font-size:{_n(size)}px"))
    return g


def _label_boxes(geo: _Geo) -> list[Box]:
    """Where each square's mark ("+1", R, Y, B) is drawn: the go flags keep
    clear of them."""
    s = geo.s
    size = max(14, round(0.42 * s))
    out: list[Box] = []
    for sq in geo.track.squares.values():
        mark = "+1" if sq.corner else None if sq.colour == "grey" else LETTER[sq.colour]
        if mark is None:
            continue
        cx, cy = geo.centre(sq.name)
        half = text_width(mark, size, True) / 2
        out.append((cx - half, cy + 1 - 0.45 * size, cx + half, cy + 1 + 0.45 * size))
    return out


def _flag_corner(geo: _Geo, name: str, w: float, h: float, taken: list[Box]) -> tuple[float, float]:
    """The corner of square ``name`` where a go flag (w × h, centred on the
    corner) covers no square's mark, no car and no other flag: top right
    first, then the others; failing that, the corner it overlaps least."""
    x, y = geo.corner(name)
    s = geo.s

    def overlap(cx: float, cy: float) -> float:
        a = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        return sum(max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
                   for b in taken)
    corners = [(x + s, y), (x, y), (x + s, y + s), (x, y + s),
               (x + s / 2, y), (x + s, y + s / 2), (x + s / 2, y + s), (x, y + s / 2)]
    # then the middle of a neighbouring cell that is not track (no mark there)
    sq = geo.track.squares[name]
    on = {(q.x, q.y) for q in geo.track.squares.values()}
    for dx, dy in ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
        cell = (sq.x + dx, sq.y + dy)
        if cell not in on:
            cx, cy = geo.cell_xy(*cell)
            corners.append((cx + s / 2, cy + s / 2))
    return min(corners, key=lambda c: (overlap(*c) > 0, overlap(*c), corners.index(c)))


def _legend(state: dict, y: float) -> tuple[El, float]:
    g = El("g", class_="su-legend")
    items = [("corner", "+1 tight corner: end a go there for one extra go"),
             ("line", "start/finish line"),
             ("pit", "pit lane"),
             ("cp", "checkpoints, in order"),
             ("colour", "R Y B: only that colour's dice")]
    if state["options"]["oil"]:
        items.append(("oil", "oil slick: needs two identical dice"))
    items.append(("go", "end of each go"))
    x: float = PAD
    for kind, words in items:
        w = 22 + 6 + text_width(words, 14) + 18
        if x + w > W - PAD:
            x, y = PAD, y + 26
        sw = El("g", class_="su-key", data_key=kind)
        if kind == "corner":
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill=GREY))
        elif kind == "line":
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill="#f4f4f4"))
            sw.add(El("path", d=" ".join(f"M{_n(x + i * 5.5)} {_n(y + j * 5.5)} h5.5 v5.5 h-5.5 Z"
                                         for i in range(4) for j in range(4) if (i + j) % 2 == 0),
                      fill="#9a9a9a"))
        elif kind == "pit":
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill=GREY))
            sw.add(El("rect", x=x + 3, y=y + 3, width=16, height=16, fill="none", stroke="#111",
                      stroke_width=2, stroke_dasharray="4 3"))
        elif kind == "cp":
            sw.add(El("path", d=f"M{_n(x)} {_n(y + 11)} h22", stroke="#333", stroke_width=2,
                      stroke_dasharray="3 3"))
        elif kind == "colour":
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill=FILL["red"]))
        elif kind == "oil":
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill=GREY))
            for fx, fy in ((0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)):
                sw.add(El("circle", cx=x + 22 * fx, cy=y + 22 * fy, r=2, fill="#000"))
        elif kind == "go":
            sw.add(El("rect", x=x + 2, y=y + 2, width=18, height=18, rx=3, fill="#fff", stroke="#000"))
        sw.add(text(x + 28, y + 11, words, class_="small"))
        g.add(sw)
        x += w
    return g, y + 26


# ----------------------------------------------------------------- small one
def mini(game: Any, caption: str = "", seat: int = 0, state: dict | None = None) -> SVG:
    """One player's board, small (for notebooks): nothing clickable."""
    rules = game.rules
    track = rules.track
    st = game.state if state is None else state
    geo = _Geo(track, 4, 0, MINI_CELL)
    width = int(math.ceil(geo.width + 8))
    lines = wrap(caption or rules.situation(st), width - 12, 14)[:3]
    top = 8 + 20 * len(lines)
    geo = _Geo(track, 4, top + LABEL_H, MINI_CELL)
    parts: list[El] = [text(6, 12 + 20 * k, line, class_="small") for k, line in enumerate(lines)]
    parts.append(_board(game, st, seat, geo, None, "", False, set(), geo.width))
    height = int(math.ceil(geo.y + geo.height + 6))
    return SVG(svg_document(width, height, *parts, css=CSS,
                            label=f"Super Race: {game.seat_name(seat)}'s board"))


# --------------------------------------------------------------------- hints
def _hint(words: list[str], pending: str) -> str | None:
    """What to click, from the legal targets and the words chosen so far."""
    done = pending.split()
    if done[:1] == ["drive"] and len(done) >= 2:
        colour = done[1]
        if words and all(w in HEADINGS for w in words):
            return (f"Click an arrow: which way the last {colour} curve leaves "
                    f"{done[-1].upper()} ({' or '.join(words)})")
        return (f"Click one of the {len(words)} outlined squares for the next {colour} die"
                if len(words) > 1 else f"Click the outlined square {words[0].upper()} for the next "
                                       f"{colour} die")
    if words == ["forfeit"]:
        return "No colour shown can be drawn completely: click “Forfeit the go”"
    colours = [w.split()[1] for w in words if w.startswith("drive ") and len(w.split()) == 2]
    if colours:
        said = colours[0] if len(colours) == 1 else ", ".join(colours[:-1]) + " or " + colours[-1]
        return (f"Click a colour to drive: {said} — or, before the third roll, "
                f"click dice to keep and reroll the others")
    return None


register_hints("super_race", _hint)
