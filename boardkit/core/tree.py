"""A game tree you can look at: an SVG picture of a search tree.

:class:`TreeNode` is one position of a tree: the move that led to it (its
label), who acts there, its value and its children. :func:`minimax_tree`
builds the whole tree below a position from a game's pure rules
(``legal_actions`` / ``child`` / ``returns``), to the end of the game or to
a depth where an evaluation judges the position, and backs the values up by
minimax; the path both players would follow is marked as *chosen*.

:class:`GameTree` draws it (stdlib only, deterministic: the same tree gives
the same SVG text): the root at the left, one column per ply, the leaves
one under the other with their values, every inner node with its backed-up
value, the chosen path drawn thick. In a notebook it shows itself
(``_repr_html_``: one picture, an ``<img>``), so a stored notebook keeps a static
picture.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .rules import CHANCE, Rules, State
from .svg import El, picture_html, svg_document, text, text_width, title, wrap

__all__ = ["TreeNode", "GameTree", "minimax_tree"]


@dataclass
class TreeNode:
    """One position of a game tree."""

    label: str = ""                       #: the move into it ("" at the root)
    value: float | None = None            #: for the tree's player (None: not valued)
    children: list[TreeNode] = field(default_factory=list)
    player: str = ""                      #: who acts here ("" at a leaf)
    maximise: bool = True                 #: this node's player is the tree's player
    chosen: bool = False                  #: on the path best play follows
    note: str = ""                        #: a tooltip (e.g. the position in words)
    chance: bool = False                  #: a chance node (its children come with probabilities)
    probability: float | None = None      #: the chance of the edge into it (below a chance node)
    cut: bool = False                     #: never looked at (an alpha-beta cut-off): drawn grey
    window: tuple[float, float] | None = None  #: alpha-beta's (α, β) when the search entered it
    bound: str = ""                       #: "≤" or "≥": the value is only a bound (alpha-beta)
    edge: str = ""                        #: words on the edge into it (e.g. visits and mean)

    def leaves(self) -> int:
        return 1 if not self.children else sum(c.leaves() for c in self.children)

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children)

    def depth(self) -> int:
        return 0 if not self.children else 1 + max(c.depth() for c in self.children)


def _fmt_value(v: float | None) -> str:
    if v is None:
        return ""
    if v == int(v):
        return f"{int(v):+d}" if v else "0"
    return f"{v:+.1f}"


def _fmt_bound(v: float) -> str:
    if v == float("inf"):
        return "+∞"
    if v == float("-inf"):
        return "−∞"
    return _fmt_value(v) if v else "0"


def _fmt_probability(p: float) -> str:
    return f"{p:.0%}" if p >= 0.01 else f"{p:.1%}"


def _css(label: int, small: int) -> str:
    """The tree's style: ``label`` px for a node's words and value, ``small`` for windows and edges."""
    return f"""
