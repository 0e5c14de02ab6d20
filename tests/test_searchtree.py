"""Search trees for the lessons (boardkit.core.searchtree): numbers backed up
by minimax, alpha-beta's window, bounds and cut-offs against plain minimax on
the same trees, expectimax against a hand computation and against Super
Race's exact odds, the Monte Carlo tree with its visits, and the pictures."""
from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from boardkit import GreedyBot, SlimeRace
from boardkit.core.mcts import MCTSBot
from boardkit.core.searchtree import (
    alphabeta,
    back_up,
    expectimax,
    hands_picture,
    leaves,
    mcts_tree,
    numeric_tree,
)
from boardkit.core.tree import GameTree, TreeNode
from boardkit.super_race.odds import at_least, best_policy, keep_tree

LESSON = [[3, 9, 6], [7, 5, 8], [4, 11, 2]]


def walk(node):
    yield node
    for c in node.children:
        yield from walk(c)


def plain_minimax(spec, maximise=True):
    if isinstance(spec, (int, float)):
        return spec
    vals = [plain_minimax(s, not maximise) for s in spec]
    return max(vals) if maximise else min(vals)


def test_numeric_tree_names_the_moves_and_starts_without_inner_values():
    t = numeric_tree(LESSON)
    assert [c.label for c in t.children] == ["A", "B", "C"]
    assert [leaf.label for leaf in leaves(t)][:4] == ["A1", "A2", "A3", "B1"]
    assert [leaf.value for leaf in leaves(t)] == [3, 9, 6, 7, 5, 8, 4, 11, 2]
    assert all(n.value is None for n in walk(t) if n.children)
    assert t.maximise and not t.children[0].maximise
    with pytest.raises(ValueError):
        numeric_tree([[], 3])
    svg = GameTree(t, "back it up", blanks=True, down=True).svg()
    assert svg.count(">?<") == 4                      # the root and the three replies


def test_back_up_is_minimax_and_visits_every_node():
    t = numeric_tree(LESSON)
    assert back_up(t) == t.size() == 13
    assert [c.value for c in t.children] == [3, 5, 2] and t.value == 5
    assert [n.label for n in walk(t) if n.chosen] == ["", "B", "B2"]


def test_alphabeta_on_the_lesson_tree_cuts_c2_and_c3_and_keeps_the_windows():
    t = numeric_tree(LESSON)
    visited = alphabeta(t)
    assert visited == 11 and t.value == 5
    assert sorted(n.label for n in walk(t) if n.cut) == ["C2", "C3"]
    a, b, c = t.children
    assert (a.window, b.window, c.window) == ((-math.inf, math.inf), (3, math.inf), (5, math.inf))
    assert c.value == 4 and c.bound == "≤" and a.bound == b.bound == ""
    assert [n.label for n in walk(t) if n.chosen] == ["", "B", "B2"]
    svg = GameTree(t, "alpha-beta", down=True).svg()
    assert svg.count('class="node leaf cut"') == 2 and "≤+4" in svg and "α +5" in svg


@pytest.mark.parametrize("seed", range(40))
def test_alphabeta_agrees_with_minimax_and_never_visits_more(seed):
    rng = random.Random(seed)

    def spec(depth):
        if depth == 0:
            return rng.randint(-9, 9)
        return [spec(depth - 1) for _ in range(rng.randint(2, 3))]

    s = spec(rng.choice((2, 3)))
    t = numeric_tree(s)
    full = back_up(t)
    assert t.value == plain_minimax(s)
    cut = alphabeta(t)
    assert t.value == plain_minimax(s) and cut <= full
    assert cut == sum(1 for n in walk(t) if not n.cut)
    for n in walk(t):                                 # a bound is a bound on the true value
        if n.children and not n.cut:
            exact = plain_minimax(_spec_of(s, n.label), n.maximise)
            assert {"": exact == n.value, "≤": exact <= n.value, "≥": exact >= n.value}[n.bound]


def _spec_of(spec, label):
    for ch in label:
        spec = spec["ABCDEFGH12345678abcdefgh".index(ch) % 8]
    return spec


def test_best_order_cuts_more_than_worst_order():
    best = numeric_tree([[7, 5, 8], [3, 9, 6], [4, 11, 2]])      # B first
    worst = numeric_tree([[4, 11, 2], [3, 9, 6], [7, 5, 8]])     # B last
    assert alphabeta(best) < alphabeta(worst) and best.value == worst.value == 5


