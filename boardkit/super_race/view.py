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

from ..core.palette import SEAT_COLOURS, SEAT_INK
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
from ..core.view import Position
from .rules import SuperRaceRules
from .track import HEADINGS
from .view_controls import _controls
from .view_geometry import (
    BIG_CELL,
    CSS,
    FILL,
    GAP,
    GRASS,
    GREY,
    INK,
    LABEL_H,
    LEFT_M,
    LETTER,
    MINI_CELL,
    PAD,
    RIGHT_M,
    TOP_M,
    W,
    _arrow_d,
    _Geo,
    _mark,
    _n,
)
from .view_route import _checkpoints, _route


class Shown(Protocol):
    """What this view reads of the session (:class:`~boardkit.super_race.game.SuperRace`: its view
    imports no session, so the session can import it)."""

    @property
    def rules(self) -> SuperRaceRules: ...

    @property
    def state(self) -> dict: ...

    def seat_name(self, seat: int) -> str: ...


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


def _legend(state: dict, y: float) -> tuple[El, float]:
    g = El("g", class_="su-legend")
    items = [("corner", "tight corner: end a go there for one extra go"),
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
        if kind == "corner":           # (drawn as the board draws one: "+1" on grey)
            sw.add(El("rect", x=x, y=y, width=22, height=22, fill=GREY))
            sw.add(_mark(x + 11, y + 12, "+1", 14, "#000"))
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
def hint(words: list[str], pending: str) -> str | None:
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
