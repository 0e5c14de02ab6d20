"""Dragon Quest: Slime Race — betting and a card race for 2–5 players."""
from .components import COMPONENTS, card_kind, load_components
from .rules import GOAL, PAIRS, SLIMES, SlimeRace, SlimeRaceRules, card_label, rank_slots, standings

__all__ = ["SlimeRace", "SlimeRaceRules", "COMPONENTS", "SLIMES", "PAIRS", "GOAL", "card_kind", "card_label",
           "load_components", "rank_slots", "standings"]
