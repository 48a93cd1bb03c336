"""Expressions turned into nested Python closures, for speed: the one definition of how a tree
is folded into a value outside the tree walker, with the same values and the same errors.

The tree of :mod:`solo.adventure.expressions` is evaluated node by node, a method call and
several attribute reads per node. A bot playing thousands of games evaluates the same few
hundred conditions millions of times, so :func:`make` turns each tree once into closures that
call each other directly and read a state's own dictionaries::

    run(F, K, N, V, P)   # flags, clocks, counters, the other variables, the functions

A name is read from the flags, else the clocks, else the counters (flags win over clocks, which
win over counters, as in the engine), else from ``V``; ``turn``, ``scene``, ``character.*`` and
``roll.*`` always from ``V``. The shapes conditions are usually written in get a closure of their
own, so ``not ticket``, ``hours > 12`` or ``has('rope')`` is one call with the lookup and
comparison inline, and ``a and not b`` (names, negated or not, as operands of ``and``/``or``) is one
too.

Two callers use the same closures:

* the engine (:mod:`solo.engine.conditions`) passes its state's dictionaries straight, and on
  any failure evaluates the expression the ordinary way, which words the error;
* :func:`compile_tree`, behind :meth:`Expression.evaluate <solo.adventure.expressions.Expression.evaluate>`,
  takes an :class:`~solo.adventure.expressions.Environment`: a state-backed one (whose variables
  have ``dicts()``, as a game's do) gives its state's dictionaries, any other mapping is read
  as ``V`` alone; on any failure the tree walker evaluates the node and raises its
  :class:`~solo.adventure.expressions.ExpressionError` with its message and column.

Only the common, valid case is computed here: a variable that exists, integers compared with
integers (and worked on with integers while the result stays in range, never divided by 0),
true/false operands, a known function that returns. Anything else goes through the tree
walker's own rules (``_compare``, ``_arith``, ``_truthy``: the same values and errors) or raises.
A node with no closure here (unary minus, for one) makes :func:`make` raise :class:`NotHandled`.
No Python source is generated and nothing is ``eval``-ed: every closure is one of the fixed
functions below, parameterised by the node's parts.
"""

from __future__ import annotations

import operator
from typing import Any, Callable

from solo.adventure import expressions as ex

Compiled = Callable[[Any], Any]
#: flags, clocks, counters, the other variables (special names, a plain mapping's), the functions.
Fast = Callable[[dict, dict, dict, Any, Any], Any]

#: Variable names an engine's variables look up apart (the rest are flags, clocks, counters).
SPECIAL_NAMES = frozenset({"turn", "scene", "character.name", "character.id"})

#: The comparisons computed straight on two integers (anything else goes to ``_compare``).
INT_COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
               "==": operator.eq, "!=": operator.ne}

_truthy, _held, _worked = ex._truthy, ex._compare, ex._arith  # the tree walker's own rules
MAX_INT = ex.MAX_INT
_NONE: dict = {}  # no flags, clocks or counters: an environment that is a plain mapping


class NotHandled(Exception):
    """A node with no closure here (the expression keeps the tree walker)."""


def _is_plain(node: Any) -> bool:
    """A name read from flags, clocks or counters (not ``turn``, ``scene``, ``roll.*``...)."""
    return type(node).__name__ == "_Name" and node.name not in SPECIAL_NAMES and not node.name.startswith("roll.")


def _name(node: Any) -> Fast:
    name = node.name
    if not _is_plain(node):
        return lambda F, K, N, V, P: V[name]

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        return F[name] if name in F else K[name] if name in K else N[name] if name in N else V[name]

    return run


def _literal(node: Any) -> Fast:
    value = node.value
    return lambda F, K, N, V, P: value


