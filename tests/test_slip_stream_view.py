"""The Slip Stream board picture and its click model.

Positions come from ``SlipStream.scenario`` on the course 1, 2, …, 7 unless
said otherwise: rows 2–6 are tile 1 (row 2 all elongated spaces, row 3
``|o|o|o|`` from lane a), rows 17–21 tile 4, 22–26 tile 5 (the two tiles
with prohibition lines), row 37 the goal.
"""
from __future__ import annotations

import itertools
import random
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from svg_audit import Picture, luminance, rgb

from boardkit import IllegalActionError, InvalidActionError
from boardkit.core.palette import BOARD_WIDTH
from boardkit.core.view import View
from boardkit.slip_stream import SlipStream
from boardkit.slip_stream.view import FILL, LETTER
from boardkit.widget import BoardWidget

NS = "{http://www.w3.org/2000/svg}"
COURSE = ["course 1 2 3 4 5 6 7"]


def root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def targets(svg: str) -> dict[str, str]:
    """data-act → class of every click target."""
    return {e.get("data-act"): e.get("class") for e in root(svg).iter() if e.get("data-act")}


def legal_targets(svg: str) -> set[str]:
    return {k for k, v in targets(svg).items() if "legal" in v.split()}


def groups(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in root(svg).iter(NS + "g") if cls in (e.get("class") or "").split()]


def fresh(first: int = 0) -> SlipStream:
    return SlipStream(seed=0, chance=[f"first {first}", *COURSE])


