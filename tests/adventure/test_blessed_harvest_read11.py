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


def test_gran_s_bedside_says_a_line_on_coming_back_and_the_mended_drip_says_it_is_mended():
    """Back from mending the thatch, the bedside showed its whole first text again (Nettie still
    "with her fists clenched" at the man she had let in), and the greyed drip said "you have no
    tool to mend it with" to Bram, knife in hand, who had just mended it."""
    from solo.engine.events import SceneEntered
    from solo.engine.game import KEEP

    game = placed(HARVEST, "bram", "gran-gate", 4)
    from solo.engine.gm import GameMaster

    first = next(e.text for e in GameMaster(game).goto("gran-cottage") if isinstance(e, SceneEntered))
    assert "fists clenched" in first
    drip = next(o for o in game.offered.options if o.text.startswith("See to the drip"))
    events = game.choose(drip.key)
    game.dice.force(6, 6)
    while game.state.scene == "gran-thatch" or game.offered.kind != "scene":
        options = [o for o in game.offered.options if o.enabled and o.key]
        keep = next((o for o in options if o.id == KEEP), options[0])
        events = game.choose(keep.key)
    again = next(e.text for e in events if isinstance(e, SceneEntered))
    assert game.state.scene == "gran-cottage"
    assert "fists clenched" not in again and again.startswith("Back in Gran's warm room")
    greyed = next(o for o in game.offered.options if o.text.startswith("See to the drip"))
    assert not greyed.enabled and greyed.reason == "The thatch over the bed is mended."
