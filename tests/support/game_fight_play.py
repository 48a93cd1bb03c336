"""A GAME fight played from an adventure file, driven as the tests of tests/engine/test_game_fight_*_play.py
drive it: the options on offer by id, an action taken on forced dice (every forced face must be
rolled, in the order given), the lines and FP the player sees, the checks' details, and the exact
odds `solo odds game` prints for the same check."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from click.testing import CliRunner

from solo.cli import cli
from solo.engine.game import Game


def offered(game: Game) -> dict[str, Any]:
    """The options on offer, by id (``attack:bouncer``, ``parry:bravo``...)."""
    return {o.id: o for o in game.offered.options}


def act(game: Game, action: str, *faces: int, every_face: bool = True) -> list[dict[str, Any]]:
    """Take the option ``action`` with the dice forced to ``faces``; the events, as dicts.
    ``every_face``: every forced face must be rolled (False: faces to spare may be left)."""
    game.dice.force(*faces)
    events = [e.to_dict() for e in game.choose(offered(game)[action].key)]
    assert not (every_face and game.dice.forced_pending)  # every forced face rolled, in order
    return events


def lines(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events if e.get("text")]


def rolls(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The details of each roll the events carry."""
    return [e["roll"]["details"] for e in events if e.get("roll")]


def view(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The fight's last view in these events."""
    return [e["view"] for e in events if e["type"] == "conflict-round"][-1]


def gauge(events: list[dict[str, Any]], key: str) -> int:
    """The FP the fight's view shows for ``key`` after these events."""
    fighter = next(f for f in view(events)["fighters"] if f["key"] == key)
    return next(g["value"] for g in fighter["gauges"] if g["label"] == "FP")


def solo_odds(*args: str) -> Fraction:
    """The exact chance of success `solo odds game ARGS --json` prints."""
    result = CliRunner().invoke(cli, ["odds", "game", *args, "--json"])
    assert result.exit_code == 0, result.output
    return Fraction(json.loads(result.output)["exact"]["success"])
