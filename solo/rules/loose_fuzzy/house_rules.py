"""Loose and Fuzzy's opt-in house rules (off unless an adventure names them; the book's rule is
the default). The ruleset hands them out as its ``house_rules``; :mod:`solo.rules.house_rules`
gathers every system's."""

from __future__ import annotations

from solo.rules.house_rules import HouseRule
from solo.rules.loose_fuzzy.abilities import SYSTEM

STANCE_ROLLS = "stance-rolls"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        STANCE_ROLLS,
        SYSTEM,
        "Stances move the roll",
        "Besides its Defense Total change, a stance moves the fighter's own roll the other way: "
        "offensive +1, all-out attack +2, defensive -1, all-out defence -2. By the book a stance "
        "changes only the Defense Total (and what all-out fighters may spend).",
    ),
)
