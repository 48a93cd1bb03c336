"""A roll record's one-pass copy (``RollRecord.copy``) and the quicker ``_plain`` read as the
slow ways did: ``from_dict(to_dict())`` and the element-by-element walk kept here."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules.dice import RollRecord, _plain

_LEAVES = (str, int, bool, float, type(None))


def _walked(value: Any) -> Any:
    """``_plain`` as it was: every element looked at one by one."""
    if isinstance(value, dict):
        return {k if type(k) is str else str(k): _walked(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walked(v) for v in value]
    return value


class _Dict(dict):
    pass


class _List(list):
    pass


leaves = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=False), st.text(max_size=3))
keys = st.one_of(st.text(max_size=3), st.integers(0, 3), st.booleans())
values = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.lists(inner, max_size=4).map(_List),
        st.dictionaries(keys, inner, max_size=4),
        st.dictionaries(keys, inner, max_size=4).map(_Dict),
        st.just(frozenset({1})),  # neither a leaf nor a container: let through as it is
    ),
    max_leaves=20,
)


def _shapes(value: Any) -> Any:
    """The value with each container's type, so a list is not taken for a tuple."""
    if isinstance(value, dict):
        return (type(value), {k: _shapes(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return (type(value), [_shapes(v) for v in value])
    return (type(value), value)


@settings(max_examples=400)
@given(values)
def test_plain_reads_as_the_walk_did(value: Any) -> None:
    assert _shapes(_plain(value)) == _shapes(_walked(value))


def test_plain_copies_every_list_it_takes_whole() -> None:
    inner = [1, 2]
    data = {"values": inner, "nested": {"dice": inner}}
    made = _plain(data)
    assert made == data and made["values"] is not inner and made["nested"]["dice"] is not inner


def _record(rng: random.Random) -> RollRecord:
    faces = [rng.randint(1, 6) for _ in range(rng.randint(0, 4))]
    return RollRecord(
        system="guts-plus", kind=rng.choice(["check", "contest"]), stat="thought", dice=faces,
        outcome=rng.choice(["success", "near-success"]), success=rng.choice([True, False, 1, 0]),
        total=rng.choice([None, 3, 7]), kept=rng.choice([None, faces[:1]]), modifiers={"help": rng.randint(0, 2)},
        details={"values": faces, "pair": (1, 2), 3: "number key", "helper": {"dice": [2], "matches": (2,)},
                 "bonus": [{"die": 4}]},
        steps=[{"code": "rolled", "faces": tuple(faces)}, "said plainly", {"code": "read", "values": faces}],
        xp=rng.choice([0, 1, True]), learning=rng.choice([{}, {"thought": 1}]),
        measures=rng.choice([{}, {"size": 2}]),
    )


def test_a_record_copy_is_the_round_trip_and_shares_nothing() -> None:
    rng = random.Random(23)
    for _ in range(200):
        record = _record(rng)
        copied, round_trip = record.copy(), RollRecord.from_dict(record.to_dict())
        assert copied == round_trip
        assert _shapes(copied.__dict__) == _shapes(round_trip.__dict__)
        copied.dice.append(9)
        copied.details["values"].append(9)
        copied.details["helper"]["dice"].append(9)
        copied.steps[0]["faces"].append(9)
        copied.measures["excess"] = 1
        assert 9 not in record.dice and 9 not in record.details["helper"]["dice"]
        assert "excess" not in record.measures and 9 not in record.steps[0]["faces"]


def test_a_record_with_details_not_a_dict_copies_the_slow_way() -> None:
    record = _record(random.Random(1))
    record.steps = tuple(record.steps)  # type: ignore[assignment]
    assert record.copy() == RollRecord.from_dict(record.to_dict())
