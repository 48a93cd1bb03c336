"""GUTS+ check parameters: which qualities roll, how many dice, and what changes them.

This module owns reading one side of a check or contest from its parameters (``stat`` or
``dice``, ``modifier``, ``fewer_dice``, ``near``), applying the character's conditions, and
the helper's level when someone assists. It rolls nothing.

A side's parse is kept (:func:`parse_side`) per a key made of exactly what it reads: the
parameters and the character's name, qualities, conditions, condition effects and learning
experiences, each value with its type (``1``, ``1.0`` and ``True`` read differently). Scene
offers ask it for every check on offer ("fail on purpose" needs the dice count).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil
from typing import Any, Mapping

from solo.rules.base import Character, RulesError
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.qualities import (
    CORE,
    NEAR_POLICIES,
    condition_effects,
    display_name,
    find_quality,
    has_mastery,
    level_of,
    norm,
    quality_level,
    whole,
)
from solo.rules.memo import key as frozen


# -- parsed check ------------------------------------------------------------------------------


@dataclass
class CheckSpec:
    """A check's parameters after validation: what to roll and what changes it."""

    qualities: tuple[str, ...]
    levels: tuple[int, ...]
    base_dice: int
    dice: int
    modifier: int
    fewer: int
    near: str
    helper_level: int = 0
    mastery: bool = False
    conditions: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def helper_dice(self) -> int:
        return ceil(self.helper_level / 2) if self.helper_level > 0 else 0

    @property
    def stat(self) -> str:
        return "+".join(self.qualities) if self.qualities else "dice"

    @property
    def label(self) -> str:
        if not self.qualities:
            return f"{self.base_dice} {'die' if self.base_dice == 1 else 'dice'}"
        names = "+".join(display_name(q) for q in self.qualities)
        return f"{names} {self.base_dice}"


def _stat_names(stat: Any) -> list[str]:
    if isinstance(stat, str):
        names = [part.strip() for part in stat.split("+")]
    elif isinstance(stat, (list, tuple)):
        names = [str(part).strip() for part in stat]
    else:
        raise RulesError(f"GUTS+: check stat must be a quality or a list of two (got {stat!r})")
    if not 1 <= len(names) <= 2 or not all(names):
        raise RulesError(
            f"GUTS+: check stat must be one quality or two added together (got {stat!r})"
        )
    if len(names) == 2 and norm(names[0]) == norm(names[1]):
        raise RulesError(f"GUTS+: check stat adds two different qualities (got {stat!r})")
    return names


def dice_count(value: Any, what: str) -> int:
    count = whole(value, what)
    if not 1 <= count <= go.MAX_DICE:
        raise RulesError(f"GUTS+: {what} must be from 1 to {go.MAX_DICE} (got {count})")
    return count


#: Parsed sides by :func:`_side_key`; emptied when full.
_PARSED: dict[tuple[Any, ...], CheckSpec] = {}
PARSED_LIMIT = 4096


def parse_side(
    character: Character | None,
    stat: Any,
    dice: Any,
    modifier: Any,
    fewer: Any,
    near: Any = "oracle",
    what: str = "check",
) -> CheckSpec:
    """Validate one side of a check or contest and apply the character's conditions.

    The result is a fresh :class:`CheckSpec` each time (callers may change it); a parse seen
    before is copied from the kept one. A parse that raises is not kept."""
    try:
        key = _side_key(character, stat, dice, modifier, fewer, near, what)
        found = _PARSED.get(key)
    except TypeError:  # something unhashable: parse every time
        return _parse_side(character, stat, dice, modifier, fewer, near, what)
    if found is None:
        found = _parse_side(character, stat, dice, modifier, fewer, near, what)
        if len(_PARSED) >= PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[key] = found
    return CheckSpec(found.qualities, found.levels, found.base_dice, found.dice, found.modifier, found.fewer,
                     found.near, found.helper_level, found.mastery, list(found.conditions))


