"""A step the player has seen is already saved: killed (SIGKILL) right after a scene is shown,
the save holds that scene. Steps are saved before they are shown, in every front end (they all
run :func:`solo.ui.driver.play`)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

pytestmark = pytest.mark.e2e  # real processes and SIGKILL


@pytest.mark.parametrize("answers", [1, 2, 3])
def test_killed_right_after_a_scene_is_shown_the_save_holds_it(tmp_path, answers):
    saves = tmp_path / "saves"
    process = subprocess.Popen([sys.executable, "-m", "solo", "play", "--seed", "1", "--json"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "SOLO_SAVE_DIR": str(saves)})
    shown = None
    try:
        for n in range(answers):
            process.stdin.write("1\n")
            process.stdin.flush()
            for line in process.stdout:  # read until the scene this answer leads to is on screen
                event = json.loads(line)
                if event["type"] == "scene":
                    shown = event["id"]
                    break
        process.send_signal(signal.SIGKILL)  # no chance to save on the way out
    finally:
        process.kill()
        process.communicate(timeout=60)
    saved = json.loads((saves / "supply-ship.json").read_text(encoding="utf-8"))
    assert shown is not None and saved["scene"] == shown


def test_the_line_loop_saves_each_step_before_showing_it(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from solo.cli import cli
    from solo.session import Session
    from solo.ui import line

    order: list[str] = []
    real_save, real_show = Session.save, line.LineFront.show
    monkeypatch.setattr(Session, "save", lambda self, *a, **k: (order.append("save"), real_save(self, *a, **k))[1])
    monkeypatch.setattr(line.LineFront, "show", lambda self, events: (order.append("show"), real_show(self, events))[1])
    result = CliRunner().invoke(cli, ["play", "--seed", "1", "--save-dir", str(tmp_path)], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    steps = "".join("s" if o == "save" else "v" for o in order)
    assert "vv" not in steps and steps.count("v") >= 3, steps  # never two shows without a save between
    assert steps.index("s") < steps.index("v"), steps  # the first step is saved before it is shown
