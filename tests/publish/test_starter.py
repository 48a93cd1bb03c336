"""`solo new adventure`: a starting file per system that validates and plays to both endings."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solo.adventure.loader import load
from solo.cli import cli
from solo.rules import registry
from solo.rules.creation import draft

SYSTEMS = ["guts-plus", "game", "loose-fuzzy", "humanity-blessed", "four-s"]


def invoke(*args, input=None):
    return CliRunner().invoke(cli, list(args), input=input)


def play_json(path, decisions, tmp_path):
    result = invoke("play", str(path), "--json", "--seed", "3", "--save-dir", str(tmp_path / "saves"),
                    input="".join(f"{d}\n" for d in decisions))
    return [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]


def test_every_system_is_covered():
    assert sorted(SYSTEMS) == sorted(registry.BUILTIN)


@pytest.mark.parametrize("system", SYSTEMS)
def test_starter_validates_clean_and_has_what_the_issue_asks(system, tmp_path):
    path = tmp_path / "my-first.yaml"
    made = invoke("new", "adventure", str(path), "--system", system)
    assert made.exit_code == 0, made.output
    assert path.read_text().startswith("# yaml-language-server: $schema=")
    checked = invoke("validate", str(path))
    assert checked.exit_code == 0, checked.output
    assert "0 errors, 0 warnings" in checked.output
    adventure = load(path).adventure
    assert adventure.id == "my-first" and adventure.system == system
    assert len(adventure.characters) == 1 and len(adventure.objectives) == 1
    assert len(adventure.endings) == 2
    # the pregen is a legal new character by the system's own creation rules
    pregen = adventure.characters[0]
    ruleset = registry.get(system)
    from solo.rules.base import Character

    character = Character(name=pregen.name, system=system, stats=dict(pregen.stats),
                          resources=dict(pregen.resources), extra=dict(pregen.extra))
    ruleset.validate_character(ruleset.prepare_character(character), creation=True)


@pytest.mark.parametrize("system", SYSTEMS)
def test_starter_plays_to_the_walk_home_ending(system, tmp_path):
    path = tmp_path / "gate.yaml"
    invoke("new", "adventure", str(path), "--system", system)
    events = play_json(path, ["2"], tmp_path)
    ending = [e for e in events if e["type"] == "ending"]
    assert ending and ending[0]["outcome"] == "defeat"


@pytest.mark.parametrize("system", SYSTEMS)
def test_starter_check_rolls_and_can_reach_the_victory(system, tmp_path):
    path = tmp_path / "gate.yaml"
    invoke("new", "adventure", str(path), "--system", system)
    events = play_json(path, ["1"] * 40, tmp_path)
    assert any(e["type"] == "roll" for e in events), [e["type"] for e in events]
    endings = [e for e in events if e["type"] == "ending"]
    assert endings and endings[0]["outcome"] == "victory"
    assert endings[0]["objectives"] == {"through": True}


def test_existing_file_is_kept_and_unknown_system_is_one_line(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("keep me")
    refused = invoke("new", "adventure", str(path), "--system", "game")
    assert refused.exit_code == 1 and "already exists" in refused.output
    assert path.read_text() == "keep me"
    unknown = invoke("new", "adventure", str(tmp_path / "x.yaml"), "--system", "gurps")
    assert unknown.exit_code == 1 and "no game system called 'gurps'" in unknown.output
    assert "Traceback" not in unknown.output