def test_expectimax_against_a_hand_computation():
    coin = TreeNode(label="bet", chance=True, children=[TreeNode(label="heads", value=10, probability=0.5),
                                                       TreeNode(label="tails", value=-4, probability=0.5)])
    die = TreeNode(label="die", chance=True,
                   children=[TreeNode(label=str(k), value=k, probability=1 / 6) for k in range(1, 7)])
    root = TreeNode(children=[coin, TreeNode(label="safe", value=2.5), die])
    assert expectimax(root) == pytest.approx(3.5)      # the die: (1+…+6)/6; the coin: 3
    assert coin.value == pytest.approx(3) and die.chosen and not coin.chosen
    coin.children[0].probability = 0.6
    with pytest.raises(ValueError, match="add up to 1"):
        expectimax(root)


@pytest.mark.parametrize("roll,k,rolls_left", [(("rc", "rc", "ys", "yc", "bs"), 3, 2),
                                               (("rs", "bc", "bs", "ys", "yc"), 2, 1),
                                               (("rs", "rc", "rs", "ys", "bc"), 4, 2)])
def test_super_race_keep_tree_is_worth_the_exact_best_chance(roll, k, rolls_left):
    t = keep_tree(roll, k, "r", rolls_left)
    policy = best_policy(at_least(k, "r"), rolls_left)
    assert expectimax(t) == pytest.approx(float(policy.chance(roll, rolls_left)), abs=1e-12)
    for node in t.children:
        if node.chance:
            assert sum(c.probability for c in node.children) == pytest.approx(1)


def test_the_keep_two_red_chance_node_by_hand():
    """Keep 2 red, reroll 3: j red among 3 dice has chance C(3, j) (1/3)^j (2/3)^(3-j)."""
    t = keep_tree(("rc", "rc", "ys", "yc", "bs"), 3, "r", 1)
    node = t.children[0]
    assert node.label == "keep 2 red, roll 3"
    for j, c in enumerate(node.children):
        p = Fraction(math.comb(3, j)) * Fraction(1, 3) ** j * Fraction(2, 3) ** (3 - j)
        assert c.probability == pytest.approx(float(p)) and c.value == (1.0 if j else 0.0)
    expectimax(t)
    assert node.value == pytest.approx(19 / 27)


def slime_race():
    race = SlimeRace(players=3, seed=4)
    greedy = GreedyBot(1)
    for _ in range(9):
        race.apply(greedy.choose(race))
    return race


@pytest.mark.parametrize("iterations", [10, 60])
def test_mcts_tree_shows_the_visits_of_the_search(iterations):
    race = slime_race()
    bot = MCTSBot(seed=1, iterations=iterations, keep_tree=True)
    choice = bot.choose(race)
    t = mcts_tree(bot, depth=2, widest=10)
    shown = {c.label: int(c.edge.split(" · ")[0]) for c in t.children if not c.cut}
    stored = {d["action"]: d["visits"] for d in bot.last_search["actions"] if d["visits"]}
    assert shown == stored
    assert sum(shown.values()) == bot.last_tree.visits == iterations
    lit = [c for c in t.children if c.chosen]
    assert [c.label for c in lit] == [choice]
    svg = GameTree(t, f"{iterations} iterations").svg()
    ET.fromstring(svg)
    assert len(re.findall(r'class="edgetext[^"]*"', svg)) == sum(1 for n in walk(t) if n.edge)


def test_mcts_tree_needs_a_kept_tree_and_sums_up_the_rest():
    race = slime_race()
    bot = MCTSBot(seed=1, iterations=30)
    bot.choose(race)
    with pytest.raises(ValueError, match="keep_tree"):
        mcts_tree(bot)
    bot = MCTSBot(seed=1, iterations=30, keep_tree=True)
    bot.choose(race)
    t = mcts_tree(bot, depth=1, widest=2)
    assert len(t.children) == 3 and t.children[-1].cut
    assert sum(_visits(c) for c in t.children) == 30


def _visits(node):
    return int(node.edge.split(" ")[0])


def test_hands_picture_draws_every_card():
    pic = hands_picture([("seen", [["?", "?"], ["red+5", "2nd+10"]]),
                         ("world 1", [["blue+4", "3rd+5"], ["red+5", "2nd+10"]])], ["P1", "P2"], "worlds")
    svg = str(pic.svg())
    ET.fromstring(svg)
    assert svg.count(" rx=\"4\"") == 8 and ">red+5<" in svg and "#e8584f" in svg
    assert len(re.findall(">\\?<", svg)) == 2


