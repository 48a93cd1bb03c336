"""Seeded playthroughs give exactly the results they gave before the engine was made faster.

Every bundled adventure and a few fight fixtures, every playtest policy, plus full event streams
(hints included) and the final save: compared by digest with ``pinned_runs.json``. The one-fight
fixtures play only the runs that between them execute every line of solo/ all 28 do
(``pinned_runs.COVERING_RUNS``; their cautious, greedy and explorer runs had one digest, the same
games): it still fails on any change to what those games do, for about 40% of the CPU.
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
