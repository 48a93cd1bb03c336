"""GAME combat helpers: damage dice, criticals, stuns, parries, blocks, armour."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from solo.rules.dice import Dice
from solo.rules.game.odds import add_probability
from solo.rules.game.skills import DIE, rules_error

ARMOUR_RATING: dict[str, int] = {"none": 0, "light": 1, "heavy": 2, "bulky": 3}


@dataclass(frozen=True)
class Damage:
    """Damage dice as rolled and what they do."""

    dice: tuple[int, ...]
    criticals: int
    stun: bool
    fp_lost: int


def critical_from(group: int = 1) -> int:
    """Lowest damage-die face that is a critical: 8 alone, one lower per group member beyond one."""
    members = max(1, min(int(group), DIE))
    return DIE + 1 - members


def damage_dice_count(excess: int, riposte: int = 0, blocked: int = 0) -> int:
    """Damage dice of a hit: its excess plus a successful riposte's, minus a block/dodge's."""
    return max(0, excess + riposte - blocked)


def parry_excess(excess: int, talent: int) -> int:
    """A parry's effective excess is capped by the Hack/Slash talent level."""
    return max(0, min(excess, talent))


def read_damage(faces: Iterable[int], ar: int = 0, group: int = 1) -> Damage:
    """FP lost = dice + criticals − AR (not below 0); any 1 stuns."""
    faces = tuple(int(f) for f in faces)
    low = critical_from(group)
    crits = sum(1 for f in faces if f >= low)
    fp = max(0, len(faces) + crits - int(ar))
    return Damage(faces, crits, any(f == 1 for f in faces), fp)


def roll_damage(dice: Dice, count: int, ar: int = 0, group: int = 1) -> Damage:
    """Roll ``count`` damage dice and read them."""
    if count < 0:
        raise rules_error(f"damage dice cannot be negative (got {count})")
    return read_damage(dice.rolls(count, DIE), ar, group)


def damage_distribution(count: int, ar: int = 0, group: int = 1) -> dict[int, Fraction]:
    """Exact distribution of FP lost (criticals are binomial over the dice)."""
    from math import comb

    p = Fraction(DIE + 1 - critical_from(group), DIE)
    dist: dict[int, Fraction] = {}
    for crits in range(count + 1):
        prob = comb(count, crits) * p**crits * (1 - p) ** (count - crits)
        add_probability(dist, max(0, count + crits - ar), prob)
    return dict(sorted(dist.items()))


def stun_chance(count: int) -> Fraction:
    """P(at least one damage die shows 1)."""
    return 1 - Fraction(DIE - 1, DIE) ** count
