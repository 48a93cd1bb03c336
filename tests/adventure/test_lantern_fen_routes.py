"""lantern-fen's rarer scenes and its hidden objective are reachable by a plausible route
(issue 22): steering for the fen-lights' voices puts Pim in the water, and catching Stallard
out in front of the chapel is enough to make him answer for the cable; so is catching him out on
the Stair's steps after paying the ferryman's toll (docs/editorial/lantern-fen.md)."""

from __future__ import annotations

import collections
import random

import pytest

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.game import Game, KEEP
from solo.engine.gm import GameMaster
from solo.playtest.policies import CarefulPolicy
from solo.playtest.runner import PlaytestSpec, run_one

FEN = loader.load("lantern-fen").adventure
STEER = "Fix your eyes on the bow and pole on, whatever they say"
ASK = "Ask him, in front of the chapel door, how he knew the ferry would not cross tonight"


def _at(pregen: str, scene: str, **flags: bool) -> Game:
    who = next(p for p in FEN.characters if p.id == pregen)
    game = Game(FEN, seed=4, character=who.character(FEN.system))
    game.start()
    gm = GameMaster(game)
    for flag, value in flags.items():
        gm.set(flag, "true" if value else "false")
    gm.goto(scene)
    return game


def _take(game: Game, text: str, *faces: int) -> None:
    game.dice.force(*faces)
    game.choose(next(o.key for o in game.offered.options if o.enabled and o.text == text))
    while game.offered is not None and game.offered.kind not in ("scene", "conflict"):
        game.choose(next(o.key for o in game.offered.options if o.id == KEEP))


@pytest.mark.parametrize("pregen", ["erasmus", "nell"])
def test_steering_for_the_voices_puts_pim_in_the_water_once(pregen):
    game = _at(pregen, "open-water")
    _take(game, STEER, 1, 2, 2, 1)  # far short of 9
    assert game.state.scene == "pim-overboard" and game.state.flags["pim_fell"]
    again = _at(pregen, "open-water", pim_fell=True)
    _take(again, STEER, 1, 2, 2, 1)
    assert again.state.scene == "agathe-confession"  # the boy does not fall in twice


def test_catching_stallard_out_before_the_chapel_makes_him_answer_for_the_cable():
    game = _at("erasmus", "chapel-steps")
    _take(game, ASK, 6, 6, 6, 6, 1, 1, 2)
    assert game.state.ending == "ending-new-cable"
    assert game.state.objectives.get("find-the-cutter")


PAY = "Hold out the bell and pay the toll"
CALL = "Call up to him how he knew, at sundown, that no ferry would cross"


@pytest.mark.parametrize("caught", [True, False])
def test_paying_the_toll_still_meets_stallard_on_the_steps(caught):
    """The toll road ends mixed whatever happens on the steps; catching Stallard out there
    (cleverness against his, his at -2) makes him answer for the cable, and the ending says so."""
    game = _at("nell", "agathe-confession")
    _take(game, "Take the bell and promise to ring it at Hobb's Stair")
    _take(game, PAY)
    assert game.state.scene == "toll-steps"
    _take(game, CALL, *((6, 6, 6, 6, 1, 1, 1) if caught else (1, 1, 1, 6, 6, 6, 6)))
    assert game.state.ending == "ending-toll-paid"
    assert bool(game.state.objectives.get("find-the-cutter")) is caught
    assert game.state.flags["stallard_answers"] is caught


def test_proof_in_hand_makes_the_accusation_likelier_than_a_bare_question():
    bare = {r["choice"]: r for r in GameMaster(_at("maud", "chapel-steps")).odds()}
    proof = {r["choice"]: r for r in GameMaster(_at("maud", "chapel-steps", knows_cutter=True)).odds()}
    accuse = next(k for k in proof if k.endswith(", and say it in front of the chapel"))
    assert float(proof[accuse]["success"].rstrip("%")) > float(bare[ASK]["success"].rstrip("%"))


def test_random_play_meets_the_boy_overboard_and_the_cutter_often_enough():
    """600 seeded random runs (pregen drawn per run; `solo playtest lantern-fen --runs 600`): the
    boy-overboard scene in 19.5% (23% before tune10's surveyor's bearing took some of Erasmus's
    rafts past the voices; its failure swings the raft into the weed as the Tenacity one does; was
    3.7%), the cable-cutter objective in 16.2% (18.7% before; 3,000 runs give 16.3% before and 16.4%
    after, so that was the draw; 5.8% while it waited behind laying the ferryman to rest; Stallard
    now also waits on the steps for a raft that paid the toll, the road 43% of random runs take).
    Floors 15% and 14%: a 600-run rate has a standard error of 1.6 points."""
    runs = [run_one(PlaytestSpec(adventure=FEN), i, 1) for i in range(600)]
    scenes = collections.Counter(s for r in runs for s in r.visits)
    objectives = collections.Counter(o for r in runs for o in r.objectives)
    assert scenes["pim-overboard"] / 600 >= 0.15, scenes["pim-overboard"]
    assert objectives["find-the-cutter"] / 600 >= 0.14, objectives


def test_the_careful_bot_sees_the_toll_steps_as_the_mixed_ending_they_lead_to():
    """Every way off the toll steps ends in the toll ending, so the careful bot weighs paying the
    toll as the mixed ending it is (with the steps between, it paid readily and lost its edge
    over random play for Maud and Nell: 23.5% careful against 24.0% and 23.0% random)."""
    bot = CarefulPolicy(random.Random(1))
    game = _at("maud", "agathe-confession")
    assert bot._ending(game, "toll-steps") == "mixed"
    assert bot._ending(game, "last-stretch") is None  # the bell can still bring either ending


def test_the_eel_weirs_are_nells_own_water_and_say_so_once():
    """Only Nell (the eel-catcher) comes this way, so the weirs speak to her as "you", not by her
    name; coming back out of Hesper's hut shows a line, not the whole description again."""
    game = _at("nell", "eel-weirs")
    first = next(e.text for e in GameMaster(game).goto("eel-weirs") if isinstance(e, SceneEntered))
    assert "You set your first trap" in first and "Nell" not in first
    GameMaster(game).goto("tansy-hut")
    again = next(e.text for e in GameMaster(game).goto("eel-weirs") if isinstance(e, SceneEntered))
    assert again.startswith("Back out on the weir-line") and len(again) < len(first) / 2


TRACKS = "Look for the cutter's tracks on the stake and the mud"


@pytest.mark.parametrize("pregen, named", [("nell", False), ("maud", True)])
def test_only_a_reader_finds_stallards_name_in_the_ledger_at_the_cut(pregen, named):
    """Nell carries the ledger for someone who reads; at the cut the clay on the boots still ties
    the stake to the shed (enough to accuse the man in the clayed boots at the Stair), but the
    signature's name is read only by someone who can read it."""
    game = _at(pregen, "landing")
    GameMaster(game).give("ferry-ledger")
    GameMaster(game).goto("the-cut")
    game.dice.force(6, 6, 6)
    key = next(o.key for o in game.offered.options if o.enabled and o.text == TRACKS)
    told = " ".join(getattr(e, "text", "") or "" for e in game.choose(key))
    assert ("Stallard" in told) is named
    assert "yellow clay was on the ferry shed's floor" in told
    assert game.state.flags["knows_cutter"]
