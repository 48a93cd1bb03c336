"""Each fight event carries the round it happened in, in all five systems: a step that crosses
into a new round (the player's last act of one round, the other side's moves, the next round's
opening) labels the earlier events with the earlier round, as `solo play --json` shows them."""

from __future__ import annotations

import random
import re

import pytest

from solo.adventure import loader
from solo.engine.game import Game

OPENS = re.compile(r"^(?:Round|Turn) (\d+)\b")


@pytest.mark.parametrize("name", ["hb-fight", "lf-fight", "guts-fight", "game-fight", "four-s-fight"])
def test_fight_events_carry_the_round_they_happened_in(fixtures, name):
    adventure = loader.load(fixtures / f"{name}.yaml").adventure
    crossed = 0
    for seed in range(6):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        events = game.start()
        for _ in range(300):
            fights: list[list] = [[]]  # a step may end one conflict and start the next
            for event in events:
                if event.type == "conflict-start":
                    fights.append([])
                elif event.type == "conflict-action":
                    fights[-1].append(event)
            for actions in fights:
                rounds = [e.round for e in actions]
                assert rounds == sorted(rounds), [(e.round, e.text) for e in actions]
                for event in actions:
                    opened = OPENS.match(event.text)
                    if opened:
                        assert event.round == int(opened.group(1)), event.text
                if len(set(rounds)) > 1:
                    crossed += 1
            if game.finished:
                break
            events = game.choose(rng.choice(game.offered.enabled_keys()))
    assert crossed, "no step crossed into a new round: the test did not look at what it is about"
