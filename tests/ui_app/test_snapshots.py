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

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot

SNAPSHOTS = Path(__file__).parent / "snapshots"

# (name, size, keys): Dara; ask BOSS; head for the cargo bay; talk BOSS round (it rolls at once).
CASES = [
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
            return screen_text(app)

    return asyncio.run(go())


@pytest.mark.parametrize("name,size,keys", CASES, ids=[c[0] for c in CASES])
def test_screen_matches_its_snapshot(tmp_path, update_snapshots, name, size, keys):
    screen = screen_after(tmp_path, size, keys)
    lines = screen.splitlines()
    assert len(lines) == size[1] and max(len(line) for line in lines) <= size[0]
    path = SNAPSHOTS / f"{name}.txt"
    if update_snapshots or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(screen + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").rstrip("\n")
    diff = "\n".join(difflib.unified_diff(expected.splitlines(), lines, "snapshot", "screen", lineterm=""))
    assert screen == expected, f"{name} changed (SOLO_UPDATE_SNAPSHOTS=1 rewrites it):\n{diff}"