def test_why_not_values_every_move_the_seat_had_and_marks_its_own():
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import SlipStreamAI, why_not

    play = SlipStream(seed=6, chance=["first 0"])
    bot = SlipStreamAI.level(1, seed=1)
    while play.state["phase"] != "play" or play.current_player != 0:
        play.apply(bot.choose(play))
    assert "has not moved yet" in why_not(play, 0) or play.log
    judge = SlipStreamAI.level(1)
    judge.choose(play)
    ranked = judge.last_search["moves"]
    worst = ranked[-1]["action"]
    if ranked[-1]["value"] == ranked[0]["value"]:
        pytest.skip("every move is worth the same here")
    before = play.copy()
    play.apply(worst)
    said = why_not(play, 0)
    assert said.count("← yours") == 1 and "The AI prefers" in said
    assert len([line for line in said.splitlines() if line.startswith("  ")]) == len(before.legal_actions)
    best = ranked[0]["action"]
    before.apply(best)
    assert "the AI's choice too" in why_not(before, 0)


def _listed(said: str) -> dict[str, float]:
    """The moves and values why_not prints, one a line ("  s7 → 2f  -0.7  …")."""
    return {m.group(1): float(m.group(2)) for m in re.finditer(r"^  (\S+ → \S+) +([+-]\d+\.\d)", said, re.M)}


def test_why_not_values_every_first_move_under_the_pie_rule():
    """SS-R10: the first move is valued too — each legal first move is worth, to its mover,
    minus what the other player expects after taking the colour it prefers."""
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import SlipStreamAI, why_not

    start = SlipStream(seed=6, chance=["first 0"])
    assert start.state["phase"] == "pie"
    play = start.copy()
    play.apply("move s7 2f")
    bot = SlipStreamAI.level(1, seed=1)
    while play.current_player == 1:
        play.apply(bot.choose(play))
    said = why_not(play, 0)
    assert "not a move of a machine" not in said and "SS-R10" in said
    listed = _listed(said)
    assert set(listed) == {" → ".join(a.split()[1:]) for a in start.legal_actions}
    assert said.count("← yours") == 1 and re.search(r"^  s7 → 2f .*← yours$", said, re.M)
    judge = SlipStreamAI.level(1)
    for action in list(start.legal_actions)[:4]:
        after = start.copy()
        after.apply(action)
        judge.choose(after)
        chooser = judge.last_search["evaluation"]
        assert chooser >= 0                                   # the chooser takes the better side
        assert listed[" → ".join(action.split()[1:])] == round(-chooser, 1)
    assert list(listed.values()) == sorted(listed.values(), reverse=True)


