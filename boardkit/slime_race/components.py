"""Slime Race components, read from ``components.json`` (one place for all
numbers). A teacher can pass another file of the same shape to
:func:`load_components` to try different card values or odds."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import OptionError
from ..core.fields import Fields

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
        raise OptionError(f"{path}: not valid JSON: {exc}", rule="SR-files") from None
    return build(raw)


_CACHE: dict[str, Components] = {}


def build(raw: dict) -> Components:
    """Check a component set given as plain data (the shape of
    ``components.json``) and build it; problems name the field."""
    _check_fields(raw)
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


def _check_fields(raw: Any) -> None:
    """Every field of the data, type and range, before any is used."""
    f = Fields("Slime Race components", "SR-files")
    f.fields(raw, "the component set", {"slimes", "monsters", "coins_per_player", "hand_size",
                                        "odds", "slime_cards", "rank_cards", "dash_cards",
                                        "track", "score_track"})
    for i, s in enumerate(f.items(raw["slimes"], "slimes", 5, shortest=5)):
        w = f"slimes[{i}]"
        f.fields(s, w, {"id", "number", "name", "letter"})
        f.text(s["id"], f"{w}.id", 20)
        f.whole(s["number"], f"{w}.number", 1, 5)
        f.text(s["name"], f"{w}.name", 40)
        f.text(s["letter"], f"{w}.letter", 3)
    if sorted(s["number"] for s in raw["slimes"]) != [1, 2, 3, 4, 5]:
        raise f.error("slimes' numbers", "1, 2, 3, 4 and 5, one each",
                      [s["number"] for s in raw["slimes"]])
    for i, m in enumerate(f.items(raw["monsters"], "monsters", 20, shortest=5)):
        f.text(m, f"monsters[{i}]", 40)
    f.whole(raw["coins_per_player"], "coins_per_player", 1, 100)
    f.whole(raw["hand_size"], "hand_size", 1, 100)
    for i, o in enumerate(f.items(raw["odds"], "odds", 10)):
        f.fields(o, f"odds[{i}]", {"pair", "multiplier", "status"})
        f.text(o["pair"], f"odds[{i}].pair", 5)
        f.whole(o["multiplier"], f"odds[{i}].multiplier", 1, 1000)
        f.of(o["status"], f"odds[{i}].status", str)
    for key, name in (("slime_cards", "slime"), ("rank_cards", "rank")):
        for i, e in enumerate(f.items(raw[key], key, 20)):
            w = f"{key}[{i}]"
            f.fields(e, w, {name, "values", "status"} | ({"copies"} if name == "slime" else set()))
            if name == "rank" and e["rank"] not in RANKS:
                raise f.error(f"{w}.rank", f"one of {', '.join(RANKS)}", e["rank"])
            f.text(e[name], f"{w}.{name}", 20)
            for j, v in enumerate(f.items(e["values"], f"{w}.values", 40, shortest=1)):
                f.whole(v, f"{w}.values[{j}]", 1, 999)
            if name == "slime":
                f.whole(e["copies"], f"{w}.copies", 1, 20)
            f.of(e["status"], f"{w}.status", str)
    dash = f.fields(raw["dash_cards"], "dash_cards", {"cards", "status"})
    for j, card in enumerate(f.items(dash["cards"], "dash_cards.cards", 2)):
        if card not in ("dash1", "dash2"):
            raise f.error(f"dash_cards.cards[{j}]", "dash1 or dash2", card)
    f.whole(f.fields(raw["track"], "track", {"spaces"})["spaces"], "track.spaces", 10, 1000)
    f.whole(f.fields(raw["score_track"], "score_track", {"spaces"})["spaces"],
            "score_track.spaces", 1, 100_000)


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
SLIMES = COMPONENTS.slimes
