"""Slip Stream: a two-player race of machine tokens up a course of 7 lanes,
with circle skipping, mandatory slipstream, wheel tokens and a score track."""
from .game import SlipStream
from .moves import COLOURS, START
from .rules import SlipStreamRules
from .tiles import (
    GOAL_POINTS,
    LANE_LETTERS,
    LANES,
    CourseTile,
    Layout,
    ScoreTile,
    Tiles,
    builtin_data,
    load_course_tile,
    parse_place,
    place_name,
    tiles_from_data,
)

__all__ = ["SlipStream", "SlipStreamRules", "COLOURS", "START", "GOAL_POINTS", "LANES",
           "LANE_LETTERS", "CourseTile", "Layout", "ScoreTile", "Tiles", "builtin_data",
           "load_course_tile", "parse_place", "place_name", "tiles_from_data"]
