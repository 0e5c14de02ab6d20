"""The interactive board: a thin anywidget around any boardkit game.

The widget only transports. Python draws the game's own SVG picture (the
game's view marks the clickable targets) and the browser shows it; a click
comes back as a request that goes through the same ``legal_actions`` /
``apply`` path as everything else, and a refused click comes back with the
rule's reason in plain words. Nothing in JavaScript knows a rule.

How a click travels (the message protocol)
------------------------------------------
The page sends one custom message per gesture (``model.send``)::

    {"id": "k3f9-12", "kind": "click", "version": 41, "word": "bet 1-3"}

``kind`` is one of

* ``click``   — a target marked ``data-act="<word>"`` (an action may take
  several clicks: ``spawn``, ``red``, ``d4``; the words so far are *pending*;
  a word that starts an action of its own, such as another machine, starts
  that action afresh);
* ``toggle``  — a target marked ``data-toggle="<word>"`` (dice ``d1``…):
  the word goes in or out of the *selected* set, nothing is played yet;
* ``confirm`` — a target marked ``data-confirm="<word>"`` (``keep``): plays
  ``"<word> <selected words, sorted>"``;
* ``undo``, ``cancel`` (forget pending words and the selection), ``reveal``
  (hot seat: "I have the screen"), ``step`` (``"to"``: a step index, -1
  for the live board).

``version`` is the board version the gesture was made on. A request made on
a board that has changed since is refused ("the board changed — look
again"), so a double click never acts twice.

Python answers every message with exactly ONE state update, holding what
changed (the new picture, the status, the error…) and
``reply = {"n", "id", "ok", "error"}``. The move log travels as an append:
the page keeps its lines, cuts them at ``log_start`` and appends
``log_tail`` (a new page receives the whole log with ``log_start = 0``).
The page may not set any state: what it sends is ignored and the kernel's
values are sent back.

The picture travels compressed and as a change (:func:`pack_picture`):
``base_z`` is a whole picture, cut in parts (the root's start tag, each
element inside it, the end tag), and ``svg_z`` what the picture shown now
changes in it (the parts replaced); both are JSON, zlib-deflated, sent as
binary buffers, and only when they changed. A click usually changes a few
parts (a Slip Stream move changes its machines, not its few hundred
spaces), so it sends ``svg_z`` alone; when the changes (compressed) grow
past 2 KB and half the base, the picture becomes the new base. The two
values always make the picture together, so any state of the model (a page
opened later, a notebook saved with its widget state) shows the board. The
page inflates them with the browser's own ``DecompressionStream("deflate")``
and draws the picture with the rest of that update (a picture inflated late
never replaces a newer one). In Python the picture is
:attr:`BoardWidget.svg`, as text.

What the page shows above the board
-----------------------------------
``error`` (a refusal, with the rule's reason) or ``message`` (what the last
moves did), then ``hint``: what can be clicked now, one sentence computed
here from the legal targets the board offers (each game's view phrases it
from their first words, see :func:`boardkit.core.view.click_hint`). A click
on the board that hits no target shows the hint, without asking Python.
A screen reader hears ``announce`` (a live region the page does not show):
the events of each move, a person's or a bot's, and each refusal's
sentence, in these words.

``size`` is ``"normal"`` (the board fills the notebook's width) or
``"present"`` (for a projector: the board fills the screen); the page's
Present button switches its own view.

The parts
---------
The steps since the human's last move and the move log
(:mod:`boardkit.widget.steps`), the bots thinking in the background
(:mod:`boardkit.widget.bots`), the play-back of the steps
(:mod:`boardkit.widget.playback`) and the reasons for refused clicks
(:mod:`boardkit.widget.refusals`) are parts the board holds; what it shows
and to whom (:mod:`boardkit.widget.sight`), what it says besides the
picture (:mod:`boardkit.widget.voice`) and what passes between it and its
page (:mod:`boardkit.widget.page`) are parts it is made of. Each module
says how its part works.
"""
from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar
from xml.sax.saxutils import quoteattr

