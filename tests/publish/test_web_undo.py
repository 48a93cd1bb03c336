"""The exported page's undo is as honest as the terminal's: the page's Python side (the functions
the page calls under Pyodide, run here in CPython) keeps the same dice after an undo, across a
save and resume, and rolls exactly what a terminal session with the same seed rolls."""

from __future__ import annotations

import json

from solo.publish import web_play
from solo.publish.web_export import _adventure_json
from solo.saves import SaveStore
from solo.session import new_session


def _page_roll(view):
    """Force the door (a roll), keep the result if a reroll is offered; the dice of the roll."""
    view = json.loads(web_play.choose("2"))
    if view["offered"] and any(o["id"] == "keep" for o in view["offered"]["options"]):
        view = json.loads(web_play.choose("keep"))
    return view, view["save"]["state"]["rolls"][-1]


def _page_undo_roll(view):
    rolled = len(view["save"]["state"]["rolls"])
    while len(view["save"]["state"]["rolls"]) >= rolled or view["save"]["state"]["pending"]["kind"] != "scene":
        assert view["can_undo"]
        view = json.loads(web_play.undo())
    return view


def _terminal_dice(fixtures, tmp_path, seed):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot=f"t{seed}", seed=seed)
    session.game.start()
    session.choose("hero")
    session.choose("2")
    if session.game.state.pending is not None and session.game.state.pending.kind == "roll":
        session.choose("keep")
    return list(session.game.state.rolls[-1]["dice"])


def test_the_page_rolls_the_same_dice_after_undo_as_the_terminal(fixtures, tmp_path):
    adventure, _ = _adventure_json(str(fixtures / "tiny.yaml"))
    outcomes = set()
    for seed in range(1, 13):
        view = json.loads(web_play.new_game(adventure, seed))
        view = json.loads(web_play.choose("hero"))
        view, first = _page_roll(view)
        assert first["dice"] == _terminal_dice(fixtures, tmp_path, seed)
        for _ in range(3):  # fishing for a better result: undo, choose it again
            view = _page_undo_roll(view)
            assert "same dice" in view["note"]
            view, again = _page_roll(view)
            assert (again["dice"], again["outcome"]) == (first["dice"], first["outcome"])
        # the page keeps its save in the browser: a reload between the undo and the choice changes nothing
        view = _page_undo_roll(view)
        view = json.loads(web_play.resume(adventure, json.dumps(view["save"])))
        view, again = _page_roll(view)
        assert again["dice"] == first["dice"]
        outcomes.add(first["outcome"])
    assert len(outcomes) > 1  # the seeds gave both kinds of result: the dice were not fixed


def test_another_choice_after_an_undo_on_the_page_draws_new_dice(fixtures):
    adventure, _ = _adventure_json(str(fixtures / "tiny.yaml"))
    json.loads(web_play.new_game(adventure, 7))
    view = json.loads(web_play.choose("hero"))
    count = view["save"]["state"]["dice"]["count"]
    view, _ = _page_roll(view)
    drawn = view["save"]["state"]["dice"]["count"] - count
    view = _page_undo_roll(view)
    view = json.loads(web_play.choose("1"))  # search instead of forcing the door
    assert view["save"]["state"]["dice"]["count"] >= count + drawn  # the undone dice are not reused


def test_a_page_save_from_before_story_points_still_undoes(fixtures):
    """A page saved by an earlier export kept whole snapshots in its history and no redo map."""
    adventure, _ = _adventure_json(str(fixtures / "tiny.yaml"))
    json.loads(web_play.new_game(adventure, 3))
    before = json.loads(web_play.choose("hero"))["save"]["state"]
    view = json.loads(web_play.choose("1"))
    old = dict(view["save"], history=[before])
    old.pop("redo")
    json.loads(web_play.resume(adventure, json.dumps(old)))
    undone = json.loads(web_play.undo())
    assert undone["save"]["state"]["scene"] == before["scene"] and not undone["can_undo"]
