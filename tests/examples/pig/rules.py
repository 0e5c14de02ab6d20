"""Pig's pure rules: functions of a plain-JSON state (docs/adding-a-game.md).

Players take turns rolling one die. Each roll adds to the turn's total,
except a 1, which loses it and ends the turn; a player may instead hold:
bank the turn's total and pass the die. The first to bank ``target`` points
wins (PIG-R1 … PIG-R5 in docs/rulings.md).
"""
from __future__ import annotations

from boardkit.core import CHANCE, NULL_SINK, GameInfo, OptionError, Outcome, Refusal, Rules, StateFileError
from boardkit.core.first import draw_first, first_outcomes, first_seat
from boardkit.core.rules import check_fields, whole

FACES = range(1, 7)


class PigRules(Rules):
    info = GameInfo(name="pig", title="Pig", ruling_prefix="PIG", min_players=2, max_players=4,
                    perfect_information=True, chance=True, default_options={"target": 100},
                    rulebook="Pig, a folk dice game (no publisher)",
                    test_options={"target": 20}, opens_at_chance=True)
    chance_words = ("first", "die")
    chance_name = "Die"
    near_misses = ("roll 6", "hold 5", "die 7")

    def check_options(self, options):
        if not whole(options["target"], 10, 1000):
            raise OptionError("Pig: PIG-R1: target is a whole number from 10 to 1000")

    def initial_state(self, options):
        n = options["players"]
        return {"options": options, "first": None, "turn": 0, "scores": [0] * n, "pot": 0,
                "rolling": False, "last": None}

    def current(self, state):
        if max(state["scores"]) >= state["options"]["target"]:
            return None
        return CHANCE if state["first"] is None or state["rolling"] else state["turn"]

    def parse(self, text):
        action = super().parse(text)
        word, _, arg = action.partition(" ")
        if action in ("roll", "hold") or (word in self.chance_words and arg.isdigit()):
            return action
        raise self.invalid(f"{text!r} is not a Pig action", "roll")

    def chance_outcomes(self, state):
        if state["first"] is None:
            return first_outcomes(self.players(state))
        return [(f"die {k}", 1 / 6) for k in FACES]

    def sample_chance(self, state, rng):
        if state["first"] is None:
            return draw_first(self.players(state), rng)
        return super().sample_chance(state, rng)

    def candidates(self, state, ctx=None):
        if self.current(state) is CHANCE:
            return [o for o, _ in self.chance_outcomes(state)]
        return ["roll", "hold"]

    def refusal(self, state, action, ctx=None):
        if (self.current(state) is CHANCE) != self.is_chance_word(action) or \
                action not in self.candidates(state):
            return Refusal("PIG-chance", "the die decides who goes first and what a roll shows; "
                                         "a player rolls or holds")
        if action == "hold" and state["pot"] == 0:
            return Refusal("PIG-R3", "there is nothing to hold yet: roll at least once this turn")
        return None

    def apply(self, state, action, sink=NULL_SINK):
        emit = sink
        who, n = state["turn"], self.players(state)
        word, _, arg = action.partition(" ")
        if word == "first":
            state["first"] = state["turn"] = first_seat(action)
            emit(state, f"{self.seat_name(state['first'])} goes first (PIG-R2)")
        elif word == "roll":
            state["rolling"] = True
        elif word == "die":
            state["rolling"], state["last"] = False, int(arg)
            if arg == "1":
                state["pot"], state["turn"] = 0, (who + 1) % n
                emit(state, f"{self.seat_name(who)} rolls a 1 and loses the turn's points (PIG-R4)")
            else:
                state["pot"] += int(arg)
                emit(state, f"{self.seat_name(who)} rolls a {arg}: {state['pot']} this turn")
        else:  # hold
            state["scores"][who] += state["pot"]
            state["pot"], state["last"] = 0, None
            emit(state, f"{self.seat_name(who)} holds: {state['scores'][who]} points")
            if state["scores"][who] < state["options"]["target"]:
                state["turn"] = (who + 1) % n

    def outcome(self, state):
        if self.current(state) is not None:
            return None
        scores = tuple(state["scores"])
        winner = scores.index(max(scores))
        return Outcome((winner,), scores, f"{self.seat_name(winner)} reaches "
                                          f"{state['options']['target']} (PIG-R5)")

    def validate_state(self, state):
        check_fields("Pig", state, {"options", "first", "turn", "scores", "pot", "rolling", "last"})
        n, target = self.players(state), state["options"]["target"]
        ok = (len(state["scores"]) == n and whole(state["turn"], 0, n - 1)
              and all(whole(s, 0, target + 1000) for s in state["scores"])
              and sum(s >= target for s in state["scores"]) <= 1 and whole(state["pot"], 0, 10**6))
        if not ok:
            raise StateFileError("Pig state: turn, scores or pot out of range")

    def situation(self, state):
        if self.current(state) is None:
            return str(self.outcome(state))
        return f"{self.seat_name(state['turn'])} to play, {state['pot']} this turn"

    def heuristic(self, state, seat):
        return state["scores"][seat] - max(state["scores"])
