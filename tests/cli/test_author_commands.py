"""`solo validate`, `solo graph`, `solo schema` and `solo list` as an author uses them."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from solo.cli import cli

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "tests" / "adventure" / "broken"


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def test_bundled_adventures_validate_clean():
    result = invoke("validate", *sorted(str(p) for p in (ROOT / "adventures").glob("*.yaml")))
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


def test_validate_names_file_line_col_and_hint():
    path = BROKEN / "unknown-scene-branch.yaml"
    result = invoke("validate", str(path))
    assert result.exit_code == 1
    assert f"{path}:20:46: error: outcome failure: no scene called 'vacum'" in result.output
    assert "hint: did you mean 'vacuum'?" in result.output


def test_validate_json_and_warnings_only_exit_zero(tmp_path):
    path = BROKEN / "clock-without-consequence.yaml"
    result = invoke("validate", "--json", str(path))
    problems = json.loads(result.output)
    assert problems and all({"file", "line", "col", "message", "hint", "severity", "code"} <= set(p) for p in problems)
    assert result.exit_code == (1 if any(p["severity"] == "error" for p in problems) else 0)


def test_validate_a_missing_file_is_a_problem_not_a_traceback():
    result = invoke("validate", "nope/none.yaml")
    assert result.exit_code == 1 and "Traceback" not in result.output


def test_graph_formats():
    mermaid = invoke("graph", "supply-ship")
    assert mermaid.exit_code == 0 and mermaid.output.lstrip().startswith("%%")
    assert "flowchart" in mermaid.output and "%" in mermaid.output
    dot = invoke("graph", "supply-ship", "--format", "dot")
    assert dot.exit_code == 0 and "digraph" in dot.output
    bad = invoke("graph", "supply-ship", "--character", "nobody")
    assert bad.exit_code == 1 and "Traceback" not in bad.output


def test_schema_is_json_and_matches_the_shipped_file():
    result = invoke("schema")
    schema = json.loads(result.output)
    assert schema["title"].startswith("solo adventure")
    assert "scenes" in schema["properties"]


def test_list_json_has_the_documented_fields():
    result = invoke("list", "--json")
    entries = json.loads(result.output)
    ids = {e["id"] for e in entries}
    assert {"supply-ship", "clockwork-heist"} <= ids
    systems = {e["system"] for e in entries}
    assert systems == {"guts-plus", "game", "loose-fuzzy", "humanity-blessed", "four-s"}
    for entry in entries:
        assert {"id", "title", "system", "endings"} <= set(entry)
        assert len(entry["endings"]) >= 3


def test_bundled_files_point_editors_at_the_shipped_schema():
    for path in sorted((ROOT / "adventures").glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path.name
        target = (path.parent / first.split("$schema=", 1)[1].strip()).resolve()
        assert target == (ROOT / "solo" / "adventure" / "adventure.schema.json").resolve()
