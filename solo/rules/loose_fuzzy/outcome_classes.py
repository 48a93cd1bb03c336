"""Outcome classes of the Loose and Fuzzy fight for ``solo analyze``: a roll per event, not a die.

The fight draws its pools die by die (the two marked dice are read by position), so finding a
fight call's distinct results by trying every combination of faces (what
:mod:`solo.analyze.classes` does without this hook) meets 6**8 scripts for one 4d6-against-4d6
exchange and finishes none of them within its cap: lantern-fen's pole-fight was left unexplored,
and before the lone-rest fix reported as an engine error ("list index out of range").

Here each *roll* is one random event instead, answered by its classes:

* a pool (:func:`pool_classes`): by its critical reading (the marked pair: double 1s, double 6s,
  or neither; one die: the die and its confirming die) and its total, the exploding bonus
  included. Nothing else of a pool is read by the rules that follow (``roll_pool``'s caller reads
  ``critical`` and ``total``; the faces are narration). Each class keeps one ordered script of
  faces that produces it, so replaying it on the real ruleset gives that reading.
* an exchange (:func:`contest_classes`): by its margin and by whether each side rolled double 1s,
  the only parts of the contest's record the fight keeps (the margin becomes Advantage Points,
  double 1s drop the weapon); tied attempts are rolled again by the rules, so each class's
  probability is its share of the untied attempts (the 100-reroll cap, below 1e-90, is left out).
* a Tenacity roll (:func:`check_classes`): by success, all the fight reads of it.

The exploding bonus has no largest value: it is listed to :data:`EXPLOSION_DEPTH` sixes in a row
and what lies beyond (an exact fraction, (1/6)**depth of a critical success) is returned as the
left-out probability, which the analysis counts as unexplored: a bound, not a refusal. A Tenacity
roll needs no such cut when its lowest exploding total already succeeds (double 6s always do).

A fight call (``begin``, ``act``, ``conclude``) is then run on the real procedure once per
script of these answers, most likely first (:func:`fight_classes`), with a ruleset whose
``contest`` and ``check`` take the next answer and play its faces on the real ruleset; the
scripts are grouped by everything a later step can read (the procedure's state, round and
result, every fighter's character), as :mod:`solo.analyze.fights` groups them. What comes back
is the ``OutcomeClasses`` answer: per class its probability and the faces that produce it.
"""

from __future__ import annotations

import dataclasses
import json
import time
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Mapping, cast

from solo.rules.base import Character
from solo.rules.conflict import Conclusion, ConflictSetup, ConflictStep
from solo.rules.dice import Dice, DiceError
from solo.rules.loose_fuzzy.odds import sum_counts
from solo.rules.scripted import LeftOut, Missing, ScriptedDice, walk

#: Sixes in a row listed of the exploding bonus; past them the mass is left out (6**-6 of the
#: 1/36 chance of double 6s: under 5e-7 a pool).
EXPLOSION_DEPTH = 6
#: Scripts of one fight call run before the least likely are left out.
MAX_RUNS = 4_000
#: CPU seconds one fight call's enumeration may take before the scripts not run yet are left out
#: (a melee of four rolls three or four exchanges a call, each run costs milliseconds, and the
#: hook is not told the analysis' deadline: this keeps a call from overrunning it by much).
MAX_SECONDS = 2.0

#: A class of one roll: (probability, faces in the order drawn, what the rules read of it).
RollClass = tuple[Fraction, tuple[int, ...], Any]


def _faces_for(total: int, count: int) -> tuple[int, ...]:
    """Some ``count`` d6 that add up to ``total`` (low faces first)."""
    faces = [1] * count
    left = total - count
    for i in range(count - 1, -1, -1):
        step = min(5, left)
        faces[i] += step
        left -= step
    return tuple(faces)


