"""Every expression an adventure can evaluate, as text: what the analysis must keep track of.

Conditions (``if``, ``when``), computed values (``set: {x: "=..."}``) and the ``{...}`` inside
texts all read variables and call functions; :func:`adventure_expressions` lists them so that
:class:`~solo.analyze.explore.KeyMaker` keeps exactly what they read.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from solo.adventure import expressions
from solo.adventure.model import Adventure


def _texts(text: Any) -> Iterator[str]:
    if isinstance(text, str) and "{" in text:
        try:
            for expr, _ in expressions.template_expressions(text):
                yield expr
        except expressions.ExpressionError:
            return


def _effects(effects: Any) -> Iterator[str]:
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            if name == "if" and isinstance(value, Mapping):
                if value.get("when") is not None:
                    yield str(value["when"])
                yield from _effects(value.get("then"))
                yield from _effects(value.get("else"))
            elif name in ("set", "add") and isinstance(value, Mapping):
                for v in value.values():
                    if isinstance(v, str) and v.startswith("="):
                        yield v[1:]
            elif name == "text":
                yield from _texts(value)


def adventure_expressions(adventure: Adventure) -> Iterator[str]:
    yield from global_expressions(adventure)
    for scene in adventure.scenes.values():
        yield from scene_expressions(scene)


def outside_branches(adventure: Adventure) -> Iterator[str]:
    """The expressions evaluated anywhere but in a check's or a conflict's outcome branch. A
    branch runs in the step of its roll, right after the engine set ``roll.*`` to that roll
    (the check's settling, the conflict's end), so what a branch reads of the last roll is the
    roll just made; only these expressions can read a roll made in an earlier step."""
    yield from global_expressions(adventure)
    for scene in adventure.scenes.values():
        yield from scene_expressions(scene, branches=False)


def global_expressions(adventure: Adventure) -> Iterator[str]:
    """The expressions that can be evaluated whatever the scene: objectives, hooks, filled
    clocks, tables (any scene may roll on one), the intro and the ``defeated`` branch."""
    for objective in adventure.objectives.values():
        yield from objective_expressions(objective)
    for hook in adventure.hooks:
        yield from hook_expressions(hook)
    for clock in adventure.clocks.values():
        yield from _effects(clock.filled)
    for table in adventure.tables.values():
        yield from table_expressions(table)
    yield from _texts(adventure.intro)
    yield from defeated_expressions(adventure)


def objective_expressions(objective: Any) -> Iterator[str]:
    """An objective's ``when`` and its text (told when it completes): read until it is done."""
    if objective.when:
        yield objective.when
    yield from _texts(objective.text)


def hook_expressions(hook: Any) -> Iterator[str]:
    """A hook's ``when`` and its effects' expressions."""
    if hook.when:
        yield hook.when
    yield from _effects(hook.effects)


def clock_expressions(clock: Any) -> Iterator[str]:
    """The expressions of a clock's ``filled`` effects."""
    yield from _effects(clock.filled)


def table_expressions(table: Any) -> Iterator[str]:
    """The expressions of a table's rows (their texts and effects)."""
    for branch in table.rows.values():
        yield from _texts(branch.text)
        yield from _effects(branch.effects)


def defeated_expressions(adventure: Adventure) -> Iterator[str]:
    """The expressions of the ``defeated`` branch (the rules may take the character out anywhere)."""
    if adventure.defeated is not None:
        yield from _texts(adventure.defeated.text)
        yield from _effects(adventure.defeated.effects)


def scene_expressions(scene: Any, branches: bool = True) -> Iterator[str]:
    """The expressions of one scene: its texts, entry effects, choices, checks and conflict;
    with ``branches=False`` without those of its checks' and conflict's outcome branches."""
    yield from _texts(scene.title)
    yield from _texts(scene.text)
    yield from _effects(scene.on_enter)
    if scene.ending is not None:
        yield from _texts(scene.ending.summary)
    if scene.conflict is not None:  # a fight's result branches read what any branch may
        yield from _texts(scene.conflict.title)
        for branch in scene.conflict.outcomes.values() if branches else ():
            yield from _texts(branch.text)
            yield from _effects(branch.effects)
    for choice in scene.choices:
        if choice.condition:
            yield choice.condition
        yield from _texts(choice.text)
        yield from _texts(choice.disabled)
        yield from _effects(choice.effects)
        if choice.check is not None and branches:
            for branch in choice.check.outcomes.values():
                yield from _texts(branch.text)
                yield from _effects(branch.effects)


def turn_uses(parsed: expressions.Expression) -> tuple[set[int], int] | None:
    """How one expression reads ``turn``: (moduli, largest number compared with), or None when
    it reads it some other way (then the whole turn counter matters)."""
    return parsed.counter_uses("turn")


def _effect_lists(adventure: Adventure) -> Iterator[Any]:
    """Every list of effects the adventure can run, wherever it is written."""
    for hook in adventure.hooks:
        yield hook.effects
    for clock in adventure.clocks.values():
        yield clock.filled
    for table in adventure.tables.values():
        for branch in table.rows.values():
            yield branch.effects
    if adventure.defeated is not None:
        yield adventure.defeated.effects
    for scene in adventure.scenes.values():
        yield scene.on_enter
        if scene.conflict is not None:
            for branch in scene.conflict.outcomes.values():
                yield branch.effects
        for choice in scene.choices:
            yield choice.effects
            if choice.check is not None:
                for branch in choice.check.outcomes.values():
                    yield branch.effects


def _each_effect(effects: Any) -> Iterator[Mapping[str, Any]]:
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        yield effect
        found = effect.get("if")
        if isinstance(found, Mapping):
            yield from _each_effect(found.get("then"))
            yield from _each_effect(found.get("else"))


def only_grow(adventure: Adventure) -> set[str]:
    """The counters no effect can lower: every ``add`` to them is a whole number of 0 or more
    written as such (not computed). ``set`` may still put any value in them."""
    lowered: set[str] = set()
    for effects in _effect_lists(adventure):
        for effect in _each_effect(effects):
            added = effect.get("add")
            if not isinstance(added, Mapping):
                continue
            for name, amount in added.items():
                if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                    lowered.add(str(name))
    return set(adventure.counters) - lowered



def any_effect(adventure: Adventure, name: str) -> bool:
    """Whether any effect of the adventure, nested ones included, is a ``name`` effect."""
    return any(name in effect for effects in _effect_lists(adventure) for effect in _each_effect(effects))
