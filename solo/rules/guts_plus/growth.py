"""GUTS+ growth outside the dice: learning experiences and what an adventure may award.

This module owns adding learning experiences to a quality (at 10 the quality rises; at level
10 they lead to mastery) and the awards an adventure gives: ``xp`` (a number, added as it is)
and ``learning`` for named qualities (``learning: {thought: 1}``, book line 1346: the GM awards
a Thought learning experience, say, for working out who the villain is). A learning award is
checked before play (:func:`check_award`, used by ``solo validate``) and, should one still name
a quality the character lacks in play (a stored character brought in), it is skipped with a
note rather than lost in silence.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, RulesError
from solo.rules.guts_plus.qualities import (
    CORE,
    LEARNING_TO_RISE,
    MAX_LEVEL,
    XP_TO_ADVANCE,
    display_name,
    find_quality,
    learning,
    level_of,
    norm,
    whole,
)

LEARNING = "learning"
EXAMPLE = "learning: {thought: 1}"


def add_learning(character: Character, quality: str, amount: int = 1) -> list[str]:
    """Add learning experiences; at 10 the quality rises at once (below level 10).

    A core quality the character has no entry for (level 1 by the rules) gets one.
    """
    key = find_quality(character, quality)
    if key is None and norm(quality) in CORE:
        key = norm(quality)
        character.stats[key] = 1
    if key is None:
        raise RulesError(f"GUTS+: learning experience for {quality!r}, not a quality")
    counts = learning(character)
    lines: list[str] = []
    for _ in range(whole(amount, "learning amount")):
        level = level_of(character, key)
        count = counts.get(key, 0)
        if level >= MAX_LEVEL:
            if count >= LEARNING_TO_RISE:
                continue
            counts[key] = count + 1
            if counts[key] >= LEARNING_TO_RISE:
                lines.append(f"{display_name(key)}: mastery (level 10, 10 learning experiences)")
            else:
                lines.append(f"{display_name(key)}: learning experience {counts[key]}/10")
            continue
        counts[key] = count + 1
        if counts[key] >= LEARNING_TO_RISE:
            character.stats[key] = level + 1
            counts[key] = 0
            lines.append(f"{display_name(key)} rises to {level + 1} (10 learning experiences)")
        else:
            lines.append(f"{display_name(key)}: learning experience {counts[key]}/10")
    return lines


def check_award(resource: str, amount: Any, character: Character | None = None) -> None:
    """Raise :class:`RulesError` if an adventure's award cannot be given as written.

    ``learning`` names its qualities with a count of 1 or more each, and with a character
    each must be one of its qualities (the four core qualities always are). Every other
    resource takes a whole number.
    """
    if resource != LEARNING:
        if isinstance(amount, Mapping):
            raise RulesError(f"GUTS+: {resource} is awarded as a number, not per name")
        return
    if not isinstance(amount, Mapping) or not amount:
        raise RulesError(f"GUTS+: a learning experience is for a named quality: write {EXAMPLE}")
    for quality, count in amount.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise RulesError(
                f"GUTS+: learning experiences for {quality} are 1 or more (got {count!r})"
            )
        if character is not None and find_quality(character, str(quality)) is None \
                and norm(str(quality)) not in CORE:
            have = ", ".join(display_name(k) for k in character.stats)
            raise RulesError(
                f"GUTS+: {character.name} has no quality {quality!r} to learn in (has {have})"
            )


def gain_xp(character: Character, amount: int) -> list[str]:
    """Add (or take away) XP, never below 0; crossing 100 says an advance is due (the book: at
    100 XP raise a quality or add one, then XP returns to 0, which :meth:`advance` does)."""
    before = int(character.resources.get("xp", 0) or 0)
    after = max(0, before + amount)
    character.resources["xp"] = after
    lines: list[str] = []
    if before + amount < 0:
        lines.append(f"XP cannot go below 0 (it was {before}).")
    if before < XP_TO_ADVANCE <= after:
        lines.append(f"{XP_TO_ADVANCE} XP: raise a quality or learn a new one")
    return lines


def gain(character: Character, resource: str, amount: Any) -> list[str] | None:
    """Carry out an award (the engine's ``gain`` hook): learning goes to its qualities; other
    resources are left to the engine (None). A learning award that cannot be given is
    skipped with a line saying why."""
    if resource != LEARNING:
        return None
    if not isinstance(amount, Mapping):
        return [_refused(RulesError(f"GUTS+: a learning experience is for a named quality "
                                    f"({EXAMPLE})"))]
    lines: list[str] = []
    for quality, count in amount.items():
        try:
            check_award(resource, {quality: count}, character)
        except RulesError as exc:
            lines.append(_refused(exc))
            continue
        lines.extend(add_learning(character, str(quality), count))
    return lines


def _refused(error: RulesError) -> str:
    return f"No learning experience given: {str(error).removeprefix('GUTS+: ')}."
