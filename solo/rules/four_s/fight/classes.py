"""The distinct results of a four-s fight call (start, exchange, aftermath), with exact odds.

A four-s round is the player's moves (checks and contests: a d6 or d3s by Action Points) and
the enemy phase (the bank's d6s and d3s for attacks, blocks and heals, a critical d6 after
each blow): walked die by die, one round of goblin-market's fights runs past the analyzer's cap
of 4,000 scripts. The fight reads a check or contest only by its success (:func:`reader`:
:mod:`.battle` branches on ``record.success``; the rest is the beat's words), and a pool drawn
outside a roll (damage, a heal, the enemy's d6s or d3s) only by its sum (:func:`pool_reader`),
except a draining enemy's dice, whose first half hurts and second half heals: with a drain in
the fight its pools keep their multisets. So each roll is one random event over its successes
(:mod:`solo.rules.roll_walk`) and each pool one over its sums.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping

from solo.rules.conflict import ConflictSetup
from solo.rules.dice import RollRecord
from solo.rules.memo import key as memo_key
from solo.rules.roll_walk import Listed
from solo.rules.roll_walk import outcome_classes as walked_classes


def reader(record: RollRecord) -> Hashable:
    """Everything the four-s fight reads of a check or contest record."""
    return (record.kind, record.outcome, record.success, record.xp, memo_key(record.learning))


def _sum(faces: tuple[int, ...]) -> Hashable:
    return sum(faces)


def pool_reader(setup: ConflictSetup) -> Callable[[tuple[int, ...]], Hashable] | None:
    """Pools by their sums, unless a fighter drains (its dice are split by position: None)."""
    for f in setup.fighters:
        actions = f.character.extra.get("actions")
        if isinstance(actions, list) and "drain" in actions:
            return None
    return _sum


def outcome_classes(fight: Any, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                    extra: Any) -> Listed | None:
    return walked_classes(fight, reader, what, setup, state, extra, pool_reader(setup))
