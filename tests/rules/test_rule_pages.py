"""The rules pages (``r`` and ``:rules``) say what the engine does: each result class of a check,
rolled through the engine, reads as the page says it reads."""

from __future__ import annotations

import pytest

from solo.rules.guts_plus import odds
from solo.rules.guts_plus.words import VOCABULARY as GUTS

PAGE = " ".join(GUTS.rules["check"].text.split())

# dice, the engine's reading, the words of the page that give that reading
GUTS_CASES = [
    ([1, 1, 2], "negative-impact", "If one reading holds more than half of the dice left, that is the result"),
    ([2, 2, 5], "failure", "If one reading holds more than half of the dice left, that is the result"),
    ([3, 3, 1], "near-success", "If one reading holds more than half of the dice left, that is the result"),
    ([4, 5, 2], "success", "If one reading holds more than half of the dice left, that is the result"),
    ([6, 6, 6, 4], "positive-impact", "If one reading holds more than half of the dice left, that is the result"),
    ([1, 2, 3, 5], "failure", "more bad dice is a failure"),
    ([5, 2, 3], "success", "as many or fewer, a full success"),  # a tie of hits and misses, by the book
    ([5, 3, 3, 2], "success", "as many or fewer, a full success"),
    ([6, 1], "near-success", "If sixes and ones cancel every die, it is a near success"),
    ([6, 1, 6, 1, 2], "failure", "A 6 cancels a 1"),
]


@pytest.mark.parametrize("dice,reading,words", GUTS_CASES, ids=[" ".join(map(str, c[0])) for c in GUTS_CASES])
def test_guts_plus_check_page_reads_each_result_as_the_engine_does(dice, reading, words):
    assert odds.read(dice) == reading
    assert words in PAGE


def test_guts_plus_page_no_longer_calls_a_tie_a_near_success():
    assert "a tie is a near success" not in PAGE
    assert odds.read([4, 2]) == "success"
    near = dict(GUTS.terms)["near success"]
    assert "no clear winner" not in near


CONTEST = " ".join(GUTS.rules["contest"].text.split())


def test_guts_plus_contest_page_reads_attack_and_defence_as_the_engine_does():
    words = GUTS.outcomes
    # as the side that acts: ahead by 1-3 full, by more great, level near, behind 1-2 failure, more disaster
    for difference, said in ((2, "Ahead by 1 to 3 is a full success"), (5, "by more a great success"),
                             (0, "level is a near success"), (-2, "behind by 1 or 2 a failure"),
                             (-4, "by more a disaster")):
        assert said in CONTEST
        assert said.endswith(words[odds.LABELS[odds.contest_rank(difference)]])
    # defending, behind by 3 (Priya's 4 against the pink thing's 7): the attacker's full success, her failure
    assert odds.LABELS[odds.defender_rank(-3)] == "failure" and "its full success is your failure" in CONTEST
    assert odds.LABELS[odds.defender_rank(-4)] == "negative-impact" and "its great success your disaster" in CONTEST
    assert odds.LABELS[odds.defender_rank(3)] == "positive-impact" and "its disaster your great success" in CONTEST


# -- every system: each result class of a check and a contest, rolled by the engine with set dice,
# -- reads as its rules page (``r``, ``solo rules``, docs/rules) says; each fight exchange's page
# -- sentence holds for the engine's own fight functions and numbers.

from solo.rules import registry  # noqa: E402
from solo.rules.base import Character  # noqa: E402
from solo.rules.dice import Dice  # noqa: E402
from solo.rules.reference import page as reference_page  # noqa: E402
from solo.rules.vocabulary import for_system  # noqa: E402

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def rule_text(system: str, topic: str) -> str:
    return " ".join(for_system(system).rules[topic].text.split())


def rolled(system: str, args: dict, *faces: int):
    """The engine's roll of ``args`` (as ``solo roll SYSTEM`` reads them) with these dice."""
    dice = Dice(1)
    dice.force(*faces)
    record = registry.get(system).roll_for_args(dice, args)
    assert not dice.forced_pending, "every set die was rolled"
    return record


