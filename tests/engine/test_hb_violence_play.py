"""Humanity, Blessed violence played through an adventure file (tests/fixtures/hb-violence.yaml),
with forced dice: once violence goes on the defender may answer with Head, Hand, Heart or Home
as well as Hurry (in a fight from the second round, and in a plain ``defending`` contest that
names the stat), each answer offered at the chance ``solo odds`` gives it to hold; a fallen foe
may be given the coup de grace, a Hurt check against 8; and the Disarmed condition turns a
violent win's maximum outcome into a very major one.

Dice are forced in the order the game rolls them: the lucky number first (1 and 1: none, so no
roll earns a blessing die by it), then in a fight every fighter's focus roll in the fight's
order (the player first) and the defender's answer to each attack that goes through; in a
plain contest the attacker's roll, then the defender's. A die bumps on a 1 (rolled again and
added), so no forced face is a 1 unless a comment says so.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.odds import percent
from solo.adventure.validate import validate_path
from solo.engine import events as ev
from solo.engine.game import Game
from solo.rules.humanity_blessed import HumanityBlessed
from solo.rules.humanity_blessed.fight.melee import FINISH_TARGET

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hb-violence.yaml"


@pytest.fixture(scope="module")
def yards():
    return loader.load(FIXTURE).adventure


def enter(adventure, gate_choice: str, *then: str) -> Game:
    """A game with no lucky number, gone through the gate by ``gate_choice`` (then ``then``)."""
    game = Game(adventure, seed=3)
    game.dice.force(1, 1)  # the lucky number: both 1, so there is none
    game.start()
    for text in (gate_choice, *then):
        choose_text(game, text)
    return game


def choose_text(game: Game, text: str) -> list[ev.Event]:
    return game.choose(next(o.key for o in game.offered.options if o.text == text))


def choose_id(game: Game, option_id: str) -> list[ev.Event]:
    return game.choose(next(o.key for o in game.offered.options if o.id == option_id))


def option(game: Game, option_id: str) -> ev.Option:
    return next(o for o in game.offered.options if o.id == option_id)


def said(events: list[ev.Event]) -> list[str]:
    return [e.text for e in events if e.type in ("conflict-action", "text")]


def view_of(events: list[ev.Event]) -> dict:
    """The fight's view as the last round event shows it."""
    return [e for e in events if e.type == "conflict-round"][-1].view


def fight_rolls(events: list[ev.Event]) -> list[dict]:
    return [e.roll for e in events if e.type == "conflict-action" and e.roll]


def solo_odds_check(die: str, target: int) -> Fraction:
    """The chance of success ``solo odds humanity-blessed --die DIE --target TARGET`` prints."""
    return HumanityBlessed().odds_for_args({"die": die, "target": target}).outcomes["success"]


def test_the_fixture_validates_without_a_warning():
    assert validate_path(FIXTURE) == []


# -- continued violence: the defender's other answers --------------------------------------------


def brute_attacks_in_round_two(yards) -> Game:
    """Ada stands her ground twice; the brute attacks with 6 (held on Hurry 6), then with 7."""
    game = enter(yards, "Face the brute")
    game.dice.force(6)  # the brute's focus roll, his attack: 6
    events = choose_id(game, "hold")
    assert game.offered.prompt == "The Brute attacks you: 6. How do you answer?"
    assert "First round: every defence is Hurry." in view_of(events)["notes"]
    game.dice.force(6)  # Ada's Hurry: 6, a tie, and a tie holds
    assert "You hold." in said(choose_id(game, "defend:hurry"))
    game.dice.force(7)  # round 2: the brute attacks with 7
    events = choose_id(game, "hold")
    assert game.offered.prompt == "The Brute attacks you: 7. How do you answer?"
    assert "Defend with Hurry, Head, Hand, Heart, Home." in view_of(events)["notes"]
    return game


def test_the_first_attack_is_answered_with_hurry_only_at_the_odds_solo_odds_gives(yards):
    game = enter(yards, "Face the brute")
    game.dice.force(6)
    choose_id(game, "hold")
    answers = [o for o in game.offered.options if o.enabled]
    assert [o.id for o in answers] == ["defend:hurry"]
    hurry = answers[0]
    assert hurry.text == "Hurry d6: get out of the way"
    assert Fraction(hurry.odds) == solo_odds_check("d6", 6) == Fraction(311, 1296)
    assert hurry.hint == f"{percent(Fraction(311, 1296))} to hold against 6"