def _marked(count: int) -> list[tuple[str | None, int, Fraction, tuple[int, ...]]]:
    """The start of a pool before any exploding bonus: (critical, sum, probability, faces)."""
    if count == 1:
        found = [(None, f, Fraction(1, 6), (f,)) for f in range(2, 6)]
        found += [("failure", 1, Fraction(1, 36), (1, 1)), (None, 1, Fraction(5, 36), (1, 2)),
                  ("success", 6, Fraction(1, 36), (6, 6)), (None, 6, Fraction(5, 36), (6, 1))]
        return found
    pairs: dict[tuple[str | None, int], list[Any]] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            critical = ("failure" if a == 1 else "success") if a == b and a in (1, 6) else None
            entry = pairs.setdefault((critical, a + b), [0, (a, b)])
            entry[0] += 1
    rest = sum_counts(count - 2)
    whole = 6 ** count
    merged: dict[tuple[str | None, int], list[Any]] = {}
    for (critical, pair_sum), (ways, pair) in pairs.items():
        for rest_sum, rest_ways in enumerate(rest):
            if not rest_ways:
                continue
            entry = merged.setdefault((critical, pair_sum + rest_sum),
                                      [0, pair + _faces_for(rest_sum, count - 2)])
            entry[0] += ways * rest_ways
    return [(c, s, Fraction(w, whole), faces) for (c, s), (w, faces) in sorted(merged.items(), key=repr)]


@lru_cache(maxsize=256)
def pool_classes(count: int, depth: int = EXPLOSION_DEPTH) -> tuple[tuple[RollClass, ...], Fraction]:
    """A pool of ``count`` d6 (at least one) by (critical, total), and the probability of the
    exploding bonus past ``depth`` sixes, left out."""
    count = max(1, count)
    merged: dict[tuple[str | None, int], list[Any]] = {}
    left_out = Fraction(0)

    def add(critical: str | None, total: int, p: Fraction, faces: tuple[int, ...]) -> None:
        entry = merged.setdefault((critical, total), [Fraction(0), faces])
        entry[0] += p

    for critical, total, p, faces in _marked(count):
        if critical != "success":
            add(critical, total, p, faces)
            continue
        for sixes in range(depth):
            for last in range(1, 6):
                add(critical, total + 6 * sixes + last, p * Fraction(1, 6) ** (sixes + 1),
                    faces + (6,) * sixes + (last,))
        left_out += p * Fraction(1, 6) ** depth
    found = tuple((p, faces, key) for key, (p, faces) in merged.items())
    return tuple(sorted(found, key=lambda c: -c[0])), left_out


def untied_pairs(mine: int, my_bonus: int, theirs: int, their_bonus: int
                 ) -> tuple[list[tuple[Fraction, tuple[int, ...], Any, Any, int]], Fraction, Fraction]:
    """One attempt of an exchange, ``mine`` dice plus ``my_bonus`` against ``theirs`` plus
    ``their_bonus``, each pool by :func:`pool_classes`: the untied pairs as (probability, my
    faces then theirs, my critical, their critical, margin), the probability of a tie among
    the pairs listed, and what the pools leave out (an exploding bonus past the depth)."""
    a_classes, a_out = pool_classes(mine)
    d_classes, d_out = pool_classes(theirs)
    pairs = []
    tie = Fraction(0)
    for pa, fa, (ca, ta) in a_classes:
        for pd, fd, (cd, td) in d_classes:
            margin = (ta + my_bonus) - (td + their_bonus)
            if margin == 0:
                tie += pa * pd
            else:
                pairs.append((pa * pd, fa + fd, ca, cd, margin))
    return pairs, tie, 1 - (1 - a_out) * (1 - d_out)


