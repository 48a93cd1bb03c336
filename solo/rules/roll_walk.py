"""A conflict call's outcome classes, walked with each whole check or contest as one random event.

``solo analyze`` branches a fight's ``begin``, ``act`` and ``conclude`` on their distinct
results (the :class:`~solo.rules.base.OutcomeClasses` hook). Walked die by die, one exchange
(an attack's pool of d8s and its extra die, a defence, a clash, damage dice) or one round of
checks and contests with an enemy side's bank of d6s and d3s runs past the analyzer's
cap of 4,000 scripts, and the share left out makes the whole analysis bounded. Most of those
scripts differ only in faces nobody reads: a GAME check is read by its outcome, success and
excess, not by which d8 came up lowest twice.

Here the call is run on a *shadow* procedure whose ruleset answers every ``check`` and
``contest`` by class (:class:`ClassedRolls`): the roll is first walked alone, on copies of the
characters (:func:`~solo.rules.scripted.walk`), its scripts grouped by what the procedure reads
of the record (the ruleset's ``reader``, a function of the record) and by the characters as
the roll leaves them; each group keeps its most likely faces. In the call, the roll is then one
answer of the script (an index into its classes), played on the real ruleset with that class's
faces, so the record the procedure sees is a real one. Any other die (damage, the enemy bank, a
target among equals) is answered face by face, a pool by its multisets. Each finished script of
the call is grouped by what a later step can read of its result (the procedure's state, round
and result, or the conclusion, and every fighter), and keeps the faces it drew, which replay it
on the real procedure: :func:`call_classes` is the hook's answer.

Exact when the reader keeps everything the procedure reads of a record: two rolls of one class
then play the rest of the call alike, so the call's classes and their probabilities are those
of the die-by-die walk, merged where only unread faces differed (a record kept in the state for
the log reads as the class's first roll). Each ruleset's tests hold that against brute force.
Past :data:`MAX_ROLL_RUNS` scripts of one roll, or :data:`MAX_CALL_RUNS` scripts or
:data:`MAX_SECONDS` of CPU for one call, the least likely are left out and returned as the rest.
"""

from __future__ import annotations

import dataclasses
import functools
import time
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping, cast

from solo.rules.base import Character, OrdersPools, hook
from solo.rules.conflict import Conclusion, ConflictSetup, ConflictStep, private_state
from solo.rules.dice import Dice, DiceError, RollRecord, pool_multisets
from solo.rules.memo import Memo, key as memo_key
from solo.rules.scripted import LeftOut, Missing, ScriptedDice, walk

MAX_ROLL_RUNS = 20_000  # scripts of one roll alone before the least likely are left out
MAX_CALL_RUNS = 20_000  # scripts of one call (rolls as answers) before the least likely are left out
MAX_SECONDS = 10.0  # CPU seconds of one call's walk before the scripts not run yet are left out

Reader = Callable[[RollRecord], Hashable]
Listed = tuple[list[tuple[Fraction, list[Any]]], Fraction]
_ROLLS: Memo = Memo(8192)  # a roll's classes by its inputs


def ordered(ruleset: object) -> bool:
    found = hook(ruleset, OrdersPools)
    return bool(found is not None and found.ordered_pools)


PoolReader = Callable[[tuple[int, ...]], Hashable]


@functools.lru_cache(maxsize=1024)
def pool_classes(n: int, sides: int, read: PoolReader) -> list[tuple[tuple[int, ...], Fraction]]:
    """A pool's multisets merged by ``read(faces)``: (the first multiset of each reading, the
    reading's probability)."""
    merged: dict[Hashable, list[Any]] = {}
    for faces, p in pool_multisets(n, sides):
        entry = merged.setdefault(read(faces), [faces, Fraction(0)])
        entry[1] += p
    return [(faces, p) for faces, p in merged.values()]


class CallDice(ScriptedDice):
    """The dice of one script of a call: a die answered face by face, a pool by its multisets
    (or, given ``pools``, by what the procedure reads of a pool: its classes), a whole roll by
    the index of its class (:meth:`take`); every face drawn is logged in ``faces``."""

    def __init__(self, script: list[Any], in_order: bool, pools: PoolReader | None = None) -> None:
        super().__init__(script, in_order)
        self.faces: list[Any] = []
        self.pools = pools

    def roll(self, sides: int) -> int:
        face = super().roll(sides)
        self.faces.append(face)
        return face

    def rolls(self, n: int, sides: int) -> list[int]:
        if n < 2 or self.ordered:
            return [self.roll(sides) for _ in range(n)]
        if self.pools is None:
            pool = super().rolls(n, sides)
        else:
            if sides < 1:
                raise DiceError(f"a die needs at least one side (got {sides})")
            self.count += n
            read = self.pools
            pool = list(self.answer(lambda: pool_classes(n, sides, read)))
        self.faces.append(tuple(pool))
        return pool

    def take(self, listed: Listed) -> list[Any]:
        """The faces of the class the script answers for a whole roll."""
        found, rest = listed
        index = self.answer(lambda: [(i, p) for i, (p, _) in enumerate(found)] + ([(-1, rest)] if rest else []))
        if index < 0:
            raise LeftOut()
        faces = found[index][1]
        self.faces.extend(faces)
        return faces


def _copy(character: Character | None) -> Character | None:
    return None if character is None else Character.from_dict(character.to_dict())


