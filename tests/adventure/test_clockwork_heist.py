"""clockwork-heist as its GM notes describe it: every pregen brings something home in a fair share
of random playthroughs, no run raises or sticks, and the GAME pieces it promises are there (40+
scenes, four-plus endings, three objectives, Build durations and Drain, real fights)."""

from __future__ import annotations

import collections

import pytest
from shared_runs import seeded_playtest

from solo.adventure import loader

# the GM notes give 1,000 runs per pregen; this is the CI-sized check of the same bot, the sample
# tests/adventure/test_win_rates.py compares the careful bot with (played once a run for both)
RUNS, SEED = 100, 3


@pytest.fixture(scope="module")
def heist():
    return loader.load("clockwork-heist").adventure


@pytest.mark.parametrize("pregen", ["wren", "ottilie", "dorrin"])
def test_each_pregen_brings_something_home_in_a_fair_share_of_random_runs(pregen, shared_runs, tmp_path_factory):
    report = seeded_playtest(shared_runs, tmp_path_factory, "clockwork-heist", runs=RUNS, seed=SEED, pregen=pregen)
    assert not report["stuck"] and not report["errors"]
    assert sum(report["endings"].values()) == RUNS
    outcomes = collections.Counter(report["outcomes"])
    home = (outcomes["victory"] + outcomes["mixed"]) / RUNS
    assert 0.08 <= home <= 0.70, (pregen, dict(outcomes))
    assert outcomes["defeat"] > 0


def test_the_heist_is_an_evening_of_game_with_its_build_skills_and_fights(heist):
    scenes = heist.scenes
    assert len(scenes) >= 40
    assert sum(1 for s in scenes.values() if s.ending) >= 4
    assert len(heist.objectives) == 3
    stats = collections.defaultdict(set)
    for scene in scenes.values():
        for choice in scene.choices:
            check = choice.check
            if check is not None:
                stats[check.stat].add(check.params.get("difficulty", "easy"))
    for skill in ("Alchemy", "Chemstry", "Machinery", "Transmutery"):
        assert skill in stats
    assert {"easy", "challenging", "hard"} <= set().union(*stats.values())
    fights = [s for s in scenes.values() if s.conflict is not None]
    assert len(fights) >= 3 and all(f.conflict.procedure == "fight" for f in fights)
    # a machine runs its excess in hours, a transmutation lasts its excess in minutes
    assert "roll.excess" in repr(scenes["escapement"]) and "roll.excess" in repr(scenes["cistern"])
