"""`solo play FILE --watch`: the file is read again when saved, the answers so far are replayed on
the new version, errors are shown in place and the game goes on; after an ending it waits."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from solo.publish.live_reload import FileWatch, reload_session
from solo.publish.starter import write_starter
from solo.saves import SaveStore
from solo.session import new_session

NEW_CHOICE = """      - text: Give up and walk home
        goto: home
      - text: Climb the wall
        goto: beyond
"""


def starter(tmp_path: Path) -> Path:
    path = write_starter(tmp_path / "gate.yaml", "guts-plus")
    return path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    before = os.stat(path).st_mtime_ns
    path.write_text(text.replace(old, new))
    if os.stat(path).st_mtime_ns == before:  # a coarse clock: make the save visible
        os.utime(path, ns=(before + 1_000_000, before + 1_000_000))


def session_for(path: Path, tmp_path: Path):
    return new_session(str(path), store=SaveStore(tmp_path / "saves"), slot="gate", seed=7)


def test_file_watch_sees_each_save_once(tmp_path):
    path = starter(tmp_path)
    watch = FileWatch(path)
    assert not watch.changed()
    edit(path, "The Gate", "The Old Gate")
    assert watch.changed() and not watch.changed()


def test_reload_replays_the_answers_and_stays_in_place(tmp_path):
    path = starter(tmp_path)
    edit(path, "      - text: Give up and walk home\n        goto: home\n", NEW_CHOICE)
    session = session_for(path, tmp_path)
    session.game.start()
    edit(path, "The gate swings open onto a quiet garden.", "The gate swings open onto a garden of roses.")
    session.choose("3")  # climb the wall: the ending
    edit(path, "a garden of roses", "a garden of lilies")
    result = reload_session(session)
    assert result.session is not None and not result.errors and not result.diverged
    assert result.replayed == 1 and result.session.game.state.scene == "beyond"
    assert "lilies" in result.session.game.adventure.scenes["beyond"].text
    assert result.session.game.state.seed == session.game.state.seed


def test_reload_names_the_decision_where_the_replay_diverged(tmp_path):
    path = starter(tmp_path)
    edit(path, "      - text: Give up and walk home\n        goto: home\n", NEW_CHOICE)
    session = session_for(path, tmp_path)
    session.game.start()
    session.choose("3")
    edit(path, NEW_CHOICE, "      - text: Give up and walk home\n        goto: home\n")
    result = reload_session(session)
    assert result.session is not None
    assert result.replayed == 0 and result.diverged.startswith("decision 1 ('3')")
    assert result.session.game.state.scene == "gate" and result.moved == "you are now in 'The Gate'"


def test_reload_of_a_broken_file_keeps_the_game_and_gives_the_errors(tmp_path):
    path = starter(tmp_path)
    session = session_for(path, tmp_path)
    session.game.start()
    edit(path, "goto: home", "goto: hom")
    result = reload_session(session)
    assert result.session is None
    assert any(f"{path}:" in e and "no scene called 'hom'" in e for e in result.errors)


class Player:
    """`solo play --watch --json` in a real process; its events read by a thread, waited for with a
    generous deadline."""

    def __init__(self, path: Path, tmp_path: Path) -> None:
        env = {**os.environ, "SOLO_SAVE_DIR": str(tmp_path / "saves")}
        self.proc = subprocess.Popen([sys.executable, "-m", "solo", "play", str(path), "--watch", "--json",
                                      "--seed", "7"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, env=env, cwd=tmp_path)
        self.events: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.events.put(json.loads(line))
        self.events.put(None)

    def until(self, kind: str, deadline: float = 60.0) -> list[dict]:
        """Every event up to and including the next of type ``kind``."""
        got: list[dict] = []
        while True:
            try:
                event = self.events.get(timeout=deadline)
            except queue.Empty:
                event = None
            if event is None:
                raise AssertionError(f"no {kind!r} event; got {got}")
            got.append(event)
            if event["type"] == kind:
                return got

    def answer(self, key: str) -> None:
        self.proc.stdin.write(key + "\n")
        self.proc.stdin.flush()


@pytest.mark.e2e
def test_watch_in_a_real_process_fixed_typo_new_choice_error_and_divergence(tmp_path):
    path = starter(tmp_path)
    edit(path, "The road ends", "Teh road ends")
    player = Player(path, tmp_path)
    try:
        first = player.until("choices")
        assert any(e["type"] == "scene" and "Teh road" in e["text"] for e in first)
        edit(path, "Teh road ends", "The road ends")  # a typo fixed
        fixed = player.until("choices")
        assert any(e["type"] == "notice" and "replayed your 0 answers" in e["text"] for e in fixed)
        assert any(e["type"] == "scene" and e["text"].startswith("The road ends") for e in fixed)
        edit(path, "      - text: Give up and walk home\n        goto: home\n", NEW_CHOICE)  # a new choice
        grown = player.until("choices")
        assert [o["text"] for o in grown[-1]["options"]][-1] == "Climb the wall"
        player.answer("3")
        ended = player.until("watching")
        assert any(e["type"] == "ending" and e["outcome"] == "victory" for e in ended)
        edit(path, "goto: home", "goto: hom")  # an error: shown, and the game stays
        broken = player.until("watching")
        errors = [e for e in broken if e["type"] == "error"]
        assert len(errors) == 1 and "still playing the last good version" in errors[0]["text"]
        assert any("no scene called 'hom'" in p for p in errors[0]["problems"])
        assert "no scene called 'hom'" in errors[0]["text"]
        edit(path, NEW_CHOICE.replace("goto: home", "goto: hom"), "      - text: Give up and walk home\n        goto: home\n")
        back = player.until("choices")
        said = [e["text"] for e in back if e["type"] == "notice"]
        assert any("the replay stopped at decision 1 ('3')" in t and "you are now in 'The Gate'" in t for t in said)
        player.proc.stdin.close()
        assert player.proc.wait(timeout=60) == 0
    finally:
        if player.proc.poll() is None:
            player.proc.kill()
            player.proc.wait()
