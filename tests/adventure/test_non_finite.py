"""A number a save cannot hold (``.inf``, ``.nan``, an overflow) is refused at load with file:line
(issue 17: ``.inf`` in a character's ``extra`` played, and then neither the slot nor its .bak loaded)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from solo.cli import cli

ADVENTURE = """format: 1
id: inf
title: Inf
system: guts-plus
start: a
characters:
  - id: pilot
    name: Pilot
    stats: {{gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}}
    extra: {{luck: {value}}}
scenes:
  a:
    title: A
    choices:
      - {{text: Go, goto: b}}
  b:
    title: B
    ending: {{outcome: victory}}
"""


@pytest.mark.parametrize("value", [".inf", "-.Inf", ".nan", "1e400", "!!float .inf"])
def test_non_finite_numbers_are_refused_with_file_and_line(tmp_path, value):
    path = tmp_path / "inf.yaml"
    path.write_text(ADVENTURE.format(value=value), encoding="utf-8")
    for command in (["validate", str(path)], ["play", str(path)]):
        result = CliRunner().invoke(cli, command, env={"SOLO_SAVE_DIR": str(tmp_path)})
        assert result.exit_code == 1, result.output
        assert f"{path}:10:" in result.output and "Traceback" not in result.output


def test_a_quoted_inf_stays_text(tmp_path):
    path = tmp_path / "inf.yaml"
    path.write_text(ADVENTURE.format(value='".inf"'), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)], env={"SOLO_SAVE_DIR": str(tmp_path)})
    assert ".inf is not a finite number" not in result.output
