"""The GUTS+ fight by the book: scripted turns with forced dice, each rule alone, the exact odds
on offer, the behaviours of the other side, and random fights that never break a bound.

Dice are forced in the order the fight rolls them: initiative (every fighter's Gumption dice in
the conflict's order, then a d6 each for fighters tied on total and level); in a contest the
dice of the player's side's fighter, its helper's, the opponent's, the opponent's bonus dice,
then the roller's own bonus dice one by one and, for a near success, the oracle's d6; a blow
not aimed rolls its location on a die as big as the target's count of usable parts.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.guts_plus import GutsPlus
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.body import injuries, unconscious
from solo.rules.guts_plus.fight import gear
from solo.rules.guts_plus.fight.procedure import ROUTED, Bout, Fight

RULES = GutsPlus()
FIGHT = Fight(RULES)
ITEMS = {
    "club": {"weapon": "melee"},
    "knife": {"weapon": "melee", "sharp": True},
    "maul": {"weapon": "melee", "injuries": 2},
    "sling": {"weapon": "ranged"},
    "acid": {"weapon": "melee", "natural": True, "sharp": True, "piercing": True},
    "bow": {"weapon": "ranged", "quality": "archery"},
    "blade": {"weapon": "melee", "pairs": ["swordplay"]},
    "helmet": {"worn": True, "protects": ["head"]},
    "gloves": {"worn": True, "protects": ["left arm", "right arm"]},
    "suit": {"worn": True, "protects": "all"},
}
NAMES = {k: k for k in ITEMS}


def person(name: str, items=(), **stats) -> Character:
    stats = {"gumption": 1, "utility": 1, "thought": 1, "slyness": 1, **stats}
    return RULES.prepare_character(Character(name=name, system="guts-plus", stats=stats, items=list(items)))


def setup(player: Character, *foes: Character, allies=(), behaviour="steady", rounds=20, **params) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, player)]
    fighters += [Fighter(a.name.lower(), ALLY, a, behaviour=behaviour, npc=a.name.lower()) for a in allies]
    fighters += [Fighter(f.name.lower(), ENEMY, f, behaviour=behaviour, npc=f.name.lower()) for f in foes]
    return ConflictSetup("fight", fighters, params, ITEMS, NAMES, rounds=rounds)


def texts(step) -> list[str]:
    return [b.text for b in step.beats]


def keys(s: ConflictSetup, state) -> list[str]:
    return [a.key for a in FIGHT.decision(s, state).actions if a.enabled]


def forward(s: ConflictSetup, state) -> list[str]:
    """The actions on offer but "back" (which only reopens the turn's menu)."""
    return [k for k in keys(s, state) if k != "back"]


# -- the book's worked numbers -------------------------------------------------------------------


def test_the_books_contest_reads_for_the_aggressor_and_its_mirror_for_the_defender():
    dice = Dice(1)
    you, them = person("You", gumption=2), person("Them", gumption=2)
    dice.force(4, 2, 3, 1)  # you 4+2 against their 3+1: +2, a full success (book line 452)
    record = RULES.contest(dice, you, them, {"stat": "gumption"})
    assert (record.outcome, record.measures) == ("success", {"difference": 2, "impact": 1})
    # they act against you: they roll 3, you roll 6; for them -3 is a negative impact, so for
    # you, the defender, a positive impact; the difference is always the roller's
    one = person("You", gumption=1)
    dice.force(6, 3)
    record = RULES.contest(dice, one, person("Them"), {"stat": "gumption", "defending": True})
    assert (record.outcome, record.measures["difference"]) == ("positive-impact", 3)
    assert record.details["defending"] is True
    # the aggressor winning by 1 to 3 is the defender's failure, by more a negative impact
    for mine, theirs, outcome in ((3, 5, "failure"), (1, 6, "negative-impact"), (4, 4, "near-success"),
                                  (5, 4, "success")):
        dice.force(mine, theirs)
        assert RULES.contest(dice, one, person("Them"), {"stat": "gumption", "defending": True}).outcome == outcome


def test_the_bat_swoops_and_maria_turns_its_negative_impact_into_a_blow_of_her_own():
    """Book lines 640-648: the bat's Gumption contest totals 5; Maria rolls 2 and 2, a double,
    and her bonus die is 6: 10 in all, a negative impact for the bat."""
    maria = person("Maria", gumption=2, slyness=2, Parkour=2)
    bat = person("Bat")
    s = setup(maria, bat)
    dice = Dice(3)
    dice.force(1, 1, 6)  # initiative: Maria 1+1, the bat 6: the bat goes first
    dice.force(2, 2, 5, 6)  # the contest: Maria 2 2, the bat 5, Maria's bonus die 6
    dice.force(2)  # Maria's counterblow lands on the bat's second usable part, its torso
    step = FIGHT.begin(dice, s)
    attack = next(b for b in step.beats if b.roll is not None)
    assert attack.actor == "bat" and attack.roll.total == 10
    assert attack.roll.outcome == "positive-impact" and attack.roll.measures["difference"] == 5
    assert injuries(bat) == {"torso": 1}
    assert any("you strike back" in t for t in texts(step))  # Maria is the player: "you", not "you strikes"
    assert step.state["step"] == "turn"  # now Maria's turn


def test_assisting_a_blow_the_books_way_one_match_one_bonus_die():
    """Book line 476: Utility 3 rolls 2, 1, 4; the helper's Utility 3 rolls half, 2 dice: 1 and
    3; the 1 matches, so the roller gets a bonus die."""
    you = person("You", ["sling"], utility=3, gumption=3)
    mate = person("Mate", utility=3, gumption=1)
    foe = person("Foe")
    s = setup(you, foe, allies=[mate], behaviour="cautious")
    dice = Dice(5)
    dice.force(6, 6, 6, 1, 1)  # initiative: you 18, Mate 1, Foe 1 (Mate and Foe tie: 1 and 1)
    dice.force(2, 1)  # the tie: Mate 2, Foe 1
    step = FIGHT.begin(dice, s)
    assert step.state["order"] == ["player", "mate", "foe"]
    assert "attack:foe:sling:mate" in keys(s, step.state)
    step = FIGHT.act(dice, s, step.state, "attack:foe:sling:mate")
    assert step.state["step"] == "aim"
    dice.force(2, 1, 4, 1, 3, 3, 5)  # you 2 1 4, helper 1 3, the foe 3, your bonus die 5
    step = FIGHT.act(dice, s, step.state, "aim:torso")
    attack = next(b for b in step.beats if b.roll is not None)
    assert attack.roll.details["helper"] == {"level": 3, "dice": [1, 3], "matches": [1]}
    assert attack.roll.total == 12 and attack.roll.outcome == "positive-impact"
    assert injuries(foe)["torso"] == 2  # a hard hit: one injury and one more
    # the helper's turn went to it: round 1 ends with the foe, and round 2 begins with you
    assert step.state["round"] == 2 and not [b for b in step.beats if b.actor == "mate"]


# -- each rule alone -------------------------------------------------------------------------------


def test_initiative_goes_by_total_then_gumption_then_a_roll_off():
    a, b, c = person("A", gumption=2), person("B", gumption=1), person("C", gumption=3)
    s = setup(a, b, c)
    dice = Dice(1)
    dice.force(3, 3, 6, 2, 2, 2)  # all three total 6: the higher Gumption goes first
    step = FIGHT.begin(dice, s)
    assert step.state["order"][0] == "c"
    assert step.state["initiative"] == {"player": 6, "b": 6, "c": 6}
    assert step.state["order"][1:] == ["player", "b"]  # Gumption 2 before Gumption 1


def _swinging_at_the_foe():
    """You (club, gumption 3) win the initiative on forced dice and attack a plain foe: asked
    where to aim. The foe, the setup, the dice and the step."""
    you, foe = person("You", ["club"], gumption=3), person("Foe")
    s = setup(you, foe)
    dice = Dice(2)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    return foe, s, dice, FIGHT.act(dice, s, step.state, "attack:foe:club")


def test_a_hit_lands_on_the_aimed_part_and_two_injuries_disable_it():
    foe, s, dice, step = _swinging_at_the_foe()
    dice.force(4, 4, 4, 1, 3)  # 12 + a bonus die 3 against 1: a hard hit on the left leg
    step = FIGHT.act(dice, s, step.state, "aim:left leg")
    assert injuries(foe)["left leg"] == 2
    assert "left leg" not in gear.usable_parts(foe)
    assert any("can no longer be used" in t for t in texts(step))


def test_protection_takes_two_marks_then_is_knocked_loose_and_can_be_readjusted():
    you, foe = person("You", ["helmet"], gumption=1), person("Foe", ["club"], gumption=3)
    s = setup(you, foe, behaviour="reckless")  # a reckless foe aims at the head
    dice = Dice(4)
    dice.force(1, 6, 6, 6)  # the foe goes first
    dice.force(1, 4, 4, 4, 4)  # you 1, the foe 4 4 4 and a bonus die 4: a hard hit (2 marks)
    step = FIGHT.begin(dice, s)
    assert step.state["step"] == "react"
    step = FIGHT.act(dice, s, step.state, "react:none")
    assert you.extra["protection"]["head"] == 2 and not injuries(you)
    assert any("knocked loose" in t for t in texts(step))
    assert "readjust:head" in keys(s, step.state)
    step = FIGHT.act(dice, s, step.state, "readjust:head")
    assert you.extra["protection"]["head"] == 0


def test_a_sharp_weapon_tears_protection_which_is_mended_only_after_the_fight():
    you, foe = person("You", ["gloves"], gumption=1), person("Foe", ["knife"], gumption=3)
    s = setup(you, foe, behaviour="cautious")
    dice = Dice(4)
    dice.force(1, 6, 6, 6)
    dice.force(1, 4, 4, 4, 4)  # a hard hit, the location rolled: 3 is the left arm
    dice.force(3)
    step = FIGHT.begin(dice, s)
    step = FIGHT.act(dice, s, step.state, "react:none")
    assert step.state["torn"] == {"player": ["left arm"]}
    decision = FIGHT.decision(s, step.state)
    readjust = next(a for a in decision.actions if a.key == "readjust:left arm")
    assert not readjust.enabled and "after the fight" in readjust.reason
    FIGHT.conclude(dice, s, step.state, "fled")
    assert you.extra["protection"]["left arm"] == 0


def test_a_piercing_weapon_goes_through_protection():
    you, foe = person("You", ["suit"], gumption=1), person("Foe", ["acid"], gumption=3)
    s = setup(you, foe, behaviour="reckless")
    dice = Dice(4)
    dice.force(1, 6, 6, 6, 1, 1, 1, 2)  # a hit (4 against 1: +3, one injury) at the head
    step = FIGHT.begin(dice, s)
    step = FIGHT.act(dice, s, step.state, "react:none")
    assert injuries(you)["head"] == 1 and you.extra["protection"]["head"] == 0


def test_the_head_lost_means_unconscious_and_out_and_out_fighters_never_act():
    you, foe = person("You", ["maul"], gumption=3), person("Foe", gumption=1)
    s = setup(you, foe)
    dice = Dice(2)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    step = FIGHT.act(dice, s, step.state, "attack:foe:maul")
    dice.force(3, 4, 5, 1)  # 12 against 1: a hard hit with a maul, three injuries on the head
    step = FIGHT.act(dice, s, step.state, "aim:head")
    assert unconscious(foe) and step.state["out"] == {"foe": "unconscious"}
    assert step.result == "won"
    conclusion = FIGHT.conclude(dice, s, step.state, step.result)
    assert conclusion.fallen == {"foe": "unconscious"}
    assert conclusion.awards == {"xp": 4}  # the foe's four qualities at level 1 (book line 1344)


def test_three_other_parts_down_is_unconscious_too():
    c = person("C")
    for part in ("left arm", "right arm"):
        RULES.injure(c, part, 2)
    assert not unconscious(c)
    RULES.injure(c, "left leg", 2)
    assert unconscious(c) and RULES.incapacitated(c) == "unconscious"


def test_a_body_of_its_own_with_a_vital_part():
    blob = person("Blob")
    blob.extra.update(body_parts=["skin", "body", "core"], vital="core")
    assert gear.usable_parts(blob) == ["skin", "body", "core"]
    RULES.injure(blob, "skin", 2)
    assert not unconscious(blob)
    RULES.injure(blob, "body", 2)  # both other parts: all it has besides the core
    assert unconscious(blob)
    other = person("Other")
    other.extra.update(body_parts=["skin", "body", "core"], vital="core")
    RULES.injure(other, "core", 2)
    assert unconscious(other)


def test_the_player_reacts_by_taking_the_blow_on_another_part():
    you, foe = person("You", gumption=2), person("Foe", ["club"], gumption=3)
    s = setup(you, foe, behaviour="reckless")
    dice = Dice(4)
    dice.force(1, 1, 6, 6, 6)
    dice.force(1, 2, 1, 1, 4)  # a hit at your head: 6 against 3, one injury
    step = FIGHT.begin(dice, s)
    decision = FIGHT.decision(s, step.state)
    assert "head" in decision.prompt and "react:left arm" in [a.key for a in decision.actions]
    odds = next(a for a in decision.actions if a.key == "react:left arm").odds
    assert odds == RULES.check_odds(you, {"stat": "gumption"}).values["success_with_oracle"]
    dice.force(4, 5)  # the Gumption check: a full success
    step = FIGHT.act(dice, s, step.state, "react:left arm")
    assert injuries(you) == {"left arm": 1}
    assert step.state["reacted"] == ["player"]


def test_a_failed_reaction_leaves_the_blow_where_it_was_aimed():
    you, foe = person("You", gumption=2), person("Foe", ["club"], gumption=3)
    s = setup(you, foe, behaviour="reckless")
    dice = Dice(4)
    dice.force(1, 1, 6, 6, 6, 1, 2, 1, 1, 4)
    step = FIGHT.begin(dice, s)
    dice.force(2, 1)  # the Gumption check fails
    FIGHT.act(dice, s, step.state, "react:left arm")
    assert injuries(you) == {"head": 1}


def test_a_ranged_attackers_negative_impact_is_a_fumble_that_costs_its_next_turn():
    you, foe = person("You", gumption=3), person("Foe", ["sling"], utility=1)
    s = setup(you, foe)
    dice = Dice(4)
    dice.force(1, 1, 1, 6)  # initiative: you 3, the foe 6
    dice.force(6, 6, 6, 1, 6)  # you 6 6 6 and a bonus die 6 against its 1: its negative impact
    step = FIGHT.begin(dice, s)
    assert step.state["fumbled"] == ["foe"] and any("recovering" in t for t in texts(step))
    dice.force(1, 1, 1, 6, 1)  # your blow: 3 against 6, a negative impact; its counterblow: head
    step = FIGHT.act(dice, s, step.state, "attack:foe:hands")
    step = FIGHT.act(dice, s, step.state, "aim:torso")
    assert injuries(you) == {"head": 1}
    foe_turn = [b for b in step.beats if b.actor == "foe"]
    assert [b.roll for b in foe_turn] == [None] and "recovering from the fumble" in foe_turn[0].text
    assert step.state["fumbled"] == [] and step.state["round"] == 2


def test_fleeing_against_a_pursuer_and_past_a_foe_who_lets_you_go():
    you = person("You", gumption=3)
    chaser = person("Chaser", gumption=1)
    s = setup(you, chaser, behaviour="steady")
    dice = Dice(6)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    flee = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "flee")
    assert flee.odds == RULES.contest_odds(you, chaser, {"stat": "gumption"}).values["success_with_oracle"]
    dice.force(4, 4, 4, 1, 2)  # you get away: 12 + 2 against 1
    step = FIGHT.act(dice, s, step.state, "flee")
    assert step.result == "fled"
    calm = setup(person("You", gumption=1), person("Calm", gumption=4), behaviour="cautious")
    dice.force(6, 1, 1, 1, 1)
    step = FIGHT.begin(dice, calm)
    flee = next(a for a in FIGHT.decision(calm, step.state).actions if a.key == "flee")
    assert flee.odds == 1 and "nobody" in flee.hint
    assert FIGHT.act(dice, calm, step.state, "flee").result == "fled"


