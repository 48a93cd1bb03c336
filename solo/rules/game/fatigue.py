"""GAME fatigue: FP and its two kinds of loss, encumbrance, exhaustion, rest and defeat.

What a character carries in ``resources`` (all whole numbers):

``fp``
    current fatigue points, from 0 to the maximum: 8 for a PC, or ``max_fp`` when a character
    sets another (the book lets creatures have more or fewer).
``exertion``
    how many of the FP lost were lost to exertion; they all come back after an hour's rest. The
    rest of the loss (maximum − fp − exertion) is wounds, poison and other bodily harm, which
    heal one FP a week of rest.
``enc``
    encumbrance points carried (heavy things 1, bulky things 2; heavy armour 1, plate 2).

How an adventure changes them, through ``award`` (the engine's ``gain`` hook):
``fp: -N`` is a wound (N FP of bodily harm), ``fp: N`` heals (first aid, a potion); ``exertion:
N`` spends N FP on exertion, ``exertion: -N`` gets N of them back; ``enc: N`` picks up N ENC of
load and ``enc: -N`` puts it down. Time passes with the ``rest`` effect (:func:`rest`). A
Transmutery check takes its Drain itself when it is kept (:func:`take_drain`).

Decisions and readings of the book recorded here
    * FP never leave 0 to the maximum: a loss past 0 stops at 0, healing past the maximum is lost.
    * Drain is exertion: the book calls it mental effort and weariness, not bodily damage, so an
      hour's rest brings it back.
    * Healing restores wound FP before exertion FP (a potion or first aid treats harm; rest
      would bring the exertion back anyway).
    * Rest: one hour or more of it brings back every exertion FP. Wound FP come back one per full
      week of rest; shorter rests add up (the count is kept in ``extra["rest_hours"]``) while
      wounds remain, and start again from nothing once the character is whole.
    * Exhausted (FP − ENC ≤ 2): −1 on every check, however it arises (ENC 0 counts: a character
      worn down to 2 FP is exhausted).
    * Overloaded (FP − ENC ≤ 0 while carrying ENC): the book says the character is too tired to
      stand while carrying the load. Checks of Brawn and Balance skills (fighting, lifting,
      throwing, shooting, dodging, leaping, riding, sneaking) need the character on their feet,
      so they fail without a roll until the load is put down (``award: {enc: -N}``); other
      checks are rolled with the −1 of exhaustion.
    * 0 FP is defeat (:func:`incapacitated`): the engine runs the adventure's ``defeated``
      branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from solo.rules.base import Character
from solo.rules.game.skills import CHARACTERISTIC_OF, MAX_FP, as_int, rules_error
from solo.rules.values import name_key

#: FP − ENC at or below this: exhausted, −1 on checks.
EXHAUSTED_AT = 2
#: Characteristics whose skills need the character standing: an overloaded character fails them.
STANDING_CHARACTERISTICS = ("Brawn", "Balance")
HOURS_TO_RECOVER_EXERTION = 1
HOURS_PER_WOUND_FP = 7 * 24


@dataclass(frozen=True)
class Fatigue:
    """A character's FP as the rules read them."""

    fp: int
    max_fp: int
    exertion: int
    enc: int

    @property
    def wounds(self) -> int:
        """FP lost to bodily harm (the loss that is not exertion)."""
        return max(0, self.max_fp - self.fp - self.exertion)

    @property
    def left(self) -> int:
        """FP − ENC."""
        return self.fp - self.enc

    @property
    def exhausted(self) -> bool:
        return self.left <= EXHAUSTED_AT

    @property
    def overloaded(self) -> bool:
        return self.enc > 0 and self.left <= 0


def read_fatigue(character: Character) -> Fatigue:
    """Read a character's FP, exertion and ENC (``extra["enc"]`` is read when ``resources`` has
    none, as older characters kept it there)."""
    return Fatigue(*_numbers(character))


def current_fp(character: Character) -> int:
    """``read_fatigue(character).fp``, without building a :class:`Fatigue` (every look of a
    fight reads each fighter's FP)."""
    return _numbers(character)[0]


def max_fp_of(character: Character) -> int:
    """``read_fatigue(character).max_fp``, without building a :class:`Fatigue`."""
    return _numbers(character)[1]


