"""The character choice says what each bundled pregen is good at in words that read as skills:
"good at Ferrying", never "good at Ferrywoman" (a Loose and Fuzzy ability may be a role's name;
the adventure's `labels` give it a skill's name). docs/editorial/lantern-fen.md."""

from __future__ import annotations

import re

from solo.adventure import loader
from solo.ui.words import Words

BUNDLED = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]
ROLE = re.compile(r"(?:woman|man|er|or|wizard|catcher|fighter)$", re.IGNORECASE)


def test_lantern_fen_pregens_are_good_at_skills_not_at_their_trades():
    adventure = loader.load("lantern-fen").adventure
    words = Words(adventure)
    by_id = {p.id: words.good_at(p) for p in adventure.characters}
    assert by_id == {"maud": "good at Ferrying", "erasmus": "good at Cleverness and Knowledge",
                     "nell": "good at Body and Swimming"}


def test_no_bundled_pregen_is_good_at_a_person():
    found = []
    for aid in BUNDLED:
        adventure = loader.load(aid).adventure
        words = Words(adventure)
        for person in adventure.characters:
            phrase = words.good_at(person)
            named = phrase.removeprefix("good at ").replace(" and ", "/").split("/")
            found += [(aid, person.name, n) for n in named if ROLE.search(n.strip())]
    assert found == []
