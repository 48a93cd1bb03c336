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


def _plain_key(value):
    """The key written the straightforward way (each part through the function): the reference
    the faster :func:`key` must equal."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    if kind is dict:
        return (dict, tuple((_plain_key(k), _plain_key(v)) for k, v in value.items()))
    if kind is list or kind is tuple:
        return (kind, tuple(_plain_key(v) for v in value))
    if isinstance(value, Character):
        return (Character, value.system, value.name, value.id, _plain_key(value.stats), _plain_key(value.resources),
                _plain_key(value.items), _plain_key(value.conditions), _plain_key(value.extra))
    if kind is set or kind is frozenset:
        return (kind, frozenset(_plain_key(v) for v in value))
    return (kind, value)


def test_keys_are_those_of_the_plain_definition():
    import random

    rng = random.Random(5)
    leaves = [0, 1, -3, True, False, None, "a", "", 1.5, Fraction(1, 3), (), frozenset({1, "x"})]

    def value(depth):
        if depth > 3 or rng.random() < 0.35:
            return rng.choice(leaves)
        kind = rng.choice(["dict", "list", "tuple"])
        items = [value(depth + 1) for _ in range(rng.randrange(4))]
        if kind == "dict":
            return {rng.choice(["k", 1, True, None, (1, 2)]): item for item in items}
        return items if kind == "list" else tuple(items)

    for _ in range(2000):
        v = value(0)
        assert key(v) == _plain_key(v)
        assert repr(key(v)) == repr(_plain_key(v))  # 1 and True are equal, but not the same key
    hero = Character(name="H", system="four-s", stats={"str": [6, 1]}, resources={"hp": 5, "luck": True},
                     items=["rope"], extra={"zone": {"x": (1, 2)}, "n": None})
    assert key(hero) == _plain_key(hero)


def test_get_same_answers_the_same_objects_by_identity_and_equal_ones_by_value():
    memo, calls = Memo(size=4), []

    def compute(value):
        calls.append(value)
        return len(calls)

    data = {"zones": ["a", "b"]}
    assert memo.get_same(lambda: compute("first"), data) == 1
    assert memo.get_same(lambda: compute("again"), data) == 1  # the very same object: no key, no call
    equal = {"zones": ["a", "b"]}
    assert memo.get_same(lambda: compute("equal"), equal) == 1  # an equal object: found by value
    other = {"zones": ["c"]}
    assert memo.get_same(lambda: compute("other"), other) == 2
    assert calls == ["first", "other"]
    for n in range(10):  # past its size the identity table starts again; answers stay right
        assert memo.get_same(lambda: compute(n), [n]) == len(calls)  # noqa: B023
    assert memo.get_same(lambda: compute("late"), [9]) == len(calls) and calls[-1] == 9  # by value
