"""Tests for solo.adventure.yaml_source: untrusted YAML in, plain data with positions out."""

from __future__ import annotations

import re
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.adventure import yaml_source
from solo.adventure.yaml_source import Document, YamlSourceError, load, load_file

HOSTILE = Path(__file__).parent / "hostile"


def fails(text, **limits) -> YamlSourceError:
    with pytest.raises(YamlSourceError) as info:
        load(text, "adv.yaml", **limits)
    return info.value


# --- plain data ---------------------------------------------------------------------------

SAMPLE = """\
format: 1
id: supply-ship
scenes:
  wake-up:
    title: Hypersleep Chamber
    text: |
      The lid hisses open.
    choices:
      - text: Ask BOSS
        goto: boss-report
      - {text: Patch it, if: 'has("sealant")', once: true}
tables:
  creature-room:
    rows:
      1: {text: Kitchen}
      2-3: {goto: rec-room}
"""


def test_loads_plain_data():
    doc = load(SAMPLE, "adv.yaml")
    assert isinstance(doc, Document)
    assert doc.filename == "adv.yaml"
    assert doc.data == {
        "format": 1,
        "id": "supply-ship",
        "scenes": {
            "wake-up": {
                "title": "Hypersleep Chamber",
                "text": "The lid hisses open.\n",
                "choices": [
                    {"text": "Ask BOSS", "goto": "boss-report"},
                    {"text": "Patch it", "if": 'has("sealant")', "once": True},
                ],
            }
        },
        "tables": {"creature-room": {"rows": {"1": {"text": "Kitchen"}, "2-3": {"goto": "rec-room"}}}},
    }


@pytest.mark.parametrize(
    "scalar, value",
    [
        ("true", True),
        ("True", True),
        ("FALSE", False),
        ("yes", "yes"),
        ("no", "no"),
        ("on", "on"),
        ("off", "off"),
        ("~", None),
        ("null", None),
        ("", None),
        ("12", 12),
        ("-3", -3),
        ("+4", 4),
        ("012", 12),
        ("0x1F", 31),
        ("0o17", 15),
        ("1.5", 1.5),
        ("1e3", 1000.0),
        ("-.5", -0.5),
        ("12:30", "12:30"),
        ("2024-01-01", "2024-01-01"),
        ("1_000", "1_000"),
        ("'true'", "true"),
        ('"12"', "12"),
        ("!!str 12", "12"),
        ("!!int '12'", 12),
        ("!!float 2", 2.0),
        ("!!bool 'true'", True),
        ("!!null ''", None),
        ("!!timestamp 2024-01-01", "2024-01-01"),
        ("!!binary aGk=", "aGk="),
        ("! 12", "12"),
    ],
)
def test_scalars_follow_the_yaml_1_2_core_schema(scalar, value):
    assert load(f"v: {scalar}\n", "adv.yaml").data == {"v": value}


@pytest.mark.parametrize("scalar", [".inf", "-.Inf", ".nan", "1e400", "!!float .nan"])
def test_non_finite_numbers_are_refused_where_they_stand(scalar):
    with pytest.raises(YamlSourceError) as info:  # a save could not hold them (issue 17)
        load(f"v: {scalar}", "adv.yaml")
    assert info.value.line == 1 and info.value.col == 4


def test_mapping_keys_are_text_as_written():
    data = load("1: a\n01: b\ntrue: c\n~: d\n1.0: e\n'q': f\n", "adv.yaml").data
    assert data == {"1": "a", "01": "b", "true": "c", "~": "d", "1.0": "e", "q": "f"}


def test_empty_document_is_none():
    assert load("", "adv.yaml").data is None
    assert load("# only a comment\n", "adv.yaml").data is None
    assert load("", "adv.yaml").position(("x",)) == (1, 1)


def test_utf8_bom_is_skipped_and_bytes_are_accepted():
    assert load("\ufeffa: é".encode("utf-8"), "adv.yaml").data == {"a": "é"}
    assert load(b"a: 1", "adv.yaml").data == {"a": 1}


