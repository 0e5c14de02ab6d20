"""boardkit.core.grid: boards drawn as text (Super Race tracks, Slip Stream tiles)."""
from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit.core import grid as G
from boardkit.core.errors import OptionError
from boardkit.core.grid import Grid, GridError, load_grid, load_grid_file, parse_square, square_name

TRACK = """\
; a small test track
name: Test ring
direction: anticlockwise

legend:
. = off
# = grey
r = red
y = yellow
b = blue
+ = grey corner
R = red corner
S = grey start

grid:
.+##R+.
+#ryb#+
S#...#b
S#...
+#bbr#+
.+##+.

checkpoints:
1: D5-D6
2: D1-D2, B3
"""
SQUARE_WORDS = {"grey", "red", "yellow", "blue", "corner", "start"}


def example_from_docstring() -> str:
    doc = G.__doc__
    start = doc.index("a practice track)::\n\n") + len("a practice track)::\n\n")
    return textwrap.dedent(doc[start:doc.index("\n\nThe file has")]) + "\n"


def error_of(text: str, **kw) -> GridError:
    with pytest.raises(GridError) as info:
        load_grid(text, source="t.txt", **kw)
    return info.value


# ---------------------------------------------------------------------------
# Reading a board
# ---------------------------------------------------------------------------

def test_docstring_example_is_a_valid_board():
    g = load_grid(example_from_docstring(), source="practice.txt", allowed=SQUARE_WORDS,
                  require={"start", "grey corner", "red", "yellow", "blue"})
    assert g.meta == {"name": "Practice oval", "direction": "anticlockwise"}
    assert (g.width, g.height) == (10, 6)
    assert g.find("start") == [(0, 2), (1, 2)]
    assert g.squares("checkpoints") == (("1", ((4, 4), (4, 5))), ("2", ((4, 0), (4, 1))))


def test_parts_of_a_board():
    g = load_grid(TRACK, source="ring.txt")
    assert g.source == "ring.txt"
    assert g.meta == {"name": "Test ring", "direction": "anticlockwise"}
    assert dict(g.legend) == {".": "off", "#": "grey", "r": "red", "y": "yellow", "b": "blue",
                              "+": "grey corner", "R": "red corner", "S": "grey start"}
    assert (g.width, g.height) == (7, 6)
    # short rows are padded with spaces (always off-board) to the full width
    assert g.rows == (".+##R+.", "+#ryb#+", "S#...#b", "S#...  ", "+#bbr#+", ".+##+. ")
    assert g.sections == {"checkpoints": ("1: D5-D6", "2: D1-D2, B3")}


def test_cells_words_and_find():
    g = load_grid(TRACK)
    assert g.cell(1, 0) == "grey corner"
    assert g.cell(4, 0) == "red corner"
    assert g.cell(2, 1) == "red"
    assert g.words(4, 0) == {"red", "corner"}
    # off-board: an 'off' character, a padding space, outside the grid (never wrapping round)
    for x, y in [(0, 0), (5, 3), (6, 5), (7, 0), (0, 6), (-1, 0), (0, -1)]:
        assert g.cell(x, y) is None and g.words(x, y) == frozenset()
        assert not g.on_board((x, y))
    assert g.find("corner") == [(1, 0), (4, 0), (5, 0), (0, 1), (6, 1), (0, 4), (6, 4), (1, 5),
                                (4, 5)]
    assert g.find("red corner") == [(4, 0)]
    assert g.find("red") == [(4, 0), (2, 1), (4, 4)]
    assert g.find("start") == [(0, 2), (0, 3)]
    assert g.find("purple") == [] and g.find("off") == []
    cells = list(g.cells())
    assert cells[:3] == [((1, 0), "grey corner"), ((2, 0), "grey"), ((3, 0), "grey")]
    assert len(cells) == sum(ch not in ". " for row in g.rows for ch in row) == 29
    with pytest.raises(ValueError):
        g.find(" ")


def test_neighbours():
    g = load_grid(TRACK)
    assert g.neighbours4((1, 1)) == [(1, 0), (2, 1), (1, 2), (0, 1)]
    assert g.neighbours4((0, 1)) == [(1, 1), (0, 2)]          # (0, 0) is off, x=-1 outside
    assert g.neighbours8((1, 1)) == [(1, 0), (2, 0), (2, 1), (1, 2), (0, 2), (0, 1)]  # (2, 2) is '.'
    assert g.neighbours8((6, 2)) == [(6, 1), (5, 2), (5, 1)]  # (5, 3) and (6, 3) are padding