def played(seed: int, moves: int) -> SlipStream:
    g = SlipStream(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.apply(rng.choice(list(g.legal_actions)))
    return g


# ------------------------------------------------------------ the picture
@pytest.mark.parametrize("game", [fresh(), played(1, 12), played(2, 40), played(3, 400)],
                         ids=["pie", "early", "mid", "over"])
def test_the_picture_parses_and_shows_every_machine_on_its_space(game):
    svg = game.render()
    assert svg == game.render()                              # deterministic
    drawn = {(e.get("data-colour"), e.get("data-space")) for e in groups(svg, "ss-machine")}
    want = {(c, m) for c, ms in game.state["machines"].items() for m in ms}
    assert drawn == want and len(want) == 8
    for e in groups(svg, "ss-machine"):                      # a letter, not only a colour
        assert e.find(NS + "text").text == LETTER[e.get("data-colour")]


def test_machines_differ_in_grey_scale_and_carry_letters():
    assert abs(luminance(rgb(FILL["red"])) - luminance(rgb(FILL["blue"]))) > 0.15
    assert set(LETTER.values()) == {"R", "B"}


def test_every_space_of_the_course_is_drawn_at_any_course_order():
    for order in ([1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1], [3, 1, 7, 2, 5, 4, 6]):
        g = SlipStream.scenario(course=order)
        svg = g.render()
        spaces = {e.get("data-space") for e in groups(svg, "ss-space")}
        assert spaces == set(g.layout.names)
        tiles = [int(e.get("data-tile")) for e in root(svg).iter(NS + "g") if e.get("data-tile")]
        assert tiles == order                               # left to right in course order


def _slots_drawn(svg: str) -> dict[tuple[float, float], str]:
    """The slot shapes as a browser draws them (each ``<use>`` followed to
    its ``<defs>``): centre → "circle", "goal" or "space"."""
    out = {}
    for item in Picture(svg).items:
        el, classes = item.el, item.chain[-1][1]
        tag = el.tag.replace(NS, "")
        if "ss-slot" in classes or "ss-goal" in classes:
            if tag == "circle":
                centre, kind = (float(el.get("cx")), float(el.get("cy"))), "circle"
            else:
                centre = (float(el.get("x")) + float(el.get("width")) / 2,
                          float(el.get("y")) + float(el.get("height")) / 2)
                kind = "goal" if "ss-goal" in classes else "space"
            assert centre not in out, f"two slots drawn at {centre}"
            out[centre] = kind
    return out


@pytest.mark.parametrize("order", [[1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1], [3, 1, 7, 2, 5, 4, 6]])
def test_every_space_has_its_slot_drawn_in_its_cell(order):
    """The slots are drawn once per kind (<defs>) and once per column of
    the course (<use>): each space still gets exactly one, of its kind, in
    the middle of the cell that answers a click on it."""
    g = SlipStream.scenario(course=order)
    svg = g.render()
    assert "<defs>" in svg and "<use " in svg
    drawn = _slots_drawn(svg)
    want = {}
    for e in groups(svg, "ss-space"):
        hit = [c for c in e if c.get("class") == "hit"][0]
        centre = (float(hit.get("x")) + float(hit.get("width")) / 2,
                  float(hit.get("y")) + float(hit.get("height")) / 2)
        kind = e.get("class").split()[1]
        want[centre] = {"start": "space", "circle": "circle", "goal": "goal"}.get(kind, "space")
    assert len(want) == len(g.layout.names) == len(drawn)
    for (x, y), kind in want.items():       # (the same place to within 0.02: both are written rounded)
        found = [k for (dx, dy), k in drawn.items() if abs(dx - x) < 0.02 and abs(dy - y) < 0.02]
        assert found == [kind], ((x, y), kind, found)


def test_an_id_names_one_shape_on_every_board():
    """Live boards share one page (a notebook shows many): an id used by two
    boards must draw the same on both, whatever their course, title or
    state."""
    import re
    shapes: dict[str, str] = {}
    boards = [fresh(), played(2, 45), SlipStream.scenario(course=[3, 1, 7, 2, 5, 4, 6])]
    views = [View(), View(caption="step 3 of 9: " + "red slips ahead; " * 40)]
    for g in boards:
        for v in views:
            for m in re.finditer(r'<(\w+) id="([^"]+)"[^>]*?(?:/>|>.*?</\1>)', g.render(v)):
                assert shapes.setdefault(m.group(2), m.group(0)) == m.group(0), m.group(2)
    assert len(shapes) > 5


def test_a_stored_board_is_small():
    """What a notebook stores of a board (slim(): no titles, click words or
    click areas) is about a quarter of the live board: 19 boards keep the
    Slip Stream notebook well under 1 MB."""
    from boardkit.core.svg import slim
    for g in (fresh(), played(2, 45), played(3, 400)):
        live = g.render()
        stored = slim(live)
        assert len(stored) < 27_000 and len(stored) < 0.35 * len(live), (len(stored), len(live))


def test_prohibition_lines_lie_along_the_forbidden_steps():
    for order in ([1, 2, 3, 4, 5, 6, 7], [5, 4, 3, 2, 1, 7, 6]):
        g = SlipStream.scenario(course=order)
        lay = g.layout
        want = {(f"{r}{'abcdefg'[a - 1]}", f"{r + 1}{'abcdefg'[b - 1]}") for r, a, b in lay.forbidden}
        bans = groups(g.render(), "ss-ban")
        drawn = {(e.get("data-from"), e.get("data-to")) for e in bans if e.get("data-from")}
        assert drawn == want and len(want) == 4
        for e in bans:                                      # a dotted line with × marks
            lines = [c for c in e if c.tag == NS + "line"]
            assert lines[0].get("class") == "dots" and len(lines) == 5


@pytest.mark.parametrize("score_tile", [1, 4, 6])
def test_the_score_tile_shows_its_turbo_and_crash_marks_and_wheel_points(score_tile):
    g = SlipStream.scenario(score_tile=score_tile, scores={"red": 3, "blue": 7})
    tile = g.score_tile
    svg = g.render()
    marks = {kind: {int(e.get("data-pos")) for e in groups(svg, kind)} for kind in ("turbo", "crash",
                                                                                     "home")}
    assert marks == {"turbo": set(tile.turbo), "crash": set(tile.crash), "home": {tile.goal}}
    assert len(groups(svg, "ss-mark")) == tile.goal + 1
    values = [int(e.find(NS + "text").text) for e in groups(svg, "ss-wheel-value")]
    assert values == list(tile.wheels)
    tokens = {e.get("class"): int(e.get("data-score")) for e in groups(svg, "ss-score")}
    assert tokens == {"ss-score red": 3, "ss-score blue": 7}


def test_wheel_tokens_stay_on_their_tiles_until_taken():
    g = SlipStream.scenario(red=["8a", "8b", "9c", "10d"], blue=["3a"], wheels={1: "red"})
    taken = {int(e.get("data-position")): e.get("data-taken") for e in groups(g.render(), "ss-wheel")}
    assert taken == {1: "red", 2: "", 3: "", 4: "", 5: "", 6: "", 7: ""}
    assert "red took it" in g.render()


# ----------------------------------------------------------------- clicks
def test_the_legal_machines_are_the_first_words_of_the_legal_moves():
    # red's machine on 2a is boxed in by blue on 3a and 3b: a target, not legal
    g = SlipStream.scenario(red=["2a", "4c", "s5", "s7"], blue=["3a", "3b", "10c"])
    legal = list(g.legal_actions)
    svg = g.render()
    assert legal_targets(svg) == {" ".join(a.split()[:2]) for a in legal}
    assert targets(svg)["move 2a"] == "ss-machine red target"
    blue = [e for e in groups(svg, "ss-machine") if e.get("data-colour") == "blue"]
    assert {"3a", "3b", "10c"} <= {e.get("data-space") for e in blue}
    assert not any(e.get("data-act") for e in blue)                         # blue's: no targets
    assert "move 2a" not in legal_targets(svg)
    before = g.to_json()
    w = BoardWidget(g)                        # a click on it says why it cannot move
    with pytest.raises(IllegalActionError, match="cannot move at all") as info:
        w.click("move 2a")
    assert info.value.rule == "SS-R2" and w.pending == "" and w.game.to_json() == before


def test_a_space_clicked_before_a_machine_says_what_a_move_takes():
    # every space is drawn the same in every state (it names itself), so a
    # click on one before a machine is chosen reaches the rules
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    svg = g.render()
    assert targets(svg)["4b"] == "ss-space space" and "4b" not in legal_targets(svg)
    assert groups(svg, "ss-spaces")[0] is not None
    w = BoardWidget(g)
    before = w.game.to_json()
    with pytest.raises(InvalidActionError, match="'4b' names a space; a move takes two clicks"):
        w.click("4b")
    assert "first the machine to move" in w.error and w.pending == "" and w.game.to_json() == before


def test_a_space_is_clicked_only_while_machines_move():
    g = fresh()
    svg = g.render()                                 # the first move (pie rule)
    assert targets(svg)["4b"] == "ss-space space"
    spaces = set(g.layout.names)
    assert spaces <= set(targets(svg)) and {"s1", "37d"} <= spaces
    g.apply("move s3 2c")                            # the colour choice: only its buttons
    assert g.state["phase"] == "colour" and not spaces & set(targets(g.render()))
    over = played(3, 400)
    assert over.is_over() and not set(over.layout.names) & set(targets(over.render()))


def test_the_keyboard_meets_the_destinations_in_course_order():
    g = SlipStream.scenario(red=["8c", "s5", "s7"], blue=["s1"])
    assert "move 8c 10d" in g.legal_actions
    order = [e.get("data-act") for e in groups(g.render(pending="move 8c"), "ss-target")]
    assert order == ["9b", "9c", "10d"]               # row 9 before row 10 (not by the letters)


def test_the_spaces_are_drawn_the_same_whatever_is_selected_or_changed():
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    spaces = {ET.tostring(groups(svg, "ss-spaces")[0])
              for svg in (g.render(), g.render(pending="move 2a"), g.render(changed=("2a", "4b")),
                          g.render(seat=1))}
    assert len(spaces) == 1


def test_both_colours_are_offered_for_the_first_move():
    svg = fresh().render()
    assert legal_targets(svg) == {f"move s{i}" for i in range(1, 9)}
    assert "makes the first move (either colour)" in svg and "First move (pie rule)" in svg


@pytest.mark.parametrize("game", [SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"]),
                                  played(5, 21)], ids=["scenario", "played"])
def test_a_selected_machine_offers_exactly_its_destinations(game):
    for first in sorted({" ".join(a.split()[:2]) for a in game.legal_actions}):
        svg = game.render(pending=first)
        want = {a.split()[2] for a in game.legal_actions if a.startswith(first + " ")}
        spaces = {k for k in legal_targets(svg) if " " not in k}     # (the other machines too)
        assert spaces == want
        assert want == set(game.destinations(first.split()[1]))
        # every other space answers too (with the rule that refuses it)
        assert len(targets(svg)) > 200
        trails = {e.get("data-to") for e in groups(svg, "ss-trail") if e.get("data-to")}
        assert trails == want


def test_a_slipstream_trail_is_dashed_and_a_plain_one_is_not():
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    # from 2a: straight on to 3a, then the slipstream behind blue on 6a; or over
    # the circle 3b to the elongated space 4b (no machine ahead in lane b)
    assert g.destinations("2a") == {"5a": ["2a", "3a", "4a", "5a"], "4b": ["2a", "3b", "4b"]}
    svg = g.render(pending="move 2a")
    trails = {e.get("data-to"): e for e in groups(svg, "ss-trail") if e.get("data-to")}
    slip = [p.get("points") for p in trails["5a"] if p.get("class") == "slip"]
    step = [p.get("points") for p in trails["5a"] if p.get("class") == "step"]
    assert len(slip) == 1 and len(step) == 1
    assert len(step[0].split()) == 2 and len(slip[0].split()) == 3     # 2a-3a, then 3a-4a-5a
    assert [p.get("class") for p in trails["4b"] if p.tag == NS + "polyline"] == ["casing", "step"]
    assert len(trails["4b"][-1].get("points").split()) == 3
    selected = [e for e in groups(svg, "ss-machine") if "selected" in e.get("class").split()]
    assert [e.get("data-space") for e in selected] == ["2a"]
    assert not [e for e in groups(g.render(), "ss-trail") if e.get("data-to")]   # none unselected


def test_a_move_is_two_clicks_through_the_widget():
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    w = BoardWidget(g)
    assert "outlined machines" in w.hint
    w.click("move 2a")
    assert w.pending == "move 2a" and "4b, 5a" in w.hint
    assert {k for k in legal_targets(w.svg) if " " not in k} == {"4b", "5a"}
    w.click("5a")
    assert "5a" in w.game.state["machines"]["red"] and w.pending == ""


def test_another_machine_clicked_while_one_is_selected_is_chosen_instead():
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    w = BoardWidget(g)
    w.click("move 2a")
    # the other machines that can move stay outlined, as the start of a move of their own
    assert legal_targets(w.svg) == {"4b", "5a", "move 7c", "move s5", "move s7"}
    assert "or another outlined machine" in w.hint and w.hint.endswith("4b, 5a (so far: move 2a; "
                                                                       "Esc or “Cancel selection” "
                                                                       "starts again)")
    w.click("move 7c")
    assert w.pending == "move 7c" and w.error == ""
    assert {"8b", "8c", "8d"} <= legal_targets(w.svg) and "move 2a" in legal_targets(w.svg)
    w.click("8c")
    assert "8c" in w.game.state["machines"]["red"] and "7c" not in w.game.state["machines"]["red"]
    # a machine of one's own that cannot move: the reason is about that one, the choice stays
    w3 = BoardWidget(SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["8b", "8c", "8d", "6a"]))
    w3.click("move 2a")
    assert targets(w3.svg)["move 7c"] == "ss-machine red target"          # not outlined
    with pytest.raises(IllegalActionError, match="cannot move at all"):
        w3.click("move 7c")
    assert w3.pending == "move 2a" and "cannot move at all" in w3.error and w3.error_rule == "SS-R2"
    # blue's machines are not red's to choose: still answered with the rule
    w2 = BoardWidget(SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"]))
    w2.click("move 2a")
    assert targets(w2.svg)["9c"] == "ss-machine blue target"
    with pytest.raises(IllegalActionError, match=r"from 2a the next spaces are 3a, 3b \(9c holds a blue"):
        w2.click("9c")
    assert w2.pending == "move 2a"


def test_a_refused_destination_says_the_rule_and_changes_nothing():
    g = SlipStream.scenario(red=["2a", "7c", "s5", "s7"], blue=["6a", "9c"])
    w = BoardWidget(g)
    before = w.game.to_json()
    w.click("move 2a")
    assert "4a" in targets(w.svg) and "4a" not in legal_targets(w.svg)
    with pytest.raises(IllegalActionError) as info:
        w.click("4a")                         # the slipstream carries it on to 5a
    assert info.value.rule == "SS-R3" and w.error_rule.split()[0] == "SS-R3" and "SS-R3" not in w.error
    # above the board: the reason, not what the board shows already (name, situation)
    assert str(info.value).startswith("Slip Stream: ") and str(info.value).endswith("]")
    assert w.error.startswith("The slipstream is mandatory") and not w.error.endswith("]")
    with pytest.raises(IllegalActionError) as info:
        w.click("3c")                         # two lanes over
    assert info.value.rule == "SS-R2"
    assert w.game.to_json() == before and w.pending == "move 2a"


def test_the_pie_decision_is_two_buttons_on_the_board():
    g = fresh(first=0)
    g.apply("move s3 2c")
    svg = g.render()
    assert legal_targets(svg) == {"colour red", "colour blue"}
    buttons = {e.get("data-act"): e.find(NS + "text").text for e in groups(svg, "ss-button")}
    assert set(buttons) == {"colour red", "colour blue"}
    assert "Play red" in buttons["colour red"] and "Play blue" in buttons["colour blue"]
    assert "The pie rule" in svg and "made the first move with a red machine" in svg
    assert not any(k.startswith("move ") for k in targets(svg))
    for colour, chooser_gets in (("red", "red"), ("blue", "blue")):
        g2 = fresh(first=0)
        g2.apply("move s3 2c")
        w = BoardWidget(g2)
        assert "Play red" in w.hint
        w.click(f"colour {colour}")
        assert w.game.state["colours"][1] == chooser_gets      # seat 1 chose
        assert w.game.state["phase"] == "play"
        assert not groups(w.svg, "ss-button")


def test_a_turbo_move_is_asked_like_a_move():
    g = SlipStream.scenario(red=["10a", "12b"], blue=["11c", "4d"], scores={"red": 4, "blue": 3},
                            turbo="blue", turn="red")
    svg = g.render()
    firsts = {" ".join(a.split()[:2]) for a in g.legal_actions}
    assert all(f.startswith("turbo ") for f in firsts)
    assert legal_targets(svg) == firsts
    assert "Turbo" in svg
    svg = g.render(pending="turbo 11c")
    spaces = {k for k in legal_targets(svg) if " " not in k}
    assert spaces == set(g.turbo_destinations("11c")) == {"12c", "12d"}
    w = BoardWidget(g)
    w.click("turbo 11c")
    with pytest.raises(IllegalActionError) as info:
        w.click("13c")
    assert info.value.rule == "SS-R8"
    w.click("12c")
    assert "12c" in w.game.state["machines"]["blue"]


def test_nothing_is_clickable_in_a_past_state_or_for_the_other_seat():
    g = played(4, 15)
    assert legal_targets(g.render())
    assert not legal_targets(g.render(state=g.state))
    assert not legal_targets(g.render(seat=1 - g.current_player))


def test_the_end_shows_the_result():
    g = played(3, 400)
    assert g.is_over()
    svg = g.render()
    assert not legal_targets(svg)
    assert "★ wins" in svg and g.state["result"].split(" (")[0] in svg


def test_changed_spaces_are_outlined():
    g = played(6, 10)
    svg = g.render(changed=("12c", "s3", "red", "nowhere"))
    outlined = {e.get("data-space") for e in groups(svg, "changed")}
    assert outlined >= {"12c", "s3"} and "nowhere" not in outlined
    assert 'class="changed-inner"' not in g.render()


def test_odd_pending_words_draw_a_board_without_legal_targets():
    g = played(7, 9)
    for pending in ("move", "move zz", "turbo 3c", "move s3 2c", "\x01"):
        svg = g.render(pending=pending)
        ET.fromstring(svg)


# ------------------------------------------------------------- readable
def _pictures():
    out = []
    g = fresh()
    setup = g.rules.initial_state(g.options)
    out.append(("set-up", g.render(state=setup, caption="the set-up")))
    out += [("pie", g.render()), ("pie selected", g.render(pending="move s3"))]
    g.apply("move s3 2c")
    out.append(("colour", g.render()))
    for seed, n in ((1, 20), (2, 45), (5, 70)):
        m = played(seed, n)
        out.append((f"played {seed}", m.render()))
        acts = list(m.legal_actions)
        if acts:
            out.append((f"played {seed} selected", m.render(pending=" ".join(acts[0].split()[:2]))))
        out.append((f"played {seed} changed", m.render(changed=tuple(m.state["machines"]["red"]))))
    out.append(("over", played(3, 400).render()))
    t = SlipStream.scenario(red=["10a", "12b"], blue=["11c", "4d"], scores={"red": 4, "blue": 3},
                            turbo="blue", turn="red", score_tile=6)
    out += [("turbo", t.render()), ("turbo selected", t.render(pending="turbo 11c"))]
    out.append(("long caption", t.render(View(caption="step 3 of 9: " + "red slips ahead; " * 40))))
    out.append(("score tile 3", SlipStream.scenario(score_tile=3, scores={"red": 23, "blue": 0}).render()))
    return out


@cache
def audited():
    return [(name, Picture(svg), Picture(svg).texts()) for name, svg in _pictures()]


@pytest.mark.slow
def test_every_text_is_large_enough_and_contrasts():
    for name, p, texts in audited():
        assert p.width == BOARD_WIDTH, name
        scale = BOARD_WIDTH / p.width
        small = [t.text for t in texts if t.size * scale < 14 - 1e-6]
        assert not small, (name, small[:5])
        low = [(t.text, round(t.contrast, 2), t.background) for t in texts if t.contrast < 4.5]
        assert not low, (name, low[:5])


@pytest.mark.slow
def test_every_text_fits_its_box_and_no_two_texts_overlap():
    for name, p, texts in audited():
        for t in texts:
            assert t.x0 >= -0.5 and t.x1 <= p.width + 0.5, (name, t.text)
            assert t.y - t.size / 2 >= 0 and t.y + t.size / 2 <= p.height, (name, t.text)
            box = t.box
            if box is not None and Picture._tag(box.el) == "rect":
                x, w = float(box.el.get("x", 0)), float(box.el.get("width"))
                assert x - 1 <= t.x0 and t.x1 <= x + w + 1, (name, t.text)
        for a, b in itertools.combinations(texts, 2):
            apart = a.x1 <= b.x0 + 0.5 or b.x1 <= a.x0 + 0.5 or abs(a.y - b.y) >= (a.size + b.size) / 2 - 1
            assert apart, (name, a.text, b.text)


@pytest.mark.slow
def test_the_board_fits_a_projected_screen():
    for name, p, _ in audited():
        if name != "long caption":
            assert p.height * BOARD_WIDTH / p.width <= 720, (name, p.height)


def test_the_pie_choice_says_what_each_colour_leads_to_and_lights_its_machines():
    """SS-R10 as a decision you can see: each "Play …" button says whose
    machines the chooser gets and who moves next, and pointing at it lights
    that colour's machines on the board."""
    import re

    from boardkit import SlipStream
    from boardkit.slip_stream.view import pie_choice_words
    g = SlipStream(seed=3)
    g.apply("move s1 2a")
    assert g.state["phase"] == "colour"
    first = g.state["first_colour"]
    svg = g.render()
    for colour in ("red", "blue"):
        lit = re.search(rf'<g class="ss-button {colour}[^"]*"[^>]*data-highlight="([^"]*)"', svg)
        assert lit and set(lit.group(1).split()) == set(g.state["machines"][colour])
        for place in g.state["machines"][colour]:
            assert f'data-square="{place}"' in svg
    mine = pie_choice_words(g.state, first)
    theirs = pie_choice_words(g.state, "blue" if first == "red" else "red")
    assert "already moved is yours" in mine and "Player 1 plays" in mine and "moves next" in mine
    assert "untouched, and move next" in theirs and f"keeps {first}" in theirs
    # the sentences are on the picture (wrapped)
    assert "You take" in svg and "untouched" in svg
