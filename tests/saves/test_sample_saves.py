"""The repository's sample saves (saves/, used by the docs) load, replay and retell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.replay import read_replay, replay_payload
from solo.saves import SaveError, checksum
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


def _rewritten(path: Path, tmp_path: Path, change) -> Path:
    """A copy of a sample save changed by ``change`` and given a matching checksum (a tampered save)."""
    payload = json.loads(path.read_text(encoding="utf-8"))
    change(payload)
    payload["checksum"] = checksum(payload)
    out = tmp_path / path.name
    out.write_text(json.dumps(payload), encoding="utf-8")
    return out


def test_a_save_without_its_top_level_seed_replays_from_its_state_seed(tmp_path):
    # Found by the hour-long fuzz run: a save whose top-level seed was taken out raised KeyError.
    sample = sorted(SAMPLES.glob("*.json"))[0]
    path = _rewritten(sample, tmp_path, lambda p: p.pop("seed"))
    assert replay_payload(read_replay(str(path))).same


def test_a_save_with_no_seed_at_all_is_refused_in_one_line(tmp_path):
    sample = sorted(SAMPLES.glob("*.json"))[0]

    def strip(payload):
        payload.pop("seed")
        payload["state"].pop("seed")

    path = _rewritten(sample, tmp_path, strip)
    with pytest.raises(SaveError, match="no seed"):
        replay_payload(read_replay(str(path)))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code != 0
    assert "no seed" in result.output and "Traceback" not in result.output
