"""GM mode: the engine side (jump, set, give, force) and `solo play --gm` in line mode."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine import events as ev
from solo.engine.game import Game
from solo.engine.gm import GameMaster, GMError


def _game(character: str = "engineer") -> Game:
    adventure = loader.load("supply-ship").adventure
    person = next(p for p in adventure.characters if p.id == character)
    game = Game(adventure, seed=3, character=person.character(adventure.system))
    game.start()
    return game


def test_goto_enters_any_scene_and_offers_its_choices():
    game = _game()
    events = GameMaster(game).goto("command-module")
    assert game.state.scene == "command-module"
    assert any(isinstance(e, ev.SceneEntered) and e.id == "command-module" for e in events)
    assert isinstance(events[-1], ev.ChoicesOffered)
    assert game.offered is events[-1]
    with pytest.raises(GMError, match="no scene"):
        GameMaster(game).goto("nowhere")


def test_goto_an_ending_ends_the_game():
    game = _game()
    GameMaster(game).goto("lost-air")
    assert game.finished and game.state.ending == "lost-air"


def test_set_changes_variables_and_the_offer():
    game = _game()
    gm = GameMaster(game)
    gm.goto("hallway")
    before = [o.text for o in game.offered.options]
    assert gm.set("door_open", "true") == "door_open = true"
    assert game.state.flags["door_open"] is True
    assert [o.text for o in game.offered.options] != before  # conditions read the new value
    gm.set("air", "99")
    assert game.state.clocks["air"] == game.adventure.clocks["air"].size
    with pytest.raises(GMError):
        gm.set("no_such_thing", "1")
    with pytest.raises(GMError):
        gm.set("delay", "lots")


def test_give_and_force():
    game = _game()
    gm = GameMaster(game)
    gm.give("patch-kit")
    assert "patch-kit" in game.character.items
    assert gm.force([6, 6, 1]) == (6, 6, 1)
    assert [game.dice.roll(6) for _ in range(3)] == [6, 6, 1]
    with pytest.raises(GMError):
        gm.give("unicorn")


def test_odds_and_notes():
    game = _game()
    gm = GameMaster(game)
    assert "air clock" in gm.notes()
    gm.goto("command-module")
    found = gm.odds()
    assert found and all(entry["success"].endswith("%") for entry in found if "success" in entry)


def test_play_gm_in_line_mode_marks_the_save(tmp_path):
    lines = "1\n:goto command-module\n:force 6 6 6\n:state\n:scenes\n:odds\n:set delay 3\n:quit\n"
    result = CliRunner().invoke(cli, ["play", "supply-ship", "--gm", "--seed", "2", "--line",
                                      "--save-dir", str(tmp_path)], input=lines)
    assert result.exit_code == 0, result.output
    assert "GM notes (wake-up)" in result.output
    assert "the next dice: 6 6 6" in result.output
    assert "delay = 3" in result.output
    save = json.loads((tmp_path / "supply-ship.json").read_text())  # each adventure's own slot
    assert save["gm"] is True
    assert save["state"]["scene"] == "command-module"
    assert save["state"]["counters"]["delay"] == 3


def test_gm_commands_need_gm_mode(tmp_path):
    result = CliRunner().invoke(cli, ["play", "supply-ship", "--seed", "2", "--line", "--save-dir", str(tmp_path)],
                                input="1\n:goto command-module\n:quit\n")
    assert "solo play --gm" in result.output  # refused: a GM command outside GM mode
    save = json.loads((tmp_path / "supply-ship.json").read_text())
    assert save["gm"] is False and save["state"]["scene"] != "command-module"


def test_gm_mode_needs_only_the_games_public_context():
    game = _game()
    gm = GameMaster(SimpleNamespace(context=game.context))  # nothing of the game but its context
    events = gm.goto("hallway")
    assert game.state.scene == "hallway" and game.offered is events[-1]
    gm.set("door_open", "true")
    assert game.state.flags["door_open"] is True
    item = next(i for i in game.adventure.items if i not in game.character.items)
    gm.give(item)
    assert item in game.character.items
    assert gm.state()["scene"] == "hallway"


def test_a_gm_jump_enters_a_scene_as_play_does():
    played, jumped = _game(), _game()
    start = played.state.scene
    key = next(o.key for o in played.offered.options
               if o.enabled and played.adventure.scenes[start].choices[int(o.id.removeprefix("choice-"))].goto
               and not played.adventure.scenes[start].choices[int(o.id.removeprefix("choice-"))].check)
    dest = played.adventure.scenes[start].choices[int(next(o for o in played.offered.options if o.key == key).id.removeprefix("choice-"))].goto
    by_play = played.choose(key)
    jumped.state.turn += 1  # the choice's turn, which a jump does not take
    by_jump = GameMaster(jumped).goto(dest)
    scene_events = lambda events: [e.to_dict() for e in events if e.type in ("scene", "text", "choices")]  # noqa: E731
    assert played.state.scene == jumped.state.scene
    assert scene_events(by_jump) == scene_events(by_play)


def test_a_game_played_with_gm_commands_replays_and_is_retold(tmp_path):
    """GM commands that change the game are decisions too: the save records them, so a game
    with jumps, sets, gifts and forced dice replays to the same state and its story says so."""
    from click.testing import CliRunner

    from solo.cli import cli
    from solo.replay import read_replay, replay_payload
    from solo.story import retell

    lines = ["1", "1", ":goto bakehouse", ":force 6 6", "1", ":undo", "1", ":set nosuch 1"]
    played = CliRunner().invoke(cli, ["play", "blessed-harvest", "--seed", "0", "--gm", "--slot", "g",
                                      "--save-dir", str(tmp_path)], input="\n".join(lines) + "\n")
    assert played.exit_code == 0, played.output
    payload = read_replay(str(tmp_path / "g.json"))
    assert ":goto bakehouse" in payload["transcript"] and ":force 6 6" in payload["transcript"]
    assert ":set nosuch 1" not in payload["transcript"], "a refused command changes nothing and is not kept"
    result = replay_payload(payload)
    assert result.same, result.differences
    choices = [step.choice for step in retell(payload).steps]
    assert "(GM) :goto bakehouse" in choices
