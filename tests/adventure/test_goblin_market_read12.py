"""goblin-market's slips left by the sitting-11 read-through and fixed in sitting 12
(docs/editorial/goblin-market.md, the lines dated read12): each stays fixed."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine.events import Revealed
from solo.engine.gm import GameMaster
from solo.ui.words import Words
from pregen_play import placed, texts

MARKET = loader.load("goblin-market").adventure
LAUGH = "Carry Old Nan's laugh out of the market"


def _revealed(events) -> bool:
    return any(isinstance(e, Revealed) and (e.kind, e.name) == ("objective", "nans-laugh") for e in events)


def _objectives(game) -> list[str]:
    return [text for heading, text, _ in Words(MARKET, game).sheet() if heading == "Objective"]


def test_nans_laugh_is_no_objective_until_she_tells_of_selling_it():
    """read11: "Carry Old Nan's laugh out of the market" was listed from the first screen,
    before Nan had said she sold her laugh. It is hidden until her story reveals it."""
    game = placed(MARKET, "quince", "nan-stile", 4)
    assert not any(LAUGH in text for text in _objectives(game))
    ask = next(o for o in game.offered.options if o.text == "Ask her how she knows so much about the market")
    events = game.choose(ask.key)
    assert "sold them my laugh" in texts(events) and _revealed(events)
    assert "to do: " + LAUGH in _objectives(game)


def test_finding_nans_jar_without_her_story_reveals_the_objective():
    game = placed(MARKET, "sorrel", "market-lanes", 4)
    assert not any(LAUGH in text for text in _objectives(game))
    events = GameMaster(game).goto("jar-stall")
    assert "NAN GOSSAGE" in texts(events) and _revealed(events)
    assert "to do: " + LAUGH in _objectives(game)


def _lanes_with_the_child(game) -> str:
    game.dice.force(5)  # the hawker-cries table's row 5: the goblin child with a secret to sell
    return " ".join(texts(GameMaster(game).goto("market-lanes")).split())


def test_quince_s_buttons_buy_the_goblin_child_s_secret_and_she_offers_it_once():
    """read11: the child offered "a secret for a button" and Quince, with a bag of buttons, had
    "no time"; and the same offer came twice in a run. Quince's button now buys it (the wager
    row 6 gives away), and met again the child keeps off."""
    game = placed(MARKET, "quince", "market-gate", 4)
    assert not game.state.flags["knows_wager"]
    first = _lanes_with_the_child(game)
    assert "You pick a small brass one from your bag" in first and "bet his own ears" in first
    assert game.state.flags["knows_wager"]
    again = _lanes_with_the_child(game)
    assert "secret for a button" not in again and "sticks her tongue out at you" in again


def test_the_goblin_child_says_something_true_to_who_has_no_buttons_or_knows_the_secret():
    game = placed(MARKET, "bryony", "market-gate", 4)
    first = _lanes_with_the_child(game)
    assert "You have no buttons to spare" in first and not game.state.flags["knows_wager"]
    knowing = placed(MARKET, "quince", "market-gate", 4)
    GameMaster(knowing).set("knows_wager", "true")
    said = _lanes_with_the_child(knowing)
    assert "You know that one already" in said and "from your bag" not in said

