"""Read a boardkit SVG the way a browser paints it — just enough to check
that every text is large enough, fits where it is drawn, and contrasts with
what lies under it.

How a text's colours are found
------------------------------
* **Styles.** Each element's ``fill``, ``fill-opacity``, ``opacity``,
  ``font-size``, ``font-weight``, ``text-anchor`` and ``dominant-baseline``
  come, strongest first, from: CSS ``!important`` declarations of the
  picture's ``<style>``, the inline ``style`` attribute, the other CSS rules
  (higher specificity, then later, wins), presentation attributes
  (``fill="…"``), and finally the parent (all but ``opacity`` are
  inherited). A selector or a colour this reader does not understand raises,
  so a new kind of CSS cannot slip past the check unread.
* **Background.** The picture is painted in document order. The background
  of a text at a point is the last *shape* drawn before the text that
  covers the point — a ``rect`` or ``circle`` whose fill is not ``none`` —
  blended with what lies under it when its opacity is below 1; under
  everything is the white page. Where geometry cannot tell, a text (or a
  group around it) may declare its background explicitly with
  ``data-bg="#rrggbb"``.
* **Sampling.** A text is sampled on its middle line at both ends and at
  its centre; its width is measured with the DejaVu Sans metrics matplotlib
  ships (the boards' font; CJK characters count 1 em). The worst contrast
  of the three points is the text's contrast.

Contrast follows WCAG 2 (relative luminance, (L1 + 0.05) / (L2 + 0.05)).
"""
from __future__ import annotations

import bisect
import copy as copy_module
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import cache

NS = "{http://www.w3.org/2000/svg}"
INHERITED = ("fill", "fill-opacity", "font-size", "font-weight", "text-anchor", "dominant-baseline")
PROPS = INHERITED + ("opacity",)
DEFAULTS = {"fill": "#000000", "fill-opacity": "1", "font-size": "16", "font-weight": "normal",
            "text-anchor": "start", "dominant-baseline": "auto", "opacity": "1"}
NAMED = {"white": "#ffffff", "black": "#000000"}


# ------------------------------------------------------------------ colours
def rgb(colour: str) -> tuple[float, float, float]:
    c = NAMED.get(colour.strip().lower(), colour.strip().lower())
    m = re.fullmatch(r"#([0-9a-f]{3}|[0-9a-f]{6})", c)
    if not m:
        raise ValueError(f"a colour this check cannot read: {colour!r}")
    h = m.group(1)
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(c: tuple[float, float, float]) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def blend(top, alpha: float, under):
    return tuple(alpha * t + (1 - alpha) * u for t, u in zip(top, under))


def hexcode(c) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in c)


# -------------------------------------------------------------------- CSS
@dataclass
class Compound:
    tag: str | None
    classes: tuple[str, ...]
    not_classes: tuple[str, ...]
    attrs: tuple[tuple[str, str | None], ...]

    def __post_init__(self) -> None:
        self._any_tag = self.tag in (None, "*")
        self._classes = frozenset(self.classes)
        self._not_classes = frozenset(self.not_classes)

    def matches(self, tag: str, classes: set[str], attrs: dict) -> bool:
        if not self._any_tag and self.tag != tag:
            return False
        if not self._classes <= classes or not self._not_classes.isdisjoint(classes):
            return False
        return all(a in attrs and (v is None or attrs[a] == v) for a, v in self.attrs)

    @property
    def specificity(self) -> tuple[int, int]:
        return (len(self.classes) + len(self.not_classes) + len(self.attrs),
                0 if self.tag in (None, "*") else 1)


_PART = re.compile(r"\.([\w-]+)|:not\(\.([\w-]+)\)|\[([\w-]+)(?:=\"([^\"]*)\")?\]")


def parse_compound(text: str) -> Compound:
    m = re.match(r"[a-zA-Z*][\w-]*", text)
    tag = m.group(0) if m else None
    rest = text[m.end():] if m else text
    classes, nots, attrs = [], [], []
    pos = 0
    for part in _PART.finditer(rest):
        if part.start() != pos:
            break
        pos = part.end()
        if part.group(1):
            classes.append(part.group(1))
        elif part.group(2):
            nots.append(part.group(2))
        else:
            attrs.append((part.group(3), part.group(4)))
    if pos != len(rest):
        raise ValueError(f"a CSS selector this check cannot read: {text!r}")
    return Compound(tag, tuple(classes), tuple(nots), tuple(attrs))


@dataclass
class Rule:
    compounds: list[Compound]
    decls: list[tuple[str, str, bool]]
    order: int

    @property
    def specificity(self) -> tuple[int, int]:
        b = sum(c.specificity[0] for c in self.compounds)
        t = sum(c.specificity[1] for c in self.compounds)
        return (b, t)

    def matches(self, chain: list[tuple[str, set[str], dict]]) -> bool:
        *ancestors, me = chain
        if not self.compounds[-1].matches(*me):
            return False
        k = len(ancestors) - 1
        for comp in reversed(self.compounds[:-1]):
            while k >= 0 and not comp.matches(*ancestors[k]):
                k -= 1
            if k < 0:
                return False
            k -= 1
        return True


