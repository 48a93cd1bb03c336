"""`solo graph` against play: every move the engine makes is an edge of the graph.

Seeded playtest runs (:mod:`solo.playtest.runner`) record each move from scene to scene, and
:func:`solo.playtest.graph_check.off_graph` names any move the graph lacks and any scene entered
that the graph cannot reach. The in-suite runs are few; ``bench/graph_vs_play.py`` plays 1,000
games of each bundled adventure and prints the figures.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.graph import START, edges
from solo.playtest.graph_check import off_graph, reachable
from solo.playtest.runner import PlaytestSpec, RunResult, run_batch

#: Seeded games per bundled adventure in the suite (the bench script plays 1,000).
GAMES = 40

DRAW_ON_GOTO = """\
format: 1
id: draw-on-goto
title: The Tug of War, again
system: game
start: rope
characters:
  - id: runner
    name: Ash the Runner
    stats: {Hack/Slash: 3, Lift/Smash: 4, Social/Etiquette: 2}
npcs:
  - id: dockers
    name: The Dockers
    stats: {Lift/Smash: 2}
scenes:
  rope:
    title: The Rope
    choices:
      - text: Pull against them
        goto: rematch
        contest:
          stat: Lift/Smash
          opponent: dockers
          outcomes:
            success: {goto: won}
            failure: {goto: lost}
  won:
    title: Won
    ending: {outcome: victory}
  lost:
    title: Lost
    ending: {outcome: defeat}
  rematch:
    title: Rematch
    ending: {outcome: mixed}
"""


def _load(tmp_path: Path, text: str):
    path = tmp_path / "adventure.yaml"
    path.write_text(text, encoding="utf-8")
    return loader.load(path).adventure


def test_a_contest_s_draw_without_a_branch_is_drawn_to_the_choice_s_goto(tmp_path):
    adventure = _load(tmp_path, DRAW_ON_GOTO)
    drawn = {(e.source, e.dest): e.lines for e in edges(adventure)}
    assert drawn[("rope", "rematch")][1] == "otherwise: draw"
    assert "rematch" in reachable(edges(adventure))


def test_play_that_draws_a_contest_stays_on_the_graph(tmp_path):
    adventure = _load(tmp_path, DRAW_ON_GOTO)
    results = run_batch(PlaytestSpec(adventure), 7, 0, 40)
    assert any(("rope", "rematch") in r.moves for r in results)  # some game did draw
    assert off_graph(adventure, results) == []


def test_a_move_the_graph_lacks_is_named(tmp_path):
    adventure = _load(tmp_path, DRAW_ON_GOTO)
    run = RunResult(index=3, seed=99, status="ended", moves={(None, "rope"): 1, ("won", "rematch"): 1})
    assert off_graph(adventure, [run]) == ["run 3 (seed 99) moved won -> rematch: no such edge"]
    run = RunResult(index=4, seed=5, status="ended", moves={(None, "won"): 1})
    assert off_graph(adventure, [run]) == ["run 4 (seed 5) moved (start) -> won: no such edge"]


def test_a_scene_no_edge_reaches_is_unreachable(tmp_path):
    adventure = _load(tmp_path, DRAW_ON_GOTO.replace("        goto: rematch\n", ""))
    assert reachable(edges(adventure)) == {"rope", "won", "lost"}
    assert START not in reachable(edges(adventure))


@pytest.mark.adventures
@pytest.mark.parametrize("path", list(loader.bundled_files()), ids=lambda p: p.stem)
def test_seeded_games_of_a_bundled_adventure_stay_on_its_graph(path):
    adventure = loader.load(path).adventure
    results = run_batch(PlaytestSpec(adventure), 1, 0, GAMES)
    assert all(r.status == "ended" for r in results)
    assert off_graph(adventure, results) == []
