"""Slime Race board as SVG: the track, the odds table with everybody's
coins, the score track, a hand of cards and the discard pile.

Clickable parts carry ``data-act`` (see :mod:`boardkit.core.svg`): an odds
space is ``bet 1-3``, a card is ``play red+5``.
"""
from __future__ import annotations

from collections import Counter

from ..core.palette import BASE_CSS, SEAT_COLOURS
from ..core.svg import El, Targets, svg_document, text, title
from ..core.view import View
from .cards import card_label, rank_slots
from .components import card_kind
from .rules import SLIMES

SLIME_FILL = {"red": "#d73027", "orange": "#f46d43", "green": "#1a9850",
              "blue": "#4575b4", "purple": "#7b3294"}
CSS = BASE_CSS + """
.sr-lane { fill: #f4f1e8; stroke: #d8d2c0; }
.sr-start { fill: #e0e0e0; }
.sr-goal { fill: #fff7d6; stroke: #c9a800; }
.sr-tick { stroke: #bbb; }
.sr-slime text { font-size: 11px; font-weight: bold; fill: white; }
.sr-odds rect.cell { fill: #fffdf5; stroke: #9a8f6a; }
.sr-odds .winning rect.cell { fill: #ffe680; }
.sr-card rect.face { fill: white; stroke: #555; }
.sr-card.rank rect.face, .sr-card.dash rect.face { fill: #ececec; }
.sr-card text.value { font-size: 15px; font-weight: bold; }
.sr-coin text { font-size: 9px; font-weight: bold; fill: #000; }
.sr-score rect.bar { fill-opacity: 0.85; }
"""

W, H = 960, 580
X0, TRACK_W = 96, 742      # x of space 1's left edge, width of the track
LANE_Y, LANE_H = 48, 26


def _space_x(pos: int, GOAL: int) -> float:
    """Centre x of a track position (0 = starting line, > 70 = goal area)."""
    if pos <= 0:
        return X0 - 14
    sp = TRACK_W / GOAL
    if pos > GOAL:
        return X0 + TRACK_W + 34
    return X0 + (pos - 0.5) * sp


def render(game, view: View) -> str:
    seat, pending, hide_hands, all_hands = view.seat, view.pending, view.hide_hands, view.all_hands
    caption = view.caption
    live = view.state is None
    state: dict = game._state if view.state is None else view.state
    turn = state["turn"]
    shown = turn if seat is None else seat
    legal = list(game.legal_actions) if live and shown == turn and not hide_hands else []
    targets = Targets(legal, pending)
    situation = caption or game.rules.situation(state)
    parts: list[El] = [text(12, 18, f"Slime Race — {situation}", class_="title")]
    parts.append(_track(game, state))
    parts.append(_odds(game, state, targets))
    parts.append(_scores(game, state))
    parts.append(_hand(game, state, shown, targets, hide_hands))
    if all_hands:
        parts.append(_all_hands(game, state))
    return svg_document(W, H + (18 * game.players + 10 if all_hands else 0), *parts, css=CSS,
                        label=f"Slime Race board: {situation}")