def test_square_names():
    assert square_name((0, 0)) == "A1"
    assert square_name((25, 9)) == "Z10"
    assert square_name((26, 0)) == "AA1"
    assert square_name((199, 199)) == "GR200"
    assert parse_square("gr200") == (199, 199) and parse_square("E5") == (4, 4)
    for x in range(0, 800, 7):
        assert parse_square(square_name((x, x % 200))) == (x, x % 200)
    for bad in ["", "5E", "A0", "A-1", "E 5", "Ä1"]:
        with pytest.raises(ValueError):
            parse_square(bad)
    with pytest.raises(ValueError):
        square_name((-1, 0))


def test_comments_crlf_bom_blank_lines_and_order_do_not_matter():
    messy = ("\ufeff; header comment\r\n\r\nNAME :  Test ring  \r\ndirection: anticlockwise\r\n"
             "\r\ncheckpoints:\r\n  1: D5-D6  \r\n\r\n; between\r\n2: D1-D2, B3\r\n"
             "grid:\r\n.+##R+.\r\n; a comment between rows\r\n+#ryb#+\r\nS#...#b\r\nS#...   \r\n"
             "+#bbr#+\r\n.+##+.\r\n\r\nLegend:\r\n. = off\r\n#=grey\r\n  r  =  red\r\ny = yellow\r\n"
             "b = blue\r\n+ = grey   corner\r\nR = red corner\r\nS = grey start\r\n")
    messy_grid = load_grid(messy)
    assert messy_grid == load_grid(TRACK)
    assert list(messy_grid.sections) == ["checkpoints"]


def test_legend_character_equals_sign_and_unicode():
    g = load_grid("legend:\n= = grey start\n● = turbo\n◎ = goal\n\ngrid:\n==●◎\n")
    assert g.cell(0, 0) == "grey start" and g.cell(2, 0) == "turbo" and g.cell(3, 0) == "goal"
    assert load_grid(g.to_text()) == g


def test_round_trips():
    g = load_grid(TRACK, source="ring.txt")
    text = g.to_text()
    again = load_grid(text)
    assert again == g and hash(again) == hash(g) and again.source == "<text>"
    assert again.to_text() == text
    data = json.loads(json.dumps(g.to_json()))
    assert data["rows"][3] == "S#...  " and data["legend"]["R"] == "red corner"
    assert Grid.from_json(data) == g
    assert load_grid(text.replace("b = blue", "b = navy")) != g


def test_grid_is_immutable_and_copies_cheaply():
    g = load_grid(TRACK)
    with pytest.raises(dataclasses.FrozenInstanceError):
        g.rows = ()
    with pytest.raises(TypeError):
        g.meta["name"] = "x"
    with pytest.raises(TypeError):
        g.legend["#"] = "red"
    assert copy.deepcopy(g) is g and copy.copy(g) is g
    assert pickle.loads(pickle.dumps(g)) == g and pickle.loads(pickle.dumps(g)).source == "<text>"
    assert repr(g) == "<Grid 'Test ring' 7×6 from <text>>"


def test_direct_construction_is_checked():
    assert Grid(legend={"#": "grey"}, rows=("#", "##")).rows == ("# ", "##")
    with pytest.raises(GridError) as info:
        Grid(legend={"#": "grey"}, rows=("#Z",))
    assert info.value.where == "at rows[0], character 2"
    assert "'Z' (square B1) is not in the legend" in str(info.value)


def test_errors_are_option_errors():
    assert issubclass(GridError, OptionError) and issubclass(GridError, ValueError)


# ---------------------------------------------------------------------------
# Errors: every one names the file, the line and the column
# ---------------------------------------------------------------------------

