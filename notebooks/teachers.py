"""Write a teacher's page for each teaching notebook, from the notebook itself.

    .venv/bin/python notebooks/teachers.py          # every page: docs/teachers/NN_name.md
    .venv/bin/python notebooks/teachers.py 01       # those whose notebook name starts with 01

A page holds, for one notebook:

* **objectives** and **prior knowledge**: the one part a teacher writes, in
  ``notebooks/teachers.json`` (keyed by the notebook's name) or in the
  notebook's own metadata as ``metadata.boardkit.teacher`` (which wins);
* **a 45-minute plan**, measured on the notebook: its sections are its
  level-2 headings (each one's ``<a id>`` anchor, else the id JupyterLab
  gives the heading); for each section the cells, the words a student reads
  (text and folded answers), the code cells and the *Predict* questions,
  and minutes = words / :data:`WORDS_PER_MINUTE` + :data:`CODE_MINUTES` per
  code cell + :data:`PREDICT_MINUTES` per *Predict* (its answering cell
  included). Sections whose heading says *(advanced)* are listed apart.
  A *Play* section (anchor ``play``) gets what is left of the lesson after
  the core sections and :data:`WRAP_UP` minutes to compare answers; a core
  path longer than one lesson is planned as two;
* **a worksheet**: every *Predict* question, numbered, with room to write;
* **an answer sheet**: each question's folded answer (the ``<details>``
  block after it) and what its ``predict``-tagged cell prints (stored in
  ``metadata.boardkit.answer_outputs``, see notebooks/build.py).

The pages are generated text: never edit them by hand. tests/test_teachers.py
regenerates them in memory and fails when a committed page differs from its
notebook (run this script after changing a notebook).
"""
from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PAGES = ROOT / "docs" / "teachers"
TEACHERS = HERE / "teachers.json"

#: Reading speed of a student reading rules beside a board (words a minute).
WORDS_PER_MINUTE = 120
#: Running a code cell and looking at what it shows (minutes).
CODE_MINUTES = 0.5
#: A *Predict*: think, write the answer, run the cell, read the folded answer.
PREDICT_MINUTES = 2.0
#: The end of a lesson: comparing answers with the class.
WRAP_UP = 5
LESSON = 45
#: The least time worth giving to playing a game in class.
PLAY_AT_LEAST = 10

#: A *Predict* question, in the forms the notebooks write it.
QUESTION = re.compile(r"\*\*Predict\.\*\*|\*Predict:\*|(?<![*\w])Predict: ")
DETAILS = re.compile(r"<details>\s*<summary>(.*?)</summary>(.*?)</details>", re.S)
ANCHOR = re.compile(r'<a id="([^"]+)"\s*>\s*</a>')
WRITE = re.compile(r"\n?Write your answer down[^\n]*", re.S)


# ------------------------------------------------------------------ reading
def _text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def words(markdown: str) -> int:
    """Words a reader reads: tags, link targets and table rules left out."""
    text = re.sub(r"<[^>]+>", " ", markdown)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return len(re.findall(r"[^\W_][\w'’.-]*", text))


def slug(heading: str) -> str:
    """The id JupyterLab gives a heading (spaces as dashes)."""
    return re.sub(r"\s", "-", re.sub(r"<[^>]+>|[`*]", "", heading).strip())


@dataclass
class Question:
    number: int
    section: str
    text: str
    answer: str = ""
    outputs: list[str] = field(default_factory=list)
    pictures: int = 0
    advanced: bool = False
    #: the SVG the worksheet shows with the question (a code cell tagged ``worksheet`` above it)
    sheet_picture: str = ""

    @property
    def heading(self) -> str:
        return self.section + (" (advanced)" if self.advanced else "")


@dataclass
class Section:
    title: str
    anchor: str
    advanced: bool
    cells: int = 0
    words: int = 0
    code: int = 0
    predicts: int = 0

    @property
    def play(self) -> bool:
        return self.anchor == "play"

    @property
    def minutes(self) -> float:
        return self.words / WORDS_PER_MINUTE + CODE_MINUTES * self.code + PREDICT_MINUTES * self.predicts


