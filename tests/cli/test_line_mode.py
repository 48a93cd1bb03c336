"""Line mode as a player meets it: plain and ASCII output, nothing overwritten, transcripts."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from solo.cli import cli

ESCAPE = re.compile(r"\x1b")
DRAWING = re.compile("[\u2500-\u259f\u2600-\u27bf\U0001f300-\U0001faff\u2605\u2714\u2718]")


def run(args, answers, save_dir):
    return CliRunner().invoke(cli, args, input=answers, env={"SOLO_SAVE_DIR": str(save_dir)}, catch_exceptions=False)


def test_plain_mode_prints_words_only(tmp_path):
    result = run(["play", "--plain", "--seed", "3"], "1\n1\n:sheet\n:quit\n", tmp_path)
    assert result.exit_code == 0
    out = result.output
    assert not ESCAPE.search(out) and not DRAWING.search(out)
    assert "Scene: Hypersleep Chamber" in out and "Character sheet." in out
    assert "Content notes:" in out  # the card
    assert "·" not in out and re.search(r"Play time: about \d+ minutes; Rules:", out)  # no symbol a reader spells out


@pytest.mark.e2e
def test_an_ascii_terminal_gets_plain_ascii_and_no_traceback(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="ascii", SOLO_SAVE_DIR=str(tmp_path))
    for adventure in ("supply-ship", "lantern-fen", "blessed-harvest"):
        proc = subprocess.run([sys.executable, "-m", "solo", "play", adventure, "--seed", "4"],
                              input="1\n1\n1\n:sheet\n:help\n:quit\n".encode(), capture_output=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr.decode(errors="replace")
        assert b"Traceback" not in proc.stderr
        proc.stdout.decode("ascii")  # every byte is ASCII
        assert b"\x1b" not in proc.stdout


def test_a_new_game_never_replaces_an_unfinished_one_without_asking(tmp_path):
    first = run(["play", "--seed", "1", "--json"], "1\n1\n", tmp_path)
    assert first.exit_code == 0
    saved = (tmp_path / "supply-ship.json").read_bytes()
    again = run(["play", "--seed", "2"], "1\n", tmp_path)
    assert again.exit_code == 1
    assert "--new" in again.output and "--slot" in again.output and "solo continue supply-ship" in again.output
    assert (tmp_path / "supply-ship.json").read_bytes() == saved
    other = run(["play", "lantern-fen", "--seed", "2", "--json"], "1\n", tmp_path)
    assert other.exit_code == 0
    assert (tmp_path / "supply-ship.json").read_bytes() == saved  # another adventure, another slot
    fresh = run(["play", "--seed", "2", "--new", "--json"], "1\n", tmp_path)
    assert fresh.exit_code == 0


def test_continue_without_a_slot_resumes_the_last_game_played(tmp_path):
    run(["play", "--seed", "1", "--json"], "1\n", tmp_path)
    run(["play", "lantern-fen", "--seed", "1", "--json"], "1\n", tmp_path)
    resumed = run(["continue", "--json"], "", tmp_path)
    assert resumed.exit_code == 0
    scenes = [json.loads(line) for line in resumed.output.splitlines() if line.startswith("{")]
    assert any(e.get("type") == "saved" and e.get("slot") == "lantern-fen" for e in scenes)


def test_saves_says_where_the_folder_is(tmp_path):
    run(["play", "--seed", "1", "--json"], "1\n", tmp_path)
    listed = run(["saves"], "", tmp_path)
    assert f"Save folder: {tmp_path}" in listed.output


def test_default_folder_is_the_user_data_folder(monkeypatch, tmp_path):
    from solo.saves import default_dir

    monkeypatch.delenv("SOLO_SAVE_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if sys.platform.startswith("linux"):
        assert default_dir() == tmp_path / "data" / "solo" / "saves"
    assert default_dir() != os.path.join(os.getcwd(), "saves")


def test_transcript_in_markdown_and_self_contained_html(fixtures, tmp_path):
    run(["play", str(fixtures / "tiny.yaml"), "--seed", "5", "--json", "--slot", "t"], "1\n:note rats everywhere\n1\n1\n1\n", tmp_path)
    md = run(["transcript", "t"], "", tmp_path)
    assert md.exit_code == 0
    assert "# The Tiny Cellar" in md.output and "## The Cellar" in md.output
    assert "You chose: Search the junk" in md.output and "rats everywhere" in md.output
    out = tmp_path / "story.html"
    html = run(["transcript", "t", "--format", "html", "-o", str(out)], "", tmp_path)
    assert html.exit_code == 0
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert "<script" not in page and "http" not in page.replace("http-equiv", "")


def test_dice_notation_rolls(tmp_path):
    result = run(["roll", "2d6+1", "--seed", "3", "--json"], "", tmp_path)
    data = json.loads(result.output)
    assert len(data["faces"]) == 2 and data["total"] == sum(data["faces"]) + 1
    assert run(["roll", "d20", "--seed", "3"], "", tmp_path).output.startswith("1d20: ")


def test_a_check_is_one_prompt_and_the_roll_block_prints_once(tmp_path):
    # supply-ship, seed 3: the engineer walks to the cargo door and talks to BOSS (a Slyness check)
    result = run(["play", "--seed", "3"], "1\n1\n1\n1\n:quit\n", tmp_path)
    out = result.output
    assert out.count("Talk BOSS into opening the door — Slyness") == 1
    assert "Roll the dice" not in out  # no separate "roll or not" prompt
    assert "Or fail on purpose (+1 XP): type 1a, 2a or 3a." in out