import anywidget
import traitlets

from ..core.bots import Bot
from ..core.errors import BoardkitError, InvalidActionError, NothingToUndoError
from ..core.game import Events, Game
from ..core.svg import picture_html, stored_picture
from ..core.view import View
from .bots import BotRunner
from .messages import KINDS as KINDS
from .messages import STALE as STALE
from .page import PageSide
from .picture import PictureChannel
from .picture import pack_picture as pack_picture
from .picture import pack_svg as pack_svg
from .picture import unpack_picture as unpack_picture
from .playback import Playback
from .refusals import Refusals
from .refusals import show as _show
from .sight import Looker, Sight, planned_line
from .steps import _CONTROL, StepLog, _clean
from .table import Table
from .voice import Voice

log = logging.getLogger(__name__)


def widget_file(name: str) -> Path:
    """Front-end files: inside the wheel (``boardkit/_widgets``) or, in a
    source checkout, the top-level ``widgets/`` folder."""
    here = Path(__file__).resolve().parent.parent
    for folder in (here / "_widgets", here.parent / "widgets"):
        if (folder / name).is_file():
            return folder / name
    raise FileNotFoundError(f"boardkit widget file {name!r} is missing from the installation")


MODES = ("teacher", "student", "hotseat")
SIZES = ("normal", "present")
#: The longest word a click may carry (targets are a few words).
MAX_WORD = 200
#: Pictures kept drawn (a refused click, a cancel, an undo, the live board
#: again after a step: the same picture is not drawn twice).
PICTURES_KEPT = 8
#: Seconds per step when a board plays back what happened since the
#: human's move (the bots' moves, the dealer's draws, the automatic
#: checks); 0 shows the live board at once. ``BOARDKIT_PLAYBACK`` sets the
#: default (the browser tests play back instantly).
DEFAULT_PLAYBACK = 0.8


def _default_playback() -> float:
    import os
    try:
        value = float(os.environ.get("BOARDKIT_PLAYBACK", DEFAULT_PLAYBACK))
    except ValueError:
        return DEFAULT_PLAYBACK
    return value if 0 <= value <= 10 else DEFAULT_PLAYBACK


