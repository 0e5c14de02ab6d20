"""Errors raised by boardkit.

Every error is a :class:`ValueError` subclass, so ``except ValueError`` keeps
working, and every message says *which rule* forbids the input and *what the
situation is*, so a learner can read it without opening the code.
"""
from __future__ import annotations

from .rulings import IN_TEXT, known_prefixes


def _rule_in_text(message: str) -> str | None:
    """The first rule id a message names ("SU-R9: …", "SR-chance"), of a
    registered game's prefix or boardkit's own (``BK``)."""
    prefixes = None
    for m in IN_TEXT.finditer(message):
        prefixes = known_prefixes() if prefixes is None else prefixes
        if m.group(1) in prefixes:
            return m.group(0)
    return None


#: The rule id of an undo with nothing to take back, and of a request a
#: board cannot take from its page (docs/rulings.md, "The board").
UNDO_RULE = "BK-undo"
BOARD_RULE = "BK-board"


class BoardkitError(ValueError):
    """Base class of every error boardkit raises on bad input.

    :attr:`rule` holds the rule or ruling id (e.g. ``"SR-R5"``, listed in
    ``docs/rulings.md``) when the error is about a rule; :attr:`action` the
    action refused.
    """

    def __init__(self, message: str, rule: str | None = None, action: str | None = None):
        super().__init__(message)
        if rule is None:
            # a message that names its rule carries it too
            rule = _rule_in_text(str(message))
        self.rule = rule
        self.action = action


class InvalidActionError(BoardkitError):
    """The action is not even well formed (wrong type, unknown words)."""


class IllegalActionError(BoardkitError):
    """The action is well formed but the rules forbid it right now
    (:attr:`rule` names the rule)."""


class GameOverError(IllegalActionError):
    """The game has ended; no further action is possible."""


class NothingToUndoError(BoardkitError):
    """``undo`` was asked for with nothing to take back (:attr:`rule`:
    ``BK-undo`` unless given)."""

    def __init__(self, message: str, rule: str | None = None, action: str | None = None):
        super().__init__(message, rule or UNDO_RULE, action)


class OptionError(BoardkitError):
    """A game option, a component set or a scenario's argument is unknown,
    of the wrong type or out of range (:attr:`rule`: the rule it breaks, or
    the game's ``-options`` / ``-files`` id)."""


class StateFileError(BoardkitError):
    """A saved game or state does not validate (:attr:`rule`: the rule it
    breaks, or the game's ``-files`` id)."""


def with_rule(exc: BoardkitError, rule: str) -> BoardkitError:
    """``exc`` with :attr:`~BoardkitError.rule` set to ``rule`` unless it
    names one already (the one place the default ids are given)."""
    if exc.rule is None:
        exc.rule = rule
    return exc
