"""Super Race pictures: the colours, sizes and geometry every part of the
picture shares (where a square is, how a route's stroke bends, where an
arrow points).
"""
from __future__ import annotations

from ..core.palette import BASE_CSS, BOARD_WIDTH, ink
from ..core.svg import (
    El,
)
from .track import BACK, HEADINGS, LEFT, RIGHT

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



def _mark(x: float, y: float, content: str, size: float, colour: str) -> El:
    """A bold centred mark in a square (its size and colour inline: they
    win over the picture's CSS)."""
    return El("text", text=content, x=x, y=y, text_anchor="middle", font_weight="bold",
              style=f"fill:{colour};font-size:{_n(size)}px")
