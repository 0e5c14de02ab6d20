"""The Super Race picture and its click model: dice kept by toggles and a
confirm, a colour button, then one square per die (the squares that can
come next outlined), an arrow for the last curve; every refusal comes from
the rules with its SU- rule. The pictures pass the classroom audit."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

import pytest
from svg_audit import Picture

from boardkit import SuperRace
from boardkit.core.errors import IllegalActionError
from boardkit.core.view import View, click_hint
from boardkit.super_race.bots import LapBot
from boardkit.super_race.view import FILL, mini
from boardkit.widget import BoardWidget, offered

NS = "{http://www.w3.org/2000/svg}"
FIRST = "roll rs rc rc ys bc"
COLOURS = ("red", "yellow", "blue")


def forced(*rolls: str, players: int = 1) -> SuperRace:
    return SuperRace(players=players, seed=1, chance=[FIRST, *rolls])


def tree(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def els(root: ET.Element, cls: str | None = None, **attrs: str) -> list[ET.Element]:
    out = []
    for el in root.iter():
        if cls is not None and cls not in (el.get("class") or "").split():
            continue
        if all(el.get(k.replace("_", "-")) == v for k, v in attrs.items()):
            out.append(el)
    return out


def board(root: ET.Element, seat: int) -> ET.Element:
    [b] = els(root, "su-board", data_seat=str(seat))
    return b


def targets(root: ET.Element, legal: bool | None = None) -> list[str]:
    """The data-act words of the targets (legal ones, or not legal ones)."""
    out = []
    for el in els(root, "target"):
        if el.get("data-act") is None:
            continue
        is_legal = "legal" in el.get("class").split()
        if legal is None or legal == is_legal:
            out.append(el.get("data-act"))
    return out


def next_words(game: SuperRace, pending: str) -> set[str]:
    k = len(pending.split())
    return {a.split()[k] for a in game.legal_actions if a.startswith(pending + " ")}


def play(game: SuperRace, n: int, bot: LapBot | None = None) -> SuperRace:
    bot = bot or LapBot()
    for _ in range(n):
        if game.is_over():
            break
        game.apply(bot.choose(game))
    return game


def forfeit_game() -> tuple[SuperRace, str]:
    """A game at a forfeit: the car waits at the pit lane's entrance (K10,
    leaving north) and K9 ahead is blue; the last roll shows no blue."""
    g = SuperRace.scenario(players=1, cars=["g11 h11 i11 j11 k11 k10 north"],
                           dice=["rs", "rs", "rc", "ys", "yc"], roll=3)
    ahead = g.rules.track.next["k10"]["north"]
    assert ahead is not None
    return g, g.rules.track.squares[ahead].colour


# ================================================================= pictures
@cache
def pictures() -> list[tuple[str, str]]:
    out = []
    g = forced()
    out.append(("solo, first roll", g.render()))
    out.append(("solo, a drive under way", g.render(pending="drive red " + next(
        a for a in g.legal_actions if a.startswith("drive red ")).split()[2])))
    last = next(a for a in g.legal_actions if a.startswith("drive red ") and a.split()[-1] in
                ("north", "east", "south", "west"))
    out.append(("solo, choosing the last curve", g.render(pending=" ".join(last.split()[:-1]))))
    out.append(("solo, dice selected", g.render(selected=("d1-rs", "d4-ys"))))
    out.append(("solo, stray selection", g.render(selected=("x",))))
    out.append(("solo, long caption", g.render(caption="step 3 of 9: " + "a long caption " * 20)))
    two = play(SuperRace(players=2, seed=4), 14)
    out.append(("2 players", two.render()))
    out.append(("2 players, seat 1", two.render(seat=1)))
    out.append(("2 players, past state", two.render(state=two.state_before(3), caption="before")))
    four = play(SuperRace(players=4, seed=5, track="monza", oil=["h1", "o12"]), 40)
    out.append(("4 players, Monza, oil", four.render()))
    three = play(SuperRace(players=3, seed=2), 2000)
    assert three.is_over()
    out.append(("3 players, over", three.render()))
    solo = play(SuperRace(players=1, seed=3), 2000)
    assert solo.is_over()
    out.append(("solo, over", solo.render()))
    ff, _ = forfeit_game()
    out.append(("forfeit", ff.render()))
    out.append(("mini", str(mini(two))))
    return out


def test_pictures_are_valid_xml_and_deterministic():
    for name, svg in pictures():
        root = tree(svg)
        assert root.tag == NS + "svg", name
    g = forced()
    assert g.render() == forced().render()
    two = play(SuperRace(players=2, seed=4), 14)
    assert two.render() == play(SuperRace(players=2, seed=4), 14).render()


@pytest.mark.slow
def test_pictures_are_readable_from_the_back_of_the_room():
    """At 1180 px wide (a small picture: at its own size) no text is under
    14 px, every text contrasts 4.5:1 and fits the picture and its box."""
    problems = []
    for name, svg in pictures():
        p = Picture(svg)
        scale = 1.0 if name == "mini" else 1180 / p.width
        if name != "mini":
            assert p.width == 1180, name
        else:
            assert p.width < 600, name
        for t in p.texts():
            if t.size * scale < 14 - 1e-6:
                problems.append((name, t.text, "smaller than 14 px"))
            if t.contrast < 4.5:
                problems.append((name, t.text, f"contrast {t.contrast:.2f} on {t.background}"))
            if t.x0 < -0.5 or t.x1 > p.width + 0.5 or t.y - t.size / 2 < 0 or \
                    t.y + t.size / 2 > p.height:
                problems.append((name, t.text, "outside the picture"))
                continue
            box = t.box
            if box is not None and Picture._tag(box.el) == "rect":
                x, w = float(box.el.get("x", 0)), float(box.el.get("width"))
                if t.x0 < x - 1 or t.x1 > x + w + 1:
                    problems.append((name, t.text, "wider than its box"))
    assert not problems, problems[:10]


def test_coloured_squares_carry_their_letter_and_corners_their_plus_one():
    g = forced()
    root = tree(g.render())
    track = g.rules.track
    b = board(root, 0)
    for name, sq in track.squares.items():
        [cell] = els(b, "su-sq", data_square=name)
        words = ["".join(t.itertext()) for t in cell.iter(NS + "text")]
        if sq.corner:
            assert "+1" in words, name
        elif sq.colour != "grey":
            assert words == [{"red": "R", "yellow": "Y", "blue": "B"}[sq.colour]], name
        else:
            assert words == [], name
    assert len(els(b, "su-cp")) >= len(track.checkpoints)


# ============================================================ dice: keep
def test_dice_are_toggles_and_keep_rerolls_the_others():
    g = forced("roll ys bs bs", "roll rs rs rs rs rs")
    w = BoardWidget(g)
    assert g.state["dice"] == ["rs", "rc", "rc", "ys", "bc"]
    _acts, toggles, confirms = offered(w.svg)
    assert toggles == ["d1-rs", "d2-rc", "d3-rc", "d4-ys", "d5-bc"]
    assert confirms == ["keep"]
    assert "Reroll the others (roll 2 of 3)" in w.svg and "(0 kept)" in w.svg
    w.toggle("d2-rc")
    w.toggle("d3-rc")
    assert w.selected == ["d2-rc", "d3-rc"]
    root = tree(w.svg)
    assert sorted(d.get("data-toggle") for d in els(root, "selected")) == ["d2-rc", "d3-rc"]
    assert "(2 kept)" in w.svg
    w.confirm("keep")
    assert [e.action for e in g.log][-2:] == ["keep rc rc", "roll ys bs bs"]
    assert g.state["dice"] == ["rc", "rc", "ys", "bs", "bs"] and g.state["rolls"] == 2
    # the dice set aside stay set aside (now the first two), until taken back
    assert w.selected == ["d1-rc", "d2-rc"] and "Roll 2 of 3" in w.svg
    assert offered(w.svg)[1] == ["d1-rc", "d2-rc", "d3-ys", "d4-bs", "d5-bs"]
    assert "(2 kept)" in w.svg
    w.toggle("d1-rc")                          # taken back: nothing kept, all five again
    w.toggle("d2-rc")
    w.confirm("keep")
    assert g.state["rolls"] == 3 and g.state["dice"] == ["rs"] * 5
    _acts, toggles, confirms = offered(w.svg)
    assert toggles == [] and confirms == [] and "last roll" in w.svg


def test_keeping_all_five_is_refused_with_the_rule():
    g = forced()
    w = BoardWidget(g)
    for word in offered(w.svg)[1]:
        w.toggle(word)
    before = g.state
    with pytest.raises(IllegalActionError) as err:
        w.confirm("keep")
    assert err.value.rule == "SU-R2" and g.state == before and len(w.selected) == 5


# ======================================================== colour buttons
def test_colour_buttons_are_legal_only_for_colours_that_can_be_drawn_completely():
    g = SuperRace(players=2, seed=4)
    bot = LapBot()
    mixed = 0
    for _ in range(60):
        if g.is_over():
            break
        if g.state["phase"] == "choose":
            root = tree(g.render())
            buttons = [w for w in targets(root) if w.startswith("drive ")]
            assert sorted(buttons) == sorted(f"drive {c}" for c in COLOURS)
            legal = {w.split()[1] for w in targets(root, legal=True) if w.startswith("drive ")}
            drivable = set(g.rules.drivable(g.state))
            assert legal == drivable
            shown = {f[0] for f in g.state["dice"]}
            mixed += bool(drivable) and len(drivable) < len(shown)
        g.apply(bot.choose(g))
    assert mixed, "no position with a colour shown that cannot be drawn"


def test_a_colour_that_cannot_all_be_drawn_is_refused_by_the_rules():
    g, blocked = forfeit_game()
    w = BoardWidget(g)
    shown = sorted({f[0] for f in g.state["dice"]})
    colour = {"r": "red", "y": "yellow", "b": "blue"}[shown[0]]
    before = g.state
    with pytest.raises(IllegalActionError) as err:
        w.click(f"drive {colour}")
    assert err.value.rule == "SU-R4" and "cannot" in w.error and g.state == before
    with pytest.raises(IllegalActionError) as err:
        w.click(f"drive {blocked}")            # no die shows it
    assert err.value.rule == "SU-R2" and g.state == before and w.pending == ""


# ===================================================== squares, one by one
def test_pending_drive_outlines_exactly_the_squares_that_can_come_next():
    g = forced()
    track = g.rules.track
    plan = next(a for a in g.legal_actions if a.startswith("drive red ")
                and a.split()[-1] in ("north", "east", "south", "west")).split()
    for k in range(2, len(plan)):
        pending = " ".join(plan[:k])
        root = tree(g.render(pending=pending))
        want = next_words(g, pending)
        assert want and plan[k] in want
        if k < len(plan) - 1:
            squares = set(targets(root, legal=True)) & set(track.squares)
            assert squares == want, pending
            # every other square is a target too (a click gets the rule's answer)
            assert set(targets(root, legal=False)) >= set(track.squares) - want
            assert len(els(root, "su-next")) == len(want)
    arrows = [a.get("data-act") for a in els(root, "su-arrow")]
    assert sorted(arrows) == sorted(want) and len(arrows) == 2
    assert set(targets(root, legal=True)) == want
    provisional = els(root, "su-provisional")
    assert [p.get("data-square") for p in provisional] == plan[2:-1]
    assert {p.get("data-colour") for p in provisional} == {"red"}


def test_SU_R16_an_exit_that_would_end_the_race_is_red_before_it_is_chosen():
    # yellow curve on G11, the first go: north faces the grass (no roll could
    # move the car again), south goes on along the track
    g = SuperRace(players=1, seed=2, chance=["roll yc yc bs bc bc", "roll rs yc bs bs"])
    g.apply("keep bc")
    root = tree(g.render(pending="drive yellow g11"))
    arrows = {a.get("data-act"): a for a in els(root, "su-arrow")}
    assert set(arrows) == {"north", "south"}
    assert "su-stuck" in arrows["north"].get("class") and "su-stuck" not in arrows["south"].get("class")
    assert "out of the race (SU-R16)" in arrows["north"].find(NS + "title").text
    assert "legal" in arrows["north"].get("class")          # a legal choice, only a bad one
    g.apply("drive yellow g11 north")
    assert not g.rules.can_move(g.state, 0)
    h = SuperRace(players=1, seed=2, chance=["roll yc yc bs bc bc", "roll rs yc bs bs"])
    h.apply("keep bc")
    h.apply("drive yellow g11 south")
    assert h.rules.can_move(h.state, 0)


def test_SU_R16_a_car_that_crosses_the_line_is_not_marked_out():
    # the lap's last drive: after it the car gets no go, but its race is run
    import random

    from boardkit import GreedyBot
    seen = 0
    for seed in range(1, 30):   # laps until one reaches the line
        g = SuperRace(players=1, seed=seed)
        bot, rng = GreedyBot(seed), random.Random(seed)
        while not g.is_over():
            state = g.state
            if state["phase"] == "roll":
                g.apply(g.rules.sample_chance(state, rng))
                continue
            for a in g.legal_actions:
                words = a.split()
                after = g.rules.child(state, a) if words[-1] in ("north", "east", "south", "west") else None
                if after is not None and after["cars"][0]["past"] is not None:
                    root = tree(g.render(pending=" ".join(words[:-1])))
                    arrow = next(e for e in els(root, "su-arrow") if e.get("data-act") == words[-1])
                    assert "su-stuck" not in arrow.get("class"), a
                    seen += 1
            g.apply(bot.choose(g))
        if seen:
            break
    assert seen > 0


def test_only_the_board_of_the_player_to_move_is_clickable():
    g = forced(players=2)
    assert g.state["turn"] == 0
    root = tree(g.render(pending="drive red"))
    assert targets(board(root, 0)) and not targets(board(root, 1))
    assert "to-move" in board(root, 0).get("class") and "to-move" not in board(root, 1).get("class")
    root = tree(g.render(seat=1))                  # someone else's screen
    assert not targets(root) and not offered(g.render(seat=1))[1]
    past = tree(g.render(state=g.state_before(0)))
    assert not targets(past) and not els(past, "target")


def test_a_whole_go_played_by_clicks():
    g = forced()
    w = BoardWidget(g)
    plan = next(a for a in g.legal_actions if a.startswith("drive red ")
                and a.split()[-1] in ("north", "east", "south", "west"))
    words = plan.split()
    w.click("drive red")
    assert w.pending == "drive red"
    for k, word in enumerate(words[2:], start=2):
        if k < len(words) - 1:
            root = tree(w.svg)
            assert set(targets(root, legal=True)) == next_words(g, w.pending)
        events = w.click(word)
        assert w.pending == ("" if k == len(words) - 1 else " ".join(words[:k + 1]))
    assert [e.action for e in g.log if e.player is not None and e.player == 0] == [plan]
    assert "drives red" in " ".join(events)
    car = g.state["cars"][0]
    assert car["path"] == words[2:-1] and car["colours"] == "rrr" and car["exit"] == words[-1]
    strokes = els(board(tree(w.svg), 0), "su-stroke")
    assert [s.get("data-square") for s in strokes] == car["path"]
    assert [s.get("stroke") for s in strokes] == [FILL["red"]] * 3
    [go] = els(tree(w.svg), "su-go")
    assert go.get("data-go") == "1"
    [exit_arrow] = els(tree(w.svg), "su-exit")
    assert exit_arrow.get("data-heading") == words[-1]


def test_a_refused_square_click_says_the_rule_and_changes_nothing():
    g = forced()
    w = BoardWidget(g)
    track = g.rules.track
    w.click("drive red")
    wrong = next(n for n, sq in sorted(track.squares.items()) if not sq.line)
    before, log = g.state, len(g.log)
    with pytest.raises(IllegalActionError) as err:
        w.click(wrong)
    assert err.value.rule.startswith("SU-") and err.value.rule == "SU-R5"
    assert g.state == before and len(g.log) == log and w.pending == "drive red"
    assert "start/finish line" in w.error
    # further on: a square that is not next to the last one
    first = sorted(next_words(g, "drive red"))[0]
    w.click(first)
    far = next(n for n in sorted(track.squares) if n not in next_words(g, w.pending)
               and n not in track.next[first].values() and n != first)
    with pytest.raises(IllegalActionError) as err:
        w.click(far)
    assert err.value.rule == "SU-R3" and far.upper() in w.error
    assert g.state == before and w.pending == f"drive red {first}"


def test_a_square_already_crossed_is_refused_with_su_r3():
    g = forced("roll rs rs rs rs rs")
    w = BoardWidget(g)
    # drive the yellow straight, then look back at the start line
    plan = next(a for a in g.legal_actions if a.startswith("drive yellow "))
    w.act(plan)
    done = g.state["cars"][0]["path"][0]
    w.click("drive red")
    before = g.state
    with pytest.raises(IllegalActionError) as err:
        w.click(done)
    assert err.value.rule == "SU-R3" and g.state == before


# ====================================================== the drawn route
def test_the_route_has_one_stroke_per_square_in_its_dice_colour():
    g = play(SuperRace(players=2, seed=4, track="monza"), 30)
    root = tree(g.render())
    colour = {"r": "red", "y": "yellow", "b": "blue"}
    seen = 0
    for seat, car in enumerate(g.state["cars"]):
        strokes = els(board(root, seat), "su-stroke")
        assert [s.get("data-square") for s in strokes] == car["path"]
        assert [s.get("data-colour") for s in strokes] == [colour[c] for c in car["colours"]]
        assert [s.get("stroke") for s in strokes] == [FILL[colour[c]] for c in car["colours"]]
        gos = els(board(root, seat), "su-go")
        assert [int(x.get("data-go")) for x in gos] == list(range(1, len(car["ends"]) + 1))
        seen += len(car["path"])
    assert seen > 10


def test_curves_are_quarter_circles_and_straights_lines():
    g = forced()
    plan = "drive red " + " ".join(next(a for a in g.legal_actions if a.startswith("drive red ")
                                        and a.split()[-1] in ("north", "south", "east", "west"))
                                   .split()[2:])
    g.apply(plan)
    strokes = els(board(tree(g.render()), 0), "su-stroke")
    kinds = ["A" in s.get("d") for s in strokes]
    assert kinds.count(True) == 2 and kinds.count(False) == 1    # a red straight, two curves


# ================================================================= forfeit
def test_a_forfeit_is_a_button_with_its_reason_in_words():
    g, _ = forfeit_game()
    svg = g.render()
    root = tree(svg)
    assert targets(root, legal=True) == ["forfeit"]
    [why] = [t for t in root.iter(NS + "text") if t.get("data-why") == "forfeit"]
    assert "no colour shown can be drawn completely: the whole go is forfeited" in "".join(
        "".join(t.itertext()) for t in root.iter(NS + "text") if t.get("data-why") == "forfeit")
    w = BoardWidget(g)
    w.click("forfeit")
    assert [e.action for e in g.log if e.player == 0][-1] == "forfeit"


# =================================================================== hints
def test_the_hint_says_what_to_click():
    g = forced()
    acts, toggles, confirms = offered(g.render())
    hint = click_hint("super_race", acts, "", toggles, confirms)
    assert "colour to drive" in hint and "red" in hint
    acts, _, _ = offered(g.render(pending="drive red"))
    hint = click_hint("super_race", acts, "drive red")
    assert f"{len(acts)} outlined squares for the next red die" in hint
    last = next(a for a in g.legal_actions if a.startswith("drive red ")
                and a.split()[-1] in ("north", "south", "east", "west")).split()
    acts, _, _ = offered(g.render(pending=" ".join(last[:-1])))
    assert "arrow" in click_hint("super_race", acts, " ".join(last[:-1]))
    ff, _ = forfeit_game()
    assert "Forfeit" in click_hint("super_race", offered(ff.render())[0], "")


# =============================================================== the header
def test_header_says_whose_go_the_roll_and_the_result():
    g = forced(players=2)
    svg = g.render()
    assert "Player 1's go" in svg and "Roll 1 of 3" in svg
    over = play(SuperRace(players=3, seed=2), 2000)
    res = over.state["results"][-1]
    root = tree(over.render())
    rows = els(root, "su-result")
    assert len(rows) == 3
    for s, row in enumerate(rows):
        line = "".join("".join(t.itertext()) for t in row.iter(NS + "text"))
        assert ("winner" in line) == (s in res["winners"])
        pts = res["points"][s]
        assert (f"+{pts}" if pts > 0 else f"−{-pts}" if pts < 0 else "0 points") in line


def test_mini_is_one_small_board_with_nothing_to_click():
    g = play(SuperRace(players=2, seed=4), 14)
    svg = str(mini(g, seat=1))
    root = tree(svg)
    assert len(els(root, "su-board")) == 1 and board(root, 1) is not None
    assert not els(root, "target") and int(root.get("width")) < 600
    assert len(els(root, "su-stroke")) == len(g.state["cars"][1]["path"])


def test_a_past_view_draws_that_state():
    g = forced()
    plan = next(a for a in g.legal_actions if a.startswith("drive yellow "))
    g.apply(plan)
    now = tree(g.render())
    then = tree(g.render(View(state=g.state_before(1))))
    assert len(els(now, "su-stroke")) == 1 and not els(then, "su-stroke")


def _boxes(svg: str):
    """(marks, flags): the boxes of the squares' marks and of the go flags."""
    import re
    import xml.etree.ElementTree as ET

    from boardkit.core.svg import text_width
    ns = "{http://www.w3.org/2000/svg}"
    marks, flags = [], []
    for g in ET.fromstring(svg).iter(f"{ns}g"):
        kind = g.get("class", "")
        if kind.startswith("su-sq"):
            for t in g.findall(f"{ns}text"):
                size = float(re.search(r"font-size:([\d.]+)px", t.get("style", "")).group(1))
                x, y, half = float(t.get("x")), float(t.get("y")), text_width(t.text, size, True) / 2
                marks.append((x - half, y - 0.36 * size, x + half, y + 0.36 * size))  # cap height
        elif kind == "su-go":
            r = g.find(f"{ns}rect")
            x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
            flags.append((x, y, x + w, y + h))
    return marks, flags


