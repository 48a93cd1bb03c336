"""A GAME character as ``solo analyze`` keys its game states: what later rules read.

Rerolls are left out. The analysis plays every roll as the exact odds assume, keeping it (GAME
gives the analyzer no other dice play, see :func:`solo.playtest.policies.dice_decision`), so the
reroll offer is never taken there; no fight procedure reads the count, and what the adventure
end does with unspent rerolls (they are lost) happens after the ending, outside the analysis.
Awards only add to the count. So two characters that differ only in their rerolls play every
analysed step alike. An adventure whose expressions read ``resource("rerolls")`` keeps them:
the analyzer's state key puts back every resource an expression reads.
"""

from __future__ import annotations

from solo.rules.base import Character


def view(character: Character) -> Character:
    """A copy of ``character`` without its rerolls (``character`` is not changed)."""
    data = character.to_dict()
    (data.get("resources") or {}).pop("rerolls", None)
    return Character.from_dict(data)