.bk-tree .edge{{stroke:#8a8a8a;stroke-width:1.4;fill:none}}
.bk-tree .edge.chosen{{stroke:#e07000;stroke-width:4}}
.bk-tree .node rect{{fill:#fff;stroke:#555;stroke-width:1.2}}
.bk-tree .node.max rect{{fill:#eef4ff}}
.bk-tree .node.min rect{{fill:#fff1ee}}
.bk-tree .node.leaf rect{{fill:#f6f6f6}}
.bk-tree .node.chosen rect{{stroke:#e07000;stroke-width:3}}
.bk-tree .label{{font:{label}px sans-serif;fill:#111}}
.bk-tree .value{{font:bold {label}px sans-serif;fill:#111}}
.bk-tree .node.chance rect{{fill:#fff6cc;stroke:#8a6d00}}
.bk-tree .edge.cut{{stroke:#c4c4c4;stroke-dasharray:4 3}}
.bk-tree .node.cut rect{{fill:#ececec;stroke:#bdbdbd;stroke-dasharray:4 3}}
.bk-tree .node.cut text{{fill:#9a9a9a}}
.bk-tree .window{{font:{small}px sans-serif;fill:#1f4e9a}}
.bk-tree .edgetext{{font:{small}px sans-serif;fill:#333}}
.bk-tree .edgetext.chosen{{fill:#a04f00;font-weight:bold}}
"""


#: the style of a tree drawn across (13 px: such a tree is narrow and shown enlarged)
CSS = _css(13, 12)


class GameTree:
    """An SVG picture of a :class:`TreeNode` tree.

    :param root: the tree.
    :param caption: a line above the picture.
    :param value_text: how a value is written (default: ``+1``, ``-1``, ``+2.5``).
    :param blanks: an inner node without a value shows "?" (a tree to back up by hand).
    :param down: the root at the top and the leaves side by side along the
        bottom (a small tree: wider than tall, as a slide is); else the root
        at the left.
    :param legend: a line under the caption, ``(kind, words)`` for each kind
        of box: ``"max"``, ``"min"``, ``"leaf"`` or ``"chance"`` (e.g.
        ``("max", "red to move")``).

    A node's ``window`` is written under its box (α and β), its ``edge``
    (or its ``probability``) on the edge into it, beside the straight end
    of the edge (clear of the curve); a ``cut`` node and its edge are grey
    and dashed, a ``chance`` node is yellow.

    A tree is meant to be read on a screen as wide as a notebook's output
    (821 px in JupyterLab at 1280 × 720 with its file browser open); a tree
    drawn downwards: its words are :attr:`FONT_DOWN` px and
    a leaf writes its value under its label, so that a leaf is only as wide
    as its longer line; its windows and edge words are :attr:`SMALL_DOWN` px.
    """

    DX = 150          # one ply
    DY = 26           # one leaf
    W, H = 112, 20    # a node's box
    FONT, SMALL = 13, 12              # across: words, windows and edges
    FONT_DOWN, SMALL_DOWN = 15, 14    # down
    H_DOWN = 26       # a box of one line, drawn downwards
    LEAF_DOWN = 44    # a leaf drawn downwards: its label, its value under it
    CAPTION = 16

    def __init__(self, root: TreeNode, caption: str = "",
                 value_text: Callable[[float | None], str] = _fmt_value, blanks: bool = False,
                 down: bool = False, legend: Sequence[tuple[str, str]] = ()):
        self.legend = list(legend)
        self.root = root
        self.down = down
        self.caption = caption
        self.value_text = value_text
        self.blanks = blanks

    def _nodes(self) -> list[TreeNode]:
        out, todo = [], [self.root]
        while todo:
            node = todo.pop()
            out.append(node)
            todo.extend(node.children)
        return out

    def _edge_words(self, node: TreeNode) -> str:
        if node.edge:
            return node.edge
        if node.probability is not None:
            return _fmt_probability(node.probability)
        return ""

    def _value(self, node: TreeNode) -> str:
        value = self.value_text(node.value)
        if value and node.bound:
            value = node.bound + value
        if not value and self.blanks and node.children and not node.cut:
            value = "?"
        return value

    @staticmethod
    def _window(node: TreeNode) -> tuple[str, str]:
        """The node's window in two lines (α, then β): a narrow leaf keeps it under its box."""
        assert node.window is not None
        return f"α {_fmt_bound(node.window[0])}", f"β {_fmt_bound(node.window[1])}"

    def svg(self) -> str:
        root = self.root
        down = self.down
        font, small = (self.FONT_DOWN, self.SMALL_DOWN) if down else (self.FONT, self.SMALL)
        top = 36 if self.caption else 10
        every = self._nodes()
        windows = any(n.window is not None for n in every)
        edge_room = max((text_width(self._edge_words(n), small) for n in every), default=0.0)
        window_room = max((text_width(line, small) for n in every if n.window is not None
                           for line in self._window(n)), default=0.0)
        w = self.W

        def stacked(node: TreeNode) -> bool:
            """A leaf drawn downwards writes its value under its label."""
            return down and not node.children

        def box(node: TreeNode) -> float:
            """A node's width: drawn downwards, a node is as wide as its words."""
            if not down:
                return w
            words, value = node.label or "start", self._value(node)
            if stacked(node):
                return max(text_width(words, font), text_width(value, font, True), 2 * font) + 14
            return text_width(words, font) + max(text_width(value or "?", font, True), 2 * font) + 22

        def height(node: TreeNode) -> float:
            return (self.LEAF_DOWN if stacked(node) else self.H_DOWN) if down else self.H

        win_h = 2 * small + 8 if windows else 0
        if down:     # the root at the top, one row per ply, the leaves side by side
            dy = self.H_DOWN + 60 + win_h
        else:        # the root at the left, one column per ply, the leaves one under another
            step = self.DY + (win_h if windows else 0)
            dx = max(self.DX, self.W + 44 + edge_room) if edge_room else self.DX
        pos: dict[int, tuple[float, float]] = {}
        counter = [0.0]

        def place(node: TreeNode, d: int) -> float:
            """The node's centre along the leaves' axis (down) or its offset (across)."""
            if not node.children:
                if down:
                    # each leaf as wide as its own words (one long label does not widen them all),
                    # with room for its window and for the words of its edge on either side
                    room = max(box(node) + 14, window_room + 14, 2 * edge_room + 10)
                    at = counter[0] + room / 2
                    counter[0] += room
                else:
                    at = counter[0] * step
                    counter[0] += 1
            else:
                ats = [place(c, d + 1) for c in node.children]
                at = (ats[0] + ats[-1]) / 2
            # (x of the box's left side, y of the box's top) down; (x, y of the middle) across
            pos[id(node)] = ((10 + at - box(node) / 2, top + d * dy) if down
                             else (10 + d * dx, top + at + self.H / 2))
            return at

        place(root, 0)
        width = int(20 + counter[0]) if down else int(20 + root.depth() * dx + w)
        # the caption in lines as wide as the tree (at least 480 px): it never widens the picture much
        lines = wrap(self.caption, max(width, 480) - 20, self.CAPTION, True) if self.caption else []
        width = max(width, int(max((text_width(line, self.CAPTION, True) for line in lines), default=0) + 20))
        shift = (len(lines) - 1) * (self.CAPTION + 4) if lines else 0
        key = El("g", class_="bk-tree")
        if self.legend:
            lx, ly = 10.0, top + shift
            for kind, said in self.legend:
                key.add(El("g", El("rect", x=round(lx, 1), y=ly - 2, width=font, height=font, rx=3),
                           text(round(lx + font + 5, 1), round(ly + font - 3, 1), said, class_="label"),
                           class_=f"node {kind}"))
                lx += font + 5 + text_width(said, font) + 18
            width = max(width, int(lx))
            shift += font + 10
        if shift:
            pos = {k: (px, py + shift) for k, (px, py) in pos.items()}
        if down:
            height_ = int(max(pos[id(n)][1] + height(n) for n in every) + win_h + 10)
        else:
            height_ = int(top + shift + counter[0] * step + 10)
        edges = El("g")
        nodes = El("g")

        def draw(node: TreeNode) -> None:
            x, y = pos[id(node)]
            bw = box(node)
            for c in node.children:
                cx, cy = pos[id(c)]
                cw = box(c)
                lit = c.chosen and node.chosen
                said = self._edge_words(c)
                if down:
                    # from under the parent (and its window) to a straight end above the child
                    x0, y0 = x + bw / 2, y + height(node) + (win_h if node.window is not None else 0)
                    x1, y1 = cx + cw / 2, cy
                    bend = y1 - 22
                    d = (f"M{x0:.1f},{y0:.1f} C{x0:.1f},{y0 + 18:.1f} {x1:.1f},{bend - 18:.1f} "
                         f"{x1:.1f},{bend:.1f} L{x1:.1f},{y1:.1f}")
                    # the words beside the straight end, on the side away from the parent
                    left = x0 > x1 + 1
                    at = (round(x1 - 5 if left else x1 + 5, 1), round(y1 - 6, 1),
                          "end" if left else "start")
                else:
                    # a straight end under the edge's words, into the child's left side
                    x0, y0, x1, y1 = x + w, y, cx, cy
                    flat = x1 - (text_width(said, small) + 12 if said else 0)
                    d = (f"M{x0:.1f},{y0:.1f} C{x0 + 18:.1f},{y0:.1f} {flat - 18:.1f},{y1:.1f} "
                         f"{flat:.1f},{y1:.1f}" + (f" L{x1:.1f},{y1:.1f}" if said else ""))
                    at = (round(x1 - 5, 1), round(y1 - 5, 1), "end")
                edges.add(El("path", d=d,
                             class_="edge" + (" chosen" if lit else "") + (" cut" if c.cut else "")))
                if said:
                    edges.add(text(at[0], at[1], said, text_anchor=at[2],
                                   class_="edgetext" + (" chosen" if lit else "")))
                draw(c)
            kind = ("chance" if node.chance else "leaf" if not node.children
                    else "max" if node.maximise else "min")
            g = El("g", class_=f"node {kind}" + (" chosen" if node.chosen else "")
                   + (" cut" if node.cut else ""))
            words = node.label or "start"
            value = self._value(node)
            g.add(title(" — ".join(w for w in (words, node.player and f"{node.player} to act",
                                                 value and value != "?" and f"value {value}",
                                                 "never looked at" if node.cut else "", node.note)
                                   if w)))
            h = height(node)
            y_top = y if down else y - self.H / 2
            g.add(El("rect", x=round(x, 1), y=round(y_top, 1), width=round(bw, 1), height=h, rx=5))
            if stacked(node):
                g.add(text(round(x + bw / 2, 1), round(y_top + font + 2, 1), words, class_="label",
                           text_anchor="middle"))
                if value:
                    g.add(text(round(x + bw / 2, 1), round(y_top + 2 * font + 7, 1), value, class_="value",
                               text_anchor="middle"))
            else:
                room = bw - 8 - (text_width(value, font, True) + 6 if value else 0)
                shown = words
                while text_width(shown, font) > room and len(shown) > 2:
                    shown = shown[:-2] + "…"
                base = round(y_top + h / 2 + font * 0.35, 1)
                g.add(text(round(x + 5, 1), base, shown, class_="label"))
                if value:
                    g.add(text(round(x + bw - 5, 1), base, value, class_="value", text_anchor="end"))
            if node.window is not None:
                for i, line in enumerate(self._window(node)):
                    g.add(text(round(x + 4, 1), round(y_top + h + (i + 1) * (small + 2) - 1, 1), line,
                               class_="window"))
            nodes.add(g)

        draw(root)
        parts = [El("g", edges, nodes, class_="bk-tree"), key]
        for i, line in enumerate(lines):
            parts.insert(i, text(10, 22 + i * (self.CAPTION + 4), line, font_weight="bold",
                                 font_size=self.CAPTION, font_family="sans-serif"))
        return str(svg_document(width, height_, *parts, css=_css(font, small),
                                label=self.caption or "a game tree"))

    def __repr__(self) -> str:
        return (f"GameTree({self.root.size()} positions, {self.root.leaves()} leaves"
                + (f", {self.caption!r})" if self.caption else ")"))

    def _repr_html_(self) -> str:
        # an <img> of the SVG: every notebook viewer shows it, trusted or not
        return picture_html(self.svg())


def minimax_tree(rules: Rules, state: State, seat: int, depth: int | None = None,
                 evaluate: Callable[[State], float] | None = None,
                 label: Callable[[str], str] = str, max_nodes: int = 2000,
                 name: Callable[[int], str] | None = None) -> TreeNode:
    """The whole tree below ``state`` valued by minimax for ``seat``: a
    finished game is worth +1 (``seat`` wins) or -1 (it loses), a position
    at ``depth`` plies is worth ``evaluate(state)`` (for ``seat``). Chance
    nodes are not expanded (a ValueError). The path of best play is marked
    ``chosen``; ties go to the first action listed. More than ``max_nodes``
    nodes: a ValueError (draw a smaller tree)."""
    count = [0]
    who_name = name or (lambda p: rules.seat_name(p))

    def build(st: State, d: int, move: str) -> TreeNode:
        count[0] += 1
        if count[0] > max_nodes:
            raise ValueError(f"the tree has more than {max_nodes} nodes: draw a smaller one")
        node = TreeNode(label=label(move) if move else "")
        cur = rules.current(st)
        if cur is None:
            r = rules.returns(st)
            node.value = 1.0 if r[seat] > r[1 - seat] else -1.0 if r[seat] < r[1 - seat] else 0.0
            node.note = "game over"
            return node
        if cur is CHANCE:
            raise ValueError("minimax_tree draws trees without chance (a laid course)")
        if depth is not None and d >= depth:
            if evaluate is None:
                raise ValueError("a depth needs an evaluation")
            node.value = float(evaluate(st))
            node.note = "judged by the evaluation"
            return node
        node.player = who_name(cur)
        node.maximise = cur == seat
        for a in rules.legal_actions(st):
            node.children.append(build(rules.child(st, a), d + 1, a))
        vals = [c.value for c in node.children if c.value is not None]
        node.value = (max if node.maximise else min)(vals) if vals else None
        return node

    root = build(state, 0, "")
    node = root
    node.chosen = True
    while node.children:
        best = next(c for c in node.children if c.value == node.value)
        best.chosen = True
        node = best
    return root
