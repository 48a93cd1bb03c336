"""`solo validate` warns when a file's system reads rolls in degrees and the file never writes one
(solo.adventure.degree_checks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure.validate import validate_path

GUTS = """format: 1
id: degrees
title: Degrees
system: guts-plus
start: a
characters:
  - id: pilot
    name: Pilot
    stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}
scenes:
  a:
    title: A
    text: "{note}"
    choices:
      - text: Push with all your might
        check:
          stat: gumption
          outcomes:
            success: {goto: b}
            failure: {goto: b}
%s
  b:
    title: B
    ending: {outcome: victory}
"""

GREAT = """            positive-impact: {text: It flies open and stays open., goto: b}"""


def _codes(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    path = tmp_path / "degrees.yaml"
    path.write_text(text, encoding="utf-8")
    return [(p.line, p.code) for p in validate_path(path) if p.code == "degrees-never-written"]


def test_a_guts_file_that_never_writes_an_impact_is_warned_at_its_first_check(tmp_path):
    found = _codes(tmp_path, GUTS.replace("{note}", "Hello") % "")
    assert found == [(17, "degrees-never-written")]  # the `check:` line


def test_one_impact_branch_answers_it(tmp_path):
    assert _codes(tmp_path, GUTS.replace("{note}", "Hello") % GREAT) == []


def test_reading_the_measure_answers_it(tmp_path):
    text = GUTS.replace("{note}", "{roll.impact > 1 and 'Wide open.' or ''}") % ""
    assert _codes(tmp_path, text) == []


def test_a_system_without_degrees_is_not_warned(tmp_path):
    text = (GUTS.replace("{note}", "Hello") % "").replace("system: guts-plus", "system: four-s") \
        .replace("stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}",
                 "stats: {strength: 3, skill: 3, support: 3, scharisma: 3}").replace("gumption", "strength")
    assert _codes(tmp_path, text) == []


SECOND = """      - text: Talk your way through
        check:
          stat: slyness
          outcomes:
            success: {goto: b}
            failure: {goto: b}
"""


def test_once_the_file_writes_degrees_each_check_that_writes_none_is_named(tmp_path):
    text = (GUTS.replace("{note}", "Hello") % GREAT)
    text = text.replace(GREAT + "\n", GREAT + "\n" + SECOND)
    path = tmp_path / "degrees.yaml"
    path.write_text(text, encoding="utf-8")
    named = [p for p in validate_path(path) if p.code == "degrees-never-written"]
    assert [p.line for p in named] == [text.split("\n").index("          stat: slyness") + 1]  # like the first check's warning
    assert "Talk your way through" in named[0].message


def test_a_branch_reading_the_measure_answers_its_own_check(tmp_path):
    text = (GUTS.replace("{note}", "Hello") % GREAT)
    text = text.replace(GREAT + "\n", GREAT + "\n" + SECOND.replace(
        "failure: {goto: b}", "failure: {text: \"{roll.impact < 0 and 'Badly.' or 'No.'}\", goto: b}"))
    assert _codes(tmp_path, text) == []


def test_a_system_whose_degree_is_only_a_number_is_not_named_per_check():
    """GAME shows excess beside a plain success; the heist reads it in a few places and is not
    asked to write it at every check."""
    assert not [p for p in validate_path("clockwork-heist") if p.code == "degrees-never-written"]


@pytest.mark.parametrize("name", ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"])
def test_no_bundled_adventure_has_a_check_whose_degree_changes_nothing(name):
    """What the warning names is fixed in all five: supply-ship writes both impacts, lantern-fen's
    successes read `roll.critical` (a critical and a costly success each do something) and so do
    its failures (a critical failure costs more than a plain one), and
    blessed-harvest's read `roll.size` (a major or bigger success wins time or a blessing die)."""
    assert [p.message for p in validate_path(name) if p.code == "degrees-never-written"] == []


def test_every_supply_ship_check_writes_what_a_great_success_and_a_disaster_do():
    """The GUTS+ screen names a great success ("something extra in your favour") and a disaster;
    each of supply-ship's checks and contests says what both do (docs/editorial/supply-ship.md)."""
    from solo.adventure import loader

    adventure = loader.load("supply-ship").adventure
    unwritten = [f"{scene.id}: {choice.text}" for scene in adventure.scenes.values() for choice in scene.choices
                 if choice.check is not None
                 and not {"positive-impact", "negative-impact"} <= set(choice.check.outcomes)]
    assert unwritten == []
    assert not [p for p in validate_path("supply-ship") if p.code == "degrees-never-written"]


LOOSE = """format: 1
id: worse
title: Worse
system: loose-fuzzy
start: a
characters:
  - id: rook
    name: Rook
    stats: {cleverness: 2, body: 3, knowledge: 2, perception: 2, tenacity: 2, boatman: 3}
scenes:
  a:
    title: A
    text: On the bank.
    choices:
      - text: Heave the raft off the mud
        check:
          stat: body
          target: average
          outcomes:
            success:
              effects: [{if: {when: 'roll.critical == "success"', then: [{text: Clean off.}]}}]
              goto: b
%s
  b:
    title: B
    ending: {outcome: victory}
"""


def _loose(tmp_path: Path, failure: str) -> list[str]:
    path = tmp_path / "worse.yaml"
    path.write_text(LOOSE % failure, encoding="utf-8")
    return [p.message for p in validate_path(path) if p.code == "degrees-never-written"]


def test_a_loose_fuzzy_check_whose_critical_failure_reads_as_a_plain_failure_is_named(tmp_path):
    """The success branch reads `roll.critical`, so the check writes a degree, but double ones
    on a failed sum would still read as a plain failure: the warning names that check."""
    named = _loose(tmp_path, "            failure: {text: Stuck., goto: b}")
    assert len(named) == 1
    assert "Heave the raft off the mud" in named[0] and "critical failure" in named[0]


def test_a_failure_branch_reading_the_critical_answers_it(tmp_path):
    assert _loose(tmp_path, "            failure: {effects: [{if: {when: 'roll.critical == \"failure\"', "
                            "then: [{text: The pole snaps.}]}}], goto: b}") == []


def test_a_critical_failure_branch_answers_it(tmp_path):
    assert _loose(tmp_path, "            critical-failure: {text: The pole snaps., goto: b}\n"
                            "            failure: {text: Stuck., goto: b}") == []


def test_a_check_with_no_failure_branch_is_named_too(tmp_path):
    assert len(_loose(tmp_path, "")) == 1

