"""Two-digit choices in the full-screen app: with ten or more options, 1 then 3 picks 13."""

from __future__ import annotations

import asyncio
import time

import pytest
from apptools import STEP_TIMEOUT, new_app, press, screen_text, settle, story_text

pytestmark = pytest.mark.e2e  # the Textual pilot

HUB = ["1", "3"]  # Dara, then straight aft to the hallway's eleven doors


def picked_lines(app) -> list[str]:
    return [line.strip() for line in story_text(app, ".picked").splitlines() if line.strip()]


def test_one_then_one_picks_the_eleventh_choice(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, *HUB)
            options = app.session.game.offered.options
            assert len(options) >= 11
            await pilot.press("1")
            await pilot.pause()
            waiting_line = screen_text(app).splitlines()[-2]
            await pilot.press("1")
            await settle(pilot, app)
            return options[10].text, waiting_line, picked_lines(app)

    eleventh, waiting_line, picked = asyncio.run(go())
    assert "Typed 1" in waiting_line and "10-1" in waiting_line  # the digits so far, above the keys
    assert picked[-1] == f"▸ {eleventh}"


def test_one_alone_picks_the_first_choice_after_a_short_wait_or_at_enter(tmp_path):
    async def go(finish: str):
        app = new_app(tmp_path / finish, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, *HUB)
            first = app.session.game.offered.options[0].text
            before = len(picked_lines(app))
            await pilot.press("1")
            if finish == "enter":
                await pilot.press("enter")
            deadline = time.monotonic() + STEP_TIMEOUT
            while len(picked_lines(app)) == before:
                assert time.monotonic() < deadline, "the first digit was never picked"
                await pilot.pause(0.05)
            await settle(pilot, app)
            return first, picked_lines(app)

    for finish in ("wait", "enter"):
        first, picked = asyncio.run(go(finish))
        assert picked[-1] == f"▸ {first}", finish


def test_with_fewer_than_ten_choices_a_digit_picks_at_once(tmp_path):
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "1", "1", "1")  # the cargo door: 1, 1a, 2, 2a ... (no 10)
            first = app.session.game.offered.options[0].text
            await pilot.press("1")
            await pilot.pause()
            return first, picked_lines(app), app.query_one("#statusline").typed

    first, picked, typed = asyncio.run(go())
    assert typed == "" and picked[-1] == f"▸ {first}"
