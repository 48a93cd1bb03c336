"""The small, safe expression language of adventure files, and ``{...}`` text interpolation.

Adventure files are written by strangers, so their conditions (``if``, ``when``) and the
``{...}`` parts of their text are parsed here by a hand-written tokenizer and a precedence-climbing
parser into an AST of this module's own node classes, and evaluated by those classes. Nothing is
handed to Python's ``eval``/``exec``/``compile``, no attribute of any Python object is read, and
the only callables reachable are the ones the engine puts in :class:`Environment.functions`.

The language (see ``docs/format.md``, section "Expressions"):

* literals: whole numbers ``3``, text ``"a"`` or ``'a'`` (escapes ``\\\\ \\" \\' \\n \\t``),
  ``true``/``false`` (also ``True``/``False``), ``none`` (also ``None``), lists ``[a, b]``;
* names ``air_left``; a dotted name ``character.name`` is ONE variable name, looked up as the key
  ``"character.name"`` (there is no attribute access);
* calls ``has("sealant")`` to the functions of the environment only;
* operators, loosest first: ``or``; ``and``; ``not``; comparisons ``== != < <= > >= in not in``
  (chainable as in Python: ``1 < x < 5``); ``+ -``; ``* / %``; unary ``-``. ``/`` is whole
  (floor) division. ``and``/``or`` short-circuit and return an operand, as in Python.

Typing is strict and never raises a Python ``TypeError``: arithmetic and ordering work on numbers
(``true`` is not a number), ``+`` also joins two texts, ``==`` between different kinds (``1 ==
true``, ``"1" == 1``) is simply false. Every problem is an :class:`ExpressionError` whose message
names the operator and the kinds involved.

Limits keep hostile input cheap: an expression is at most :data:`MAX_LENGTH` characters, nests at
most :data:`MAX_DEPTH` levels (parentheses, brackets, calls, unary operators), and every number
(literal or result) stays within ±:data:`MAX_INT`; texts built with ``+`` stay within
:data:`MAX_TEXT` characters.

:func:`parse` is cached. :func:`render` fills ``{expr}`` in text (``{{`` and ``}}`` are literal
braces); :func:`template_expressions` lists the expressions of a text for the validator.
"""

from __future__ import annotations

import math

import difflib
import functools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Iterator, Mapping

from solo.errors import SoloError

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_LENGTH",
    "MAX_TEXT",
    "NOT_LITERAL",
    "Environment",
    "Expression",
    "ExpressionError",
    "parse",
    "render",
    "template_expressions",
]

MAX_LENGTH = 1000
"""Longest expression text, in characters."""
MAX_DEPTH = 50
"""Deepest nesting of parentheses, brackets, calls and unary operators."""
MAX_INT = 10**12
"""Largest magnitude of any number written or computed."""
MAX_TEXT = 10_000
"""Longest text ``+`` may build."""


