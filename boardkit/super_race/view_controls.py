"""Super Race pictures: the controls under the boards (the dice to keep or
roll again, the colour buttons, forfeit) and the results table.
"""
from __future__ import annotations

from ..core.palette import SEAT_COLOURS, SEAT_INK, ink
from ..core.svg import (
    El,
    Targets,
    text,
    text_width,
    title,
    wrap,
)
from ..core.view import View
from .view_geometry import COLOUR_OF, DIE, DIE_STEP, FILL, FORFEIT_WHY, INK, LETTER, PAD, W, _n


# ------------------------------------------------------------------ controls
def _die(x: float, y: float, face: str, word: str | None, selected: bool, kept: bool) -> El:
    colour = COLOUR_OF[face[0]]
    straight = face[1] == "s"
    g = El("g", class_="su-die", data_face=face)
    g.add(title(f"{colour} {'straight' if straight else 'curve'}"
                + (" (kept)" if selected or kept else "")))
    if word is not None:
        g.set(data_toggle=word)
        g.add_class("target", "legal")
    if selected or kept:
        g.add_class("selected")
        g.add(text(x + DIE / 2, y - 14, "kept", class_="small", text_anchor="middle",
                   font_weight="bold"))
    g.add(El("rect", x=x, y=y, width=DIE, height=DIE, rx=8, fill=FILL[colour], class_="face hl"))
    if selected or kept:
        g.add(El("rect", x=x - 4, y=y - 4, width=DIE + 8, height=DIE + 8, rx=10, fill="none",
                 class_="ring"))
    fg = INK[colour]
    g.add(text(x + 12, y + 14, LETTER[colour], fill=fg, font_weight="bold", text_anchor="middle"))
    if straight:
        g.add(El("path", d=f"M{_n(x + DIE / 2)} {_n(y + DIE - 4)} L{_n(x + DIE / 2)} {_n(y + 20)}",
                 stroke=fg, stroke_width=7, fill="none"))
    else:
        r = DIE / 2 - 4
        g.add(El("path", d=f"M{_n(x + DIE / 2)} {_n(y + DIE - 4)} A{_n(r + 4)} {_n(r + 4)} 0 0 1 "
                           f"{_n(x + DIE - 4)} {_n(y + DIE / 2)}",
                 stroke=fg, stroke_width=7, fill="none"))
    g.add(text(x + DIE / 2, y + DIE + 13, "straight" if straight else "curve", class_="small",
               text_anchor="middle"))
    return g


def _button(x: float, y: float, w: float, h: float, label: str, *, word: str | None = None,
            t: Targets | None = None, confirm: str | None = None, off: bool = False,
            active: bool = False, tip: str = "", fill: str | None = None) -> El:
    b = El("g", class_="su-button")
    if off:
        b.add_class("off")
    if active:
        b.add_class("active")
    if tip:
        b.add(title(tip))
    face = El("rect", x=x, y=y, width=w, height=h, rx=6, class_="face hl")
    if fill:
        face.set(style=f"fill:{fill}")
    b.add(face)
    b.add(text(x + w / 2, y + h / 2 + 1, label, text_anchor="middle",
               fill=ink(fill) if fill else None))
    if confirm is not None:
        b.set(data_confirm=confirm)
        b.add_class("target", "legal")
    elif word is not None and t is not None:
        t.mark(b, word)
    return b


def _dice_words(dice: list[str]) -> list[str]:
    return [f"d{i + 1}-{f}" for i, f in enumerate(dice)]