def _numbers(character: Character) -> tuple[int, int, int, int]:
    """FP, max FP, exertion and ENC as :func:`read_fatigue` reads them, without building a
    :class:`Fatigue` (asked on every step: :func:`incapacitated`, every check)."""
    res = character.resources
    max_fp = res.get("max_fp", MAX_FP)
    fp = res.get("fp", max_fp)
    exertion = res.get("exertion", 0) or 0
    enc = (res["enc"] if "enc" in res else character.extra.get("enc", 0)) or 0
    if type(max_fp) is int and type(fp) is int and type(exertion) is int and type(enc) is int:
        return fp, max_fp, exertion, enc  # plain whole numbers: what as_int gives back for them
    max_fp = as_int(max_fp, "resources.max_fp")
    fp = as_int(res.get("fp", max_fp), "resources.fp")
    return fp, max_fp, as_int(exertion, "resources.exertion"), as_int(enc, "resources.enc")


def check_fatigue(character: Character) -> None:
    """Raise :class:`RulesError` when FP, exertion or ENC break their bounds."""
    now = read_fatigue(character)
    if now.max_fp < 1:
        raise rules_error(f"max FP is at least 1 (got {now.max_fp})")
    if not 0 <= now.fp <= now.max_fp:
        raise rules_error(f"FP run 0-{now.max_fp} (got {now.fp})")
    if not 0 <= now.exertion <= now.max_fp - now.fp:
        raise rules_error(
            f"exertion counts FP lost to exertion, 0-{now.max_fp - now.fp} at {now.fp} FP "
            f"(got {now.exertion})"
        )
    if now.enc < 0:
        raise rules_error(f"ENC cannot be negative (got {now.enc})")


def _store(character: Character, fp: int, exertion: int) -> None:
    character.resources["fp"] = fp
    if exertion or "exertion" in character.resources:
        character.resources["exertion"] = exertion


def _state_line(character: Character) -> list[str]:
    now = read_fatigue(character)
    if now.fp <= 0:
        return [f"0 FP: {character.name or 'the character'} is defeated"]
    if now.overloaded:
        return [f"FP {now.fp} − ENC {now.enc} = {now.left}: too tired to stand while carrying "
                "the load; Brawn and Balance checks fail until something is put down"]
    if now.exhausted:
        return [f"FP {now.fp} − ENC {now.enc} = {now.left}: exhausted, −1 on every check"]
    return []


def lose(character: Character, amount: int, *, exertion: bool, why: str = "") -> list[str]:
    """Take ``amount`` FP (never below 0), as exertion or as wounds; return what happened."""
    now = read_fatigue(character)
    taken = max(0, min(amount, now.fp))
    _store(character, now.fp - taken, now.exertion + (taken if exertion else 0))
    kind = "exertion, back after an hour's rest" if exertion else "wounds, one heals a week"
    head = f"{why}: " if why else ""
    lines = [f"{head}FP {now.fp} → {now.fp - taken} ({kind})"]
    if taken < amount:
        lines.append(f"FP stop at 0: {amount - taken} more had nothing to take")
    return lines + _state_line(character)


def heal(character: Character, amount: int) -> list[str]:
    """Restore ``amount`` FP, wound FP first, never past the maximum."""
    now = read_fatigue(character)
    restored = max(0, min(amount, now.max_fp - now.fp))
    from_exertion = max(0, restored - now.wounds)
    _store(character, now.fp + restored, now.exertion - from_exertion)
    lines = [f"FP {now.fp} → {now.fp + restored}"]
    if restored < amount:
        lines.append(f"FP stop at {now.max_fp}: {amount - restored} had nothing to restore")
    return lines + _state_line(character)


def recover_exertion(character: Character, amount: int) -> list[str]:
    """Get back up to ``amount`` of the FP lost to exertion."""
    now = read_fatigue(character)
    back = max(0, min(amount, now.exertion))
    _store(character, now.fp + back, now.exertion - back)
    lines = [f"FP {now.fp} → {now.fp + back} ({back} exertion FP back)"]
    if back < amount:
        lines.append(f"only {back} FP were lost to exertion")
    return lines + _state_line(character)


def carry(character: Character, amount: int) -> list[str]:
    """Pick up (or put down, when negative) ``amount`` ENC of load."""
    now = read_fatigue(character)
    enc = max(0, now.enc + amount)
    character.resources["enc"] = enc
    character.extra.pop("enc", None)
    lines = [f"ENC {now.enc} → {enc}: FP − ENC = {now.fp - enc}"]
    if now.enc + amount < 0:
        lines.append("ENC stops at 0: nothing more to put down")
    return lines + _state_line(character)