@lru_cache(maxsize=4096)
def contest_classes(mine: int, my_bonus: int, theirs: int, their_bonus: int
                    ) -> tuple[tuple[RollClass, ...], Fraction]:
    """An exchange by (margin, my double 1s, their double 1s), each class's probability its share
    of the untied attempts, and the probability left out (an exploding bonus past the depth)."""
    pairs, tie, left_out = untied_pairs(mine, my_bonus, theirs, their_bonus)
    merged: dict[tuple[int, bool, bool], list[Any]] = {}
    for p, faces, ca, cd, margin in pairs:
        entry = merged.setdefault((margin, ca == "failure", cd == "failure"), [Fraction(0), faces])
        entry[0] += p
    untied = 1 - tie
    found = tuple((p / untied, faces, key) for key, (p, faces) in merged.items())
    return tuple(sorted(found, key=lambda c: -c[0])), left_out / untied


def check_classes(ruleset: Any, character: Character, params: Mapping[str, Any]
                  ) -> tuple[tuple[RollClass, ...], Fraction]:
    """A check by success alone (what the fight reads of a Tenacity roll)."""
    count = ruleset.parse_check(params, character).dice
    low, _ = pool_classes(count, depth=1)
    merged: dict[bool, list[Any]] = {}
    left_out = Fraction(0)
    for p, faces, (critical, _total) in low:
        if critical == "success":
            continue
        record = ruleset.check(_Faces(faces), Character.from_dict(character.to_dict()), params)
        merged.setdefault(bool(record.success), [Fraction(0), faces])[0] += p
    # double 6s: one class when the lowest exploding total already succeeds, else listed
    for _critical, pair_total, p, faces in _marked(count):
        if _critical != "success":
            continue
        lowest = ruleset.check(_Faces(faces + (1,)), Character.from_dict(character.to_dict()), params)
        if lowest.success:
            merged.setdefault(True, [Fraction(0), faces + (1,)])[0] += p
            continue
        for sixes in range(EXPLOSION_DEPTH):
            for last in range(1, 6):
                script = faces + (6,) * sixes + (last,)
                record = ruleset.check(_Faces(script), Character.from_dict(character.to_dict()), params)
                merged.setdefault(bool(record.success), [Fraction(0), script])[0] += p * Fraction(1, 6) ** (sixes + 1)
        left_out += p * Fraction(1, 6) ** EXPLOSION_DEPTH
    found = tuple((p, faces, ok) for ok, (p, faces) in merged.items())
    return tuple(sorted(found, key=lambda c: -c[0])), left_out


def _Faces(faces: tuple[int, ...]) -> ScriptedDice:
    """Dice answering from a fixed list of faces, drawn one at a time (pools too)."""
    return ScriptedDice(list(faces), ordered=True,
                        strict="a class's faces ran out: the rules drew more dice than listed")


class _Script(ScriptedDice):
    """One script of answers: each roll of the fight (a contest, a check, any other die) takes
    the next one, an index into the roll's classes (-1: the share they leave out); the faces of
    every answer taken are kept, in order, for the replay."""

    def __init__(self, script: list[int]) -> None:
        super().__init__(script, ordered=True)
        self.faces: list[int] = []

    def take(self, choices: Callable[[], tuple[tuple[RollClass, ...], Fraction]]) -> tuple[int, ...]:
        listed, left_out = choices()
        index = self.answer(lambda: [(i, p) for i, (p, _, _) in enumerate(listed)]
                            + ([(-1, left_out)] if left_out else []))
        if index < 0:
            raise LeftOut()
        faces = listed[index][1]
        self.faces.extend(faces)
        return faces

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        faces = tuple((Fraction(1, sides), (f,), f) for f in range(1, sides + 1))
        return self.take(lambda: (faces, Fraction(0)))[0]


class ClassRules:
    """The real ruleset, its ``contest`` and ``check`` answered by class from a :class:`_Script`
    and played on the real ruleset with that class's faces (so the record is the real one)."""

    def __init__(self, ruleset: Any) -> None:
        self._ruleset = ruleset

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)

    def contest(self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]) -> Any:
        if not isinstance(dice, _Script):
            return self._ruleset.contest(dice, character, opponent, params)
        mine, theirs = self._ruleset._contest_checks(character, opponent, params)
        faces = dice.take(lambda: contest_classes(mine.dice, mine.bonus, theirs.dice, theirs.bonus))
        return self._ruleset.contest(_Faces(faces), character, opponent, params)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> Any:
        if not isinstance(dice, _Script):
            return self._ruleset.check(dice, character, params)
        frozen = Character.from_dict(character.to_dict())
        faces = dice.take(lambda: _check_cached(self._ruleset, frozen, params))
        return self._ruleset.check(_Faces(faces), character, params)


