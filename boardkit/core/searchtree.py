"""Search trees for a lesson: small numeric trees backed up by hand, alpha-beta
drawn with its window and its cut-offs, expectimax with chance nodes, and the
tree a Monte Carlo search grew.

Every function works on :class:`~boardkit.core.tree.TreeNode` trees and
:class:`~boardkit.core.tree.GameTree` draws them (pure Python, SVG):

* :func:`numeric_tree` — a tree from nested lists of numbers
  (``[[3, 12, 8], [2, 4, 6]]``: two moves, three replies each, the leaves'
  values); its inner nodes have no value yet (drawn "?" with ``blanks=True``);
* :func:`back_up` — minimax: every inner node gets the best of its
  children for the player there; returns the nodes visited;
* :func:`alphabeta` — the same with the one window (α, β) carried from
  the root: each node keeps the window it was entered with, a value that is
  only a bound is marked ``≤`` / ``≥``, and the nodes never looked at are
  marked ``cut``; returns the nodes visited;
* :func:`expectimax` — a chance node is worth the mean of its children
  weighed by their probabilities;
* :func:`mcts_tree` — the tree an :class:`~boardkit.core.mcts.MCTSBot`
  built (``keep_tree=True``), with visits and mean values on the edges;
* :func:`hands_picture` — rows of hands of cards (what a seat sees, and
  the worlds a determinisation samples from it).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .rules import CHANCE
from .svg import El, Picture, picture_html, svg_document, text, text_width
from .tree import TreeNode

__all__ = ["numeric_tree", "back_up", "alphabeta", "expectimax", "leaves", "mcts_tree",
           "hands_picture", "HandsPicture"]

#: how the moves of each ply are named below the root: A B C, then 1 2 3, then a b c
_NAMES = ("ABCDEFGH", "12345678", "abcdefgh", "ABCDEFGH")


def numeric_tree(spec: Sequence[Any], players: tuple[str, str] = ("MAX", "MIN"),
                 names: str | None = None) -> TreeNode:
    """A game tree from nested lists: a number is a leaf (its value, for
    MAX), a list a position whose moves lead to its items. MAX moves at the
    root, then the players take turns. The moves are named by their place:
    ``A``, ``B`` … below the root, then ``A1``, ``A2`` …, then ``A1a`` …;
    ``names`` gives the root's moves other names, one letter each (``"BAC"``:
    the same moves tried in another order keep their names, B's replies
    are B1, B2 …)."""
    if names is not None and (len(names) != len(spec) or len(set(names)) != len(names)):
        raise ValueError(f"{len(spec)} different names are needed for the root's moves, not {names!r}")
    def build(item: Any, depth: int, label: str) -> TreeNode:
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            return TreeNode(label=label, value=float(item), note="a leaf: its value is given")
        if not isinstance(item, (list, tuple)) or not item:
            raise ValueError(f"a tree is a number or a non-empty list of trees, not {item!r}")
        if len(item) > len(_NAMES[0]) or depth >= len(_NAMES):
            raise ValueError("too large a tree to draw: at most 8 moves a position and 4 plies")
        node = TreeNode(label=label, player=players[depth % 2], maximise=depth % 2 == 0)
        letters = names if depth == 0 and names is not None else _NAMES[depth]
        node.children = [build(c, depth + 1, label + letters[k]) for k, c in enumerate(item)]
        return node

    return build(spec, 0, "")


def leaves(node: TreeNode) -> list[TreeNode]:
    """The leaves below ``node``, top to bottom."""
    return [node] if not node.children else [leaf for c in node.children for leaf in leaves(c)]


def _reset(node: TreeNode) -> None:
    node.chosen, node.cut, node.window, node.bound = False, False, None, ""
    if node.children:
        node.value = None
    for c in node.children:
        _reset(c)


def _mark_chosen(root: TreeNode) -> None:
    node = root
    node.chosen = True
    while node.children and not node.chance:
        best = next((c for c in node.children if not c.cut and not c.bound and c.value == node.value),
                    None)
        if best is None:
            break
        best.chosen = True
        node = best


def back_up(root: TreeNode) -> int:
    """Minimax: every inner node's value is the largest of its children's
    (MAX to move) or the smallest (MIN), from the leaves up; the line both
    play is marked ``chosen`` (ties: the first). Returns the nodes visited
    (every node of the tree)."""
    _reset(root)
    count = [0]

    def value(node: TreeNode) -> float:
        count[0] += 1
        if not node.children:
            assert node.value is not None, f"the leaf {node.label} has no value"
            return node.value
        vals = [value(c) for c in node.children]
        node.value = max(vals) if node.maximise else min(vals)
        return node.value

    value(root)
    _mark_chosen(root)
    return count[0]


def alphabeta(root: TreeNode, alpha: float = -math.inf, beta: float = math.inf) -> int:
    """Alpha-beta on ``root``, one window carried down from the root and
    narrowed as values come back. Each visited node keeps the window it was
    entered with (``window``) and the value it returned; a returned value at
    or below α is only an upper bound (``bound = "≤"``), one at or above β a
    lower bound (``"≥"``). A node not visited because α ≥ β stopped its
    parent is marked ``cut`` (and everything below it). The root's value is
    minimax's. Returns the nodes visited."""
    _reset(root)
    count = [0]

    def cut_all(node: TreeNode) -> None:
        node.cut = True
        for c in node.children:
            cut_all(c)

    def search(node: TreeNode, a: float, b: float) -> float:
        count[0] += 1
        node.window = (a, b)
        if not node.children:
            assert node.value is not None, f"the leaf {node.label} has no value"
            return node.value
        a0, b0 = a, b
        best = -math.inf if node.maximise else math.inf
        for i, c in enumerate(node.children):
            v = search(c, a, b)
            if node.maximise:
                best, a = max(best, v), max(a, v)
            else:
                best, b = min(best, v), min(b, v)
            if a >= b:
                for rest in node.children[i + 1:]:
                    cut_all(rest)
                break
        node.value = best
        node.bound = "≤" if best <= a0 else "≥" if best >= b0 else ""
        return best

    search(root, alpha, beta)
    _mark_chosen(root)
    return count[0]


