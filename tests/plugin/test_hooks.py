"""The ruleset hooks are declared in solo.rules.base and checked when a ruleset is first loaded."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from solo.rules import base, registry
from solo.rules.base import Carries, HasVocabulary, Rests, RulesetError, check_ruleset, hook

SITE = Path(__file__).resolve().parent / "site"
SOLO = Path(__file__).resolve().parents[2] / "solo"


@pytest.fixture
def coin(monkeypatch):
    """The Coin and Card class, imported from the fixture site (not registered)."""
    monkeypatch.syspath_prepend(str(SITE))
    import coin_and_card

    yield coin_and_card.CoinAndCard
    sys.modules.pop("coin_and_card", None)


@pytest.fixture
def scratch_id():
    """A ruleset id registered for one test only."""
    name = "scratch-system"
    yield name
    registry._registered.pop(name, None)
    registry._loaded.pop(name, None)


def _register_and_get(name: str, obj: object) -> str:
    registry.register(name, obj)
    with pytest.raises(RulesetError) as caught:
        registry.get(name)
    return str(caught.value)


def test_every_builtin_passes_the_check() -> None:
    for system in registry.available():
        check_ruleset(registry.get(system), system, "built-in")


def test_a_missing_required_member_is_one_line_naming_system_source_and_member(coin, scratch_id) -> None:
    # a copy of the class body without ``check`` (and without RulesetDefaults, which has none)
    plain = type("Plain", (), {k: v for k, v in vars(coin).items() if k != "check"})
    message = _register_and_get(scratch_id, plain)
    assert message == "game system 'scratch-system' (registered in code): missing member 'check' (a method)"
    assert "\n" not in message


def test_an_ill_typed_hook_is_named(coin, scratch_id) -> None:
    bad = type("Bad", (coin,), {"rest": 3})
    assert _register_and_get(scratch_id, bad) == (
        "game system 'scratch-system' (registered in code): member 'rest' must be a method (got int)")
    words = type("Words", (coin,), {"vocabulary": {"outcomes": {}}})
    assert _register_and_get(scratch_id, words) == (
        "game system 'scratch-system' (registered in code): member 'vocabulary' must be a "
        "solo.rules.vocabulary.Vocabulary (got dict)")
    hints = type("Hints", (coin,), {"odds_play": "bonus"})
    assert "member 'odds_play' must be a tuple of strings (got str)" in _register_and_get(scratch_id, hints)


def test_a_hook_set_to_none_is_a_hook_left_out(coin, scratch_id) -> None:
    registry.register(scratch_id, type("NoWords", (coin,), {"vocabulary": None}))
    ruleset = registry.get(scratch_id)
    assert hook(ruleset, HasVocabulary) is None


def test_an_entry_point_that_breaks_the_interface_names_the_entry_point(monkeypatch) -> None:
    monkeypatch.setattr(registry, "_entry_point_targets", lambda: {"half-done": "half_done:Rules"})
    module = type(sys)("half_done")
    module.Rules = type("Rules", (), {"id": "half-done", "name": "Half done"})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "half_done", module)
    try:
        with pytest.raises(RulesetError, match=re.escape(
                "game system 'half-done' (entry point half_done:Rules): missing member 'outcome_labels'")):
            registry.get("half-done")
    finally:
        registry._loaded.pop("half-done", None)


def test_hook_hands_back_the_ruleset_typed_or_none(coin) -> None:
    ruleset = coin()
    assert hook(ruleset, HasVocabulary) is ruleset
    assert hook(ruleset, Rests) is None and hook(ruleset, Carries) is None
    assert hook(registry.get("guts-plus"), Rests) is registry.get("guts-plus")


def test_every_optional_member_is_declared_by_its_protocol() -> None:
    for name, (kind, protocol) in base.OPTIONAL.items():
        assert name in protocol.__annotations__ or callable(getattr(protocol, name, None)), name
        assert protocol.__doc__, protocol


RULESET_GETATTR = re.compile(r"getattr\((?:self\.)?(?:context\.|_game\.|game\.|checker\.)?ruleset,\s*\"(\w+)\"")


def test_callers_ask_through_hook_not_getattr() -> None:
    """No ``getattr(ruleset, "<hook>")`` left in solo for a member base.py declares."""
    declared = set(base.OPTIONAL)
    found = []
    for path in sorted(SOLO.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in RULESET_GETATTR.finditer(line):
                if match.group(1) in declared:
                    found.append(f"{path.relative_to(SOLO.parent)}:{n}: {match.group(1)}")
    assert found == []


def test_generic_places_ask_the_ruleset(coin, scratch_id) -> None:
    """solo list's system name, the validator's degree words, house rules and the starter's
    check read the ruleset's hooks, for a plugin as for a built-in."""
    from solo.adventure.catalog_view import system_name
    from solo.adventure.degree_checks import degrees
    from solo.publish.starter import starter_text
    from solo.rules import house_rules

    registry.register(scratch_id, coin)
    assert system_name(scratch_id) == "Coin & Card"
    assert system_name("no-such-system") == "no-such-system"
    assert system_name("four-s") == "FOUR-S"
    assert degrees(registry.get(scratch_id)) == (("partial",), ("margin",))
    assert degrees(registry.get("four-s")) is None
    assert house_rules.for_system(scratch_id) == []
    assert [r.name for r in house_rules.for_system("loose-fuzzy")] == ["stance-rolls"]
    assert [r.system for r in house_rules.lookup(["harm-escalates", "nope"])] == ["humanity-blessed"]
    text = starter_text(scratch_id, "gate", "Gate")
    assert "          target: 4\n" in text and 'when: "roll.margin >= 2"' in text


def test_builtin_names_listed_without_import_are_the_rulesets_own() -> None:
    from solo.rules.base import Presents

    for system, shown in registry.BUILTIN_NAMES.items():
        own = hook(registry.get(system), Presents)
        assert own is not None and own.display_name == shown, system
    assert set(registry.BUILTIN_NAMES) == set(registry.BUILTIN)
