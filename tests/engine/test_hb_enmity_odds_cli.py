"""``solo odds humanity-blessed`` reaches a contest and Synchronized Enmity: ``--versus DIE`` is
the opponent's die, ``--synchronized`` rolls the two sides in step; both options are listed in
the system's help (generated from the ruleset's ``cli_options``), and the figures are those the
adventure offers for the same contest (tests/fixtures/hb-synchronized.yaml: Ines's Head d8
against the night watch's Hand d6)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.odds import spec_odds
from solo.cli import cli
from solo.rules import registry

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-synchronized.yaml"
RS = registry.get("humanity-blessed")
STARE = 3  # the choice index of the synchronized contest


def _odds(*args: str) -> dict:
    out = CliRunner().invoke(cli, ["odds", "humanity-blessed", *args, "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_the_help_lists_the_contest_options_from_the_ruleset():
    out = CliRunner().invoke(cli, ["odds", "humanity-blessed", "--help"])
    assert "--versus" in out.output and "--synchronized" in out.output
    assert set(RS.cli_options) >= {"versus", "synchronized"}


def test_a_synchronized_contest_from_the_command_line_matches_the_adventures_offer():
    adventure = loader.load(FIXTURE).adventure
    me = RS.prepare_character(adventure.characters[0].character(adventure.system))
    me.resources["blessings"] = [4, 4, 6]
    spec = adventure.scenes["lane"].choices[STARE].check
    offered = spec_odds(adventure, RS, me, spec)
    synced = _odds("--die", "d8", "--versus", "d6", "--synchronized")
    plain = _odds("--die", "d8", "--versus", "d6")
    assert synced["success_chance"] == float(offered.success_chance())
    assert synced["success_chance"] != plain["success_chance"]
    assert Fraction(synced["exact"]["success"]) == offered.outcomes["success"]


def test_synchronized_without_an_opponent_or_a_target_in_a_contest_is_refused_with_the_options():
    for args in (["--die", "d8", "--synchronized"], ["--die", "d8", "--versus", "d6", "--target", "8"]):
        out = CliRunner().invoke(cli, ["odds", "humanity-blessed", *args])
        assert out.exit_code == 2
        assert "--versus" in out.output