LEGEND = "legend:\n# = grey\nr = red\n\n"
ERRORS = [
    # (text, line, column, part of the problem)
    ("legend:\n# = grey\nr = red\ny = yellow\nb = blue\n+ = grey corner\nS = grey start\n"
     ". = off\ngrid:\n#######\nrrr##+#\n..SZ\n", 12, 4,
     "'Z' (square D3) is not in the legend (legend: #, r, y, b, +, S, .)"),
    ("", 1, 1, "there is no 'grid:' line"),
    (LEGEND, 4, 1, "there is no 'grid:' line"),
    ("name: x\n\ngrid:\n#\n", 3, 1, "there is no 'legend:' section"),
    ("legend:\n; nothing\ngrid:\n#\n", 1, 1, "the legend is empty"),
    (LEGEND + "grid:\n\nnotes:\nx\n", 5, 1, "the grid is empty"),
    (LEGEND + "grid:\n##\n\n##\n", 8, 1, "more rows after the empty line 7"),
    (LEGEND + "grid:\n##\n  \n ##\n", 8, 2, "more rows after the empty line 7"),
    ("legend:\n# = grey\nr = red\n # = blue\ngrid:\n#\n", 4, 2,
     "'#' is already in the legend on line 2 ('# = grey')"),
    ("legend:\n#r = grey\ngrid:\n#\n", 2, 2, "'#r' comes before '='"),
    ("legend:\n# grey\ngrid:\n#\n", 2, 2, "expected one character, '=', and its meaning"),
    ("legend:\n# =   \ngrid:\n#\n", 2, 3, "nothing after '='"),
    ("legend:\n: = grey\ngrid:\n#\n", 2, 1, "':' cannot be a legend character"),
    ("legend:\n\u0301 = grey\ngrid:\n#\n", 2, 1, "U+0301 cannot be a legend character"),
    ("legend:\n. = off  road\ngrid:\n.\n", 2, 5, "'off' (off-board) cannot be combined"),
    ("legend:\n. = road off\ngrid:\n.\n", 2, 10, "'off' (off-board) cannot be combined"),
    (LEGEND + "grid:\n##\n#\t#\n", 7, 2, "a tab character; expected spaces"),
    ("name:\tx\n" + LEGEND + "grid:\n#\n", 1, 6, "a tab character"),
    (LEGEND + "grid:\n#\x07#\n", 6, 2, "a non-printable character U+0007"),
    (LEGEND + "grid:\n#\u00a0#\n", 6, 2, "a non-printable character U+00A0"),
    (LEGEND + "grid:\n#\u200b#\n", 6, 2, "a non-printable character U+200B"),
    (LEGEND + "grid:\n#\r#\n", 6, 2, "a carriage return (U+000D) that does not end a line"),
    ("na\ufeffme: x\n" + LEGEND + "grid:\n#\n", 1, 3, "a non-printable character U+FEFF"),
    (LEGEND + "grid:\n#:#\n", 6, 2, "':' (square B1) cannot be a square"),
    (LEGEND + "grid:\n#;#\n", 6, 2, "';' (square B1) cannot be a square"),
    (LEGEND + "grid:\n#" + "r" * 200 + "\n", 6, 201, "longer than 200 squares"),
    (LEGEND + "grid:\n" + "#\n" * 201, 206, 1, "more than 200 rows"),
    (LEGEND + "grid:\n#\n\nnotes:\nx\nNotes:\ny\n", 10, 1, "a second 'notes:' section (the first "
                                                             "is on line 8)"),
    (LEGEND + "grid:\n#\n\nlegend:\n", 8, 1, "a second 'legend:' section (the first is on line 1)"),
    ("name: a\n Name: b\n" + LEGEND + "grid:\n#\n", 2, 2, "the header key 'name' is already set "
                                                          "on line 1"),
    ("1st: a\n" + LEGEND + "grid:\n#\n", 1, 1, "'1st' is not a usable key"),
    ("a track\n" + LEGEND + "grid:\n#\n", 1, 1, "expected a header line 'key: value'"),
    ("  # = grey\n", 1, 3, "this looks like a legend entry; expected a line 'legend:'"),
    ("legend: # = grey\n", 1, 1, "'legend:' starts a section and must be alone on its line"),
    ("legend:\n# = grey\n##\n", 3, 2, "or is the line 'grid:' missing before the rows?"),
    ("legend:\n# = grey\n" + "x" * 1_000_001, 3, 999_984, "larger than 1,000,000 bytes"),
    ("legend:\n# = grey\n" + "é" * 600_000, 3, 499_992, "larger than 1,000,000 bytes"),
]


@pytest.mark.parametrize("text, line, column, problem", ERRORS,
                         ids=[f"{i}-{e[3][:30]}" for i, e in enumerate(ERRORS)])
def test_error_names_source_line_and_column(text, line, column, problem):
    e = error_of(text)
    assert (e.source, e.line, e.column) == ("t.txt", line, column)
    assert str(e).startswith(f"t.txt line {line}, column {column}: ")
    assert problem in str(e)
    assert e.problem in str(e) and "expected" in str(e)


