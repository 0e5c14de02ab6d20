"""Slime Race board as SVG: the track, the odds table with everybody's
coins, the score track, a hand of cards and the discard pile.

Clickable parts carry ``data-act`` (see :mod:`boardkit.core.svg`): an odds
space is ``bet 1-3``, a card is ``play red+5``.
"""
from __future__ import annotations

from collections import Counter
from typing import Protocol

from ..core.palette import BASE_CSS, BOARD_WIDTH, SEAT_COLOURS, SEAT_INK, ink
from ..core.svg import El, Targets, changed_mark, header, svg_document, text, text_width, title
from ..core.view import Position
from .cards import card_label, rank_slots
from .components import SLIMES, card_kind
from .components import Components as SRComponents
from .rules import SlimeRaceRules


class Shown(Protocol):
    """What this view reads of the session (:class:`~boardkit.slime_race.game.SlimeRace`: its view
    imports no session, so the session can import it)."""

    @property
    def rules(self) -> SlimeRaceRules: ...

    @property
    def c(self) -> SRComponents: ...

    @property
    def players(self) -> int: ...

    def seat_name(self, seat: int) -> str: ...

#: Slime colours; the letter on each takes the ink that contrasts most.
SLIME_FILL = {"red": "#c62828", "orange": "#f46d43", "green": "#1b7837",
              "blue": "#2166ac", "purple": "#7b3294"}
SLIME_INK = {s: ink(f) for s, f in SLIME_FILL.items()}
CSS = BASE_CSS + """
.sr-lane { fill: #f4f1e8; stroke: #d8d2c0; }
.sr-lane.moved { fill: #fff0b3; }
.sr-start { fill: #e0e0e0; }
.sr-goal { fill: #fff7d6; stroke: #c9a800; }
.sr-tick { stroke: #bbb; }
.sr-slime text { font-size: 16px; font-weight: bold; }
.sr-odds rect.cell { fill: #fffdf5; stroke: #9a8f6a; }
.sr-odds .winning rect.cell { fill: #ffe680; }
.sr-odds text.odds { font-size: 18px; font-weight: bold; fill: #111; }
.sr-card rect.face { fill: white; stroke: #555; }
.sr-card.rank rect.face, .sr-card.dash rect.face { fill: #ececec; }
.sr-card text.value { font-size: 24px; font-weight: bold; fill: #111; }
.sr-card text.name { font-size: 14px; }
.sr-card text.big { font-size: 16px; font-weight: bold; fill: #111; }
.sr-coin text { font-size: 14px; font-weight: bold; }
.sr-chip text { font-size: 14px; }
.sr-score text.num { font-weight: bold; }
"""

W = BOARD_WIDTH                 # 1180: 1 unit ≈ 1 px at 1280×720
X0 = 132                        # x of space 1's left edge
START_W, GOAL_W = 34, 86        # the starting line and the goal area
TRACK_W = W - X0 - GOAL_W - 10  # the 70 spaces
LANE_H = 32
RX = 610                        # the right-hand column (scores, hands, deck)
CARD_W, CARD_H, CARD_STEP = 68, 86, 72


def _space_x(pos: int, GOAL: int) -> float:
    """Centre x of a track position (0 = starting line, > 70 = goal area)."""
    if pos <= 0:
        return X0 - START_W / 2
    sp = TRACK_W / GOAL
    if pos > GOAL:
        return X0 + TRACK_W + GOAL_W - 18
    return X0 + (pos - 0.5) * sp


def render(game: Shown, pos: Position) -> str:
    view = pos.view
    seat, pending, hide_hands, all_hands = view.seat, view.pending, view.hide_hands, view.all_hands
    state = pos.state
    shown = state["turn"] if seat is None else seat
    targets = Targets([] if hide_hands else pos.legal, pending)
    situation = view.caption or game.rules.situation(state)
    changed = set(view.changed)
    parts, top = header(f"Slime Race — {situation}")
    y1 = top + 20 + 5 * LANE_H + 24          # odds table and scores
    parts.append(_track(game, state, top, changed))
    parts.append(_odds(game, state, targets, y1, changed))
    right, bottom = _scores(game, state, y1)
    parts.append(right)
    if all_hands:
        hands, bottom = _all_hands(game, state, bottom + 10)
        parts.append(hands)
    parts.append(_deck(game, state, bottom + 6))
    # the hand under the scores, beside the odds table: the whole board is
    # short enough to be seen at once on a 1280×720 screen (every hand
    # listed there: under the odds table)
    x2, y2 = (10, y1 + 274) if all_hands else (RX, bottom + 42)
    parts.append(_hand(game, state, shown, targets, hide_hands, x2, y2))
    height = max(y2 + 24 + CARD_H + 4, y1 + 42 + 4 * 50 + 30, bottom + 36)
    return svg_document(W, int(height), *parts, css=CSS, label=f"Slime Race board: {situation}")


