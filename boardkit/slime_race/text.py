"""Slime Race's text picture (``str(game)``)."""
from __future__ import annotations

from collections import Counter

from .components import SLIMES


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
