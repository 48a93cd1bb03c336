"""Character creation: every system starts from a legal character, shows its running totals with
the rule each checks, and takes one change at a time (a mistake costs one line, not a restart)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.rules import registry
from solo.rules.creation import CreationError, draft
from solo.ui.creation import edit

SYSTEMS = ["game", "guts-plus", "loose-fuzzy", "humanity-blessed", "four-s"]


def invoke(args, save_dir, answers=""):
    return CliRunner().invoke(cli, args, input=answers, env={"SOLO_SAVE_DIR": str(save_dir), "COLUMNS": "80"})


def flat(text):
    """Output with its wrapping undone: lines wrap at the terminal's width."""
    return " ".join(text.split())


def stored(save_dir, name):
    return json.loads((save_dir / "characters" / f"{name}.json").read_text())["character"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_system_starts_from_a_legal_character(system):
    built = draft(registry.get(system), "Nia")
    assert built.problem() is None
    assert all(t.ok for t in built.tallies())
    assert all(t.rule for t in built.tallies())
    made = built.finished()  # the ruleset's own creation check passes
    assert made.system == system and made.stats


@pytest.mark.parametrize("system", SYSTEMS)
def test_enter_at_once_keeps_the_legal_start(system, tmp_path):
    answers = "Nia\n" + ("\n" if system in ("guts-plus", "loose-fuzzy") else "") + "\n"
    result = invoke(["character", "new", "--system", system], tmp_path, answers)
    assert result.exit_code == 0, result.output
    assert "Legal: press Enter" in flat(result.output) and "The rules:" in flat(result.output)
    assert stored(tmp_path, "nia")["system"] == system


def test_game_running_total_and_the_rule_follow_each_change(tmp_path):
    # raise one skill to 5 (37 points: the total and the rule say so), then fix it by lowering
    # two others, one line each; earlier answers stay as they were
    answers = "Wren\n12 5\n1 1\n2 1\nNotable in Brains\n\n"
    result = invoke(["character", "new", "--system", "game"], tmp_path, answers)
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "fix Points spread: 37 of 35 (exactly 35 over the 16 skills)" in out
    assert "Not legal yet: a new PC spreads exactly 35 skill points (got 37)" in out
    assert "fix Points spread: 36 of 35" in out and out.count("ok Points spread: 35 of 35") == 3
    assert "Sneak/Hide: 3 -> 5" in out and "Hack/Slash: 2 -> 1" in out
    wren = stored(tmp_path, "wren")
    assert wren["stats"]["Sneak/Hide"] == 5 and wren["stats"]["Hack/Slash"] == 1
    assert wren["stats"]["Perception/Track"] == 3  # untouched by the fixes
    assert wren["extra"]["notable"] == "Brains"


def test_a_bad_value_costs_one_line_and_enter_refuses_an_illegal_character(tmp_path):
    answers = "Nia\nPiloting\n1 4\n1 lots\n9 2\n1 1\n\n\n"
    result = invoke(["character", "new", "--system", "guts-plus"], tmp_path, answers)
    out = flat(result.output)
    assert "Not changed: Gumption takes a whole number (got 'lots')" in out
    assert "Not changed: there is no line 9 (lines 1-5)" in out
    assert "fix Highest quality: 4 (at most +2 to one quality, none above 3)" in out
    assert "Not legal yet: creation adds exactly 3 points to qualities that start at 1 (got 2)" in out
    # Enter on the illegal character refused it and asked again; nothing was stored
    assert result.exit_code == 1 and not (tmp_path / "characters" / "nia.json").exists()
    assert "creation ended before the character was kept" in out


def test_guts_plus_own_qualities_are_named_added_renamed_and_removed(tmp_path):
    answers = "Nia\nPiloting\nadd Essence\n3 2\n1 1\nrename 6 Luck\nadd Charm\nremove 7\n\n"
    result = invoke(["character", "new", "--system", "guts-plus"], tmp_path, answers)
    assert result.exit_code == 0, result.output
    nia = stored(tmp_path, "nia")
    assert nia["stats"] == {"gumption": 1, "utility": 1, "thought": 2, "slyness": 1, "Piloting": 3, "Luck": 1}
    assert "ok Your own qualities: 3" in flat(result.output)


def test_loose_fuzzy_luck_follows_the_dice_and_disabilities(tmp_path):
    answers = "Moss\nSailor, Herbalist, Burglar\nadd disability Afraid of the dark 2\n\n"
    result = invoke(["character", "new", "--system", "loose-fuzzy"], tmp_path, answers)
    assert result.exit_code == 0, result.output
    # 15 required + 4 + 3 + a third ability at 2 = 24 dice, less 2 for the disability = 22
    assert "Dice: 24, baseline 22" in flat(result.output) and "Dice: 22, baseline 22" in flat(result.output)
    assert "Luck and Unluck: 2 and 3" in flat(result.output) and "Luck and Unluck: 2 and 1" in flat(result.output)
    moss = stored(tmp_path, "moss")
    assert moss["extra"]["disabilities"] == {"Afraid of the dark": 2}
    assert moss["resources"]["luck"] == 2 and moss["resources"]["unluck"] == 1


def test_humanity_blessed_stats_follow_the_choices(tmp_path):
    answers = "Ada\n1 Heart\n2 Eager\n3 fate\n4\n4 Sharp Recall\n5 sharp\n\n"
    result = invoke(["character", "new", "--system", "humanity-blessed"], tmp_path, answers)
    assert result.exit_code == 0, result.output
    assert "Ability 1 takes one of Survival Instinct" in flat(result.output)  # a line named alone lists its choices
    assert "Not changed: Sharp Recall is already your other ability" in flat(result.output)
    ada = stored(tmp_path, "ada")
    assert ada["extra"]["best"] == "Heart" and ada["extra"]["lifestyle"] == "Eager"
    assert ada["extra"]["abilities"] == ["Sharp Recall", "Armored Skin"]
    raised = {k: v for k, v in ada["stats"].items() if v != "d4"}
    assert raised["heart"] in ("d6", "d8") and len(raised) in (2, 3)


def test_four_s_level_sets_the_budget_and_unplaced_points_are_kept(tmp_path):
    answers = "Bo\n1 1\n2 7\n\n"
    result = invoke(["character", "new", "--system", "four-s"], tmp_path, answers)
    assert result.exit_code == 0, result.output
    assert "SP placed: 12 of 16, 4 kept to place later" in flat(result.output)
    assert "SP placed: 16 of 16" in flat(result.output)
    bo = stored(tmp_path, "bo")
    # 10 + 10 for level 1, and 5 for the second Strength tier that the 7th point opens
    assert bo["resources"]["level"] == 1 and bo["resources"]["max_health"] == 25
    assert bo["resources"]["sp_unspent"] == 0


def test_edits_name_lines_by_number_or_label():
    built = draft(registry.get("game"), "Wren")
    assert edit(built, "Ride/Pilot 4")[1] and built.stats["Ride/Pilot"] == 4
    assert edit(built, "ride pilot = 1")[1] and built.stats["Ride/Pilot"] == 1
    assert edit(built, "notable in: build")[1] and built.extra["notable"] == "Build"
    with pytest.raises(CreationError, match="0-8"):
        edit(built, "1 9")
    with pytest.raises(CreationError, match="Brawn, Brains, Balance or Build"):
        edit(built, "17 muscles")
    assert built.problem() is not None and "35" in built.problem()


def test_giving_up_stores_nothing(tmp_path):
    result = invoke(["character", "new", "--system", "game"], tmp_path, "Wren\n1 5\nq\n")
    assert result.exit_code == 1 and "creation given up" in flat(result.output)
    assert not (tmp_path / "characters").exists() or not list((tmp_path / "characters").iterdir())
