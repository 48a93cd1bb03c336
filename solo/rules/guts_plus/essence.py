"""GUTS+ Essence as an adventure reaches it: skills known, range, what a check on a skill needs.

The book's optional magic (the Essence chapter): a character with the Essence quality has an
aura (``extra["aura"]``, one d6 on the book's table, rolled when an adventure begins if the file
gives none) and a density, the quality's level. Density says how many basic, honed and master
skills the character may know (:data:`.body.ESSENCE_SKILLS`) and how far their essence reaches
(:func:`.body.essence_range`: 5 to 25 feet, 30 with mastery). This module owns:

* the skill lists of the book, by tier and aura (names only: what a skill does is the story's);
* ``extra["essence_skills"]``, the skills a character knows, checked against the aura and the
  density (a skill of another aura, or more skills of a tier than the density allows, is an
  error naming the character);
* the two check parameters an adventure writes on an Essence check or contest: ``skill`` (the
  skill used) and ``reach`` (feet from the character's head to the target). **Decision:** the
  book lets a character use only the skills they know and reach only as far as their range; a
  roll that asks for a skill the character does not know, or a reach beyond their range, is no
  roll at all: it reads as a failure with no dice (no XP, no strain), and its odds say so;
* ``trait(...)`` in expressions: ``trait("essence")``, ``trait("hot aura")`` (each aura),
  ``trait("grab")`` (each skill) are true when the character has that, so a choice can be
  offered only to those who can make it;
* the skills that strike in a fight (:data:`STRIKES`), read by the fight's gear.

Strain (a negative impact on Essence; strained twice: 1 head injury through protection) is
:func:`.body.strain`; the fight wears it off after a full round (:mod:`.fight.procedure`).
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, RulesError
from solo.rules.guts_plus.body import AURAS, ESSENCE_SKILLS, essence_range
from solo.rules.guts_plus.qualities import ESSENCE, find_quality, has_mastery, level_of, norm, whole

#: The skill tiers in the order of the density table's columns.
TIERS: tuple[str, ...] = ("basic", "honed", "master")
#: The book's skills: tier -> aura (or ``any``) -> names.
SKILLS: dict[str, dict[str, tuple[str, ...]]] = {
    "basic": {
        "any": ("give", "harden", "sense", "touch", "wave"),
        "cold": ("cool",), "fast": ("static",), "heavy": ("press",), "hot": ("heat",),
        "slow": ("slow",), "soft": ("read",),
    },
    "honed": {
        "any": ("burst", "grab", "gust", "hit", "show"),
        "cold": ("condense", "freeze"), "fast": ("shock", "speed"), "heavy": ("crush", "inflate"),
        "hot": ("ignite", "melt"), "slow": ("progress", "shape"), "soft": ("suggest", "take"),
    },
    "master": {
        "any": ("engulf", "insist", "push", "stab", "whirlwind"),
        "cold": ("frost", "sap", "slash"), "fast": ("energize", "lightning", "magnetize"),
        "heavy": ("build", "compress", "empower"), "hot": ("explode", "incinerate", "magma"),
        "slow": ("focus", "pause", "stitch"), "soft": ("control", "glow", "implant"),
    },
}
#: Each skill's tier and aura (``any`` for every aura).
SKILL_INDEX: dict[str, tuple[str, str]] = {
    name: (tier, aura) for tier, by_aura in SKILLS.items() for aura, names in by_aura.items() for name in names
}
#: What ``extra`` holds the known skills under.
KNOWN = "essence_skills"
#: The check parameters this module reads.
PARAMS = ("skill", "reach")

#: **Decision** (the book leaves harm to the GM): the skills that strike a fighter, as a fight
#: reads them: injuries dealt, sharp (what it knocks loose is torn), piercing (through
#: protection). Hit bruises (1); Shock arcs onto the target through clothing (1, piercing);
#: Stab pierces flesh, "typically 1" injury (1, sharp); Slash cuts (1, sharp); Lightning strikes
#: "up to 2" injuries (2, piercing).
STRIKES: dict[str, tuple[int, bool, bool]] = {
    "hit": (1, False, False),
    "shock": (1, False, True),
    "stab": (1, True, False),
    "slash": (1, True, False),
    "lightning": (2, False, True),
}
#: Trait names for an aura (``hot aura``), so that ``slow`` stays the skill.
AURA_TRAITS: dict[str, str] = {f"{aura} aura": aura for aura in AURAS.values()}
TRAIT_NAMES: tuple[str, ...] = (ESSENCE,) + tuple(AURA_TRAITS) + tuple(SKILL_INDEX)


def _key(name: Any) -> str:
    return " ".join(str(name).strip().lower().split())


def density(character: Character | None) -> int:
    """The Essence level (0 without the quality)."""
    if character is None:
        return 0
    key = find_quality(character, ESSENCE)
    return level_of(character, key) if key is not None else 0


def reach(character: Character) -> int:
    """How far the character's essence stretches, in feet (0 without Essence)."""
    level = density(character)
    if not level:
        return 0
    key = find_quality(character, ESSENCE)
    return essence_range(min(level, 10), mastery=key is not None and has_mastery(character, key))


