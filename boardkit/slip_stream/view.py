"""Slip Stream board as SVG: the course left to right (start tile, the 7
course tiles in course order, goal tile), the wheel tokens under their
tiles, and below it the score tile and the players.

Forward is to the right, so lane a (on the left looking forward) is the top
row and lane g the bottom one; the start spaces s1 … s8 sit between the
lanes, s1 at the top.

Click flow (each click is one word of the action):

* a move: an outlined machine of the player to move (``data-act="move
  12c"``), then one of its highlighted destinations (``data-act="14d"``,
  the space where the whole move ends, after circle skipping and
  slipstream). While machines move (the first move and the race), every
  space carries its name, so a click on a space the move cannot end on is
  answered with the rule, and one before a machine is chosen with what a
  move takes; the spaces are drawn the same all that time, so a click
  redraws only the small groups of what changed.
* a turbo move: the same with ``turbo`` (``turbo 12c``, then ``13c``).
* the pie rule's colour choice: the buttons "Play red" / "Play blue"
  (``data-act="colour red"`` …).
"""
from __future__ import annotations

import math
import re
import weakref
from typing import Protocol

from ..core.palette import BASE_CSS, BOARD_WIDTH, SELECTION_INK, ink
from ..core.svg import (
    El,
    Raw,
    Targets,
    as_picture,
    changed_mark,
    header,
    svg_document,
    text,
    text_width,
    title,
    wrap,
)
from ..core.view import Position
from .rules import COLOURS, SlipStreamRules, other
from .tiles import CIRCLE, GOAL, GOAL_POINTS, LANE_LETTERS, LANES, START_SPACES, parse_place, place_name


class Shown(Protocol):
    """What this view reads of the session (:class:`~boardkit.slip_stream.game.SlipStream`: its view
    imports no session, so the session can import it)."""

    @property
    def rules(self) -> SlipStreamRules: ...

    @property
    def state(self) -> dict: ...

    def seat_name(self, seat: int) -> str: ...


#: Machine colours: a light red under a black letter, a dark blue under a
#: white one, so the two also differ in grey-scale and for colour-blind eyes.
FILL = {"red": "#ef5a45", "blue": "#1f3a93"}
INK = {c: ink(f) for c, f in FILL.items()}
LETTER = {"red": "R", "blue": "B"}
BAN = "#a50000"          # prohibition lines
def _compact(css: str) -> str:
    """``css`` without the spaces and line breaks it reads well with (every
    board carries its style sheet)."""
    css = re.sub(r"\s*([{};,])\s*", r"\1", css.strip())
    return re.sub(r":\s+", ":", css).replace(";}", "}")


CSS = BASE_CSS + """
.boardkit .ss-names text { font-size: 14px; fill: #333; text-anchor: middle; }
.ss-tile-group text { text-anchor: middle; }
.ss-tile { fill: #dedbd2; stroke: #8d887a; }
.ss-tile.start { fill: #d0d4da; }
.ss-tile.goal { fill: #fff1b8; stroke: #b08d00; }
.ss-slot { fill: #fff; stroke: #5a5a5a; stroke-width: 1.5; }
.ss-goal { fill: #fff; stroke: #222; stroke-width: 2; }
.ss-goal-line { stroke: #222; stroke-width: 1.5; stroke-dasharray: 3 3; }
.ss-space[data-act] { cursor: not-allowed; }
.ss-space .hit { fill: #fff; fill-opacity: 0; }
.ss-dests rect.back { fill: #ffd84d; stroke: #7a5c00; stroke-width: 2; }
.ss-machine text { font-size: 14px; font-weight: bold; }
.ss-machine.selected rect.ring { fill: none; stroke: #d00; stroke-width: 4; }
.ss-trail polyline.casing { fill: none; stroke: #fff; stroke-width: 7; }
.ss-trail polyline.step { fill: none; stroke: #111; stroke-width: 3; }
.ss-trail polyline.slip { fill: none; stroke: #111; stroke-width: 3; stroke-dasharray: 7 5; }
.ss-ban line { stroke: #a50000; stroke-width: 2.5; }
.ss-ban line.dots { stroke-dasharray: 2 3; }
.ss-wheel text { font-weight: bold; }
.ss-wheel text.pts { text-anchor: middle; }
.ss-wheel circle.open { fill: #fff; stroke: #111; stroke-width: 3; stroke-dasharray: 4 2; }
.ss-track circle.mark { fill: #fff; stroke: #444; stroke-width: 1.5; }
.ss-track .turbo circle.mark { fill: #222; stroke: #222; }
.ss-track .crash circle.mark { fill: #b00000; stroke: #b00000; }
.ss-track .crash polygon { fill: #b00000; }
.ss-track .home circle.mark { stroke: #111; stroke-width: 2.5; }
.ss-track text { font-size: 14px; }
.ss-mark text { fill: #111; text-anchor: middle; }
.ss-mark.turbo text, .ss-mark.crash text { fill: #fff; }
.ss-button rect { stroke: #111; stroke-width: 2; }
.ss-button text { font-size: 20px; font-weight: bold; }
.ss-player rect.row { fill: #fff3b0; }
.ss-car { stroke: #111; stroke-width: 1.5; }
.ss-letter { text-anchor: middle; }
.ss-car.none { fill: #9a9a9a; }
.ss-letter.none { fill: #000; }
"""
# a machine's body and letter in its colour (a colour not chosen yet: grey, "?")
CSS = _compact(CSS + "".join(f".ss-car.{c} {{ fill: {FILL[c]}; }}\n.ss-letter.{c} {{ fill: {INK[c]}; }}\n"
                             for c in FILL))

