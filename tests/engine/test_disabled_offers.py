"""An offer on a roll the rules allow but which cannot be taken now (``Offer.disabled``): the
engine shows it as a disabled option with the reason and no key, in its place among the
numbered offers, refuses it in play, never lets a bot take it, and still takes it by number
when re-enacting a save that recorded it (an older release offered it).

Fixture: tests/fixtures/hb-abilities.yaml, where Ada lifts a crate (hand d4 against 5, with a
dc2 aid) and the adventure reads the size of that check: after a success of 5, one blessing
die's +1 makes 6, still minor, so it is shown disabled between the keep and two dice's Help.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision
from solo.playtest.policies import dice_decision, playable_keys
from solo.replay import read_replay, replay_payload

ABILITIES = Path(__file__).parents[1] / "fixtures" / "hb-abilities.yaml"
REASON = "cannot change the result: +1 makes 6, still a minor success"


@pytest.fixture(scope="module")
def adventure():
    return loader.load(ABILITIES).adventure


def _at_the_help(game: Game) -> None:
    """Ada, a success of 5 on the crate (hand 1 bumps, then 4), blessing dice 3, 5 and 3."""
    game.start()
    game.dice.force(1, 1)  # the lucky number: both 1, so there is none
    game.choose(next(o.key for o in game.offered.options if o.id == "ada"))
    game.character.resources["blessings"] = [3, 5, 3]
    game.dice.force(1, 4)
    game.choose(next(o.key for o in game.offered.options if o.text.startswith("Lift the crate")))
    game.choose("keep")  # roll on from the first 1 without a spark


def test_a_disabled_offer_is_shown_with_its_reason_no_key_and_the_numbers_after_it_kept(adventure):
    game = Game(adventure, seed=7)
    _at_the_help(game)
    options = game.offered.options
    assert [(o.key, o.id) for o in options] == [("1", "keep"), (None, "help-1"), ("3", "help-2"), ("4", "help-3")]
    one = options[1]
    assert (one.enabled, one.reason, one.hint) == (False, REASON, "")
    assert game.offered.enabled_keys() == ["1", "3", "4"]
    assert game.offered.to_dict()["options"][1]["enabled"] is False  # what the web is sent


@pytest.mark.parametrize("answer", ["2", "help-1"])
def test_in_play_it_cannot_be_taken_by_number_or_id_and_the_game_says_why(adventure, answer):
    game = Game(adventure, seed=7)
    _at_the_help(game)
    with pytest.raises(InvalidDecision, match="cannot be taken now: cannot change the result"):
        game.choose(answer)
    assert game.character.resources["blessings"] == [3, 5, 3]  # nothing spent, still waiting
    assert game.offered is not None and game.offered.kind == "roll"


def test_no_bot_takes_it(adventure):
    game = Game(adventure, seed=7, quiet=True)
    _at_the_help(game)
    assert playable_keys(game.offered) == ["1", "3", "4"]
    assert dice_decision(game, game.offered) in ("1", "3", "4")


def test_a_recorded_answer_takes_it_by_the_number_it_had(adventure):
    """A replay re-enacts a save's log (``recorded``): an older release offered the +1 as
    choice 2, so the log holds "2" there; it is taken as it was then (a blessing die spent for a
    +1 that changed nothing) and the log keeps "2"."""
    game = Game(adventure, seed=7)
    _at_the_help(game)
    game.choose("2", recorded=True)
    assert game.state.choices[-1] == "2"
    assert game.character.resources["blessings"] == [5, 3]  # one die of 3 spent
    assert game.state.pending is None or game.state.pending.kind != "roll" or all(
        not o.id.startswith("help-") for o in game.offered.options)  # this roll has had its Help


def test_the_format_1_blessed_harvest_save_took_such_an_offer_and_replays_to_its_state():
    """tests/saves/format1/blessed-harvest.json was played when a one-die Help after a success
    of 6 was on offer, and took it: its replay meets that offer disabled now, takes it by the
    recorded number, and arrives at the saved state."""
    saves = Path(__file__).parents[1] / "saves" / "format1"
    payload = read_replay(str(saves / "blessed-harvest.json"))
    payload["adventure"]["source"] = str(saves / "adventures" / f"{payload['adventure']['id']}.yaml")
    taken: list[tuple[str, str]] = []

    def observe(answer, option, events, game):
        if option is not None and not option.enabled:
            taken.append((answer, option.reason))

    result = replay_payload(payload, observe)
    assert result.same, result.differences
    assert taken and all(reason.startswith("cannot change the result") for _, reason in taken)
