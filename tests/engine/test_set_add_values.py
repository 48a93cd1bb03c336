"""``set`` and ``add`` take a plain true/false or whole number as it is (no call to read it) and
work anything else out as before: the same state, or the same error, as reading every value
through ``_value``."""

from __future__ import annotations

from itertools import product
from types import SimpleNamespace

from solo.engine.budget import StepBudget
from solo.engine.effects import EffectRunner, _counter

VALUES = (True, False, 0, 1, 7, -3, 2.7, "3", "=2 + 3", "=lit", "=nothing", None, "x", 10**13)


def _runner() -> EffectRunner:
    state = SimpleNamespace(flags={"lit": True}, clocks={"air": 2}, counters={"n": 4})

    def evaluate(text: str):
        return {"2 + 3": 5, "lit": state.flags["lit"]}[text]

    return EffectRunner(SimpleNamespace(state=state, budget=StepBudget(), evaluate=evaluate, adventure=SimpleNamespace(
        clocks={"air": SimpleNamespace(size=6, label="Air", filled=())})))  # type: ignore[arg-type]


def _read(runner: EffectRunner, v):
    """``_value`` as every value was read before."""
    if isinstance(v, str) and v.startswith("="):
        return runner.context.evaluate(v[1:])
    return v


def _set_walked(runner: EffectRunner, value) -> None:
    state = runner.state
    for name, v in value.items():
        if name in state.flags:
            state.flags[name] = bool(_read(runner, v))
        elif name in state.counters:
            state.counters[name] = _counter(name, int(_read(runner, v)))
        elif name in state.clocks:
            state.clocks[name] = int(_read(runner, v))
        else:
            raise KeyError(name)


def _add_walked(runner: EffectRunner, value) -> None:
    state = runner.state
    for name, v in value.items():
        if name in state.counters:
            state.counters[name] = _counter(name, state.counters[name] + int(_read(runner, v)))
        elif name in state.clocks:
            runner._tick({name: int(_read(runner, v))})
        else:
            raise KeyError(name)


def _outcome(act, runner, value):
    try:
        act(runner, value)
    except KeyError:
        return "unknown"
    except Exception as exc:  # noqa: BLE001  (the same kind of failure either way)
        return type(exc).__name__
    state = runner.state
    return dict(state.flags), dict(state.clocks), dict(state.counters), [e.to_dict() for e in runner.events]


def test_set_and_add_read_values_as_before():
    kinds = set()
    for name, v in product(("lit", "air", "n", "nope"), VALUES):
        for quick, walked in ((EffectRunner._set, _set_walked), (EffectRunner._add, _add_walked)):
            runner = _runner()

            def act(r, value, quick=quick):
                try:
                    quick(r, value)
                except Exception as exc:
                    if "unknown" in str(exc):
                        raise KeyError(name) from exc
                    raise

            want = _outcome(walked, _runner(), {name: v})
            assert _outcome(act, runner, {name: v}) == want, (quick.__name__, name, v)
            kinds.add(want if isinstance(want, str) else "changed")
    assert {"changed", "unknown", "ValueError", "TypeError"} <= kinds
