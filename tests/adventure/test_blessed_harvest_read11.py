"""What reading blessed-harvest through in the terminal found in sitting 11 (Bram, line mode;
docs/editorial/blessed-harvest.md, lines dated read11): each slip stays fixed."""

from __future__ import annotations

from solo.adventure import loader
from solo.ui.words import compact_hint
from pregen_play import placed

HARVEST = loader.load("blessed-harvest").adventure
LEVER = "Rig a lever from a fence rail, lashed over a stone with your tarred twine, and lift it out"


def test_a_choice_rolled_as_a_spark_says_it_pays_two_blessing_dice():
    """Bram's lever showed "(Hand 100%)" and spent two of his three blessing dice on a Head
    spark the option never mentioned."""
    game = placed(HARVEST, "bram", "lark-lane", 4)
    lever = next(o for o in game.offered.options if o.text == LEVER)
    assert compact_hint(lever.hint) == "Hand + Head spark (2 blessing dice) 100%"
    plain = next(o for o in game.offered.options if o.text.startswith("Put your shoulder"))
    assert compact_hint(plain.hint).startswith("Hand ")  # no spark, no cost named
    before = len(game.character.resources["blessings"])
    game.choose(lever.key)
    assert len(game.character.resources["blessings"]) == before - 2
