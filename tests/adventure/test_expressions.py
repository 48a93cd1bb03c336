"""Tests for solo.adventure.expressions: the safe expression language and text interpolation."""

from __future__ import annotations

import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.adventure import expressions
from solo.adventure.expressions import (
    MAX_DEPTH,
    MAX_INT,
    MAX_LENGTH,
    NOT_LITERAL,
    Environment,
    Expression,
    ExpressionError,
    parse,
    render,
    template_expressions,
)

ITEMS = ["sealant", "torch"]

ENV = Environment(
    variables={
        "a": 3,
        "b": 4,
        "zero": 0,
        "big": MAX_INT,
        "flag": True,
        "off": False,
        "nothing": None,
        "name": "Ann",
        "empty": "",
        "items": ITEMS,
        "character.name": "The Pilot",
        "turn": 7,
        "ratio": Fraction(1, 2),
        "opaque": object(),
    },
    functions={
        "has": lambda item: item in ITEMS,
        "stat": lambda name: {"thought": 2, "utility": 1}[name],
        "double": lambda n: n * 2,
        "boom": lambda: (_ for _ in ()).throw(ExpressionError("boom failed")),
    },
)


def ev(text: str, env: Environment = ENV):
    return parse(text).evaluate(env)


def err(text: str, env: Environment = ENV) -> ExpressionError:
    with pytest.raises(ExpressionError) as info:
        parse(text).evaluate(env)
    return info.value


# --- literals and names --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("3", 3),
        ("007", 7),
        ('"text"', "text"),
        ("'single'", "single"),
        (r'"a\"b\\c\n"', 'a"b\\c\n'),
        ("true", True),
        ("True", True),
        ("false", False),
        ("False", False),
        ("none", None),
        ("None", None),
        ("[1, 'x', [true]]", [1, "x", [True]]),
        ("[]", []),
        ("[1, 2,]", [1, 2]),
        ("a", 3),
        ("character.name", "The Pilot"),
        ("  a  ", 3),
        (str(MAX_INT), MAX_INT),
        ("-" + str(MAX_INT), -MAX_INT),
    ],
)
def test_literals_and_names(text, value):
    assert ev(text) == value


def test_dotted_name_is_one_lookup_key_not_attribute_access():
    env = Environment({"character.name": "Kit", "character": {"name": "wrong"}})
    assert ev("character.name", env) == "Kit"
    e = err("character.nickname", env)
    assert e.message == "unknown variable 'character.nickname'"


def test_unknown_variable_is_an_error_with_a_suggestion():
    e = err("flg")
    assert e.message == "unknown variable 'flg'"
    assert e.column == 1
    assert e.hint == "did you mean 'flag'?"


# --- operators and precedence --------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),
        ("2 * 3 % 4", 2),
        ("7 / 2", 3),
        ("-7 / 2", -4),
        ("7 % 3", 1),
        ("-7 % 3", 2),
        ("-a * 2", -6),
        ("- -a", 3),
        ("-(a + 1)", -4),
        ("a - -1", 4),
        ("'ab' + 'cd'", "abcd"),
        ("name + '!'", "Ann!"),
        ("a == 3", True),
        ("a != 3", False),
        ("a < b", True),
        ("a <= 3", True),
        ("a > b", False),
        ("a >= 4", False),
        ("'abc' < 'abd'", True),
        ("1 < a < b", True),
        ("1 < a > b", False),
        ("a == 3 == 3", True),
        ("'seal' in 'sealant'", True),
        ("'x' not in 'sealant'", True),
        ("2 in [1, 2]", True),
        ("'torch' in items", True),
        ("'rope' not in items", True),
        ("true in [1]", False),
        ("1 == true", False),
        ("'1' == 1", False),
        ("none == none", True),
        ("[1, [2]] == [1, [2]]", True),
        ("ratio < 1", True),
        ("not flag", False),
        ("not off", True),
        ("not 0", True),
        ("not ''", True),
        ("not []", True),
        ("not none", True),
        ("not a == 3", False),
        ("not a == 4", True),
        ("flag and a", 3),
        ("off and a", False),
        ("nothing or 'stranger'", "stranger"),
        ("flag or a", True),
        ("off or flag and a == 3", True),
        ("(off or flag) and a == 4", False),
        ("a == 3 and b == 4 or off", True),
        ("not off and not nothing", True),
        ("1 + 2 == 3", True),
        ("a * 2 in [6]", True),
        ("has('sealant') and not has('rope')", True),
        ("stat('thought') + 1", 3),
        ("double(double(a))", 12),
        ("turn % 2 == 1", True),
    ],
)
def test_operators(text, value):
    assert ev(text) == value


