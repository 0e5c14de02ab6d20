"""The play page: a whole class plays, with no code in sight.

``notebooks/play.ipynb`` shows :func:`page` under Voilà (see the README,
"Serve a class"); a link's query string chooses the game and its settings,
so a teacher hands out one link per activity::

    …/voila/render/play.ipynb?game=NAME&ai=2
    …/voila/render/play.ipynb?game=NAME&players=3&seats=person,bot,bot&target=20

Settings a link may give (all optional; :func:`settings_keys`):

* ``game`` — a game's registered name (:data:`GAMES`, read from the games'
  registration each time: a game registered later is offered too);
* ``players`` — how many (each game's own range);
* ``seats`` — who sits where, seat 1 first: ``person`` or ``bot``, comma
  separated (two or more persons share one screen: hot seat);
* ``ai`` — the bots' level, 1 (quick) to 3 (strongest);
* the game's own option, under the key its registration gives
  (:class:`~boardkit.core.choice.PlayChoice`: ``track``, ``tile``,
  ``target``…);
* ``seed`` — the first game's seed (the same seed, the same deal).

A setting that cannot be used is named in one sentence at the top of the
page, and the page starts with that setting's default instead; nothing the
link says can raise into the page.

The board is :class:`boardkit.widget.BoardWidget` (its own Undo and Present
buttons); this module adds the choices around it: the game and its options,
the seats and the bots' level, New game, Swap sides, and a link to the rules
in the game's notebook (or, for a game with no notebook, its own rules page
folded above the board).
"""
from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import parse_qsl

from .core.choice import PlayChoice

__all__ = ["GAMES", "settings_keys", "usual_game", "Settings", "Choice", "parse_query", "query_string",
           "page", "PlayPage", "make_bot", "warm"]

#: The longest query string read (a longer one is refused in one sentence).
MAX_QUERY = 2000
LEVELS = (1, 2, 3)
LEVEL_NAMES = {1: "1 — quick", 2: "2 — steady", 3: "3 — strongest"}
SEAT_KINDS = ("person", "bot")
#: The page's own settings (a game's option adds its key: :func:`settings_keys`).
OWN_SETTINGS = ("game", "players", "seats", "ai", "seed")
#: The most characters of a game's rules page shown.
MAX_RULES_PAGE = 60_000
#: The page's own style: the title on one line with who plays, and the
#: board's picture no taller than the window leaves it under the page's
#: lines and the board's own (bar, feedback, steps): the whole board in
#: view at 1280×720 (Present still fills the screen).
PAGE_CSS = (".bk-play h2 { display: inline; font-size: 1.35em; margin: 0 0.6em 0 0; }"
            " .bk-play .boardkit-widget:not(.bk-presenting) .bk-board svg {"
            " max-height: max(320px, calc(100vh - 250px)); }")


@dataclass(frozen=True, kw_only=True)
class Choice(PlayChoice):
    """A game the page offers: what its registration declares
    (:class:`~boardkit.core.choice.PlayChoice`: its lesson or rules page,
    players, option, bots), with its rules' name, title and numbers of
    players; the notebook and anchor are "" for a game with no notebook,
    the option's label is filled in and the rules page is the file's path."""

    name: str
    title: str
    min_players: int
    max_players: int

    def __post_init__(self) -> None:
        """(the declaration was checked when the game was registered; a rules
        page that cannot be found is shown as none)"""

    def rules_text(self) -> str:
        """The game's own rules page ("" when it has none or it cannot be read)."""
        if not self.rules_page:
            return ""
        try:
            with open(self.rules_page, encoding="utf-8") as f:
                return f.read(MAX_RULES_PAGE)
        except (OSError, UnicodeDecodeError):
            return ""


_CACHE: dict[tuple, dict[str, Choice]] = {}


