"""Crash safety: SIGKILL a process at random moments while it saves thousands of times.

After every kill the slot must load, from the main file, and hold either the last save the
process confirmed or the one it was writing: never a torn file, never an older state.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from solo.saves import SaveStore

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot

WRITER = r"""
import sys
from solo.saves import SaveStore, make_payload
store = SaveStore(sys.argv[1])
start = int(sys.argv[2])
for n in range(start, start + 100000):
    state = {"seed": 1, "scene": f"s{n}", "n": n, "choices": ["1"] * (n % 50), "turn": n, "objectives": {},
             "padding": "x" * (n % 3000)}
    store.write("slot", make_payload(adventure_id="a", adventure_title="A", adventure_digest="d",
                                     adventure_source="", state=state))
    print(n, flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_thousands_of_saves_never_loses_the_slot(tmp_path):
    chooser = random.Random(20261122)
    store = SaveStore(tmp_path)
    confirmed = 0
    total_saves = 0
    kills = 0
    while total_saves < 2000 or kills < 25:
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(confirmed + 1)],
                                stdout=subprocess.PIPE, text=True)
        # let it start (import solo), then kill it at a random moment among its saves
        first = proc.stdout.readline()
        assert first.strip(), "writer did not start"
        time.sleep(chooser.uniform(0.0, 0.25))
        os.kill(proc.pid, signal.SIGKILL)
        rest = proc.stdout.read()
        proc.wait()
        kills += 1
        printed = [int(x) for x in (first + rest).split()]
        last = printed[-1]
        total_saves += len(printed)
        loaded = store.read("slot")
        assert not loaded.from_backup, loaded.note
        n = loaded.payload["state"]["n"]
        assert n in (last, last + 1), (n, last)
        confirmed = n
    assert total_saves >= 2000 and kills >= 25
