"""Hostile adventure text in the full-screen app: shown as written, never markup or an action.

Regressions of issue 17: a name holding ``[@click=app.screenshot(...)]`` wrote a file when clicked,
a name holding ``[/]`` ended the game, a label holding ``[/]`` crashed with a MarkupError.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from apptools import press, screen_text, settle
from hypothesis import HealthCheck, example, given, settings

sys.path.insert(0, str(Path(__file__).parents[1] / "hostile"))

from hostile_text import hostile, hostile_adventure  # noqa: E402

from solo.saves import SaveStore  # noqa: E402
from solo.session import new_session  # noqa: E402
from solo.ui.app.app import SoloApp  # noqa: E402
from solo.ui.safe_text import terminal  # noqa: E402

pytestmark = pytest.mark.e2e  # the Textual pilot, clicking all over the screen

SCREENSHOT = 'N [@click=app.screenshot("pwned.svg","/tmp")]Bob[/]'


def play(text: str, folder: Path, clicks: bool = True) -> tuple[SoloApp, list[str], list[str], str]:
    path = hostile_adventure(text, folder)
    app = SoloApp(new_session(str(path), store=SaveStore(folder / "saves"), slot="h", seed=1))
    taken: list[str] = []
    app.action_screenshot = lambda *a, **k: taken.append(repr(a))  # what a clicked link would run
    screens: list[str] = []

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, app)
            screens.append(screen_text(app))
            for _ in range(2):
                if app.loop_done.is_set():
                    break
                await press(pilot, app, "1")
                screens.append(screen_text(app))
            for y in range(0, 40, 3) if clicks else ():  # click all over: a link in any title would run
                for x in range(0, 120, 7):
                    await pilot.click(offset=(x, y))
            await pilot.pause()
            running = app.is_running and not app.loop_done.is_set()
            return running

    running = asyncio.run(go())
    return app, taken, screens, "running" if running else "stopped"


def _assert_literal(text: str, folder: Path, clicks: bool = True) -> None:
    app, taken, screens, state = play(text, folder, clicks)
    assert taken == []
    assert state == "running"  # nothing in the text ended the game
    first_token = terminal(text).split()[1] if len(terminal(text).split()) > 1 else ""
    assert first_token in "\n".join(screens)


def test_a_click_link_in_a_name_is_text_and_takes_no_screenshot(tmp_path):
    _assert_literal(SCREENSHOT, tmp_path)


def test_closing_tags_in_names_and_labels_neither_end_nor_crash_the_game(tmp_path):
    app, taken, screens, state = play("N [/] [/b] [b]x[/]", tmp_path)
    assert state == "running" and taken == []
    assert "[/]" in "\n".join(screens)


@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@example("N [@click=app.quit]q[/] \x1b]8;;http://e\x1b\\ \u202e <b>x</b> ![i](http://b/i.png)")
@given(hostile())
def test_hostile_text_shows_literally_in_the_app(tmp_path_factory, text):
    _assert_literal(text, tmp_path_factory.mktemp("app"), clicks=False)  # the clicks: tests above
