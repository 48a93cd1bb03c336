"""Undo steps the story back but never the dice, never refunds a reroll, and replays exactly."""

from __future__ import annotations

import json

from solo.replay import replay_payload
from solo.saves import SaveStore
from solo.session import new_session


def test_undo_after_spending_a_reroll_keeps_it_spent_and_the_dice_go_on(fixtures, tmp_path):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="u", seed=4)
    session.game.start()
    session.game.choose("hero")
    assert session.game.character.resources["rerolls"] == 1

    session.game.dice.force(1)  # force the door: 1 + 1 = 2 vs 5, a failure that offers a reroll
    session.choose("2")
    assert [o.id for o in session.game.offered.options] == ["keep", "reroll"]
    session.choose("reroll")
    assert session.game.character.resources["rerolls"] == 0
    rolled = session.game.dice.count

    assert session.undo()  # back to "keep or reroll": the reroll stays spent
    assert session.game.character.resources["rerolls"] == 0
    assert session.undo()  # back to the scene: still spent
    assert session.game.character.resources["rerolls"] == 0
    assert session.game.dice.count == rolled  # the dice were not rewound

    session.game.choose("2")  # the same choice again rolls new dice, not the forced 1
    assert session.game.dice.count == rolled + 1
    assert session.game.state.pending.kind == "scene"  # no reroll left to offer


def _undo_then_other_action(fixtures, tmp_path, seed):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot=f"d{seed}", seed=seed)
    session.game.start()
    session.choose("hero")
    count = session.game.dice.count
    _roll(session)
    seen = list(session.game.state.rolls[-1]["dice"])
    assert session.undo()
    return session, count, seen


def _roll(session):
    session.choose("2")  # force the door: a roll (kept, when a reroll is offered)
    if session.game.state.pending is not None and session.game.state.pending.kind == "roll":
        session.choose("keep")


def test_after_undo_the_next_roll_is_new_and_replay_reaches_the_same_state(fixtures, tmp_path):
    for seed in range(1, 30):
        session, count, seen = _undo_then_other_action(fixtures, tmp_path, seed)
        # the dice that fell for the undone roll are spent: the generator goes on from after them
        assert session.game.dice.count > count
        fresh = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="f", seed=seed)
        fresh.game.start()
        fresh.choose("hero")
        fresh.game.dice.set_state(session.game.dice.get_state())
        _roll(fresh)
        _roll(session)
        assert session.game.state.rolls[-1]["dice"] == fresh.game.state.rolls[-1]["dice"]
        result = replay_payload(json.loads(json.dumps(session.payload())))
        assert result.same, result.differences


def test_undo_snapshots_are_small(fixtures, tmp_path):
    session, _, _ = _undo_then_other_action(fixtures, tmp_path, 3)
    _roll(session)
    for point in session.history:
        assert "dice" not in point and "rolls" not in point
    assert len(json.dumps(session.history)) < len(json.dumps(session.game.snapshot()))


def test_ironman_has_no_undo(fixtures, tmp_path):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="i", seed=4, ironman=True)
    session.game.start()
    session.choose("hero")
    assert not session.undo()
    assert session.game.state.character is not None
