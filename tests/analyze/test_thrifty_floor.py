"""The careful-thrifty play (solo/playtest/policies.py) and the second floor it gives the best play.

tests/analyze/fixtures/thrifty.yaml is worked out by hand: careful-top heaves the cart with a spark
(weighed 3 x its chance, squared as failing it ends the run, where walking on weighs 1) and the
cart rolls into the mire whatever the dice say, so it never wins; careful-thrifty pays for no roll
(the ruleset's SaysCheckCosts names the spark's two blessing dice) and walks round the race (a
conflict, offered first among the gate's two ways of weight 1) to the road's d4: home on 1-3,
3/4. ``--policy best`` explores both plays as floors (solo/analyze/floors.py) and names the one
that wins most often; careful-top has its own share of the time whatever the thrifty play took,
and is not explored again where the thrifty play kept nothing off (study.yaml: nothing spends).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.agreement import gaps
from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.analyze import floors
from solo.analyze.floors import FLOOR_PLAYS, FLOOR_SHARE, Floor, Floors, explore_floors, told
from solo.playtest.command import Options, playtest
from pregen_play import load_as

THRIFTY = Path(__file__).parent / "fixtures" / "thrifty.yaml"
STUDY = Path(__file__).parent / "fixtures" / "study.yaml"


def _carter():
    return load_as(THRIFTY)


def test_careful_top_heaves_into_the_mire_and_the_thrifty_play_takes_the_road():
    adventure, carter = _carter()
    top = analyze(adventure, carter, "careful-top")
    thrifty = analyze(adventure, carter, "careful-thrifty")
    assert top["method"] == thrifty["method"] == "exact"
    assert top["exact"] == {"mire": "1/1", "ditch": "0/1", "home": "0/1"}
    assert thrifty["exact"] == {"mire": "0/1", "ditch": str(Fraction(1, 4)), "home": str(Fraction(3, 4))}
    assert thrifty["objectives_exact"] == {"heaved": "0/1"}  # the spark is never rolled


def test_best_play_starts_from_the_higher_floor_and_names_it():
    adventure, carter = _carter()
    # (both plays are exact in under 30 states; the search is cut short, its lower figure the floor's)
    found = analyze(adventure, carter, "best", quick_first=False, budget=Budget(seconds=3600, max_states=30))
    assert found["floor"] == {**found["floor"], "play": "careful-thrifty", "victory": 0.75, "method": "exact"}
    assert [(f["play"], f["victory"]) for f in found["floors"]] == [("careful-thrifty", 0.75), ("careful-top", 0.0)]
    assert found["goal_bounds"][0] >= 0.75
    assert found["play"]["name"] == "careful-thrifty" and found["exact"]["home"] == "3/4"


def test_among_equal_floors_careful_top_is_named():
    """The study's two plays are one (nothing there spends, no conflict): careful-top is named."""
    class Named:
        def __init__(self, name):
            self.name = name

    plays = [Floor(Named(name), None) for name, _ in FLOOR_PLAYS]  # type: ignore[arg-type]
    best, victory = told(Floors(plays, {}, None), lambda f: 0.625)  # type: ignore[arg-type]
    assert best.bot.name == "careful-top" and victory == 0.625


def test_a_floor_that_wins_every_time_ends_the_floors_and_the_search(tmp_path):
    """A play that wins from the start every time leaves nothing for another play or the search
    to find: careful-top is not explored, and the search stops before its first expansion (where
    the thrifty play wins 3/4, careful-top is explored too: the test above)."""
    adventure, carter = _carter()
    text = THRIFTY.read_text(encoding="utf-8")
    assert text.count("4: {goto: ditch}") == 1
    sure = tmp_path / "sure.yaml"  # the road always home
    sure.write_text(text.replace("4: {goto: ditch}", "4: {goto: home}"), encoding="utf-8")
    adventure = loader.load(str(sure)).adventure
    found = analyze(adventure, carter, "best", quick_first=False, budget=Budget(seconds=3600, max_states=400))
    assert [(f["play"], f["victory"]) for f in found["floors"]] == [("careful-thrifty", 1.0)]
    assert found["goal_bounds"] == [1.0, 1.0] and found["bound"] == 0.0
    assert found["states"] <= 10, found["states"]  # the start (one state per lucky number), none expanded


class _Counted(floors.PolicyExplorer):
    """The floors' explorer, noting each play explored and the seconds it was given."""

    given: list[tuple[str, float]] = []

    def __init__(self, adventure, character, name, budget=None, keys=None, same_as=None):
        super().__init__(adventure, character, name, budget=budget, keys=keys, same_as=same_as)
        self.given.append((name, budget.seconds))

    def resume(self, budget, *args):
        self.given.append((f"{self.name}, going on", budget.seconds))
        return super().resume(budget, *args)


def _counted(monkeypatch) -> list[tuple[str, float]]:
    given: list[tuple[str, float]] = []
    monkeypatch.setattr(_Counted, "given", given)
    monkeypatch.setattr(floors, "PolicyExplorer", _Counted)
    return given