def expectimax(root: TreeNode) -> float:
    """Backs values up through decision and chance nodes: a decision node
    takes the best child for its player (largest for MAX, smallest for MIN),
    a chance node (``chance=True``) the sum of probability × value over its
    children, whose probabilities must add up to 1. The best decision at
    the root is marked ``chosen``. Returns the root's value."""
    _reset(root)

    def value(node: TreeNode) -> float:
        if not node.children:
            assert node.value is not None, f"the leaf {node.label} has no value"
            return node.value
        vals = [value(c) for c in node.children]
        if node.chance:
            ps = [c.probability for c in node.children]
            if any(p is None for p in ps) or not math.isclose(sum(p for p in ps if p is not None), 1.0,
                                                              abs_tol=1e-9):
                raise ValueError(f"the chances below {node.label or 'the root'} do not add up to 1")
            node.value = sum(p * v for p, v in zip(ps, vals) if p is not None)
        else:
            node.value = max(vals) if node.maximise else min(vals)
        return node.value

    result = value(root)
    _mark_chosen(root)
    return result


# ------------------------------------------------------------ a Monte Carlo tree
def mcts_tree(bot: Any, label: Callable[[str], str] = str, depth: int = 2, widest: int = 4,
              seat_name: Callable[[int], str] | None = None, hidden: bool = False) -> TreeNode:
    """The tree the bot's last search grew (an
    :class:`~boardkit.core.mcts.MCTSBot` made with ``keep_tree=True``), as a
    :class:`TreeNode`: ``depth`` plies below the root, at each node its
    ``widest`` most visited children (the others summed up in one grey
    node "… k more"). Each edge says the child's visits and its mean value
    for the player who chose it (for a chance outcome: for the searching
    seat), ``n · mean``. The move the bot plays, then the most visited
    child below each node (what it expects next), is ``chosen``.

    ``hidden=True``: the chance outcomes are hidden from the searching seat
    (a card another seat draws): each is drawn as the seat knows it,
    ``draw ?``, whatever card the sampled worlds put there (the search
    itself names a branch by the first outcome it met, and writes ``?``
    only once a second, different one has come down it)."""
    root = getattr(bot, "last_tree", None)
    if root is None:
        raise ValueError("no tree kept: make the bot with keep_tree=True and let it choose a move")
    seat = bot.last_search["seat"]
    who = seat_name or (lambda p: f"seat {p}")

    def convert(node: Any, move: str, chooser: Any, d: int) -> TreeNode:
        whose = chooser if isinstance(chooser, int) else seat
        mean = node.value[whose] / node.visits if node.visits else None
        out = TreeNode(label=label(move) if move else "", chance=node.actor is CHANCE,
                       edge=f"{node.visits} · {mean:.2f}" if move and mean is not None else "",
                       player="chance" if node.actor is CHANCE else
                       (who(node.actor) if isinstance(node.actor, int) else ""),
                       maximise=node.actor == seat,
                       note=f"{node.visits} visits" + (f", mean {mean:.2f}" if mean is not None else ""))
        if d >= depth or not node.children:
            return out
        kids = sorted(node.children.items(), key=lambda kv: (-kv[1].visits, kv[0]))
        shown, rest = kids[:widest], kids[widest:]
        def name(c: Any, a: Any) -> str:
            said = c.label or a
            if hidden and node.actor is CHANCE and isinstance(said, str) and " " in said:
                return said.split(" ", 1)[0] + " ?"
            return said

        out.children = [convert(c, name(c, a), node.actor, d + 1) for a, c in shown if c.visits]
        rest_visits = sum(c.visits for _, c in rest)
        if rest_visits:
            out.children.append(TreeNode(label=f"… {len(rest)} more", cut=True,
                                         edge=f"{rest_visits} in all",
                                         note=f"{len(rest)} more children, {rest_visits} visits"))
        return out

    tree = convert(root, "", None, 0)
    tree.label = "now"
    node = tree
    node.chosen = True
    choice = label(bot.last_search["choice"])
    while node.children:
        # the bot's own choice at the root; below it the most visits (ties: the better mean)
        best = next((c for c in node.children if c.label == choice), None) if node is tree else \
            max((c for c in node.children if not c.cut), key=_visits, default=None)
        if best is None:
            break
        best.chosen = True
        node = best
    return tree


