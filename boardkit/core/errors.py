"""Errors raised by boardkit.

Every error is a :class:`ValueError` subclass, so ``except ValueError`` keeps
working, and every message says *which rule* forbids the input and *what the
situation is*, so a learner can read it without opening the code.
"""
from __future__ import annotations


class BoardkitError(ValueError):
    """Base class of every error boardkit raises on bad input.

    :attr:`rule` holds the rule or ruling id (e.g. ``"SR-R5"``, listed in
    ``docs/rulings.md``) when the error is about a rule; :attr:`action` the
    action refused.
    """

    def __init__(self, message: str, rule: str | None = None, action: str | None = None):
        super().__init__(message)
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
    """``undo`` was asked for at the start of the log."""


class OptionError(BoardkitError):
    """A game option is unknown or out of range."""


class StateFileError(BoardkitError):
    """A saved game or state does not validate."""