def _track(game, state: dict) -> El:
    C, GOAL = game.c, game.c.track
    SP = TRACK_W / GOAL  # width of a space
    g = El("g", class_="sr-track")
    top = LANE_Y
    g.add(El("rect", x=X0 - 28, y=top, width=28, height=5 * LANE_H, class_="sr-start"),
          text(X0 - 14, top - 8, "start", class_="small", text_anchor="middle"))
    g.add(El("rect", x=X0 + GOAL * SP, y=top, width=70, height=5 * LANE_H, class_="sr-goal"),
          text(X0 + GOAL * SP + 35, top - 8, "goal", class_="small", text_anchor="middle"))
    for i, s in enumerate(SLIMES):
        y = top + i * LANE_H
        g.add(El("rect", x=X0, y=y, width=GOAL * SP, height=LANE_H, class_="sr-lane"))
        g.add(text(8, y + LANE_H / 2, f"{C.numbers[s]} {C.names[s]}", class_="label"))
    for k in range(10, GOAL + 1, 10):
        x = X0 + k * SP
        g.add(El("line", x1=x, y1=top, x2=x, y2=top + 5 * LANE_H, class_="sr-tick"),
              text(x - SP / 2, top + 5 * LANE_H + 9, str(k), class_="small", text_anchor="middle"))
    # rank slots, so "who is 2nd?" can be read off the board
    slot_text = {}
    n_racing = len(SLIMES) - len(state["finished"])
    for slots, members in rank_slots(state["positions"], state["finished"]):
        if len(members) > 1:
            label = "tied " + "–".join(_ordinal(sl, n_racing) for sl in (slots[0], slots[-1]))
        else:
            label = _ordinal(slots[0], n_racing)
        for m in members:
            slot_text[m] = label
    for i, s in enumerate(state["finished"]):
        slot_text[s] = ("1st", "2nd")[i] if i < 2 else "done"
    for i, s in enumerate(SLIMES):
        pos = state["positions"][s]
        cx, cy = _space_x(pos, GOAL), top + i * LANE_H + LANE_H / 2
        tok = El("g", class_=f"sr-slime {s}", data_slime=s)
        tok.add(title(f"{C.names[s]}: {'finished' if s in state['finished'] else f'space {pos}'}"))
        tok.add(El("circle", cx=cx, cy=cy, r=10, fill=SLIME_FILL[s], stroke="#222"))
        tok.add(text(cx, cy + 1, C.letters[s], text_anchor="middle"))
        g.add(tok)
        where = f"{pos}: {slot_text[s]}" if pos <= GOAL else slot_text[s]
        g.add(text(min(cx + 14, X0 + GOAL * SP + 46), cy, where, class_="small"))
    return g


def _ordinal(slot: int, n_racing: int) -> str:
    if slot == n_racing:
        return "last"
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(slot, f"{slot}th")


def _coin(x: float, y: float, seat: int, name: str) -> El:
    c = El("g", class_="sr-coin", data_seat=seat)
    c.add(title(f"coin of {name}"))
    c.add(El("circle", cx=x, cy=y, r=7, fill=SEAT_COLOURS[seat], stroke="#222"))
    c.add(text(x, y + 0.5, str(seat + 1), text_anchor="middle"))
    return c


def _odds(game, state: dict, targets: Targets) -> El:
    C, PAIRS = game.c, game.rules.pairs
    g = El("g", class_="sr-odds")
    ox, oy, cw, ch = 60, 222, 96, 44
    g.add(text(12, oy - 14, "Odds table (click a space to bet)", class_="label",
               font_weight="bold"))
    winning = state["last_race"]["pair"] if state["phase"] == "over" and state["last_race"] else None
    for col in range(2, 6):
        s = SLIMES[col - 1]
        g.add(text(ox + (col - 2) * cw + cw / 2, oy - 2, f"{col} {C.letters[s]}", class_="small",
                   text_anchor="middle"))
    for row in range(1, 5):
        s = SLIMES[row - 1]
        g.add(text(ox - 30, oy + 6 + (row - 1) * ch + ch / 2, f"{row} {C.letters[s]}", class_="small"))
    for pair in PAIRS:
        a, b = (int(x) for x in pair.split("-"))
        x, y = ox + (b - 2) * cw, oy + 6 + (a - 1) * ch
        cell = El("g", class_="sr-space", data_pair=pair)
        if pair == winning:
            cell.add_class("winning")
        sa, sb = C.slimes_of(pair)
        cell.add(title(f"{pair}: {C.names[sa]} and {C.names[sb]} finish 1st and 2nd "
                       f"(either order) — ×{C.odds[pair]}"))
        cell.add(El("rect", x=x + 2, y=y + 2, width=cw - 4, height=ch - 4, rx=5, class_="cell hl"))
        cell.add(text(x + 8, y + 11, pair, class_="small"))
        cell.add(text(x + cw - 8, y + 12, f"×{C.odds[pair]}", class_="label", text_anchor="end",
                      font_weight="bold"))
        stack = state["bets"][pair]
        for k, seat in enumerate(stack[:5]):
            cell.add(_coin(x + 12 + k * 16, y + 28, seat, game.seat_name(seat)))
        if len(stack) > 5:
            cell.add(text(x + cw - 8, y + 28, f"+{len(stack) - 5}", class_="small", text_anchor="end"))
        if state["phase"] in ("bet", "race"):
            # during the race a click on a space is answered with SR-R3's reason
            targets.mark(cell, f"bet {pair}")
        g.add(cell)
    # coins still in hand
    n = game.players
    y = oy + 4 * ch + 22
    g.add(text(12, y, "Coins left:", class_="small"))
    for seat in range(n):
        cx = 90 + seat * 64
        for k in range(state["coins"][seat]):
            g.add(_coin(cx + k * 15, y, seat, game.seat_name(seat)))
        if not state["coins"][seat]:
            g.add(text(cx, y, "—", class_="small"))
    return g


