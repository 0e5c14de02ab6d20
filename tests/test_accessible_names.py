"""Every clickable target a game's view draws has an accessible name (its
``<title>`` or an ``aria-label``): what a screen reader says for it, and
the tooltip a mouse shows. Every registered game, along seeded random
games, on the live board and after the first word of a multi-click move
(what the view offers then is new)."""
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