def test_no_running_without_legs_and_no_fleeing_when_the_adventure_says_so():
    you = person("You", gumption=3)
    RULES.injure(you, "left leg", 2)
    RULES.injure(you, "right leg", 2)
    s = setup(you, person("Foe"))
    dice = Dice(1)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    flee = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "flee")
    assert not flee.enabled and "legs" in flee.reason
    s = setup(person("You", gumption=3), person("Foe"), flee=False)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    assert "flee" not in keys(s, step.state)
    assert "fled" not in FIGHT.possible_results(s)


def test_a_cautious_foe_runs_once_hurt_and_the_fight_is_routed():
    you = person("You", ["maul"], gumption=3)
    foe = person("Foe", gumption=1)
    s = setup(you, foe, behaviour="cautious")
    assert ROUTED in FIGHT.possible_results(s)
    assert ROUTED not in FIGHT.possible_results(setup(you, foe, behaviour="reckless"))
    assert FIGHT.fallbacks == {ROUTED: "won"}
    dice = Dice(8)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    step = FIGHT.act(dice, s, step.state, "attack:foe:maul")
    dice.force(1, 2, 3, 4)  # 6 against 4: a hit of the maul's two injuries on the left leg
    dice.force(1, 1, 2, 6)  # its turn: it runs, 6 against your 1 1 2, and gets away
    step = FIGHT.act(dice, s, step.state, "aim:left leg")
    assert injuries(foe) == {"left leg": 2}
    assert step.state["out"] == {"foe": "ran off"} and step.result == ROUTED
    assert FIGHT.conclude(dice, s, step.state, ROUTED).fallen == {}  # it lives to fight again


