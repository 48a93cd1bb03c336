"""The GAME fight by the book: scripted turns with forced dice, each rule alone, the exact odds on
offer, and the behaviours of the other side.

Dice are forced in the order the fight rolls them: the defence step's checks (the player's
first, then the fight's order), then each attack step's checks (the player's unit first: their
attack, or the competitive check in which they strike back, their dice before the group's),
then that step's damage dice in the same order, then the next step. A check rolls its
difficulty dice, then the extra die if it has one (notable, or a group).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.game import Game, read_damage
from solo.rules.game.fight import kit as kits
from solo.rules.game.fight.procedure import Fight
from solo.rules.game.fight.turn import FightTurn, competitive_hit

RULES = Game()
FIGHT = Fight(RULES)
ITEMS = {
    "sword": {"weapon": "blade"},
    "dagger": {"weapon": {"kind": "blade", "poison": True}},
    "tonic": {"potion": 3},
    "blowgun": {"weapon": {"kind": "missile", "sleep": True}},
    "glaive": {"weapon": {"kind": "blade", "bonus": 1}},
    "club": {"weapon": "blunt"},
    "bow": {"weapon": "missile"},
    "longbow": {"weapon": {"kind": "missile", "range": [3, 6, 9]}},
    "net": {"weapon": {"kind": "thrown", "range": [1, 2, 3]}},
    "shield": {"shield": True},
    "jerkin": {"armour": "light"},
    "chain": {"armour": "heavy"},
    "plate": {"armour": "bulky"},
}
NAMES = {k: k.title() for k in ITEMS}


def person(name: str, items=(), fp: int | None = None, talents=None, extra=None, **stats) -> Character:
    stats = {k.replace("_", "/"): v for k, v in stats.items()}
    character = Character(name=name, system="game", stats=stats, items=list(items), extra=dict(extra or {}))
    if talents:
        character.extra["talents"] = dict(talents)
    if fp is not None:
        character.resources["max_fp"] = fp
    return RULES.prepare_character(character)


def hero(items=("sword",), **changes) -> Character:
    stats = {"Hack_Slash": 5, "Block_Dodge": 3, "Shoot_Fire": 3, "Lift_Smash": 2}
    stats.update({k: v for k, v in changes.items() if k not in ("talents", "extra", "fp")})
    return person("Hero", items, changes.get("fp"), changes.get("talents"), changes.get("extra"), **stats)


def setup(player: Character, *foes, allies=(), **params) -> ConflictSetup:
    """Foes are (key, character, behaviour, group) or characters (steady, each its own npc)."""
    fighters = [Fighter("player", PLAYER, player)]
    fighters += [Fighter(a.name.lower(), ALLY, a, behaviour="steady", npc=a.name.lower()) for a in allies]
    for foe in foes:
        if isinstance(foe, Character):
            foe = (foe.name.lower(), foe, "steady", None)
        key, character, behaviour, group = foe
        fighters.append(Fighter(key, ENEMY, character, group=group, behaviour=behaviour, npc=key.split("-")[0]))
    return ConflictSetup("fight", fighters, params, ITEMS, NAMES, rounds=20)


def begin(s: ConflictSetup, *forced: int, seed: int = 1):
    dice = Dice(seed)
    dice.force(*forced)
    return dice, FIGHT.begin(dice, s)


def act(s, dice, step, key, *forced):
    dice.force(*forced)
    return FIGHT.act(dice, s, step.state, key)


def fp(character: Character) -> int:
    return character.resources["fp"]


def texts(step) -> list[str]:
    return [b.text for b in step.beats]


def damage(step) -> list[dict]:
    return [b.measures for b in step.beats if "fp_lost" in b.measures]


def keys(s, step) -> list[str]:
    return [a.key for a in FIGHT.decision(s, step.state).actions if a.enabled]


# -- the book's damage, in a fight --------------------------------------------------------------


def test_a_hit_rolls_its_excess_in_damage_dice_an_8_is_critical_armour_comes_off_a_1_stuns():
    bandit = person("Bandit", ["club", "jerkin"], fp=6, Lift_Smash=3)
    s = setup(hero(), bandit)
    dice, step = begin(s)
    # Hack/Slash 5 rolls 7: excess 4. The bandit rolls 5 with Lift/Smash 3: a hit with excess 0,
    # no damage dice. Four damage dice 8 4 1 3: 4 FP + 1 critical - AR 1 (light) = 4 FP, stunned.
    step = act(s, dice, step, "attack:bandit", 7, 5, 8, 4, 1, 3)
    assert damage(step) == [
        {"damage_dice": 4, "criticals": 1, "ar": 1, "fp_lost": 4, "stun": True},
        {"damage_dice": 0, "criticals": 0, "ar": 0, "fp_lost": 0, "stun": False},
    ]
    assert fp(bandit) == 2 and fp(s.player.character) == 8
    # the stun takes the bandit's next action: the next turn's
    assert step.state["orders"]["bandit"] == {"act": "stunned"}
    assert "Bandit is still stunned and loses this turn's action." in texts(step)
    assert not dice.forced_pending


def test_a_poisoned_blade_costs_one_fp_more_per_damage_die_of_2_or_3_on_a_blow_that_hurts():
    bandit = person("Bandit", ["club", "jerkin"], fp=12, Lift_Smash=3)
    s = setup(hero(items=("dagger",)), bandit)
    dice, step = begin(s)
    # Hack/Slash 5 rolls 7: excess 4, four dice 2 3 5 3: 4 FP − AR 1 = 3, and poison on 2 3 3: 3 more
    step = act(s, dice, step, "attack:bandit", 7, 5, 2, 3, 5, 3)
    assert damage(step)[0] == {"damage_dice": 4, "criticals": 0, "ar": 1, "fp_lost": 3, "stun": False,
                               "poison": 3}
    assert fp(bandit) == 12 - 6
    assert any(t.endswith("Poison: 3 more FP (each 2 or 3).") for t in texts(step))


def test_poison_that_does_not_get_through_the_armour_does_nothing():
    knight = person("Knight", ["club", "plate"], fp=12, Lift_Smash=3)
    s = setup(hero(items=("dagger",)), knight)
    dice, step = begin(s)
    # excess 2: two dice 2 3, 2 FP − AR 3 = 0: the blade does not get through, nor the poison
    step = act(s, dice, step, "attack:knight", 5, 5, 2, 3)
    assert damage(step)[0] == {"damage_dice": 2, "criticals": 0, "ar": 3, "fp_lost": 0, "stun": False}
    assert fp(knight) == 12


def test_poison_must_be_true_or_false():
    assert kits.item_problems({"weapon": {"kind": "blade", "poison": "yes"}}) == [
        (("weapon", "poison"), "poison must be true or false (got 'yes')")]


def test_a_healing_potion_is_drunk_instead_of_attacking_and_works_at_the_end_of_the_turn():
    bandit = person("Bandit", ["club"], fp=8, Lift_Smash=1)
    player = hero(items=("sword", "tonic"))
    player.resources["fp"] = 3  # three wounds' worth of FP left
    s = setup(player, bandit)
    dice, step = begin(s)
    offered = {a.key: a for a in FIGHT.decision(s, step.state).actions}
    assert offered["drink:tonic"].text == "Drink Tonic (3 FP back; takes the turn)"
    # the bandit attacks with Lift/Smash 1 and rolls 2: no hit; the tonic then gives 3 FP back
    step = act(s, dice, step, "drink:tonic", 2)
    assert fp(player) == 6 and "tonic" not in player.items
    assert any(t.startswith("You drink Tonic: 3 FP back, 6 now.") for t in texts(step)), texts(step)
    assert "drink:tonic" not in keys(s, step)


def test_no_potion_is_offered_at_full_fp_and_a_bad_potion_is_refused():
    s = setup(hero(items=("sword", "tonic")), person("Bandit", ["club"], fp=8, Lift_Smash=1))
    dice, step = begin(s)
    assert not any(k.startswith("drink:") for k in keys(s, step))
    assert kits.item_problems({"potion": 9}) == [(("potion",), "potion is the FP it restores, 1 to 8 (got 9)")]


def test_sleep_dice_take_1_fp_each_1_to_4_stun_on_a_1_and_the_loss_is_exertion():
    knight = person("Knight", ["club", "plate"], fp=8, Lift_Smash=1)
    s = setup(hero(items=("blowgun",)), knight)
    dice, step = begin(s)
    # Shoot/Fire 3 rolls 7 at range: excess 2: sleep dice 1 8: the 1 takes 1 FP (plate does not
    # stop it) and stuns, the 8 takes nothing and is no critical
    step = act(s, dice, step, "attack:knight", 7, 1, 8)
    found = [m for m in damage(step) if m.get("sleep")]
    assert found == [{"sleep_dice": 2, "fp_lost": 1, "stun": True, "sleep": True}], texts(step)
    assert fp(knight) == 7 and knight.resources["exertion"] == 1  # back after an hour's rest
    assert any(t.startswith("Sleep dice on Knight [1 8]: each 1-4 takes 1 FP, 1 FP") for t in texts(step))


def test_sleep_must_be_true_or_false():
    assert kits.item_problems({"weapon": {"kind": "thrown", "sleep": 1}}) == [
        (("weapon", "sleep"), "sleep must be true or false (got 1)")]


def test_fp_lost_is_never_negative_and_never_below_zero():
    knight = person("Knight", ["sword", "plate"], fp=3, Hack_Slash=1)
    s = setup(hero(), knight)
    dice, step = begin(s)
    step = act(s, dice, step, "attack:knight", 5, 1, 2, 3)  # excess 2: 2 dice, 2 FP - AR 3 -> 0
    assert damage(step)[0]["fp_lost"] == 0 and fp(knight) == 3
    weak = person("Weakling", ["club"], fp=2, Lift_Smash=0)
    s = setup(hero(), weak)
    dice, step = begin(s)
    step = act(s, dice, step, "attack:weakling", 8, 1, 8, 8, 8, 8, 8)  # 5 dice, 10 FP on 2 FP
    assert fp(weak) == 0 and step.result is None and FIGHT.decision(s, step.state).actions[0].key.startswith("defeat:")
    assert step.state["lost"]["weakling"] == 2


@pytest.mark.parametrize("faces, group, criticals", [
    ((8, 7, 4), 1, 1), ((5, 6, 2), 4, 2), ((4, 4, 4), 4, 0), ((2, 3), 7, 2),
])
def test_a_group_widens_the_critical_range_by_one_per_member(faces, group, criticals):
    # the book: a group of four makes a critical on 5 through 8
    assert read_damage(faces, 0, group).criticals == criticals


def test_a_group_of_four_attacks_as_one_check_with_the_extra_die_and_criticals_on_5_to_8():
    thugs = [(f"thug-{n}", person(f"Thug {n}", ["club"], fp=4, Lift_Smash=2), "steady", None) for n in range(1, 5)]
    s = setup(hero(items=("sword", "shield")), *thugs)
    dice, step = begin(s)
    assert all(step.state["orders"][f"thug-{n}"] == {"act": "attack", "target": "player"} for n in range(1, 5))
    # the player blocks (no counterattack, so no competitive check): Block/Dodge 3 rolls 2, fails.
    # The thugs' one check: Lift/Smash 2 rolls 3 (fails), the extra die 4 <= 4 members succeeds:
    # excess 1. One damage die, a 5: a critical for a group of four. 2 FP.
    step = act(s, dice, step, "block", 2, 3, 4, 5)
    attack = next(b for b in step.beats if "together" in b.text)
    assert "group of 4" in attack.text and attack.roll.details["extra"][0]["succeeds_on"] == 4
    assert damage(step) == [{"damage_dice": 1, "criticals": 1, "ar": 0, "fp_lost": 2, "stun": False}]
    assert fp(s.player.character) == 6


def test_a_lone_fighter_striking_back_at_the_group_makes_a_competitive_check_rolled_again_on_ties():
    thugs = [(f"thug-{n}", person(f"Thug {n}", ["club"], fp=4, Lift_Smash=2), "steady", None) for n in range(1, 4)]
    s = setup(hero(), *thugs)
    dice, step = begin(s)
    # roll 1: the hero 5 (succeeds), the group 6 (succeeds) with extra die 8: a tie.
    # roll 2: the hero 1 (fails), the group 2 (fails), extra 7: a tie. roll 3: the hero 4,
    # excess 1, the group 1, extra 8: the hero alone succeeds and hits Thug 1 with one die, a 6.
    step = act(s, dice, step, "attack:thug-1", 5, 6, 8, 1, 2, 7, 4, 1, 8, 6)
    clashes = [b for b in step.beats if "clash" in b.text]
    assert [b.roll.outcome for b in clashes] == ["draw", "draw", "success"]
    assert damage(step) == [{"damage_dice": 1, "criticals": 0, "ar": 0, "fp_lost": 1, "stun": False}]
    assert fp(s.fighter("thug-1").character) == 3 and fp(s.player.character) == 8  # only the winner strikes


def test_a_tied_clash_is_rolled_again_without_asking_for_a_reroll_but_a_lost_one_asks():
    thugs = [(f"thug-{n}", person(f"Thug {n}", ["club"], fp=4, Lift_Smash=2), "steady", None) for n in range(1, 4)]
    s = setup(hero(), *thugs)
    s.player.character.resources["rerolls"] = 1
    dice, step = begin(s)
    # a tie (5 against 6, extra 8), then the hero 1 against the group 2 with extra 3 <= 3: lost.
    step = act(s, dice, step, "attack:thug-1", 5, 6, 8, 1, 2, 3)
    assert [b.roll.outcome for b in step.beats if "clash" in b.text] == ["draw", "failure"]
    assert step.state["step"] == "reroll" and keys(s, step) == ["keep", "reroll"]
    assert not dice.forced_pending


def test_the_competitive_odds_are_the_one_roll_contest_odds_with_ties_rolled_again():
    win, lose = Fraction(1, 4), Fraction(1, 2)
    assert competitive_hit(win, lose, 1) == win
    assert competitive_hit(win, lose, 20) == win * (1 - Fraction(1, 4) ** 20) / (1 - Fraction(1, 4))
    assert competitive_hit(Fraction(0), Fraction(0)) == 0  # never decided


# -- defences -----------------------------------------------------------------------------------


def test_a_parry_counts_its_excess_up_to_the_talent_level_and_the_riposte_gains_it_when_they_do_no_harm():
    duelist = hero(talents={"Hack/Slash": 1})
    bravo = person("Bravo", ["sword"], fp=8, Hack_Slash=3)
    s = setup(duelist, bravo)
    dice, step = begin(s)
    assert "parry:bravo" in keys(s, step)
    # parry: Hack/Slash 5 rolls 6, excess 3, counting 1 (TL 1). The bravo rolls 6: excess 1,
    # less 1 parried: no damage dice, no harm. The riposte: 8, excess 5, plus 1: six dice.
    step = act(s, dice, step, "parry:bravo", 6, 6, 8, 2, 3, 4, 5, 6, 7)
    parry = next(b for b in step.beats if "parry" in b.text)
    assert parry.roll.measures["excess"] == 1
    assert damage(step) == [
        {"damage_dice": 0, "criticals": 0, "ar": 0, "fp_lost": 0, "stun": False},
        {"damage_dice": 6, "criticals": 0, "ar": 0, "fp_lost": 6, "stun": False},
    ]
    assert any("(+1 riposte)" in t for t in texts(step))


def test_a_failed_parry_keeps_the_attack_but_it_comes_last_without_bonus():
    duelist = hero(talents={"Hack/Slash": 2})
    bravo = person("Bravo", ["sword"], fp=8, Hack_Slash=3)
    s = setup(duelist, bravo)
    dice, step = begin(s)
    # the parry fails (2), the bravo hits (7, excess 2): two dice 3 4. The late attack: 6, excess 3.
    step = act(s, dice, step, "parry:bravo", 2, 7, 3, 4, 6, 2, 2, 2)
    assert [d["damage_dice"] for d in damage(step)] == [2, 3]
    assert fp(s.player.character) == 6 and fp(bravo) == 5


def test_parrying_needs_the_talent_and_a_blade_in_hand():
    s = setup(hero(), person("Bravo", ["sword"], Hack_Slash=3))
    dice, step = begin(s)
    assert not any(k.startswith("parry:") for k in keys(s, step))
    s = setup(hero(items=("club",), talents={"Hack/Slash": 1}), person("Bravo", ["sword"], Hack_Slash=3))
    dice, step = begin(s)
    assert not any(k.startswith("parry:") for k in keys(s, step))


def test_a_block_takes_its_excess_off_the_first_hit_and_one_more_per_talent_level():
    archer = ("archer", person("Archer", ["bow"], Shoot_Fire=4), "steady", "a")
    brute = ("brute", person("Brute", ["club"], Lift_Smash=4), "steady", "b")
    lout = ("lout", person("Lout", ["club"], Lift_Smash=4), "steady", "c")
    s = setup(hero(items=("sword", "shield"), talents={"Block/Dodge": 1}), archer, brute, lout)
    dice, step = begin(s)
    # block 7: excess 2. The archer (ranged, first) 8: excess 4 -> 2 dice. Melee: the brute 8
    # (excess 4 -> 2 dice), the lout 8 (excess 4: the block is used up, 4 dice).
    step = act(s, dice, step, "block", 7, 8, 2, 2, 8, 8, 2, 2, 2, 2, 2, 2)
    assert [d["damage_dice"] for d in damage(step)] == [2, 2, 4]
    assert fp(s.player.character) == 0


# -- armour, range, talents -----------------------------------------------------------------------


def test_armour_ratings_and_the_actions_heavy_and_bulky_armour_make_hard():
    assert [kits.read_kit(person("X", [a]), ITEMS, NAMES).ar for a in ("jerkin", "chain", "plate")] == [1, 2, 3]
    assert kits.read_kit(person("Rhino", extra={"ar": 5}), ITEMS, NAMES).ar == 5
    knight = hero(items=("sword", "bow", "chain"), talents={"Hack/Slash": 1})
    s = setup(knight, person("Bravo", ["sword"], Hack_Slash=3))
    turn = FightTurn(RULES, s, begin(s)[1].state)
    assert not turn.kit("player").can_dodge and not turn.kit("player").can_defend  # book: no dodging in chain
    dodge = next(a for a in FIGHT.decision(s, begin(s)[1].state).actions if a.key == "block")
    assert not dodge.enabled and "no dodging in heavy armour" in dodge.reason
    assert turn.defence_params("player", "parry")["difficulty"] == "hard"
    assert turn.attack_params("player", "bravo", turn.kit("player").weapon("bow"))["difficulty"] == "hard"
    assert turn.attack_params("player", "bravo", turn.kit("player").weapon("sword"))["difficulty"] == "easy"
    plated = hero(items=("sword", "shield", "net", "plate"))
    s = setup(plated, person("Bravo", ["sword"], Hack_Slash=3))
    turn = FightTurn(RULES, s, begin(s)[1].state)
    assert turn.defence_kind("player") == "block" and turn.defence_params("player", "block")["difficulty"] == "easy"
    assert turn.attack_params("player", "bravo", turn.kit("player").weapon("net"))["difficulty"] == "hard"


@pytest.mark.parametrize("distance, difficulty", [(0, "easy"), (2, "easy"), (3, "challenging"), (4, "challenging"),
                                                  (5, "hard"), (6, "hard"), (7, None)])
def test_range_bands_for_ranged_attacks(distance, difficulty):
    s = setup(hero(items=("bow",)), person("Target", ["club"], Lift_Smash=1), distance=distance)
    dice, step = begin(s)
    turn = FightTurn(RULES, s, step.state)
    attacks = [k for k in keys(s, step) if k.startswith("attack:")]
    if difficulty is None:
        assert not attacks
        return
    assert attacks == ["attack:target"]
    assert turn.attack_params("player", "target")["difficulty"] == difficulty


def test_the_places_difficulty_and_a_range_band_add_up_to_hard_at_most():
    s = setup(hero(items=("longbow",)), person("Target", ["club"], Lift_Smash=1), distance=4, difficulty="challenging")
    turn = FightTurn(RULES, s, begin(s)[1].state)
    assert turn.attack_params("player", "target")["difficulty"] == "hard"  # challenging + challenging (4 of 3-6)
    s = setup(hero(items=("longbow",)), person("Target", ["club"], Lift_Smash=1), distance=3)
    turn = FightTurn(RULES, s, begin(s)[1].state)
    assert turn.attack_params("player", "target")["difficulty"] == "easy"  # the longbow's first band is 3


def test_a_weapons_bonus_adds_to_the_attack():
    s = setup(hero(items=("glaive",)), person("Target", ["club"], Lift_Smash=1))
    dice, step = begin(s)
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:target")
    assert attack.odds == Fraction(7, 8)  # Hack/Slash 5 + 1: success on 2 or more
    assert "Hack/Slash 5+1, Easy 1d8" in attack.hint


def test_a_sweep_hits_one_more_foe_in_melee_per_lift_smash_talent_level_each_with_its_own_dice():
    brawler = hero(items=("club",), Lift_Smash=5, talents={"Lift/Smash": 1})
    a = ("a", person("A", ["club"], fp=8, Lift_Smash=0), "reckless", "a")
    b = ("b", person("B", ["club"], fp=8, Lift_Smash=0), "reckless", "b")
    c = ("c", person("C", ["club"], fp=8, Lift_Smash=0), "reckless", "c")
    s = setup(brawler, a, b, c)
    dice, step = begin(s)
    # the brawler rolls 6: excess 3 on A; the three foes miss (1 each). Damage on A: 2 2 2,
    # swept onto B (talent 1): 3 3 3. C is not swept.
    step = act(s, dice, step, "attack:a", 6, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    assert [(b.actor, b.measures["fp_lost"]) for b in step.beats if "fp_lost" in b.measures] == [("a", 3), ("b", 3)]
    assert fp(s.fighter("c").character) == 8


def test_an_interrupting_shot_rolls_one_stun_only_die_per_shoot_fire_talent_level():
    marksman = hero(items=("bow",), Shoot_Fire=5, talents={"Shoot/Fire": 2})
    s = setup(marksman, person("Runner", ["club"], fp=8, Lift_Smash=2), distance=2)
    dice, step = begin(s)
    # 4: excess 1, one damage die 5 (1 FP); the two interrupting dice 6 and 1: a stun, no FP.
    step = act(s, dice, step, "attack:runner", 4, 5, 6, 1)
    assert damage(step) == [{"damage_dice": 1, "criticals": 0, "ar": 0, "fp_lost": 1, "stun": True}]
    assert fp(s.fighter("runner").character) == 7
    assert "Runner is stunned and loses the move." in texts(step) and step.state["dist"]["runner"] == 2


def test_martial_arts_ignore_one_ar_per_talent_level_against_humanoids_only():
    monk = hero(items=(), Throw_Ensnare=5, talents={"Throw/Ensnare": 2})
    guard = person("Guard", ["chain"], fp=8, Lift_Smash=0)
    s = setup(monk, guard)
    turn = FightTurn(RULES, s, begin(s)[1].state)
    fists = turn.wielded("player")
    assert fists.skill == "Throw/Ensnare" and fists.kind == "unarmed"
    assert turn.ignored_ar("player", "guard", fists) == 2
    golem = person("Golem", ["chain"], fp=8, Lift_Smash=0, extra={"humanoid": False})
    s = setup(monk, golem)
    turn = FightTurn(RULES, s, begin(s)[1].state)
    assert turn.ignored_ar("player", "golem", fists) == 0


def test_a_surprise_attack_talent_strikes_first_at_up_to_the_talent_level_without_defence():
    scout = hero(Perception_Track=3, talents={"Perception/Track": 2})
    s = setup(scout, person("Sentry", ["club"], fp=8, Lift_Smash=2))
    dice, step = begin(s)
    decision = FIGHT.decision(s, step.state)
    assert [a.key for a in decision.actions] == ["surprise:sentry", "hold"]
    assert decision.actions[0].odds == Fraction(3, 8)  # Hack/Slash at talent level 2
    step = act(s, dice, step, "surprise:sentry", 8, 4, 4)  # 2 + 8: excess 2
    assert fp(s.fighter("sentry").character) == 6
    assert step.state["orders"]["sentry"]["act"] == "attack" and step.state["round"] == 1


def test_foes_who_catch_the_player_unawares_attack_before_the_first_turn():
    s = setup(hero(), person("Ambusher", ["club"], fp=8, Lift_Smash=4), surprise="player")
    dice, step = begin(s, 8, 3, 3, 3, 3)  # Lift/Smash 4 rolls 8: excess 4, before any turn
    assert fp(s.player.character) == 4 and step.state["step"] == "orders"
    assert "Before the first turn: they catch you unawares." in texts(step)


# -- stuns, fleeing, defeat -----------------------------------------------------------------------


def test_a_stun_in_the_ranged_step_costs_the_target_this_turns_melee_attack():
    marksman = hero(items=("bow",), Shoot_Fire=5)
    s = setup(marksman, person("Charger", ["club"], fp=8, Lift_Smash=4))
    dice, step = begin(s)
    assert step.state["orders"]["charger"] == {"act": "attack", "target": "player"}
    step = act(s, dice, step, "attack:charger", 5, 1, 6)  # excess 2: dice 1 6, stunned
    assert "Charger is stunned and loses the attack." in texts(step)
    assert "charger" not in step.state["stunned"]  # the stun is spent: next turn it acts
    assert step.state["orders"]["charger"]["act"] == "attack"


def test_running_away_takes_this_turns_attacks_first():
    s = setup(hero(), person("Brute", ["club"], fp=8, Lift_Smash=4))
    dice, step = begin(s)
    step = act(s, dice, step, "flee", 8, 3, 3, 3, 3)  # the brute hits first (excess 4)
    assert step.result == "fled" and fp(s.player.character) == 4


def test_a_stunned_runner_does_not_get_away():
    s = setup(hero(), person("Brute", ["club"], fp=8, Lift_Smash=4))
    dice, step = begin(s)
    step = act(s, dice, step, "flee", 5, 1)  # excess 1: one die, a 1: stunned, the move is lost
    assert step.result is None and "You are stunned and lose the move." in texts(step)
    assert step.state["stunned"] == [] and keys(s, step)[0] == "attack:brute"  # one action lost, no more


def test_the_player_at_zero_fp_loses_and_the_foe_chooses_by_its_behaviour():
    for behaviour, kind in (("steady", "captured"), ("reckless", "beaten"), ("cautious", "driven-off")):
        s = setup(hero(fp=2), ("brute", person("Brute", ["club"], fp=8, Lift_Smash=4), behaviour, None))
        dice, step = begin(s)
        step = act(s, dice, step, "attack:brute", 1, 8, 3, 3, 3, 3)
        assert step.result == "lost"
        end = FIGHT.conclude(dice, s, step.state, "lost")
        assert end.measures == {"defeat": kind, "fp_lost": 2}
    s = setup(hero(fp=2), person("Brute", ["club"], fp=8, Lift_Smash=4), defeat="killed")
    dice, step = begin(s)
    step = act(s, dice, step, "attack:brute", 1, 8, 3, 3, 3, 3)
    assert FIGHT.conclude(dice, s, step.state, "lost").measures["defeat"] == "killed"


def test_the_victor_chooses_how_the_defeated_are_left_among_the_kinds_allowed():
    s = setup(hero(), person("Weakling", ["club"], fp=1, Lift_Smash=0), defeats=["captured", "driven-off"])
    dice, step = begin(s)
    step = act(s, dice, step, "attack:weakling", 8, 1, 2, 2, 2)
    assert step.result is None and keys(s, step) == ["defeat:captured", "defeat:driven-off"]
    step = act(s, dice, step, "defeat:captured")
    assert step.result == "won"
    end = FIGHT.conclude(dice, s, step.state, "won")
    assert end.fallen == {"weakling": "captured"} and end.measures == {"defeat": "captured", "fp_lost": 0}
    s = setup(hero(), person("Weakling", ["club"], fp=1, Lift_Smash=0), defeats=["killed"])
    dice, step = begin(s)
    step = act(s, dice, step, "attack:weakling", 8, 1, 2, 2, 2)
    assert step.result == "won" and FIGHT.conclude(dice, s, step.state, "won").fallen == {"weakling": "killed"}


def test_rerolls_repeat_the_players_check_when_it_did_nothing():
    s = setup(hero(), person("Brute", ["club"], fp=8, Lift_Smash=0))
    s.player.character.resources["rerolls"] = 2
    dice, step = begin(s)
    step = act(s, dice, step, "attack:brute", 2)  # 5 + 2 = 7: a miss, held before anything else rolls
    assert step.state["step"] == "reroll" and keys(s, step) == ["keep", "reroll"]
    assert not dice.forced_pending
    # the reroll shows 6 (excess 3) and the step goes on: the brute misses (1), three damage dice
    step = act(s, dice, step, "reroll", 6, 1, 2, 2, 2)
    assert s.player.character.resources["rerolls"] == 1 and step.state["step"] == "orders"
    assert fp(s.fighter("brute").character) == 5
    kept = setup(hero(), person("Brute", ["club"], fp=8, Lift_Smash=0))
    kept.player.character.resources["rerolls"] = 1
    dice, step = begin(kept)
    step = act(kept, dice, step, "attack:brute", 2)
    step = act(kept, dice, step, "keep", 1)
    assert kept.player.character.resources["rerolls"] == 1 and step.state["step"] == "orders"
    assert fp(kept.fighter("brute").character) == 8


def test_a_successful_check_with_excess_is_not_held_for_a_reroll():
    s = setup(hero(), person("Brute", ["club"], fp=8, Lift_Smash=0))
    s.player.character.resources["rerolls"] = 2
    dice, step = begin(s)
    step = act(s, dice, step, "attack:brute", 6, 1, 2, 2, 2)
    assert step.state["step"] == "orders" and fp(s.fighter("brute").character) == 5


def test_exhaustion_takes_one_off_every_fight_check():
    tired = hero()
    tired.resources["fp"] = 2
    s = setup(tired, person("Brute", ["club"], fp=8, Lift_Smash=0))
    dice, step = begin(s)
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:brute")
    assert attack.odds == Fraction(5, 8) and "−1 exhausted" in attack.hint  # 5 - 1 + die >= 8


def test_frontage_lets_only_so_many_foes_into_melee():
    watch = [(f"w-{n}", person(f"W {n}", ["club"], fp=4, Lift_Smash=2), "steady", None) for n in range(1, 4)]
    s = setup(hero(), *watch, frontage=1)
    dice, step = begin(s)
    assert step.state["dist"] == {"w-1": 0, "w-2": 1, "w-3": 1}
    assert step.state["orders"]["w-2"] == {"act": "advance", "target": "player"}
    step = act(s, dice, step, "attack:w-1", 1, 1)
    assert step.state["dist"] == {"w-1": 0, "w-2": 1, "w-3": 1}
    assert texts(step).count("W 2 cannot get at you: there is no room.") == 1


# -- the behaviours ---------------------------------------------------------------------------------


def test_reckless_goes_for_the_weakest_and_cautious_runs_when_nearly_spent():
    ally = person("Ally", ["sword"], fp=8, Hack_Slash=2)
    ally.resources["fp"] = 3
    s = setup(hero(), ("r", person("R", ["club"], fp=8, Lift_Smash=2), "reckless", None), allies=[ally])
    dice, step = begin(s)
    assert step.state["orders"]["r"] == {"act": "attack", "target": "ally"}
    shy = person("Shy", ["club"], fp=8, Lift_Smash=2)
    shy.resources["fp"] = 2
    s = setup(hero(), ("shy", shy, "cautious", None))
    dice, step = begin(s)
    assert step.state["orders"]["shy"] == {"act": "flee"}
    step = act(s, dice, step, "attack:shy", 1)
    assert step.result == "won" and step.state["out"]["shy"] == "fled"
    assert FIGHT.conclude(dice, s, step.state, "won").fallen == {}


def test_steady_parries_when_it_can_and_closes_in_when_it_cannot_reach():
    fencer = person("Fencer", ["sword"], fp=8, Hack_Slash=3, talents={"Hack/Slash": 1})
    s = setup(hero(), fencer)
    dice, step = begin(s)
    assert step.state["orders"]["fencer"] == {"act": "parry", "target": "player"}
    s = setup(hero(), person("Runner", ["club"], Lift_Smash=2), distance=3)
    dice, step = begin(s)
    assert step.state["orders"]["runner"] == {"act": "advance", "target": "player"}
    assert [k for k in keys(s, step) if k.startswith("advance")] == ["advance:runner"]


# -- odds --------------------------------------------------------------------------------------------


def test_the_odds_of_an_attack_are_solo_odds_for_the_same_roll():
    s = setup(hero(items=("bow",)), person("Target", ["club"], Lift_Smash=1), distance=3)
    dice, step = begin(s)
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:target")
    odds = RULES.odds_for_args({"skill": "3", "difficulty": "challenging"})
    assert attack.odds == odds.outcomes["success"]


def test_the_odds_against_a_group_come_from_solo_odds_versus_a_group():
    thugs = [(f"thug-{n}", person(f"Thug {n}", ["club"], fp=4, Lift_Smash=2), "steady", None) for n in range(1, 4)]
    s = setup(hero(), *thugs)
    dice, step = begin(s)
    attack = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "attack:thug-2")
    one = RULES.odds_for_args({"skill": "5", "versus": "2", "versus-group": "3"}).outcomes
    assert attack.odds == competitive_hit(one["success"], one["failure"])
    assert f"one roll {float(one['success']) * 100:.0f}% you alone hit" in attack.hint


def test_the_view_shows_fp_distance_armour_and_what_each_foe_is_about_to_do():
    s = setup(hero(), person("Knight", ["sword", "chain"], fp=6, Hack_Slash=3),
              person("Archer", ["bow"], fp=4, Shoot_Fire=3), distance={"archer": 3})
    dice, step = begin(s)
    view = FIGHT.view(s, step.state).to_dict()
    rows = {f["key"]: f for f in view["fighters"]}
    assert rows["knight"]["gauges"] == [{"label": "FP", "value": 6, "maximum": 6}]
    assert rows["knight"]["tags"] == ["in melee", "AR 2", "Sword", "attacks you"]
    assert rows["archer"]["tags"] == ["3 MU", "Bow", "shoots you"]
    assert view["phase"] == "your action" and any("Sword" in n for n in view["notes"])


# -- validation ----------------------------------------------------------------------------------------


def test_problems_name_what_the_rules_cannot_run():
    items = dict(ITEMS, spear={"weapon": "pointy"}, sling={"weapon": {"kind": "missile", "range": [4, 2, 6]}},
                 mail={"armour": "chainmail"}, axe={"weapon": {"kind": "blade", "range": [1, 2, 3], "bonus": 2}})
    foe = person("Foe", ["spear", "sling", "mail", "axe"], Hack_Slash=2)
    bare = person("Bare", [], Social_Etiquette=3)
    s = ConflictSetup("fight", [Fighter("player", PLAYER, hero()),
                                Fighter("foe", ENEMY, foe, npc="foe"), Fighter("bare", ENEMY, bare, npc="bare")],
                      {"distance": {"ghost": 2}, "difficulty": "brutal", "surprise": "everyone", "frontage": 0,
                       "defeats": ["eaten"]}, items, {})
    found = {(p.path, p.message.split(":")[0]) for p in FIGHT.problems(s)}
    paths = {p.path for p in FIGHT.problems(s)}
    assert ("params", "distance", "ghost") in paths and ("params", "difficulty") in paths
    assert ("params", "surprise") in paths and ("params", "frontage") in paths and ("params", "defeats", 0) in paths
    messages = [p.message for p in FIGHT.problems(s) if p.path == ("opponents", 0)]
    assert any("weapon must be one of" in m for m in messages)
    assert any("range is three whole numbers" in m for m in messages)
    assert any("armour must be one of none, light, heavy, bulky" in m for m in messages)
    assert any("only thrown and missile weapons have a range" in m for m in messages)
    assert any("bonus is 0 or the book's +1" in m for m in messages)
    assert any(p.path == ("opponents", 1) and "no rating in the skill its attack rolls (Lift/Smash for its "
               "bare hands)" in p.message for p in FIGHT.problems(s))
    assert found


def test_possible_results_are_honest():
    s = setup(hero(), person("Brute", ["club"], Lift_Smash=3))
    assert FIGHT.possible_results(s) == ("won", "lost", "fled")
    iron = person("Iron", ["club"], Lift_Smash=3, extra={"ar": 10})
    s = setup(hero(), iron, flee=False, surrender=True)
    assert FIGHT.possible_results(s) == ("lost", "surrendered")  # nothing the hero has can hurt it
    harmless = person("Harmless", ["club"], Lift_Smash=0)
    s = setup(hero(items=("sword", "plate")), harmless)
    assert "lost" not in FIGHT.possible_results(s)  # 0 + 8 - 8: excess 0 at best, AR 3


# -- the competitive check outside fights --------------------------------------------------------


def test_solo_odds_versus_a_group_and_its_errors():
    one = RULES.odds_for_args({"skill": "5", "versus": "3", "versus-group": "3"}).outcomes
    p, q = Fraction(6, 8), Fraction(4, 8) + Fraction(4, 8) * Fraction(3, 8)
    assert one == {"failure": (1 - p) * q, "draw": p * q + (1 - p) * (1 - q), "success": p * (1 - q)}
    from solo.rules.base import RulesError

    with pytest.raises(RulesError, match="--versus-group goes with --versus"):
        RULES.odds_for_args({"skill": "5", "versus-group": "3"})


def test_a_defender_holds_on_a_tie_and_is_not_offered_a_reroll_then():
    sneak = person("Sneak", Sneak_Hide=3)
    sneak.resources["rerolls"] = 1
    hunter = person("Hunter", Perception_Track=4)
    dice = Dice(1)
    dice.force(6, 5)  # both succeed: a tie, and the defender holds
    record = RULES.contest(dice, sneak, hunter, {"stat": "Sneak/Hide", "opponent_stat": "Perception/Track",
                                                  "defending": True})
    assert record.outcome == "success" and record.success and RULES.offers(record, sneak) == []
    dice.force(1, 5)  # the hider fails, the hunter succeeds: caught, a reroll is offered
    record = RULES.contest(dice, sneak, hunter, {"stat": "Sneak/Hide", "opponent_stat": "Perception/Track",
                                                  "defending": True})
    assert record.outcome == "failure"
    dice.force(2)  # the reroll fails too, against the hunter's kept success: still caught
    again = RULES.apply_offer(dice, record, sneak, "reroll")
    assert again.details["defending"] is True and again.outcome == "failure"
    dice.force(2, 2)
    plain = RULES.contest(dice, sneak, hunter, {"stat": "Sneak/Hide", "opponent_stat": "Perception/Track"})
    assert plain.outcome == "draw"


# -- a key known to be on offer ----------------------------------------------------------------


def _both_ways(s: ConflictSetup, state: dict, key: str, seed: int) -> list[tuple]:
    """``key`` taken by act and by act_on_offer, each on its own copy of the fight and on the
    same seeded dice: what each step made of it (state, beats, result, every fighter after)."""
    import copy

    made = []
    for take in (FIGHT.act, FIGHT.act_on_offer):
        own, own_state = copy.deepcopy(s), copy.deepcopy(state)
        step = take(Dice(seed), own, own_state, key)
        made.append((step.state, [(b.actor, b.text, b.measures) for b in step.beats], step.result, step.round,
                     [f.character.to_dict() for f in own.fighters]))
    return made


@pytest.mark.parametrize("seed", range(4))
def test_an_action_taken_on_offer_plays_as_the_checked_one(seed):
    """act_on_offer (the playtest runtime's, for a key from the decision it just asked) plays
    every enabled key of every decision of seeded fights as act does; act still refuses a key
    that is not on offer."""
    import random

    rng = random.Random(seed)
    bandit = person("Bandit", ["club", "jerkin"], fp=6, Lift_Smash=3)
    archer = person("Archer", ["bow", "tonic"], fp=5, Shoot_Fire=4)
    s = setup(hero(("sword", "shield", "tonic")), bandit, archer)
    dice, step = begin(s, seed=seed)
    compared = 0
    while step.result is None and compared < 60:
        on_offer = keys(s, step)
        for key in on_offer:
            checked, taken = _both_ways(s, step.state, key, seed * 100 + compared)
            assert checked == taken, key
            compared += 1
        with pytest.raises(Exception, match="no action"):
            FIGHT.act(Dice(seed), s, step.state, "no-such-action")
        step = FIGHT.act(dice, s, step.state, rng.choice(on_offer))
    assert compared >= 6


@pytest.mark.parametrize("seed", [3, 8])
def test_foes_and_distance_read_sides_as_is_enemy_and_standing_do(seed):
    """foes and distance read sides and who is down inline: the same as through is_enemy and
    standing, for every pair of fighters at every step of seeded fights with an ally (and with
    the archer out, too)."""
    import random

    rng = random.Random(seed)
    bandit = person("Bandit", ["club", "jerkin"], fp=6, Lift_Smash=3)
    archer = person("Archer", ["bow"], fp=2, Shoot_Fire=4)
    s = setup(hero(("sword", "shield")), bandit, archer, allies=[person("Pip", ["club"], fp=3, Lift_Smash=2)],
              distance=2)
    dice, step = begin(s, seed=seed)
    seen = set()
    for _ in range(40):
        if step.result is not None:
            break
        for state in (step.state, {**step.state, "out": {**step.state["out"], "archer": "down"}}):
            turn = FightTurn(RULES, s, state)
            for a in turn.keys:
                want = [k for k in turn.keys if turn.is_enemy(k) != turn.is_enemy(a) and turn.standing(k)]
                assert turn.foes(a) == want
                for b in turn.keys:
                    enemy = a if turn.is_enemy(a) else b
                    far = 0 if turn.is_enemy(a) == turn.is_enemy(b) else int(state["dist"].get(enemy, 0))
                    assert turn.distance(a, b) == far
                    seen.add((len(want), far))
        step = FIGHT.act(dice, s, step.state, rng.choice(keys(s, step)))
    assert any(far for _, far in seen) and len({n for n, _ in seen}) > 1


def test_a_turn_finds_the_player_once_as_the_setup_does():
    """FightTurn.player, found with the keys when the turn is made, is the setup's player; a
    setup without one still says so when the player is asked for."""
    s = setup(hero(), person("Bandit", ["club"], Lift_Smash=3), allies=[person("Pip", ["club"], Lift_Smash=2)])
    dice, step = begin(s, seed=2)
    assert FightTurn(RULES, s, step.state).player == s.player.key == "player"
    s.fighters = [s.fighters[1], s.fighters[2], s.fighters[0]]  # the player last
    assert FightTurn(RULES, s, step.state).player == "player"
    s.fighters = s.fighters[:2]
    with pytest.raises((StopIteration, RuntimeError)):
        FightTurn(RULES, s, step.state).player
