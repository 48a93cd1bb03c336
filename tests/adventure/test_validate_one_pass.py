"""`solo validate` reports problems of shape (the schema) and of meaning in one pass.

``one_pass/broken.yaml`` mixes both kinds; ``one_pass/shape-fixed.yaml`` is the same file, line for
line, with only the shape problems fixed. Fixing them must reveal nothing that the first run did
not already report.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from solo.adventure.schema_repair import repaired
from solo.adventure.validate import validate_path
from solo.adventure import loader
from solo.cli import cli

HERE = Path(__file__).parent / "one_pass"
SHAPE = {"unknown-field", "missing-field", "wrong-type", "bad-id", "bad-value", "schema"}


def found(name: str) -> set[tuple[int, int, str, str]]:
    return {(p.line, p.col, p.severity, p.code) for p in validate_path(HERE / name)}


def test_shape_and_meaning_problems_come_together():
    problems = found("broken.yaml")
    codes = {code for _, _, _, code in problems}
    assert {"unknown-field", "wrong-type", "missing-field", "bad-id", "bad-value"} <= codes
    assert {"unknown-scene", "expression-syntax", "unknown-outcome", "unreachable-scene"} <= codes
    # each meaning problem at its own line, also after a dropped list entry (line 19's choice)
    assert (21, 15, "error", "unknown-scene") in problems  # goto: nowhere
    assert (33, 15, "error", "unknown-scene") in problems  # goto: cellr
    assert (28, 43, "error", "unknown-outcome") in problems


def test_fixing_the_shape_reveals_nothing_new():
    before = found("broken.yaml")
    after = found("shape-fixed.yaml")
    assert after, "the meaning problems are still there"
    assert not {code for *_, code in after} & SHAPE
    assert after <= before, f"new after fixing the shape: {sorted(after - before)}"


def test_the_command_line_shows_both_kinds_and_fails():
    result = CliRunner().invoke(cli, ["validate", str(HERE / "broken.yaml")])
    assert result.exit_code == 1
    assert "unknown field 'gotoo'" in result.output and "no scene called 'cellr'" in result.output
    assert "14 errors, 2 warnings" in result.output  # unreachable scene, degrees never written


def test_a_file_without_top_level_fields_reports_its_shape_alone(tmp_path):
    path = tmp_path / "bare.yaml"
    path.write_text("format: 1\nid: bare\ntitle: Bare\nsystem: guts-plus\nscenes: {a: {title: A, text: x}}\n")
    problems = validate_path(path)
    assert [p.code for p in problems] == ["missing-field"]


def test_the_repaired_data_meets_the_schema_and_points_at_the_original_lines():
    document = loader.read_document(HERE / "broken.yaml")
    data, shifted = repaired(document.data, document)
    assert "colour" not in data["items"][0] and "Bad_End" not in data["scenes"]
    choices = data["scenes"]["hall"]["choices"]
    assert choices[0]["text"] == "Go nowhere"  # the string entry was dropped ...
    assert shifted.position(("scenes", "hall", "choices", 0)) == document.position(("scenes", "hall", "choices", 1))
    assert shifted.original_path(("scenes", "hall", "choices", 3)) == ("scenes", "hall", "choices", 4)