class ExpressionError(SoloError, ValueError):
    """An expression that cannot be parsed or evaluated.

    ``message`` says what is wrong (parse errors include ``"at column N"``), ``column`` is the
    1-based column inside the expression text (or ``None``), ``hint`` an optional suggestion, and
    ``offset`` — set only by :func:`render` and :func:`template_expressions` — the 0-based index
    in the whole text where the problem is.
    """

    def __init__(
        self,
        message: str,
        column: int | None = None,
        hint: str | None = None,
        *,
        offset: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.hint = hint
        self.offset = offset

    def __str__(self) -> str:
        if self.hint:
            return f"{self.message}\n  hint: {self.hint}"
        return self.message


class _NotLiteral:
    """The placeholder :meth:`Expression.calls` uses for an argument that is not a literal."""

    _instance: "_NotLiteral | None" = None

    def __new__(cls) -> "_NotLiteral":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOT_LITERAL"

    def __reduce__(self) -> str:
        return "NOT_LITERAL"


NOT_LITERAL = _NotLiteral()
"""Stands for a non-literal argument in :meth:`Expression.calls` (``has(x)`` → ``('has', (NOT_LITERAL,))``)."""


@dataclass(frozen=True)
class Environment:
    """What an expression can see: variables by name, and the only functions it may call.

    ``variables`` maps names (including dotted ones such as ``"character.name"``) to values;
    ``functions`` maps names to callables taking the evaluated arguments positionally.
    """

    variables: Mapping[str, Any] = field(default_factory=dict)
    functions: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


# --------------------------------------------------------------------------------------------
# Values


def _is_number(value: Any) -> bool:
    kind = type(value)
    if kind is int or kind is float:
        return True
    return isinstance(value, (int, float, Fraction)) and not isinstance(value, bool)


def _kind(value: Any) -> str:
    """The author-facing name of a value's kind, used in error messages."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true/false"
    if _is_number(value):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, (set, frozenset)):
        return "set"
    if isinstance(value, Mapping):
        return "mapping"
    return type(value).__name__


def _truthy(value: Any) -> bool:
    if value is True or value is False:
        return value
    if isinstance(value, bool):
        return value
    if value is None:
        return False
    if _is_number(value):
        return value != 0
    if isinstance(value, (str, list, tuple, set, frozenset, Mapping)):
        return len(value) > 0
    raise ExpressionError(f"a {_kind(value)} value cannot be used as true or false")


def _equal(a: Any, b: Any) -> bool:
    if type(a) is str and type(b) is str:  # two texts (``scene == "x"``): what the kinds below say
        return a == b
    if _is_number(a) and _is_number(b):
        return a == b
    ka, kb = _kind(a), _kind(b)
    if ka != kb:
        return False
    if ka == "list":
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    return bool(a == b)


def _check_number(value: Any, op: str, column: int | None) -> Any:
    if abs(value) > MAX_INT:
        raise ExpressionError(
            f"the result of '{op}' at column {column} is out of range (numbers stay within ±10**12)",
            column,
        )
    return value


def _format(value: Any) -> str:
    """How a value reads inside text."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return ", ".join(_format(v) for v in value)
    return str(value)


# --------------------------------------------------------------------------------------------
# AST


class _Node:
    """A node of the expression tree."""

    __slots__ = ()
    column: int

    def eval(self, env: Environment) -> Any:  # pragma: no cover - every node overrides it
        raise NotImplementedError

    def children(self) -> tuple["_Node", ...]:
        return ()


@dataclass(frozen=True, slots=True)
class _Literal(_Node):
    value: Any
    column: int

    def eval(self, env: Environment) -> Any:
        return self.value


@dataclass(frozen=True, slots=True)
class _Name(_Node):
    name: str
    column: int

    def eval(self, env: Environment) -> Any:
        variables = env.variables
        try:
            return variables[self.name]
        except KeyError:
            pass
        close = difflib.get_close_matches(self.name, [str(k) for k in variables], n=1)
        hint = f"did you mean '{close[0]}'?" if close else None
        raise ExpressionError(f"unknown variable '{self.name}'", self.column, hint)


@dataclass(frozen=True, slots=True)
class _List(_Node):
    items: tuple[_Node, ...]
    column: int

    def eval(self, env: Environment) -> Any:
        return [item.eval(env) for item in self.items]

    def children(self) -> tuple[_Node, ...]:
        return self.items


@dataclass(frozen=True, slots=True)
class _Call(_Node):
    name: str
    args: tuple[_Node, ...]
    column: int

    def eval(self, env: Environment) -> Any:
        functions = env.functions
        function = functions.get(self.name)
        if function is None:
            names = sorted(str(k) for k in functions)
            hint = f"the functions are: {', '.join(names)}" if names else "no functions are available here"
            raise ExpressionError(f"unknown function '{self.name}'", self.column, hint)
        args = [arg.eval(env) for arg in self.args]
        try:
            return function(*args)
        except ExpressionError as exc:
            if exc.column is None:
                exc.column = self.column
            raise
        except (TypeError, ValueError, KeyError, LookupError) as exc:
            shown = ", ".join(repr(a) if isinstance(a, str) else _format(a) for a in args)
            raise ExpressionError(f"{self.name}({shown}) failed: {exc}", self.column) from None

    def children(self) -> tuple[_Node, ...]:
        return self.args


@dataclass(frozen=True, slots=True)
class _Negate(_Node):
    operand: _Node
    column: int

    def eval(self, env: Environment) -> Any:
        value = self.operand.eval(env)
        if not _is_number(value):
            raise ExpressionError(
                f"unary '-' at column {self.column} needs a number, got {_kind(value)}", self.column
            )
        return _check_number(-value, "-", self.column)

    def children(self) -> tuple[_Node, ...]:
        return (self.operand,)


@dataclass(frozen=True, slots=True)
class _Not(_Node):
    operand: _Node
    column: int

    def eval(self, env: Environment) -> Any:
        return not _truthy(self.operand.eval(env))

    def children(self) -> tuple[_Node, ...]:
        return (self.operand,)


@dataclass(frozen=True, slots=True)
class _BoolOp(_Node):
    """``a and b and c`` or ``a or b or c``: short-circuits and returns the deciding operand."""

    op: str
    operands: tuple[_Node, ...]
    column: int

    def eval(self, env: Environment) -> Any:
        want = self.op == "or"
        value: Any = None
        for operand in self.operands:
            value = operand.eval(env)
            if _truthy(value) == want:
                return value
        return value

    def children(self) -> tuple[_Node, ...]:
        return self.operands


def _compare(op: str, a: Any, b: Any, column: int) -> bool:
    if op == "==":
        return _equal(a, b)
    if op == "!=":
        return not _equal(a, b)
    if op in ("in", "not in"):
        if isinstance(b, str):
            if not isinstance(a, str):
                raise ExpressionError(
                    f"'{op}' at column {column} looks for text in text, got {_kind(a)} in text", column
                )
            found = a in b
        elif isinstance(b, (list, tuple, set, frozenset)):
            found = any(_equal(a, item) for item in b)
        elif isinstance(b, Mapping):
            found = any(_equal(a, key) for key in b)
        else:
            raise ExpressionError(
                f"'{op}' at column {column} needs a list or text on its right, got {_kind(b)}", column
            )
        return found if op == "in" else not found
    if (_is_number(a) and _is_number(b)) or (isinstance(a, str) and isinstance(b, str)):
        if op == "<":
            return a < b
        if op == "<=":
            return a <= b
        if op == ">":
            return a > b
        return a >= b
    raise ExpressionError(
        f"'{op}' at column {column} cannot compare {_kind(a)} with {_kind(b)}",
        column,
        "'<', '<=', '>' and '>=' compare two numbers or two texts",
    )


@dataclass(frozen=True, slots=True)
class _Compare(_Node):
    """``a < b <= c``: true when every adjacent pair holds (each operand evaluated once)."""

    first: _Node
    rest: tuple[tuple[str, int, _Node], ...]
    column: int

    def eval(self, env: Environment) -> Any:
        left = self.first.eval(env)
        for op, column, node in self.rest:
            right = node.eval(env)
            if not _compare(op, left, right, column):
                return False
            left = right
        return True

    def children(self) -> tuple[_Node, ...]:
        return (self.first, *(node for _, _, node in self.rest))


def _arith(op: str, a: Any, b: Any, column: int) -> Any:
    if op == "+" and isinstance(a, str) and isinstance(b, str):
        if len(a) + len(b) > MAX_TEXT:
            raise ExpressionError(
                f"'+' at column {column} would build a text longer than {MAX_TEXT} characters", column
            )
        return a + b
    if not (_is_number(a) and _is_number(b)):
        needs = "two numbers or two texts" if op == "+" else "two numbers"
        raise ExpressionError(
            f"'{op}' at column {column} needs {needs}, got {_kind(a)} and {_kind(b)}", column
        )
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "*":
        result = a * b
    else:
        if b == 0:
            raise ExpressionError(
                f"division by zero: '{op}' at column {column} has 0 on its right", column
            )
        result = a // b if op == "/" else a % b
    return _check_number(result, op, column)


@dataclass(frozen=True, slots=True)
class _Arith(_Node):
    """A left-to-right run of ``+ -`` or of ``* / %`` operators at one precedence level."""

    first: _Node
    rest: tuple[tuple[str, int, _Node], ...]
    column: int

    def eval(self, env: Environment) -> Any:
        value = self.first.eval(env)
        for op, column, node in self.rest:
            value = _arith(op, value, node.eval(env), column)
        return value

    def children(self) -> tuple[_Node, ...]:
        return (self.first, *(node for _, _, node in self.rest))


def _walk(root: _Node) -> Iterator[_Node]:
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children()))