def test_aliases_expand_to_independent_copies():
    data = load("base: &b {hp: 3, tags: [x]}\none: *b\ntwo: *b\n", "adv.yaml").data
    assert data["one"] == data["two"] == {"hp": 3, "tags": ["x"]}
    data["one"]["tags"].append("y")
    assert data["two"]["tags"] == ["x"]
    assert data["base"]["tags"] == ["x"]


def test_merge_keys_written_keys_win():
    text = """\
base: &base {hp: 3, name: base, armour: 1}
extra: &extra {name: extra, speed: 2, hp: 9}
npc:
  name: Boss
  <<: [*base, *extra]
"""
    doc = load(text, "adv.yaml")
    assert doc.data["npc"] == {"hp": 3, "armour": 1, "speed": 2, "name": "Boss"}
    assert doc.position(("npc", "name")) == (4, 9)
    assert doc.position(("npc", "speed")) == (2, 36)


def test_quoted_merge_key_is_an_ordinary_key():
    assert load("'<<': 1\n", "adv.yaml").data == {"<<": 1}


# --- positions ----------------------------------------------------------------------------


def test_positions_of_nested_keys_and_list_items():
    doc = load(SAMPLE, "adv.yaml")
    assert doc.position(()) == (1, 1)
    assert doc.position(("format",)) == (1, 9)
    assert doc.position(("scenes",)) == (4, 3)
    assert doc.position(("scenes", "wake-up", "title")) == (5, 12)
    assert doc.position(("scenes", "wake-up", "text")) == (6, 11)
    assert doc.position(("scenes", "wake-up", "choices")) == (9, 7)
    assert doc.position(("scenes", "wake-up", "choices", 0)) == (9, 9)
    assert doc.position(("scenes", "wake-up", "choices", 0, "goto")) == (10, 15)
    assert doc.position(("scenes", "wake-up", "choices", 1)) == (11, 9)
    assert doc.position(("scenes", "wake-up", "choices", 1, "if")) == (11, 30)
    assert doc.position(("scenes", "wake-up", "choices", -1, "once")) == (11, 54)
    assert doc.position(("tables", "creature-room", "rows", "2-3", "goto")) == (16, 19)


def test_key_positions():
    doc = load(SAMPLE, "adv.yaml")
    assert doc.key_position(("scenes", "wake-up")) == (4, 3)
    assert doc.key_position(("scenes", "wake-up", "choices", 1, "if")) == (11, 26)
    # a list item has no key: its own position
    assert doc.key_position(("scenes", "wake-up", "choices", 1)) == (11, 9)


def test_positions_fall_back_to_the_nearest_ancestor():
    doc = load(SAMPLE, "adv.yaml")
    assert doc.position(("scenes", "wake-up", "missing", 3)) == (5, 5)
    assert doc.position(("scenes", "wake-up", "choices", 7)) == (9, 7)
    assert doc.position(("scenes", "wake-up", "choices", "0")) == (9, 7)
    assert doc.position(("format", "deeper")) == (1, 9)
    assert doc.key_position(("scenes", "nope")) == (4, 3)


def test_alias_values_are_positioned_at_the_alias_and_inside_at_the_anchor():
    doc = load("base: &b\n  hp: 3\nnpc: *b\n", "adv.yaml")
    assert doc.position(("npc",)) == (3, 6)
    assert doc.position(("npc", "hp")) == (2, 7)


def test_error_helper_builds_a_located_error():
    doc = load(SAMPLE, "adv.yaml")
    error = doc.error(("scenes", "wake-up", "choices", 1, "if"), "bad condition", "check it")
    assert str(error) == "adv.yaml:11:30: error: bad condition\n  hint: check it"
    assert doc.error(("scenes", "wake-up"), "bad key", key=True).line == 4


def test_error_format():
    assert str(YamlSourceError("boom", "f.yaml", 3, 7)) == "f.yaml:3:7: error: boom"
    assert str(YamlSourceError("boom", "f.yaml")) == "f.yaml: error: boom"
    assert str(YamlSourceError("boom", "f.yaml", 3, 7, "try this")) == "f.yaml:3:7: error: boom\n  hint: try this"


# --- hostile files ------------------------------------------------------------------------