def test_once_violence_goes_on_each_stat_she_has_is_offered_at_the_chance_solo_odds_gives_it_to_hold(yards):
    game = brute_attacks_in_round_two(yards)
    dice = {"hurry": "d6", "head": "d8", "hand": "d4", "heart": "d10", "home": "d6"}
    answers = {o.id: o for o in game.offered.options if o.enabled}
    assert list(answers) == [f"defend:{stat}" for stat in dice]
    for stat, die in dice.items():
        answer = answers[f"defend:{stat}"]
        exact = solo_odds_check(die, 7)
        assert Fraction(answer.odds) == exact, stat
        assert answer.text.startswith(f"{stat.title()} {die}: ")
        assert answer.hint == f"{percent(exact)} to hold against 7"
    # the bigger die holds more often: Heart d10 best, Hand d4 worst
    assert Fraction(answers["defend:heart"].odds) > Fraction(answers["defend:head"].odds) \
        > Fraction(answers["defend:home"].odds) > Fraction(answers["defend:hand"].odds)


@pytest.mark.parametrize("stat, face, margin, told, wound", [
    ("head", 7, 0, "You hold.", None),  # a tie holds
    ("hand", 3, -4, "A medium blow: you take pain in Hand.", "pain:hand"),
    ("heart", 9, 2, "You hold.", None),
    ("home", 6, -1, "A very minor blow: you take ache in Home.", "ache:home"),
])
def test_each_other_answer_rolls_its_own_stat_and_a_blow_that_lands_wounds_that_stat(
        yards, stat, face, margin, told, wound):
    game = brute_attacks_in_round_two(yards)
    game.dice.force(face)
    events = choose_id(game, f"defend:{stat}")
    record = fight_rolls(events)[0]
    assert record["stat"] == stat and record["details"]["defending"]
    assert (record["total"], record["details"]["opponent_total"]) == (face, 7)
    assert record["success"] is (margin >= 0) and record["measures"]["margin"] == margin
    assert f"The Brute attacks you: 7 against your {stat.title()} {face}." in said(events)
    assert told in said(events)
    assert game.character.conditions == ([wound] if wound else [])
    assert game.offered.prompt == "Round 3: what do you do?"


def test_a_game_saved_at_the_other_answers_resumes_to_the_same_answers_and_the_same_blow(yards):
    game = brute_attacks_in_round_two(yards)
    saved = json.loads(json.dumps(game.snapshot()))
    resumed = Game.resume(yards, saved)
    assert resumed.offered == game.offered
    for played in (game, resumed):
        played.dice.force(3)  # Heart 3 against 7: a medium blow
        assert "A medium blow: you take pain in Heart." in said(choose_id(played, "defend:heart"))
    assert resumed.snapshot() == game.snapshot()


# -- continued violence in a plain contest the npc starts ------------------------------------------


@pytest.mark.parametrize("choice, written, stat, die, faces, told", [
    ("Talk him down", "heart", "heart", "d10", (7, 3), "The blow lands: medium."),
    ("Outwit him", "head", "head", "d8", (7, 8), "He swings at where you were: 1 to spare."),
    # Hurt is no answer to an attack: the defence is Hurry, as in the first exchange
    ("Hit back as he swings", "hurt", "hurry", "d6", (5, 5), "You duck it: 0 to spare."),
])
def test_a_defending_contest_answers_with_the_stat_it_names_at_the_odds_offered(
        yards, choice, written, stat, die, faces, told):
    game = enter(yards, "Wait at the stile")
    offered = next(o for o in game.offered.options if o.text == choice)
    brute = game.ruleset.prepare_character(yards.npcs["brute"].character(yards.system))
    params = {"stat": written, "violent": True, "defending": True}  # as the file writes it
    hold = game.ruleset.contest_odds(game.character, brute, params).outcomes["success"]
    assert offered.hint.endswith(f"{percent(hold)} success")
    # she holds when the brute's Hurt d8 does not beat her die: what `solo odds humanity-blessed
    # --die d8 --versus DIE` prints as the attacker's failure
    assert hold == game.ruleset.odds_for_args({"die": "d8", "versus": die}).outcomes["failure"]
    game.dice.force(*faces)  # the brute's Hurt, then her answer
    events = game.choose(offered.key)
    record = next(e.record for e in events if isinstance(e, ev.RollMade) and e.final)
    assert (record["stat"], record["details"]["die"], record["details"]["opponent_stat"]) == (stat, die, "hurt")
    assert (record["details"]["opponent_total"], record["total"]) == faces
    assert told in said(events)


# -- the coup de grace ------------------------------------------------------------------------------


