"""Print-ready sheets of the games' boards, tracks, cards and tiles.

    python -m boardkit.printables --out printables/               # A4 and Letter
    python -m boardkit.printables --out printables/ --paper a4
    python -m boardkit.printables --out printables/ --track my_track.txt   # a Super Race track of your own
    python -m boardkit.printables --out printables/ --pdf         # also one PDF per paper (needs Chromium)

Every sheet is an SVG whose size is the paper's, in millimetres: printed at
100 % ("actual size"), it comes out as designed. What is drawn on a sheet is
the game's own board picture (the view code the notebooks and the clickable
board use), placed on the paper and cut to the part worth printing — no
rule is drawn a second time here. Every mark that colour tells apart on
screen also carries a letter, a number or a pattern, so a black-and-white
print loses nothing: Super Race squares R / Y / B and +1, a chequered line,
dashed checkpoints numbered in order, four dots for an oil slick; Slime
Race slimes by letter and cards by name; Slime Culture Center tiles by
letter with their Japanese names; Slip Stream spaces and circles by shape.

The sheets (``<paper>/`` under ``--out``):

* ``super_race_<track>.svg`` — each built-in track (Indianapolis, Monza) as
  the wipe-clean board, landscape; ``--track FILE`` adds one of your own
  (a file the game refuses is refused here, with the game's rule id);
* ``slime_race_board.svg`` — the race track, the odds table, the score
  track and the coins; ``slime_race_cards_1.svg``, ``…_2.svg`` — the 60
  cards to cut out;
* ``slime_culture_center_board.svg`` — the 8 × 8 board (ゲーム盤), the
  stock, and the Japanese terms of the rulebook with their English names;
* ``slip_stream_tiles_1.svg``, ``…_2.svg`` — the start tile, the seven
  course tiles in order and the goal, to cut apart;
  ``slip_stream_score_tiles_1.svg``, ``…_2.svg`` — the six score tiles.
"""
from __future__ import annotations

import argparse
import math
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.svg import escape, slim, svg_document, text

#: Paper sizes (width, height) in millimetres, portrait.
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 10.0           # mm, all round (inside any printer's unprintable edge)
TITLE_MM, NOTE_MM, FOOT_MM = 6.0, 3.5, 3.0
#: No text on a sheet is smaller than this (mm, the size of its em: 7 pt).
MIN_TEXT_MM = 2.45


@dataclass
class Block:
    """A part of a game's picture placed on the sheet: ``crop`` is the part
    (x, y, width, height, in the picture's units); ``box`` where it may go
    (x, y, width, height as fractions of the sheet's body)."""

    picture: str
    crop: tuple[float, float, float, float]
    box: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)


@dataclass
class Sheet:
    name: str
    title: str
    notes: list[str]
    blocks: list[Block]
    landscape: bool = True
    #: lines of text of the sheet's own: (x, y as fractions of the body, text, size in mm, bold)
    extra: list[tuple[float, float, str, float, bool]] = field(default_factory=list)


def _size(svg: str) -> tuple[float, float]:
    m = re.match(r'<svg\b[^>]*\bwidth="([\d.]+)" height="([\d.]+)"', svg)
    if m is None:
        raise ValueError("not a boardkit picture")
    return float(m.group(1)), float(m.group(2))


def _nest(svg: str, crop: tuple[float, float, float, float], x: float, y: float, w: float,
          h: float) -> str:
    """The picture as a nested ``<svg>`` showing ``crop`` in the sheet's
    rectangle (x, y, w, h in mm)."""
    svg = slim(svg)
    start = re.match(r"<svg\b[^>]*>", svg)
    assert start is not None
    tag = start.group(0)
    tag = re.sub(r' (?:width|height|viewBox|xmlns)="[^"]*"', "", tag)
    cx, cy, cw, ch = crop
    tag = tag.replace("<svg", f'<svg x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{h:.2f}" '
                              f'viewBox="{cx:g} {cy:g} {cw:g} {ch:g}" '
                              f'preserveAspectRatio="xMidYMin meet" overflow="hidden"', 1)
    return tag + svg[start.end():]


