"""Hostile files and bad luck, through the command line: one regression test per class of issue 12.

Every class ends the same way: a clear line (file:line:col from `solo validate`, one line naming
the scene and field from play, one line refusing a save), never a traceback, never a hang, and
never a game lost or called saved when it was not.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.saves import SaveStore, checksum

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot

ROOT = Path(__file__).resolve().parents[2]

HEADER = """\
format: 1
id: hostile
title: Hostile
system: guts-plus
start: a
characters:
  - id: pilot
    name: Pilot
    stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}
"""


def write(tmp_path: Path, body: str, name: str = "hostile.yaml") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def solo(args: list[str], tmp_path: Path, answers: str = "", limit=None, timeout: int = 120):
    """`solo` in a process of its own (as a player runs it)."""
    env = {**os.environ, "SOLO_SAVE_DIR": str(tmp_path / "saves"), "PYTHONPATH": str(ROOT)}

    def limits() -> None:
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, "-m", "solo", *args], input=answers, capture_output=True, text=True,
                          env=env, timeout=timeout, preexec_fn=limits, cwd=tmp_path)


def run(args: list[str], tmp_path: Path, answers: str = ""):
    env = {"SOLO_SAVE_DIR": str(tmp_path / "saves")}
    return CliRunner().invoke(cli, args, input=answers, env=env)


def no_traceback(result) -> None:
    text = (getattr(result, "stdout", "") or "") + (getattr(result, "stderr", "") or "") + (
        getattr(result, "output", "") or "")
    assert "Traceback" not in text, text
    if hasattr(result, "exception") and result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)


# -- bounded work per step -----------------------------------------------------------------------

BOMB = """\
variables:
  flags: {armed: true}
tables:
  t:
    dice: 1d6
    rows:
      1-6: {text: Boom., effects: [{if: {when: armed, then: [{table: t}, {table: t}]}}]}
scenes:
  a:
    title: The cellar
    choices:
      - {text: Pull the pin, effects: [{table: t}]}
      - {text: Leave, goto: end}
  end:
    title: End
    ending: {outcome: victory}
"""


def test_a_step_that_never_ends_is_stopped_naming_the_scene(tmp_path):
    path = write(tmp_path, BOMB)
    assert run(["validate", str(path)], tmp_path).exit_code == 0  # no validator can see this one
    result = solo(["play", str(path), "--seed", "1", "--slot", "autosave"], tmp_path, "1\n", timeout=60)
    no_traceback(result)
    assert result.returncode == 1
    assert "the adventure broke: scene 'a'" in result.stdout
    # the game was saved as it was before the step
    payload = json.loads((tmp_path / "saves" / "autosave.json").read_text())
    assert payload["state"]["scene"] == "a" and payload["state"]["turn"] == 0


def test_certain_loops_are_found_by_the_validator_with_positions(tmp_path):
    result = run(["validate", str(ROOT / "tests/adventure/broken/table-loop.yaml"),
                  str(ROOT / "tests/adventure/broken/goto-loop.yaml")], tmp_path)
    assert result.exit_code == 1
    assert "table-loop.yaml:20:31: error: tables roll each other without end" in result.output
    assert "goto-loop.yaml:17:23: error: scenes move on to each other" in result.output


# -- nothing unbounded reaches the odds or the screen --------------------------------------------

def test_numbers_beyond_their_bounds_are_refused(tmp_path):
    result = run(["validate", str(ROOT / "tests/adventure/broken/out-of-bounds.yaml")], tmp_path)
    assert result.exit_code == 1 and "out of bounds" in result.output
    odds = run(["odds", "loose-fuzzy", "--dice", "3", "--target", "1000000000000"], tmp_path)
    assert odds.exit_code == 2 and "stay within" in odds.output
    grow = write(tmp_path, """\
variables:
  counters: {n: 1}
