"""The play app in the student's browser: boardkit's side of its Web Worker.

The zero-install site (``lite/build.py``) holds a play page of boardkit's own,
``play/index.html``: it starts Pyodide in a Web Worker (``widgets/worker.js``),
installs boardkit's wheel from the site, and mounts the board's front-end
module (``widgets/board.js``) through the same small page host as the class
server (``widgets/host.js``), with the worker as the transport. Everything
the page is told comes from here:

* the settings of the page's link, read by :func:`boardkit.play.parse_query`
  (the same links and the same one-sentence refusals as the play page under
  Voilà);
* the board, :class:`LiteBoard` — the notebook's board, whose messages go to
  the page as frames (:func:`boardkit.widget.messages.pack_frame`) instead of
  through a kernel's comm; the page only proposes, the rules decide here;
* the game to keep: after every change, the settings and the players'
  actions as JSON (``{"t": "save", ...}``); the page keeps it in its
  storage and hands it back on the next load, and the game is replayed
  through the rules (chance is seeded and keyed by the event's number, so
  the same actions give the same game).

A bot to move after a click does not move inside the click's answer: the
answer says "… is thinking", and :meth:`App.think` (called by the worker
on its next turn) plays the bot. The worker thinks, the page never waits.

Nothing here needs a browser: the tests drive :class:`App` in plain Python.
"""
from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator
from typing import Any

from .core.errors import BoardkitError
from .core.game import CHANCE
from .play import GAMES, LEVEL_NAMES, MAX_QUERY, Settings, _bots, mode_for, new_game, parse_query

__all__ = ["App", "LiteBoard", "games_json", "SAVE_VERSION"]

#: The version of what the page keeps (a save of another version starts a new game).
SAVE_VERSION = 1


def games_json() -> list[dict]:
    """The games the page offers, for its form (the class server's lobby gives the same)."""
    return [
        {
            "name": c.name,
            "title": c.title,
            "min": c.min_players,
            "max": c.max_players,
            "players": c.players,
            "option": ({"key": c.option[0], "values": [[k, v] for k, v in c.option[2].items()]}
                       if c.option else None),
            "levels": [[k, f"{LEVEL_NAMES[k]} ({c.levels[k]})"] for k in sorted(c.levels)],
        }
        for c in GAMES.values()
    ]


def _without_ipython() -> None:
    """ipywidgets asks IPython for the running shell at import; the worker
    runs no IPython (it is 11 packages more to download): a stand-in that
    says there is no shell."""
    try:
        import IPython  # noqa: F401
        return
    except ImportError:
        pass

    def nothing(*_args: Any, **_kwargs: Any) -> None:
        return None

    class InteractiveShell:
        @classmethod
        def initialized(cls) -> bool:
            return False

    ipy = types.ModuleType("IPython")
    ipy.get_ipython = nothing  # type: ignore[attr-defined]
    display = types.ModuleType("IPython.display")
    display.display = nothing  # type: ignore[attr-defined]
    display.clear_output = nothing  # type: ignore[attr-defined]
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")
    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    ipy.display = display  # type: ignore[attr-defined]
    ipy.core = core  # type: ignore[attr-defined]
    core.interactiveshell = shell  # type: ignore[attr-defined]
    sys.modules.update({"IPython": ipy, "IPython.display": display, "IPython.core": core,
                        "IPython.core.interactiveshell": shell})