def _heading(source: str) -> tuple[str, str] | None:
    """(title, anchor) of a level-2 heading cell, else None."""
    m = re.search(r"^## (.+)$", source, re.M)
    if m is None or m.group(1).strip() == "Table of contents":
        return None
    line = m.group(1)
    a = ANCHOR.search(source)
    title = ANCHOR.sub("", line).strip()
    return title, a.group(1) if a else slug(title)


def _clean_title(title: str) -> str:
    """A heading without its path note and rule ids ("(core)", "— SR-R4")."""
    title = re.sub(r"\s*\((?:core|advanced)[^)]*\)", "", title)
    title = re.sub(r"\s+—\s+[A-Z]+-(?:R\d+|\w+)(?:[,…\s–-]+(?:[A-Z]+-)?R?\d+)*\s*$", "", title)
    return title.strip()


def _outputs(cell: dict) -> tuple[list[str], int]:
    """The text a ``predict`` cell prints (from its stored answer) and how
    many pictures it shows."""
    stored = cell.get("metadata", {}).get("boardkit", {}).get("answer_outputs") or cell.get("outputs", [])
    texts, pictures = [], 0
    for out in stored:
        if out.get("output_type") == "stream":
            texts.append("".join(out.get("text", "")))
            continue
        data = out.get("data", {})
        if "text/html" in data or "image/svg+xml" in data or "image/png" in data:
            pictures += 1
            continue
        plain = "".join(data.get("text/plain", ""))
        if plain and not plain.startswith("<IPython"):
            texts.append(plain + "\n")
    return texts, pictures


#: A code cell tagged so shows the picture the worksheet prints with the next question (a blank
#: tree to fill in): the picture is written next to the page (docs/teachers/pictures/).
SHEET = "worksheet"
_IMG = re.compile(r'<img class="boardkit-static" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"')
#: the pictures notebooks/build.py copies into an Answer (the answer sheet says it shows them)
ANSWER_PICTURES = re.compile(r"\s*<!-- the answering cell's pictures.*?"
                             r"<!-- end of the answering cell's pictures -->", re.S)


def _picture(cell: dict) -> str:
    """The SVG of the first picture a code cell shows (its stored outputs)."""
    import base64
    for out in cell.get("outputs", []):
        html = out.get("data", {}).get("text/html", "")
        m = _IMG.search(html if isinstance(html, str) else "".join(html))
        if m:
            return base64.b64decode(m.group(1)).decode("utf-8")
    return ""


