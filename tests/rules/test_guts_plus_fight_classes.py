"""The GUTS+ fight's outcome classes (start, exchange, aftermath) against brute force.

Brute force (every script of faces, with the analyzer's enumerator) pins the two shortcuts: the
initiative's orders and a contest's classes from its exact odds; replaying a class's faces on the
procedure must give its own result. A whole start against brute force takes minutes (thousands of
scripts, each a fight): ``python bench/fight_classes.py`` runs that comparison.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.analyze import classes as cl
from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter, private_state
from solo.rules.guts_plus import GutsPlus
from solo.rules.guts_plus.fight import classes as fc
from solo.rules.guts_plus.fight.procedure import Fight

RULES = GutsPlus()
FIGHT = Fight(RULES)
ITEMS = {"club": {"weapon": "melee"}, "helmet": {"worn": True, "protects": ["head"]}}


def person(name: str, items=(), **stats) -> Character:
    stats = {"gumption": 1, "utility": 1, "thought": 1, "slyness": 1, **stats}
    return RULES.prepare_character(Character(name=name, system="guts-plus", stats=stats, items=list(items)))


def fight_setup(player: Character, foe: Character, allies=(), behaviour="steady") -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, player)]
    fighters += [Fighter(a.name.lower(), ALLY, a, behaviour=behaviour) for a in allies]
    fighters.append(Fighter(foe.name.lower(), ENEMY, foe, behaviour=behaviour))
    return ConflictSetup("fight", fighters, {}, ITEMS, {k: k for k in ITEMS}, rounds=10)


def brute(call, s: ConflictSetup) -> tuple[dict, Fraction]:
    def run(dice):
        mine = fc._copy_setup(s)
        return fc.result_key(call(dice, mine), mine)

    found = cl.enumerate_classes(run, lambda k: k, max_runs=200_000)
    groups: dict = {}
    for p, script in found.found:
        groups[run(cl.Replay(list(script)))] = groups.get(run(cl.Replay(list(script))), 0) + p
    return groups, found.rest


def closed(what: str, s: ConflictSetup, state=None, extra=None, call=None) -> dict:
    listed, rest = FIGHT.outcome_classes(what, s, state, extra)
    assert rest == 0 and sum(p for p, _ in listed) == 1
    groups: dict = {}
    for p, faces in listed:
        mine = fc._copy_setup(s)
        key = fc.result_key(call(cl.Replay(list(faces), fallback=object()), mine), mine)  # type: ignore[arg-type]
        assert key not in groups, "two classes replay to one result"
        groups[key] = p
    return groups


def test_initiative_orders_have_the_odds_of_every_pool_and_tie_die():
    s = fight_setup(person("You", gumption=2), person("Brute"), allies=[person("Pal")])

    def order(dice):
        from solo.rules.guts_plus.fight.procedure import Bout

        bout = Bout(RULES, fc._copy_setup(s), {"out": {}, "order": [], "initiative": {}, "queue": []})
        bout.initiative(dice, [])
        return tuple(bout.state["order"])

    found = cl.enumerate_classes(order, lambda k: k, max_runs=100_000)
    assert found.rest == 0
    want = {order(cl.Replay(list(script))): p for p, script in found.found}
    got = {order(cl.Replay(list(faces), fallback=object())): p for p, faces in fc.initiative_orders(RULES, s)}  # type: ignore[arg-type]
    assert got == want and len(got) == 6


@pytest.mark.parametrize("params, near", [
    ({"stat": ["gumption"], "opponent_stat": ["gumption"]}, "oracle"),
    ({"stat": ["gumption"], "opponent_stat": ["gumption"], "defending": True}, "oracle"),
    ({"stat": ["gumption"], "opponent_stat": ["gumption"], "modifier": 1}, "success"),
    ({"stat": ["gumption"], "opponent_stat": ["gumption"], "helper": "pal"}, "failure"),
])
def test_a_contests_classes_from_its_odds_are_those_of_every_dice_script(params, near):
    you, brute, pal = person("You", gumption=2), person("Brute"), person("Pal", gumption=2)
    params = {**params, "helper": pal} if "helper" in params else params
    from solo.rules.guts_plus.fight import rolls

    def read(dice):
        record = rolls._contest(RULES, dice, you, brute, params, near)
        return record.outcome, record.success

    found = cl.enumerate_classes(read, lambda k: k, max_runs=100_000)
    assert found.rest == 0
    want = {read(cl.Replay(list(script))): p for p, script in found.found}
    quick = fc._contest_classes(rolls._contest, RULES, you, brute, params, near)
    assert quick is not None
    assert {read(cl.Replay(list(faces), fallback=object())): p for p, faces in quick} == want  # type: ignore[arg-type]


def test_every_class_of_a_start_replays_to_its_own_result_and_the_odds_add_up_to_one():
    s = fight_setup(person("You", ["club"]), person("Brute", ["club"], thought=2), behaviour="cautious")
    listed, rest = FIGHT.outcome_classes("start", s, None, None)
    assert rest == 0 and sum(p for p, _ in listed) == 1
    seen = set()
    for _, faces in listed:
        mine = fc._copy_setup(s)
        seen.add(fc.result_key(FIGHT.begin(cl.Replay(list(faces), fallback=object()), mine), mine))  # type: ignore[arg-type]
    assert len(seen) == len(listed)
