"""A playtest bot's exact play (solo/analyze/policy_play.py) and the floor it gives the best play.

The study fixture's figures are worked out by hand below; agree.yaml (checks of every GUTS+
reading, a contest, a table, a clock and a loop) is held to sampled runs of the same bot; and
on the small fixtures every state of the bot's play is a state of the plain explorer with the
same key, whose exact best value is at least the bot's (the floor is sound).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.agreement import gaps
from solo.analyze.command import analyze
from solo.analyze.explore import Budget, Explorer
from solo.analyze.policy_play import PolicyExplorer, floor_by_key
from solo.analyze.focused import FocusedSearch
from solo.analyze.solve import absorption, state_bounds, unexplored_mass, value_bounds
from solo.playtest.command import Options, playtest

HERE = Path(__file__).parent
STUDY = HERE / "fixtures" / "study.yaml"
AGREE = HERE.parent / "playtest" / "agree.yaml"
TRAPDOOR = HERE.parent / "playtest" / "broken" / "trapdoor.yaml"
SMALL = [(STUDY, "scout"), (AGREE, "ace"), (AGREE, "rook"), (HERE / "fixtures" / "hub.yaml", "scout"), (TRAPDOOR, "scout")]


def _load(path: Path, pregen: str):
    adventure = loader.load(str(path)).adventure
    person = next(p for p in adventure.characters if p.id == pregen)
    return adventure, person.character(adventure.system)


def _careful_by_hand() -> tuple[Fraction, Fraction, Fraction]:
    """The careful bot in the study: (vault, tunnel, key objective). Weights door 1, desk 3,
    cellar 1; the door and the desk go once taken; the cellar's dig is 1/2 out, 1/2 buried.
    With both the door and the desk there it picks the door 1/5, the desk 3/5, the cellar 1/5;
    with the desk gone, door or cellar 1/2 each; with the door gone, desk 3/4, cellar 1/4."""
    half, door = Fraction(1, 2), Fraction(1, 4)
    # vault: the door first (1/5), or the desk then the door (3/5 x 1/2), then the d4 (1/4)
    vault = (Fraction(1, 5) + Fraction(3, 5) * half) * door
    # every run that does not open the vault ends in the cellar's dig
    tunnel = (1 - vault) * half
    # the key: the desk first (3/5), or the door failing (1/5 x 3/4) and then the desk (3/4)
    key = Fraction(3, 5) + Fraction(1, 5) * (1 - door) * Fraction(3, 4)
    return vault, tunnel, key


def test_careful_bot_exact_on_the_study():
    adventure, scout = _load(STUDY, "scout")
    found = analyze(adventure, scout, "careful")
    vault, tunnel, key = _careful_by_hand()
    assert found["method"] == "exact"
    assert found["exact"] == {"vault": str(vault), "tunnel": str(tunnel), "buried": str(1 - vault - tunnel)}
    assert found["objectives_exact"] == {"key": str(key)}
    assert (vault, tunnel, key) == (Fraction(1, 8), Fraction(7, 16), Fraction(57, 80))


def test_careful_top_is_a_fixed_play_on_the_dice_alone():
    """careful-top: the desk (3), then the door (first of the two weighing 1), then the cellar:
    1/4 + 3/4 x 1/2 = 5/8 victory, and the key every time; fewer states than the careful bot's."""
    adventure, scout = _load(STUDY, "scout")
    top = analyze(adventure, scout, "careful-top")
    careful = analyze(adventure, scout, "careful")
    assert top["exact"] == {"vault": "1/4", "tunnel": "3/8", "buried": "3/8"}
    assert top["objectives_exact"] == {"key": "1/1"}
    assert top["states"] < careful["states"]


def test_best_play_starts_from_the_floor_and_reports_it():
    adventure, scout = _load(STUDY, "scout")
    found = analyze(adventure, scout, "best", quick_first=False)  # (alone, the search answers at once)
    assert found["floor"]["play"] == "careful-top"
    assert found["floor"]["victory"] == pytest.approx(0.625)
    assert found["method"] == "exact"
    assert Fraction(found["exact"]["vault"]) + Fraction(found["exact"]["tunnel"]) == Fraction(5, 8)


