"""`solo validate` warns when a file's system reads rolls in degrees and the file never writes one
(solo.adventure.degree_checks)."""

from __future__ import annotations

from pathlib import Path

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


def test_the_bundled_adventures_write_their_degrees():
    for adventure in ("supply-ship", "clockwork-heist", "lantern-fen", "blessed-harvest"):
        assert not [p for p in validate_path(adventure) if p.code == "degrees-never-written"], adventure