def test_a_foe_talked_down_stands_down_and_counts_as_defeated():
    you, foe = person("You", slyness=3), person("Foe", gumption=2, slyness=1)
    s = setup(you, foe, talk=True)
    dice = Dice(2)
    dice.force(6, 1, 1)
    step = FIGHT.begin(dice, s)
    dice.force(4, 5, 6, 1)  # Slyness 15 against 1
    step = FIGHT.act(dice, s, step.state, "talk:foe")
    assert step.state["out"] == {"foe": "stood down"} and step.result == "won"
    assert FIGHT.conclude(dice, s, step.state, "won").awards == {"xp": 5}


def test_a_weak_spot_found_is_plus_one_on_the_next_attack():
    you, foe = person("You", ["club"], gumption=2, thought=2), person("Foe")
    s = setup(you, foe)
    dice = Dice(2)
    dice.force(6, 6, 1)
    step = FIGHT.begin(dice, s)
    dice.force(4, 5)  # Thought: a full success
    step = FIGHT.act(dice, s, step.state, "study:foe")
    assert step.state["edges"] == {"player": {"foe": 1}} and step.state["step"] == "turn"
    assert not any(k.startswith("study:") for k in keys(s, step.state))  # one passive action
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:foe:club")
    assert "+1" in attack.hint
    step = FIGHT.act(dice, s, step.state, "attack:foe:club")
    dice.force(1, 2, 3)  # 3 + 1 against 3: a hit
    step = FIGHT.act(dice, s, step.state, "aim:torso")
    record = next(b.roll for b in step.beats if b.roll is not None and b.roll.kind == "contest")
    assert record.total == 4 and record.details["modifier"] == 1
    assert step.state["edges"]["player"] == {}


