"""What a screen reader gets from a board, in Python: every clickable
target a game's view draws has an accessible name (its ``<title>`` or an
``aria-label``; also the tooltip a mouse shows), for every registered game
along seeded random games, on the live board and after the first word of a
multi-click move; the board's live region (``announce``) says each move,
the bots' replies and each refusal."""
from __future__ import annotations

import inspect
import random
import xml.etree.ElementTree as ET

import pytest

import boardkit
from boardkit.core.view import View

NS = "{http://www.w3.org/2000/svg}"
CLICKABLE = ("data-act", "data-toggle", "data-confirm")


def name_of(e: ET.Element) -> str:
    t = e.find(f"{NS}title")
    return (e.get("aria-label") or (t.text if t is not None else "") or "").strip()


def positions(cls, seeds=range(2), moves=50):
    """(game, view) along seeded random games: the live board, and the
    board after the first word of a legal multi-click move."""
    takes_seed = "seed" in inspect.signature(cls).parameters
    for seed in seeds:
        rng = random.Random(seed)
        game = cls(seed=seed) if takes_seed else cls()
        for _ in range(moves):
            if game.is_over():
                break
            legal = list(game.legal_actions)
            yield game, View()
            firsts = sorted({a.split(" ")[0] for a in legal if " " in a})
            if firsts:
                yield game, View(pending=rng.choice(firsts))
            game.apply(rng.choice(legal))


@pytest.mark.parametrize("name", sorted(boardkit.games()))
def test_every_target_has_an_accessible_name(name):
    counted = 0
    unnamed = []
    for game, view in positions(boardkit.games()[name]):
        for e in ET.fromstring(str(game.render(view))).iter():
            word = next((e.get(a) for a in CLICKABLE if a in e.attrib), None)
            if word is None:
                continue
            counted += 1
            if len(e.findall(f"{NS}title")) > 1:
                unnamed.append(("two titles", e.get("class"), word))
            if not name_of(e):
                unnamed.append((e.tag.replace(NS, ""), e.get("class"), word))
    assert counted > 0, f"{name}: no target drawn"
    assert not unnamed, f"{name}: {len(unnamed)} targets without a name, e.g. {unnamed[:5]}"


def test_the_live_region_says_a_move_the_bots_reply_and_each_refusal():
    """``announce`` (the page's live region) says the events of a person's
    move and of the bot's reply (made in the same update: said together),
    then a refusal's sentence, once each time it is refused."""
    from boardkit import InvalidActionError, RandomBot, SlimeRace
    from boardkit.widget import BoardWidget

    w = BoardWidget(SlimeRace(players=2, seed=1), bots={1: RandomBot(seed=1)})
    assert w.game.current_player == 0
    n = w.announce["n"]
    w.act(sorted(w.game.legal_actions)[0])
    said = w.announce["text"]
    happened = [h["text"].rstrip(".") for h in w.happened]
    assert len(happened) >= 2 and w.announce["n"] == n + 1, (happened, w.announce)
    assert all(h in said for h in happened), (happened, said)
    for k in (1, 2):
        with pytest.raises(InvalidActionError):
            w.click("nowhere")
        assert w.error and w.announce == {"n": n + 1 + k, "text": w.error.rstrip(".") + "."}