W = BOARD_WIDTH          # 1180: 1 unit ≈ 1 px at 1280×720
LX = 30                  # the course's left edge (lane letters left of it)
GAP = 6                  # between two tiles
LP = 34                  # lane pitch
MIN_CP = 24              # the narrowest column (a row of the course)
RX = 800                 # the right-hand column under the course: players, decisions


class _Course:
    """Where everything of a laid-out course is drawn."""

    def __init__(self, lay, y0: float):
        self.lay = lay
        self.y0 = y0
        self.cols = lay.goal_row + 1
        room = W - LX - 8 - 8 * GAP
        self.cp = max(MIN_CP, min(30.0, room / self.cols))
        self.width = max(W, int(LX + 8 + 8 * GAP + self.cp * self.cols + 0.999))

    def tile_index(self, row: int) -> int:
        if row <= 1:
            return 0
        if row == self.lay.goal_row:
            return 8
        return self.lay.tile_of_row[row]

    def left(self, row: int) -> float:
        return LX + row * self.cp + GAP * self.tile_index(row)

    def cx(self, row: int) -> float:
        return self.left(row) + self.cp / 2

    def cy(self, place: tuple[int, int]) -> float:
        row, lane = place
        return self.y0 + ((lane - 1) if row == 0 else (lane - 0.5)) * LP

    def xy(self, name: str) -> tuple[float, float]:
        p = parse_place(name)
        assert p is not None
        return self.cx(p[0]), self.cy(p)

    @property
    def bottom(self) -> float:
        return self.y0 + LANES * LP

    def tiles(self) -> list[tuple[str, int, int]]:
        """(kind, first row, last row) of each tile, start to goal."""
        lay = self.lay
        out = [("start", 0, 1)]
        first = 2
        for last in lay.last_row:
            out.append(("course", first, last))
            first = last + 1
        out.append(("goal", lay.goal_row, lay.goal_row))
        return out


def render(game: Shown, pos: Position) -> str:
    rules, view, state = game.rules, pos.view, pos.state
    t = pos.targets
    clickable = bool(pos.legal)
    lay = rules.layout(state)
    head = view.caption or rules.situation(state)
    changed = set(view.changed)

    # a machine chosen by the first click ("move 12c" / "turbo 12c")
    words = t.pending.split()
    selected, dests = None, {}
    if clickable and len(words) == 2 and words[0] in ("move", "turbo") and t.is_legal(""):
        selected = words[1]
        if words[0] == "move":
            found = rules.destinations(state, selected)
        else:
            found = {d: [selected, d] for d in rules.turbo_destinations(state, selected)}
        dests = {d: trail for d, trail in found.items() if t.is_legal(d)}

    parts, top = header(f"Slip Stream — {head}")
    instruction = _instruction(game, state, clickable, selected, words[0] if selected else "")
    if view.picture:       # (a picture: what is selected, said without "click")
        instruction = "" if not selected else (
            f"The machine on {selected} and the spaces where its "
            f"{'turbo step' if words[0] == 'turbo' else 'move'} can end (outlined; dashed: slipstream)")
    if instruction:
        parts.append(text(12, top + 10, instruction, class_="label selection" if selected else "label",
                          font_weight="bold", fill=SELECTION_INK if selected else "#111"))
    geo = _Course(lay, top + 86)
    parts.append(_tiles(game, state, geo))
    parts.append(_dests(geo, dests))
    parts.append(_spaces(geo, state["phase"] in ("pie", "play")))
    parts.append(_changed_spaces(geo, changed))
    parts.append(_lines(geo, dests, selected))
    parts.append(_targets(geo, t, dests))
    parts.append(_machines(rules, state, geo, t, clickable, selected, changed))
    parts.append(_wheels(game, state, geo))
    y = geo.bottom + 104
    parts.append(_legend(geo, y))
    y += 24
    track, bottom = _score_tile(game, state, y)
    parts.append(track)
    panel, right_bottom = _panel(game, state, t, clickable, y)
    parts.append(panel)
    height = int(max(bottom, right_bottom) + 12)
    doc = svg_document(geo.width, height, *parts, css=CSS, label=f"Slip Stream board: {head}")
    return as_picture(doc) if view.picture else doc


# ----------------------------------------------------------------- words
def _instruction(game, state: dict, clickable: bool, selected: str | None, word: str) -> str:
    """What to do now, in one line (the board widget's hint says it too)."""
    if not clickable:
        return ""
    phase = state["phase"]
    if selected:
        if word == "turbo":
            return (f"Selected the machine on {selected}: click a highlighted space one step "
                    f"ahead for the turbo move")
        return (f"Selected the machine on {selected}: click a highlighted space to end the move "
                f"there (dashed: slipstream)")
    if phase == "pie":
        return ("First move (pie rule): click any outlined machine, red or blue, then one of "
                "its highlighted destinations")
    if phase == "colour":
        return "Choose your colour with one of the two buttons below (pie rule)"
    colour = state["colours"][game.rules.current(state)]
    if state["turbo"] is not None:
        return (f"Turbo (●): {colour} moves one machine one space — click it, then the space "
                f"ahead")
    return f"{colour.capitalize()} to move: click one of your outlined machines, then a highlighted space"