# system, args, dice, the engine's result, the page's words that give it
ROLL_CASES = [
    ("game", {"skill": 3, "difficulty": "challenging"}, (6, 5), "success", "Add your skill to the lowest die; 8 or more succeeds"),
    ("game", {"skill": 3, "difficulty": "challenging"}, (5, 2), "failure", "Add your skill to the lowest die; 8 or more succeeds"),
    ("four-s", {"bonus": 2, "goal": "5"}, (3,), "success", "Roll a d6 and add the stat's Roleplay Bonus; reaching the goal succeeds"),
    ("four-s", {"bonus": 2, "goal": "5"}, (2,), "failure", "Roll a d6 and add the stat's Roleplay Bonus; reaching the goal succeeds"),
    ("four-s", {"bonus": 2, "versus": 2}, (4, 3), "success", "Both roll; the higher wins"),
    ("four-s", {"bonus": 2, "versus": 2}, (3, 3), "draw", "a tie changes nothing"),
    ("loose-fuzzy", {"dice": 2, "target": "average"}, (3, 4), "success", "Reaching the target succeeds"),
    ("loose-fuzzy", {"dice": 2, "target": "average"}, (3, 3), "failure", "Reaching the target succeeds"),
    ("loose-fuzzy", {"dice": 2, "target": "average"}, (6, 6, 2), "critical-success", "two 6s add another die"),
    ("loose-fuzzy", {"dice": 3, "target": "average"}, (1, 1, 6), "costly-success", "two 1s mean something bad happens even if the total succeeds"),
    ("loose-fuzzy", {"dice": 3, "target": "average"}, (1, 1, 2), "critical-failure", "two 1s mean something bad happens"),
    ("loose-fuzzy", {"contest": "2:2"}, (3, 3, 3, 3, 4, 4, 2, 2), "success", "a tie is rolled again"),
    ("humanity-blessed", {"die": "d6", "target": "easy"}, (1, 3), "success", "a 1 bumps (roll again and add). Reaching the target succeeds"),
    ("humanity-blessed", {"die": "d6", "target": "medium"}, (6,), "failure", "Reaching the target succeeds"),
]


@pytest.mark.parametrize("system,args,faces,outcome,said", ROLL_CASES,
                         ids=[f"{c[0]}-{c[3]}-{'.'.join(map(str, c[2]))}" for c in ROLL_CASES])
def test_each_systems_page_reads_each_result_as_the_engine_rolls_it(system, args, faces, outcome, said):
    from solo.adventure import loader
    from solo.ui.words import Words

    record = rolled(system, args, *faces)
    assert record.outcome == outcome, record.steps
    vocab = for_system(system)
    topics = [key for key in ("check", "contest") if said in rule_text(system, key)]
    assert topics, f"{said!r} is not on the {system} rules page"
    # the screen names the result as the page's table does, and the page has the row
    shown = Words(loader.load("supply-ship").adventure).roll(record.to_dict(), "A roll").result
    assert shown == vocab.outcomes[outcome]
    assert f"| {outcome} | {shown} | {vocab.meanings.get(outcome, '')} |" in reference_page(system)


def test_game_contest_page_one_success_against_one_failure_decides_else_a_draw():
    page = rule_text("game", "contest")
    assert "One success against one failure decides it; otherwise it is a draw" in page
    assert rolled("game", {"skill": 3, "versus": 3}, 6, 1).outcome == "success"  # 9 against 4
    assert rolled("game", {"skill": 3, "versus": 3}, 1, 6).outcome == "failure"
    assert rolled("game", {"skill": 3, "versus": 3}, 6, 6).outcome == "draw"  # both succeed


def _hb_contest(attacker: int, defender: int):
    hb = registry.get("humanity-blessed")
    me = Character("Bo", "humanity-blessed", {"hurry": "d6"})
    them = Character("Ram", "humanity-blessed", {"hurry": "d6"})
    dice = Dice(1)
    dice.force(1, 1, attacker, defender)  # the session's lucky number first: both 1, so there is none
    record = hb.contest(dice, me, them, {"stat": "hurry"})
    assert not dice.forced_pending and record.dice == [attacker, defender]
    return record