def lout_down(yards) -> tuple[Game, list[ev.Event]]:
    """Round 1: Ada (8) strikes first and fells Lout 1 (Hurry 2: a major blow, a weakness)."""
    game = enter(yards, "Take on the louts")
    assert not any(o.id.startswith("finish:") for o in game.offered.options)
    game.dice.force(8, 2, 3, 2)  # focus: Ada 8, Lout 1 2, Lout 2 3; Lout 1's Hurry answer 2
    events = choose_id(game, "attack:lout-1")
    assert "A major blow: Lout 1 takes weakness in Hurry, and goes down." in said(events)
    assert game.offered.prompt == "Round 2: what do you do?"
    return game, events


def test_a_fallen_foe_is_offered_the_coup_de_grace_a_hurt_check_of_8_at_the_odds_solo_odds_gives(yards):
    game, events = lout_down(yards)
    finish = option(game, "finish:lout-1")
    exact = solo_odds_check("d10", FINISH_TARGET)
    assert FINISH_TARGET == 8 and exact == Fraction(345679, 1000000)
    assert Fraction(finish.odds) == exact
    assert finish.text == "Deliver the coup de grace to Lout 1: Hurt d10 against 8"
    assert finish.hint == f"{percent(exact)} to finish them"
    assert not any(o.id == "finish:lout-2" for o in game.offered.options)  # only the fallen
    view = view_of(events)
    assert "Lout 1 down: Home 12+ gets them up, Hurt 8+ finishes them." in view["notes"]


@pytest.mark.parametrize("face, finished", [(8, True), (7, False)])
def test_a_hurt_check_of_8_takes_the_fallen_foe_out_and_less_leaves_them_down(yards, face, finished):
    game, _ = lout_down(yards)
    game.dice.force(face, 2)  # Ada's Hurt check (her focus roll), Lout 2's focus 2
    events = choose_id(game, "finish:lout-1")
    check = fight_rolls(events)[0]
    assert (check["kind"], check["stat"], check["total"]) == ("check", "hurt", face)
    assert check["details"]["params"]["target"] == FINISH_TARGET
    assert check["success"] is finished
    if not finished:
        assert game.offered.prompt == f"{face} against 8: short. Anything more?"
        events += choose_id(game, "keep")
    fighters = {f["key"]: f for f in view_of(events)["fighters"]}
    lout = fighters["lout-1"]
    if finished:
        assert "You deliver the coup de grace: Lout 1 is taken out." in said(events)
        assert lout["out"] and "taken out" in lout["tags"]
        assert not any(o.id.startswith("finish:") for o in game.offered.options)
    else:
        assert "You fail to finish Lout 1." in said(events)
        assert not lout["out"] and "DOWN" in lout["tags"]
        assert option(game, "finish:lout-1").odds == str(solo_odds_check("d10", FINISH_TARGET))
    assert game.offered.prompt == "Round 3: what do you do?"


# -- Disarmed -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("armed", [False, True])
def test_disarmed_a_contest_won_by_10_is_very_major_where_armed_it_is_the_maximum(yards, armed):
    game = enter(yards, "Step into the alley", *(["Pick up the knife"] if armed else []))
    assert game.character.conditions == ([] if armed else ["disarmed"])
    hit = next(o for o in game.offered.options if o.text == "Hit the cutthroat")
    cutthroat = game.ruleset.prepare_character(yards.npcs["cutthroat"].character(yards.system))
    params = {"stat": "hurt", "violent": True}
    odds = game.ruleset.contest_odds(game.character, cutthroat, params).outcomes
    # what `solo odds humanity-blessed --die d10 --versus d4` prints, for an armed attacker
    plain = game.ruleset.odds_for_args({"die": "d10", "versus": "d4"}).outcomes
    assert hit.hint.endswith(f"{percent(plain['success'])} success")
    assert odds["success"] == plain["success"] and plain["maximum"] > 0
    if armed:
        assert odds == plain
    else:  # the maximum's chance is counted as very major
        assert odds["maximum"] == 0
        assert odds["very-major"] == plain["very-major"] + plain["maximum"]
    game.dice.force(1, 1, 10, 2)  # her Hurt d10 bumps twice: 1 + 1 + 10 = 12; his Hurry 2
    events = game.choose(hit.key)
    record = next(e.record for e in events if isinstance(e, ev.RollMade) and e.final)
    assert record["measures"] == {"size": "maximum" if armed else "very-major", "margin": 10}
    assert record["details"]["disarmed"] is (not armed)
    assert ("A blow to end all blows: 10 clear." if armed else "A very major blow: 10 clear.") in said(events)


