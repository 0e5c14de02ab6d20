"""The class server's pages in Chromium, as a class meets them: two
students on their own devices (separate browsers) play Slip Stream to the
end; a Slime Race page holds no card of another seat; the teacher's page
sees every table and shows one large; a reload keeps the seat; the server
killed with SIGKILL and started again resumes every table."""
from __future__ import annotations

import random
import re

import pytest
from lab import expect

from conftest import ARTIFACTS

pytestmark = pytest.mark.browser

BOARD = ".boardkit-widget[data-ready='1']"


def student(chromium, url: str, name: str, viewport=(1280, 720)):
    ctx = chromium.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url + "/")
    expect(page.locator("#lobby")).to_be_visible(timeout=30_000)
    page.fill("#name", name)
    return page


def start(page, game: str, opponents: str = "bots", players: int | None = None):
    page.select_option("select[name=game]", game)
    if players is not None:
        page.select_option("select[name=players]", str(players))
    page.select_option("select[name=opponents]", opponents)
    page.click("#start")
    expect(page.locator("#table")).to_be_visible(timeout=30_000)
    page.locator(BOARD).wait_for(timeout=30_000)
    return page.locator("#table-code").inner_text().strip()


def join(page, code: str):
    page.fill("#code", code)
    page.click("#join")
    expect(page.locator("#table")).to_be_visible(timeout=30_000)
    page.locator(BOARD).wait_for(timeout=30_000)


#: In the page, in one round trip: whether the game is over, and whether it
#: is this device's turn (no bot thinking, nothing played back, a hint
#: above the board and a target the rules allow now).
_SEEN = """board => {
  const hint = (document.querySelector('.bk-hint')?.innerText || '').trim();
  return {over: hint.includes('The game is over'),
          mine: board.getAttribute('data-thinking') === '' && board.getAttribute('data-playing') !== '1'
                && hint !== '' && board.querySelector('[data-act].legal') !== null};
}"""


def seen(page) -> dict:
    return page.locator(BOARD).evaluate(_SEEN)


def my_turn(page) -> bool:
    return seen(page)["mine"]


def over(page) -> bool:
    return "The game is over" in page.locator(".bk-hint").inner_text()


def click_a_move(page, rng: random.Random, forward: bool = False) -> None:
    """Click a legal target at random and wait for the board's version to
    move on. ``forward``: of a selected machine's destinations, one of the
    furthest (a Slip Stream game then ends in about half the moves)."""
    targets = page.locator(f"{BOARD} [data-act].legal")
    # the selection so far, the targets' words and the board's version in one round trip
    pending, words, before = page.locator(BOARD).evaluate(
        "b => [(document.querySelector('.bk-pending')?.innerText || '').trim(),"
        " [...b.querySelectorAll('[data-act].legal')].map(e => e.getAttribute('data-act')),"
        " b.getAttribute('data-version')]")
    n = len(words)
    if pending:
        first = pending.split()[0] if pending.split() else ""
        choices = [i for i, w in enumerate(words) if w.split()[0] != first] or list(range(n))
        if forward:
            far = {i: int(m.group()) for i in choices if (m := re.match(r"\d+", words[i]))}
            choices = [i for i in far if far[i] == max(far.values())] or choices
    else:
        choices = list(range(n))
    # (force: no wait for the target to hold still over two frames; it is on the board, outlined)
    targets.nth(rng.choice(choices)).click(force=True)
    expect(page.locator(BOARD)).not_to_have_attribute("data-version", before or "", timeout=15_000)