def test_a_best_play_the_search_answers_at_once_spends_nothing_on_a_floor():
    """The careful bot circles trapdoor's hub for ever (its memory of choices taken has no end):
    its floor explored 200,000 states in 26 s where the search alone is exact in 9 states. The
    search gets a small share of the time first, and an answer within the bound is the answer."""
    adventure, scout = _load(TRAPDOOR, "scout")
    found = analyze(adventure, scout, "best")
    assert found["method"] == "exact" and "floor" not in found and found["states"] < 50
    assert found["endings"] == {"treasure": 0.0, "outside": 1.0}


@pytest.mark.parametrize("path,pregen", SMALL, ids=lambda v: getattr(v, "stem", v))
def test_the_floor_is_sound(path, pregen):
    """Every state of the careful bots' play (careful-thrifty's too) is a state of the plain
    explorer with the same key, and the best play's exact chance of victory from it is at least
    the bot's."""
    adventure, character = _load(path, pregen)
    for name in ("careful-top", "careful-thrifty", "careful"):
        # the careful bot walks a hub's loop ever less often: its counts have no end, so its
        # graph is cut at 300 states (what is not explored counts as no victory in a floor)
        bot = PolicyExplorer(adventure, character, name, budget=Budget(max_states=300))
        floors = floor_by_key(bot, bot.explore(unexplored_mass, 0.0))
        full = Explorer(adventure, character, policy="best", keys=bot.keys)
        graph = full.explore()
        assert graph.complete
        lo, hi, _ = state_bounds(graph, True)
        for key, value in floors.items():
            assert key in full.index, (name, key)
            assert value <= lo[full.index[key]] + 1e-9, (name, key)


@pytest.mark.parametrize("path,pregen", [(STUDY, "scout"), (AGREE, "ace"), (AGREE, "rook")],
                         ids=lambda v: getattr(v, "stem", v))
def test_bounded_best_keeps_the_floor(path, pregen):
    """A best-play search cut short after a few states still has the bot's figure as its lower
    bound (it starts its states' lower values there), where without the floor it has less; and
    ``analyze`` reports a lower bound at least the floor's at every budget."""
    adventure, character = _load(path, pregen)
    bot = PolicyExplorer(adventure, character, "careful-top")
    bot_graph = bot.explore(unexplored_mass, 0.0)
    assert bot_graph.complete
    victory = float(sum(p for k, p in absorption(bot_graph).items() if k[0] == "ending"
                        and adventure.scenes[k[1]].ending.outcome == "victory"))
    floors = floor_by_key(bot, bot_graph)
    lows = []
    for floor in (floors, None):
        explorer = Explorer(adventure, character, budget=Budget(max_states=2), policy="best", keys=bot.keys)
        search = FocusedSearch(explorer, True, 0.005, floor=floor)
        graph = search.run()
        assert not graph.complete
        lows.append(value_bounds(graph, True, search.floor_nodes)[0])
    assert lows[0] >= victory - 1e-9 > lows[1]
    for states in (2, 6, 10, 14, 30):
        found = analyze(adventure, character, "best", budget=Budget(max_states=states))
        if found["method"] == "bounded":  # (exact within the budget: the search alone answered)
            assert found["goal_bounds"] and found["floor"]
            if found["floor"]["method"] == "exact":
                assert found["goal_bounds"][0] >= found["floor"]["victory"] - 1e-6


@pytest.mark.parametrize("name", ["careful", "careful-top", "explorer", "careful-bottom", "soonest-loss"])
def test_agrees_with_the_bots_sampled_runs(name, tmp_path):
    """agree.yaml, ace: the exact figures of each bot against 3,000 of its playtest runs, every
    ending within 3 standard errors (about 2.7 points at 40%)."""
    adventure, ace = _load(AGREE, "ace")
    found = analyze(adventure, ace, name)
    assert found["method"] == "exact"
    runs = 3000
    report = playtest(Options(adventure=str(AGREE), runs=runs, seed=11, pregen="ace", policy=name,
                              replay_dir=str(tmp_path)))
    assert sum(report["endings"].values()) == runs
    assert max(gaps(found, report["endings"], runs).values()) <= 3


def test_study_agrees_with_sampled_runs(tmp_path):
    adventure, scout = _load(STUDY, "scout")
    runs = 2000
    report = playtest(Options(adventure=str(STUDY), runs=runs, seed=5, pregen="scout", policy="careful",
                              replay_dir=str(tmp_path)))
    found = analyze(adventure, scout, "careful")
    assert max(gaps(found, report["endings"], runs).values()) <= 3
