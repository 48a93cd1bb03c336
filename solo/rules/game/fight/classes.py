"""The distinct results of a GAME fight call (start, exchange, aftermath), with exact odds.

Walked die by die, one exchange draws a pool of d8s and an extra die for each attack and
defence, a clash rolled again on ties, then damage dice: more than the analyzer's 4,000 scripts
for a lone duel, so the fight was left partly unexplored. The fight reads a check or contest
record only through :func:`reader`: its kind, outcome, success and measures (the excess: hits,
parries, escapes, damage dice saved), the opponent's excess in a lost clash, and what decides
whether a reroll is offered (the ``not_rolled`` and ``combined`` marks; the check as parsed,
which a held roll is rerolled with). Which d8 came up is narration. So each roll is one random
event over those readings (:mod:`solo.rules.roll_walk`); damage dice and any other die are
drawn as they fall, and a pool of d8s drawn outside a check by what the fight reads of it
(:func:`pool_reader`: the lowest face, the criticals, poison and sleep faces), not its
multiset. A roll the player may reroll is kept in the
fight's state as the class's first roll: only its readings are used when it is taken up again.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Hashable, Mapping

from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup
from solo.rules.game.combat import critical_from
from solo.rules.game.fight.resolve import POISON_FACES, SLEEP_UP_TO
from solo.rules.dice import RollRecord
from solo.rules.memo import key as memo_key
from solo.rules.roll_walk import Listed
from solo.rules.roll_walk import outcome_classes as walked_classes


NAMES = frozenset({"poison", "sleep"})


def reader(record: RollRecord) -> Hashable:
    """Everything the GAME fight (and the reroll offer) reads of a check or contest record."""
    details = record.details
    mine = details.get("you", details)
    opponent = details.get("opponent") or {}
    return (record.kind, record.outcome, record.success, memo_key(record.measures), opponent.get("excess"),
            bool(mine.get("not_rolled")), "combined" in details, memo_key(details.get("check")),
            memo_key(details.get("opponent_check")), record.xp, memo_key(record.learning))


def _flagged(value: Any, names: frozenset[str]) -> set[str]:
    """The ``names`` set true anywhere inside ``value`` (item rules, a character's extra)."""
    found: set[str] = set()
    if isinstance(value, Mapping):
        for k, v in value.items():
            if k in names and v is True:
                found.add(k)
            found |= _flagged(v, names)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= _flagged(v, names)
    return found


@functools.lru_cache(maxsize=64)
def _pool_reader(thresholds: tuple[int, ...], poison: bool, sleep: bool) -> Callable[[tuple[int, ...]], Hashable]:
    def read(faces: tuple[int, ...]) -> Hashable:
        return (faces[0], tuple(sum(1 for f in faces if f >= t) for t in thresholds),
                sum(1 for f in faces if f in POISON_FACES) if poison else None,
                sum(1 for f in faces if f <= SLEEP_UP_TO) if sleep else None)

    return read


def pool_reader(setup: ConflictSetup) -> Callable[[tuple[int, ...]], Hashable]:
    """What the fight reads of a pool of d8s drawn outside a check (damage dice, a marksman's
    extra dice, a reroll's difficulty dice), for this setup: the lowest face (a 1 stuns; a
    check's dice are read by their lowest), how many reach each critical face a group of the
    fight's sides can have (8 alone, one lower per member), and, when a poisoned or sleep weapon
    is anywhere in the fight, how many show 2-3 or 1-4."""
    largest = max(len(setup.side(PLAYER)) + len(setup.side(ALLY)), len(setup.side(ENEMY)), 1)
    thresholds = tuple(sorted({critical_from(g) for g in range(1, largest + 1)}))
    flags = _flagged(dict(setup.items), NAMES)
    for f in setup.fighters:
        flags |= _flagged(f.character.extra, NAMES) | _flagged(list(f.character.items), NAMES)
    return _pool_reader(thresholds, "poison" in flags, "sleep" in flags)


def outcome_classes(fight: Any, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                    extra: Any) -> Listed | None:
    return walked_classes(fight, reader, what, setup, state, extra, pool_reader(setup))
