"""The distinct results of a GUTS+ fight call (start, exchange, aftermath), with exact odds.

``solo analyze`` branches each fight call on what a later step can tell apart of its result
(the :class:`~solo.rules.base.OutcomeClasses` hook). Run die by die, a fight's start draws every
fighter's Gumption pool for initiative, then plays the turns before the player's: a look for a
weak spot, an attack (two pools, bonus dice, the near oracle's d6), a hit location, a reaction.
That is many thousands of dice scripts for a handful of distinct results. Here the call is run
once per script of *coarse* answers instead, most likely first:

**Initiative** is read only through the order it gives (``state["initiative"]``, the totals,
is written for the log and read by nothing), so the start's initiative is one random event
over the orders: each fighter's total is a sum over its pool (its distribution by convolution),
ties on total and Gumption roll a d6 each (:func:`~.procedure.tied`), and each order keeps one
set of faces that gives it. Classes that differ only in the totals are one class.

**A roll** (every contest and check of the fight goes through :mod:`.rolls`) is one random event
over its own classes: the roll is enumerated alone, on copies of the fighters, and its scripts
grouped by everything the procedure reads of it (its label, success, whose side rolled it, the
XP and learning it gives, the fighters as it leaves them); each group keeps its first script.
The grouping is cached by the roll's inputs, so a contest met again costs nothing.

**Anything else** drawn (a hit location, a target picked among equals, a pool outside a roll)
is answered face by face, a pool by its multisets.

Each coarse script ends as a result grouped as the analyzer groups a call's results (the
procedure's state but the initiative totals, the round, the result, every fighter); the faces
it drew are kept, so replaying a class on the real procedure gives exactly that result. The
odds are exact Fractions: a pool, a d6 and a roll's classes each sum to one. Past
:data:`MAX_RUNS` coarse scripts (or :data:`MAX_ROLL_RUNS` scripts of one roll alone) the least
likely are left out and their probability is returned as the rest.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping

from solo.rules.base import Character
from solo.rules.conflict import Conclusion, ConflictSetup, ConflictStep, private_state
from solo.rules.dice import Dice, DiceError, pool_multisets
from solo.rules.memo import Memo, key as memo_key
from solo.rules.scripted import LeftOut, Missing, ScriptedDice, check_stop, walk

MAX_RUNS = 20_000  # coarse scripts of one fight call before the least likely are left out
MAX_ROLL_RUNS = 40_000  # dice scripts of one roll alone before the least likely are left out
SAMPLES = 20_000  # seeded contests tried for one set of faces per class before enumerating instead
#: What of the procedure's state nothing reads (see the module docstring): left out of a class.
UNREAD = ("initiative",)

Classes = tuple[list[tuple[Fraction, list[Any]]], Fraction]
_ROLLS: Memo = Memo(8192)  # a roll's classes by its inputs


_Rest = LeftOut  # a roll whose least likely scripts were left out was answered with that rest


def _faces(script: list[Any], strict: bool = False) -> ScriptedDice:
    """Dice answering from a script (an int per die, an ascending tuple per pool of two or
    more); past its end :class:`~solo.rules.scripted.Missing`, unless ``strict`` (a replay)."""
    return ScriptedDice(script, strict="a roll drew more dice than its class holds" if strict else None)


def _search(run: Callable[[list[Any]], Hashable], cap: int) -> tuple[dict[Hashable, list[Any]], Fraction, int]:
    """Run ``run(script)`` per script, most likely first (:func:`~solo.rules.scripted.walk`);
    group finished scripts by what it returns: {group: [probability, first script]}, the
    probability left out, the runs."""
    walked = walk(run, cap)
    return walked.groups, walked.rest, walked.runs


def _copy(character: Character | None) -> Character | None:
    return None if character is None else Character.from_dict(character.to_dict())


class _Logged(Dice):
    """Seeded dice that log what they draw as a script (an int per die, a sorted pool)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.log: list[Any] = []

    def roll(self, sides: int) -> int:
        face = super().roll(sides)
        self.log.append(face)
        return face

    def rolls(self, n: int, sides: int) -> list[int]:
        if n < 2:
            return [self.roll(sides) for _ in range(n)]
        faces = [Dice.roll(self, sides) for _ in range(n)]
        self.log.append(tuple(sorted(faces)))
        return faces