# ------------------------------------------------------------------ course
def _tiles(game, state: dict, geo: _Course) -> El:
    lay = geo.lay
    g = El("g", class_="ss-tiles")
    # the lane letters and the row numbers name the spaces (e.g. 12c); their
    # look is the group's (class ss-names)
    names = El("g", class_="ss-names")
    for i, letter in enumerate(LANE_LETTERS[:LANES]):
        names.add(text(LX / 2, geo.y0 + (i + 0.5) * LP, letter))
    g.add(names)
    for kind, first, last in geo.tiles():
        x0, x1 = geo.left(first), geo.left(last) + geo.cp
        if kind == "start":
            y0, y1 = geo.y0 - LP / 2 - 6, geo.bottom + LP / 2 + 6
        else:
            y0, y1 = geo.y0 - 4, geo.bottom + 4
        tile = El("g", class_=f"ss-tile-group {kind}")
        rect = El("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, rx=4, class_=f"ss-tile {kind}")
        tile.add(rect)
        mid = (x0 + x1) / 2
        if kind == "course":
            k = lay.tile_of_row[first]
            number = lay.order[k - 1]
            name = game.rules.tiles.course[number].name
            tile.set(data_tile=number, data_position=k)
            tile.add(title(f"course tile {number} ({name}), course position {k}"))
            tile.add(text(mid, geo.y0 - 50, f"tile {number}", class_="heading"))
            tile.add(text(mid, geo.y0 - 32, _fit(name, x1 - x0 + GAP - 2, 14), class_="small"))
        else:
            label = "start" if kind == "start" else "goal"
            tile.add(text(mid, geo.y0 - 50, label, class_="heading"))
        g.add(tile)
    names = El("g", class_="ss-names")
    for row in range(geo.cols):
        names.add(text(geo.cx(row), geo.bottom + 36, "s" if row == 0 else str(row)))
    g.add(names)
    if state["course"] is None:
        g.add(text(LX, geo.y0 - 76, "The course order is not drawn yet (shown in tile order 1–7)",
                   class_="small"))
    return g


def _fit(content: str, width: float, size: float) -> str:
    if text_width(content, size) <= width:
        return content
    while content and text_width(content + "…", size) > width:
        content = content[:-1]
    return content.rstrip() + "…"


def _space_title(lay, name: str) -> str:
    p = parse_place(name)
    assert p is not None
    kind = lay.kind(p)
    what = {"start": "start space", CIRCLE: "circular space (skipped over)",
            GOAL: "goal space"}.get(kind, "elongated space")
    where = "" if p[0] in (0, 1, lay.goal_row) else f", {lay.tile_label(p[0])}"
    return f"{name}: {what}{where}"


#: The spaces as drawn, per course (and per height of the title above it):
#: they do not change while the machines move.
#: What does change (the destinations, the spaces a step changed) is drawn
#: in small groups of its own over and under them, so a click redraws those
#: and not the few hundred spaces.
_DRAWN_SPACES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _names(lay) -> list[str]:
    names = [place_name((0, i)) for i in range(1, START_SPACES + 1)]
    return names + [place_name((r, lane)) for r in range(1, lay.goal_row + 1) for lane in range(1, LANES + 1)]


def _spaces(geo: _Course, moving: bool) -> El:
    """Every space of the course: its slot and its name (a title). While
    the machines move, a click on a space says its name (``data-act``): a
    legal destination of the selected machine is drawn over it (see
    :func:`_targets`), any other is answered with the rule that says why
    not."""
    drawn = _DRAWN_SPACES.setdefault(geo.lay, {})
    key = (geo.y0, moving)
    if key not in drawn:
        if len(drawn) > 20:
            drawn.clear()
        drawn[key] = Raw(str(_slots(geo)) + "".join(str(_space(geo, name, moving))
                                                    for name in _names(geo.lay)))
    return El("g", drawn[key], class_="ss-spaces")


#: one letter per kind of space in the ids of the shapes the slots reuse
_KIND_LETTER = {"start": "s", CIRCLE: "o", GOAL: "g"}


def _slots(geo: _Course) -> El:
    """The slots of every space, drawn once for the whole course: the shape
    of each kind of space is defined once (``<defs>``), then each column of
    the course (a row of spaces, lane a to g) is a ``<use>`` of the column
    of shapes it has; the courses repeat a few columns many times. The ids
    name what they draw (the slot's width, the kinds lane by lane, the lane
    pitch): two boards on one page that share an id draw the same shape."""
    lay = geo.lay
    sw = min(22.0, geo.cp - 6)
    w = f"{sw:.2f}".rstrip("0").rstrip(".").replace(".", "_")
    shapes = {
        "e": El("rect", x=-sw / 2, y=-7, width=sw, height=14, rx=7, class_="ss-slot"),
        "o": El("circle", r=6, class_="ss-slot"),
        "g": El("g", El("rect", x=-sw / 2, y=-9, width=sw, height=18, rx=3, class_="ss-goal"),
                El("line", x1=-sw / 2 + 4, y1=0, x2=sw / 2 - 4, y2=0, class_="ss-goal-line")),
    }
    shapes["s"] = shapes["e"]
    defs = El("defs")
    made: set[str] = set()
    layer = El("g", class_="ss-slots")
    for row in range(lay.goal_row + 1):
        places = [(0, i) for i in range(1, START_SPACES + 1)] if row == 0 else \
            [(row, lane) for lane in range(1, LANES + 1)]
        kinds = "".join(_KIND_LETTER.get(lay.kind(p), "e") for p in places)
        col = f"ss{w}-{kinds}"
        if col not in made:
            for k in set(kinds):
                shape = f"ss{w}-{k if k != 's' else 'e'}"
                if shape not in made:
                    made.add(shape)
                    defs.add(El(shapes[k].tag, *shapes[k].children, id=shape, **_attrs(shapes[k])))
            made.add(col)
            column = El("g", id=col)
            for p, k in zip(places, kinds):
                column.add(El("use", href=f"#ss{w}-{k if k != 's' else 'e'}",
                              y=geo.cy(p) - geo.y0))
            defs.add(column)
        layer.add(El("use", href=f"#{col}", x=geo.cx(row), y=geo.y0))
    return El("g", defs, layer)


def _attrs(el: El) -> dict:
    """``el``'s attributes as keyword arguments of :class:`El`."""
    return {k.replace("-", "_") + ("_" if k == "class" else ""): v for k, v in el.attrs.items()}


def _space(geo: _Course, name: str, moving: bool) -> El:
    """A space's name: its title (and, while machines move, its click word)
    over its whole cell; its slot is drawn by :func:`_slots`."""
    lay = geo.lay
    p = parse_place(name)
    assert p is not None
    y = geo.cy(p)
    cell = El("g", class_=f"ss-space {lay.kind(p)}", data_space=name, data_act=name if moving else None)
    cell.add(title(_space_title(lay, name)))
    # (invisible, yet it catches the pointer: the CSS of .ss-space .hit)
    cell.add(El("rect", x=geo.left(p[0]), y=y - LP / 2, width=geo.cp, height=LP, class_="hit"))
    return cell


def _dests(geo: _Course, dests: dict) -> El:
    """Under the spaces: the spaces where the selected machine's move can
    end, filled yellow."""
    g = El("g", class_="ss-dests")
    for name in sorted(dests):
        x, y = geo.xy(name)
        g.add(El("rect", x=x - geo.cp / 2 + 1, y=y - 13, width=geo.cp - 2, height=26, rx=6,
                 class_="back", data_space=name))
    return g


def _changed_spaces(geo: _Course, changed: set) -> El:
    """Over the spaces: the ones the step shown changed, outlined."""
    g = El("g", class_="ss-changed", pointer_events="none")
    for name in _names(geo.lay):
        if name in changed:
            x, y = geo.xy(name)
            mark = El("g", class_="changed", data_space=name)
            mark.add(title(f"{name}: changed in this step"))
            mark.add(*changed_mark("rect", x=x - geo.cp / 2 + 2, y=y - 15, width=geo.cp - 4, height=30,
                                   rx=6))
            g.add(mark)
    return g


def _targets(geo: _Course, t: Targets, dests: dict) -> El:
    """Over the spaces and the trails, under the machines: the legal
    destinations as click targets (outlined; red when hovered)."""
    g = El("g", class_="ss-targets")
    for name in [n for n in _names(geo.lay) if n in dests]:      # (the keyboard's order: the course's)
        p = parse_place(name)
        assert p is not None
        x, y = geo.cx(p[0]), geo.cy(p)
        el = El("g", class_="ss-target", data_space=name)
        el.add(title(f"{_space_title(geo.lay, name)}: the move ends here"))
        el.add(El("rect", x=geo.left(p[0]), y=y - LP / 2, width=geo.cp, height=LP, fill="#fff",
                  fill_opacity=0, class_="hit"))
        el.add(El("rect", x=x - geo.cp / 2 + 1, y=y - 14, width=geo.cp - 2, height=28, rx=6,
                  fill="none", class_="hl"))
        g.add(t.mark(el, name))
    return g


def _split(lay, trail: list[str]) -> tuple[list[str], list[str]]:
    """A move's trail cut where the machine would stop without slipstream:
    (source … stop, stop … destination). The stop is the first elongated or
    goal space after the step (circle skipping), or the last circle when a
    machine blocked the lane."""
    path = trail[1:]
    k = len(path) - 1
    for i, name in enumerate(path):
        p = parse_place(name)
        if p is not None and lay.kind(p) != CIRCLE:
            k = i
            break
    return trail[:k + 2], trail[k + 1:]


def _lines(geo: _Course, dests: dict, selected: str | None) -> El:
    """Prohibition lines and the trails of a selected machine (they never
    catch a click)."""
    g = El("g", class_="ss-lines", pointer_events="none")
    for row, a, b in sorted(geo.lay.forbidden):
        src, dst = place_name((row, a)), place_name((row + 1, b))
        (x1, y1), (x2, y2) = geo.xy(src), geo.xy(dst)
        ban = El("g", class_="ss-ban", data_from=src, data_to=dst)
        ban.add(title(f"prohibition line: no lane change from {src} to {dst}"))
        ban.add(El("line", x1=x1, y1=y1, x2=x2, y2=y2, class_="dots"))
        for f in (0.36, 0.64):
            mx, my = x1 + f * (x2 - x1), y1 + f * (y2 - y1)
            ban.add(El("line", x1=mx - 4, y1=my - 4, x2=mx + 4, y2=my + 4),
                    El("line", x1=mx - 4, y1=my + 4, x2=mx + 4, y2=my - 4))
        g.add(ban)
    for dest, trail in sorted(dests.items()):
        step, slip = _split(geo.lay, trail)
        tr = El("g", class_="ss-trail", data_from=selected, data_to=dest)
        tr.add(title(f"{selected} → {dest}: " + " → ".join(trail[1:])
                     + (" (slipstream from " + slip[0] + ")" if len(slip) > 1 else "")))
        for part, cls in ((step, "step"), (slip, "slip")):
            if len(part) > 1:
                pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(geo.xy, part))
                tr.add(El("polyline", points=pts, class_="casing"))
                tr.add(El("polyline", points=pts, class_=cls))
        g.add(tr)
    return g


