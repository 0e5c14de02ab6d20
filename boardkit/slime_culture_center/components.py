"""Slime Culture Center components — everything is printed in the rulebook
(内容物): an 8×8 board, 129 slime tiles, 30 right cards, 6 cancer tiles."""
from __future__ import annotations

#: Colours in predation order (捕食チェック): red → blue → green → orange → purple → brown.
COLOURS = ("red", "blue", "green", "orange", "purple", "brown")
JAPANESE = {"red": "赤", "blue": "青", "green": "緑", "orange": "橙", "purple": "紫", "brown": "茶"}
LETTERS = {"red": "R", "blue": "B", "green": "G", "orange": "O", "purple": "P", "brown": "N"}
#: Tiles per colour (赤17 青19 緑21 橙22 紫24 茶26 = 129).
TILES = {"red": 17, "blue": 19, "green": 21, "orange": 22, "purple": 24, "brown": 26}
#: Right cards (権利カード): one of each colour × 5..9.
CARD_VALUES = (5, 6, 7, 8, 9)
CARDS = tuple(f"{c}{v}" for c in COLOURS for v in CARD_VALUES)
CANCER_TILES = 6
HAND = 3
MAX_REVEALED = 2
SIZE = 8
COLUMNS = "abcdefgh"


def card_colour(card: str) -> str:
    return card.rstrip("0123456789")


def card_value(card: str) -> int:
    return int(card[len(card_colour(card)):])


assert sum(TILES.values()) == 129 and len(CARDS) == 30