def _scores(game, state: dict) -> El:
    C = game.c
    g = El("g", class_="sr-score")
    x0, y0, width = 470, 222, 460
    target = state["options"]["target"]
    top = max([target] + state["scores"])
    g.add(text(x0, y0 - 14, f"Score track (target {target})", class_="label", font_weight="bold"))
    for s in range(game.players):
        y = y0 + s * 24
        w = width * state["scores"][s] / top
        row = El("g", class_="sr-player", data_seat=s)
        if s == state["turn"] and state["phase"] in ("bet", "race"):
            row.add(El("rect", x=x0 - 4, y=y - 2, width=width + 8, height=22, fill="#fff3b0"))
        row.add(El("rect", x=x0 + 120, y=y + 2, width=width - 120, height=14, fill="#eee"))
        row.add(El("rect", x=x0 + 120, y=y + 2, width=max(0.0, w * (width - 120) / width), height=14,
                   fill=SEAT_COLOURS[s], class_="bar"))
        row.add(El("circle", cx=x0 + 6, cy=y + 9, r=7, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(x0 + 6, y + 9.5, str(s + 1), text_anchor="middle", class_="small"))
        row.add(text(x0 + 18, y + 9, game.seat_name(s), class_="label"))
        row.add(text(x0 + 124, y + 9, str(state["scores"][s]), class_="label", font_weight="bold"))
        g.add(row)
    tx = x0 + 120 + (width - 120) * target / top
    g.add(El("line", x1=tx, y1=y0 - 4, x2=tx, y2=y0 + game.players * 24, stroke="#c00",
             stroke_dasharray="4 3"))
    if state["last_race"]:
        last = state["last_race"]
        g.add(text(x0, y0 + game.players * 24 + 14,
                   f"Last race: {C.names[last['first']]} 1st, {C.names[last['second']]} 2nd "
                   f"→ space {last['pair']}" + (" (cards ran out)" if last["exhausted"] else ""),
                   class_="small"))
    return g


def _card(game, x: float, y: float, card: str, targets: Targets, clickable: bool) -> El:
    C = game.c
    kind, name, value = card_kind(card)
    g = El("g", class_=f"sr-card {kind}", data_card=card)
    g.add(title(card_label(card, C)))
    g.add(El("rect", x=x, y=y, width=62, height=86, rx=6, class_="face hl"))
    if kind == "slime":
        g.add(El("rect", x=x + 4, y=y + 4, width=54, height=22, rx=4, fill=SLIME_FILL[name]))
        g.add(text(x + 31, y + 15.5, C.names[name], text_anchor="middle", class_="label",
                   fill="white", font_weight="bold"))
        g.add(text(x + 31, y + 52, f"+{value}", text_anchor="middle", class_="value"))
    elif kind == "rank":
        g.add(text(x + 31, y + 15, "ビリ" if name == "last" else name,
                   text_anchor="middle", class_="label", font_weight="bold"))
        g.add(text(x + 31, y + 28, "last place" if name == "last" else "place",
                   text_anchor="middle", class_="small"))
        g.add(text(x + 31, y + 52, f"+{value}", text_anchor="middle", class_="value"))
    else:
        g.add(text(x + 31, y + 30, "DASH!", text_anchor="middle", class_="label", font_weight="bold"))
        g.add(text(x + 31, y + 52, card[-1], text_anchor="middle", class_="value"))
    if clickable:
        targets.mark(g, f"play {card}")
    return g


def _hand(game, state: dict, seat: int | None, targets: Targets, hide: bool) -> El:
    g = El("g", class_="sr-hand")
    y = 478
    if seat is None or state["phase"] not in ("bet", "race"):
        g.add(text(12, y, "No hand to show.", class_="label"))
    else:
        hand = sorted(state["hands"][seat])
        who = game.seat_name(seat)
        if hide:
            g.add(text(12, y - 12, f"{who}'s hand is hidden ({len(hand)} cards)", class_="label",
                       font_weight="bold"))
            for i in range(len(hand)):
                g.add(El("rect", x=12 + i * 68, y=y, width=62, height=86, rx=6, fill="#5b6f8a",
                         stroke="#333", class_="sr-card back"))
        else:
            verb = "click a card to play it" if state["phase"] == "race" else "cards for the race"
            g.add(text(12, y - 12, f"{who}'s hand ({len(hand)}) — {verb}", class_="label",
                       font_weight="bold"))
            for i, card in enumerate(hand):
                g.add(_card(game, 12 + i * 68, y, card, targets, state["phase"] == "race"))
    # deck and discard pile
    dx = 600
    g.add(text(dx, y - 12, f"Deck: {len(state['deck'])}", class_="label"))
    g.add(El("rect", x=dx, y=y, width=62, height=86, rx=6, fill="#5b6f8a" if state["deck"] else "none",
             stroke="#333", stroke_dasharray=None if state["deck"] else "4 3"))
    g.add(text(dx + 80, y - 12, f"Discard: {len(state['discard'])}", class_="label"))
    if state["discard"]:
        g.add(_card(game, dx + 80, y, state["discard"][-1], targets, False))
    else:
        g.add(El("rect", x=dx + 80, y=y, width=62, height=86, rx=6, fill="none", stroke="#333",
                 stroke_dasharray="4 3"))
    return g


def _all_hands(game, state: dict) -> El:
    g = El("g", class_="sr-all-hands")
    y = H + 4
    for s, hand in enumerate(state["hands"]):
        counts = Counter(hand)
        txt = ", ".join(f"{card_label(c, game.c)}" + (f" ×{k}" if k > 1 else "")
                        for c, k in sorted(counts.items()))
        g.add(text(12, y + s * 18, f"{game.seat_name(s)}: {txt or '—'}", class_="small"))
    return g


def text_picture(rules, state: dict) -> str:
    """The position as text (``str(game)``)."""
    C = rules.c
    GOAL = C.track
    lines = [f"Slime Race — {rules.situation(state)}"]
    lines.append(f"Track (goal after space {GOAL}):")
    place = {s: i + 1 for i, s in enumerate(state["finished"])}
    for s in SLIMES:
        p = state["positions"][s]
        bar_len = 35
        filled = min(bar_len, round(min(p, GOAL) * bar_len / GOAL))
        tag = f"finished {('1st', '2nd')[place[s] - 1]}" if s in place else f"space {p}"
        lines.append(f"  {C.letters[s]} {C.names[s]:<6} |{'#' * filled}{'.' * (bar_len - filled)}| {tag}")
    bets = []
    for p in rules.pairs:
        if state["bets"][p]:
            who = Counter(state["bets"][p])
            bets.append(f"{p} ×{C.odds[p]}: " + ", ".join(
                f"{rules.seat_name(s)}×{k}" for s, k in sorted(who.items())))
    lines.append("Bets: " + ("; ".join(bets) if bets else "none yet"))
    lines.append("Scores: " + ", ".join(
        f"{rules.seat_name(i)} {v}" for i, v in enumerate(state["scores"]))
        + f" (target {state['options']['target']})")
    for i, h in enumerate(state["hands"]):
        mark = "▶ " if i == state["turn"] and state["phase"] in ("bet", "race") else "  "
        lines.append(f"{mark}{rules.seat_name(i)}: {' '.join(sorted(h)) or '—'}")
    top = state["discard"][-1] if state["discard"] else "—"
    lines.append(f"Deck {len(state['deck'])} · discard {len(state['discard'])} (top: {top})")
    return "\n".join(lines)