def _choices() -> dict[str, Choice]:
    """Every registered game that declares what the page offers of it
    (its class's ``play``, a :class:`~boardkit.core.choice.PlayChoice`),
    in the order of the lessons that teach them (games with no notebook
    after them, by title)."""
    from .core.registry import games
    from .core.rulings import own_file
    registered = games()
    key = tuple((name, id(cls)) for name, cls in registered.items())
    if key in _CACHE:
        return _CACHE[key]
    out = []
    for name, cls in registered.items():
        p = getattr(cls, "play", None)
        if p is None:
            continue
        info = cls.Rules.info
        page = own_file(cls, p.rules_page) if p.rules_page else None
        label = p.option_label or (p.option[0].capitalize() if p.option else "")
        out.append(Choice(name=name, title=info.title, min_players=info.min_players,
                          max_players=info.max_players, notebook=p.notebook or "",
                          rules_anchor=p.rules_anchor or "", players=p.players, option=p.option,
                          levels=dict(p.levels), bot=p.bot, option_label=label,
                          rules_page=str(page) if page is not None else "", usual=p.usual))
    _CACHE.clear()
    _CACHE[key] = {c.name: c for c in sorted(out, key=lambda c: (not c.notebook, c.notebook, c.title))}
    return _CACHE[key]


class _Offered(Mapping):
    """The games the page offers, read from the registry at each use."""

    def __getitem__(self, name: str) -> Choice:
        return _choices()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_choices())

    def __len__(self) -> int:
        return len(_choices())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


#: The games the page offers, from their registration (name -> :class:`Choice`).
GAMES: Mapping[str, Choice] = _Offered()


def settings_keys() -> tuple[str, ...]:
    """Every setting a link may give: the page's own, and each offered game's option key."""
    options: list[str] = []
    for c in GAMES.values():
        if c.option is not None and c.option[0] not in OWN_SETTINGS + tuple(options):
            options.append(c.option[0])
    return OWN_SETTINGS[:4] + tuple(options) + OWN_SETTINGS[4:]


def usual_game() -> str:
    """The game the page starts with when a link names none (the one whose
    registration says so, else the first offered)."""
    offered = list(GAMES.values())
    if not offered:
        raise ValueError("no registered game declares what the play page offers of it (PlayChoice)")
    return next((c.name for c in offered if c.usual), offered[0].name)


@dataclass(frozen=True)
class Settings:
    """What a game is started with (a link's query string, or the page's choices)."""

    game: str = field(default_factory=usual_game)
    players: int = 2
    #: "person" or "bot" for each seat, seat 1 first
    seats: tuple[str, ...] = ("person", "bot")
    ai: int = 2
    #: the game's option (track, score tile, target) or None for its default
    option: Any = None
    seed: int = 1

    @property
    def choice(self) -> Choice:
        return GAMES[self.game]

    def for_game(self, game: str) -> Settings:
        """These settings moved to another game (its default players and option)."""
        c = GAMES[game]
        return replace(self, game=game, players=c.players, seats=default_seats(c.players), option=None)

    def with_players(self, players: int) -> Settings:
        seats = tuple(self.seats[:players]) + default_seats(players)[len(self.seats):]
        if "person" not in seats:
            seats = ("person",) + seats[1:]
        return replace(self, players=players, seats=seats)


def default_seats(players: int) -> tuple[str, ...]:
    """One person at seat 1, bots at the others (alone: the person)."""
    return ("person",) + ("bot",) * (players - 1)


#: A whole number in a link: the digits 0-9 only (not "²", "①" or "٣",
#: which ``str.isdigit`` accepts and ``int`` may not), at most six.
_WHOLE = re.compile(r"[0-9]{1,6}")


def _whole(text: str, low: int, high: int, what: str) -> int:
    """The whole number ``text`` gives, in low..high, or a ValueError's
    sentence naming it (written with the digits 0 to 9)."""
    if _WHOLE.fullmatch(text.strip()) is None or not low <= int(text.strip()) <= high:
        odd = [ch for ch in dict.fromkeys(text) if ch.isdigit() and ch not in "0123456789"]
        raise ValueError(f"{what} is a whole number from {low} to {high}, not '{_cut(text)}'"
                         + (f" ({', '.join(odd[:3])} {'is' if len(odd) == 1 else 'are'} not among "
                            "the digits 0 to 9)" if odd else ""))
    return int(text.strip())