def _contest_classes(roll: Callable[..., Any], ruleset: Any, character: Character, opponent: Character,
                     params: Mapping[str, Any], near: str) -> list[tuple[Fraction, list[Any]]] | None:
    """A contest's classes from the ruleset's exact odds: a contest is read by its label and
    success alone (it earns no XP or learning, :meth:`~.ruleset.GutsPlus.experience`, and
    changes no fighter), a near success splits by the near policy; each class's faces are the
    first seeded roll that gives it. None when a class with odds was not met in
    :data:`SAMPLES` rolls or a roll broke those assumptions (then the roll is enumerated)."""
    from solo.rules.guts_plus.fight.rolls import TURNED

    odds = ruleset.contest_odds(character, opponent, params)
    policy = TURNED[near] if params.get("defending") is True else near
    near_success = {"success": Fraction(1), "failure": Fraction(0)}.get(policy, Fraction(1, 2))
    wanted: dict[tuple[str, bool], Fraction] = {}
    for label, p in odds.outcomes.items():
        if label == "near-success":
            for success, q in ((True, near_success), (False, 1 - near_success)):
                if p * q:
                    wanted[(label, success)] = p * q
        elif p:
            wanted[(label, label in ("success", "positive-impact"))] = p
    if sum(wanted.values()) != 1:
        return None
    before = (memo_key(character), memo_key(opponent))
    faces: dict[tuple[str, bool], list[Any]] = {}
    for seed in range(SAMPLES):
        check_stop()  # the analysis's deadline (seeded rolls can take a while to meet every class)
        dice = _Logged(seed)
        record = roll(ruleset, dice, character, opponent, params, near)
        found = (record.outcome, record.success)
        if found not in wanted or (memo_key(character), memo_key(opponent)) != before:
            return None
        faces.setdefault(found, dice.log)
        if len(faces) == len(wanted):
            return sorted(((wanted[k], faces[k]) for k in wanted), key=lambda pf: -pf[0])
    return None


def _roll_classes(roll: Callable[..., Any], ruleset: Any, character: Character, opponent: Character | None,
                  params: Mapping[str, Any], near: str) -> list[tuple[Fraction, list[Any]]]:
    """A roll's classes: (probability, faces) per group of what the procedure reads of it;
    a last entry with faces None is the probability left out."""

    def compute() -> list[tuple[Fraction, list[Any]]]:
        if opponent is not None:
            quick = _contest_classes(roll, ruleset, _copy(character), _copy(opponent), params, near)  # type: ignore[arg-type]
            if quick is not None:
                return quick

        def run(script: list[Any]) -> Hashable:
            who, other = _copy(character), _copy(opponent)
            mine = dict(params)
            helper = _copy(mine.get("helper"))  # type: ignore[arg-type]
            if helper is not None:
                mine["helper"] = helper
            record = roll(ruleset, _faces(script), who, other, mine, near)
            return (record.kind, record.outcome, record.success, bool(record.details.get("defending")),
                    record.xp, memo_key(record.learning), memo_key(who), memo_key(other), memo_key(helper))

        groups, rest, _ = _search(run, MAX_ROLL_RUNS)
        found = sorted(((p, s) for p, s in groups.values()), key=lambda ps: -ps[0])
        return found + ([(rest, None)] if rest else [])  # type: ignore[list-item]

    return _ROLLS.get(compute, roll.__qualname__, character, opponent, params, near, id(ruleset))


class _Coarse(ScriptedDice):
    """The dice of one coarse script: ``prefix`` faces first (an initiative's), then answers
    from ``script``; every face drawn is logged in ``faces`` (the class's dice, to replay)."""

    def __init__(self, prefix: list[Any], script: list[Any]) -> None:
        super().__init__(script)
        self.prefix = list(prefix)
        self.faces: list[Any] = list(prefix)

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        if self.prefix:
            return int(self.prefix.pop(0))
        face = int(self.answer(lambda: [(f, Fraction(1, sides)) for f in range(1, sides + 1)]))
        self.faces.append(face)
        return face

    def rolls(self, n: int, sides: int) -> list[int]:
        if n < 2:
            return [self.roll(sides) for _ in range(n)]
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += n
        if self.prefix:
            return list(self.prefix.pop(0))
        pool = tuple(self.answer(lambda: pool_multisets(n, sides)))
        self.faces.append(pool)
        return list(pool)

    def whole_roll(self, roll: Callable[..., Any], ruleset: Any, character: Character,
                   opponent: Character | None, params: Mapping[str, Any], near: str) -> Any:
        """A contest or check of the fight (:mod:`.rolls`) answered as one event over its classes."""
        found = _roll_classes(roll, ruleset, character, opponent, params, near)
        index = int(self.answer(lambda: [(i, p) for i, (p, _) in enumerate(found)])) if len(found) > 1 else 0
        faces = found[index][1]
        if faces is None:
            raise _Rest()
        self.faces.extend(faces)
        return roll(ruleset, _faces(list(faces), strict=True), character, opponent, params, near)


def _fighters(setup: ConflictSetup) -> tuple:
    return tuple((f.key, f.side, f.group, f.behaviour, memo_key(f.character)) for f in setup.fighters)


def _copy_setup(setup: ConflictSetup) -> ConflictSetup:
    fighters = [dataclasses.replace(f, character=_copy(f.character)) for f in setup.fighters]
    return dataclasses.replace(setup, fighters=fighters)


