"""Slime Culture Center (スライム培養センター) — the rules, pure Python.

Rulebook: スライム培養センター (Slime Culture Center); rulings SCC-R1 …
SCC-R14 in ``docs/rulings.md``.

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

import json
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ..core.dealt import DealtRules
from ..core.errors import OptionError
from ..core.rules import (
    CHANCE,
    NULL_SINK,
    Candidates,
    GameInfo,
    Outcome,
    Refusal,
    Sink,
    State,
    copy_json,
)
from . import checks
from .board import (
    ALL,
    NEIGHBOURS,
    SquarePairs,
    SquareSet,
    colour_masks,
    colours_on_board,
    edge_reach,
    is_slime,
    is_square,
    mask_of,
    neighbours,
    slime_at,
    slime_masks,
    spread,
    squares_of,
)
from .components import COLOURS, LETTERS, card_colour
from .settlement import settle

ACTION_WORDS = ("spawn", "grow", "move", "inject", "exchange")
STANDARD = {"name": "standard",
            "tiles": {"red": 17, "blue": 19, "green": 21, "orange": 22, "purple": 24, "brown": 26},
            "card_values": [5, 6, 7, 8, 9], "cancer_tiles": 6, "hand": 3, "max_revealed": 2}


class SlimeCultureCenterRules(DealtRules):
    """The pure rules of Slime Culture Center for 2–6 players (SCC-R1)."""

    #: nothing of its own beyond the components: one per component set serves every game
    shared = True
    #: every event is a sub-step (a bite, an infection…) with its own frame
    sub_steps = True

    info = GameInfo(
        name="slime_culture_center", title="Slime Culture Center", ruling_prefix="SCC",
        min_players=2, max_players=6, perfect_information=False, chance=True,
        default_options={"settlement": "ruled"},
        rulebook="スライム培養センター (Slime Culture Center; publisher and year not stated)",
        opens_at_chance=True, scenarios=True, component_files=True,
    )
    near_misses = ("grow z9", "spawn a1", "grow red h8", "move c4 d4", "inject blue9", "exchange red7",
                   "grow brown", "resolve", "process")

    def __init__(self, components):
        super().__init__(components)
        d = components.data
        try:
            tiles = {c: d["tiles"][c] for c in COLOURS}
            values = list(d["card_values"])
            ok = (set(d["tiles"]) == set(COLOURS)
                  and all(type(v) is int and 1 <= v <= 64 for v in tiles.values())
                  and values and len(values) <= 20 and len(set(values)) == len(values)
                  and all(type(v) is int and 0 <= v <= 99 for v in values)
                  and type(d["cancer_tiles"]) is int and 2 <= d["cancer_tiles"] <= 12
                  and type(d["hand"]) is int and 1 <= d["hand"] <= 5
                  and type(d["max_revealed"]) is int and 0 <= d["max_revealed"] <= 5)
        except (KeyError, TypeError) as exc:
            raise OptionError(f"Slime Culture Center components: missing or bad field {exc}") from None
        if not ok:
            raise OptionError("Slime Culture Center components: tiles (1..64 for each of red, blue, "
                              "green, orange, purple, brown), card_values (distinct 0..99), "
                              "cancer_tiles 2..12, hand 1..5, max_revealed 0..5")
        self.tiles: dict[str, int] = tiles
        #: the first words of the candidate actions ("grow red ")
        self._prefix = {(w, x): f"{w} {x} " for w in ("spawn", "grow") for x in COLOURS}
        self.cards: tuple[str, ...] = tuple(f"{c}{v}" for c in COLOURS for v in values)
        self.card_set = frozenset(self.cards)
        self.cancer_tiles: int = d["cancer_tiles"]
        self.hand: int = d["hand"]
        self.max_revealed: int = d["max_revealed"]
        if self.cancer_tiles < self.info.max_players and False:
            pass

    @classmethod
    def _builtin_data(cls, name: str) -> Any:
        return json.loads(json.dumps(STANDARD))

    def check_options(self, options: dict) -> None:
        if options["settlement"] not in ("ruled", "printed"):
            raise OptionError("Slime Culture Center: SCC-R10: settlement must be 'ruled' (the "
                              "remainder goes to 3rd place) or 'printed' (to 2nd place), not "
                              f"{options['settlement']!r}")
        n = options["players"]
        if n > self.cancer_tiles or len(self.cards) < n * self.hand:
            raise OptionError(f"Slime Culture Center: SCC-R1: {n} players need {n} cancer tiles and "
                              f"{n * self.hand} right cards; these components have "
                              f"{self.cancer_tiles} and {len(self.cards)}")

    def hand_size(self, state: State) -> int:
        return self.hand

    # -------------------------------------------------------------- set-up
    def initial_state(self, options: dict) -> State:
        n = options["players"]
        return {
            "options": options,
            "phase": "setup",
            "first": None,
            "turn": None,
            "draw": None,
            "turn_number": 0,
            "actions_left": 2,
            "board": {},
            "stock": dict(self.tiles),
            "removed": {c: 0 for c in COLOURS},
            "cancer": ["hand"] * n,
            "deck": sorted(self.cards),
            "hands": [[] for _ in range(n)],
            "revealed": [[] for _ in range(n)],
            "check": None,
            "decision": None,
        }

    # ------------------------------------------------------------ actions
    def parse(self, text: str) -> str:
        words = " ".join(text.strip().split()).lower().split(" ")
        word, n = words[0], len(words)
        sq = is_square
        if word in ("spawn", "grow"):
            if n != 3 or words[1] not in COLOURS or not sq(words[2]):
                raise self.invalid(f"write '{word} <colour> <square>' (colours: "
                                   f"{', '.join(COLOURS)}; squares a1–h8)", f"{word} red c4")
        elif word == "move":
            if n != 3 or not (sq(words[1]) and sq(words[2])):
                raise self.invalid("write 'move <from> <to>' with squares a1–h8", "move c4 d4")
        elif word == "inject":
            if n != 2 or not sq(words[1]):
                raise self.invalid("write 'inject <square>' (a1–h8)", "inject c4")
        elif word == "exchange":
            if n != 2 or words[1] not in self.card_set:
                raise self.invalid(f"there is no right card {' '.join(words[1:])!r} (cards are a "
                                   "colour and a number, like red7)", "exchange red7")
        elif word == "resolve":
            if n != 3 or not (sq(words[1]) and sq(words[2])):
                raise self.invalid("write 'resolve <predator square> <prey square>'", "resolve c3 d3")
        elif word == "process":
            if n != 2 or not sq(words[1]):
                raise self.invalid("write 'process <square of the cancer group>'", "process e5")
        elif word == "pass":
            if n != 1:
                raise self.invalid("'pass' takes no words after it", "pass")
        elif word in self.chance_words:
            if n < 2:
                raise self.invalid(f"'{word}' needs what was chosen or drawn", f"{word} ...")
        elif n == 1 and word in COLOURS:
            # what a click on the stock says before spawn or grow is chosen
            raise self.invalid(f"'{word}' is a colour; placing a tile takes spawn (発生) or grow "
                               f"(成長) first, then the colour, then the square", f"grow {word} c4")
        else:
            raise self.invalid(f"unknown action {text.strip()[:40]!r}; the five actions are spawn "
                               "(発生), grow (成長), move (分裂／移動), inject (癌細胞注入) and "
                               "exchange (権利交換)", "grow red c4")
        return " ".join(words)

    def candidates(self, state: State, ctx: dict | None = None) -> Iterable[str]:
        cur = self.current(state)
        if cur is CHANCE:
            return self.chance_candidates(state)
        phase = state["phase"]
        if phase == "decide":
            return list(state["decision"]["options"])
        if phase != "action":
            return []
        acts = self._action_candidates(state, ctx)
        acts.add("pass", [""])
        return acts

    def legal_actions(self, state: State) -> list[str]:
        """The legal actions of the seat to act, written out from the rules
        themselves rather than by asking :meth:`refusal` of each candidate
        (a full board has hundreds): a colour with tiles in stock spawns on
        any empty square if it is not on the board (発生), else grows on an
        empty square next to it (成長); every edge tile moves to each square
        SCC-R3 allows; the own cancer tile goes onto any face-up slime tile
        (癌細胞注入); a hand card is exchanged while fewer than the maximum
        are face up and the deck holds a card (SCC-R8); pass only when
        nothing else is possible (SCC-R14). The same list, in the same
        order, as the candidates :meth:`refusal` accepts (a conformance test
        compares them in every kind of position)."""
        if state["phase"] != "action" or state["draw"] is not None:
            return super().legal_actions(state)
        seat = state["turn"]
        board, stock = state["board"], state["stock"]
        occupied, colours = colour_masks(board)
        empty = ALL & ~occupied
        out: list[str] = []
        prefix = self._prefix
        for c in COLOURS:
            if stock[c]:
                if c in colours:
                    p = prefix["grow", c]
                    out += [p + sq for sq in squares_of(spread(colours[c]) & empty)]
                else:
                    p = prefix["spawn", c]
                    out += [p + sq for sq in squares_of(empty)]
        for slime in slime_masks(colours):
            for tile, dests in self._moves(slime, empty):
                if dests:
                    p = "move " + tile + " "
                    out += [p + sq for sq in squares_of(dests)]
        if state["cancer"][seat] == "hand":
            face_up = 0
            for m in colours.values():
                face_up |= m
            out += ["inject " + sq for sq in squares_of(face_up)]
        if len(state["revealed"][seat]) < self.max_revealed and state["deck"]:
            out += ["exchange " + card for card in sorted(state["hands"][seat])]
        return out or ["pass"]

    def _action_candidates(self, state: State, ctx: dict | None = None) -> Candidates:
        """Every spawn, grow, move, inject and exchange that may be legal."""
        occupied, colours = colour_masks(state["board"])
        empty = ALL & ~occupied
        acts = Candidates()
        prefix = self._prefix
        for c in COLOURS:
            if c in colours:
                acts.add(prefix["grow", c], SquareSet(spread(colours[c]) & empty))
            else:  # not on the board
                acts.add(prefix["spawn", c], SquareSet(empty))
        moves: list[tuple[str, int]] = []
        for s in slime_masks(colours):
            moves += self._moves(s, empty)
        acts.add("move ", SquarePairs(moves))
        acts.add("inject ", SquareSet(occupied))
        acts.add("exchange ", sorted(state["hands"][state["turn"]]))
        return acts

    @staticmethod
    def is_edge(tile: str, slime) -> bool:
        """SCC-R3: an edge tile (はじのタイル) has at least one orthogonal
        neighbour square outside its slime (empty, another tile, off board)."""
        ns = NEIGHBOURS[tile]
        return len(ns) < 4 or any(n not in slime for n in ns)

    def move_destinations(self, board: dict, tile: str, slime=None) -> list[str]:
        """Where the tile at ``tile`` may move (SCC-R3, see :meth:`slime_moves`)."""
        slime = slime if slime is not None else slime_at(board, tile)
        return list(self.slime_moves(board, slime).get(tile, ())) if tile in slime else []

    def slime_moves(self, board: dict, slime) -> dict[str, list[str]]:
        """SCC-R3 for every tile of ``slime`` at once: {edge tile: its
        destinations}, both in reading order (see :meth:`_moves`)."""
        occupied, _ = colour_masks(board)
        return {t: squares_of(d) for t, d in self._moves(mask_of(slime), ALL & ~occupied)}

    @staticmethod
    def _moves(slime: int, empty: int) -> list[tuple[str, int]]:
        """SCC-R3 on square sets (:mod:`.board`): [(edge tile, the squares
        it may move to)]. Lift an edge tile; it goes to an empty square next
        to the rest of its slime (a lone tile: next to the square it left),
        never back to the square it left. An edge tile has a neighbour
        square outside its slime (or off the board), so the inner tiles are
        those whose four neighbours are all in the slime."""
        return [(t, reach & empty) for t, reach in edge_reach(slime)]

    def refusal(self, state: State, action: str, ctx: dict | None = None) -> Refusal | None:
        """THE legality check of Slime Culture Center: None when legal, else
        the rule (and its Japanese term) that forbids the action."""
        words = action.split(" ")
        word = words[0]
        cur = ctx["current"] if ctx is not None and "current" in ctx else self.current(state)
        shared = self.turn_refusal(state, action, cur)
        if shared is not None or cur is None or cur is CHANCE or word in self.chance_words:
            return shared
        phase = state["phase"]
        seat = state["turn"]
        if phase == "decide":
            d = state["decision"]
            if action in d["options"]:
                return None
            return Refusal("SCC-R12", f"{self.seat_name(seat)} must first decide {d['about']}: "
                                      f"one of {', '.join(d['options'])}")
        if word in ("resolve", "process"):
            return Refusal("SCC-R12", "there is no decision to take now")
        board = state["board"]
        if ctx is None:
            ctx = {}
        if word == "pass":
            # inside a legal-list computation "pass" comes last: ctx["legal"]
            # already counts the other legal actions
            others = ctx["legal"] if "legal" in ctx else any(
                self.refusal(state, a, ctx) is None for a in self._action_candidates(state))
            if others:
                return Refusal("SCC-R14", "you may pass only when no action at all is possible")
            return None
        if word in ("spawn", "grow"):
            c, sq = words[1], words[2]
            if state["stock"][c] == 0:
                return Refusal("SCC-R5", f"the {c} stock is empty, so no {c} tile can be placed")
            if "on" not in ctx:
                ctx["on"] = colours_on_board(board)
            on = c in ctx["on"]
            if word == "spawn" and on:
                return Refusal("SCC-spawn", f"発生 (spawn) takes a colour that is not on the board; "
                                            f"{c} is on the board (SCC-R2) — grow it instead")
            if word == "grow" and not on:
                return Refusal("SCC-grow", f"成長 (grow) needs a {c} slime on the board; there is "
                                           "none — spawn it instead")
            if sq in board:
                return Refusal(f"SCC-{word}", f"{sq} already holds a tile; a square that holds any "
                                              "tile cannot be used")
            if word == "grow" and not any(board.get(n) == c for n in neighbours(sq)):
                return Refusal("SCC-grow", f"成長 (grow): {sq} is not next to a {c} slime (only "
                                           "up/down/left/right count)")
            return None
        if word == "move":
            src, dst = words[1], words[2]
            if not is_slime(board.get(src)):
                return Refusal("SCC-R3", f"分裂／移動 moves a face-up slime tile; {src} holds none")
            key = "move " + src
            if key not in ctx:
                s = slime_at(board, src)
                ctx[key] = (s, self.move_destinations(board, src, s))
            s, dests = ctx[key]
            if not dests and not self.is_edge(src, s):
                return Refusal("SCC-R3", f"{src} is surrounded by its own slime, so it is not an "
                                         "edge tile (はじ)")
            if dst == src:
                return Refusal("SCC-R3", "the tile must go to another square than the one it left")
            if dst in board:
                return Refusal("SCC-R3", f"{dst} already holds a tile")
            if dst not in dests:
                return Refusal("SCC-R3", f"{dst} is not next to the rest of the {board[src]} slime "
                                         f"(after lifting {src})")
            return None
        if word == "inject":
            if state["cancer"][seat] != "hand":
                return Refusal("SCC-inject", "癌細胞注入: your cancer tile has already been used")
            if not is_slime(board.get(words[1])):
                return Refusal("SCC-R6", "cancer may only be injected onto a face-up slime tile; "
                                         f"{words[1]} holds none")
            return None
        # exchange
        if len(state["revealed"][seat]) >= self.max_revealed:
            return Refusal("SCC-R8", f"{self.seat_name(seat)} already has {self.max_revealed} "
                                     "face-up cards; no further exchange")
        if not state["deck"]:
            return Refusal("SCC-R8", "the deck is empty, so no card can be drawn in exchange")
        if words[1] not in state["hands"][seat]:
            hand = ", ".join(sorted(state["hands"][seat]))
            return Refusal("SCC-exchange", f"{self.seat_name(seat)} has no card {words[1]} in hand "
                                           f"(hand: {hand})")
        return None

    def why_not(self, state: State, words: str) -> Refusal | None:
        """Why the first clicks of an action (``"grow"``, ``"grow red"``,
        ``"move c4"``) cannot lead to a legal action — for the board's
        click-by-click model, in the rule's words."""
        found = super().why_not(state, words)
        if found is not None:
            return found
        parts = words.split()
        if self.current(state) is None or state["phase"] != "action" or not parts:
            return None
        word = parts[0]
        if len(parts) == 1:
            return self._verb_refusal(state, word)
        if len(parts) != 2:
            return None
        arg = parts[1]
        if word in ("spawn", "grow") and arg in COLOURS:
            r = self.refusal(state, f"{word} {arg} {'a1' if 'a1' not in state['board'] else 'h8'}")
            if r is not None and r.rule in ("SCC-R5", "SCC-spawn", "SCC-grow") and "square" not in r.reason:
                if not (r.rule == "SCC-grow" and "not next" in r.reason):
                    return r
            return Refusal(f"SCC-{word}", f"no square takes a {arg} tile now")
        if word == "move" and is_square(arg):
            board = state["board"]
            if not is_slime(board.get(arg)):
                return Refusal("SCC-R3", f"分裂／移動 moves a face-up slime tile; {arg} holds none")
            if not self.is_edge(arg, slime_at(board, arg)):
                return Refusal("SCC-R3", f"{arg} is surrounded by its own slime, so it is not an "
                                         "edge tile (はじ)")
            return Refusal("SCC-R3", f"the tile at {arg} has no empty square to go to")
        return None

    def _verb_refusal(self, state: State, word: str) -> Refusal | None:
        """Why none of one kind of action (an action button) is possible now."""
        board = state["board"]
        seat = state["turn"]
        on = colours_on_board(board)
        if word == "spawn":
            if len(board) < 64 and any(c not in on and state["stock"][c] for c in COLOURS):
                return None         # a spawn is possible
            if all(c in on or not state["stock"][c] for c in COLOURS):
                return Refusal("SCC-spawn", "発生 (spawn) takes a colour that is not on the board, and "
                                            "every colour with tiles left is on the board — grow one instead")
            return Refusal("SCC-spawn", "発生 (spawn): no empty square is left")
        if word == "grow":
            if not on:
                return Refusal("SCC-grow", "成長 (grow) adds a tile to a slime on the board, and no "
                                           "slime is on the board yet — spawn one first")
            return Refusal("SCC-grow", "成長 (grow): no slime on the board has an empty square next "
                                       "to it and tiles left in its stock")
        if word == "move":
            return Refusal("SCC-R3", "分裂／移動: no face-up slime has an edge tile with an empty "
                                     "square to go to")
        if word == "inject":
            if state["cancer"][seat] != "hand":
                return Refusal("SCC-inject", "癌細胞注入: your cancer tile has already been used")
            return Refusal("SCC-R6", "cancer may only be injected onto a face-up slime tile, and the "
                                     "board holds none")
        if word == "exchange":
            return self.refusal(state, "exchange " + (sorted(state["hands"][seat]) or ["red1"])[0])
        return None

    def situation(self, state: State) -> str:
        phase = state["phase"]
        if phase == "setup":
            return "setting up"
        if phase == "over":
            return f"game over after {state['turn_number']} turns: {self.outcome(state)}"
        who = self.seat_name(state["turn"])
        if state["draw"] is not None:
            return f"turn {state['turn_number']}: {who} draws a right card"
        if phase == "decide":
            return f"turn {state['turn_number']}: {who} decides {state['decision']['about']}"
        k = 3 - state["actions_left"]
        return f"turn {state['turn_number']}: {who}, action {k} of 2"

    # --------------------------------------------------------------- apply
    def apply(self, state: State, action: str, sink: Sink | None = None) -> None:
        """Apply ``action``; every event is a sub-step with its own frame.
        For a sink that keeps nothing (search), no sentence is written:
        the steps and the checks get ``emit=None``."""
        emit: Callable[[State, str], None] | None
        if sink is None or sink is NULL_SINK:
            emit = None
        else:
            def emit(st: State, text: str) -> None:
                sink(st, text, True)
        words = action.split(" ")
        getattr(self, "_do_" + words[0])(state, words[1:], emit)

    def _do_first(self, state, args, emit):
        state["first"] = int(args[0])
        if emit:
            emit(state, f"{self.seat_name(int(args[0]))} takes the first turn")

    def _do_deal(self, state, args, emit):
        """"Shuffle all right cards face down: this is the deck. Deal 3 right
        cards to each player." Each player also gets 1 cancer tile."""
        self.deal_cards(state, list(args))
        state["phase"], state["turn"], state["turn_number"] = "action", state["first"], 1
        if emit:
            emit(state, f"The {len(self.cards)} right cards are shuffled; {self.hand} dealt to each "
                        f"player, {len(state['deck'])} form the deck; every player takes 1 cancer tile")

    def _do_draw(self, state, args, emit):
        """権利交換: "… and in exchange draw 1 right card from the deck"."""
        seat = state["draw"]
        self.take(state["deck"], args[0])
        state["hands"][seat].append(args[0])
        state["draw"] = None
        if emit:
            emit(state, f"{self.seat_name(seat)} draws a new right card ({len(state['deck'])} left)")
        self._after_action(state, emit)

    def _do_spawn(self, state, args, emit):
        """発生: "take 1 tile of a colour that is not currently on the board
        from its stock and place it on any square" (empty)."""
        c, sq = args
        state["stock"][c] -= 1
        state["board"][sq] = c
        if emit:
            emit(state, f"{self.seat_name(state['turn'])} spawns (発生) {c} at {sq}")
        self._after_action(state, emit)

    def _do_grow(self, state, args, emit):
        """成長: "place a tile of the same colour on a square adjacent to a
        slime that is on the board"."""
        c, sq = args
        state["stock"][c] -= 1
        state["board"][sq] = c
        if emit:
            size = len(slime_at(state["board"], sq))
            emit(state, f"{self.seat_name(state['turn'])} grows (成長) {c} at {sq}: the slime is now {size}")
        self._after_action(state, emit)

    def _do_move(self, state, args, emit):
        """分裂／移動: "take a tile at the edge of a slime on the board and
        place it on any square adjacent to that slime" (SCC-R3)."""
        src, dst = args
        board = state["board"]
        c = board[src]
        if not emit:
            board[dst] = board.pop(src)
        else:
            before = len(slime_masks({c: mask_of(sq for sq, v in board.items() if v == c)}))
            board[dst] = board.pop(src)
            after = len(slime_masks({c: mask_of(sq for sq, v in board.items() if v == c)}))
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
        if emit:
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
        state["draw"] = seat  # the draw is chance's: nobody may see the next card before it
        if emit:
            emit(state, f"{self.seat_name(seat)} reveals {card} (権利交換; it no longer counts) and "
                        "draws a new right card")

    def _do_pass(self, state, args, emit):
        if emit:
            emit(state, f"{self.seat_name(state['turn'])} has no possible action and passes")
        self._after_action(state, emit)

    def _do_resolve(self, state, args, emit):
        ck = state["check"]
        want = f"resolve {args[0]} {args[1]}"
        pair = next(p for p in ck["pairs"] if checks.pair_action(p) == want)
        ck["pairs"].remove(pair)
        state["decision"], state["phase"] = None, "action"
        if emit:
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
        if emit:
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
        choose which item comes next because two choices leave different
        results of the whole check (SCC-R12, :func:`.checks.next_choice`)."""
        ck = state["check"]
        cache: list = [None]  # the board's colours as square sets, while no bite changes them
        # a step (stage, colour) whose order can no longer matter, or
        # "check" once every way through the rest of the check ends the same
        settled: object = None
        while checks.open_items(state, ck, emit, cache) is not None:
            step = (ck["stage"], ck["colour"])
            if settled != "check" and settled != step:
                answer = checks.next_choice(state, ck)
                if answer == "ask":
                    if ck["stage"] == "predation":
                        self._decide(state, f"the order of the {COLOURS[ck['colour']]} predations "
                                            "(SCC-R4)", [checks.pair_action(p) for p in ck["pairs"]])
                    else:
                        self._decide(state, "the order of the cancer groups (SCC-R6)",
                                     [f"process {g[0]}" for g in ck["groups"]])
                    return
                if answer != "first":
                    settled = "check" if answer == "check" else step
            checks.take(state, ck, 0, emit, cache)
        checks.expire(state, emit)
        self._end_turn(state, emit)

    def decision_option(self, state: dict, option: str) -> tuple[str, list[str]]:
        """What one option of a pending decision does, taken next (SCC-R12):
        its event in words ("purple slime (2 tiles, e1) eats green slime (1 tile, f1): 1
        contact tile becomes purple") and the squares of the slimes or cancer
        group it involves (for a board to light them)."""
        ck = state.get("check") or {}
        said: list[str] = []

        def record(_state: dict, text: str, frame: bool = False) -> None:
            said.append(text)
        trial = copy_json(state)
        words = option.split()
        if words[0] == "resolve":
            for k, pair in enumerate(ck.get("pairs") or []):
                if checks.pair_action(pair) == option:
                    checks.resolve_pair(trial, trial["check"]["pairs"][k], record)
                    return "; ".join(said), sorted(set(pair["predator"]) | set(pair["prey"]))
        elif words[0] == "process":
            for k, group in enumerate(ck.get("groups") or []):
                if group[0] == words[1]:
                    checks.process_group(trial, trial["check"]["groups"][k], record)
                    return "; ".join(said), list(group)
        return option, []

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
            if emit:
                emit(state, f"The {' and '.join(empty)} stock is empty: the game ends. {len(infected)} "
                            "infected tile(s) are removed; settlement (精算) follows")
            return
        n = state["options"]["players"]
        state["turn"] = (state["turn"] + 1) % n
        state["turn_number"] += 1
        state["actions_left"] = 2
        state["phase"] = "action"

    # --------------------------------------------------------------- outcome
    def settlement(self, state: dict) -> dict:
        """The settlement (精算) of a finished game, colour by colour."""
        return settle(state)

    def outcome(self, state: dict) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = tuple(settle(state)["scores"])
        best = max(scores)
        winners = tuple(s for s, v in enumerate(scores) if v == best)
        names = " and ".join(self.seat_name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return Outcome(winners, scores, f"{names} {verb} with {best} (SCC-R11)")

    # ------------------------------------------------------- hidden information
    def clone(self, state: State) -> State:
        """A copy whose every part may be changed in place, made by the
        state's known shape (the board and counters are flat; a pending
        check or decision, rare between actions, is copied in full)."""
        new = state.copy()
        new["options"] = state["options"].copy()
        new["board"] = state["board"].copy()
        new["stock"] = state["stock"].copy()
        new["removed"] = state["removed"].copy()
        new["cancer"] = state["cancer"][:]
        new["deck"] = state["deck"][:]
        new["hands"] = [h[:] for h in state["hands"]]
        new["revealed"] = [r[:] for r in state["revealed"]]
        if state["check"] is not None:
            new["check"] = copy_json(state["check"])
        if state["decision"] is not None:
            new["decision"] = copy_json(state["decision"])
        return new

    def observation(self, state: dict, seat: int) -> dict:
        """A player sees their own hand; others' hands are shown at the end."""
        obs = self.clone(state)
        if state["phase"] != "over":
            obs["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(obs["hands"])]
        obs["deck"] = ["?"] * len(obs["deck"])
        return obs

    def unseen_cards(self, observation: State, seat: int) -> list[str]:
        seen = set(observation["hands"][seat]) | {c for r in observation["revealed"] for c in r}
        return [c for c in self.cards if c not in seen]

    # ------------------------------------------------------------ invariants
    def round_of(self, state: dict) -> int:
        return state["turn_number"]

    def step_problems(self, before: dict, after: dict) -> list[str]:
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

    def max_actions_per_round(self, options: dict) -> int:
        return 4 + 6 * 64  # two actions (and draws), then at most a decision per predation

    def tile_accounts(self, state: dict) -> dict:
        """Every slime tile as stock / face-up / infected / removed, per colour."""
        up = Counter(v for v in state["board"].values() if is_slime(v))
        down = Counter(v[2:] for v in state["board"].values() if v.startswith("x:"))
        return {c: {"stock": state["stock"][c], "face_up": up[c], "infected": down[c],
                    "removed": state["removed"][c]} for c in COLOURS}

    def cancer_accounts(self, state: dict) -> dict:
        """The 6 cancer tiles: unused (in a hand, or not dealt) / on the board / removed."""
        on_board = sum(1 for v in state["board"].values() if v.startswith("cancer:"))
        removed = state["cancer"].count("removed")
        return {"unused": self.cancer_tiles - on_board - removed, "board": on_board, "removed": removed}

    def card_accounts(self, state: dict) -> dict:
        """The 30 right cards: deck / hands / revealed."""
        return {"deck": len(state["deck"]), "hands": sum(len(h) for h in state["hands"]),
                "revealed": sum(len(r) for r in state["revealed"])}

    def accounts(self, state: dict) -> dict:
        return {"tiles": self.tile_accounts(state), "cancer": self.cancer_accounts(state),
                "cards": self.card_accounts(state)}

    def component_totals(self) -> dict:
        return {"tiles": dict(self.tiles), "cancer": self.cancer_tiles, "cards": len(self.cards)}

    def validate_state(self, state: dict) -> None:
        from .validate import validate
        validate(self, state)

    # ---------------------------------------------------------------- text
    def text(self, state: dict) -> str:
        lines = [f"Slime Culture Center — {self.situation(state)}"]
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

    #: The heuristic is in tiles; 3 tiles apart is clearly apart.
    heuristic_scale = 3.0

    def search_settings(self) -> dict:
        """Search this seat's two actions and the checks that end its turn,
        then judge each seat by its own expected tiles. The relative softmax
        did worse: the opponents' heuristics depend on their sampled hands,
        so it spent moves attacking colours they may not hold; random
        rollouts through the opponents' turns also did worse.

        One action in a crowded position costs its chain of predation checks
        (whether the order of predations matters, SCC-R12:
        :func:`.checks.predation_order_matters` answers from the board where
        it can and tries the orders otherwise; where a step's order matters,
        :func:`.checks.next_choice` compares what the whole check leaves):
        an iteration there takes a
        few ms of CPU time, and ranking ~440 legal actions at the root a
        third of a second. So the levels are 50, 100 and 160 iterations.
        With three players the slowest level-3 move of 150 games against
        greedy bots took 0.77 s of CPU time (the generic 800 iterations took
        2.6 s on the costliest board found). With five or six players the
        slowest move of any level at the opening, middle and crowded end of
        seeds 0-11 (``benchmarks/mcts_levels.py --players 5``) took 0.74 s
        (2.65 s while every order was tried on boards where none can
        matter). Ranking only 100 root
        actions (``root_sample``) was quicker there but lost 7 points of
        win rate at level 3 [−0.1, +14.8] over 150 paired games.

        The three levels differ in time, not in strength that can be
        measured: in 2-player games against the level below
        (``benchmarks/levels.py --bots search``, 100 games a pair, seats
        swapped) level 1 beats the play page's sampling greedy bot 75 %
        [65.7, 82.5], but level 2 wins 51.0 % [41.3, 60.6] against level 1
        and level 3 51.5 % [41.8, 61.1] against level 2; against full
        greedy seats (3 players) no level can be told from a greedy seat.
        Spending the iterations otherwise did not help either (level 2, 2
        players, 100 games): ranking 30 actions instead of 12 at the wide
        nodes (level 3 against greedy seats: 35.3 % [28.1, 43.3] of 150, the
        greedy seats 34.7 %), the softmax evaluation (44.0 % [34.7, 53.8]
        against the "own" one), 40 iterations whose leaves finish the
        turn with a greedy action of 16 sampled (74.0 % against the sampling
        greedy bot, level 2's 75.5 %), and simulations through the
        opponent's next turn played greedily (best of 6 sampled actions):
        with 50 iterations 55.6 % [44.7, 66.0] of 80 against level 2, with
        100 iterations 44.2 % [35.6, 53.1] of 120."""
        return {"horizon": 0, "rounds": 1, "exploration": 0.2, "evaluation": "own",
                "levels": {1: 50, 2: 100, 3: 160}}

    def heuristic(self, state: dict, seat: int) -> float:
        """Tiles this seat expects at settlement, from its own cards only."""
        # (counted with list.count: the search bot asks this of every seat
        # at every leaf, so it is written for speed; a board square holds a
        # colour name exactly when it holds a face-up slime of that colour)
        value = 1.0 if state["cancer"][seat] == "hand" else 0.0
        mine = [card_colour(x) for x in state["hands"][seat] if x != "?"]
        if not mine:
            return value
        board = list(state["board"].values())
        seen = [card_colour(c) for r in state["revealed"] for c in r]
        for c in COLOURS:
            n = mine.count(c)
            if not n:
                continue
            unknown = 5 - n - seen.count(c)
            share = n / (n + 0.6 * unknown) if unknown > 0 else 1.0
            value += board.count(c) * share
        return value
