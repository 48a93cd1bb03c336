"""Every heavy GM tool keeps to a time and memory budget: analyze, playtest, the exhaustive sweep
stop at it with what they have and say why, and show their progress as they go."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.analyze.frontend import progress_text
from solo.budget import Limits
from solo.cli import cli
from solo.playtest.command import Options, make_spec
from solo.playtest.executors import gather
from solo.playtest.exhaustive import progress_text as sweep_text
from solo.playtest.exhaustive import sweep
from solo.progress import ProgressLine

HERE = Path(__file__).parent
AGREE = HERE / "agree.yaml"


def test_analyze_stops_at_its_time_budget_with_a_bounded_result_and_progress():
    """A time budget stops the analysis with a bounded result, the budget named, its blow-up and
    progress from the first state to the last. The budget was 1 s: 0.3 s is the same stop, checked
    the same way, for a third of the CPU (the figures asserted do not depend on how far it got)."""
    adventure = loader.load("supply-ship").adventure
    seen = []
    found = analyze(adventure, budget=Budget(seconds=0.3), progress=seen.append)
    assert found["method"] == "bounded"
    assert found["stopped"] == "budget: 0.3 s of time"
    assert "blowup" in found  # which variables took the most values (see the state budget's test)
    assert 0 < found["bound"] <= 1
    assert seen and seen[0].expanded == 0, "progress is told before the first state is explored"
    assert seen[-1].states == found["states"]
    assert seen[-1].unexplored == pytest.approx(found["bound"], abs=1e-6), "the last line tells the final bound"
    text = progress_text(seen[-1])
    assert f"{found['states']} states" in text and "/s" in text and "budget" in text


def test_analyze_stops_at_its_memory_budget():
    adventure = loader.load("supply-ship").adventure
    found = analyze(adventure, budget=Budget(memory_mb=1), sample=False)  # the bounded result itself
    assert found["method"] == "bounded"
    assert found["stopped"] == "budget: 1 MB of memory"


def test_a_small_adventure_is_still_exact_inside_the_default_budget():
    seen = []
    found = analyze(loader.load(str(AGREE)).adventure, progress=seen.append)
    assert found["method"] == "exact" and "bound" not in found
    assert seen[-1].unexplored == 0.0, "an exact result's last progress line says nothing is left"
    assert found["seconds"] >= 0 and found["peak_mb"] > 0


def test_analyze_stops_at_the_bound_once_the_unexplored_part_is_small_enough():
    adventure = loader.load(str(AGREE)).adventure
    exact = analyze(adventure)
    loose = analyze(adventure, bound=0.2)
    assert loose["method"] == "bounded" and loose["bound"] <= 0.2
    assert loose["stopped"].startswith("bound:")
    for ending, p in exact["endings"].items():  # the true figure lies in [figure, figure + bound]
        assert loose["endings"][ending] - 1e-9 <= p <= loose["endings"][ending] + loose["bound"] + 1e-9


def test_analyze_command_takes_the_budget_options():
    result = CliRunner().invoke(cli, ["analyze", "supply-ship", "--time-limit", "0.5", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["method"] == "bounded" and found["stopped"].startswith("budget:")


def test_playtest_stops_at_its_time_budget_keeping_the_runs_done():
    spec = make_spec(Options(adventure=str(AGREE)))
    gathered = gather(spec, 10_000, 1, limits=Limits(seconds=0.3))
    assert 0 < len(gathered.results) < 10_000
    assert [r.index for r in gathered.results] == list(range(len(gathered.results)))
    assert gathered.interrupted and gathered.stopped == "budget: 0.3 s of time"
    result = CliRunner().invoke(cli, ["playtest", str(AGREE), "--runs", "100000", "--time-limit", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["stopped"] == "budget: 0.3 s of time" and report["runs"] < 100_000


def test_playtest_stops_at_its_memory_budget():
    spec = make_spec(Options(adventure=str(AGREE)))
    gathered = gather(spec, 100, 1, limits=Limits(memory_mb=1))
    assert gathered.results == [] and gathered.stopped == "budget: 1 MB of memory"


def test_exhaustive_sweep_stops_at_its_budget_and_writes_html(tmp_path):
    """The exhaustive sweep, called and from the command line, stops at its time budget, says so
    and still writes its page. 0.2 s budgets (were 0.5 s): the same stops and words, 0.6 s of CPU
    less; nothing asserted depends on how many runs fit in the budget."""
    told = []
    found = sweep(Options(adventure="supply-ship", runs=100_000, seconds=0.2), progress=told.append)
    assert found["stopped"] == "budget: 0.2 s of time"
    assert told and "runs and branchings" in sweep_text(told[-1])
    page = tmp_path / "sweep.html"
    result = CliRunner().invoke(cli, ["playtest", "supply-ship", "--exhaustive", "--time-limit", "0.2",
                                      "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert "Exhaustive playtest of Supply Run" in text and "Stopped early (budget: 0.2 s of time)" in text
    assert "Scenes never entered" in text and "<script" not in text


def test_progress_line_rewrites_one_line_and_keeps_control_characters_out():
    out = io.StringIO()
    line = ProgressLine(out, force=True)
    line.show("analyze: 5 states \x1b]0;owned\x07", now=10.0)
    line.show("skipped: too soon", now=10.1)
    line.show("analyze: 9 states", now=10.5)
    line.close()
    text = out.getvalue()
    assert "\x07" not in text and "]0;owned" in text and "skipped" not in text
    assert text.endswith("\r\x1b[K") and text.count("\r") == 3
    quiet = io.StringIO()
    ProgressLine(quiet).show("x")  # not a terminal: nothing
    assert quiet.getvalue() == ""


def test_progress_line_fits_the_terminal_so_it_can_be_rewritten_in_place():
    """A line wider than the terminal wraps, and "\\r" then rewrites only its last row: every
    update left a line behind (seen with `solo analyze supply-ship` at 150 columns)."""
    out = io.StringIO()
    line = ProgressLine(out, force=True, columns=40)
    line.show("analyze: 49082 states, 7104 explored, 309/s, unexplored <= 100.00%; 23 s", now=1.0)
    line.show("analyze: 愚者の船 " * 6, now=2.0)  # wide characters take two columns each
    shown = [part.removeprefix("\x1b[K") for part in out.getvalue().split("\r") if part]
    assert shown[0] == "analyze: 49082 states, 7104 explored, …" and len(shown[0]) == 39
    assert shown[1].endswith("…") and sum(2 if ord(c) > 0x3000 else 1 for c in shown[1]) <= 39
    short = io.StringIO()
    ProgressLine(short, force=True, columns=40).show("analyze: 5 states", now=1.0)
    assert short.getvalue() == "\r\x1b[Kanalyze: 5 states"
