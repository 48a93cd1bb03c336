"""GAME surprise (book 62, 185) played through tests/fixtures/game-ambush.yaml: the free attack a
Perception/Track talent gives before the first turn (at up to the talent level, to the player and
to a foe alike), foes who catch the player unawares (`surprise: player`) and the player's side
catching them (`surprise: foes`), with the odds the player is offered."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act, gauge, lines, offered, solo_odds

from solo.adventure import loader
from solo.engine.game import Game

AMBUSH = Path(__file__).parent.parent / "fixtures" / "game-ambush.yaml"


@pytest.fixture(scope="module")
def ambush():
    return loader.load(AMBUSH).adventure


def begin(adventure, scene: str, *faces: int) -> tuple[Game, list[dict]]:
    game = Game(dataclasses.replace(adventure, start=scene), seed=3)
    game.dice.force(*faces)
    events = [e.to_dict() for e in game.start()]
    assert not game.dice.forced_pending
    return game, events












def test_a_perception_track_talent_offers_a_free_first_strike_at_up_to_the_talent_level(ambush):
    game, events = begin(ambush, "gate")
    assert "Before the first turn: your eye for an ambush gives you a free attack." in lines(events)
    # Vey's Hack/Slash 5 counts only up to her Perception/Track talent, 2: the odds of skill 2
    assert [o.id for o in game.offered.options] == ["surprise:sentry", "surprise:lookout", "hold"]
    strike = offered(game)["surprise:sentry"]
    assert strike.text == "Strike Sentry first with Sword"
    assert Fraction(strike.odds) == solo_odds("--skill", "2") == Fraction(3, 8)
    # 2 + 8: excess 2, and the sentry has no defence against it; the lookout's own free
    # attack (his talent 1) comes in the same step and misses
    events = act(game, "surprise:sentry", 8, 1, 4, 4)
    assert lines(events)[:3] == [
        "You attack Sentry with Sword (a free surprise attack): hit, excess 2.",
        "Lookout attacks you with Knife (a free surprise attack): miss.",
        "Damage on Sentry: 2 dice [4 4]: 2 + 0 criticals − AR 0 = 2 FP.",
    ]
    assert gauge(events, "sentry") == 6 and gauge(events, "player") == 8
    # then the first turn, with the full skill again
    assert "Turn 1." in lines(events)
    attack = offered(game)["attack:sentry"]
    assert Fraction(attack.odds) == solo_odds("--skill", "5") == Fraction(3, 4)
    assert not any(k.startswith("surprise:") for k in offered(game))


def test_a_foes_talent_caps_its_free_attack_too_and_holding_back_spends_the_players(ambush):
    game, _ = begin(ambush, "gate")
    # the lookout's Hack/Slash 4 + 6 would hit; at his talent level 1, 1 + 6 = 7 misses
    events = act(game, "hold", 6)
    assert "Lookout attacks you with Knife (a free surprise attack): miss." in lines(events)
    assert not any(t.startswith("You attack") for t in lines(events))
    assert "Turn 1." in lines(events) and "attack:sentry" in offered(game)


def test_foes_who_catch_the_player_unawares_strike_before_the_first_turn(ambush):
    # `surprise: player`: the cutthroat's Hack/Slash 4 + 8, excess 4, before Vey may act
    game, events = begin(ambush, "stair", 8, 3, 3, 3, 3)
    assert lines(events)[1:4] == [
        "Before the first turn: they catch you unawares.",
        "Cutthroat attacks you with Knife (a free surprise attack): hit, excess 4.",
        "Damage on you: 4 dice [3 3 3 3]: 4 + 0 criticals − AR 0 = 4 FP.",
    ]
    assert game.character.resources["fp"] == 4 and gauge(events, "player") == 4
    # her first decision is the ordinary first turn's: no free attack of her own
    assert "Turn 1." in lines(events)
    assert not any(k.startswith("surprise:") for k in offered(game))
    assert Fraction(offered(game)["attack:cutthroat"].odds) == solo_odds("--skill", "5")


def test_catching_the_foes_unawares_gives_a_free_attack_at_the_full_skill(ambush):
    # `surprise: foes`: Vey strikes first with her whole Hack/Slash 5, not capped by the talent
    game, events = begin(ambush, "loft")
    assert "Before the first turn: you catch them unawares." in lines(events)
    strike = offered(game)["surprise:sentry-1"]
    assert Fraction(strike.odds) == solo_odds("--skill", "5") == Fraction(3, 4)
    events = act(game, "surprise:sentry-1", 8, 4, 4, 4, 4, 4)
    assert lines(events)[:2] == [
        "You attack Sentry 1 with Sword (a free surprise attack): hit, excess 5.",
        "Damage on Sentry 1: 5 dice [4 4 4 4 4]: 5 + 0 criticals − AR 0 = 5 FP.",
    ]
    assert gauge(events, "sentry-1") == 3 and gauge(events, "player") == 8  # the sleepers did nothing
