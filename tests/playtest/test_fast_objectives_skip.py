"""The fast runtime skips the objectives check on entering a scene only where it cannot complete
one (``_Run._enter``): at every skip, checking them anyway completes nothing and leaves the
state as it was, on 30 runs of two bundled adventures whose objectives do not read the scene
(``Program.objectives_read_place``); a fixture whose play turns on each check on entry (at the
start, after ``on_enter``, by ``visited``) plays as the engine plays it, to the ending that needs
all three; and the program reads ``visited(...)`` or ``scene`` as reading where the character is."""

from __future__ import annotations

import copy
from dataclasses import asdict
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.model import Objective
from solo.engine import program as program_module
from solo.engine.effects import EffectRunner
from solo.engine.game import Game
from solo.playtest import fast_run
from solo.playtest.runner import PlaytestSpec, run_one
from fast_plays import play_fast

HERE = Path(__file__).parent


@pytest.mark.parametrize("name", ["supply-ship", "clockwork-heist"])
def test_a_skipped_check_would_have_completed_nothing(monkeypatch, name):
    skipped: list[str] = []
    original = Game._check_objectives
    enter = fast_run._Run._enter

    def watched(run, scene_id, runner):
        calls: list[int] = []
        monkeypatch.setattr(Game, "_check_objectives", lambda game, r: (calls.append(1), original(game, r))[1])
        try:
            enter(run, scene_id, runner)
        finally:
            monkeypatch.setattr(Game, "_check_objectives", original)
        scene = run.game.adventure.scenes[scene_id]
        if not calls and not scene.ending and not scene.conflict:
            before = (copy.deepcopy(run.game.state.objectives), len(runner.events))
            probe = EffectRunner(run.game.context)
            original(run.game, probe)
            assert probe.settled and not probe.events, scene_id
            assert (run.game.state.objectives, len(runner.events)) == before
            skipped.append(scene_id)

    monkeypatch.setattr(fast_run._Run, "_enter", watched)
    results = play_fast(name, 30, 4)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert len(skipped) >= 20


def test_objectives_that_read_the_place_are_always_checked():
    adventure = loader.load("supply-ship").adventure
    assert program_module.compile_program(adventure).objectives_read_place is False
    extra = Objective(id="been-there", text="Go there", when='visited("airlock")')
    changed = copy.copy(adventure)
    object.__setattr__(changed, "objectives", {**adventure.objectives, "been-there": extra})
    assert program_module.compile_program(changed).objectives_read_place is True


def test_each_check_on_entry_that_can_complete_an_objective_is_made():
    adventure = loader.load(str(HERE / "objective_moves.yaml")).adventure
    # without the objective that reads the place, the checks the skip rule may leave out are met
    unplaced = copy.copy(adventure)
    object.__setattr__(unplaced, "objectives", {k: v for k, v in adventure.objectives.items() if k != "cellar"})
    for played, reached in ((adventure, "won"), (unplaced, "lost")):
        spec = PlaytestSpec(played, runtime="fast")
        assert program_module.program(played).objectives_read_place is (played is adventure)
        for index in range(3):
            fast = fast_run._Run(spec, index, 5).play()
            assert asdict(fast) == asdict(run_one(spec, index, 5))
            assert fast.ending == reached and fast.visits.get("cellar") == 1
