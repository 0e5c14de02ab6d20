"""Accessibility, audited with axe-core (``axe-playwright-python``) on the
pages a student meets, in every game: the Voilà play page, the play page
as a live board in JupyterLab, and the class server's student page (and
the zero-install play app, in one game). No serious or critical
violation; what axe finds at any impact is written to
``artifacts/a11y_<page>.json`` (rule, impact, count, per game). The
board's live region, its targets' names and keyboard-only play of a
decision and of the pie rule are checked below.

JupyterLab's own chrome (menus, side bars) is not boardkit's: there the
audit is scoped to the play page's widget (``.bk-play``); what the whole
lab page has is recorded too, for the record, not asserted.
"""
from __future__ import annotations

import json
import re

import pytest
from lab import expect, open_and_run_all
from test_play_lite import lite_server, lite_site, play  # noqa: F401  (the play app's fixtures, built once)
from test_play_voila import REFUSED, play_a_move, refuse_a_click

import boardkit
from boardkit.play import GAMES
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

#: the games the pages offer: the package's own (the tests' example games are
#: not in the kernels the pages start)
NAMES = [name for name, game in boardkit.games().items() if game.__module__.startswith("boardkit.")]
BOARD = ".boardkit-widget[data-ready='1']"
#: impacts that fail the audit
BLOCKING = ("serious", "critical")


def axe_findings(page, context: str | None = None) -> list[dict]:
    """axe-core's violations on the page (or the part ``context`` selects):
    rule, impact, number of elements, the first few of them."""
    from axe_playwright_python.sync_playwright import Axe
    found = Axe().run(page, context=context, options={"resultTypes": ["violations"]}).response
    return [{"id": v["id"], "impact": v["impact"], "count": len(v["nodes"]), "help": v["help"],
             "nodes": [" ".join(map(str, n["target"])) for n in v["nodes"][:4]]}
            for v in found["violations"]]


def blocking(findings: list[dict]) -> list[dict]:
    return [f for f in findings if f["impact"] in BLOCKING]


def record(name: str, findings: dict) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"a11y_{name}.json").write_text(json.dumps(findings, indent=2))
    print(name, {k: [(f["id"], f["impact"], f["count"]) for f in v] for k, v in findings.items()})


def settled(page):
    board = page.locator(BOARD).first
    board.wait_for(timeout=120_000)
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
    return board


def each_game_on_the_play_page(page):
    """Pick every game in the play page's own chooser; yields (name, board)."""
    for name in NAMES:
        select = page.locator(".bk-play-game select")
        if not select.is_visible():                  # (the choices start folded)
            page.locator(".bk-play-fold").click()
            expect(select).to_be_visible()
        select.select_option(label=GAMES[name].title)
        expect(page.locator(".bk-play h2")).to_have_text(GAMES[name].title, timeout=60_000)
        expect(page.locator(".boardkit-widget")).to_have_count(1, timeout=60_000)
        yield name, settled(page)


def test_axe_play_page_every_game_and_every_target_is_a_named_button(voila_server, page):
    """In every game on the play page: axe finds nothing serious; each
    target on the live board has a name (its <title>), each one the
    keyboard reaches (what the rules allow now) is a named button, and the
    picture that holds them is a group (not an image, whose parts assistive
    technology does not see)."""
    page.goto(f"{voila_server}?game={NAMES[0]}&ai=1&seed=3", wait_until="commit", timeout=120_000)
    settled(page)
    seen = {}
    for name, board in each_game_on_the_play_page(page):
        seen[name] = axe_findings(page)
        check_named_targets(name, board)
    record("play_voila", seen)
    assert not {n: blocking(f) for n, f in seen.items() if blocking(f)}