def _side_key(
    character: Character | None, stat: Any, dice: Any, modifier: Any, fewer: Any, near: Any, what: str
) -> tuple[Any, ...]:
    """Everything :func:`_parse_side` reads, as an immutable value."""
    params = (frozen(stat), frozen(dice), frozen(modifier), frozen(fewer), frozen(near), what)
    if character is None:
        return params
    return params + (
        character.name,
        frozen(character.stats),
        frozen(character.conditions),
        frozen(character.extra.get("condition_effects")),
        frozen(character.resources.get("learning")),
    )


def _parse_side(
    character: Character | None,
    stat: Any,
    dice: Any,
    modifier: Any,
    fewer: Any,
    near: Any,
    what: str,
) -> CheckSpec:
    qualities: tuple[str, ...] = ()
    levels: tuple[int, ...] = ()
    if dice is not None:
        base = dice_count(dice, f"{what} dice")
        if stat is not None:
            names = _stat_names(stat)
            if character is not None:
                qualities = tuple(find_quality(character, n) or norm(n) for n in names)
            else:
                qualities = tuple(norm(n) if norm(n) in CORE else n for n in names)
    else:
        if stat is None:
            raise RulesError(f"GUTS+: a {what} needs a stat (a quality) or a number of dice")
        if character is None:
            raise RulesError(f"GUTS+: a {what} on {stat!r} needs a character")
        names = _stat_names(stat)
        pairs = [quality_level(character, n) for n in names]
        qualities = tuple(key for key, _ in pairs)
        levels = tuple(level for _, level in pairs)
        base = min(sum(levels), go.MAX_DICE)
        if base < 1:
            raise RulesError(f"GUTS+: {what} stat {stat!r} gives no dice (levels {levels})")
    total_modifier = whole(modifier if modifier is not None else 0, f"{what} modifier")
    total_fewer = whole(fewer if fewer is not None else 0, f"{what} fewer_dice")
    if total_fewer < 0:
        raise RulesError(f"GUTS+: {what} fewer_dice cannot be negative (got {total_fewer})")
    applied: list[tuple[str, int, int]] = []
    if character is not None and qualities:
        rolled = {norm(q) for q in qualities}
        for condition, quality, mod, less in condition_effects(character):
            if quality in ("all", "any") or quality in rolled:
                total_modifier += mod
                total_fewer += less
                applied.append((condition, mod, less))
    near_policy = str(near if near is not None else "oracle").strip().lower()
    if near_policy not in NEAR_POLICIES:
        raise RulesError(
            f"GUTS+: check parameter near must be success, failure or oracle (got {near!r})"
        )
    mastery = character is not None and any(has_mastery(character, q) for q in qualities)
    return CheckSpec(
        qualities=qualities,
        levels=levels,
        base_dice=base,
        dice=max(1, base - total_fewer),
        modifier=total_modifier,
        fewer=total_fewer,
        near=near_policy,
        mastery=mastery,
        conditions=applied,
    )


def helper_level_of(params: Mapping[str, Any], spec: CheckSpec) -> int:
    helper = params.get("helper")
    assist = params.get("assist")
    if helper is None and isinstance(assist, Character):
        helper = assist
    if isinstance(helper, Character):
        if not spec.qualities:
            raise RulesError("GUTS+: a helper needs the check's stat to know what they roll")
        total = 0
        for quality in spec.qualities:
            key = find_quality(helper, quality)
            if key is not None:
                total += level_of(helper, key)
            elif norm(quality) in CORE:
                total += 1
        return min(total, go.MAX_DICE)
    level = params.get("assist_dice")
    if level is None and not isinstance(assist, str) and assist is not None:
        level = assist
    if level is None:
        return 0
    value = whole(level, "check assist_dice")
    if not 0 <= value <= go.MAX_DICE:
        raise RulesError(f"GUTS+: check assist_dice must be from 0 to {go.MAX_DICE} (got {value})")
    return value
