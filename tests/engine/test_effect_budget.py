"""The effects budget of a step: the runner counts every effect itself while the budget lasts
and leaves the one too many to StepBudget.effect, which raises; the effects before it ran."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from solo.engine.budget import BUDGETS, BudgetExceeded, StepBudget
from solo.engine.effects import EffectRunner


def _runner(counters: dict) -> EffectRunner:
    state = SimpleNamespace(flags={}, clocks={}, counters=counters)
    return EffectRunner(SimpleNamespace(state=state, budget=StepBudget()))  # type: ignore[arg-type]


def test_the_budget_runs_out_at_the_effect_one_too_many():
    limit = BUDGETS["effects"]
    counters = {"n": 0}
    runner = _runner(counters)
    runner.run([{"add": {"n": 1}}] * limit)
    assert counters["n"] == limit and runner.context.budget.effects == 0
    with pytest.raises(BudgetExceeded):
        runner.run([{"add": {"n": 1}}])
    assert counters["n"] == limit  # the one too many did not run