def _cut(text: str, limit: int = 30) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[:limit] + "…"


def parse_query(query: str | None) -> tuple[Settings, list[str]]:
    """The settings a link's query string asks for, and a sentence for each
    one that cannot be used (that setting keeps its default)."""
    problems: list[str] = []
    query = (query or "").lstrip("?")
    if len(query) > MAX_QUERY:
        return Settings(), [f"The link is too long to read ({len(query)} characters); "
                            "the page starts with its usual game."]
    try:
        pairs = parse_qsl(query, keep_blank_values=True, max_num_fields=20)
    except ValueError:
        return Settings(), ["The link has too many settings to read; the page starts with its usual game."]
    given: dict[str, str] = {}
    keys = settings_keys()
    for key, value in pairs:
        if key not in keys:
            problems.append(f"The link's '{_cut(key)}' is not a setting of this page "
                            f"(it knows {', '.join(keys)}).")
        elif key in given:
            problems.append(f"The link gives '{key}' twice; the first one is used.")
        else:
            given[key] = value
    s = Settings()
    s = s.for_game(s.game)
    if "game" in given:
        name = given["game"].strip().lower().replace("-", "_").replace(" ", "_")
        if name in GAMES:
            s = s.for_game(name)
        else:
            problems.append(f"There is no game '{_cut(given['game'])}' here: choose one of "
                            f"{', '.join(GAMES)}.")
    c = s.choice
    if "players" in given:
        try:
            s = s.with_players(_whole(given["players"], c.min_players, c.max_players,
                                      f"{c.title}'s number of players"))
        except ValueError as exc:
            problems.append(f"{exc}.")
    if "seats" in given:
        words = [w.strip().lower() for w in given["seats"].split(",")]
        if len(words) != s.players or any(w not in SEAT_KINDS for w in words):
            problems.append(f"'seats' names each of the {s.players} seats as person or bot, comma "
                            f"separated (e.g. {','.join(default_seats(s.players))}), "
                            f"not '{_cut(given['seats'])}'.")
        elif "person" not in words:
            problems.append("'seats' needs at least one person at the table.")
        else:
            s = replace(s, seats=tuple(words))
    if "ai" in given:
        try:
            s = replace(s, ai=_whole(given["ai"], 1, 3, "The bots' level ('ai')"))
        except ValueError as exc:
            problems.append(f"{exc}.")
    for key in keys:
        if key in OWN_SETTINGS or key not in given:
            continue
        if c.option is None or c.option[0] != key:
            problems.append(f"{c.title} has no '{key}' to choose.")
            continue
        values = c.option[2]
        raw = given[key].strip().lower()
        found = [v for shown, v in values.items() if raw in (str(v).lower(), shown.lower())]
        if not found:
            problems.append(f"{c.title}'s {key} is one of {', '.join(str(v) for v in values.values())}, "
                            f"not '{_cut(given[key])}'.")
        else:
            s = replace(s, option=found[0])
    if "seed" in given:
        try:
            s = replace(s, seed=_whole(given["seed"], 0, 999_999, "The seed"))
        except ValueError as exc:
            problems.append(f"{exc}.")
    return s, problems


def query_string() -> str:
    """The query string of the page's address under Voilà ("" elsewhere).

    With preheated kernels the kernel starts before anyone asks for the
    page; Voilà's ``get_query_string`` waits until a visitor's request is
    known. Without preheating, Voilà puts it in ``QUERY_STRING``. Voilà is
    imported only in a preheated kernel (importing it costs seconds of CPU:
    it brings in the Jupyter server)."""
    if os.environ.get("VOILA_PREHEAT", "False") == "False":
        return os.environ.get("QUERY_STRING", "")
    try:
        from voila.utils import get_query_string
    except ImportError:
        return os.environ.get("QUERY_STRING", "")
    return get_query_string() or ""


