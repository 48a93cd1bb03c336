"""``solo validate`` never echoes a huge value back (issue 17: a 1 MB value came back whole): the
value is cut and the message says how long it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure.problems import Problem
from solo.cli import cli

BUNDLED = Path(__file__).resolve().parents[2] / "adventures"


@pytest.mark.parametrize("value, size", [("x" * 1_048_576, 1_048_578), ("ab " * 400_000, None)])
def test_validate_cuts_a_megabyte_value_and_says_how_long_it_was(tmp_path, value, size):
    text = (BUNDLED / "clockwork-heist.yaml").read_text(encoding="utf-8")
    path = tmp_path / "big.yaml"
    path.write_text(text.replace("system: ", f"system: '{value.strip()}'\nxsystem: ", 1), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert len(result.output) < 10_000, len(result.output)
    assert f"{path}:5:" in result.output and "characters)" in result.output
    if size:
        assert f"… ({size} characters)" in result.output


def test_short_messages_are_left_alone():
    problem = Problem("f.yaml", 3, 1, "unknown scene 'cellar'", "did you mean 'cellars'?")
    assert str(problem) == "f.yaml:3:1: error: unknown scene 'cellar'\n    hint: did you mean 'cellars'?"