def check_named_targets(name: str, board) -> None:
    seen = board.locator(".bk-board svg").first.evaluate("""svg => {
        const ts = [...svg.querySelectorAll('[data-act], [data-toggle], [data-confirm]')];
        const keys = ts.filter((t) => t.matches('[data-act].legal, [data-toggle], [data-confirm]'));
        const name = (t) => (t.getAttribute('aria-label')
            || [...t.children].find((c) => c.tagName === 'title')?.textContent || '').trim();
        return {role: svg.getAttribute('role'), n: ts.length, keys: keys.length,
                unnamed: ts.filter((t) => !name(t)).map((t) => t.outerHTML.slice(0, 80)),
                notButtons: keys.filter((t) => t.getAttribute('role') !== 'button').length};
    }""")
    assert seen["keys"] > 0 and seen["role"] == "group", (name, seen)
    assert not seen["unnamed"] and not seen["notButtons"], (name, seen)
    # what Chromium tells assistive technology: a named button per target the keyboard reaches
    tree = board.locator(".bk-board").aria_snapshot()
    buttons = [m.group(1) for m in re.finditer(r"^\s*- '?button\b(.*)$", tree, re.M)]
    assert len(buttons) == seen["keys"], (name, len(buttons), seen["keys"])
    unnamed = [b for b in buttons if not re.match(r' "[^"]+"', b)]
    assert not unnamed, (name, unnamed[:5])


def test_axe_live_board_in_jupyterlab_every_game(lab_server, page):
    base, token = lab_server
    open_and_run_all(page, base, token, "play.ipynb")
    settled(page)
    seen = {name: axe_findings(page, ".bk-play") for name, _board in each_game_on_the_play_page(page)}
    seen["(the whole JupyterLab page, not asserted)"] = axe_findings(page)
    record("lab", seen)
    assert not {n: blocking(f) for n, f in seen.items() if blocking(f) and not n.startswith("(")}


def test_axe_class_student_page_every_game(class_server, chromium):
    seen = {}
    for k, name in enumerate(NAMES):
        # a student (a browser's storage) per game: one page may start a table only every few
        # seconds, and a page of the same browser goes back to its table
        ctx = chromium.new_context(viewport={"width": 1280, "height": 720})
        try:
            page = ctx.new_page()
            page.goto(class_server.url + "/")
            expect(page.locator("#lobby")).to_be_visible(timeout=30_000)
            page.fill("#name", f"Ana{k}")
            if k == 0:
                seen["(lobby)"] = axe_findings(page)
            page.select_option("select[name=game]", name)
            page.select_option("select[name=opponents]", "bots")
            page.click("#start")
            expect(page.locator("#table")).to_be_visible(timeout=30_000)
            settled(page)
            seen[name] = axe_findings(page)
        finally:
            ctx.close()
    record("class_student", seen)
    assert not {n: blocking(f) for n, f in seen.items() if blocking(f)}


# ------------------------------------------------------------ the live region
#: In the page: every text the board's live region says, kept in order.
_LISTEN = """root => {
  const region = root.querySelector('.bk-announce');
  window.__said = [];
  new MutationObserver(() => { if (region.textContent) window.__said.push(region.textContent); })
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""


def said(page) -> list[str]:
    return page.evaluate("window.__said")


def test_live_region_says_moves_bot_moves_and_refusals(voila_server, page):
    """A person's move, the bot's reply and a refused click are each said in
    the live region, in the words the board shows (the events listed under
    "What happened", the refusal's sentence)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{voila_server}?game=slip_stream&ai=1&seed=3", wait_until="commit", timeout=120_000)
    board = settled(page)
    region = board.locator(".bk-announce")
    assert region.get_attribute("aria-live") == "polite" and region.get_attribute("role") == "status"
    board.evaluate(_LISTEN)

    refuse_a_click(board, REFUSED["slip_stream"])
    refusal = board.locator(".bk-error-text").inner_text().strip()
    expect(region).to_have_text(refusal.rstrip(".") + ".")

    play_a_move(board)
    expect(board).to_have_attribute("data-thinking", "", timeout=60_000)
    events = board.locator(".bk-happened-list li")
    page.wait_for_function("() => window.__said.length >= 3", timeout=60_000)
    texts = said(page)
    happened = [t.strip().rstrip(".") for t in events.all_inner_texts()]
    assert len(happened) >= 2, happened
    mine, bots = happened[0], happened[-1]
    assert any(mine in t for t in texts[1:]), (mine, texts)       # the person's move
    assert any(bots in t for t in texts[1:]), (bots, texts)       # the bot's reply
    # (the last move was the bot's: it plays Player 2)
    assert board.locator(".bk-log li").last.text_content().startswith("Player 2")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "a11y_play_1280x720.png"))     # (the live region is not seen)