def make_bot(game: str, level: int, seed: int) -> Any:
    """The bot of ``level`` (1–3) for ``game`` (see :attr:`Choice.levels`):
    the game's own where its registration gives one, else a random bot, a
    greedy bot, or the search bot at its level 2 (the iterations the game
    sets for it, no clock, so a seeded game is the same game on any
    machine)."""
    from .core.bots import GreedyBot, RandomBot
    if level not in LEVELS:
        raise ValueError(f"the bots' level is 1, 2 or 3, not {level!r}")
    own = GAMES[game].bot
    bot = own(level, seed) if own is not None else None
    if bot is not None:
        return bot
    if level == 1:
        return RandomBot(seed)
    if level == 2:
        return GreedyBot(seed)
    from .core.mcts import MCTSBot
    return MCTSBot.level(2, seed=seed)


def new_game(s: Settings) -> Any:
    """A new game of these settings."""
    from .core.registry import games
    kwargs: dict[str, Any] = {}
    c = s.choice
    if c.option is not None and s.option is not None:
        kwargs[c.option[1]] = s.option
    players = None if c.min_players == c.max_players else s.players
    return games()[s.game](players, s.seed, **kwargs)


def mode_for(game: Any, seats: tuple[str, ...]) -> str:
    """How the board shows hands: hot seat when people share the screen in
    a game with hidden hands, else one learner's view or everything."""
    if game.info.perfect_information:
        return "teacher"
    if seats.count("person") > 1:
        return "hotseat"
    return "student"


def _board(s: Settings) -> Any:
    from .widget import BoardWidget
    game = new_game(s)
    return BoardWidget(game, bots=_bots(s), mode=mode_for(game, s.seats))


def _bots(s: Settings) -> dict[int, Any]:
    return {k: make_bot(s.game, s.ai, s.seed + k) for k, kind in enumerate(s.seats) if kind == "bot"}


def warm() -> None:
    """Import and draw every game once (a preheated kernel does this before
    a visitor arrives, so the first board is quick)."""
    for name in GAMES:
        board = _board(Settings().for_game(name))
        board.close()


def _rules_link(c: Choice) -> str:
    """The way to the game's rules: a link to its notebook's rules section,
    or its own rules page folded under the line (a game with no notebook)."""
    what = f"How to play {html.escape(c.title)} (the rules)"
    if c.notebook:
        link = f"{c.notebook}#{c.rules_anchor}" if c.rules_anchor else c.notebook
        return f'<a class="bk-play-rules" href="{html.escape(link)}" target="_blank">{what}</a>'
    return (f'<details class="bk-play-rules"><summary>{what}</summary>'
            f'<pre style="white-space:pre-wrap;font-family:inherit">{html.escape(c.rules_text())}</pre>'
            "</details>")


