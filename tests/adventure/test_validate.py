"""Tests of solo.adventure.validate: the broken-file corpus, the bundled adventures, output forms."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.adventure import loader
from solo.adventure.problems import AdventureError, Problem
from solo.adventure.validate import (
    CODES,
    exit_status,
    format_problems,
    problems_json,
    validate,
    validate_path,
    validate_paths,
)
from solo.adventure.yaml_source import ScalarPositions as _Source

HERE = Path(__file__).parent
BROKEN = sorted((HERE / "broken").glob("*.yaml"))
BUNDLED = sorted((HERE.parents[1] / "adventures").glob("*.yaml"))
EXPECT = re.compile(r"#\s*expect:\s*(\d+):(\d+)\s+(error|warning)\s+([a-z0-9-]+)\s*$")


def expectations(path: Path) -> list[tuple[int, int, str, str]]:
    """The `# expect: line:col severity code` comments at the top of a corpus file."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        match = EXPECT.match(line)
        if not match:
            break
        found.append((int(match[1]), int(match[2]), match[3], match[4]))
    return found


VALID = (Path(__file__).parents[1] / "fixtures" / "small.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "adventure.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- the corpus -------------------------------------------------------------------------------


def test_the_corpus_is_large_enough_and_every_file_says_what_it_expects():
    assert len(BROKEN) >= 30
    for path in BROKEN:
        assert expectations(path), f"{path.name} has no '# expect:' first line"


def test_the_corpus_covers_every_error_class():
    covered = {code for path in BROKEN for *_, code in expectations(path)}
    wanted = {
        "yaml-syntax", "unknown-field", "wrong-type", "bad-id", "missing-field", "format-0",
        "unknown-system", "unknown-scene", "unknown-item", "unknown-objective", "unknown-npc",
        "unknown-table", "unknown-clock", "unknown-variable", "unknown-function", "expression-syntax",
        "unreachable-scene", "dead-end", "no-ending", "no-reachable-ending", "unknown-stat",
        "stat-not-on-every-character", "bad-check", "unknown-outcome", "illegal-character",
        "contest-without-opponent", "assist-not-companion", "objective-never-completes",
        "unused-variable", "clock-without-consequence", "clock-never-ticked", "duplicate-id",
        "table-gap", "table-impossible", "undeclared-variable", "wrong-kind",
    }
    assert wanted <= covered, sorted(wanted - covered)


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_each_broken_file_yields_its_expected_problem(path: Path):
    problems = validate_path(path)
    found = {(p.line, p.col, p.severity, p.code) for p in problems}
    for expected in expectations(path):
        assert expected in found, "\n".join(str(p) for p in problems)


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_every_problem_has_a_known_code_a_position_and_a_message(path: Path):
    problems = validate_path(path)
    assert problems
    for problem in problems:
        assert problem.code in CODES
        assert problem.severity in ("error", "warning")
        assert problem.line >= 1 and problem.col >= 1
        assert problem.message
        assert problem.file == str(path)
    assert problems == sorted(problems, key=lambda p: (p.line, p.col))


def test_did_you_mean_hints():
    by_file = {p.stem: validate_path(p) for p in BROKEN}

    def hint(stem: str, code: str) -> str:
        return next(p.hint for p in by_file[stem] if p.code == code)

    assert hint("schema-unknown-field", "unknown-field") == "did you mean 'title'?"
    # a GAME contest is never offered another system's field (four-s's opponent_ap)
    assert hint("schema-unknown-contest-field", "unknown-field") == "did you mean 'opponent_stat'?"
    # a field the schema has for another system, which GAME would silently ignore, is named
    assert hint("foreign-contest-field", "unknown-field").startswith("another system's field; game reads: bonus, ")
    assert hint("unknown-scene-choice", "unknown-scene") == "did you mean 'bridge'?"
    assert hint("unknown-item-has", "unknown-item") == "did you mean 'sealant'?"
    assert hint("unknown-system", "unknown-system") == "did you mean 'guts-plus'?"
    assert hint("unknown-variable", "unknown-variable") == "did you mean 'hull_patched'?"
    assert hint("unknown-function", "unknown-function") == "did you mean 'has'?"


def test_a_check_guarded_by_stat_is_not_warned_about():
    problems = validate_path(HERE / "broken" / "stat-not-on-every-character.yaml")
    warned = [p for p in problems if p.code == "stat-not-on-every-character"]
    assert [p.line for p in warned] == [20]  # the unguarded check only, not the one at line 25


def test_stats_the_system_can_roll_without_listing_them_are_known(tmp_path):
    text = """\
format: 1
id: lf
title: Luck
system: loose-fuzzy
start: a
characters:
  - id: maud
    name: Maud
    stats: {cleverness: 2, body: 3, knowledge: 2, perception: 3, tenacity: 3, ferrywoman: 4, fen_lore: 3, staff: 2}
    resources: {luck: 3, unluck: 1}
    extra: {disabilities: {superstitious: 1}}
scenes:
  a:
    title: A
    choices:
      - {text: Trust to luck, check: {stat: luck, target: easy, outcomes: {success: b, failure: b}}}
      - {text: Fret, check: {stat: superstitious, outcomes: {success: b, failure: b}}}
      - {text: Swim, check: {stat: swimming, outcomes: {success: b, failure: b}}}
  b:
    title: B
    ending: {outcome: victory}
"""
    problems = validate_path(write(tmp_path, text))
    assert [(p.code, p.line) for p in problems if p.code not in {"unlabelled-name", "degrees-never-written"}] == [("unknown-stat", 18)]


def test_a_disability_behind_a_pregen_only_if_is_checked_for_that_pregen_alone(tmp_path):
    """`disability:` names Maud's disability; the choice is Maud's alone, so Nell (who lacks it)
    is not asked about it. The same check without the `if` is refused for Nell."""
    text = """\
format: 1
id: lf
title: Omens
system: loose-fuzzy
start: a
characters:
  - id: maud
    name: Maud
    stats: {cleverness: 2, body: 3, knowledge: 2, perception: 3, tenacity: 3, ferrywoman: 4, fen_lore: 3, staff: 2}
    resources: {luck: 3, unluck: 1}
    extra: {disabilities: {superstitious: 1}}
  - id: nell
    name: Nell
    stats: {cleverness: 2, body: 3, knowledge: 2, perception: 3, tenacity: 3, swimmer: 4, eel_catcher: 3, knife: 2}
    resources: {luck: 3, unluck: 1}
    extra: {disabilities: {unlettered: 1}}
scenes:
  a:
    title: A
    choices:
      - text: Spit over the side
        if: character.id == "maud" and turn >= 0
        check: {stat: tenacity, disability: superstitious, outcomes: {success: b, failure: b}}
      - text: Spit over the side, anyone
        check: {stat: tenacity, disability: superstitious, outcomes: {success: b, failure: b}}
  b:
    title: B
    ending: {outcome: victory}
"""
    problems = [p for p in validate_path(write(tmp_path, text))
                if p.code not in {"unlabelled-name", "degrees-never-written"}]
    assert [(p.code, p.line) for p in problems] == [("bad-check", 25)]


def test_a_clean_adventure_has_no_problems(tmp_path, fixtures):
    assert validate_path(write(tmp_path, VALID)) == []
    assert validate_path(fixtures / "tiny.yaml") == []


def test_validate_takes_a_loaded_adventure(fixtures):
    loaded = loader.load(fixtures / "tiny.yaml")
    assert validate(loaded.adventure, loaded.document) == []
    assert validate(loaded.adventure) == []  # no document: still checks, positions unknown


def test_a_scene_that_a_hook_can_leave_is_no_dead_end(tmp_path):
    text = VALID.replace(
        "scenes:",
        "variables:\n  counters: {waited: 0}\nhooks:\n  - every: turn\n    when: waited > 2\n"
        "    effects: [{goto: b}]\n  - every: turn\n    effects: [{add: {waited: 1}}]\nscenes:",
    ).replace("- {text: Go, goto: b}", "- {text: Wait}")
    assert validate_path(write(tmp_path, text)) == []


def test_a_long_chain_of_scenes_is_checked_without_recursion(tmp_path):
    count = 3000
    scenes = [f"  s{i}:\n    title: S{i}\n    choices: [{{text: on, goto: s{i + 1}}}]" for i in range(count)]
    scenes.append(f"  s{count}:\n    title: End\n    ending: {{outcome: victory}}")
    text = VALID.split("scenes:")[0].replace("start: a", "start: s0") + "scenes:\n" + "\n".join(scenes) + "\n"
    assert validate_path(write(tmp_path, text)) == []


def test_set_and_add_values_that_are_expressions_are_checked(tmp_path):
    text = VALID.replace(
        "scenes:", "variables:\n  counters: {air: 5, spent: 0}\nscenes:"
    ).replace(
        "- {text: Go, goto: b}",
        '- {text: Go, if: "air > spent", effects: [{set: {spent: "=air - 1"}}, {add: {air: "=spnt"}}], goto: b}',
    )
    problems = validate_path(write(tmp_path, text))
    assert [(p.code, p.message) for p in problems] == [
        ("unknown-variable", "unknown variable 'spnt' in `spnt`")
    ]
    assert (problems[0].line, problems[0].col) == (16, 91)


# -- never raises -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [b"", b"- a list\n- not a mapping\n", b"\xff\xfe\x00\x00", b"just text", b"format: 1\n", b"{a: [1, 2"],
    ids=["empty", "list", "binary", "scalar", "format-only", "unclosed"],
)
def test_bad_input_becomes_problems(tmp_path, content):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    problems = validate_path(path)
    assert problems and all(isinstance(p, Problem) for p in problems)
    assert exit_status(problems) == 1


