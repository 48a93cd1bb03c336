"""Empty effect lists (an ``if`` without ``else``, a choice with no effects) are not run, yet an
``if`` too deep still stops the game exactly where running its empty branch did: effects nest
at most MAX_EFFECT_DEPTH levels, an empty list included."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from solo.engine.budget import BUDGETS, StepBudget
from solo.engine.effects import MAX_EFFECT_DEPTH, EffectError, EffectRunner


def _runner(counters: dict) -> EffectRunner:
    state = SimpleNamespace(flags={}, clocks={}, counters=counters)
    context = SimpleNamespace(state=state, budget=StepBudget(), evaluate=lambda text: text == "yes")
    return EffectRunner(context)  # type: ignore[arg-type]


def _nested(levels: int, innermost: dict) -> list[dict]:
    """``levels`` ifs that hold, one inside the other, around ``innermost``."""
    effects = [innermost]
    for _ in range(levels):
        effects = [{"if": {"when": "yes", "then": effects}}]
    return effects


@pytest.mark.parametrize("depth", range(MAX_EFFECT_DEPTH - 3, MAX_EFFECT_DEPTH + 3))
@pytest.mark.parametrize("branch", [{}, {"then": []}, {"else": []}, {"then": None}])
def test_an_empty_branch_too_deep_stops_as_running_it_did(depth, branch):
    """The innermost ``if`` is ``depth`` ifs deep, so its branch would run at depth + 1."""
    counters = {"n": 0}
    runner = _runner(counters)
    effects = _nested(depth - 1, {"if": {"when": "no", **branch}}) + [{"add": {"n": 1}}]
    if depth + 1 > MAX_EFFECT_DEPTH:
        with pytest.raises(EffectError, match="nest too deeply"):
            runner.run(effects)
    else:
        runner.run(effects)
        assert counters["n"] == 1
    assert runner._depth == 0


def test_a_branch_that_runs_counts_its_effects_and_the_if():
    counters = {"n": 0}
    runner = _runner(counters)
    runner.run([{"if": {"when": "yes", "then": [{"add": {"n": 2}}], "else": [{"add": {"n": 5}}]}},
                {"if": {"when": "no", "then": [{"add": {"n": 2}}], "else": [{"add": {"n": 5}}]}},
                {"if": {"when": "no", "then": [{"add": {"n": 9}}]}}])
    assert counters["n"] == 7
    assert runner.context.budget.effects == BUDGETS["effects"] - 5  # three ifs, two adds


def test_an_empty_list_runs_nothing_at_any_depth_allowed():
    runner = _runner({})
    runner._depth = MAX_EFFECT_DEPTH - 1
    runner.run([])
    runner._depth = MAX_EFFECT_DEPTH
    with pytest.raises(EffectError, match="nest too deeply"):
        runner.run([])
    assert runner._depth == MAX_EFFECT_DEPTH
