"""An offer on a roll that cannot be taken, in the full-screen app (what ``solo serve`` shows
too): blessed-harvest, seed 1, Wren studies the niche and rolls 4 against 4, a minor success;
one blessing die's +1 would make 5, still minor. The offer is listed greyed with its reason
and no key, the offers after it keep their numbers, and typing its old number takes nothing.
"""

from __future__ import annotations

import asyncio

import pytest
from apptools import new_app, press, screen_text, settle

pytestmark = pytest.mark.e2e  # the Textual pilot

REASON = "cannot change the result: +1 makes 5, still a minor success"


def test_the_disabled_help_is_listed_with_its_reason_and_its_number_takes_nothing(tmp_path):
    async def go():
        app = new_app(tmp_path, adventure="blessed-harvest", seed=1)
        async with app.run_test(size=(110, 45)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1")  # Wren; crouch and study the niche
            game = app.session.game
            options = game.offered.options
            pool = list(game.character.resources["blessings"])
            screen = " ".join(screen_text(app).split())
            await press(pilot, app, "2")
            waiting = game.offered.kind if game.offered is not None else None
            spent = list(game.character.resources["blessings"])
            await press(pilot, app, "1")  # keep
            return options, pool, screen, game, waiting, spent

    options, pool, screen, game, waiting, spent = asyncio.run(go())
    one = next(o for o in options if o.id == "help-1")
    assert (one.key, one.enabled, one.reason) == (None, False, REASON)
    assert [o.key for o in options[2:]] == ["3", "4", "5", "6"]
    assert "· Spend 1 blessing die for +1 (cannot change the result: +1 makes 5," in screen
    assert "3 Spend 2 blessing dice for +dc2" in screen
    assert waiting == "roll" and spent == pool  # "2" took nothing: still on the roll, no die spent
    assert game.offered.kind == "scene"  # "1" kept the roll
    kept = game.state.rolls[-1]
    assert "help" not in kept["details"] and kept["total"] == 4
