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


def test_no_declared_name_is_said_in_another_adventure():
    """Stronger than the declared lists: a person's name one adventure declares is not said in
    another's text either (a mare called Tansy in one and a hermit Tansy in another)."""
    from pathlib import Path
    import re

    ordinary = {  # capitalised as ordinary words, not as anyone's name
        ("Hollow", "lantern-fen", "goblin-market"): "the market's 'Hollow of the Dance', a place",
        ("Ash", "goblin-market", "lantern-fen"): "the boathook's 'Ash shaft', a wood",
    }
    folder = Path(__file__).parents[2] / "adventures"
    texts = {aid: (folder / f"{aid}.yaml").read_text(encoding="utf-8") for aid in BUNDLED}
    words = {aid: set(re.findall(r"\w+", text)) for aid, text in texts.items()}

    def says(other: str, word: str) -> bool:
        """``word`` stands on its own in ``other``'s file (between word boundaries): a plain word
        when it is one of the file's words, as a search would find it (1.5 s of CPU searching the
        file for each word, 0.2 s now)."""
        if re.fullmatch(r"\w+", word):
            return word in words[other]
        return re.search(rf"\b{re.escape(word)}\b", texts[other]) is not None

    said = []
    for aid in BUNDLED:
        for name in _people(loader.load(aid).adventure):
            for word in re.sub(r"\(.*?\)", " ", name.replace('"', "")).split():  # not "(Pilot)", a role
                if not word[:1].isupper() or word.lower() in TITLES or len(word) < 3:
                    continue
                for other in texts:
                    if other != aid and says(other, word):
                        said.append((word, aid, other))
    assert [hit for hit in said if hit not in ordinary] == []
    assert sorted(ordinary) == sorted(set(said) & set(ordinary))  # an allowance no longer needed goes
