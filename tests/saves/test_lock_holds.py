"""The slot lock holds against real processes, a symbolic link and a stale lock directory (issue 17:
the ELOOP check read ``os.ELOOP``, which does not exist, so the lock failed open)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from solo.saves import SaveError, SaveStore, SlotInUseError

HOLDER = textwrap.dedent("""
    import sys
    from solo.saves import SaveStore
    SaveStore(sys.argv[1]).lock("s")
    print("locked", flush=True)
    sys.stdin.readline()
""")


@pytest.mark.e2e
def test_a_second_process_cannot_take_a_held_slot_and_can_once_the_holder_is_killed(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(SlotInUseError):
            SaveStore(tmp_path).lock("s")
    finally:
        holder.kill()
        holder.wait()
    store = SaveStore(tmp_path)  # a killed holder leaves no lock behind
    store.lock("s")
    assert store.holds("s")
    store.release("s")


def test_a_symbolic_link_as_lock_file_is_refused(tmp_path):
    (tmp_path / "elsewhere").write_text("")
    os.symlink(tmp_path / "elsewhere", tmp_path / "s.json.lock")
    with pytest.raises(SaveError, match="symbolic link"):
        SaveStore(tmp_path).lock("s")


def test_a_stale_lock_directory_is_refused_not_ignored(tmp_path):
    (tmp_path / "s.json.lock").mkdir()
    with pytest.raises(SaveError, match="is a directory"):
        SaveStore(tmp_path).lock("s")


def test_a_slot_name_with_a_trailing_newline_is_refused():
    from solo.saves import check_slot

    with pytest.raises(SaveError, match="bad slot name"):
        check_slot("game\n")
    assert check_slot("game") == "game"


@pytest.mark.e2e
def test_two_players_continuing_one_slot_one_plays_and_the_other_is_told_nothing_lost(tmp_path):
    """Two terminals run ``solo continue`` on one slot: the first plays on; the second gets one
    clear line and its exit status, writes nothing; every step the first takes is in the save."""
    import json

    env = {**os.environ, "SOLO_SAVE_DIR": str(tmp_path)}
    started = subprocess.run([sys.executable, "-m", "solo", "play", "--seed", "4", "--slot", "shared", "--json"],
                             input="1\n1\n", capture_output=True, text=True, env=env, timeout=120)
    assert started.returncode == 0, started.stderr
    first = subprocess.Popen([sys.executable, "-m", "solo", "continue", "shared", "--json"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for line in first.stdout:  # the first is playing once it asks
            if json.loads(line)["type"] == "choices":
                break
        before = json.loads((tmp_path / "shared.json").read_text())  # (saved again on resuming)
        second = subprocess.run([sys.executable, "-m", "solo", "continue", "shared", "--json"], input="1\n1\n1\n",
                                capture_output=True, text=True, env=env, timeout=120)
        assert second.returncode != 0
        told = (second.stderr + second.stdout).strip().splitlines()
        assert any("in use" in line or "another" in line for line in told), told
        assert "Traceback" not in second.stderr
        assert json.loads((tmp_path / "shared.json").read_text()) == before, "the second wrote nothing"
        out, err = first.communicate("1\n", timeout=120)
    finally:
        first.kill()
        first.wait()
    assert first.returncode == 0, err
    after = json.loads((tmp_path / "shared.json").read_text())
    # the first player's answer is saved (with the "input ended" that closed its game after it)
    assert after["transcript"][:len(before["transcript"])] == before["transcript"]
    assert len(after["transcript"]) > len(before["transcript"]), "the first player's step is saved"
