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


@pytest.fixture(scope="module")
def tmux_socket_dir(tmp_path_factory):
    """Where a module's private tmux servers keep their sockets: a folder of the test run's own
    (``TMUX_TMPDIR``), so the tests leave nothing in the user's ``/tmp/tmux-UID`` and no server
    name of theirs can meet one of the user's."""
    folder = tmp_path_factory.mktemp("tmux")
    before = os.environ.get("TMUX_TMPDIR")
    os.environ["TMUX_TMPDIR"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("TMUX_TMPDIR", None)
    else:
        os.environ["TMUX_TMPDIR"] = before
