"""Tests of solo.adventure.loader: limits, the shared schema check, sanitising, the paused collector."""

from __future__ import annotations

import gc
import hashlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.adventure import loader, yaml_source
from solo.adventure._gc import gc_paused
from solo.adventure.problems import AdventureError
from solo.adventure.schema import _FastSchema, _fast_valid, schema
from solo.adventure.validate import validate_path, validate_paths

VALID = (Path(__file__).parents[1] / "fixtures" / "small.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "adventure.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- limits ---------------------------------------------------------------------------------------


def test_the_default_limits_are_named_in_one_place():
    assert (yaml_source.MAX_BYTES, yaml_source.MAX_NODES, yaml_source.MAX_DEPTH) == (2_000_000, 200_000, 64)
    assert loader.MAX_BYTES is yaml_source.MAX_BYTES and loader.MAX_NODES is yaml_source.MAX_NODES


def test_a_file_over_the_size_limit_loads_when_the_caller_raises_it(tmp_path):
    path = write(tmp_path, VALID + "# " + "x" * 2_100_000 + "\n")
    with pytest.raises(AdventureError, match="more than the limit of 2000000"):
        loader.load(path)
    assert loader.load(path, max_bytes=3_000_000).adventure.id == "small"
    [problem] = validate_path(path)
    assert problem.code == "unreadable" and "limit of 2000000" in problem.message
    assert validate_path(path, max_bytes=3_000_000) == []
    assert validate_paths([path], max_bytes=3_000_000) == []


def test_the_node_limit_reaches_the_yaml_reader(tmp_path):
    path = write(tmp_path, VALID)
    with pytest.raises(AdventureError, match=r"too many nodes \(more than 10\)"):
        loader.load(path, max_nodes=10)
    [problem] = validate_path(path, max_nodes=10)
    assert problem.code == "yaml-syntax" and "more than 10" in problem.message
    assert validate_path(path) == []


def test_the_digest_is_of_the_bytes_read(tmp_path):
    path = write(tmp_path, VALID)
    assert loader.load(path).adventure.digest == hashlib.sha256(path.read_bytes()).hexdigest()


# -- one schema check, with the validator's precise positions --------------------------------------


def test_loading_and_validating_report_the_same_schema_problems(tmp_path):
    path = write(tmp_path, VALID.replace("    title: B\n", "    title: B\n    bogus: 1\n"))
    with pytest.raises(AdventureError) as info:
        loader.load(path)
    [problem] = info.value.problems
    assert (problem.line, problem.col, problem.code) == (17, 5, "unknown-field")  # at the key
    assert "unknown field 'bogus'" in problem.message
    assert validate_path(path) == info.value.problems


def test_the_fast_schema_check_compiles_for_the_shipped_schema():
    # were it refused (a keyword it does not know), every file would go through jsonschema, slowly
    fast = _FastSchema(schema())
    assert fast.valid(loader.prepare(loader.read_document(loader.resolve("supply-ship")))[0])


def _schema_valid(data) -> bool:
    from jsonschema import Draft202012Validator

    return not any(True for _ in Draft202012Validator(schema()).iter_errors(data))


# without floats (1.0 where an integer is due is where the fast check may defer to jsonschema)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200)
    | st.sampled_from(["", "a", "Bad_Id", "go", "1d6", "2-3", "success", "victory", "x" * 90, "b"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["text", "goto", "id", "name", "stats", "title", "check", "stat", "if", "when",
                         "effects", "give", "set", "outcomes", "contest", "zz"]),
        inner, max_size=3),
    max_leaves=8,
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_fast_schema_check_agrees_with_jsonschema_on_generated_data(data):
    import copy

    import yaml

    tree = copy.deepcopy(yaml.safe_load(VALID))
    node = tree
    for _ in range(data.draw(st.integers(0, 5))):
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        containers = [(k, v) for k, v in children if isinstance(v, (dict, list))]
        if not containers:
            break
        _, node = data.draw(st.sampled_from(containers))
    if isinstance(node, dict):
        node[data.draw(st.sampled_from(sorted(node) + ["extra", "choices", "effects", "check"]))] = data.draw(VALUES)
    elif isinstance(node, list):
        node.append(data.draw(VALUES))
    assert _fast_valid(tree) == _schema_valid(tree)


# -- sanitising only what can need it -------------------------------------------------------------


def test_text_is_cleaned_only_when_the_source_can_hold_control_characters(tmp_path):
    plain = loader.read_document(write(tmp_path, VALID))
    assert not plain.may_hold_controls
    assert loader.prepare(plain)[0] is plain.data
    escaped = loader.read_document(write(tmp_path, VALID.replace("title: B", 'title: "B\\e[2J\\tend"')))
    assert escaped.may_hold_controls
    assert escaped.data["scenes"]["b"]["title"] == "B\x1b[2J\tend"
    assert loader.prepare(escaped)[0]["scenes"]["b"]["title"] == "B    end"


# -- the paused collector -------------------------------------------------------------------------


def test_the_collector_is_paused_and_then_back_as_it_was():
    was = gc.isenabled()
    frozen = gc.get_freeze_count()  # the suite's own (tests/support/frozen_collection.py)
    gc.unfreeze()  # gc_paused moves objects only when nobody else has frozen any: test that move
    try:
        gc.enable()
        with gc_paused():
            assert not gc.isenabled()
            with gc_paused():
                assert not gc.isenabled()
            assert not gc.isenabled()
            kept = [[] for _ in range(200_000)]  # enough to be moved to the oldest generation
        assert gc.isenabled()
        assert gc.get_freeze_count() == 0  # nothing left frozen
        assert gc.get_count()[0] < 1_000
        del kept
        gc.disable()
        with gc_paused():
            pass
        assert not gc.isenabled()
        with pytest.raises(ValueError), gc_paused():
            raise ValueError("the collector comes back after an error too")
        assert not gc.isenabled()
    finally:
        if frozen:
            gc.freeze()
        if was:
            gc.enable()
        else:
            gc.disable()
