"""Checking the fields of options, component sets and scenario arguments
before they are used: one place for "of the right type, in range", so every
refusal is an :class:`~boardkit.core.errors.OptionError` naming the field,
what it must be and the rule id (the game's ``-options`` or ``-files``).

>>> from boardkit.core.fields import Fields
>>> f = Fields("Slime Race components", "SR-files")
>>> f.whole(3, "hand_size", 1, 100)
3
>>> try:
...     f.whole("7", "hand_size", 1, 100)
... except Exception as exc:
...     print(exc.rule, exc)
SR-files Slime Race components: hand_size must be a whole number from 1 to 100, not '7'
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import OptionError

_NAMES = {bool: "true or false", int: "a whole number", str: "text", list: "a list",
          dict: "an object", tuple: "a list"}


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Fields:
    """Checks for one kind of input (``where``: how messages begin; ``rule``:
    the id every refusal carries)."""

    def __init__(self, where: str, rule: str):
        self.where, self.rule = where, rule

    def error(self, field: str, must: str, value: Any) -> OptionError:
        return OptionError(f"{self.where}: {field} must be {must}, not {_show(value)}",
                           rule=self.rule)

    def of(self, value: Any, field: str, *types: type, must: str | None = None) -> Any:
        """``value`` if it is one of ``types`` (a bool is not a whole number)."""
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            raise self.error(field, must or " or ".join(_NAMES.get(t, t.__name__) for t in types),
                             value)
        return value

    def whole(self, value: Any, field: str, lo: int, hi: int) -> int:
        if type(value) is not int or not lo <= value <= hi:
            raise self.error(field, f"a whole number from {lo} to {hi}", value)
        return value

    def text(self, value: Any, field: str, longest: int = 200) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= longest:
            raise self.error(field, f"text of 1 to {longest} characters", value)
        return value

    def items(self, value: Any, field: str, longest: int, *, shortest: int = 0,
              mapping: bool = False) -> Any:
        """A list (or, with ``mapping``, an object) of ``shortest`` to
        ``longest`` entries."""
        kinds: tuple[type, ...] = (dict,) if mapping else (list, tuple)
        if not isinstance(value, kinds) or not shortest <= len(value) <= longest:  # type: ignore[arg-type]
            kind = "an object" if mapping else "a list"
            size = f"{longest}" if shortest == longest else f"{shortest} to {longest}"
            raise self.error(field, f"{kind} of {size} entries", value)
        return value

    def fields(self, value: Any, field: str, required: set[str]) -> dict:
        """An object holding at least the ``required`` keys."""
        self.of(value, field, dict)
        missing = sorted(required - set(value))
        if missing:
            raise OptionError(f"{self.where}: {field} lacks {', '.join(missing)}", rule=self.rule)
        return value


def run_scenario(cls: Any, build: Any, types: Mapping[str, tuple[type, ...]], args: tuple,
                 kwargs: dict) -> Any:
    """``build(cls, *args, **kwargs)``, a game's ``scenario``, behind one gate:
    each argument named in ``types`` is checked first (None always passes:
    it means "the default"); every refusal is then an
    :class:`~boardkit.core.errors.OptionError` (or a
    :class:`~boardkit.core.errors.StateFileError` for a position that does
    not validate) carrying a rule id, the game's ``-options`` when no rule
    is named. An argument of the right type whose inside is malformed (a
    list of numbers where squares are expected…) is refused the same way."""
    from .errors import BoardkitError, with_rule
    info = cls.Rules.info
    rule = f"{info.ruling_prefix}-options"
    f = Fields(f"{info.title} scenario", rule)
    for name, value in kwargs.items():
        if name in types and value is not None:
            f.of(value, name, *types[name])
    try:
        return build(cls, *args, **kwargs)
    except BoardkitError as exc:
        raise with_rule(exc, rule) from None
    except (TypeError, AttributeError, IndexError, KeyError, ValueError, OverflowError,
            RecursionError) as exc:
        raise OptionError(f"{info.title} scenario: the arguments do not describe a position "
                          f"({type(exc).__name__}: {str(exc)[:160]})", rule=rule) from None
