"""Expressions turned into nested Python closures, for speed: the same values, the same errors.

The tree of :mod:`solo.adventure.expressions` is evaluated node by node, a method call and
several attribute reads per node. A bot playing thousands of games evaluates the same few
hundred conditions millions of times, so :func:`compile_tree` turns each tree once into closures
that call each other directly. No Python source is generated and nothing is ``eval``-ed: every
closure is one of the fixed functions below, parameterised by the node's parts.

Each closure computes only the common, valid case (a variable that exists, numbers compared
with numbers, a known function that returns); anything else is handed to the node's own
``eval``, which raises the usual :class:`~solo.adventure.expressions.ExpressionError` with its
message and column. So an expression means exactly what it meant before.
"""

from __future__ import annotations

from typing import Any, Callable

from solo.adventure import expressions as ex

Compiled = Callable[[Any], Any]


#: Variable names an engine's variables look up apart (the rest are flags, clocks, counters).
SPECIAL_NAMES = frozenset({"turn", "scene", "character.name", "character.id"})


def _name(node: Any) -> Compiled:
    name = node.name

    def run(env: Any) -> Any:
        try:
            return env.variables[name]
        except KeyError:
            return node.eval(env)

    if name in SPECIAL_NAMES or name.startswith("roll."):
        return run

    def plain(env: Any) -> Any:
        # a game's variables read a flag, clock or counter straight (``plain``); a mapping
        # without it is read as any mapping
        lookup = getattr(env.variables, "plain", None)
        if lookup is None:
            return run(env)
        try:
            return lookup(name)
        except KeyError:
            return node.eval(env)

    return plain


def _literal(node: Any) -> Compiled:
    value = node.value
    return lambda env: value


def _not(node: Any) -> Compiled:
    operand = compile_tree(node.operand)
    truthy = ex._truthy

    def run(env: Any) -> Any:
        value = operand(env)
        if value is True or value is False:  # the common case, without the call
            return not value
        return not truthy(value)

    return run


def _boolop(node: Any) -> Compiled:
    operands = tuple(compile_tree(o) for o in node.operands)
    want = node.op == "or"
    truthy = ex._truthy

    def run(env: Any) -> Any:
        value: Any = None
        for operand in operands:
            value = operand(env)
            if value is True or value is False:  # the common case, without the call
                if value is want:
                    return value
            elif truthy(value) == want:
                return value
        return value

    return run


_FAST = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def _compare(node: Any) -> Compiled:
    first = compile_tree(node.first)
    rest = tuple((op, column, compile_tree(n), _FAST.get(op)) for op, column, n in node.rest)
    compare = ex._compare

    def run(env: Any) -> Any:
        left = first(env)
        for op, column, right_fn, fast in rest:
            right = right_fn(env)
            if fast is not None and type(left) is int and type(right) is int:
                held = fast(left, right)
            else:
                held = compare(op, left, right, column)
            if not held:
                return False
            left = right
        return True

    return run


def _arith(node: Any) -> Compiled:
    first = compile_tree(node.first)
    rest = tuple((op, column, compile_tree(n)) for op, column, n in node.rest)
    arith = ex._arith
    return lambda env: _fold(first(env), rest, env, arith)


def _fold(value: Any, rest: tuple, env: Any, arith: Callable) -> Any:
    for op, column, fn in rest:
        value = arith(op, value, fn(env), column)
    return value


def _call(node: Any) -> Compiled:
    name = node.name
    args = tuple(compile_tree(a) for a in node.args)

    def run(env: Any) -> Any:
        function = env.functions.get(name)
        if function is None:
            return node.eval(env)
        values = [a(env) for a in args]
        try:
            return function(*values)
        except Exception:
            return node.eval(env)  # the tree walker words the error (and raises it)

    return run


_COMPILERS = {
    "_Name": _name,
    "_Literal": _literal,
    "_Not": _not,
    "_BoolOp": _boolop,
    "_Compare": _compare,
    "_Arith": _arith,
    "_Call": _call,
}


def compile_tree(node: Any) -> Compiled:
    """A closure computing ``node``'s value from an environment."""
    make = _COMPILERS.get(type(node).__name__)
    if make is None:  # lists, negation: rare; the node evaluates itself
        return node.eval
    return make(node)
