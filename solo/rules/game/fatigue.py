"""GAME fatigue: encumbrance and exhaustion."""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.game.skills import as_int
from solo.rules.values import name_key


def encumbrance_effect(fp: int, enc: int) -> str:
    """``none``, ``exhausted`` (FP − ENC ≤ 2: −1 to checks) or ``overloaded`` (≤ 0: can't stand)."""
    left = int(fp) - int(enc)
    if left <= 0:
        return "overloaded"
    if left <= 2:
        return "exhausted"
    return "none"


def is_exhausted(character: Character) -> bool:
    """The ``exhausted`` condition, or FP − ENC ≤ 2 when the character tracks FP."""
    if any(name_key(c) == "exhausted" for c in character.conditions):
        return True
    fp = character.resources.get("fp")
    if fp is None:
        return False
    enc = character.extra.get("enc", 0) or 0
    return encumbrance_effect(as_int(fp, "resources.fp"), as_int(enc, "extra.enc")) != "none"
