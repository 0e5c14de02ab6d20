"""Saving and loading a game: plain JSON, validated, replayed; nothing in a
file is ever executed. :class:`~boardkit.core.game.Game`'s ``to_json``, ``from_state``,
``from_dict`` and ``replay`` come here.

A save holds the options (or a start position), the seed, the component
set, the log of every action (with the forced chance outcomes that were
queued before it), the queue still waiting and the final state. Loading
checks every field, rebuilds the start, replays the log through the rules
(each action must be legal) and compares the result with the stored state.
"""
from __future__ import annotations

import json
from typing import Any

from . import rules as _rules
from .errors import IllegalActionError, InvalidActionError, OptionError, StateFileError
from .rules import Components, copy_json, is_plain_json, normalize, player_to_json

#: A game session (:class:`~boardkit.core.game.Game`, which imports this
#: module and types what it returns from here) and its class.
Game = Any

FORMAT = "boardkit-game/2"
#: Limits on what a save may hold (bounded time and memory on load).
MAX_SAVE_BYTES = 20_000_000
#: forced chance outcomes waiting (the queue of a game, and before each log entry)
MAX_FORCED = 1000
MAX_LOG = 10_000  # a Slime Race match to 30 points has ~3,000 entries; loading 10,000 takes ~1.3 s


def to_dict(game: Game) -> dict:
    """Everything needed to rebuild this game exactly (plain JSON)."""
    if not game.history:
        raise StateFileError(f"{game.info.title}: a game made with history=False "
                             "keeps no log and cannot be saved")
    return {
        "format": FORMAT,
        "game": game.info.name,
        "components": {"name": game.components.name, "data": copy_json(game.components.data)},
        "seed": game.seed,
        "options": game.options if game._start is None else None,
        "start": copy_json(game._start),
        "log": [[player_to_json(e.player), e.action] + ([list(e.forced_before)]
                                                         if e.forced_before else [])
                for e in game._log],
        "chance_base": game._chance_base,
        "forced": list(game._forced),
        "state": game.state,
    }

def to_json(game: Game, indent: int | None = None) -> str:
    return json.dumps(to_dict(game), indent=indent, ensure_ascii=False)

def from_state(cls: Any, state: dict, seed: int = 0, components: Any = None) -> Game:
    """Start a game (a scenario) from a position given as a state dict.

    The state is validated (every card and coin accounted for, a
    decision recomputed by the rules…); chance then continues from
    ``seed``.
    """
    rules = cls.Rules(cls.Rules.load_components(components))
    state = _checked_state(cls, rules, state)
    game = cls._new(rules, seed, state, start=copy_json(state))
    game._advance()
    return game

def _checked_state(cls: Any, rules: _rules.Rules, state: Any) -> dict:
    title = rules.info.title
    if not isinstance(state, dict) or not is_plain_json(state):
        raise StateFileError(f"{title}: a state must be a plain JSON object")
    if not isinstance(state.get("options"), dict):
        raise StateFileError(f"{title}: the state has no 'options' object")
    try:
        opts = rules.make_options(**state["options"])
    except (OptionError, TypeError) as exc:
        raise StateFileError(f"{title}: bad options in the state: {exc}") from None
    if opts != state["options"]:
        raise StateFileError(f"{title}: the state's options must list every option: {opts}")
    state = copy_json(state)
    try:
        rules.validate_state(state)
    except StateFileError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise StateFileError(f"{title}: the state is malformed ({type(exc).__name__}: "
                             f"{str(exc)[:200]})") from None
    return state