def test_careful_top_has_its_whole_share_whatever_the_thrifty_play_took(monkeypatch):
    """Counted from its own start, as when it was the only floor: the thrifty play's time comes
    out of the search's, so where the thrifty play does not help careful-top's floor is no lower."""
    given = _counted(monkeypatch)
    adventure, carter = _carter()
    found = explore_floors(adventure, carter, Budget(seconds=100.0, max_states=30), 0.0)
    assert given == [("careful-thrifty", 100.0 * FLOOR_PLAYS[0][1]), ("careful-top", 100.0 * FLOOR_SHARE)]
    thrifty, top = found.plays
    assert thrifty.bot.spared > 0 and top.bot.spared == 0  # the thrifty play kept the spark off at the cart


def test_a_thrifty_play_that_kept_nothing_off_is_careful_top_and_is_not_explored_again(monkeypatch):
    """Nothing in the study spends or is a conflict: the thrifty play, explored completely, is
    careful-top's play (5/8), which is listed with the same graph and named, but not explored."""
    given = _counted(monkeypatch)
    adventure = loader.load(str(STUDY)).adventure
    scout = next(p for p in adventure.characters if p.id == "scout").character(adventure.system)
    found = analyze(adventure, scout, "best", quick_first=False)
    assert [name for name, _ in given] == ["careful-thrifty"]
    assert [(f["play"], f["victory"], f["states"]) for f in found["floors"]] == [
        ("careful-thrifty", 0.625, found["floors"][0]["states"]), ("careful-top", 0.625, found["floors"][0]["states"])]
    assert found["floor"]["play"] == "careful-top" and found["method"] == "exact"


@pytest.mark.parametrize("runs", [600])
def test_agrees_with_its_sampled_runs(runs, tmp_path):
    adventure, carter = _carter()
    found = analyze(adventure, carter, "careful-thrifty")
    report = playtest(Options(adventure=str(THRIFTY), runs=runs, seed=3, pregen="carter", policy="careful-thrifty",
                              replay_dir=str(tmp_path)))
    assert sum(report["endings"].values()) == runs and report["endings"].get("mire", 0) == 0
    assert max(gaps(found, report["endings"], runs).values()) <= 3


def test_the_floors_and_the_ceilings_leave_the_search_some_of_the_time():
    # each play's share counts from its own start, so a tuple's shares add up to what the fixed
    # plays may take of the budget: the search must keep the rest (soonest-loss's 0.45 beside
    # careful-bottom's once added up to 1.05, past the budget)
    from solo.analyze.floors import CEILING_PLAYS

    for plays in (FLOOR_PLAYS, CEILING_PLAYS):
        assert 0 < sum(share for _, share in plays) < 1, plays


SUPPLY_SHIP = Path(__file__).resolve().parents[2] / "adventures" / "supply-ship.yaml"


def test_careful_top_goes_on_from_a_thrifty_play_that_picked_as_it_does():
    """On supply-ship the thrifty play keeps choices off (conflicts it could walk round) but its
    pick is careful-top's every time: careful-top goes on from where it stopped, and the graph is
    the one careful-top explores alone to the same cut (keys, options, shares)."""
    from solo.analyze.policy_play import PolicyExplorer

    adventure, pilot = load_as(SUPPLY_SHIP, "pilot")
    going_on = PolicyExplorer(adventure, pilot, "careful-thrifty", budget=Budget(seconds=600, max_states=600),
                              same_as="careful-top")
    going_on.explore()
    assert going_on.spared > 0 and going_on.departed == 0
    going_on.become("careful-top")
    going_on.resume(Budget(seconds=600, max_states=1500))
    alone = PolicyExplorer(adventure, pilot, "careful-top", budget=Budget(seconds=600, max_states=1500))
    alone.explore()
    assert len(alone.nodes) > 1500 and going_on.expanded == alone.expanded
    assert [(n.key, n.kind, n.options) for n in going_on.nodes] == [(n.key, n.kind, n.options) for n in alone.nodes]
    assert going_on.shares == alone.shares


def test_the_floors_go_on_from_the_thrifty_play_as_careful_top(monkeypatch):
    """In the floors: careful-top is not started over but goes on, with its own share, and is the
    one floor listed (the thrifty graph is the start of its own); the carter, whose thrifty play
    picks otherwise at the cart, starts careful-top afresh (above)."""
    given = _counted(monkeypatch)
    adventure, pilot = load_as(SUPPLY_SHIP, "pilot")
    found = explore_floors(adventure, pilot, Budget(seconds=100.0, max_states=300), 0.0)
    assert given == [("careful-thrifty", 100.0 * FLOOR_PLAYS[0][1]), ("careful-top, going on", 100.0 * FLOOR_SHARE)]
    assert [f.bot.name for f in found.plays] == ["careful-top"] and found.plays[0].bot.departed == 0


def test_going_on_has_a_deadline_of_its_own():
    """A play stopped by its time goes on for the time it is given next, counted from then (it
    once went on under the first deadline, long past, and stopped at its first look at the clock)."""
    from solo.analyze.policy_play import PolicyExplorer

    ticks = [0.0]

    def clock() -> float:  # a second per hundred looks at the clock
        ticks[0] += 0.01
        return ticks[0]

    adventure, pilot = load_as(SUPPLY_SHIP, "pilot")
    going_on = PolicyExplorer(adventure, pilot, "careful-thrifty", budget=Budget(seconds=2.0, clock=clock),
                              same_as="careful-top")
    first = going_on.explore()
    assert first.stopped.startswith("budget") and going_on.departed == 0
    before = going_on.expanded
    going_on.become("careful-top")
    going_on.resume(Budget(seconds=6.0, clock=clock))
    assert going_on.expanded > 2 * before > 0