def test_and_or_short_circuit_skip_errors_on_the_other_side():
    assert ev("off and undefined_thing") is False
    assert ev("flag or undefined_thing") is True
    assert ev("a > 5 and 1 / zero") is False


def test_chained_comparison_stops_at_the_first_false_pair():
    assert ev("5 < a < undefined_thing") is False


def test_test_reads_the_value_as_a_condition():
    assert parse("a").test(ENV) is True
    assert parse("empty").test(ENV) is False
    with pytest.raises(ExpressionError, match="cannot be used as true or false"):
        parse("opaque").test(ENV)


# --- runtime errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('"a" < 3', "'<' at column 5 cannot compare text with number"),
        ("flag < 3", "cannot compare true/false with number"),
        ("'a' + 1", "'+' at column 5 needs two numbers or two texts, got text and number"),
        ("flag + 1", "needs two numbers or two texts, got true/false and number"),
        ("'a' * 3", "'*' at column 5 needs two numbers, got text and number"),
        ("[1] - 1", "needs two numbers, got list and number"),
        ("-name", "unary '-' at column 1 needs a number, got text"),
        ("1 / zero", "division by zero: '/' at column 3"),
        ("1 % 0", "division by zero: '%' at column 3"),
        ("1 in 2", "'in' at column 3 needs a list or text on its right, got number"),
        ("1 in 'abc'", "looks for text in text, got number in text"),
        ("big + 1", "the result of '+' at column 5 is out of range"),
        ("-big - 1", "out of range"),
        ("big * big", "out of range"),
        ("1000000 * 1000000 * 10", "the result of '*' at column 19 is out of range"),
        ("nosuch('x')", "unknown function 'nosuch'"),
        ("stat('luck')", "stat('luck') failed"),
        ("has()", "has() failed"),
        ("boom()", "boom failed"),
        ("not opaque", "object value cannot be used as true or false"),
    ],
)
def test_runtime_errors_are_expression_errors(text, fragment):
    e = err(text)
    assert fragment in e.message


def test_runtime_error_carries_the_operator_column():
    assert err("a + 'x'").column == 3
    assert err("1 + nosuch()").column == 5


def test_repeated_multiplication_stays_bounded():
    text = "*".join(["999"] * 10)
    with pytest.raises(ExpressionError, match="out of range"):
        ev(text)


def test_long_text_concatenation_is_bounded():
    env = Environment({"s": "x" * 6000})
    assert len(ev("s + 'y'", env)) == 6001
    with pytest.raises(ExpressionError, match="longer than"):
        ev("s + s", env)


# --- parse errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message, column",
    [
        ("(a + b))", "unexpected ')' at column 8", 8),
        ("1 +", "unexpected end of expression at column 4", 4),
        ("(1", "expected ')' to close '(' from column 1, found end of expression at column 3", 3),
        ("[1, 2", "expected ']' to close '[' from column 1, found end of expression at column 6", 6),
        ("has('x'", "expected ')' to close '(' from column 4", 8),
        ("a b", "unexpected name 'b' at column 3", 3),
        ("a is b", "unexpected name 'is' at column 3", 3),
        ("1 = 2", "unexpected character '=' at column 3", 3),
        ("a && b", "'&&' at column 3 is not an operator", 3),
        ("!a", "unexpected character '!' at column 1", 1),
        ("2 ** 3", "'**' at column 3 is not an operator", 3),
        ("7 // 2", "'//' at column 3 is not an operator", 3),
        ("1.5", "decimal number at column 1", 1),
        ("3abc", "invalid number '3abc' at column 1", 1),
        ('"open', "text starting at column 1 is not closed", 1),
        (r'"\q"', "unknown escape '\\q' at column 2", 2),
        ("", "empty expression at column 1", 1),
        ("   ", "empty expression at column 1", 1),
        ("()", "empty parentheses at column 1", 1),
        ("a == not b", "'not' at column 6 cannot stand here", 6),
        ("+1", "unexpected '+' at column 1", 1),
        ("a not b", "unexpected 'not' at column 3", 3),
        ("character.name()", "'character.name' at column 1 cannot be called", 1),
        ("1" * 14, "number 11111111111111 at column 1 is too large", 1),
        (str(MAX_INT + 1), "is too large", 1),
        ("a,b", "unexpected ',' at column 2", 2),
        ("{a}", "unexpected character '{' at column 1", 1),
        ("é", "unexpected character 'é' at column 1", 1),
    ],
)
def test_parse_errors_name_the_column(text, message, column):
    with pytest.raises(ExpressionError) as info:
        parse(text)
    assert message in info.value.message
    assert info.value.column == column