def _board_class() -> type:
    """:class:`LiteBoard`, made when first asked (it needs the widget's packages)."""
    global LiteBoard
    if LiteBoard is not None:
        return LiteBoard
    _without_ipython()
    from .widget.bots import BotRunner, _BotJob
    from .widget.hosted import HostedBoard

    class WorkerRunner(BotRunner):
        """Bots that think on the worker's next turn after a click (the
        click's answer goes first), or at once for calls from Python."""

        def background_loop(self) -> None:
            return None

        def ask(self) -> None:
            if not self.from_page or self._job is not None or self._closed:
                return super().ask()
            seat = self._bot_to_move()
            if seat is not None:
                self._job = _BotJob(seat, self.moves, self.game.state)

        def think(self) -> bool:
            """Play the bot that is to move; True while another is to move."""
            job = self._job
            if job is None:
                return False
            try:
                job.future.set_result(self.bots[job.seat].choose(self.game.copy(history=False)))
            except Exception as exc:
                job.future.set_exception(exc)
            self.answered(job)
            return self._job is not None

        def wait(self, deadline: float | None, timeout: float | None) -> None:
            while self.think():
                pass

    class _LiteBoard(HostedBoard):
        """The board of the play app: the notebook's board, whose messages
        go to the page (through the worker) as frames."""

        #: the page has the board (its "open" went out): updates follow it
        _opened = False

        def __init__(self, app: App, game: Any, bots: dict, mode: str):
            self._app = app
            super().__init__(game, bots=bots, mode=mode, playback=0.0)

        def _make_runner(self, **parts: Any) -> BotRunner:
            return WorkerRunner(self._table, **parts)

        def _deliver(self, msg: dict, buffers: list) -> None:
            if self._opened and msg.get("method") in ("update", "custom"):
                self._app._frame(msg, buffers)

        def opening(self) -> tuple[dict, list]:
            """The whole state, as the first message the page gets (updates follow it)."""
            first = super().opening()
            self._opened = True
            return first

        def handle(self, content: Any) -> None:
            """A request from the page (answered in one update)."""
            self._on_frontend_msg(self, content, [])

        def think(self) -> bool:
            runner = self._runner
            assert isinstance(runner, WorkerRunner)
            return runner.think()

        @property
        def waiting(self) -> bool:
            return self._runner.thinking is not None

    LiteBoard = _LiteBoard
    return LiteBoard


#: (made by :func:`_board_class`)
LiteBoard: Any = None


def _entries(game: Any) -> list[list]:
    """The players' actions of a game (chance follows from the seed)."""
    return [[e.player, e.action] for e in game.log if isinstance(e.player, int) and e.player is not CHANCE]


def _settings_json(s: Settings) -> dict:
    return {"game": s.game, "players": s.players, "seats": list(s.seats), "ai": s.ai,
            "option": s.option, "seed": s.seed}


def _settings_query(s: Settings) -> str:
    """The settings in use as a link's query string (what the page's form shows)."""
    from urllib.parse import urlencode
    q = {"game": s.game, "players": s.players, "seats": ",".join(s.seats), "ai": s.ai}
    c = s.choice
    if c.option is not None and s.option is not None:
        q[c.option[0]] = s.option
    return urlencode(q)


def _settings_of(data: dict) -> Settings:
    s = Settings()
    s = s.for_game(str(data["game"]))
    seats = tuple(str(k) for k in data["seats"])
    if len(seats) != int(data["players"]) or "person" not in seats or any(k not in ("person", "bot")
                                                                         for k in seats):
        raise ValueError("the saved seats do not fit the game")
    seed = int(data["seed"])
    if not 0 <= seed <= 10**9:
        raise ValueError("the saved seed is out of range")
    from dataclasses import replace
    kept = replace(s, players=int(data["players"]), seats=seats, ai=int(data["ai"]),
                   option=data.get("option"), seed=seed)
    # what a link may set, the kept settings must be too (a save of another version may not fit)
    _, problems = parse_query(_settings_query(kept))
    if problems:
        raise ValueError(problems[0].rstrip("."))
    return kept


