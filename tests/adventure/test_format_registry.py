"""The format's registry (solo.adventure.format) against everything that reads the format.

The JSON schema, the engine's effect handlers and expression functions, the validator's checks
and docs/format.md must each name exactly the effects and functions the registry defines, and the
branch rules must pick the branch the book's outcome calls for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.format import branches
from solo.adventure.format.effects import EFFECT_NAMES, EFFECTS, docs_table, require_handlers
from solo.adventure.format.functions import BUILTIN_VARIABLES, FUNCTION_NAMES, require_functions
from solo.adventure.schema import schema
from solo.adventure.validate.checker import Checker
from solo.engine.effects import _HANDLERS
from solo.engine.game import Game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "format.md"


def _section(title: str) -> str:
    text = DOCS.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


@pytest.fixture(scope="module")
def supply_ship():
    return loader.load("supply-ship").adventure


def test_the_registry_names_each_effect_and_function_once():
    assert len(set(EFFECT_NAMES)) == len(EFFECT_NAMES) == len(EFFECTS)
    assert len(set(FUNCTION_NAMES)) == len(FUNCTION_NAMES)


def test_the_schema_allows_exactly_the_registry_s_effects():
    assert sorted(schema()["$defs"]["effect"]["properties"]) == sorted(EFFECT_NAMES)


def test_the_engine_handles_exactly_the_registry_s_effects():
    assert sorted(_HANDLERS) == sorted(EFFECT_NAMES)


def test_the_engine_answers_exactly_the_registry_s_functions(supply_ship):
    assert sorted(Game(supply_ship, seed=1)._functions()) == sorted(FUNCTION_NAMES)


def test_the_validator_checks_exactly_the_registry_s_effects_and_functions(supply_ship):
    checker = Checker(supply_ship, None, None)
    assert sorted(checker.effect_handlers) == sorted(EFFECT_NAMES)
    assert sorted(checker.call_checks) == sorted(FUNCTION_NAMES)
    assert checker.builtins == BUILTIN_VARIABLES


def test_the_docs_effects_table_is_the_registry_s():
    assert docs_table() in _section("Effects")


def test_the_docs_name_every_expression_function_and_builtin_variable():
    section = _section("Expressions")
    for name in FUNCTION_NAMES:
        assert re.search(rf'`{name}\("[a-z]+"\)`', section), name
    for variable in BUILTIN_VARIABLES:
        assert f"`{variable}`" in section, variable


def test_the_docs_name_the_generic_outcomes_and_the_draw():
    section = _section("Scenes")
    for label in branches.GENERIC_OUTCOMES:
        assert f"`{label}`" in section
    assert f"`{branches.DRAW}`" in _section("Expressions") + _section("Order of a turn")


def test_a_table_missing_or_adding_a_name_is_refused():
    with pytest.raises(AssertionError, match=r"missing \['heal'\]"):
        require_handlers([n for n in EFFECT_NAMES if n != "heal"], "test")
    with pytest.raises(AssertionError, match=r"not in the format \['shout'\]"):
        require_handlers([*EFFECT_NAMES, "shout"], "test")
    with pytest.raises(AssertionError, match=r"missing \['trait'\]"):
        require_functions([n for n in FUNCTION_NAMES if n != "trait"], "test")


OUTCOMES = {"success": "S", "failure": "F", "major": "M", "near-success": "N"}


@pytest.mark.parametrize(("outcome", "success", "size", "branch"), [
    ("near-success", True, None, "N"),  # the label's own branch first
    ("positive-impact", True, None, "S"),  # else the generic one the system counts it as
    ("negative-impact", False, None, "F"),
    ("success", True, "major", "S"),  # a label's own branch wins over its size's
    ("critical-success", True, "major", "M"),  # a size the system names, before the generic
    ("draw", False, None, None),  # a draw without its own branch takes none
])
def test_a_roll_takes_the_branch_the_rules_pick(outcome, success, size, branch):
    assert branches.check_branch(OUTCOMES, outcome, success, size) == branch


def test_a_draw_takes_its_own_branch_when_there_is_one():
    assert branches.check_branch({**OUTCOMES, "draw": "D"}, "draw", False) == "D"


def test_a_conflict_result_falls_back_along_its_chain_and_stops_at_a_loop():
    chain = {"goal": "won", "fled": "lost", "a": "b", "b": "a"}
    assert branches.conflict_branch({"won": 1, "lost": 2}, "goal", chain.get) == 1
    assert branches.conflict_branch({"won": 1, "lost": 2}, "fled", chain.get) == 2
    assert branches.conflict_branch({"won": 1}, "a", chain.get) is None