def _track(game, state: dict, y0: float, changed: set) -> El:
    C, GOAL = game.c, game.c.track
    SP = TRACK_W / GOAL  # width of a space
    g = El("g", class_="sr-track")
    top = y0 + 20
    g.add(El("rect", x=X0 - START_W, y=top, width=START_W, height=5 * LANE_H, class_="sr-start"),
          text(X0 - START_W / 2, top - 10, "start", class_="small", text_anchor="middle"))
    g.add(El("rect", x=X0 + TRACK_W, y=top, width=GOAL_W, height=5 * LANE_H, class_="sr-goal"),
          text(X0 + TRACK_W + GOAL_W / 2, top - 10, "goal", class_="small", text_anchor="middle"))
    for i, s in enumerate(SLIMES):
        y = top + i * LANE_H
        lane = El("rect", x=X0, y=y, width=TRACK_W, height=LANE_H, class_="sr-lane")
        if s in changed:
            lane.add_class("moved")
        g.add(lane)
        g.add(text(10, y + LANE_H / 2, f"{C.numbers[s]} {C.names[s]}", class_="label"))
    for k in range(10, GOAL + 1, 10):
        x = X0 + k * SP
        g.add(El("line", x1=x, y1=top, x2=x, y2=top + 5 * LANE_H, class_="sr-tick"),
              text(x - SP / 2, top + 5 * LANE_H + 12, str(k), class_="small", text_anchor="middle"))
    # rank slots, so "who is 2nd?" can be read off the board; once the race
    # is decided only its 1st and 2nd are ranked (SR-R9, SR-R10)
    slot_text = {}
    decided = _decided(state)
    n_racing = len(SLIMES) - len(state["finished"])
    for slots, members in [] if decided else rank_slots(state["positions"], state["finished"]):
        if len(members) > 1:
            label = "tied " + "–".join(_ordinal(sl, n_racing) for sl in (slots[0], slots[-1]))
        else:
            label = _ordinal(slots[0], n_racing)
        for m in members:
            slot_text[m] = label
    for i, s in enumerate(state["finished"]):
        slot_text[s] = ("1st", "2nd")[i] if i < 2 else "done"
    if decided:
        slot_text[decided["first"]], slot_text[decided["second"]] = "1st", "2nd"
    for i, s in enumerate(SLIMES):
        pos = state["positions"][s]
        cx, cy = _space_x(pos, GOAL), top + i * LANE_H + LANE_H / 2
        tok = El("g", class_=f"sr-slime {s}", data_slime=s)
        tok.add(title(f"{C.names[s]}: {'finished' if s in state['finished'] else f'space {pos}'}"
                      + (" (moved in this step)" if s in changed else "")))
        if s in changed:
            tok.add_class("moved")
            tok.add(*changed_mark("circle", cx=cx, cy=cy, r=17))
        tok.add(El("circle", cx=cx, cy=cy, r=13, fill=SLIME_FILL[s], stroke="#222"))
        tok.add(text(cx, cy + 1, C.letters[s], text_anchor="middle", fill=SLIME_INK[s]))
        g.add(tok)
        if pos > GOAL:
            where = slot_text.get(s, "done")
        elif s not in slot_text:
            where = str(pos)            # the race is decided: no rank to play for
        else:
            where = f"{pos}: {slot_text[s]}"
        weight = "bold" if s in changed else None
        wide = text_width(where, 14, weight is not None)
        if pos > GOAL or cx + 20 + wide > X0 + TRACK_W - 4:
            g.add(text(cx - 20, cy, where, class_="small", text_anchor="end", font_weight=weight))
        else:
            g.add(text(cx + 20, cy, where, class_="small", font_weight=weight))
    return g