def _admits(node: _Node, name: str, candidates: frozenset[Any]) -> set[Any]:
    if isinstance(node, _BoolOp):
        parts = [_admits(operand, name, candidates) for operand in node.operands]
        return set.intersection(*parts) if node.op == "and" else set.union(*parts)
    if isinstance(node, _Compare) and len(node.rest) == 1:
        op, _, right = node.rest[0]
        for mine, other in ((node.first, right), (right, node.first)):
            if not (isinstance(mine, _Name) and mine.name == name):
                continue
            if op in ("==", "!=") and isinstance(other, _Literal):
                return {c for c in candidates if _equal(c, other.value) == (op == "==")}
            if (op in ("in", "not in") and mine is node.first and isinstance(other, _List)
                    and all(isinstance(item, _Literal) for item in other.items)):
                values = [item.value for item in other.items if isinstance(item, _Literal)]
                return {c for c in candidates if any(_equal(c, v) for v in values) == (op == "in")}
    return set(candidates)


def _is_variable(node: _Node, name: str, call: str | None) -> bool:
    """Whether ``node`` is the variable ``name``, or ``call("name")`` when ``call`` names a function."""
    if isinstance(node, _Name):
        return node.name == name
    return (call is not None and isinstance(node, _Call) and node.name == call and len(node.args) == 1
            and isinstance(node.args[0], _Literal) and node.args[0].value == name)


