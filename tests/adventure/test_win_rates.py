"""The random win rates of clockwork-heist and lantern-fen held inside the 15-60% that issue 22 asks
of random play (the GM notes give the full per-pregen figures and the commands behind them).

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