def test_parse_error_hint_is_shown_on_its_own_line():
    with pytest.raises(ExpressionError) as info:
        parse("1 = 2")
    assert info.value.hint == "use '==' to compare; there is no assignment in expressions"
    assert str(info.value) == (
        "unexpected character '=' at column 3\n"
        "  hint: use '==' to compare; there is no assignment in expressions"
    )


def test_parse_rejects_non_text_but_takes_yaml_literals():
    assert parse(True).evaluate(ENV) is True
    assert parse(False).evaluate(ENV) is False
    assert parse(3).evaluate(ENV) == 3
    for bad in (None, 1.5, ["a"], {"a": 1}):
        with pytest.raises(ExpressionError, match="an expression must be text"):
            parse(bad)


def test_parse_is_cached():
    assert parse("a + 1") is parse("a + 1")


# --- hostile input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "__import__('os')",
        "__import__('os').system('ls')",
        "().__class__",
        "().__class__.__bases__[0].__subclasses__()",
        "''.__class__",
        "a.__class__",
        "name.upper()",
        "items[0]",
        "open('/etc/passwd')",
        "eval('1')",
        "exec('x=1')",
        "getattr(a, 'real')",
        "lambda: 1",
        "[x for x in items]",
        "a if flag else b",
        "globals()",
        "__builtins__",
        "f'{a}'",
        "a; b",
        "x := 1",
        "`ls`",
        "\\x00",
        "1\x00",
    ],
)
def test_hostile_expressions_give_clean_errors(text):
    with pytest.raises(ExpressionError):
        parse(text).evaluate(ENV)


def test_nothing_reaches_eval_exec_or_compile(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("eval/exec/compile must not be used")

    # Names the module looks up resolve in its globals before builtins.
    for name in ("eval", "exec", "compile", "getattr", "__import__"):
        monkeypatch.setattr(expressions, name, forbidden, raising=False)
    assert parse("not (a + 1 == 4) or has('torch') and 'x' not in [1, 2]").evaluate(ENV) is True
    assert render("{character.name} has {a * 2}", ENV) == "The Pilot has 6"


@pytest.mark.parametrize(
    "text",
    [
        "(" * 1000,
        "(" * 60 + "1" + ")" * 60,
        "[" * 60 + "]" * 60,
        "-" * 999 + "1",
        "not " * 200 + "a",
        "double(" * 60 + "1" + ")" * 60,
    ],
)
def test_deep_nesting_is_refused_cleanly(text):
    with pytest.raises(ExpressionError, match="nested too deeply") as info:
        parse(text)
    assert info.value.column is not None


def test_nesting_at_the_limit_is_fine():
    text = "(" * MAX_DEPTH + "a" + ")" * MAX_DEPTH
    assert ev(text) == 3
    assert ev("-" * MAX_DEPTH + "a") == 3 * (-1) ** MAX_DEPTH


def test_worst_case_nesting_needs_only_a_few_hundred_frames():
    # Every nesting level climbs every precedence level: the deepest parser/evaluator stack.
    unit = "a or flag and a == a + a * -("
    levels = MAX_DEPTH // 2
    text = unit * levels + "1" + ")" * levels
    assert len(text) <= MAX_LENGTH

    def depth() -> int:
        frame, n = sys._getframe(), 0
        while frame is not None:
            frame, n = frame.f_back, n + 1
        return n

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth() + 450)
    try:
        expression = parse(text + " ")  # a new text, so the cache does not answer
        assert expression.evaluate(ENV) == 3
    finally:
        sys.setrecursionlimit(old)


def test_long_flat_chains_do_not_recurse():
    text = "+".join(["1"] * 500)
    assert len(text) < MAX_LENGTH
    assert ev(text) == 500
    assert ev(" or ".join(["off"] * 120) + " or a") == 3


def test_expression_length_is_limited():
    text = "1" + " " * MAX_LENGTH
    with pytest.raises(ExpressionError, match=f"at most {MAX_LENGTH}"):
        parse(text)


def test_huge_literal_does_not_convert_thousands_of_digits():
    with pytest.raises(ExpressionError, match="too large"):
        parse("9" * 999)


# --- static inspection ----------------------------------------------------------------------


def test_names_lists_every_variable_read():
    expression = parse("a + b > turn and character.name == 'x' or has(item) and not flag")
    assert expression.names() == {"a", "b", "turn", "character.name", "item", "flag"}
    assert parse("has('x')").names() == set()


def test_calls_lists_functions_with_literal_arguments():
    expression = parse("has('sealant') and not has(x) or stat('thought') > -1 and f(-2, true, [1], a + 1)")
    assert expression.calls() == {
        ("has", ("sealant",)),
        ("has", (NOT_LITERAL,)),
        ("stat", ("thought",)),
        ("f", (-2, True, NOT_LITERAL, NOT_LITERAL)),
    }
    assert parse("turn").calls() == set()


