"""Colours and type sizes shared by every view.

Seat colours are the Okabe–Ito palette (safe for the common colour-vision
deficiencies); every coloured mark also carries a letter or number, so
colour is never the only cue. Text on a coloured fill takes the ink of
:func:`ink` (black or white, whichever contrasts more: always at least
4.58:1, above WCAG's 4.5:1 for normal text).

Type sizes are in user units of a board drawn :data:`BOARD_WIDTH` units
wide, which is about what a board gets at 1280×720 in JupyterLab with the
sidebar closed: 1 unit ≈ 1 px there, and no text is below 14 px.
"""
from __future__ import annotations

from functools import lru_cache

#: Width of a board's viewBox: the picture is designed for this many pixels.
BOARD_WIDTH = 1180
#: The smallest type on a board, in user units (≈ px at BOARD_WIDTH).
MIN_FONT = 14

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00")

_NAMED = {"white": "#ffffff", "black": "#000000", "none": "", "transparent": ""}


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rgb``, ``#rrggbb``, ``white`` or ``black`` as (r, g, b) in 0..1."""
    c = _NAMED.get(colour.strip().lower(), colour.strip())
    h = c.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    if not c.startswith("#") or len(h) != 6:
        raise ValueError(f"not a colour: {colour!r}")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``colour``."""
    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb(colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 … 21)."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


@lru_cache(maxsize=256)
def ink(fill: str) -> str:
    """The text colour for ``fill``: black or white, whichever contrasts more
    (worked out once per colour: a board asks for it on every card)."""
    return "#000" if contrast(fill, "#000") >= contrast(fill, "#fff") else "#fff"


#: The ink of a seat's digit on its colour (black, white on the dark blue).
SEAT_INK = tuple(ink(c) for c in SEAT_COLOURS)

#: What a step changed (a moved slime, a square): yellow inside black, seen
#: on every fill and by every eye.
CHANGED_OUTER, CHANGED_INNER = "#000", "#ffd400"

#: What a click has selected, said on a board (dark blue: red is kept for refusals).
SELECTION_INK = "#0b4f8a"

BASE_CSS = """
.boardkit { font-family: 'DejaVu Sans', Verdana, sans-serif; }
.boardkit text { dominant-baseline: middle; font-size: 16px; }
.boardkit .title { font-size: 20px; font-weight: bold; fill: #111; }
.boardkit .label { font-size: 16px; fill: #222; }
.boardkit .small { font-size: 14px; fill: #333; }
.boardkit .heading { font-size: 16px; font-weight: bold; fill: #111; }
.boardkit .target.legal { cursor: pointer; }
.boardkit .target.legal .hl, .boardkit .shown .hl { stroke: #111; stroke-width: 3; stroke-dasharray: 6 3; }
.boardkit .target:not(.legal) { cursor: not-allowed; }
.boardkit .changed-outer { fill: none; stroke: #000; stroke-width: 7; }
.boardkit .changed-inner { fill: none; stroke: #ffd400; stroke-width: 3.5; }
"""
