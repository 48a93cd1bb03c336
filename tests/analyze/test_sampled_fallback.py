"""Random play's sampled fallback (:mod:`solo.analyze.sampled`): when exact exploration cannot
reach the bound, whole playthroughs of the playtest's random play, each figure with its Wilson
interval; never taken when the exploration answers."""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.analyze import sampled
from solo.analyze.command import analyze
from solo.analyze.explore import Budget, Explorer
from solo.analyze.frontend import progress_text
from solo.analyze.snapshot import copy_state
from solo.cli import cli
from solo.engine.game import Game
from solo.playtest.command import Options, playtest
from solo.playtest.policies import make_policy, playable_keys
from solo.playtest.runner import RunResult
from solo.rules.scripted import check_stop

HERE = Path(__file__).parent
AGREE = HERE.parent / "playtest" / "agree.yaml"
BRAWL = HERE.parent / "playtest" / "broken" / "brawl.yaml"
#: A state budget that stops agree.yaml's exploration (37 states) far from its bound.
FEW_STATES = 10


@pytest.fixture(scope="module")
def agree():
    adventure = loader.load(str(AGREE)).adventure
    exact = analyze(adventure)
    seen: list = []
    forced = analyze(adventure, budget=Budget(seconds=60, max_states=FEW_STATES), bound=0.02, seed=3,
                     progress=seen.append)
    return adventure, exact, forced, seen


def test_wilson_intervals_are_the_textbook_ones():
    low, high = sampled.wilson(5, 10)  # 5 of 10 at 95%: 0.2366-0.7634
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = sampled.wilson(0, 10)  # none seen: from 0 to z^2 / (n + z^2), not a point
    assert low == 0.0 and high == pytest.approx(sampled.Z ** 2 / (10 + sampled.Z ** 2))
    low, high = sampled.wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(10 / (10 + sampled.Z ** 2))


def test_a_forced_fallback_brackets_the_exact_figures(agree):
    """agree.yaml's exact answer is known; its exploration cut to 10 states falls back on
    sampling, and every ending's and objective's 95% interval holds the exact figure (seed 3)."""
    _, exact, found, _ = agree
    assert exact["method"] == "exact"
    assert found["method"] == "sampled"
    assert found["explored"]["stopped"] == f"budget: more than {FEW_STATES} game states"
    for ending, p in exact["endings"].items():
        span = found["intervals"][ending]
        assert span["low"] <= p <= span["high"], (ending, p, span)
    for objective, p in exact["objectives"].items():
        span = found["objectives_intervals"][objective]
        assert span["low"] <= p <= span["high"], (objective, p, span)


def test_a_sampled_result_says_what_it_is_and_its_figures_agree_with_each_other(agree):
    _, _, found, _ = agree
    runs = found["runs"]
    assert found["confidence"] == 0.95 and "Wilson" in found["interval"]
    assert found["stopped"].startswith("half-width") and found["half_width"] <= found["half_width_asked"] == 0.02
    assert not {"exact", "bound", "ranges", "objectives_exact", "unreachable_endings"} & set(found)
    spans = [*found["intervals"].values(), *found["objectives_intervals"].values(), *found["stuck"], *found["errors"]]
    assert found["half_width"] == pytest.approx(max(s["half_width"] for s in spans), abs=1e-6)
    figures = {**found["endings"], **found["objectives"]}
    for name, span in {**found["intervals"], **found["objectives_intervals"]}.items():
        p = figures[name]
        assert span["low"] <= p <= span["high"]
        assert span["half_width"] == pytest.approx((span["high"] - span["low"]) / 2, abs=2e-6)
        assert math.isclose(p * runs, round(p * runs), abs_tol=1e-6), "a figure is a share of the runs"
    whole = sum(found["endings"].values()) + sum(e["probability"] for e in found["stuck"] + found["errors"])
    assert whole == pytest.approx(1.0)
    assert runs % sampled.LOOK_EVERY == 0, "it stopped at a look, on the half-width"


def test_the_sampled_runs_are_the_playtests_runs_of_the_same_seed(agree):
    """The playtest's random play on its fast runtime, run i seeded from the one master seed:
    ``solo playtest --seed 3 --runs N`` counts the same endings and objectives."""
    _, _, found, _ = agree
    runs = found["runs"]
    report = playtest(Options(adventure=str(AGREE), runs=runs, seed=3))
    assert {e: round(p * runs) for e, p in found["endings"].items()} == report["endings"]
    assert {o: round(p * runs) for o, p in found["objectives"].items()} == {
        o: round(share * runs) for o, share in report["objectives"].items()}


