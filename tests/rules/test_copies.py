"""The rules' own copies of plain data (a procedure's state, a character read back) are the
copies ``copy.deepcopy`` would make: equal, of the same types, sharing nothing mutable."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

from solo.rules.base import Character
from solo.rules.conflict import private_state


def _values(rng: random.Random, depth: int = 0):
    leaves = [0, 7, True, False, None, "a", 2.5, Fraction(1, 3)]
    if depth > 3 or rng.random() < 0.35:
        return rng.choice(leaves)
    kind = rng.choice(["dict", "list", "tuple"])
    items = [_values(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == "dict":
        return {f"k{n}": item for n, item in enumerate(items)}
    return items if kind == "list" else tuple(items)


def _mutable_ids(value, found=None):
    found = set() if found is None else found
    if isinstance(value, dict):
        found.add(id(value))
        for item in value.values():
            _mutable_ids(item, found)
    elif isinstance(value, list):
        found.add(id(value))
        for item in value:
            _mutable_ids(item, found)
    elif isinstance(value, tuple):
        for item in value:
            _mutable_ids(item, found)
    return found


def test_a_procedures_state_is_copied_as_deepcopy_would():
    rng = random.Random(11)
    for _ in range(1000):
        state = {"a": _values(rng), "b": _values(rng)}
        mine = private_state(state)
        assert repr(mine) == repr(copy.deepcopy(state))  # same values and types (1 is not True)
        assert not _mutable_ids(mine) & _mutable_ids(state)


def test_a_character_read_back_shares_nothing_mutable():
    rng = random.Random(12)
    for _ in range(300):
        extra = {"x": _values(rng), "y": [_values(rng)]}
        hero = Character(name="H", system="four-s", stats={"str": 2}, resources={"hp": 3, "bag": [1, [2]]}, extra=extra)
        again = Character.from_dict(hero.to_dict())
        assert again.to_dict() == hero.to_dict()
        assert not _mutable_ids(again.extra) & _mutable_ids(hero.extra)
        assert not _mutable_ids(again.resources) & _mutable_ids(hero.resources)