def page(sheet: Sheet, paper: str) -> str:
    """The sheet as an SVG document the paper's size (in mm)."""
    pw, ph = PAPERS[paper]
    if sheet.landscape:
        pw, ph = ph, pw
    parts: list[str] = []
    y = MARGIN + TITLE_MM
    parts.append(str(text(MARGIN, y, sheet.title, font_size=TITLE_MM, font_weight="bold", fill="#000")))
    y += 1.5
    for note in sheet.notes:
        y += NOTE_MM * 1.35
        parts.append(str(text(MARGIN, y, note, font_size=NOTE_MM, fill="#000")))
    body_x, body_y = MARGIN, y + 3
    body_w, body_h = pw - 2 * MARGIN, ph - MARGIN - FOOT_MM * 2 - body_y
    for block in sheet.blocks:
        fx, fy, fw, fh = block.box
        bx, by, bw, bh = body_x + fx * body_w, body_y + fy * body_h, fw * body_w, fh * body_h
        cw, ch = block.crop[2], block.crop[3]
        scale = min(bw / cw, bh / ch)
        w, h = cw * scale, ch * scale
        parts.append(_nest(block.picture, block.crop, bx + (bw - w) / 2, by, w, h))
    for fx, fy, words, size, bold in sheet.extra:
        parts.append(str(text(round(body_x + fx * body_w, 2), round(body_y + fy * body_h, 2), words,
                              font_size=size, font_weight="bold" if bold else None, fill="#000")))
    foot = (f"boardkit · {sheet.title} · {paper.upper() if paper == 'a4' else 'US Letter'} "
            f"{'landscape' if sheet.landscape else 'portrait'} · print at 100 % (actual size), "
            f"black and white is enough")
    parts.append(str(text(MARGIN, ph - MARGIN, foot, font_size=FOOT_MM, fill="#333")))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{pw:g}mm" height="{ph:g}mm" '
            f'viewBox="0 0 {pw:g} {ph:g}" role="img" aria-label="{escape(sheet.title)}" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<rect x="0" y="0" width="{pw:g}" height="{ph:g}" fill="#fff"/>'
            + "".join(parts) + "</svg>")


# ------------------------------------------------------------- Super Race
def super_race_sheet(track: str = "indianapolis", oil: list[str] | None = None) -> Sheet:
    """A track as the wipe-clean board: one car's board as the game draws
    it, with its key. ``track`` is a built-in track's name or a track
    file (refused with the game's rule id when the game refuses it)."""
    from .super_race import SuperRace
    from .super_race.view import _board, _legend
    from .super_race.view_geometry import BIG_CELL, CSS, PAD, _Geo

    options: dict[str, Any] = {"oil": oil} if oil else {}
    game = SuperRace(players=1, track=track, **options)
    t = game.rules.track
    state = game.state
    geo = _Geo(t, PAD, 0, BIG_CELL)
    board = _board(game, state, 0, geo, None, "", False, set(), geo.width)
    legend, bottom = _legend(state, geo.height + 8)
    # the key is laid out for the view's full width
    from .super_race.view_geometry import W
    width = W
    picture = svg_document(int(width), int(math.ceil(bottom + 4)), board, legend, css=CSS,
                           label=f"Super Race track {t.name}")
    # the line above the board (whose car, which turn) lies above y = 0: a
    # blank board starts at the board
    crop = (0.0, 0.0, float(width), bottom + 4)
    notes = ["A wipe-clean board: draw each go's route with a pen, one line per die, "
             "and write the go's number at its end.",
             f"Drive {'clockwise' if state['options']['clockwise'] else 'anticlockwise'} from the "
             f"chequered start/finish line through the numbered checkpoints, in order."
             + (f" A fast lap: {t.fast_lap} goes." if t.fast_lap else "")]
    return Sheet(f"super_race_{_slug(t.name)}", f"Super Race — {t.name}", notes,
                 [Block(picture, crop)])


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "track"


# ------------------------------------------------------------- Slime Race
def slime_race_sheets() -> list[Sheet]:
    from .core.svg import TITLE_LINE
    from .core.view import View
    from .slime_race import SlimeRace
    from .slime_race.view import CARD_H, CARD_W, CSS, LANE_H, W, _card

    game = SlimeRace(players=4, seed=0)
    picture = game.render(View(state=game.state, hide_hands=True, caption="board"))
    top = 12 + TITLE_LINE
    y1 = top + 20 + 5 * LANE_H + 24          # as the view lays it out: odds table and scores
    hand = y1 + 274                          # the hand starts here: not printed
    board = Sheet("slime_race_board", "Slime Race — the board",
                  ["The race track (70 spaces), the odds table to bet on, and the score track. "
                   "Slimes by letter: R O G B P.",
                   "A bet is on a pair (1-3: Red and Green, either order); ×N is what a coin on it "
                   "pays. Cut out the slimes and coins, or use your own."],
                  [Block(picture, (0, top - 6, W, hand - top + 4))])
    from .core.svg import Targets
    from .slime_race.components import RANKS, card_kind

    def order(card: str) -> tuple:
        kind, name, value = card_kind(card)
        where = game.c.slimes.index(name) if kind == "slime" else RANKS.index(name) if kind == "rank" else 0
        return ("slime", "rank", "dash").index(kind), where, value, card

    cards = sorted(game.c.deck, key=order)
    per_page, columns = 30, 5
    gap = 8
    sheets = []
    for k in range(0, len(cards), per_page):
        chunk = cards[k:k + per_page]
        els = []
        for i, card in enumerate(chunk):
            col, row = i % columns, i // columns
            els.append(_card(game, gap + col * (CARD_W + gap), gap + row * (CARD_H + gap), card,
                             Targets([]), False))
        rows = math.ceil(per_page / columns)
        w, h = gap + columns * (CARD_W + gap), gap + rows * (CARD_H + gap)
        pic = svg_document(int(w), int(h), *els, css=CSS, label="Slime Race cards")
        n = k // per_page + 1
        sheets.append(Sheet(f"slime_race_cards_{n}",
                            f"Slime Race — cards, sheet {n} of {math.ceil(len(cards) / per_page)}",
                            ["Cut along the card edges. Slime cards name their slime; rank cards "
                             "say the place (ビリ = last); DASH 1 and 2."],
                            [Block(pic, (0, 0, w, h))], landscape=False))
    return [board, *sheets]


