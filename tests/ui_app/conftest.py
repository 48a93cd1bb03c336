"""Fixtures for the full-screen app's tests.

Set ``SOLO_UPDATE_SNAPSHOTS=1`` to rewrite ``snapshots/`` from the screens the tests see (then
look at the diff before committing it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def update_snapshots() -> bool:
    return os.environ.get("SOLO_UPDATE_SNAPSHOTS", "") not in ("", "0")
