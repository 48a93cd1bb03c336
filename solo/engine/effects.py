"""Effects: the changes an adventure makes to the game state, applied one by one.

An effect is a one-key mapping from the adventure file (``{give: sealant}``, ``{tick: air}``...).
:class:`EffectRunner` dispatches each through a table of handlers, appends the events it causes,
and records a pending ``goto`` for the game to follow once the batch is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from solo.adventure.bounds import MAX_AWARD, MAX_COUNTER, numbers, out_of_bounds
from solo.adventure.format.effects import require_handlers
from solo.engine import events as ev
from solo.engine.budget import MAX_CONDITIONS
from solo.engine.failure import mark_effect
from solo.errors import SoloError
from solo.rules.base import Carries, Heals, Injures, PassesTime, Rests, RulesError, TakesConditions, hook

if TYPE_CHECKING:
    from solo.engine.context import PlayContext

#: How deeply effects may trigger effects (a filled clock running a table that ticks a clock...).
MAX_EFFECT_DEPTH = 20
HOURS_PER_DAY = 24
DAYS_PER_WEEK = 7


class EffectError(SoloError, RuntimeError):
    """An effect that cannot be applied (unknown id slipped past validation, bad value)."""


class EffectRunner:
    """Applies effects to a game; collects events and the scene to go to next."""

    def __init__(self, context: "PlayContext") -> None:
        self.context = context
        #: The game's state, read once: a runner lives for one step, and no step swaps it.
        self.state = context.state
        self.events: list[ev.Event] = []
        self.goto: str | None = None
        #: The game's last objectives check on this runner completed none (so, with nothing
        #: changed since, checking again would complete none either).
        self.settled = False
        self._depth = 0

    def run(self, effects: tuple[Mapping[str, Any], ...] | list[Mapping[str, Any]]) -> None:
        if not effects and self._depth < MAX_EFFECT_DEPTH:
            return  # nothing to run, and not too deep to run it (the common empty ``else``)
        self._depth += 1
        try:
            if self._depth > MAX_EFFECT_DEPTH:
                raise EffectError("effects nest too deeply (a clock or table that triggers itself?)")
            budget = self.context.budget
            for effect in effects:
                if budget.effects > 0:  # the common case of StepBudget.effect, without its call
                    budget.effects -= 1
                else:
                    budget.effect()  # counts the one too many and raises
                try:
                    for name, value in effect.items():
                        handler = _HANDLERS.get(name)
                        if handler is None:
                            raise EffectError(f"unknown effect {name!r}")
                        handler(self, value)
                except Exception as exc:
                    mark_effect(exc, effect)
                    raise
        finally:
            self._depth -= 1

    # -- handlers ----------------------------------------------------------------------------
    def _set(self, value: Mapping[str, Any]) -> None:
        state = self.state
        for name, v in value.items():  # a plain true/false or whole number is taken as it is
            if name in state.flags:
                state.flags[name] = v if v is True or v is False else bool(self._value(v))
            elif name in state.counters:
                state.counters[name] = _counter(name, v if type(v) is int else int(self._value(v)))
            elif name in state.clocks:
                state.clocks[name] = v if type(v) is int else int(self._value(v))
            else:
                raise EffectError(f"set: unknown variable {name!r}")

    def _value(self, v: Any) -> Any:
        if isinstance(v, str) and v.startswith("="):
            return self.context.evaluate(v[1:])
        return v

    def _add(self, value: Mapping[str, Any]) -> None:
        counters = self.state.counters
        for name, v in value.items():
            if name in counters:
                counters[name] = _counter(name, counters[name] + (v if type(v) is int else int(self._value(v))))
            elif name in self.state.clocks:
                self._tick({name: v if type(v) is int else int(self._value(v))})
            else:
                raise EffectError(f"add: unknown counter {name!r}")

    def _tick(self, value: Any) -> None:
        amounts = {value: 1} if isinstance(value, str) else dict(value)
        for cid, n in amounts.items():
            clock = self.context.adventure.clocks.get(cid)
            if clock is None:
                raise EffectError(f"tick: unknown clock {cid!r}")
            before = self.state.clocks.get(cid, 0)
            after = max(0, min(clock.size, before + int(n)))
            self.state.clocks[cid] = after
            if after != before:
                self.events.append(ev.ClockTicked(cid, clock.label or cid, after, clock.size))
            if after >= clock.size and cid not in self.state.clocks_filled:
                self.state.clocks_filled.append(cid)
                self.run(clock.filled)

    def _items(self, value: Any) -> list[str]:
        return [value] if isinstance(value, str) else list(value)

    def _give(self, value: Any) -> None:
        character = self.context.character
        adventure = self.context.adventure
        counts = hook(self.context.ruleset, Carries)  # a system that counts items
        for item in self._items(value):
            if item in character.items:
                continue
            if counts is not None:
                rules = {iid: known.rules for iid, known in adventure.items.items()}
                reason = counts.carrying(character, rules, item)
                if reason:
                    self.events.append(ev.ItemRefused(item, adventure.item_name(item), reason))
                    continue
            character.items.append(item)
            self.events.append(ev.ItemChanged(item, adventure.item_name(item), True))

    def _take(self, value: Any) -> None:
        character = self.context.character
        for item in self._items(value):
            if item in character.items:
                character.items.remove(item)
                self.events.append(ev.ItemChanged(item, self.context.adventure.item_name(item), False))

    def _complete(self, value: Any) -> None:
        for oid in self._items(value):
            self.context.complete_objective(oid, self)

    def _award(self, value: Mapping[str, Any]) -> None:
        for resource, amount in value.items():
            for _, number in numbers(amount):
                if out_of_bounds(number, MAX_AWARD):
                    raise EffectError(f"award: {number} {resource} is beyond the bound of {MAX_AWARD:,} per award")
            self.context.award(resource, amount, "award", self)

    def _condition(self, value: Any) -> None:
        """Put conditions on the character; a ruleset whose rules act on a condition (its
        ``take_condition`` answers lines, not None: GUTS+ strained twice) puts it on itself; a
        condition already held is otherwise not added again (and never counts toward the cap)."""
        character = self.context.character
        takes = hook(self.context.ruleset, TakesConditions)
        for name in self._items(value):
            had = name in character.conditions
            if not had and len(character.conditions) >= MAX_CONDITIONS:
                raise EffectError(f"condition: {character.name} already has {MAX_CONDITIONS} conditions, "
                                  "the most a character can carry")
            lines = takes.take_condition(character, name) if takes is not None else None
            if lines is None:  # no rule of the system acts on it: it is on, once
                if not had:
                    character.conditions.append(name)
                lines = []
            if not had and name in character.conditions:
                self.events.append(ev.ConditionChanged(name, True))
            self.events += [ev.RulesNote(line) for line in lines]

    def _clear(self, value: Any) -> None:
        character = self.context.character
        for name in self._items(value):
            if name in character.conditions:
                character.conditions.remove(name)
                self.events.append(ev.ConditionChanged(name, False))

    def _injury(self, value: Any) -> None:
        part, count = (value, 1) if isinstance(value, str) else (value["part"], value.get("count", 1))
        injure = hook(self.context.ruleset, Injures)
        if injure is None:
            raise EffectError(f"injury: the {self.context.ruleset.id} system has no body parts")
        items = {iid: item.rules for iid, item in self.context.adventure.items.items()}
        for line in injure.injure(self.context.character, str(part), int(count), items=items) or ():
            self.events.append(ev.RulesNote(line))

    def _heal(self, value: Any) -> None:
        part, count = (value, 1) if isinstance(value, str) else (value["part"], value.get("count", 1))
        heal = hook(self.context.ruleset, Heals)
        if heal is None:
            raise EffectError(f"heal: the {self.context.ruleset.id} system has no body parts")
        for line in heal.heal(self.context.character, str(part), int(count)) or ():
            self.events.append(ev.RulesNote(line))

    def _advance(self, value: Any) -> None:
        """Buy or take advances as ``solo character advance`` does; one the rules refuse now (too
        little experience, a bound reached) is told as a note and the game goes on."""
        character = self.context.character
        for key in self._items(value):
            before = dict(character.resources)
            try:
                self.context.ruleset.advance(character, str(key))
            except RulesError as exc:
                self.events.append(ev.RulesNote(f"advance {key}: not taken ({exc})"))
                continue
            changed = [
                f"{name} {before.get(name, 0)} → {after}"
                for name, after in character.resources.items() if before.get(name) != after
            ]
            self.events.append(ev.RulesNote(f"advance {key}" + (f": {', '.join(changed)}" if changed else "")))

    def _rest(self, value: Mapping[str, Any]) -> None:
        rest = hook(self.context.ruleset, Rests)
        if rest is None:
            raise EffectError(f"rest: the {self.context.ruleset.id} system has no rules for resting")
        hours = int(value.get("hours", 0)) + HOURS_PER_DAY * (
            int(value.get("days", 0)) + DAYS_PER_WEEK * int(value.get("weeks", 0)))
        if value.get("resting") is False:
            passing = hook(self.context.ruleset, PassesTime)
            if passing is None:
                raise EffectError(f"rest: the {self.context.ruleset.id} system has no rules for time "
                                  "passing without rest")
            lines = passing.pass_time(self.context.character, hours)
        else:
            lines = rest.rest(self.context.character, hours)
        for line in lines or ():
            self.events.append(ev.RulesNote(line))

    def _table(self, value: Any) -> None:
        branch = self.context.roll_table(str(value), self)
        if branch is not None:
            self.apply_branch(branch)

    def _text(self, value: Any) -> None:
        self.events.append(ev.Narration(self.context.budget.write(self.context.render(str(value)))))

    def _goto(self, value: Any) -> None:
        self.goto = str(value)

    def _if(self, value: Mapping[str, Any]) -> None:
        when = value["when"]
        branch = value.get("then") if self.context.evaluate(when if type(when) is str else str(when)) else value.get("else")
        if branch or self._depth >= MAX_EFFECT_DEPTH:  # run(()) only says when it is too deep
            self.run(branch or ())

    def _reveal(self, value: Any) -> None:
        adventure = self.context.adventure
        for name in self._items(value):
            if name in adventure.objectives:
                kind = "objective"
            elif name in adventure.clocks:
                kind = "clock"
            elif name in self.state.counters or name in self.state.flags:
                kind = "variable"
            else:
                raise EffectError(f"reveal: nothing called {name!r}")
            if name not in self.state.revealed:
                self.state.revealed.append(name)
                if (kind, name) in adventure.hidden:
                    self.events.append(ev.Revealed(kind, name))

    # -- branches ----------------------------------------------------------------------------
    def apply_branch(self, branch) -> None:
        if branch.text:
            self.events.append(ev.Narration(self.context.budget.write(self.context.render(branch.text))))
        self.run(branch.effects)
        if branch.goto:
            self.goto = branch.goto


#: Each effect's handler, by the effect's name in the file.
_HANDLERS: dict[str, Callable[[EffectRunner, Any], None]] = {
    "set": EffectRunner._set,
    "add": EffectRunner._add,
    "tick": EffectRunner._tick,
    "give": EffectRunner._give,
    "take": EffectRunner._take,
    "complete": EffectRunner._complete,
    "award": EffectRunner._award,
    "condition": EffectRunner._condition,
    "clear": EffectRunner._clear,
    "injury": EffectRunner._injury,
    "heal": EffectRunner._heal,
    "advance": EffectRunner._advance,
    "rest": EffectRunner._rest,
    "table": EffectRunner._table,
    "text": EffectRunner._text,
    "goto": EffectRunner._goto,
    "if": EffectRunner._if,
    "reveal": EffectRunner._reveal,
}
require_handlers(_HANDLERS, __name__)


def _counter(name: str, value: int) -> int:
    """A counter's new value, if it is within the bound (see :mod:`solo.adventure.bounds`)."""
    if out_of_bounds(value, MAX_COUNTER):
        raise EffectError(f"counter {name!r} would be {value}, beyond the bound of ±{MAX_COUNTER:,}")
    return value
