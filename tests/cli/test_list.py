"""`solo list`: every bundled adventure with its system, length, play time and summary, in 80 columns."""

from __future__ import annotations

import json

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.catalog_view import catalog_lines, system_name
from solo.adventure.length import estimated_minutes, narration_words
from solo.cli import cli


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_adventure_is_listed_with_system_length_play_time_and_summary():
    out = run("list")
    entries = loader.catalog()
    assert len(entries) == len(list(loader.bundled_files())) >= 5
    for entry in entries:
        assert f"{entry['id']}: {entry['title']}" in out
        facts = f"{system_name(entry['system'])} · {entry['scenes']} scenes, {len(entry['endings'])} endings"
        assert facts in out
        assert f"{entry['words']:,} words" in out
        assert entry["play_time"] and entry["play_time"] in " ".join(out.split())
        assert " ".join(entry["summary"].split()[:6]) in " ".join(out.split())


def test_the_list_fits_80_columns():
    assert max(len(line) for line in run("list").splitlines()) <= 80
    narrow = list(catalog_lines(loader.catalog(), width=60))
    assert max(len(line) for line in narrow) <= 60


def test_json_carries_the_length():
    entries = json.loads(run("list", "--json"))
    for entry in entries:
        assert entry["scenes"] >= 10 and entry["words"] > 1000


def test_words_count_what_a_player_reads_and_not_gm_notes():
    data = {
        "title": "Not counted", "summary": "Not counted either",
        "intro": "One two three.",
        "scenes": {"a": {"title": "Title", "text": "Four five", "gm": "secret notes are not read",
                         "choices": [{"text": "six", "check": {"outcomes": {"success": {"text": "seven eight"}}}}]},
                   "b": {"ending": {"outcome": "victory", "summary": "nine"}}},
        "tables": {"t": {"rows": {"1": {"text": "ten's"}}}},
    }
    assert narration_words(data) == 10


def test_a_missing_play_time_is_estimated_and_marked():
    entry = {"id": "x", "title": "X", "system": "plugin-sys", "scenes": 3, "endings": ["e"], "words": 9000,
             "summary": "", "play_time": None}
    lines = list(catalog_lines([entry]))
    assert f"about {estimated_minutes(9000)} minutes (estimated)" in " ".join(lines)
    assert "plugin-sys · 3 scenes, 1 ending" in " ".join(lines)
    # the model: 30% of 9,000 words shown at 200 a minute (13.5) plus one decision per 120 words
    # at 10 s (3.75): 17.25, to the nearest 5
    assert estimated_minutes(9000) == 15 and estimated_minutes(10) == 5
