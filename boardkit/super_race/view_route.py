"""Super Race pictures: a car's route drawn on its track (one stroke per
square in its die's colour, the go numbers on flags that never cover a
square's mark), and the checkpoint lines.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Sequence

from ..core.palette import SEAT_COLOURS, SEAT_INK
from ..core.svg import (
    El,
    Raw,
    text,
    text_width,
)
from .view_geometry import COLOUR_OF, FILL, INK, LETTER, _arrow_d, _Geo, _headings, _n, _runs, _stroke_d


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
    drawn = _drawn(track)
    where = (geo.x, geo.y, s)
    # the route's strokes as drawn before, while the car has not moved
    key = ("route", where, tuple(path), first, car["exit"], tuple(car["colours"]))
    both = drawn.get(key)
    if both is None:
        casing: list = []
        cores: list = []
        hs = _headings(track, path, first)
        for i, name in enumerate(path[:len(hs)]):
            h_out = hs[i + 1] if i + 1 < len(hs) else car["exit"]
            piece = ("stroke", where, name, hs[i], h_out, car["colours"][i])
            pair = drawn.get(piece)
            if pair is None:
                d = _stroke_d(geo, name, hs[i], h_out)
                colour = COLOUR_OF[car["colours"][i]]
                pair = drawn[piece] = (
                    str(El("path", d=d, stroke="#000", stroke_width=_n(0.3 * s), fill="none")),
                    str(El("path", d=d, stroke=FILL[colour], stroke_width=_n(0.17 * s), fill="none",
                           class_="su-stroke", data_square=name, data_colour=colour)))
            casing.append(pair[0])
            cores.append(pair[1])
        both = drawn[key] = (Raw("".join(casing)), Raw("".join(cores)))
    casing = [both[0]]
    cores = [both[1]]
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
    # -- go numbers at each go's last square; where they go depends only on
    # the car's place and the squares the goes ended on (kept for the next
    # picture: the other cars' flags stay where they were)
    car_box = None
    if path and car["exit"]:
        cx, cy = geo.centre(path[-1])
        r = max(9.5, 0.32 * s)
        car_box = (cx - r, cy - r, cx + r, cy + r)
    goes = tuple((k, path[end - 1]) for k, end in enumerate(car["ends"]) if 0 < end <= len(path))
    flags_key: tuple = ("flags", where, car_box, goes)
    places = drawn.get(flags_key)
    if places is None:
        taken = _Taken(geo)
        if car_box is not None:
            taken.append(car_box)
        places = []
        for k, name in goes:
            w = text_width(str(k + 1), 14, True) + 8
            fx, fy = _flag_corner(geo, name, w, 17, taken)
            taken.append((fx - w / 2, fy - 8.5, fx + w / 2, fy + 8.5))
            places.append((fx, fy))
        drawn[flags_key] = places
    for (k, _), (fx, fy) in zip(goes, places):
        flag_key: tuple = ("flag", fx, fy, k)
        flag = drawn.get(flag_key)
        if flag is None:
            label = str(k + 1)
            w = text_width(label, 14, True) + 8
            flag = drawn[flag_key] = Raw(str(El(
                "g", El("rect", x=fx - w / 2, y=fy - 8.5, width=w, height=17, rx=3, fill="#fff",
                        stroke="#000", stroke_width=1),
                text(fx, fy + 0.5, label, text_anchor="middle", class_="small",
                     font_weight="bold", fill="#000"), class_="su-go", data_go=k + 1)))
        g.add(flag)
    return g


#: Parts of routes as drawn, per track (a stroke, a mark, a flag): a race's
#: routes grow by a few squares a go, the rest is drawn as before.
_DRAWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_DRAWN_MAX = 20_000


def _drawn(track) -> dict:
    done = _DRAWN.setdefault(track, {})
    if len(done) > _DRAWN_MAX:
        done.clear()
    return done


Box = tuple[float, float, float, float]


def _marks_over(geo: _Geo, names: list[str]) -> El:
    """The marks of these squares drawn with a white halo (to lie over the
    route and the checkpoint lines)."""
    s = geo.s
    size = max(14, round(0.42 * s))
    g = El("g", class_="su-marks")
    drawn = _drawn(geo.track)
    where = (geo.x, geo.y, s)
    for name in names:
        key = ("mark", where, name)
        got = drawn.get(key)
        if got is None:
            sq = geo.track.squares[name]
            mark = "+1" if sq.corner else None if sq.colour == "grey" else LETTER[sq.colour]
            if mark is None:
                got = drawn[key] = ""
            else:
                colour = "#000" if sq.colour == "grey" else INK[sq.colour]
                halo = "#fff" if colour != "#fff" else "#000"
                cx, cy = geo.centre(name)
                got = drawn[key] = Raw(str(El(
                    "text", text=mark, x=cx, y=cy + 1, text_anchor="middle", font_weight="bold",
                    stroke=halo, stroke_width=3, paint_order="stroke",
                    style=f"fill:{colour};font-size:{_n(size)}px")))
        if got:
            g.add(got)
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


def _area(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


class _Grid:
    """Boxes in buckets of the board's grid (one bucket per square's cell,
    a box in every cell it reaches): the boxes that can overlap a flag are
    those in the cells the flag reaches, a handful, whatever the length of
    the race. Each box keeps its number (the order it was added in)."""

    def __init__(self, cell: float, boxes: Sequence[Box] = (), start: int = 0):
        self.cell, self.start = cell, start
        self.boxes: list[Box] = []
        self.buckets: dict[tuple[int, int], list[int]] = {}
        for b in boxes:
            self.append(b)

    def _cells(self, b: Box) -> list[tuple[int, int]]:
        c, floor = self.cell, math.floor
        xs = range(floor(b[0] / c), floor(b[2] / c) + 1)
        return [(gx, gy) for gy in range(floor(b[1] / c), floor(b[3] / c) + 1) for gx in xs]

    def append(self, b: Box) -> None:
        k = self.start + len(self.boxes)
        self.boxes.append(b)
        buckets = self.buckets
        for key in self._cells(b):
            got = buckets.get(key)
            if got is None:
                buckets[key] = [k]
            else:
                got.append(k)

    def near(self, a: Box) -> set[int]:
        """The numbers of the boxes sharing a cell with ``a`` (every box
        that overlaps it, and a few that do not)."""
        found: set[int] = set()
        buckets = self.buckets
        for key in self._cells(a):
            got = buckets.get(key)
            if got:
                found.update(got)
        return found


#: the marks' boxes of a track drawn at a place and size, bucketed
#: (the same on every board of a game and every render)
_MARKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class _Taken:
    """What a go flag keeps clear of: the squares' marks (bucketed once per
    track, place and size), then the car and the flags placed so far, in
    that order. ``overlap(a)`` is the sum of box ``a``'s overlaps with them,
    added up in that same order (the boxes it does not reach add 0), so a
    flag lands where a sum over every box would put it."""

    def __init__(self, geo: _Geo):
        per_track = _MARKS.setdefault(geo.track, {})
        key = (geo.x, geo.y, geo.s)
        marks = per_track.get(key)
        if marks is None:
            if len(per_track) > 64:
                per_track.clear()
            marks = per_track[key] = _Grid(geo.s, _label_boxes(geo))
        self.marks = marks
        self.added = _Grid(geo.s, start=len(marks.boxes))

    def append(self, b: Box) -> None:
        self.added.append(b)

    def overlap(self, a: Box) -> float:
        total: float = 0
        for grid in (self.marks, self.added):
            near = grid.near(a)
            if near:
                boxes, start = grid.boxes, grid.start
                for k in sorted(near):
                    total += _area(a, boxes[k - start])
        return total


def _flag_corner(geo: _Geo, name: str, w: float, h: float, taken: _Taken) -> tuple[float, float]:
    """The corner of square ``name`` where a go flag (w × h, centred on the
    corner) covers no square's mark, no car and no other flag: top right
    first, then the others; failing that, the corner it overlaps least."""
    x, y = geo.corner(name)
    s = geo.s
    corners = [(x + s, y), (x, y), (x + s, y + s), (x, y + s),
               (x + s / 2, y), (x + s, y + s / 2), (x + s / 2, y + s), (x, y + s / 2)]
    # then the middle of a neighbouring cell that is not track (no mark there)
    sq = geo.track.squares[name]
    on = _cells_on(geo.track)
    for dx, dy in ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
        cell = (sq.x + dx, sq.y + dy)
        if cell not in on:
            cx, cy = geo.cell_xy(*cell)
            corners.append((cx + s / 2, cy + s / 2))
    best, best_key = corners[0], None
    for cx, cy in corners:
        o = taken.overlap((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        if o == 0:
            return cx, cy            # the first corner that overlaps nothing
        if best_key is None or o < best_key:
            best, best_key = (cx, cy), o
    return best


_ON: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _cells_on(track) -> frozenset:
    """The grid cells of a track's squares."""
    on = _ON.get(track)
    if on is None:
        on = _ON[track] = frozenset((q.x, q.y) for q in track.squares.values())
    return on