def test_the_player_may_hold_their_turn_after_the_first_round():
    you, foe = person("You", ["club"], gumption=3), person("Foe")
    s = setup(you, foe)
    dice = Dice(2)
    dice.force(6, 6, 6, 1)
    step = FIGHT.begin(dice, s)
    assert "wait" not in keys(s, step.state)  # round 1 goes in initiative order
    dice.force(1, 2, 3, 6, 1)  # you 6 against 6: a near success, the oracle's 1: a miss
    dice.force(1, 2, 4, 5)  # its blow: 5 against your 7, a miss
    step = FIGHT.act(dice, s, step.state, "attack:foe:club")
    step = FIGHT.act(dice, s, step.state, "aim:torso")
    assert step.state["round"] == 2 and "wait" in keys(s, step.state)
    dice.force(1, 2, 4, 5)  # it goes first now, and misses again
    step = FIGHT.act(dice, s, step.state, "wait")
    assert texts(step)[0] == "You hold your turn and let Foe go first."
    assert [b.actor for b in step.beats if b.roll is not None] == ["foe"]
    assert step.state["queue"] == ["player"] and "wait" not in keys(s, step.state)


def test_a_cautious_companion_holds_its_turn_to_help_you():
    you = person("You", ["club"], gumption=2)
    mate = person("Mate", gumption=2)
    foe = person("Foe", gumption=1)
    s = setup(you, foe, allies=[mate], behaviour="cautious")
    dice = Dice(7)
    dice.force(1, 1, 6, 6, 3)  # initiative: you 2, Mate 12, the foe 3
    dice.force(1, 2, 4)  # Mate's blow: 3 against 4, a miss
    dice.force(3, 4, 5)  # the foe's at Mate: 5 against 7, a miss
    step = FIGHT.begin(dice, s)
    assert step.state["order"] == ["mate", "foe", "player"]
    assert not any("holds back" in t for t in texts(step))  # not in the first round
    assert "attack:foe:club:mate" not in keys(s, step.state)  # Mate has had its turn
    dice.force(1, 2, 5)  # your blow: 3 against 5, a miss
    dice.force(3, 4, 5)  # round 2: Mate holds back; the foe goes for you (you hit it last): a miss
    step = FIGHT.act(dice, s, step.state, "attack:foe:club")
    step = FIGHT.act(dice, s, step.state, "aim:torso")
    assert any(t == "Mate holds back, ready to help you." for t in texts(step))
    assert step.state["queue"] == ["player", "mate"]
    assert "attack:foe:club:mate" in keys(s, step.state)


