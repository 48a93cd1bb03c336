"""Expressions as one Python function each, reading a game's state directly: the engine's hot path.

:meth:`solo.engine.game.Game.evaluate` is asked about fifteen conditions per decision (a scene's
choices, every-turn hooks, objectives). Through the closures of
:mod:`solo.adventure.expression_compiler` each costs a chain of calls: the expression, then each
node, then the variables' lookup through the environment. Here an expression's tree is turned
once into the body of a single function of the state's own dictionaries::

    def run(F, K, N, V, P):   # flags, clocks, counters, the other variables, the functions
        return ...

so ``not ticket and hours > 12`` is one call with a few dictionary reads and comparisons inline.

Only the common, valid case is written out: a flag, clock or counter that exists (flags win over
clocks, which win over counters, as in the engine), integers compared with integers, true/false
operands, a known function that returns. Anything else (an absent name, a mixed comparison, a
function that raises, text operands...) either goes through the tree walker's own helpers
(``_compare``, ``_arith``, ``_truthy``: the same values and errors) or raises, and the caller
then evaluates the expression the ordinary way, which gives the value or words the error. An
expression with a node written out nowhere here (unary minus of a name) gets no function at all.

Safety: the generated source never contains any text of the adventure. Names, literals and
operators' columns are passed in as numbered constants (``c0``, ``c1``...); the only other words
in the source are fixed ones of this module, and an operator is copied only after it is looked up
in :data:`_PY_COMPARE` (the six comparison signs). So a hostile file cannot put code in it.
"""

from __future__ import annotations

from typing import Any, Callable

from solo.adventure import expressions as ex
from solo.adventure.expression_compiler import SPECIAL_NAMES

#: flags, clocks, counters, the game's variables (for special names), the game's functions.
Fast = Callable[[dict, dict, dict, Any, Any], Any]

#: The comparison operators written out as Python (ints only; anything else goes to _compare).
_PY_COMPARE = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}

#: Expression text -> its function, or None when it has none (see the module docstring).
_MADE: dict[str, Fast | None] = {}
MADE_LIMIT = 8192


class _Writer:
    """Writes the body of one function: constants and temporaries numbered as they come."""

    def __init__(self) -> None:
        self.constants: list[Any] = []
        self.temps = 0

    def constant(self, value: Any) -> str:
        self.constants.append(value)
        return f"c{len(self.constants) - 1}"

    def temp(self) -> str:
        self.temps += 1
        return f"v{self.temps}"

    def write(self, node: Any) -> str:
        kind = type(node).__name__
        if kind == "_Literal":
            return self.constant(node.value)
        if kind == "_Name":
            name = self.constant(node.name)
            if node.name in SPECIAL_NAMES or node.name.startswith("roll."):
                return f"V[{name}]"
            return f"(F[{name}] if {name} in F else K[{name}] if {name} in K else N[{name}])"
        if kind == "_Not":
            var = self.temp()
            read = self.write(node.operand)
            return f"(not (({var} := {read}) is True or ({var} is not False and T({var}))))"
        if kind == "_BoolOp":
            return self._boolop(node)
        if kind == "_Compare":
            return self._compare(node)
        if kind == "_Arith":
            value = self.write(node.first)
            for op, column, operand in node.rest:
                value = f"AR({self.constant(op)}, {value}, {self.write(operand)}, {self.constant(column)})"
            return value
        if kind == "_List":
            return "[" + ", ".join(self.write(item) for item in node.items) + "]"
        if kind == "_Call":
            args = ", ".join(self.write(arg) for arg in node.args)
            return f"P[{self.constant(node.name)}]({args})"
        raise _NotWritten(kind)

    def _boolop(self, node: Any) -> str:
        """``a and b``: the first false operand, else the last; ``or``: the first true one."""
        operands = list(node.operands)
        last = operands.pop()
        var = self.temp()
        # the last operand is returned as it is, but read as true/false first (for its error)
        value = f"({var} if ({var} := {self.write(last)}) is True or {var} is False or T({var}) in (True, False) else {var})"
        for operand in reversed(operands):
            var = self.temp()
            test = f"({var} := {self.write(operand)}) is True or ({var} is not False and T({var}))"
            if node.op == "and":
                value = f"({value} if {test} else {var})"
            else:
                value = f"({var} if {test} else {value})"
        return value

    def _compare(self, node: Any) -> str:
        """``a < b <= c``: each pair held in turn, each operand evaluated once, left to right."""
        left = self.temp()
        left_read = f"({left} := {self.write(node.first)})"  # the first pair reads it
        pairs = []
        for op, column, operand in node.rest:
            right = self.temp()
            right_read = f"({right} := {self.write(operand)})"
            sign = _PY_COMPARE.get(op)
            op_c, column_c = self.constant(op), self.constant(column)
            if sign is None:
                pairs.append(f"CMP({op_c}, {left_read}, {right_read}, {column_c})")
            else:
                pairs.append(f"(({left} {sign} {right}) if (type({left_read}) is int) & (type({right_read}) is int) "
                             f"else CMP({op_c}, {left}, {right}, {column_c}))")
            left = left_read = right
        value = pairs.pop()
        for pair in reversed(pairs):
            value = f"({value} if {pair} else False)"
        return value


class _NotWritten(Exception):
    """A node this module does not write out (the expression keeps the ordinary way)."""


def make(tree: Any) -> Fast:
    """The function computing ``tree``'s value from a game's state (see the module docstring)."""
    writer = _Writer()
    body = writer.write(tree)
    params = ", ".join(f"c{n}" for n in range(len(writer.constants)))
    source = (f"def build({params}{', ' if params else ''}T, CMP, AR):\n"
              f"    def run(F, K, N, V, P):\n"
              f"        return {body}\n"
              f"    return run\n")
    scope: dict[str, Any] = {}
    exec(compile(source, "<solo condition>", "exec"), {"__builtins__": {"type": type, "int": int}}, scope)
    return scope["build"](*writer.constants, ex._truthy, ex._compare, ex._arith)


def fast(text: str) -> Fast | None:
    """The function of an expression's text, made the first time; None when it has none."""
    try:
        return _MADE[text]
    except KeyError:
        pass
    try:
        found: Fast | None = make(ex.parse(text)._root)
    except (_NotWritten, ex.ExpressionError, RecursionError, SyntaxError, MemoryError):
        found = None
    if len(_MADE) >= MADE_LIMIT:
        _MADE.clear()
    _MADE[text] = found
    return found
