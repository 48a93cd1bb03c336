"""Outcome classes of a random procedure: its distinct results with their exact probabilities.

A fight exchange, an endeavour's step or a check whose magnitude the adventure reads draws its
dice one at a time, and running the whole engine step once per combination of faces (what the
explorer did) costs thousands of runs for a handful of distinct results. Here the procedure is
run *alone*, on copies of what it changes, once per script of dice answers (most likely first:
:mod:`solo.rules.scripted`, which the rulesets' own outcome classes build on too),
and the scripts are grouped by what the rest of the game can tell apart of their result (the
procedure's new state, every fighter's character, the round, the result; for a check its label,
branch and the fields expressions read). What the explorer then sees is one random event with a
branch per class, each carried out on the real engine by replaying the class's first script
(:class:`Replay`), so the game it reaches is exactly the one the engine plays.

A ruleset may answer faster than by enumeration: :class:`~solo.rules.base.OutcomeClasses`
(declared in ``solo/rules/base.py``) is the hook; a procedure that implements
``outcome_classes`` gives its classes in closed form and this module only replays them.
Without it the classes are enumerated here, which is exact whenever the procedure's dice are
finite; an exploding die or an exchange with more than :data:`MAX_FIGHT_RUNS` scripts (a check: :data:`MAX_RUNS`) leaves its least
likely scripts out, and their probability is reported as ``rest`` (the explorer counts it as
unexplored, so the analysis says bounded, never wrong).

Results are cached by their inputs (the procedure's state, each fighter's character, the
action), so a fight met again from a game state that differs only elsewhere (another flag, a
visited scene) is not enumerated twice: each fight exchange is solved once per entry state.
The inputs are taken as far as the procedure reads them (:func:`read_print`): a character
without the rewards that only count up (XP: no roll reads them, the assumption the explorer's
checks rest on already) and without the items that have no ``rules:`` (a ruleset reads an item
only through its rules; ``has("...")`` is an expression's read, never a roll's), and a conflict's
state as its :class:`~solo.rules.base.AnalysisState` keeps it. That is sound because the classes
are scripts of dice with their probabilities: for two inputs equal in what the procedure reads,
the same script draws the same dice and goes the same way, and two scripts that end alike from
one end alike from the other (what differs is carried along unread, or, for a conflict's state,
merged by the explorer's key anyway). The class drawn is replayed on the real inputs, so the
game the explorer reaches is the engine's own.

Pools of dice rolled together branch on their multisets (3d6: 56 ways, not 216), which is exact
for rules that read a pool by its sums, counts and pairs. Loose and Fuzzy reads its first two
dice as *marked*, so its pools are drawn die by die (:func:`ordered_pools`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Hashable

from solo.rules.base import OrdersPools, hook
from solo.rules.dice import Dice, pool_multisets  # noqa: F401  (the analyzer's name for it)
from solo.rules.scripted import Missing, ScriptedDice, walk

MAX_RUNS = 20_000  # scripts of one check before the least likely are left out
#: Scripts of one fight call (start, exchange, aftermath) before the least likely are left out:
#: an exchange runs the whole procedure (a few ms), so its cap is the explorer's old per-step one.
MAX_FIGHT_RUNS = 4_000
#: Scripts of a fight call less likely than this are left out (counted as unexplored, so the
#: analysis stays bounded, never wrong): a Humanity, Blessed endeavour's d4 bumps on every 1, and
#: walked to the cap of 1,000 bumps its chain took the whole 4,000 runs of each call (each run a
#: die longer), a class per total (blessed-harvest's vestry: 1,001 classes, 5 s a call).
LEAST_FIGHT_SCRIPT = 1e-12
MAX_CACHE = 50_000  # cached steps kept before the cache starts afresh


def ordered_pools(ruleset: object) -> bool:
    """Whether ``ruleset`` reads the order of a pool's dice (its :class:`OrdersPools` hook)."""
    found = hook(ruleset, OrdersPools)
    return bool(found is not None and found.ordered_pools)


