"""Super Race pictures: a car's route drawn on its track (one stroke per
square in its die's colour, the go numbers on flags that never cover a
square's mark), and the checkpoint lines.
"""
from __future__ import annotations

from ..core.palette import SEAT_COLOURS, SEAT_INK
from ..core.svg import (
    El,
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
