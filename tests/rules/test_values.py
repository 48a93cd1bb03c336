"""Tests for the shared readers of written values (solo.rules.values) and RulesetDefaults."""

from __future__ import annotations

import pytest

from solo.rules import registry
from solo.rules.base import Character, RulesError, Ruleset, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.values import (
    ValueReader,
    canonical_keys,
    find_key,
    lookup_name,
    name_key,
)

WHOLE = ValueReader("TEST")
REFUSE = ValueReader("TEST", floats="refuse")
TRUNCATE = ValueReader("TEST", floats="truncate")


# -- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, options, expected",
    [
        ("Hack/Slash", {}, "hackslash"),
        ("hack-slash", {}, "hackslash"),
        (" Kind of_Hard ", {}, "kindofhard"),
        ("Hack/Slash", {"keep_punctuation": True}, "hack/slash"),
        ("Sword play", {"keep_punctuation": True}, "swordplay"),
        ("Véry-Hard", {"keep_punctuation": True}, "véryhard"),
        ("Véry-Hard", {"keep_punctuation": True, "fold_accents": True}, "veryhard"),
        (3, {}, "3"),
    ],
)
def test_name_key(name, options, expected):
    assert name_key(name, **options) == expected


def test_find_key_in_order_or_sorted():
    stats = {"sword-play": 2, "Sword Play": 1, "Body": 3}
    assert find_key(stats, "SWORDPLAY") == "sword-play"
    assert find_key(stats, "SWORDPLAY", sort=True) == "Sword Play"
    assert find_key(stats, "mind") is None
    loose = lambda n: name_key(n, keep_punctuation=True)
    assert find_key({"a/b": 1}, "ab", loose) is None
    assert find_key({"a/b": 1}, "ab") == "a/b"


def test_canonical_keys_respells_core_names_and_keeps_the_rest():
    stats = {"Gumption": 2, "Parkour": 3, "THOUGHT": 1}
    assert list(canonical_keys(stats, ("gumption", "thought")).items()) == [
        ("gumption", 2), ("Parkour", 3), ("thought", 1)
    ]


def test_canonical_keys_kept_spellings_read_as_spelling_each_time():
    """A tuple of names keeps each list of keys' spelling; a list of names spells every time:
    the same pairs in the same order, the later of two keys for one name winning, every time."""
    def spelt_each_time(mapping, names):
        return list(canonical_keys(mapping, list(names), name_key).items())

    names = ("gumption", "thought")
    cases = [
        {"Gumption": 2, "Parkour": 3, "THOUGHT": 1},
        {"gumption": 1, "GUMPTION": 4, "Parkour": 3},
        {"Parkour": 3, "Gumption": 2},
        {"Thought": 5, 7: "seven", "gum-ption": 6},
    ]
    for _ in range(2):  # the second time from the kept spellings
        for mapping in cases:
            got = list(canonical_keys(mapping, names, name_key).items())
            assert got == spelt_each_time(mapping, names)
    assert list(canonical_keys(cases[1], names, name_key).items()) == [("gumption", 4), ("Parkour", 3)]


def test_lookup_and_known_name():
    index = {"hackslash": "Hack/Slash", "hack": "Hack/Slash"}
    assert lookup_name(index, "hack-slash") == "Hack/Slash"
    assert lookup_name(index, 3) is None
    with pytest.raises(RulesError, match=r"^TEST: unknown skill 'x' \(expected one of: Hack/Slash\)$"):
        WHOLE.known_name("x", index, "skill", ["Hack/Slash"])


# -- numbers and flags --------------------------------------------------------------------------


@pytest.mark.parametrize("value, expected", [(3, 3), ("-2", -2), (" +4 ", 4), (3.0, 3)])
def test_whole_number_reads(value, expected):
    assert WHOLE.whole_number(value, "x") == expected


@pytest.mark.parametrize("value", [True, "x", "", 2.5, None, [1]])
def test_whole_number_refuses_with_the_label_and_what(value):
    with pytest.raises(RulesError) as info:
        WHOLE.whole_number(value, "check parameter 'bonus'")
    assert str(info.value) == f"TEST: check parameter 'bonus' must be a whole number (got {value!r})"


def test_float_rules():
    with pytest.raises(RulesError, match="must be a whole number"):
        REFUSE.whole_number(3.0, "x")
    assert TRUNCATE.whole_number(2.5, "x") == 2
    with pytest.raises(RulesError, match="must be a whole number"):
        TRUNCATE.whole_number(float("inf"), "x")


@pytest.mark.parametrize(
    "value, expected",
    [(True, True), (False, False), ("Yes", True), (" on ", True), ("1", True), (1, True),
     ("no", False), ("OFF", False), ("", False), (0, False)],
)
def test_flag_reads(value, expected):
    assert WHOLE.flag(value, "x") is expected


@pytest.mark.parametrize("value", ["maybe", 2, None, 1.0])
def test_flag_refuses(value):
    with pytest.raises(RulesError, match=r"^TEST: x must be true or false"):
        WHOLE.flag(value, "x")
    with pytest.raises(RulesError, match=r"^TEST: --pvp is a flag \(got"):
        WHOLE.option_flag(value, "pvp")


def test_number_or_name():
    table = {"easy": 4, "reallyhard": 14}
    read = lambda v: WHOLE.number_or_name(v, "target", table, ("easy", "really-hard"), name_key)
    assert read(7) == 7
    assert read(" -3 ") == -3
    assert read("Really Hard") == 14
    with pytest.raises(RulesError, match=r"^TEST: target must be a number or a difficulty name"):
        read(True)
    with pytest.raises(
        RulesError, match=r"^TEST: target must be a number or one of easy, really-hard \(got 'x'\)$"
    ):
        read("x")


def test_reject_unknown_options():
    options = {"dice": "d", "bonus": "b"}
    WHOLE.reject_unknown_options({"dice": "3"}, options)
    with pytest.raises(RulesError, match=r"^TEST: unknown option --a \(options: --dice, --bonus\)$"):
        WHOLE.reject_unknown_options({"z": 1, "a": 1}, options)
    with pytest.raises(RulesError, match=r"\(known: --dice, --bonus\)$"):
        WHOLE.reject_unknown_options({"z": 1}, options, listed_as="known")


# -- RulesetDefaults ------------------------------------------------------------------------------


class _Bare(RulesetDefaults):
    error_label = "BARE"


def test_defaults_are_the_protocols_optional_behaviour():
    rules = _Bare()
    pc = Character(name="pc", system="bare", stats={})
    record = RollRecord("bare", "check", "x", [3], "success", True)
    assert rules.contest_labels == ()
    assert rules.offers(record, pc) == [] and rules.alternatives(pc, {}) == []
    assert rules.settle(Dice(1), record, pc, {}, frozenset()) is record
    assert rules.is_success("success") and not rules.is_success("draw")
    assert rules.experience(record, pc) == [] and rules.end_of_adventure(pc) == []
    with pytest.raises(RulesError, match=r"^BARE: there is nothing to spend on a roll"):
        rules.apply_offer(Dice(1), record, pc, "reroll")
    with pytest.raises(RulesError, match=r"^BARE: checks cannot be resolved without rolling"):
        rules.take_alternative(pc, {}, "auto")


@pytest.mark.parametrize("system", list(registry.BUILTIN))
def test_every_builtin_inherits_the_defaults_and_keeps_the_protocol(system):
    rules = registry.get(system)
    assert isinstance(rules, RulesetDefaults) and isinstance(rules, Ruleset)
    assert rules.error_label == system.upper().replace("GUTS-PLUS", "GUTS+")