def _decided(state: dict) -> dict | None:
    """The scoring of the race on the board once it is decided (its finish,
    and a match's end), else None."""
    last = state["last_race"]
    return last if last and last["race"] == state["race"] and state["phase"] in ("race", "over") else None


def _ordinal(slot: int, n_racing: int) -> str:
    if slot == n_racing:
        return "last"
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(slot, f"{slot}th")


def _coin(x: float, y: float, seat: int, name: str) -> El:
    c = El("g", class_="sr-coin", data_seat=seat)
    c.add(title(f"coin of {name}"))
    c.add(El("circle", cx=x, cy=y, r=10, fill=SEAT_COLOURS[seat], stroke="#222"))
    c.add(text(x, y + 1, str(seat + 1), text_anchor="middle", fill=SEAT_INK[seat]))
    return c


def _odds(game, state: dict, targets: Targets, y1: float, changed: set) -> El:
    C, PAIRS = game.c, game.rules.pairs
    g = El("g", class_="sr-odds")
    ox, oy, cw, ch = 50, y1 + 42, 128, 50
    heading = {"bet": "Odds table — click a space to bet a coin" if targets.legal else "Odds table — betting",
               "race": "Odds table — betting is over"}.get(state["phase"], "Odds table")
    g.add(text(10, y1 + 10, heading, class_="heading"))
    decided = _decided(state)
    winning = decided["pair"] if decided else None
    for col in range(2, 6):
        s = SLIMES[col - 1]
        g.add(text(ox + (col - 2) * cw + cw / 2, oy - 12, f"{col} {C.letters[s]}", class_="small",
                   text_anchor="middle"))
    for row in range(1, 5):
        s = SLIMES[row - 1]
        g.add(text(10, oy + (row - 1) * ch + ch / 2, f"{row} {C.letters[s]}", class_="small"))
    for pair in PAIRS:
        a, b = (int(x) for x in pair.split("-"))
        x, y = ox + (b - 2) * cw, oy + (a - 1) * ch
        cell = El("g", class_="sr-space", data_pair=pair)
        if pair == winning:
            cell.add_class("winning")
        sa, sb = C.slimes_of(pair)
        cell.add(title(f"{pair}: {C.names[sa]} and {C.names[sb]} finish 1st and 2nd "
                       f"(either order) — ×{C.odds[pair]}"))
        cell.add(El("rect", x=x + 3, y=y + 3, width=cw - 6, height=ch - 6, rx=6, class_="cell hl"))
        cell.add(text(x + 12, y + 16, pair, class_="small"))
        cell.add(text(x + cw - 12, y + 17, f"×{C.odds[pair]}", class_="odds", text_anchor="end"))
        stack = state["bets"][pair]
        shown = stack if len(stack) <= 5 else stack[:3]
        for k, seat in enumerate(shown):
            cell.add(_coin(x + 19 + k * 23, y + 34, seat, game.seat_name(seat)))
        if len(stack) > len(shown):
            cell.add(text(x + cw - 12, y + 34, f"+{len(stack) - len(shown)}", class_="small",
                          text_anchor="end", font_weight="bold"))
        if pair in changed:
            cell.add(*changed_mark("rect", x=x + 3, y=y + 3, width=cw - 6, height=ch - 6, rx=6))
        if state["phase"] in ("bet", "race"):
            # during the race a click on a space is answered with SR-R3's reason
            targets.mark(cell, f"bet {pair}")
        g.add(cell)
    # coins still in hand
    n = game.players
    y = oy + 4 * ch + 18
    g.add(text(10, y, "Coins left:", class_="small"))
    step = min(23.0, 64 / max(1, C.coins - 1))
    for seat in range(n):
        cx = 122 + seat * 92
        for k in range(state["coins"][seat]):
            g.add(_coin(cx + k * step, y, seat, game.seat_name(seat)))
        if not state["coins"][seat]:
            g.add(text(cx - 6, y, "—", class_="small"))
    return g


