"""Expressions as functions of a game's state dictionaries: the engine's hot path.

:meth:`solo.engine.game.Game.evaluate` is asked about fifteen conditions per decision (a scene's
choices, every-turn hooks, objectives). Through the closures of
:mod:`solo.adventure.expression_compiler` each costs a chain of calls: the expression, then each
node, then the variables' lookup through the environment (a method, then three dictionaries).
Here an expression's tree is turned once into closures that take the state's own dictionaries::

    run(F, K, N, V, P)   # flags, clocks, counters, the other variables, the functions

and the shapes conditions are usually written in get a closure of their own, so ``not ticket``,
``hours > 12`` or ``has('rope')`` is one call with the lookup and comparison inline, and
``a and b`` is three.

Only the common, valid case is computed: a flag, clock or counter that exists (flags win over
clocks, which win over counters, as in the engine), integers compared with integers, true/false
operands, a known function that returns. Anything else either goes through the tree walker's own
helpers (``_compare``, ``_arith``, ``_truthy``: the same values and errors) or raises, and the
caller then evaluates the expression the ordinary way, which gives the value or words the error.
An expression with a node not handled here (unary minus of a name) gets no function at all.

As in :mod:`solo.adventure.expression_compiler`, no Python source is generated and nothing is
``eval``-ed: every closure is one of the fixed functions below, parameterised by the node's parts.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from solo.adventure import expressions as ex
from solo.adventure.expression_compiler import SPECIAL_NAMES

#: flags, clocks, counters, the game's variables (for special names), the game's functions.
Fast = Callable[[dict, dict, dict, Any, Any], Any]

#: The comparisons computed straight on two integers (anything else goes to ``_compare``).
_INT_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
                "==": operator.eq, "!=": operator.ne}

#: Expression text -> its function, or None when it has none (see the module docstring).
_MADE: dict[str, Fast | None] = {}
MADE_LIMIT = 8192

_truthy, _held, _worked = ex._truthy, ex._compare, ex._arith  # the tree walker's own rules


class _NotHandled(Exception):
    """A node this module has no closure for (the expression keeps the ordinary way)."""


def _is_plain(node: Any) -> bool:
    """A name read from flags, clocks or counters (not ``turn``, ``scene``, ``roll.*``...)."""
    return type(node).__name__ == "_Name" and node.name not in SPECIAL_NAMES and not node.name.startswith("roll.")


def _name(node: Any) -> Fast:
    name = node.name
    if not _is_plain(node):
        return lambda F, K, N, V, P: V[name]

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        return F[name] if name in F else K[name] if name in K else N[name]

    return run


def _literal(node: Any) -> Fast:
    value = node.value
    return lambda F, K, N, V, P: value


def _not(node: Any) -> Fast:
    operand = node.operand
    if _is_plain(operand):  # ``not ticket``
        name = operand.name

        def plain(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
            value = F[name] if name in F else K[name] if name in K else N[name]
            if value is True:
                return False
            if value is False:
                return True
            return not _truthy(value)

        return plain
    inner = make(operand)

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value = inner(F, K, N, V, P)
        if value is True:
            return False
        if value is False:
            return True
        return not _truthy(value)

    return run


def _boolop(node: Any) -> Fast:
    """``a and b``: the first false operand, else the last; ``or``: the first true one. Every
    operand read is read as true/false, the last one too (for its error)."""
    operands = tuple(make(o) for o in node.operands)
    want = node.op == "or"

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value: Any = None
        for operand in operands:
            value = operand(F, K, N, V, P)
            if value is True or value is False:
                if value is want:
                    return value
            elif _truthy(value) == want:
                return value
        return value

    return run


def _compare(node: Any) -> Fast:
    if len(node.rest) == 1:
        op, column, right = node.rest[0]
        fast = _INT_COMPARE.get(op)
        if fast is not None and _is_plain(node.first) and type(right).__name__ == "_Literal" and type(right.value) is int:
            name, number = node.first.name, right.value  # ``hours > 12``

            def name_number(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
                value = F[name] if name in F else K[name] if name in K else N[name]
                if type(value) is int:
                    return fast(value, number)
                return _held(op, value, number, column)

            return name_number
    first = make(node.first)
    rest = tuple((op, column, make(n), _INT_COMPARE.get(op)) for op, column, n in node.rest)

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        left = first(F, K, N, V, P)
        for op, column, right_fn, fast in rest:
            right = right_fn(F, K, N, V, P)
            if fast is not None and type(left) is int and type(right) is int:
                held = fast(left, right)
            else:
                held = _held(op, left, right, column)
            if not held:
                return False
            left = right
        return True

    return run


def _arith(node: Any) -> Fast:
    first = make(node.first)
    rest = tuple((op, column, make(n)) for op, column, n in node.rest)

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value = first(F, K, N, V, P)
        for op, column, fn in rest:
            value = _worked(op, value, fn(F, K, N, V, P), column)
        return value

    return run


def _call(node: Any) -> Fast:
    name = node.name
    if len(node.args) == 1 and type(node.args[0]).__name__ == "_Literal":
        argument = node.args[0].value  # ``has('rope')``
        return lambda F, K, N, V, P: P[name](argument)
    args = tuple(make(a) for a in node.args)
    return lambda F, K, N, V, P: P[name](*[a(F, K, N, V, P) for a in args])


def _list(node: Any) -> Fast:
    items = tuple(make(item) for item in node.items)
    return lambda F, K, N, V, P: [item(F, K, N, V, P) for item in items]


_MAKERS = {
    "_Name": _name,
    "_Literal": _literal,
    "_Not": _not,
    "_BoolOp": _boolop,
    "_Compare": _compare,
    "_Arith": _arith,
    "_Call": _call,
    "_List": _list,
}


def make(tree: Any) -> Fast:
    """The function computing ``tree``'s value from a game's state (see the module docstring)."""
    maker = _MAKERS.get(type(tree).__name__)
    if maker is None:
        raise _NotHandled(type(tree).__name__)
    return maker(tree)


def fast(text: str) -> Fast | None:
    """The function of an expression's text, made the first time; None when it has none."""
    try:
        return _MADE[text]
    except KeyError:
        pass
    try:
        found: Fast | None = make(ex.parse(text)._root)
    except (_NotHandled, ex.ExpressionError, RecursionError, MemoryError):
        found = None
    if len(_MADE) >= MADE_LIMIT:
        _MADE.clear()
    _MADE[text] = found
    return found
