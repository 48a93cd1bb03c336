"""Property: for any seed and any choices, save → load → continue ends where an uninterrupted run ends."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.adventure import loader
from solo.saves import SaveStore
from solo.session import Session, resume_session
from solo.engine.game import Game

ADVENTURES = ["tiny", "supply-ship"]


def _load(name, fixtures):
    return loader.load(fixtures / "tiny.yaml" if name == "tiny" else name).adventure


@pytest.mark.parametrize("name", ADVENTURES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), picks=st.randoms(use_true_random=False), cut=st.integers(0, 40))
def test_save_load_continue_equals_uninterrupted(name, fixtures, tmp_path, seed, picks, cut):
    adventure = _load(name, fixtures)
    keys = []
    whole = Game(adventure, seed=seed)
    whole.start()
    while not whole.finished and len(keys) < 400:
        key = picks.choice(whole.offered.enabled_keys())
        keys.append(key)
        whole.choose(key)

    store = SaveStore(tmp_path / f"s{seed}")
    first = Game(adventure, seed=seed)
    first.start()
    cut = min(cut, len(keys))
    for key in keys[:cut]:
        first.choose(key)
    Session(first, adventure, store, "p").save()
    resumed = resume_session(store, "p").game
    for key in keys[cut:]:
        resumed.choose(key)
    assert json.dumps(resumed.snapshot(), sort_keys=True) == json.dumps(whole.snapshot(), sort_keys=True)


BUNDLED = [p.stem for p in loader.bundled_files()]


@pytest.mark.adventures
@pytest.mark.parametrize("name", BUNDLED)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), picks=st.randoms(use_true_random=False), steps=st.integers(0, 60),
       undo_at=st.integers(0, 60))
def test_any_state_reached_saves_and_its_save_replays_to_the_same_state(name, tmp_path, seed, picks, steps, undo_at):
    """Every state play reaches (undo included) is a save whose decisions replay to that state."""
    from solo.replay import read_replay, replay_payload

    adventure = loader.load(name).adventure
    store = SaveStore(tmp_path / f"r{seed}")
    session = Session(Game(adventure, seed=seed), adventure, store, "r")
    session.game.start()
    for n in range(steps):
        if session.game.finished:
            break
        if n == undo_at and session.undo():
            continue
        session.choose(picks.choice(session.game.offered.enabled_keys()))
    path = session.save()
    payload = read_replay(str(path))
    result = replay_payload(payload)
    assert result.same, result.differences
    assert json.dumps(result.game.snapshot(), sort_keys=True) == json.dumps(session.game.snapshot(), sort_keys=True)