def test_xp_for_defeated_foes_is_the_total_of_their_quality_levels():
    you = person("You", ["maul"], gumption=3)
    ogre = person("Ogre", gumption=4, utility=2, thought=1, slyness=1, smashing=3)
    s = setup(you, ogre)
    bout = Bout(RULES, s, {**_blank(), "out": {"ogre": "unconscious"}})
    assert bout.result() == "won"
    assert FIGHT.conclude(Dice(1), s, bout.state, "won").awards == {"xp": 11}
    assert FIGHT.conclude(Dice(1), setup(you, ogre, xp=False), bout.state, "won").awards == {}


def _blank() -> dict:
    return {"round": 1, "step": "turn", "order": [], "initiative": {}, "queue": [], "acted": [],
            "held": [], "reacted": [], "passive": False, "out": {}, "edges": {}, "torn": {},
            "fumbled": [], "last_attacker": {}, "studied": {}, "pending": None, "blow": None}


def test_weapons_need_a_hand_and_their_quality_and_pair_with_a_quality():
    fencer = person("Fencer", ["blade", "bow"], gumption=2, swordplay=3)
    assert gear.attack_stat(fencer, gear.read_weapon("blade", "blade", ITEMS["blade"])) == ["gumption", "swordplay"]
    assert [w.key for w in gear.usable_weapons(fencer, ITEMS, NAMES)] == ["blade"]  # no Archery
    RULES.injure(fencer, "left arm", 2)
    RULES.injure(fencer, "right arm", 2)
    assert [w.key for w in gear.usable_weapons(fencer, ITEMS, NAMES)] == ["hands"]
    biter = person("Biter", ["acid"])
    RULES.injure(biter, "left arm", 2)
    RULES.injure(biter, "right arm", 2)
    assert [w.key for w in gear.usable_weapons(biter, ITEMS, NAMES)] == ["acid"]


