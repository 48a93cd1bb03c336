"""ConflictSetup.player (a loop asked at every look of a fight) finds the fighter next() over
the fighters found: the first on the player's side, and StopIteration when there is none."""

from __future__ import annotations

import itertools

import pytest

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter


def _fighter(n: int, side: str) -> Fighter:
    return Fighter(f"f{n}", side, Character(system="game", name=f"F{n}", stats={}))


def test_the_player_is_the_first_fighter_on_the_player_s_side_as_next_found_it() -> None:
    tried = 0
    for size in range(1, 5):
        for sides in itertools.product((PLAYER, ALLY, ENEMY), repeat=size):
            setup = ConflictSetup("any", [_fighter(n, side) for n, side in enumerate(sides)])
            if PLAYER not in sides:
                with pytest.raises(StopIteration):
                    setup.player  # noqa: B018
                continue
            assert setup.player is next(f for f in setup.fighters if f.side == PLAYER)
            tried += 1
    assert tried == 1 + 5 + 19 + 65  # setups with at least one player (3**n - 2**n)
