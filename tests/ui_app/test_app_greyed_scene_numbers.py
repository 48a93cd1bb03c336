"""A greyed-out scene choice in the full-screen app (what ``solo serve`` shows too): Quince at
Thimblerig's stall, where the game of thimbles is greyed until she knows his weakness. It is
listed in its place with its reason and no number; the choices after it keep their numbers, so
pressing 3 takes the jig the screen shows as 3, and pressing 2 takes nothing
(tests/ui/test_greyed_scene_numbers.py holds line mode and the engine)."""

from __future__ import annotations

import asyncio

import pytest
from apptools import press, resumed_app, screen_text, settle

from solo.engine.gm import GameMaster
from solo.saves import SaveStore
from solo.session import new_session

pytestmark = pytest.mark.e2e  # the Textual pilot


def test_the_greyed_thimbles_keep_their_place_and_the_jig_keeps_its_number(tmp_path):
    session = new_session("goblin-market", store=SaveStore(tmp_path), slot="t", seed=4)
    session.game.start()
    session.choose("2")  # Quince
    GameMaster(session.game).goto("quillick-stall")
    session.save()
    session.store.release("t")

    async def go():
        app = resumed_app(tmp_path)
        async with app.run_test(size=(110, 45)) as pilot:
            await settle(pilot, app)
            game = app.session.game
            screen = " ".join(screen_text(app).split())
            await press(pilot, app, "2")
            after_two = (game.state.scene, game.offered.kind, len(game.state.rolls))
            game.dice.force(6)
            await press(pilot, app, "3")
            return screen, after_two, game.state.rolls[-1] if game.state.rolls else None

    screen, after_two, roll = asyncio.run(go())
    assert "1 Haggle hard for Tam's shadow" in screen
    shown = screen[screen.find("What do you do?"):]
    assert "· Challenge him to a game of thimbles" in shown and "would need to know what Thimblerig" in shown, shown
    assert "3 Strike up a jig on your fiddle" in shown and "7 Step back out into the lanes" in shown
    assert after_two == ("quillick-stall", "scene", 0)  # "2" took nothing
    assert roll is not None and roll["stat"] == "scharisma"  # "3" rolled the jig