# -- odds on offer -----------------------------------------------------------------------------------


@pytest.mark.parametrize("mine, theirs", [(1, 1), (3, 2), (2, 4), (5, 3)])
def test_the_odds_of_an_attack_are_what_solo_odds_shows_for_that_contest(mine, theirs):
    you, foe = person("You", ["club"], gumption=mine), person("Foe", gumption=theirs)
    s = setup(you, foe)
    dice = Dice(2)
    dice.force(*([6] * mine + [1] * theirs))
    step = FIGHT.begin(dice, s)
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:foe:club")
    shown = RULES.odds_for_args({"contest": f"{mine}:{theirs}"})
    assert attack.odds == shown.values["success_with_oracle"]
    assert f"{float(shown.outcomes['positive-impact']) * 100:.0f}% hard" in attack.hint


def test_the_odds_with_a_helper_are_what_solo_odds_shows_with_assist():
    you, mate, foe = person("You", gumption=2), person("Mate", gumption=3), person("Foe", gumption=2)
    s = setup(you, foe, allies=[mate])
    dice = Dice(2)
    dice.force(6, 6, 1, 1, 1, 1, 1, 1, 1)  # you 12, Mate 3, the foe 2
    step = FIGHT.begin(dice, s)
    helped = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:foe:hands:mate")
    assert helped.odds == RULES.odds_for_args({"contest": "2:2", "assist": "3"}).values["success_with_oracle"]