@dataclass(frozen=True)
class Expression:
    """A parsed expression: its source text and its tree. Immutable and cached by :func:`parse`."""

    source: str
    _root: _Node = field(repr=False)

    def evaluate(self, env: Environment) -> Any:
        """The value of the expression in ``env``; every failure is an :class:`ExpressionError`."""
        try:
            return self.compiled()(env)
        except RecursionError:
            raise ExpressionError("expression is too complex to evaluate") from None

    def conjuncts(self) -> tuple["Expression", ...]:
        """The parts of a top-level ``a and b and c``, each an expression of its own (the
        expression itself when it is not one): the whole is true only when every part is."""
        root = self._root
        if isinstance(root, _BoolOp) and root.op == "and":
            return tuple(Expression(f"{self.source} [part {n + 1}]", part) for n, part in enumerate(root.operands))
        return (self,)

    def compiled(self) -> Callable[[Environment], Any]:
        """The expression as closures (made once): call it with an environment for its value.
        The same values and errors as :meth:`evaluate`, except that a ``RecursionError`` is the
        caller's to turn into an :class:`ExpressionError`."""
        run = self.__dict__.get("_run")
        if run is None:
            from solo.adventure.expression_compiler import compile_tree

            run = compile_tree(self._root)
            object.__setattr__(self, "_run", run)
        return run

    def __getstate__(self) -> dict[str, Any]:
        return {"source": self.source, "_root": self._root}  # the compiled closures stay behind

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def test(self, env: Environment) -> bool:
        """The expression's value read as a condition (``0``, ``""``, ``none``, ``[]`` are false)."""
        return _truthy(self.evaluate(env))

    def names(self) -> set[str]:
        """Every variable name the expression reads (dotted names whole)."""
        return {node.name for node in _walk(self._root) if isinstance(node, _Name)}

    def counter_uses(self, name: str) -> tuple[set[int], int] | None:
        """How the variable ``name`` is read, when only as ``name % k`` and compared with
        numbers: ``(every k, the largest number compared with)``; None when it is read any
        other way. (An analysis that keeps ``min(name, largest + 1)`` and ``name`` modulo every
        ``k`` loses nothing.)"""
        found = self.comparisons(name)
        if found is None:
            return None
        return found[0], max((int(c) for c in found[1]), default=0)

    def counter_reads(self, name: str, call: str | None = None) -> tuple[set[int], int] | None:
        """Like :meth:`counter_uses`, with the tightest number instead of the largest: ``(every
        k, L)`` where ``L`` is the last whole value that some comparison tells from the next one
        (``x >= 2`` and ``x < 2``: 1; ``x > 2``, ``x <= 2``, ``x == 2``: 2), so every value past
        ``L`` answers every comparison alike. (Keeping ``min(name, L + 1)`` loses nothing: one
        value fewer than ``largest + 1`` where the comparisons are ``>=`` or ``<``.) 0 when
        nothing is compared; None when ``name`` is read some other way."""
        found = self.comparisons(name, call)
        if found is None:
            return None
        moduli = found[0]
        last = 0
        flipped = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}

        def mine(node: _Node) -> bool:
            return _is_variable(node, name, call)

        for node in _walk(self._root):
            if not (isinstance(node, _Compare) and len(node.rest) == 1):
                continue
            op, _, right = node.rest[0]
            if mine(node.first) and isinstance(right, _Literal) and _is_number(right.value):
                k = right.value
            elif mine(right) and isinstance(node.first, _Literal) and _is_number(node.first.value):
                op, k = flipped.get(op, op), node.first.value  # k < x is x > k
            else:
                continue
            if op in (">=", "<"):
                last = max(last, math.ceil(k) - 1)
            elif op in (">", "<="):
                last = max(last, math.floor(k))
            elif op in ("==", "!=") and float(k).is_integer():
                last = max(last, int(k))
        return moduli, last

    def comparisons(self, name: str, call: str | None = None) -> tuple[set[int], set[Any]] | None:
        """How the variable ``name`` (or ``call("name")``, when ``call`` names a function) is
        read, when only as ``name % k`` and compared with numbers: ``(every k, every number
        compared with)``; None when it is read any other way. Two values that stand alike to
        every number (less, equal or more) and have the same residues read alike here."""
        moduli: set[int] = set()
        numbers: set[Any] = set()
        covered: set[int] = set()

        def mine(node: _Node) -> bool:
            return _is_variable(node, name, call)

        for node in _walk(self._root):
            if isinstance(node, _Arith) and mine(node.first):
                op, _, right = node.rest[0]
                if op == "%" and isinstance(right, _Literal) and _is_number(right.value) and int(right.value) > 0:
                    moduli.add(int(right.value))
                    covered.add(id(node.first))
            elif isinstance(node, _Compare) and len(node.rest) == 1:
                op, _, right = node.rest[0]
                left = node.first
                for one, other in ((left, right), (right, left)):
                    if (mine(one) and op in ("<", "<=", ">", ">=", "==", "!=")
                            and isinstance(other, _Literal) and _is_number(other.value)):
                        numbers.add(other.value)
                        covered.add(id(one))
        for node in _walk(self._root):
            if mine(node) and id(node) not in covered:
                return None
        return moduli, numbers

    def admits(self, name: str, candidates: Iterable[Any]) -> set[Any]:
        """Which of ``candidates`` the variable ``name`` can hold when the expression is true, read
        from its ``name == "x"``, ``name != "x"`` and ``name in [...]`` tests joined by ``and`` and
        ``or``; any other part admits every candidate. (The validator reads ``character.id`` this
        way to know which pregenerated characters can meet a choice.)"""
        return _admits(self._root, name, frozenset(candidates))

    def calls(self) -> set[tuple[str, tuple[Any, ...]]]:
        """Every call as ``(function, args)``; an argument that is not a literal is :data:`NOT_LITERAL`."""
        found = set()
        for node in _walk(self._root):
            if isinstance(node, _Call):
                args = tuple(
                    arg.value if isinstance(arg, _Literal) else NOT_LITERAL for arg in node.args
                )
                found.add((node.name, args))
        return found


