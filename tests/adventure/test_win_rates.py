"""The random win rates of clockwork-heist and lantern-fen held inside the 15-60% that issue 22 asks
of random play, the heist's Ottilie off the floor of that band, and careful play ahead of random
play for every pregen of every bundled adventure (the GM notes give the per-pregen figures and
the commands behind them).

The band is read off the random bot's seeded games per pregen (100 each, pooled: 300 games), the
same games the careful bot is compared with and clockwork-heist's own balance test reads, played
once a run (tests/support/shared_runs.py): the same seed gives the same runs, so a change to
either file that moves its random win rate out of the band fails here."""

from __future__ import annotations

import collections

import pytest
from shared_runs import seeded_playtest

from solo.adventure import loader
from solo.playtest.command import Options, playtest

RUNS = 300

#: the random side of each comparison is the sample that adventure's own balance tests read
#: (runs, seed), so it is played once a run for both (tests/support/shared_runs.py)
RANDOM_SAMPLES = {"clockwork-heist": (100, 3), "lantern-fen": (100, 3), "goblin-market": (200, 1),
                  "blessed-harvest": (200, 3)}


@pytest.mark.parametrize("adventure", ["clockwork-heist", "lantern-fen"])
def test_random_play_wins_between_15_and_60_percent(adventure, shared_runs, tmp_path_factory):
    """The random bot's 100 seeded games per pregen (the random side of the careful-vs-random
    comparison below, shared): 300 games, a third for each of the three pregens. The game draws
    the pregen uniformly, so this stratified sample has the mean of 300 games with the pregen
    drawn per run, and no more variance."""
    runs, seed = RANDOM_SAMPLES[adventure]
    outcomes: collections.Counter[str] = collections.Counter()
    for person in loader.load(adventure).adventure.characters:
        report = seeded_playtest(shared_runs, tmp_path_factory, adventure, runs=runs, seed=seed, pregen=person.id)
        assert not report["stuck"] and not report["errors"]
        outcomes.update(report["outcomes"])
    assert sum(outcomes.values()) == RUNS
    wins = outcomes["victory"] / RUNS
    assert 0.15 <= wins <= 0.60, (adventure, dict(outcomes))
    assert outcomes["defeat"] > 0  # losing stays possible


def test_ottilie_wins_at_least_a_fifth_of_random_games(tmp_path):
    """`solo playtest clockwork-heist --character ottilie --runs 2000 --seed 1`: 22.9% (2026-11-29,
    the GM note; 500 runs gave 23.4%, and 15.8% before the machinist's ways at the gantry, the
    scullery, the alarm bell and the front steps).
    300 runs have a standard error of about 2.4 points, so the floor sits one below 21%."""
    report = playtest(Options(adventure="clockwork-heist", runs=RUNS, seed=1, pregen="ottilie",
                              replay_dir=str(tmp_path)))
    wins = report["outcomes"].get("victory", 0) / RUNS
    assert wins >= 0.20, report["outcomes"]


CAREFUL_RUNS = 100
#: Adventures whose careful bot is sampled longer: clockwork-heist's careful and random play are
#: closest (dorrin 26.5% against 20.5%, 600 runs each on 2026-11-29), a gap 100 runs (standard
#: error 4.4 points) cannot order reliably; after the careful bot learnt to read what a move
#: closes, its seed-3 sample of 100 fell from 24 wins to 19 (600 runs: 26.8% before, 26.5% after).
CAREFUL_RUNS_BY_ADVENTURE = {"clockwork-heist": 300}
CAREFUL_SEED = 3
#: supply-ship is held to the same ordering per pregen by
#: tests/engine/test_supply_ship_adventure.py (50 runs a bot, shared with its other tests), so it is
#: not played a second time here.
ADVENTURES = ("clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest")
CASES = [(name, pregen.id) for name in ADVENTURES for pregen in loader.load(name).adventure.characters]


def _wins(report: dict) -> float:
    assert not report["errors"] and not report["stuck"], (report["adventure"], report["character"], report["policy"])
    return report["outcomes"].get("victory", 0) / report["runs"]


@pytest.mark.adventures
@pytest.mark.parametrize("adventure, pregen", CASES, ids=[f"{a}-{p}" for a, p in CASES])
def test_careful_play_wins_more_often_than_random_play(adventure, pregen, shared_runs, tmp_path_factory):
    """A careful player wins more often than one who chooses at random, for every pregenerated
    character of every bundled adventure (issue 22: if thinking ahead does not pay, the choices do
    not mean anything).

    The careful bot plays 100 seeded games per pregen (`solo playtest ADV --character WHO --policy
    careful --runs 100 --seed 3`; the GM notes give the 200-run figures), the random bot the
    sample of RANDOM_SAMPLES, which the adventure's balance tests read too (100 games at seed 3, or
    200 at the seed of the GM-note check). A 100-run win rate has a standard error of about 4.5
    points, so the difference of two has one of about 6.5 (about 5.5 against 200 random games). The test asks only for the ordering
    (careful ahead by at least a point): the seeds are fixed, so it never flakes, and it fails
    when an edit to an adventure (or to the careful bot) makes a careful route no better than a
    random one, and then the GM notes' table needs measuring again anyway. (It was 200 games a
    bot: 89 s of CPU, a third of the inner loop, for the same ordering.)
    """
    runs, seed = RANDOM_SAMPLES[adventure]
    random_wins = _wins(seeded_playtest(shared_runs, tmp_path_factory, adventure, runs=runs, seed=seed, pregen=pregen))
    careful_runs = CAREFUL_RUNS_BY_ADVENTURE.get(adventure, CAREFUL_RUNS)
    careful_wins = _wins(playtest(Options(adventure=adventure, runs=careful_runs, seed=CAREFUL_SEED, pregen=pregen,
                                          policy="careful", replay_dir=str(tmp_path_factory.mktemp("failures")))))
    assert careful_wins >= random_wins + 0.01, (adventure, pregen, random_wins, careful_wins)
