"""Slime Culture Center settlement: the ranking's third tie-break and case 4,
on a finished board (SCC-R9, SCC-R10)."""
from __future__ import annotations

from boardkit import SlimeCultureCenter as SCC
from boardkit.slime_culture_center import ranking


def picture(*rows: str) -> str:
    return "\n".join(list(rows) + ["........"] * (8 - len(rows)))


def test_SCC_R10_equal_count_and_sum_the_higher_top_card_ranks_first():
    # two cards each, both summing to 13: the highest card decides, whatever the seat order
    assert ranking([["green6", "green7"], ["green5", "green8"]], "green") == [1, 0]
    assert ranking([["green5", "green8"], ["green6", "green7"]], "green") == [0, 1]
    # more cards first, then the sum, before the top card is looked at
    assert ranking([["green9"], ["green5", "green6"]], "green") == [1, 0]
    assert ranking([["green5", "green9"], ["green6", "green7"]], "green") == [0, 1]


def test_SCC_R9_R10_face_down_tiles_go_first_then_case_4_and_the_top_card_tie_break():
    g = SCC.scenario(players=3, board=picture("GGGGG...", "........", "PPP.....", ".......g", "....R..g"),
                     stock={"red": 1}, cancer=["removed", "removed", "hand"],
                     hands=[["green6", "green7", "blue5"], ["green5", "green8", "blue6"],
                            ["red7", "red6", "orange5"]], actions_left=1)
    events = g.apply("grow red e6")
    assert any("2 infected tile(s) are removed" in e for e in events)
    s = g.settlement()
    assert s["colours"]["purple"] == {"tiles": 3, "ranking": [], "case": 4, "shares": {}}
    assert s["colours"]["green"]["ranking"] == [1, 0] and s["colours"]["green"]["shares"] == {1: 4, 0: 1}
    assert g.outcome().winners == (1,)
