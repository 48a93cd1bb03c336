"""Slips found reading blessed-harvest and goblin-market through in the terminal as a new player
(offer9, 2026-11-29; the editorial pages docs/editorial/blessed-harvest.md and goblin-market.md
list them), each kept fixed here.
"""

from __future__ import annotations


import pytest

from solo.adventure import loader
from solo.engine.events import ItemChanged, Narration, SceneEntered
from solo.engine.game import Game
from solo.engine.gm import GameMaster


@pytest.fixture(scope="module")
def market():
    return loader.load("goblin-market").adventure


def test_the_market_intro_gives_each_pregens_health(market):
    """The intro said every hero had 20 Health; Bryony, whose Strength reaches its second tier,
    starts with 25."""
    intro = " ".join(market.intro.split())
    healths = {p.id: p.resources["health"] for p in market.characters}
    assert healths == {"bryony": 25, "quince": 20, "sorrel": 20}
    assert "with 20 Health (Bryony, whose Strength reaches its second tier, 25)" in intro


@pytest.mark.parametrize("at_gate, low", [(18, False), (19, True)])
def test_the_briar_gate_and_the_hilltop_tell_the_same_moon_a_turn_apart(market, at_gate, low):
    """Out by the rowan at 19 of 30 the gate said the moon "still rides high" and, one turn later
    on the hilltop, that it "hangs low and yellow". Every turn ticks the moon once, so the gate
    reads it one step ahead of the hill."""
    pregen = market.characters[0]
    game = Game(market, seed=1, character=pregen.character(market.system))
    game.start()
    gm = GameMaster(game)
    gm.give("rowan-sprig")
    game.state.clocks["moon"] = at_gate
    gate = " ".join(e.text for e in gm.goto("last-gate") if isinstance(e, SceneEntered))
    rowan = next(o.key for o in game.offered.options if o.text.startswith("Touch Nan's rowan"))
    hill = " ".join(e.text for e in game.choose(rowan) if isinstance(e, SceneEntered))
    assert game.state.scene == "hilltop" and game.state.clocks["moon"] == at_gate + 1
    assert ("sliding down toward the edge of the hill" in gate) is low
    assert ("hangs low and yellow" in hill) is low


@pytest.mark.parametrize("adventure", ["goblin-market", "blessed-harvest"])
def test_an_item_handed_over_or_used_up_changes_hands_after_the_words_that_tell_it(adventure):
    """"You take: Sprig of rowan" came before Old Nan pushed it into your hand, and "You no longer
    have: Sprig of rowan" before the briars shrank from its berries (likewise the fog, the moth,
    Tam's shadow at the Queen's court, the buttons, the Kern Maiden, the oilcloth): in these two
    files no effect list gives or takes an item before a text later in the same list."""
    import yaml

    from solo.adventure.loader import resolve

    data = yaml.safe_load(resolve(adventure).read_text(encoding="utf-8"))
    found: list[str] = []

    def walk(node, path: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for index, effect in enumerate(node):
                moved = isinstance(effect, dict) and ({"give", "take"} & set(effect))
                if moved and any(isinstance(later, dict) and "text" in later for later in node[index + 1:]):
                    found.append(f"{path}/{index}: {effect}")
            for index, value in enumerate(node):
                walk(value, f"{path}/{index}")

    walk(data, "")
    assert found == []


def test_old_nans_rowan_is_taken_after_she_gives_it(market):
    game = Game(market, seed=1)
    game.start()
    game.choose("1")  # Bryony
    game.choose(next(o.key for o in game.offered.options if o.text.startswith("Sit by Old Nan")))
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Ask her how she knows")))
    kinds = [type(e) for e in events if isinstance(e, (Narration, ItemChanged))]
    assert kinds[:2] == [Narration, ItemChanged]


def test_giving_your_shadow_with_nans_laugh_in_your_coat_tells_that_nan_gets_it(market):
    """A Shadow for a Shadow met "Carry Old Nan's laugh out of the market" without a word of Nan;
    it now says the jar reaches her, as A Village With Its Shadows Back does."""
    pregen = market.characters[1]
    game = Game(market, seed=1, character=pregen.character(market.system))
    game.start()
    gm = GameMaster(game)
    gm.give("nans-laugh")
    told = " ".join(e.text for e in gm.goto("ending-shadow-swap") if isinstance(e, Narration))
    assert "you put Nan's jar into her hands" in " ".join(told.split())
    assert game.state.objectives.get("nans-laugh")
