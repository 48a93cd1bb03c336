"""The status the screens show: the same order before and after a save is resumed."""

from __future__ import annotations

from solo.saves import SaveStore
from solo.session import new_session, resume_session
from solo.ui.status import status_of
from solo.ui.words import Words


def test_a_resumed_game_lists_stats_objectives_and_clocks_in_the_adventures_order(tmp_path):
    store = SaveStore(tmp_path)
    session = new_session("supply-ship", store=store, slot="s", seed=3)
    session.game.start()
    for key in ("1", "3", "1"):  # Dara Okafor; aft; to the cargo bay door
        session.choose(key)
    session.save()
    before = status_of(session.game, session.adventure)
    sheet = Words(session.adventure, session.game).sheet()
    store.release("s")
    resumed = resume_session(store, "s")
    after = status_of(resumed.game, resumed.adventure)
    assert [name for name, _ in before.stats][:2] == ["Gumption", "Utility"]  # as the adventure lists them
    assert after.stats == before.stats
    assert after.objectives == before.objectives and after.clocks == before.clocks
    assert before.objectives[0][0].startswith("Stop the loss")  # the adventure's first objective first
    assert Words(resumed.adventure, resumed.game).sheet() == sheet  # the :sheet page too