class PlayPage:
    """The page: choices above the board (ipywidgets), the board below.

    Every choice acts at once: another game, number of players or option
    starts a new game; the seats and the bots' level change who plays the
    game on the board (it goes on); New game deals again (the next seed);
    Swap sides moves everyone one seat on (the person at seat 1 takes
    seat 2's pieces, in the same game)."""

    def __init__(self, settings: Settings | None = None, problems: list[str] | None = None):
        import ipywidgets as w

        self.settings = settings or Settings()
        self.board: Any = None
        self._busy = False
        s = self.settings
        layout_row = w.Layout(display="flex", flex_flow="row wrap", align_items="center", gap="4px 12px")
        self.title = w.HTML()
        self.notice = w.HTML()
        self.game = w.Dropdown(options=[(c.title, c.name) for c in GAMES.values()], value=s.game,
                               description="Game", style={"description_width": "initial"})
        self.players = w.Dropdown(description="Players", style={"description_width": "initial"},
                                  layout=w.Layout(width="auto"))
        self.option = w.Dropdown(style={"description_width": "initial"}, layout=w.Layout(width="auto"))
        self.level = w.Dropdown(options=[(LEVEL_NAMES[k], k) for k in LEVELS], value=s.ai,
                                description="Bots' level", style={"description_width": "initial"},
                                layout=w.Layout(width="auto"))
        self.seats = w.HBox(layout=layout_row)
        self.new = w.Button(description="New game", icon="refresh", tooltip="Deal a new game")
        self.swap = w.Button(description="Swap sides", icon="exchange",
                             tooltip="Everyone moves one seat on, in the same game")
        self.new.add_class("bk-play-new")
        self.swap.add_class("bk-play-swap")
        self.game.add_class("bk-play-game")
        self.level.add_class("bk-play-level")
        # the choices fold under one button: folded, the board is in view
        # on a 1280×720 screen (its picture fits what the window leaves it)
        self.fold = w.ToggleButton(value=False, description="Choices", icon="cog",
                                   tooltip="Show or hide the choices: game, players, seats, bots' level")
        self.fold.add_class("bk-play-fold")
        self.choices = w.VBox([
            w.HBox([self.game, self.players, self.option, self.level], layout=layout_row),
            self.seats], layout=w.Layout(display="none"))
        self.choices.add_class("bk-play-choices")
        self.holder = w.Box()
        self.widget = w.VBox([
            w.HTML(f"<style>{PAGE_CSS}</style>"),
            w.HBox([self.title, self.fold, self.new, self.swap], layout=layout_row),
            self.choices, self.notice, self.holder])
        self.widget.add_class("bk-play")
        self.fold.observe(self._on_fold, "value")
        self._sync_controls()
        self._start(s, problems or [])
        self.game.observe(self._on_game, "value")
        self.players.observe(self._on_players, "value")
        self.option.observe(self._on_option, "value")
        self.level.observe(self._on_level, "value")
        self.new.on_click(lambda _b: self._guard(self.new_game))
        self.swap.on_click(lambda _b: self._guard(self.swap_sides))

    # ------------------------------------------------------------- actions
    def new_game(self) -> None:
        """Deal a new game with the same choices (the next seed)."""
        self._start(replace(self.settings, seed=self.settings.seed + 1), [])

    def swap_sides(self) -> None:
        """Everyone moves one seat on (in the same game): the person plays
        the pieces a bot played, and that bot takes the person's."""
        s = self.settings
        seats = s.seats[-1:] + s.seats[:-1]
        self.settings = replace(s, seats=seats)
        self._reseat()
        self._notice([f"Sides swapped: you now play {self._people()}."], error=False)

    def set_level(self, level: int) -> None:
        """The bots play on at ``level`` (1–3)."""
        self.settings = replace(self.settings, ai=level)
        self._reseat()
        self._notice([f"The bots now play at level {level} ({self.settings.choice.levels[level]})."],
                     error=False)

    def set_seat(self, seat: int, kind: str) -> None:
        seats = list(self.settings.seats)
        seats[seat] = kind
        if "person" not in seats:
            self._notice(["At least one seat must be a person's."])
            self._sync_controls()
            return
        self.settings = replace(self.settings, seats=tuple(seats))
        self._reseat()
        self._notice([])

    # ------------------------------------------------------------ plumbing
    def _guard(self, action: Callable[[], None]) -> None:
        """Run a choice's action; anything refused becomes a sentence."""
        if self._busy:
            return
        self._busy = True
        try:
            action()
        except ValueError as exc:
            self._notice([str(exc)])
        except Exception as exc:  # a page shows a sentence, never a traceback
            self._notice([f"That could not be done: {type(exc).__name__}: {exc}"])
        finally:
            self._busy = False
            self._sync_controls()

    def _start(self, s: Settings, problems: list[str]) -> None:
        try:
            board = _board(s)
        except ValueError as exc:
            problems = problems + [f"That game could not start: {exc}"]
            s = Settings().for_game(s.game) if s.game in GAMES else Settings()
            board = _board(s)
        old, self.board = self.board, board
        self.settings = s
        self.holder.children = (board,)
        if old is not None:
            old.close()
        self._sync_controls()
        self._notice(problems)

    def _reseat(self) -> None:
        s, board = self.settings, self.board
        board.bots = _bots(s)
        board.mode = mode_for(board.game, s.seats)
        board.refresh()
        self._sync_controls()

    def _people(self) -> str:
        seats = self.settings.seats
        names = [self.board.game.seat_name(k) for k, kind in enumerate(seats) if kind == "person"]
        return " and ".join(names)

    def _notice(self, lines: list[str], error: bool = True) -> None:
        """Sentences above the board: what could not be used (red), or what a choice did."""
        cls, colour = ("bk-play-problem", "#a40000") if error else ("bk-play-done", "#1d5e20")
        self.notice.value = "".join(f'<p class="bk-play-notice {cls}" style="color:{colour};margin:2px 0">'
                                    f"{html.escape(line)}</p>" for line in lines)

    def _sync_controls(self) -> None:
        """The controls show the settings (without acting on their own change)."""
        import ipywidgets as w

        s, c = self.settings, self.settings.choice
        self._busy, busy = True, self._busy
        try:
            self.game.value = s.game
            self.players.options = [(str(n), n) for n in range(c.min_players, c.max_players + 1)]
            self.players.value = s.players
            self.players.disabled = c.min_players == c.max_players
            if c.option is None:
                self.option.layout.display = "none"
            else:
                self.option.layout.display = None
                key, opt, values = c.option
                self.option.description = c.option_label
                default = self.board.game.state["options"].get(opt) if self.board is not None else None
                self.option.options = list(values.items())
                self.option.value = s.option if s.option is not None else (
                    default if default in values.values() else next(iter(values.values())))
            self.level.value = s.ai
            for old in self.seats.children:
                old.close()
            seats = []
            for k, kind in enumerate(s.seats):
                name = self.board.game.seat_name(k) if self.board is not None else f"Player {k + 1}"
                d = w.Dropdown(options=[("person", "person"), ("bot", "bot")], value=kind,
                               description=name, style={"description_width": "initial"},
                               layout=w.Layout(width="auto"))
                d.add_class(f"bk-play-seat-{k}")
                d.observe(lambda ch, k=k: self._guard(lambda: self.set_seat(k, ch["new"])), "value")
                seats.append(d)
            self.seats.children = tuple(seats)
            people = "hot seat: pass the screen" if s.seats.count("person") > 1 else "you against the bots"
            if "bot" not in s.seats:
                people = "everyone at this screen"
            self.title.value = (
                f'<div style="margin:2px 0"><h2>{html.escape(c.title)}</h2>'
                f'{html.escape(people)} · bots: {html.escape(c.levels[s.ai])} · '
                f"{_rules_link(c)}</div>")
        finally:
            self._busy = busy

    def _on_fold(self, change: dict) -> None:
        self.choices.layout.display = None if change["new"] else "none"

    def _on_game(self, change: dict) -> None:
        if not self._busy:
            self._guard(lambda: self._start(self.settings.for_game(change["new"]), []))

    def _on_players(self, change: dict) -> None:
        if not self._busy and change["new"] is not None:
            self._guard(lambda: self._start(self.settings.with_players(change["new"]), []))

    def _on_option(self, change: dict) -> None:
        if not self._busy and change["new"] is not None:
            self._guard(lambda: self._start(replace(self.settings, option=change["new"]), []))

    def _on_level(self, change: dict) -> None:
        if not self._busy:
            self._guard(lambda: self.set_level(change["new"]))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """A notebook shows the page's widgets."""
        return self.widget._repr_mimebundle_(**kwargs)


def page(query: str | None = None) -> PlayPage:
    """The play page for a link's query string (see the module docstring).
    Settings that cannot be used are named at the top; the page always
    starts."""
    settings, problems = parse_query(query)
    try:
        return PlayPage(settings, problems)
    except Exception as exc:  # a page shows a sentence, never a traceback
        return PlayPage(Settings(), problems + [f"That game could not start: {exc}"])
