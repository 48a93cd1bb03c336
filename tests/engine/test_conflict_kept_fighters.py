"""A conflict's fighters kept from one decision to the next (ConflictRunner.keeps_fighters, what
the playtest's fast runtime turns on) stand for their stored copy: at every decision of the
fights and endeavours of four bundled adventures, the kept fighters read type for type as those
restored from the decision's stored data, and only the very data stored from them finds them."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from solo.adventure import loader
from solo.engine.conflicts import ConflictRunner
from solo.playtest import fast_run
from solo.playtest.runner import PlaytestSpec
from fast_plays import play_fast
from typed_read import typed


def _fighter(fighter: Any) -> Any:
    read = {f.name: getattr(fighter, f.name) for f in fields(fighter)}
    read["character"] = typed(vars(read["character"]))
    return typed(read)


@pytest.mark.parametrize("name", ["clockwork-heist", "lantern-fen", "blessed-harvest", "supply-ship"])
def test_kept_fighters_read_as_restored_ones(monkeypatch, name):
    original = ConflictRunner.restore
    hits: list[int] = []

    def restore(runner, data):
        kept = runner._kept
        found = original(runner, data)
        if kept is not None and kept[0] is data["fighters"]:
            runner._kept = None
            fresh = original(runner, data)
            runner._kept = kept
            assert [_fighter(f) for f in found] == [_fighter(f) for f in fresh]
            assert found[0].character is runner.context.character
            hits.append(len(found))
        return found

    monkeypatch.setattr(ConflictRunner, "restore", restore)
    play_fast(name, 40, 9)
    assert len(hits) > 10


def test_other_data_is_restored_from_what_it_stores():
    adventure = loader.load("clockwork-heist").adventure
    spec = PlaytestSpec(adventure, runtime="fast")
    for index in range(40):
        run = fast_run._Run(spec, index, 9)
        run.play()
        conflicts = run.game.conflicts
        if conflicts._kept is not None or not run.result.conflicts:
            continue
        stored, fighters = {}, []
        conflicts._kept = (stored, fighters)
        assert conflicts.restore({"fighters": stored}) == []  # the very data: the kept fighters
        assert [f.key for f in conflicts.restore({"fighters": {}})] == ["player"]  # equal, not the same
        return
    pytest.fail("no heist run fought")