class Replay(ScriptedDice):
    """Dice answering from a script of faces and pools (:class:`~solo.rules.scripted.ScriptedDice`);
    past its end, :class:`~solo.rules.scripted.Missing` (while enumerating) or, when given
    ``fallback`` dice (replaying a class, where it is never reached), an error."""

    def __init__(self, script: list[Any], ordered: bool = False, fallback: Dice | None = None,
                 owing: bool = False) -> None:
        super().__init__(script, ordered,
                         None if fallback is None else "a replayed outcome drew more dice than its script holds")
        self.fallback = fallback
        self.asked_classes = False  # the last answer past the script was for a drawn event
        #: Whether the rules may leave draws owed (:mod:`.owed`): only into a pool guarded
        #: already when the call began (:mod:`.fights`), the same for every run and the replay.
        self.owing = owing

    def may_owe(self, part: str) -> bool:
        """Whether the rules may leave draws into ``part`` owed (see :attr:`owing`)."""
        return self.owing

    def owe(self, character: Any, part: str) -> None:
        """Draws were left owed into ``part``: it is guarded already (:attr:`owing`)."""
        from solo.analyze.owed import Tripwire

        if type(character.resources.get(part)) is not Tripwire:
            raise AssertionError(f"draws owed into {part!r}, which is not guarded")

    def draw_classes(self, name: str, classes: Callable[[], Any], run: Callable[[Dice], Any]) -> Any:
        """A random event with known classes (:mod:`solo.rules.drawn`): one script answer."""
        from solo.analyze.given_classes import drawn_class

        self.asked_classes = self.used >= len(self.script)
        return drawn_class(self, lambda choices: self.answer(choices), name, classes, run)


@dataclass
class Classes:
    """The distinct results of one random step: ``(probability, script)`` per class, most
    likely first, and ``rest``: the probability of the scripts left out (0 when exact)."""

    found: list[tuple[Fraction, list[Any]]]
    rest: Fraction
    runs: int

    def choices(self) -> list[tuple[int, Fraction]]:
        """The classes as a random event's answers: index -> probability; -1 is the rest."""
        found = [(i, p) for i, (p, _) in enumerate(self.found)]
        return found + ([(-1, self.rest)] if self.rest else [])


def enumerate_classes(run: Callable[[Dice], Any], key: Callable[[Any], Hashable], ordered: bool = False,
                     max_runs: int = MAX_RUNS, deadline: float = math.inf,
                     clock: Callable[[], float] = time.monotonic, least: float = 0.0) -> Classes:
    """Run ``run(dice)`` once per script of dice answers, most likely first, and group the
    scripts by ``key(result)``; ``run`` must work on copies (it is called many times). Past
    ``deadline`` (by ``clock``) the scripts not run yet are the rest, as past the cap. A run
    that raises is a class of its own, keyed by its error (replaying it raises the same). Scripts
    less likely than ``least`` are the rest too."""

    def grouped(script: list[Any]) -> Hashable:
        try:
            return ("ok", key(run(Replay(script, ordered))))
        except Missing:
            raise
        except Exception as exc:  # the same error the engine meets when it plays this script
            return ("error", type(exc).__name__, str(exc))

    walked = walk(grouped, max_runs, deadline, clock, least=least)
    found = sorted(((p, s) for p, s in walked.groups.values()), key=lambda ps: -ps[0])
    return Classes(found, walked.rest, walked.runs)


def read_print(character: Any, unread: frozenset[str], ruled: frozenset[str]) -> Hashable:
    """The fingerprint of ``character`` as a roll or a fight reads it: the resources ``unread``
    (rewards no roll reads) as 0 and only the items in ``ruled`` (those with ``rules:``); see the
    module docstring for why that keys the classes soundly."""
    from solo.adventure.odds import fingerprint

    if character is None:
        return None
    drop = [k for k in unread if character.resources.get(k)]
    items = [i for i in character.items if i in ruled]
    if not drop and len(items) == len(character.items):
        return fingerprint(character)
    resources = dict(character.resources)
    for k in drop:
        resources[k] = 0
    return ("character", character.system, fingerprint(character.stats), fingerprint(resources),
            tuple(items), tuple(character.conditions), fingerprint(character.extra))


class Cache:
    """Classes by their inputs' fingerprint, kept within :data:`MAX_CACHE` entries."""

    def __init__(self) -> None:
        self.entries: dict[Hashable, Classes] = {}
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, make: Callable[[], Classes]) -> Classes:
        found = self.entries.get(key)
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        if len(self.entries) >= MAX_CACHE:
            self.entries.clear()
        found = self.entries[key] = make()
        return found
