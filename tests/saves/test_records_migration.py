"""Records keep reasons, not sentences, and saves of the previous format still load and read the same.

``tests/saves/format1/`` holds saves written by solo in save format 1 (roll records with their
steps as English sentences), one per bundled adventure, and ``saves/sample-supply-ship.json`` is
the docs' sample. Each must load (migrated to the current format), replay to its state, and read
exactly as it read when it was written: ``format1/read/<name>.txt`` is what solo at format 1
rendered for it (the transcript, then every roll's steps as retold, then the saved rolls' steps
as ``solo continue`` shows them). Set ``SOLO_REGEN_READINGS=1`` to write those files again.

The saves are replayed on ``format1/adventures/``, copies of the bundled adventures as they were
when these readings were pinned: the test is about records and their migration, and a bundled
adventure that is later edited (a renamed character, a re-tuned check) may rightly replay an old
save differently.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solo.replay import read_replay, replay_payload
from solo.story import retell
from solo.ui.transcript import to_markdown
from solo.ui.words import Words

HERE = Path(__file__).resolve().parent
SAMPLES = sorted((HERE / "format1").glob("*.json")) + [HERE.parents[1] / "saves" / "sample-supply-ship.json"]
READ = HERE / "format1" / "read"
FROZEN = HERE / "format1" / "adventures"


def reading(payload: dict) -> str:
    """All the words a player can be shown about a save's story and rolls."""
    story = retell(payload)
    words = Words(story.adventure)
    out = [to_markdown(story, words), "## Rolls step by step"]
    for step in story.steps:
        for event in step.events:
            record = getattr(event, "record", None)
            if isinstance(record, dict) and "steps" in record:
                out += list(words.roll(record, getattr(event, "label", ""), bool(getattr(event, "final", True))).steps)
    out.append("## Saved rolls")
    saved = Words(story.adventure)
    for record in payload["state"].get("rolls") or []:
        out += list(saved.roll(record, "", True).steps)
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_save_of_the_previous_format_loads_replays_and_reads_the_same(path):
    payload = read_replay(str(path))
    frozen = FROZEN / f"{payload['adventure']['id']}.yaml"
    if path.parent.name == "format1":
        payload["adventure"]["source"] = str(frozen)  # the adventure as it was (see above)
    result = replay_payload(payload)
    assert result.same, result.differences
    text = reading(payload)
    golden = READ / f"{path.stem}.txt"
    if os.environ.get("SOLO_REGEN_READINGS"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