def _scores(game, state: dict, y1: float) -> tuple[El, float]:
    """The score track, with the scoring of the last race as a column."""
    C = game.c
    g = El("g", class_="sr-score")
    target = state["options"]["target"]
    top = max([target] + state["scores"])
    last = state["last_race"]
    g.add(text(RX, y1 + 10, f"Score track (target {target})", class_="heading"))
    if last:
        mult = C.odds[last["pair"]]
        g.add(text(RX, y1 + 34, f"Race {last['race']}: {C.names[last['first']]} 1st, "
                                f"{C.names[last['second']]} 2nd → space {last['pair']} ×{mult}"
                   + (" (cards ran out)" if last["exhausted"] else ""), class_="small",
                   font_weight="bold", data_race=last["race"]))
    else:
        g.add(text(RX, y1 + 34, "No race finished yet.", class_="small"))
    bar_x, bar_w = RX + 214, 166
    col = RX + 394
    g.add(text(RX + 204, y1 + 56, "score", class_="small", text_anchor="end"))
    if last:
        g.add(text(col, y1 + 56, f"race {last['race']}: coins × {C.odds[last['pair']]}",
                   class_="small"))
    y = y1 + 70
    for s in range(game.players):
        cy = y + 13
        row = El("g", class_="sr-player", data_seat=s)
        if s == state["turn"] and state["phase"] in ("bet", "race"):
            row.add(El("rect", x=RX - 4, y=y, width=W - RX - 6, height=26, rx=4, fill="#fff3b0"))
        row.add(El("circle", cx=RX + 11, cy=cy, r=11, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(RX + 11, cy + 1, str(s + 1), text_anchor="middle", class_="small",
                     font_weight="bold", fill=SEAT_INK[s]))
        row.add(text(RX + 28, cy, game.seat_name(s), class_="label"))
        row.add(text(RX + 204, cy, str(state["scores"][s]), class_="label num", text_anchor="end"))
        row.add(El("rect", x=bar_x, y=cy - 7, width=bar_w, height=14, fill="#e8e8e8"))
        row.add(El("rect", x=bar_x, y=cy - 7, width=bar_w * min(1.0, state["scores"][s] / top), height=14,
                   fill=SEAT_COLOURS[s], class_="bar"))
        if last:
            coins, pts = last["bets"].get(last["pair"], []).count(s), last["payouts"][s]
            row.add(text(col, cy, f"{coins} × {C.odds[last['pair']]} = +{pts}" if coins else "0 coins: +0",
                         class_="small", font_weight="bold" if pts else None))
        g.add(row)
        y += 26
    tx = bar_x + bar_w * target / top
    g.add(El("line", x1=tx, y1=y1 + 64, x2=tx, y2=y, stroke="#c00", stroke_width=2,
             stroke_dasharray="4 3"))
    return g, y


def _chip(game, x: float, y: float, card: str, count: int = 1) -> tuple[El, float]:
    """A card in a line of cards: its colour and short name (R+5, 2nd+10…)."""
    kind, name, value = card_kind(card)
    if kind == "slime":
        label, fill = f"{game.c.letters[name]}+{value}", SLIME_FILL[name]
    elif kind == "rank":
        label, fill = f"{name}+{value}", "#e6e6e6"
    else:
        label, fill = ("1 DASH" if card == "dash1" else "2 DASH"), "#e6e6e6"
    if count > 1:
        label += f" ×{count}"
    w = text_width(label, 14) + 12
    chip = El("g", class_="sr-chip", data_card=card)
    chip.add(title(card_label(card, game.c) + (f" ×{count}" if count > 1 else "")))
    chip.add(El("rect", x=x, y=y, width=w, height=24, rx=5, fill=fill, stroke="#444"))
    chip.add(text(x + w / 2, y + 12.5, label, text_anchor="middle", fill=ink(fill)))
    return chip, w


def _all_hands(game, state: dict, y: float) -> tuple[El, float]:
    """Teacher view: every hand as a line of cards, one line per seat."""
    g = El("g", class_="sr-all-hands")
    g.add(text(RX, y + 10, "Every hand (teacher view)", class_="heading"))
    y += 24
    for s, hand in enumerate(state["hands"]):
        row = El("g", data_seat=s)
        row.add(title(f"{game.seat_name(s)}'s hand"))
        row.add(El("circle", cx=RX + 11, cy=y + 13, r=11, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(RX + 11, y + 14, str(s + 1), text_anchor="middle", class_="small",
                     font_weight="bold", fill=SEAT_INK[s]))
        x: float = RX + 30
        if not hand:
            row.add(text(x, y + 13, "—", class_="small"))
        for card, k in sorted(Counter(hand).items()):
            chip, w = _chip(game, x, y + 1, card, k)
            if x + w > W - 6:                  # a long hand takes a second line
                x, y = RX + 30, y + 26
                chip, w = _chip(game, x, y + 1, card, k)
            row.add(chip)
            x += w + 4
        g.add(row)
        y += 26
    return g, y


def _deck(game, state: dict, y: float) -> El:
    g = El("g", class_="sr-deck")
    words = f"Deck: {len(state['deck'])} · discard: {len(state['discard'])}"
    g.add(text(RX, y + 12, words + (", top card" if state["discard"] else ""), class_="label"))
    if state["discard"]:
        chip, _ = _chip(game, RX + text_width(words + ", top card", 16) + 8, y, state["discard"][-1])
        g.add(chip)
    return g


def _card(game, x: float, y: float, card: str, targets: Targets, clickable: bool) -> El:
    C = game.c
    kind, name, value = card_kind(card)
    g = El("g", class_=f"sr-card {kind}", data_card=card)
    g.add(title(card_label(card, C)))
    mid = x + CARD_W / 2
    g.add(El("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=7, class_="face hl"))
    if kind == "slime":
        g.add(El("rect", x=x + 4, y=y + 4, width=CARD_W - 8, height=26, rx=4, fill=SLIME_FILL[name]))
        g.add(text(mid, y + 17.5, C.names[name], text_anchor="middle", class_="name",
                   fill=SLIME_INK[name]))
        g.add(text(mid, y + 57, f"+{value}", text_anchor="middle", class_="value"))
    elif kind == "rank":
        g.add(text(mid, y + 18, "ビリ" if name == "last" else name, text_anchor="middle", class_="big"))
        g.add(text(mid, y + 38, "last" if name == "last" else "place", text_anchor="middle",
                   class_="small"))
        g.add(text(mid, y + 63, f"+{value}", text_anchor="middle", class_="value"))
    else:
        g.add(text(mid, y + 24, "DASH!", text_anchor="middle", class_="big"))
        g.add(text(mid, y + 57, card[-1], text_anchor="middle", class_="value"))
    if clickable:
        targets.mark(g, f"play {card}")
    return g


def _hand(game, state: dict, seat: int | None, targets: Targets, hide: bool, x: float, y: float) -> El:
    g = El("g", class_="sr-hand")
    if seat is None or state["phase"] not in ("bet", "race"):
        g.add(text(x, y + 10, "No hand to show.", class_="label"))
        return g
    hand = sorted(state["hands"][seat])
    who = game.seat_name(seat)
    step = min(CARD_STEP, ((RX - 40 if x < RX else W - 10 - x) - CARD_W) / max(1, len(hand) - 1))
    if hide:
        g.add(text(x, y + 10, f"{who}'s hand is hidden ({len(hand)} cards)", class_="heading"))
        for i in range(len(hand)):
            g.add(El("rect", x=x + i * step, y=y + 24, width=CARD_W, height=CARD_H, rx=7,
                     fill="#5b6f8a", stroke="#333", class_="sr-card back"))
        return g
    verb = ("click a card to play it" if targets.legal else "cards to play") if state["phase"] == "race" \
        else "cards for the race"
    g.add(text(x, y + 10, f"{who}'s hand ({len(hand)}) — {verb}", class_="heading"))
    for i, card in enumerate(hand):
        # (during the betting too: a card clicked then is answered with SR-R4's reason)
        g.add(_card(game, x + i * step, y + 24, card, targets, True))
    return g


def hint(words: list[str], pending: str) -> str | None:
    """What to click, from the first words of the legal targets."""
    firsts = {w.split()[0] for w in words}
    if firsts == {"bet"}:
        return f"Click one of the {len(words)} outlined odds spaces to bet a coin on that pair"
    if firsts == {"play"}:
        return "Click one of your outlined cards to play it"
    return None
