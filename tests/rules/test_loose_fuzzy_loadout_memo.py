"""Loose and Fuzzy loadouts are remembered by what working one out reads of the fighter (stats and
natural weapon) and what they carry: the remembered answer is the one worked out afresh, and
working one out reads nothing else of the character (else the memo's key would be too small).
Also out_reason, asked on every step, with the out conditions spelt once: the same answers."""

from __future__ import annotations

from itertools import product

from solo.rules.base import Character
from solo.rules.loose_fuzzy import LooseFuzzy
from solo.rules.loose_fuzzy.fight import gear

RULES = LooseFuzzy()
ITEMS = {
    "sword": {"weapon": "ordinary", "fits": {"swordsman": 2}},
    "knife": {"weapon": "ordinary", "fits": {"swordsman": 1, "chef": 2}},
    "axe": {"weapon": "damaging"},
    "mail": {"armour": 1, "heavy": 1},
}
NAMES = {"sword": "Sword", "knife": "Knife"}


class _Untouchable(dict):
    """A mapping nobody may read."""

    def _refuse(self, *args, **kwargs):
        raise AssertionError("the loadout read what its memo key leaves out")

    __getitem__ = get = items = keys = values = __iter__ = __len__ = __contains__ = _refuse


class _OnlyWeapon(dict):
    """``extra`` with only ``weapon`` readable."""

    def get(self, name, default=None):
        assert name == "weapon", name
        return super().get(name, default)

    def _refuse(self, *args, **kwargs):
        raise AssertionError("the loadout read what its memo key leaves out")

    __getitem__ = items = keys = values = __iter__ = __contains__ = _refuse


def _fighters():
    for body, swordsman, carried, natural, wounds in product(
        (1, 3, 4), (None, 2, 3), ((), ("sword",), ("knife", "mail"), ("axe", "sword")), (None, "deadly", "pebble"),
        ((), ("bruised",)),
    ):
        stats = {"body": body, "tenacity": 2, "chef": 3}
        if swordsman is not None:
            stats["swordsman"] = swordsman
        extra = {} if natural is None else {"weapon": natural}
        character = RULES.prepare_character(Character("x", "loose-fuzzy", stats, items=list(carried), extra=extra))
        character.conditions = list(wounds)
        yield character


def test_a_remembered_loadout_is_the_one_worked_out_afresh():
    seen = set()
    for _ in range(2):  # the second time remembered
        for character, disarmed in product(_fighters(), (False, True)):
            carried = gear._carried(character, ITEMS)
            names = {item: NAMES.get(item, item) for item, _ in carried}
            fresh = gear._loadout(character, carried, names, "body", disarmed)
            assert gear.loadout(character, ITEMS, NAMES, "body", disarmed=disarmed) == fresh
            seen.add(fresh)
    assert len(seen) > 10


def test_working_a_loadout_out_reads_only_stats_natural_weapon_and_items():
    for character in _fighters():
        carried = gear._carried(character, ITEMS)
        want = gear._loadout(character, carried, {}, "body", False)
        guarded = Character(character.name, character.system, character.stats, items=character.items,
                            extra=_OnlyWeapon(character.extra))
        guarded.resources = _Untouchable()
        guarded.conditions = _Untouchable()  # type: ignore[assignment]
        assert gear._loadout(guarded, carried, {}, "body", False) == want


def test_out_reason_reads_as_matching_every_out_condition_each_time():
    """out_reason spells the out conditions once: the same answer as spelling them every time."""
    from itertools import combinations

    from solo.rules.loose_fuzzy.abilities import norm

    written = ["Dead", "knocked-out", "Knocked Out", "unconscious", "bruised", "in_capacitated", "tired"]
    answers = set()
    for n in range(4):
        for conditions in combinations(written, n):
            character = Character("x", "loose-fuzzy", {}, conditions=list(conditions))
            held = {norm(c) for c in conditions}
            want = next((c for c in gear.OUT_CONDITIONS if norm(c) in held), None)
            assert gear.out_reason(character) == want
            answers.add(want)
    assert answers == {None, *gear.OUT_CONDITIONS}


def test_what_is_carried_is_keyed_afresh_for_other_items_rules_or_names():
    """The gear's key is kept per list of items and the very same rules and names: other rules
    or names for the same items (another adventure's) give their own loadout."""
    character = RULES.prepare_character(Character("x", "loose-fuzzy", {"body": 3, "swordsman": 3}, items=["sword"]))
    first = gear.loadout(character, ITEMS, NAMES, "body")
    blunt = {**ITEMS, "sword": {"weapon": "damaging"}}
    renamed = {**NAMES, "sword": "Blade"}
    for items, names in ((ITEMS, NAMES), (blunt, NAMES), (ITEMS, renamed), (blunt, renamed)):
        carried = gear._carried(character, items)
        fresh = gear._loadout(character, carried, {i: names.get(i, i) for i, _ in carried}, "body", False)
        assert gear.loadout(character, items, names, "body") == fresh
    assert gear.loadout(character, blunt, NAMES, "body") != first
    assert gear.loadout(character, ITEMS, renamed, "body").weapon_name == "Blade"
    character.items.append("mail")  # what is carried changes: keyed again
    carried = gear._carried(character, ITEMS)
    assert gear.loadout(character, ITEMS, NAMES, "body") == gear._loadout(
        character, carried, {i: NAMES.get(i, i) for i, _ in carried}, "body", False)
    assert gear.loadout(character, ITEMS, NAMES, "body").armour == 1