def _not(node: Any) -> Fast:
    operand = node.operand
    if _is_plain(operand):  # ``not ticket``
        name = operand.name

        def plain(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
            value = F[name] if name in F else K[name] if name in K else N[name] if name in N else V[name]
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
    operand read is read as true/false, the last one too (for its error). An operand that is a
    plain name or ``not`` one (``not breach_sealed and not bay_vented``) is read inline, as
    :func:`_name` and :func:`_not` read it, without a call of its own."""
    want = node.op == "or"
    operands = tuple(_operand(o) for o in node.operands)
    if len(operands) == 2:
        return _two(want, *operands)

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value: Any = None
        for name, negated, operand in operands:
            if operand is None:
                value = F[name] if name in F else K[name] if name in K else N[name] if name in N else V[name]
                if negated:
                    value = False if value is True else True if value is False else not _truthy(value)
            else:
                value = operand(F, K, N, V, P)
            if value is True or value is False:
                if value is want:
                    return value
            elif _truthy(value) == want:
                return value
        return value

    return run


def _two(want: bool, first: tuple[str, bool, Fast | None], second: tuple[str, bool, Fast | None]) -> Fast:
    """:func:`_boolop`'s loop written out for two operands (``a and not b``, the shape written
    most): the same reads in the same order, the last operand read as true/false too."""
    name1, negated1, fn1 = first
    name2, negated2, fn2 = second

    def two(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        if fn1 is None:
            value = F[name1] if name1 in F else K[name1] if name1 in K else N[name1] if name1 in N else V[name1]
            if negated1:
                value = False if value is True else True if value is False else not _truthy(value)
        else:
            value = fn1(F, K, N, V, P)
        if value is True or value is False:
            if value is want:
                return value
        elif _truthy(value) == want:
            return value
        if fn2 is None:
            value = F[name2] if name2 in F else K[name2] if name2 in K else N[name2] if name2 in N else V[name2]
            if negated2:
                value = False if value is True else True if value is False else not _truthy(value)
        else:
            value = fn2(F, K, N, V, P)
        if value is not True and value is not False:
            _truthy(value)  # read as true/false for its error, as the loop reads the last operand
        return value

    return two


def _operand(node: Any) -> tuple[str, bool, Fast | None]:
    """(name, negated, None) for a plain name or ``not`` one, else ("", False, its function)."""
    if _is_plain(node):
        return node.name, False, None
    if type(node).__name__ == "_Not" and _is_plain(node.operand):
        return node.operand.name, True, None
    return "", False, make(node)


def _compare(node: Any) -> Fast:
    """A comparison chain: each link on two integers straight, any other through ``_compare``;
    false at the first link that does not hold (the operands after it are not read)."""
    if len(node.rest) == 1:
        op, column, right = node.rest[0]
        fast = INT_COMPARE.get(op)
        if fast is not None and _is_plain(node.first) and type(right).__name__ == "_Literal" and type(right.value) is int:
            name, number = node.first.name, right.value  # ``hours > 12``

            def name_number(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
                value = F[name] if name in F else K[name] if name in K else N[name] if name in N else V[name]
                if type(value) is int:
                    return fast(value, number)
                return _held(op, value, number, column)

            return name_number
        if fast is not None and type(right).__name__ == "_Literal" and type(right.value) is int:
            shaped = _call_number(node.first, fast, op, right.value, column) or _arith_number(
                node.first, fast, op, right.value, column)
            if shaped is not None:
                return shaped
        if type(right).__name__ == "_Literal":  # ``turn % 6 == 0``: the number read without a call
            left_fn, number = make(node.first), right.value

            def then_literal(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
                value = left_fn(F, K, N, V, P)
                if fast is not None and type(value) is int and type(number) is int:
                    return fast(value, number)
                return _held(op, value, number, column)

            return then_literal
    first = make(node.first)
    rest = tuple((op, column, make(n), INT_COMPARE.get(op)) for op, column, n in node.rest)

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


def _call_number(left: Any, fast: Any, op: str, number: int, column: int) -> Fast | None:
    """``clock('hunger') >= 14``: a function of one literal compared with an integer, in one
    call (as ``then_literal`` over ``_call``'s function computes it); None for another shape."""
    if type(left).__name__ != "_Call" or len(left.args) != 1 or type(left.args[0]).__name__ != "_Literal":
        return None
    name, argument = left.name, left.args[0].value

    def call_number(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value = P[name](argument)
        if type(value) is int:
            return fast(value, number)
        return _held(op, value, number, column)

    return call_number


def _arith_number(left: Any, fast: Any, op: str, number: int, column: int) -> Fast | None:
    """``turn % 6 == 0``: a name worked with an integer literal, compared with an integer, in
    one call (as ``then_literal`` over ``_arith``'s function computes it); None for another shape."""
    if (type(left).__name__ != "_Arith" or len(left.rest) != 1 or type(left.first).__name__ != "_Name"
            or type(left.rest[0][2]).__name__ != "_Literal" or type(left.rest[0][2].value) is not int):
        return None
    work, work_column, other = left.rest[0][0], left.rest[0][1], left.rest[0][2].value
    found = INT_ARITH.get(work)
    if found is None or not (other or work in "+-*"):
        return None  # dividing by a literal 0: the general closures (and the tree walker) say so
    straight: Callable[[int, int], int] = found  # a name of its own: the closure below keeps its type
    name, plain = left.first.name, _is_plain(left.first)

    def arith_number(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        if plain:
            value = F[name] if name in F else K[name] if name in K else N[name] if name in N else V[name]
        else:
            value = V[name]
        if type(value) is int:
            result = straight(value, other)
            if -MAX_INT <= result <= MAX_INT:
                return fast(result, number)
        result = _worked(work, value, other, work_column)
        if type(result) is int:
            return fast(result, number)
        return _held(op, result, number, column)

    return arith_number


#: Arithmetic on two integers computed straight (``/`` and ``%`` with a right side that is not 0).
INT_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.floordiv,
             "%": operator.mod}


def _arith(node: Any) -> Fast:
    """Arithmetic folded left to right: two integers straight while the result stays in range
    (and nothing is divided by 0), anything else through ``_arith`` (its range checks and errors).
    A literal operand is read without a call (``turn % 6``)."""
    first = make(node.first)
    rest = tuple(
        (op, column, None if type(n).__name__ == "_Literal" else make(n),
         n.value if type(n).__name__ == "_Literal" else None, INT_ARITH.get(op))
        for op, column, n in node.rest
    )

    def run(F: dict, K: dict, N: dict, V: Any, P: Any) -> Any:
        value = first(F, K, N, V, P)
        for op, column, fn, literal, straight in rest:
            other = literal if fn is None else fn(F, K, N, V, P)
            if straight is not None and type(value) is int and type(other) is int and (other or op in "+-*"):
                result = straight(value, other)
                if -MAX_INT <= result <= MAX_INT:
                    value = result
                    continue
            value = _worked(op, value, other, column)
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
    """The function computing ``tree``'s value from a state's dictionaries (module docstring)."""
    maker = _MAKERS.get(type(tree).__name__)
    if maker is None:
        raise NotHandled(type(tree).__name__)
    return maker(tree)


def compile_tree(node: Any) -> Compiled:
    """A closure computing ``node``'s value from an environment: :func:`make`'s function, given
    the environment's state dictionaries when it has them; where that fails, the tree walker
    (which raises the usual error). A ``RecursionError`` is the caller's."""
    try:
        fast = make(node)
    except NotHandled:  # negation and the like: rare; the node evaluates itself
        return node.eval

    def run(env: Any) -> Any:
        variables = env.variables
        dicts = getattr(variables, "dicts", None)
        F, K, N = dicts() if dicts is not None else (_NONE, _NONE, _NONE)
        try:
            return fast(F, K, N, variables, env.functions)
        except RecursionError:
            raise
        except Exception:
            return node.eval(env)  # the tree walker words the error (and raises it)

    return run
