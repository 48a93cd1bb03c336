"""The cyclic collector held off what an analysis keeps (solo/analyze/collector.py): frozen while
the outermost analysis runs, nested holds leaving it to the outermost, given back however the
analysis ends, and left alone when someone else froze objects (the test suite's collection)."""

from __future__ import annotations

import gc

import pytest

from solo.analyze import collector


@pytest.fixture
def nobody_frozen():
    theirs = gc.get_freeze_count()
    gc.unfreeze()
    try:
        yield
    finally:
        if theirs:
            gc.freeze()


def test_the_outermost_hold_freezes_and_gives_back(nobody_frozen):
    collector.hold()
    try:
        assert gc.get_freeze_count() > 0
        collector.hold()  # an analysis inside another (the floors, then the search)
        collector.release()
        assert gc.get_freeze_count() > 0, "the inner one leaves it to the outer"
        before = gc.get_freeze_count()
        kept = [[] for _ in range(100)]  # what the explorer keeps as it goes
        collector.settle()
        assert gc.get_freeze_count() >= before + len(kept)
    finally:
        collector.release()
    assert gc.get_freeze_count() == 0


def test_given_back_when_the_analysis_raises(nobody_frozen):
    @collector.held
    def fails():
        assert gc.get_freeze_count() > 0
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fails()
    assert gc.get_freeze_count() == 0


def test_someone_elses_frozen_objects_stay_frozen(nobody_frozen):
    gc.freeze()
    frozen = gc.get_freeze_count()
    try:
        collector.hold()
        kept = [[] for _ in range(100)]
        collector.settle()
        collector.release()
        assert gc.get_freeze_count() == frozen and kept
    finally:
        gc.unfreeze()
