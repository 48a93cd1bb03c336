"""solo analyze: exact probabilities that sampled playtests agree with, broken adventures caught,
the bounded result when the state space is over budget, and the check table."""

from __future__ import annotations

import copy
import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Budget, KeyMaker
from solo.analyze.frontend import AskedFor, show
from solo.analyze.outcomes import notation_distribution, outcome_classes, table_rows
from solo.cli import cli
from solo.playtest.command import Options, playtest
from solo.rules import registry
from solo.rules.notation import DiceNotation

HERE = Path(__file__).parent
AGREE = HERE / "agree.yaml"
TRAPDOOR = HERE / "broken" / "trapdoor.yaml"
RUNS = 1500


@pytest.mark.parametrize("pregen", ["ace", "rook"])
def test_sampled_endings_agree_with_the_exact_analysis(pregen, tmp_path):
    adventure = loader.load(str(AGREE)).adventure
    person = next(p for p in adventure.characters if p.id == pregen)
    exact = analyze(adventure, person.character(adventure.system))
    assert exact["method"] == "exact"
    assert sum(Fraction(v) for v in exact["exact"].values()) + sum(Fraction(s["exact"]) for s in exact["stuck"]) == 1
    report = playtest(Options(adventure=str(AGREE), runs=RUNS, seed=11, pregen=pregen, replay_dir=str(tmp_path)))
    for ending, p in exact["endings"].items():
        se = math.sqrt(p * (1 - p) / RUNS)
        assert abs(report["endings"][ending] / RUNS - p) <= 3 * se + 1e-9, (ending, p, report["endings"][ending])
    for objective, p in exact["objectives"].items():
        se = math.sqrt(p * (1 - p) / RUNS)
        assert abs(report["objectives"][objective] - p) <= 3 * se + 1e-6


def test_best_play_is_at_least_as_good_as_random_and_worst_no_better():
    adventure = loader.load(str(AGREE)).adventure
    random_ = analyze(adventure)["endings"]["away"]
    best = analyze(adventure, policy="best")["endings"]["away"]
    worst = analyze(adventure, policy="worst")["endings"]["away"]
    assert worst <= random_ <= best
    assert best > random_


