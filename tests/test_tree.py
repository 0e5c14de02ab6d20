"""The game-tree picture (boardkit.core.tree) and the planned line drawn as
arrows (boardkit.slip_stream.view.plan_arrows): values backed up by
minimax, the chosen path, a deterministic, well-formed SVG."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from boardkit.core.tree import GameTree, TreeNode, minimax_tree
from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.ai import SlipStreamAI
from boardkit.slip_stream.view import plan_arrows, with_plan


def endgame(red_score=12, blue_score=13):
    """Red's last two machines race blue's last one to the goal; the wheel
    token of tile 7 (5 points) goes to the colour that clears it first."""
    return SlipStream.scenario(red=["37a", "37b", "36c", "35a"], blue=["37d", "37e", "37f", "35e"],
                               goal=["red", "red", "blue", "blue", "blue"],
                               scores={"red": red_score, "blue": blue_score},
                               wheels={k: ("red" if k % 2 else "blue") for k in range(1, 7)})


def arrow(action):
    return " → ".join(action.split()[1:])


def walk(node):
    yield node
    for c in node.children:
        yield from walk(c)


def test_minimax_tree_backs_up_the_values_of_the_whole_tree():
    g = endgame()
    seat = g.current_player
    root = minimax_tree(g.rules, g.state, seat, label=arrow)
    assert root.size() == sum(1 for _ in walk(root)) and root.leaves() >= 3
    for node in walk(root):
        if node.children:
            vals = [c.value for c in node.children]
            assert node.value == (max(vals) if node.maximise else min(vals))
        else:
            assert node.value in (1.0, -1.0) and node.note == "game over"
    # the chosen path runs from the root to a leaf along equal values
    node = root
    assert node.chosen
    while node.children:
        chosen = [c for c in node.children if c.chosen]
        assert len(chosen) == 1 and chosen[0].value == node.value
        node = chosen[0]
    # the labels are the moves, and the root's children are the legal moves
    assert sorted(c.label for c in root.children) == sorted(arrow(a) for a in g.legal_actions)


def test_leaf_values_are_the_games_result():
    g = endgame()
    seat = g.current_player
    root = minimax_tree(g.rules, g.state, seat, label=str)
    # replay the chosen line and compare with the game's own outcome
    node, play = root, g.copy(history=False)
    while node.children:
        node = next(c for c in node.children if c.chosen)
        play.apply(node.label)
    assert play.is_over()
    assert node.value == (1.0 if play.outcome().winners == (seat,) else -1.0)


def test_a_depth_needs_an_evaluation_and_big_trees_are_refused():
    g = endgame()
    with pytest.raises(ValueError, match="evaluation"):
        minimax_tree(g.rules, g.state, 0, depth=1)
    shallow = minimax_tree(g.rules, g.state, 0, depth=1, evaluate=lambda s: 0.5)
    assert all(c.value == 0.5 or c.note == "game over" for c in shallow.children)
    with pytest.raises(ValueError, match="more than 5 nodes"):
        minimax_tree(g.rules, g.state, 0, max_nodes=5)


def test_the_picture_is_deterministic_well_formed_and_marks_the_chosen_path():
    g = endgame()
    root = minimax_tree(g.rules, g.state, g.current_player, label=arrow)
    tree = GameTree(root, "the whole tree")
    svg = tree.svg()
    assert svg == GameTree(root, "the whole tree").svg()
    assert repr(tree) == f"GameTree({root.size()} positions, {root.leaves()} leaves, 'the whole tree')"
    html = tree._repr_html_()
    assert html.startswith('<img class="boardkit-static" src="data:image/svg+xml;base64,')
    assert "<svg" not in html
    doc = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    nodes = [e for e in doc.iter(f"{ns}g") if "node" in e.get("class", "").split()]
    assert len(nodes) == root.size()
    chosen_nodes = [e for e in nodes if "chosen" in e.get("class", "")]
    chosen_edges = [e for e in doc.iter(f"{ns}path") if e.get("class") == "edge chosen"]
    depth = 0
    node = root
    while node.children:
        node = next(c for c in node.children if c.chosen)
        depth += 1
    assert len(chosen_nodes) == depth + 1 and len(chosen_edges) == depth
    # every leaf shows its value
    assert svg.count('class="value"') >= root.leaves()


def test_a_hand_made_tree_draws_too():
    leaf = TreeNode("b", 3.0)
    root = TreeNode("", 3.0, [TreeNode("a", -1.0), leaf], player="Max", chosen=True)
    leaf.chosen = True
    svg = GameTree(root).svg()
    assert ">+3<" in svg and ">-1<" in svg and "start" in svg


def test_the_planned_line_is_drawn_as_numbered_arrows():
    g = SlipStream(seed=21)
    bot = SlipStreamAI(seed=1, depth=2)
    for _ in range(14):
        g.apply(bot.choose(g))
    ai = SlipStreamAI(seed=0, depth=4)
    ai.choose(g)
    plan = ai.planned_actions()
    assert plan and plan[0] == ai.last_search["choice"]
    layer = plan_arrows(g, plan)
    assert layer.count('class="bk-plan-step"') == len(plan)
    assert plan_arrows(g, plan) == layer
    # an illegal action stops the line; nothing else is drawn
    assert plan_arrows(g, ["move 1a 99z"]).count("bk-plan-step") == 0
    picture = g.render()
    drawn = with_plan(picture, g, plan)
    ET.fromstring(drawn)
    assert drawn.startswith(picture[:200]) and layer in drawn
    assert list(drawn.parts[:-2]) == list(picture.parts[:-1])
