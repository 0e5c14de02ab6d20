"""The play page without a browser: a link's settings read into sentences
(never an exception), every game started from the page, Swap sides and the
bots' level act on the game in progress, and the rules link points at a
section the game's notebook has (or, for a game with no notebook, its own
rules page is shown on the page)."""
from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from boardkit.play import GAMES, PlayPage, Settings, parse_query

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_rules_link_points_at_a_section_of_the_games_notebook(name):
    c = GAMES[name]
    if not c.notebook:
        # its own rules page, folded on the page under the title
        assert c.rules_text().strip() and f"## {c.title}" in c.rules_text()
        title = PlayPage(Settings().for_game(name)).title.value
        assert '<details class="bk-play-rules">' in title and html.escape(c.rules_text()[:200]) in title
        return
    text = json.loads((ROOT / "notebooks" / c.notebook).read_text(encoding="utf-8"))
    sources = "".join("".join(cell["source"]) for cell in text["cells"] if cell["cell_type"] == "markdown")
    assert f'id="{c.rules_anchor}"' in sources


def test_a_good_link_picks_the_game_and_its_settings():
    s, problems = parse_query("?game=slime_race&players=3&seats=person,bot,bot&ai=3&target=20&seed=7")
    assert problems == []
    assert (s.game, s.players, s.seats, s.ai, s.option, s.seed) == \
        ("slime_race", 3, ("person", "bot", "bot"), 3, 20, 7)


@pytest.mark.parametrize("query", [
    "game=chess", "players=99", "players=two", "ai=9", "seats=bot,bot", "tile=0", "target=-1", "seed=x",
    "track=moon", "nonsense=1", "game=slip_stream&game=super_race", "a" * 3000, "&".join(["x=1"] * 50),
    "game=%00%ff", "seats=" + ",".join(["person"] * 40),
])
def test_a_bad_link_gets_sentences_and_the_defaults_never_an_exception(query):
    s, problems = parse_query(query)
    assert problems and all(p.endswith(".") and not p[:1].islower() for p in problems), problems
    assert s.game in GAMES and 1 <= s.ai <= 3 and "person" in s.seats and len(s.seats) == s.players
    assert not any("Traceback" in p or "Error" in p for p in problems)


@pytest.mark.parametrize("key", ["players", "ai", "seed"])
@pytest.mark.parametrize("digit", ["²", "①", "٣", "３"])
def test_a_digit_other_than_0_to_9_is_named_in_the_links_sentence(key, digit):
    """``str.isdigit`` takes superscript, circled, Arabic-Indic and
    full-width digits, and ``int`` refuses some of them: the link's sentence
    names the digit, never Python's "invalid literal"."""
    s, problems = parse_query(f"{key}=" + digit)
    assert len(problems) == 1 and f"{digit} is not among the digits 0 to 9" in problems[0], problems
    assert "invalid literal" not in problems[0] and (s.ai, s.seed) == (2, 1)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_starts_from_the_page_and_sides_swap_in_the_same_game(name):
    page = PlayPage(Settings().for_game(name))
    board = page.board
    assert board.game.info.name == name
    people = [s for s in range(board.game.players) if s not in board.bots]
    assert people == [0]
    if board.game.players > 1:
        game = board.game
        page.swap_sides()
        assert page.board.game is game                 # the same game goes on
        assert [s for s in range(game.players) if s not in page.board.bots] == [1]
    page.set_level(1)
    assert page.settings.ai == 1
    page.new_game()
    assert page.settings.seed == 2 and page.board.game.seed == 2


def test_the_choices_start_folded_and_unfold_under_one_button():
    """A student's link opens on the board: the choices (game, players,
    seats, level) fold under one button; New game and Swap sides stay out."""
    p = PlayPage()
    assert p.choices.layout.display == "none" and p.fold.value is False
    row = p.widget.children[1]
    assert p.fold in row.children and p.new in row.children and p.swap in row.children
    p.fold.value = True
    assert p.choices.layout.display is None
    assert p.game in p.choices.children[0].children and p.seats in p.choices.children
    p.fold.value = False
    assert p.choices.layout.display == "none"
    p.board.close()


def test_the_query_string_outside_a_preheated_kernel_is_read_without_importing_voila():
    """Outside a preheated Voilà kernel (JupyterLab, nbval, Voilà without a
    pool) the link's query string is ``QUERY_STRING``, read without importing
    Voilà (whose import brings in the Jupyter server: seconds of CPU)."""
    import os
    import subprocess
    import sys
    code = ("import sys; from boardkit import play; "
            "print(play.query_string()); print('voila' in sys.modules)")
    env = {**os.environ, "QUERY_STRING": "game=slime_race&players=3"}
    env.pop("VOILA_PREHEAT", None)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["game=slime_race&players=3", "False"], done.stderr
