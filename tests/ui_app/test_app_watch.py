"""The full screen's live preview (`solo play FILE --watch --full`), driven with Textual's pilot."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from apptools import settle, story_text  # noqa: E402

from solo.publish.starter import write_starter  # noqa: E402
from solo.saves import SaveStore  # noqa: E402
from solo.session import new_session  # noqa: E402
from solo.ui.app.app import SoloApp  # noqa: E402
from solo.ui.app.widgets import ChoicePanel  # noqa: E402

pytestmark = pytest.mark.e2e  # the Textual pilot
DEADLINE = 20.0


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    before = os.stat(path).st_mtime_ns
    path.write_text(text.replace(old, new))
    if os.stat(path).st_mtime_ns == before:
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def said(app) -> str:
    """The story as one line of words (the pane wraps long lines)."""
    return " ".join(story_text(app).split())


async def until(pilot, app, test) -> None:
    deadline = time.monotonic() + DEADLINE
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"not seen in time; the story is:\n{story_text(app)}")
        await asyncio.sleep(0.05)
        await pilot.pause()
    await settle(pilot, app)


def test_full_screen_reloads_on_save_shows_errors_in_the_story_and_waits_after_the_end(tmp_path):
    path = write_starter(tmp_path / "gate.yaml", "guts-plus")

    async def go():
        session = new_session(str(path), store=SaveStore(tmp_path / "saves"), slot="gate", seed=7)
        app = SoloApp(session, watch=str(path))
        async with app.run_test(size=(100, 34)) as pilot:
            await settle(pilot, app)
            choices = app.query_one(ChoicePanel)
            edit(path, "      - text: Give up and walk home\n        goto: home\n",
                 "      - text: Give up and walk home\n        goto: home\n      - text: Climb the wall\n"
                 "        goto: beyond\n")
            await until(pilot, app, lambda: "replayed your 0 answers" in said(app))
            assert choices.offered is not None and [o.text for o in choices.offered.options][-1] == "Climb the wall"
            edit(path, "goto: home", "goto: hom")
            await until(pilot, app, lambda: "no scene called 'hom'" in said(app))
            assert "still playing the last good version" in said(app)
            await pilot.press("3")
            await until(pilot, app, lambda: "Still watching the file" in said(app))
            edit(path, "goto: hom", "goto: home")
            await until(pilot, app, lambda: "replayed your 1 answer" in said(app))
            await until(pilot, app, lambda: said(app).count("Still watching the file") == 2)
            await pilot.press("q")
            await until(pilot, app, lambda: app.loop_done.is_set())
        return app

    app = asyncio.run(go())
    assert app.status_code == 0
