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
"""


class GameTree:
    """An SVG picture of a :class:`TreeNode` tree.

    :param root: the tree.
    :param caption: a line above the picture.
    :param value_text: how a value is written (default: ``+1``, ``-1``, ``+2.5``).
    """

    DX = 150          # one ply
    DY = 26           # one leaf
    W, H = 112, 20    # a node's box

    def __init__(self, root: TreeNode, caption: str = "",
                 value_text: Callable[[float | None], str] = _fmt_value):
        self.root = root
        self.caption = caption
        self.value_text = value_text

    def svg(self) -> str:
        root = self.root
        top = 34 if self.caption else 10
        pos: dict[int, tuple[float, float]] = {}
        counter = [0]

        def place(node: TreeNode, d: int) -> float:
            if not node.children:
                y = top + counter[0] * self.DY + self.H / 2
                counter[0] += 1
            else:
                ys = [place(c, d + 1) for c in node.children]
                y = (ys[0] + ys[-1]) / 2
            pos[id(node)] = (10 + d * self.DX, y)
            return y

        place(root, 0)
        width = int(20 + (root.depth() + 1) * self.DX)
        height = int(top + counter[0] * self.DY + 10)
        edges = El("g")
        nodes = El("g")

        def draw(node: TreeNode) -> None:
            x, y = pos[id(node)]
            for c in node.children:
                cx, cy = pos[id(c)]
                edges.add(El("path", d=f"M{x + self.W:.1f},{y:.1f} C{x + self.W + 18:.1f},{y:.1f} "
                                       f"{cx - 18:.1f},{cy:.1f} {cx:.1f},{cy:.1f}",
                             class_="edge chosen" if c.chosen and node.chosen else "edge"))
                draw(c)
            kind = "leaf" if not node.children else ("max" if node.maximise else "min")
            g = El("g", class_=f"node {kind}" + (" chosen" if node.chosen else ""))
            words = node.label or "start"
            value = self.value_text(node.value)
            g.add(title(" — ".join(w for w in (words, node.player and f"{node.player} to act",
                                                 value and f"value {value}", node.note) if w)))
            g.add(El("rect", x=round(x, 1), y=round(y - self.H / 2, 1), width=self.W,
                     height=self.H, rx=5))
            room = self.W - 8 - (text_width(value, 12, True) + 6 if value else 0)
            shown = words
            while text_width(shown, 12) > room and len(shown) > 2:
                shown = shown[:-2] + "…"
            g.add(text(round(x + 5, 1), round(y + 4, 1), shown, class_="label"))
            if value:
                g.add(text(round(x + self.W - 4, 1), round(y + 4, 1), value, class_="value",
                           text_anchor="end"))
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
