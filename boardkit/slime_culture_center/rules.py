"""Slime Culture Center (スライム培養センター) — the rules, pure Python.

Rulebook: ``shared/rules/slime_culture_center.ja.txt`` (English working
translation beside it); rulings SCC-R1 … SCC-R12 in ``RULINGS.md``.

Actions (two a turn, the same one twice allowed):

* ``"spawn red c4"`` — 発生: a colour not on the board, on an empty square;
* ``"grow red c4"`` — 成長: on an empty square next to a red slime;
* ``"move c4 d4"`` — 分裂／移動: an edge tile of a slime to an empty square
  next to (the rest of) that slime;
* ``"inject c4"`` — 癌細胞注入: your cancer tile onto a face-up slime tile;
* ``"exchange red7"`` — 権利交換: reveal a right card, draw a new one.

Then the checks run by themselves (捕食チェック, 死滅チェック, expiry). When
the order of same-colour predations or of cancer groups can change the
result, the turn player decides (``"resolve c3 d3"``, ``"process e5"``).
Squares: columns a–h from the left, rows 1–8 from the top.
"""
from __future__ import annotations

from collections import Counter

from ..core.errors import OptionError, StateFileError
from ..core.dealt import DealtGame
from ..core.game import CHANCE, Outcome, copy_json
from ..core.registry import register
from . import checks
from .board import (SQUARES, colours_on_board, in_reading_order, is_slime, is_square,
                    neighbours, slime_at, slimes)
from .components import (CANCER_TILES, CARDS, COLOURS, HAND, JAPANESE, LETTERS, MAX_REVEALED,
                          TILES, card_colour, card_value)
from .messages import why_illegal
from .scenario import scenario
from .settlement import settle

ACTION_WORDS = ("spawn", "grow", "move", "inject", "exchange")


