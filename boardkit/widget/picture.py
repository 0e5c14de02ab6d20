"""How the board widget's picture travels to the page: a base (a whole
picture, cut in parts) and what the picture shown changes in it, both JSON,
zlib-deflated (see :mod:`boardkit.widget`, "How a click travels")."""
from __future__ import annotations

import json
import zlib
from typing import Any

#: zlib's level for the pictures sent: 6 in a notebook (its state is saved
#: with the notebook); the class server's boards, many at once, use 1
#: (about five times faster, a fifth larger).
LEVEL = 6


def pack_svg(svg: str) -> bytes:
    """A picture's text, zlib-deflated UTF-8 (empty for no picture); the
    page draws this form too. The widget sends :func:`pack_picture`."""
    if not svg:
        return b""
    return zlib.compress(svg.encode("utf-8"), LEVEL)


def picture_parts(svg: str) -> tuple[str, ...]:
    """The parts a picture is sent in: a :class:`~boardkit.core.svg.Picture`
    knows them (its root's start tag, each element inside, the end tag);
    any other text is one part."""
    return getattr(svg, "parts", ()) or ((svg,) if svg else ())


def _deflate(msg: dict, level: int = LEVEL) -> bytes:
    return zlib.compress(json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), level)


def pack_picture(svg: str, base: tuple[str, ...] | None = None, level: int = LEVEL) -> tuple[bytes, bytes]:
    """``(base_z, svg_z)`` for picture ``svg``: the base is the whole
    picture, ``{"parts": [text, …]}`` (joined, the parts are its text), and
    ``svg_z`` what the picture changes in it: ``{"count", "set": [[index,
    text], …]}`` (the base's ``count`` parts, those replaced) or ``{"count",
    "cut": [i, j], "put": [text, …]}`` (its parts ``i`` to ``j`` replaced
    by ``put``). With ``base`` (the parts of the base the page has), only
    ``svg_z`` is new (``base_z`` is ``b""``): the caller starts a new base
    when that has grown too big."""
    parts = picture_parts(svg)
    if base is None:
        return _deflate({"parts": list(parts)}, level), _deflate({"count": len(parts), "set": []}, level)
    if len(base) == len(parts):
        changed = [[k, p] for k, (p, q) in enumerate(zip(parts, base)) if p is not q and p != q]
        return b"", _deflate({"count": len(base), "set": changed}, level)
    # parts came or went: the same first and last parts are kept
    i = 0
    while i < min(len(base), len(parts)) - 1 and parts[i] == base[i]:
        i += 1
    j = 0
    while j < min(len(base), len(parts)) - i and parts[-1 - j] == base[-1 - j]:
        j += 1
    put = list(parts[i:len(parts) - j])
    return b"", _deflate({"count": len(base), "cut": [i, len(base) - j], "put": put}, level)


def unpack_picture(base_z: bytes, svg_z: bytes) -> str:
    """What the page does with ``base_z`` and ``svg_z`` (see
    :func:`pack_picture`): the picture's text. A ``svg_z`` that is a
    picture's text (:func:`pack_svg`) is drawn as it is."""
    if not svg_z:
        return ""
    text = zlib.decompress(svg_z).decode("utf-8")
    if not text.startswith("{"):
        return text
    change = json.loads(text)
    parts = json.loads(zlib.decompress(base_z).decode("utf-8"))["parts"] if base_z else []
    if len(parts) != change["count"]:
        raise ValueError(f"the change is to a picture of {change['count']} parts, not {len(parts)}")
    if "cut" in change:
        i, j = change["cut"]
        parts[i:j] = change["put"]
    for k, part in change.get("set", ()):
        parts[k] = part
    return "".join(parts)


class Pictures:
    """The last few pictures a board drew (a refused click, a cancel, an
    undo, the live board again after a step: the same picture is not drawn
    twice); newest last."""

    def __init__(self, kept: int):
        self._kept = kept
        self._drawn: list[tuple[Any, dict, Any, str]] = []

    def draw(self, game: Any, view: Any) -> str:
        """``game.render(view)``, or the same picture drawn before for this
        game, position and view (a view draws only those)."""
        state = game.state
        for k, (g, seen, v, svg) in enumerate(self._drawn):
            if g is game and v == view and seen == state:
                self._drawn.append(self._drawn.pop(k))
                return svg
        svg = game.render(view)
        self._drawn.append((game, state, view, svg))
        del self._drawn[:-self._kept]
        return svg

    def clear(self) -> None:
        self._drawn.clear()


class PictureChannel:
    """A board's picture on its way to the page, a part the board holds:
    it owns the pictures drawn (a few kept, :class:`Pictures`), the
    picture shown and the base the page has, and says what to send when
    the picture changes (:func:`pack_picture`, a new base when the
    changes grow too big)."""

    def __init__(self, kept: int, level: int = LEVEL):
        self._drawn = Pictures(kept)
        self._level = level
        #: the picture shown, as text
        self.svg = ""
        self._base: tuple[str, ...] | None = None     # the parts of the base the page has
        self._base_size = 0

    def draw(self, game: Any, view: Any) -> str:
        """``game.render(view)``, or the same picture drawn before."""
        return self._drawn.draw(game, view)

    def clear(self) -> None:
        """Draw anew, whatever changed."""
        self._drawn.clear()

    def show(self, svg: str) -> tuple[bytes | None, bytes | None]:
        """Show ``svg``: ``(base_z, svg_z)`` to send, each None when it
        stays as the page has it (both None: the same picture)."""
        if svg == self.svg:
            return None, None
        self.svg = svg
        base_z, svg_z = pack_picture(svg, self._base, self._level)
        if not base_z and len(svg_z) > max(2_000, self._base_size // 2):
            base_z, svg_z = pack_picture(svg, level=self._level)   # changes that big: a new base
        if base_z:
            self._base = picture_parts(svg)
            self._base_size = len(base_z)
        return base_z or None, svg_z