def test_allowed_names_every_word():
    ok = load_grid(TRACK, allowed=SQUARE_WORDS)      # 'off' is always allowed
    assert ok.cell(0, 2) == "grey start"
    e = error_of(TRACK, allowed={"grey", "red", "yellow", "blue", "start"})
    assert (e.line, e.column) == (11, 10)             # the word 'corner' in '+ = grey corner'
    assert "'corner' (the meaning of '+') is not a kind of square this board can have" in str(e)
    assert "blue, grey, red, start, yellow (or 'off')" in str(e)
    # the words of compound allowed names count one by one
    assert load_grid(TRACK, allowed={"grey start", "red yellow blue", "corner"}) == ok
    with pytest.raises(TypeError):
        load_grid(TRACK, allowed="grey")


def test_require():
    assert load_grid(TRACK, require={"start", "red corner", "blue"}).find("blue")
    e = error_of(TRACK, require={"pit"})
    assert (e.line, e.column) == (5, 1)              # the 'legend:' line
    assert "the legend has no character meaning 'pit'" in str(e)
    e = error_of(TRACK.replace("S#...#b", "##...#b").replace("S#...\n", "##...\n"),
                 require={"grey", "start"})
    assert (e.line, e.column) == (15, 1)             # the 'grid:' line
    assert "no square of the grid is 'start' ('S' in the legend)" in str(e)
    e = error_of(TRACK, require={"blue corner"})
    assert (e.line, e.column) == (5, 1)


def test_file_loading(tmp_path):
    path = tmp_path / "ring.txt"
    path.write_bytes(b"\xef\xbb\xbf" + TRACK.replace("\n", "\r\n").encode())
    g = load_grid_file(path, require={"start"})
    assert g == load_grid(TRACK) and g.source == str(path)
    path.write_bytes("legend:\n# = grey\ngrid:\n#é".encode() + b"\xff#\n")
    with pytest.raises(GridError) as info:
        load_grid_file(path)
    assert (info.value.line, info.value.column) == (4, 3)
    assert str(info.value).startswith(f"{path} line 4, column 3: byte 0xFF is not UTF-8 text")
    path.write_bytes(b"legend:\n# = grey\ngrid:\n" + b"#" * 1_000_000)
    with pytest.raises(GridError) as info:
        load_grid_file(path)
    assert (info.value.line, info.value.column) == (4, 1_000_000 - 23 + 1)
    assert "larger than 1,000,000 bytes" in str(info.value)
    with pytest.raises(FileNotFoundError):
        load_grid_file(tmp_path / "missing.txt")
    with pytest.raises(TypeError):
        load_grid(TRACK.encode())


# ---------------------------------------------------------------------------
# Sections, and errors a game raises about its own checks
# ---------------------------------------------------------------------------

def test_entries_and_squares():
    g = load_grid(TRACK + "\nwalls:\na: G3-G1 A1\nlong name: B3 , C6-B6\n")
    assert g.entries("checkpoints") == (("1", "D5-D6"), ("2", "D1-D2, B3"))
    assert g.squares("checkpoints") == (("1", ((3, 4), (3, 5))), ("2", ((3, 0), (3, 1), (1, 2))))
    assert g.squares("walls", on_board=False) == (("a", ((6, 2), (6, 1), (6, 0), (0, 0))),
                                                   ("long name", ((1, 2), (2, 5), (1, 5))))


SECTION_ERRORS = [
    ("  junk here", None, 3, "expected 'name: value' in the 'extra' section"),
    (": A1", None, 1, "expected 'name: value'"),
    ("x: D1\nx: D2", 2, 1, "'x' appears twice in the 'extra' section (first as line 1 of it)"),
    ("x:  D1 ,Q", None, 9, "'Q' is not a square or a range of squares"),
    ("x: D1-", None, 4, "'D1-' is not a square or a range"),
    ("x: B1 B2-D4", None, 7, "the range B2-D4 is not along one row or one column"),
    ("x: H1", None, 4, "square H1 is outside the grid; expected columns A to G and rows 1 to 6"),
    ("x: C7", None, 4, "square C7 is outside the grid"),
    ("x:  D6-G6", None, 5, "square F6 is off the board ('.')"),
    ("x: G3 G4", None, 7, "square G4 is off the board (' ')"),
    ("x: A1", None, 4, "square A1 is off the board ('.')"),
]