def test_why_not_states_the_gap_of_the_values_it_prints():
    from boardkit.slip_stream import SlipStream
    from boardkit.slip_stream.ai import SlipStreamAI, why_not

    demo = SlipStream(seed=6, chance=["first 0"])
    bot = SlipStreamAI.level(1, seed=1)
    while demo.state["phase"] != "play" or demo.current_player != 0:
        demo.apply(bot.choose(demo))
    for _ in range(3):
        moves = list(demo.legal_actions)
        demo.apply(moves[len(moves) // 2])
        demo.apply(bot.choose(demo))
    said = why_not(demo, 0)
    listed = _listed(said)
    mine = float(re.search(r"^  \S+ → \S+ +([+-]\d+\.\d) .*← yours$", said, re.M).group(1))
    gap = float(re.search(r"about (\d+\.\d) points better", said).group(1))
    assert gap == round(max(listed.values()) - mine, 1) > 0


def test_a_numeric_tree_tried_in_another_order_keeps_its_move_names():
    t = numeric_tree([[7, 5, 8], [3, 9, 6], [4, 11, 2]], names="BAC")
    assert [c.label for c in t.children] == ["B", "A", "C"]
    assert [leaf.label for leaf in t.children[0].children] == ["B1", "B2", "B3"]
    assert alphabeta(t) == 9 and t.value == 5
    svg = GameTree(t, down=True).svg()
    assert svg.index(">B<") < svg.index(">A<") < svg.index(">C<")
    with pytest.raises(ValueError):
        numeric_tree([[1, 2], [3, 4]], names="AA")


def _shown_sizes(svg: str) -> list[float]:
    """The font sizes (px) of the words a tree picture draws, by the classes it uses."""
    sizes = {c: float(px) for c, px in re.findall(r"\.bk-tree \.(\w+)\{font:(?:bold )?(\d+)px", svg)}
    used = set(re.findall(r'<text [^>]*class="(\w+)', svg))
    return [sizes[c] for c in used if c in sizes] + [float(x) for x in re.findall(r'font-size="(\d+)"', svg)]


@pytest.mark.parametrize("width", [821, 912])
def test_the_lessons_widest_trees_are_read_at_14_px_at_least_on_a_notebook_s_width(width):
    """The lessons' widest trees (the alpha-beta tree with its windows, the expectimax tree of
    lesson B, the endgame tree drawn across) keep every word at 14 px or more once shown in an
    output as wide as JupyterLab's at 1280 × 720 with its file browser open (821 px measured in
    JupyterLab 4; 912 px in the review): a picture wider than that shrinks."""
    from boardkit.core.tree import minimax_tree
    from boardkit.slip_stream import SlipStream

    endgame = SlipStream.scenario(
        red=["37a", "37b", "36c", "35a"], blue=["37d", "37e", "37f", "35e"],
        goal=["red", "red", "blue", "blue", "blue"], scores={"red": 12, "blue": 13},
        wheels={k: ("red" if k % 2 else "blue") for k in range(1, 7)})
    across = GameTree(minimax_tree(endgame.rules, endgame.state, 0, label=lambda a: a[5:]),
                      "Every way the endgame can go", legend=[("max", "red to move")]).svg()
    from boardkit.super_race.odds import keep_tree

    lesson = numeric_tree([[3, 9, 6], [7, 5, 8], [4, 11, 2]])
    alphabeta(lesson)
    decision = keep_tree(("rc", "rc", "ys", "yc", "bs"), 3, "red", rolls_left=2, keeps=(2, 1))
    expectimax(decision)
    pictures = [across]
    for tree, caption in ((lesson, "Alpha-beta: the window (α, β) under each node; grey and dashed: "
                                   "never looked at"),
                          (decision, "Expectimax: a chance node is the average of its children, weighed "
                                     "by their chances")):
        pictures.append(GameTree(tree, caption, value_text=lambda v: "" if v is None else f"{v:.2f}",
                                 down=True).svg())
    for svg in pictures:
        shown = int(re.search(r'width="(\d+)"', svg).group(1))
        scale = min(width, 2 * shown) / shown if shown < 600 else width / shown
        assert min(_shown_sizes(svg)) * scale >= 14, (svg[:300], shown)


def test_a_hidden_draw_is_drawn_the_same_way_after_10_and_100_iterations():
    """Another seat's draw is hidden from the searching seat: both pictures write it 'draw ?',
    where the search names a branch by the first card it met until a second one comes."""
    race = slime_race()
    said = {}
    for n in (10, 100):
        bot = MCTSBot(seed=1, iterations=n, keep_tree=True)
        bot.choose(race)
        plain = mcts_tree(bot, depth=2, widest=7)
        drawn = mcts_tree(bot, depth=2, widest=7, hidden=True)
        below = [g.label for c in drawn.children if c.chance for g in c.children]
        assert below and set(below) == {"draw ?"}
        said[n] = {g.label for c in plain.children if c.chance for g in c.children}
    assert any(x != "draw ?" for x in said[10])          # the search's own names, after 10


def test_edge_words_sit_beside_a_straight_end_of_their_edge():
    """The words on an edge are clear of its curve: each labelled edge ends in a straight
    segment ('L') beside (down) or under (across) its words."""
    lesson = numeric_tree(LESSON)
    alphabeta(lesson)
    decision = keep_tree(("rc", "rc", "ys", "yc", "bs"), 3, "red", rolls_left=2, keeps=(2, 1))
    expectimax(decision)
    bot = MCTSBot(seed=1, iterations=10, keep_tree=True)
    bot.choose(slime_race())
    for picture in (GameTree(decision, down=True), GameTree(mcts_tree(bot, depth=2, widest=7))):
        svg = picture.svg()
        pairs = re.findall(r'<path d="([^"]+)"[^>]*/>\s*<text x="([\d.]+)" y="([\d.]+)"[^>]*class="edgetext',
                           svg)
        assert len(pairs) == svg.count('class="edgetext') > 0
        for d, x, y in pairs:
            end = re.search(r"([\d.]+),([\d.]+) L([\d.]+),([\d.]+)$", d)
            assert end, d
            x0, y0, x1, y1 = map(float, end.groups())
            if picture.down:       # a vertical end; the words' baseline is beside it
                assert x0 == x1 and y0 <= float(y) - 10 and float(y) <= y1 and abs(float(x) - x1) == 5
            else:                  # a horizontal end under the words
                assert y0 == y1 and float(y) == y1 - 5 and x0 < float(x) <= x1
