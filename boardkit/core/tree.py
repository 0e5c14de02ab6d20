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

from collections.abc import Callable
from dataclasses import dataclass, field

from .rules import CHANCE, Rules, State
from .svg import El, picture_html, svg_document, text, text_width, title

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


CSS = """
.bk-tree .edge{stroke:#8a8a8a;stroke-width:1.4;fill:none}
.bk-tree .edge.chosen{stroke:#e07000;stroke-width:4}
.bk-tree .node rect{fill:#fff;stroke:#555;stroke-width:1.2}
.bk-tree .node.max rect{fill:#eef4ff}
.bk-tree .node.min rect{fill:#fff1ee}
.bk-tree .node.leaf rect{fill:#f6f6f6}
.bk-tree .node.chosen rect{stroke:#e07000;stroke-width:3}
.bk-tree .label{font:12px sans-serif;fill:#111}
.bk-tree .value{font:bold 12px sans-serif;fill:#111}
.bk-tree .who{font:10px sans-serif;fill:#555}
.bk-tree .node.chance rect{fill:#fff6cc;stroke:#8a6d00}
.bk-tree .edge.cut{stroke:#c4c4c4;stroke-dasharray:4 3}
.bk-tree .node.cut rect{fill:#ececec;stroke:#bdbdbd;stroke-dasharray:4 3}
.bk-tree .node.cut text{fill:#9a9a9a}
.bk-tree .window{font:11px sans-serif;fill:#1f4e9a}
.bk-tree .edgetext{font:11px sans-serif;fill:#333}
.bk-tree .edgetext.chosen{fill:#a04f00;font-weight:bold}
"""


