"""GAME's read_weapon, remembered per item, name and the very same rules and weapon entry,
reads every item as working it out afresh does, and reads a changed entry again."""

from __future__ import annotations

from solo.adventure import loader
from solo.rules.game.fight import kit

SPECS = ["blade", "missile", "thrown", "unarmed", "nonsense", 3, None, {"kind": "blade", "bonus": 1},
         {"kind": "missile", "range": [2, 4, 8]}, {"kind": "missile", "range": [3, 2, 1]},
         {"kind": "thrown", "ensnare": True}, {"kind": "blade", "ensnare": True}, {"kind": "blade", "poison": "yes"},
         {"kind": "blade", "odd": 1}]


def test_every_weapon_entry_reads_as_worked_out_afresh():
    rules_seen = [{"weapon": spec} for spec in SPECS] + [{}, {"armour": "light"}]
    for name in ("clockwork-heist", "lantern-fen", "supply-ship"):
        rules_seen += [item.rules for item in loader.load(name).adventure.items.values()]
    for _ in range(2):  # worked out, then remembered
        for n, rules in enumerate(rules_seen):
            for item, label in ((f"i{n}", f"Item {n}"), ("", "bare")):
                assert kit.read_weapon(item, label, rules) == kit._read_weapon(item, label, rules), rules


def test_a_changed_entry_is_read_again():
    rules = {"weapon": "blade"}
    assert kit.read_weapon("knife", "Knife", rules).kind == "blade"
    rules["weapon"] = "missile"
    assert kit.read_weapon("knife", "Knife", rules).kind == "missile"
    rules["weapon"] = "nonsense"
    assert kit.read_weapon("knife", "Knife", rules) is None
    del rules["weapon"]
    assert kit.read_weapon("knife", "Knife", rules) is None
    assert kit.read_weapon("knife", "Blade", {"weapon": "blade"}).name == "Blade"
