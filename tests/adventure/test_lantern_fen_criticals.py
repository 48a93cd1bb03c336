"""lantern-fen's critical failures cost more than a plain failure (issue 22; the book: double
ones on the two marked dice mean something bad happens): played on forced dice, a critical
failure shows its own line and changes the state a plain failure leaves alone
(docs/editorial/lantern-fen.md)."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import Game, KEEP
from solo.engine.gm import GameMaster

FEN = loader.load("lantern-fen").adventure


def _at(pregen: str, scene: str) -> Game:
    who = next(p for p in FEN.characters if p.id == pregen)
    game = Game(FEN, seed=4, character=who.character(FEN.system))
    game.start()
    GameMaster(game).goto(scene)
    return game


def _take(game: Game, text: str, *faces: int) -> str:
    """Choose the option showing ``text`` on dice forced to ``faces``, keep the roll, and return
    what the screen said."""
    game.dice.force(*faces)
    events = game.choose(next(o.key for o in game.offered.options if o.enabled and o.text == text))
    while game.offered is not None and game.offered.kind not in ("scene", "conflict"):
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    return " ".join(getattr(e, "text", "") or "" for e in events)


MEMORY = "Search your memory for what the old fen-folk say about nights like this"
READ = "Take the ledger and read the last pages by the door"
KNIFE = "Cut the strands from the planks with your knife"


def test_a_critical_failure_at_the_landing_draws_the_lights_a_plain_one_does_not():
    """Maud's Knowledge 2 against average (7): 1+2 is a plain failure, 1+1 a critical one."""
    plain = _at("maud", "landing")
    said = _take(plain, MEMORY, 1, 2)
    assert "slipped away with your childhood" in said and "steady your nerve" not in said
    assert plain.state.clocks.get("lights", 0) == 0
    worse = _at("maud", "landing")
    said = _take(worse, MEMORY, 1, 1)
    assert "slipped away with your childhood" in said  # the failure is still told first
    assert "whistling to steady your nerve" in said
    assert worse.state.clocks["lights"] == 1
    assert worse.state.last_roll["outcome"] == "critical-failure"


def test_tearing_cobbs_ledger_costs_agathes_trust():
    plain = _at("maud", "ferry-shed")
    _take(plain, READ, 2, 1)
    worse = _at("maud", "ferry-shed")
    said = _take(worse, READ, 1, 1)
    assert "A wet page tears away" in said
    assert worse.state.counters["trust"] == plain.state.counters["trust"] - 1
    assert worse.state.character.items.count("ferry-ledger") == 1  # still carried, torn


def test_nell_loses_her_knife_to_the_weed_only_on_a_critical_failure():
    """Nell's Knife-fighting 2 against 9: 1+2 loses the fight with the weed, 1+1 loses the knife
    with it."""
    plain = _at("nell", "weed-tangle")
    _take(plain, KNIFE, 1, 2)
    assert "gutting-knife" in plain.state.character.items
    worse = _at("nell", "weed-tangle")
    said = _take(worse, KNIFE, 1, 1)
    assert "goes down into the black water for good" in said
    assert "gutting-knife" not in worse.state.character.items
    assert worse.state.scene == plain.state.scene == "open-water"


def test_erasmus_drops_the_commission_tag_on_a_critical_failure_and_cannot_show_it_at_the_chapel():
    game = _at("erasmus", "the-cut")
    _take(game, "Prise off the lead tag and look at it in the lantern-light")
    assert "commission-tag" in game.state.character.items
    said = _take(game, "Read the number on the tag against the Commission's survey book in your head", 1, 1, 1)
    assert "you no longer have the proof" in said
    assert "commission-tag" not in game.state.character.items
    GameMaster(game).goto("chapel-steps")
    shown = [o.text for o in game.offered.options if o.enabled]
    assert not any(text.endswith("say it in front of the chapel") for text in shown)  # nothing to accuse him with


@pytest.mark.parametrize("faces, costly", [((1, 1, 6, 6), True), ((1, 2, 6, 6), False)])
def test_double_ones_on_a_sum_that_holds_is_a_costly_success_not_a_failure(faces, costly):
    """The failure lines are for a sum that falls short: Erasmus's Knowledge 4 reaching 7 on
    double ones succeeds (the book: a critical failure does not fail by itself)."""
    game = _at("erasmus", "landing")
    said = _take(game, MEMORY, *faces)
    assert game.state.flags["knows_toll"]
    assert game.state.last_roll["outcome"] == ("costly-success" if costly else "success")
    assert "steady your nerve" not in said
    assert ("so does the fear" in said) is costly
