"""The time and memory budgets are kept even inside a procedure's enumeration of its outcome classes.

A ruleset's own enumeration (a GUTS+ fight start: seconds of CPU per new entry state) used to run
whole once begun, so an analysis overran its budget by as long as the last one took. Now the
analysis's deadline reaches into it (:func:`solo.rules.scripted.stop_at`): the step it was in
stops, and its mass not run yet is counted as unexplored, so the bound still covers every figure.
The clock here is a fake one the test moves on, so nothing depends on how fast the machine is.
The memory limit reaches in the same way (blessed-harvest's vestry grew to 2.5-3 GB against a
limit of 1,500 MB while it was looked at only between states); its gauge here is a fake one too,
so nothing depends on how much memory the process really holds.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.rules.guts_plus.fight.procedure import Fight
from solo.rules import scripted
from solo.rules.scripted import OutOfMemory, OutOfTime, check_stop, stop_at, walk

FIGHT = (Path(__file__).parents[1] / "fixtures" / "guts-fight.yaml").read_text()

#: guts-fight.yaml with a way round the fight: half of a random player's mass walks away.
DOCK = FIGHT.replace("start: hold", "start: dock").replace("scenes:\n", """scenes:
  dock:
    title: The Dock
    text: The hatch to the hold is open.
    choices:
      - text: Walk away
        goto: home
      - text: Climb down
        goto: hold