def parse_css(css: str) -> list[Rule]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules: list[Rule] = []
    for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", css):
        selectors, body = m.group(1).strip(), m.group(2)
        if selectors.startswith("@"):
            raise ValueError(f"an at-rule this check cannot read: {selectors!r}")
        decls = []
        for d in body.split(";"):
            if ":" not in d:
                continue
            prop, value = (x.strip() for x in d.split(":", 1))
            important = value.endswith("!important")
            decls.append((prop, value.replace("!important", "").strip(), important))
        for sel in selectors.split(","):
            sel = sel.strip()
            if re.search(r"[>+~]", sel):
                raise ValueError(f"a CSS combinator this check cannot read: {sel!r}")
            rules.append(Rule([parse_compound(p) for p in sel.split()], decls, len(rules)))
    return rules


# ------------------------------------------------------------ text widths
@cache
def _font(bold: bool):
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font
    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans",
                                                             weight="bold" if bold else "normal"),
                                 fallback_to_default=False)
    font = FT2Font(path)
    return font, set(font.get_charmap())


@cache
def measure(content: str, size: float, bold: bool) -> float:
    """The width of ``content`` in DejaVu Sans (another font's glyphs,
    such as CJK, count 1 em)."""
    from matplotlib.ft2font import LoadFlags
    font, charmap = _font(bold)
    width = 0.0
    run = ""

    def flush():
        nonlocal width, run
        if run:
            font.set_size(size, 72)
            font.set_text(run, 0.0, flags=LoadFlags.NO_HINTING)
            width += font.get_width_height()[0] / 64
            run = ""
    for ch in content:
        if ord(ch) in charmap:
            run += ch
        else:
            flush()
            width += size
    flush()
    return width


# ---------------------------------------------------------------- picture
@dataclass
class Item:
    el: ET.Element
    order: int
    style: dict
    alpha: float                      # product of the ancestors' opacities (itself included)
    chain: list = field(repr=False)
    bg: str | None = None             # an explicit data-bg from itself or an ancestor


@dataclass
class TextReport:
    text: str
    x0: float
    x1: float
    y: float
    size: float
    bold: bool
    colour: tuple
    contrast: float
    background: str
    box: Item | None