@pytest.mark.parametrize("lines, line_offset, column, problem", SECTION_ERRORS)
def test_section_errors_point_into_the_file(lines, line_offset, column, problem):
    text = TRACK + "\nextra:\n" + lines + "\n"
    first_line = TRACK.count("\n") + 3
    g = load_grid(text, source="t.txt")
    with pytest.raises(GridError) as info:
        g.squares("extra")
    line = first_line + (line_offset or 1) - 1
    assert (info.value.line, info.value.column) == (line, column)
    assert str(info.value).startswith(f"t.txt line {line}, column {column}: ")
    assert problem in str(info.value)


def test_missing_section_and_game_errors():
    g = load_grid(TRACK, source="t.txt")
    with pytest.raises(GridError) as info:
        g.entries("pits")
    assert str(info.value) == ("t.txt line 25, column 1: there is no 'pits:' section "
                               "(sections: 'checkpoints:'); expected one")
    e = g.error("the car cannot start here", square=(3, 4))
    assert str(e) == "t.txt line 20, column 4: the car cannot start here"
    assert str(g.error("bad colour", legend="y")) == "t.txt line 9, column 1: bad colour"
    assert str(g.error("unknown direction", meta="direction")) == \
        "t.txt line 3, column 12: unknown direction"
    assert str(g.error("no checkpoint", section="checkpoints")) == \
        "t.txt line 23, column 1: no checkpoint"
    assert str(g.error("does not cross the track", section="checkpoints", entry=1, column=4)) == \
        "t.txt line 25, column 4: does not cross the track"
    j = Grid.from_json(g.to_json(), source="save.json")
    assert str(j.error("x", square=(3, 4))) == "save.json at rows[4], character 4: x"
    assert str(j.error("x", section="checkpoints", entry=1)) == \
        'save.json at sections["checkpoints"][1], character 1: x'


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------

GOOD = {"meta": {"name": "x"}, "legend": {"#": "grey"}, "rows": ["##"], "sections": {"a": ["b"]}}
JSON_ERRORS = [
    ([1], "at the top level", "expected a JSON object with 'legend' and 'rows'; found list"),
    ({**GOOD, "extra": 1}, "at the top level", "unknown key 'extra'"),
    ({"legend": {"#": "grey"}}, "at the top level", "'rows' is missing"),
    ({**GOOD, "meta": []}, "at meta", "meta is list"),
    ({**GOOD, "meta": {"name": 3}}, 'at meta["name"], character 1', "is int 3; expected a string"),
    ({**GOOD, "meta": {"na me": "x"}}, 'at meta["na me"], character 1', "not a usable header key"),
    ({**GOOD, "meta": {"grid": "x"}}, 'at meta["grid"], character 1', "cannot be a header key"),
    ({**GOOD, "meta": {"a": "x", "A": "y"}}, 'at meta["A"], character 1', "appears twice"),
    ({**GOOD, "meta": {"a": "x\ny"}}, 'at meta["a"], character 2', "a line break inside one value"),
    ({**GOOD, "meta": {"a": "  "}}, 'at meta["a"], character 1', "has no value"),
    ({**GOOD, "legend": {}}, "at legend", "the legend is empty"),
    ({**GOOD, "legend": {"##": "grey"}}, 'at legend["##"]', "is not a single character"),
    ({**GOOD, "legend": {" ": "grey"}}, 'at legend[" "]', "cannot be a legend character"),
    ({**GOOD, "legend": {"#": ""}}, 'at legend["#"], character 1', "has no meaning"),
    ({**GOOD, "legend": {"#": "a\tb"}}, 'at legend["#"], character 2', "a tab character"),
    ({**GOOD, "rows": "##"}, "at rows", "rows is str; expected a list of strings"),
    ({**GOOD, "rows": []}, "at rows", "the grid is empty"),
    ({**GOOD, "rows": ["##", "  "]}, "at rows[1], character 1", "row 2 is empty"),
    ({**GOOD, "rows": ["##", None]}, "at rows[1], character 1", "row 2 is NoneType"),
    ({**GOOD, "rows": ["#x"]}, "at rows[0], character 2", "'x' (square B1) is not in the legend"),
    ({**GOOD, "rows": ["#"] * 201}, "at rows[200], character 1", "more than 200 rows"),
    ({**GOOD, "sections": {"legend": []}}, 'at sections["legend"]', "cannot be the name of"),
    ({**GOOD, "sections": {"a": "b"}}, 'at sections["a"]', "expected a list of lines"),
    ({**GOOD, "sections": {"a": ["b", " "]}}, 'at sections["a"][1], character 1', "is empty"),
    ({**GOOD, "sections": {"a": ["; b"]}}, 'at sections["a"][0], character 1', "read as a comment"),
    ({**GOOD, "sections": {"a": ["b:"]}}, 'at sections["a"][0], character 1', "a section name"),
]


