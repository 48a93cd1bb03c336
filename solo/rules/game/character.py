"""Reading a GAME character: skill ratings, the notable characteristic, talent levels."""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.game.skills import CHARACTERISTIC_INDEX, as_int, lookup_skill
from solo.rules.values import name_key

def skill_rating(character: Character, skill: str) -> int:
    """The character's rating in a skill (found forgivingly); a skill not listed rates 0.

    Of two stats that name the same skill the first counts."""
    stats = character.stats
    name = _first_names(tuple(stats)).get(skill)
    if name is None:
        return 0
    value = stats[name]
    return value if type(value) is int else as_int(value, f"skill {skill}")


#: Stat names as a character lists them -> {skill: the first of them that names it}. Every check
#: asks for a rating; the names seldom change, so each list is looked up once (kept small).
_FIRST_NAMES: dict[tuple[object, ...], dict[str, object]] = {}
_FIRST_NAMES_KEPT = 256


def _first_names(names: tuple[object, ...]) -> dict[str, object]:
    found = _FIRST_NAMES.get(names)
    if found is None:
        found = {}
        for name in names:
            skill = lookup_skill(name)
            if skill is not None and skill not in found:
                found[skill] = name
        if len(_FIRST_NAMES) >= _FIRST_NAMES_KEPT:
            _FIRST_NAMES.clear()
        _FIRST_NAMES[names] = found
    return found


def notable_characteristic(character: Character) -> str | None:
    value = character.extra.get("notable")
    if isinstance(value, (list, tuple)):
        value = value[0] if len(value) == 1 else None
    if not value:
        return None
    return CHARACTERISTIC_INDEX.get(name_key(value))


def talents(character: Character) -> dict[str, int]:
    """Talent levels keyed by the book's skill names (unknown names are skipped here)."""
    found: dict[str, int] = {}
    for name, value in (character.extra.get("talents") or {}).items():
        skill = lookup_skill(name)
        if skill is not None:
            found[skill] = as_int(value, f"talent level of {skill}")
    return found


def set_skill(character: Character, skill: str, value: int) -> None:
    for name in list(character.stats):
        if lookup_skill(name) == skill:
            character.stats[name] = value
            return
    character.stats[skill] = value
