"""GAME talents that widen a hit, played through tests/fixtures/game-sweep-shot.yaml: the sweep of
a blunt melee hit (Lift/Smash talent: one more foe in melee per level, each with its own damage
dice; game.txt 54) and the interrupting shot (Shoot/Fire talent: one more die per level that does
no damage but stuns on a 1; game.txt 58). The attack is offered at the odds `solo odds game`
gives its check; what the hit then does shows in the fight's lines and in the fighters' FP."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act as play, lines, offered as options
from game_fight_play import solo_odds as cli_odds

from solo.adventure import loader
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "game-sweep-shot.yaml"


@pytest.fixture(scope="module")
def town():
    return loader.load(FIXTURE).adventure


def start(adventure, who: str, scene: str) -> Game:
    game = Game(dataclasses.replace(adventure, start=scene), seed=5)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == who))
    return game








def seen(events: list[dict]) -> dict[str, tuple[int, list[str]]]:
    """Each fighter as the last fight view shows it: (FP, tags)."""
    view = [e for e in events if e["type"] == "conflict-round"][-1]["view"]
    return {f["name"]: (f["gauges"][0]["value"], f["tags"]) for f in view["fighters"]}


def solo_odds(skill: int) -> Fraction:
    return cli_odds("--skill", str(skill))


def act(game: Game, action: str, *faces: int) -> list[dict]:
    """An action on forced dice; faces to spare may be left unrolled."""
    return play(game, action, *faces, every_face=False)


def test_a_blunt_hit_sweeps_one_more_foe_in_melee_per_talent_level_with_its_own_dice(town):
    game = start(town, "Bruna", "alley")  # Lift/Smash 5, a club, talent 1; three toughs in melee
    attack = options(game)["attack:rook"]
    assert Fraction(attack.odds) == solo_odds(5) == Fraction(3, 4)
    assert attack.hint == "Lift/Smash 5, Easy 1d8: 75% to hit"
    # Bruna rolls 6 (excess 3); the three toughs miss; Rook's dice 2 2 2, then Jay's own 3 3 3
    events = act(game, "attack:rook", 6, 1, 1, 1, 2, 2, 2, 3, 3, 3)
    assert [t for t in lines(events) if t.startswith("Damage")] == [
        "Damage on Rook: 3 dice [2 2 2]: 3 + 0 criticals − AR 0 = 3 FP.",
        "Damage on Jay: 3 dice [3 3 3]: 3 + 0 criticals − AR 0 = 3 FP."]
    fighters = seen(events)
    assert (fighters["Rook"][0], fighters["Jay"][0], fighters["Wren"][0]) == (5, 5, 8)  # one level: Wren is spared


def test_a_sweep_needs_the_talent(town):
    bare = dataclasses.replace(town, characters=[dataclasses.replace(
        c, extra={**c.extra, "talents": {}}) if c.id == "bruna" else c for c in town.characters])
    game = start(bare, "Bruna", "alley")
    events = act(game, "attack:rook", 6, 1, 1, 1, 2, 2, 2)
    assert [t for t in lines(events) if t.startswith("Damage")] == [
        "Damage on Rook: 3 dice [2 2 2]: 3 + 0 criticals − AR 0 = 3 FP."]


def test_an_interrupting_shot_rolls_a_stun_die_per_talent_level_that_does_no_damage(town):
    game = start(town, "Kestrel", "roofs")  # Shoot/Fire 5, talent 2; a runner 2 MU off
    attack = options(game)["attack:runner"]
    assert Fraction(attack.odds) == solo_odds(5)
    # 4: excess 1, one damage die (5: 1 FP); the two interrupting dice 6 and 1: a stun, no FP
    events = act(game, "attack:runner", 4, 5, 6, 1)
    assert "Damage on Runner: 1 die [5]: 1 + 0 criticals − AR 0 = 1 FP; interrupting dice [6 1]; a 1 stuns." \
        in lines(events)
    assert "Runner is stunned and loses the move." in lines(events)
    fp, tags = seen(events)["Runner"]
    assert fp == 7 and "2 MU" in tags  # the interrupting dice took nothing; the runner did not close in


def test_interrupting_dice_without_a_one_only_let_the_runner_come_on(town):
    game = start(town, "Kestrel", "roofs")
    events = act(game, "attack:runner", 4, 5, 6, 2)
    assert "Damage on Runner: 1 die [5]: 1 + 0 criticals − AR 0 = 1 FP; interrupting dice [6 2]." in lines(events)
    fp, tags = seen(events)["Runner"]
    assert fp == 7 and "1 MU" in tags