# ------------------------------------------------------ names and the keyboard
KEYBOARD_NOTEBOOK = """\
from boardkit import SlimeCultureCenter, SlipStream
from boardkit.widget import BoardWidget

# a decision: which red slime bites first (SCC-R12)
rows = ["RRRBBR..", ".....R.."] + ["........"] * 6
decide = SlimeCultureCenter.scenario(players=2, board="\\n".join(rows), actions_left=1)
decide.apply("spawn green h8")
# the pie rule: the second player chooses a colour (SS-R10)
pie = SlipStream(seed=0)
pie.apply(list(pie.legal_actions)[0])
print(decide.state["phase"], pie.state["phase"])
"""


def _keyboard_notebook(base: str, token: str) -> str:
    import urllib.request
    cells = [KEYBOARD_NOTEBOOK, "BoardWidget(decide)", "BoardWidget(pie)"]
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None,
                   "id": f"c{k}"} for k, c in enumerate(cells)]}
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    req = urllib.request.Request(f"{base}/api/contents/a11y_keyboard.ipynb?token={token}", data=body,
                                 method="PUT", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status in (200, 201)
    return "a11y_keyboard.ipynb"


def _tab_into(page, board) -> None:
    """From the board's own Present button, Tab (only) until a target has the focus."""
    board.locator(".bk-present").focus()
    for _ in range(12):
        page.keyboard.press("Tab")
        if board.locator(".bk-board :focus").count():
            return
    raise AssertionError("Tab never reached a target on the board")


def _reach_all_by_arrows(page, board) -> list[str]:
    """Every target the keyboard can reach from the focused one with the
    arrows, Home and End (each reached one explored in turn); returns the
    words of the targets reached."""
    word = "el => ['data-act', 'data-toggle', 'data-confirm'].map((a) => el.getAttribute(a)).find(Boolean)"
    start = board.locator(".bk-board :focus").evaluate(word)
    reached, todo = [start], [start]
    while todo:
        at = todo.pop()
        for key in ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"):
            board.locator(f".bk-board [data-act='{at}']").focus()      # (back where that one was reached)
            page.keyboard.press(key)
            w = board.locator(".bk-board :focus").evaluate(word)
            if w not in reached:
                reached.append(w)
                todo.append(w)
    return reached


def test_keyboard_plays_a_decision_and_the_pie_rule(lab_server, page):
    """Keyboard only: Tab reaches the board, the arrows reach every choice
    of a decision (Slime Culture Center's order of bites) and of the pie
    rule (Slip Stream's colour), and Enter or space chooses; the live
    region says what was chosen."""
    base, token = lab_server
    open_and_run_all(page, base, token, _keyboard_notebook(base, token))
    boards = page.locator(BOARD)
    expect(boards).to_have_count(2, timeout=120_000)
    for k, (key, prefix) in enumerate((("Enter", "resolve "), (" ", "colour "))):
        board = boards.nth(k)
        board.scroll_into_view_if_needed()
        choices = sorted(board.locator(f"[data-act^='{prefix}'].legal").evaluate_all(
            "ts => ts.map((t) => t.getAttribute('data-act'))"))
        assert len(choices) >= 2, choices
        board.evaluate(_LISTEN)
        _tab_into(page, board)
        assert sorted(_reach_all_by_arrows(page, board)) == choices
        _tab_into(page, board)                         # (keys only, from here on)
        chosen = board.locator(".bk-board :focus").get_attribute("data-act")
        assert chosen in choices
        before = board.get_attribute("data-log-length")
        page.keyboard.press(key)
        expect(board).not_to_have_attribute("data-log-length", before, timeout=30_000)
        expect(board).to_have_attribute("data-error", "")
        page.wait_for_function("() => window.__said.length >= 1", timeout=30_000)
        first = board.locator(".bk-happened-list li").first.inner_text().strip().rstrip(".")
        assert first and first in said(page)[-1], (chosen, first, said(page))
        page.screenshot(path=str(ARTIFACTS / f"a11y_keyboard_{k}.png"))


# ------------------------------------------------------------- the play app
def test_axe_play_app(play):  # noqa: F811
    """The zero-install play app (``lite/``): its own page around the board.
    One game: each game starts Python in the browser anew (about 15 s), and
    the board in every game is audited on the pages above."""
    page = play(f"?game={NAMES[0]}&ai=1&seed=3")
    settled(page)
    seen = {NAMES[0]: axe_findings(page)}
    record("play_lite", seen)
    assert not {n: blocking(f) for n, f in seen.items() if blocking(f)}
