"""What a board says, besides its picture: the hint (what can be clicked
now, in words, from the legal targets), a refusal in the rule's words with
the ruling it cites as a tag, what a screen reader hears (``announce``, a
live region: the events of a move, each bot's move, each refusal), and the
answer to a click that is not an action here.

:class:`Voice` is a part of :class:`~boardkit.widget.board.BoardWidget` (one
of its bases): it writes the board's words into the synced values the page
shows (``hint``, ``error`` and its tag, ``announce``) and owns one thing of
its own, whether it has spoken in the update being made.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.errors import BOARD_RULE, BoardkitError, InvalidActionError, with_rule
from ..core.rulings import ruling_title
from ..core.view import click_hint
from .refusals import cited_rules, learner_sentence
from .steps import _clean

if TYPE_CHECKING:
    from ..core.game import Game
    from .bots import BotRunner
    from .refusals import Refusals


class Voice:
    """The board's words (see the module)."""

    if TYPE_CHECKING:     # the board's (BoardWidget's)
        game: Game
        held: bool
        playing: bool
        step_index: int
        pending: str
        can_undo: bool
        error: str
        error_rule: str
        error_rule_title: str
        announce: dict[str, Any]
        _runner: BotRunner
        _refusals: Refusals
        _batching: bool

        @property
        def svg(self) -> str: ...

        def _human_to_move(self) -> bool: ...

        def _curtain_text(self) -> str: ...

    #: whether the board has spoken in the update being made (see :meth:`_announce`)
    _said_in_batch: bool = False

    def _hint(self, curtain: str, svg: str) -> str:
        """What can be clicked now, in words (from the legal targets)."""
        g = self.game
        if curtain or self._runner.thinking is not None:
            return ""
        if self.held:
            return "Look at the board, then click “Continue ▶” to go on."
        if self.playing:
            return "Playing back what happened: “‖ Pause” stops, “now ⇥” jumps to the live board."
        if self.step_index >= 0:
            return "You are looking back at a step: click “now ⇥” to go back to the live board and play."
        if g.current_player is None:
            return "The game is over." + (" ↶ Undo takes back your last move." if self.can_undo else "")
        if not self._human_to_move():
            return ""
        acts, toggles, confirms = self._refusals.targets(svg)
        return _clean(click_hint(g.info.name, acts, self.pending, toggles, confirms))

    def _say(self, exc: BaseException) -> str:
        """Show ``exc`` on the board in the rule's words (:func:`learner_sentence`),
        with the ruling it cites as a tag (its id and title)."""
        if isinstance(exc, BoardkitError):
            with_rule(exc, BOARD_RULE)        # a refusal of the board's own names the board's ruling
        self.error = _clean(learner_sentence(exc, self.game.info.title, self.game.situation()))
        rules = cited_rules(exc, self.game.situation()) or [BOARD_RULE]
        self.error_rule = _clean(" ".join(rules))
        # each tag's title, a line each (the page titles the tags with them)
        self.error_rule_title = _clean("\n".join(ruling_title(r).replace("\n", " ") for r in rules))
        self._announce([self.error])
        return self.error

    def _announce(self, said: Iterable[str]) -> None:
        """Say ``said`` (sentences: events, a refusal) in the page's live
        region; within one update, after what it says already (a move and
        the bots' replies reach the page together)."""
        text = ". ".join(w.strip().rstrip(".") for w in said if w.strip())
        if not text:
            return
        text = _clean(text + ".")
        said_now: dict[str, Any] = self.announce
        n, before = int(said_now["n"]), str(said_now["text"])
        if self._batching and self._said_in_batch:
            if text not in before:       # (a refusal said again on its way out)
                self.announce = {"n": n, "text": f"{before} {text}"}
        else:
            self.announce = {"n": n + 1, "text": text}
        self._said_in_batch = self._batching

    def _click_refusal(self, word: str, why: InvalidActionError) -> InvalidActionError:
        """A click that neither is nor starts an action here
        (:meth:`Refusals.stray_click`), said on the board."""
        exc = self._refusals.stray_click(word, why, self.pending,
                                         lambda: self._hint(self._curtain_text(), self.svg))
        self._say(exc)
        return exc
