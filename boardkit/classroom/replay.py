"""A stored table's game, rebuilt: its settings as plain JSON, and its
players' actions replayed and checked against the digest of the position
each one led to (chance is seeded and keyed by the event's number, so the
same actions give the same game)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from ..core.game import CHANCE, Game
from ..play import Settings, new_game
from .store import ActionRecord

__all__ = ["digest", "settings_of", "settings_json", "player_entries", "rebuild"]


def digest(state: dict) -> str:
    """A short fingerprint of a position (checked when a table is rebuilt)."""
    text = json.dumps(state, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def settings_of(data: dict) -> Settings:
    """The :class:`~boardkit.play.Settings` stored as plain JSON."""
    s = Settings()
    return replace(
        s,
        game=data["game"],
        players=int(data["players"]),
        seats=tuple(data["seats"]),
        ai=int(data["ai"]),
        option=data.get("option"),
        seed=int(data["seed"]),
    )


def settings_json(s: Settings) -> dict:
    return {
        "game": s.game,
        "players": s.players,
        "seats": list(s.seats),
        "ai": s.ai,
        "option": s.option,
        "seed": s.seed,
    }


def player_entries(game: Game) -> list[tuple[int, str]]:
    """The players' actions of ``game`` (chance follows from the seed)."""
    return [(e.player, e.action) for e in game.log if isinstance(e.player, int) and e.player is not CHANCE]


def rebuild(settings: Settings, actions: list[ActionRecord]) -> Game:
    """The game of a stored table: a new game of its settings with its
    players' actions applied again, each checked against the digest of the
    position it led to. Raises :class:`ValueError` when one does not fit."""
    game = new_game(settings)
    for a in actions:
        if game.current_player != a.seat:
            raise ValueError(
                f"stored action {a.seq} ({a.action!r}) is for seat {a.seat}, "
                f"but seat {game.current_player!r} is to move"
            )
        game.apply(a.action)
        if digest(game.state) != a.digest:
            raise ValueError(f"stored action {a.seq} ({a.action!r}) does not lead to the stored position")
    return game