# --------------------------------------------------------------------------------------------
# Tokenizer

_KEYWORDS = {"and", "or", "not", "in", "true", "false", "none", "True", "False", "None"}
_CONSTANTS = {"true": True, "True": True, "false": False, "False": False, "none": None, "None": None}
_TWO_CHAR_OPS = {"==", "!=", "<=", ">="}
_ONE_CHAR_OPS = set("()[],<>+-*/%")
_ESCAPES = {"\\": "\\", '"': '"', "'": "'", "n": "\n", "t": "\t"}
_BAD_CHAR_HINTS = {
    "=": "use '==' to compare; there is no assignment in expressions",
    "!": "use 'not' for negation, or '!=' for 'not equal'",
    "&": "use 'and'",
    "|": "use 'or'",
    ".": "there is no attribute access; a dotted name like character.name is one variable name",
    "{": "braces only mark expressions inside text; they cannot appear inside one",
    "}": "braces only mark expressions inside text; they cannot appear inside one",
    "^": "there is no power or bitwise operator; only + - * / % work on numbers",
    "@": "only + - * / % work on numbers",
    ":": "there is no slicing or lambda in expressions",
    ";": "an expression is a single condition or value",
}


def _is_ident_start(ch: str) -> bool:
    return ch == "_" or ("a" <= ch <= "z") or ("A" <= ch <= "Z")


def _is_ident_char(ch: str) -> bool:
    return _is_ident_start(ch) or ("0" <= ch <= "9")


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "int", "str", "name", "kw", "op", "end"
    value: Any
    column: int  # 1-based

    def describe(self) -> str:
        if self.kind == "end":
            return "end of expression"
        if self.kind == "int":
            return f"number {self.value}"
        if self.kind == "str":
            return "text " + _short(repr(self.value))
        if self.kind == "name":
            return f"name '{self.value}'"
        return f"'{self.value}'"


