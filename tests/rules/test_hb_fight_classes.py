"""The Humanity, Blessed fight's outcome classes (solo/rules/humanity_blessed/fight/call_walk.py,
roll_classes.py) against brute force: every script of die faces walked one by one, no roll
answered by class, grouped by what a later step can read of the call; each class replays on the
real fight to its own result with the chance brute force gives it.

A bumping die never ends, so brute force needs a finite fight: the bump chain is capped at one
bump here (bumping.MAX_BUMPS and the default of bumping.roll), which the classes read too; then
nothing is left out on either side and the two must agree exactly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.analyze import classes as cl
from solo.rules import roll_walk
from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter, private_state
from solo.rules.humanity_blessed import bumping, outcome_classes
from solo.rules.humanity_blessed.fight import Fight, call_walk, roll_classes
from solo.rules.humanity_blessed.ruleset import HumanityBlessed
from solo.rules.scripted import ScriptedDice, walk

RULES = HumanityBlessed()
FIGHT = Fight(RULES)


@pytest.fixture
def one_bump(monkeypatch):
    """Bump chains of at most one bump, every cache of group rolls emptied before and after."""
    def clear():
        outcome_classes.group_rolls.cache_clear()
        roll_classes._CLASSES._answers.clear()

    clear()
    monkeypatch.setattr(bumping, "MAX_BUMPS", 1)
    monkeypatch.setattr(bumping.roll, "__defaults__", (1, ()))
    yield
    clear()


def person(name: str, **stats) -> Character:
    return Character(name=name, system="humanity-blessed", stats=stats, resources={"blessings": []})


def duel(behaviour: str = "reckless", **params) -> ConflictSetup:
    me = person("Ada", hurt="d6", hurry="d4", home="d4")
    me.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 2], "big_win": False}  # blessing dice earned: classes of their own
    goose = person("Goose", hurry="d4", hurt="d4")
    fighters = [Fighter("player", PLAYER, me), Fighter("goose", ENEMY, goose, behaviour=behaviour, npc="goose")]
    return ConflictSetup("fight", fighters, params, {}, {}, rounds=1)


def brute(call, s: ConflictSetup) -> dict:
    """Every script of faces, die by die (dice with no classes of any event), grouped by result."""
    def run(script):
        mine = roll_walk._copy_setup(s)
        return call_walk.result_key(call(ScriptedDice(script), mine), mine)

    walked = walk(run, 200_000)
    assert walked.rest == 0
    return {k: p for k, (p, _) in walked.groups.items()}


def closed(what: str, s: ConflictSetup, call, state=None, extra=None) -> dict:
    listed, rest = FIGHT.outcome_classes(what, s, state, extra)
    assert rest == 0 and sum(p for p, _ in listed) == 1
    groups: dict = {}
    for p, script in listed:
        mine = roll_walk._copy_setup(s)
        key = call_walk.result_key(call(cl.Replay(list(script), fallback=object()), mine), mine)  # type: ignore[arg-type]
        assert key not in groups, "two classes replay to one result"
        groups[key] = p
    return groups


def started(s: ConflictSetup):
    return FIGHT.begin(ScriptedDice([]), roll_walk._copy_setup(s))


@pytest.mark.parametrize("key", ["attack:goose", "flee"])
def test_an_exchange_has_the_classes_and_odds_of_every_script_of_faces(one_bump, key):
    s = duel()
    start = started(s)

    def call(dice, mine):
        return FIGHT.act(dice, mine, private_state(start.state), key)

    want = brute(call, s)
    got = closed("exchange", s, call, start.state, key)
    assert got == want and len(got) > 1 and sum(got.values()) == Fraction(1)


def brawl() -> ConflictSetup:
    me = person("Ada", hurt="d4", hurry="d4", home="d4")
    me.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 2], "big_win": False}
    louts = [person(f"Lout{i}", hurry="d4", hurt="d4") for i in (1, 2)]
    fighters = [Fighter("player", PLAYER, me)]
    fighters += [Fighter(f"lout{i}", ENEMY, c, behaviour="reckless", npc="lout") for i, c in enumerate(louts, 1)]
    return ConflictSetup("fight", fighters, {}, {}, {}, rounds=1)


def test_two_foes_have_the_classes_and_odds_of_every_script_of_faces(one_bump):
    """Two louts attack a player who holds: the roll of whoever is taken up first is read no more
    (the walker merges those moments); the chances are still those of every script of faces."""
    s = brawl()
    start = started(s)

    def call(dice, mine):
        return FIGHT.act(dice, mine, private_state(start.state), "hold")

    want = brute(call, s)
    got = closed("exchange", s, call, start.state, "hold")
    assert got == want and len(got) > 1


def test_the_defence_the_player_chooses_has_brute_force_odds(one_bump):
    s = duel()
    start = started(s)
    step = FIGHT.act(ScriptedDice([4, 2]), roll_walk._copy_setup(s), private_state(start.state), "hold")
    assert step.state["ask"] == {"kind": "defend"}
    key = next(a.key for a in FIGHT.decision(s, step.state).actions if a.enabled and a.key.startswith("defend:"))

    def call(dice, mine):
        return FIGHT.act(dice, mine, private_state(step.state), key)

    want = brute(call, s)
    assert closed("exchange", s, call, step.state, key) == want and len(want) > 1


def from_file(name: str, kind: str, key: str) -> Character:
    """A pregen or npc of an adventure as written (stats and blessings only)."""
    from pathlib import Path

    from solo.adventure import loader

    path = Path(__file__).parent.parent.parent / ("adventures" if name == "blessed-harvest" else "tests/fixtures") / f"{name}.yaml"
    adventure = loader.load(str(path)).adventure
    found = {p.id: p for p in adventure.characters} if kind == "pregen" else adventure.npcs
    return person(found[key].name, **dict(found[key].stats))


def test_the_goose_fight_of_blessed_harvest_has_brute_force_odds(one_bump):
    """Wren against Bartholomew (hurt d8), his first attack on her as she defends."""
    me = from_file("blessed-harvest", "pregen", "wren")
    me.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 2], "big_win": False}
    goose = from_file("blessed-harvest", "npc", "bartholomew")
    s = ConflictSetup("fight", [Fighter("player", PLAYER, me),
                                Fighter("goose", ENEMY, goose, behaviour="reckless", npc="goose")], {}, {}, {}, rounds=1)
    start = started(s)
    step = FIGHT.act(ScriptedDice([7]), roll_walk._copy_setup(s), private_state(start.state), "hold")
    assert step.state["ask"] == {"kind": "defend"}
    key = "defend:hurry"

    def call(dice, mine):
        return FIGHT.act(dice, mine, private_state(step.state), key)

    want = brute(call, s)
    assert closed("exchange", s, call, step.state, key) == want and len(want) > 1


def test_the_mill_yard_start_has_brute_force_odds(one_bump):
    """tests/fixtures/hb-fight.yaml's fighters (Ada and Tam against the bully and two louts): the
    start, where the engine's fighters declare (their targets drawn among equals)."""
    me = from_file("hb-fight", "pregen", "ada")
    me.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 2], "big_win": False}
    fighters = [Fighter("player", PLAYER, me),
                Fighter("tam", ALLY, from_file("hb-fight", "npc", "tam"), behaviour="steady", npc="tam"),
                Fighter("boss", ENEMY, from_file("hb-fight", "npc", "boss"), behaviour="steady", npc="boss")]
    fighters += [Fighter(f"lout{i}", ENEMY, from_file("hb-fight", "npc", "lout"), behaviour="reckless", npc="lout")
                 for i in (1, 2)]
    s = ConflictSetup("fight", fighters, {}, {}, {}, rounds=1)

    def call(dice, mine):
        return FIGHT.begin(dice, mine)

    want = brute(call, s)
    assert closed("start", s, call) == want and len(want) > 1  # the louts pick their targets


def test_a_quiet_fight_offers_the_same_actions_without_their_odds():
    """The analyzer's and the bots' game (``quiet``) skips the odds nobody reads, never an action."""
    import dataclasses

    s = duel()
    start = started(s)
    loud = FIGHT.decision(s, start.state).actions
    quiet = FIGHT.decision(dataclasses.replace(s, quiet=True), start.state).actions
    assert [(a.key, a.enabled) for a in quiet] == [(a.key, a.enabled) for a in loud]
    assert any(a.odds is not None for a in loud) and next(a for a in quiet if a.key == "attack:goose").odds is None


def test_the_aftermath_is_one_class_and_draws_no_dice():
    s = duel()
    state = dict(started(s).state)
    state["down"] = {"goose": {"by": "player", "roll": 7, "stat": "hurry", "added": [], "size": "major"}}
    listed, rest = FIGHT.outcome_classes("aftermath", s, state, "won")
    assert (listed, rest) == ([(Fraction(1), [])], Fraction(0))
    done = FIGHT.conclude(cl.Replay([], fallback=object()), roll_walk._copy_setup(s), state, "won")  # type: ignore[arg-type]
    assert done.fallen == {"goose": "taken out"}