def _n(v: float) -> str:
    """``v`` to one decimal, as short as it goes (``12.0`` → ``12``)."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


def machine_token(x: float, y: float, colour: str | None) -> list[El]:
    """A machine seen from the side, its front to the right: two wheels, a
    body with the colour's letter and a pointed nose."""
    c = colour or "none"          # (its colours: the CSS of ss-car and ss-letter)
    return [El("circle", cx=x - 7, cy=y + 9, r=4.5, fill="#222"),
            El("circle", cx=x + 6, cy=y + 9, r=4.5, fill="#222"),
            El("polygon", points=f"{_n(x + 6)},{_n(y - 9)} {_n(x + 13)},{_n(y)} {_n(x + 6)},{_n(y + 9)}",
               class_=f"ss-car {c}"),
            El("rect", x=x - 12, y=y - 10, width=19, height=19, rx=4, class_=f"ss-car {c} body"),
            text(x - 2.5, y, LETTER.get(c, "?"), class_=f"ss-letter {c}")]


def _machines(rules, state: dict, geo: _Course, t: Targets, clickable: bool, selected: str | None,
              changed: set) -> El:
    lay = geo.lay
    g = El("g", class_="ss-machines")
    movers = _movers(rules, state)
    for colour in COLOURS:
        for name in state["machines"][colour]:
            p = parse_place(name)
            if p is None or not lay.on_course(p):
                continue
            x, y = geo.xy(name)
            m = El("g", class_=f"ss-machine {colour}", data_space=name, data_colour=colour,
                   data_square=name)
            home = p[0] == lay.goal_row
            m.add(title(f"{colour} machine on {name}" + (" (at the goal)" if home else "")
                        + (" — moved here in this step" if name in changed else "")))
            if name in changed:
                m.add(*changed_mark("rect", x=x - 16, y=y - 15, width=33, height=32, rx=7))
            # the machine's whole cell answers for it (a click beside the token
            # must not land on the space under it)
            m.add(El("rect", x=geo.left(p[0]), y=y - LP / 2, width=geo.cp, height=LP, fill="#fff",
                     fill_opacity=0, class_="hit"))
            m.add(*machine_token(x, y, colour))
            if clickable and selected is None and colour in movers and not home:
                t.mark(m, f"{_word(state)} {name}")
            elif clickable and name != selected and colour in movers and not home:
                t.mark(m, f"{_word(state)} {name}", fresh=True)      # another machine: chosen instead
            elif clickable and selected is not None and name != selected:
                t.mark(m, name)
            if "target" in m.attrs.get("class", "").split():     # (its outline: only a target's)
                m.add(El("rect", x=x - 15, y=y - 14, width=31, height=30, rx=6, fill="none", class_="hl"))
            if name == selected:
                m.add_class("selected")
                m.add(El("rect", x=x - 15, y=y - 14, width=31, height=30, rx=6, class_="ring"))
            if name in changed:
                m.add_class("changed")
            g.add(m)
    return g


