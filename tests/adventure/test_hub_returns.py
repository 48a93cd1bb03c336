"""Coming back to an adventure's hub shows a short reminder, not the whole first-visit text again
(docs/editorial/README.md, "Across the set")."""

from __future__ import annotations

import random
from collections import defaultdict

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


BUNDLED = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]


def hubs(adventure) -> set[str]:
    """A hub is a crossroads the player moves about from: a scene with at least three choices
    that go straight to three different other scenes. One that a seeded run enters twice is a
    place the player comes back to, and its second visit must not re-read the first."""
    return {scene.id for scene in adventure.scenes.values()
            if len({c.goto for c in scene.choices if c.goto and c.goto != scene.id}) >= 3}


def _visits(adventure, seed: int, pregen) -> dict[str, list[str]]:
    """Each scene's texts, in order, over one seeded random run (uniform over enabled options)."""
    game = Game(adventure, seed=seed, character=pregen.character(adventure.system))
    rng = random.Random(seed)
    shown: dict[str, list[str]] = defaultdict(list)
    events = game.start()
    for _ in range(400):
        shown_now = [e for e in events if isinstance(e, SceneEntered)]
        for e in shown_now:
            shown[e.id].append(e.text)
        if game.offered is None:
            break
        events = game.choose(rng.choice([o for o in game.offered.options if o.key]).key)
    return shown


@pytest.mark.parametrize("name", BUNDLED)
def test_every_hub_a_run_comes_back_to_shows_a_short_text_the_second_time(name):
    """Two seeded random runs per pregen; a hub entered twice shows a text under half as long the
    second time, and not the first text again. Each adventure has a hub some run comes back to,
    so the test cannot pass by meeting none."""
    adventure = loader.load(name).adventure
    crossroads = hubs(adventure)
    met, long_again = set(), []
    for pregen in adventure.characters:
        for seed in (0, 1):
            for scene, texts in _visits(adventure, seed, pregen).items():
                if scene in crossroads and len(texts) > 1:
                    met.add(scene)
                    if len(texts[1]) >= len(texts[0]) / 2:
                        long_again.append((scene, pregen.id, seed))
    assert met, f"no run came back to a hub of {name}"
    assert long_again == []
