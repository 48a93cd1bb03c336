"""The scene graph and the playtest bot walk effects as the format registry nests them."""

from __future__ import annotations

from solo.adventure.format import effects as fmt
from solo.adventure.scene_graph import effect_gotos, effect_tables
from solo.playtest.policies import _rewarding

NESTED = [
    {"text": "Hello"},
    {"if": {"when": "x", "then": [{"goto": "a"}, {"if": {"when": "y", "else": [{"table": "loot"}, {"award": {"xp": 1}}]}}],
            "else": [{"goto": "b"}]}},
    "not an effect",
    {"if": {"when": "z", "then": "not a list"}},
]


def test_walk_yields_every_effect_with_its_nested_ones_after_it():
    assert [name for name, _ in fmt.walk(NESTED)] == ["text", "if", "goto", "if", "table", "award", "goto", "if"]


def test_the_graph_and_the_bot_find_what_is_nested_at_any_depth():
    assert list(effect_gotos(NESTED)) == ["a", "b"]
    assert list(effect_tables(NESTED)) == ["loot"]
    assert _rewarding(NESTED) is True
    assert _rewarding([{"if": {"when": "x", "then": [{"text": "no"}]}}]) is False


def test_a_new_nesting_effect_is_walked_without_touching_the_walkers(monkeypatch):
    """The walkers read the registry: an effect declared with nested lists is walked into."""
    each = fmt.Effect("each", "`each: {do: [...]}`", "test only", nested=("do",))
    monkeypatch.setitem(fmt.BY_NAME, "each", each)
    assert list(effect_gotos([{"each": {"do": [{"goto": "c"}]}}])) == ["c"]


def test_only_the_registry_s_moving_effects_unsettle_a_forced_goto():
    assert {e.name for e in fmt.EFFECTS if e.may_move} == {"set", "add", "tick", "table", "goto", "if"}
    assert {e.name for e in fmt.EFFECTS if e.nested} == {"if"}
