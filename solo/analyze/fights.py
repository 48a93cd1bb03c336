"""Fights and other conflict procedures as random events with a branch per distinct result.

The engine's :class:`~solo.engine.conflicts.ConflictRunner` calls a procedure's ``begin``,
``act`` and ``conclude`` with the game's dice. In an analysis the runner hands out
:class:`ClassedRules` instead: each of those calls becomes one random event of the explorer's
script whose answers are the call's outcome classes (:mod:`solo.analyze.classes`), and the class
drawn is carried out by replaying its first script of dice on the real procedure, with the
real fighters. A procedure that implements :class:`~solo.rules.base.OutcomeClasses` gives its
classes itself; the others are enumerated and cached.

Two results of a call are one class when everything a later step can read is equal: the
procedure's state, the round, the result, and every fighter's character (what the beats say
happened is narration; nothing reads it).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Hashable, Mapping

from solo.adventure.model import ConflictSpec
from solo.adventure.odds import fingerprint
from solo.analyze import classes as cl
from solo.analyze import outcomes, owed
from solo.engine.conflicts import ConflictRunner
from solo.rules.base import AnalysisState, Character, hook
from solo.rules.conflict import Conclusion, ConflictRules, ConflictSetup, ConflictStep, Fighter, private_state
from solo.rules.dice import Dice

if TYPE_CHECKING:
    from solo.analyze.explore import AnalysisGame


def _fighters(setup: ConflictSetup) -> tuple:
    return tuple((f.key, f.side, f.group, f.behaviour, fingerprint(f.character)) for f in setup.fighters)


def _fighters_read(setup: ConflictSetup, unread: frozenset[str], ruled: frozenset[str]) -> tuple:
    """The fighters as the procedure reads them (:func:`~solo.analyze.classes.read_print`)."""
    return tuple((f.key, f.side, f.group, f.behaviour, cl.read_print(f.character, unread, ruled))
                 for f in setup.fighters)


def _guarded(setup: ConflictSetup) -> bool:
    """Whether a fighter's resource is guarded with draws owed (:class:`~.owed.Tripwire`)."""
    return any(type(v) is owed.Tripwire for f in setup.fighters for v in f.character.resources.values())


def _copy(setup: ConflictSetup) -> ConflictSetup:
    fighters = [dataclasses.replace(f, character=Character.from_dict(f.character.to_dict())) for f in setup.fighters]
    return dataclasses.replace(setup, fighters=fighters)


def _result(value: Any, setup: ConflictSetup, reduce: Callable[[Any], Any] | None = None) -> Hashable:
    if isinstance(value, ConflictStep):
        # the state as the explorer keys it (:mod:`.conflict_keys`): it merges what differs beyond
        mine = (fingerprint(value.state if reduce is None else reduce(value.state)), value.round, value.result)
    else:
        assert isinstance(value, Conclusion)
        mine = (fingerprint(value.awards), fingerprint(value.fallen), fingerprint(value.measures))
    return mine + (_fighters(setup),)


class ClassedRules:
    """A conflict procedure whose random calls are answered class by class (module docstring)."""

    def __init__(self, rules: ConflictRules, game: "AnalysisGame", spec: ConflictSpec) -> None:
        self._rules = rules
        self._game = game
        self._spec = spec
        self._ordered = cl.ordered_pools(game.ruleset)
        found = hook(rules, AnalysisState)
        #: The procedure's state as later calls read it (its own :class:`AnalysisState`).
        self._reduce = found.analysis_state if found is not None else None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def _classed(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None, extra: Any,
                 call: Callable[[Dice, ConflictSetup, Any], Any], dice: Dice) -> Any:
        # keyed by what the call reads (classes.py's docstring): the same classes serve every entry
        # state that differs only in rewards, items without rules or the procedure's unread state
        read = state if state is None or self._reduce is None else self._reduce(state)
        # dice owed into a guarded pool stay owed through the call (earned ones too): their values
        # would split the classes and the states after them (:mod:`.owed`); the guard is in the key
        owing = _guarded(setup)
        # ...and while they stay owed no rule reads how many are owed: one count's classes serve
        # every count (the hook's ``analysis_owed_marked``; blessed-harvest's vestry: 3 to 9)
        keyed = dataclasses.replace(setup, fighters=[dataclasses.replace(f, character=self._game.owed.marked(f.character))
                                                     for f in setup.fighters]) if owing else setup
        key = (what, self._rules.procedure, id(self._spec),
               _fighters_read(keyed, self._game.unread_rewards, self._game.ruled_items),
               None if read is None else fingerprint(read), extra)

        def enumerate_all() -> cl.Classes:
            own = getattr(self._rules, "outcome_classes", None)
            if own is not None:
                given = own(what, setup, state, extra)
                if given is not None:
                    listed, rest = given
                    return cl.Classes(sorted(((Fraction(p), list(f)) for p, f in listed), key=lambda pf: -pf[0]),
                                      Fraction(rest), 0)

            def run(replay: Dice) -> Hashable:
                mine = _copy(setup)
                replay.owing = owing  # type: ignore[attr-defined]
                value = call(replay, mine, None if state is None else private_state(state))
                return _result(value, mine, self._reduce)

            return cl.enumerate_classes(run, lambda k: k, self._ordered, cl.MAX_FIGHT_RUNS, self._game.deadline,
                                         self._game.clock, cl.LEAST_FIGHT_SCRIPT)

        found = self._game.classes.get(key, enumerate_all)
        choices = found.choices()
        # one choice is no random event; it may be the rest alone (no script finished within the cap)
        answer = self._game.next_answer(f"{self._rules.procedure} {what}", lambda: choices) \
            if len(choices) > 1 else choices[0][0]
        if answer == -1:
            raise outcomes.NotExact(f"a {self._rules.procedure} {what} has a share left out (more than "
                                    f"{cl.MAX_FIGHT_RUNS} ways, or an exploding tail the odds leave out): "
                                    "it is counted as unexplored")
        script = found.found[int(answer)][1]
        return call(cl.Replay(list(script), self._ordered, fallback=dice, owing=owing), setup, state)

    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        return self._classed("start", setup, None, None, lambda d, s, _: self._rules.begin(d, s), dice)

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        return self._classed("exchange", setup, state, key, lambda d, s, st: self._rules.act(d, s, st, key), dice)

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        return self._classed("aftermath", setup, state, result,
                             lambda d, s, st: self._rules.conclude(d, s, st, result), dice)


class ClassedConflicts(ConflictRunner):
    """The engine's conflict runner, handing out :class:`ClassedRules`."""

    def __init__(self, context: Any, game: "AnalysisGame") -> None:
        super().__init__(context)
        self._game = game

    def rules(self, spec: ConflictSpec) -> ConflictRules:
        return ClassedRules(super().rules(spec), self._game, spec)  # type: ignore[return-value]
