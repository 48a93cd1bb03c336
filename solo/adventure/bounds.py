"""The bounds of every number the rules and the screen use, in one place.

Adventure files, stored characters and saves come from strangers, and a number can be a weapon:
a target of 10^12 makes the exact odds run for ever, a stat of a million asks for a million dice,
an award of 10^9 blessing dice fills the memory, a clock of a million segments fills the screen.
So each number has a bound, checked where it enters (``solo validate`` with file:line:col, the
save reader, the stored-character reader, ``solo odds``/``solo roll``) and where it can grow at
play time (the engine stops the game cleanly, naming the scene, when a counter passes its bound):

=======================  ==============  =================================================
number                   bound           why
=======================  ==============  =================================================
a stat (any system)      -100 .. 100     the largest book value is 10; dice pools stay small
a check parameter        -100 .. 100     dice, targets, modifiers: exact odds stay quick
an award, per effect     -1 000 .. 1 000 XP, EP, rerolls, blessing dice...
a resource               -10^6 .. 10^6   what awards add up to over a long game
a counter                -10^9 .. 10^9   set/add results; the game stops past it
a clock's size           1 .. 100        it is drawn as one box per segment
a clock's start          0 .. its size
=======================  ==============  =================================================

Expressions have their own limits (:mod:`solo.adventure.expressions`: numbers within ±10^12,
texts within 10 000 characters); dice notation has its own (:mod:`solo.rules.notation`).
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = [
    "MAX_AWARD",
    "MAX_CLOCK",
    "MAX_COUNTER",
    "MAX_PARAM",
    "MAX_RESOURCE",
    "MAX_STAT",
    "numbers",
    "out_of_bounds",
]

MAX_STAT = 100
MAX_PARAM = 100
MAX_AWARD = 1_000
MAX_RESOURCE = 1_000_000
MAX_COUNTER = 1_000_000_000
MAX_CLOCK = 100


def numbers(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], int | float]]:
    """Every number inside plain data (lists and mappings followed), with its path."""
    stack = [(path, value)]
    while stack:
        at, item = stack.pop()
        if isinstance(item, bool):
            continue
        if isinstance(item, (int, float)):
            yield at, item
        elif isinstance(item, dict):
            stack.extend((at + (k,), v) for k, v in item.items())
        elif isinstance(item, (list, tuple)):
            stack.extend((at + (n,), v) for n, v in enumerate(item))


def out_of_bounds(value: Any, limit: int, low: int | None = None) -> bool:
    """Whether a number lies outside ``low .. limit`` (``-limit .. limit`` by default)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    low = -limit if low is None else low
    return not (low <= value <= limit)


# -- what solo validate checks ------------------------------------------------------------------

BOUND_CODES: dict[str, str] = {
    "out-of-bounds": "a number beyond the bound the engine allows for it (see solo.adventure.bounds)",
}


def check_bounds(checker: Any) -> None:
    """Report every number of the checker's adventure that is beyond its bound."""
    adv = checker.adv

    def report(path: tuple[Any, ...], value: Any, what: str, low: int, high: int) -> None:
        checker.error("out-of-bounds", path, f"{what} {value} is out of bounds ({low} to {high})",
                      "see the bounds in docs/format.md")

    for person in (*adv.characters, *adv.npcs.values()):
        for at, value in numbers(dict(person.stats), person.path + ("stats",)):
            if out_of_bounds(value, MAX_STAT):
                report(at, value, "a stat of", -MAX_STAT, MAX_STAT)
        for at, value in numbers(dict(person.resources), person.path + ("resources",)):
            if out_of_bounds(value, MAX_RESOURCE):
                report(at, value, "a resource of", -MAX_RESOURCE, MAX_RESOURCE)
    for scene in adv.scenes.values():
        for choice in scene.choices:
            if choice.check is not None:
                for at, value in numbers(dict(choice.check.params), choice.check.path):
                    if out_of_bounds(value, MAX_PARAM):
                        report(at, value, "a check parameter of", -MAX_PARAM, MAX_PARAM)
    for name, value in adv.counters.items():
        if out_of_bounds(value, MAX_COUNTER):
            report(("variables", "counters", name), value, "a counter of", -MAX_COUNTER, MAX_COUNTER)
    for clock in adv.clocks.values():
        if out_of_bounds(clock.size, MAX_CLOCK, 1):
            report(clock.path + ("size",), clock.size, "a clock of size", 1, MAX_CLOCK)
        elif out_of_bounds(clock.start, clock.size, 0):
            report(clock.path + ("start",), clock.start, "a clock start of", 0, clock.size)
    for objective in adv.objectives.values():
        for at, value in numbers(dict(objective.award), objective.path + ("award",)):
            if out_of_bounds(value, MAX_AWARD):
                report(at, value, "an award of", -MAX_AWARD, MAX_AWARD)
    for effects, path in checker.effect_sites():
        for n, effect, at in _walk(effects, path):
            for name in ("award", "set", "add", "tick"):
                changes = effect.get(name)
                if isinstance(changes, dict):
                    high = MAX_AWARD if name == "award" else MAX_COUNTER
                    for key, amount in changes.items():
                        if out_of_bounds(amount, high):
                            report(at + (name, key), amount, f"{name}:", -high, high)


def _walk(effects: Any, path: tuple[Any, ...]) -> Iterator[tuple[int, dict, tuple[Any, ...]]]:
    """(index, effect, path) for each effect, ``if`` branches included."""
    stack = [(effects, path)]
    while stack:
        items, at = stack.pop()
        for n, effect in enumerate(items or ()):
            if not isinstance(effect, dict):
                continue
            yield n, effect, at + (n,)
            inner = effect.get("if")
            if isinstance(inner, dict):
                stack.append((inner.get("then"), at + (n, "if", "then")))
                stack.append((inner.get("else"), at + (n, "if", "else")))
