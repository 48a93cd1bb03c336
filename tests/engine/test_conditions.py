"""The engine's expressions as one function of the state (solo.engine.conditions) mean what the
ordinary evaluation means: the same value of the same type, or a failure the game then words the
ordinary way."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.adventure import expression_compiler
from solo.adventure import expressions as ex
from solo.adventure import loader
from solo.engine import conditions, program
from solo.engine.game import Game
from solo.playtest.runner import PlaytestSpec, run_batch

FLAGS = {"lit": True, "dark": False, "both": True}
CLOCKS = {"air": 3, "both": 7}
COUNTERS = {"hours": 13, "coins": 0, "both": 9, "neg": -4}
SPECIAL = {"turn": 5, "scene": "deck", "roll.excess": 2}
FUNCTIONS = {"has": lambda item: item == "key", "clock": lambda name: CLOCKS.get(name, 0), "boom": lambda: {}["x"]}


def _ordinary(text: str, flags=FLAGS, clocks=CLOCKS, counters=COUNTERS) -> tuple[str, object]:
    variables = {**counters, **clocks, **flags, **SPECIAL}  # flags win over clocks over counters
    try:  # the tree walker, node by node: the oracle both compiled forms are held to
        return "value", ex.parse(text)._root.eval(ex.Environment(variables, FUNCTIONS))
    except ex.ExpressionError as exc:
        return "error", exc.message


def _compiled(text: str, flags=FLAGS, clocks=CLOCKS, counters=COUNTERS) -> tuple[str, object]:
    """Expression.evaluate in an environment backed by state dictionaries (as a game's is)."""

    class StateVariables(dict):  # every variable by name, and the dictionaries behind them
        def dicts(self):
            return flags, clocks, counters

    variables = StateVariables({**counters, **clocks, **flags, **SPECIAL})
    try:
        return "value", ex.parse(text).evaluate(ex.Environment(variables, FUNCTIONS))
    except ex.ExpressionError as exc:
        return "error", exc.message


def _fast(text: str, flags=FLAGS, clocks=CLOCKS, counters=COUNTERS) -> tuple[str, object]:
    run = conditions.fast(text)
    assert run is not None, text
    try:
        return "value", run(flags, clocks, counters, SPECIAL, FUNCTIONS)
    except Exception:
        return "fails", None


@pytest.mark.parametrize("text", [
    "lit", "not lit", "not dark", "hours > 12", "hours >= 14", "1 < air <= 3", "1 < air < 3", "air == 3",
    "coins != 0", "lit and hours > 12", "dark or hours", "dark or coins", "lit and coins", "hours and lit",
    "not (dark or coins)", "hours % 2 == 1", "hours - air * 2", "hours / 2", "has('key') and not has('map')",
    "clock('air') >= 3", "turn > 4", "scene == 'deck'", "roll.excess >= 2", "'a' + 'b' == 'ab'",
    "both", "both == true", "both and both", "'deck' in ['deck', 'hold']", "3 not in [1, 2]", "lit == 1",
    "lit and lit and lit and coins", "dark or dark or 0 or hours",
    # integers worked straight, a literal read without a call: the same as the tree walker's
    "turn % 6 == 0", "turn % 5 == 0", "neg % 3", "neg / 3", "neg - 3 * 2", "(hours + 1) % 7 != 0",
    "air * 1000000 * 100000", "neg * 250000000000 == -1000000000000", "scene == 'deck'",
])
def test_value_and_type_are_the_ordinary_ones(text: str) -> None:
    how, value = _fast(text)
    assert how == "value"
    assert _ordinary(text) == ("value", value)
    assert type(_ordinary(text)[1]) is type(value)


@pytest.mark.parametrize("text", [
    "missing", "hours > 'x'", "hours / coins", "boom()", "nothing(1)", "hours + 'x'", "not missing",
    "lit and missing", "1 < hours < 'x'",
    "hours % coins == 0", "hours / 0", "air * 1000000 * 1000000", "neg - 1000000000000", "turn % 0 == 0",
    "air + lit",
])
def test_what_fails_the_ordinary_way_is_left_to_it(text: str) -> None:
    """The fast function gives no value of its own where the ordinary way reports an error."""
    assert _ordinary(text)[0] == "error"
    assert _fast(text)[0] == "fails"


@pytest.mark.parametrize("text", [
    # a function of one literal, or a name worked with an integer, compared with an integer: one
    # closure each (expression_compiler._call_number, _arith_number), read as the tree walker reads
    "clock('air') >= 3", "clock('nothing') == 0", "clock('air') < -1", "has('key') == 1", "has('map') >= 0",
    "boom() == 1", "nothing('x') > 0", "turn % 6 == 5", "turn % 5 == 0", "hours % 5 == 3", "hours * 2 > 25",
    "neg / 3 == -2", "neg % 3 != 2", "air - 4 <= -1", "both % 4 == 1", "lit + 1 == 2", "scene % 2 == 0",
    "missing % 2 == 0", "hours / 0 == 1", "hours % 0 == 1", "air * 1000000000000 == 0",
    "neg * 250000000000 == -1000000000000", "coins * 1000000000000 == 0", "roll.excess + 1 > 2",
    # two operands of and/or (expression_compiler._two): names, negated or not, and functions
    "lit and not dark", "not lit and not dark", "dark or not lit", "not hours and lit", "coins or not neg",
    "hours and coins", "coins and hours", "neg or coins", "has('key') and not lit", "lit and has('map')",
    "clock('air') >= 3 and not dark", "dark or clock('air') == 3", "missing and lit", "dark or missing",
    "lit or missing", "dark and missing", "scene and lit", "lit and scene", "dark and boom()", "lit and boom()",
    "not missing or lit", "turn % 5 == 0 and not both", "'' or coins", "air or 'x'",
])
def test_the_shapes_written_most_read_as_the_tree_walker(text: str) -> None:
    how, value = _fast(text)
    ordinary = _ordinary(text)
    if how == "value":
        assert ordinary == ("value", value) and type(ordinary[1]) is type(value), text
    else:
        assert ordinary[0] == "error", text


def test_a_name_is_read_where_the_engine_reads_it() -> None:
    """A flag wins over a clock of the same name, a clock over a counter."""
    assert _fast("both") == ("value", True)
    assert _fast("both", flags={}) == ("value", 7)
    assert _fast("both", flags={}, clocks={}) == ("value", 9)


def test_nothing_reaches_eval_exec_or_compile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closures only, as in the expression compiler: no Python source is made from a file."""
    def forbidden(*args, **kwargs):
        raise AssertionError("eval/exec/compile must not be used")

    for name in ("eval", "exec", "compile", "__import__"):
        monkeypatch.setattr(conditions, name, forbidden, raising=False)
        monkeypatch.setattr(expression_compiler, name, forbidden, raising=False)
    text = "not (hours + 1 == 4) or has('key') and 'x' not in [1, 2] and __import__ == 'os'"
    assert conditions.make(ex.parse(text)._root)({"__import__": "os"}, CLOCKS, COUNTERS, SPECIAL, FUNCTIONS) is True


def _random_expression(rng: random.Random, depth: int = 0) -> str:
    leaves = ["lit", "dark", "hours", "coins", "air", "neg", "both", "0", "1", "3", "true", "false", "'deck'",
              "turn", "scene", "has('key')", "clock('air')"]
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(leaves)
    kind = rng.choice(["not", "and", "or", "cmp", "cmp2", "arith"])
    a, b = _random_expression(rng, depth + 1), _random_expression(rng, depth + 1)
    if kind == "not":
        return f"not ({a})"
    if kind in ("and", "or"):
        return f"({a}) {kind} ({b})"
    if kind == "arith":
        return f"({a}) {rng.choice('+-*/%')} ({b})"
    ops = ["<", "<=", ">", ">=", "==", "!="]
    if kind == "cmp2":
        return f"({a}) {rng.choice(ops)} ({b}) {rng.choice(ops)} ({_random_expression(rng, depth + 1)})"
    return f"({a}) {rng.choice(ops)} ({b})"


def test_random_expressions_agree_with_the_ordinary_way() -> None:
    rng = random.Random(23)
    agreed = 0
    for _ in range(1500):
        text = _random_expression(rng)
        how, value = _fast(text)
        ordinary = _ordinary(text)
        if how == "value":
            assert ordinary == ("value", value), text
            assert type(ordinary[1]) is type(value), text
            agreed += 1
        compiled = _compiled(text)  # the same closures behind an environment: value or error
        assert compiled == ordinary, text
        assert type(compiled[1]) is type(ordinary[1]), text
    assert agreed > 500  # most are the common case


def test_one_folding_for_the_engine_and_for_environments() -> None:
    """The engine's conditions are the expression compiler's closures, not a copy of them."""
    from solo.adventure.expression_compiler import make

    assert conditions.make is make
    assert _compiled("both", flags={}) == ("value", 7)  # a state-backed environment reads as the engine does
    assert _compiled("hours + 'x'")[0] == "error" and "needs two numbers" in str(_compiled("hours + 'x'")[1])


class _Checked(Game):
    """A game that evaluates every expression both ways and insists they agree."""

    checked = 0

    def evaluate(self, text: str):
        value = super().evaluate(text)
        assert ex.parse(text).evaluate(self.environment()) == value
        _Checked.checked += 1
        return value



def _checked_fast(condition):
    """The program's function for a condition (a scene's choice, an every-turn hook, an
    objective), checked against the tree walker on the same state at every call."""
    fast = conditions.fast(condition) if type(condition) is str else None
    if fast is None:
        return None

    def run(F, K, N, V, P):
        value = fast(F, K, N, V, P)
        assert ex.parse(condition).evaluate(ex.Environment(V, P)) == value
        _Checked.checked += 1
        return value

    return run


#: bench/choices.yaml by its path from this file, so the suite runs from any working directory
CHOICES = str(Path(__file__).resolve().parents[2] / "bench" / "choices.yaml")


@pytest.mark.parametrize("name", [p.stem for p in loader.bundled_files()] + [CHOICES],
                         ids=[p.stem for p in loader.bundled_files()] + ["bench/choices.yaml"])
def test_bundled_adventures_evaluate_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import solo.playtest.runner as runner

    monkeypatch.setattr(runner, "Game", _Checked)
    monkeypatch.setattr(program, "_fast", _checked_fast)
    monkeypatch.setattr(program, "_PROGRAMS", {})  # compiled again, with the checked functions
    before = _Checked.checked
    results = run_batch(PlaytestSpec(loader.load(name).adventure), 5, 0, 4)
    assert all(r.status == "ended" for r in results)
    assert _Checked.checked > before
