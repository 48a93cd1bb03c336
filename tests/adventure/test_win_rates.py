"""The random win rates of clockwork-heist and lantern-fen held inside the 15-60% that issue 22 asks
of random play, and the heist's Ottilie off the floor of that band (the GM notes give the full
per-pregen figures and the commands behind them).

One seeded playtest of a few hundred runs per adventure, the pregen drawn per run as the game
does: the same seed gives the same runs, so a change to either file that moves its random win
rate out of the band fails here."""

from __future__ import annotations

import collections

import pytest

from solo.playtest.command import Options, playtest

RUNS = 300


@pytest.mark.parametrize("adventure", ["clockwork-heist", "lantern-fen"])
def test_random_play_wins_between_15_and_60_percent(adventure, tmp_path):
    report = playtest(Options(adventure=adventure, runs=RUNS, seed=1, replay_dir=str(tmp_path)))
    assert not report["stuck"] and not report["errors"]
    outcomes = collections.Counter(report["outcomes"])
    assert sum(outcomes.values()) == RUNS
    wins = outcomes["victory"] / RUNS
    assert 0.15 <= wins <= 0.60, (adventure, dict(outcomes))
    assert outcomes["defeat"] > 0  # losing stays possible


def test_ottilie_wins_at_least_a_fifth_of_random_games(tmp_path):
    """`solo playtest clockwork-heist --character ottilie --runs 500 --seed 1`: 23.4% (was 15.8%
    before the machinist's ways at the gantry, the scullery, the alarm bell and the front steps).
    300 runs have a standard error of about 2.4 points, so the floor sits one below 21%."""
    report = playtest(Options(adventure="clockwork-heist", runs=RUNS, seed=1, pregen="ottilie",
                              replay_dir=str(tmp_path)))
    wins = report["outcomes"].get("victory", 0) / RUNS
    assert wins >= 0.20, report["outcomes"]
