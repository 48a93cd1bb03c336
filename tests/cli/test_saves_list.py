"""`solo saves` shows every slot name whole and its details readable, at 80 columns and wider."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from solo.cli import cli

LONG = "a-rather-long-slot-name-for-a-long-campaign"


def listing(tmp_path, columns: int) -> str:
    result = CliRunner().invoke(cli, ["saves", "--save-dir", str(tmp_path)], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def played_twice(tmp_path_factory):
    """A save folder with two finished games in one slot: the first is set aside under a longer
    name. Played once for the tests that only list it (two whole games: about a second of CPU)."""
    folder = tmp_path_factory.mktemp("played-twice")
    for seed in ("1", "2"):
        played = CliRunner().invoke(cli, ["play", "goblin-market", "--seed", seed, "--slot", LONG, "--save-dir", str(folder)],
                                    input="1\n2\n" * 80)  # "1" alone may be greyed out: it keeps its number
        assert played.exit_code == 0, played.output
    return folder


def test_a_set_aside_slot_at_80_columns_keeps_its_name_whole_and_its_details_readable(played_twice):
    aside = next(p.stem for p in played_twice.glob("*.ended-*.json"))  # a long name is shortened to fit
    shown = listing(played_twice, 80)
    lines = shown.splitlines()
    assert aside in lines and LONG in lines, "each slot name on a line of its own, never cut"
    assert all(len(line.rstrip()) <= 80 for line in lines[1:])  # (the first names the folder, a long path)
    words = " ".join(shown.split())
    assert "goblin-market" in words and "last played" in words
    assert "Home Before the Moon Goes Down" in words, "the scene reads in whole words"


def test_short_slots_are_a_table(tmp_path):
    played = CliRunner().invoke(cli, ["play", "goblin-market", "--seed", "1", "--slot", "gm", "--save-dir", str(tmp_path)],
                                input="1\n")
    assert played.exit_code == 0, played.output
    shown = listing(tmp_path, 80)
    header = next(line for line in shown.splitlines() if line.startswith("┃ slot"))
    for column in ("adventure", "scene", "progress", "last played"):
        assert column in header
    assert any(line.startswith("│ gm ") for line in shown.splitlines())


def test_a_wide_terminal_shows_the_long_slots_as_a_table(played_twice):
    shown = listing(played_twice, 160)
    assert any(line.startswith("│ ") and ".ended-" in line for line in shown.splitlines())


@pytest.fixture
def time_zone(monkeypatch):
    """Set the process's time zone for one test (TZ and tzset), and put the old one back after."""
    import time

    def to(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield to
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("zone, shown", [("UTC", "2026-11-29 04:22"), ("Pacific/Kiritimati", "2026-11-29 18:22"),
                                         ("America/Adak", "2026-11-28 18:22")])
def test_last_played_is_the_players_own_clock_time(time_zone, zone, shown):
    """Saves record UTC; a player fourteen hours ahead saw this morning's game as played last night."""
    from solo.ui.saves_list import _details

    time_zone(zone)
    row = {"adventure": "a", "scene_title": "", "scene": "s", "progress": "", "updated": "2026-11-29T04:22:05+00:00"}
    assert _details(row)[-1] == shown
    assert _details({**row, "updated": "not a time"})[-1] == "not a time"