def _controls(game, state: dict, t: Targets, mover: bool, view: View, y0: float) -> tuple[El, float]:
    """The dice, the reroll button, the colour buttons (or the result)."""
    rules = game.rules
    g = El("g", class_="su-controls")
    phase = state["phase"]
    if phase == "over":
        return _results(game, state, y0)
    dice = list(state["dice"])
    rolls = state["rolls"]
    who = game.seat_name(state["turn"])
    # -- the dice
    top = y0 + 22
    if not dice:
        g.add(text(PAD, top + DIE / 2, f"{who} rolls all five dice…", class_="label"))
    kept_left = list(state["kept"]) if phase == "roll" else []
    words = _dice_words(dice)
    chosen = set(view.selected) & set(words) if mover else set()
    can_keep = mover and rolls < 3
    for i, (face, word) in enumerate(zip(dice, words)):
        kept = False
        if face in kept_left:
            kept_left.remove(face)
            kept = True
        g.add(_die(PAD + i * DIE_STEP, top, face, word if can_keep else None, word in chosen, kept))
    # -- rolling
    rx = PAD + 5 * DIE_STEP + 8
    if phase == "roll":
        g.add(text(rx, y0 + 8, "Rolling", class_="heading"))
        again = 5 - len(state["kept"])
        g.add(text(rx, top + 20, f"{'the other ' if state['kept'] else ''}{again} "
                                 f"{'die' if again == 1 else 'dice'}…", class_="label"))
    elif rolls < 3:
        g.add(text(rx, y0 + 8, f"Roll {rolls} of 3", class_="heading"))
        label = f"Reroll the others (roll {rolls + 1} of 3)"
        bw = text_width(label, 16, True) + 28
        if mover:      # (a picture where nothing can be clicked shows no buttons)
            g.add(_button(rx, top, bw, 42, label, confirm="keep",
                          tip="roll again every die that is not kept (SU-R2)"))
            g.add(text(rx, top + 60, f"click dice to keep them ({len(chosen)} kept)",
                       class_="small"))
    else:
        g.add(text(rx, y0 + 8, "Roll 3 of 3", class_="heading"))
        g.add(text(rx, top + 20, "last roll: choose a colour", class_="label"))
    # -- the colours
    cx = 760
    bw = (W - PAD - cx - 2 * 10) / 3
    if phase == "choose":
        g.add(text(cx, y0 + 8, "Drive one colour:" if mover else "Colours", class_="heading"))
        drivable = set(rules.drivable(state)) if dice else set()
        pend = t.pending.split()
        for k, colour in enumerate(("red", "yellow", "blue")):
            count = sum(1 for f in dice if f[0] == colour[0])
            ok = colour in drivable
            if count == 0:
                note, tip = "no dice", f"no die shows {colour}"
            elif ok:
                note, tip = f"{count} {'die' if count == 1 else 'dice'}", \
                    f"draw all {count} {colour} {'die' if count == 1 else 'dice'}, one square each"
            else:
                note, tip = "can't all be drawn", \
                    f"the {colour} dice cannot all be drawn from here (SU-R4)"
            bx = cx + k * (bw + 10)
            chosen_colour = len(pend) >= 2 and pend[0] == "drive" and pend[1] == colour
            if mover:
                g.add(_button(bx, top, bw, 42, f"Drive {colour}", word=f"drive {colour}",
                              t=t if not pend else None, off=not ok, active=chosen_colour,
                              tip=tip, fill=FILL[colour] if ok else None))
            else:      # no buttons where nothing can be clicked: the colour, named
                g.add(text(bx + bw / 2, top + 26, colour, class_="label", text_anchor="middle"))
            g.add(text(bx + bw / 2, top + 58, note, class_="small", text_anchor="middle"))
    y = top + DIE + 28
    # -- what to do now
    line = _doing(game, state, t, mover)
    if mover and "forfeit" in t.legal:
        g.add(_button(PAD, y, 190, 38, "Forfeit the go", word="forfeit", t=t,
                      tip="no colour can be drawn completely (SU-R4)"))
        for k, part in enumerate(wrap("Forfeit: " + FORFEIT_WHY, W - 2 * PAD - 206, 16)[:2]):
            g.add(text(PAD + 206, y + 10 + 20 * k, part, class_="label", data_why="forfeit"))
        y += 46
    elif line:
        for k, part in enumerate(wrap(line, W - 2 * PAD, 16, bold=True)[:2]):
            g.add(text(PAD, y + 10 + 22 * k, part, class_="heading"))
        y += 22 * min(2, len(wrap(line, W - 2 * PAD, 16, bold=True))) + 8
    return g, y


def _doing(game, state: dict, t: Targets, mover: bool) -> str:
    """One sentence: what the player to move is doing now."""
    if state["phase"] != "choose":
        return ""
    who = game.seat_name(state["turn"])
    go = "extra go (tight corner)" if state["extra"] else "go"
    if not mover:
        return f"{who}'s {go}."
    words = t.pending.split()
    if len(words) >= 2 and words[0] == "drive":
        colour = words[1]
        n = sum(1 for f in state["dice"] if f[0] == colour[0])
        done = words[2:]
        if len(done) >= n:
            return (f"{who}: all {n} {colour} dice placed ({' '.join(w.upper() for w in done)}) — "
                    f"click an arrow: which way the last curve leaves {done[-1].upper()}")
        placed = f" ({' '.join(w.upper() for w in done)})" if done else ""
        return (f"{who}: drawing {colour}, {len(done)} of {n} placed{placed} — click an outlined "
                f"square for the next {colour} die")
    extra = "Extra go! " if state["extra"] else ""
    if state["rolls"] < 3:
        return f"{extra}{who}: keep dice and reroll, or drive a colour."
    return f"{extra}{who}: last roll — drive a colour."


def _results(game, state: dict, y0: float) -> tuple[El, float]:
    """The end of the race: who won, how far past the line, SU-R8 points."""
    g = El("g", class_="su-results")
    res = state["results"][-1] if state["results"] else None
    y = y0 + 10
    if res is None:
        return g, y0
    n = len(state["cars"])
    many = state["options"]["races"] > 1
    g.add(text(PAD, y, "Result" + (f" of race {len(state['results'])}" if many else "")
               + (" — points: +1 a square past the line for the winner, −1 a square still to drive "
                  "for the others (SU-R8)" if n > 1 else ""), class_="heading"))
    y += 24
    for s in range(n):
        past, dist, pts = res["past"][s], res["distance"][s], res["points"][s]
        win = s in res["winners"]
        if past is None:
            where = f"{dist} {'square' if dist == 1 else 'squares'} short of the line"
        elif past == 0:
            where = "landed on the line"
        else:
            where = f"{past} {'square' if past == 1 else 'squares'} past the line"
        bits = [("winner: " if win else "") + where]
        if n == 1:
            bits.append(f"{res['turns'][s]} turns")
            fast = game.rules.track.fast_lap
            if fast:
                bits.append(f"a fast lap is {fast} turns")
        else:
            bits.append(f"{pts:+d} {'point' if abs(pts) == 1 else 'points'}".replace("+0", "0")
                        .replace("-", "−"))
            if many:
                bits.append(f"total {state['points'][s]}")
        row = El("g", class_="su-result", data_seat=s)
        row.add(El("circle", cx=PAD + 11, cy=y, r=11, fill=SEAT_COLOURS[s], stroke="#222"))
        row.add(text(PAD + 11, y + 1, str(s + 1), text_anchor="middle", class_="small",
                     font_weight="bold", fill=SEAT_INK[s]))
        row.add(text(PAD + 30, y, f"{game.seat_name(s)}: " + " · ".join(bits), class_="label",
                     font_weight="bold" if win else None))
        g.add(row)
        y += 26
    return g, y