def test_a_defending_contest_has_mirrored_odds_and_solo_odds_shows_them():
    you, them = person("You", gumption=2), person("Them", gumption=3)
    defending = RULES.contest_odds(you, them, {"stat": "gumption", "defending": True})
    attacking = RULES.contest_odds(them, you, {"stat": "gumption"})
    for rank, label in enumerate(go.LABELS):
        assert defending.outcomes[label] == attacking.outcomes[go.LABELS[4 - rank]]
    assert RULES.odds_for_args({"contest": "2:3", "defending": True}).outcomes == defending.outcomes
    assert sum(defending.outcomes.values()) == 1


# -- behaviours, determinism, saving -----------------------------------------------------------------


def test_reckless_foes_aim_at_the_head_and_steady_ones_let_the_dice_choose():
    from solo.rules.guts_plus.fight import policy

    you, foe = person("You"), person("Foe")
    for behaviour, aim in (("reckless", "head"), ("steady", None)):
        bout = Bout(RULES, setup(you, foe, behaviour=behaviour), _blank())
        assert policy.choose_aim(bout, "foe", "player") == aim
    RULES.injure(you, "left arm", 1)
    bout = Bout(RULES, setup(you, foe, behaviour="cautious"), _blank())
    assert policy.choose_aim(bout, "foe", "player") == "left arm"


def _play(seed: int, picks: list[int], rounds: int = 12):
    """A small fight played with the given picks; returns the beats' texts and the final step."""
    you = person("You", ["club", "helmet"], gumption=2, thought=2)
    mate = person("Mate", ["gloves"], gumption=2)
    a, b = person("Ann", ["knife"], gumption=2), person("Bo", ["sling", "suit"], utility=2)
    s = setup(you, a, b, allies=[mate], behaviour="cautious", rounds=rounds, talk=True)
    s.fighters[2].behaviour = "reckless"
    dice = Dice(seed)
    step = FIGHT.begin(dice, s)
    log = texts(step)
    n = 0
    while step.result is None and step.round <= rounds:
        options = forward(s, step.state)
        step = FIGHT.act(dice, s, step.state, options[picks[n % len(picks)] % len(options)])
        log += texts(step)
        n += 1
    return log, step, s


def test_the_same_seed_and_decisions_give_the_same_fight_and_the_state_is_json():
    first, step, _ = _play(11, [0, 3, 1])
    second, again, _ = _play(11, [0, 3, 1])
    assert first == second
    assert json.loads(json.dumps(step.state)) == step.state == again.state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), picks=st.lists(st.integers(0, 30), min_size=1, max_size=8),
       levels=st.lists(st.integers(1, 4), min_size=4, max_size=4),
       kit=st.lists(st.sampled_from(sorted(ITEMS)), max_size=4))
