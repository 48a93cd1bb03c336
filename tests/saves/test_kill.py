"""Short kill test: SIGKILL, SIGINT and SIGTERM at random moments of `solo play`; every slot still
loads and no temporary file is left once the folder is listed (tests/fuzz/kill.py runs 1 000)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fuzz"))

import kill  # noqa: E402

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot


def test_random_kills_never_leave_an_unloadable_slot_or_a_temporary_file(tmp_path):
    rnd = random.Random(7)
    seen = set()
    for _ in range(6):
        name, state = kill.kill_round(tmp_path, rnd)
        seen.add(name)
        assert not state.startswith("did not stop"), f"solo {state} after {name}"
        assert kill.check_folder(tmp_path) == []
    assert any((tmp_path / f"{slot}.json").exists() for slot in kill.SLOTS)
    assert len(seen) >= 2
