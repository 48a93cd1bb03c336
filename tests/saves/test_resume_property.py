"""Property: for any seed and any choices, save → load → continue ends where an uninterrupted run ends."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.adventure import loader
from solo.saves import SaveStore
from solo.session import Session, resume_session
from solo.engine.game import Game

ADVENTURES = ["tiny", "supply-ship"]


@functools.lru_cache(maxsize=None)
def _adventure(name: str):
    """An adventure read once for the module's examples (each example read it again before: a
    tenth of a second for supply-ship, ten examples a case); the model is frozen, so sharing it
    changes nothing a game does."""
    return loader.load(Path(__file__).resolve().parents[1] / "fixtures" / "tiny.yaml" if name == "tiny" else name).adventure


def _load(name, fixtures):
    return _adventure(name)


def _state(game: Game) -> str:
    return json.dumps(game.snapshot(), sort_keys=True)


@pytest.mark.parametrize("name", ADVENTURES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), picks=st.randoms(use_true_random=False),
       places=st.lists(st.integers(0, 100), min_size=1, max_size=4))
def test_save_load_continue_equals_uninterrupted(name, fixtures, tmp_path, seed, picks, places):
    """One uninterrupted game, and the same decisions played again with a save and a resume at up
    to four places in it (``places``: how far through the game, in per cent), each resume from the
    game the last resume gave: each resumed game holds the state that was saved, and the last one
    ends exactly as the uninterrupted game ends. A part of the state a save leaves out or a resume
    rebuilds differently shows at once or by the end; so does a save that changes the game it is
    taken from.

    It was 25 games a case with one save each, always in the first 40 decisions: for the same CPU
    that is one place in a game's opening. The chain gives 10 games a case and up to 40 places,
    spread over whole games (a supply-ship game is about 90 decisions and its fights come late),
    for 40% of the CPU."""
    adventure = _load(name, fixtures)
    keys: list[str] = []
    whole = Game(adventure, seed=seed)
    whole.start()
    while not whole.finished and len(keys) < 400:
        key = picks.choice(whole.offered.enabled_keys())
        keys.append(key)
        whole.choose(key)

    store = SaveStore(tmp_path / f"s{seed}")
    game = Game(adventure, seed=seed)
    game.start()
    done = 0
    for n, cut in enumerate(sorted({len(keys) * place // 100 for place in places})):
        for key in keys[done:cut]:
            game.choose(key)
        done = cut
        saved = _state(game)
        Session(game, adventure, store, f"p{n}").save()
        game = resume_session(store, f"p{n}").game
        assert _state(game) == saved, f"resumed after {cut} of {len(keys)} decisions"
    for key in keys[done:]:
        game.choose(key)
    assert _state(game) == _state(whole), f"saved after {sorted(places)}% of {len(keys)} decisions"

BUNDLED = [p.stem for p in loader.bundled_files()]


@pytest.mark.adventures
@pytest.mark.parametrize("name", BUNDLED)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), picks=st.randoms(use_true_random=False), steps=st.integers(0, 60),
       undo_at=st.integers(0, 60))
def test_any_state_reached_saves_and_its_save_replays_to_the_same_state(name, tmp_path, seed, picks, steps, undo_at):
    """Every state play reaches (undo included) is a save whose decisions replay to that state."""
    from solo.replay import read_replay, replay_payload

    adventure = _adventure(name)
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
