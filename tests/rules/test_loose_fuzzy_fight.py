"""The Loose and Fuzzy fight by the book: scripted exchanges with forced dice, each rule alone,
the exact odds on offer, and the behaviours of the other side.

Dice are forced in the order the ruleset rolls them: the first fighter's pool (the player's when
the player is in the exchange), then the other's, each tie rolled again; a single die showing 1
or 6 is followed by its confirming die.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.loose_fuzzy import LooseFuzzy, contest_distribution, wound_level
from solo.rules.loose_fuzzy.fight import gear, policy
from solo.rules.loose_fuzzy.fight.procedure import Fight, FightRound, win_chance

RULES = LooseFuzzy()
FIGHT = Fight(RULES)
ITEMS = {
    "sword": {"weapon": "ordinary", "fits": {"swordsman": 2}},
    "cleaver": {"weapon": "ordinary", "fits": {"swordsman": 1}},
    "chainsaw": {"weapon": "deadly"},
    "axe": {"weapon": "damaging"},
    "cucumber": {"weapon": "ineffective", "fits": {"chef": 2}},
    "mail": {"armour": 1, "heavy": 1},
    "plate": {"armour": 2, "heavy": 2},
}
NAMES = {k: k.title() for k in ITEMS}


def person(name: str, items=(), **stats) -> Character:
    stats = {"cleverness": 2, "knowledge": 2, "perception": 2, **stats}
    return RULES.prepare_character(Character(name=name, system="loose-fuzzy", stats=stats, items=list(items)))


def setup(player: Character, *foes: Character, allies=(), behaviour="steady", house=(), **params) -> ConflictSetup:
    fighters = [Fighter("player", PLAYER, player)]
    fighters += [Fighter(a.name.lower(), ALLY, a, behaviour=behaviour, npc=a.name.lower()) for a in allies]
    fighters += [Fighter(f.name.lower(), ENEMY, f, behaviour=behaviour, npc=f.name.lower()) for f in foes]
    return ConflictSetup("fight", fighters, params, ITEMS, NAMES, rounds=20, house_rules=frozenset(house))


def texts(step) -> list[str]:
    return [b.text for b in step.beats]


# -- the book's numbers alone -------------------------------------------------------------------


@pytest.mark.parametrize("points, level", [
    (2, None), (3, "moderate"), (5, "moderate"), (6, "serious"), (8, "serious"),
    (9, "mortal"), (11, "mortal"), (12, "killed"), (40, "killed"),
])
def test_wound_levels_are_multiples_of_the_defense_total(points, level):
    assert wound_level(points, 3) == level


def test_defense_total_takes_weapon_armour_stance_wounds_and_a_blow_to_incapacitate():
    sven = person("Sven", body=3, tenacity=2)
    bare = gear.loadout(sven, ITEMS, NAMES, "body")
    armoured = gear.loadout(person("Knight", ["plate"], body=3, tenacity=2), ITEMS, NAMES, "body")
    fists = bare
    axe = gear.loadout(person("Axeman", ["axe"], body=2, tenacity=2), ITEMS, NAMES, "body")
    saw = gear.loadout(person("Sawman", ["chainsaw"], body=2, tenacity=2), ITEMS, NAMES, "body")
    veg = gear.loadout(person("Cook", ["cucumber"], body=2, tenacity=2, chef=3), ITEMS, NAMES, "body")
    assert gear.loadout(person("Cook", ["cucumber"], body=2, tenacity=2), ITEMS, NAMES, "body").weapon is None
    assert gear.defense_total(bare, sven, axe, "ordinary") == 3 - 1  # especially damaging: -1
    assert gear.defense_total(bare, sven, saw, "ordinary") == 3 - 2  # really deadly: -2
    assert gear.defense_total(bare, sven, fists, "ordinary") == 3 + 1  # most fists: +1
    assert gear.defense_total(bare, sven, veg, "ordinary") == 3 + 2  # a cucumber: +2
    assert gear.defense_total(armoured, sven, axe, "ordinary") == 3 + 2 - 1  # super-duper armour
    assert gear.defense_total(bare, sven, axe, "defensive") == 3
    assert gear.defense_total(bare, sven, axe, "all-out-defence") == 4
    assert gear.defense_total(bare, sven, axe, "offensive") == 1
    assert gear.defense_total(bare, sven, axe, "all-out-attack") == 1  # never below 1
    assert gear.defense_total(bare, sven, axe, "ordinary", subdue=True) == 2 + 2
    assert gear.defense_total(bare, sven, saw, "ordinary", subdue=True) == 1 + 4  # chainsaw: +4
    sven.conditions.append("serious wound")
    assert gear.defense_total(bare, sven, axe, "ordinary") == 1  # 3 - 2 (wounds) - 1, at least 1


def test_wound_penalties_do_not_add_up_the_worst_applies():
    sven = person("Sven", body=4, tenacity=2)
    sven.conditions += ["moderate wound", "moderate wound"]
    assert gear.wound_penalty(sven) == 1
    sven.conditions.append("serious wound")
    assert gear.wound_penalty(sven) == 2
    sven.conditions.append("bruised")
    assert gear.wound_penalty(sven) == 2


def test_the_more_appropriate_ability_gets_the_difference_and_heavy_gear_costs():
    sven = gear.loadout(person("Sven", ["sword"], body=3, tenacity=2, swordsman=3), ITEMS, NAMES, "body")
    achmed = gear.loadout(person("Achmed", ["cleaver"], body=2, tenacity=2, swordsman=3), ITEMS, NAMES, "body")
    brute = gear.loadout(person("Brute", ["sword", "mail"], body=4, tenacity=2), ITEMS, NAMES, "body")
    assert (sven.ability, sven.fit) == ("swordsman", 2)
    assert (achmed.ability, achmed.fit) == ("swordsman", 1)
    assert (brute.ability, brute.fit, brute.heavy, brute.armour) == ("body", 0, 1, 1)
    assert gear.roll_bonus(sven, brute, "ordinary", False) == 2  # a lot more appropriate
    assert gear.roll_bonus(sven, achmed, "ordinary", False) == 1
    assert gear.roll_bonus(achmed, sven, "ordinary", False) == 0
    assert gear.roll_bonus(brute, sven, "ordinary", False) == -1  # heavy gear
    assert gear.roll_bonus(sven, brute, "offensive", True) == 3  # the better ground; by the book no stance
    assert gear.roll_bonus(sven, brute, "offensive", True, stance_rolls=True) == 4  # the house rule's +1


def test_several_opponents_cost_a_die_and_a_crowd_two():
    assert [gear.dice_penalty_for(n) for n in range(1, 7)] == [0, 1, 1, 2, 2, 2]
    assert gear.dice_penalty_for(3, crowd=3) == 2


def test_a_fighter_uses_the_better_ability_with_the_weapon_in_hand():
    # Body 4 plain against Swordsman 2 with a sword (+2): 14 > 9 mean, Body wins
    strong = gear.loadout(person("A", ["sword"], body=4, tenacity=2, swordsman=2), ITEMS, NAMES, "body")
    assert (strong.ability, strong.weapon) == ("body", "sword")
    skilled = gear.loadout(person("B", ["sword"], body=2, tenacity=2, swordsman=3), ITEMS, NAMES, "body")
    assert (skilled.ability, skilled.fit) == ("swordsman", 2)
    assert gear.loadout(person("C", tenacity=2), ITEMS, NAMES, "body") is None


# -- scripted fights -------------------------------------------------------------------------------


def test_advantage_carries_over_and_a_fourfold_spend_kills():
    sven, goblin = person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=2)
    s = setup(sven, goblin)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    assert step.state["targets"] == {"goblin": "player", "player": "goblin"}
    # goblin's Defense Total against fists: Body 2 + 1
    dice.force(5, 4, 3, 2, 3)  # 12 against 5: Sven gains 7
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    assert step.state["ap"]["player"]["goblin"] == 7 and step.state["step"] == "spend"
    keys = [a.key for a in FIGHT.decision(s, step.state).actions]
    assert keys == ["wound:1", "wound:2", "subdue:1", "position", "flee", "keep"]
    step = FIGHT.act(dice, s, step.state, "keep")
    assert step.round == 2 and step.state["ap"]["player"]["goblin"] == 7
    dice.force(4, 4, 4, 3, 4)  # 12 against 7: 5 more, 12 in all
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    assert step.state["ap"]["player"]["goblin"] == 12
    assert "wound:4" in [a.key for a in FIGHT.decision(s, step.state).actions]
    step = FIGHT.act(dice, s, step.state, "wound:4")
    assert step.result == "won"
    assert goblin.conditions == ["dead"]
    assert "Goblin is killed" in " ".join(texts(step))
    assert step.state["ap"]["player"]["goblin"] == 0
    assert FIGHT.conclude(dice, s, step.state, "won").fallen == {"goblin": "dead"}


def test_a_serious_wound_calls_for_tenacity_at_minus_two_dice():
    sven, goblin = person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=3)
    s = setup(sven, goblin)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    dice.force(5, 4, 3, 2, 3)  # Sven gains 7 against Defense Total 3
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    dice.force(3)  # Tenacity 3 less 2 for the new serious wound: one die, 3 < 7
    step = FIGHT.act(dice, s, step.state, "wound:2")
    assert goblin.conditions == ["serious wound", "incapacitated"]
    tenacity = [b.roll for b in step.beats if b.roll is not None][-1]
    assert tenacity.details["dice_rolled"] == 1 and tenacity.details["target"] == 7
    assert step.result == "won" and step.state["ap"]["player"]["goblin"] == 1


def test_a_moderate_wound_held_and_the_worst_penalty_then_applies():
    sven, goblin = person("Sven", body=3, tenacity=3), person("Goblin", body=3, tenacity=3)
    s = setup(sven, goblin)
    dice = Dice(2)
    step = FIGHT.begin(dice, s)  # Defense Total 3 + 1 (fists) = 4
    dice.force(6, 5, 4, 1, 2, 3)  # 15 against 6: 9 AP
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    dice.force(4, 4)  # Tenacity 3 - 1: 8 holds
    step = FIGHT.act(dice, s, step.state, "wound:1")
    assert goblin.conditions == ["moderate wound"] and step.result is None
    assert step.state["ap"]["player"]["goblin"] == 5
    # one wound a round: the rest buys manoeuvres or waits for the next win
    keys = [a.key for a in FIGHT.decision(s, step.state).actions]
    assert keys == ["position", "flee", "keep"]
    step = FIGHT.act(dice, s, step.state, "keep")
    assert step.state["step"] == "orders" and step.round == 2
    # next exchange the goblin rolls one die fewer
    dice.force(1, 2, 3, 6, 6)
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    roll = [b.roll for b in step.beats if b.roll is not None][0]
    assert len(roll.details["exchanges"][0]["opponent_pool"]) == 2


def test_the_other_side_spends_on_the_player_who_then_tests_tenacity():
    sven, troll = person("Sven", body=2, tenacity=3), person("Troll", body=3, tenacity=3)
    s = setup(sven, troll)
    dice = Dice(3)
    step = FIGHT.begin(dice, s)
    # Sven 2 dice, troll 3: 3 against 14, the troll gains 11 against Defense Total 2 + 1 = 3
    dice.force(1, 2, 5, 5, 4, 2, 2)  # ... and Sven's Tenacity (3 - 3 for a mortal wound = 1 die): 2
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    assert sven.conditions == ["mortal wound", "unconscious"]
    assert step.result == "lost"
    assert RULES.incapacitated(sven) == "unconscious"
    lines = texts(FIGHT.conclude(dice, s, step.state, "lost"))
    assert any("mortally wounded" in line for line in lines)


def test_double_ones_in_an_exchange_drop_the_weapon_in_hand():
    sven = person("Sven", ["sword"], body=3, tenacity=3, swordsman=3)
    goblin = person("Goblin", body=2, tenacity=2)
    s = setup(sven, goblin)
    dice = Dice(4)
    step = FIGHT.begin(dice, s)
    dice.force(1, 1, 6, 6, 3)  # Sven's marked dice both 1: 8 + 2 (fit) against 9, and a fumble
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    assert "player" in step.state["disarmed"]
    assert any("drop the Sword" in t for t in texts(step))
    assert FightRound(RULES, s, step.state).kit("player").weapon is None


def test_all_out_attack_spends_everything_and_all_out_defence_cannot_wound():
    sven, goblin = person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=2)
    s = setup(sven, goblin)
    dice = Dice(5)
    step = FIGHT.begin(dice, s)
    dice.force(5, 5, 5, 1, 2)  # 15 + 2 against 3
    step = FIGHT.act(dice, s, step.state, "stance:all-out-attack")
    decision = FIGHT.decision(s, step.state)
    assert [a.key for a in decision.actions if a.enabled] == ["all", "all-subdue"]
    with pytest.raises(Exception):
        FIGHT.act(dice, s, step.state, "keep")
    sven2, goblin2 = person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=2)
    s2 = setup(sven2, goblin2)
    step = FIGHT.begin(dice, s2)
    dice.force(6, 5, 5, 1, 2)  # 16 - 2 against 3: 11 AP, but no wounds in all-out defence
    step = FIGHT.act(dice, s2, step.state, "stance:all-out-defence")
    keys = [a.key for a in FIGHT.decision(s2, step.state).actions]
    assert not any(k.startswith(("wound", "subdue")) for k in keys)
    assert "position" in keys and "flee" in keys


def test_breaking_away_needs_a_win_against_everyone_engaged():
    def start():
        sven = person("Sven", body=4, tenacity=3)
        s = setup(sven, person("Ann", body=1, tenacity=2), person("Bob", body=1, tenacity=2))
        dice = Dice(6)
        return s, dice, FIGHT.begin(dice, s)

    s, dice, step = start()
    assert step.state["targets"] == {"ann": "player", "bob": "player", "player": "ann"}
    # Sven fights two at once: 4 - 1 = 3 dice in each exchange. He beats Ann, not Bob.
    dice.force(4, 4, 4, 3, 1, 2, 1, 5)
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    rolls = [b.roll for b in step.beats if b.roll is not None]
    assert [len(r.details["exchanges"][0]["pool"]) for r in rolls] == [3, 3]
    assert step.state["ap"] == {"player": {"ann": 9}, "bob": {"player": 1}}
    keys = [x.key for x in FIGHT.decision(s, step.state).actions]
    assert "flee" not in keys and "position" in keys

    s, dice, step = start()
    dice.force(4, 4, 4, 3, 4, 4, 4, 2)  # he beats both: 9 and 10
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    keys = [x.key for x in FIGHT.decision(s, step.state).actions]
    assert "flee" in keys
    step = FIGHT.act(dice, s, step.state, "flee")
    assert step.result == "fled"
    assert step.state["ap"]["player"] == {"ann": 7, "bob": 8}
    assert step.state["spent"]["player"] == {"ann": 2, "bob": 2}


def test_no_breaking_away_when_the_adventure_forbids_it():
    s = setup(person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=2), flee=False)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    dice.force(5, 4, 3, 2, 3)
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    assert "flee" not in [a.key for a in FIGHT.decision(s, step.state).actions]
    assert FIGHT.possible_results(s) == ("won", "lost")
    assert FIGHT.possible_results(setup(person("S", body=1, tenacity=1), person("G", body=1, tenacity=1),
                                        surrender=True)) == ("won", "lost", "fled", "surrendered")


def test_a_tied_exchange_is_rolled_again():
    s = setup(person("Sven", body=2, tenacity=3), person("Goblin", body=2, tenacity=3))
    dice = Dice(7)
    step = FIGHT.begin(dice, s)
    dice.force(3, 3, 2, 4, 3, 4, 2, 1)  # 6 against 6, then 7 against 3
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    roll = [b.roll for b in step.beats if b.roll is not None][0]
    assert roll.details["ties"] == 1
    assert step.state["ap"]["player"]["goblin"] == 4


# -- exact odds ------------------------------------------------------------------------------------


def test_by_the_book_a_stance_leaves_the_chance_of_winning_the_exchange_alone():
    sven = person("Sven", ["sword", "mail"], body=3, tenacity=3, swordsman=3)
    troll = person("Troll", body=5, tenacity=3)
    s = setup(sven, troll)
    step = FIGHT.begin(Dice(1), s)
    odds = {a.key: a.odds for a in FIGHT.decision(s, step.state).actions}
    # Swordsman 3 with a sword (+2 against the troll's Body), mail -1, against 5 dice
    stances = ["ordinary", "offensive", "defensive", "all-out-attack", "all-out-defence"]
    assert {odds[f"stance:{name}"] for name in stances} == {win_chance(3, 5, 1, 0)}
    full = contest_distribution(3, 5, 1, 0)
    assert odds["stance:ordinary"] == sum(full.distributions["advantage"].values()) + full.values["advantage_tail"]


def test_stance_rolls_house_rule_moves_the_exact_chance_of_winning_the_exchange():
    sven = person("Sven", ["sword", "mail"], body=3, tenacity=3, swordsman=3)
    troll = person("Troll", body=5, tenacity=3)
    s = setup(sven, troll, house=["stance-rolls"])
    step = FIGHT.begin(Dice(1), s)
    odds = {a.key: a.odds for a in FIGHT.decision(s, step.state).actions}
    assert odds["stance:ordinary"] == win_chance(3, 5, 1, 0)
    assert odds["stance:offensive"] == win_chance(3, 5, 2, 0)
    assert odds["stance:all-out-defence"] == win_chance(3, 5, -1, 0)
    assert Fraction(0) < odds["stance:ordinary"] < odds["stance:offensive"] < odds["stance:all-out-attack"]


def test_a_wound_on_offer_shows_the_exact_chance_it_takes_them_down():
    sven, goblin = person("Sven", body=3, tenacity=3), person("Goblin", body=2, tenacity=3)
    s = setup(sven, goblin)
    dice = Dice(1)
    step = FIGHT.begin(dice, s)
    dice.force(5, 4, 3, 2, 3)
    step = FIGHT.act(dice, s, step.state, "stance:ordinary")
    odds = {a.key: a.odds for a in FIGHT.decision(s, step.state).actions}
    # moderate: Tenacity 3 - 1 = 2 dice against 7 (21/36 of rolls reach it, double 1s never do)
    assert odds["wound:1"] == 1 - RULES.check_odds(
        person("G", body=2, tenacity=2), {"stat": "tenacity", "target": 7}).outcomes["success"]
    assert odds["wound:2"] == 1 - RULES.check_odds(
        person("G", body=2, tenacity=1), {"stat": "tenacity", "target": 7}).outcomes["success"]


# -- the other side --------------------------------------------------------------------------------


def test_reckless_foes_go_for_the_easiest_to_hurt_and_cautious_ones_face_their_attacker():
    foes = [person("Ann", body=2, tenacity=2), person("Bob", body=2, tenacity=2)]
    targets = policy.choose_target("reckless", Dice(1), None, ["player", "ola"], lambda f: 0,
                                   {"player": 4, "ola": 2}.get, [], "player")
    assert targets == "ola"
    assert policy.choose_target("steady", Dice(1), None, ["player", "ola"], {"player": 1, "ola": 0}.get,
                                lambda f: 3, [], "player") == "ola"
    assert policy.choose_target("cautious", Dice(1), "player", ["player", "ola"], lambda f: 0,
                                lambda f: 3, ["ola"], "player") == "ola"
    assert policy.choose_stance("reckless", 0, 5, 4) == "all-out-attack"
    assert policy.choose_stance("cautious", 2, 0, 4) == "all-out-defence"
    assert policy.choose_spends("cautious", "defensive", 5, 3, False, 0, False, False, False) == ["position"]
    assert policy.choose_spends("cautious", "defensive", 8, 3, False, 0, False, False, False) == ["position", "wound:2"]
    assert policy.choose_spends("cautious", "all-out-defence", 8, 3, False, 2, True, False, True) == ["flee"]
    assert policy.choose_spends("steady", "ordinary", 7, 3, False, 0, False, True, False) == ["rearm", "wound:1"]
    assert foes


def test_the_same_seed_and_decisions_give_the_same_fight():
    def run(seed):
        sven = person("Sven", ["sword"], body=3, tenacity=3, swordsman=2)
        s = setup(sven, person("Ann", ["axe"], body=3, tenacity=2), person("Bob", body=2, tenacity=2),
                  behaviour="reckless")
        dice = Dice(seed)
        step = FIGHT.begin(dice, s)
        log = texts(step)
        while step.result is None and step.round <= 20:
            decision = FIGHT.decision(s, step.state)
            key = next(a.key for a in decision.actions if a.enabled)
            step = FIGHT.act(dice, s, step.state, key)
            log += texts(step)
        return log, step.result
    assert run(11) == run(11)
    assert run(11) != run(12)


def test_the_odds_of_an_exchange_are_what_solo_odds_shows_for_that_contest():
    from click.testing import CliRunner

    from solo.cli import cli

    sven = person("Sven", ["sword", "mail"], body=3, tenacity=3, swordsman=3)
    s = setup(sven, person("Troll", body=5, tenacity=3), house=["stance-rolls"])
    step = FIGHT.begin(Dice(1), s)
    odds = {a.key: a.odds for a in FIGHT.decision(s, step.state).actions}
    # ordinary stance: Swordsman 3 dice, +2 (sword) -1 (mail) against the troll's 5 dice
    same = RULES.odds_for_args({"contest": "3:5", "bonus": "1"}).outcomes["success"]
    assert odds["stance:ordinary"] == same
    assert odds["stance:all-out-defence"] == RULES.odds_for_args(
        {"contest": "3:5", "bonus": "-1"}).outcomes["success"]
    shown = CliRunner().invoke(cli, ["odds", "loose-fuzzy", "--contest", "3:5", "--bonus", "1", "--json"])
    assert shown.exit_code == 0, shown.output
    assert abs(json.loads(shown.output)["outcomes"]["success"] - float(same)) < 1e-12


def test_a_contest_the_opponent_starts_lets_the_defender_hold_the_last_tie():
    sven, wolf = person("Sven", body=2, tenacity=2), person("Wolf", body=2, tenacity=2)
    ties = [3, 4] * 2 * 101  # every roll ties at 7 against 7
    dice = Dice(1)
    dice.force(*ties)
    held = RULES.contest(dice, sven, wolf, {"stat": "body", "defending": True})
    assert held.success and held.details["defending"] and held.measures["margin"] == 0
    dice = Dice(1)
    dice.force(*ties)
    lost = RULES.contest(dice, sven, wolf, {"stat": "body"})
    assert not lost.success and lost.details["ties"] == 100
    dice.force(5, 5, 1, 2)
    record = RULES.contest(dice, sven, wolf, {"stat": "body", "defending": True})
    assert record.success and record.measures["margin"] == 7


def test_the_conditions_a_fight_leaves_take_a_character_out():
    sven = person("Sven", body=2, tenacity=2)
    assert RULES.incapacitated(sven) is None
    sven.conditions.append("mortal wound")
    assert RULES.incapacitated(sven) is None  # still on their feet, for now
    for reason in ("incapacitated", "knocked out", "unconscious", "dead"):  # each worse than the last
        sven.conditions.append(reason)
        assert RULES.incapacitated(sven) == reason
    bruised = person("Ola", body=3, tenacity=2)
    bruised.conditions.append("battered")
    assert RULES.parse_check({"stat": "body"}, bruised).dice == 1


def test_a_companion_fights_on_after_the_player_falls_and_the_fallen_come_round():
    found = None
    for seed in range(300):
        hero = person("Sven", body=1, tenacity=1)
        ola = person("Ola", ["axe"], body=5, tenacity=4)
        s = setup(hero, person("Goblin", body=2, tenacity=1), allies=[ola])
        dice = Dice(seed)
        step = FIGHT.begin(dice, s)
        while step.result is None and step.round <= s.rounds:
            actions = [a for a in FIGHT.decision(s, step.state).actions if a.enabled]
            step = FIGHT.act(dice, s, step.state, actions[-1].key if step.state["step"] == "spend" else
                             "stance:all-out-attack")
        if step.result == "won" and step.state["out"].get("player") == "incapacitated":
            found = (s, dice, step, hero)
            break
    assert found is not None
    s, dice, step, hero = found
    assert "incapacitated" in hero.conditions
    conclusion = FIGHT.conclude(dice, s, step.state, "won")
    assert "incapacitated" not in hero.conditions
    assert RULES.incapacitated(hero) is None
    assert "Your side helps you back to your feet." in [b.text for b in conclusion.beats]
    assert conclusion.fallen.get("goblin") in ("incapacitated", "unconscious", "dead")


def test_experience_awards_never_take_it_below_zero():
    sven = person("Sven", body=2, tenacity=2)
    sven.resources["experience"] = 2
    assert RULES.gain(Dice(1), sven, "experience", -5) == ["Experience is at least 0: it stays at 0"]
    assert sven.resources["experience"] == 0
    assert RULES.gain(Dice(1), sven, "experience", 3) == [] and sven.resources["experience"] == 3


def _as_asked(decision) -> list[tuple]:
    return [(a.key, a.text, a.odds, a.hint, a.enabled, a.reason) for a in decision.actions]


@pytest.mark.parametrize("quiet", [False, True])
def test_a_decision_asks_each_loadout_once_and_reads_as_asked_every_time(monkeypatch, quiet):
    """Working out a decision keeps each fighter's loadout (nothing in it changes a character):
    the same actions, odds and hints as asking the loadout every time, in fewer asks."""
    import dataclasses

    sven = person("Sven", ["sword", "mail"], body=3, tenacity=3, swordsman=2)
    s = dataclasses.replace(setup(sven, person("Goblin", ["axe"], body=2, tenacity=2),
                                  person("Orc", ["cleaver"], body=3, tenacity=2)), quiet=quiet)
    dice = Dice(1)
    states = [FIGHT.begin(dice, s).state]
    dice.force(5, 4, 3, 2, 3, 6, 6, 6, 1, 1, 1)
    states.append(FIGHT.act(dice, s, states[0], "stance:ordinary").state)
    asks: list[int] = []
    loadout = gear.loadout
    monkeypatch.setattr(gear, "loadout", lambda *a, **k: asks.append(1) or loadout(*a, **k))
    kept = []
    for state in states:
        kept.append(_as_asked(FIGHT.decision(s, state)))
    kept_asks = len(asks)
    asks.clear()
    monkeypatch.setattr(FightRound, "kits", property(lambda self: None, lambda self, value: None), raising=False)
    every_time = [_as_asked(FIGHT.decision(s, state)) for state in states]
    assert kept == every_time
    assert {state["step"] for state in states} >= {"orders"}
    assert kept_asks < len(asks)