def test_sampling_is_reproducible_by_its_seed_and_moves_with_it():
    adventure = loader.load(str(AGREE)).adventure
    budget = Budget(seconds=60, max_states=FEW_STATES)
    one, again = (analyze(adventure, budget=budget, bound=0.05, seed=11) for _ in range(2))
    other = analyze(adventure, budget=budget, bound=0.05, seed=12)
    assert one["endings"] == again["endings"] and one["runs"] == again["runs"]
    assert one["endings"] != other["endings"]


def test_the_progress_line_keeps_going_while_sampling(agree):
    _, _, found, seen = agree
    sampling = [p for p in seen if isinstance(p, sampled.SampleProgress)]
    assert sampling and sampling[0].runs == 0 and sampling[-1].runs == found["runs"]
    assert len(sampling) > 2, "told at each look, not only at the start and end"
    text = progress_text(sampling[-1])
    assert f"{found['runs']} runs" in text and "±" in text and "budget" in text


def test_the_fallback_is_never_taken_when_the_exploration_answers():
    adventure = loader.load(str(AGREE)).adventure
    assert analyze(adventure)["method"] == "exact"
    loose = analyze(adventure, bound=0.2)  # the bound met before the end
    assert loose["method"] == "bounded" and loose["bound"] <= 0.2
    cut = analyze(adventure, budget=Budget(seconds=60, max_states=FEW_STATES), sample=False)
    assert cut["method"] == "bounded", "--no-sampling keeps the bounded result"
    zero = analyze(adventure, budget=Budget(seconds=60, max_states=FEW_STATES), bound=0.0)
    assert zero["method"] == "bounded", "no interval has a half-width of 0: nothing to sample for"


def _deciding(looks: list[tuple[float, float]], seconds: float = 120.0) -> sampled.DecidingExplorer:
    explorer = sampled.DecidingExplorer(loader.load(str(AGREE)).adventure, budget=Budget(seconds=seconds))
    explorer.begin(0.005)  # the start: the decision waits while no play has ended
    explorer.looks = looks
    return explorer


def test_the_decision_is_the_projections_at_the_solvers_looks():
    """From the second look on (after the first second), a projection that misses the bound in
    the time exploration has stops it; one that meets it goes on; a look is decided once. While
    no play has ended, it waits a tenth of the budget at most (its deadline there), then stops."""
    # each explorer's deadline (the rules' enumerations' too) is lifted before the next is made:
    # deadlines nest, and one left behind would stop the next test's enumerations
    slow = _deciding([(1.0, 0.97), (2.5, 0.95)])  # a point per doubling: decades away
    assert slow.over_budget().startswith("fallback: 95.0% unexplored at ")
    assert slow.gave_up is not None and slow.gave_up[1] == 0.95
    assert slow.over_budget() == "", "asked again on the same look, it has nothing new to say"
    slow.end()
    fast = _deciding([(1.0, 0.2), (2.0, 0.05)])  # a power law that reaches 0.005 within seconds
    assert fast.deadline == pytest.approx(fast.started + 12), "waiting from the start"
    assert fast.over_budget() == "" and fast.gave_up is None
    assert fast.deadline == pytest.approx(fast.started + 108), "play ends: the budget's deadline again"
    fast.started -= 12
    assert fast.over_budget() == "", "no longer waiting"
    fast.end()
    early = _deciding([(0.2, 0.9), (0.5, 0.8)])  # before the first second: no projection yet
    assert early.over_budget() == ""
    early.end()
    unmoved = _deciding([(1.0, 1.0), (2.0, 1.0)])  # no play has ended yet: it waits a tenth of the budget
    assert unmoved.over_budget() == "" and unmoved.gave_up is None
    unmoved.started -= 12  # ...then gives up, with no new look needed
    assert unmoved.over_budget().startswith("fallback: 100.0% unexplored at 12")
    unmoved.end()
    blind = _deciding([])  # steps so long that the solver never looked
    blind.started -= 12
    assert blind.over_budget().startswith("fallback: 100.0% unexplored at 12")
    blind.end()
    short = _deciding([], seconds=0.3)  # a budget under a second: no wait ends inside it
    assert short.deadline == pytest.approx(short.started + 0.27)
    short.end()
    assert check_stop() is None, "no deadline left behind"