def test_random_fights_never_break_a_bound(seed, picks, levels, kit):
    you = person("You", kit, gumption=levels[0], thought=levels[1])
    mate = person("Mate", kit[:1], gumption=levels[2])
    foes = [person("Ann", kit[1:], gumption=levels[3]), person("Bo", ["acid"], gumption=levels[1])]
    s = setup(you, *foes, allies=[mate], behaviour=["steady", "reckless", "cautious"][seed % 3],
              rounds=15, talk=seed % 2 == 0)
    dice = Dice(seed)
    step = FIGHT.begin(dice, s)
    out: set[str] = set()
    n = 0
    while True:
        for beat in step.beats:
            # a fighter out of the fight never acts again: no roll of theirs after they fall
            assert not (beat.roll is not None and beat.actor in out), beat.text
            if beat.text.endswith("unconscious.") and beat.actor:
                out.add(beat.actor)
        out |= set(step.state["out"])
        for f in s.fighters:
            marks = injuries(f.character)
            assert all(0 <= n <= 2 for n in marks.values()), marks
            assert all(0 <= m <= 2 for m in f.character.extra.get("protection", {}).values())
            if unconscious(f.character):
                assert f.key in step.state["out"]
        assert set(step.state["queue"]) <= {f.key for f in s.fighters}
        if step.result is not None or step.round > 15:
            break
        assert "player" not in step.state["out"]  # only a player still standing is asked
        options = forward(s, step.state)
        assert options  # the player always has something to do
        step = FIGHT.act(dice, s, step.state, options[picks[n % len(picks)] % len(options)])
        n += 1
    assert json.loads(json.dumps(step.state)) == step.state
    if step.result is not None:
        assert step.result in FIGHT.possible_results(s)
        FIGHT.conclude(dice, s, step.state, step.result)
        assert all(m == 0 for f in s.fighters for m in f.character.extra.get("protection", {}).values())


def test_odds_on_every_action_are_exact_fractions_between_0_and_1():
    you = person("You", ["club", "sling", "gloves"], gumption=2, thought=3, slyness=2)
    s = setup(you, person("Ann", ["knife"]), person("Bo"), allies=[person("Mate")], talk=True)
    dice = Dice(9)
    dice.force(6, 6, 1, 1, 1)
    step = FIGHT.begin(dice, s)
    actions = FIGHT.decision(s, step.state).actions
    assert {a.key.split(":")[0] for a in actions} == {"attack", "study", "look-after", "talk", "flee"}
    for action in actions:
        assert action.odds is None or (isinstance(action.odds, Fraction) and 0 <= action.odds <= 1)


def test_solo_odds_takes_defending_assist_and_the_opponents_modifier():
    from click.testing import CliRunner

    from solo.cli import cli

    result = CliRunner().invoke(cli, ["odds", "guts-plus", "--contest", "2:3", "--defending", "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    odds = RULES.contest_odds(person("You", gumption=2), person("Them", gumption=3),
                              {"stat": "gumption", "defending": True})
    for label, chance in odds.outcomes.items():
        assert shown["outcomes"][label] == pytest.approx(float(chance), abs=1e-12)
    bad = CliRunner().invoke(cli, ["odds", "guts-plus", "--dice", "2", "--defending"])
    assert bad.exit_code != 0 and "--contest" in bad.output
    helped = RULES.odds_for_args({"contest": "2:2", "assist": "3", "opponent-modifier": "1"})
    direct = RULES.contest_odds(person("You", gumption=2), person("Them", gumption=2),
                                {"stat": "gumption", "assist_dice": 3, "opponent_modifier": 1})
    assert helped.outcomes == direct.outcomes


def test_a_quiet_aim_offers_the_same_parts_without_trying_each_blow():
    """The bots' and the analyzer's game (``quiet``) asks where to aim with the same actions,
    enabled alike, and no hints; a game someone reads names what each blow would do."""
    import dataclasses

    _, s, _, step = _swinging_at_the_foe()
    loud = FIGHT.decision(s, step.state).actions
    quiet = FIGHT.decision(dataclasses.replace(s, quiet=True), step.state).actions
    assert "aim:left leg" in [a.key for a in loud]
    assert [(a.key, a.text, a.enabled) for a in quiet] == [(a.key, a.text, a.enabled) for a in loud]
    assert any(a.hint for a in loud if a.key != "aim:any")
    assert not any(a.hint for a in quiet if a.key != "aim:any")
