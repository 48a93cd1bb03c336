"""Exact distributions of real rules code by walking every sequence of die faces it can draw.

The play code (a ruleset's ``check``, ``contest``, offers) is run once per path through its dice:
:class:`PathDice` answers the draws of one path and notes the size of every die drawn past it, and
:func:`distribution` walks the tree of paths depth first, so each sequence of faces the code can
draw is played exactly once, weighted by its exact probability. Comparing that with a ruleset's
computed odds checks the odds against the code that really rolls, with no sampling error.

Exploding or re-rolled dice make the tree infinite; paths whose probability falls below
``floor`` are not followed and their mass is returned as ``unexplored``, which bounds the error.
Where that bound is too loose for a floor the walk can afford, :func:`split` walks the likely
paths exactly and plays random continuations of the unexplored ones, each drawn by its
probability: the estimate's sampling error is the unexplored share's alone (a sample n times the
size over all paths would be needed for the same error where a tenth is unexplored: n = 100).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction

from solo.rules.dice import Dice


class _BelowFloor(Exception):
    """The path has become less likely than the floor: its subtree is left unexplored."""


class PathDice(Dice):
    """Dice that show the faces of ``path`` in order, then 1s, and note the size of each die.

    A draw past ``path`` that would make the path less likely than ``floor`` stops the play (a
    re-roll on ties would otherwise meet 1 against 1 for ever)."""

    def __init__(self, path: tuple[int, ...], floor: Fraction) -> None:
        super().__init__(0)
        self.path = path
        self.floor = floor
        self.sizes: list[int] = []
        self.denominator = 1  # the path so far has probability 1/denominator
        self.limit = int(1 / floor)

    def roll(self, sides: int) -> int:
        if self._forced or sides < 1:
            return super().roll(sides)  # forced faces, and the real error for a bad die
        index = len(self.sizes)
        if index >= len(self.path) and self.denominator * sides > self.limit:
            raise _BelowFloor
        self.count += 1
        self.sizes.append(sides)
        self.denominator *= sides
        return self.path[index] if index < len(self.path) else 1


@dataclass
class Distribution:
    """Exact probability of each result, and the probability of the paths not followed."""

    probabilities: dict[Hashable, Fraction]
    unexplored: Fraction
    paths: int

    def __getitem__(self, result: Hashable) -> Fraction:
        return self.probabilities.get(result, Fraction(0))


def distribution(play: Callable[[Dice], Hashable], *, floor: Fraction = Fraction(1, 10**9),
                 max_paths: int = 2_000_000, stops: list[tuple[tuple[int, ...], int]] | None = None) -> Distribution:
    """Every result of ``play(dice)`` with its exact probability over all die faces.

    ``stops``, when given, receives each path left unexplored as (its faces so far, the
    denominator of its probability): together they make up ``unexplored``."""
    weights: dict[Hashable, Counter] = {}  # result -> {denominator: number of paths}
    unexplored_weights: Counter = Counter()
    limit = int(1 / floor)
    paths = 0
    stack: list[tuple[int, ...]] = [()]
    while stack:
        path = stack.pop()
        dice = PathDice(path, floor)
        try:
            result: Hashable | _BelowFloor = play(dice)
        except _BelowFloor as stopped:
            result = stopped
        paths += 1
        if paths > max_paths:
            raise AssertionError(f"more than {max_paths} paths: raise floor or make the case smaller")
        denominator = 1
        for index, sides in enumerate(dice.sizes):
            if index >= len(path):
                # the siblings of this path's 1 at ``index``: the same draws before, another face here
                if denominator * sides > limit:
                    unexplored_weights[denominator * sides] += sides - 1
                    if stops is not None:
                        ones = path + (1,) * (index - len(path))
                        stops.extend((ones + (face,), denominator * sides) for face in range(2, sides + 1))
                else:
                    ones = path + (1,) * (index - len(path))
                    stack.extend(ones + (face,) for face in range(2, sides + 1))
            denominator *= sides
        target = unexplored_weights if isinstance(result, _BelowFloor) else weights.setdefault(result, Counter())
        target[denominator] += 1
        if stops is not None and isinstance(result, _BelowFloor):
            stops.append((path + (1,) * (len(dice.sizes) - len(path)), denominator))

    def total(counts: Counter) -> Fraction:
        return sum((Fraction(n, d) for d, n in counts.items()), Fraction(0))

    return Distribution({r: total(c) for r, c in weights.items()}, total(unexplored_weights), paths)


@dataclass
class Split:
    """The exact walk above a floor, and ``tail``: results of random plays continuing its
    unexplored paths, each path drawn by its probability (so the tail is a sample of the results
    given that play went below the floor)."""

    exact: Distribution
    tail: list = field(default_factory=list)

    def share(self, event: Callable[[Hashable], bool]) -> float:
        """The probability of ``event``: exact above the floor, estimated below it."""
        above = sum((p for r, p in self.exact.probabilities.items() if event(r)), Fraction(0))
        below = sum(1 for r in self.tail if event(r)) / len(self.tail)
        return float(above) + float(self.exact.unexplored) * below

    def share_error(self) -> float:
        """One standard error of any :meth:`share` at most (a tail share's variance is at most 1/4)."""
        return float(self.exact.unexplored) * 0.5 / math.sqrt(len(self.tail))

    def mean(self, value: Callable[[Hashable], float]) -> tuple[float, float]:
        """The expected ``value`` of a result and its standard error."""
        above = sum(float(p) * value(r) for r, p in self.exact.probabilities.items())
        values = [value(r) for r in self.tail]
        centre = sum(values) / len(values)
        spread = math.sqrt(sum((v - centre) ** 2 for v in values) / (len(values) - 1))
        weight = float(self.exact.unexplored)
        return above + weight * centre, weight * spread / math.sqrt(len(values))


def split(play: Callable[[Dice], Hashable], *, floor: Fraction, samples: int, seed: int) -> Split:
    """:func:`distribution` down to ``floor``, then ``samples`` random continuations of the
    paths below it (the real :class:`Dice`, forced to each drawn path's faces, then seeded)."""
    stops: list[tuple[tuple[int, ...], int]] = []
    exact = distribution(play, floor=floor, stops=stops)
    if not stops:
        return Split(exact, [])
    chooser = random.Random(seed)
    drawn = chooser.choices([faces for faces, _ in stops], weights=[1 / d for _, d in stops], k=samples)
    tail = []
    for faces in drawn:
        dice = Dice(chooser.randrange(2**32))
        dice.force(*faces)
        tail.append(play(dice))
    return Split(exact, tail)


def assert_matches(found: Distribution, expected: dict, *, tolerance: Fraction = Fraction(0)) -> None:
    """Every result's enumerated probability equals ``expected`` (within the unexplored mass)."""
    slack = found.unexplored + tolerance
    keys = set(expected) | set(found.probabilities)
    for key in keys:
        want = Fraction(expected.get(key, 0))
        got = found[key]
        if slack == 0:
            assert got == want, f"{key!r}: enumerated {got} ({float(got):.9f}), expected {want} ({float(want):.9f})"
        else:
            assert abs(float(got) - float(want)) <= float(slack) + 1e-15, (
                f"{key!r}: enumerated {float(got):.12f}, expected {float(want):.12f}, unexplored {float(found.unexplored):.3g}")
