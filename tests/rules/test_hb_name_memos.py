"""Humanity, Blessed's name look-ups kept by their texts (a character's abilities, a stat's key,
a name's normal form, a die) answer as working them out again does, for the spellings and
mixes of names the rules meet (accents, case, separators, loans, numbers, a bad list)."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solo.rules.base import Character
from solo.rules.humanity_blessed import bumping, character as hb_character, parsing
from solo.rules.humanity_blessed.tables import norm
from solo.rules.values import find_key, name_key

NAMES = st.sampled_from(["Head", "héad", "HAND", "fen_lore", "Fen Lore", "fen-lore", "Blessed Luck",
                         "blessedluck", "Ease of Focus", "x", "", "Hürry", "history"])
VALUES = st.one_of(NAMES, st.integers(-2, 2), st.booleans(), st.just({"odd": 1}))


@settings(max_examples=200, deadline=None)
@given(st.lists(VALUES, max_size=5), st.one_of(st.none(), st.lists(NAMES, max_size=2)))
def test_abilities_kept_by_their_names_are_worked_out_alike(listed, loaned):
    extra = {"abilities": listed}
    if loaned is not None:
        extra["loans"] = [{"ability": name, "from": "Ada"} for name in loaned]
    who = Character(id="a", name="A", system="humanity-blessed", stats={}, extra=extra)
    fresh = {norm(a) for a in hb_character.listed_abilities(who) + hb_character.borrowed(who)}
    for _ in range(2):  # worked out, then read back
        found = hb_character.abilities(who)
        assert found == fresh
        found.add("added by a caller")  # the caller's own set: the kept one is untouched


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(NAMES, st.integers(0, 2), st.booleans()), max_size=6, unique=True), NAMES)
def test_a_stat_key_kept_by_the_keys_is_found_alike(keys, name):
    stats = {key: "d6" for key in keys}
    for _ in range(2):
        assert parsing.lookup(stats, name) == find_key(stats, name, norm, sort=True)


@given(st.one_of(NAMES, st.integers(0, 3)))
def test_a_normal_form_kept_by_the_text_is_the_same(name):
    for _ in range(2):
        assert norm(name) == name_key(name, keep_punctuation=True, fold_accents=True)


@given(st.sampled_from(["d4", "D6", " d8 ", "dc1", "dc3", "DC4", "d10"]))
def test_a_die_kept_by_its_text_is_the_die_read_afresh(text):
    bumping._PARSED.clear()
    first = bumping.parse_die(text)
    assert bumping.parse_die(text) is first
    number = int(text.strip().lower().lstrip("dc"))
    assert first == (bumping.capped_die(number) if "c" in text.lower() else bumping.standard_die(number))
