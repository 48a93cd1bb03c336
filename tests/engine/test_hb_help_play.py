"""Humanity, Blessed Help, once per roll (book: Helping), played through adventure files: the
player's blessing dice Help a failed check, a lost contest, their own attack in a fight and a
companion's attack (tests/fixtures/hb-help-aid.yaml), and a focus roll of an endeavour
(tests/fixtures/hb-endeavours.yaml, read only). Each Help is offered with its exact chance (the
capped Help die bumps on a 1, so +dc2 adds 3 or more one time in four, +dc3 and +dc4 three times
in four) and, once spent, not offered again on that roll.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import percent
from solo.rules.dice import RollRecord

FIXTURES = Path(__file__).parent.parent / "fixtures"
FIXTURE = FIXTURES / "hb-help-aid.yaml"
LIFT, HAGGLE, YARD = "1", "2", "3"
PLAIN = "5"  # hb-endeavours.yaml: the plain endeavour against Rook the drover
HB = registry.get("humanity-blessed")

#: The chance the Help die adds 3 or more (one die's +1 never does): worked by hand. +dc2 is a d4
#: read at most 2 whose 1 bumps (1 plus another dc2), so 3+ needs a first 1: 1/4. +dc3 and +dc4
#: fall short of 3 only on a first 2: 1/4, so 3/4.
ADDS_3 = {1: Fraction(0), 2: Fraction(1, 4), 3: Fraction(3, 4), 4: Fraction(3, 4)}
#: ... and 4 or more: +dc2 needs a first 1 and then a 1 again (1/16); +dc3 a first 1 and then 3+
#: (1/4 * 3/4).
ADDS_4 = {1: Fraction(0), 2: Fraction(1, 16), 3: Fraction(3, 16)}


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def game_of(adventure) -> Game:
    game = Game(adventure, seed=0)
    game.start()
    return game


def walked(found: Fraction, exact: Fraction) -> bool:
    """The ruleset's offer odds walk the Help die's bumps to a depth: all but a sliver of the
    exact chance (never more)."""
    return exact - Fraction(1, 10_000) < found <= exact


def offered(game: Game) -> dict[str, tuple[str, str]]:
    return {o.id: (o.text, o.hint) for o in game.offered.options}


def helps(game: Game) -> list[str]:
    return [o.id for o in game.offered.options if o.id.startswith(("help", "assist"))]


def texts(events) -> list[str]:
    return [e.to_dict().get("text") or "" for e in events]


def test_the_fixture_validates_clean():
    assert [p for p in validate_path(FIXTURE) if p.severity in ("error", "warning")] == []


def test_a_failed_check_is_offered_help_with_exact_odds_once(adventure):
    game = game_of(adventure)
    game.dice.force(3)  # hand d6 shows 3 against 6
    game.choose(LIFT)
    game.choose("keep")  # roll on without a spark: the check stands at 3, a failure
    record = RollRecord.from_dict(game.state.pending.data["record"])
    assert (record.total, record.outcome) == (3, "failure")
    shown = offered(game)
    assert helps(game) == ["help-1", "help-2", "help-3", "help-4"]  # one per die in the pool of four
    one = next(o for o in game.offered.options if o.id == "help-1")  # 4 is still short of 6
    assert (one.text, one.enabled, one.key, one.reason) == (
        "Spend 1 blessing die for +1", False, None, "cannot change the result: +1 makes 4, still short of 6")
    for n in (2, 3, 4):
        exact = HB.offer_odds(record, game.character, f"help-{n}").success_chance()
        assert walked(exact, ADDS_3[n])
        assert shown[f"help-{n}"][1] == f"then {percent(exact)} to succeed"
    assert shown["help-2"] == ("Spend 2 blessing dice for +dc2", "then 25% to succeed")
    game.dice.force(2)  # the dc2 shows 2: 5, still short
    events = game.choose("help-2")
    final = [e.record for e in events if e.to_dict()["type"] == "roll"]
    assert final[-1]["details"]["help"]["dice_spent"] == 2 and final[-1]["total"] == 5
    # two dice are left, but this roll has had its Help: it closes with no second offer
    assert len(game.character.resources["blessings"]) == 2
    assert all(e.final for e in events if e.to_dict()["type"] == "roll")
    assert "The bar will not budge." in texts(events)
    assert not any(o.key.startswith("help-") for o in HB.offers(RollRecord.from_dict(final[-1]), game.character))


def test_a_lost_contest_is_offered_help_with_exact_odds_once_and_it_can_turn_it(adventure):
    game = game_of(adventure)
    game.dice.force(2, 4)  # Ada's heart d6 2, the miller's heart d4 4: she needs 3 more to win
    game.choose(HAGGLE)
    record = RollRecord.from_dict(game.state.pending.data["record"])
    assert (record.total, record.details["opponent_total"], record.success) == (2, 4, False)
    shown = offered(game)
    one = next(o for o in game.offered.options if o.id == "help-1")  # ties hold: the attacker needs more
    assert (one.enabled, one.key, one.reason) == (False, None, "cannot change the result: +1 makes 3 against 4, still a loss")
    for n in (2, 3, 4):
        assert walked(HB.offer_odds(record, game.character, f"help-{n}").success_chance(), ADDS_3[n])
        assert shown[f"help-{n}"][1] == f"then {percent(ADDS_3[n])} to succeed"
    game.dice.force(1, 3)  # the dc3 bumps: 1, then 3: +4, 6 against 4
    events = game.choose("help-3")
    final = next(e.record for e in events if e.to_dict()["type"] == "roll" and e.final)
    assert final["details"]["help"]["value"] == 4 and final["success"]
    assert final["measures"]["size"] == "minor"
    assert "He waves you through (minor)." in texts(events)
    assert game.character.resources["blessings"] == [5]  # the three lowest paid; one left, not offered


def test_in_a_fight_the_player_helps_their_own_attack_then_tams_once_each_at_the_odds_shown(adventure):
    game = game_of(adventure)
    game.choose(YARD)
    # focus: Ada 3, Tam 2, the bully 2 (a tie die: 1); the bully's hurry d4 bumps: 1 + 4 = 5
    game.dice.force(3, 2, 2, 1, 1, 4)
    game.choose("attack:bully")
    data = game.state.pending.data
    record = RollRecord.from_dict(data["state"]["now"]["record"])
    me = game.character  # the player fights as the game's own character
    assert game.offered.prompt == "3 against 5: it holds. Anything more?"
    options = {o.id: o for o in game.offered.options}
    assert [k for k in options if k.startswith("help-")] == ["help-1", "help-2", "help-3", "help-4"]
    for n in (1, 2, 3, 4):
        shown = Fraction(options[f"help-{n}"].odds)
        assert shown == ADDS_3[n] and walked(HB.offer_odds(record, me, f"help-{n}").success_chance(), shown)
        assert options[f"help-{n}"].hint == f"{percent(shown)} to turn it"
    game.dice.force(1, 2)  # the dc2 bumps: 1, then 2: +3, 6 against 5
    events = game.choose("help-2")
    said = texts(events)
    assert "Now 6 against 5: the attack wins." in said
    assert not helps(game) and game.offered.prompt.startswith("Round 2")  # no second Help on it

    game.dice.force(3, 2, 5)  # Ada holds; Tam 3 has the focus, the bully's hand d6 holds with 5
    game.choose("hold")
    data = game.state.pending.data
    record = RollRecord.from_dict(data["state"]["now"]["record"])
    tam = Character.from_dict(data["fighters"]["tam"]["character"])
    assert game.offered.prompt == "3 against 5: it holds. Step in?"
    options = {o.id: o for o in game.offered.options}
    assert list(options) == ["assist-1", "assist-2", "pass"]  # the two dice Ada has left
    for n in (1, 2):
        shown = Fraction(options[f"assist-{n}"].odds)
        assert shown == ADDS_3[n] and walked(HB.offer_odds(record, tam, f"help-{n}").success_chance(), shown)
    assert options["pass"].text == "Leave it to Tam"
    events = game.choose("assist-1")  # +1: 4 against 5, still held
    assert "You help Tam: 4 against 5: it holds." in texts(events)
    assert len(game.character.resources["blessings"]) == 1
    assert not helps(game)  # a die is left, but Tam's roll has had Ada's Help


def test_an_endeavour_focus_roll_is_offered_help_with_the_exact_focus_chance_once():
    game = Game(loader.load(FIXTURES / "hb-endeavours.yaml").adventure, seed=0)
    game.start()
    game.choose(PLAIN)
    game.dice.force(2, 5)  # Ada's heart d6 2, Rook's 5: the focus needs 4 more
    game.choose(next(o.key for o in game.offered.options if o.id == "check:heart"))
    assert game.offered.prompt == "Your roll: 2 (against Rook the drover 5). Help it? (pool: 2 2 4)"
    shown = offered(game)
    assert list(shown) == ["help:0", "help:1", "help:2", "help:3"]
    for n in (1, 2, 3):  # the check's target 4 is certain with any Help die of 2 or more
        success = "0%" if n == 1 else "100%"
        assert shown[f"help:{n}"][1] == f"{success} success, {percent(ADDS_4[n])} focus"
    assert shown["help:2"] == ("Help with 2 blessing dice: +dc2", "100% success, 6% focus")
    game.dice.force(1, 2, 1)  # the dc2 bumps: 1, then 2: +3, a tie at 5; the tie die gives Ada the focus
    events = game.choose("help:2")
    said = texts(events)
    assert "You spend 2 blessing dice on Help: +dc2 adds 3." in said
    assert game.character.resources["blessings"] == [4]
    assert not any(o.id.startswith("help:") for o in game.offered.options)
    assert game.offered.prompt.startswith("Round 2")


def test_a_failed_side_action_in_an_endeavour_is_offered_help_once():
    game = Game(loader.load(FIXTURES / "hb-endeavours.yaml").adventure, seed=0)
    game.start()
    game.choose(PLAIN)
    game.dice.force(5)  # Ada sits out the focus roll; Rook's 5 takes it
    game.choose("sit")
    assert game.offered.prompt == "Your side action: what now?"
    game.dice.force(2)  # hand d4 2 against 4
    game.choose(next(o.key for o in game.offered.options if o.id == "check:hand"))
    assert game.offered.prompt == "Your roll: 2 (target 4). Help it? (pool: 2 2 4)"
    shown = offered(game)
    # +1 makes 3, short of 4; any capped Help die adds at least 2
    assert [shown[f"help:{n}"][1] for n in (1, 2, 3)] == ["0% success", "100% success", "100% success"]
    said = texts(game.choose("help:1"))  # +1: 3, still short
    assert said[:2] == ["You spend 1 blessing die on Help: +1 adds 1.", "You fail (3 against 4): no headway."]
    # the roll still fails and two dice are left, but it has had its Help: no second ask
    assert sorted(game.character.resources["blessings"]) == [2, 4]
    assert game.offered.prompt.startswith("Round 2")
