"""GAME's vocabulary: the sixteen skills, the four characteristics, the check's constants.

Forgiving name lookup (``"hack-slash"``, ``"slash"`` and ``"Chemistry"`` all find a skill), the
difficulty names, and the one :class:`~solo.rules.values.ValueReader` whose errors begin with
``GAME:``. Every other module of the package builds on these names.
"""

from __future__ import annotations

from typing import Any

from solo.rules.values import ValueReader, lookup_name, name_key

SYSTEM = "game"

SKILLS_BY_CHARACTERISTIC: dict[str, tuple[str, ...]] = {
    "Brawn": ("Hack/Slash", "Lift/Smash", "Throw/Ensnare", "Shoot/Fire"),
    "Brains": ("Bargain/Appraise", "Perception/Track", "Social/Etiquette", "Wilderness/Escape"),
    "Balance": ("Block/Dodge", "Leap/Tumble", "Ride/Pilot", "Sneak/Hide"),
    "Build": ("Alchemy", "Chemstry", "Machinery", "Transmutery"),
}
CHARACTERISTICS: tuple[str, ...] = tuple(SKILLS_BY_CHARACTERISTIC)
SKILLS: tuple[str, ...] = tuple(s for group in SKILLS_BY_CHARACTERISTIC.values() for s in group)
CHARACTERISTIC_OF: dict[str, str] = {
    skill: name for name, group in SKILLS_BY_CHARACTERISTIC.items() for skill in group
}
BUILD_SKILLS: tuple[str, ...] = SKILLS_BY_CHARACTERISTIC["Build"]

TARGET = 8
MAX_RATING = 8
DIE = 8
CREATION_POINTS = 35
CREATION_CAP = 5
MAX_FP = 8
EXHAUSTION_PENALTY = 1
DIFFICULTY_DICE: dict[str, int] = {"easy": 1, "challenging": 2, "hard": 3}
DIFFICULTIES: tuple[str, ...] = tuple(DIFFICULTY_DICE)


VALUES = ValueReader("GAME")
rules_error = VALUES.error
as_int = VALUES.whole_number
as_bool = VALUES.flag

#: Skill and characteristic names are compared by :func:`~solo.rules.values.name_key` (lower-case
#: letters and digits only: ``"Hack/Slash"`` and ``"hack-slash"`` are both ``hackslash``).


def _skill_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for skill in SKILLS:
        index[name_key(skill)] = skill
        for half in skill.split("/"):
            index[name_key(half)] = skill
    index["chemistry"] = "Chemstry"
    return index


SKILL_INDEX = _skill_index()
CHARACTERISTIC_INDEX = {name_key(c): c for c in CHARACTERISTICS}


def lookup_skill(name: Any) -> str | None:
    """The book's spelling of a skill named forgivingly, or ``None`` if nothing matches."""
    return lookup_name(SKILL_INDEX, name)


def find_skill(name: Any) -> str:
    """Like :func:`lookup_skill` but raises :class:`RulesError` listing the skills."""
    return VALUES.known_name(name, SKILL_INDEX, "skill", SKILLS)


def find_characteristic(name: Any) -> str:
    """Brawn, Brains, Balance or Build, named case-insensitively."""
    return VALUES.known_name(name, CHARACTERISTIC_INDEX, "characteristic", CHARACTERISTICS)


def parse_difficulty(value: Any) -> str:
    """``easy``/``challenging``/``hard`` (any case) or the dice count 1/2/3."""
    if isinstance(value, int) and not isinstance(value, bool):
        for name, count in DIFFICULTY_DICE.items():
            if count == value:
                return name
    elif isinstance(value, str):
        text = value.strip().lower()
        if text in DIFFICULTY_DICE:
            return text
        if text.isdigit():
            return parse_difficulty(int(text))
    raise rules_error(f"difficulty must be easy, challenging or hard (got {value!r})")

