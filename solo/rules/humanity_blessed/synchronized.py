"""Synchronized Spark (Humanity, Blessed, Step Four abilities): a spark whose second stat is a
willing companion's, written ``spark_with: <companion id>`` beside ``spark: <their stat>``.

Our reading, where the book leaves it to the table:

* Both characters must have the ability and the two stats must be balanced (the same die), as
  for any spark; the same stat name on each side is fine, since they are two characters' stats.
* The cost is "paid between the two". The engine keeps blessing dice only for the player's
  characters (a companion's are not tracked from scene to scene), so the player's pool pays the
  pair; a companion's willingness is their stat.
* "Acting as a group" is the roll's nature, not more dice: the roll is the player's and the
  companion's together, so it takes no ``group_with`` median and no Ascendant third stat.

This module reads the companion and says why such a spark cannot be rolled; ``parsing.py``
takes the spark stat from the companion and ``planning.py`` asks :func:`refusal`.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.tables import err
from solo.rules.reasons import Step, reason

#: The ability's key as ``character.abilities`` normalises it.
ABILITY = "synchronizedspark"


def partner(value: object) -> Character | None:
    """The companion named by ``spark_with``: the engine and ``solo validate`` pass a prepared
    character (alone or as a one-item list), a stored record its data."""
    if value is None or value == []:
        return None
    if isinstance(value, (list, tuple)):
        if len(value) != 1:
            raise err(f"spark_with names one companion (got {len(value)})", param="spark_with")
        value = value[0]
    if isinstance(value, Mapping):
        value = Character.from_dict(value)
    if not isinstance(value, Character):
        raise err(f"spark_with names a companion who sparks with the character (got {value!r})",
                  param="spark_with")
    return value


def refusal(character: Character | None, mate: Character, override: bool) -> Step | None:
    """Why the companion's stat cannot join the spark, as a ``no-spark`` reason (None: it can).
    A roll from a bare die (``override``) has no character to ask."""
    if override:
        return None
    if character is not None and ABILITY not in abilities(character):
        return reason("no-spark", why="no-sync", who=mate.name or mate.id)
    if ABILITY not in abilities(mate):
        return reason("no-spark", why="no-sync-mate", who=mate.name or mate.id)
    return None


def note(mate: Character, stat: str, pair: bool = False) -> Step:
    """The roll's note that its spark stat is the companion's: through Synchronized Spark, or
    (``pair``) a Double Trouble pair of summons, which needs no Synchronized Spark."""
    return reason("paired" if pair else "synchronized", who=mate.name or mate.id, stat=stat)


def as_params(mate: Character) -> dict[str, Any]:
    """What a record keeps to parse the spark back (the companion's data)."""
    return {"spark_with": [mate.to_dict()]}
