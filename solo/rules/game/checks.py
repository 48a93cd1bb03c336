"""The GAME skill check as data: parse once, roll the d8s, read them (no odds, no records)."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, fields as dataclass_fields
from typing import Any, Iterable, Mapping

from solo.rules.dice import Dice
from solo.rules.game.record_words import blocked_text
from solo.rules.game.skills import DIE, DIFFICULTY_DICE, EXHAUSTION_PENALTY, TARGET, rules_error


@dataclass(frozen=True)
class GameCheck:
    """A parsed check: everything needed to roll it, read it and compute its odds."""

    skill: str  # the book's skill name, or "" when only a rating was given
    rating: int
    difficulty: str = "easy"
    bonus: int = 0
    exhausted: bool = False
    notable: bool = False
    group: int = 0  # 0 or 1: no group die
    tags: tuple[str, ...] = ()  # what the check is about (see solo.rules.game.tags)
    dice: int = 0  # d8s rolled when a trait changes them; 0: the difficulty's
    excess_cap: int | None = None  # a parry's excess counts up to the talent level
    blocked: str = ""  # why the check fails without a roll, a code ("" when it is rolled)
    talent: int = 0  # the talent level a haggle or a fast talk reads
    notes: tuple[Mapping[str, Any], ...] = ()  # what traits and talents changed, as reasons

    @property
    def dice_count(self) -> int:
        return self.dice or DIFFICULTY_DICE[self.difficulty]

    @property
    def modifier(self) -> int:
        return self.bonus - (EXHAUSTION_PENALTY if self.exhausted else 0)

    @property
    def extra_threshold(self) -> int:
        """The extra die succeeds on this value or less; 0 means no extra die is rolled."""
        threshold = max(self.group if self.group >= 2 else 0, 1 if self.notable else 0)
        return min(threshold, DIE)

    @property
    def extra_reason(self) -> str:
        reasons = []
        if self.notable:
            reasons.append("notable")
        if self.group >= 2:
            reasons.append(f"group of {self.group}")
        return " + ".join(reasons)

    @property
    def label(self) -> str:
        return self.skill or "rating"

    def to_dict(self) -> dict[str, Any]:
        """The check as plain data: every field in order, ``tags`` and ``notes`` as lists, the
        notes copied (what ``dataclasses.asdict`` gives, without its generic walk: a check is
        copied into every GAME roll's record)."""
        data = {name: getattr(self, name) for name in _FIELD_NAMES}
        data["tags"] = list(self.tags)
        data["notes"] = [deepcopy(note) for note in self.notes] if self.notes else []
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameCheck":
        fields = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        for key in ("tags", "notes"):
            if key in fields:
                fields[key] = tuple(fields[key])
        return cls(**fields)


_FIELD_NAMES = tuple(f.name for f in dataclass_fields(GameCheck))


@dataclass(frozen=True)
class CheckResult:
    """How one set of dice reads for a :class:`GameCheck`."""

    rolled: tuple[int, ...]
    extra: int | None
    lowest: int
    total: int  # rating + lowest + modifiers
    normal_success: bool
    extra_success: bool
    success: bool
    excess: int

    @property
    def extra_decided(self) -> bool:
        return self.extra_success and not self.normal_success

    @property
    def faces(self) -> list[int]:
        return list(self.rolled) + ([] if self.extra is None else [self.extra])


def capped(check: GameCheck, excess: int) -> int:
    """A success's excess as it counts (a parry's up to the talent level)."""
    return cap_excess(excess, check.excess_cap)


def cap_excess(excess: int, cap: int | None) -> int:
    """An excess as it counts under ``cap`` (None: no cap; a failure's is never capped)."""
    if cap is None or excess < 0:
        return excess
    return min(excess, cap)


def read_check(check: GameCheck, rolled: Iterable[int], extra: int | None = None) -> CheckResult:
    """Read difficulty dice (and the extra die, if the check has one) — no randomness here. A
    blocked check reads no dice and fails."""
    rolled = tuple(int(v) for v in rolled)
    if check.blocked:
        if rolled or extra is not None:
            raise rules_error(f"this check is not rolled ({blocked_text(check.blocked)})")
        return CheckResult((), None, 0, 0, False, False, False, -TARGET)
    if len(rolled) != check.dice_count:
        raise rules_error(f"a {check.difficulty} check reads {check.dice_count} dice (got {len(rolled)})")
    if (extra is None) != (check.extra_threshold == 0):
        raise rules_error("the extra die must be given exactly when the check is notable or a group")
    lowest = min(rolled)
    total = check.rating + lowest + check.modifier
    normal = total >= TARGET
    extra_ok = extra is not None and extra <= check.extra_threshold
    success = normal or extra_ok
    excess = capped(check, total - TARGET if normal or not extra_ok else 1)
    return CheckResult(rolled, extra, lowest, total, normal, extra_ok, success, excess)


def roll_check(dice: Dice, check: GameCheck) -> CheckResult:
    """Roll the difficulty dice, then the extra die if any, and read them (a blocked check rolls
    nothing)."""
    if check.blocked:
        return read_check(check, ())
    rolled = dice.rolls(check.dice_count, DIE)
    extra = dice.roll(DIE) if check.extra_threshold else None
    return read_check(check, rolled, extra)
