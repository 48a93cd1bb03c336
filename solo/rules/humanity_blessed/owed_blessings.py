"""Blessing dice awarded but not rolled yet, for ``solo analyze`` only (the ``AnalysisOwes`` hook).

An award rolls its blessing dice at once (:func:`~.session.gain`), and each one's value splits
the analyzer's states: blessed-harvest's porch awards three, 175 multisets of values, before any
step can read the pool. Nothing reads the dice between the award and the first step that reads
the pool (a fight, an endeavour, a spark, the shop, ``resource("blessings")``; the analyzer
finds that step by running it), the dice gained are independent of everything that happens in
between, and gains only append to the pool, whose order no rule reads
(:mod:`.analysis_view`). So drawing the owed dice when the pool is first read, all at once,
gives the pool the same distribution as drawing them at each award, and until then the state
holds only how many are owed.

The dice a roll earns (its lucky number, the session's first win by 6 or more) are owed the same
way (:func:`.session.earn` counts them on the record, :func:`owe_earned` when the roll stands):
which rolls earn a die is a class of the roll (:mod:`.outcome_classes` keys on it), the die's value
is drawn with the others.

Games never defer: the hook acts only for dice whose ``may_owe(resource)`` says so (the
analyzer's, which are told of each debt with ``dice.owe(character, resource)`` and then guard
the pool).
The count lives in the session (``extra["session"]["owed"]``), which only the analyzer writes.
"""

from __future__ import annotations

from typing import Any

from solo.rules.base import Character
from solo.rules.humanity_blessed.blessings import gain_blessings

#: The resource the owed dice go into.
POOL = "blessings"
#: Dice drawn as one random event at most (the gain's classes are made for up to three).
CHUNK = 3


def _allowed(dice: Any, character: Character) -> bool:
    may_owe = getattr(dice, "may_owe", None)
    return callable(may_owe) and bool(may_owe(POOL)) and isinstance(character.extra.get("session"), dict)


def defers(dice: Any, character: Character) -> bool:
    """Whether an award rolled with ``dice`` is owed instead of drawn (an open session and
    the analyzer's dice, which allow it: ``dice.may_owe(resource)``)."""
    return _allowed(dice, character)


def defers_earned(dice: Any, character: Character) -> bool:
    """Whether a die a roll earns is owed instead of drawn (as :func:`defers`; apart from it so
    that a comparison can draw awards at once and still owe what rolls earn)."""
    return _allowed(dice, character)


def owe(dice: Any, character: Character, amount: int) -> None:
    """Owe ``amount`` more blessing dice (when :func:`defers`), and tell the dice so."""
    session = character.extra["session"]
    session["owed"] = int(session.get("owed", 0)) + int(amount)
    dice.owe(character, POOL)


def owe_earned(character: Character, amount: int) -> None:
    """Owe ``amount`` more blessing dice a roll earned (:func:`.session.experience`; the roll's
    dice allowed it when it was made). The analyzer guards the pool before the roll's branch
    runs (``Owed.wake``), as it does after an award."""
    session = character.extra["session"]
    session["owed"] = int(session.get("owed", 0)) + int(amount)


def owed(character: Character) -> int:
    """How many blessing dice are owed."""
    session = character.extra.get("session")
    return int(session.get("owed", 0)) if isinstance(session, dict) else 0


def owed_part(character: Character) -> str | None:
    """The resource a step must not read while dice are owed (None: none are)."""
    return POOL if owed(character) else None


def settle(dice: Any, character: Character) -> None:
    """Draw the owed dice into the pool (in events of up to :data:`CHUNK` dice each: the dice
    are independent, so that is the same distribution as one event), and owe none."""
    count = owed(character)
    if not count:
        return
    character.extra["session"]["owed"] = 0
    pool = character.resources.setdefault(POOL, [])
    while count > 0:
        step = min(count, CHUNK)
        pool.extend(gain_blessings(dice, step))
        count -= step


#: The count owed as :func:`marked` gives it.
SOME = "some"


def marked(character: Character) -> Character:
    """A copy of ``character`` whose count owed, when dice are owed, is only :data:`SOME`: the
    key of a conflict call run with the pool guarded (``solo.analyze.fights``). Within such a call
    nothing reads the count: a read of the pool trips the guard and the step is run again with
    the dice drawn (none owed then), and dice earned only add to the count. So every way the
    call's dice can fall plays out alike, but for the same number of dice earned, whatever the
    count, and the call's classes found for one count serve every other."""
    if not owed(character):
        return character
    copy = Character.from_dict(character.to_dict())
    copy.extra["session"]["owed"] = SOME
    return copy
