"""The fast runtime settles a roll with the very parameters it rolled it with (``_Game._params``)
instead of making them again: at every reuse, on 12 runs of each bundled adventure, they equal
(type for type, a helper or named NPC as its data) the parameters made afresh, so the rules
changed nothing in them between rolling and settling."""

from __future__ import annotations

import pytest

from solo.engine.game import Game
from solo.playtest import fast_run
from solo.rules.base import Character
from fast_plays import play_fast
from typed_read import typed


def _plain(value):
    if isinstance(value, Character):
        return ("character", value.to_dict())
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(item) for item in value)
    return value


@pytest.mark.parametrize("name", ["supply-ship", "goblin-market", "lantern-fen", "clockwork-heist",
                                  "blessed-harvest"])
def test_the_kept_parameters_equal_fresh_ones(monkeypatch, name):
    original = fast_run._Game._params
    reused: list[int] = []

    def params(game, spec):
        made = original(game, spec)
        kept = game.driver.params
        if kept is not None and kept[0] is spec:
            assert made is kept[1]
            assert typed(_plain(made)) == typed(_plain(Game._params(game, spec)))
            reused.append(1)
        return made

    monkeypatch.setattr(fast_run._Game, "_params", params)
    results = play_fast(name, 12, 3)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert len(reused) >= 10