def _short(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        col = i + 1
        if ch in " \t\r\n":
            i += 1
        elif "0" <= ch <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            if j < n and text[j] == "." and j + 1 < n and "0" <= text[j + 1] <= "9":
                raise ExpressionError(
                    f"decimal number at column {col}", col, "only whole numbers are supported"
                )
            if j < n and _is_ident_char(text[j]):
                k = j
                while k < n and _is_ident_char(text[k]):
                    k += 1
                raise ExpressionError(
                    f"invalid number '{_short(text[i:k])}' at column {col}",
                    col,
                    "names cannot start with a digit",
                )
            digits = text[i:j].lstrip("0") or "0"
            if len(digits) > 13 or int(digits) > MAX_INT:
                raise ExpressionError(
                    f"number {_short(text[i:j])} at column {col} is too large",
                    col,
                    "numbers stay within ±10**12",
                )
            tokens.append(_Token("int", int(digits), col))
            i = j
        elif _is_ident_start(ch):
            j = i
            while j < n and _is_ident_char(text[j]):
                j += 1
            # A dotted name (character.name) is one name; the dot must join two identifiers.
            while j + 1 < n and text[j] == "." and _is_ident_start(text[j + 1]):
                j += 1
                while j < n and _is_ident_char(text[j]):
                    j += 1
            word = text[i:j]
            if word in _KEYWORDS:
                tokens.append(_Token("kw", word, col))
            else:
                tokens.append(_Token("name", word, col))
            i = j
        elif ch in "\"'":
            quote = ch
            j = i + 1
            parts: list[str] = []
            while True:
                if j >= n or text[j] in "\r\n":
                    raise ExpressionError(
                        f"text starting at column {col} is not closed",
                        col,
                        f"end the text with {quote}",
                    )
                c = text[j]
                if c == quote:
                    j += 1
                    break
                if c == "\\":
                    nxt = text[j + 1] if j + 1 < n else ""
                    if nxt not in _ESCAPES:
                        raise ExpressionError(
                            f"unknown escape '\\{nxt}' at column {j + 1}",
                            j + 1,
                            "the escapes are \\\\ \\\" \\' \\n \\t",
                        )
                    parts.append(_ESCAPES[nxt])
                    j += 2
                    continue
                parts.append(c)
                j += 1
            tokens.append(_Token("str", "".join(parts), col))
            i = j
        else:
            two = text[i : i + 2]
            if two in _TWO_CHAR_OPS:
                tokens.append(_Token("op", two, col))
                i += 2
            elif two == "**":
                raise ExpressionError(
                    f"'**' at column {col} is not an operator", col, "only + - * / % work on numbers"
                )
            elif two == "//":
                raise ExpressionError(
                    f"'//' at column {col} is not an operator", col, "'/' already divides to a whole number"
                )
            elif two in ("&&", "||"):
                raise ExpressionError(
                    f"'{two}' at column {col} is not an operator", col, _BAD_CHAR_HINTS[ch]
                )
            elif ch in _ONE_CHAR_OPS:
                tokens.append(_Token("op", ch, col))
                i += 1
            else:
                shown = ch if ch.isprintable() else repr(ch)
                raise ExpressionError(
                    f"unexpected character '{shown}' at column {col}", col, _BAD_CHAR_HINTS.get(ch)
                )
    tokens.append(_Token("end", None, n + 1))
    return tokens


# --------------------------------------------------------------------------------------------
# Parser (precedence climbing)

_P_OR, _P_AND, _P_NOT, _P_CMP, _P_ADD, _P_MUL, _P_UNARY = range(1, 8)
_CMP_OPS = {"==", "!=", "<", "<=", ">", ">="}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.depth = 0

    @property
    def tok(self) -> _Token:
        return self.tokens[self.pos]

    def advance(self) -> _Token:
        tok = self.tokens[self.pos]
        if tok.kind != "end":
            self.pos += 1
        return tok

    def unexpected(self, tok: _Token, hint: str | None = None) -> ExpressionError:
        if hint is None:
            if tok.kind == "end":
                hint = "the expression is incomplete"
            elif tok.kind == "name" and tok.value == "is":
                hint = "use '==' or '!=' to compare"
            elif tok.kind == "name" and self.pos > 0:
                hint = "two values in a row; is an operator such as 'and' or '==' missing?"
        return ExpressionError(f"unexpected {tok.describe()} at column {tok.column}", tok.column, hint)

    def enter(self, column: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ExpressionError(
                f"expression nested too deeply at column {column} (more than {MAX_DEPTH} levels)",
                column,
                "split it into simpler conditions",
            )

    def leave(self) -> None:
        self.depth -= 1

    def expect(self, value: str, opener: _Token) -> None:
        tok = self.tok
        if tok.kind == "op" and tok.value == value:
            self.advance()
            return
        raise ExpressionError(
            f"expected '{value}' to close '{opener.value}' from column {opener.column}, "
            f"found {tok.describe()} at column {tok.column}",
            tok.column,
        )

    def parse(self) -> _Node:
        if self.tok.kind == "end":
            raise ExpressionError("empty expression at column 1", 1, "write a condition or value")
        node = self.expr(_P_OR)
        if self.tok.kind != "end":
            raise self.unexpected(self.tok)
        return node

    def binary_op(self) -> tuple[str, int] | None:
        """The binary operator at the current position and its precedence, without consuming it."""
        tok = self.tok
        if tok.kind == "kw":
            if tok.value == "or":
                return "or", _P_OR
            if tok.value == "and":
                return "and", _P_AND
            if tok.value == "in":
                return "in", _P_CMP
            if tok.value == "not":
                nxt = self.tokens[self.pos + 1]
                if nxt.kind == "kw" and nxt.value == "in":
                    return "not in", _P_CMP
            return None
        if tok.kind == "op":
            if tok.value in _CMP_OPS:
                return tok.value, _P_CMP
            if tok.value in ("+", "-"):
                return tok.value, _P_ADD
            if tok.value in ("*", "/", "%"):
                return tok.value, _P_MUL
        return None

    def expr(self, min_prec: int) -> _Node:
        left = self.prefix(min_prec)
        while True:
            found = self.binary_op()
            if found is None or found[1] < min_prec:
                return left
            level = found[1]
            column = left.column
            if level in (_P_OR, _P_AND):
                operands = [left]
                while (f := self.binary_op()) is not None and f[1] == level:
                    self.advance()
                    operands.append(self.expr(level + 1))
                left = _BoolOp(found[0], tuple(operands), column)
            else:
                rest = []
                while (f := self.binary_op()) is not None and f[1] == level:
                    op_tok = self.advance()
                    if f[0] == "not in":
                        self.advance()
                    rest.append((f[0], op_tok.column, self.expr(level + 1)))
                cls = _Compare if level == _P_CMP else _Arith
                left = cls(left, tuple(rest), column)

    def prefix(self, min_prec: int) -> _Node:
        tok = self.tok
        if tok.kind == "kw" and tok.value == "not":
            if min_prec > _P_NOT:
                raise ExpressionError(
                    f"'not' at column {tok.column} cannot stand here",
                    tok.column,
                    "put the 'not ...' part in parentheses",
                )
            self.advance()
            self.enter(tok.column)
            operand = self.expr(_P_NOT)
            self.leave()
            return _Not(operand, tok.column)
        if tok.kind == "op" and tok.value == "-":
            self.advance()
            self.enter(tok.column)
            operand = self.expr(_P_UNARY)
            self.leave()
            if isinstance(operand, _Literal) and _is_number(operand.value):
                return _Literal(-operand.value, tok.column)
            return _Negate(operand, tok.column)
        if tok.kind == "op" and tok.value == "+":
            raise ExpressionError(
                f"unexpected '+' at column {tok.column}", tok.column, "write the number without '+'"
            )
        return self.primary()

    def primary(self) -> _Node:
        tok = self.advance()
        if tok.kind in ("int", "str"):
            return _Literal(tok.value, tok.column)
        if tok.kind == "kw" and tok.value in _CONSTANTS:
            return _Literal(_CONSTANTS[tok.value], tok.column)
        if tok.kind == "name":
            nxt = self.tok
            if nxt.kind == "op" and nxt.value == "(":
                if "." in tok.value:
                    raise ExpressionError(
                        f"'{_short(tok.value)}' at column {tok.column} cannot be called",
                        tok.column,
                        "only plain function names such as has(...) can be called",
                    )
                self.advance()
                self.enter(nxt.column)
                args = self.sequence(")", nxt)
                self.leave()
                return _Call(tok.value, args, tok.column)
            return _Name(tok.value, tok.column)
        if tok.kind == "op" and tok.value == "(":
            self.enter(tok.column)
            if self.tok.kind == "op" and self.tok.value == ")":
                raise ExpressionError(
                    f"empty parentheses at column {tok.column}", tok.column, "there are no tuples"
                )
            node = self.expr(_P_OR)
            self.expect(")", tok)
            self.leave()
            return node
        if tok.kind == "op" and tok.value == "[":
            self.enter(tok.column)
            items = self.sequence("]", tok)
            self.leave()
            return _List(items, tok.column)
        raise self.unexpected(tok)

    def sequence(self, closer: str, opener: _Token) -> tuple[_Node, ...]:
        """Comma-separated expressions up to ``closer`` (a trailing comma is allowed)."""
        items: list[_Node] = []
        while True:
            if self.tok.kind == "op" and self.tok.value == closer:
                self.advance()
                return tuple(items)
            items.append(self.expr(_P_OR))
            if self.tok.kind == "op" and self.tok.value == ",":
                self.advance()
                continue
            self.expect(closer, opener)
            return tuple(items)


def parse(text: str | bool | int) -> Expression:
    """Parse ``text`` into an :class:`Expression` (cached), or raise :class:`ExpressionError`.

    A ``bool`` or ``int`` is accepted as the expression of that literal, since YAML turns
    ``if: true`` or ``when: 0`` into one.
    """
    if type(text) is str:
        found = _recent.get(text)
        if found is not None:
            return found
    if isinstance(text, bool):
        text = "true" if text else "false"
    elif isinstance(text, int):
        text = str(text)
    elif not isinstance(text, str):
        raise ExpressionError(f"an expression must be text, got {_kind(text)}")
    return _parse_cached(text)


#: Parsed expressions by text, for the common case of a text parsed before (no wrapper calls).
_recent: dict[str, Expression] = {}
RECENT_LIMIT = 4096


def _parse_cached(text: str) -> Expression:
    found = _parse_lru(text)
    if len(_recent) >= RECENT_LIMIT:
        _recent.clear()
    _recent[text] = found
    return found


@functools.lru_cache(maxsize=4096)
def _parse_lru(text: str) -> Expression:
    if len(text) > MAX_LENGTH:
        raise ExpressionError(
            f"expression is {len(text)} characters long (at most {MAX_LENGTH})",
            MAX_LENGTH + 1,
            "split it into simpler conditions",
        )
    try:
        root = _Parser(text).parse()
    except RecursionError:
        raise ExpressionError("expression is too complex to parse", 1) from None
    return Expression(text, root)


# --------------------------------------------------------------------------------------------
# Text interpolation


@functools.lru_cache(maxsize=1024)
def _split_template(text: str) -> tuple[str | tuple[str, int], ...]:
    """Literal pieces (``str``) and expressions (``(expr_text, offset)``) of a text, in order."""
    parts: list[str | tuple[str, int]] = []
    literal: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "{":
            if text.startswith("{{", i):
                literal.append("{")
                i += 2
                continue
            start = i + 1
            j = start
            quote = ""
            while j < n:
                c = text[j]
                if quote:
                    if c == "\\":
                        j += 2
                        continue
                    if c == quote:
                        quote = ""
                elif c in "\"'":
                    quote = c
                elif c == "}":
                    break
                elif c == "{":
                    raise _template_error(
                        text, j, "'{' inside an expression", "write '{{' for a literal brace"
                    )
                j += 1
            if j >= n:
                raise _template_error(
                    text, i, "'{' is never closed", "close the expression with '}', or write '{{' for a literal brace"
                )
            if not text[start:j].strip():
                raise _template_error(text, i, "empty '{}'", "write '{{}}' for literal braces")
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append((text[start:j], start))
            i = j + 1
        elif ch == "}":
            if text.startswith("}}", i):
                literal.append("}")
                i += 2
                continue
            raise _template_error(text, i, "single '}'", "write '}}' for a literal brace")
        else:
            literal.append(ch)
            i += 1
    if literal:
        parts.append("".join(literal))
    return tuple(parts)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _template_error(text: str, offset: int, problem: str, hint: str) -> ExpressionError:
    line, col = _line_col(text, offset)
    return ExpressionError(f"{problem} at line {line}, column {col} of the text", None, hint, offset=offset)


def _in_text(text: str, expr_text: str, offset: int, exc: ExpressionError) -> ExpressionError:
    at = offset + (exc.column - 1 if exc.column else 0)
    at = min(at, offset + len(expr_text))
    line, col = _line_col(text, at)
    return ExpressionError(
        f"in {{{_short(expr_text, 40)}}} at line {line}, column {col} of the text: {exc.message}",
        exc.column,
        exc.hint,
        offset=at,
    )


def template_expressions(text: str) -> list[tuple[str, int]]:
    """The ``{...}`` expressions of ``text`` as ``(expr_text, offset)``, ``offset`` 0-based.

    Raises :class:`ExpressionError` (with ``offset``) for an unclosed or stray brace; the
    expressions themselves are not parsed here.
    """
    return [part for part in _split_template(text) if isinstance(part, tuple)]


def readable_template(text: str) -> str:
    """``text`` as a reader can take it without a game in progress (``solo graph``'s labels):
    each ``{expr}`` becomes the words it can give, ``"a" / "b"`` for ``{cond and "a" or "b"}``,
    or ``…`` where it gives a value only play knows (a number, a name). Text that is not a
    well-formed template is returned as it is."""
    try:
        parts = _split_template(text)
    except ExpressionError:
        return text
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
            continue
        try:
            words = _words_of(parse(part[0])._root)
        except ExpressionError:
            words = []
        out.append(" / ".join(dict.fromkeys(words)) if words else "…")
    return "".join(out)


def _words_of(node: _Node) -> list[str]:
    """The strings an expression can evaluate to, as far as they are written in it."""
    if isinstance(node, _Literal):
        return [node.value] if isinstance(node.value, str) and node.value else []
    if isinstance(node, _BoolOp):
        operands = node.operands if node.op == "or" else node.operands[-1:]
        return [word for operand in operands for word in _words_of(operand)]
    return []


def render(text: str, env: Environment) -> str:
    """``text`` with every ``{expr}`` replaced by its value; ``{{``/``}}`` give literal braces."""
    out: list[str] = []
    for part in _split_template(text):
        if isinstance(part, str):
            out.append(part)
            continue
        expr_text, offset = part
        try:
            value = parse(expr_text).evaluate(env)
        except ExpressionError as exc:
            raise _in_text(text, expr_text, offset, exc) from None
        out.append(_format(value))
    return "".join(out)