def test_humanity_blessed_contest_page_the_attacker_needs_a_strictly_higher_total():
    assert "the attacker wins only with a strictly higher total" in rule_text("humanity-blessed", "contest")
    assert _hb_contest(5, 4).success
    assert not _hb_contest(4, 4).success  # a tie holds for the defender
    assert not _hb_contest(3, 4).success


def test_humanity_blessed_fight_page_gives_each_blow_the_wound_the_engine_gives():
    from solo.rules.humanity_blessed.fight import melee, wounds

    page = rule_text("humanity-blessed", "fight")
    article = {"ache": "an ache", "pain": "a pain", "weakness": "a weakness", "vulnerability": "a vulnerability"}
    for size, given in wounds.SIZE_WOUNDS.items():
        said = "both" if len(given) > 1 else article[given[0]]
        assert f"{size.replace('-', ' ')} {said}" in page or f"{size.replace('-', ' ')} or " in page, size
    assert "very minor or minor an ache" in page and wounds.SIZE_WOUNDS["very-minor"] == wounds.SIZE_WOUNDS["minor"]
    assert wounds.DEGREES[wounds.DOWN_DEGREE - 1] == "weakness" and "A weakness or worse puts the fighter down" in page
    assert f"beating the felling roll by {melee.TEND_MARGIN} on Home" in page
    assert f"a foe rolling {melee.FINISH_TARGET} on Hurt first finishes them" in page
    assert wounds.MITIGATED == "medium" and "the blow becomes a pain" in page


def test_four_s_fight_page_numbers_are_the_engines():
    from solo.rules.four_s import ruleset as fs

    page = rule_text("four-s", "fight")
    assert f"you get your {fs.MAX_AP} AP back" in page
    dice = Dice(1)
    dice.force(fs.CRITICAL_FACE)
    assert fs.roll_critical(dice, 5)[1] == 10 and f"a {fs.CRITICAL_FACE} doubles them" in page
    assert fs.enemy_health(28, "easy") == 14 and "half the party's SP when easy" in page
    assert fs.enemy_health(28, "normal") == 28 and fs.enemy_health(28, "hard") == 56
    assert f"a d6 for {fs.D6_COST}, a d3 for {fs.D3_COST}" in page
    assert fs.rolls_cost(1, 0, player_phase=True) == 2 * fs.rolls_cost(1, 0) and "each roll costs them double" in page


def test_loose_fuzzy_fight_page_wound_steps_are_the_engines():
    from solo.rules.loose_fuzzy import combat

    page = rule_text("loose-fuzzy", "fight")
    defence = 3
    steps = [combat.wound_level(defence * k, defence) for k in (1, 2, 3, 4)]
    assert steps == ["moderate", "serious", "mortal", "killed"]
    assert combat.wound_level(defence - 1, defence) is None
    assert ("at least the loser's defence for a moderate one, twice for serious, three times for mortal, "
            "four times to kill") in page
    assert combat.needs_tenacity_roll("moderate") and f"Tenacity roll of {combat.INCAPACITATION_TARGET}" in page


def test_guts_plus_fight_page_injuries_and_protection_are_the_engines():
    from solo.rules.guts_plus import body

    page = rule_text("guts-plus", "fight")
    assert f"Each part takes {NUMBER_WORDS[body.INJURIES_TO_DISABLE]} injuries before it is lost" in page
    assert f"protection over it takes the first {NUMBER_WORDS[body.PROTECTION_MARKS]}" in page
    assert f"or {NUMBER_WORDS[body.UNCONSCIOUS_OTHER_PARTS]} other parts at once" in page


def test_game_fight_page_damage_is_the_engines():
    from solo.rules.game.combat import read_damage

    page = rule_text("game", "fight")
    assert "each worth 1 FP and an 8 worth 2; the target's AR comes off once" in page
    assert read_damage([3, 5]).fp_lost == 2 and read_damage([8, 5]).fp_lost == 3 and read_damage([8, 5], ar=1).fp_lost == 2
    assert read_damage([2, 4], ar=5).fp_lost == 0  # never below 0
    assert read_damage([1, 6]).stun and not read_damage([2, 6]).stun and "A damage die showing 1 stuns" in page
