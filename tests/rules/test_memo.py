"""The rules' memo: keys keep apart what a computation could tell apart, and answers are reused."""

from __future__ import annotations

from fractions import Fraction

from solo.rules import registry
from solo.rules.base import Character
from solo.rules.humanity_blessed.endeavours import rolls
from solo.rules.humanity_blessed.fight.chances import first_chance
from solo.rules.memo import Memo, key


def test_keys_keep_types_and_characters_apart():
    assert len({key(1), key(1.0), key(True), key("1")}) == 4
    assert key([1, 2]) != key((1, 2))
    a = Character(name="A", system="humanity-blessed", stats={"body": "d6"})
    b = Character(name="A", system="humanity-blessed", stats={"body": "d6"})
    assert key(a) == key(b)
    b.conditions.append("hurt")
    assert key(a) != key(b)
    b = Character(name="A", system="humanity-blessed", stats={"body": "d6"}, extra={"injuries": {"arm": 1}})
    assert key(a) != key(b)


def test_a_memo_computes_once_per_key_and_not_at_all_for_unhashable_parts():
    memo, calls = Memo(size=2), []

    def compute(value):
        calls.append(value)
        return value * 2

    assert memo.get(lambda: compute(3), "x", 3) == 6
    assert memo.get(lambda: compute(3), "x", 3) == 6
    assert calls == [3]
    memo.get(lambda: compute(4), "x", 4)
    memo.get(lambda: compute(5), "x", 5)  # the oldest (3) is forgotten past size 2
    memo.get(lambda: compute(3), "x", 3)
    assert calls == [3, 4, 5, 3]
    unhashable = type("Unhashable", (), {"__hash__": None})()
    memo.get(lambda: compute(7), unhashable)
    memo.get(lambda: compute(7), unhashable)
    assert calls[-2:] == [7, 7]


def test_memoised_chances_are_the_rulesets_own_for_the_character_as_it_is_now():
    ruleset = registry.get("humanity-blessed")
    character = ruleset.prepare_character(
        Character(name="Wren", system="humanity-blessed", stats={"body": "d8", "mind": "d6", "spirit": "d6"}))
    stat = next(iter(character.stats))
    how = {"stat": stat, "target": 6}
    fresh = ruleset.check_odds(character, how).outcomes["success"]
    assert rolls.check_chance(ruleset, character, how) == fresh
    assert rolls.check_chance(ruleset, character, how) == fresh  # from the memo, the same
    harder = {"stat": stat, "target": 9}
    assert rolls.check_chance(ruleset, character, harder) == ruleset.check_odds(character, harder).outcomes["success"]


def test_first_chance_remembered_is_the_chance_computed():
    mine = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    other = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    # mine wins outright 1/4 (2 over 1), ties half the rest evenly: 1/4 + 1/2 * 1/2
    assert first_chance(mine, [other]) == Fraction(1, 2)
    assert first_chance(mine, [other]) == Fraction(1, 2)
    assert first_chance({3: Fraction(1)}, [other]) == 1
    assert first_chance(mine, []) == 1
