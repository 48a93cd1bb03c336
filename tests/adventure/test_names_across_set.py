"""The bundled adventures do not reuse a person's name: a player who plays two of them should not
meet a second Wren, Quill or Pim (docs/editorial/README.md)."""

from __future__ import annotations

from collections import defaultdict

from solo.adventure import loader

BUNDLED = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]
TITLES = {"the", "of", "a", "mister", "old", "magister", "gran", "widow", "reeve", "mother",
          "turnkey", "sergeant", "deputy"}


def _people(adventure) -> list[str]:
    npcs = adventure.npcs.values() if isinstance(adventure.npcs, dict) else adventure.npcs
    return [p.name for p in adventure.characters] + [n.name for n in npcs]


def test_no_name_of_a_person_is_used_by_two_adventures():
    where: dict[str, set[str]] = defaultdict(set)
    for aid in BUNDLED:
        for name in _people(loader.load(aid).adventure):
            for word in name.replace('"', "").split():
                if word[:1].isupper() and word.lower() not in TITLES:
                    where[word].add(aid)
    shared = {word: sorted(ids) for word, ids in where.items() if len(ids) > 1}
    assert not shared, shared