class Picture:
    def __init__(self, svg: str):
        self.root = ET.fromstring(svg)
        vb = [float(v) for v in self.root.get("viewBox").split()]
        self.width, self.height = vb[2], vb[3]
        css = "".join(s.text or "" for s in self.root.iter(NS + "style"))
        self.rules = parse_css(css)
        self.items: list[Item] = []
        self._walk(self.root, dict(DEFAULTS), 1.0, [], None)

    @staticmethod
    def _tag(el: ET.Element) -> str:
        return el.tag.replace(NS, "")

    def _style(self, el: ET.Element, chain, parent: dict) -> dict:
        chosen: dict[str, tuple] = {}

        def offer(prop, value, rank):
            if prop in PROPS and (prop not in chosen or rank >= chosen[prop][1]):
                chosen[prop] = (value, rank)
        for prop in PROPS:
            if el.get(prop) is not None:
                offer(prop, el.get(prop), (0, (0, 0), 0))
        for rule in self.rules:
            if rule.matches(chain):
                for prop, value, important in rule.decls:
                    offer(prop, value, (3 if important else 1, rule.specificity, rule.order))
        for d in (el.get("style") or "").split(";"):
            if ":" in d:
                prop, value = (x.strip() for x in d.split(":", 1))
                important = value.endswith("!important")
                offer(prop, value.replace("!important", "").strip(), (4 if important else 2, (0, 0), 0))
        style = {p: parent[p] for p in INHERITED}
        style["opacity"] = "1"
        style.update({p: v for p, (v, _) in chosen.items()})
        return style

    def _walk(self, el, parent_style, alpha, chain, bg):
        tag = self._tag(el)
        if tag in ("style", "title", "desc", "defs"):      # (what <defs> holds is drawn by a <use>)
            return
        if tag == "use":
            # the element it names, drawn where it says: a copy shifted by its x, y
            el = self._instance(el)
            if el is None:
                return
            tag = self._tag(el)
        me = (tag, set((el.get("class") or "").split()), dict(el.attrib))
        chain = chain + [me]
        style = self._style(el, chain, parent_style)
        alpha *= float(style["opacity"])
        bg = el.get("data-bg") or bg
        if el.get("transform"):
            raise ValueError("a transform this check cannot follow")
        self.items.append(Item(el, len(self.items), style, alpha, chain, bg))
        for child in el:
            self._walk(child, style, alpha, chain, bg)

    #: the coordinates of each kind of element (absent ones are 0)
    _SHIFTED = {"rect": ("x", "y"), "use": ("x", "y"), "text": ("x", "y"), "circle": ("cx", "cy"),
                "ellipse": ("cx", "cy"), "line": ("x1", "y1", "x2", "y2")}

    def _instance(self, use: ET.Element) -> ET.Element | None:
        """What ``use`` draws: a copy of the element it names, its
        coordinates shifted by the use's ``x``, ``y`` (at any depth, a
        nested ``<use>`` included)."""
        ref = use.get("href") or use.get("{http://www.w3.org/1999/xlink}href") or ""
        if not hasattr(self, "_ids"):
            self._ids = {e.get("id"): e for e in self.root.iter() if e.get("id")}
        target = self._ids.get(ref[1:]) if ref.startswith("#") else None
        if target is None:
            return None
        if use.get("transform") or target.get("transform"):
            raise ValueError("a transform this check cannot follow")
        dx, dy = self._num(use, "x"), self._num(use, "y")
        copy = copy_module.deepcopy(target)
        copy.attrib.pop("id", None)
        for e in copy.iter():
            for name in self._SHIFTED.get(self._tag(e), ()):
                e.set(name, f"{self._num(e, name) + (dx if name[-2:] in ('x', 'cx', 'x1', 'x2') else dy):g}")
            if self._tag(e) in ("polygon", "polyline") and e.get("points"):
                nums = [float(v) for v in re.split(r"[\s,]+", e.get("points").strip())]
                e.set("points", " ".join(f"{v + (dx if i % 2 == 0 else dy):g}" for i, v in enumerate(nums)))
        return copy

    # ------------------------------------------------------------- shapes
    @staticmethod
    def _num(el, name, default=0.0) -> float:
        v = el.get(name)
        return default if v is None else float(v)

    def _painted_shapes(self) -> list[tuple]:
        """The painted rectangles and circles in drawing order, each as
        (item, "rect", x0, y0, x1, y1) or (item, "circle", cx, cy, r²), read
        once (a text's background looks through them many times)."""
        if not hasattr(self, "_shapes"):
            shapes = []
            for item in self.items:
                el, tag = item.el, self._tag(item.el)
                fill = item.style["fill"].strip().lower()
                if tag not in ("rect", "circle") or fill in ("none", "transparent"):
                    continue
                num = self._num
                if tag == "rect":
                    x0, y0 = num(el, "x"), num(el, "y")
                    shapes.append((item, tag, x0, y0, x0 + num(el, "width"), y0 + num(el, "height")))
                else:
                    shapes.append((item, tag, num(el, "cx"), num(el, "cy"), num(el, "r") ** 2))
            self._shapes = shapes
            self._shape_orders = [shape[0].order for shape in shapes]
        return self._shapes

    def _under(self, x: float, y: float, before: int):
        """The painted shapes drawn before ``before`` that cover (x, y), topmost first."""
        shapes = self._painted_shapes()
        for k in range(bisect.bisect_left(self._shape_orders, before) - 1, -1, -1):
            shape = shapes[k]
            if shape[1] == "rect":
                if shape[2] <= x <= shape[4] and shape[3] <= y <= shape[5]:
                    yield shape[0]
            elif (x - shape[2]) ** 2 + (y - shape[3]) ** 2 <= shape[4]:
                yield shape[0]

    def colour_at(self, x: float, y: float, before: int):
        """The colour painted at (x, y) by the shapes drawn before ``before``."""
        for item in self._under(x, y, before):
            a = item.alpha * float(item.style["fill-opacity"])
            top = rgb(item.style["fill"])
            return top if a >= 1 else blend(top, a, self.colour_at(x, y, item.order))
        return (1.0, 1.0, 1.0)

    def box_under(self, x: float, y: float, before: int) -> Item | None:
        for item in self._under(x, y, before):
            return None if "page" in item.chain[-1][1] else item
        return None

    # -------------------------------------------------------------- texts
    def texts(self) -> list[TextReport]:
        out = []
        for item in self.items:
            if self._tag(item.el) != "text":
                continue
            content = "".join(item.el.itertext())
            if not content.strip():
                continue
            size_text = item.style["font-size"].strip()
            m = re.fullmatch(r"([\d.]+)(px)?", size_text)
            if not m:
                raise ValueError(f"a font size this check cannot read: {size_text!r}")
            size = float(m.group(1))
            weight = item.style["font-weight"].strip()
            bold = weight == "bold" or (weight.isdigit() and int(weight) >= 600)
            w = measure(content, size, bold)
            x, y = self._num(item.el, "x"), self._num(item.el, "y")
            anchor = item.style["text-anchor"].strip()
            x0 = x - {"start": 0, "middle": w / 2, "end": w}[anchor]
            cy = y if item.style["dominant-baseline"].strip() in ("middle", "central") else y - 0.35 * size
            inset = min(2.0, w / 4)
            worst, where = None, ""
            colour = rgb(item.style["fill"])
            for px in (x0 + inset, x0 + w / 2, x0 + w - inset):
                under = rgb(item.bg) if item.bg else self.colour_at(px, cy, item.order)
                a = item.alpha * float(item.style["fill-opacity"])
                ink = colour if a >= 1 else blend(colour, a, under)
                c = contrast(ink, under)
                if worst is None or c < worst:
                    worst, where = c, hexcode(under)
            out.append(TextReport(content, x0, x0 + w, cy, size, bold, colour, worst, where,
                                  self.box_under(x0 + w / 2, cy, item.order)))
        return out
