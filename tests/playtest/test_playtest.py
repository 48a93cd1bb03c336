"""solo playtest: reproducible reports, failed runs written out, broken adventures refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.playtest.command import Options, playtest
from solo.playtest.executors import gather
from solo.playtest.report import to_json, wilson
from solo.playtest.runner import PlaytestSpec, run_one, run_seed
from solo.adventure import loader

BROKEN = Path(__file__).parent / "broken"


def test_same_seed_same_report_whatever_the_workers(tmp_path):
    """One process and two give the same report, byte for byte. 16 runs (were 40): two workers
    still take them in 16 batches of one, finishing out of order, so a report that depended on
    which worker played a run or when it came back still differs."""
    base = Options(adventure="supply-ship", runs=16, seed=5, replay_dir=str(tmp_path))
    one = to_json(playtest(base))
    two = to_json(playtest(Options(**{**base.__dict__, "workers": 2})))
    assert one == two
    report = json.loads(one)
    assert report["runs"] == 16
    assert sum(report["endings"].values()) + sum(e["runs"] for e in report["stuck"]) == 16


def test_cli_json_is_byte_identical_for_one_and_two_workers(tmp_path):
    runner = CliRunner()
    args = ["playtest", "goblin-market", "--runs", "30", "--seed", "1", "--json", "--replay-dir", str(tmp_path)]
    first = runner.invoke(cli, args + ["--workers", "1"])
    second = runner.invoke(cli, args + ["--workers", "2"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert json.loads(first.output)["runs"] == 30


def test_run_seeds_depend_on_master_seed_and_index_only():
    assert run_seed(1, 7) == run_seed(1, 7)
    assert len({run_seed(1, i) for i in range(100)}) == 100
    assert run_seed(1, 0) != run_seed(2, 0)


def test_batches_merge_in_run_order():
    spec = PlaytestSpec(loader.load("goblin-market").adventure)
    gathered = gather(spec, 25, 3)
    assert [r.index for r in gathered.results] == list(range(25))
    assert gathered.results[10] == run_one(spec, 10, 3)


def test_wilson_interval_contains_the_rate():
    lo, hi = wilson(30, 100)
    assert lo < 0.3 < hi
    assert wilson(0, 50)[0] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("policy", ["random", "cautious", "greedy", "explorer"])
def test_every_policy_reaches_endings(policy, tmp_path):
    report = playtest(Options(adventure="supply-ship", runs=10, seed=2, policy=policy, pregen="medic",
                              replay_dir=str(tmp_path)))
    assert report["policy"] == policy
    assert sum(report["endings"].values()) == 10
    assert set(report["by_character"]) == {"medic"}


def test_broken_adventure_is_refused_before_any_run(tmp_path):
    bad = Path(__file__).parents[1] / "adventure" / "broken" / "unknown-scene-choice.yaml"
    result = CliRunner().invoke(cli, ["playtest", str(bad), "--runs", "3", "--replay-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert "unknown-scene-choice.yaml:" in result.output
    assert not any(tmp_path.iterdir())


def test_unknown_character_is_refused():
    result = CliRunner().invoke(cli, ["playtest", "supply-ship", "--runs", "2", "--character", "nobody"])
    assert result.exit_code == 1
    assert "nobody" in result.output


def test_broken_adventure_problems_are_found_and_named(tmp_path):
    report = playtest(Options(adventure=str(BROKEN / "trapdoor.yaml"), runs=150, seed=1, step_limit=150,
                              replay_dir=str(tmp_path)))
    assert "treasure" in report["unreached_scenes"]
    assert "hall#1" in report["unreached_choices"]  # the double-locked door
    loops = {tuple(entry["loop"]) for entry in report["stuck"] if entry["kind"] == "step-limit"}
    assert ("pit",) in loops  # the soft-lock behind the failed jump
    assert ("maze-a", "maze-b") in loops  # the maze without exit
    assert report["endings"]["outside"] + sum(e["runs"] for e in report["stuck"]) == 150


def test_a_run_that_raises_is_counted_written_out_and_the_playtest_goes_on(tmp_path):
    report = playtest(Options(adventure=str(BROKEN / "crash.yaml"), runs=20, seed=1, replay_dir=str(tmp_path)))
    failed = report["errors"]
    assert failed and report["endings"]["out"] + len(failed) == 20
    first = failed[0]
    assert "division by zero" in first["error"] and first["scene"] == "room"
    replay = Path(first["replay"])
    assert replay.is_file()
    again = CliRunner().invoke(cli, ["replay", str(replay)])
    assert again.exit_code == 1
    assert "division by zero" in again.output


def test_html_report_is_self_contained_with_charts_and_escaped_text(tmp_path):
    out = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["playtest", str(BROKEN / "trapdoor.yaml"), "--runs", "40", "--step-limit", "60",
                                      "--html", str(out), "--replay-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.count("<svg") >= 2 and 'aria-label="Ending distribution"' in page and 'aria-label="Scene heat map"' in page
    assert "<script" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "treasure" in page  # never reached, named
    from solo.playtest.html import render

    report = playtest(Options(adventure=str(BROKEN / "trapdoor.yaml"), runs=5, step_limit=30, replay_dir=str(tmp_path)))
    adventure = loader.load(str(BROKEN / "trapdoor.yaml")).adventure
    hostile = type(adventure)(**{**adventure.__dict__, "title": "<script>alert(1)</script>"})
    assert "<script>alert" not in render(report, hostile)


def test_exhaustive_sweep_forces_every_branch_of_a_small_adventure():
    result = CliRunner().invoke(cli, ["playtest", str(Path(__file__).parent / "agree.yaml"), "--exhaustive",
                                      "--runs", "300", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["branches"]["tested"] == found["branches"]["total"] > 0
    assert found["choices"]["tested"] == found["choices"]["total"]
    assert found["forced_rolls"] > 0
    assert found["untested_branches"] == [] and found["unreached_scenes"] == []


def test_exhaustive_sweep_lists_what_stays_untested():
    result = CliRunner().invoke(cli, ["playtest", str(BROKEN / "trapdoor.yaml"), "--exhaustive", "--runs", "200",
                                      "--step-limit", "40", "--json"])
    found = json.loads(result.output)
    assert "hall#1" in found["untested_choices"]  # the double-locked door never opens
    assert "treasure" in found["unreached_scenes"]