class _Cpu:
    """A CPU clock the test sets (the decision reads the process's CPU seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _early(expanded: int = sampled.CUT_AFTER, budget: Budget | None = None) -> tuple[sampled.DecidingExplorer, _Cpu]:
    """agree.yaml's explorer past its first steps (``expanded`` states expanded, as told) and
    widening: its open states met forty times over, on a CPU clock the test sets and (unless
    ``budget`` brings its own) a wall clock that stands still."""
    # the wall clock stands still too unless a test moves it (``started``): under load the real one
    # moved a tenth of a second between a test's steps and read "at 1.6 s"
    explorer = sampled.DecidingExplorer(loader.load(str(AGREE)).adventure,
                                        budget=budget or Budget(seconds=120, clock=_Cpu()))
    cpu = explorer.cpu = _Cpu()
    explorer.begin(0.005)
    explorer.nodes.extend(explorer.nodes * 40)
    explorer.expanded = expanded
    return explorer, cpu


def _opened(explorer: sampled.DecidingExplorer) -> int:
    return sum(1 for node in explorer.nodes if node.state is not None)


def test_the_early_decision_gives_up_on_a_widening_exploration_at_once():
    """At 1.5 s and 1 s of CPU, with more states open than expanded and no play ended, exploration
    stops there, saying so, instead of waiting a tenth of the budget."""
    widening, cpu = _early()
    opened, expanded = _opened(widening), widening.expanded
    assert opened > expanded
    assert widening.over_budget() == "", "too early: nothing decided"
    assert widening.deadline == pytest.approx(widening.started + sampled.DECIDE_AT, abs=0.05), \
        "widening: a long step is cut where the decision is due"
    widening.started -= sampled.DECIDE_AT
    assert widening.over_budget() == "", "the wall clock is past it, the CPU not: a loaded machine waits for the work"
    assert widening.gave_up is None
    cpu.now = sampled.DECIDE_CPU
    stopped = widening.over_budget()
    assert stopped.startswith("fallback: 100.0% unexplored at 1.5 s") and f"{opened} states open for {expanded} explored" in stopped
    assert widening.gave_up is not None and widening.decision.startswith("exact given up at 1.5 s (100.0% unexplored, ")
    line = progress_text(sampled.SampleProgress(64, 2.0, 0.1, 0.005, widening.budget, widening.decision))
    assert line.startswith(f"analyze: {widening.decision}, sampling whole playthroughs: 64 runs"), line
    widening.end()
    assert check_stop() is None


def test_the_early_decision_goes_on_while_the_space_may_close():
    """With no more states open than expanded the decision is to go on: the rules before hold
    (the deadline is the wait's while nothing has ended, then it gives up there)."""
    closing, cpu = _early(expanded=100)
    assert closing.deadline == pytest.approx(closing.started + 12), "the wait's deadline"
    closing.started -= sampled.DECIDE_AT
    cpu.now = sampled.DECIDE_CPU
    assert closing.over_budget() == "" and closing.gave_up is None
    assert closing.deadline == pytest.approx(closing.started + sampled.DECIDE_AT + 12), "not moved: the wait's"
    closing.started -= 12
    assert "no play has ended within the wait" in closing.over_budget()
    closing.end()
    assert check_stop() is None


def test_a_small_games_first_steps_are_never_cut_for_the_decision():
    """Before :data:`sampled.CUT_AFTER` states are expanded the decision moves no deadline: a
    small game's first step can be long, and cut it would lose its first ending."""
    young, cpu = _early(expanded=sampled.CUT_AFTER - 1)
    before = young.deadline
    assert young.over_budget() == "" and young.deadline == before
    young.end()


def test_the_decisions_clock_stands_still_until_the_cpu_is_had():
    """While the decision's deadline is in force, the explorer's clock (which its steps and the
    rules' enumerations read) stops just short of it until exploration has had its CPU, so a
    step is cut there only when the decision is due on both counts, and never past the wait."""
    class Clock:
        now = 0.0

        def __call__(self) -> float:
            return self.now

    clock = Clock()
    explorer, cpu = _early(budget=Budget(seconds=120, clock=clock))
    explorer.over_budget()  # widening: the deadline is the decision's
    assert explorer.deadline == pytest.approx(sampled.DECIDE_AT)
    clock.now = 5.0  # a loaded machine: the wall clock is past it, the CPU is not
    assert explorer.clock() < explorer.deadline and explorer.clock() == pytest.approx(sampled.DECIDE_AT)
    cpu.now = sampled.DECIDE_CPU
    assert explorer.clock() == 5.0, "the CPU had: the budget's clock"
    cpu.now = 0.0
    clock.now = 12.5
    assert explorer.clock() == 12.5, "never past the wait's end"
    explorer.end()


def test_where_play_ends_the_early_decision_is_the_projections():
    """Once a look of the solver finds play ending, the open part decides nothing and no step is
    cut for the decision: with too few looks for a projection it goes on (the later looks
    decide), with a projection that misses the bound it gives up, as at any look."""
    ending, cpu = _early()
    ending.looks = [(0.1, 0.9)]  # play ends, widening as it is: no deadline moved for the decision
    assert ending.over_budget() == ""
    assert ending.deadline == pytest.approx(ending.started + 108), "the budget's (play ends: no wait), not the decision's"
    ending.started -= sampled.DECIDE_AT
    cpu.now = sampled.DECIDE_CPU
    assert ending.over_budget() == "" and ending.gave_up is None, "no projection yet: the later looks decide"
    ending.end()
    slow, cpu = _early()
    slow.looks = [(1.0, 0.97), (1.4, 0.96)]  # a point per doubling: the bound decades away
    slow.started -= sampled.DECIDE_AT
    cpu.now = sampled.DECIDE_CPU
    stopped = slow.over_budget()
    assert stopped.startswith("fallback: 96.0% unexplored at 1.5 s (projected from the solver's looks)"), stopped
    slow.end()
    assert check_stop() is None


def test_a_step_cut_at_the_decision_is_decided_at_once():
    cut, cpu = _early()
    cut.over_budget()  # widening: the deadline is at the decision
    cut.out_of_time = True  # a step ran into it
    stopped = cut.over_budget()
    assert stopped.startswith("fallback: ") and f"states open for {sampled.CUT_AFTER} explored" in stopped
    assert not cut.out_of_time, "the cut was the decision's, not the budget's"
    cut.end()


def test_supply_ship_is_given_up_on_by_the_early_decision():
    """supply-ship's random play meets thousands of states for hundreds expanded: the early
    decision gives it up (not the wait for a first ending, which took 12 s of a 120 s budget)."""
    from solo.analyze.solve import unexplored_mass
    from solo.session import load_playable

    explorer = sampled.DecidingExplorer(load_playable("supply-ship").adventure, budget=Budget(seconds=120))
    graph = explorer.explore(unexplored_mass, 0.005)
    assert graph.stopped.startswith("fallback: ") and "states open for" in graph.stopped, graph.stopped
    assert sampled.wanted(graph, explorer, 0.005, explorer.budget)


def test_analyzes_random_play_is_the_playtests_random_play():
    """Every decision of a random playtest run (scene choices, the pregen, a fight's actions) is
    drawn uniformly among the engine's playable options, the keys the explorer branches on with
    equal shares; the dice are decided by the same ``dice_decision`` in both."""
    kinds = set()
    for path in [str(BRAWL), str(AGREE)]:
        adventure = loader.load(path).adventure
        for seed in range(3):
            game = Game(adventure, seed=seed, quiet=True, alternatives=False)
            policy = make_policy("random", random.Random(seed))
            game.start()
            for _ in range(200):
                if game.finished:
                    break
                offered = game.offered
                if offered.kind not in ("check", "roll"):
                    kinds.add(offered.kind)
                    assert policy.weigh(game) == (playable_keys(offered), None)
                try:
                    game.choose(policy.choose(game))
                except Exception:  # a broken fixture's dead end: the runs so far are checked
                    break
        explorer = Explorer(adventure)  # the explorer's first states: options and shares
        explorer.begin()
        for n in range(40):
            if n >= len(explorer.nodes):
                break
            node = explorer.nodes[n]
            if node.kind != "decision" or node.state is None:
                continue
            explorer.game.load(copy_state(node.state), [])
            keys = playable_keys(explorer.game.offered)
            explorer.expand(n)
            assert [k for k, _ in node.options] == keys
            assert explorer.option_shares(n) == [1 / len(keys)] * len(keys)
        explorer.end()
    assert {"scene", "character", "conflict"} <= kinds


def test_the_text_says_the_figures_are_sampled_with_their_interval():
    result = CliRunner().invoke(cli, ["analyze", str(AGREE), "--max-states", str(FEW_STATES), "--bound", "0.05",
                                      "--seed", "4"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())  # as read, whatever the terminal's width
    assert "sampled (not exact, not bounded)" in text and "a sample this size lands within ±" in text
    assert "Wilson score, 95% per figure" in text and "±" in text
    assert "solo playtest" in text and "--seed 4" in text, "the same runs, as a playtest"
    assert "each true figure lies in the range" not in text
    as_json = CliRunner().invoke(cli, ["analyze", str(AGREE), "--max-states", str(FEW_STATES), "--bound", "0.05",
                                       "--seed", "4", "--json"])
    found = json.loads(as_json.output)
    assert found["method"] == "sampled" and found["seed"] == 4
    plain = CliRunner().invoke(cli, ["analyze", str(AGREE), "--max-states", str(FEW_STATES), "--no-sampling", "--json"])
    assert json.loads(plain.output)["method"] == "bounded"


def test_the_time_suggested_for_the_half_width_repeats_the_options_given(agree):
    """A sampled result short of its half-width suggests a longer ``--time-limit`` in the whole
    command, every option given kept (the seed, the bound, the state budget...)."""
    from io import StringIO

    from rich.console import Console

    from solo.analyze.frontend import AskedFor, show

    adventure, _, found, _ = agree
    short = {**found, "half_width_asked": found["half_width"] / 4}  # four times narrower asked
    out = StringIO()
    asked = AskedFor(str(AGREE), None, 60, FEW_STATES, bound=short["half_width_asked"], seed=3)
    show(short, adventure, Console(file=out, width=400), 1.0, asked=asked)
    line = next(line for line in out.getvalue().splitlines() if line.startswith("Stopped:"))
    assert f"--max-states {FEW_STATES}" in line and "--seed 3" in line and "--bound " in line, line
    assert "--time-limit " in line and "--time-limit 60 " not in line


def test_runs_that_do_not_end_are_counted_by_where_they_stuck():
    adventure = loader.load(str(AGREE)).adventure
    tally = sampled._Tally(adventure)
    ending = next(iter(adventure.endings))
    tally.add(RunResult(index=0, seed=0, status="ended", ending=ending))
    tally.add(RunResult(index=1, seed=0, status="step-limit", scene="b", loop=("a", "b")))
    tally.add(RunResult(index=2, seed=0, status="step-limit", scene="a", loop=("a", "b")))
    tally.add(RunResult(index=3, seed=0, status="dead-end", scene="c", error="EngineError: no choice"))
    found = sampled._result(tally, 1, 0.005, tally.widest(), "budget")
    assert [(s["scene"], s["scenes"], s["probability"], s["run"]) for s in found["stuck"]] == [("a, b", ["a", "b"], 0.5, 1)]
    assert [(e["scene"], e["error"], e["run"]) for e in found["errors"]] == [("c", "EngineError: no choice", 3)]
    assert found["endings"][ending] == Fraction(1, 4)


def test_sampling_leaves_the_garbage_collector_as_it_found_it():
    """While sampling, what exists is frozen and the young generation collected less often
    (:func:`sampled._quiet_collector`); after it, whether it stopped or raised, neither holds,
    and objects someone else froze (the test suite's collection, tests/support/frozen_collection)
    stay frozen."""
    import gc

    adventure = loader.load(str(AGREE)).adventure
    budget = Budget(seconds=60)
    theirs = gc.get_freeze_count()
    gc.unfreeze()  # nobody's frozen objects: the sampling freezes what exists, then lets it go
    try:
        before = gc.get_threshold()
        seen: list = []

        def look(line):
            seen.append((gc.get_threshold()[0], gc.get_freeze_count() > 0))

        sampled.sample(adventure, None, budget, budget.clock(), 0.2, seed=5, progress=look)
        assert (sampled.SAMPLING_GC_THRESHOLD, True) in seen[1:-1], "quiet while running"
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0

        def fail(line):
            if line.runs:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            sampled.sample(adventure, None, budget, budget.clock(), 0.001, seed=5, progress=fail)
        assert gc.get_threshold() == before and gc.get_freeze_count() == 0

        gc.freeze()  # someone else's frozen objects: left frozen
        frozen = gc.get_freeze_count()
        sampled.sample(adventure, None, budget, budget.clock(), 0.2, seed=5)
        assert gc.get_freeze_count() == frozen and gc.get_threshold() == before
    finally:
        if theirs:
            gc.freeze()
        else:
            gc.unfreeze()
