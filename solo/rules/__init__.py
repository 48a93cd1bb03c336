"""Game systems: one module per ruleset behind :class:`solo.rules.base.Ruleset`, plus dice and odds."""

from solo.rules.base import Advance, Character, Odds, Offer, Ruleset, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.registry import available, get, register

__all__ = [
    "Advance",
    "Character",
    "Dice",
    "Odds",
    "Offer",
    "RollRecord",
    "Ruleset",
    "RulesError",
    "RulesetDefaults",
    "available",
    "get",
    "register",
]
