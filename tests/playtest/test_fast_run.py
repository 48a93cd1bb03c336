"""The fast playtest runtime held to the engine: the same seed gives the same run, on every bundled
adventure and pregen and on the choice-only bench adventure; what it flags is the engine's word.

The runtime draws the dice and the bot's random numbers in the engine's order, so the check is the
strong one: each run's whole :class:`RunResult` (ending, objectives, visits, choices, checks,
conflicts, moves, resources) equal to the engine's, seed by seed.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.conflicts import ConflictRunner
from solo.engine.game import Game
from solo.playtest import fast_run
from solo.playtest.command import Options, make_spec
from solo.playtest.runner import PlaytestSpec, run_one

HERE = Path(__file__).parent
CHOICES = HERE.parents[1] / "bench" / "choices.yaml"
BROKEN = HERE / "broken"
BUNDLED = ("supply-ship", "goblin-market", "lantern-fen", "clockwork-heist", "blessed-harvest")
RUNS = 3  # per pregen (and drawn per run): each run is compared field by field, seed by seed


def _cases() -> list[tuple[str, str | None]]:
    cases: list[tuple[str, str | None]] = [(str(CHOICES), None)]
    for name in BUNDLED:
        adventure = loader.load(name).adventure
        cases += [(name, None)] + [(name, person.id) for person in adventure.characters]
    return cases


@pytest.mark.parametrize("name,pregen", _cases())
def test_same_seed_same_run_as_the_engine(name, pregen):
    spec = PlaytestSpec(loader.load(name).adventure, pregen=pregen, runtime="fast")
    for index in range(RUNS):
        fast = fast_run._Run(spec, index, 11).play()  # the runtime itself, never its engine fallback
        engine = run_one(spec, index, 11)
        assert engine.status == "ended"
        assert asdict(fast) == asdict(engine), f"run {index} of {name} ({pregen}) differs"


def test_a_choice_only_adventure_never_asks_the_engine_to_choose(monkeypatch):
    spec = PlaytestSpec(loader.load(str(CHOICES)).adventure, runtime="fast")
    asked: list[str] = []
    original = Game.choose
    monkeypatch.setattr(Game, "choose", lambda game, key: asked.append(key) or original(game, key))
    result = fast_run.run(spec, 0, 1)
    assert result.status == "ended" and result.decisions > 5
    assert asked == []


def test_the_character_choice_is_played_on_the_runtime_without_an_offer(monkeypatch):
    spec = PlaytestSpec(loader.load("lantern-fen").adventure, runtime="fast")
    assert len(spec.adventure.characters) > 1
    engines = [run_one(spec, index, 7) for index in range(6)]
    assert len({run.character for run in engines}) > 1
    original_build, original_choose = Game._build_offer, Game.choose

    def build(game):
        assert game.state.pending.kind != "character", "a character offer was built"
        return original_build(game)

    def choose(game, key):
        assert game.state.pending.kind != "character", "Game.choose answered the character choice"
        return original_choose(game, key)

    monkeypatch.setattr(Game, "_build_offer", build)
    monkeypatch.setattr(Game, "choose", choose)
    for index, engine in enumerate(engines):
        assert asdict(fast_run._Run(spec, index, 7).play()) == asdict(engine)


def test_every_scene_is_entered_on_the_runtime_after_rolls_and_the_engine_s_steps_too(monkeypatch):
    """No scene text rendered and no SceneEntered made in a fast run: the moves after a roll,
    the character choice or a step handed to the engine are the runtime's, counted alike."""
    spec = PlaytestSpec(loader.load("clockwork-heist").adventure, runtime="fast")
    engines = [run_one(spec, index, 3) for index in range(4)]
    assert all(run.checks for run in engines)
    monkeypatch.setattr(Game, "_enter", lambda *args, **kwargs: pytest.fail("the engine entered a scene"))
    for index, engine in enumerate(engines):
        assert asdict(fast_run._Run(spec, index, 3).play()) == asdict(engine)