def test_broken_adventure_is_caught_naming_the_scenes():
    result = CliRunner().invoke(cli, ["analyze", str(TRAPDOOR), "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["method"] == "exact"
    assert found["unreachable_endings"] == ["treasure"]
    stuck = {entry["scene"] for entry in found["stuck"]}
    assert stuck == {"pit", "maze-a"}  # the soft-lock behind the failed jump, the maze
    total = sum(Fraction(v) for v in found["exact"].values()) + sum(Fraction(s["exact"]) for s in found["stuck"])
    assert total == 1


def test_too_many_states_gives_a_bounded_result_and_says_why():
    """A state limit stops the analysis with a bounded result that says why, which variables
    blew up, and adds up to one with its bound. 100 states (were 300): supply-ship has reached no
    ending by either (bound 1.0), the same eight-plus variables blow up, a quarter of the CPU."""
    adventure = loader.load("supply-ship").adventure
    found = analyze(adventure, max_states=100, sample=False)  # the bounded result itself
    assert found["method"] == "bounded"
    assert "more than 100 game states" in found["stopped"]
    assert found["blowup"] and all(entry["values"] > 1 for entry in found["blowup"])
    assert 0 < found["bound"] <= 1
    # what is known and what is not add up to the whole
    known = sum(found["endings"].values()) + sum(s["probability"] for s in found["stuck"])
    assert math.isclose(known + found["bound"], 1.0, abs_tol=1e-5)
    best = analyze(adventure, policy="best", max_states=100)
    assert best["method"] == "bounded"
    low, high = best["goal_bounds"]
    assert 0 <= low <= high <= 1


def test_outcome_classes_add_up_to_one_for_every_check_of_every_bundled_adventure():
    for path in loader.bundled_files():
        adventure = loader.load(path).adventure
        ruleset = registry.get(adventure.system)
        person = adventure.characters[0]
        character = ruleset.prepare_character(person.character(adventure.system))
        for scene in adventure.scenes.values():
            for choice in scene.choices:
                if choice.check is None:
                    continue
                try:
                    classes = outcome_classes(adventure, ruleset, character, choice.check)
                except Exception as exc:  # a check the pregen cannot make is not exact: say so
                    assert "exact" in str(exc) or "odds" in str(exc) or "no " in str(exc)
                    continue
                assert sum(classes.values()) == 1
                assert all(branch is None or branch in choice.check.outcomes for _, branch in classes)


def test_tables_and_notation_are_exact():
    assert notation_distribution(DiceNotation.parse("2d6+1"))[8] == Fraction(6, 36)
    adventure = loader.load(str(AGREE)).adventure
    rows = dict(table_rows(adventure.tables["weather"]))
    assert sorted(rows.values()) == [Fraction(2, 5), Fraction(3, 5)]  # 6 is rolled again


def test_turn_is_kept_only_as_far_as_expressions_read_it(tmp_path):
    assert KeyMaker(loader.load(str(AGREE)).adventure).turn_cap == 0  # never read
    text = AGREE.read_text().replace("when: alarm", "when: alarm and (turn % 2 == 0 or turn > 7)")
    (tmp_path / "t.yaml").write_text(text)
    keys = KeyMaker(loader.load(str(tmp_path / "t.yaml")).adventure)
    assert (keys.turn_mod, keys.turn_cap) == (2, 8)
    (tmp_path / "w.yaml").write_text(AGREE.read_text().replace("when: alarm", "when: alarm and turn + 1 > 3"))
    assert KeyMaker(loader.load(str(tmp_path / "w.yaml")).adventure).turn_mod is None


def test_visits_are_kept_only_for_the_scenes_visited_asks_about(tmp_path):
    text = TRAPDOOR.read_text().replace("if: has_rope and false", 'if: has_rope and visited("outside")')
    (tmp_path / "t.yaml").write_text(text)
    adventure = loader.load(str(tmp_path / "t.yaml")).adventure
    keys = KeyMaker(adventure)
    assert keys.visits and keys.asked == frozenset({"outside"})
    exact = analyze(adventure)
    assert exact["method"] == "exact"
    # the same figures as the plain trapdoor: the condition can never hold in the pit
    assert exact["exact"] == analyze(loader.load(str(TRAPDOOR)).adventure)["exact"]


def test_check_table_lists_every_check_for_every_pregen():
    result = CliRunner().invoke(cli, ["analyze", "supply-ship", "--checks", "--json"])
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    adventure = loader.load("supply-ship").adventure
    count = sum(1 for s in adventure.scenes.values() for c in s.choices if c.check is not None)
    assert len(table["checks"]) == count
    assert table["characters"] == [p.id for p in adventure.characters]
    row = table["checks"][0]
    for who in table["characters"]:
        cell = row["odds"][who]
        assert "error" in cell or abs(float(Fraction(cell["exact"])) - cell["success"]) < 1e-12


BRAWL = HERE / "broken" / "brawl.yaml"


@pytest.fixture(scope="module")
def brawl_within_a_tenth():
    """``analyze`` of the brawl fixture to a bound of 0.1 (about 10 s of CPU), shared by the tests
    that read it; no time limit that binds, so what is explored does not depend on the machine."""
    adventure = loader.load(str(BRAWL)).adventure
    return adventure, analyze(adventure, budget=Budget(seconds=3600), bound=0.1)


def test_a_soft_lock_behind_a_lost_fight_a_loop_and_an_unreachable_ending_are_caught_by_analyze(brawl_within_a_tenth):
    adventure, shared = brawl_within_a_tenth
    found = copy.deepcopy(shared)
    assert found["method"] == "bounded" and found["bound"] <= 0.1
    assert found["unreachable_endings"] == ["vault"]
    stuck = {entry["scene"]: entry for entry in found["stuck"]}
    assert set(stuck) == {"cellar", "alley-a"}
    # the route to the cellar goes through the fight in the yard, with the dice that lost it
    route = stuck["cellar"]["path"]
    assert [step["scene"] for step in route] == [None, "gate", "yard"]
    assert route[-1]["random"], "the fight's dice are on the route"
    assert stuck["alley-a"]["probability"] == pytest.approx(0.5)


def test_the_same_adventure_is_caught_by_the_exhaustive_sweep():
    result = CliRunner().invoke(cli, ["playtest", str(BRAWL), "--exhaustive", "--runs", "20", "--step-limit", "80",
                                      "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert {"cellar", "alley-a", "alley-b"} <= set(found["stuck_in"])
    assert "yard" not in found["unreached_scenes"], "the fight's scene counts as entered"
    assert found["unreached_scenes"] == ["vault"]
    assert {"cellar#0", "alley-a#0", "gate#2"} <= set(found["untested_choices"])
    assert found["branches"]["total"] == 3  # the fight's results are branches to take


@pytest.mark.parametrize("policy", ["best", "worst"])
def test_bounded_value_iteration_brackets_the_exact_best_and_worst_play(policy):
    adventure = loader.load(str(AGREE)).adventure
    exact = analyze(adventure, policy=policy)
    goal = exact["endings"]["away"] if policy == "best" else exact["endings"]["caught"]
    for states in (20, 30):  # of 37 states
        partial = analyze(adventure, policy=policy, max_states=states)
        assert partial["method"] == "bounded"
        low, high = partial["goal_bounds"]
        assert low - 1e-6 <= goal <= high + 1e-6, (states, low, goal, high)
        assert partial["bound"] >= high - low - 1e-6
        # the figures of the play found are known within what it leaves unexplored
        unknown = sum(partial.get("unexplored_by_scene", {}).values())  # none when that play is whole
        assert unknown <= partial["bound"] + 1e-6
        for ending, p in partial["endings"].items():
            assert 0 <= p <= 1 and p + unknown <= 1 + 1e-5


def test_bounded_random_figures_bracket_the_exact_ones_at_every_budget():
    adventure = loader.load(str(TRAPDOOR)).adventure
    exact = analyze(adventure)
    for states in (2, 5, 6):  # of 9 states
        partial = analyze(adventure, max_states=states, sample=False)  # bounded, not sampled
        assert partial["method"] == "bounded"
        for ending, p in exact["endings"].items():
            assert partial["endings"][ending] - 1e-9 <= p <= partial["endings"][ending] + partial["bound"] + 1e-9


def test_a_play_that_circles_for_ever_is_stuck_not_a_division_by_zero():
    from solo.analyze.explore import Graph, Node
    from solo.analyze.solve import absorption, value_bounds

    one = Fraction(1)
    nodes = [Node(("a",), None, "hall", "decision", options=[("1", [(0, one)]), ("2", [(1, one)])]),
             Node(("b",), None, "cellar", "frontier")]
    graph = Graph(nodes, [(0, one)], False)
    low, high, chosen = value_bounds(graph, True)
    assert (low, high) == (0.0, 1.0)
    assert sum(absorption(graph, chosen, exact=False).values()) == pytest.approx(1.0)
    assert absorption(graph, {0: 0}, exact=False) == {("stuck", "hall"): 1.0}
    assert absorption(graph, {0: 0}) == {("stuck", "hall"): one}


def _words(text: str) -> str:
    """The output with its line wrapping undone, to read sentences the terminal width split."""
    return " ".join(text.split())


def test_a_bounded_result_shows_ranges_and_points_at_a_playtest_when_the_bound_is_wide():
    result = CliRunner().invoke(cli, ["analyze", str(TRAPDOOR), "--max-states", "2", "--no-sampling"])
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    # low – low + bound, capped at 100%: the explored part reaches outside a quarter of the time
    assert "25.00% – 100.00%" in text and "0.00% – 75.00%" in text
    # treasure's door needs two keys: no state left unexplored (the hall with its one key taken,
    # the ledge, the maze) can come to it, so it is known never to be reached
    assert ("Ending treasure is never reached with random play: neither the part explored nor any state left "
            "unexplored can come to it") in text
    assert "75 points wide" in text
    assert f"`solo playtest {TRAPDOOR} --runs 2000`" in text
    # it ran out of states, not time; the options given are repeated (--no-sampling was once dropped)
    assert f"`solo analyze {TRAPDOOR} --max-states 20 --no-sampling`" in text
    found = json.loads(CliRunner().invoke(cli, ["analyze", str(TRAPDOOR), "--max-states", "2", "--no-sampling", "--json"]).output)
    assert found["endings"] == {"treasure": 0.0, "outside": 0.25}  # the old fields stay
    assert found["ranges"] == {"treasure": {"low": 0.0, "high": 0.75}, "outside": {"low": 0.25, "high": 1.0}}
    assert found["unreachable_endings"] == ["treasure"]


def test_a_bounded_result_calls_unreachable_only_what_no_unexplored_state_can_reach():
    """brawl.yaml cut at two states: neither ending is reached in the part explored, but the
    street lies ahead of the states left unexplored, so only the vault (its key is never to be
    had) is named unreachable, in the JSON and in the text."""
    found = json.loads(CliRunner().invoke(cli, ["analyze", str(BRAWL), "--max-states", "2", "--no-sampling",
                                                "--json"]).output)
    assert found["method"] == "bounded" and found["endings"] == {"vault": 0.0, "street": 0.0}
    assert found["unreachable_endings"] == ["vault"]


def test_a_narrow_bound_shows_ranges_without_the_suggestion_and_says_what_was_not_reached(brawl_within_a_tenth):
    adventure, shared = brawl_within_a_tenth
    found = copy.deepcopy(shared)
    console = Console(record=True, width=200)
    show(found, adventure, console, 1.0, asked=AskedFor(str(BRAWL), None, 3600))
    text = _words(console.export_text())
    bound = found["bound"]
    assert 0 < bound <= 0.05  # the fixture's exploration stops well inside the bound asked
    street = found["endings"]["street"]
    assert f"{street * 100:.2f}% – {(street + bound) * 100:.2f}%" in text
    assert found["ranges"]["street"] == {"low": round(street, 6), "high": round(street + bound, 6)}
    assert "solo playtest" not in text
    # the vault's key is never to be had: no state left unexplored can come to it
    assert "Ending vault is never reached with random play: neither the part explored nor any state" in text
    assert "not reached in the part explored" not in text
    assert found["unreachable_endings"] == ["vault"]


def test_an_exact_result_shows_single_figures_and_what_is_never_reached():
    result = CliRunner().invoke(cli, ["analyze", str(TRAPDOOR)])
    assert result.exit_code == 0, result.output
    text = _words(result.output)
    assert "–" not in text and "solo playtest" not in text
    assert "Ending treasure is never reached with random play" in text
    found = json.loads(CliRunner().invoke(cli, ["analyze", str(TRAPDOOR), "--json"]).output)
    assert found["method"] == "exact" and "ranges" not in found
    assert f"{found['endings']['outside'] * 100:.2f}%" in text
