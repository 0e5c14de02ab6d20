"""Why a click is refused, in the rule's words: a part the board holds.

A refusal reaches a learner as the rule's sentence next to what they
clicked (:func:`learner_sentence`), with the rulings it cites as tags
(:func:`cited_rules`). A click that only *starts* an action that cannot be
finished (``spawn red`` with red already on the board) is answered with the
reason one way of finishing it is refused, not "that is not a whole
action"; a click that neither is nor starts an action gets the game's
sentence about that word, or what the board takes now.

:class:`Refusals` owns the targets read from the picture shown (read once
per picture: :func:`offered`) and finds those reasons; the board shows them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any
from xml.sax.saxutils import unescape

from ..core.errors import IllegalActionError, InvalidActionError
from ..core.rulings import RULE_ID
from .steps import _CONTROL
from .table import Table

_DATA_ACT = re.compile(r'data-act="([^"]*)"')
#: The attributes of click targets (the only tags :func:`offered` reads).
_TARGET_ATTR = re.compile(r'\sdata-(?:act|toggle|confirm)="')
_ATTR = re.compile(r'([a-z-]+)="([^"]*)"')
_ENTITIES = {"&quot;": "\"", "&#10;": "\n", "&#13;": "\r", "&#9;": "\t"}
#: Ways of finishing an unfinished click tried for its reason (parses).
FINISHING_TRIES = 600
#: The tail of a typed action's syntax lesson ("…; an action looks like
#: 'grow red c4'"): never shown for a click, which typed nothing.
_SYNTAX_TAIL = re.compile(r";? an action looks like '[^']*'$")
#: A ruling cited in a sentence, in brackets: "(SCC-R2)", "(SU-R4)".
_CITED = re.compile(r" ?\((" + RULE_ID + r"(?:, " + RULE_ID + r")*)\)")
_CITED_ID = re.compile(r"\((" + RULE_ID + r")\)")
#: An action written out in brackets ("… ('move s4 2d')"): for a typed
#: action, not for a click.
_ACTION_CODE = re.compile(r" ?\('[^']*'\)")
#: A sentence that teaches how an action is typed ("write 'grow <colour>
#: <square>'", "unknown action 'b7'"): not for a click.
_SYNTAX = re.compile(r"\bwrite '|unknown action|<[a-z ]+>|\ban action is\b|there is no right card '", re.I)


def learner_sentence(exc: BaseException, title: str = "", situation: str = "") -> str:
    """A refusal as a learner reads it on a board: the rule's sentence, without
    the game's title, the action repeated (``illegal '…':``), the rule id (shown
    as a tag beside it), the situation (the board says it) or a typed
    action's syntax example; starting with a capital letter."""
    text = str(exc)
    if title and text.startswith(title + ": "):
        text = text[len(title) + 2:]
    if situation and text.endswith(f" [{situation}]"):
        text = text[:-len(situation) - 3]
    if text.startswith("illegal '") and "': " in text:
        text = text.split("': ", 1)[1]
    rule = getattr(exc, "rule", None)
    if rule and text.startswith(rule + ": "):
        text = text[len(rule) + 2:]
    text = _SYNTAX_TAIL.sub("", text).strip()
    text = _ACTION_CODE.sub("", text)
    text = _CITED.sub("", text)          # (rulings the sentence cites become tags: cited_rules)
    return text[:1].upper() + text[1:]


def cited_rules(exc: BaseException, situation: str = "") -> list[str]:
    """The rulings a refusal cites: its rule, then any its sentence names in
    brackets ("… is on the board (SCC-R2) — grow it instead"); not those of
    the ``situation`` it ends with (the board says that)."""
    rule = getattr(exc, "rule", None)
    out = [rule] if rule else []
    text = str(exc)
    if situation and text.endswith(f" [{situation}]"):
        text = text[:-len(situation) - 3]
    out += [r for r in _CITED_ID.findall(text) if r not in out]
    return out

def show(value: Any, limit: int = 40) -> str:
    """A short, safe rendering of something the page sent, for a message."""
    if isinstance(value, str):
        cut = _CONTROL.sub("\ufffd", value[:limit])
        return f"'{cut}{'…' if len(value) > limit else ''}'"
    return "nothing" if value is None else f"a {type(value).__name__}"