@pytest.mark.parametrize("data, where, problem", JSON_ERRORS)
def test_json_errors_name_the_path(data, where, problem):
    with pytest.raises(GridError) as info:
        Grid.from_json(data, source="save.json")
    assert info.value.where == where and info.value.line is None
    assert str(info.value).startswith(f"save.json {where}: ")
    assert problem in str(info.value)


def test_json_checks_allowed_and_require():
    assert Grid.from_json(GOOD, allowed={"grey"}, require={"grey"}).width == 2
    with pytest.raises(GridError, match=r'at legend\["#"\], character 1: .*not a kind of square'):
        Grid.from_json(GOOD, allowed={"red"})
    with pytest.raises(GridError, match="at legend: the legend has no character meaning 'red'"):
        Grid.from_json(GOOD, require={"red"})


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

HEADER_LIKE = re.compile(r" *[A-Za-z][A-Za-z0-9_-]* *: *")
TEXT_CHARS = st.characters(blacklist_categories=("C", "Z")) | st.just(" ")
legend_chars = st.characters(blacklist_categories=("C", "Z", "M")).filter(lambda c: c not in ";:")
names = st.from_regex(r"[a-z][a-z0-9_-]{0,6}", fullmatch=True).filter(
    lambda n: n not in ("legend", "grid"))
words = st.text(st.characters(blacklist_categories=("C", "Z")), min_size=1, max_size=6).filter(
    lambda w: w != "off")
meanings = st.just("off") | st.lists(words, min_size=1, max_size=3).map(" ".join)
one_line = st.text(TEXT_CHARS, min_size=1, max_size=20).map(lambda s: s.strip(" ")).filter(bool)
section_lines = one_line.filter(lambda s: not s.startswith(";") and not HEADER_LIKE.fullmatch(s))


@st.composite
def boards(draw):
    legend = draw(st.dictionaries(legend_chars, meanings, min_size=1, max_size=6))
    chars = sorted(legend) + [" "]
    rows = draw(st.lists(st.text(st.sampled_from(chars), max_size=9).filter(lambda r: r.strip()),
                         min_size=1, max_size=7))
    meta = draw(st.dictionaries(names, one_line, max_size=3))
    sections = draw(st.dictionaries(names, st.lists(section_lines, max_size=3), max_size=3))
    return {"meta": meta, "legend": legend, "rows": rows, "sections": sections}


def render(board, crlf: bool, comments: bool) -> str:
    """The board as a teacher might write it, independently of Grid.to_text()."""
    lines = ["; made by hand"] if comments else []
    lines += [f"{k}:   {v}" for k, v in board["meta"].items()]
    lines += ["grid:"] + [r.rstrip(" ") for r in board["rows"]] + [""]
    lines += ["legend:"] + [f"{ch}={m}" for ch, m in board["legend"].items()]
    for name, entries in board["sections"].items():
        lines += ["", f"{name.upper()}:"] + [("  ; note\n" if comments else "") + e for e in entries]
    return ("\r\n" if crlf else "\n").join(lines)


@settings(max_examples=300, deadline=None)
@given(boards(), st.booleans(), st.booleans())
def test_random_boards_round_trip(board, crlf, comments):
    g = Grid.from_json(board)
    # nothing was lost or changed on the way in
    assert [r.rstrip(" ") for r in g.rows] == [r.rstrip(" ") for r in board["rows"]]
    assert g.width == max(len(r.rstrip(" ")) for r in board["rows"]) and g.height == len(board["rows"])
    assert dict(g.legend) == board["legend"] and dict(g.meta) == board["meta"]
    assert {k: list(v) for k, v in g.sections.items()} == board["sections"]
    for y, row in enumerate(board["rows"]):
        for x, ch in enumerate(row):
            assert g.cell(x, y) == (None if ch == " " or board["legend"][ch] == "off"
                                    else board["legend"][ch])
    # text and JSON round trips
    text = g.to_text()
    assert load_grid(text) == g and load_grid(text).to_text() == text
    assert Grid.from_json(json.loads(json.dumps(g.to_json()))) == g
    # a hand-written file with the same content is the same grid
    assert load_grid(render(board, crlf, comments)) == g


