"""Undo is kept apart from rerolls: it steps back a decision, never refunds a reroll or re-rolls dice."""

from __future__ import annotations

from solo.saves import SaveStore
from solo.session import new_session


def test_undo_after_spending_a_reroll_keeps_it_spent_and_the_dice_stay(fixtures, tmp_path):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="u", seed=4)
    session.game.start()
    session.game.choose("hero")
    assert session.game.character.resources["rerolls"] == 1

    session.game.dice.force(1)  # force the door: 1 + 1 = 2 vs 5, a failure that offers a reroll
    session.choose("2")
    assert [o.id for o in session.game.offered.options] == ["keep", "reroll"]
    session.choose("reroll")
    assert session.game.character.resources["rerolls"] == 0
    after_reroll = session.game.state.rolls[-1]["dice"]

    assert session.undo()  # back to "keep or reroll": the reroll stays spent
    assert session.game.character.resources["rerolls"] == 0
    assert session.undo()  # back to the scene: still spent
    assert session.game.character.resources["rerolls"] == 0

    session.game.choose("2")  # the same choice again rolls the same die as before...
    assert session.game.state.rolls[-1]["dice"] == [1]
    # ...and with the reroll gone, the failure stands: no offer, back to the cellar's choices
    assert session.game.state.pending.kind == "scene"
    assert after_reroll  # the reroll had been rolled before the undo


def test_ironman_has_no_undo(fixtures, tmp_path):
    session = new_session(str(fixtures / "tiny.yaml"), store=SaveStore(tmp_path), slot="i", seed=4, ironman=True)
    session.game.start()
    session.choose("hero")
    assert not session.undo()
    assert session.game.state.character is not None
