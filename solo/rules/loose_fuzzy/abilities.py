"""Loose and Fuzzy characters: abilities, disabilities, and Luck/Unluck from the campaign baseline.

Also the package's constants and its one :class:`~solo.rules.values.ValueReader` (errors begin
with ``LOOSE-FUZZY:``), which the other modules build on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.rules.base import Character
from solo.rules.values import ValueReader, find_key, name_key

SYSTEM = "loose-fuzzy"
REQUIRED = ("cleverness", "body", "knowledge", "perception", "tenacity")
TARGETS = {"easy": 4, "average": 7, "hard": 11, "reallyhard": 14, "nighimpossible": 18}
TARGET_NAMES = ("easy", "average", "hard", "really-hard", "nigh-impossible")
FIT = {"good": 0, "fits": 0, "poor": 1, "barely": 2}
BASELINE = 22
MAX_LUCK = 5
START_LUCK = 2
START_UNLUCK = 1


#: A float where a whole number is wanted reads by int(): 2.5 reads 2.
VALUES = ValueReader("LOOSE-FUZZY", floats="truncate")
rules_error = VALUES.error


def norm(name: object) -> str:
    """A name for matching: lower case without spaces, dashes or underscores."""
    return name_key(name, keep_punctuation=True)



def ability_cost(rating: int) -> int:
    """Dice a good ability counts for the baseline: each die above 5 counts double."""
    return rating + max(0, rating - 5)


def dice_spent(character: Character) -> int:
    """Good ability dice (with the double count above 5) minus disability dice."""
    good = sum(ability_cost(int(r)) for r in character.stats.values())
    bad = sum(int(r) for r in disabilities(character).values())
    return good - bad


def starting_luck(character: Character, baseline: int | None = None) -> tuple[int, int]:
    """Starting (Luck, Unluck): 2 and 1, plus one Luck per die under the baseline (at most 5 Luck)
    or one Unluck per die over it. ``baseline`` defaults to ``extra["baseline"]`` or 22."""
    if baseline is None:
        baseline = int(character.extra.get("baseline", BASELINE))
    difference = dice_spent(character) - baseline
    if difference < 0:
        return min(MAX_LUCK, START_LUCK - difference), START_UNLUCK
    return START_LUCK, START_UNLUCK + difference


def disabilities(character: Character) -> dict[str, int]:
    found = character.extra.get("disabilities") or {}
    if not isinstance(found, Mapping):
        raise rules_error(f"extra.disabilities must map disability names to ratings (got {found!r})")
    return dict(found)


def is_rating(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def lookup(mapping: Mapping[str, Any], name: str) -> str | None:
    """The key of ``mapping`` that reads as ``name`` (the first in sorted order). Keys that are
    all text are looked up once per list of keys and name (asked at every check and every look
    of a fight: the keys sorted and each spelled each time)."""
    if type(name) is str:
        keys = tuple(mapping)
        if _TEXT.issuperset(map(type, keys)):
            found = _LOOKED_UP.get((keys, name), _UNSEEN)
            if found is _UNSEEN:
                if len(_LOOKED_UP) >= 4096:
                    _LOOKED_UP.clear()
                found = _LOOKED_UP[keys, name] = find_key(mapping, name, norm, sort=True)
            return found
    return find_key(mapping, name, norm, sort=True)


_TEXT = frozenset({str})
_UNSEEN = object()
#: (a mapping's keys, a name) -> the key :func:`lookup` finds, for keys that are all text.
_LOOKED_UP: dict[tuple[tuple[str, ...], str], str | None] = {}

