"""The projection of where an analysis is heading, and the progress line that tells it."""

from __future__ import annotations

import pytest

from solo.analyze.explore import Budget, Progress
from solo.analyze.frontend import AskedFor, progress_text, suggestion
from solo.analyze.projection import project


def test_a_power_law_through_the_last_two_looks():
    # halving the unexplored share at each doubling of time: k = 1
    found = project([(0.5, 0.99), (2.0, 0.4), (4.0, 0.2)], budget_seconds=40.0, bound=0.01)
    assert found is not None
    assert found.at_budget == pytest.approx(0.02)
    assert found.to_bound == pytest.approx(80.0)


def test_no_projection_before_two_usable_looks_and_none_in_sight_when_not_falling():
    assert project([], 100, 0.005) is None
    assert project([(0.2, 0.9), (3.0, 0.5)], 100, 0.005) is None, "looks before MIN_SECONDS say little"
    flat = project([(2.0, 0.5), (4.0, 0.5)], 100, 0.005)
    assert flat is not None and flat.to_bound is None and flat.at_budget == 0.5
    done = project([(2.0, 0.5), (4.0, 0.004)], 100, 0.005)
    assert done is not None and done.to_bound == 4.0


def _progress(looks, seconds, unexplored, bound=0.005):
    return Progress(states=900, expanded=150, seconds=seconds, unexplored=unexplored, budget=Budget(seconds=100),
                    projection=project(looks, 90, bound), bound=bound)


def test_the_progress_line_says_early_whether_the_bound_is_in_reach():
    text = progress_text(_progress([(2.0, 0.4), (4.0, 0.2)], 5.0, 0.2, bound=0.05))
    assert "900 states" in text and "30/s" in text and "unexplored ≤ 20.00%" in text
    assert text.endswith("bound 5% in about 11 s")  # 0.2 -> 0.05 is two halvings: at 16 s
    slow = progress_text(_progress([(2.0, 0.9), (4.0, 0.8)], 5.0, 0.8))  # k = log2(9/8): 0.8 * 22.5 ** -k
    assert slow.endswith("about 47% left unexplored at the budget: the bound is out of reach")
    assert "about" not in progress_text(_progress([(2.0, 0.9)], 5.0, 0.9)), "no estimate from one look"
    assert "about" not in progress_text(_progress([(2.0, 0.4), (4.0, 0.2)], 5.0, 0.004)), "met: nothing to estimate"


def test_the_suggested_time_limit_follows_the_projection():
    result = {"policy": "random", "bound": 0.3, "stopped": "budget: 120 s of time",
              "projection": {"seconds_to_bound": 455.0}}
    asked = AskedFor("supply-ship", None, 120)
    assert "--time-limit 550" in suggestion(result, asked)
    result["projection"]["seconds_to_bound"] = None
    assert "--time-limit 1200" in suggestion(result, asked), "not in sight: ten times the budget, as before"
    assert "give analyze more time: `" in suggestion(result, asked)


def test_the_suggestion_names_the_budget_it_raises():
    """A run stopped by its state or memory budget is offered more of that one, in words too:
    "more time" beside a raised --max-states misled."""
    asked = AskedFor("supply-ship", None, 120)
    for stopped, said, option in (("budget: more than 200000 game states", "more game states", "--max-states 2000000"),
                                  ("budget: 1500 MB of memory", "more memory", "--memory-limit 3000")):
        line = suggestion({"policy": "random", "bound": 0.3, "stopped": stopped, "projection": {}}, asked)
        assert f"give analyze {said}: `" in line and option in line, line


def test_a_share_that_barely_falls_puts_the_bound_out_of_sight_without_overflow():
    found = project([(2.0, 0.9999999), (4.0, 0.9999998)], 100, 0.005)
    assert found is not None and found.to_bound is None and 0.99 < found.at_budget < 1


def test_a_bound_of_zero_is_never_in_sight_by_the_pace_alone():
    """``--bound 0`` asks for exact figures: a falling share never reaches 0 by the power law, so
    the bound is not in sight (it divided by the bound: ZeroDivisionError, fen13's finding)."""
    found = project([(1.0, 0.5), (2.0, 0.25)], 120, 0.0)
    assert found is not None and found.to_bound is None
    assert found.at_budget == pytest.approx(0.25 * (120 / 2) ** -1)


def test_the_explorer_keeps_each_look_of_the_solver_for_the_projection():
    from pathlib import Path

    from solo.adventure import loader
    from solo.analyze.explore import Explorer
    from solo.analyze.solve import unexplored_mass

    agree = Path(__file__).parent.parent / "playtest" / "agree.yaml"
    explorer = Explorer(loader.load(str(agree)).adventure)
    seen = []
    explorer.explore(unexplored_mass, 0.2, seen.append)
    assert explorer.looks and all(t >= 0 and 0 <= u <= 1 for t, u in explorer.looks)
    assert seen[-1].unexplored == explorer.looks[-1][1] <= 0.2, "stopped on the bound: the last look's figure"
    assert all(p.bound == 0.2 for p in seen)
    explorer.looks = [(2.0, 0.4), (4.0, 0.2)]  # the projection reads the looks, nothing else
    assert explorer.projection() == project(explorer.looks, explorer.budget.seconds * 0.9, 0.2)


def test_a_slow_step_still_moves_the_progress_line_every_half_second():
    # lantern-fen's first steps enumerate large dice pools (half a second each), so 64 expansions
    # took seconds and the line stood at "0 states": the explorer now tells at least every
    # TELL_EVERY seconds of its clock as well as every CHECK_EVERY expansions
    from itertools import count
    from pathlib import Path

    from solo.adventure import loader
    from solo.analyze.explore import CHECK_EVERY, TELL_EVERY, Explorer

    ticks = count()
    slow = Budget(seconds=1e9, clock=lambda: next(ticks) * TELL_EVERY)  # every look: one tell's worth
    agree = Path(__file__).parent.parent / "playtest" / "agree.yaml"
    explorer = Explorer(loader.load(str(agree)).adventure, budget=slow)
    seen = []
    explorer.explore(None, 0.0, seen.append)
    assert explorer.expanded < CHECK_EVERY, "the fixture is small: the old rule told only at the start and end"
    assert len(seen) >= explorer.expanded
    assert [p.expanded for p in seen] == sorted(p.expanded for p in seen)


def test_the_suggested_command_repeats_every_option_given():
    """The command suggested for more time keeps what the GM typed (--no-sampling, the bound,
    the seed, the character, the other budgets), only the time limit changing."""
    result = {"policy": "random", "bound": 0.3, "stopped": "budget: 60 s of time",
              "projection": {"seconds_to_bound": 455.0}}
    asked = AskedFor("supply-ship", "pilot", 60, 50_000, 900, bound=0.01, seed=4, sample=False)
    line = suggestion(result, asked)
    more = line[line.index("`solo analyze"):]
    for words in ("--character pilot", "--max-states 50000", "--memory-limit 900", "--bound 0.01", "--seed 4",
                  "--no-sampling", "--time-limit 550"):
        assert words in more, (words, more)
    assert "--time-limit 60" not in more, "the time limit is the one suggested, not the one given"
    plain = AskedFor("supply-ship", None, 120).analyze_command(["--time-limit", "600"])
    assert plain == "solo analyze supply-ship --time-limit 600", "defaults are not repeated"
    best = AskedFor("supply-ship", None, 120, policy="best").analyze_command(["--max-states", "10"])
    assert best == "solo analyze supply-ship --policy best --max-states 10"
