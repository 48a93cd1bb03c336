"""Dice that answer from a script, and the walk over every script, most likely first.

Finding the distinct results of a random procedure (a check, a fight exchange, an endeavour's
step) comes down to one idea, used by the analyzer (:mod:`solo.analyze.classes`) and by the
rulesets' own outcome classes (GUTS+ and Loose and Fuzzy fights): run the procedure on
:class:`ScriptedDice`, which answer each die from a script; when the script runs out they raise
:class:`Missing` with the answers the next die can take and their probabilities, and
:func:`walk` runs the procedure again once per longer script, most likely scripts first,
grouping finished runs by what the caller says tells them apart. A die answers with a face, a
pool of two or more dice rolled together with an ascending tuple of faces (its multiset:
:func:`~solo.rules.dice.pool_multisets`), unless the rules read the order of a pool's dice
(``ordered``: drawn die by die). Rules that answer whole rolls at once (an index into a roll's
classes) build on the same two pieces: their dice call :meth:`ScriptedDice.answer`.

The rules package cannot import the analyzer; this module is where both find it.

**The analysis's deadline and memory limit.** An analysis runs within a time and a memory
budget, and the rulesets' own enumerations (a GUTS+ fight start, a Humanity, Blessed call walk)
can take seconds and hundreds of MB once begun. While :func:`stop_at` is in force every
:func:`walk`, and every enumeration loop of the rules that calls :func:`check_stop`, raises
:class:`OutOfTime` once the clock given passes the deadline, and :class:`OutOfMemory` once the
memory gauge given (the process's peak resident size, looked at every :data:`MEMORY_EVERY`
calls: a system call) passes the limit. Both are :class:`OutOfBudget`, a ``BaseException`` so
that the rules' ``except Exception`` (an error met while playing a script is a class of its own)
lets it through, and nothing half-enumerated is memoised on the way out: the explorer catches it
at the step and counts the step's mass not run yet as unexplored.
"""

from __future__ import annotations

import contextlib
import contextvars
import heapq
import itertools
import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Hashable, Iterator

from solo.rules.dice import Dice, DiceError, pool_multisets

Choices = list[tuple[Any, Fraction]]


class OutOfBudget(BaseException):
    """The analysis's budget (:func:`stop_at`) ran out during an enumeration."""


class OutOfTime(OutOfBudget):
    """The analysis's deadline (:func:`stop_at`) passed during an enumeration."""


class OutOfMemory(OutOfBudget):
    """The analysis's memory limit (:func:`stop_at`) was passed during an enumeration."""


#: :func:`check_stop` calls between looks at the memory gauge (a system call, about a
#: microsecond: a look per call would cost a few percent of a fast enumeration).
MEMORY_EVERY = 64


@dataclass
class _Stop:
    clock: Callable[[], float]
    deadline: float
    memory: Callable[[], float] | None
    limit: float
    calls: int = 0


#: The budget of the analysis in progress, or None.
_STOP: contextvars.ContextVar[_Stop | None] = contextvars.ContextVar("stop", default=None)


@contextlib.contextmanager
def stop_at(clock: Callable[[], float], deadline: float, memory: Callable[[], float] | None = None,
            limit: float = math.inf) -> Iterator[None]:
    """Within the block, :func:`check_stop` raises :class:`OutOfTime` once ``clock()`` passes
    ``deadline``, and :class:`OutOfMemory` once ``memory()`` (MB) passes ``limit``."""
    token = _STOP.set(_Stop(clock, deadline, memory, limit))
    try:
        yield
    finally:
        _STOP.reset(token)


def check_stop() -> None:
    """Raise :class:`OutOfTime` when an analysis's deadline (:func:`stop_at`) has passed, and
    :class:`OutOfMemory` when its memory limit has (looked at every :data:`MEMORY_EVERY` calls,
    the first call included)."""
    stop = _STOP.get()
    if stop is None:
        return
    if stop.clock() > stop.deadline:
        raise OutOfTime()
    if stop.memory is not None:
        stop.calls += 1
        if (stop.calls - 1) % MEMORY_EVERY == 0 and stop.memory() > stop.limit:
            raise OutOfMemory()


