"""Slime Race components, read from ``components.json`` (one place for all
numbers). A teacher can pass another file of the same shape to
:func:`load_components` to try different card values or odds."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import OptionError

DATA_FILE = Path(__file__).with_name("components.json")
RANKS = ("1st", "2nd", "3rd", "4th", "last")


@dataclass(frozen=True)
class Components:
    slimes: tuple[str, ...]              # start-line order, fastest first
    names: dict
    letters: dict
    numbers: dict
    monsters: tuple[str, ...]
    odds: dict                           # "1-3" -> 7
    odds_status: dict
    slime_values: dict                   # "red" -> (5, 9, 10)
    card_status: dict
    deck: tuple[str, ...]                # the 60 card names, sorted
    track: int
    score_track: int
    coins: int
    hand_size: int
    raw: dict

    def pair_of(self, a: str, b: str) -> str:
        x, y = sorted((self.numbers[a], self.numbers[b]))
        return f"{x}-{y}"

    def slimes_of(self, pair: str) -> tuple[str, str]:
        a, b = (int(x) for x in pair.split("-"))
        by_number = {v: k for k, v in self.numbers.items()}
        return by_number[a], by_number[b]


def card_kind(card: str) -> tuple[str, str, int]:
    """``"red+5"`` → ("slime", "red", 5); ``"2nd+10"`` → ("rank", "2nd", 10);
    ``"dash1"`` → ("dash", "1st", 0)."""
    kind = _KINDS.get(card)
    if kind is None:
        if card in ("dash1", "dash2"):
            kind = ("dash", "1st" if card == "dash1" else "2nd", 0)
        else:
            name, _, value = card.partition("+")
            kind = ("rank" if name in RANKS else "slime", name, int(value))
        if len(_KINDS) < 10_000:
            _KINDS[card] = kind
    return kind


#: card -> its kind, read once per card name
_KINDS: dict[str, tuple[str, str, int]] = {}


def load_components(path: str | Path | None = None) -> Components:
    """The components in a JSON file (default: the built-in set)."""
    try:
        raw = json.loads(Path(path or DATA_FILE).read_text(encoding="utf-8"))
    except ValueError as exc:
        raise OptionError(f"{path}: not valid JSON: {exc}") from None
    return build(raw)


_CACHE: dict[str, Components] = {}


def build(raw: dict) -> Components:
    """Check a component set given as plain data (the shape of
    ``components.json``) and build it; problems name the field."""
    key = json.dumps(raw, sort_keys=True)
    if key in _CACHE:
        return _CACHE[key]
    try:
        slimes = tuple(s["id"] for s in raw["slimes"])
        deck: list[str] = []
        values = {}
        for entry in raw["slime_cards"]:
            if type(entry["copies"]) is not int or not 1 <= entry["copies"] <= 20 \
                    or not all(type(v) is int and 0 < v < 1000 for v in entry["values"]):
                raise OptionError(f"Slime Race components: slime_cards {entry.get('slime')!r}: "
                                  "copies 1..20 and whole values 1..999")
            values[entry["slime"]] = tuple(entry["values"])
            deck += [f"{entry['slime']}+{v}" for v in entry["values"]] * entry["copies"]
        for entry in raw["rank_cards"]:
            deck += [f"{entry['rank']}+{v}" for v in entry["values"]]
        deck += list(raw["dash_cards"]["cards"])
        comp = Components(
            slimes=slimes,
            names={s["id"]: s["name"] for s in raw["slimes"]},
            letters={s["id"]: s["letter"] for s in raw["slimes"]},
            numbers={s["id"]: s["number"] for s in raw["slimes"]},
            monsters=tuple(raw["monsters"]),
            odds={o["pair"]: o["multiplier"] for o in raw["odds"]},
            odds_status={o["pair"]: o["status"] for o in raw["odds"]},
            slime_values=values,
            card_status={**{e["slime"]: e["status"] for e in raw["slime_cards"]},
                         **{e["rank"]: e["status"] for e in raw["rank_cards"]}},
            deck=tuple(sorted(deck)),
            track=int(raw["track"]["spaces"]),
            score_track=int(raw["score_track"]["spaces"]),
            coins=int(raw["coins_per_player"]),
            hand_size=int(raw["hand_size"]),
            raw=raw,
        )
        _check(comp)
    except OptionError:
        raise
    except (KeyError, TypeError, ValueError, OverflowError, AttributeError) as exc:
        raise OptionError(f"Slime Race components are malformed: missing or bad field {exc!r}") from None
    if len(_CACHE) < 64:
        _CACHE[key] = comp
    return comp


def _check(c: Components) -> None:
    if c.slimes != ("red", "orange", "green", "blue", "purple") or set(c.slimes) != set(c.slime_values):
        raise OptionError("Slime Race components: 'slimes' must be red, orange, green, blue, purple "
                          "(in start-line order), each with its cards (names and letters may change)")
    if len(c.monsters) < 5:
        raise OptionError("Slime Race components: 'monsters' needs five names (one per seat)")
    if c.track < 10 or c.coins < 1 or c.hand_size < 1:
        raise OptionError("Slime Race components: track ≥ 10 spaces, coins ≥ 1, hand size ≥ 1")
    pairs = {c.pair_of(a, b) for i, a in enumerate(c.slimes) for b in c.slimes[i + 1:]}
    if set(c.odds) != pairs:
        raise OptionError(f"the odds table must have exactly the pairs {sorted(pairs)}")
    for card in c.deck:
        kind, name, value = card_kind(card)
        if kind == "slime" and name not in c.slimes:
            raise OptionError(f"card {card!r} names an unknown slime")
    if len(c.deck) > 400:
        raise OptionError("Slime Race components: at most 400 cards")
    if c.hand_size * 5 >= len(c.deck):
        raise OptionError("the deck is too small to deal every hand")


COMPONENTS = load_components()