class App:
    """The play app's game: the link's settings, the board, what the page keeps.

    ``query``: the page's query string; ``saved``: what the page kept (JSON
    text, "" for none). What is for the page waits in :meth:`outbox`
    (frames: the page's text messages ``{"t": ...}`` and the board's model
    messages ``{"method": ...}``)."""

    def __init__(self, query: str = "", saved: str = ""):
        self._out: list[bytes] = []
        self._saved: dict | None = None
        self.query = _canonical(query)
        self.board: Any = None
        settings, problems = parse_query(query)
        kept = self._kept(saved)
        if kept is not None:
            settings, actions = kept
            try:
                game = self._replayed(settings, actions)
                problems = []
            except (BoardkitError, ValueError, KeyError, TypeError) as exc:
                settings, problems = parse_query(query)
                problems = problems + [f"The game kept in this browser could not be resumed ({exc}): "
                                       "a new game starts."]
                game = None
        else:
            game = None
        self._start(settings, problems, game)

    # --------------------------------------------------------- the page's calls
    def handle(self, text: str) -> None:
        """A message from the page, as the class server's pages send them:
        ``{"t": "msg", "content": request}`` for the board, ``{"t": "new"}``
        for a new deal with the same choices."""
        try:
            content = json.loads(text)
        except ValueError:
            return
        if not isinstance(content, dict):
            return
        if content.get("t") == "new":
            from dataclasses import replace
            self._start(replace(self.settings, seed=self.settings.seed + 1), [], None)
        elif content.get("t") == "msg":
            self.board.handle(content.get("content"))
            self._save()

    def think(self) -> bool:
        """A bot's move (the worker calls this on its next turn after a
        click); True while another bot is to move."""
        more = self.board.think()
        self._save()
        return more

    @property
    def waiting(self) -> bool:
        """A bot is to move (call :meth:`think`)."""
        return bool(self.board.waiting)

    def outbox(self) -> list[bytes]:
        """Everything for the page since the last call, in order."""
        out, self._out = self._out, []
        return out

    # -------------------------------------------------------------- plumbing
    def _kept(self, saved: str) -> tuple[Settings, list] | None:
        """The kept game's settings and actions, if it is this link's game."""
        if not saved or len(saved) > 2_000_000:
            return None
        try:
            data = json.loads(saved)
            if data.get("v") != SAVE_VERSION or data.get("query") != self.query:
                return None
            return _settings_of(data["settings"]), list(data["actions"])
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    @staticmethod
    def _replayed(s: Settings, actions: list) -> Any:
        game = new_game(s)
        for k, (seat, action) in enumerate(actions):
            if game.current_player != seat:
                raise ValueError(f"its move {k + 1} is not {game.seat_name(int(seat))}'s turn")
            game.apply(str(action))
        return game

    def _start(self, s: Settings, problems: list[str], game: Any) -> None:
        try:
            game = game if game is not None else new_game(s)
        except ValueError as exc:
            problems = problems + [f"That game could not start: {exc}"]
            s = Settings().for_game(s.game) if s.game in GAMES else Settings()
            game = new_game(s)
        old = self.board
        self.settings = s
        self.board = _board_class()(self, game, _bots(s), mode_for(game, s.seats))
        if old is not None:
            old.close()
        c = s.choice
        self._text({"t": "page", "title": c.title, "problems": problems, "games": games_json(),
                    "query": self.query, "settings": _settings_json(s), "chosen": _settings_query(s),
                    "rules": f"{c.notebook}#{c.rules_anchor}"})
        self._frame(*self.board.opening())
        self._save()

    def _save(self) -> None:
        """Tell the page what to keep, when it changed."""
        game = {"v": SAVE_VERSION, "query": self.query, "settings": _settings_json(self.settings),
                "actions": _entries(self.board.game)}
        if game != self._saved:
            self._saved = game
            self._text({"t": "save", "game": game})

    def _text(self, msg: dict) -> None:
        self._frame(msg, [])

    def _frame(self, msg: dict, buffers: list) -> None:
        from .widget.messages import pack_frame
        self._out.append(pack_frame(msg, buffers))

    def frames(self) -> Iterator[tuple[dict, list[bytes]]]:
        """(tests) The outbox, unpacked."""
        for data in self.outbox():
            yield unpack_frame(data)


def _canonical(query: str) -> str:
    """A link's query string as the key of the game kept for it."""
    from urllib.parse import parse_qsl, urlencode
    query = (query or "").lstrip("?")[:MAX_QUERY]
    return urlencode(sorted(parse_qsl(query, keep_blank_values=True)))


def unpack_frame(data: bytes) -> tuple[dict, list[bytes]]:
    """A frame back into its message and buffers (the page's ``unpackFrame``)."""
    import struct
    n = struct.unpack_from("!I", data, 0)[0]
    offsets = list(struct.unpack_from(f"!{n}I", data, 4)) + [len(data)]
    msg = json.loads(data[offsets[0]:offsets[1]].decode())
    return msg, [data[offsets[i]:offsets[i + 1]] for i in range(1, n)]