def test_two_devices_play_slip_stream_to_the_end_and_the_teacher_sees_both_tables(class_server, chromium):
    rng = random.Random(7)
    ana = student(chromium, class_server.url, "Ana")
    code = start(ana, "slip_stream", "classmates")
    expect(ana.locator("#invite")).to_contain_text(code)
    ben = student(chromium, class_server.url, "Ben")
    join(ben, code)
    expect(ana.locator("#seats")).to_contain_text("Ben")
    expect(ana.locator("#invite")).to_be_hidden()
    # a third student at a table of their own, against a bot
    cy = student(chromium, class_server.url, "Cy")
    start(cy, "slime_race", "bots", players=3)
    # the teacher's page: both tables, who sits where
    teacher = chromium.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    teacher.goto(class_server.teacher)
    rows = teacher.locator("#tables tr")
    expect(rows).to_have_count(2, timeout=15_000)
    expect(teacher.locator("#tables")).to_contain_text("Ana")
    expect(teacher.locator("#tables")).to_contain_text("Ben")
    expect(teacher.locator("#tables")).to_contain_text("Cy")
    # whoever does not move first clicks: one sentence, nothing played
    for _ in range(100):
        if my_turn(ana) or my_turn(ben):
            break
        ana.wait_for_timeout(50)
    waiting, mover = (ben, "Ana") if my_turn(ana) else (ana, "Ben")
    expect(waiting.locator(".bk-hint")).to_contain_text(f"{mover} plays it on another device")
    logged = waiting.locator(".bk-log li").count()
    waiting.locator(f"{BOARD} [data-act]").first.click(force=True)
    waiting.wait_for_timeout(300)
    assert waiting.locator(".bk-log li").count() == logged
    # they play to the end, each on their own page
    for _ in range(600):
        now = [seen(page) for page in (ana, ben)]
        if all(s["over"] for s in now):
            break
        for page, s in zip((ana, ben), now):
            if not s["over"] and s["mine"]:
                click_a_move(page, rng, forward=True)
        ana.wait_for_timeout(10)
    assert over(ana) and over(ben)
    result = ana.locator(".bk-status").inner_text()
    assert re.search(r"\b(wins|loses)\b", result) and ben.locator(".bk-status").inner_text() == result
    # the teacher sees it finished, and shows it large
    row = teacher.locator(f"#tables tr[data-code='{code}']")
    expect(row).to_contain_text(result, timeout=15_000)
    row.locator("button").click()
    expect(teacher.locator("#present " + BOARD)).to_be_visible(timeout=15_000)
    expect(teacher.locator("#present .bk-status")).to_have_text(result)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ana.screenshot(path=str(ARTIFACTS / "class-student-1280.png"))
    teacher.screenshot(path=str(ARTIFACTS / "class-teacher-1920.png"), full_page=True)
    assert ana.errors == [] and ben.errors == [] and cy.errors == []


def test_a_slime_race_page_holds_no_card_of_another_seat(class_server, chromium):
    rng = random.Random(3)
    ana = student(chromium, class_server.url, "Ana")
    code = start(ana, "slime_race", "classmates", players=2)
    ben = student(chromium, class_server.url, "Ben")
    join(ben, code)
    frames: list[str] = []
    ana.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(
        p.decode("utf-8", "replace") if isinstance(p, bytes) else p)))
    for _ in range(40):
        for page in (ana, ben):
            if my_turn(page):
                click_a_move(page, rng)
        ana.wait_for_timeout(20)
    # Ben's hand, as his page shows it, is nowhere in Ana's page
    bens = set(ben.evaluate("() => [...document.querySelectorAll('[data-act^=\"play \"]')]"
                            ".map(e => e.getAttribute('data-act').slice(5))"))
    anas = set(ana.evaluate("() => [...document.querySelectorAll('[data-act^=\"play \"]')]"
                            ".map(e => e.getAttribute('data-act').slice(5))"))
    assert bens, "Ben's page shows his hand"
    only_ben = bens - anas
    html = ana.content()
    assert not [c for c in only_ben if f'"play {c}"' in html]
    assert not re.search(r"draws? [a-z0-9]+\+\d", ana.locator(".bk-log").inner_text())


def test_a_reload_keeps_the_seat_and_a_killed_server_resumes_every_table(class_server, chromium):
    rng = random.Random(11)
    ana = student(chromium, class_server.url, "Ana")
    code = start(ana, "slip_stream", "bots")
    for _ in range(60):
        if ana.locator(".bk-log li").count() >= 6:
            break
        if my_turn(ana):
            click_a_move(ana, rng)
        ana.wait_for_timeout(50)
    ana.reload()
    ana.locator(BOARD).wait_for(timeout=30_000)
    assert ana.locator("#table-code").inner_text().strip() == code
    expect(ana.locator(BOARD)).to_have_attribute("data-thinking", "", timeout=30_000)
    lines = ana.locator(".bk-log li").all_inner_texts()
    assert len(lines) >= 6
    class_server.kill()
    expect(ana.locator("#conn")).to_contain_text("connection lost", timeout=15_000)
    expect(ana.locator(BOARD)).to_have_attribute("data-conn", "lost", timeout=15_000)
    class_server.start()
    # the page comes back by itself, to the same seat and the same game
    expect(ana.locator("#conn")).to_have_text("", timeout=30_000)
    expect(ana.locator(BOARD)).not_to_have_attribute("data-conn", "lost", timeout=30_000)
    expect(ana.locator("#table-code")).to_have_text(code)
    expect(ana.locator(".bk-log li")).to_have_count(len(lines), timeout=30_000)
    def same(xs: list[str]) -> list[str]:     # (a seat's name may have gained its colour since)
        return [re.sub(r" \((red|blue)\)", "", x) for x in xs]
    assert same(ana.locator(".bk-log li").all_inner_texts()) == same(lines)
    # and play goes on
    for _ in range(60):
        if ana.locator(".bk-log li").count() > len(lines):
            break
        if my_turn(ana):
            click_a_move(ana, rng)
        ana.wait_for_timeout(100)
    assert ana.locator(".bk-log li").count() > len(lines)
    assert ana.errors == []
