"""GAME perils an adventure file can set in a fight: the free avoidance attempt against area
damage (book: Block/Dodge and Leap/Tumble) and ensnaring (Throw/Ensnare, Wilderness/Escape),
played through tests/fixtures/game-perils.yaml."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules.game.fight import kit as kits


@pytest.fixture
def yard(fixtures):
    return loader.load(fixtures / "game-perils.yaml").adventure


def start(adventure, who: str) -> Game:
    game = Game(adventure, seed=3)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == who))
    return game


def act(game: Game, action: str, *faces: int) -> list[dict]:
    game.dice.force(*faces)
    return [e.to_dict() for e in game.choose(next(o.key for o in game.offered.options if o.id == action))]


def lines(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e.get("text")]


def fp(game: Game) -> int:
    return game.character.resources["fp"]


def test_a_free_leap_clear_of_an_area_attack_escapes_it_whole_and_costs_no_action(yard):
    game = start(yard, "Wren")  # Leap/Tumble 5 beats her Block/Dodge 2
    # the sapper's fire-bomb hits (Throw/Ensnare 4 + 7: excess 3); Wren leaps (5 + 3 = 8)
    events = act(game, "advance:sapper", 7, 3)
    assert "You leap clear of Fire-bomb: success, excess 0, unscathed." in lines(events)
    assert fp(game) == 8 and not any("Damage on you" in t for t in lines(events))
    # her own move still happens: the advance was not spent on the leap
    assert "Sapper: 1 MU away." in lines(events)


def test_a_failed_avoidance_takes_the_blast_as_usual(yard):
    game = start(yard, "Wren")
    events = act(game, "advance:sapper", 7, 2, 4, 4, 4)  # leap 5 + 2 = 7 fails; 3 dice − AR 1
    assert "You try to leap clear of Fire-bomb: failure." in lines(events)
    assert fp(game) == 8 - 2


def test_in_heavy_armour_the_free_attempt_is_a_leap_never_a_dodge(yard):
    game = start(yard, "Holt")  # Block/Dodge 6 but a mail coat: only his Leap/Tumble 2
    # a Hard leap in mail (three dice, 5 kept): 2 + 5 = 7: he would have dodged on 6 + 5
    events = act(game, "advance:sapper", 7, 5, 8, 8, 4, 4, 4)
    assert "You try to leap clear of Fire-bomb: failure." in lines(events)
    assert fp(game) == 8 - 1  # three dice, 3 FP − AR 2


def test_the_avoidance_chance_is_the_rulesets_exact_check_odds(yard):
    # every face of Wren's one die, played through the fight: the share that escapes is the
    # exact chance the ruleset (and `solo odds game --skill 5`) gives her Leap/Tumble check
    escaped = 0
    for face in range(1, 9):
        game = start(yard, "Wren")
        events = act(game, "advance:sapper", 7, face, 4, 4, 4)
        escaped += "You leap clear of Fire-bomb: success, excess %d, unscathed." % max(0, 5 + face - 8) in lines(events)
    check = game.ruleset.check_odds(game.character, {"stat": "Leap/Tumble", "difficulty": "easy"})
    assert Fraction(escaped, 8) == check.outcomes["success"] == Fraction(3, 4)


@pytest.mark.parametrize("value", ["yes", 1])
def test_area_must_be_true_or_false(value):
    assert kits.item_problems({"weapon": {"kind": "thrown", "area": value}}) == [
        (("weapon", "area"), f"area must be true or false (got {value!r})")]


def test_a_bad_area_flag_is_a_validation_error_naming_the_line(tmp_path, fixtures):
    from solo.adventure.validate import validate_path
    text = (fixtures / "game-perils.yaml").read_text().replace("area: true", "area: maybe")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    report = validate_path(path)
    found = [str(p) for p in report.errors] if hasattr(report, "errors") else [str(p) for p in report]
    assert any("area must be true or false" in f for f in found), found


# -- ensnaring and pinning ------------------------------------------------------------------------


def at(adventure, scene: str):
    return dataclasses.replace(adventure, start=scene)


def options(game: Game) -> dict:
    return {o.id: o for o in game.offered.options}


def test_a_net_ensnares_unless_the_escape_check_reaches_the_hits_excess(yard):
    game = start(at(yard, "pit"), "Wren")
    # the net hits (Throw/Ensnare 4 + 7: excess 3); Wren's Wilderness/Escape 3 + 6: excess 1 < 3
    events = act(game, "advance:netter", 7, 6)
    assert "You are ensnared (intensity 3): success, excess 1." in lines(events)
    assert fp(game) == 8  # a net does no damage
    assert "You are held fast and cannot move." in lines(events)  # her advance is lost
    # her only actions now: struggle (the exact chance of an excess of 3 or more) or yield
    offered = options(game)
    assert set(offered) == {"struggle", "yield"}
    check = game.ruleset.check_odds(game.character, {"stat": "Wilderness/Escape", "difficulty": "easy"})
    assert Fraction(offered["struggle"].odds) == sum(
        (p for e, p in check.distributions["excess"].items() if e >= 3), Fraction(0)) == Fraction(1, 8)


def test_a_net_slipped_at_once_leaves_the_target_free(yard):
    game = start(at(yard, "pit"), "Wren")
    events = act(game, "advance:netter", 5, 8)  # excess 1; escape 3 + 8: excess 3 reaches it
    assert "You slip the snare: success, excess 3 against intensity 1." in lines(events)
    assert "struggle" not in options(game)


def test_the_netter_draws_a_blade_and_the_ensnared_are_easier_to_hit(yard):
    game = start(at(yard, "pit"), "Wren")
    act(game, "advance:netter", 7, 6)
    events = act(game, "struggle", 5)  # 3 + 5: excess 0, still held
    assert "You struggle against the snare (intensity 3): success, excess 0, still held." in lines(events)
    assert "Netter draws Knife." in lines(events)
    # held fast, Wren could not close in: the netter comes to her with the knife, not the net
    assert "You are held fast and cannot move." not in lines(events)
    events = act(game, "struggle", 5)
    assert "Netter: in melee." in lines(events)
    # Hack/Slash 2 + 6 = 8 would be excess 0; the book's +1 on an ensnared target makes it 1
    events = act(game, "struggle", 6, 3, 8, 4)
    assert "Netter attacks you with Knife: hit, excess 1." in lines(events)
    # 3 + 8 = 11: excess 3 reaches the intensity: free, and the usual actions are back
    assert "You struggle against the snare (intensity 3): success, excess 3, free." in lines(events)
    assert "attack:netter" in options(game) and "struggle" not in options(game)


def test_a_martial_arts_stun_pins_with_the_fp_of_damage_at_most_three(yard):
    game = start(at(yard, "mat"), "Wren")
    # Wren misses; the wrestler's bare hands (Throw/Ensnare talent) hit, excess 3: 1 4 4, a 1 stuns
    events = act(game, "attack:wrestler", 1, 6, 1, 4, 4)
    assert lines(events)[2:4] == ["Damage on you: 3 dice [1 4 4]: 3 + 0 criticals − AR 0 = 3 FP; a 1 stuns.",
                                  "You are pinned by Wrestler (intensity 3)."]
    act(game, "stunned", 6, 3, 6)
    assert set(options(game)) == {"struggle"}


def test_a_pinner_may_not_block_dodge_or_parry():
    from tests.rules.test_game_fight import begin, keys, person, setup, FIGHT
    wrestler = person("Wrestler", [], fp=8, Throw_Ensnare=6, Block_Dodge=4, Wilderness_Escape=1,
                      talents={"Throw/Ensnare": 1})
    bandit = person("Bandit", ["club"], fp=12, Lift_Smash=1)
    s = setup(wrestler, bandit)
    dice, step = begin(s)
    assert "block" in keys(s, step)
    dice.force(5, 1, 1, 4, 4)  # 6 + 5: excess 3, dice 1 4 4 (a stun), the bandit misses
    step = FIGHT.act(dice, s, step.state, "attack:bandit")
    assert any(b.text == "Bandit is pinned by you (intensity 3)." for b in step.beats)
    block = next(a for a in FIGHT.decision(s, step.state).actions if a.key == "block")
    assert not block.enabled and block.reason == "no defence while you hold a foe pinned"


@pytest.mark.parametrize("spec, message", [
    ({"kind": "thrown", "ensnare": "yes"}, "ensnare must be true or false (got 'yes')"),
    ({"kind": "blade", "ensnare": True}, "only thrown weapons ensnare (nets, bolas, whips; this one is 'blade')"),
])
def test_ensnare_is_a_flag_of_thrown_weapons(spec, message):
    assert kits.item_problems({"weapon": spec}) == [(("weapon", "ensnare"), message)]


def test_a_fighter_ensnared_in_the_ranged_step_loses_the_turns_melee_attack(yard):
    game = start(at(yard, "pit"), "Wren")
    act(game, "advance:netter", 5, 8)  # slipped: the netter is now in melee, still holding the net
    # the net hits in the ranged step (excess 4), the escape fails: Wren's sword attack is lost
    events = act(game, "attack:netter", 8, 6)
    assert "You are ensnared (intensity 4): success, excess 1." in lines(events)
    assert "You are held fast and lose the attack." in lines(events)
    assert not any(t.startswith("You attack Netter") for t in lines(events))
