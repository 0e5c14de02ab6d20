"""The outer ring reads the registry: Connect Four, an example game kept
wholly in ``tests/examples/connect_four/`` (registered when the tests'
examples are imported; its rulings document and rules page in its own
folder; a ruling prefix with a digit, ``C4``; a draw; no notebook), is
offered by the play page and the class server, can be played there
against a bot, and is picked up by every generic test — with nothing
outside its folder naming it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import boardkit
from boardkit.core.rulings import ruling_title, ruling_titles
from boardkit.play import GAMES, page
from tests.examples import EXAMPLES
from tests.examples.connect_four import ConnectFour

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "examples" / "connect_four"
NAME = "connect_four"


def test_nothing_outside_its_folder_names_it():
    """Adding the game was adding its folder: no list of games, no regex of
    prefixes, no rulings heading elsewhere had to change."""
    names = re.compile(r"connect_four|ConnectFour|^#+ .*Connect Four|^### C4-", re.M)
    places = [ROOT / "boardkit", ROOT / "widgets", ROOT / "tests", ROOT / "docs" / "rulings.md",
              ROOT / "benchmarks"]
    found = []
    for place in places:
        for path in [place] if place.is_file() else sorted(place.rglob("*")):
            if not path.is_file() or path.suffix not in {".py", ".md", ".js", ".html", ".json", ".toml"} \
                    or FOLDER in path.parents or path == Path(__file__) or "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in names.finditer(text)]
    assert not found, found
    assert boardkit.games()[NAME] is ConnectFour and NAME in EXAMPLES


def test_every_generic_test_picks_it_up():
    from tests import (
        test_chance,
        test_conformance,
        test_hostile,
        test_hostile_round3,
        test_rulings,
        test_widget_room,
    )
    assert NAME in dict(test_conformance._all_games())
    assert NAME in dict(test_hostile.GAMES)
    assert ConnectFour in test_hostile_round3.GAMES
    assert ConnectFour in [c for c, _ in test_widget_room.GAMES]          # refusals in the rule's words
    assert ConnectFour not in [c for c, _ in _chance_params(test_chance)]  # (no chance to copy)
    # its rulings, read from its own folder, with the one rule-id pattern
    assert {"C4-R1", "C4-R2", "C4-R3", "C4-R4"} <= set(test_rulings._ids())
    assert test_rulings.untested_rulings()["C4"] == []
    assert ruling_title("C4-R2") == "A move" and "C4-actions" in ruling_titles()


def _chance_params(module):
    mark = next(m for m in module.test_a_copy_without_history_goes_on_with_the_same_chance.pytestmark
                if m.name == "parametrize")
    return mark.args[1]


def test_its_refusals_name_its_rules_on_a_board():
    from boardkit.widget import BoardWidget
    w = BoardWidget(ConnectFour(rows=4))
    for _ in range(4):
        w.click("drop 1")
    with pytest.raises(boardkit.IllegalActionError):
        w.click("drop 1")
    assert w.error_rule == "C4-R2" and w.error_rule_title == "A move" and "full" in w.error


def test_it_is_on_the_play_page_with_its_rules_and_plays_against_a_bot():
    assert GAMES[NAME].title == "Connect Four" and not GAMES[NAME].notebook
    p = page("game=connect_four&ai=1&seed=4")
    assert p.settings.game == NAME and ("Connect Four", NAME) in p.game.options
    assert '<details class="bk-play-rules">' in p.title.value and "C4-R3" in p.title.value
    board = p.board
    board.click("drop 4")
    assert [e.player for e in board.game.log] == [0, 1]                  # the bot answered
    assert "Click a column" in board.hint                                 # its own hint wording


def test_it_is_on_the_class_server_and_plays_against_a_bot(tmp_path):
    pytest.importorskip("tornado")
    from benchmarks.class_client import Record, solo_student
    from tests.test_class_server import Running, run

    async def go():
        async with Running(tmp_path) as srv:
            names = [g["name"] for g in srv.server.lobby()["games"]]
            r = Record(0, "Ana")
            await solo_student(srv.url, r, "game=connect_four&ai=2&seed=3", 4, deadline=1e12)
            table = next(iter(srv.server.tables.values()))
            return names, r, table.game

    names, r, game = run(go())
    assert NAME in names
    assert r.error == "" and r.finished and r.total_moves >= 4, r
    assert game.info.name == NAME and any(e.player == 1 for e in game.log)