def test_missing_file_and_folder_become_problems(tmp_path):
    assert [p.code for p in validate_path(tmp_path / "nope.yaml")] == ["unreadable"]
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    assert [p.code for p in validate_path(folder)] == ["unreadable"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_mangled_adventures_give_problems_not_exceptions(tmp_path, data):
    lines = VALID.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    junk = data.draw(st.text(alphabet=st.sampled_from(list("ab:-{}[]\"'#&*!|> 0123\n\t")), max_size=12))
    mangled = "\n".join(lines[:index] + [lines[index][: len(junk)] + junk] + lines[index + 1 :])
    problems = validate_path(write(tmp_path, mangled))
    assert all(isinstance(p, Problem) and p.code in CODES for p in problems)


# -- output -----------------------------------------------------------------------------------


def test_format_problems_lines_hints_and_summary():
    problems = [
        Problem("a.yaml", 3, 7, "no scene called 'brige'", "did you mean 'bridge'?", "error", "unknown-scene"),
        Problem("a.yaml", 9, 3, "scene 'x' cannot be reached", "", "warning", "unreachable-scene"),
    ]
    assert format_problems(problems, files=1) == (
        "a.yaml:3:7: error: no scene called 'brige'\n"
        "    hint: did you mean 'bridge'?\n"
        "a.yaml:9:3: warning: scene 'x' cannot be reached\n"
        "1 error, 1 warning in 1 file"
    )
    assert format_problems([]) == "0 errors, 0 warnings"


def test_json_form_and_exit_status():
    error = Problem("a.yaml", 3, 7, "m", "h", "error", "unknown-scene")
    warning = Problem("a.yaml", 4, 1, "w", "", "warning", "unused-table")
    data = problems_json([error, warning])
    assert json.loads(json.dumps(data)) == [
        {"file": "a.yaml", "line": 3, "col": 7, "message": "m", "hint": "h", "severity": "error",
         "code": "unknown-scene"},
        {"file": "a.yaml", "line": 4, "col": 1, "message": "w", "hint": "", "severity": "warning",
         "code": "unused-table"},
    ]
    assert exit_status([warning]) == 0
    assert exit_status([error, warning]) == 1
    assert exit_status([]) == 0


def test_validate_paths_keeps_files_apart(tmp_path):
    good = write(tmp_path, VALID, "good.yaml")
    problems = validate_paths([good, HERE / "broken" / "unknown-table.yaml"])
    assert {p.file for p in problems} == {str(HERE / "broken" / "unknown-table.yaml")}


# -- positions inside values -------------------------------------------------------------------


def test_locate_in_plain_quoted_and_block_values():
    source = _Source(
        'a: has("x") and y\n'
        'b: "say \\"hi\\" {z}"\n'
        "c: 'it''s {w}'\n"
        "d: >-\n"
        "  first line\n"
        "  then {v} here\n"
    )
    assert source.locate(1, 4, 'has("x") and y', 13) == (1, 17)
    assert source.locate(2, 4, 'say "hi" {z}', 10) == (2, 17)
    assert source.locate(3, 4, "it's {w}", 6) == (3, 12)
    assert source.locate(4, 4, "first line then {v} here", 17) == (6, 9)
    assert source.locate(4, 4, "first line then {v} here", 0) == (4, 4)


# -- the bundled adventures --------------------------------------------------------------------


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_bundled_adventures_have_no_problems(path: Path):
    problems = validate_path(path)
    assert problems == [], "\n" + format_problems(problems)


# -- the fast schema check agrees with jsonschema ------------------------------------------------


def _schema_valid(data) -> bool:
    from jsonschema import Draft202012Validator

    from solo.adventure.schema import schema

    return not any(True for _ in Draft202012Validator(schema()).iter_errors(data))


def _parses(path: Path) -> bool:
    try:
        loader.read_document(path)
    except AdventureError:
        return False
    return True


#: the files the schema comparison reads: those whose expectations name no YAML error (read off
#: their comments at collection, which every xdist worker does; parsing them all there cost each
#: worker about 0.2 s): the test below holds that to which files parse
PARSED = [path for path in BROKEN + BUNDLED if "yaml-syntax" not in {code for *_, code in expectations(path)}]


def test_only_files_that_expect_a_yaml_error_are_left_out_of_the_schema_comparison():
    for path in BROKEN + BUNDLED:
        assert _parses(path) == (path in PARSED), path.name
    left_out = [path for path in BROKEN + BUNDLED if path not in PARSED]
    for path in left_out:
        assert {code for *_, code in expectations(path)} == {"yaml-syntax"}, path.name
    assert set(BUNDLED) <= set(PARSED)
    assert len(PARSED) >= 30


@pytest.mark.parametrize("path", PARSED, ids=[p.stem for p in PARSED])
def test_fast_schema_check_agrees_with_jsonschema(path):
    from solo.adventure.schema import _fast_valid

    data, _ = loader.prepare(loader.read_document(path))
    assert _fast_valid(data) == _schema_valid(data)
