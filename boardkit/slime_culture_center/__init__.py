"""Slime Culture Center (スライム培養センター): growth, predation and cancer
on an 8×8 board, a majority game for 2–6 players."""
from .board import SQUARES, cancer_groups, slime_at, slimes
from .components import CARDS, COLOURS, JAPANESE, TILES
from .game import SlimeCultureCenter
from .rules import SlimeCultureCenterRules
from .scenario import parse_board
from .settlement import ranking, settle, split

__all__ = ["SlimeCultureCenter", "SlimeCultureCenterRules", "parse_board", "COLOURS", "JAPANESE", "TILES",
           "CARDS", "SQUARES",
           "slimes", "slime_at", "cancer_groups", "settle", "split", "ranking"]
