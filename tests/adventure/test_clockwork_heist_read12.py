"""The heist's slip left by the sitting-11 read-through and fixed in sitting 12
(docs/editorial/clockwork-heist.md, the line dated read12): it stays fixed."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.game import KEEP
from pregen_play import placed

HEIST = loader.load("clockwork-heist").adventure


def test_the_improvised_pick_at_the_strongroom_door_says_where_its_wire_comes_from():
    """read11: "Pick the escapement lock with a bent hairpin" was offered to Dorrin, who has no
    picks and no tool-roll, and nobody in the heist carries a hairpin. The door's text now shows
    the wire on the boiler pipe's lagging, and the option and its success say the pick is
    twisted from it."""
    game = placed(HEIST, "dorrin", "strongroom-door", 4)
    assert "picks" not in game.character.items and "tool-roll" not in game.character.items
    shown = [o.text for o in game.offered.options]
    assert not any("hairpin" in text for text in shown)
    wire = next(o for o in game.offered.options if "escapement lock" in o.text and "wire" in o.text)
    assert wire.enabled and "boiler pipe's lagging" in wire.text
    door = " ".join(HEIST.scenes["strongroom-door"].text.split())
    assert "its lagging of sacking bound round with turns of soft wire" in door
    game.dice.force(8, 5)
    events = game.choose(wire.key)
    while game.offered is not None and game.offered.kind == "roll":
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    said = " ".join(" ".join((getattr(e, "text", "") or "").split()) for e in events)
    assert "bend it double into a pick" in said
    assert any(isinstance(e, SceneEntered) and e.id == "strongroom" for e in events)


def test_the_picks_holders_are_not_offered_the_improvised_pick():
    """Linnet carries picks: she gets her own tools' option, not the wire."""
    game = placed(HEIST, "wren", "strongroom-door", 4)
    texts = [o.text for o in game.offered.options]
    assert "Pick the escapement lock with your tools" in texts
    assert not any("wire binding" in t for t in texts)
