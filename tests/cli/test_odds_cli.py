"""`solo odds` and `solo roll` for every system: the documented labels, exact values, JSON shape."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from solo.cli import cli


def odds(*args):
    result = CliRunner().invoke(cli, ["odds", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize("rating", range(0, 9))
@pytest.mark.parametrize("difficulty, k", [("easy", 1), ("challenging", 2), ("hard", 3)])
def test_game_table_for_every_rating_and_difficulty(rating, difficulty, k):
    data = odds("game", "--skill", str(rating), "--difficulty", difficulty)
    expected = Fraction(1) if rating >= 7 else Fraction(rating + 1, 8) ** k
    assert data["system"] == "game"
    assert abs(data["outcomes"]["success"] - float(expected)) < 1e-9
    assert abs(data["outcomes"]["success"] + data["outcomes"]["failure"] - 1) < 1e-9
    assert abs(sum(data["excess"].values()) - 1) < 1e-9


def test_game_skill_3_hard_is_one_eighth():
    assert odds("game", "--skill", "3", "--difficulty", "hard")["outcomes"]["success"] == 0.125


def test_guts_plus_check_and_contest_labels():
    labels = ["negative-impact", "failure", "near-success", "success", "positive-impact"]
    for args in (["--dice", "3"], ["--dice", "3", "--modifier", "-1"], ["--contest", "4:3"]):
        data = odds("guts-plus", *args)
        assert list(data["outcomes"]) == labels
        assert abs(sum(data["outcomes"].values()) - 1) < 1e-9


def test_loose_fuzzy_labels():
    data = odds("loose-fuzzy", "--dice", "3", "--target", "11")
    assert {"success", "failure", "critical-success", "critical-failure"} <= set(data["outcomes"])
    assert abs(data["outcomes"]["success"] + data["outcomes"]["failure"] - 1) < 1e-9


@pytest.mark.parametrize("die", ["d4", "d6", "d8", "d10", "dc2"])
def test_humanity_blessed_labels_and_mean(die):
    data = odds("humanity-blessed", "--die", die, "--target", "8")
    sizes = ["very-minor", "minor", "medium", "major", "very-major", "maximum"]
    assert {"success", "failure", *sizes} <= set(data["outcomes"])
    # the sizes split the successes by how large the success is
    assert abs(sum(data["outcomes"][s] for s in sizes) - data["outcomes"]["success"]) < 1e-9
    assert "expected" in data


def test_humanity_blessed_dc2_mean_is_the_books_seven_thirds():
    assert abs(odds("humanity-blessed", "--die", "dc2", "--target", "3")["expected"] - 7 / 3) < 1e-9


def test_four_s_labels():
    data = odds("four-s", "--bonus", "2", "--goal", "7")
    assert abs(data["outcomes"]["success"] - 1 / 3) < 1e-9


def test_bad_arguments_are_usage_errors_naming_the_option():
    result = CliRunner().invoke(cli, ["odds", "game", "--skill", "3", "--difficulty", "brutal"])
    assert result.exit_code == 2 and "difficulty" in result.output
    unknown = CliRunner().invoke(cli, ["odds", "nosuch", "--dice", "2"])
    assert unknown.exit_code == 2 and "unknown game system" in unknown.output


@pytest.mark.parametrize(
    "args",
    [["game", "--skill", "3", "--difficulty", "hard"], ["guts-plus", "--dice", "4"], ["guts-plus", "--contest", "3:3"],
     ["loose-fuzzy", "--dice", "3", "--target", "11"], ["humanity-blessed", "--die", "d8", "--target", "8"],
     ["four-s", "--bonus", "2", "--goal", "7"]],
)
def test_roll_takes_the_same_arguments_and_is_seeded(args):
    first = CliRunner().invoke(cli, ["roll", *args, "--seed", "42", "--json"])
    second = CliRunner().invoke(cli, ["roll", *args, "--seed", "42", "--json"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    record = json.loads(first.output)
    assert record["seed"] == 42 and record["outcome"] and "dice" in record
    shown = CliRunner().invoke(cli, ["roll", *args, "--seed", "42"])
    assert shown.exit_code == 0 and "seed 42" in shown.output


@pytest.mark.parametrize("command", ["odds", "roll"])
@pytest.mark.parametrize("system", ["game", "guts-plus", "loose-fuzzy", "humanity-blessed", "four-s"])
def test_system_help_lists_that_systems_options_from_its_ruleset(command, system):
    from solo.rules import registry

    shown = CliRunner().invoke(cli, [command, system, "--help"])
    assert shown.exit_code == 0, shown.output
    assert f"Options for {system}:" in shown.output
    options = registry.get(system).cli_options
    listed = [line.split()[0] for line in shown.output.split(f"Options for {system}:")[1].splitlines()
              if line.startswith("  --")]
    assert listed == [f"--{name}" for name in options]


def test_help_without_a_system_names_the_systems():
    shown = CliRunner().invoke(cli, ["odds", "--help"])
    assert shown.exit_code == 0
    assert "humanity-blessed" in shown.output and "Options for" not in shown.output
