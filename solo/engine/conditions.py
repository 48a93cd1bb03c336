"""Expressions as functions of a game's state dictionaries: the engine's hot path.

:meth:`solo.engine.game.Game.evaluate` is asked about fifteen conditions per decision (a scene's
choices, every-turn hooks, objectives). Each expression's tree is turned once, by the expression
compiler (:func:`solo.adventure.expression_compiler.make`, the one definition of how a tree is
folded into a value), into closures that take the state's own dictionaries::

    run(F, K, N, V, P)   # flags, clocks, counters, the other variables, the functions

Here they are kept by the expression's text. Only the common, valid case is computed; anything
else raises, and the caller then evaluates the expression the ordinary way, which gives the value
or words the error. An expression with a node the compiler has no closure for (unary minus of a
name) gets no function at all.
"""

from __future__ import annotations

from solo.adventure import expressions as ex
from solo.adventure.expression_compiler import Fast, NotHandled, make

__all__ = ["Fast", "fast", "make"]

#: Expression text -> its function, or None when it has none (see the module docstring).
_MADE: dict[str, Fast | None] = {}
MADE_LIMIT = 8192


def fast(text: str) -> Fast | None:
    """The function of an expression's text, made the first time; None when it has none."""
    try:
        return _MADE[text]
    except KeyError:
        pass
    try:
        found: Fast | None = make(ex.parse(text)._root)
    except (NotHandled, ex.ExpressionError, RecursionError, MemoryError):
        found = None
    if len(_MADE) >= MADE_LIMIT:
        _MADE.clear()
    _MADE[text] = found
    return found
