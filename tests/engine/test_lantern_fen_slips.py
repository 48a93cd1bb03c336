"""lantern-fen's editorial slips stay fixed (docs/checklists/lantern-fen.md)."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.engine.gm import GameMaster


@pytest.fixture(scope="module")
def fen():
    return loader.load("lantern-fen").adventure


def _at(fen, pregen: str, scene: str, items=()) -> Game:
    who = next(p for p in fen.characters if p.id == pregen)
    game = Game(fen, seed=4, character=who.character(fen.system))
    game.start()
    gm = GameMaster(game)
    for item in items:
        gm.give(item)
    gm.goto(scene)
    return game


def _offered(game: Game) -> list[str]:
    return [o.text for o in game.offered.options if o.enabled]


def test_nell_who_cannot_read_is_not_offered_reading_the_ledger(fen):
    nell = _offered(_at(fen, "nell", "ferry-shed"))
    assert "Take the ledger and read the last pages by the door" not in nell
    assert any(t.startswith("Take the ledger; the letters are nothing to you") for t in nell)
    for reader in ("maud", "erasmus"):
        shown = _offered(_at(fen, reader, "ferry-shed"))
        assert "Take the ledger and read the last pages by the door" in shown
        assert not any(t.startswith("Take the ledger; the letters") for t in shown)


def test_the_knife_is_not_traded_for_a_flask_already_held(fen):
    trade = "Trade her your gutting knife for a flask of her oil"
    assert trade in _offered(_at(fen, "nell", "tansy-hut"))
    assert trade not in _offered(_at(fen, "nell", "tansy-hut", items=["oil-flask"]))
