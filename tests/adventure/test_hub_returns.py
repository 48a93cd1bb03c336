"""Coming back to an adventure's hub shows a short reminder, not the whole first-visit text again
(docs/editorial/README.md, "Across the set")."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.game import Game
from solo.engine.gm import GameMaster

HUBS = [
    # adventure, hub scene, words only the first visit shows, words only a return shows
    ("clockwork-heist", "galleries", "MAGISTER C. VESK, PRIVATE", "Back on the round landing"),
    ("goblin-market", "market-lanes", "some that are mostly hat", "Back among the lanes"),
    ("blessed-harvest", "village-green", "Widow Pell was up at the chapel", "Back on the green"),
    ("supply-ship", "hallway", "you can hear the lights", "The Main Hall again"),
    ("lantern-fen", "landing", "Dusk comes up out of the water", "Back on the jetty"),
    ("lantern-fen", "open-water", "cold and soft as dandelion", "Back on the wide black water"),
]


def _shown(gm: GameMaster, scene: str) -> str:
    return next(e.text for e in gm.goto(scene) if isinstance(e, SceneEntered) and e.id == scene)


@pytest.mark.parametrize("name, hub, first_only, return_only", HUBS, ids=[h[0] for h in HUBS])
def test_a_hub_shows_its_description_once_and_a_short_reminder_after(name, hub, first_only, return_only):
    adventure = loader.load(name).adventure
    pregen = adventure.characters[0]
    game = Game(adventure, seed=1, character=pregen.character(adventure.system))
    opening = game.start()
    gm = GameMaster(game)
    if hub == adventure.start:  # lantern-fen's landing: the first visit is the game's opening
        first = next(e.text for e in opening if isinstance(e, SceneEntered) and e.id == hub)
    else:
        first = _shown(gm, hub)
    again = _shown(gm, hub)
    third = _shown(gm, hub)
    assert first_only in first and return_only not in first
    assert return_only in again and first_only not in again
    assert third == again
    assert len(again) < len(first) / 2
