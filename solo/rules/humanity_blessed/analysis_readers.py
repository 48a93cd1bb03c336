"""Which steps read a Humanity, Blessed character's blessing pool, for the state key of ``solo analyze``.

The pool (``resources["blessings"]``) is read by:

- a conflict's procedures (fights and endeavours pay sparks, Enmity and the like from it);
- a check or contest that declares a spark (``spark``, ``spark_with``, ``ascendant``: planning
  picks the pair that pays for it), pays for Enmity (``synchronized``) or is answered by an open
  defence (``defending``: parking a stat with a pair);
- the shop (an ``advance`` effect: extra upgrades cost blessing dice);
- expressions, through ``resource("blessings")``;
- the offers on a roll (Help, Blessed Luck, insurance...). ``solo analyze`` plays rolls as the
  exact odds do, and this system's odds take no offer, so the analysis never reads them; a
  ruleset that named offers for the odds to take (``odds_play``) would make every check a reader.

No other step reads it: gains only append to it. The session's lucky number and its "first win
by 6 or more" (``extra["session"]``: ``lucky_number``, ``big_win``) only decide how many blessing
dice a roll earns into the pool, so they are unread exactly when the pool is. With no reader
ahead, :func:`forget` puts all three in one form (an empty pool, no lucky number, the big win
had, none owed: :mod:`.owed_blessings`): two characters that differ only there play on alike.
"""

from __future__ import annotations

from typing import Any, Iterable

from solo.rules.base import Character

#: The part named when the pool (and what only feeds it) is unread.
POOL = "blessings"
#: Check parameters under which a roll reads the pool.
READING_PARAMS = ("spark", "spark_with", "ascendant", "synchronized", "defending")


def unread(checks: Iterable[Any], conflicts: bool, shop: bool, read: frozenset[str], odds_play: Iterable[str]) -> frozenset[str]:
    """The parts no step ahead reads: ``{"blessings"}`` or nothing."""
    if conflicts or shop or tuple(odds_play) or read & {"blessings", "blessing"}:
        return frozenset()
    for spec in checks:
        params = getattr(spec, "params", None) or {}
        if any(params.get(name) not in (None, False, "") for name in READING_PARAMS):
            return frozenset()
    return frozenset({POOL})


def forget(character: Character, parts: frozenset[str]) -> Character:
    """A copy of ``character`` with the ``parts`` named by :func:`unread` in one fixed form."""
    if POOL not in parts:
        return character
    data = character.to_dict()
    resources = data.setdefault("resources", {})
    if POOL in resources:
        resources[POOL] = []
    session = (data.get("extra") or {}).get("session")
    if isinstance(session, dict):
        data["extra"]["session"] = {**session, "lucky_number": None, "lucky_faces": [], "big_win": True, "owed": 0}
    return Character.from_dict(data)
