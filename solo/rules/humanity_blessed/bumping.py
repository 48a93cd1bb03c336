"""Bumping and capped dice (humanity-blessed): the dice themselves, rolling them, exact odds.

A bumping die is rolled again and added while it shows a bumping reading (normally 1). A *group*
(``2d6``) bumps as a whole: when any of its dice shows a bumping reading, every die of the group is
rolled again and the new readings are added. A capped die ``dcX`` is the smallest standard die
(d4, d6, d8, d10) that can show X, with readings above X read as X; ``dc1`` always reads 1, is
never rolled and never bumps.

Exact odds rest on one fact: a round that bumps adds at least 1 to the total (every reading is at
least 1), so a chain of d bumps totals more than d. The probability of every total up to any
bound m is therefore a finite sum, and ``P(total >= t) = 1 - P(total <= t - 1)`` is exact with no
truncation. This module owns those dice models, their rolling with a hard cap on bump chains, and
the exact distributions and means (all as :class:`~fractions.Fraction`).

A die and a group are frozen values, so their exact distributions are kept by them (a
``functools.lru_cache`` keyed on the group and the bound): rulesets ask the same few again and
again while a game is played. The cached dictionaries are copied before they are handed out.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from solo.errors import SoloError
from solo.rules.dice import Dice

#: Standard die sizes of the game, smallest first.
STANDARD_SIZES: tuple[int, ...] = (4, 6, 8, 10)
#: Hard cap on the number of bumps one roll may chain (a safety net; the chance of reaching it
#: is far below anything a game could notice).
MAX_BUMPS = 1000

_DIE_RE = re.compile(r"^\s*d(c?)(\d+)\s*$", re.IGNORECASE)


class DieError(SoloError, ValueError):
    """A die notation that the game does not have (``d12``, ``dc11``, ``x``)."""


@dataclass(frozen=True)
class Die:
    """One bumping die: what each physical face reads and which readings bump.

    ``sides`` is the physical die rolled (0 for ``dc1``, which is never rolled); ``readings`` has
    one entry per face, faces being equally likely; ``bumps_on`` holds the readings that bump.
    """

    name: str
    sides: int
    readings: tuple[int, ...]
    bumps_on: frozenset[int]

    @property
    def standard(self) -> bool:
        """Whether this is an unmodified standard die (d4, d6, d8, d10)."""
        return self.name in {f"d{s}" for s in STANDARD_SIZES}

    def read(self, face: int) -> int:
        return self.readings[face - 1]

    def bumps(self, reading: int) -> bool:
        return reading in self.bumps_on


def capped_die(cap: int) -> Die:
    """The die ``dc<cap>``: the smallest standard die that can show ``cap``, read at most ``cap``."""
    if cap < 1:
        raise DieError(f"a capped die needs a cap of at least 1 (got dc{cap})")
    if cap == 1:
        return Die("dc1", 0, (1,), frozenset())
    for size in STANDARD_SIZES:
        if size >= cap:
            return Die(f"dc{cap}", size, tuple(min(f, cap) for f in range(1, size + 1)), frozenset({1}))
    raise DieError(f"no standard die can show {cap} (dc{cap}); the largest is d{STANDARD_SIZES[-1]}")


def standard_die(size: int) -> Die:
    if size not in STANDARD_SIZES:
        sizes = ", ".join(f"d{s}" for s in STANDARD_SIZES)
        raise DieError(f"the game's dice are {sizes} (got d{size})")
    return Die(f"d{size}", size, tuple(range(1, size + 1)), frozenset({1}))


def parse_die(text: object) -> Die:
    """``"d6"`` or ``"dc3"`` (case-insensitive) to a :class:`Die`; raises :class:`DieError`."""
    if type(text) is str:  # the common case, read many times a roll: a die is immutable, kept by its text
        found = _PARSED.get(text)
        if found is not None:
            return found
    match = _DIE_RE.match(str(text))
    if not match:
        raise DieError(f"expected a die such as d4, d6, d8, d10 or dc2 (got {text!r})")
    number = int(match.group(2))
    die = capped_die(number) if match.group(1) else standard_die(number)
    if type(text) is str and len(_PARSED) < _PARSED_LIMIT:
        _PARSED[text] = die
    return die


#: :func:`parse_die` of the texts read so far (a die's every field is immutable).
_PARSED: dict[str, Die] = {}
_PARSED_LIMIT = 1024


def is_die(text: object) -> bool:
    try:
        parse_die(text)
    except DieError:
        return False
    return True


def upgrade_size(die: Die) -> int | None:
    """The next standard size after a standard die (None for d10 or a capped die)."""
    if not die.standard:
        return None
    index = STANDARD_SIZES.index(die.sides)
    return STANDARD_SIZES[index + 1] if index + 1 < len(STANDARD_SIZES) else None


def with_ache(die: Die) -> Die:
    """The top physical face reads as the face below it (the Ache condition)."""
    if die.sides < 2:
        return die
    readings = die.readings[:-1] + (die.readings[-2],)
    return replace(die, readings=readings)


def with_bumps(die: Die, readings: Iterable[int]) -> Die:
    """The die bumping on exactly ``readings`` (empty: it never bumps)."""
    if die.sides == 0:
        return die
    return replace(die, bumps_on=frozenset(readings))


@dataclass(frozen=True)
class Group:
    """Dice rolled together that bump together; ``bonus`` is added each time the group bumps."""

    dice: tuple[Die, ...]
    bonus: int = 0

    @property
    def name(self) -> str:
        names = [d.name for d in self.dice]
        if len(set(names)) == 1 and len(names) > 1:
            return f"{len(names)}{names[0]}"
        return "+".join(names)


def single(die: Die, bonus: int = 0) -> Group:
    return Group((die,), bonus)


# -- rolling --------------------------------------------------------------------------------


@dataclass
class Rolled:
    """One roll of a group: the faces drawn, their readings round by round, and the total."""

    faces: list[int]  # physical faces in the order drawn (dc1 draws nothing)
    rounds: list[list[int]]  # readings, one list per round
    bumps: int
    natural: int  # sum of every reading
    bonus: int  # group bonus times bumps
    capped: bool  # the bump chain hit MAX_BUMPS

    @property
    def total(self) -> int:
        return self.natural + self.bonus


def roll(dice: Dice, group: Group, max_bumps: int = MAX_BUMPS, first: Sequence[int] = ()) -> Rolled:
    """Roll a group, bumping while any die shows a bumping reading (at most ``max_bumps`` times).

    ``first`` holds faces already thrown for the first dice of the first round (a basic check's
    first roll that a spark then joins); they are read, not drawn again. Dice that answer a
    whole group at once (a method ``roll_group``: the analyzer's, while it lists the classes of a
    fight's roll, :mod:`.fight.roll_classes`) are asked first; None from them means "draw it".
    """
    own = getattr(dice, "roll_group", None)
    if own is not None:
        found = own(group, max_bumps, tuple(first))
        if found is not None:
            return found
    faces: list[int] = []
    rounds: list[list[int]] = []
    bumps = 0
    capped = False
    thrown = list(first)
    while True:
        readings = []
        for die in group.dice:
            if die.sides == 0:
                readings.append(die.readings[0])
                continue
            face = thrown.pop(0) if thrown else dice.roll(die.sides)
            faces.append(face)
            readings.append(die.read(face))
        rounds.append(readings)
        if not any(d.bumps(r) for d, r in zip(group.dice, readings)):
            break
        if bumps >= max_bumps:
            capped = True
            break
        bumps += 1
    natural = sum(sum(r) for r in rounds)
    return Rolled(faces, rounds, bumps, natural, bumps * group.bonus, capped)


# -- exact odds -----------------------------------------------------------------------------


def round_weights(group: Group) -> tuple[dict[int, int], dict[int, int], int]:
    """One round of a group: integer weights of each sum when it bumps, when it stops, and the
    number of equally likely outcomes of the round."""
    bump, stop, outcomes = _round_weights(group)
    return dict(bump), dict(stop), outcomes


@functools.lru_cache(maxsize=512)
def _round_weights(group: Group) -> tuple[dict[int, int], dict[int, int], int]:
    bump: dict[int, int] = {}
    stop: dict[int, int] = {}
    outcomes = 0
    for readings in itertools.product(*(d.readings for d in group.dice)):
        outcomes += 1
        value = sum(readings)
        target = bump if any(d.bumps(r) for d, r in zip(group.dice, readings)) else stop
        target[value] = target.get(value, 0) + 1
    if not stop:
        raise DieError(f"the group {group.name} bumps on every face and never stops")
    return bump, stop, outcomes


def total_weights(group: Group, upto: int) -> tuple[dict[int, int], int, int]:
    """Integer form of :func:`total_pmf`: ``P(total = v) = weights[v] / base**upto``, ``base``
    being the number of equally likely outcomes of one round. Returns (weights, base, upto).

    A total v comes from at most v rounds (each adds at least 1), so ``g[v] = P(v) * base**v`` is
    a whole number and obeys ``g[v] = stop[v]*base**(v-1) + sum bump[s]*base**(s+bonus-1)*g[v-s-bonus]``.
    """
    weights, base, depth = _total_weights(group, upto)
    return dict(weights), base, depth


@functools.lru_cache(maxsize=1024)
def _total_weights(group: Group, upto: int) -> tuple[dict[int, int], int, int]:
    bump, stop, base = _round_weights(group)
    g: dict[int, int] = {}
    lowest = min(list(stop) + [s + group.bonus for s in bump])
    for v in range(max(1, lowest), upto + 1):
        weight = stop.get(v, 0) * base ** (v - 1)
        for s, w in bump.items():
            step = s + group.bonus
            if v - step in g:
                weight += w * base ** (step - 1) * g[v - step]
        if weight:
            g[v] = weight
    return {v: w * base ** (upto - v) for v, w in g.items()}, base, upto


def total_pmf(group: Group, upto: int) -> dict[int, Fraction]:
    """Exact ``P(total = v)`` for every total ``v <= upto`` (totals above are simply not listed).

    The total is a stopping round plus any number of bumping rounds before it, each bumping round
    adding its sum plus the group bonus (at least 1), so the recursion only looks downwards.
    """
    return dict(_total_pmf(group, upto))


@functools.lru_cache(maxsize=1024)
def _total_pmf(group: Group, upto: int) -> dict[int, Fraction]:
    weights, base, depth = _total_weights(group, upto)
    denominator = base**depth
    return {v: Fraction(w, denominator) for v, w in weights.items()}


def after_first_face(group: Group, face: int, upto: int) -> tuple[dict[int, Fraction], Fraction]:
    """Exact ``P(total = v)`` for ``v <= upto`` and the mean total of a roll of ``group`` whose
    first die's first face is already ``face`` (a check stopped after its first roll, that a spark
    may join): the other dice of the first round are drawn, and a bump rolls the whole group on."""
    first, rest = group.dice[0], group.dice[1:]
    reading = first.read(face)
    whole = total_pmf(group, upto)
    going_on = mean(group) + group.bonus
    combos = list(itertools.product(*(d.readings for d in rest)))
    share = Fraction(1, len(combos))
    pmf: dict[int, Fraction] = {}
    expected = Fraction(0)
    for readings in combos:
        value = reading + sum(readings)
        bumped = first.bumps(reading) or any(d.bumps(r) for d, r in zip(rest, readings))
        if not bumped:
            if value <= upto:
                pmf[value] = pmf.get(value, Fraction(0)) + share
            expected += share * value
            continue
        expected += share * (value + going_on)
        for t, p in whole.items():
            v = value + group.bonus + t
            if v <= upto:
                pmf[v] = pmf.get(v, Fraction(0)) + share * p
    return pmf, expected


@functools.lru_cache(maxsize=512)
def mean(group: Group) -> Fraction:
    """Exact expected total: (mean round sum + bonus * P(bump)) / (1 - P(bump))."""
    bump, stop, outcomes = _round_weights(group)
    round_mean = Fraction(
        sum(v * w for v, w in bump.items()) + sum(v * w for v, w in stop.items()), outcomes
    )
    p_bump = Fraction(sum(bump.values()), outcomes)
    return (round_mean + group.bonus * p_bump) / (1 - p_bump)


def book_mean(die: Die, bonus: int = 0) -> Fraction:
    """The book's statistic for one die: a + b*k/c (a, b the mean non-bumping and bumping
    readings, the latter with the bump bonus; k, c the counts of bumping and other faces)."""
    bumping = [r for r in die.readings if die.bumps(r)]
    others = [r for r in die.readings if not die.bumps(r)]
    a = Fraction(sum(others), len(others))
    if not bumping:
        return a
    b = Fraction(sum(bumping), len(bumping)) + bonus
    return a + b * len(bumping) / len(others)


def convolve(p: Mapping[int, Fraction], q: Mapping[int, Fraction], upto: int) -> dict[int, Fraction]:
    """The distribution of the sum of two independent values, listed up to ``upto``."""
    out: dict[int, Fraction] = {}
    for a, pa in p.items():
        for b, qb in q.items():
            v = a + b
            if v <= upto:
                out[v] = out.get(v, Fraction(0)) + pa * qb
    return out