class ClassedRolls:
    """The ruleset, its ``check`` and ``contest`` answered by class when rolled on
    :class:`CallDice` (module docstring); anything else is the ruleset's own."""

    def __init__(self, ruleset: Any, reader: Reader) -> None:
        self._ruleset = ruleset
        self._reader = reader
        self._ordered = ordered(ruleset)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ruleset, name)

    def _replay(self, faces: list[Any]) -> ScriptedDice:
        return ScriptedDice(list(faces), self._ordered, strict="a roll drew more dice than its class holds")

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        if not isinstance(dice, CallDice):
            return self._ruleset.check(dice, character, params)
        faces = dice.take(self.classes(character, None, params))
        return self._ruleset.check(self._replay(faces), character, params)

    def contest(self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]) -> RollRecord:
        if not isinstance(dice, CallDice):
            return self._ruleset.contest(dice, character, opponent, params)
        faces = dice.take(self.classes(character, opponent, params))
        return self._ruleset.contest(self._replay(faces), character, opponent, params)

    def classes(self, character: Character, opponent: Character | None, params: Mapping[str, Any]) -> Listed:
        """A roll's classes: (probability, faces) by what the reader and the characters keep."""

        def compute() -> Listed:
            def run(script: list[Any]) -> Hashable:
                who, other = _copy(character), _copy(opponent)
                mine = dict(params)
                dice = ScriptedDice(script, self._ordered)
                try:
                    if other is None:
                        record = self._ruleset.check(dice, who, mine)
                    else:
                        record = self._ruleset.contest(dice, who, other, mine)
                except (Missing, LeftOut):
                    raise
                except Exception as exc:  # the call meets the same error playing these faces
                    return ("error", type(exc).__name__, str(exc))
                return (self._reader(record), memo_key(who), memo_key(other))

            walked = walk(run, MAX_ROLL_RUNS)
            found = sorted(((p, s) for p, s in walked.groups.values()), key=lambda ps: -ps[0])
            return found, walked.rest

        return _ROLLS.get(compute, "roll", id(self._ruleset), id(self._reader), character, opponent, dict(params))


def fighters_key(setup: ConflictSetup) -> tuple:
    return tuple((f.key, f.side, f.group, f.behaviour, memo_key(f.character)) for f in setup.fighters)


def result_key(value: Any, setup: ConflictSetup) -> Hashable:
    """What a later step can read of a call's result: the procedure's state, round and result
    (or the conclusion's awards, fallen and measures) and every fighter (beats are narration)."""
    if isinstance(value, ConflictStep):
        mine: tuple = (memo_key(dict(value.state)), value.round, value.result)
    else:
        assert isinstance(value, Conclusion)
        mine = (memo_key(value.awards), memo_key(value.fallen), memo_key(value.measures))
    return mine + (fighters_key(setup),)


def _copy_setup(setup: ConflictSetup) -> ConflictSetup:
    fighters = [dataclasses.replace(f, character=cast(Character, _copy(f.character))) for f in setup.fighters]
    return dataclasses.replace(setup, fighters=fighters)


def call_classes(call: Callable[[Dice, ConflictSetup], Any], setup: ConflictSetup, in_order: bool,
                 max_runs: int = MAX_CALL_RUNS, seconds: float = MAX_SECONDS, pools: PoolReader | None = None) -> Listed:
    """Run ``call(dice, setup_copy)`` (on a procedure whose ruleset is :class:`ClassedRolls`)
    once per script, most likely first, grouped by :func:`result_key`: ``(probability, faces)``
    per class, most likely first, and the probability left out. ``pools``: what the procedure
    reads of a pool drawn outside a roll (None: its multiset)."""

    def run(script: list[Any]) -> Hashable:
        dice = CallDice(script, in_order, pools)
        mine = _copy_setup(setup)
        try:
            found: Hashable = result_key(call(dice, mine), mine)
        except (Missing, LeftOut):
            raise
        except Exception as exc:  # the engine meets the same error replaying these faces
            found = ("error", type(exc).__name__, str(exc))
        return found, tuple(dice.faces)

    walked = walk(run, max_runs, time.process_time() + seconds, time.process_time, every=32)
    classes: dict[Hashable, list[Any]] = {}
    for grouped, (p, _) in walked.groups.items():
        group, faces = cast(tuple[Hashable, tuple[Any, ...]], grouped)
        entry = classes.get(group)
        if entry is None:
            classes[group] = [p, list(faces)]
        else:
            entry[0] += p
    listed = sorted(((p, f) for p, f in classes.values()), key=lambda pf: -pf[0])
    return listed, walked.rest


def outcome_classes(fight: Any, reader: Reader, what: str, setup: ConflictSetup,
                    state: Mapping[str, Any] | None, extra: Any, pools: PoolReader | None = None) -> Listed | None:
    """The :class:`~solo.rules.base.OutcomeClasses` answer for ``fight`` (a procedure built as
    ``type(fight)(ruleset)``) whose records are read as ``reader`` says, and pools drawn
    outside a roll as ``pools`` says (None: by their multisets)."""
    shadow = type(fight)(ClassedRolls(fight.ruleset, reader))
    in_order = ordered(fight.ruleset)
    if what == "start":
        call: Callable[[Dice, ConflictSetup], Any] = lambda d, s: shadow.begin(d, s)  # noqa: E731
    elif state is None:
        return None
    elif what == "exchange":
        call = lambda d, s: shadow.act(d, s, private_state(state), extra)  # noqa: E731
    elif what == "aftermath":
        call = lambda d, s: shadow.conclude(d, s, private_state(state), extra)  # noqa: E731
    else:
        return None
    return call_classes(call, setup, in_order, pools=pools)
