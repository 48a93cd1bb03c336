"""blessed-harvest's slips left by the sitting-11 read-through and fixed in sitting 12
(docs/editorial/blessed-harvest.md, the lines dated read12): each stays fixed. The late spark
offer's wording is kept by tests/rules/test_humanity_blessed_play.py
(``test_a_spark_may_be_declared_after_the_first_roll``)."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.game import KEEP
from solo.engine.gm import GameMaster
from solo.rules import registry
from pregen_play import placed, start_as

HARVEST = loader.load("blessed-harvest").adventure


def _barn(events) -> str:
    return " ".join(next(e.text for e in events if isinstance(e, SceneEntered) and e.id == "supper-barn").split())


def test_the_session_shop_names_stats_as_the_sheet_does():
    """read11: the session shop offered "Stat Upgrade: hand d6 → d8" beside "Hand" on the
    sheet and in every check."""
    game = start_as(HARVEST, "bram", 4)
    texts = [a.text for a in registry.get(HARVEST.system).advancement(game.character) if a.key.startswith("stat:")]
    assert texts and all(t.startswith("Stat Upgrade: H") for t in texts)
    assert any(t.startswith("Stat Upgrade: Hand d") for t in texts)


def test_plaiting_at_the_bedside_walks_the_maiden_up_to_a_barn_still_filling():
    """read11: plaiting at Gran's bedside went straight to the supper barn, "the whole of
    Thistledown squeezed onto the benches", with the sun at 11 of 30. The walk up the hill is
    said, and a barn reached well before sundown fills as you come in."""
    game = placed(HARVEST, "wren", "weave-maiden", 4)
    assert game.state.clocks["sundown"] < 20
    game.dice.force(4, 3)  # hand d4: 4 then 3, a success at 5 either way
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Never mind the song")))
    while game.offered is not None and game.offered.kind == "roll":
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    barn = _barn(events)
    assert "new-maiden" in game.character.items
    assert barn.startswith("You leave Gran dozing") and "walk her up the hill to the barn" in barn
    assert "lit early against the storm" in barn and "coming in out of the rain behind you" in barn


def test_a_late_arrival_finds_the_barn_full_and_no_walk_from_the_bedside():
    game = placed(HARVEST, "wren", "chapel-porch", 4)
    gm = GameMaster(game)
    gm.set("sundown", "25")
    barn = _barn(gm.goto("supper-barn"))
    assert barn.startswith("The supper barn glows.") and "You leave Gran" not in barn
