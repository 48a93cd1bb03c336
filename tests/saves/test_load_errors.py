"""Loading a save that cannot be used: one clear line and status 1, never a traceback."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from solo import saves
from solo.cli import cli
from solo.saves import SaveStore, checksum


def play_some(adventure, tmp_path, answers="1\n1\n"):
    return CliRunner().invoke(cli, ["play", str(adventure), "--seed", "3", "--slot", "g"], input=answers,
                              env={"SOLO_SAVE_DIR": str(tmp_path)}, catch_exceptions=False)


def resume(tmp_path):
    return CliRunner().invoke(cli, ["continue", "g"], input="", env={"SOLO_SAVE_DIR": str(tmp_path)},
                              catch_exceptions=False)


def one_line_error(result, text):
    assert result.exit_code == 1, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("solo:")]
    assert len(lines) == 1 and text in lines[0], result.output
    assert "Traceback" not in result.output


def test_adventure_whose_scene_was_renamed(fixtures, tmp_path):
    copy = tmp_path / "tiny.yaml"
    shutil.copy(fixtures / "tiny.yaml", copy)
    play_some(copy, tmp_path)
    text = copy.read_text().replace("  cellar:\n", "  basement:\n").replace("start: cellar", "start: basement")
    text = text.replace("goto: cellar", "goto: basement")
    copy.write_text(text)
    one_line_error(resume(tmp_path), "no longer fits")


def test_truncated_bitflipped_and_future_saves(fixtures, tmp_path):
    play_some(fixtures / "tiny.yaml", tmp_path, "1\n")
    path = SaveStore(tmp_path).path("g")
    SaveStore(tmp_path).backup_path("g").unlink(missing_ok=True)
    good = path.read_bytes()

    path.write_bytes(good[: len(good) // 3])
    one_line_error(resume(tmp_path), "corrupt")

    flipped = bytearray(good)
    flipped[len(flipped) // 2] ^= 0x04
    path.write_bytes(bytes(flipped))
    one_line_error(resume(tmp_path), "corrupt")

    future = json.loads(good)
    future["format"] = saves.SAVE_FORMAT + 1
    future["checksum"] = checksum(future)
    path.write_text(json.dumps(future))
    one_line_error(resume(tmp_path), "newer solo")


def test_backup_fallback_is_announced(fixtures, tmp_path):
    play_some(fixtures / "tiny.yaml", tmp_path, "1\n1\n")
    path = SaveStore(tmp_path).path("g")
    path.write_bytes(path.read_bytes()[:100])
    result = CliRunner().invoke(cli, ["continue", "g", "--json"], input="", env={"SOLO_SAVE_DIR": str(tmp_path)})
    assert result.exit_code == 0
    notices = [json.loads(line) for line in result.output.splitlines() if '"notice"' in line]
    assert any("damaged" in n["text"] and ".bak" in n["text"] for n in notices)


def test_older_format_is_migrated(fixtures, tmp_path, monkeypatch):
    play_some(fixtures / "tiny.yaml", tmp_path, "1\n")
    path = SaveStore(tmp_path).path("g")
    current = json.loads(path.read_text())
    # pretend format 1 is the new one and an older format 0 called the state "game"
    old = dict(current)
    old["format"] = 0
    old["game"] = old.pop("state")
    old["checksum"] = checksum(old)
    path.write_text(json.dumps(old))

    def from_0(payload):
        payload = dict(payload)
        payload["state"] = payload.pop("game")
        payload["format"] = 1
        return payload

    monkeypatch.setitem(saves.MIGRATIONS, 0, from_0)
    assert SaveStore(tmp_path).read("g").payload["state"] == current["state"]
    monkeypatch.delitem(saves.MIGRATIONS, 0)
    one_line_error(resume(tmp_path), "cannot be migrated")


def test_bad_slot_name_on_the_command_line(tmp_path):
    result = CliRunner().invoke(cli, ["continue", "../etc"], env={"SOLO_SAVE_DIR": str(tmp_path)})
    one_line_error(result, "bad slot name")


def test_saves_table_and_delete(fixtures, tmp_path):
    play_some(fixtures / "tiny.yaml", tmp_path, "1\n")
    env = {"SOLO_SAVE_DIR": str(tmp_path)}
    listed = CliRunner().invoke(cli, ["saves", "--json"], env=env)
    rows = json.loads(listed.output)
    assert rows[0]["slot"] == "g" and rows[0]["adventure"] == "tiny" and "objectives" in rows[0]["progress"]
    table = CliRunner().invoke(cli, ["saves"], env=env)
    assert "The Cellar" in table.output
    kept = CliRunner().invoke(cli, ["delete", "g"], input="n\n", env=env)
    assert "kept" in kept.output and SaveStore(tmp_path).path("g").exists()
    gone = CliRunner().invoke(cli, ["delete", "g"], input="y\n", env=env)
    assert gone.exit_code == 0 and not SaveStore(tmp_path).path("g").exists()


def test_an_adventure_name_too_long_for_the_file_system_is_a_clear_error(fixtures, tmp_path):
    # Found by the hour-long fuzz run: a save naming its adventure by an id longer than any file
    # name made Path.exists raise OSError (File name too long) instead of "no such adventure".
    play_some(fixtures / "tiny.yaml", tmp_path, "1\n")
    store = SaveStore(tmp_path)
    store.backup_path("g").unlink(missing_ok=True)
    payload = json.loads(store.path("g").read_text())
    payload["adventure"] = {"id": "x" * 400}
    payload["checksum"] = checksum(payload)
    store.path("g").write_text(json.dumps(payload))
    one_line_error(resume(tmp_path), "no bundled adventure")