class Missing(Exception):
    """The script ran out: ``choices`` are the next answer's values with their probabilities."""

    def __init__(self, choices: Choices) -> None:
        super().__init__("a die not in the script")
        self.choices = choices


class LeftOut(Exception):
    """The script took a share its choices leave out (an exploding tail past the depth listed,
    a roll whose least likely scripts were not walked): :func:`walk` counts it as the rest."""


class ScriptedDice(Dice):
    """Dice answering from ``script``: an int per die, an ascending tuple per pool (or a die at
    a time when ``ordered``). Past its end, :class:`Missing` with the choices, or, when
    ``strict`` (a message), a :class:`~solo.rules.dice.DiceError` saying it: a replay of a
    class's faces must never need more than they hold."""

    def __init__(self, script: list[Any], ordered: bool = False, strict: str | None = None) -> None:
        super().__init__(0)
        self.script = script
        self.used = 0
        self.ordered = ordered
        self.strict = strict

    def answer(self, choices: Callable[[], Choices]) -> Any:
        """The next answer of the script (``choices()`` says what it may be, when asked)."""
        if self.used < len(self.script):
            self.used += 1
            return self.script[self.used - 1]
        if self.strict is not None:
            raise DiceError(self.strict)
        raise Missing(choices())

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        return int(self.answer(lambda: [(f, Fraction(1, sides)) for f in range(1, sides + 1)]))

    def rolls(self, n: int, sides: int) -> list[int]:
        if n < 2 or self.ordered:
            return [self.roll(sides) for _ in range(n)]
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += n
        return list(self.answer(lambda: pool_multisets(n, sides)))


@dataclass
class Walked:
    """What :func:`walk` found: ``groups`` maps each key to [its probability, its first (most
    likely) script]; ``rest`` is the probability of the scripts not walked or left out."""

    groups: dict[Hashable, list[Any]]
    rest: Fraction
    runs: int


def walk(run: Callable[[list[Any]], Hashable], cap: float = math.inf, deadline: float = math.inf,
         clock: Callable[[], float] = time.monotonic, every: int = 64, least: float = 0.0) -> Walked:
    """Call ``run(script)`` once per script, most likely first, starting from the empty one.
    ``run`` returns the key of its result, or raises :class:`Missing` (each of its choices
    becomes a longer script to walk) or :class:`LeftOut` (its probability is the rest). After
    ``cap`` runs, or when ``clock()`` passes ``deadline`` (looked at every ``every`` runs), the
    scripts not walked yet are the rest, and so is every script less likely than ``least`` (a
    bumping die's endless chain of 1s: walked to its cap it is one run a depth, each longer than
    the one before). Past the analysis's deadline or memory limit (:func:`stop_at`, looked at
    every run) it raises :class:`OutOfTime` or :class:`OutOfMemory`."""
    groups: dict[Hashable, list[Any]] = {}
    heap: list[tuple[float, int, list[Any], Fraction]] = [(-1.0, 0, [], Fraction(1))]
    order = itertools.count(1)
    runs = 0
    rest = Fraction(0)
    while heap:
        if runs >= cap or (runs % every == every - 1 and clock() > deadline):
            rest += sum((p for _, _, _, p in heap), Fraction(0))
            break
        check_stop()
        negative, _, script, p = heapq.heappop(heap)
        if -negative < least:  # the most likely left is too unlikely: so is all the rest
            rest += p + sum((q for _, _, _, q in heap), Fraction(0))
            break
        runs += 1
        try:
            found = run(script)
        except Missing as missing:
            for answer, q in missing.choices:
                if q:
                    heapq.heappush(heap, (-float(p * q), next(order), script + [answer], p * q))
            continue
        except LeftOut:
            rest += p
            continue
        entry = groups.get(found)
        if entry is None:
            groups[found] = [p, script]
        else:
            entry[0] += p
    return Walked(groups, rest, runs)
