"""Two old crashes of issue 17 stay fixed: a Humanity, Blessed pregen whose ``extra.abilities`` is not
a list (TypeError in play) and a table row key with a negative low end such as ``"-5-3"`` (ValueError
in play and in ``solo graph``). ``solo validate`` names the file:line; nothing prints a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import model
from solo.cli import cli
from solo.rules.base import Character
from solo.rules.humanity_blessed.character import abilities, listed_abilities

BUNDLED = Path(__file__).resolve().parents[2] / "adventures"


def _run(tmp_path, *args):
    return CliRunner().invoke(cli, list(args), env={"SOLO_SAVE_DIR": str(tmp_path)})


@pytest.mark.parametrize("value", ["7", "{a: 1}", "Intuitive Eye", "[[1, 2]]"])
def test_blessed_pregen_abilities_not_a_list_is_refused_with_file_and_line(tmp_path, value):
    text = (BUNDLED / "blessed-harvest.yaml").read_text(encoding="utf-8")
    line = "abilities: [Tactful Speech, Efficiently Packed]"
    assert line in text
    path = tmp_path / "harvest.yaml"
    path.write_text(text.replace(line, f"abilities: {value}", 1), encoding="utf-8")
    result = _run(tmp_path, "validate", str(path))
    assert result.exit_code == 1, result.output
    assert f"{path}:25:" in result.output and "extra.abilities is a list of ability names" in result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    played = _run(tmp_path, "playtest", str(path), "--runs", "3", "--character", "wren")
    assert played.exit_code != 0 and "extra.abilities" in played.output
    assert "Traceback" not in played.output and isinstance(played.exception, SystemExit)


def test_blessed_rules_read_a_bad_abilities_value_as_none():
    bad = Character(name="x", system="humanity-blessed", stats={}, extra={"abilities": 7})
    assert listed_abilities(bad) == [] and abilities(bad) == set()
    good = Character(name="y", system="humanity-blessed", stats={}, extra={"abilities": ["Intuitive Eye"]})
    assert listed_abilities(good) == ["Intuitive Eye"]


@pytest.mark.parametrize("key, span", [("-5-3", (-5, 3)), ("-4--2", (-4, -2)), ("-2", (-2, -2)),
                                       ("3-5", (3, 5)), ("4", (4, 4)), (6, (6, 6))])
def test_row_keys_read_signed_ranges(key, span):
    assert model._range(key) == span


def test_row_key_with_negative_low_end_validates_graphs_and_plays(tmp_path):
    text = (BUNDLED / "clockwork-heist.yaml").read_text(encoding="utf-8")
    assert "      2-3:\n" in text
    path = tmp_path / "heist.yaml"
    path.write_text(text.replace("      2-3:\n", "      -5-3:\n", 1), encoding="utf-8")
    checked = _run(tmp_path, "validate", str(path))
    assert checked.exit_code == 0, checked.output
    lines = text.split("\n")
    rows = lines.index("    rows:", lines.index("  gallery-watch:")) + 1  # the table's rows, where it is warned
    assert f"{path}:{rows}:" in checked.output and "more than one row covers 1" in checked.output
    graphed = _run(tmp_path, "graph", str(path))
    assert graphed.exit_code == 0 and graphed.exception is None, graphed.output
    played = _run(tmp_path, "playtest", str(path), "--runs", "5")
    assert played.exception is None or isinstance(played.exception, SystemExit), played.output
    assert "cannot use" not in played.output and "Traceback" not in played.output


def test_row_running_high_to_low_is_warned_with_a_fix(tmp_path):
    text = (BUNDLED / "clockwork-heist.yaml").read_text(encoding="utf-8")
    path = tmp_path / "heist.yaml"
    path.write_text(text.replace("      2-3:\n", "      3-2:\n", 1), encoding="utf-8")
    checked = _run(tmp_path, "validate", str(path))
    assert "row 3-2 runs from high to low" in checked.output and "write it low first: 2-3" in checked.output
    assert "Traceback" not in checked.output