# ------------------------------------------------------------- Slime Culture Center
#: The rulebook's terms on the board sheet: Japanese, reading aid, English.
SCC_TERMS = (
    ("ゲーム盤", "game board (8 × 8)"),
    ("スライム", "slime: tiles of one colour touching by a side"),
    ("発生", "spawn"), ("成長", "grow"), ("分裂／移動", "split / move"),
    ("癌細胞注入", "inject cancer"), ("権利交換", "exchange a right"),
    ("捕食チェック", "predation check"), ("死滅チェック", "death check"),
    ("癌細胞", "cancer tile"), ("癌細胞群", "cancer group"),
    ("権利カード", "right card"), ("ゲーム終了と精算", "end of the game and settlement"),
    ("赤 青 緑 橙 紫 茶", "red blue green orange purple brown"),
)


def slime_culture_center_sheet() -> Sheet:
    from .core.svg import TITLE_LINE
    from .core.view import View
    from .slime_culture_center import SlimeCultureCenter
    from .slime_culture_center.view import BX, RX, S, W

    game = SlimeCultureCenter(players=4, seed=0)
    picture = game.render(View(state=game.state, hide_hands=True, caption="board"))
    by = 12 + TITLE_LINE + 48
    board = Block(picture, (0, by - 30, BX + 8 * S + 12, 8 * S + 34), (0.0, 0.0, 0.55, 1.0))
    stock = Block(picture, (RX - 6, by - 26, W - RX + 6, 6 * 32 + 34), (0.58, 0.0, 0.42, 0.38))
    extra = [(0.58, 0.42, "The rulebook's words", 4.2, True)]
    extra += [(0.58, 0.47 + k * 0.04, f"{ja} — {en}", 3.6, False) for k, (ja, en) in enumerate(SCC_TERMS)]
    return Sheet("slime_culture_center_board", "Slime Culture Center (スライム培養センター) — the board",
                 ["Squares a–h from the left, 1–8 from the top (c4). Tiles by letter: R B G O P N; "
                  "a cancer tile is marked 癌 with its owner's number."],
                 [board, stock], extra=extra)


