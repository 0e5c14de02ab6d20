"""Colours shared by every view. Seat colours are the Okabe–Ito palette
(safe for the common colour-vision deficiencies); every coloured mark also
carries a letter or number, so colour is never the only cue."""

SEAT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00")

BASE_CSS = """
.boardkit { font-family: 'DejaVu Sans', Verdana, sans-serif; }
.boardkit text { dominant-baseline: middle; }
.boardkit .title { font-size: 15px; font-weight: bold; fill: #222; }
.boardkit .label { font-size: 11px; fill: #333; }
.boardkit .small { font-size: 9px; fill: #444; }
.boardkit .target.legal { cursor: pointer; }
.boardkit .target.legal .hl { stroke: #111; stroke-width: 2.5; stroke-dasharray: 5 2; }
.boardkit .target:not(.legal) { cursor: not-allowed; }
.boardkit .muted { opacity: 0.45; }
"""