@pytest.mark.slow
def test_go_flags_keep_clear_of_the_squares_marks_and_crossed_marks_stay_on_top():
    """A go's number flag covers no square's +1 / R / Y / B (more than a
    2-pixel sliver; 1 in 100 by up to 5 pixels where nothing else is free)
    on either track in whole seeded games; the marks of squares under the
    route are drawn again above it."""
    from boardkit.super_race.bots import LapBot
    flags_seen, covered = 0, []
    for track in ("indianapolis", "monza"):
        for seed in range(4):
            g = SuperRace(players=2, seed=seed, track=track)
            bot = LapBot(seed)
            for _ in range(400):
                if g.is_over():
                    break
                g.apply(bot.choose(g))
            svg = g.render()
            marks, flags = _boxes(svg)
            flags_seen += len(flags)
            for f in flags:
                for m in marks:
                    depth = min(min(f[2], m[2]) - max(f[0], m[0]), min(f[3], m[3]) - max(f[1], m[1]))
                    if depth > 2:
                        covered.append((depth, track, seed, f, m))
            assert svg.count('class="su-marks"') == 2       # one per player's board
    # where every place round a square touches a mark (Monza's crowded
    # corners), the least covered one is taken: a few pixels at most
    assert flags_seen > 100 and len(covered) <= flags_seen // 100, covered[:3]
    assert all(c[0] <= 5 for c in covered), covered