def result_key(value: Any, setup: ConflictSetup) -> Hashable:
    """What a later step can read of a call's result (the initiative totals left out)."""
    if isinstance(value, ConflictStep):
        state = {k: v for k, v in value.state.items() if k not in UNREAD}
        mine: tuple = (memo_key(state), value.round, value.result)
    else:
        assert isinstance(value, Conclusion)
        mine = (memo_key(value.awards), memo_key(value.fallen), memo_key(value.measures))
    return mine + (_fighters(setup),)


def _pool_totals(n: int, modifier: int) -> dict[int, tuple[Fraction, Any]]:
    """total -> (probability, faces giving it: an int for one die, a tuple for a pool)."""
    found: dict[int, list[Any]] = {}
    for faces, p in (pool_multisets(n, 6) if n >= 2 else [((f,), Fraction(1, 6)) for f in range(1, 7)] if n == 1
                     else [((), Fraction(1))]):
        total = sum(faces) + modifier
        entry = found.setdefault(total, [Fraction(0), faces[0] if n == 1 else (None if n == 0 else faces)])
        entry[0] += p
    return {t: (p, f) for t, (p, f) in found.items()}


def initiative_orders(ruleset: Any, setup: ConflictSetup) -> list[tuple[Fraction, list[Any]]]:
    """The first round's orders the start's initiative can give, each with its probability and
    the faces (pools, then tie d6s, as the procedure draws them) of one way to roll it; [] when
    the start rolls no initiative (the fight is over before it)."""
    from solo.rules.guts_plus.body import sync_protection
    from solo.rules.guts_plus.fight.procedure import UNCONSCIOUS, Bout, initiative_order, quality_of, tied

    mine = _copy_setup(setup)
    state: dict[str, Any] = {"out": {}, "yielded": False}
    for f in mine.fighters:
        sync_protection(f.character, mine.items)
        if ruleset.incapacitated(f.character):
            state["out"][f.key] = UNCONSCIOUS
    bout = Bout(ruleset, mine, state)
    if bout.result() is not None:
        return []
    keys = [k for k in bout.order if bout.standing(k)]
    totals = []
    for k in keys:
        spec = ruleset.parse_check({"stat": "gumption"}, bout.character(k))
        totals.append(_pool_totals(int(spec.dice), int(spec.modifier)))
    level = {k: quality_of(bout.character(k), "gumption") for k in keys}
    orders: dict[tuple[str, ...], list[Any]] = {}
    for combo in itertools.product(*(sorted(t.items()) for t in totals)):
        rolled = {k: total for k, (total, _) in zip(keys, combo)}
        p = math.prod((pf[0] for _, pf in combo), start=Fraction(1))
        pools = [pf[1] for _, pf in combo if pf[1] is not None]
        ties = tied(rolled, level)
        for faces in itertools.product(range(1, 7), repeat=len(ties)):
            order = tuple(initiative_order(rolled, level, dict(zip(ties, faces)), bout.order))
            q = p / 6 ** len(ties)
            entry = orders.get(order)
            if entry is None:
                orders[order] = [q, pools + list(faces)]
            else:
                entry[0] += q
    return sorted(((p, f) for p, f in orders.values()), key=lambda pf: -pf[0])


def outcome_classes(fight: Any, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                    extra: Any) -> Classes | None:
    """The classes of ``fight``'s call ``what`` (``start``, ``exchange``, ``aftermath``) as the
    :class:`~solo.rules.base.OutcomeClasses` hook gives them."""
    if what == "start":
        prefixes = initiative_orders(fight.ruleset, setup) or [(Fraction(1), [])]

        def call(dice: Dice, mine: ConflictSetup) -> Any:
            return fight.begin(dice, mine)
    elif what in ("exchange", "aftermath") and state is not None:
        prefixes = [(Fraction(1), [])]
        method = fight.act if what == "exchange" else fight.conclude

        def call(dice: Dice, mine: ConflictSetup) -> Any:
            return method(dice, mine, private_state(state), extra)
    else:
        return None
    classes: dict[Hashable, list[Any]] = {}
    rest = Fraction(0)
    for weight, prefix in prefixes:
        def run(script: list[Any], prefix: list[Any] = prefix) -> Hashable:
            mine = _copy_setup(setup)
            dice = _Coarse(prefix, script)
            try:
                value = call(dice, mine)
            except Missing:
                raise
            except _Rest:
                return ("rest",)
            except Exception as exc:  # the same error the procedure raises when it replays these faces
                return (("error", type(exc).__name__, str(exc)), tuple(dice.faces))
            return (result_key(value, mine), tuple(dice.faces))

        groups, left, _ = _search(run, MAX_RUNS)
        rest += weight * left
        for found, (p, _) in groups.items():
            if found == ("rest",):
                rest += weight * p
                continue
            group, faces = found
            entry = classes.get(group)
            if entry is None:
                classes[group] = [weight * p, list(faces)]
            else:
                entry[0] += weight * p
    listed = sorted(((p, f) for p, f in classes.values()), key=lambda pf: -pf[0])
    return listed, rest
