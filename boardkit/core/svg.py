"""A tiny deterministic SVG builder (standard library only).

Elements are plain Python objects; attributes keep their insertion order, no
random ids are ever generated, so the same picture always gives the same
bytes: notebooks that store SVG output stay comparable under nbval.

Clickable targets carry ``data-act`` (the action word they stand for) and the
CSS class ``target``; legal ones also get ``legal``. The browser widget only
reads those attributes: it never knows a rule.
"""
from __future__ import annotations

import base64
import re
from collections.abc import Iterable


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (xml.sax.saxutils.escape, without
    importing xml.sax, which pulls in urllib, http and email)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """``text`` as a quoted XML attribute value, exactly as
    xml.sax.saxutils.quoteattr writes it (newlines and tabs as character
    references; single quotes around a value holding only double ones)."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


# Characters XML 1.0 forbids (controls other than tab/newline/return, lone
# surrogates, U+FFFE/U+FFFF): a caption carrying one would make the whole
# picture ill-formed, so they are shown as U+FFFD instead.
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by U+FFFD."""
    return _BAD_XML.sub("\ufffd", text)


#: attribute names and values as written (pictures repeat the same few
#: class names, colours and coordinates thousands of times)
_NAMES: dict[str, str] = {}
_QUOTED: dict[str, str] = {}
_CACHE_MAX = 100_000


def _name(key: str) -> str:
    name = _NAMES.get(key)
    if name is None:
        name = (key[:-1] if key.endswith("_") else key).replace("_", "-")
        if len(_NAMES) < _CACHE_MAX:
            _NAMES[key] = name
    return name


def _quoted(value: str) -> str:
    """``quoteattr(clean(value))``, remembered."""
    q = _QUOTED.get(value)
    if q is None:
        q = quoteattr(clean(value))
        if len(_QUOTED) < _CACHE_MAX:
            _QUOTED[value] = q
    return q


_FLOATS: dict[float, str] = {}


def _fmt(value) -> str:
    if type(value) is float:
        text = _FLOATS.get(value)
        if text is None:
            text = f"{value:.2f}".rstrip("0").rstrip(".")
            text = text if text not in ("", "-0") else "0"
            if len(_FLOATS) < _CACHE_MAX:
                _FLOATS[value] = text
        return text
    if isinstance(value, float):        # a float subclass
        return _fmt(float(value))
    return str(value)


#: `` name="value"`` as written, remembered
_PAIRS: dict[tuple[str, str], str] = {}


def _pair(name: str, value: str) -> str:
    text = _PAIRS.get((name, value))
    if text is None:
        text = f" {name}={_quoted(value)}"
        if len(_PAIRS) < _CACHE_MAX:
            _PAIRS[name, value] = text
    return text


class Raw(str):
    """SVG text already written (a part of a picture drawn before): a child
    that :meth:`El.render` copies as it is, where a plain string is escaped."""

    __slots__ = ()


class El:
    """One SVG element: ``El("rect", x=1, y=2, class_="cell")``.

    A trailing underscore is dropped from attribute names (``class_`` →
    ``class``) and other underscores become dashes (``font_size`` →
    ``font-size``); ``data_act`` becomes ``data-act``.
    """

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, *children: El | str, text: str | None = None, **attrs):
        self.tag = tag
        self.attrs: dict[str, str] = {
            _name(key): value if type(value) is str else _fmt(value)
            for key, value in attrs.items() if value is not None}
        self.children: list[El | str] = list(children)
        self.text = text

    def add(self, *children: El | str) -> El:
        self.children.extend(c for c in children if c is not None)
        return self

    def set(self, **attrs) -> El:
        for key, value in attrs.items():
            self.attrs[_name(key)] = _fmt(value)
        return self

    def add_class(self, *names: str) -> El:
        current = self.attrs.get("class", "").split()
        for n in names:
            if n and n not in current:
                current.append(n)
        self.attrs["class"] = " ".join(current)
        return self

    def start_tag(self) -> str:
        pairs = _PAIRS
        return f"<{self.tag}{''.join([pairs.get(kv) or _pair(*kv) for kv in self.attrs.items()])}>"

    def render(self, out: list[str]) -> None:
        pairs = _PAIRS
        attrs = "".join([pairs.get(kv) or _pair(*kv) for kv in self.attrs.items()])
        if not self.children and self.text is None:
            out.append(f"<{self.tag}{attrs}/>")
            return
        out.append(f"<{self.tag}{attrs}>")
        if self.text is not None:
            out.append(escape(clean(self.text)))
        for child in self.children:
            if isinstance(child, El):
                child.render(out)
            elif type(child) is Raw:
                out.append(child)
            else:
                out.append(escape(clean(str(child))))
        out.append(f"</{self.tag}>")

    def __str__(self) -> str:
        out: list[str] = []
        self.render(out)
        return "".join(out)


