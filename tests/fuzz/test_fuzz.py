"""The fuzz targets at CI size: mutated bundled adventures, generated expressions, damaged saves.

Each example runs what ``solo validate``/``play``/``continue``/``saves``/``replay`` do with the file
(see :mod:`cases`); a finding is any exception other than the clean one-line refusals, or a step
that runs past the alarm. ``tests/fuzz/run.py`` runs the same cases for hours.
"""

from __future__ import annotations

import random
import signal
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

import cases  # noqa: E402

from solo.adventure.expressions import Environment, ExpressionError, parse  # noqa: E402

HANG_SECONDS = 20
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


class Hang(Exception):
    pass


@pytest.fixture
def alarm():
    def ring(*_):
        raise Hang(f"no answer in {HANG_SECONDS} s")

    old = signal.signal(signal.SIGALRM, ring)
    yield lambda: signal.alarm(HANG_SECONDS)
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _mutated_adventure_is_refused_or_played(tmp_path_factory, alarm, rnd: random.Random) -> None:
    folder = tmp_path_factory.mktemp("adventure")
    alarm()
    finding = cases.check_adventure(cases.adventure_case(rnd), folder, rnd)
    assert finding is None, finding


#: A mutated adventure costs about a quarter of a second of CPU (validate, play, save, replay),
#: the dearest fuzz example: the inner loop runs 10 of them and the full test command 60 more
#: (different ones: hypothesis derives its examples from the test's name), besides
#: ``tests/fuzz/run.py``'s hours.
@settings(SETTINGS, max_examples=10)
@given(st.randoms(use_true_random=False))
def test_mutated_adventures_never_raise_or_hang(tmp_path_factory, alarm, rnd: random.Random):
    _mutated_adventure_is_refused_or_played(tmp_path_factory, alarm, rnd)


@pytest.mark.e2e
@settings(SETTINGS, max_examples=60)
@given(st.randoms(use_true_random=False))
def test_many_more_mutated_adventures_never_raise_or_hang(tmp_path_factory, alarm, rnd: random.Random):
    _mutated_adventure_is_refused_or_played(tmp_path_factory, alarm, rnd)


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_damaged_saves_are_refused_in_one_line(tmp_path_factory, alarm, rnd: random.Random):
    folder = tmp_path_factory.mktemp("save")
    alarm()
    main, bak = cases.save_case(rnd, tmp_path_factory.getbasetemp() / "real-saves")
    finding = cases.check_save(main, bak, folder)
    assert finding is None, finding


@settings(deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_generated_expressions_parse_and_evaluate_or_refuse(rnd: random.Random):
    text = cases.expression(rnd)
    env = Environment({"turn": 3, "scene": "a", "x": 10**12, "character.name": "A"},
                      {"has": lambda x: True, "stat": lambda x: 2, "chance": lambda x: 50})
    try:
        value = parse(text).evaluate(env)
    except ExpressionError:
        return
    assert value is None or isinstance(value, (bool, int, str, list))


@settings(deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False))
def test_generated_expressions_evaluate_in_a_real_game_or_refuse(rnd: random.Random):
    finding = cases.check_expression(cases.expression(rnd))
    assert finding is None, finding


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_typed_playthroughs_never_raise_and_their_saves_replay(tmp_path_factory, alarm, rnd: random.Random):
    case = cases.playthrough_case(rnd)
    alarm()
    finding = cases.check_playthrough(case, tmp_path_factory.mktemp("play"))
    assert finding is None, (case, finding)
