"""The functions and built-in variables an expression may read, each defined once.

:data:`FUNCTIONS` is the one list of expression functions: the engine builds one implementation per
name (:meth:`solo.engine.game.Game._functions`), the validator one argument check per name, and
both refuse to start with a name missing or extra (:func:`require_functions`). ``docs/format.md``
("Expressions") is checked against it by the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["BUILTIN_VARIABLES", "FUNCTIONS", "FUNCTION_NAMES", "Function", "require_functions"]


@dataclass(frozen=True)
class Function:
    """One expression function: its name, what its one argument names, and what it answers."""

    name: str
    argument: str  # item, objective, scene, stat, clock, condition, resource, npc, trait
    answers: str


FUNCTIONS: tuple[Function, ...] = (
    Function("has", "item", "whether the character carries the item"),
    Function("done", "objective", "whether the objective is complete"),
    Function("visited", "scene", "whether the scene has been entered"),
    Function("stat", "stat", "the character's rating in the stat (0 without it)"),
    Function("chance", "stat", "the percent chance of success of a check on the stat"),
    Function("clock", "clock", "the clock's filled segments"),
    Function("condition", "condition", "whether the character has the condition"),
    Function("resource", "resource", "the amount of the resource"),
    Function("fallen", "npc", "whether a conflict has taken the npc out"),
    Function("trait", "trait", "whether the character has the trait"),
)

#: The names alone, in the order of :data:`FUNCTIONS`.
FUNCTION_NAMES: tuple[str, ...] = tuple(function.name for function in FUNCTIONS)

#: Variables every expression can read besides the declared flags, counters and clocks (a ruleset
#: adds its own ``roll.*`` measures).
BUILTIN_VARIABLES: tuple[str, ...] = ("turn", "scene", "character.name", "character.id",
                                       "roll.outcome", "roll.success", "roll.total")


def require_functions(names: Iterable[str], owner: str) -> None:
    """Raise if ``names`` misses an expression function or has one the format does not."""
    given = set(names)
    missing = [name for name in FUNCTION_NAMES if name not in given]
    extra = sorted(given - set(FUNCTION_NAMES))
    if missing or extra:
        raise AssertionError(f"{owner}: expression functions disagree with the format "
                             f"(missing {missing or 'none'}, not in the format {extra or 'none'})")