""", 1)


class FakeGauge:
    """Peak memory (MB) that grows only when the test says so."""

    def __init__(self) -> None:
        self.mb = 50.0
        self.looks = 0

    def __call__(self) -> float:
        self.looks += 1
        return self.mb


class FakeClock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _trip_at_the_fight_start(monkeypatch, trip) -> list[str]:
    """Make the fight's start call ``trip()`` as it begins to enumerate its classes; the list
    returned says whether it began and whether it finished."""
    original = Fight.outcome_classes
    calls: list[str] = []

    def tripping(self, what, setup, state, extra):
        if what == "start":
            trip()
            calls.append("began")
            found = original(self, what, setup, state, extra)
            calls.append("finished")
            return found
        return original(self, what, setup, state, extra)

    monkeypatch.setattr(Fight, "outcome_classes", tripping)
    return calls


def test_walk_raises_out_of_time_past_the_deadline_and_not_outside_it():
    clock = FakeClock()
    runs = []

    def run(script):
        runs.append(script)
        if len(runs) == 3:
            clock.now = 10.0  # the deadline passes during the third run
        from solo.rules.scripted import Missing
        if len(script) < 4:
            raise Missing([(f, Fraction(1, 6)) for f in range(1, 7)])
        return sum(script)

    with stop_at(clock, 5.0):
        with pytest.raises(OutOfTime):
            walk(run)
    assert len(runs) == 3, "the walk stops at the next run after the deadline"
    check_stop()  # outside the block nothing stops
    clock.now = 0.0
    assert walk(lambda s: 0).runs == 1


def test_a_fight_start_cut_by_the_deadline_is_unexplored_mass_and_the_run_stops(tmp_path, monkeypatch):
    """The deadline passes just as the fight's start begins to enumerate its classes: the
    enumeration stops (it does not finish), the analysis stops on time, and the half of the
    mass that climbed down is in the bound, not lost."""
    path = tmp_path / "dock.yaml"
    path.write_text(DOCK)
    adventure = loader.load(str(path)).adventure
    clock = FakeClock()
    calls = _trip_at_the_fight_start(monkeypatch, lambda: setattr(clock, "now", 1e6))  # the budget runs out there
    found = analyze(adventure, budget=Budget(seconds=100, clock=clock))
    assert calls == ["began"], "the enumeration was cut, not run whole"
    assert found["method"] == "bounded"
    assert found["stopped"] == "budget: 100 s of time"
    assert found["endings"]["home"] == pytest.approx(0.5)
    assert found["bound"] == pytest.approx(0.5), "the cut step's mass is all in the bound"
    assert found["ranges"]["home"] == {"low": 0.5, "high": 1.0}
    assert check_stop() is None, "the deadline is lifted once the analysis returns"



def test_exploration_stops_early_enough_for_the_end_it_has_seen_coming(tmp_path):
    """A look of the solver that took 5 s (a busy machine) says the end will take about four
    such looks, more as the states grow: the deadline moves up from the share kept by default."""
    from solo.analyze.explore import SOLVE_SHARE, TAIL_LOOKS, Explorer

    path = tmp_path / "dock.yaml"
    path.write_text(DOCK)
    clock = FakeClock()
    explorer = Explorer(loader.load(str(path)).adventure, budget=Budget(seconds=100, clock=clock))
    explorer.begin()
    assert explorer.deadline == pytest.approx(100 * (1 - SOLVE_SHARE))
    explorer.looked(5.0, "random")
    end = 5.0 * TAIL_LOOKS["random"]
    assert explorer.deadline == pytest.approx(100 - end)
    explorer.nodes.extend(explorer.nodes * 3)  # the graph grows fourfold: so does its end
    explorer.expanded = 64
    clock.now = 100 - 4 * end - 1
    assert explorer.over_budget() == ""
    clock.now = 100 - 4 * end + 1
    assert explorer.over_budget() == "budget: 100 s of time"
    explorer.end()


def test_walk_raises_out_of_memory_past_the_limit_and_looks_at_the_gauge_sparingly(monkeypatch):
    gauge = FakeGauge()
    runs = []

    def run(script):
        runs.append(script)
        if len(runs) == 3:
            gauge.mb = 900.0  # the limit is passed during the third run
        from solo.rules.scripted import Missing
        if len(script) < 4:
            raise Missing([(f, Fraction(1, 6)) for f in range(1, 7)])
        return sum(script)

    monkeypatch.setattr(scripted, "MEMORY_EVERY", 1)
    with stop_at(FakeClock(), 5.0, gauge, 800):
        with pytest.raises(OutOfMemory):
            walk(run)
    assert len(runs) == 3, "the walk stops at the next run after the limit is passed"
    monkeypatch.setattr(scripted, "MEMORY_EVERY", 64)
    gauge.mb, gauge.looks = 50.0, 0
    with stop_at(FakeClock(), 5.0, gauge, 800):
        for _ in range(128):
            check_stop()
    assert gauge.looks == 2, "the gauge (a system call) is read once every 64 looks"


def test_a_fight_start_cut_by_the_memory_limit_is_unexplored_mass_and_the_run_stops(tmp_path, monkeypatch):
    """The memory passes the limit just as the fight's start begins to enumerate its classes:
    the enumeration stops (it does not finish), the analysis stops saying memory ran out, and
    the half of the mass that climbed down is in the bound, not lost."""
    path = tmp_path / "dock_memory.yaml"
    path.write_text(DOCK)
    adventure = loader.load(str(path)).adventure
    gauge = FakeGauge()
    calls = _trip_at_the_fight_start(monkeypatch, lambda: setattr(gauge, "mb", 1e6))  # the limit is passed there
    monkeypatch.setattr(scripted, "MEMORY_EVERY", 1)
    found = analyze(adventure, budget=Budget(seconds=100, memory_mb=200, clock=FakeClock(), memory=gauge),
                    sample=False)  # the bounded result itself (not the sampled fallback)
    assert calls == ["began"], "the enumeration was cut, not run whole"
    assert found["method"] == "bounded"
    assert found["stopped"] == "budget: 200 MB of memory"
    assert found["endings"]["home"] == pytest.approx(0.5)
    assert found["bound"] == pytest.approx(0.5), "the cut step's mass is all in the bound"
    assert check_stop() is None, "the limit is lifted once the analysis returns"


def test_the_memory_limit_stops_a_step_the_explorer_runs_itself(tmp_path):
    """A step the explorer runs branch by branch (no rules' enumeration under it) looks at the
    gauge every 64 branches: the limit passed there stops the step and the analysis."""
    from solo.analyze.explore import CHECK_EVERY, Explorer

    path = tmp_path / "dock_step.yaml"
    path.write_text(DOCK)
    gauge = FakeGauge()
    explorer = Explorer(loader.load(str(path)).adventure,
                        budget=Budget(seconds=100, memory_mb=200, clock=FakeClock(), memory=gauge))
    explorer.begin()
    gauge.mb = 1e6
    assert explorer.over_budget() == "budget: 200 MB of memory"
    explorer.out_of_memory = False
    explorer.expanded = 1  # not a look of the whole explorer: only the step's own looks
    assert explorer.over_budget() == ""

    runs = []

    def action(game):  # a step of 6**3 dice branches
        runs.append(1)
        game.dice.roll(6), game.dice.roll(6), game.dice.roll(6)

    state = explorer.nodes[0].state
    assert state is not None
    found = explorer._runs(state, action, 0, "k", None, False)
    assert explorer.out_of_memory
    assert len(runs) == CHECK_EVERY - 1, "the step stopped at its first look at the gauge"
    assert explorer.over_budget() == "budget: 200 MB of memory"
    assert sum(p for _, p in found) == 1, "what the step did not run is unexplored, not lost"
    explorer.end()


def test_setup_counts_in_the_budget(tmp_path):
    """A budget given ``since`` (the command's start: loading and setup) counts from there: the
    explorer's start, its deadline and the seconds it reports include what setup spent. Best and
    worst play, which share the budget out in seconds left, get those seconds less setup's."""
    from solo.analyze.explore import SOLVE_SHARE, Explorer

    path = tmp_path / "dock_setup.yaml"
    path.write_text(DOCK)
    adventure = loader.load(str(path)).adventure
    clock = FakeClock()
    clock.now = 105.0  # setup took 5 s of a 100 s budget
    explorer = Explorer(adventure, budget=Budget(seconds=100, clock=clock, since=100.0))
    explorer.begin()
    assert explorer.started == 100.0
    assert explorer.deadline == pytest.approx(100.0 + 100 * (1 - SOLVE_SHARE))
    explorer.end()
    agree = loader.load(str(Path(__file__).parents[1] / "playtest" / "agree.yaml")).adventure  # exact in a blink
    found = analyze(agree, budget=Budget(seconds=100, clock=clock, since=100.0))
    assert found["method"] == "exact" and found["seconds"] == pytest.approx(5.0), "setup's 5 s are in the time told"
    seen: list = []
    analyze(agree, policy="best", budget=Budget(seconds=100, clock=clock, since=100.0), progress=seen.append)
    assert seen and all(p.budget.since is None and p.budget.seconds <= 95.0 for p in seen)


def test_the_command_starts_the_budget_before_loading(monkeypatch):
    """``solo analyze``'s budget counts from before the adventure is loaded and the analyzer set up."""
    import time

    from solo import session
    from solo.analyze import command
    from solo.analyze.frontend import run_analyze_command
    from rich.console import Console

    marks: dict = {}
    real_load, real_analyze = session.load_playable, command.analyze

    def load(name):
        marks["loading"] = time.monotonic()
        return real_load(name)

    def run(*args, **kwargs):
        marks["since"] = kwargs["budget"].since
        return real_analyze(*args, **kwargs)

    monkeypatch.setattr(session, "load_playable", load)
    monkeypatch.setattr(command, "analyze", run)
    agree = Path(__file__).parents[1] / "playtest" / "agree.yaml"
    run_analyze_command(adventure=str(agree), character_name=None, policy="random", checks=False, max_states=1000,
                        seconds=60, memory_mb=1500, bound=0.005, as_json=True, save_dir=None,
                        console=Console(file=open("/dev/null", "w")))
    assert marks["since"] is not None and marks["since"] <= marks["loading"]
