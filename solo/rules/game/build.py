"""GAME's Build skills: how long a success lasts, and Transmutery Drain."""

from __future__ import annotations

from solo.rules.game.skills import BUILD_SKILLS, rules_error, find_skill, parse_difficulty

#: What the excess of a successful Build check measures.
BUILD_DURATION_UNIT: dict[str, str] = {
    "Alchemy": "days",
    "Machinery": "hours",
    "Transmutery": "minutes",
}
DRAIN_BY_DIFFICULTY: dict[str, int] = {"easy": 0, "challenging": 1, "hard": 2}
FAILED_TRANSMUTERY_DRAIN = 3
COMBINED_TRANSMUTERY_DRAIN = 3


def build_duration(skill: str, excess: int) -> tuple[int, str] | None:
    """How long a Build success lasts: Alchemy days, Machinery hours, Transmutery minutes."""
    unit = BUILD_DURATION_UNIT.get(find_skill(skill))
    if unit is None or excess < 0:
        return None
    return excess, unit


def drain(difficulty: str, success: bool) -> int:
    """Transmutery Drain in FP: 0/1/2 for Easy/Challenging/Hard, 3 more on a failure."""
    base = DRAIN_BY_DIFFICULTY[parse_difficulty(difficulty)]
    return base + (0 if success else FAILED_TRANSMUTERY_DRAIN)


def combined_build_drain(skill_a: str, skill_b: str) -> int:
    """A combined Build attempt drains 3 FP when one of the skills is Transmutery."""
    skills = {find_skill(skill_a), find_skill(skill_b)}
    for skill in skills:
        if skill not in BUILD_SKILLS:
            raise rules_error(f"combined Build attempts use Build skills (got {skill})")
    return COMBINED_TRANSMUTERY_DRAIN if "Transmutery" in skills else 0
