"""Humanity, Blessed's opt-in house rules (off unless an adventure names them; the book's rule is
the default). The ruleset hands them out as its ``house_rules``; :mod:`solo.rules.house_rules`
gathers every system's."""

from __future__ import annotations

from solo.rules.house_rules import HouseRule
from solo.rules.humanity_blessed.tables import SYSTEM

HARM_ESCALATES = "harm-escalates"

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        HARM_ESCALATES,
        SYSTEM,
        "Harm escalates",
        "A blow on a fighter who is already wounded leaves a wound one degree worse than the "
        "worst they bear (two light blows make a pain, a third a weakness), and a weakness puts "
        "them down: three blows that land end anyone's fight. By the book each blow leaves only "
        "the wound its size gives, and only a major blow or worse puts a fighter down.",
    ),
)
