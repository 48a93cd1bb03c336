"""An option whose contest has others rolling with a side names them (tests/fixtures/hb-group.yaml):
the player's companions after the stat, the opponent's crew after the opponent, read as part of
the sentence; a contest without a group reads as before."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.adventure.odds import spec_label, spec_odds
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-group.yaml"
RS = registry.get("humanity-blessed")


def test_each_side_of_a_group_contest_is_named_in_the_option():
    game = Game(loader.load(FIXTURE).adventure, seed=3)
    game.start()
    adventure, me = game.adventure, game.character
    hints = [o.hint for o in game.offered.options]
    specs = [c.check for c in adventure.scenes["quay"].choices[:3]]
    chances = [percent(spec_odds(adventure, RS, me, s).success_chance()) for s in specs]
    assert hints[:3] == [
        f"Hand (with Pip and Tom) vs The foreman (with a docker and the docker's lad): {chances[0]} success",
        f"Heart vs The foreman (with a docker): {chances[1]} success",
        f"Hurry (with Pip) vs The foreman (with a docker and the docker's lad): {chances[2]} success",
    ]
    # without the ruleset (graphs, reports) the label stays short
    assert spec_label(adventure, specs[0], title=True) == "Hand vs The foreman"
