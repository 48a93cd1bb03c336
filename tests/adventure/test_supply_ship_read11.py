"""What reading supply-ship through in the terminal found in sitting 11 (Jonah, line mode, to
Cairn in the Window; docs/editorial/supply-ship.md, lines dated read11): each slip stays fixed."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.events import Narration, XpGained
from solo.engine.gm import GameMaster
from pregen_play import placed

SHIP = loader.load("supply-ship").adventure


@pytest.mark.parametrize("grown, xp", [(False, 5), (True, 7)])
def test_the_xp_for_putting_the_creature_out_of_the_airlock_says_what_earned_it(grown, xp):
    """"+5 XP (now 12)" stood alone under the scene where the creature drifts away."""
    game = placed(SHIP, "pilot", "hallway", 4)
    game.state.flags["creature_grown"] = grown
    events = GameMaster(game).goto("jettisoned")
    award = next(i for i, e in enumerate(events) if isinstance(e, XpGained) and e.amount == xp)
    said = events[award - 1]
    assert isinstance(said, Narration) and "you will learn from" in said.text
