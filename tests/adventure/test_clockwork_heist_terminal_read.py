"""clockwork-heist slips found reading it in the terminal as a new player (issue 22, read9).

Each test drives a game to where the slip showed and asserts what the player is shown; the
lines of docs/editorial/clockwork-heist.md dated read9 name them.
"""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.engine.gm import GameMaster
from pregen_play import start_as


@pytest.fixture(scope="module")
def heist():
    return loader.load("clockwork-heist").adventure


def _game(heist, pregen: str, seed: int = 2) -> Game:
    return start_as(heist, pregen, seed)


def _texts(events) -> str:
    return " ".join(" ".join((getattr(e, "text", "") or "").split()) for e in events)


@pytest.mark.parametrize("pregen", ["wren", "ottilie", "dorrin"])
def test_the_strongroom_does_not_light_the_heart_with_a_lamp_nobody_carries(heist, pregen):
    """Linnet, carrying no lamp, saw the Heart wind itself "in the warmth of your lamp"."""
    game = _game(heist, pregen)
    assert not any("lamp" in item or "lantern" in item for item in game.state.character.items)
    text = _texts(GameMaster(game).goto("strongroom"))
    assert "the Heart" in text
    assert "lamp" not in text and "warmth the boilers send up" in text


@pytest.mark.parametrize("scene", ["strongroom", "galleries"])
def test_the_tonic_is_offered_only_to_who_holds_it(heist, scene):
    """Linnet took the flash-bomb, not the tonic, and was shown "Drink Quill's tonic" greyed out."""
    game = _game(heist, "wren")
    assert "tonic" not in game.state.character.items
    GameMaster(game).goto(scene)
    assert not any("tonic" in o.text for o in game.offered.options)
    game = _game(heist, "wren")
    game.state.character.items.append("tonic")
    game.state.character.resources["fp"] = 5
    GameMaster(game).goto(scene)
    assert any("tonic" in o.text for o in game.offered.options if o.enabled)


def _climb_from_the_strongroom(heist, **flags) -> tuple[Game, str]:
    game = _game(heist, "wren")
    game.state.flags.update(flags)
    GameMaster(game).goto("strongroom")
    game.state.character.items.append("heart")
    GameMaster(game).goto("strongroom")
    option = next(o for o in game.offered.options if o.enabled and o.text == "Climb back up the stair to the landing")
    return game, _texts(game.choose(option.key))


def test_climbing_from_the_strongroom_meets_the_warden_as_it_stands(heist):
    """Linnet rode the weight down (the Warden unseen, never named on a failed ride) and climbed
    back up: "The Warden's chem cares only for people coming down", then "The gallery ends at a
    round landing", though she came up the stair."""
    game, text = _climb_from_the_strongroom(heist)
    assert "an iron golem seven feet tall" in text and "the Warden that guards this stair" in text
    assert game.state.scene == "galleries" and game.state.flags["stair_seen"]
    assert "The gallery ends" not in text and "A round landing under a dome" in text
    _, text = _climb_from_the_strongroom(heist, stair_seen=True)
    assert "cares only for people coming down" in text and "iron golem" not in text
    _, text = _climb_from_the_strongroom(heist, stair_seen=True, warden_down=True)
    assert "still where you left it" in text and "cares only" not in text


def test_dawn_does_not_unveil_a_heart_the_thief_brought_home(heist):
    """Linnet came home with the Heart, and dawn still had a velvet cloth "being lifted from a
    plinth" that the ending then said stayed empty."""
    game = _game(heist, "wren")
    game.state.character.items += ["heart", "drawings"]
    text = _texts(GameMaster(game).goto("safehouse"))
    assert "being lifted" not in text and "empty plinth" in text
    ending = _texts(game.choose(next(o.key for o in game.offered.options if o.enabled and "Heart" in o.text)))
    assert "plinth at the Chime stayed empty" in ending
    game = _game(heist, "wren")
    text = _texts(GameMaster(game).goto("safehouse"))
    assert "Vesk's by law" in text and "empty plinth" not in text


def test_the_card_and_the_opening_agree_on_when_vesk_unveils_the_heart(heist):
    """The card said Vesk unveils the Heart at dawn; the opening, tonight at the Chime, the patent sealed at dawn."""
    card = " ".join(heist.summary.split())
    assert "Tonight Magister Corvin Vesk will unveil" in card
    assert "at dawn the Guild will seal the patent" in card


def test_being_taken_says_the_watch_keeps_only_what_it_does_keep(heist):
    """Taken, Ottilie read that the Watch "turn out every pocket", and her sheet still showed the
    tool-roll, the kit and the tonic: the text now says they take what was stolen tonight."""
    game = _game(heist, "ottilie")
    game.state.character.items += ["tonic", "heart"]
    text = _texts(GameMaster(game).goto("taken"))
    assert "for what you took tonight, leave you the rest" in text
    assert "heart" not in game.state.character.items
    assert {"tool-roll", "chem-kit", "tonic"} <= set(game.state.character.items)


def test_the_magistrate_ending_rings_the_dawn_bell_not_a_chime_already_over(heist):
    """Ottilie, caught, heard at dawn "the bell ring for the Founders' Chime", which was the night before."""
    game = _game(heist, "ottilie")
    GameMaster(game).goto("cells")
    events = game.choose(next(o.key for o in game.offered.options if o.text == "Wait for the magistrate"))
    text = _texts(events)
    assert game.state.ending == "end-in-chains"
    assert "dawn bell ring that seals the patent" in text and "ring for the Founders' Chime" not in text
