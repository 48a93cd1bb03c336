"""The scene graph's one home (solo.adventure.scene_graph) and the scene machine built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.scene_graph import forced_goto, scene_graph, scene_ways
from solo.engine import scene_machine
from solo.engine.game import Game
from solo.engine.scene_machine import SceneMachine, SceneMoveError
from solo.saves import SaveStore
from solo.session import Session, resume_session

NESTED_TABLES = """\
format: 1
id: nested
title: Nested tables
system: plain-d6
start: a
characters:
  - {id: hero, name: Hero, stats: {might: 1, wits: 1}}
tables:
  outer:
    dice: 1d6
    rows:
      1-6: {text: You roll again., effects: [{table: inner}]}
  inner:
    dice: 1d6
    rows:
      1-6: {text: A trapdoor!, goto: cellar}
hooks:
  - every: turn
    effects: [{if: {when: turn > 50, then: [{goto: lost}]}}]
scenes:
  a:
    title: A
    choices:
      - text: Pull the lever
        effects: [{table: outer}]
      - text: Walk on
        goto: b
  b:
    title: B
    on_enter: [{text: A draught., goto: c}]
    choices:
      - {text: Back, goto: a}
  c:
    title: C
    choices:
      - {text: Finish, goto: end}
  cellar:
    title: Cellar
    choices:
      - {text: Climb out, goto: end}
  lost:
    title: Lost
    ending: {outcome: defeat}
  end:
    title: End
    ending: {outcome: victory}