@register
class SlimeCultureCenter(DealtGame):
    """Slime Culture Center for 2–6 players (SCC-R1)."""

    name = "slime_culture_center"
    title = "Slime Culture Center"
    ruling_prefix = "SCC"
    min_players, max_players = 2, 6
    default_options = {"settlement": "ruled"}

    @classmethod
    def _check_options(cls, options: dict) -> None:
        if options["settlement"] not in ("ruled", "printed"):
            raise OptionError("Slime Culture Center: SCC-R10: settlement must be 'ruled' (the "
                              "remainder goes to 3rd place) or 'printed' (to 2nd place), not "
                              f"{options['settlement']!r}")

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    # -------------------------------------------------------------- set-up
    def _initial_state(self, options: dict) -> dict:
        n = options["players"]
        return {
            "options": options,
            "phase": "setup",
            "first": None,
            "turn": None,
            "turn_number": 0,
            "actions_left": 2,
            "board": {},
            "stock": dict(TILES),
            "removed": {c: 0 for c in COLOURS},
            "cancer": ["hand"] * n,
            "deck": list(CARDS),
            "hands": [[] for _ in range(n)],
            "revealed": [[] for _ in range(n)],
            "check": None,
            "decision": None,
        }

    # ------------------------------------------------------------ protocol
    def _legal_actions(self, state: dict) -> list[str]:
        phase = state["phase"]
        if phase == "setup":
            return self._setup_actions(state)
        if phase == "decide":
            return list(state["decision"]["options"])
        if phase != "action":
            return []
        acts = self._placements(state) + self._moves(state)
        seat = state["turn"]
        if state["cancer"][seat] == "hand":
            acts += [f"inject {sq}" for sq in in_reading_order(state["board"])
                     if is_slime(state["board"][sq])]
        if state["deck"] and len(state["revealed"][seat]) < MAX_REVEALED:
            acts += [f"exchange {c}" for c in sorted(state["hands"][seat])]
        return acts or ["pass"]

    def _placements(self, state: dict) -> list[str]:
        board = state["board"]
        empty = [sq for sq in SQUARES if sq not in board]
        near: dict[str, set] = {}
        for sq, v in board.items():
            if v in TILES:
                near.setdefault(v, set()).update(n for n in neighbours(sq) if n not in board)
        acts = []
        on = colours_on_board(board)
        for c in COLOURS:
            if state["stock"][c] == 0:
                continue
            if c not in on:
                acts += [f"spawn {c} {sq}" for sq in empty]
            else:
                acts += [f"grow {c} {sq}" for sq in empty if sq in near.get(c, ())]
        return acts

    def _moves(self, state: dict) -> list[str]:
        board = state["board"]
        acts = []
        for s in slimes(board):
            for t in in_reading_order(s):
                for d in self.move_destinations(board, t, s):
                    acts.append(f"move {t} {d}")
        return acts

    @staticmethod
    def is_edge(tile: str, slime) -> bool:
        """SCC-R3: an edge tile (はじのタイル) has at least one orthogonal
        neighbour square outside its slime (empty, another tile, off board)."""
        ns = neighbours(tile)
        return len(ns) < 4 or any(n not in slime for n in ns)

    def move_destinations(self, board: dict, tile: str, slime=None) -> list[str]:
        """SCC-R3: lift the edge tile; it goes to an empty square next to the
        rest of its slime (a lone tile: next to the square it left), never
        back to the square it left."""
        slime = slime if slime is not None else slime_at(board, tile)
        if not slime or not self.is_edge(tile, slime):
            return []
        rest = set(slime) - {tile}
        anchor = rest or {tile}
        dests = {n for sq in anchor for n in neighbours(sq) if n not in board and n != tile}
        if rest:
            # the lifted square is empty now, but it is "the square it left"
            dests.discard(tile)
        return in_reading_order(dests)

    def _is_legal_play(self, state: dict, action: str) -> bool:
        """A fast check for the common actions (bots try hundreds)."""
        words = action.split()
        if state["phase"] == "action" and words and words[0] in ("spawn", "grow", "move") \
                and len(words) == 3:
            board = state["board"]
            if words[0] == "move":
                return is_square(words[1]) and words[2] in self.move_destinations(board, words[1])
            c, sq = words[1], words[2]
            if c not in TILES or not is_square(sq) or sq in board or state["stock"][c] == 0:
                return False
            on = c in colours_on_board(board)
            if words[0] == "spawn":
                return not on
            return on and any(board.get(n) == c for n in neighbours(sq))
        return action in self._legal_actions(state)

    def _why_illegal(self, state: dict, action: str) -> str:
        return why_illegal(self, state, action)

    def _situation(self, state: dict) -> str:
        phase = state["phase"]
        if phase == "setup":
            return "setting up"
        if phase == "over":
            return f"game over after {state['turn_number']} turns: {self._outcome(state)}"
        who = self.seat_name(state["turn"])
        if phase == "decide":
            return f"turn {state['turn_number']}: {who} decides {state['decision']['about']}"
        k = 3 - state["actions_left"]
        return f"turn {state['turn_number']}: {who}, action {k} of 2"

    # -------------------------------------------------------------- chance
    @staticmethod
    def stacked_shuffle(players: int, hands: list[list[str]] | None = None,
                        deck_top: list[str] | None = None) -> str:
        """A ``shuffle`` outcome dealing the given right cards (3 each, seat 0
        first; missing ones filled in a fixed order) with ``deck_top`` next."""
        pool = list(CARDS)
        hands = [list(h) for h in (hands or [])] + [[] for _ in range(players - len(hands or []))]
        for c in [c for h in hands for c in h] + list(deck_top or []):
            if c not in pool:
                raise OptionError(f"SCC: card {c!r} is unknown or dealt twice")
            pool.remove(c)
        order = []
        for h in hands:
            order += h + [pool.pop(0) for _ in range(HAND - len(h))]
        return "shuffle " + " ".join(order + list(deck_top or []) + pool)

    # --------------------------------------------------------------- apply
    def _emit(self, events: list[str]):
        def emit(state: dict, text: str) -> None:
            events.append(text)
            self._frame(state, text)
        return emit

    def _apply(self, state: dict, action: str) -> list[str]:
        words = action.split()
        events: list[str] = []
        emit = self._emit(events)
        getattr(self, "_do_" + words[0])(state, words[1:], emit)
        return events

    def _do_first(self, state, args, emit):
        state["first"] = int(args[0])
        emit(state, f"{self.seat_name(int(args[0]))} takes the first turn")

    def _do_shuffle(self, state, args, emit):
        """"Shuffle all right cards face down: this is the deck. Deal 3 right
        cards to each player." Each player also gets 1 cancer tile."""
        n = state["options"]["players"]
        state["hands"] = [list(args[i * HAND:(i + 1) * HAND]) for i in range(n)]
        state["deck"] = list(args[n * HAND:])
        state["phase"], state["turn"], state["turn_number"] = "action", state["first"], 1
        emit(state, f"The 30 right cards are shuffled; 3 dealt to each player, {len(state['deck'])} "
                    "form the deck; every player takes 1 cancer tile")

    def _do_spawn(self, state, args, emit):
        """発生: "take 1 tile of a colour that is not currently on the board
        from its stock and place it on any square" (empty)."""
        c, sq = args
        state["stock"][c] -= 1
        state["board"][sq] = c
        emit(state, f"{self.seat_name(state['turn'])} spawns (発生) {c} at {sq}")
        self._after_action(state, emit)

    def _do_grow(self, state, args, emit):
        """成長: "place a tile of the same colour on a square adjacent to a
        slime that is on the board"."""
        c, sq = args
        state["stock"][c] -= 1
        state["board"][sq] = c
        size = len(slime_at(state["board"], sq))
        emit(state, f"{self.seat_name(state['turn'])} grows (成長) {c} at {sq}: the slime is now {size}")
        self._after_action(state, emit)

    def _do_move(self, state, args, emit):
        """分裂／移動: "take a tile at the edge of a slime on the board and
        place it on any square adjacent to that slime" (SCC-R3)."""
        src, dst = args
        board = state["board"]
        c = board[src]
        before = len(slimes(board, c))
        board[dst] = board.pop(src)
        after = len(slimes(board, c))
        how = "splits the slime in two (分裂)" if after > before else "moves it (移動)"
        if after > before + 1:
            how = f"splits the slime into {after - before + 1} (分裂)"
        emit(state, f"{self.seat_name(state['turn'])} moves the {c} tile {src} → {dst}: {how}")
        self._after_action(state, emit)

    def _do_inject(self, state, args, emit):
        """癌細胞注入: "place your own cancer-cell tile on top of a slime tile
        … The slime tile under it is removed and never used again"."""
        sq = args[0]
        seat = state["turn"]
        c = state["board"][sq]
        state["removed"][c] += 1
        state["board"][sq] = f"cancer:{seat}"
        state["cancer"][seat] = "board"
        emit(state, f"{self.seat_name(seat)} injects cancer (癌細胞注入) at {sq}; the {c} tile "
                    "under it is removed from the game")
        self._after_action(state, emit)

    def _do_exchange(self, state, args, emit):
        """権利交換: "turn one of your right cards face up in front of you, and
        in exchange draw 1 right card from the deck" (SCC-R8)."""
        card = args[0]
        seat = state["turn"]
        state["hands"][seat].remove(card)
        state["revealed"][seat].append(card)
        state["hands"][seat].append(state["deck"].pop(0))
        emit(state, f"{self.seat_name(seat)} reveals {card} (権利交換; it no longer counts) and "
                    "draws a new right card")
        self._after_action(state, emit)

    def _do_pass(self, state, args, emit):
        emit(state, f"{self.seat_name(state['turn'])} has no possible action and passes")
        self._after_action(state, emit)

    def _do_resolve(self, state, args, emit):
        ck = state["check"]
        want = f"resolve {args[0]} {args[1]}"
        pair = next(p for p in ck["pairs"] if checks.pair_action(p) == want)
        ck["pairs"].remove(pair)
        state["decision"], state["phase"] = None, "action"
        emit(state, f"{self.seat_name(state['turn'])} resolves the {pair['colour']} slime at "
                    f"{pair['predator'][0]} against the {pair['prey_colour']} slime at "
                    f"{pair['prey'][0]} next (SCC-R4)")
        checks.resolve_pair(state, pair, emit)
        self._run_checks(state, emit)

    def _do_process(self, state, args, emit):
        ck = state["check"]
        group = next(g for g in ck["groups"] if g[0] == args[0])
        ck["groups"].remove(group)
        state["decision"], state["phase"] = None, "action"
        emit(state, f"{self.seat_name(state['turn'])} processes the cancer group from {group[0]} "
                    "next (SCC-R6)")
        checks.process_group(state, group, emit)
        self._run_checks(state, emit)

    # --------------------------------------------------------------- checks
    def _after_action(self, state: dict, emit) -> None:
        state["actions_left"] -= 1
        if state["actions_left"] == 0:
            state["check"] = {"stage": "predation", "colour": 0, "pairs": None, "groups": None}
            self._run_checks(state, emit)

    def _run_checks(self, state: dict, emit) -> None:
        """捕食チェック then 死滅チェック, stopping where the turn player must
        choose an order that matters (SCC-R12)."""
        ck = state["check"]
        while True:
            if ck["stage"] == "predation":
                if ck["colour"] >= len(COLOURS):
                    ck["stage"] = "death"
                    continue
                colour = COLOURS[ck["colour"]]
                if ck["pairs"] is None:
                    ck["pairs"] = checks.predation_pairs(state["board"], colour)
                    if ck["pairs"]:
                        emit(state, f"捕食チェック {JAPANESE[colour]} {colour}: {len(ck['pairs'])} "
                                    f"predation(s) to resolve")
                if not ck["pairs"]:
                    ck["colour"] += 1
                    ck["pairs"] = None
                    continue
                if checks.order_matters(state, ck["pairs"],
                                        lambda s, p: checks.resolve_pair(s, p, checks.no_emit)):
                    self._decide(state, "the order of the " + colour + " predations (SCC-R4)",
                                 [checks.pair_action(p) for p in ck["pairs"]])
                    return
                checks.resolve_pair(state, ck["pairs"].pop(0), emit)
            else:
                if ck["groups"] is None:
                    ck["groups"] = [in_reading_order(g) for g in checks.cancer_groups(state["board"])]
                    if ck["groups"]:
                        emit(state, f"死滅チェック: {len(ck['groups'])} cancer group(s)")
                if not ck["groups"]:
                    break
                if checks.order_matters(state, ck["groups"],
                                        lambda s, g: checks.process_group(s, g, checks.no_emit)):
                    self._decide(state, "the order of the cancer groups (SCC-R6)",
                                 [f"process {g[0]}" for g in ck["groups"]])
                    return
                checks.process_group(state, ck["groups"].pop(0), emit)
        checks.expire(state, emit)
        self._end_turn(state, emit)

    def _decide(self, state: dict, about: str, options: list[str]) -> None:
        state["phase"] = "decide"
        state["decision"] = {"about": about, "options": options}

    def _end_turn(self, state: dict, emit) -> None:
        """SCC-R9: "when a player finishes their turn and the stock of any
        colour is empty, the game ends"; then infected tiles are removed."""
        state["check"] = None
        empty = [c for c in COLOURS if state["stock"][c] == 0]
        if empty:
            infected = [sq for sq, v in state["board"].items() if v.startswith("x:")]
            for sq in infected:
                state["removed"][state["board"].pop(sq)[2:]] += 1
            state["phase"], state["turn"] = "over", None
            emit(state, f"The {' and '.join(empty)} stock is empty: the game ends. {len(infected)} "
                        "infected tile(s) are removed; settlement (精算) follows")
            return
        n = state["options"]["players"]
        state["turn"] = (state["turn"] + 1) % n
        state["turn_number"] += 1
        state["actions_left"] = 2
        state["phase"] = "action"

    # --------------------------------------------------------------- outcome
    def settlement(self, state: dict | None = None) -> dict:
        """The settlement (精算) of a finished game, colour by colour."""
        return settle(self._state if state is None else state)

    def _outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(settle(state)["scores"])
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        names = " and ".join(self.seat_name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return Outcome(winners, scores, f"{names} {verb} with {best} (SCC-R11)")

    # ------------------------------------------------------- hidden information
    def _observation(self, state: dict, seat: int) -> dict:
        obs = copy_json(state)
        if state["phase"] != "over":
            obs["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(obs["hands"])]
        obs["deck"] = ["?"] * len(obs["deck"])
        return obs

    # ------------------------------------------------------------ invariants
    def _round(self, state: dict) -> int:
        return state["turn_number"]

    def _step_problems(self, before: dict, after: dict) -> list[str]:
        """Stocks never grow; removed tiles never come back; cancer tiles are
        used once; a revealed card stays revealed."""
        out = []
        for c in COLOURS:
            if after["stock"][c] > before["stock"][c]:
                out.append(f"the {c} stock grew")
            if after["removed"][c] < before["removed"][c]:
                out.append(f"removed {c} tiles came back")
        order = {"hand": 0, "board": 1, "removed": 2}
        if any(order[a] < order[b] for a, b in zip(after["cancer"], before["cancer"])):
            out.append("a cancer tile went back")
        if any(a[:len(b)] != b for a, b in zip(after["revealed"], before["revealed"])):
            out.append("a revealed card was taken back")
        return out

    def _max_actions_per_round(self, options: dict) -> int:
        return 2 + 6 * 64  # two actions, then at most a decision per predation

    def tile_accounts(self, state: dict | None = None) -> dict:
        """Every slime tile as stock / face-up / infected / removed, per colour."""
        state = self._state if state is None else state
        up = Counter(v for v in state["board"].values() if is_slime(v))
        down = Counter(v[2:] for v in state["board"].values() if v.startswith("x:"))
        return {c: {"stock": state["stock"][c], "face_up": up[c], "infected": down[c],
                    "removed": state["removed"][c]} for c in COLOURS}

    def cancer_accounts(self, state: dict | None = None) -> dict:
        """The 6 cancer tiles: unused (in a hand, or not dealt) / on the board / removed."""
        state = self._state if state is None else state
        on_board = sum(1 for v in state["board"].values() if v.startswith("cancer:"))
        removed = state["cancer"].count("removed")
        return {"unused": CANCER_TILES - on_board - removed, "board": on_board, "removed": removed}

    def card_accounts(self, state: dict | None = None) -> dict:
        """The 30 right cards: deck / hands / revealed."""
        state = self._state if state is None else state
        return {"deck": len(state["deck"]), "hands": sum(len(h) for h in state["hands"]),
                "revealed": sum(len(r) for r in state["revealed"])}

    def _validate_state(self, state: dict) -> None:
        need = {"options", "phase", "first", "turn", "turn_number", "actions_left", "board",
                "stock", "removed", "cancer", "deck", "hands", "revealed", "check", "decision"}
        if not isinstance(state, dict) or need - set(state):
            raise StateFileError(f"Slime Culture Center state lacks {sorted(need - set(state or {}))}")
        n = state["options"]["players"]
        problems = []
        board = state["board"]
        for sq, v in board.items():
            ok = is_square(sq) and isinstance(v, str) and (
                v in COLOURS or (v.startswith("x:") and v[2:] in COLOURS)
                or (v.startswith("cancer:") and v[7:].isdigit() and int(v[7:]) < n))
            if not ok:
                problems.append(f"bad square {sq!r}: {v!r}")
        if not problems:
            for c, acc in self.tile_accounts(state).items():
                if min(acc.values()) < 0 or sum(acc.values()) != TILES[c]:
                    problems.append(f"{c} tiles do not add up to {TILES[c]}: {acc}")
            on_board = [int(v[7:]) for v in board.values() if v.startswith("cancer:")]
            for s in range(n):
                status = state["cancer"][s]
                if status not in ("hand", "board", "removed") or (status == "board") != (s in on_board) \
                        or on_board.count(s) > 1:
                    problems.append(f"cancer tile of {self.seat_name(s)} is misplaced")
            acc = self.cancer_accounts(state)
            if n > CANCER_TILES or acc["unused"] < CANCER_TILES - n or sum(acc.values()) != CANCER_TILES:
                problems.append(f"the 6 cancer tiles do not add up: {acc}")
        cards = list(state["deck"]) + [c for h in state["hands"] for c in h] + \
            [c for r in state["revealed"] for c in r]
        if state["phase"] != "setup" and sorted(cards) != sorted(CARDS):
            problems.append("deck, hands and revealed cards must be the 30 right cards")
        if state["phase"] != "setup" and any(len(h) != HAND for h in state["hands"]):
            problems.append("every hand holds 3 right cards (SCC-R8)")
        if any(len(r) > MAX_REVEALED for r in state["revealed"]):
            problems.append("at most 2 face-up cards each (SCC-R8)")
        if problems:
            raise StateFileError("Slime Culture Center state is invalid: " + "; ".join(problems))

    # --------------------------------------------------------------- scenario
    scenario = classmethod(scenario)

    # ---------------------------------------------------------------- text
    def _text(self, state: dict) -> str:
        lines = [f"Slime Culture Center — {self._situation(state)}"]
        lines.append("    " + " ".join("abcdefgh"))
        for r in range(1, 9):
            row = []
            for col in "abcdefgh":
                v = state["board"].get(f"{col}{r}")
                row.append("." if v is None else LETTERS[v] if v in COLOURS else
                           LETTERS[v[2:]].lower() if v.startswith("x:") else str(int(v[7:]) + 1))
            lines.append(f"  {r} " + " ".join(row))
        lines.append("  (R red, B blue, G green, O orange, P purple, N brown; lower case = "
                     "infected, face down; a digit = that player's cancer tile)")
        lines.append("Stock: " + ", ".join(f"{c} {state['stock'][c]}" for c in COLOURS))
        lines.append("Removed: " + ", ".join(f"{c} {state['removed'][c]}" for c in COLOURS))
        for s in range(state["options"]["players"]):
            lines.append(f"{self.seat_name(s)}: hand {' '.join(sorted(state['hands'][s]))}; revealed "
                         f"{' '.join(state['revealed'][s]) or '—'}; cancer {state['cancer'][s]}")
        return "\n".join(lines)

    def render(self, seat: int | None = None, pending: str = "", hide_hands: bool = False,
               all_hands: bool = False, state: dict | None = None, caption: str = "") -> str:
        from .view import render
        return render(self, seat=seat, pending=pending, hide_hands=hide_hands, all_hands=all_hands,
                      state=state, caption=caption)

    def film(self, since: int | None = None, columns: int = 4):
        """The sub-steps (bites, infections, expiry) of the log entries from
        ``since`` on — by default, of the last player action and what
        followed — as small boards in a row, the position before first."""
        from ..core.svg import SVG
        from .view import film_strip
        if since is None:
            players = [i for i, e in enumerate(self._log) if e.player != CHANCE]
            since = players[-1] if players else 0
        start = self._snapshots[since] if since < len(self._snapshots) else self._state
        return SVG(film_strip(self.frames(since), start=start, columns=columns))

    def mini(self, caption: str = ""):
        """A small picture of the board only."""
        from ..core.svg import SVG, svg_document
        from .view import CSS, MINI, mini_board
        return SVG(svg_document(14 + 8 * MINI + 12, 8 * MINI + 72,
                                mini_board(self._state, 4, 4, caption or self.situation()), css=CSS))

    # ----------------------------------------------------------------- bots
    def heuristic(self, state: dict, seat: int) -> float:
        """Tiles this seat expects at settlement, from its own cards only."""
        counts = Counter(v for v in state["board"].values() if is_slime(v))
        seen = Counter(card_colour(c) for r in state["revealed"] for c in r)
        value = 1.0 if state["cancer"][seat] == "hand" else 0.0
        for c in COLOURS:
            mine = [card_value(x) for x in state["hands"][seat] if card_colour(x) == c]
            if not mine:
                continue
            unknown = 5 - len(mine) - seen[c]
            share = len(mine) / (len(mine) + 0.6 * unknown) if unknown > 0 else 1.0
            value += counts[c] * share
        return value