def from_dict(cls: Any, data: Any) -> Game:
    """Rebuild a saved game by replaying its log; the result must match.

    Nothing in the file is executed: it is plain data, checked field by
    field, and every logged action must be legal when replayed.
    """
    if not isinstance(data, dict):
        raise StateFileError("a saved game is a JSON object")
    missing = {"format", "game", "components", "seed", "options", "start", "log", "forced",
               "state"} - set(data)
    if data.get("format") != FORMAT:
        raise StateFileError(f"unknown format {data.get('format')!r} (expected {FORMAT!r})")
    if missing:
        raise StateFileError(f"saved game lacks {', '.join(sorted(missing))}")
    name = cls.Rules.info.name
    if data["game"] != name:
        raise StateFileError(f"this file is a {data['game']!r} game, not {name!r}")
    comp = data["components"]
    if not isinstance(comp, dict) or set(comp) != {"name", "data"} or not isinstance(comp["name"], str):
        raise StateFileError("'components' must be {name, data}")
    try:
        if not isinstance(comp["data"], dict) or not is_plain_json(comp["data"]):
            raise OptionError("component data must be a plain JSON object")
        rules = cls.Rules(Components(comp["name"][:100], copy_json(comp["data"])))
    except OptionError as exc:
        raise StateFileError(f"bad components in saved game: {exc}") from None
    log = data["log"]
    if not isinstance(log, list) or len(log) > MAX_LOG or not all(
            isinstance(e, list) and len(e) in (2, 3) and isinstance(e[1], str) and len(e[1]) <= 2000
            and (e[0] == "chance" or type(e[0]) is int)
            and (len(e) == 2 or (isinstance(e[2], list) and len(e[2]) <= MAX_FORCED
                                 and all(isinstance(f, str) and len(f) <= 2000 for f in e[2])))
            for e in log):
        raise StateFileError(f"'log' must be a list of at most {MAX_LOG} [player, action] pairs "
                             "(and the forced outcomes queued before it)")
    chance_base = data.get("chance_base", 0)
    if type(chance_base) is not int or not 0 <= chance_base <= 10**9:
        raise StateFileError("'chance_base' must be a whole number ≥ 0")
    forced = data["forced"]
    if not isinstance(forced, list) or len(forced) > MAX_FORCED or not all(
            isinstance(f, str) and len(f) <= 2000 for f in forced):
        raise StateFileError(f"'forced' must be a list of at most {MAX_FORCED:,} chance outcomes")
    if data["start"] is None:
        if not isinstance(data["options"], dict):
            raise StateFileError("'options' must be an object")
        try:
            opts = rules.make_options(**data["options"])
        except (OptionError, TypeError) as exc:
            raise StateFileError(f"bad options in saved game: {exc}") from None
        start_state = rules.initial_state(opts)
        start = None
    else:
        start_state = _checked_state(cls, rules, data["start"])
        start = copy_json(start_state)
    if chance_base and start is None:
        raise StateFileError("'chance_base' needs a start position")
    try:
        game = cls._new(rules, data["seed"], start_state, start=start, chance_base=chance_base)
    except OptionError as exc:
        raise StateFileError(f"bad seed in saved game: {exc}") from None
    for k, entry in enumerate(log):
        player, action = entry[0], entry[1]
        if len(entry) == 3:
            game._forced = [normalize(f) for f in entry[2]]
        who = game.current_player
        if player_to_json(who) != player:
            raise StateFileError(
                f"log entry {k} is by {player!r} but {player_to_json(who)!r} was to act")
        try:
            action = game._check_action(action, who)
        except (IllegalActionError, InvalidActionError) as exc:
            raise StateFileError(f"log entry {k} ({action[:80]!r}) does not replay: {exc}") from None
        game._step(action, who)
        game._forced = []
    if game._state != data["state"]:
        raise StateFileError("the saved state does not match the replayed log")
    try:
        game.force(*forced)
    except (IllegalActionError, InvalidActionError) as exc:
        raise StateFileError(f"a saved forced outcome does not fit: {exc}") from None
    return game

def replay(cls: Any, actions: list[str], seed: int = 0, **options: Any) -> Game:
    """Rebuild a game from its options, seed and player actions."""
    game = cls(seed=seed, **options)
    for a in actions:
        game.apply(a)
    return game