def offered(svg: str) -> tuple[list[str], list[str], list[str]]:
    """The legal click targets a picture offers: its ``data-act`` words
    marked ``legal``, its ``data-toggle`` and its ``data-confirm`` words."""
    acts: list[str] = []
    toggles: list[str] = []
    confirms: list[str] = []
    last = -1
    for found in _TARGET_ATTR.finditer(svg):
        start = svg.rfind("<", 0, found.start())     # its tag ("<" is escaped elsewhere)
        if start == last:
            continue                                  # a tag with two of them: read once
        last = start
        tag = svg[start:svg.find(">", found.end()) + 1]
        attrs = {k: unescape(v, _ENTITIES) for k, v in _ATTR.findall(tag)}
        if "data-act" in attrs and "legal" in attrs.get("class", "").split():
            acts.append(attrs["data-act"])
        if "data-toggle" in attrs:
            toggles.append(attrs["data-toggle"])
        if "data-confirm" in attrs:
            confirms.append(attrs["data-confirm"])
    return list(dict.fromkeys(acts)), list(dict.fromkeys(toggles)), list(dict.fromkeys(confirms))


class Refusals:
    """The reasons for refused clicks on one board, from the game on its
    :class:`~boardkit.widget.table.Table`; owns the click targets read from
    the picture shown."""

    def __init__(self, table: Table):
        self._table = table
        self._offered: tuple[str, tuple] = ("", ([], [], []))

    def targets(self, svg: str) -> tuple[list[str], list[str], list[str]]:
        """:func:`offered` for ``svg``, read once per picture."""
        if self._offered[0] != svg:
            self._offered = (svg, offered(svg))
        return self._offered[1]

    def unfinished(self, words: str, svg: str) -> IllegalActionError | None:
        """``words`` start no legal action (``spawn red`` with red already
        on the board): the rule's reason for one way of finishing them,
        rather than "that is not a whole action"; None when ``words`` are a
        whole action (applying it gives the reason) or no way is refused.
        The ways tried: the rules' candidates, then ``words`` plus one or
        two words the board offers."""
        g = self._table.game
        try:
            g.rules.parse(words)
            return None                 # a whole action: act() gives the reason
        except InvalidActionError:
            pass
        state = g.state
        why = g.rules.why_not(state, words)
        if why is None:
            offered_words = list(dict.fromkeys(unescape(w, _ENTITIES) for w in _DATA_ACT.findall(svg)))
            for action in self._finishings(words, offered_words):
                why = g.rules.refusal(state, action)
                if why is not None:
                    break
        if why is None:
            return None
        return IllegalActionError(f"{g.info.title}: illegal '{words} …': {why.rule}: {why.reason}",
                                  rule=why.rule, action=words)

    def _finishings(self, words: str, offered_words: list[str]) -> Iterator[str]:
        """Whole actions made of ``words`` and one or two more of the words
        the board offers (at most :data:`FINISHING_TRIES` tries: a click is
        answered at once)."""
        parse = self._table.game.rules.parse
        tries = 0
        for word in offered_words:
            for more in ([word], *([word, second] for second in offered_words)):
                tries += 1
                if tries > FINISHING_TRIES:
                    return
                try:
                    yield parse(" ".join([words, *more]))
                    break
                except InvalidActionError:
                    pass

    def stray_click(self, word: str, why: InvalidActionError, pending: str,
                    hint: Callable[[], str]) -> InvalidActionError:
        """A click that neither is nor starts an action here, and no rule
        explains (a colour before the verb, a space with no machine chosen):
        the game's sentence about that word, unless it teaches how to type
        an action (a click typed nothing); then what the board takes now
        (``hint()``)."""
        g = self._table.game
        said = learner_sentence(why, g.info.title)
        if _SYNTAX.search(said):
            shown = word if len(word) <= 40 else word[:40] + "…"
            if pending:
                said = f"“{shown}” cannot come after “{pending}”. {hint()}".strip()
            else:
                said = f"“{shown}” cannot be clicked first. {hint()}".strip()
        return InvalidActionError(said, rule=g.rules.rule_id("actions"), action=word)

