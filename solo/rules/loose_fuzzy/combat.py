"""Loose and Fuzzy combat helpers: Advantage Points, Defense Totals, wounds and their penalties."""

from __future__ import annotations

from typing import Iterable

from solo.rules.loose_fuzzy.abilities import norm

#: The Tenacity roll each new wound calls for, against incapacitation.
INCAPACITATION_TARGET = 7
#: Wound levels by multiple of the Defense Total, with their die penalties.
WOUNDS = (("moderate", 1, 1), ("serious", 2, 2), ("mortal", 3, 3), ("killed", 4, None))
#: Conditions that carry a wound's die penalty; the bruises are what blows to incapacitate leave.
WOUND_CONDITIONS = {
    "moderatewound": 1, "moderatelywounded": 1, "bruised": 1,
    "seriouswound": 2, "seriouslywounded": 2, "battered": 2,
    "mortalwound": 3, "mortallywounded": 3, "beatendown": 3,
}


def advantage_points(margin: int) -> int:
    """Advantage Points the winner of an exchange gains: the margin of the win (0 otherwise)."""
    return max(0, margin)


def defense_total(rating: int, modifiers: Iterable[int] = ()) -> int:
    """The defender's most relevant rating plus modifiers, never below 1."""
    return max(1, rating + sum(modifiers))


def wound_level(points: int, defense: int) -> str | None:
    """The wound dealt by spending ``points`` Advantage Points against a Defense Total."""
    defense = max(1, defense)
    found = None
    for name, multiple, _ in WOUNDS:
        if points >= multiple * defense:
            found = name
    return found


def wound_penalty(wounds: Iterable[str]) -> int:
    """Dice lost to wounds: the worst wound's penalty; penalties never add up."""
    penalties = {name: penalty for name, _, penalty in WOUNDS if penalty is not None}
    return max((penalties.get(norm(w).replace("wound", ""), 0) for w in wounds), default=0)


def condition_wound_penalty(conditions: Iterable[str]) -> int:
    return max((WOUND_CONDITIONS.get(norm(c), 0) for c in conditions), default=0)


def needs_tenacity_roll(wound: str | None) -> bool:
    """Each new wound short of death calls for a Tenacity roll of 7 against incapacitation."""
    return wound in {"moderate", "serious", "mortal"}

