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


def test_a_flag_is_not_named_until_the_story_sets_or_reveals_it(tmp_path):
    session = new_session("goblin-market", store=SaveStore(tmp_path), slot="g", seed=3)
    session.game.start()  # the character is not chosen yet
    words = Words(session.adventure, session.game)
    shown = [name for name, _ in status_of(session.game, session.adventure).known]
    sheet = [text for _, text, _ in words.sheet()]
    assert "Thimblerig's weakness" not in shown and "The way to the Queen's court" not in shown
    assert not any("Thimblerig" in text or "Queen's court" in text for text in sheet)
    session.game.state.flags["knows_wager"] = True  # as the story sets it
    assert ("Thimblerig's weakness", "yes") in status_of(session.game, session.adventure).known
    session.game.state.revealed.append("knows_queen")  # a reveal: names it though unset
    assert ("The way to the Queen's court", "no") in status_of(session.game, session.adventure).known
