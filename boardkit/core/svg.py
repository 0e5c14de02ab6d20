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
from xml.sax.saxutils import escape, quoteattr

# Characters XML 1.0 forbids (controls other than tab/newline/return, lone
# surrogates, U+FFFE/U+FFFF): a caption carrying one would make the whole
# picture ill-formed, so they are shown as U+FFFD instead.
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by U+FFFD."""
    return _BAD_XML.sub("\ufffd", text)


def _fmt(value) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return text if text not in ("", "-0") else "0"
    return str(value)


class El:
    """One SVG element: ``El("rect", x=1, y=2, class_="cell")``.

    A trailing underscore is dropped from attribute names (``class_`` →
    ``class``) and other underscores become dashes (``font_size`` →
    ``font-size``); ``data_act`` becomes ``data-act``.
    """

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, *children: El | str, text: str | None = None, **attrs):
        self.tag = tag
        self.attrs: dict[str, str] = {}
        for key, value in attrs.items():
            if value is None:
                continue
            name = key[:-1] if key.endswith("_") else key
            self.attrs[name.replace("_", "-")] = _fmt(value)
        self.children: list[El | str] = list(children)
        self.text = text

    def add(self, *children: El | str) -> El:
        self.children.extend(c for c in children if c is not None)
        return self

    def set(self, **attrs) -> El:
        for key, value in attrs.items():
            name = key[:-1] if key.endswith("_") else key
            self.attrs[name.replace("_", "-")] = _fmt(value)
        return self

    def add_class(self, *names: str) -> El:
        current = self.attrs.get("class", "").split()
        for n in names:
            if n and n not in current:
                current.append(n)
        self.attrs["class"] = " ".join(current)
        return self

    def render(self, out: list[str]) -> None:
        attrs = "".join(f" {k}={quoteattr(clean(v))}" for k, v in self.attrs.items())
        if not self.children and self.text is None:
            out.append(f"<{self.tag}{attrs}/>")
            return
        out.append(f"<{self.tag}{attrs}>")
        if self.text is not None:
            out.append(escape(clean(self.text)))
        for child in self.children:
            if isinstance(child, El):
                child.render(out)
            else:
                out.append(escape(clean(str(child))))
        out.append(f"</{self.tag}>")

    def __str__(self) -> str:
        out: list[str] = []
        self.render(out)
        return "".join(out)


def text(x, y, content: str, **attrs) -> El:
    """A text element. An explicit ``fill`` wins over the class's colour
    (CSS rules beat presentation attributes, an inline style beats both)."""
    if attrs.get("fill") is not None and attrs.get("class_"):
        attrs["style"] = f"fill:{attrs.pop('fill')}"
    return El("text", text=str(content), x=x, y=y, **attrs)


def title(content: str) -> El:
    """A tooltip / accessible name for the enclosing element."""
    return El("title", text=content)


class Targets:
    """Decides which clickable words are legal given the legal actions.

    An action may take several clicks (``"move e4"`` then ``"e5"``); the words
    clicked so far are the *pending* prefix. A word is legal when the prefix
    plus the word is a legal action or the start of one.
    """

    def __init__(self, legal: Iterable[str], pending: str = ""):
        self.legal = list(legal)
        self.pending = pending.strip()

    def candidate(self, word: str) -> str:
        return f"{self.pending} {word}".strip()

    def is_legal(self, word: str) -> bool:
        cand = self.candidate(word)
        return any(a == cand or a.startswith(cand + " ") for a in self.legal)

    def mark(self, el: El, word: str, *, enabled: bool = True) -> El:
        """Make ``el`` a click target for ``word`` (legal ones highlighted)."""
        if not enabled:
            return el
        el.set(data_act=word)
        el.add_class("target")
        if self.is_legal(word):
            el.add_class("legal")
        return el


def svg_document(width: int, height: int, *children: El, css: str = "", label: str = "") -> str:
    root = El("svg", xmlns="http://www.w3.org/2000/svg", width=width, height=height,
              viewBox=f"0 0 {width} {height}", class_="boardkit", role="img")
    if label:
        root.set(aria_label=label)
    if css:
        root.add(El("style", text=css))
    root.add(*children)
    return str(root)


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
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="boardkit-static" src="{uri}"{size} style="max-width:100%;height:auto" '
            f'alt={quoteattr(clean(label))}>')


class SVG(str):
    """A string of SVG that notebooks display as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return picture_html(str(self))

    def __repr__(self) -> str:
        m = re.search(r'width="(\d+)" height="(\d+)"', self)
        return f"<SVG picture {m.group(1)}×{m.group(2)}>" if m else "<SVG picture>"
