"""Dragon Quest: Slime Race — betting and a card race for 2–5 players."""
from .cards import card_label, rank_slots, standings
from .components import COMPONENTS, SLIMES, card_kind, load_components
from .game import SlimeRace
from .rules import GOAL, PAIRS, SlimeRaceRules

__all__ = ["SlimeRace", "SlimeRaceRules", "COMPONENTS", "SLIMES", "PAIRS", "GOAL", "card_kind", "card_label",
           "load_components", "rank_slots", "standings"]
