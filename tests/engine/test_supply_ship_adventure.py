"""supply-ship, the GUTS+ flagship: the book's whole situation, balanced, every ending reachable.

The acceptance of the adventures issue at CI size: seeded playthroughs never raise and never
get stuck, reach every scene and every ending, and no pregenerated character wins (a
``victory`` ending) more than about 70% or less than about 15% of random playthroughs. The
full-size figures (2,000 runs per pregen and bot, 2026-11-29) are in the adventure's GM note on
``wake-up``; ``solo playtest supply-ship --runs 2000 --seed 1 --character ID --policy
random|careful`` prints them again.

The sample is 50 seeded games per pregen and bot (random, careful): 500 games, played once a run
and shared with tests/engine/test_guts_plus_conflicts.py (tests/support/shared_runs.py). It was
80 (800 games, 15 s of CPU, the inner loop's dearest test); the first 50 of seed 13 are the same
games, and every check below passes on them. What 50 costs, with the per-pregen rates the GM
note gave on 2026-11-28 (200 runs, seed 3) as the true ones, after (50) and before (80); a *miss* is a broken
adventure or bot that passes, a *false alarm* a sound one that fails once a behaviour change
has reshuffled the dice (on the pinned seed nothing is random):

- every scene and ending reached: a scene or ending made unreachable is never missed. Read over
  both bots' games (the careful bot finds the specimen ending four times as often), the rarest
  (``patched-up``, 1.6% of games) is absent from 500 games 0.03% of the time, against 0.65% for
  the rarest of the 400 random games alone (``end-specimen``, 1.25%).
- the 15-60% band: a pregen truly at 10% passes 12% of the time (10%); false alarm 2.7% (0.3%).
- careful ahead of random per pregen: an ordering, so a pregen whose careful play is no better
  passes 46% of the time at any size (47%); a sound pair fails on a reshuffle 51% of the time
  (39%): Manager's true gap is 4.5 points. With the pooled check, a careful bot no better than
  random for any pregen passes 0.16% of the time (0.08%).
- pooled, careful wins 1.2 times as often: false alarm 3% (1%).
"""

from __future__ import annotations

import pytest
from shared_runs import SUPPLY_SHIP_RUNS, SUPPLY_SHIP_SEED, seeded_playtest

from solo.adventure import loader
from solo.engine.game import Game
from solo.engine.gm import GameMaster

PREGENS = ["engineer", "manager", "medic", "pilot", "technician"]
ROOMS = ["wake-up", "hypersleep", "restroom", "kitchen", "rec-room", "supply-room", "cargo-bay",
         "command-module", "upper-deck", "engine-room", "airlock-prep"]


@pytest.fixture(scope="module")
def adventure():
    return loader.load("supply-ship").adventure


RUNS = SUPPLY_SHIP_RUNS  # seeded playthroughs per pregen and bot


def _report(shared_runs, tmp_path_factory, who: str, policy: str) -> dict:
    """RUNS seeded playthroughs of ``who`` by the ``policy`` bot, played once per test run (and
    read by tests/engine/test_guts_plus_conflicts.py too)."""
    return seeded_playtest(shared_runs, tmp_path_factory, "supply-ship", runs=RUNS, seed=SUPPLY_SHIP_SEED,
                           pregen=who, policy=policy)


@pytest.fixture
def reports(shared_runs, tmp_path_factory):
    """RUNS seeded random playthroughs per pregen (shared by the run's workers)."""
    return {who: _report(shared_runs, tmp_path_factory, who, "random") for who in PREGENS}


@pytest.fixture
def careful(shared_runs, tmp_path_factory):
    """RUNS seeded playthroughs per pregen by the careful bot (shared by the run's workers)."""
    return {who: _report(shared_runs, tmp_path_factory, who, "careful") for who in PREGENS}


def test_the_whole_situation_is_there(adventure):
    assert len(adventure.scenes) >= 40
    assert len(adventure.endings) >= 4
    outcomes = {adventure.scenes[e].ending.outcome for e in adventure.endings}
    assert outcomes == {"victory", "mixed", "defeat"}
    assert set(ROOMS) <= set(adventure.scenes)  # the ten rooms (and the hypersleep wake-up)
    assert set(adventure.objectives) == {"seal-breach", "stop-creature", "keep-food", "on-schedule"}
    table = adventure.tables["creature-room"]
    assert table.dice == "1d6" and list(table.reroll) == [6]  # the book's emergence roll
    fights = [s for s in adventure.scenes.values() if s.conflict is not None]
    assert fights and all(s.conflict.procedure == "fight" for s in fights)


def test_seeded_playthroughs_never_raise_or_stick_and_reach_every_scene_and_ending(adventure, reports, careful):
    """Both bots' games (500): none raises or sticks, and between them every scene and ending is
    reached (read over the random games alone, 400 of them, the specimen ending was the rarest)."""
    endings: set[str] = set()
    unreached = set(adventure.scenes)
    for who, report in [*reports.items(), *careful.items()]:
        assert not report["errors"], (who, report["errors"][:1])
        assert not report["stuck"], (who, report["stuck"][:1])
        assert sum(report["endings"].values()) == report["runs"]
        endings |= {e for e, n in report["endings"].items() if n}
        unreached &= set(report["unreached_scenes"])
    assert endings == set(adventure.endings)
    assert not unreached


def test_no_pregen_wins_too_often_or_too_rarely(reports):
    for who, report in reports.items():
        rate = report["outcomes"].get("victory", 0) / report["runs"]
        assert 0.15 <= rate <= 0.60, (who, rate)  # the 15-60% band (random play wins 24.9-33.7% per pregen, GM note)


def test_the_crew_can_die_and_the_ending_says_so(adventure):
    game = Game(adventure, seed=4, character=next(
        p for p in adventure.characters if p.id == "pilot").character(adventure.system))
    game.start()
    game.state.counters["lost_crew"] = 1
    game.state.counters["escapes"] = 1
    GameMaster(game).goto("back-to-sleep")
    options = [o for o in game.offered.options if o.enabled]
    assert len(options) == 1
    game.choose(options[0].key)
    assert game.finished and game.state.ending == "end-mourning"


def test_a_careful_player_wins_more_often_than_a_random_one(reports, careful):
    """The careful bot (reads the odds, takes the safer road) beats random play for every pregen:
    2,000-run figures are 60.6-72.2% against 24.9-33.7% (GM note); the 50 pinned games a bot give 24-29
    against 13-17 victories (the module docstring has the odds of a miss and a false alarm)."""
    for who in PREGENS:
        wins = careful[who]["outcomes"].get("victory", 0) / careful[who]["runs"]
        random_wins = reports[who]["outcomes"].get("victory", 0) / reports[who]["runs"]
        assert wins > random_wins, (who, wins, random_wins)


def test_careful_play_wins_a_fifth_more_and_loses_less_than_random_play_over_all_pregens(reports, careful):
    """Pooled over the pregens (250 games a bot): more victories by a clear margin (133 against
    74 on the pinned games), fewer defeats (this was tests/playtest's check on 100 games a bot,
    each with a random pregen)."""
    def total(found: dict, outcome: str) -> int:
        return sum(r["outcomes"].get(outcome, 0) for r in found.values())

    assert total(careful, "victory") > 1.2 * total(reports, "victory"), (total(careful, "victory"), total(reports, "victory"))
    assert total(careful, "defeat") < total(reports, "defeat"), (total(careful, "defeat"), total(reports, "defeat"))