def known(character: Character) -> list[str]:
    """The skills the character knows, as written (lower case)."""
    found = character.extra.get(KNOWN) or []
    return [_key(name) for name in found] if isinstance(found, list) else []


def validate(character: Character) -> None:
    """Raise :class:`RulesError` when ``extra["essence_skills"]`` breaks the book: a skill not in
    it, one of another aura, or more of a tier than the density allows."""
    listed = character.extra.get(KNOWN)
    if listed is None:
        return
    if not isinstance(listed, list) or not all(isinstance(n, str) for n in listed):
        raise RulesError(f"GUTS+: essence_skills must list skill names (got {listed!r})")
    level = density(character)
    if not level:
        raise RulesError(f"GUTS+: {character.name} knows Essence skills but has no Essence quality")
    aura = character.extra.get("aura")
    counts = dict.fromkeys(TIERS, 0)
    for name in known(character):
        if name not in SKILL_INDEX:
            raise RulesError(f"GUTS+: no Essence skill called {name!r}")
        tier, needs = SKILL_INDEX[name]
        if needs != "any" and needs != aura:
            raise RulesError(f"GUTS+: {name} is a skill of the {needs} aura ({character.name}'s aura: "
                             f"{aura or 'none yet'})")
        counts[tier] += 1
    allowed = dict(zip(TIERS, ESSENCE_SKILLS[min(level, 10)]))
    for tier in TIERS:
        if counts[tier] > allowed[tier]:
            raise RulesError(f"GUTS+: Essence density {level} knows at most {allowed[tier]} {tier} "
                             f"skill{'s' if allowed[tier] != 1 else ''} ({character.name} lists {counts[tier]})")


def read_params(params: Mapping[str, Any], qualities: tuple[str, ...] | list[str]) -> tuple[str | None, int | None]:
    """``skill`` and ``reach`` of a check, checked (RulesError naming the parameter)."""
    skill = params.get("skill")
    distance = params.get("reach")
    if skill is None and distance is None:
        return None, None
    if not any(norm(q) == ESSENCE for q in qualities):
        which = "skill" if skill is not None else "reach"
        raise RulesError(f"GUTS+: {which} goes with a check on Essence (stat: essence)", param=which)
    name: str | None = None
    if skill is not None:
        name = _key(skill)
        if name not in SKILL_INDEX:
            raise RulesError(f"GUTS+: no Essence skill called {skill!r}", param="skill")
    feet: int | None = None
    if distance is not None:
        feet = whole(distance, "reach")
        if feet < 0:
            raise RulesError(f"GUTS+: reach is feet from the character, 0 or more (got {feet})", param="reach")
    return name, feet


def blocked(character: Character | None, params: Mapping[str, Any],
            qualities: tuple[str, ...] | list[str]) -> dict[str, Any] | None:
    """Why this Essence roll cannot be made at all (a skill not known, a target out of reach),
    as a record's ``details["blocked"]``; None when it can."""
    skill, feet = read_params(params, qualities)
    if character is None or (skill is None and feet is None):
        return None
    if skill is not None and skill not in known(character):
        return {"why": "skill", "skill": skill}
    if feet is not None and feet > reach(character):
        return {"why": "reach", "reach": feet, "range": reach(character)}
    return None


def has_trait(character: Character, name: str) -> bool:
    """``essence``, an aura (``hot aura``) or a skill the character knows."""
    key = _key(name)
    if key == ESSENCE:
        return density(character) > 0
    if key in AURA_TRAITS:
        return density(character) > 0 and character.extra.get("aura") == AURA_TRAITS[key]
    return density(character) > 0 and key in known(character)
