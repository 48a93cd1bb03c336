"""Acceptance for the walking skeleton: a separate program plays `solo play --json` through pipes.

The bot reads one JSON event per line and answers every ``choices`` event with a seeded random
option, as a playtest harness would. Every seed must reach an ``ending``; the same seed and answers
must give the identical event stream in separate processes; stopping and continuing must end where
an uninterrupted run ends.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot

SEEDS = range(8)


def bot_run(args, seed: int, save_dir, stop_after: int | None = None, max_steps: int = 2000):
    env = dict(os.environ, SOLO_SAVE_DIR=str(save_dir), PYTHONHASHSEED=str(seed * 7 + 1))
    proc = subprocess.Popen(
        [sys.executable, "-m", "solo", *args, "--json"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    answers = random.Random(seed)
    stream, keys = [], []
    try:
        for line in proc.stdout:
            event = json.loads(line)
            stream.append(event)
            if event["type"] == "choices":
                if stop_after is not None and len(keys) >= stop_after or len(keys) >= max_steps:
                    proc.stdin.close()
                    continue
                options = [o["key"] for o in event["options"] if o["enabled"] and o["key"] is not None]
                key = answers.choice(options)
                keys.append(key)
                proc.stdin.write(key + "\n")
                proc.stdin.flush()
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == 0, proc.stderr.read()
    return stream, keys


@pytest.mark.parametrize("seed", SEEDS)
def test_random_bot_reaches_an_ending_from_every_seed(seed, tmp_path):
    stream, _ = bot_run(["play", "--seed", str(seed)], seed, tmp_path)
    assert stream[-2]["type"] == "ending" or stream[-1]["type"] == "ending", stream[-3:]
    endings = [e for e in stream if e["type"] == "ending"]
    assert len(endings) == 1 and endings[0]["id"]
    assert {"start", "character", "scene", "choices", "roll"} <= {e["type"] for e in stream}
    first = next(e for e in stream if e["type"] == "choices")
    assert first["kind"] == "character"


def test_same_seed_same_answers_identical_stream_across_processes(tmp_path):
    a, _ = bot_run(["play", "--seed", "3"], 3, tmp_path / "a")
    b, _ = bot_run(["play", "--seed", "3"], 3, tmp_path / "b")
    drop = lambda s: [e for e in s if e["type"] != "saved"]
    assert drop(a) == drop(b)


def test_stop_and_continue_ends_like_an_uninterrupted_run(tmp_path):
    seed = 5
    whole, keys = bot_run(["play", "--seed", str(seed), "--slot", "whole"], seed, tmp_path)
    part, first_keys = bot_run(["play", "--seed", str(seed), "--slot", "part"], seed, tmp_path, stop_after=6)
    assert part[-1]["type"] == "saved"
    rest_keys = keys[len(first_keys):]
    proc = subprocess.run(
        [sys.executable, "-m", "solo", "continue", "part", "--json"],
        input="".join(k + "\n" for k in rest_keys), capture_output=True, text=True,
        env=dict(os.environ, SOLO_SAVE_DIR=str(tmp_path)), timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    rest = [json.loads(line) for line in proc.stdout.splitlines()]
    ending = [e for e in rest if e["type"] == "ending"]
    assert ending == [e for e in whole if e["type"] == "ending"]
    saved_whole = json.loads((tmp_path / "whole.json").read_text())["state"]
    saved_part = json.loads((tmp_path / "part.json").read_text())["state"]
    for key in ("scene", "flags", "counters", "clocks", "objectives", "character", "rolls", "choices", "ending", "dice"):
        assert saved_whole[key] == saved_part[key], key
