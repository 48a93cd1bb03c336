"""Helpers for driving the full-screen app in tests: start a game, wait for the loop, read the screen."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from rich.console import Console

from solo.saves import SaveStore
from solo.session import new_session, resume_session
from solo.ui.app.app import SoloApp

STEP_TIMEOUT = 10.0


def new_app(save_dir: Path, adventure: str = "supply-ship", seed: int = 3, slot: str = "t") -> SoloApp:
    return SoloApp(new_session(adventure, store=SaveStore(save_dir), slot=slot, seed=seed))


def resumed_app(save_dir: Path, slot: str = "t") -> SoloApp:
    return SoloApp(resume_session(SaveStore(save_dir), slot), resume=True)


def screen_text(app: SoloApp) -> str:
    """The screen as plain text, one line per row (what a person would read)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      record=True, legacy_windows=False, safe_box=False, color_system=None)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def story_text(app: SoloApp, selector: str = ".block") -> str:
    """The story pane's blocks (or those matching ``selector``) as plain text, wrapped at 100."""
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    for block in app.query_one("#story").query(selector):
        console.print(getattr(block, "content", None) or getattr(block, "renderable", ""))
    return console.export_text()


async def settle(pilot, app: SoloApp) -> None:
    """Wait until the loop waits for the player (or has ended), then let the screen catch up."""
    deadline = time.monotonic() + STEP_TIMEOUT
    while not (app.waiting or app.loop_done.is_set()):
        if time.monotonic() > deadline:
            raise AssertionError("the game did not ask for a decision in time")
        await asyncio.sleep(0.01)
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


async def press(pilot, app: SoloApp, *keys: str) -> None:
    """Press each key, waiting after each for the game to be ready again."""
    for key in keys:
        await pilot.press(key)
        await settle(pilot, app)