scenes:
  a:
    title: A
    choices:
      - {text: Double, effects: [{set: {n: "= n * 1000"}}]}
      - {text: Leave, goto: end}
  end:
    title: End
    ending: {outcome: victory}
""", "grow.yaml")
    played = run(["play", str(grow), "--seed", "1"], tmp_path, "1\n" * 5)
    no_traceback(played)
    shown = " ".join(played.output.split())
    assert played.exit_code == 1 and "scene 'a'" in shown and "beyond the bound" in shown


# -- runtime errors are the game's ---------------------------------------------------------------

def test_an_error_at_play_time_is_one_line_naming_scene_and_field(tmp_path):
    path = write(tmp_path, """\
variables:
  counters: {zero: 0, n: 1}
scenes:
  a:
    title: A
    choices:
      - {text: Divide, effects: [{set: {n: "= n / zero"}}]}
      - {text: Leave, goto: end}
  end:
    title: End
    ending: {outcome: victory}
""")
    result = run(["play", str(path), "--seed", "1", "--slot", "autosave"], tmp_path, "1\n")
    no_traceback(result)
    assert result.exit_code == 1
    line = " ".join(result.output.split())  # the terminal view wraps long lines
    assert "the adventure broke: scene 'a', scenes.a.choices[0].effects[0].set.n: division by zero" in line
    assert json.loads((tmp_path / "saves" / "autosave.json").read_text())["state"]["counters"]["n"] == 1


# -- two processes on one slot ---------------------------------------------------------------------

def test_a_second_solo_on_the_same_slot_is_refused(tmp_path):
    store = SaveStore(tmp_path / "saves")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from solo.saves import SaveStore; "
         "SaveStore(sys.argv[1]).lock('autosave'); print('held', flush=True); time.sleep(60)",
         str(store.folder)], stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert holder.stdout.readline().strip() == "held"
        result = solo(["play", "supply-ship", "--seed", "1", "--slot", "autosave"], tmp_path, "1\n")
        no_traceback(result)
        assert result.returncode == 1 and "in use by another solo" in result.stderr
        other = solo(["play", "supply-ship", "--seed", "1", "--slot", "other"], tmp_path, "1\n")
        assert other.returncode == 0
    finally:
        holder.kill()
        holder.wait()


# -- never "saved" when it was not -----------------------------------------------------------------

def test_a_save_that_fails_is_reported_and_never_called_saved(tmp_path):
    result = solo(["play", "supply-ship", "--seed", "1"], tmp_path, "1\n1\n", limit=2048)
    no_traceback(result)
    assert result.returncode == 1
    shown = " ".join(result.stdout.split())
    assert "could not save" in shown and "progress NOT saved" in shown
    assert "progress saved" not in result.stdout
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    moved = solo(["play", "supply-ship", "--seed", "1", "--save-dir", str(blocked / "saves")], tmp_path,
                 f"1\n:save {tmp_path / 'elsewhere'}\n")
    assert (tmp_path / "elsewhere" / "supply-ship.json").exists(), moved.stdout


# -- reading a save as carefully as an adventure ---------------------------------------------------

def _played(tmp_path: Path) -> Path:
    result = run(["play", "supply-ship", "--seed", "3", "--slot", "autosave"], tmp_path, "1\n1\n")
    assert result.exit_code == 0, result.output
    SaveStore(tmp_path / "saves").release("autosave")  # as when that solo's process ends
    return tmp_path / "saves" / "autosave.json"


@pytest.mark.parametrize("damage", ["digits", "nesting", "edited"])
def test_a_damaged_save_falls_back_to_its_backup_then_refuses_in_one_line(tmp_path, damage):
    path = _played(tmp_path)
    payload = json.loads(path.read_text())
    if damage == "digits":
        raw = path.read_text().replace('"turn":', '"turn":' + "9" * 5000 + ',"x":', 1)
    elif damage == "nesting":
        raw = json.dumps(payload)[:-1] + ', "extra": ' + "[" * 5000 + "]" * 5000 + "}"
    else:  # an edit with a recomputed checksum: a resource as a die string, a bad pending decision
        payload["state"]["pending"] = {"kind": "roll", "data": {"scene": 3, "record": "x"}}
        payload["checksum"] = checksum(payload)
        raw = json.dumps(payload)
    path.write_text(raw)
    resumed = run(["continue", "autosave", "--json"], tmp_path, "")
    no_traceback(resumed)
    assert resumed.exit_code == 0 and "loaded the previous save autosave.json.bak" in resumed.output
    for command in (["saves"], ["replay", "autosave"]):
        no_traceback(run(command, tmp_path))
    # continuing saved the game again from its backup; now damage both copies
    path.write_text(raw)
    (tmp_path / "saves" / "autosave.json.bak").write_text(raw)
    refused = run(["continue", "autosave"], tmp_path, "")
    no_traceback(refused)
    assert refused.exit_code == 1 and len(refused.output.strip().splitlines()) == 1
    listed = json.loads(run(["saves", "--json"], tmp_path).output)[0]
    # a file that cannot be read shows as unreadable; an edit that fits the schema shows as listed
    assert ("error" in listed) == (damage != "edited")


def test_replays_have_a_step_bound(tmp_path):
    path = _played(tmp_path)
    payload = json.loads(path.read_text())
    payload["transcript"] = ["1"] * 200_000
    payload["checksum"] = checksum(payload)
    replay = tmp_path / "long.json"
    replay.write_text(json.dumps(payload))
    result = run(["replay", str(replay)], tmp_path)
    no_traceback(result)
    assert result.exit_code == 1 and "more than the limit" in result.output


# -- files in the save folder ----------------------------------------------------------------------

def test_stale_temporary_files_fifos_and_symlinks(tmp_path):
    path = _played(tmp_path)
    folder = path.parent
    (folder / ".autosave.json.abc123.tmp").write_text("half a save")
    (folder / ".autosave.json.bak.tmp").symlink_to(tmp_path / "outside.txt")  # the old fixed name
    (tmp_path / "outside.txt").write_text("keep me")
    os.mkfifo(folder / "trap.json")
    os.mkfifo(folder / "characters" / "trap.json") if (folder / "characters").exists() else None
    listed = solo(["saves"], tmp_path, timeout=60)  # a FIFO read would block for ever
    assert listed.returncode == 0 and "autosave" in listed.stdout and "trap" not in listed.stdout
    assert not (folder / ".autosave.json.abc123.tmp").exists()
    again = run(["continue", "autosave"], tmp_path, "1\n")
    no_traceback(again)
    assert (tmp_path / "outside.txt").read_text() == "keep me"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


# -- names and text reach the screen sanitised ------------------------------------------------------

def test_stored_names_and_adventure_text_are_sanitised_on_screen(tmp_path):
    hostile = "Ev\x1b]0;pwned\x07il\u202e\u200b \x1b[2JBob"
    source = tmp_path / "who.json"
    source.write_text(json.dumps({"name": hostile, "system": "guts-plus",
                                  "stats": {"gumption": 2, "utility": 2, "thought": 1, "slyness": 1, "piloting": 2}}))
    made = run(["character", "new", "--system", "guts-plus", "--from", str(source)], tmp_path)
    listed = run(["character", "list"], tmp_path)
    for result in (made, listed):
        no_traceback(result)
        assert "\x1b" not in result.output and "\u202e" not in result.output and "\u200b" not in result.output
    assert "Evil Bob" in listed.output
    path = write(tmp_path, """\
scenes:
  a:
    title: "The \\u202eexit\\u200b"
    text: "Dark \\e[2J\\e]0;x\\a here."
    choices:
      - {text: Leave, goto: end}
  end:
    title: End
    ending: {outcome: victory}
""")
    played = run(["play", str(path), "--seed", "1"], tmp_path, "1\n")
    assert "\u202e" not in played.output and "\x1b]" not in played.output and "The exit" in played.output
