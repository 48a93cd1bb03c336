"""The four-s fight's outcome classes (solo/rules/four_s/fight/classes.py, solo/rules/roll_walk.py)
against brute force: every script of die faces walked one by one (the analyzer's enumerator),
grouped by what a later step can read of the call; each class replays to its own result."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fight_class_checks import brute
import fight_class_checks as checks

from solo.analyze import classes as cl
from solo.rules import registry, roll_walk
from solo.rules.base import Character
from solo.rules.conflict import ENEMY, PLAYER, ConflictSetup, Fighter, private_state
from solo.rules.four_s.fight import classes as fc
from solo.rules.four_s.fight.procedure import Fight

FOUR = registry.get("four-s")
FIGHT = Fight(FOUR)
ITEMS = {"hammer": {"speed": "normal", "damage": "1d6"}, "maul": {"speed": "slow", "damage": "2d6"}}


def pc(items=("hammer",)) -> Character:
    stats = {"strength": 3, "skill": 3, "support": 3, "scharisma": 3}
    return FOUR.prepare_character(Character(name="Wren", system="four-s", stats=stats, items=list(items),
                                            resources={"level": 1, "sp_unspent": 0}))


def foe(actions=("attack",)) -> Character:
    return FOUR.prepare_character(Character(name="Goblin", system="four-s", stats={},
                                            extra={"actions": list(actions)}))


def brawl(player: Character, goblin: Character, **params) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, player), Fighter("goblin", ENEMY, goblin, behaviour="steady", npc="goblin")]
    return ConflictSetup("fight", fighters, params, ITEMS, {k: k for k in ITEMS}, 3)


def closed(what: str, s: ConflictSetup, call, state=None, extra=None) -> dict:
    return checks.closed(FIGHT, what, s, call, state, extra)


@pytest.mark.parametrize("items", [("hammer",), ("maul",)])
def test_the_start_and_an_exchange_have_the_classes_and_odds_of_every_script_of_faces(items):
    s = brawl(pc(items), foe(), first="player")

    def start(dice, mine):
        return FIGHT.begin(dice, mine)

    assert closed("start", s, start) == brute(start, s)
    step = FIGHT.begin(cl.Replay([], fallback=object()), roll_walk._copy_setup(s))  # type: ignore[arg-type]
    key = next(a.key for a in FIGHT.decision(s, step.state).actions if a.enabled and "hammer" in a.key or "maul" in a.key)

    def exchange(dice, mine):
        return FIGHT.act(dice, mine, private_state(step.state), key)

    want = brute(exchange, s)
    got = closed("exchange", s, exchange, step.state, key)
    assert got == want and len(got) > 1 and sum(got.values()) == Fraction(1)


def test_pools_are_read_by_their_sums_unless_a_drain_splits_them():
    assert fc.pool_reader(brawl(pc(), foe()))((1, 6)) == fc.pool_reader(brawl(pc(), foe()))((3, 4))
    assert fc.pool_reader(brawl(pc(), foe(("attack", "drain")))) is None