def gain(character: Character, resource: str, amount: int) -> list[str] | None:
    """An adventure's award of ``fp``, ``exertion`` or ``enc``; ``None`` for anything else."""
    key = name_key(resource)
    if key == "fp":
        return heal(character, amount) if amount >= 0 else lose(character, -amount, exertion=False)
    if key == "exertion":
        if amount >= 0:
            return lose(character, amount, exertion=True)
        return recover_exertion(character, -amount)
    if key == "enc":
        return carry(character, amount)
    if key == "maxfp":
        raise rules_error("max FP does not change in play (the book: endurance does not grow)")
    return None


def check_award(resource: str, amount: object, character: Character | None = None) -> None:
    """Raise :class:`RulesError` when an adventure's award cannot be given as written: GAME awards
    are whole numbers, and the maximum FP is not awarded (endurance does not grow)."""
    if isinstance(amount, Mapping):
        raise rules_error(f"{resource} is awarded as a number, not per name")
    if name_key(resource) == "maxfp":
        raise rules_error("max FP does not change in play (the book: endurance does not grow)")


def take_drain(character: Character, amount: int) -> list[str]:
    """Transmutery Drain: ``amount`` FP of exertion."""
    if amount <= 0:
        return []
    return lose(character, amount, exertion=True, why=f"Drain {amount} FP")


def rest(character: Character, hours: int) -> list[str]:
    """The character rests ``hours`` hours: exertion comes back after one, a wound FP per week."""
    if hours <= 0:
        return []
    now = read_fatigue(character)
    lines = []
    exertion_back = now.exertion if hours >= HOURS_TO_RECOVER_EXERTION else 0
    wounds = now.wounds
    rested = int(character.extra.get("rest_hours", 0) or 0) + hours if wounds else 0
    healed = min(wounds, rested // HOURS_PER_WOUND_FP)
    rested -= healed * HOURS_PER_WOUND_FP
    fp = now.fp + exertion_back + healed
    _store(character, fp, now.exertion - exertion_back)
    if wounds - healed > 0:
        character.extra["rest_hours"] = rested
    else:
        character.extra.pop("rest_hours", None)
    what = []
    if exertion_back:
        what.append(f"{exertion_back} exertion FP back")
    if healed:
        what.append(f"{healed} wound FP healed")
    span = _span(hours)
    if what:
        lines.append(f"{span} of rest: {', '.join(what)} (FP {now.fp} → {fp})")
    else:
        lines.append(f"{span} of rest: nothing to recover" if not wounds else
                     f"{span} of rest: wounds heal one FP a week ({_span(rested)} of rest towards the next)")
    return lines + _state_line(character)


def _span(hours: int) -> str:
    weeks, rest_hours = divmod(hours, HOURS_PER_WOUND_FP)
    days, rest_hours = divmod(rest_hours, 24)
    parts = [f"{n} {unit}{'' if n == 1 else 's'}" for n, unit in
             ((weeks, "week"), (days, "day"), (rest_hours, "hour")) if n]
    return " ".join(parts)


def encumbrance_effect(fp: int, enc: int) -> str:
    """``none``, ``exhausted`` (FP − ENC ≤ 2: −1 to checks) or ``overloaded`` (≤ 0: can't stand)."""
    left = int(fp) - int(enc)
    if left <= 0:
        return "overloaded"
    if left <= EXHAUSTED_AT:
        return "exhausted"
    return "none"


def is_exhausted(character: Character) -> bool:
    """The ``exhausted`` condition, or FP − ENC ≤ 2 when the character tracks FP."""
    if character.conditions and any(name_key(c) == "exhausted" for c in character.conditions):
        return True
    if character.resources.get("fp") is None:
        return False
    fp, _, _, enc = _numbers(character)
    return fp - enc <= EXHAUSTED_AT


def cannot_stand(character: Character, skill: str) -> bool:
    """Whether an overloaded character fails a check of ``skill`` without a roll."""
    if not skill or character.resources.get("fp") is None:
        return False
    fp, _, _, enc = _numbers(character)
    return enc > 0 and fp - enc <= 0 and CHARACTERISTIC_OF[skill] in STANDING_CHARACTERISTICS


def incapacitated(character: Character) -> str | None:
    """``"0 FP"`` when the character is defeated, else ``None``."""
    if character.resources.get("fp") is None:
        return None
    return "0 FP" if _numbers(character)[0] <= 0 else None
