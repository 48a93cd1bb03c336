"""The Humanity, Blessed fight by the book: scripted rounds with forced dice, each rule alone,
the exact odds on offer (the ruleset's own, as ``solo odds`` and an adventure's contest show
them), the behaviours of the other side, contests the other side starts, and random fights
that never break the rules' bounds.

Dice are forced in the order the fight rolls them: every fighter's focus roll in the fight's
order (the player first), then the defender's answer to each attack that goes through. A die
bumps on a 1 (it is rolled again and added), so no forced face is a 1 unless a test says so.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.fight import Fight, chances, wounds
from solo.rules.humanity_blessed.fight.melee import FINISH_TARGET
from solo.rules.humanity_blessed.ruleset import HumanityBlessed

RULES = HumanityBlessed()
FIGHT = Fight(RULES)
NO_LUCK = {"lucky_number": None, "lucky_faces": [1, 2], "big_win": False}


def person(name: str, pool=(), abilities=(), **stats) -> Character:
    c = Character(name=name, system="humanity-blessed", stats=stats,
                  resources={"blessings": list(pool)})
    if abilities:
        c.extra["abilities"] = list(abilities)
    return c


def player(**stats) -> Character:
    c = person("Ada", **({"hurt": "d6", "hurry": "d6", "home": "d6"} | stats))
    c.extra["session"] = dict(NO_LUCK)
    return c


def setup(me: Character, *foes: Character, allies=(), behaviour="steady", house=(), **params) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, me)]
    fighters += [Fighter(a.name.lower(), ALLY, a, behaviour=behaviour, npc=a.name.lower()) for a in allies]
    fighters += [Fighter(f.name.lower(), ENEMY, f, behaviour=behaviour, npc=f.name.lower()) for f in foes]
    return ConflictSetup("fight", fighters, params, {}, {}, rounds=20, house_rules=frozenset(house))


def texts(step) -> list[str]:
    return [b.text for b in step.beats]


def offered(s, state) -> dict:
    return {a.key: a for a in FIGHT.decision(s, state).actions}


# -- wounds by outcome size -----------------------------------------------------------------------


@pytest.mark.parametrize("size, added, down", [
    ("very-minor", ["ache:hurry"], False),
    ("minor", ["ache:hurry"], False),
    ("medium", ["pain:hurry"], False),
    ("major", ["weakness:hurry"], True),
    ("very-major", ["vulnerability:hurry"], True),
    ("maximum", ["weakness:hurry", "vulnerability:hurry"], True),
])
def test_a_blow_leaves_the_wound_its_outcome_size_calls_for(size, added, down):
    c = person("X", hurry="d6")
    blow = wounds.wound(c, "hurry", size)
    assert blow.added == added and c.conditions == added
    assert blow.down is down


def test_by_the_book_three_light_blows_leave_aches_and_the_fighter_stands():
    c = person("X", hurry="d6", head="d4")
    blows = [wounds.wound(c, "hurry", "minor"), wounds.wound(c, "head", "very-minor"),
             wounds.wound(c, "hurry", "minor")]
    assert [b.added for b in blows] == [["ache:hurry"], ["ache:head"], []]
    assert not any(b.down for b in blows)
    assert c.conditions == ["ache:hurry", "ache:head"]
    assert wounds.wound(c, "hurry", "medium").added == ["pain:hurry"]


def test_harm_escalates_house_rule_adds_one_degree_past_the_worst_wound_borne():
    c = person("X", hurry="d6", head="d4")
    assert wounds.wound(c, "hurry", "minor", escalate=True).added == ["ache:hurry"]
    assert wounds.wound(c, "head", "very-minor", escalate=True).added == ["pain:head"]
    third = wounds.wound(c, "hurry", "minor", escalate=True)
    assert third.added == ["weakness:hurry"] and third.down
    c.conditions.append("vulnerability:head")
    past = wounds.wound(c, "hurry", "minor", escalate=True)
    assert past.beyond and past.down and past.added == []


def test_the_fight_ends_with_aches_gone_and_the_fallen_taken_out_in_a_lost_fight():
    c = person("X", hurry="d6")
    c.conditions += ["ache:hurry", "pain:head"]
    assert wounds.clear_aches(c) == ["ache:hurry"] and c.conditions == ["pain:head"]
    c.conditions.append(wounds.TAKEN_OUT)
    assert RULES.incapacitated(c) == "taken out"
    assert RULES.incapacitated(person("Y", hurry="d6")) is None


# -- a scripted fight -------------------------------------------------------------------------------


def test_the_highest_focus_roll_acts_first_and_its_margin_is_the_wound():
    me, lout = player(), person("Lout", hurt="d4", hurry="d4")
    s = setup(me, lout)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    assert texts(step) == ["Round 1."]
    assert step.state["declared"]["lout"] == {"do": "attack", "target": "player", "stat": "hurt",
                                              "spark": None, "anger": False, "ignore": None}
    dice.force(6, 3, 2)  # focus: Ada 6, Lout 3; Lout answers with Hurry 2
    step = FIGHT.act(dice, s, step.state, "attack:lout")
    said = texts(step)
    assert "Who acts first: you 6, Lout 3. You have the focus." in said
    assert "You attack Lout: 6 against Lout's Hurry 2." in said
    assert "A medium blow: Lout takes pain in Hurry." in said  # margin 4: medium
    assert lout.conditions == ["pain:hurry"]
    # the camera rule: Lout was attacked, so his own attack never comes
    assert any("move this round already, caught up in another exchange." in t for t in said)
    assert step.state["round"] == 2 and step.result is None
    record = next(b.roll for b in step.beats if b.roll is not None)
    assert record.measures == {"size": "medium", "margin": 4}


def test_by_the_book_a_minor_blow_on_a_wounded_fighter_leaves_an_ache_and_they_fight_on():
    me, lout = player(), person("Lout", hurt="d4", hurry="d4")
    s = setup(me, lout)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    dice.force(6, 3, 2)  # round 1: a medium blow, pain in Hurry
    step = FIGHT.act(dice, s, step.state, "attack:lout")
    dice.force(5, 3, 4)  # round 2: Ada 5; Lout's Hurry 4, -1 for the pain: 3; a minor blow
    step = FIGHT.act(dice, s, step.state, "attack:lout")
    said = texts(step)
    assert "A minor blow: Lout takes ache in Hurry." in said
    assert step.result is None
    assert lout.conditions == ["pain:hurry", "ache:hurry"]


def test_harm_escalates_house_rule_a_blow_on_a_wounded_fighter_puts_them_down_and_the_fight_is_won():
    me, lout = player(), person("Lout", hurt="d4", hurry="d4")
    s = setup(me, lout, house=["harm-escalates"])
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    dice.force(6, 3, 2)  # round 1: a medium blow, pain in Hurry
    step = FIGHT.act(dice, s, step.state, "attack:lout")
    dice.force(5, 3, 4)  # round 2: Ada 5; Lout's Hurry 4, -1 for the pain: 3; a minor blow
    step = FIGHT.act(dice, s, step.state, "attack:lout")
    said = texts(step)
    assert "You attack Lout: 5 against Lout's Hurry 3." in said
    assert "A minor blow: Lout takes weakness in Hurry, and goes down." in said
    assert step.result == "won"
    end = FIGHT.conclude(dice, s, step.state, "won")
    assert end.fallen == {"lout": "taken out"}
    assert wounds.TAKEN_OUT in lout.conditions and "pain:hurry" in lout.conditions


def test_the_player_defends_seeing_the_attack_and_each_answer_shows_its_chance_to_hold():
    me, brute = player(head="d8"), person("Brute", hurt="d8", hurry="d4")
    s = setup(me, brute)
    dice = Dice(2)
    step = FIGHT.begin(dice, s)
    dice.force(6)  # Brute's focus roll: 6 (the player holds back)
    step = FIGHT.act(dice, s, step.state, "hold")
    assert step.state["ask"] == {"kind": "defend"}
    answers = offered(s, step.state)
    assert list(answers) == ["defend:hurry"]  # the first round: Hurry only
    # holding against a known 6: her Hurry d6 (bumping on a 1) reaching 6 or more
    totals = bumping.total_pmf(bumping.single(bumping.parse_die("d6")), 40)
    assert answers["defend:hurry"].odds == 1 - sum((p for v, p in totals.items() if v < 6), Fraction(0))
    assert answers["defend:hurry"].odds == Fraction(311, 1296)
    assert answers["defend:hurry"].hint.endswith("to hold against 6")
    dice.force(6)  # Ada's Hurry: 6, a tie: it holds
    step = FIGHT.act(dice, s, step.state, "defend:hurry")
    assert "You hold." in texts(step)
    assert me.conditions == []
    # from the second round any of Hurry, Head, Hand, Heart, Home she has
    dice.force(7)
    step = FIGHT.act(dice, s, step.state, "hold")
    assert set(offered(s, step.state)) == {"defend:hurry", "defend:head", "defend:home"}


def test_sparked_answers_wait_in_their_own_menu_and_a_defence_that_holds_asks_nothing_more():
    me, brute = player(), person("Brute", hurt="d8", hurry="d4")
    me.resources["blessings"] = [5, 5, 4]
    s = setup(me, brute)
    dice = Dice(2)
    step = FIGHT.begin(dice, s)
    dice.force(6)
    step = FIGHT.act(dice, s, step.state, "hold")
    assert list(offered(s, step.state)) == ["defend:hurry", "spark"]
    step = FIGHT.act(dice, s, step.state, "spark")
    sparks = offered(s, step.state)
    assert list(sparks) == ["defend:hurry:spark=home", "defend:hurry:spark=hurt", "back"]
    assert all(a.odds is not None and a.hint.endswith("to hold against 6") for k, a in sparks.items() if k != "back")
    step = FIGHT.act(dice, s, step.state, "back")
    assert list(offered(s, step.state)) == ["defend:hurry", "spark"]
    dice.force(6)  # a tie: it holds, and Help could add nothing
    step = FIGHT.act(dice, s, step.state, "defend:hurry")
    assert "You hold." in texts(step)
    assert step.state["ask"] == {"kind": "declare", "menu": "main"}  # straight on to round 2
    assert me.resources["blessings"] == [5, 5, 4]


def test_an_attack_offers_the_exact_contest_odds_an_adventure_shows():
    me, lout = player(), person("Lout", hurt="d4", hurry="d4")
    s = setup(me, lout)
    step = FIGHT.begin(Dice(3), s)
    attack = offered(s, step.state)["attack:lout"]
    exact = RULES.contest_odds(me, lout, {"stat": "hurt", "violent": True}).outcomes["success"]
    assert attack.odds == exact
    assert f"{float(exact) * 100:.0f}% to land" in attack.hint


def test_the_coup_de_grace_offers_what_solo_odds_shows_for_that_check():
    me, lout, tam = player(), person("Lout", hurt="d4", hurry="d4"), person("Tam", hurt="d4", hurry="d4")
    s = setup(me, lout, tam)
    dice = Dice(4)
    step = FIGHT.begin(dice, s)
    state = json.loads(json.dumps(step.state))
    state["down"]["lout"] = {"by": "player", "roll": 9, "stat": "hurry", "added": ["weakness:hurry"],
                             "size": "major"}
    state["declared"] = {}
    finish = offered(s, state)["finish:lout"]
    assert finish.odds == RULES.odds_for_args({"die": "d6", "target": FINISH_TARGET}).outcomes["success"]


def test_same_seed_and_same_answers_give_the_same_fight():
    def run(seed):
        me, foes = player(), [person("Lout", hurt="d4", hurry="d4"), person("Bully", hurt="d8", hurry="d4")]
        s = setup(me, *foes, allies=[person("Tam", hurt="d4", hurry="d6", home="d6")])
        return json.dumps(random_fight(s, Dice(seed), random.Random(seed)))
    assert run(7) == run(7)
    assert run(7) != run(8)


def test_the_chance_to_strike_first_splits_ties_evenly():
    even = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    # highest outright: 2 against 1 (1/4); a tie (1/2) is won half the time
    assert chances.first_chance(even, [even]) == Fraction(1, 2)
    assert chances.first_chance(even, [even, even]) == Fraction(1, 3)
    assert chances.first_chance({3: Fraction(1)}, [even]) == 1
    assert chances.first_chance(even, []) == 1


# -- contests the other side starts -----------------------------------------------------------------


def test_a_contest_the_npc_starts_reads_from_the_defending_player():
    me, bully = player(), person("Bully", hurt="d8", hurry="d4")
    params = {"stat": "hurry", "violent": True, "defending": True}
    dice = Dice(5)
    dice.force(7, 2)  # Bully's Hurt 7; Ada's Hurry 2: the attack lands by 5
    record = RULES.contest(dice, me, bully, params)
    assert (record.stat, record.total, record.details["opponent_total"]) == ("hurry", 2, 7)
    assert record.details["opponent_stat"] == "hurt"
    assert not record.success and record.measures == {"size": "medium", "margin": -5}
    dice.force(4, 4)  # a tie holds for the defender
    record = RULES.contest(dice, me, bully, params)
    assert record.success and record.measures == {"size": "", "margin": 0}
    odds = RULES.contest_odds(me, bully, params)
    attack = RULES.contest_odds(bully, me, {"stat": "hurt", "opponent_stat": "hurry", "violent": True})
    assert odds.outcomes["success"] == attack.outcomes["failure"]
    assert odds.outcomes["medium"] == attack.outcomes["medium"]


def test_a_defending_player_with_armored_skin_gets_the_defenders_aid():
    me = player()
    me.extra["abilities"] = ["Armored Skin"]
    bully = person("Bully", hurt="d8", hurry="d4")
    params = {"stat": "hurry", "violent": True, "defending": True}
    plain = RULES.contest_odds(player(), bully, params).outcomes["success"]
    assert RULES.contest_odds(me, bully, params).outcomes["success"] > plain
    dice = Dice(6)
    dice.force(5, 3, 2)  # Bully 5, Ada 3: would lose; Armored Skin's dc2 adds 2 and it ties
    record = RULES.contest(dice, me, bully, params)
    assert record.details["aid"]["source"] == "Armored Skin"
    assert record.success and record.total == 5


# -- validation -------------------------------------------------------------------------------------


def test_problems_name_the_fighter_and_the_parameter():
    me = player()
    s = setup(me, person("Ghost", head="d4"), flee="yes")
    found = {(p.path, p.message.split(":")[0]) for p in FIGHT.problems(s)}
    assert (("params", "flee"), "flee must be true or false (got 'yes')") in found
    assert any(path == ("opponents", 0) and "no Hurt and Hurry die" in m for path, m in found)
    assert FIGHT.possible_results(setup(me, person("L", hurt="d4", hurry="d4"), flee=False)) == (
        "won", "lost", "surrendered")


# -- random fights keep every bound --------------------------------------------------------------------


def random_fight(s: ConflictSetup, dice: Dice, rng: random.Random, limit: int = 400) -> list:
    step = FIGHT.begin(dice, s)
    seen = [step.state]
    for _ in range(limit):
        if step.result is not None or step.round > s.rounds:
            break
        actions = [a.key for a in FIGHT.decision(s, step.state).actions if a.enabled and a.key != "yield"]
        step = FIGHT.act(dice, s, step.state, rng.choice(actions))
        seen.append(step.state)
    return seen


@settings(max_examples=12, deadline=None)
@example(seed=256, behaviour="reckless")  # a foe's coup de grace on the player once offered Help
@given(seed=st.integers(0, 10**6), behaviour=st.sampled_from(["steady", "reckless", "cautious"]))
def test_random_fights_end_and_keep_the_bounds(seed, behaviour):
    me = player(heart="d4")
    me.resources["blessings"] = [5, 3, 2]
    foes = [person("Lout", hurt="d4", hurry="d4", home="d4"), person("Bully", pool=[4], hurt="d8", hurry="d6", head="d6")]
    s = setup(me, *foes, allies=[person("Tam", hurt="d4", hurry="d6", home="d6")], behaviour=behaviour)
    seen = random_fight(s, Dice(seed), random.Random(seed))
    last = seen[-1]
    assert json.loads(json.dumps(last)) == last  # JSON-ready
    for f in s.fighters:
        c = f.character
        assert all(isinstance(v, int) and 1 <= v <= 6 for v in c.resources.get("blessings", []))
        for stat in c.stats:
            worst = [w for w in wounds.wounds_on(c, stat)]
            assert len(worst) <= 4  # at most one wound of each degree per stat
        degrees = [wounds.degree(str(w).partition(":")[0]) for w in c.conditions]
        assert all(0 <= d <= 4 for d in degrees)
    ended = FIGHT  # the fight ended by its result or ran to the round limit
    assert len(seen) < 400
    assert ended is FIGHT