FRAGMENTS = ["legend:", "grid:", "checkpoints:", "# = grey", ". = off", "r = red", "S = grey start",
             "#", "##r.", ".S#", "", " ", "; comment", "name: x", "= = a", "1: A1-A3", "x:", "\t",
             "off", ". = off red", "\r", "\ufeff", "é", "●"]
garbage_lines = st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=12), max_size=25)


BAD_LINES = ["1: x", "a b", "k:\tv", "# = grey", "x", ": = y", ". = off red", "ab = c", "r = blue",
             "a: Z9", "b: A1-C3", "c: A1-", "d", "#Z#", "#:", "legend:", "grid:", "x:", ""]


@st.composite
def garbled_boards(draw):
    """Board files that are right or nearly right (one line changed), so that the later
    checks are reached too."""
    line = st.sampled_from
    header = draw(st.lists(line(["name: x", "Direction: clockwise", "x-y_1 : z", "; c", ""]),
                           unique=True, max_size=3))
    legend = draw(st.permutations(["# = grey", ". = off", "r = red", "S = grey start",
                                   "+ = grey corner", "= = a", "b=blue", "; c", ""]))
    rows = draw(st.lists(line(["#S#", "..##", "#+=r", " rb", "S.r#b+", "; c"]), min_size=1,
                         max_size=6))
    extra = draw(st.lists(line(["1: A1-A3", "2: B1, C1", "3: B2-B1", "4: C2", "; c", ""]),
                          max_size=4))
    blocks = [["legend:", *legend], ["grid:", *rows], ["checkpoints:", *extra]]
    order = draw(st.permutations(blocks))
    lines = header + [line for block in order for line in block]
    change = draw(st.sampled_from(["none", "replace", "insert"]))
    if change != "none":
        where = draw(st.integers(0, len(lines)))
        bad = draw(line(BAD_LINES) | st.text(max_size=8))
        lines[where:where + (change == "replace")] = [bad]
    return draw(line(["\n", "\r\n"])).join(lines)


def check_load(text, **kw):
    try:
        g = load_grid(text, source="junk.txt", **kw)
    except GridError as e:
        assert e.line >= 1 and e.column >= 1
        assert str(e).startswith(f"junk.txt line {e.line}, column {e.column}: ")
        return None
    assert load_grid(g.to_text()) == g
    return g


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_garbage_text_raises_only_grid_errors(text):
    check_load(text)


@settings(max_examples=600, deadline=None)
@given(garbled_boards() | garbage_lines.map("\n".join),
       st.none() | st.sets(st.sampled_from(["grey", "red", "start", "corner", "a"])),
       st.sets(st.sampled_from(["grey", "red start", "off"]), max_size=2))
def test_garbage_board_files_raise_only_grid_errors(text, allowed, require):
    g = check_load(text, allowed=allowed, require=require)
    if g is not None and "checkpoints" in g.sections:
        try:
            g.squares("checkpoints")
        except GridError as e:
            assert str(e).startswith(f"junk.txt line {e.line}, column {e.column}: ")


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                           max_leaves=10)


@settings(max_examples=300, deadline=None)
@given(boards(), st.sampled_from(["meta", "legend", "rows", "sections", None]), json_values)
def test_garbage_json_raises_only_grid_errors(board, key, junk):
    data = dict(board)
    if key is None:
        data = junk
    else:
        data[key] = junk
    try:
        g = Grid.from_json(data, source="save.json")
    except GridError as e:
        assert str(e).startswith(f"save.json {e.where}: ")
        return
    assert Grid.from_json(g.to_json()) == g


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=200) | garbage_lines.map(lambda ls: "\n".join(ls).encode("utf-8",
                                                                                   "surrogatepass")))
def test_garbage_files_raise_only_grid_errors(tmp_path_factory, data):
    path = tmp_path_factory.getbasetemp() / "junk.bin"
    path.write_bytes(data)
    try:
        load_grid_file(path)
    except GridError as e:
        assert e.line >= 1 and e.column >= 1
        assert str(e).startswith(f"{path} line {e.line}, column {e.column}: ")
