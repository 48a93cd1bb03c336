"""GAME's optional traits: one advantage and one disadvantage, never an opposing pair.

Two of them act on checks (danger sense, absentmindedness: see :mod:`solo.rules.game.tags`); the
others are how the world treats the character (presence, prestige, wealth, a pet...), which an
adventure tests with ``trait("prestige")`` in an expression (:func:`has_trait`).
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.game.skills import rules_error
from solo.rules.values import name_key

#: Advantage / disadvantage pairs; a character may not take both halves of a pair, except the
#: pairs listed in :data:`COMPATIBLE_TRAITS`.
TRAIT_PAIRS: tuple[tuple[str, str], ...] = (
    ("danger sense", "absentmindedness"),
    ("pet owner", "pet target"),
    ("presence", "disdain"),
    ("prestige", "shunned"),
    ("prophecy", "weirdness magnet"),
    ("wealthy", "impoverished"),
)
COMPATIBLE_TRAITS: frozenset[tuple[str, str]] = frozenset({("prophecy", "weirdness magnet")})
ADVANTAGES: tuple[str, ...] = tuple(a for a, _ in TRAIT_PAIRS)
DISADVANTAGES: tuple[str, ...] = tuple(d for _, d in TRAIT_PAIRS)
TRAIT_INDEX = {name_key(t): t for t in ADVANTAGES + DISADVANTAGES}


def validate_traits(traits: Any) -> None:
    if not traits:
        return
    if not isinstance(traits, Mapping):
        raise rules_error(f"extra.traits must map advantage/disadvantage to a trait (got {traits!r})")
    unknown = sorted(set(traits) - {"advantage", "disadvantage"})
    if unknown:
        raise rules_error(f"extra.traits takes advantage and disadvantage only (got {', '.join(unknown)})")
    adv = traits.get("advantage")
    dis = traits.get("disadvantage")
    if bool(adv) != bool(dis):
        raise rules_error(
            "traits come as one advantage plus one disadvantage "
            f"(got advantage {adv!r}, disadvantage {dis!r})"
        )
    if not adv:
        return
    adv_name = TRAIT_INDEX.get(name_key(adv))
    dis_name = TRAIT_INDEX.get(name_key(dis))
    if adv_name not in ADVANTAGES:
        raise rules_error(f"unknown advantage {adv!r} (expected one of: {', '.join(ADVANTAGES)})")
    if dis_name not in DISADVANTAGES:
        raise rules_error(f"unknown disadvantage {dis!r} (expected one of: {', '.join(DISADVANTAGES)})")
    pair = (adv_name, dis_name)
    if pair in TRAIT_PAIRS and pair not in COMPATIBLE_TRAITS:
        raise rules_error(
            f"advantage and disadvantage may not be an opposing pair (got {adv_name} / {dis_name})"
        )


def character_traits(character: Character) -> frozenset[str]:
    """The book's names of the traits a character has."""
    traits = character.extra.get("traits") or {}
    if not isinstance(traits, Mapping):
        return frozenset()
    return frozenset(
        TRAIT_INDEX[name_key(v)] for v in traits.values()
        if isinstance(v, str) and name_key(v) in TRAIT_INDEX
    )


def has_trait(character: Character, name: str) -> bool:
    """Whether the character has the trait ``name`` (any spelling: ``"Danger Sense"``)."""
    return TRAIT_INDEX.get(name_key(name)) in character_traits(character)