def _flag_corner_plain(geo, name, w, h, taken):
    """The flags' rule summed over every box taken (what the board did
    before its boxes were bucketed), for comparison."""
    x, y = geo.corner(name)
    s = geo.s

    def overlap(cx, cy):
        a = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        return sum(max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
                   for b in taken)
    corners = [(x + s, y), (x, y), (x + s, y + s), (x, y + s),
               (x + s / 2, y), (x + s, y + s / 2), (x + s / 2, y + s), (x, y + s / 2)]
    sq = geo.track.squares[name]
    on = {(q.x, q.y) for q in geo.track.squares.values()}
    for dx, dy in ((1, 0), (0, -1), (-1, 0), (0, 1), (1, -1), (-1, -1), (1, 1), (-1, 1)):
        if (sq.x + dx, sq.y + dy) not in on:
            cx, cy = geo.cell_xy(sq.x + dx, sq.y + dy)
            corners.append((cx + s / 2, cy + s / 2))
    return min(corners, key=lambda c: (overlap(*c) > 0, overlap(*c), corners.index(c)))


@pytest.mark.parametrize("track", ["indianapolis", "monza"])
def test_a_go_flag_is_placed_in_constant_work_where_a_sum_over_every_box_puts_it(track, monkeypatch):
    """Each flag's place is found among the boxes near it (the grid's
    buckets), not all of them: the same place as summing over every mark,
    car and flag, with a bounded number of overlaps computed per flag
    however many flags a long race has."""
    from boardkit.super_race import view_route
    from boardkit.super_race.view_geometry import _Geo
    g = SuperRace(players=1, track=track)
    calls = [0]
    real = view_route._area

    def counted(a, b):
        calls[0] += 1
        return real(a, b)
    monkeypatch.setattr(view_route, "_area", counted)
    names = sorted(g.track.squares)
    for cell in (44, 22):
        geo = _Geo(g.track, 12, 60, cell)
        taken, plain = view_route._Taken(geo), view_route._label_boxes(geo)
        per_flag = []
        for k in range(300):                      # flags piled on, the later ones crowded
            name = names[(k * 7) % len(names)]
            w = view_route.text_width(str(k + 1), 14, True) + 8
            calls[0] = 0
            got = view_route._flag_corner(geo, name, w, 17, taken)
            per_flag.append(calls[0])
            assert got == _flag_corner_plain(geo, name, w, 17, plain), (cell, k, name)
            for boxes in (taken, plain):
                boxes.append((got[0] - w / 2, got[1] - 8.5, got[0] + w / 2, got[1] + 8.5))
        # the work per flag is the boxes near it, not every box (a sum over
        # every box costs at least len(plain) per flag, and more each flag)
        # (at 300 flags on a mini board they crowd each other: ~120 a flag)
        assert sum(per_flag[:100]) / 100 < len(plain) / 10
        assert sum(per_flag) / 300 < len(plain) / 3