def test_expression_is_immutable_and_keeps_its_source():
    expression = parse("a+1")
    assert isinstance(expression, Expression)
    assert expression.source == "a+1"
    with pytest.raises(AttributeError):
        expression.source = "b"  # type: ignore[misc]


# --- interpolation --------------------------------------------------------------------------


def test_render_replaces_expressions():
    text = "The lid opens. {character.name}, you have {a * 2} minutes; {flag} {nothing} {items}."
    assert render(text, ENV) == "The lid opens. The Pilot, you have 6 minutes; true none sealant, torch."


def test_render_double_braces_are_literal():
    assert render("{{not an expression}} and {{{a}}}", ENV) == "{not an expression} and {3}"
    assert render("no braces at all", ENV) == "no braces at all"
    assert render("", ENV) == ""


def test_render_allows_braces_inside_quoted_text():
    assert render('{"}" + "{"}', ENV) == "}{"


def test_template_expressions_lists_text_and_offsets():
    text = "Hi {name}!\n{{x}} {a + 1}"
    assert template_expressions(text) == [("name", 4), ("a + 1", 18)]
    assert text[4:8] == "name"
    assert text[18:23] == "a + 1"


@pytest.mark.parametrize(
    "text, message, offset",
    [
        ("Hello {name", "'{' is never closed at line 1, column 7 of the text", 6),
        ("a }", "single '}' at line 1, column 3 of the text", 2),
        ("x\n{ }", "empty '{}' at line 2, column 1 of the text", 2),
        ("{a {b}}", "'{' inside an expression at line 1, column 4 of the text", 3),
    ],
)
def test_template_brace_errors_have_positions(text, message, offset):
    with pytest.raises(ExpressionError) as info:
        template_expressions(text)
    assert info.value.message == message
    assert info.value.offset == offset


def test_render_bad_expression_reports_where_in_the_text():
    text = "line one\nYou see {a +)} here."
    with pytest.raises(ExpressionError) as info:
        render(text, ENV)
    e = info.value
    assert e.message == "in {a +)} at line 2, column 13 of the text: unexpected ')' at column 4"
    assert e.column == 4
    assert text[e.offset] == ")"


def test_render_runtime_error_reports_where_in_the_text():
    with pytest.raises(ExpressionError) as info:
        render("Hi {nobody}", ENV)
    assert info.value.message == "in {nobody} at line 1, column 5 of the text: unknown variable 'nobody'"
    assert info.value.offset == 4


# --- property: any input gives a value or an ExpressionError --------------------------------

TOKENS = [
    "a", "b", "zero", "big", "flag", "name", "items", "nothing", "character.name", "opaque",
    "ratio", "has", "stat", "double", "nosuch", "1", "0", "999999", "1000000", "'x'", '"sealant"',
    "true", "none", "and", "or", "not", "in", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/",
    "%", "(", ")", "[", "]", ",", ".", "=", "**", "{", "}", "'", '"', "\\",
]


def _evaluate_or_expression_error(text: str) -> None:
    try:
        parse(text).evaluate(ENV)
    except ExpressionError as exc:
        assert isinstance(str(exc), str)


@settings(deadline=None)
@given(st.text(max_size=60))
def test_random_text_gives_a_value_or_an_expression_error(text):
    _evaluate_or_expression_error(text)


@settings(deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=30).map(" ".join))
def test_random_token_soup_gives_a_value_or_an_expression_error(text):
    _evaluate_or_expression_error(text)


@settings(deadline=None)
@given(st.text(alphabet="{}ab +'\"\n", max_size=40))
def test_random_templates_give_text_or_an_expression_error(text):
    try:
        assert isinstance(render(text, ENV), str)
    except ExpressionError:
        pass


@pytest.mark.parametrize("text, admitted", [
    ('character.id == "maud"', {"maud"}),
    ('"nell" == character.id', {"nell"}),
    ('character.id != "maud"', {"nell", "tobin"}),
    ('character.id in ["maud", "nell"] and has("rope")', {"maud", "nell"}),
    ('character.id not in ["maud"]', {"nell", "tobin"}),
    ('character.id == "maud" or character.id == "tobin"', {"maud", "tobin"}),
    ('character.id == "maud" and character.id == "nell"', set()),
    ('has("rope")', {"maud", "nell", "tobin"}),
    ('not (character.id == "maud")', {"maud", "nell", "tobin"}),  # not read: every one admitted
])
def test_admits_reads_which_values_a_name_can_hold_when_true(text, admitted):
    assert parse(text).admits("character.id", ["maud", "nell", "tobin"]) == admitted
