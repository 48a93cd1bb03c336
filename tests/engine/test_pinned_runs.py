"""Seeded playthroughs give exactly the results they gave before the engine was made faster.

Every bundled adventure and a few fight fixtures, every playtest policy, plus full event streams
(hints included) and the final save: compared by digest with ``pinned_runs.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinned_runs import digests, pinned_paths

PINNED = json.loads((Path(__file__).parent / "pinned_runs.json").read_text())


@pytest.mark.parametrize("path", pinned_paths(), ids=lambda p: Path(p).stem)
def test_seeded_playthroughs_match_the_pinned_results(path):
    found = digests([path])
    assert found, path
    for key, digest in found.items():
        assert PINNED[key] == digest, f"{key}: seeded playthroughs changed"