# Advance widths of DejaVu Sans (≈ Verdana), in hundredths of an em, for the
# printable ASCII characters " " … "~"; regular then bold. Other characters
# count 0.84 em, CJK ones 1 em: estimates good enough to wrap and fit labels.
_WIDTHS = {
    False: bytes([32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64,
                  64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86,
                  75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63,
                  62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64,
                  34, 64, 84]),
    True: bytes([35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70,
                 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100,
                 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72,
                 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71,
                 37, 71, 84]),
}
_NARROW = {"·": 0.32, "–": 0.5, "—": 1.0, "…": 1.0, "’": 0.32, "‘": 0.32}


def text_width(content: str, size: float, bold: bool = False) -> float:
    """About how wide ``content`` is at font ``size`` (user units)."""
    table = _WIDTHS[bold]
    em = 0.0
    for ch in content:
        o = ord(ch)
        if 32 <= o < 127:
            em += table[o - 32] / 100
        elif o >= 0x2E80:
            em += 1.0
        else:
            em += _NARROW.get(ch, 0.84)
    return em * size


def wrap(content: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``content`` cut into lines at most ``width`` wide (a word longer than
    a line is cut where it overflows)."""
    lines: list[str] = []
    line = ""
    for word in content.split():
        cand = f"{line} {word}" if line else word
        if text_width(cand, size, bold) <= width:
            line = cand
            continue
        if line:
            lines.append(line)
        line = word
        while text_width(line, size, bold) > width and len(line) > 1:
            k = len(line) - 1
            while k > 1 and text_width(line[:k], size, bold) > width:
                k -= 1
            lines.append(line[:k])
            line = line[k:]
    if line:
        lines.append(line)
    return lines


def text(x, y, content: str, **attrs) -> El:
    """A text element. An explicit ``fill`` wins over any CSS colour (CSS
    rules beat presentation attributes, an inline style beats both)."""
    if attrs.get("fill") is not None:
        attrs["style"] = f"fill:{attrs.pop('fill')}"
    return El("text", text=str(content), x=x, y=y, **attrs)


def changed_mark(tag: str, **geometry) -> list[El]:
    """What a step changed: a yellow outline inside a black one (CSS classes
    ``changed-outer`` / ``changed-inner``), seen on every fill."""
    return [El(tag, **geometry, class_="changed-outer"), El(tag, **geometry, class_="changed-inner")]


#: The height of a title line (20 px bold).
TITLE_LINE = 26


def header(content: str, *, x: float = 12, width: float = 1156, most: int = 3) -> tuple[list[El], float]:
    """A picture's title, wrapped: at most ``most`` lines (the board widget
    shows any caption in full above the board). Returns the text elements
    and the height they take."""
    lines = wrap(content, width, 20, bold=True)
    if len(lines) > most:
        last = " ".join(lines[most - 1:])
        while text_width(last + " …", 20, True) > width and " " in last:
            last = last.rsplit(" ", 1)[0]
        lines = lines[:most - 1] + [last + " …"]
    return ([text(x, 20 + k * TITLE_LINE, line, class_="title") for k, line in enumerate(lines)],
            12 + TITLE_LINE * len(lines))


def title(content: str) -> El:
    """A tooltip / accessible name for the enclosing element."""
    return El("title", text=content)


class Targets:
    """Decides which clickable words are legal given the legal actions.

    An action may take several clicks (``"move e4"`` then ``"e5"``); the words
    clicked so far are the *pending* prefix. A word is legal when the prefix
    plus the word is a legal action or the start of one; a target marked
    ``fresh`` is judged on its own (another action started instead).
    """

    def __init__(self, legal: Iterable[str], pending: str = ""):
        self.legal = list(legal)
        self.pending = pending.strip()
        self._prefixes: set[str] | None = None

    def candidate(self, word: str) -> str:
        return f"{self.pending} {word}".strip()

    def is_legal(self, word: str) -> bool:
        if self._prefixes is None:
            # every legal action and every start of one (word by word): one
            # set lookup per target instead of a scan of the legal list
            prefixes: set[str] = set()
            for a in self.legal:
                words = a.split(" ")
                for k in range(1, len(words) + 1):
                    prefixes.add(" ".join(words[:k]))
            self._prefixes = prefixes
        return self.candidate(word) in self._prefixes

    def starts(self, word: str) -> bool:
        """``word`` is a legal action or the start of one on its own (a click
        on it while other words are pending starts that action afresh)."""
        self.is_legal(word)
        assert self._prefixes is not None
        return word in self._prefixes

    def mark(self, el: El, word: str, *, enabled: bool = True, fresh: bool = False) -> El:
        """Make ``el`` a click target for ``word`` (legal ones highlighted).
        A target needs an accessible name (what a screen reader says, the
        tooltip): the view's ``<title>``, added before this, else the word.
        ``fresh``: ``word`` starts an action of its own (see :meth:`starts`)."""
        if not enabled:
            return el
        if not any(isinstance(c, El) and c.tag == "title" for c in el.children):
            el.children.insert(0, title(word))    # a target's name: its word, unless the view gave one
        el.set(data_act=word)
        el.add_class("target")
        if self.starts(word) if fresh else self.is_legal(word):
            el.add_class("legal")
        return el


class Picture(str):
    """A picture's SVG text that knows its parts: the root's start tag, the
    text of each element directly inside the root, and the end tag (joined,
    they are the text). The board widget sends a picture as the parts it
    changes in a picture the page already has."""

    parts: tuple[str, ...] = ()

    @classmethod
    def of(cls, parts: list[str]) -> Picture:
        picture = cls("".join(parts))
        picture.parts = tuple(parts)
        return picture


def svg_document(width: int, height: int, *children: El, css: str = "", label: str = "") -> Picture:
    root = El("svg", xmlns="http://www.w3.org/2000/svg", width=width, height=height,
              viewBox=f"0 0 {width} {height}", class_="boardkit", role="img")
    if label:
        root.set(aria_label=label)
    if css:
        root.add(El("style", text=css))
    # an opaque page under the picture: its colours hold on a dark theme too
    root.add(El("rect", x=0, y=0, width=width, height=height, fill="#fff", class_="page"))
    root.add(*children)
    parts = [root.start_tag()]
    for child in root.children:
        if isinstance(child, El):
            out: list[str] = []
            child.render(out)
            parts.append("".join(out))
        else:
            parts.append(child if type(child) is Raw else escape(clean(str(child))))
    parts.append("</svg>")
    return Picture.of(parts)


def picture_html(svg: str, label: str = "") -> str:
    """The picture as an ``<img>`` of a ``data:`` URI, for ``text/html``.

    This is the one form every notebook viewer shows with its colours, run or
    not: JupyterLab and Notebook 7 drop an inline ``<svg>`` from an untrusted
    notebook (a fresh clone) but keep an ``<img>``; viewers that strip
    ``<style>`` from a page cannot reach the style inside the image; an HTML
    export keeps it as it is.
    """
    m = re.search(r'width="(\d+)" height="(\d+)"', svg)
    size = f' width="{m.group(1)}" height="{m.group(2)}"' if m else ""
    if not label:
        found = re.search(r'aria-label="([^"]*)"', svg)
        label = found.group(1) if found else "board"
    uri = "data:image/svg+xml;base64," + base64.b64encode(slim(svg).encode("utf-8")).decode("ascii")
    # a board fills the width of the page (keeping its proportions); a small
    # picture (one small board) grows to at most twice its size
    small = m is not None and int(m.group(1)) < 600
    style = "width:100%;height:auto" + (f";max-width:{2 * int(m.group(1))}px" if small and m else "")
    return (f'<img class="boardkit-static" src="{uri}"{size} style="{style}" '
            f'alt={quoteattr(clean(label))}>')


_TITLE = re.compile(r"<title>[^<]*</title>")
_DATA_ATTR = re.compile(r' data-[\w-]+="[^"]*"')
_HIT_AREA = re.compile(r'<rect [^>]*class="hit"/>')


_EMPTY_GROUP = re.compile(r"<g(?: [^>]*)?></g>|<g(?: [^>]*)?/>")


def slim(svg: str) -> str:
    """The picture without what only a live board uses: hover titles (an
    ``<img>`` never shows them), ``data-`` attributes (what a click sends),
    invisible click areas, and the groups that held nothing else (an empty
    group draws nothing). What is drawn stays the same; a stored board is
    about half the size."""
    out = _HIT_AREA.sub("", _DATA_ATTR.sub("", _TITLE.sub("", svg)))
    while True:
        less = _EMPTY_GROUP.sub("", out)
        if less == out:
            return out
        out = less


_CLICKABLE_ATTR = re.compile(r' (?:data-act|data-toggle|data-confirm|tabindex)="[^"]*"')
_LEGAL_CLASS = re.compile(r'(class="[^"]*?)\btarget legal\b')


def as_picture(svg: str) -> str:
    """A board picture with nothing marked clickable: outlined targets stay
    outlined (class ``shown``) but lose their click words."""
    return _CLICKABLE_ATTR.sub("", _LEGAL_CLASS.sub(r"\1shown", svg))


#: The note a stored board carries (its live form needs the kernel).
STORED_NOTE = "▶ A picture of the board — run the cell to play"


def stored_picture(svg: str, note: str = STORED_NOTE) -> str:
    """``svg`` under a band that says it is a picture (for the stored,
    kernel-less form of a live board: nothing on it can be clicked until
    the cell runs). The picture is nested whole, its style sheet with it."""
    m = re.match(r'<svg\b[^>]*\bwidth="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"', svg)
    if m is None:
        return svg
    w, h = float(m.group(1)), float(m.group(2))
    band = 40
    found = re.search(r'aria-label="([^"]*)"', svg)
    label = f"{note}: {found.group(1)}" if found else note
    inner = svg.replace("<svg", f'<svg x="0" y="{band}"', 1)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h + band:g}" '
            f'viewBox="0 0 {w:g} {h + band:g}" role="img" aria-label={quoteattr(clean(label))}>'
            f'<rect x="0" y="0" width="{w:g}" height="{band - 4}" rx="6" fill="#fff3b0" stroke="#7a6000"/>'
            f'<text x="14" y="{band / 2 + 4:g}" font-family="DejaVu Sans, Verdana, sans-serif" '
            f'font-size="18" font-weight="bold" fill="#3a2d00">{escape(note)}</text>{inner}</svg>')


class SVG(str):
    """A string of SVG that notebooks display as a picture."""

    def _repr_html_(self) -> str:
        return picture_html(str(self))

    def __repr__(self) -> str:
        # the plain-text stand-in for the picture (no size: a change to a
        # view must not change what a notebook's text says)
        m = re.search(r'aria-label="([^"]*)"', self)
        return f"<picture: {m.group(1)}>" if m else "<picture>"