@pytest.mark.parametrize("armed", [False, True])
def test_disarmed_in_a_fight_a_blow_by_10_leaves_a_vulnerability_not_the_maximums_two_wounds(yards, armed):
    game = enter(yards, "Step into the alley", *(["Pick up the knife"] if armed else []), "Chase him into the yard")
    game.dice.force(1, 1, 10, 2, 2)  # focus: Ada 1 + 1 + 10 = 12, the Cutthroat 2; his Hurry 2
    events = choose_id(game, "attack:cutthroat")
    attack = fight_rolls(events)[0]
    assert attack["measures"] == {"size": "maximum" if armed else "very-major", "margin": 10}
    assert attack["details"]["disarmed"] is (not armed)
    blow = ("A maximum blow: The Cutthroat takes weakness in Hurry, vulnerability in Hurry, and goes down."
            if armed else "A very major blow: The Cutthroat takes vulnerability in Hurry, and goes down.")
    assert blow in said(events)
    end = next(e for e in events if e.type == "conflict-end")
    assert end.result == "won" and end.fallen == {"cutthroat": "taken out"}
    assert game.finished


def test_a_foe_may_answer_with_head_once_violence_goes_on_and_the_attack_odds_say_so(yards):
    game = enter(yards, "Cross swords with the fencer")
    attack = option(game, "attack:fencer")
    first = game.ruleset.odds_for_args({"die": "d10", "versus": "d4"}).outcomes["success"]
    assert attack.text == "Attack the Fencer: Hurt d10 against their Hurry d4"
    assert Fraction(attack.odds) == first  # `solo odds humanity-blessed --die d10 --versus d4`
    game.dice.force(2)  # the fencer attacks with 2 ...
    choose_id(game, "hold")
    game.dice.force(5)  # ... and Ada's Hurry 5 holds
    choose_id(game, "defend:hurry")
    # round 2: the fencer's best answer is now his Head d10
    attack = option(game, "attack:fencer")
    later = game.ruleset.odds_for_args({"die": "d10", "versus": "d10"}).outcomes["success"]
    assert attack.text == "Attack the Fencer: Hurt d10 against their Head d10"
    assert Fraction(attack.odds) == later < first
    game.dice.force(9, 2, 6)  # focus: Ada 9, the fencer 2; his Head answer 6
    events = choose_id(game, "attack:fencer")
    record = fight_rolls(events)[0]
    assert (record["stat"], record["details"]["opponent_stat"], record["details"]["opponent_die"]) == \
        ("hurt", "head", "d10")
    assert "You attack the Fencer: 9 against The Fencer's Head 6." in said(events)
    assert "A minor blow: The Fencer takes ache in Head." in said(events)


@pytest.mark.parametrize("face, finished", [(8, True), (7, False)])
def test_a_foe_gives_a_fallen_companion_the_coup_de_grace_on_a_hurt_check_of_8(yards, face, finished):
    game = enter(yards, "Go in with Tam")
    game.dice.force(3, 8, 2)  # focus: Tam 3, the brute 8 (he goes for Tam, who defends worst); Tam's Hurry 2
    events = choose_id(game, "hold")
    assert "A major blow: Tam takes weakness in Hurry, and goes down." in said(events)
    view = view_of(events)
    assert "Tam down: Home 12+ gets them up, Hurt 8+ finishes them." in view["notes"]
    assert "finishing Tam" in next(f for f in view["fighters"] if f["key"] == "brute")["tags"]
    assert option(game, "tend:tam").odds == str(solo_odds_check("d6", 12))
    game.dice.force(face)  # the brute's Hurt check over Tam (his focus roll)
    events = choose_id(game, "hold")
    check = fight_rolls(events)[0]
    assert (check["kind"], check["stat"], check["total"], check["success"]) == ("check", "hurt", face, finished)
    assert check["details"]["params"]["target"] == FINISH_TARGET
    tam = next(f for f in view_of(events)["fighters"] if f["key"] == "tam")
    if finished:
        assert "The Brute delivers the coup de grace: Tam is taken out." in said(events)
        assert tam["out"] and "taken out" in tam["tags"]
        assert not any(o.id == "tend:tam" for o in game.offered.options)
    else:
        assert "The Brute fails to finish Tam." in said(events)
        assert not tam["out"] and "DOWN" in tam["tags"]
        assert any(o.id == "tend:tam" for o in game.offered.options)
    game.dice.force(9, 2, 2)  # Ada 9 fells the brute (his Hurry 2): the fight is won
    events = choose_id(game, "attack:brute")
    end = next(e for e in events if e.type == "conflict-end")
    assert end.result == "won"
    assert end.fallen.get("tam") == ("taken out" if finished else None)