def test_billion_laughs_fails_fast_and_small():
    tracemalloc.start()
    try:
        with pytest.raises(YamlSourceError) as info:
            load_file(HOSTILE / "billion-laughs.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    error = info.value
    assert "too many nodes (aliases expand to more than 200000)" in error.message
    assert error.filename.endswith("billion-laughs.yaml")
    assert error.line == 7  # lol6 (597 871 nodes) is the first level past 200 000
    # Time is a benchmark figure (bench/start.py), not a test; memory is deterministic under tracemalloc.
    assert peak < 30_000_000


def test_billion_laughs_respects_a_smaller_node_limit():
    error = fails((HOSTILE / "billion-laughs.yaml").read_text(), max_nodes=1000)
    assert "more than 1000" in error.message
    assert error.line == 5


@pytest.mark.parametrize(
    "name, line, tag",
    [
        ("python-object-tag.yaml", 3, "!!python/object/apply:os.system"),
        ("python-name-tag.yaml", 3, "!!python/name:os.system"),
    ],
)
def test_python_tags_are_refused(name, line, tag):
    pwned = Path("/tmp/solo-pwned")  # what python-object-tag.yaml's command would write
    before = _stamp(pwned)  # a file left there by anything else must not fail the test, nor hide a write
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / name)
    assert info.value.message == f"tag '{tag}' is not allowed"
    assert info.value.line == line
    assert _stamp(pwned) == before


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """A file's inode, size and change time in nanoseconds; None when it is not there."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    return found.st_ino, found.st_size, found.st_ctime_ns


@pytest.mark.parametrize(
    "text",
    [
        "a: !foo 1",
        "a: !!set {x}",
        "a: !!omap [x: 1]",
        "a: !!python/tuple [1, 2]",
        "a: !!seq x",
        "a: !!map [1]",
        "a: !<tag:example.com,2000:x> 1",
        "!!python/object:os.system a: 1",
    ],
)
def test_other_tags_are_refused(text):
    assert "is not allowed" in fails(text).message


def test_deep_nesting_is_refused_without_recursion():
    # Which parser stops the file first depends on the PyYAML build (libyaml has its own limit
    # since 6.0.2); what the reader sees is the same: one located line that names the nesting.
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / "deep-nesting.yaml")
    assert info.value.message == "nesting deeper than 64 levels"
    assert info.value.line == 1 and info.value.col is not None
    assert str(info.value).startswith(f"{HOSTILE / 'deep-nesting.yaml'}:1:")


@pytest.mark.e2e
def test_deep_nesting_reads_as_one_line_from_validate():
    result = subprocess.run(
        [sys.executable, "-m", "solo", "validate", str(HOSTILE / "deep-nesting.yaml")],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr + result.stdout
    located = [line for line in (result.stdout + result.stderr).splitlines() if ": error: " in line]
    assert len(located) == 1
    assert re.match(r".*deep-nesting\.yaml:1:\d+: error: nesting deeper than 64 levels$", located[0])


def test_nesting_at_the_limit_loads():
    assert load("[" * 64 + "]" * 64, "adv.yaml").data is not None
    assert "deeper than 64" in fails("[" * 65 + "]" * 65).message
    assert "deeper than 3" in fails("a:\n  b:\n    c:\n      d: 1\n", max_depth=3).message


def test_aliases_cannot_smuggle_depth():
    text = "a: &a [[[[1]]]]\nb: [[[*a]]]\n"
    assert load(text, "adv.yaml", max_depth=8).data["b"] == [[[[[[[1]]]]]]]
    error = fails(text, max_depth=6)
    assert error.message == "nesting deeper than 6 levels (through alias '*a')"
    assert error.line == 2


def test_a_3_mb_file_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_bytes(b"x: " + b"a" * 3_000_000 + b"\n")
    with pytest.raises(YamlSourceError) as info:
        load_file(path)
    assert "larger than the limit of 2000000 bytes" in info.value.message
    with pytest.raises(YamlSourceError, match="3000004 bytes, more than the limit"):
        load(path.read_bytes(), "huge.yaml")
    with pytest.raises(YamlSourceError, match="larger than the limit"):
        load(path.read_text(), "huge.yaml")


def test_many_small_nodes_are_refused():
    text = "[" + ",".join(["1"] * 2000) + "]"
    assert len(load(text, "adv.yaml").data) == 2000
    assert "too many nodes (more than 1000)" in fails(text, max_nodes=1000).message


def test_binary_file_is_refused_with_the_byte_position():
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / "binary.yaml")
    error = info.value
    assert error.message == "file is not valid UTF-8 (byte 0xff)"
    assert (error.line, error.col) == (2, 8)
    assert "binary" in error.hint


def test_utf16_is_named():
    assert "UTF-16" in fails("a: 1".encode("utf-16")).message


def test_control_characters_are_refused_with_position():
    error = fails("a: ok\nb: x\x00y\n")
    assert error.message == "control character U+0000 is not allowed in YAML"
    assert (error.line, error.col) == (2, 5)


def test_lone_surrogate_in_text_is_refused():
    assert "UTF-8" in fails("a: \ud800").message


def test_duplicate_keys_are_reported_at_the_second_key():
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / "duplicate-keys.yaml")
    error = info.value
    assert error.message == "duplicate key 'start' (first at line 4, column 3)"
    assert (error.line, error.col) == (9, 3)


def test_duplicate_keys_in_flow_mappings_and_merges():
    assert fails("{a: 1, b: 2, a: 3}").col == 14
    assert "duplicate merge key" in fails("x: &x {a: 1}\ny:\n  <<: *x\n  <<: *x\n").message


def test_tabs_are_a_syntax_error_with_the_right_line():
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / "tabs.yaml")
    error = info.value
    assert error.line == 5
    assert error.col == 1
    assert "tabs" in error.hint
    assert str(error).startswith(f"{HOSTILE / 'tabs.yaml'}:5:1: error: ")


@pytest.mark.parametrize(
    "text, line, col, fragment",
    [
        ("a: [1, 2\nb: 3\n", 2, 2, "did not find expected ',' or ']'"),
        ("a: b: c\n", 1, 5, "mapping values are not allowed"),
        ("a: 1\n b: 2\nc: 3\n", 2, 3, "mapping values are not allowed"),
        ("a:\n  - x\n  y: 1\n", 3, 3, "did not find expected"),
        ("a: 'open\n", 2, 1, "found unexpected end of stream"),
        ("a: `x`\n", 1, 4, "cannot start any token"),
    ],
)
def test_syntax_errors_carry_the_problem_position(text, line, col, fragment):
    error = fails(text)
    assert (error.line, error.col) == (line, col)
    assert fragment in error.message


@pytest.mark.parametrize(
    "text, message, line",
    [
        ("a: *nowhere\n", "undefined alias '*nowhere'", 1),
        ("a: &x\n  - *x\n", "alias '*x' refers to a node that contains it", 2),
        ("a: 1\n---\nb: 2\n", "more than one YAML document in the file", 2),
        ("? [1, 2]\n: x\n", "a mapping key must be plain text, not a list", 1),
        ("? {a: 1}\n: x\n", "a mapping key must be plain text, not a mapping", 1),
        ("x: &k a\n*k : 1\n", "a mapping key must be plain text, not an alias", 2),
        ("? \n: x\n", "empty mapping key", 1),
        ("a: 1\n<<: [1]\n", "'<<' must merge a mapping or a list of mappings", 2),
        ("n: " + "9" * 200 + "\n", "the number has 200 digits (at most 100)", 1),
        ("n: !!int abc\n", "!!int cannot hold 'abc'", 1),
        ("n: !!bool yes\n", "!!bool cannot hold 'yes' (use true or false)", 1),
    ],
)
def test_structural_errors(text, message, line):
    error = fails(text)
    assert error.message == message
    assert error.line == line


def test_unreadable_file(tmp_path):
    with pytest.raises(YamlSourceError, match="cannot read the file") as info:
        load_file(tmp_path / "missing.yaml")
    assert info.value.line is None
    with pytest.raises(YamlSourceError, match="cannot read the file"):
        load_file(tmp_path)


def test_non_text_input_is_refused():
    with pytest.raises(YamlSourceError, match="cannot load YAML from a int"):
        load(3, "adv.yaml")  # type: ignore[arg-type]


def test_the_c_loader_is_used_when_available():
    import yaml

    if getattr(yaml, "CSafeLoader", None) is not None:
        assert yaml_source._Loader is yaml.CSafeLoader


def test_pure_python_loader_gives_the_same_results(monkeypatch):
    import yaml

    monkeypatch.setattr(yaml_source, "_Loader", yaml.SafeLoader)
    assert load(SAMPLE, "adv.yaml").data == load(SAMPLE.encode(), "adv.yaml").data
    assert load(SAMPLE, "adv.yaml").position(("scenes", "wake-up", "choices", 1, "if")) == (11, 30)
    with pytest.raises(YamlSourceError, match="aliases expand"):
        load_file(HOSTILE / "billion-laughs.yaml")
    with pytest.raises(YamlSourceError, match="deeper than 64"):
        load_file(HOSTILE / "deep-nesting.yaml")
    with pytest.raises(YamlSourceError) as info:
        load_file(HOSTILE / "tabs.yaml")
    assert info.value.line == 5


# --- property: any input gives a Document or a YamlSourceError -------------------------------

YAML_PIECES = [
    "a", "b", ":", ": ", "-", "- ", "[", "]", "{", "}", ",", "&x ", "*x", "&y ", "*y", "!!int ",
    "!!str ", "!x ", "<<", "? ", "'", '"', "|", ">", "#", "\n", "  ", "\t", "1", "true", "~", "---\n",
    "\x00", "é", "%YAML 1.1\n", "!!python/object:os.system ",
]


@settings(deadline=None)
@given(st.lists(st.sampled_from(YAML_PIECES), max_size=40).map("".join))
def test_random_yaml_gives_a_document_or_a_yaml_source_error(text):
    try:
        doc = load(text, "adv.yaml", max_nodes=500, max_depth=10)
    except YamlSourceError as exc:
        assert str(exc).startswith("adv.yaml")
    else:
        assert isinstance(doc.position(("a", 0, "b")), tuple)


@settings(deadline=None)
@given(st.binary(max_size=60))
def test_random_bytes_give_a_document_or_a_yaml_source_error(raw):
    try:
        load(raw, "adv.yaml")
    except YamlSourceError:
        pass


# --- what a document can hold, and positions in big containers -----------------------------

CONTROL_PIECES = YAML_PIECES + ['"\\e"', '"\\x1b["', '"\\t"', '"\\u009b"', "\r\n", "\r", "\x85", "\\", "\t"]


@settings(deadline=None)
@given(st.lists(st.sampled_from(CONTROL_PIECES), max_size=40).map("".join))
def test_a_document_that_cannot_hold_control_characters_needs_no_cleaning(text):
    from solo.adventure.sanitize import clean_tree

    try:
        doc = load(text, "adv.yaml", max_nodes=500, max_depth=10)
    except YamlSourceError:
        return
    if not doc.may_hold_controls:
        assert repr(clean_tree(doc.data)) == repr(doc.data)


def test_what_can_put_control_characters_in_a_document():
    assert not load("a: [b, 'c d', \"e\"]\n", "adv.yaml").may_hold_controls
    for text in ('a: "b\\tc"\n', 'a: "\\e[2J"\n', "a: b\r\n", "a:\tb\n", "a: \"b\x85c\"\n"):
        assert load(text, "adv.yaml").may_hold_controls, repr(text)


def test_positions_in_big_mappings_and_lists():
    doc = load("".join(f"k{i}: [a, {{x: {i}}}]\n" for i in range(3000)), "adv.yaml")
    assert doc.position(("k2999", 1, "x")) == (3000, 16)
    assert doc.key_position(("k2999", 1, "x")) == (3000, 13)
    assert doc.key_position(("k1500",)) == (1501, 1)
    assert doc.position(("k10", -1)) == (11, 10)
    assert doc.position(("k10", -2)) == (11, 7)
    assert doc.position(("k10", -3)) == (11, 6)  # beyond the list: the list itself
    assert doc.position(("k10", 2)) == (11, 6)
    assert doc.position(("nope", 1)) == (1, 1)
    assert doc.position(("k10", 0, "deeper")) == (11, 7)