"""


def load_text(tmp_path: Path, text: str):
    path = tmp_path / "adventure.yaml"
    path.write_text(text, encoding="utf-8")
    return loader.load(path).adventure


def test_edges_follow_tables_that_roll_tables(tmp_path):
    adventure = load_text(tmp_path, NESTED_TABLES)
    graph = scene_graph(adventure)
    assert graph.out["a"] == ("cellar", "b")
    assert graph.out["b"] == ("c", "a")
    assert graph.anywhere == {"lost"}
    assert graph.can_move("a", "cellar") and graph.can_move("c", "lost") and graph.can_move(None, "a")
    assert not graph.can_move("a", "end") and not graph.can_move("a", "nowhere")
    assert graph.reachable() == {"a", "b", "c", "cellar", "lost", "end"}


def test_a_game_follows_a_goto_two_tables_deep(tmp_path):
    adventure = load_text(tmp_path, NESTED_TABLES)
    game = Game(adventure, seed=3)
    game.start()
    events = game.choose("1")  # pull the lever: outer rolls inner, whose row moves to the cellar
    assert game.state.scene == "cellar"
    assert [e.type for e in events].count("table") == 2


def test_the_graph_is_built_once_per_adventure(tmp_path):
    adventure = load_text(tmp_path, NESTED_TABLES)
    assert scene_graph(adventure) is scene_graph(adventure)


def test_one_machine_serves_every_game_continue_and_undo(tmp_path, monkeypatch):
    adventure = load_text(tmp_path, NESTED_TABLES)
    built = []
    real = scene_machine.build_machine
    monkeypatch.setattr(scene_machine, "build_machine", lambda *a: built.append(1) or real(*a))
    first, second = Game(adventure, seed=1), Game(adventure, seed=2)
    assert first.machine.machine is second.machine.machine
    store = SaveStore(tmp_path / "saves")
    session = Session(first, adventure, store, "one")
    session.game.start()
    session.choose("2")  # to b, which moves on to c by itself
    session.undo()
    session.save()
    assert session.game.machine.machine is first.machine.machine
    assert len(built) == 1
    # each game keeps its own place in the shared machine
    assert session.game.machine.scene == "a" and first.machine.scene == "c" and second.machine.scene is None


def test_continue_uses_the_cached_machine(tmp_path, monkeypatch):
    path = tmp_path / "adventure.yaml"
    path.write_text(NESTED_TABLES, encoding="utf-8")
    from solo.session import new_session

    store = SaveStore(tmp_path / "saves")
    session = new_session(str(path), store=store, slot="s")
    session.game.start()
    session.choose("2")
    session.save()
    resumed = resume_session(store, "s")
    assert resumed.game.state.scene == "c"
    resumed.choose("1")
    assert resumed.game.finished


def test_undeclared_moves_are_refused(tmp_path):
    adventure = load_text(tmp_path, NESTED_TABLES)
    machine = SceneMachine(adventure)
    with pytest.raises(SceneMoveError):
        machine.move("b")  # the game starts at a
    machine.move("a")
    machine.move("lost")  # from anywhere
    assert machine.scene == "lost"
    machine.place("a")
    with pytest.raises(SceneMoveError):
        machine.move("end")
    with pytest.raises(SceneMoveError):
        machine.move("no-such-scene")


def test_a_move_from_anywhere_is_one_rule_not_one_edge_per_scene(tmp_path):
    scenes = "".join(
        f"  s{i}:\n    title: S{i}\n    choices:\n      - {{text: on, goto: s{i + 1}}}\n" for i in range(300)
    )
    text = NESTED_TABLES.split("scenes:\n")[0] + "scenes:\n" + scenes + (
        "  s300:\n    title: S300\n    ending: {outcome: victory}\n"
        "  a:\n    title: A\n    choices: [{text: go, goto: s0}]\n"
        "  cellar:\n    title: C\n    ending: {outcome: mixed}\n"
        "  lost:\n    title: L\n    ending: {outcome: defeat}\n"
    )
    adventure = load_text(tmp_path, text)
    game_machine = SceneMachine(adventure)
    machine = game_machine.machine
    transitions = sum(len(rules) for event in machine.events.values() for rules in event.transitions.values())
    # one per edge between scenes (300, and a -> s0) and one for the start; "lost" is one entry
    # of the table of moves, not a transition per scene
    assert transitions == 300 + 1 + 1
    assert sum(1 for sources in game_machine._moves.values() if sources is None) == 1
    game_machine.move("a")
    game_machine.move("s0")
    game_machine.move("lost")
    assert game_machine.scene == "lost"


def test_scene_ways_walk_enter_choices_and_outcomes(fixtures):
    adventure = loader.load(fixtures / "tiny.yaml").adventure
    kinds = [(w.kind, w.outcome) for w in scene_ways(adventure.scenes["stairs"])]
    assert kinds == [("choice", ""), ("outcome", "success"), ("outcome", "failure"),
                     ("choice", ""), ("outcome", "success"), ("outcome", "failure")]
    assert [w.kind for w in scene_ways(adventure.scenes["freedom"])] == ["enter"]


def test_forced_goto_only_when_nothing_can_change_it(tmp_path):
    adventure = load_text(tmp_path, NESTED_TABLES)
    assert forced_goto(adventure.scenes["b"]) == "c"
    assert forced_goto(adventure.scenes["a"]) is None


def test_conflict_results_and_the_defeated_branch_are_edges(fixtures):
    adventure = loader.load(fixtures / "duel.yaml").adventure
    graph = scene_graph(adventure)
    for sid, scene in adventure.scenes.items():
        if scene.conflict is not None:
            gotos = {b.goto for b in scene.conflict.outcomes.values() if b.goto}
            assert gotos and gotos <= set(graph.out[sid])
            assert [w.kind for w in scene_ways(scene)].count("conflict") == len(scene.conflict.outcomes)


def test_the_defeated_branch_moves_from_anywhere(tmp_path):
    text = NESTED_TABLES.replace("hooks:\n  - every: turn\n    effects: [{if: {when: turn > 50, then: [{goto: lost}]}}]\n",
                                 "defeated: {text: You fall., goto: lost}\n")
    adventure = load_text(tmp_path, text)
    assert adventure.defeated is not None and not adventure.hooks
    assert scene_graph(adventure).anywhere == {"lost"}