def _visits(node: TreeNode) -> tuple[int, float]:
    visits, _, mean = node.edge.partition(" · ")
    return (int(visits), float(mean)) if node.edge else (0, 0.0)


# ------------------------------------------------------------ hands of cards
_CARD_COLOURS = {"red": "#e8584f", "orange": "#f2a03d", "yellow": "#f4d23c", "green": "#4caf6a",
                 "blue": "#4f8fe0", "purple": "#a070c8"}


def card_colour(card: str) -> str:
    """A card's fill: its colour word before ``+`` (``red+5``), else light grey."""
    return _CARD_COLOURS.get(card.split("+")[0], "#e4e4e4")


class HandsPicture:
    """A picture of hands of cards, one row per world, one column per seat."""

    def __init__(self, rows: Sequence[tuple[str, Sequence[Sequence[str]]]], seats: Sequence[str],
                 caption: str = "", colour: Callable[[str], str] = card_colour):
        self.rows, self.seats, self.caption, self.colour = rows, seats, caption, colour

    CARD_W, CARD_H, GAP = 66, 24, 4

    def svg(self) -> Picture:
        from .palette import ink

        top = 34 if self.caption else 8
        title_w = max(text_width(r[0], 13, True) for r in self.rows) + 14
        most = [max(len(r[1][k]) for r in self.rows) for k in range(len(self.seats))]
        col_w = [m * (self.CARD_W + self.GAP) + 16 for m in most]
        width = int(10 + title_w + sum(col_w))
        height = int(top + 22 + len(self.rows) * (self.CARD_H + 14) + 6)
        parts: list[El] = []
        if self.caption:
            parts.append(text(10, 22, self.caption, font_weight="bold", font_size=14))
        x = 10 + title_w
        for k, name in enumerate(self.seats):
            parts.append(text(round(x, 1), top + 12, name, font_size=13, font_weight="bold", fill="#333"))
            x += col_w[k]
        for i, (title_words, hands) in enumerate(self.rows):
            y = top + 22 + i * (self.CARD_H + 14)
            parts.append(text(10, round(y + 16, 1), title_words, font_size=13, font_weight="bold",
                              fill="#111"))
            x = 10 + title_w
            for k, hand in enumerate(hands):
                for j, card in enumerate(hand):
                    cx = x + j * (self.CARD_W + self.GAP)
                    fill = self.colour(card) if card != "?" else "#bdbdbd"
                    parts.append(El("rect", x=round(cx, 1), y=y, width=self.CARD_W, height=self.CARD_H,
                                    rx=4, fill=fill, stroke="#555", stroke_width=1))
                    parts.append(text(round(cx + self.CARD_W / 2, 1), round(y + 16, 1), card, font_size=12,
                                      text_anchor="middle", fill=ink(fill)))
                x += col_w[k]
        return svg_document(width, height, *parts, label=self.caption or "hands of cards")

    def _repr_html_(self) -> str:
        return picture_html(self.svg())

    def __repr__(self) -> str:
        return f"HandsPicture({len(self.rows)} rows{', ' + repr(self.caption) if self.caption else ''})"


def hands_picture(rows: Sequence[tuple[str, Sequence[Sequence[str]]]], seats: Sequence[str],
                  caption: str = "", colour: Callable[[str], str] = card_colour) -> HandsPicture:
    """Rows of hands (``(row title, [hand of seat 0, hand of seat 1, …])``),
    a card ``?`` drawn grey: what one seat sees and the worlds sampled from it."""
    return HandsPicture(rows, seats, caption, colour)
