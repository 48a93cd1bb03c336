"""Blessèd Wits played through an adventure (tests/fixtures/hb-wits.yaml): a non-violent contest
the player defends against one attacker and loses may turn a lesser version of the loss on the
attacker, the losing branch's ``lesser`` form; free once, then recharged with a die worth 3+.
A contest whose losing branch has no lesser form, or a violent one, does not offer it.
"""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-wits.yaml"
HOLD, HAGGLE, BRAVO = "1", "2", "3"
FLUSTERED = "But your parting remark lands: the steward stammers through the next toast."


def lose(game: Game, key: str) -> list[dict]:
    """Take choice ``key`` until its contest is lost and waits on the offers; the events."""
    for _ in range(30):
        events = [e.to_dict() for e in game.choose(key)]
        if game.offered.prompt == "The dice are down":
            record = [e for e in events if e["type"] == "roll"][-1]["record"]
            if not record["success"]:
                return events
            game.choose("keep")
    raise AssertionError("the contest was always won")


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e["type"] == "text"]


def test_a_lost_defence_turns_its_lesser_form_on_the_attacker_then_recharges_at_three():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    lose(game, HOLD)
    wits = next(o for o in game.offered.options if o.id == "blessed-wits")
    assert wits.text == "Blessèd Wits: the loss stands, and your attacker gets a lesser version of it"
    events = [e.to_dict() for e in game.choose(wits.key)]
    final = next(e for e in events if e["type"] == "roll" and e["final"])["record"]
    assert not final["success"] and final["details"]["size"] == "minor"
    assert texts(events) == ["The steward talks you out of your seat.", FLUSTERED]
    assert game.state.flags["seat_lost"] and game.state.flags["steward_flustered"]
    assert not game.state.flags["steward_shamed"]
    assert game.character.extra["spent_abilities"] == ["Blessèd Wits"]
    assert game.character.resources["blessings"] == [1, 2, 3, 4]  # the first use is free

    game.state.flags["steward_flustered"] = False
    lose(game, HOLD)
    wits = next(o for o in game.offered.options if o.id == "blessed-wits")
    assert wits.text.endswith(", recharging it with a die worth 3+")
    pool = list(game.character.resources["blessings"])
    events = [e.to_dict() for e in game.choose(wits.key)]
    final = next(e for e in events if e["type"] == "roll" and e["final"])["record"]
    paid = final["details"]["wits"]["recharge_paid"]
    assert len(paid) == 1 and paid[0] >= 3 and paid[0] in pool
    assert sorted(game.character.resources["blessings"] + paid) == sorted(pool)
    turned = {"minor": "steward_flustered", "medium": "steward_shamed"}[final["details"]["size"]]
    assert game.state.flags[turned]


def test_keeping_the_loss_runs_no_lesser_form_and_help_is_gone_once_wits_is_taken():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    events = lose(game, HOLD)
    assert any(o.id.startswith("help-") for o in game.offered.options)  # beside Help, before it
    events = [e.to_dict() for e in game.choose("keep")]
    assert FLUSTERED not in texts(events) and not game.state.flags["steward_flustered"]
    assert "spent_abilities" not in game.character.extra


def test_each_losing_branch_turns_its_own_lesser_form():
    game = Game(loader.load(FIXTURE).adventure, seed=6)  # a medium blow: the `medium` branch
    game.start()
    lose(game, HOLD)
    events = [e.to_dict() for e in game.choose("blessed-wits")]
    assert texts(events) == ["The whole table laughs you out of your seat.",
                             "As you go, one dry word of yours leaves the steward red to the ears."]
    assert game.state.flags["steward_shamed"] and not game.state.flags["steward_flustered"]


def test_no_offer_without_a_lesser_form_in_a_violent_contest_or_without_the_ability():
    adventure = loader.load(FIXTURE).adventure
    game = Game(adventure, seed=1)
    game.start()
    lose(game, HAGGLE)  # the pedlar's failure branch has no lesser form
    assert not any(o.id == "blessed-wits" for o in game.offered.options)
    game.choose("keep")
    lose(game, BRAVO)  # violent: the book's Blessèd Thorns, in fights, not Wits
    assert not any(o.id == "blessed-wits" for o in game.offered.options)
    game.choose("keep")
    game.character.extra["abilities"] = ["Tactful Speech"]
    lose(game, HOLD)
    assert not any(o.id == "blessed-wits" for o in game.offered.options)


def test_a_game_saved_at_the_offer_resumes_and_turns_the_loss():
    import json

    adventure = loader.load(FIXTURE).adventure
    game = Game(adventure, seed=0)
    game.start()
    lose(game, HOLD)
    saved = json.loads(json.dumps(game.snapshot()))
    again = Game.resume(adventure, saved)
    assert any(o.id == "blessed-wits" for o in again.offered.options)
    events = [e.to_dict() for e in again.choose("blessed-wits")]
    assert FLUSTERED in texts(events) and again.state.flags["steward_flustered"]


def test_validate_warns_of_a_losing_branch_with_no_lesser_form_and_of_an_unreachable_one(tmp_path):
    problems = [(p.code, p.line) for p in validate_path(FIXTURE) if p.code in ("lesser-never-used", "no-lesser")]
    assert problems == [("no-lesser", 61)]
    text = FIXTURE.read_text(encoding="utf-8").replace("          defending: true\n          outcomes:\n"
                                                        "            success: {text: You keep your seat.}",
                                                        "          outcomes:\n"
                                                        "            success: {text: You keep your seat.}")
    other = tmp_path / "hb-wits-attacking.yaml"
    other.write_text(text, encoding="utf-8")
    problems = [(p.code, p.line) for p in validate_path(other) if p.code in ("lesser-never-used", "no-lesser")]
    assert problems == [("lesser-never-used", 44), ("lesser-never-used", 50), ("no-lesser", 60)]