def _movers(rules, state: dict) -> tuple[str, ...]:
    if state["phase"] == "pie":
        return COLOURS
    seat = rules.current(state)
    if state["phase"] != "play" or not isinstance(seat, int) or not state["colours"]:
        return ()
    return (state["colours"][seat],)


def _word(state: dict) -> str:
    return "turbo" if state.get("turbo") is not None else "move"


def _wheels(game, state: dict, geo: _Course) -> El:
    """Each course tile's wheel token under it: its points, or who took it."""
    tile = game.rules.score_tile(state)
    g = El("g", class_="ss-wheels")
    y = geo.bottom + 68
    for kind, first, last in geo.tiles():
        if kind != "course":
            continue
        k = geo.lay.tile_of_row[first]
        taker = state["wheels"][k - 1]
        pts = tile.wheels[k - 1]
        x0, x1 = geo.left(first), geo.left(last) + geo.cp
        w = El("g", class_="ss-wheel", data_position=k, data_taken=taker or "")
        cx = x0 + 16
        if taker in FILL:
            w.add(title(f"wheel token of course position {k} ({pts} points): taken by {taker}"))
            w.add(El("circle", cx=cx, cy=y, r=14, fill=FILL[taker], stroke="#111", stroke_width=2))
            w.add(text(cx, y, str(pts), fill=INK[taker], class_="small pts"))
            say = f"{taker} took it"
        else:
            w.add(title(f"wheel token of course position {k}: {pts} points for the first player "
                        f"whose machines have all left the tile"))
            w.add(El("circle", cx=cx, cy=y, r=14, class_="open"))
            w.add(text(cx, y, str(pts), class_="small pts"))
            say = "wheel: on tile"
        w.add(text(cx + 19, y, _fit(say, x1 - cx - 19, 14), class_="small"))     # (bold: the CSS)
        g.add(w)
    return g