# ------------------------------------------------------------- Slip Stream
def slip_stream_sheets() -> list[Sheet]:
    from .core.svg import TITLE_LINE
    from .core.view import View
    from .slip_stream import SlipStream
    from .slip_stream.view import W

    game = SlipStream(seed=0, course=[1, 2, 3, 4, 5, 6, 7])
    picture = game.render(View(state=game.state, caption="tiles"))
    top = 12 + TITLE_LINE
    # the course (tiles, row numbers, wheel tokens) lies above the key; cut
    # it between course tiles 3 and 4, where the view drew them
    tiles = [(float(x), float(w)) for x, w in re.findall(
        r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*class="ss-tile course"', picture)]
    cut = (sum(tiles[2]) + tiles[3][0]) / 2 if len(tiles) == 7 else W / 2
    course_h = 452 - top
    notes = ["Cut the tiles apart and lay them start, 1, 2 … 7, goal, from left to right. "
             "Ovals are spaces (a machine stops there); small circles are skipped over.",
             "Red dotted lines with ✕ are prohibition lines. The wheel token under each "
             "tile shows its points."]
    sheets = [Sheet("slip_stream_tiles_1", "Slip Stream — start tile and course tiles 1–3", notes,
                    [Block(picture, (0, top, cut, course_h))]),
              Sheet("slip_stream_tiles_2", "Slip Stream — course tiles 4–7 and the goal", notes,
                    [Block(picture, (cut, top, W - cut, course_h))])]
    scores = []
    for n in range(1, 7):
        g = SlipStream(seed=0, course=[1, 2, 3, 4, 5, 6, 7], score_tile=n)
        scores.append(g.render(View(state=g.state, caption="score")))
    for part in (0, 1):
        blocks = [Block(pic, (0, 482, 770, 181), (0.0, k / 3, 1.0, 1 / 3 - 0.02))
                  for k, pic in enumerate(scores[3 * part:3 * part + 3])]
        sheets.append(Sheet(f"slip_stream_score_tiles_{part + 1}",
                            f"Slip Stream — score tiles {3 * part + 1}–{3 * part + 3}",
                            ["Play with one score tile. ● turbo, ✹ crash, ◎ the goal on the score "
                             "track; the circles at the bottom: the wheel tokens' points, tile by tile."],
                            blocks))
    return sheets


# ------------------------------------------------------------- all
def sheets(tracks: list[str] | None = None, oil: list[str] | None = None) -> list[Sheet]:
    out = [super_race_sheet(t, oil) for t in (tracks or ["indianapolis", "monza"])]
    out += slime_race_sheets()
    out.append(slime_culture_center_sheet())
    out += slip_stream_sheets()
    return out


def build(out: Path, papers: list[str], tracks: list[str] | None = None,
          oil: list[str] | None = None, pdf: bool = False) -> list[Path]:
    made: list[Path] = []
    all_sheets = sheets(tracks, oil)
    for paper in papers:
        folder = out / paper
        folder.mkdir(parents=True, exist_ok=True)
        for sheet in all_sheets:
            path = folder / f"{sheet.name}.svg"
            path.write_text(page(sheet, paper), encoding="utf-8")
            made.append(path)
        if pdf:
            made.append(_pdf(folder, [folder / f"{s.name}.svg" for s in all_sheets], paper))
    return made


def _pdf(folder: Path, files: list[Path], paper: str) -> Path:
    """All the sheets of one paper in one PDF, printed by Chromium (optional:
    needs playwright and a Chromium)."""
    from playwright.sync_api import sync_playwright

    target = folder / f"boardkit_printables_{paper}.pdf"
    pages = []
    for f in files:
        m = re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', f.read_text(encoding="utf-8"))
        assert m is not None
        pages.append((f.name, m.group(1), m.group(2)))
    styles = "".join(f"@page p{k} {{ size: {w}mm {h}mm; margin: 0 }} .p{k} {{ page: p{k} }}"
                     for k, (_, w, h) in enumerate(pages))
    body = "".join(f'<div class="p{k}" style="break-after:page"><img src="{name}" '
                   f'style="display:block;width:{w}mm;height:{h}mm"></div>'
                   for k, (name, w, h) in enumerate(pages))
    html = folder / "_print.html"
    html.write_text(f"<html><head><style>body{{margin:0}}{styles}</style></head><body>{body}</body></html>",
                    encoding="utf-8")
    try:
        with sync_playwright() as p:
            # the system's Chromium when there is one, else playwright's own
            found = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = p.chromium.launch(executable_path=found)
            tab = browser.new_page()
            tab.goto(html.resolve().as_uri())
            tab.wait_for_load_state("networkidle")
            tab.pdf(path=str(target), prefer_css_page_size=True, print_background=True)
            browser.close()
    finally:
        html.unlink()
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m boardkit.printables",
                                     description="Build the print-ready sheets of every game.")
    parser.add_argument("--out", type=Path, default=Path("printables"), help="folder to write into")
    parser.add_argument("--paper", choices=[*PAPERS, "both"], default="both")
    parser.add_argument("--track", action="append", default=[],
                        help="a Super Race track file of your own (may be given more than once)")
    parser.add_argument("--oil", default="", help="Super Race oil slicks, e.g. h12,k5 (SU-R9)")
    parser.add_argument("--pdf", action="store_true", help="also one PDF per paper (needs Chromium)")
    args = parser.parse_args(argv)
    from .core.errors import BoardkitError

    oil = [s.strip() for s in args.oil.split(",") if s.strip()] or None
    tracks = ["indianapolis", "monza", *args.track]
    try:
        for t in args.track:
            super_race_sheet(t)
        made = build(args.out, list(PAPERS) if args.paper == "both" else [args.paper], tracks, oil,
                     args.pdf)
    except BoardkitError as err:
        print(refusal(err), file=sys.stderr)
        return 2
    for path in made:
        print(path)
    return 0


def refusal(err: Exception) -> str:
    """A refused track file (or option) in one sentence, with the rule's id."""
    rule = getattr(err, "rule", None)
    said = " ".join(str(err).split())
    return f"refused ({rule}): {said}" if rule else f"refused: {said}"


if __name__ == "__main__":
    sys.exit(main())
