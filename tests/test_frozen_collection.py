"""tests/support/frozen_collection.py: the collector is on again once the suite is collected, and
what collecting made is frozen (left out of later collections) unless SOLO_TEST_GC_FREEZE=0."""

from __future__ import annotations

import gc
import os


def test_the_collected_suite_is_frozen_and_the_collector_runs_again():
    assert gc.isenabled()
    if os.environ.get("SOLO_TEST_GC_FREEZE", "") != "0":
        assert gc.get_freeze_count() > 1000  # this file alone collected: its modules, pytest's, solo's