def read(path: Path) -> tuple[dict, list[Section], list[Question]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    sections: list[Section] = [Section("Introduction", "", False)]
    questions: list[Question] = []
    pending: Question | None = None
    sheet = ""
    for i, cell in enumerate(nb["cells"]):
        source = _text(cell)
        if cell["cell_type"] == "markdown":
            head = _heading(source)
            if "## Table of contents" in source and head is None:
                continue
            if head is not None:
                title, anchor = head
                sections.append(Section(_clean_title(title), anchor, "(advanced)" in title))
        sec = sections[-1]
        sec.cells += 1
        if cell["cell_type"] == "markdown":
            sec.words += words(source)
            for m in QUESTION.finditer(source):
                if i == 0 and "When a cell" in source[max(0, m.start() - 40):m.start()]:
                    continue
                q = source[m.start():]
                q = WRITE.split(q)[0].strip()
                q = DETAILS.split(q)[0].strip()
                pending = Question(len(questions) + 1, sec.title, q, advanced=sec.advanced,
                                   sheet_picture=sheet)
                sheet = ""
                questions.append(pending)
                sec.predicts += 1
            for d in DETAILS.finditer(source):
                if pending is not None and not pending.answer:
                    pending.answer = ANSWER_PICTURES.sub("", d.group(2)).strip()
        else:
            if SHEET in _tags(cell):
                sheet = _picture(cell)
            if "predict" in _tags(cell) and pending is not None:
                texts, pics = _outputs(cell)
                pending.outputs += texts
                pending.pictures += pics
            else:
                sec.code += 1
    if not sections[0].cells:
        sections.pop(0)
    return nb, sections, questions


def teacher(nb: dict, name: str) -> dict:
    own = nb.get("metadata", {}).get("boardkit", {}).get("teacher")
    if own:
        return own
    data = json.loads(TEACHERS.read_text(encoding="utf-8"))
    return data.get(name, {})


# ------------------------------------------------------------------ writing
def _min(x: float) -> int:
    """Whole minutes, at least 1 (half a minute rounds up)."""
    return max(1, math.floor(x + 0.5))


def _clock(start: int, length: int) -> str:
    return f"{start}–{start + length}"


def _row(clock: str, s: Section, minutes: int | str, what: str = "") -> str:
    link = f"[{s.title}](../../notebooks/{{nb}}#{s.anchor})" if s.anchor else s.title
    return (f"| {clock} | {link}{what} | {s.cells} | {s.words} | {s.code} | {s.predicts} | "
            f"{minutes} |")


_TABLE = ("| minutes | section | cells | words | code cells | *Predict* | length |\n"
          "|---|---|---|---|---|---|---|")


def plan(sections: list[Section], tour: bool) -> list[str]:
    core = [s for s in sections if not s.advanced]
    taught = [s for s in core if not s.play]
    play = [s for s in core if s.play]
    mins = {id(s): _min(s.minutes) for s in taught}
    total = sum(mins.values())
    out: list[str] = []
    measured = (f"Measured on the notebook: reading at {WORDS_PER_MINUTE} words a minute (text and "
                f"folded answers), {CODE_MINUTES:g} min to run and look at each code cell, "
                f"{PREDICT_MINUTES:g} min for each *Predict* (write, run, read the answer).")
    if tour:
        out += ["## Reading plan", "",
                f"{measured} The tour takes about **{total} minutes** to read and run alone.", "",
                _TABLE]
        t = 0
        for s in taught:
            out.append(_row(_clock(t, mins[id(s)]), s, mins[id(s)]))
            t += mins[id(s)]
        return out + [""]
    out += [f"## A {LESSON}-minute plan", "", measured, ""]
    left = LESSON - WRAP_UP - total
    if play and left >= PLAY_AT_LEAST:
        out += [f"The core path measures **{total} minutes**; *{play[0].title}* takes the "
                f"{left} minutes left, and the last {WRAP_UP} minutes are for comparing answers.", "",
                _TABLE]
        t = 0
        for s in core:
            m = left if s.play else mins[id(s)]
            what = " — in pairs or small groups" if s.play else ""
            out.append(_row(_clock(t, m), s, m, what))
            t += m
        out += [f"| {_clock(t, WRAP_UP)} | Compare answers with the class | | | | | {WRAP_UP} |", ""]
        return out
    if not play and total + WRAP_UP <= LESSON:
        spare = LESSON - WRAP_UP - total
        out += [f"The core path measures **{total} minutes**; the last {WRAP_UP} minutes are for "
                f"comparing answers" + (f", and {spare} are to spare." if spare else "."), "", _TABLE]
        t = 0
        for s in core:
            out.append(_row(_clock(t, mins[id(s)]), s, mins[id(s)]))
            t += mins[id(s)]
        return out + _ending(t, spare)
    # longer than one lesson: cut it where the first lesson is full
    out += [f"The core path measures **{total} minutes**{' before playing' if play else ''}: "
            f"more than one {LESSON}-minute lesson, so it is planned as two.", ""]
    lesson, t, first = 1, 0, True
    for s in taught:
        m = mins[id(s)]
        if first or (t + m > LESSON - WRAP_UP and t > 0):
            if not first:
                out += [f"| {_clock(t, WRAP_UP)} | Compare answers with the class | | | | | {WRAP_UP} |",
                        ""]
                lesson, t = lesson + 1, 0
            out += [f"**Lesson {lesson}**", "", _TABLE]
            first = False
        out.append(_row(_clock(t, m), s, m))
        t += m
    if play:
        m = max(PLAY_AT_LEAST, LESSON - WRAP_UP - t)
        if t + m + WRAP_UP > LESSON:
            out += [f"| {_clock(t, WRAP_UP)} | Compare answers with the class | | | | | {WRAP_UP} |", ""]
            lesson, t = lesson + 1, 0
            out += [f"**Lesson {lesson}**", "", _TABLE]
        out.append(_row(_clock(t, m), play[0], m, " — in pairs or small groups"))
        t += m
    return out + _ending(t, LESSON - WRAP_UP - t)


def _ending(t: int, spare: int) -> list[str]:
    """A lesson's last rows: the time to spare, if any, and comparing answers."""
    out = []
    if spare > 0:
        out.append(f"| {_clock(t, spare)} | Time to spare: an advanced section, or the class plays "
                   f"the game | | | | | {spare} |")
        t += spare
    return out + [f"| {_clock(t, WRAP_UP)} | Compare answers with the class | | | | | {WRAP_UP} |", ""]


def advanced(sections: list[Section]) -> list[str]:
    adv = [s for s in sections if s.advanced]
    if not adv:
        return []
    total = sum(_min(s.minutes) for s in adv)
    out = ["## Advanced sections (not in the plan)", "",
           f"For a second lesson, homework or learners on their own: about **{total} minutes** "
           f"measured the same way.", "", _TABLE]
    for s in adv:
        out.append(_row("", s, _min(s.minutes)))
    return out + [""]


def _quote(text: str) -> list[str]:
    return [("> " + line).rstrip() for line in text.splitlines()]


def sheet_picture(stem: str, q: Question) -> str:
    """Where the worksheet's picture for question ``q`` is written, next to the page."""
    return f"pictures/{stem}_question_{q.number}.svg"


def worksheet(questions: list[Question], title: str, stem: str = "") -> list[str]:
    out = ["## Worksheet", "",
           f"*{title}* — name: ______________________ date: ____________", "",
           "Stop at each *Predict* in the notebook. Write your answer here **before** you run "
           "the next cell; then run it and check. Questions marked *(advanced)* belong to the "
           "advanced sections.", ""]
    for q in questions:
        out += [f"### Question {q.number} · {q.heading}", "", *_quote(q.text), ""]
        if q.sheet_picture:
            out += [f"![The picture of question {q.number}, to fill in]({sheet_picture(stem, q)})", ""]
        out += ["**My answer:**", "", "&nbsp;", "", "---", "", "&nbsp;", "", "---", "",
                "**After running the cell:** ☐ right ☐ wrong — because …", "", "&nbsp;", "", "---", ""]
    return out


MAX_OUTPUT_LINES = 12


def answers(questions: list[Question]) -> list[str]:
    out = ["## Answer sheet", "", "The folded answers of the notebook, and what each answering "
           "cell prints.", ""]
    for q in questions:
        out += [f"### Answer {q.number} · {q.heading}", "", *_quote(q.text.splitlines()[0]), ""]
        out += [q.answer or "*(no folded answer in the notebook)*", ""]
        printed = "".join(q.outputs).rstrip("\n").splitlines()
        if printed:
            if len(printed) > MAX_OUTPUT_LINES:
                printed = printed[:MAX_OUTPUT_LINES] + [f"… ({len(printed) - MAX_OUTPUT_LINES} more lines)"]
            out += ["The cell prints:", "", "```text", *printed, "```", ""]
        if q.pictures:
            out += [f"*(and shows {'a board' if q.pictures == 1 else f'{q.pictures} pictures'} "
                    f"in the notebook)*", ""]
    return out


def page(path: Path) -> str:
    nb, sections, questions = read(path)
    name = path.stem
    title = re.sub(r"^#\s*", "", _text(nb["cells"][0]).splitlines()[0]).strip()
    t = teacher(nb, name)
    tour = t.get("kind") == "tour"
    out = [f"# Teacher's page: {title}", "",
           f"<!-- Generated by notebooks/teachers.py from notebooks/{path.name} and "
           f"notebooks/teachers.json: do not edit by hand. -->", "",
           f"Notebook: [{path.name}](../../notebooks/{path.name}) · "
           f"{len(questions)} *Predict* question{'s' if len(questions) != 1 else ''} · "
           f"{len(nb['cells'])} cells", ""]
    if tour:
        out += ["**This notebook is a tour for teachers, not a lesson.** It shows how every "
                "boardkit notebook works — seeds, legal actions, refusals with the rule's id, "
                "scenarios, the clickable board and bots — so that you can prepare a lesson with "
                "the game notebooks (01–04) and 05. Read it before the first lesson; students do "
                "not need it.", ""]
    out += ["## Objectives", "", "After this notebook " + ("you" if tour else "students") + " can:", ""]
    out += [f"- {o}" for o in t.get("objectives", ["*(to be written in notebooks/teachers.json)*"])]
    out += ["", "## Prior knowledge", ""]
    out += [f"- {p}" for p in t.get("prior", ["*(to be written in notebooks/teachers.json)*"])]
    out += [""]
    sheets = t.get("printables", [])
    if sheets:
        out += ["## Printables", "",
                "Sheets to print at 100 % (actual size) for a class without a computer each — "
                "black and white is enough:", ""]
        out += [f"- {name.replace('_', ' ')}: [A4](../printables/a4/{name}.svg) · "
                f"[Letter](../printables/letter/{name}.svg)" for name in sheets]
        out += ["", "All sheets in one file: [A4 PDF](../printables/a4/boardkit_printables_a4.pdf) · "
                "[Letter PDF](../printables/letter/boardkit_printables_letter.pdf). Rebuild them, or "
                "print a track of your own, with `python -m boardkit.printables --out docs/printables "
                "--pdf [--track my_track.txt]`.", ""]
    out += plan(sections, tour)
    out += advanced(sections)
    if questions:
        out += worksheet(questions, title, name)
        out += answers(questions)
    text = "\n".join(out).rstrip() + "\n"
    return text.replace("{nb}", path.name)


def index() -> str:
    """docs/teachers/README.md: the pages, each with its measured core path."""
    out = ["# Teacher's pages", "",
           "<!-- Generated by notebooks/teachers.py: do not edit by hand. -->", "",
           "One page per notebook: objectives, prior knowledge, a 45-minute plan measured on the "
           "notebook, a worksheet of its *Predict* questions and an answer sheet. Printable boards, "
           "tracks, cards and tiles are in [docs/printables](../printables/).", "",
           "| notebook | page | core path (measured) | *Predict* |", "|---|---|---|---|"]
    for path in notebooks():
        _, sections, questions = read(path)
        core = sum(_min(s.minutes) for s in sections if not s.advanced and not s.play)
        out.append(f"| [{path.name}](../../notebooks/{path.name}) | [{path.stem}.md]({path.stem}.md) | "
                   f"{core} min{' + playing' if any(s.play for s in sections) else ''} | {len(questions)} |")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ the notebook's own contents table
#: A contents row: number, linked title (and what follows it in the cell), then the other columns.
_ROW = re.compile(r"^\| *(\d+) *\| *(\[[^\]]+\]\(#([^)]+)\)[^|]*)\|(.*)\|\s*$")
_PREDICTS = re.compile(r"\s*·\s*\d+ \*Predict\*")


def _path_cell(old: str, s: Section) -> str:
    """The "path" column: core or advanced as the heading says, the old
    note kept ("— skim"), and the section's *Predict* count."""
    note = _PREDICTS.sub("", old).strip()
    note = re.sub(r"^(core|advanced)\b", "", note).strip()
    kind = "advanced" if s.advanced else "core"
    predicts = f" · {s.predicts} *Predict*" if s.predicts else ""
    return f"{kind}{(' ' + note) if note else ''}{predicts}"


def _headline(path: Path, sections: list[Section], numbers: dict[str, int]) -> str:
    """The contents' first paragraph: the measured core path and how a
    45-minute lesson uses it, as the teacher's page plans it."""
    core = [s for s in sections if not s.advanced]
    taught = [s for s in core if not s.play and s.anchor in numbers]
    play = [s for s in core if s.play]
    total = sum(_min(s.minutes) for s in core if not s.play)
    predicts = sum(s.predicts for s in core)
    listed = _ranges([numbers[s.anchor] for s in taught])
    what = ((f"the introduction and sections {listed}" if len(taught) > 1 else
             f"the introduction and section {listed}") if taught else "the introduction")
    asked = f"{predicts} *Predict* question{'s' if predicts != 1 else ''}"
    how = (f"measured as on the [teacher's page](../docs/teachers/{path.stem}.md): {WORDS_PER_MINUTE} "
           f"words a minute, {CODE_MINUTES:g} min a code cell, {PREDICT_MINUTES:g} min a *Predict*")
    head = f"**Core path: {total} minutes{' before playing' if play else ''}** ({what} — {asked}; {how})."
    left = LESSON - WRAP_UP - total
    if play:
        p = play[0]
        title = re.sub(r"^\d+\.\s*", "", p.title)
        named = f"section {numbers[p.anchor]}, *{title}*" if p.anchor in numbers else f"*{title}*"
        if left >= PLAY_AT_LEAST:
            head += (f" For a {LESSON}-minute lesson: the core with the whole class, then {named}, in "
                     f"pairs or small groups ({left} minutes), and {WRAP_UP} minutes to compare answers.")
        else:
            head += (f" With {named}, that is more than one {LESSON}-minute lesson: the teacher's page "
                     f"plans it as two.")
    if not play:
        head += (f" It fits a {LESSON}-minute lesson with {WRAP_UP} minutes to compare answers."
                 if total + WRAP_UP <= LESSON else
                 f" That is more than one {LESSON}-minute lesson: the teacher's page plans it as two.")
    return (head + " The sections marked **advanced** are for a second lesson, homework, or learners "
            "on their own. Every heading says *(core)* or *(advanced)*.")


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 4, 6, 9 as "1–4, 6 and 9"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def contents(path: Path) -> dict[str, str]:
    """Every markdown cell (by id) whose contents table is out of date, with
    its source as it should be: each row's path and minutes from the
    measure (advanced rows have no minutes), and a "Table of contents"
    cell's first paragraph from the plan."""
    nb, sections, _ = read(path)
    by_anchor = {s.anchor: s for s in sections}
    out: dict[str, str] = {}
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = _text(cell)
        lines = source.split("\n")
        header = next((i for i, line in enumerate(lines)
                       if re.match(r"^\| *\| *section *\|", line) and "minutes" in line), None)
        if header is None:
            continue
        columns = [c.strip() for c in lines[header].strip().strip("|").split("|")]
        numbers: dict[str, int] = {}
        for i in range(header + 2, len(lines)):
            m = _ROW.match(lines[i])
            if not m or m.group(3) not in by_anchor:
                continue
            s = by_anchor[m.group(3)]
            numbers[s.anchor] = int(m.group(1))
            rest = [c.strip() for c in m.group(4).split("|")]
            link = _PREDICTS.sub("", m.group(2).strip())
            if "path" in columns:
                rest[columns.index("path") - 2] = _path_cell(rest[columns.index("path") - 2], s)
            else:
                link += f" · {s.predicts} *Predict*" if s.predicts else ""
            rest[-1] = "" if s.advanced else str(s.minutes if s.play else _min(s.minutes))
            if s.play and not s.advanced:
                rest[-1] = ""
            lines[i] = f"| {m.group(1)} | {link} | " + " | ".join(rest) + (" |" if rest[-1] else "|")
        if lines[0].strip() == "## Table of contents":
            first = next(i for i in range(1, header) if lines[i].strip())
            end = next(i for i in range(first, header + 1) if not lines[i].strip())
            lines[first:end] = _wrap(_headline(path, sections, numbers))
        new = "\n".join(lines)
        if new != source:
            out[cell.get("id", "")] = new
    return out


def _wrap(text: str, width: int = 80) -> list[str]:
    """A paragraph in lines of at most ``width`` characters (as the notebooks write them)."""
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def write_contents(path: Path) -> bool:
    """Bring the notebook's contents table up to date (only those cells'
    sources change); True when it changed."""
    new = contents(path)
    if not new:
        return False
    import nbformat
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.get("id") in new:
            cell.source = new[cell.get("id")]
    nbformat.write(nb, path)
    return True


def notebooks() -> list[Path]:
    return sorted(HERE.glob("[0-9][0-9]_*.ipynb"))


def target(path: Path) -> Path:
    return PAGES / f"{path.stem}.md"


def sheet_pictures(path: Path) -> dict[Path, str]:
    """The worksheet's pictures of a notebook: file → SVG text."""
    _, _, questions = read(path)
    return {PAGES / sheet_picture(path.stem, q): q.sheet_picture for q in questions if q.sheet_picture}


def write(path: Path) -> Path:
    PAGES.mkdir(parents=True, exist_ok=True)
    out = target(path)
    out.write_text(page(path), encoding="utf-8")
    for file, svg in sheet_pictures(path).items():
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(svg, encoding="utf-8")
    return out


if __name__ == "__main__":
    wanted = sys.argv[1:]
    for nb_path in notebooks():
        if not wanted or any(nb_path.name.startswith(w) for w in wanted):
            if write_contents(nb_path):
                print("contents table brought up to date in", nb_path.relative_to(ROOT))
            print("wrote", write(nb_path).relative_to(ROOT))
    (PAGES / "README.md").write_text(index(), encoding="utf-8")
