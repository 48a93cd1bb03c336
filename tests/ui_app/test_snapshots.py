"""Screen snapshots of the full-screen app at fixed sizes, compared as text.

A changed screen fails with a diff. When the change is intended, rewrite the snapshots with
``SOLO_UPDATE_SNAPSHOTS=1 python -m pytest tests/ui_app/test_snapshots.py`` and read the diff of
``tests/ui_app/snapshots/`` before committing it.
"""

from __future__ import annotations

import asyncio
import difflib
from pathlib import Path

import pytest
from apptools import new_app, press, screen_text, settle

from solo.ui.app.widgets import ChoicePanel, StoryPane

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot

SNAPSHOTS = Path(__file__).parent / "snapshots"

# (name, size, keys): Dara; ask BOSS; head for the cargo bay; talk BOSS round (it rolls at once).
# The hub cases: Dara, then straight aft to the hallway's eleven doors (two-digit keys).
HUB = ["1", "3"]
CASES = [
    ("hub-60x20", (60, 20), HUB),
    ("hub-80x24", (80, 24), HUB),
    ("hub-100x30", (100, 30), HUB),
    ("hub-120x40", (120, 40), HUB),
    ("hub-160x50", (160, 50), HUB),
    ("choose-character-80x24", (80, 24), []),
    ("first-scene-80x24", (80, 24), ["1"]),
    ("after-a-roll-80x24", (80, 24), ["1", "1", "1", "1"]),
    ("choose-character-120x40", (120, 40), []),
    ("after-a-roll-120x40", (120, 40), ["1", "1", "1", "1"]),
]


def screen_after(tmp_path: Path, size: tuple[int, int], keys: list[str]) -> str:
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await press(pilot, app, *keys)
            # the story scrolls to what was added once it is laid out (timers): poll until the
            # screen has stayed the same for half a second (a loaded machine can run a timer more
            # than one poll late), within a generous deadline
            screen, still = screen_text(app), 0
            for _ in range(600):
                await pilot.pause(0.05)
                again = screen_text(app)
                still = still + 1 if again == screen else 0
                screen = again
                if still >= 10:
                    break
            return screen

    return asyncio.run(go())


@pytest.mark.parametrize("name,size,keys", CASES, ids=[c[0] for c in CASES])
def test_screen_matches_its_snapshot(tmp_path, update_snapshots, name, size, keys):
    screen = screen_after(tmp_path, size, keys)
    lines = screen.splitlines()
    assert len(lines) == size[1] and max(len(line) for line in lines) <= size[0]
    path = SNAPSHOTS / f"{name}.txt"
    if update_snapshots:
        path.parent.mkdir(exist_ok=True)
        path.write_text(screen + "\n", encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: create it with SOLO_UPDATE_SNAPSHOTS=1 python -m pytest "
                    f"tests/ui_app/test_snapshots.py -k {name}, read it, and commit it")
    expected = path.read_text(encoding="utf-8").rstrip("\n")
    diff = "\n".join(difflib.unified_diff(expected.splitlines(), lines, "snapshot", "screen", lineterm=""))
    assert screen == expected, f"{name} changed (SOLO_UPDATE_SNAPSHOTS=1 rewrites it):\n{diff}"


def test_missing_snapshot_fails_and_says_how_to_make_it(tmp_path, monkeypatch):
    monkeypatch.setitem(globals(), "SNAPSHOTS", tmp_path / "none")
    with pytest.raises(pytest.fail.Exception, match="SOLO_UPDATE_SNAPSHOTS=1"):
        test_screen_matches_its_snapshot(tmp_path, False, *CASES[0])
    assert not (tmp_path / "none").exists()


def layout_at(tmp_path: Path, size: tuple[int, int], keys: list[str]) -> dict:
    async def go():
        app = new_app(tmp_path, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await press(pilot, app, *keys)
            story = app.query_one(StoryPane)
            return {"story": (story.content_size.width, story.size.height),
                    "options": len(app.query_one(ChoicePanel).offered.options),
                    "side": app.query_one("#side").display and app.query_one("#side").size.width > 0,
                    "status": app.query_one("#statusline").display, "text": screen_text(app)}

    return asyncio.run(go())


def test_at_80x24_the_story_has_the_width_and_a_status_line_stays(tmp_path):
    seen = layout_at(tmp_path, (80, 24), HUB)
    assert seen["options"] >= 10
    width, height = seen["story"]
    assert width >= 70 and height >= 12
    assert not seen["side"] and seen["status"]
    assert "Dara Okafor" in seen["text"].splitlines()[-2]  # the status line, above the keys


def test_the_side_panel_returns_where_there_is_room(tmp_path):
    seen = layout_at(tmp_path, (120, 40), HUB)
    assert seen["side"] and not seen["status"]
    assert seen["story"][1] >= 12
