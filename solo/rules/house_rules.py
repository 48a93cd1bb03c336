"""House rules: readings that go beyond a book, each off unless an adventure names it.

The book's rule is always the default. Where the project once played a rule of its own (because
the book leaves a gap a GM fills at the table), that rule lives on only as a named option an
adventure opts into with a top-level ``house_rules: [name, ...]`` list. This module owns the
names, the system each belongs to and the plain words shown on the adventure's card, on the
rules page and in the docs. It does no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["HouseRule", "HOUSE_RULES", "for_system", "lookup", "HARM_ESCALATES", "STANCE_ROLLS"]

HARM_ESCALATES = "harm-escalates"
STANCE_ROLLS = "stance-rolls"


@dataclass(frozen=True)
class HouseRule:
    """One named opt-in rule: its name, the system it belongs to, a title and what it does."""

    name: str
    system: str
    title: str
    text: str


HOUSE_RULES: dict[str, HouseRule] = {
    rule.name: rule
    for rule in (
        HouseRule(
            HARM_ESCALATES,
            "humanity-blessed",
            "Harm escalates",
            "A blow on a fighter who is already wounded leaves a wound one degree worse than the "
            "worst they bear (two light blows make a pain, a third a weakness), and a weakness puts "
            "them down: three blows that land end anyone's fight. By the book each blow leaves only "
            "the wound its size gives, and only a major blow or worse puts a fighter down.",
        ),
        HouseRule(
            STANCE_ROLLS,
            "loose-fuzzy",
            "Stances move the roll",
            "Besides its Defense Total change, a stance moves the fighter's own roll the other way: "
            "offensive +1, all-out attack +2, defensive -1, all-out defence -2. By the book a stance "
            "changes only the Defense Total (and what all-out fighters may spend).",
        ),
    )
}


def for_system(system: str) -> list[HouseRule]:
    """The house rules an adventure of ``system`` may name, in a stable order."""
    return [rule for rule in HOUSE_RULES.values() if rule.system == system]


def lookup(names: Iterable[str]) -> list[HouseRule]:
    """The known house rules among ``names``, in the order given (unknown names are skipped:
    the validator reports them)."""
    return [HOUSE_RULES[name] for name in names if name in HOUSE_RULES]
