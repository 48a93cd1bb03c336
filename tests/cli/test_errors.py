"""One error family: a user error is one line and its exit code; anything else is a bug, told
as a request to report it with the replay file, with a traceback only when asked for."""

from __future__ import annotations

import io
import sys

import pytest

from solo import cli as cli_module
from solo import errors
from solo.engine.game import Game


@pytest.fixture
def solo_main(monkeypatch, tmp_path, capsys):
    """Run ``solo ARGS`` through the real entry point (``main``): exit code, stdout, stderr."""
    monkeypatch.setenv("SOLO_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.delenv("SOLO_DEBUG", raising=False)
    monkeypatch.setattr(errors, "_replay", [])
    monkeypatch.setattr(errors, "_debug", [])

    def run(*args: str, answers: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["solo", *args])
        monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
        with pytest.raises(SystemExit) as leaving:
            cli_module.main()
        out, err = capsys.readouterr()
        return leaving.value.code, out, err

    return run


def _break_the_second_decision(monkeypatch):
    real = Game.choose
    calls: list[str] = []

    def broken(self, key, **kwargs):
        calls.append(key)
        if len(calls) > 1:
            raise ZeroDivisionError("injected for the test")
        return real(self, key, **kwargs)

    monkeypatch.setattr(Game, "choose", broken)


def test_a_user_error_is_one_line_with_its_file_line_and_exit_1(solo_main, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nid: x\ntitle: X\nsystem: guts-plus\nstart: a\nscenes:\n  a: {title: A, bogus: 1}\n")
    code, _, err = solo_main("play", str(bad))
    assert code == 1
    assert err.startswith("solo: ") and f"{bad}:7:" in err and "unknown field 'bogus'" in err
    assert "Traceback" not in err and "internal error" not in err


def test_a_user_error_raised_outside_any_command_handler_keeps_its_line_and_code(solo_main, monkeypatch):
    class Refused(errors.SoloError):
        exit_code = 3

    def refuse(*args, **kwargs):
        raise Refused("the moon is in the wrong phase", where="moon.yaml:2")

    monkeypatch.setattr(cli_module, "_console", refuse)  # `solo playtest` builds its console first
    code, _, err = solo_main("playtest", "supply-ship", "--runs", "1")
    assert code == 3
    assert err == "solo: moon.yaml:2: the moon is in the wrong phase\n"


def test_a_stored_character_of_another_system_is_a_user_error_not_a_value_error(solo_main, tmp_path):
    from solo.characters import CharacterStore
    from solo.rules.base import Character

    assert ValueError not in cli_module.user_errors()  # a plain ValueError is a bug now
    CharacterStore(tmp_path / "saves").save(Character("Mira", "game", {}))
    code, _, err = solo_main("playtest", "supply-ship", "--runs", "1", "--character", "Mira")
    assert code == 1
    assert err == "solo: Mira is a game character; 'Supply Run' is played with guts-plus\n"


def test_an_injected_bug_asks_for_a_report_with_the_replay_file_and_no_traceback(solo_main, monkeypatch, tmp_path):
    _break_the_second_decision(monkeypatch)
    code, _, err = solo_main("play", "supply-ship", "--json", "--seed", "1", answers="1\n1\n1\n")
    assert code == errors.BUG_EXIT == 70
    save = tmp_path / "saves" / "supply-ship.json"
    assert save.is_file()
    assert "internal error" in err and "ZeroDivisionError: injected for the test" in err
    assert f"report it to the solo project with the replay file {save}" in err
    assert "--debug" in err and "Traceback" not in err


def test_debug_shows_the_traceback_of_a_bug(solo_main, monkeypatch):
    _break_the_second_decision(monkeypatch)
    code, _, err = solo_main("--debug", "play", "supply-ship", "--json", "--seed", "1", answers="1\n1\n1\n")
    assert code == 70
    assert "Traceback (most recent call last)" in err and "internal error" in err.splitlines()[-2]
    monkeypatch.setattr(errors, "_debug", [])
    monkeypatch.setenv("SOLO_DEBUG", "1")
    code, _, err = solo_main("play", "supply-ship", "--json", "--seed", "1", "--slot", "again", answers="1\n1\n1\n")
    assert code == 70 and "Traceback (most recent call last)" in err


def test_a_bug_before_any_save_names_no_replay_file(solo_main, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("nowhere")

    monkeypatch.setattr(cli_module, "_console", broken)
    code, _, err = solo_main("playtest", "supply-ship", "--runs", "1")
    assert code == 70
    assert "internal error" in err and "KeyError: 'nowhere'" in err and "replay file" not in err


@pytest.mark.parametrize("name", [
    "solo.adventure.problems.AdventureError", "solo.adventure.yaml_source.YamlSourceError",
    "solo.adventure.graph.GraphError", "solo.adventure.expressions.ExpressionError",
    "solo.engine.effects.EffectError", "solo.engine.scene_machine.SceneMoveError",
    "solo.engine.budget.BudgetExceeded", "solo.engine.game.EngineError", "solo.engine.game.InvalidDecision",
    "solo.engine.gm.GMError", "solo.publish.web_export.ExportError", "solo.publish.starter.StarterError",
    "solo.oracle.OracleError", "solo.rules.notation.NotationError", "solo.rules.dice.DiceError",
    "solo.rules.base.RulesError", "solo.rules.creation.CreationError", "solo.rules.registry.UnknownRuleset",
    "solo.rules.humanity_blessed.bumping.DieError", "solo.rules.conflict.ConflictError",
    "solo.saves.SaveError", "solo.saves.SlotInUseError", "solo.saves.IncompatibleSaveError",
    "solo.save_check.SaveShapeError", "solo.playtest.executors.ExecutorError", "solo.ui.app.web_gate.OriginError",
])
def test_every_user_error_is_one_of_the_family_and_shown_as_one(name):
    import importlib

    module, _, cls = name.rpartition(".")
    error_class = getattr(importlib.import_module(module), cls)
    assert issubclass(error_class, errors.SoloError)
    assert issubclass(error_class, cli_module.user_errors())
