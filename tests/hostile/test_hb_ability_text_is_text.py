"""A companion's name from the file in Blessèd Convoy's offer and roll lines, and a Blessèd Wits
lesser form's text, show literally in line mode: markup in them acts on nothing."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from hostile_text import shown

from solo.cli import cli

FIXTURES = Path(__file__).parents[1] / "fixtures"
HOSTILE = 'N [@click=app.screenshot("pwned.svg","/tmp")]Bob[/] [bold red]x \x1b[2J <b>y</b>'


def play(path: Path, answers: str, save_dir: Path) -> str:
    result = CliRunner().invoke(cli, ["play", str(path), "--seed", "0", "--line", "--slot", "h"],
                                input=answers, env={"SOLO_SAVE_DIR": str(save_dir)})
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    return " ".join(result.output.split())


def test_a_hostile_companion_name_in_convoy_help_shows_as_written(tmp_path):
    path = tmp_path / "hb-convoy.yaml"
    path.write_text((FIXTURES / "hb-convoy.yaml").read_text(encoding="utf-8").replace(
        "name: Nell", "name: " + json.dumps(HOSTILE)), encoding="utf-8")
    output = play(path, "1\n4\n1\n3\n", tmp_path)
    assert output.count(f"Blessèd Convoy: {shown(HOSTILE)} helps for +1 at no cost") == 1
    assert f"Blessèd Convoy: {shown(HOSTILE)} helped, +1 at no cost." in output


def test_a_hostile_lesser_form_text_shows_as_written(tmp_path):
    path = tmp_path / "hb-wits.yaml"
    path.write_text((FIXTURES / "hb-wits.yaml").read_text(encoding="utf-8").replace(
        '"But your parting remark lands: the steward stammers through the next toast."',
        json.dumps(HOSTILE)), encoding="utf-8")
    output = play(path, "1\n6\n4\n", tmp_path)
    assert shown(HOSTILE) in output