def _legend(geo: _Course, y: float) -> El:
    g = El("g", class_="ss-legend")
    x = 12.0

    def item(shape: list[El], width: float, words: str) -> None:
        nonlocal x
        g.add(*shape)
        g.add(text(x + width + 6, y, words, class_="small"))
        x += width + 6 + text_width(words, 14) + 22
    item([El("rect", x=x, y=y - 7, width=22, height=14, rx=7, fill="#fff", stroke="#5a5a5a",
             stroke_width=1.5)], 22, "space: a machine stops here")
    item([El("circle", cx=x + 7, cy=y, r=6, fill="#fff", stroke="#5a5a5a", stroke_width=1.5)], 14,
         "circle: skipped over")
    ban = El("g", class_="ss-ban")
    ban.add(El("line", x1=x, y1=y + 7, x2=x + 30, y2=y - 7, class_="dots"))
    for f in (0.3, 0.7):
        mx, my = x + 30 * f, y + 7 - 14 * f
        ban.add(El("line", x1=mx - 4, y1=my - 4, x2=mx + 4, y2=my + 4),
                El("line", x1=mx - 4, y1=my + 4, x2=mx + 4, y2=my - 4))
    item([ban], 30, "no lane change along this line")
    tr = El("g", class_="ss-trail")
    tr.add(El("polyline", points=f"{x},{y} {x + 20},{y}", class_="step"),
           El("polyline", points=f"{x + 20},{y} {x + 46},{y}", class_="slip"))
    item([tr], 46, "a selected machine's trail; dashed: slipstream")
    return g