_CHECKS: dict[str, tuple[tuple[RollClass, ...], Fraction]] = {}


def _check_cached(ruleset: Any, character: Character, params: Mapping[str, Any]):
    key = json.dumps([character.to_dict(), dict(params)], sort_keys=True, default=repr)
    found = _CHECKS.get(key)
    if found is None:
        if len(_CHECKS) > 10_000:
            _CHECKS.clear()
        found = _CHECKS[key] = check_classes(ruleset, character, params)
    return found


def _copy(setup: ConflictSetup) -> ConflictSetup:
    fighters = [dataclasses.replace(f, character=Character.from_dict(f.character.to_dict())) for f in setup.fighters]
    return dataclasses.replace(setup, fighters=fighters)


def _readable(value: Any, setup: ConflictSetup) -> str:
    """Everything a later step can read of a call's result (its beats are narration)."""
    if isinstance(value, ConflictStep):
        mine: Any = [value.state, value.round, value.result]
    else:
        assert isinstance(value, Conclusion)
        mine = [value.awards, value.fallen, value.measures]
    fighters = [[f.key, f.side, f.character.to_dict()] for f in setup.fighters]
    return json.dumps([mine, fighters], sort_keys=True, default=repr)


def fight_classes(call: Callable[[Dice, ConflictSetup], Any], setup: ConflictSetup, max_runs: int = MAX_RUNS
                  ) -> tuple[list[tuple[Fraction, list[int]]], Fraction]:
    """Run ``call(dice, setup_copy)`` once per script of roll answers, most likely first, and
    group the scripts by what a later step can read: ``(probability, faces)`` per class and the
    probability left out (exploding bonuses past the depth; scripts past ``max_runs`` or
    :data:`MAX_SECONDS`)."""

    def run(script: list[int]) -> tuple[str, tuple[int, ...]]:
        dice = _Script(script)
        mine = _copy(setup)
        try:
            key = _readable(call(dice, mine), mine)
        except (Missing, LeftOut):
            raise
        except Exception as exc:  # noqa: BLE001  the engine meets the same error replaying it
            key = json.dumps(["error", type(exc).__name__, str(exc)])
        return key, tuple(dice.faces)

    walked = walk(run, max_runs, time.process_time() + MAX_SECONDS, time.process_time, every=32)
    classes: dict[str, list[Any]] = {}
    for found_key, (p, _) in walked.groups.items():
        key, faces = cast(tuple[str, tuple[int, ...]], found_key)
        entry = classes.get(key)
        if entry is None:
            classes[key] = [p, list(faces)]
        else:
            entry[0] += p
    found = sorted(((p, faces) for p, faces in classes.values()), key=lambda pf: -pf[0])
    return found, walked.rest


def outcome_classes(fight: Any, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None, extra: Any
                    ) -> tuple[list[tuple[Fraction, list[int]]], Fraction] | None:
    """The ``OutcomeClasses`` answer for the Loose and Fuzzy ``fight`` procedure ``fight``."""
    from solo.rules.conflict import private_state

    shadow = type(fight)(ClassRules(fight.ruleset))
    if what == "start":
        return fight_classes(lambda d, s: shadow.begin(d, s), setup)
    if state is None:
        return None
    if what == "exchange":
        return fight_classes(lambda d, s: shadow.act(d, s, private_state(state), extra), setup)
    if what == "aftermath":
        return fight_classes(lambda d, s: shadow.conclude(d, s, private_state(state), extra), setup)
    return None
