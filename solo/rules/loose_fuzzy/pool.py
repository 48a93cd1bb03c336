"""Rolling a Loose and Fuzzy pool: summed d6, the two marked dice, criticals, the lottery."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from solo.rules.dice import Dice
from solo.rules.loose_fuzzy.abilities import rules_error

MAX_EXPLOSIONS = 100
MAX_TIE_REROLLS = 100


@dataclass
class PoolRoll:
    """One roll of an ability's dice with its critical reading."""

    pool: list[int]
    confirm: int | None = None
    bonus_dice: list[int] = field(default_factory=list)
    critical: str | None = None  # "failure" | "success" | None
    capped: bool = False

    @property
    def total(self) -> int:
        return sum(self.pool) + sum(self.bonus_dice)

    @property
    def all_dice(self) -> list[int]:
        extra = [] if self.confirm is None else [self.confirm]
        return self.pool + extra + self.bonus_dice


def roll_pool(dice: Dice, count: int) -> PoolRoll:
    """Roll ``count`` d6 (at least one): the first two are the marked dice; double 6s add
    exploding bonus dice, double 1s are a critical failure; one die is confirmed by a second."""
    count = max(1, count)
    result = PoolRoll(dice.rolls(count, 6))
    if count == 1:
        face = result.pool[0]
        if face in (1, 6):
            result.confirm = dice.roll(6)
            if result.confirm == face:
                result.critical = "failure" if face == 1 else "success"
    elif result.pool[0] == result.pool[1] and result.pool[0] in (1, 6):
        result.critical = "failure" if result.pool[0] == 1 else "success"
    if result.critical == "success":
        while True:
            if len(result.bonus_dice) >= MAX_EXPLOSIONS:
                result.capped = True
                break
            face = dice.roll(6)
            result.bonus_dice.append(face)
            if face != 6:
                break
    return result


def roll_sum(dice: Dice, count: int) -> int:
    """A plain sum of ``count`` d6, no criticals (the lottery)."""
    return sum(dice.rolls(max(1, count), 6))


def lottery(dice: Dice, entrants: Mapping[str, int]) -> tuple[str, list[dict[str, int]]]:
    """Everyone rolls their Luck (or Unluck) dice; the highest sum is picked. Ties among the
    highest roll again. Returns the winner and every round of sums."""
    if not entrants:
        raise rules_error("a lottery needs at least one entrant")
    names = sorted(entrants)
    rounds: list[dict[str, int]] = []
    for _ in range(MAX_TIE_REROLLS + 1):
        sums = {name: roll_sum(dice, int(entrants[name])) for name in names}
        rounds.append(sums)
        best = max(sums.values())
        names = [n for n in names if sums[n] == best]
        if len(names) == 1:
            break
    return names[0], rounds

