"""Loose and Fuzzy's ``lookup`` (an ability, a disability by name), remembered per list of text
keys and name, finds what ``find_key`` finds by sorting and spelling every key each time."""

from __future__ import annotations

import itertools
import random

from solo.rules.loose_fuzzy import abilities
from solo.rules.loose_fuzzy.abilities import lookup, norm
from solo.rules.values import find_key

SPELLINGS = ["Body", "body", "BODY", "bo-dy", "Cleverness", "clever ness", "Knowledge", "knowledge_",
             "Luck", "Sword Play", "sword-play", "swordplay", "Perception", "x", ""]


class _Name(str):
    pass


def test_lookup_finds_what_find_key_finds():
    rng = random.Random(23)
    for _ in range(3000):
        keys = rng.sample(SPELLINGS, rng.randint(0, 6))
        mapping = {k: n for n, k in enumerate(keys)}
        if rng.random() < 0.1:
            mapping[rng.choice([3, 2.5, None])] = 1  # a key not text: worked out every time
        name = rng.choice(SPELLINGS + [_Name("Body"), 7])
        for _ in range(2):  # worked out, then remembered
            assert lookup(mapping, name) == find_key(mapping, name, norm, sort=True), (mapping, name)


def test_the_first_in_sorted_order_wins_whatever_the_insertion_order():
    for order in itertools.permutations(["sword-play", "Sword Play", "swordplay"]):
        mapping = dict.fromkeys(order, 1)
        assert lookup(mapping, "SWORDPLAY") == "Sword Play" == find_key(mapping, "SWORDPLAY", norm, sort=True)


def test_the_memory_empties_when_full_and_answers_again():
    abilities._LOOKED_UP.clear()
    for n in range(4100):
        assert lookup({f"a{n}": 1, "Body": 2}, "body") == "Body"
    assert len(abilities._LOOKED_UP) <= 4096
    assert lookup({"Body": 2}, "nothing") is None
