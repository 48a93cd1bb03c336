"""Undo is honest: the same answer after an undo draws the same dice, another answer draws dice
never seen, a reroll undone is given back; GM mode and --forgiving re-roll instead. Replays of
every kind arrive at the same state."""

from __future__ import annotations

import json

from solo.replay import replay_payload
from solo.saves import SaveStore
from solo.session import new_session


def _session(fixtures, tmp_path, seed, **mode):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot=f"s{seed}", seed=seed, **mode)
    session.game.start()
    session.choose("hero")
    return session


def _roll(session):
    session.choose("2")  # force the door: a roll (kept, when a reroll is offered)
    if session.game.state.pending is not None and session.game.state.pending.kind == "roll":
        session.choose("keep")
    return list(session.game.state.rolls[-1]["dice"])


def _undo_roll(session):
    """Undo back to before the last roll (its keep-or-reroll decision too)."""
    rolled = len(session.game.state.rolls)
    while len(session.game.state.rolls) >= rolled or session.game.state.pending.kind != "scene":
        assert session.undo()


def test_the_same_choice_after_an_undo_rolls_the_same_dice(fixtures, tmp_path):
    outcomes = set()
    for seed in range(1, 25):
        session = _session(fixtures, tmp_path, seed)
        first = _roll(session)
        outcome = session.game.state.rolls[-1]["outcome"]
        for _ in range(4):  # fishing for a better result: undo, choose it again
            _undo_roll(session)
            assert _roll(session) == first
            assert session.game.state.rolls[-1]["outcome"] == outcome
        outcomes.add(outcome)
        result = replay_payload(json.loads(json.dumps(session.payload())))
        assert result.same, result.differences
    assert len(outcomes) > 1  # the seeds gave both kinds of result: the dice were not fixed


def test_another_choice_after_an_undo_draws_dice_never_seen(fixtures, tmp_path):
    session = _session(fixtures, tmp_path, 7)
    count = session.game.dice.count
    _roll(session)
    drawn = session.game.dice.count - count
    _undo_roll(session)
    session.choose("1")  # search instead of forcing the door
    assert session.game.dice.count >= count + drawn  # the undone dice are not reused elsewhere
    result = replay_payload(json.loads(json.dumps(session.payload())))
    assert result.same, result.differences


def test_a_misclicked_reroll_is_given_back_and_rerolls_the_same(fixtures, tmp_path):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="u", seed=4)
    session.game.start()
    session.choose("hero")
    session.game.dice.force(1)  # force the door: 1 + 1 = 2 vs 5, a failure that offers a reroll
    session.choose("2")
    assert [o.id for o in session.game.offered.options] == ["keep", "reroll"]
    session.choose("reroll")
    rerolled = session.game.state.rolls[-1]["dice"]
    assert session.game.character.resources["rerolls"] == 0
    assert session.undo()  # back to "keep or reroll": the reroll is given back
    assert session.game.character.resources["rerolls"] == 1
    session.choose("reroll")
    assert session.game.state.rolls[-1]["dice"] == rerolled


def test_honest_undo_survives_quitting_and_continuing(fixtures, tmp_path):
    from solo.session import resume_session

    session = _session(fixtures, tmp_path, 11)
    first = _roll(session)
    _undo_roll(session)
    session.save()
    session.store.release(session.slot)
    again = resume_session(SaveStore(tmp_path), session.slot)
    assert not again.forgiving
    assert _roll(again) == first


def test_forgiving_and_gm_mode_roll_anew_and_keep_rerolls_spent(fixtures, tmp_path):
    for mode in ({"forgiving": True}, {"gm": True}):
        differed = False
        for seed in range(1, 25):
            session = _session(fixtures, tmp_path, seed, **mode)
            count = session.game.dice.count
            first = _roll(session)
            _undo_roll(session)
            assert session.game.dice.count > count  # the dice went on
            differed |= _roll(session) != first
            payload = json.loads(json.dumps(session.payload()))
            assert payload["forgiving"] is bool(mode.get("forgiving")) and payload["gm"] is bool(mode.get("gm"))
            result = replay_payload(payload)
            assert result.same, result.differences
        assert differed, mode
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="f", seed=4, forgiving=True)
    session.game.start()
    session.choose("hero")
    session.game.dice.force(1)
    session.choose("2")
    session.choose("reroll")
    assert session.undo() and session.undo()
    assert session.game.character.resources["rerolls"] == 0  # spent stays spent


def test_a_save_from_before_honest_undo_replays_the_old_way(fixtures, tmp_path):
    session = _session(fixtures, tmp_path, 5, forgiving=True)
    _roll(session)
    _undo_roll(session)
    _roll(session)
    payload = json.loads(json.dumps(session.payload()))
    del payload["forgiving"], payload["redo"]  # written before the option existed
    assert replay_payload(payload).same


def test_undo_snapshots_are_small(fixtures, tmp_path):
    session = _session(fixtures, tmp_path, 3)
    _roll(session)
    _undo_roll(session)
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