# ------------------------------------------------------------ score tile
def _score_tile(game, state: dict, y0: float) -> tuple[El, float]:
    tile = game.rules.score_tile(state)
    g = El("g", class_="ss-track")
    g.add(text(12, y0 + 8, f"Score tile {tile.label} — reach or pass ◎ {tile.goal} to win",
               class_="heading"))
    step, r = 30.0, 13.0
    per_row = max(2, int((RX - 20 - 12 - 2 * r) // step) + 1)     # circles from x = 12 to RX - 20
    y = y0 + 60
    scores = state["scores"]
    pos = {c: min(scores[c], tile.goal) for c in COLOURS}
    for n in range(tile.goal + 1):
        if n and n % per_row == 0:
            y += 84
        x = 12 + r + (n % per_row) * step
        kind = "home" if n == tile.goal else "turbo" if n in tile.turbo else \
            "crash" if n in tile.crash else "plain"
        c = El("g", class_=f"ss-mark {kind}", data_pos=n)
        c.add(title({"home": f"{n}: ◎ — reaching or passing it wins",
                     "turbo": f"{n}: ● turbo — stopping here while ahead gives the opponent a "
                              f"one-space move",
                     "crash": f"{n}: ✹ crash — stopping here while ahead loses",
                     "plain": f"{n}"}[kind]))
        if kind == "crash":
            pts = []
            for i in range(16):
                rad = r + 4 if i % 2 == 0 else r - 2
                a = math.pi * i / 8
                pts.append(f"{x + rad * math.cos(a):.1f},{y + rad * math.sin(a):.1f}")
            c.add(El("polygon", points=" ".join(pts)))
        c.add(El("circle", cx=x, cy=y, r=r, class_="mark"))
        if kind == "home":
            c.add(El("circle", cx=x, cy=y, r=r - 4, fill="none", stroke="#111", stroke_width=2))
        c.add(text(x, y, str(n)))          # (its colour: the CSS of its kind)
        g.add(c)
        for colour, dy in (("red", -28), ("blue", 28)):
            if pos[colour] == n:
                tok = El("g", class_=f"ss-score {colour}", data_score=scores[colour])
                tok.add(title(f"{colour}'s score token: {scores[colour]} point"
                              f"{'' if scores[colour] == 1 else 's'}"))
                tok.add(El("line", x1=x, y1=y + dy * 0.5, x2=x, y2=y + dy * 0.62, stroke="#111",
                           stroke_width=2))
                tok.add(El("circle", cx=x, cy=y + dy, r=11, fill=FILL[colour], stroke="#111",
                           stroke_width=1.5))
                tok.add(text(x, y + dy, LETTER[colour], text_anchor="middle", fill=INK[colour],
                             font_weight="bold", class_="small"))
                g.add(tok)
    y += 50
    legend = ["● turbo: a score token stopping exactly here while ahead — the opponent moves "
              "one machine one space",
              "✹ crash: a score token stopping exactly here while ahead — that player loses"]
    for line in legend:
        for part in wrap(line, RX - 40, 14):
            g.add(text(12, y, part, class_="small"))
            y += 20
    y += 6
    label = "Wheel token points by course position, start to goal:"
    g.add(text(12, y, label, class_="small"))
    x = 12 + text_width(label, 14) + 24
    for k, pts in enumerate(tile.wheels, start=1):
        w = El("g", class_="ss-wheel-value", data_position=k)
        w.add(title(f"course position {k}: {pts} points"))
        w.add(El("circle", cx=x, cy=y, r=13, fill="#fff", stroke="#111", stroke_width=2))
        w.add(text(x, y, str(pts), text_anchor="middle", class_="small", font_weight="bold"))
        g.add(w)
        x += 32
    return g, y + 16


# ---------------------------------------------------------------- players
def pie_choice_words(state: dict, colour: str) -> str:
    """What choosing ``colour`` under the pie rule (SS-R10) leads to, for
    the chooser: which machines become theirs and who moves next."""
    first = state["first_colour"]
    points = state.get("pending") or 0
    gain = f" and its {points} point{'s' * (points != 1)}" if points else ""
    if colour == first:
        return (f"You take {colour}: the machine already moved is yours{gain}; "
                f"Player {state['first'] + 1} plays {other(first)} and moves next.")
    return (f"You take {colour}, untouched, and move next; Player {state['first'] + 1} "
            f"keeps {first}{gain}.")


def _panel(game, state: dict, t: Targets, clickable: bool, y0: float) -> tuple[El, float]:
    """The pie decision when it is due, then both players."""
    rules = game.rules
    g = El("g", class_="ss-panel")
    y = y0
    if state["phase"] == "colour" and clickable:
        first = state["first_colour"]
        chooser = 1 - state["first"]
        g.add(text(RX, y + 8, "The pie rule: choose your colour", class_="heading"))
        y += 30
        say = (f"Player {state['first'] + 1} made the first move with a {first} machine. "
               f"Player {chooser + 1} now picks a colour:")
        for line in wrap(say, W - RX - 12, 14):
            g.add(text(RX, y, line, class_="small"))
            y += 20
        y += 4
        lines = 0
        for i, colour in enumerate(COLOURS):
            b = El("g", class_=f"ss-button {colour}")
            x = RX + i * 186
            b.add(title(f"Player {chooser + 1} plays {colour}"))
            b.add(El("rect", x=x, y=y, width=176, height=48, rx=8, fill=FILL[colour], class_="hl"))
            b.add(text(x + 88, y + 24, f"Play {colour}", text_anchor="middle", fill=INK[colour]))
            # pointing at a choice lights the machines it gives
            b.set(data_highlight=" ".join(state["machines"][colour]))
            t.mark(b, f"colour {colour}")
            g.add(b)
            # …and says what it leads to
            said = wrap(pie_choice_words(state, colour), 176, 13)
            for k, line in enumerate(said):
                g.add(text(x, y + 66 + 18 * k, line, class_="small"))
            lines = max(lines, len(said))
        return g, y + 56 + 18 * lines    # the players have no colour yet: nothing more to show
    g.add(text(RX, y + 8, "Players", class_="heading"))
    y += 24
    cols = state["colours"]
    cur = rules.current(state)
    goal_row = rules.layout(state).goal_row
    over = state["phase"] == "over"
    for seat in range(2):
        own = cols[seat] if cols else None
        row = El("g", class_="ss-player", data_seat=seat)
        if seat == cur and not over:
            row.add_class("now")
            row.add(El("rect", x=RX - 4, y=y, width=W - RX - 6, height=50, rx=4, class_="row"))
        row.add(*machine_token(RX + 14, y + 18, own))
        name = rules.player_name(state, seat)
        won = over and state["winner"] == seat
        row.add(text(RX + 36, y + 15, name + ("  ★ wins" if won else ""), class_="label",
                     font_weight="bold"))
        if own:
            home = sum(1 for m in state["machines"][own] if (parse_place(m) or (0, 0))[0] == goal_row)
            wheels = sum(1 for w in state["wheels"] if w == own)
            line = (f"score {state['scores'][own]} · at the goal {home} · wheel tokens "
                    f"{wheels}")
        elif state["phase"] in ("pie", "setup") and state["first"] is not None:
            line = "makes the first move (either colour)" if seat == state["first"] else \
                "then chooses a colour"
        elif state["phase"] == "colour":
            line = "chooses a colour now" if seat != state["first"] else \
                f"made the first move ({state['first_colour']})"
        else:
            line = "colour not chosen yet"
        row.add(text(RX + 36, y + 37, line, class_="small"))
        g.add(row)
        y += 54
    arrived = " · ".join(f"{i + 1}. {c}" for i, c in enumerate(state["goal"])) or "nobody yet"
    g.add(text(RX, y + 6, f"Goal points in order of arrival: {', '.join(map(str, GOAL_POINTS))}",
               class_="small"))
    g.add(text(RX, y + 26, _fit(f"Reached the goal: {arrived}", W - RX - 12, 14), class_="small"))
    y += 36
    if over and state["result"]:
        for line in wrap(state["result"], W - RX - 12, 16, bold=True):
            g.add(text(RX, y + 10, line, class_="label", font_weight="bold"))
            y += 22
    return g, y + 6


# ------------------------------------------------------------------- hints
def hint(words: list[str], pending: str) -> str | None:
    """What to click, from the legal targets' words and the words so far."""
    done = pending.split()
    firsts = {w.split()[0] for w in words}
    if not done:
        if firsts == {"move"}:
            return (f"Click one of the {len(words)} outlined machines, then one of its "
                    f"highlighted destinations")
        if firsts == {"turbo"}:
            return ("Turbo move: click one of your outlined machines, then the space one step "
                    "ahead (no circle skipping, no slipstream)")
        if firsts == {"colour"}:
            return "Click “Play red” or “Play blue” to choose your colour (pie rule)"
        return None
    spaces = [w for w in words if " " not in w]
    other = " (or another outlined machine)" if len(spaces) < len(words) else ""
    if len(done) == 2 and done[0] == "move":
        return (f"Click a highlighted space to move the machine from {done[1]} there{other}: "
                + ", ".join(sorted(spaces)))
    if len(done) == 2 and done[0] == "turbo":
        return (f"Click a highlighted space to make the turbo move from {done[1]}{other}: "
                + ", ".join(sorted(spaces)))
    return None




# ------------------------------------------------------- a planned line
PLAN_CSS = ".bk-plan-arrow{fill:none;stroke-width:4;stroke-linecap:round;opacity:.85}"


def plan_arrows(game, actions, state: dict | None = None, caption: str | None = None) -> str:
    """The planned moves ``actions`` (e.g. a search bot's
    ``planned_actions()``) as numbered arrows over the board of ``game``
    (or of ``state``), one SVG ``<g>`` in the board picture's coordinates:
    each arrow from a machine's space to where it ends, in the mover's
    colour, dashed after the first. Actions that are not machine moves (the
    colour choice) are skipped; the line stops at the first that is not
    legal where it is played. ``caption``: the one the board was drawn with
    (its title's height places the course)."""
    rules = game.rules
    state = rules.clone(game.state if state is None else state)
    _, top = header(f"Slip Stream — {caption or rules.situation(state)}")
    geo = _Course(rules.layout(state), top + 86)
    group = El("g", class_="bk-plan")
    group.add(El("style", text=PLAN_CSS))
    k = 0
    for action in actions:
        cur = rules.current(state)
        if not isinstance(cur, int) or not rules.is_legal(state, action):
            break
        words = action.split()
        if words[0] in ("move", "turbo") and len(words) == 3 and state["colours"]:
            k += 1
            colour = state["colours"][cur]
            group.add(_arrow(geo, words[1], words[2], FILL[colour], k,
                             f"{k}. {colour} {words[1]} → {words[2]}"))
        state = rules.child(state, action)
    return str(group)


def _arrow(geo: _Course, src: str, dst: str, colour: str, k: int, words: str) -> El:
    (x0, y0), (x1, y1) = geo.xy(src), geo.xy(dst)
    d = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    # start and end short of the machines' centres; the head a triangle
    sx, sy = x0 + ux * 10, y0 + uy * 10
    ex, ey = x1 - ux * 12, y1 - uy * 12
    hx, hy = ex - ux * 10, ey - uy * 10
    px, py = -uy * 7, ux * 7
    g = El("g", class_="bk-plan-step", data_step=k)
    g.add(title(words))
    g.add(El("line", x1=round(sx, 1), y1=round(sy, 1), x2=round(hx, 1), y2=round(hy, 1),
             class_="bk-plan-arrow", stroke=colour,
             stroke_dasharray=None if k == 1 else "8 5"))
    g.add(El("polygon", points=f"{ex:.1f},{ey:.1f} {hx + px:.1f},{hy + py:.1f} "
                              f"{hx - px:.1f},{hy - py:.1f}", fill=colour, opacity=".9"))
    mx, my = (sx + hx) / 2 - uy * 11, (sy + hy) / 2 + ux * 11
    g.add(El("circle", cx=round(mx, 1), cy=round(my, 1), r=8, fill="#fff", stroke=colour))
    g.add(text(mx, my + 4, str(k), text_anchor="middle", font_size=11, font_weight="bold",
               fill="#111"))
    return g


def with_plan(picture: str, game, actions, state: dict | None = None,
              caption: str | None = None) -> str:
    """The board picture ``picture`` (``game.render(...)``'s SVG) with the
    planned moves drawn over it as arrows (:func:`plan_arrows`)."""
    layer = plan_arrows(game, actions, state, caption)
    parts = getattr(picture, "parts", ())
    if parts:
        from ..core.svg import Picture
        return Picture.of([*parts[:-1], layer, parts[-1]])
    end = picture.rindex("</svg>")
    return picture[:end] + layer + picture[end:]