class GameTree:
    """An SVG picture of a :class:`TreeNode` tree.

    :param root: the tree.
    :param caption: a line above the picture.
    :param value_text: how a value is written (default: ``+1``, ``-1``, ``+2.5``).
    :param blanks: an inner node without a value shows "?" (a tree to back up by hand).
    :param down: the root at the top and the leaves side by side along the
        bottom (a small tree: wider than tall, as a slide is); else the root
        at the left.

    A node's ``window`` is written under its box (α and β), its ``edge``
    (or its ``probability``) on the edge into it; a ``cut`` node and its
    edge are grey and dashed, a ``chance`` node is yellow.
    """

    DX = 150          # one ply
    DY = 26           # one leaf
    W, H = 112, 20    # a node's box
    W_DOWN = 84       # a node's box in a tree drawn downwards

    def __init__(self, root: TreeNode, caption: str = "",
                 value_text: Callable[[float | None], str] = _fmt_value, blanks: bool = False,
                 down: bool = False):
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

    def svg(self) -> str:
        root = self.root
        top = 34 if self.caption else 10
        every = self._nodes()
        windows = any(n.window is not None for n in every)
        edge_room = max((text_width(self._edge_words(n), 11) for n in every), default=0.0)
        w = self.W_DOWN if self.down else self.W

        def box(node: TreeNode) -> float:
            """A node's width: in a tree drawn downwards a node widens to its words."""
            if not self.down:
                return w
            return max(w, text_width(node.label or "start", 12) + text_width("≤+0.00", 12, True) + 18)
        if self.down:     # the root at the top, one row per ply, the leaves side by side
            # each leaf as wide as its own words (one long label does not widen them all)
            dy = self.H + 50 + (16 if windows else 0)
        else:             # the root at the left, one column per ply, the leaves one under another
            step = self.DY + (16 if windows else 0)
            dx = max(self.DX, self.W + 24 + edge_room) if edge_room else self.DX
        pos: dict[int, tuple[float, float]] = {}
        counter = [0.0]

        def place(node: TreeNode, d: int) -> float:
            """The node's centre along the leaves' axis (down) or its offset (across)."""
            if not node.children:
                if self.down:
                    room = max(box(node) + 12, edge_room + 16)
                    at = counter[0] + room / 2
                    counter[0] += room
                else:
                    at = counter[0] * step
                    counter[0] += 1
            else:
                ats = [place(c, d + 1) for c in node.children]
                at = (ats[0] + ats[-1]) / 2
            pos[id(node)] = ((10 + at - box(node) / 2, top + d * dy + self.H / 2) if self.down
                             else (10 + d * dx, top + at + self.H / 2))
            return at

        place(root, 0)
        if self.down:
            width = int(20 + counter[0])
            height = int(top + root.depth() * dy + self.H + (16 if windows else 0) + 10)
        else:
            width = int(20 + root.depth() * dx + w)
            height = int(top + counter[0] * step + 10)
        below = self.H / 2 + (16 if windows else 0)
        edges = El("g")
        nodes = El("g")

        def draw(node: TreeNode) -> None:
            x, y = pos[id(node)]
            bw = box(node)
            for c in node.children:
                cx, cy = pos[id(c)]
                cw = box(c)
                lit = c.chosen and node.chosen
                if self.down:
                    x0, y0, x1, y1 = x + bw / 2, y + below, cx + cw / 2, cy - self.H / 2
                    d = f"M{x0:.1f},{y0:.1f} C{x0:.1f},{y0 + 18:.1f} {x1:.1f},{y1 - 18:.1f} {x1:.1f},{y1:.1f}"
                else:
                    d = (f"M{x + w:.1f},{y:.1f} C{x + w + 18:.1f},{y:.1f} "
                         f"{cx - 18:.1f},{cy:.1f} {cx:.1f},{cy:.1f}")
                edges.add(El("path", d=d,
                             class_="edge" + (" chosen" if lit else "") + (" cut" if c.cut else "")))
                said = self._edge_words(c)
                if said:
                    at = ((round(cx + cw / 2, 1), round(cy - self.H / 2 - 5, 1), "middle") if self.down
                          else (round(cx - 4, 1), round(cy - 5, 1), "end"))
                    edges.add(text(at[0], at[1], said, text_anchor=at[2],
                                   class_="edgetext" + (" chosen" if lit else "")))
                draw(c)
            kind = ("chance" if node.chance else "leaf" if not node.children
                    else "max" if node.maximise else "min")
            g = El("g", class_=f"node {kind}" + (" chosen" if node.chosen else "")
                   + (" cut" if node.cut else ""))
            words = node.label or "start"
            value = self.value_text(node.value)
            if value and node.bound:
                value = node.bound + value
            if not value and self.blanks and node.children and not node.cut:
                value = "?"
            g.add(title(" — ".join(w for w in (words, node.player and f"{node.player} to act",
                                                 value and value != "?" and f"value {value}",
                                                 "never looked at" if node.cut else "", node.note)
                                   if w)))
            g.add(El("rect", x=round(x, 1), y=round(y - self.H / 2, 1), width=round(bw, 1),
                     height=self.H, rx=5))
            room = bw - 8 - (text_width(value, 12, True) + 6 if value else 0)
            shown = words
            while text_width(shown, 12) > room and len(shown) > 2:
                shown = shown[:-2] + "…"
            g.add(text(round(x + 5, 1), round(y + 4, 1), shown, class_="label"))
            if value:
                g.add(text(round(x + bw - 4, 1), round(y + 4, 1), value, class_="value",
                           text_anchor="end"))
            if node.window is not None:
                g.add(text(round(x + 4, 1), round(y + self.H / 2 + 12, 1),
                           f"α {_fmt_bound(node.window[0])}  β {_fmt_bound(node.window[1])}",
                           class_="window"))
            nodes.add(g)

        draw(root)
        parts = [El("g", edges, nodes, class_="bk-tree")]
        if self.caption:
            parts.insert(0, text(10, 20, self.caption, font_weight="bold", font_size=14))
        return str(svg_document(width, height, *parts, css=CSS,
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
