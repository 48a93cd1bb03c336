"""An option answered by typing (a GUTS+ split of bonus pips) in the full-screen app."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from apptools import new_app, press, settle

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot


FIXTURE = Path(__file__).parent.parent / "fixtures" / "guts-rules.yaml"


def test_picking_a_typed_option_opens_a_box_and_sends_what_is_typed(tmp_path):
    async def go():
        app = new_app(tmp_path, adventure=str(FIXTURE), seed=22)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            # Old Hand; Tune the array rolls 2 2 1; take the bonus die (5 pips to place)
            await press(pilot, app, "2", "3", "2")
            options = app.session.game.offered.options
            typed = next(n for n, o in enumerate(options) if o.id == "split:")
            await pilot.press(*["down"] * typed, "enter")
            await pilot.pause()
            box = app.query_one("#command")
            assert box.display and box.value == "" and "type your own split" in box.placeholder
            await pilot.press(*"1 3 1", "enter")
            await settle(pilot, app)
            return app.session.game.state.pending.data["record"]

    record = asyncio.run(go())
    assert record["kept"] == [3, 5, 2]
    assert record["details"]["placement"]["how"] == "typed"
