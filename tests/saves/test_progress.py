"""The progress line a save carries (what `solo saves` lists): no hidden objective, no id."""

from __future__ import annotations

from solo.saves import SaveStore
from solo.session import new_session


def test_progress_counts_known_objectives_and_names_the_ending_by_its_title(tmp_path):
    session = new_session("supply-ship", store=SaveStore(tmp_path), slot="p", seed=3)
    session.game.start()
    session.choose("1")
    known = [oid for oid in session.game.state.objectives if oid not in ("stop-creature", "keep-food")]
    assert session.payload()["progress"] == f"0/{len(known)} objectives, turn 0"  # two are hidden at first
    for _ in range(300):
        if session.game.finished:
            break
        session.choose(session.game.offered.enabled_keys()[0])  # "1" may be greyed, keeping its number
    ending = session.adventure.scenes[session.game.state.ending]
    progress = session.payload()["progress"]
    assert progress.startswith(f"ended: {ending.title}, ")
    assert ending.id not in progress