class BoardWidget(Voice, PageSide, anywidget.AnyWidget):
    """A clickable board for ``game``.

    :param bots: ``{seat: bot}`` — seats played by bots. After a click on
        the page they think in the background; after a Python call they
        move at once.
    :param mode: ``"teacher"`` shows every hand; ``"student"`` shows only
        the people's own hands (the bots' stay hidden), with no curtain: one
        learner against bots; ``"hotseat"`` (only for games with hidden
        information) shows only the hand of the human to move, after a
        "pass the screen to …" curtain.
    :param size: ``"normal"`` — the board fills the notebook's width;
        ``"present"`` — for a projector, the board fills the screen (the
        page's Present button does the same for one view).

    Python API, the same path as clicks: :meth:`click`, :meth:`toggle`,
    :meth:`confirm`, :meth:`act`, :meth:`undo`, :meth:`cancel`,
    :meth:`reveal`, :meth:`step`, :meth:`wait`, :meth:`refresh`. A refused
    request raises the rule's error and changes nothing.

    The board holds two parts, each owning its state: a
    :class:`~boardkit.widget.bots.BotRunner` (the bot being asked, in the
    background or at once) and a :class:`~boardkit.widget.steps.StepLog`
    (the steps since the human's last move, the events, the move log the
    page has); both read the game and the bots from one
    :class:`~boardkit.widget.table.Table`.
    """

    #: After a click on the page, bots think in a background thread when the
    #: kernel's event loop runs. None (the default): only inside a Jupyter
    #: kernel; True: wherever an asyncio loop runs (tests); False: never.
    bots_in_background: ClassVar[bool | None] = None

    #: zlib's level for the picture sent (:data:`~boardkit.widget.picture.LEVEL`).
    picture_level: ClassVar[int] = 6

    _esm = widget_file("board.js").read_text(encoding="utf-8")
    _css = widget_file("board.css").read_text(encoding="utf-8")

    # Everything below is drawn by the page; none of it may be set by the page.
    #: The picture, compressed: the parts it changes in ``base_z``, a whole
    #: picture (see :func:`pack_picture`); :attr:`svg` is its text.
    svg_z = traitlets.Bytes(b"").tag(sync=True)
    base_z = traitlets.Bytes(b"").tag(sync=True)
    #: Goes up whenever what can be clicked changes; requests carry it.
    version = traitlets.Int(0).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    #: "Player 2 (bot) is thinking…" while a bot's move is being computed.
    thinking = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: What the page's live region says to a screen reader, in words: the
    #: events of a move just made (a person's or a bot's), a refusal's
    #: sentence, "Undone."; ``n`` counts what was said, so the same words
    #: said again are said again.
    announce = traitlets.Dict({"n": 0, "text": ""}).tag(sync=True)
    #: What the last searching bot expects ("Player 2 (bot) expects: …"),
    #: from its ``expects()`` — the line it plans and its evaluation.
    expects = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    #: The rulings the refusal cites ("SCC-R2 SCC-R4") and their titles (a line
    #: each), shown as tags.
    error_rule = traitlets.Unicode("").tag(sync=True)
    error_rule_title = traitlets.Unicode("").tag(sync=True)
    #: Seconds per step when the board plays back what happened after a
    #: move made on the page (0: the live board at once).
    playback = traitlets.Float(DEFAULT_PLAYBACK).tag(sync=True)
    #: The steps are being played back now.
    playing = traitlets.Bool(False).tag(sync=True)
    #: A searching bot's expected line can be drawn on the live board
    #: (``has_plan``), and is (``show_plan``, the page's "AI's plan" toggle).
    has_plan = traitlets.Bool(False).tag(sync=True)
    show_plan = traitlets.Bool(False).tag(sync=True)
    #: Play-back stopped at a moment to look at (a race's finish) until
    #: the player goes on ("Continue ▶").
    held = traitlets.Bool(False).tag(sync=True)
    #: Words of an unfinished multi-click action.
    pending = traitlets.Unicode("").tag(sync=True)
    #: Words toggled on for a toggle-and-confirm choice (sorted).
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    curtain = traitlets.Unicode("").tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    mode = traitlets.Unicode("teacher").tag(sync=True)
    #: Steps since the human's last move (each move of the bots and the
    #: dealer, each sub-step of the automatic checks): ``step_index`` -1
    #: shows the live board.
    step_count = traitlets.Int(0).tag(sync=True)
    step_index = traitlets.Int(-1).tag(sync=True)
    #: The whole caption of the step shown ("" on the live board).
    step_caption = traitlets.Unicode("").tag(sync=True)
    #: Every event since the human's last move: [{"step": k, "text": …}].
    happened = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: What can be clicked now, in one sentence ("" when nothing can).
    hint = traitlets.Unicode("").tag(sync=True)
    #: "normal" (the notebook's width) or "present" (the whole screen).
    size = traitlets.Unicode("normal").tag(sync=True)
    #: The move log, as an append: the page cuts its lines at ``log_start``
    #: and appends ``log_tail``.
    log_start = traitlets.Int(0).tag(sync=True)
    log_tail = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The answer to the page's last request: {n, id, ok, error}.
    reply = traitlets.Dict().tag(sync=True)
    #: Names this board's model on the page (its log store).
    board_id = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: Game, *, bots: dict[int, Bot] | None = None, mode: str = "teacher",
                 size: str = "normal", playback: float | None = None):
        if not isinstance(game, Game):
            raise InvalidActionError(f"BoardWidget needs a boardkit game, not {type(game).__name__}")
        self._check_mode(mode, game)
        self._check_size(size)
        bots = dict(bots or {})
        for seat, bot in bots.items():
            if type(seat) is not int or not 0 <= seat < game.players or not isinstance(bot, Bot):
                raise InvalidActionError(f"bots must map seats 0..{game.players - 1} to bots: "
                                         f"{seat!r}: {bot!r}")
        # board_id is set before the page's model is created (it names its log)
        playback = _default_playback() if playback is None else playback
        if isinstance(playback, bool) or not isinstance(playback, (int, float)) or not 0 <= playback <= 10:
            raise InvalidActionError(f"playback is seconds per step, from 0 to 10, not {playback!r}")
        super().__init__(board_id=uuid.uuid4().hex[:12], size=size, playback=float(playback))
        self._table = Table(game, bots)
        self._playback: Playback
        self._ready = False            # True once the first picture is drawn
        self._batching = False
        self._runner = self._make_runner(batch=self._batch, policy=self._policy,
                                         on_move=self._bot_moved, on_error=self._bot_error,
                                         on_done=lambda: self._playback.after_moves())
        self._steplog = StepLog(self._table)
        self._playback = Playback(self)
        self._revealed_for: int | None = None
        self._summarised = False       # the message says what happened (StepLog.summary)
        self._drawn: tuple | None = None
        self._channel = PictureChannel(PICTURES_KEPT, self.picture_level)
        self._refusals = Refusals(self._table)
        self._closed = False
        self._sight = Sight(self._steplog)       # what the board shows, and to whom
        self.mode = mode
        self.on_msg(self._on_frontend_msg)
        with self._batch():
            self._runner.ask()
        self._ready = True

    def _make_runner(self, **parts: Any) -> BotRunner:
        """The board's bot runner (a class table's board reads its table's)."""
        return BotRunner(self._table, **parts)

    def _people(self) -> list[int]:
        """The seats played by people on this board (here: every seat no bot
        plays; a class table's board: the seats of its device)."""
        return [s for s in range(self.game.players) if s not in self.bots]

    def _can_undo(self) -> bool:
        """Undo can take something back (a move of this board's people)."""
        return bool(self._steplog.human_entries())

    def _elsewhere(self, seat: int) -> str:
        """Why ``seat`` cannot be played here, when it is played elsewhere
        (a class table's other device); "" when it can."""
        return ""

    @property
    def game(self) -> Game:
        """The game on the board (after changing it from Python, :meth:`refresh`)."""
        return self._table.game

    @game.setter
    def game(self, game: Game) -> None:
        self._table.game = game

    @property
    def bots(self) -> dict[int, Bot]:
        """``{seat: bot}``: the seats played by bots."""
        return self._table.bots

    @bots.setter
    def bots(self, bots: dict[int, Bot]) -> None:
        self._table.bots = bots

    @property
    def svg(self) -> str:
        """The board's SVG picture, as text (the page receives it compressed,
        as ``base_z`` and ``svg_z``)."""
        channel = getattr(self, "_channel", None)
        return channel.svg if channel is not None else ""

    # ------------------------------------------------------------ Python API
    def click(self, word: str) -> Events:
        """What a click on a target marked ``data-act="word"`` does: complete
        an action, extend a multi-click one, start another one afresh (a
        word that cannot follow the pending ones but starts an action of its
        own), or raise the rule's error with nothing changed. Returns the
        events of a completed action."""
        word = self._word(word, "a click")
        with self._batch():
            self._check_can_act()
            cand = f"{self.pending} {word}".strip()
            legal = self.game.legal_actions
            if cand in legal:
                return self.act(cand)
            if any(a.startswith(cand + " ") for a in legal):
                self.pending = cand
                self.error = ""
                return Events()
            if self.pending and (word in legal or any(a.startswith(word + " ") for a in legal)):
                # a target that starts an action of its own (another machine):
                # that action, started afresh
                self.pending = ""
                return self.click(word)
            if self.pending and " " in word and word.split(" ")[0] == self.pending.split(" ")[0]:
                # the same kind of action with another piece, which cannot
                # act: the reason is about that piece (the choice stays)
                pending, self.pending = self.pending, ""
                try:
                    return self.click(word)
                except Exception:
                    self.pending = pending
                    raise
            self._refuse_unfinished(cand)
            try:
                self.game.rules.parse(cand)
            except InvalidActionError as exc:
                raise self._click_refusal(word, exc) from None
            return self.act(cand)  # raises with the rule's reason

    def toggle(self, word: str) -> list[str]:
        """Select or unselect a target marked ``data-toggle="word"`` (a die,
        a card…) for the next :meth:`confirm`. Returns the selection."""
        word = self._word(word, "a toggle")
        with self._batch():
            self._check_can_act()
            self._check_offered("data-toggle", word)
            chosen = set(self.selected) ^ {word}
            self.selected = sorted(chosen)
            self.error = ""
            return list(self.selected)

    def confirm(self, word: str) -> Events:
        """Play ``"<word> <selected words, sorted>"`` — what a click on a
        target marked ``data-confirm="word"`` does. A refused choice keeps
        the selection (so it can be corrected)."""
        word = self._word(word, "a confirm")
        with self._batch():
            self._check_can_act()
            self._check_offered("data-confirm", word)
            chosen = sorted(self.selected)
            action = f"{word} {' '.join(chosen)}".strip()
            events = self.act(action)
            # what was set aside stays set aside (Super Race: "set as many dice
            # as you like to one side"), as the game finds it on the new board
            if chosen and self._human_to_move():
                self.selected = sorted(self.game.carried_selection(action, chosen))
            return events

    def act(self, action: str) -> Events:
        """Take ``action`` for the player to move, then let the bots reply.
        Returns the events (the bots' too when they moved at once)."""
        with self._batch():
            self._check_can_act()
            start = len(self.game.log)
            try:
                events = self.game.apply(action)
            except BoardkitError as exc:
                self._say(exc)
                raise
            self._runner.changed()
            self._playback.stop()
            self.pending = ""
            self.selected = []
            self.error = ""
            self.step_index = -1
            self._steplog.begin(start, events)
            self._summarised = True
            self.message = self._steplog.summary()
            self._announce(self._steplog.events)
            self._runner.ask()
            self._playback.after_moves()
            return Events(self._steplog.events)

    def undo(self) -> None:
        """Take back the last human action (and the bots' replies after it).
        A bot thinking is stopped; in hot seat the screen goes back behind
        the curtain."""
        with self._batch():
            humans = self._steplog.human_entries()
            try:
                if not humans:
                    raise NothingToUndoError(f"{self.game.info.title}: no move of yours to take back yet")
                self.game.undo(to_seat=humans[-1])
            except BoardkitError as exc:
                self._say(exc)
                raise
            self._runner.cancel()          # its answer would be for a position gone
            self._runner.changed()
            self._forget_choice()
            self._summarised = False
            self.message = "Undone."
            self._announce([self.message])
            self.expects = ""              # (a bot's expectation was from a position taken back)
            self._revealed_for = None      # hot seat: pass the screen again
            self._runner.forgive()
            self._runner.ask()             # its turn again? then it is asked again

    def cancel(self) -> None:
        """Forget the words of an unfinished multi-click action and the
        selection."""
        with self._batch():
            self.pending = ""
            self.selected = []
            self.error = ""

    def reveal(self) -> None:
        """Hot seat: the next player has the screen; show their hand."""
        with self._batch():
            self._revealed_for = self._runner.seat_to_move()
            self.error = ""

    def step(self, index: int) -> None:
        """Show step ``index`` of what happened since the human's last move
        (0-based; -1 = back to the live board)."""
        if type(index) is not int:
            raise InvalidActionError(f"a step is a whole number, not {_show(index)}")
        with self._batch():
            self._playback.stop()
            self.step_index = index
            self.error = ""

    def play(self) -> None:
        """Play the steps back from the one shown (from the first when the
        live board is shown), one every :attr:`playback` seconds."""
        with self._batch():
            if not self._steplog.steps:
                raise InvalidActionError("nothing has happened since your last move: nothing to play back")
            k = self.step_index
            self._playback.stop()
            self._playback.play_from(self._playback.first_to_play() if k < 0 else k)

    def plan(self, show: bool = True) -> None:
        """Draw (or stop drawing) the expected line of the bot that moved
        last on the live board, as numbered arrows (games that can draw one:
        Slip Stream)."""
        with self._batch():
            self.show_plan = bool(show)

    def pause(self) -> None:
        """Stop playing the steps back; the step shown stays."""
        with self._batch():
            self._playback.stop()

    def next(self) -> None:
        """Go on from a step the board holds (a race's finish)."""
        with self._batch():
            k = self.step_index
            self._playback.stop()
            if k >= 0:
                self._playback.play_from(k + 1)

    def wait(self, timeout: float | None = None) -> None:
        """Block until no bot is thinking (their moves are on the board).

        Call it from the kernel's own thread (a notebook cell), e.g. after
        clicks on the page and before reading ``board.game``. Raises
        :class:`TimeoutError` when a bot takes longer than ``timeout`` s.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        self._runner.wait(deadline, timeout)

    def refresh(self) -> None:
        """Redraw after ``board.game`` was changed from Python, and ask the
        bot to move if it is its turn (also after a bot failed)."""
        with self._batch():
            self._runner.cancel()
            self._runner.changed()
            self._forget_choice()
            self._runner.forgive()
            self.error = ""
            self._channel.clear()         # drawn anew, whatever changed
            self._runner.ask()

    def close(self) -> None:
        """Close the board (its bot thread too)."""
        self._closed = True
        playback = getattr(self, "_playback", None)
        if playback is not None:
            playback.stop_ticking()
        runner = getattr(self, "_runner", None)
        if runner is not None:
            runner.close()
        super().close()

    # ------------------------------------------------------------- checks
    def _word(self, word: Any, what: str) -> str:
        if (not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD
                or _CONTROL.search(word)):
            raise InvalidActionError(f"{what} names a target on the board, not {_show(word)}")
        return word

    def _refuse_unfinished(self, words: str) -> None:
        """``words`` start no legal action: raise the rule's reason for one
        way of finishing them (:meth:`Refusals.unfinished`), if any."""
        exc = self._refusals.unfinished(words, self.svg)
        if exc is not None:
            self._say(exc)
            raise exc

    def _check_offered(self, attr: str, word: str) -> None:
        """A toggle or confirm must name a target the board shows."""
        if f"{attr}={quoteattr(word)}" not in self.svg:
            raise InvalidActionError(f"there is no {_show(word)} to choose on the board now")

    def _check_can_act(self) -> None:
        self._runner.resume()              # a bot interrupted while thinking is asked again first
        curtain = self._curtain_text()
        if curtain:
            raise InvalidActionError(f"{curtain}: the next player must take the screen "
                                     "(click 'show my hand') before acting")
        if self.step_index >= 0:
            raise InvalidActionError("you are looking at a past step; go back to the live board first")
        thinking = self._runner.thinking
        if thinking is not None:
            raise InvalidActionError(f"{self._runner.who(thinking)} is still thinking — wait for its move")
        seat = self._runner.seat_to_move()
        if seat is not None and seat in self.bots:
            raise InvalidActionError(f"it is {self._runner.who(seat)}'s turn, and it could not move; "
                                     "take back your last move (↶ Undo)")
        elsewhere = self._elsewhere(seat) if seat is not None else ""
        if elsewhere:
            raise InvalidActionError(elsewhere, rule="BK-seat")

    @staticmethod
    def _check_mode(mode: Any, game: Game | None) -> None:
        if mode not in MODES:
            raise InvalidActionError(f"mode must be one of {MODES}, not {mode!r}")
        if mode == "hotseat" and game is not None and game.info.perfect_information:
            raise InvalidActionError(
                f"{game.info.title} hides nothing from anyone, so there is no hand to hide: "
                "use mode='teacher' (hot seat is for games with hidden information)")

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: dict) -> str:
        self._check_mode(proposal["value"], getattr(self, "game", None))
        return proposal["value"]

    @traitlets.observe("mode")
    def _mode_changed(self, _change: dict) -> None:
        if getattr(self, "_ready", False):
            self._revealed_for = None
            with self._batch():
                pass   # the batch redraws (hands shown or hidden) when it ends

    @staticmethod
    def _check_size(size: Any) -> None:
        if size not in SIZES:
            raise InvalidActionError(f"size must be one of {SIZES}, not {size!r}")

    @traitlets.validate("size")
    def _valid_size(self, proposal: dict) -> str:
        self._check_size(proposal["value"])
        return proposal["value"]

    @traitlets.observe("error")
    def _error_changed(self, _change: dict) -> None:
        # a new sentence (or none): its tag is set with it, by _say
        self.error_rule = ""
        self.error_rule_title = ""

    @traitlets.validate("playback")
    def _valid_playback(self, proposal: dict) -> float:
        value = proposal["value"]
        if not 0 <= value <= 10:
            raise InvalidActionError(f"playback is seconds per step, from 0 to 10, not {value!r}")
        return value

    @traitlets.validate("step_index")
    def _valid_step(self, proposal: dict) -> int:
        i = proposal["value"]
        n = len(self._steplog.steps) if hasattr(self, "_steplog") else 0
        if not -1 <= i < n:
            raise InvalidActionError(f"there is no step {i!r}; steps: 0..{n - 1}")
        return i

    # ----------------------------------------------------------- play-back
    def _live_changed(self) -> tuple[str, ...]:
        """What changed on the board since the human's last move (rung on the live board)."""
        return self._sight.changed(self.game, self._runner.moves)

    def _step_state(self, k: int) -> dict:
        """The position after step ``k`` (-1: before the first step)."""
        return self._steplog.state(k)

    # ---------------------------------------------------------------- bots
    def _policy(self) -> bool | None:
        return self.bots_in_background

    def _bot_moved(self, seat: int, events: list[str]) -> None:
        """(told by the bot runner) A bot's move was applied."""
        self.error = ""
        self._steplog.extend(events)
        self._summarised = True
        self.message = self._steplog.summary()
        self._announce(events)
        self.expects = self._expectation(seat)

    def _bot_error(self, sentence: str) -> None:
        """(told by the bot runner) A bot failed, or the bots would not stop."""
        self.error = _clean(sentence)

    def _expectation(self, seat: int) -> str:
        """The bot's expected line in words, if it searches and says so;
        nothing once its move has ended the game (the result is said, and
        a plan "and wins" is no plan any more)."""
        said = getattr(self.bots.get(seat), "expects", None)
        if not callable(said) or self.game.is_over():
            return ""
        try:
            line = said(self.game.seat_name)
        except Exception:  # a bot's explanation never breaks the board
            log.exception("%s: expects() failed", self._runner.who(seat))
            return ""
        return _clean(f"{self._runner.who(seat)} expects: {line}")[:600] if line else ""

    # ------------------------------------------------------------ drawing
    @contextmanager
    def _batch(self) -> Iterator[None]:
        """Everything done inside reaches the page as ONE update message
        (the picture, the status, the error, the reply…), sent at the end."""
        if self._batching:
            yield
            return
        self._batching = True
        self._said_in_batch = False
        try:
            with self.hold_sync():
                try:
                    yield
                finally:
                    self._refresh()
        finally:
            self._batching = False

    def _forget_choice(self) -> None:
        self._playback.stop()
        self.pending = ""
        self.selected = []
        self.error = ""
        self.step_index = -1
        self._steplog.clear()

    # ---------------------------------------------- what the board says now
    def _human_to_move(self) -> bool:
        seat = self._runner.seat_to_move()
        return seat is not None and seat in self._people()

    def _curtain_text(self) -> str:
        seat = self._runner.seat_to_move()
        if (self.mode == "hotseat" and seat is not None and seat in self._people()
                and self._revealed_for != seat):
            return f"Pass the screen to {self.game.seat_name(seat)}"
        return ""

    def _looker(self) -> Looker:
        seat = self._runner.seat_to_move()
        people = self._people()
        return Looker(self.mode, seat, seat is not None and seat in people, people)

    def _picture(self, curtain: str) -> str:
        """The game's picture with the right :class:`View` (:class:`Sight`)."""
        view = self._sight.view(self.game, self._looker(), self._runner.moves, step_index=self.step_index,
                                pending=self.pending, selected=self.selected, curtain=curtain)
        svg = self._render(view)
        plan = self._plan() if self.step_index < 0 else []
        return self.game.with_plan(svg, plan) if plan and self.show_plan else svg

    def _plan(self) -> list[str]:
        """The expected line of the bot that moved last (:func:`planned_line`)."""
        return planned_line(self.game, self.bots)

    def _render(self, view: View) -> str:
        """``game.render(view)``, or the same picture drawn before for this
        game, position and view (a view draws only those)."""
        return self._channel.draw(self.game, view)

    def _refresh(self) -> None:
        """Recompute every synced value from the game (inside _batch)."""
        g = self.game
        curtain = self._curtain_text()
        try:
            svg = self._picture(curtain)
        except Exception as exc:
            if not self._ready:
                raise
            log.exception("drawing %s failed", g.info.title)
            svg = self.svg
            self.error = _clean(f"the board could not be drawn: {type(exc).__name__}: {exc}")
        self.curtain = curtain
        base_z, svg_z = self._channel.show(svg)
        if base_z is not None:
            self.base_z = base_z
        if svg_z is not None:
            self.svg_z = svg_z
        self.status = _clean(g.situation())
        thinking = self._runner.thinking
        self.thinking = f"{self._runner.who(thinking)} is thinking…" if thinking is not None else ""
        steplog = self._steplog
        self.step_count = len(steplog.steps)
        self.step_caption = steplog.caption(self.step_index) if self.step_index >= 0 else ""
        if self._summarised:          # what happened, up to the step shown
            self.message = steplog.summary(self.step_index)
        happened = steplog.happened()
        if happened != self.happened:
            self.happened = happened
        self.can_undo = self._can_undo()
        self.has_plan = bool(self._plan())
        self.hint = self._hint(curtain, svg)
        appended = steplog.sync()
        if appended is not None:
            self.log_start, self.log_tail = appended
        drawn = (self._runner.moves, svg, curtain, self.pending, tuple(self.selected), self.step_index,
                 self.thinking)
        if drawn != self._drawn:
            self._drawn = drawn
            self.version += 1

    # --------------------------------------------------------------- display
    def stored_svg(self) -> str:
        """The board as a picture for viewers with no kernel (a fresh clone,
        GitHub, an export, a page whose kernel is gone): the position as the
        board shows it, with nothing that looks clickable (no outlined
        targets, buttons or "click …" captions) and a band that says it is
        a picture and that running the cell makes it playable."""
        return stored_picture(self.game.render(Sight.stored_view(self.game, self._looker())))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the board as a static picture for viewers
        that have no kernel (:meth:`stored_svg`)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        if data is not None:
            data = dict(data)
            data["text/html"] = picture_html(self.stored_svg())
        return data, meta

    def __repr__(self) -> str:
        bots = ", ".join(f"{self.game.seat_name(s)}={b.label}" for s, b in sorted(self.bots.items()))
        return (f"BoardWidget({self.game.info.title}, {self.mode}: {self.game.situation()}"
                + (f"; bots: {bots}" if bots else "") + ")")
