"""The GAME fight's outcome classes (solo/rules/game/fight/classes.py, solo/rules/roll_walk.py)
against brute force: every script of die faces walked one by one (the analyzer's enumerator),
grouped by what a later step can read of the call; each class replays to its own result."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fight_class_checks import brute
import fight_class_checks as checks

from solo.analyze import classes as cl
from solo.rules import roll_walk
from solo.rules.base import Character
from solo.rules.conflict import ENEMY, PLAYER, ConflictSetup, Fighter, private_state
from solo.rules.game import Game
from solo.rules.game.fight import classes as gc
from solo.rules.game.fight.procedure import Fight

RULES = Game()
FIGHT = Fight(RULES)
ITEMS = {"club": {"weapon": "blunt"}, "dagger": {"weapon": {"kind": "blade", "poison": True}},
         "jerkin": {"armour": "light"}}


def person(name: str, items=("club",), fp: int = 2, **stats) -> Character:
    stats = {k.replace("_", "/"): v for k, v in stats.items()}
    character = Character(name=name, system="game", stats=stats, items=list(items))
    character.resources["max_fp"] = fp
    return RULES.prepare_character(character)


def duel(me: Character, foe: Character) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, me), Fighter("lout", ENEMY, foe, behaviour="steady", npc="lout")]
    return ConflictSetup("fight", fighters, {}, ITEMS, {k: k.title() for k in ITEMS}, rounds=3)


def closed(what: str, s: ConflictSetup, call, state=None, extra=None) -> dict:
    return checks.closed(FIGHT, what, s, call, state, extra)


CASES = {
    "clubs": (person("You", Hack_Slash=2, Lift_Smash=2, Block_Dodge=1), person("Lout", Lift_Smash=2, Block_Dodge=1)),
    "poison and armour": (person("You", ("dagger", "jerkin"), Hack_Slash=2, Block_Dodge=1),
                          person("Lout", Lift_Smash=2, Block_Dodge=1)),
}


@pytest.mark.parametrize("case", CASES)
def test_an_exchange_has_the_classes_and_odds_of_every_script_of_faces(case):
    me, foe = CASES[case]
    s = duel(me, foe)
    start = FIGHT.begin(cl.Replay([], fallback=object()), roll_walk._copy_setup(s))  # type: ignore[arg-type]
    key = next(a.key for a in FIGHT.decision(s, start.state).actions if a.enabled)

    def call(dice, mine):
        return FIGHT.act(dice, mine, private_state(start.state), key)

    want = brute(call, s)
    got = closed("exchange", s, call, start.state, key)
    assert got == want and len(got) > 1 and sum(got.values()) == Fraction(1)


def test_a_pool_is_read_by_its_lowest_face_criticals_and_poison_faces():
    s = duel(*CASES["poison and armour"])
    read = gc.pool_reader(s)
    assert read((1, 5, 8)) != read((2, 5, 8))  # the lowest (a 1 stuns)
    assert read((2, 5, 8)) != read((2, 5, 7))  # an 8 is a critical alone
    assert read((2, 3, 8)) != read((2, 4, 8))  # a 3 is a poison face, a 4 is not
    assert read((2, 3, 8)) == read((2, 2, 8))  # two poison faces either way
    plain = gc.pool_reader(duel(*CASES["clubs"]))
    assert plain((2, 4, 8)) == plain((2, 5, 8))  # no poison, no sleep: only the lowest and the 8s
    classes = roll_walk.pool_classes(3, 8, plain)
    assert sum(p for _, p in classes) == 1 and len(classes) < 120


def test_the_brawl_fixture_is_exact_once_its_fight_gives_classes():
    """tests/playtest/broken/brawl.yaml's fight exchange went more than 4,000 dice ways, so
    the analysis stayed bounded; with the fight's classes it finishes, every share exact."""
    from pathlib import Path

    from solo.adventure import loader
    from solo.analyze.command import analyze

    adventure = loader.load(str(Path(__file__).parent.parent / "playtest" / "broken" / "brawl.yaml")).adventure
    found = analyze(adventure, bound=0.0)
    assert found["method"] == "exact" and "notes" not in found
    total = sum(Fraction(v) for v in found["exact"].values()) + sum(Fraction(s["exact"]) for s in found["stuck"])
    assert total == 1 and found["exact"]["street"] == "629/4096"
