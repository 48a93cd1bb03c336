"""``model.fresh_copy`` (what a pregen or NPC's character is made from at every check with a
helper) reads as ``copy.deepcopy`` did: the same values and types, the same sharing inside, and
nothing mutable shared with the adventure's own data."""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.adventure.model import Person, fresh_copy


def _shape(value: Any, seen: dict[int, int]) -> Any:
    """Types, values and which containers are the same object (numbered by first sight)."""
    if isinstance(value, (dict, list, tuple)):
        if id(value) in seen:
            return ("again", seen[id(value)])
        seen[id(value)] = len(seen)
        if isinstance(value, dict):
            return (type(value), [(_shape(k, seen), _shape(v, seen)) for k, v in value.items()])
        return (type(value), [_shape(v, seen) for v in value])
    return (type(value), value)


def _mutables(value: Any, found: set[int]) -> set[int]:
    if isinstance(value, (dict, list)):
        found.add(id(value))
    if isinstance(value, dict):
        for v in value.values():
            _mutables(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _mutables(v, found)
    return found


class _Dict(dict):
    pass


atoms = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False), st.text(max_size=3),
                  st.just(Fraction(1, 3)))
keys = st.one_of(st.text(max_size=3), st.integers(0, 3), st.tuples(st.integers(0, 2)))
trees = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(keys, inner, max_size=4),
        st.dictionaries(keys, inner, max_size=3).map(_Dict),
    ),
    max_leaves=16,
)


@st.composite
def shared(draw: Any) -> Any:
    """A tree, sometimes with one of its containers put in twice (as a YAML alias does)."""
    tree = draw(st.dictionaries(st.text(max_size=3), trees, max_size=4))
    if draw(st.booleans()):
        part = draw(st.lists(st.integers(0, 3), max_size=3))
        tree["a"], tree["b"] = part, {"again": part}
    return tree


@settings(max_examples=400)
@given(shared())
def test_fresh_copy_reads_as_deepcopy(value: Any) -> None:
    made, deep = fresh_copy(value), copy.deepcopy(value)
    assert made == deep
    assert _shape(made, {}) == _shape(deep, {})
    assert not _mutables(made, set()) & _mutables(value, set())


def test_a_person_makes_characters_that_share_nothing_with_the_file() -> None:
    pool = ["d6", "d8"]
    person = Person("gran", "Gran", {"wits": 2}, resources={"pool": pool, "luck": 3},
                    extra={"body": {"head": 0}, "twice": [pool, pool]})
    made = person.character("humanity-blessed")
    made.resources["pool"].append("d10")
    made.extra["body"]["head"] = 2
    assert pool == ["d6", "d8"] and person.extra["body"] == {"head": 0}
    assert made.extra["twice"][0] is made.extra["twice"][1]  # shared as deepcopy shares it
