"""Starting a bundled adventure as one of its pregenerated characters, for tests that drive a game
to where a slip showed and read what the player is shown (the adventures' slips and read-through
tests)."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.adventure.model import Adventure
from solo.engine.game import Game
from solo.rules.base import Character
from solo.engine.gm import GameMaster


def load_as(path: Path | str, pregen: str | None = None) -> tuple[Adventure, Character]:
    """The adventure at ``path`` and a fresh character of its pregen ``pregen`` (None: the first)."""
    adventure = loader.load(str(path)).adventure
    who = next(p for p in adventure.characters if pregen in (None, p.id))
    return adventure, who.character(adventure.system)


def start_as(adventure: Adventure, pregen: str, seed: int) -> Game:
    """A started game of ``adventure`` played as the pregen whose id is ``pregen``."""
    who = next(p for p in adventure.characters if p.id == pregen)
    game = Game(adventure, seed=seed, character=who.character(adventure.system))
    game.start()
    return game


def placed(adventure: Adventure, pregen: str, scene: str, seed: int, items: tuple[str, ...] = ()) -> Game:
    """:func:`start_as`, then given ``items`` and moved to ``scene`` as the GM's debug mode does."""
    game = start_as(adventure, pregen, seed)
    gm = GameMaster(game)
    for item in items:
        gm.give(item)
    gm.goto(scene)
    return game


def texts(events) -> str:
    """The text of every event that has one, in one line."""
    return " ".join(getattr(e, "text", "") or "" for e in events)


def enabled_options(game: Game) -> dict[str, str]:
    """The options on offer that can be taken, by their text: their keys."""
    return {o.text: o.key for o in game.offered.options if o.enabled}
