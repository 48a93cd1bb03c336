"""The repository's sample saves (saves/, used by the docs) load, replay and retell."""

from __future__ import annotations

from pathlib import Path

from solo.replay import read_replay, replay_payload
from solo.story import retell

SAMPLES = Path(__file__).resolve().parents[2] / "saves"


def test_every_sample_save_replays_to_its_state_and_retells():
    samples = sorted(SAMPLES.glob("*.json"))
    assert samples
    for path in samples:
        payload = read_replay(str(path))
        assert replay_payload(payload).same, path
        story = retell(payload)
        assert story.steps and any(note["text"] for step in story.steps for note in step.notes), path