def test_a_settled_roll_is_counted_on_the_runtime_without_a_record_copy_log_entry_or_event(monkeypatch):
    """Game._roll_made (the record copied for the roll log and its RollMade event) is the
    engine's alone: the runtime counts each settled check where it is settled, the same checks
    in the same order as the engine's events give."""
    spec = PlaytestSpec(loader.load("clockwork-heist").adventure, runtime="fast")
    engines = [run_one(spec, index, 4) for index in range(4)]
    assert sum(len(run.checks) for run in engines) > 8
    monkeypatch.setattr(Game, "_roll_made", lambda *args, **kwargs: pytest.fail("a settled roll was logged"))
    for index, engine in enumerate(engines):
        assert asdict(fast_run._Run(spec, index, 4).play()) == asdict(engine)


def test_a_fight_s_beats_are_not_told_on_the_runtime():
    """No ConflictAction event or roll log entry for a fight's beats in a fast run (nobody reads
    them there; ConflictRunner.tells_beats): the game's roll log stays empty, the run the same."""
    spec = PlaytestSpec(loader.load("clockwork-heist").adventure, runtime="fast")
    fought = 0
    for index in range(30):
        run = fast_run._Run(spec, index, 6)
        result = run.play()
        assert run.game.state.rolls == []
        if result.conflicts:
            fought += 1
            assert asdict(result) == asdict(run_one(spec, index, 6))
    assert fought >= 3


def test_a_fight_is_played_on_the_runtime_as_the_engine_plays_it(monkeypatch):
    spec = PlaytestSpec(loader.load(str(BROKEN / "brawl.yaml")).adventure, runtime="fast")
    engines = [run_one(spec, index, 5) for index in range(4)]
    assert any(run.conflicts for run in engines)
    # the runtime asks the procedure's decision itself: no conflict offer, no Game.choose in a fight
    monkeypatch.setattr(ConflictRunner, "offer", lambda runner, data: pytest.fail("a conflict offer was built"))
    original = Game.choose

    def choose(game, key):
        assert game.state.pending.kind != "conflict", "Game.choose answered a fight"
        return original(game, key)

    monkeypatch.setattr(Game, "choose", choose)
    for index, engine in enumerate(engines):
        assert asdict(fast_run._Run(spec, index, 5).play()) == asdict(engine)


@pytest.mark.parametrize("file,status", [("crash.yaml", "error"), ("trapdoor.yaml", "step-limit")])
def test_a_run_the_runtime_flags_is_played_again_on_the_engine(monkeypatch, file, status):
    spec = PlaytestSpec(loader.load(str(BROKEN / file)).adventure, runtime="fast", step_limit=60)
    replayed: list[int] = []
    monkeypatch.setattr(fast_run.engine_runner, "run_one",
                        lambda s, i, m: replayed.append(i) or run_one(s, i, m))
    results = [fast_run.run(spec, index, 2) for index in range(12)]
    flagged = [r.index for r in results if r.status != "ended"]
    assert any(r.status == status for r in results)
    assert replayed == flagged  # each flagged run, and only those, comes from the engine
    for result in results:
        assert asdict(result) == asdict(run_one(spec, result.index, 2))
    assert all(r.keys for r in results if r.status == "error")  # its decisions, for the replay file


def test_only_a_random_unforced_spec_asking_for_it_runs_fast():
    spec = PlaytestSpec(loader.load(str(CHOICES)).adventure, runtime="fast")
    assert fast_run.covers(spec)
    assert not fast_run.covers(replace(spec, runtime="engine"))
    assert not fast_run.covers(replace(spec, policy="careful"))
    assert not fast_run.covers(replace(spec, forced=((0, (1, 2)),)))


def test_the_command_sends_its_runtime_option():
    assert make_spec(Options(str(CHOICES))).runtime == "fast"
    assert make_spec(Options(str(CHOICES), runtime="engine")).runtime == "engine"


def test_cli_json_is_byte_identical_whatever_the_runtime(tmp_path):
    from click.testing import CliRunner

    from solo.cli import cli

    args = ["playtest", str(BROKEN / "crash.yaml"), "--runs", "12", "--seed", "3", "--json"]
    fast = CliRunner().invoke(cli, args + ["--replay-dir", str(tmp_path / "fast")])
    engine = CliRunner().invoke(cli, args + ["--runtime", "engine", "--replay-dir", str(tmp_path / "engine")])
    assert fast.exit_code == 0, fast.output
    assert fast.output.replace("fast", "engine") == engine.output
    written = sorted(p.name for p in (tmp_path / "fast").iterdir())
    assert written and written == sorted(p.name for p in (tmp_path / "engine").iterdir())
