"""GUTS+ qualities: names, levels, learning experiences, mastery and status conditions.

This module owns what a GUTS+ character's qualities mean: how a quality's name is matched
(case, spaces and dashes ignored), its level (a missing core quality is level 1), the learning
experiences kept per quality, mastery, and the roll effects of conditions (the book's table and
an adventure's own). The system's limits (levels, XP, creation) are here too.
"""

from __future__ import annotations

import re

from solo.rules.base import Character, RulesError
from solo.rules.values import ValueReader, find_key, name_key

SYSTEM = "guts-plus"
CORE: tuple[str, ...] = ("gumption", "utility", "thought", "slyness")
ESSENCE = "essence"
MAX_LEVEL = 10
XP_TO_ADVANCE = 100
LEARNING_TO_RISE = 10
CREATION_POINTS = 3
CREATION_MAX_LEVEL = 3
MAX_CUSTOM_AT_CREATION = 3
CREATION_ITEMS = 5
NEAR_POLICIES = ("success", "failure", "oracle")

#: The book's example conditions: name -> (core quality, modifier to each die, fewer dice).
BOOK_CONDITIONS: dict[str, tuple[str, int, int]] = {
    "afraid": ("gumption", -1, 0),
    "discouraged": ("utility", -1, 0),
    "confused": ("thought", -1, 0),
    "embarrassed": ("slyness", -1, 0),
    "terrified": ("gumption", -2, 0),
    "depressed": ("utility", -2, 0),
    "baffled": ("thought", -2, 0),
    "humiliated": ("slyness", -2, 0),
    "tired": ("gumption", 0, 1),
    "nauseated": ("utility", 0, 1),
    "tinnitus": ("thought", 0, 1),
    "blurry vision": ("slyness", 0, 1),
    "exhausted": ("gumption", 0, 2),
    "sick": ("utility", 0, 2),
    "deafened": ("thought", 0, 2),
    "blinded": ("slyness", 0, 2),
}

#: Whole numbers in GUTS+ are written as such: ``2.0`` is refused like ``2.5``.
VALUES = ValueReader("GUTS+", floats="refuse")
whole = VALUES.whole_number


# -- names -------------------------------------------------------------------------------------


def norm(name: str) -> str:
    """A name for matching: lower-case, without spaces, dashes or underscores."""
    return name_key(name, keep_punctuation=True)


def display_name(name: str) -> str:
    return name.capitalize() if name in CORE else name


def find_quality(character: Character, name: str) -> str | None:
    """The key in ``character.stats`` that spells ``name`` (case, spaces, dashes ignored)."""
    return find_key(character.stats, name, norm)


def quality_level(character: Character, name: str) -> tuple[str, int]:
    """``(stats key, level)`` of a quality; a missing core quality is level 1."""
    key = find_quality(character, name)
    if key is not None:
        return key, level_of(character, key)
    if norm(name) in CORE:
        return norm(name), 1
    have = ", ".join(character.stats) or "none"
    raise RulesError(
        f"GUTS+: check stat {name!r} is not a quality of {character.name} (has {have})"
    )


def level_of(character: Character, key: str) -> int:
    value = character.stats[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"GUTS+: quality levels must be whole numbers ({key} is {value!r})")
    return value


def custom_qualities(character: Character) -> list[str]:
    """The custom qualities in the order of ``stats`` (the first is the mandatory one)."""
    return [key for key in character.stats if norm(key) not in CORE]


def learning(character: Character) -> dict[str, int]:
    """The character's learning-experience counts, created if missing."""
    return character.resources.setdefault("learning", {})


def has_mastery(character: Character, quality: str) -> bool:
    """Level 10 and 10 learning experiences in ``quality``."""
    key = find_quality(character, quality)
    if key is None:
        return False
    counts = character.resources.get("learning", {})
    return level_of(character, key) >= MAX_LEVEL and counts.get(key, 0) >= LEARNING_TO_RISE


# -- conditions --------------------------------------------------------------------------------


def condition_effects(character: Character) -> list[tuple[str, str, int, int]]:
    """The roll effects of the character's conditions: ``(condition, quality, modifier, fewer)``.

    ``quality`` is a core quality's name or ``"all"``. The book's table is built in; an
    adventure may define its own in ``extra["condition_effects"]`` as ``{name: {"quality":
    "thought" | "all", "modifier": -1, "fewer_dice": 1}}`` (these win over the book's). A
    condition written ``"afraid x2"`` counts twice. Conditions without a roll effect
    (strained, unconscious, "hurt right hand") are skipped.
    """
    custom = {norm(k): v for k, v in dict(character.extra.get("condition_effects", {})).items()}
    found: list[tuple[str, str, int, int]] = []
    for condition in character.conditions:
        match = re.fullmatch(r"\s*(.*?)\s*(?:[x×]\s*(\d+))?\s*", str(condition).lower())
        name = match.group(1) if match else str(condition).lower()
        times = int(match.group(2)) if match and match.group(2) else 1
        if norm(name) in custom:
            spec = custom[norm(name)]
            quality = norm(spec.get("quality", "all"))
            modifier = whole(spec.get("modifier", 0), f"condition {name} modifier")
            fewer = whole(spec.get("fewer_dice", 0), f"condition {name} fewer_dice")
        else:
            book = {norm(k): v for k, v in BOOK_CONDITIONS.items()}.get(norm(name))
            if book is None:
                continue
            quality, modifier, fewer = book
        found.append((str(condition), quality, modifier * times, fewer * times))
    return found
