"""Best and worst play's results say one consistent thing (solo/analyze/command.py ``_goal_result``).

What is known of the best (worst) play's chance of its goal -- ``goal_bounds``, ``bound`` (their
gap), ``method`` -- is kept apart from the endings of the one play shown (``play``: its name,
method, states, bound), whose ``ranges``, ``exact`` and ``unreachable_endings`` they are. The
ledge fixture's figures are worked out in its header (careful-top walks the bridge: victory 1;
careful-bottom steps off the ledge: victory 0), the study's in tests/analyze/test_policy_play.py
and below, the pond's in its header; goblin-market's quince is the case a GM met: the floor
(careful-top, 89 states) wins exactly every time, and the output once called the best play's
figures 0-100% wide.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.analyze.frontend import AskedFor, show
from pregen_play import load_as

HERE = Path(__file__).parent
LEDGE = HERE / "fixtures" / "ledge.yaml"
STUDY = HERE / "fixtures" / "study.yaml"
POND = HERE / "fixtures" / "pond.yaml"
MAZE = HERE / "fixtures" / "maze.yaml"
BRAWL = HERE.parent / "playtest" / "broken" / "brawl.yaml"


def _load(path: Path | str, pregen: str | None = None):
    return load_as(path, pregen)


def _goal_of(adventure, found) -> float:
    best = found["policy"] == "best"
    return sum(p for e, p in found["endings"].items() if (adventure.scenes[e].ending.outcome == "victory") == best)


def _agrees(adventure, found) -> None:
    """No field of a best or worst play's result contradicts another."""
    low, high = found["goal_bounds"]
    assert 0 <= low <= high <= 1
    if found["method"] == "exact":
        assert found["bound"] == 0 and low == high
        assert "blowup" not in found and "projection" not in found
    else:
        assert found["bound"] == pytest.approx(high - low, abs=2e-6)
    play = found["play"]
    assert play["goal"] == pytest.approx(_goal_of(adventure, found), abs=1e-6)
    assert play["goal"] <= high + 1e-6, "the play shown cannot beat what is known of the best play"
    if play["method"] == "exact":
        assert play["bound"] == 0 and "ranges" not in found and "unexplored_by_scene" not in found
        assert found["unreachable_endings"] == [e for e, p in found["endings"].items() if p == 0]
    else:
        assert sum(found["unexplored_by_scene"].values()) == pytest.approx(play["bound"], abs=1e-5)
        for e, p in found["endings"].items():
            assert found["ranges"][e] == {"low": round(p, 6), "high": round(min(1.0, p + play["bound"]), 6)}
        assert "exact" not in found
        never = [e for e, p in found["endings"].items() if p == 0]
        assert set(found["unreachable_endings"]) <= set(never), "an ending the play reaches is not unreachable"
    of = found["unreachable_endings_of"]
    assert of["play"] == play["name"] and of["states"] == play["states"]
    assert of["graph"] == ("search" if play["name"] == found["policy"] else "floor" if found["policy"] == "best"
                           else "ceiling")


def _text(found, adventure) -> str:
    console = Console(record=True, width=200)
    show(found, adventure, console, 1.0, asked=AskedFor(adventure.id, None, 120))
    return " ".join(console.export_text().split())


def test_a_floor_known_exactly_makes_the_best_play_exact_and_every_field_agrees():
    """Three states of the search (the cliff left unexplored) and careful-top's two: the best
    play wins exactly 1, and the output says so in every field, with careful-top's endings."""
    adventure, scout = _load(LEDGE)
    found = analyze(adventure, scout, "best", budget=Budget(max_states=3), quick_first=False,
                    floor_plays=(("careful-top", 0.6),))  # careful-top's floor alone (the thrifty play walks the same)
    assert found["floor"]["play"] == "careful-top" and found["floor"]["method"] == "exact"
    assert found["floor"]["victory"] == 1.0
    assert found["method"] == "exact" and found["goal_exact"] == "1/1" and found["goal_bounds"] == [1.0, 1.0]
    assert found["goal"] == "victory"
    assert found["exact"] == {"home": "1/1", "gorge": "0/1"} and found["unreachable_endings"] == ["gorge"]
    assert found["play"]["method"] == "exact"
    _agrees(adventure, found)
    text = _text(found, adventure)
    assert "The best play's chance of victory: exactly 100.00% (1/1)" in text
    assert "–" not in text and "too wide" not in text and "solo playtest --runs" not in text
    assert "The figures below are those of one best play" in text
    assert "Ending gorge is never reached with this play" in text


def test_the_ceiling_known_exactly_makes_the_worst_play_exact():
    """careful-bottom (the one ceiling here: soonest-loss, first by default, steps off too) steps
    off the ledge: another ending than victory every time, exactly, so the worst play never wins,
    though the search saw three states."""
    adventure, scout = _load(LEDGE)
    found = analyze(adventure, scout, "worst", budget=Budget(max_states=3), quick_first=False,
                    ceiling_plays=(("careful-bottom", 0.6),))
    ceiling = found["ceiling"]
    assert (ceiling["play"], ceiling["method"], ceiling["victory"], ceiling["goal"], ceiling["victory_at_most"]) \
        == ("careful-bottom", "exact", 0.0, 1.0, 0.0)
    assert "floor" not in found
    assert found["goal"] == "an ending other than victory"
    assert found["method"] == "exact" and found["goal_exact"] == "1/1" and found["bound"] == 0
    assert found["exact"] == {"home": "0/1", "gorge": "1/1"}
    _agrees(adventure, found)
    text = _text(found, adventure)
    assert "The worst play's chance of an ending other than victory: exactly 100.00% (1/1); it never wins" in text
    assert "Ceiling: the careful-bottom bot's play ends other than in victory 100.00% of the time (exact), " \
           "so the worst play does at least that and wins at most 0.00%" in text


def test_careful_bottom_on_the_study_by_hand_and_the_ceiling_it_gives():
    """careful-bottom in the study (door 1, desk 3, cellar 1; the first of the lightest): the
    door (1/4 the vault), then the cellar (desk 3 against cellar 1), whose dig is half out, half
    buried: vault 1/4, tunnel 3/4 x 1/2, buried 3/8. The worst play drops into the cellar at
    once: buried 1/2 (the door first would give the vault its quarter). So careful-bottom says the
    worst play ends otherwise at least 3/8 (wins at most 5/8); soonest-loss drops into the cellar
    (one move from the buried ending, the door and desk two), 1/2, the ceiling named; the worst
    play's is 1/2."""
    adventure, scout = _load(STUDY)
    bottom = analyze(adventure, scout, "careful-bottom")
    assert bottom["exact"] == {"vault": "1/4", "tunnel": "3/8", "buried": "3/8"}
    worst = analyze(adventure, scout, "worst", quick_first=False)
    assert [(c["play"], c["goal"]) for c in worst["ceilings"]] == [("soonest-loss", 0.5), ("careful-bottom", 0.375)]
    assert worst["ceilings"][1]["victory_at_most"] == pytest.approx(0.625)
    assert worst["ceiling"]["play"] == "soonest-loss" and worst["ceiling"]["victory_at_most"] == pytest.approx(0.5)
    assert worst["method"] == "exact" and worst["goal_exact"] == "1/2"
    assert Fraction(worst["exact"]["buried"]) == Fraction(1, 2)
    assert worst["play"]["name"] == "worst"  # the search's play beats the ceiling's: it is the one shown
    _agrees(adventure, worst)


def test_careful_bottom_leaves_a_loop_the_careful_bot_would_leave():
    """The walk round the pond is the lightest option until it has been taken four times: then
    the bridge. Victory every time, in six states (the bank with 0-4 walks, and home)."""
    adventure, scout = _load(POND)
    found = analyze(adventure, scout, "careful-bottom")
    assert found["method"] == "exact" and found["exact"] == {"home": "1/1"} and found["states"] == 6


@pytest.mark.parametrize("policy", ["best", "worst"])
@pytest.mark.parametrize("states", [3, 8, 20])
def test_a_bounded_best_or_worst_play_keeps_its_fields_apart_and_agreeing(policy, states):
    adventure, scout = _load(MAZE)
    found = analyze(adventure, scout, policy, budget=Budget(max_states=states))
    _agrees(adventure, found)


@pytest.mark.parametrize("policy", ["best", "worst"])
def test_a_bounded_best_or_worst_play_names_the_endings_no_unexplored_state_can_reach(policy):
    """brawl.yaml cut at two states: the play named reaches neither ending in the part explored
    (its bound is 1), but the street lies ahead of the states it leaves unexplored, while the
    vault's key is never to be had: only the vault is listed, as the search graph's, in the JSON
    and in the text; a state more and the play reaches the street over 90% of the time."""
    adventure, who = _load(BRAWL)
    found = analyze(adventure, who, policy, budget=Budget(max_states=2))
    assert found["play"]["method"] == "bounded" and found["play"]["bound"] == 1.0
    assert found["endings"] == {"vault": 0.0, "street": 0.0}
    assert found["unreachable_endings"] == ["vault"], "the street might be reached: it is not listed"
    assert found["unreachable_endings_of"] == {"play": policy, "graph": "search", "states": found["play"]["states"]}
    _agrees(adventure, found)
    further = analyze(adventure, who, policy, budget=Budget(max_states=3))
    assert further["endings"]["street"] > 0.9, "the street, not listed, is reached once the search goes on"
    assert further["unreachable_endings"] == ["vault"]
    text = _text(found, adventure)
    assert (f"Ending vault is never reached with this play: neither the part explored nor any state left "
            f"unexplored in the {policy} play's search ({found['play']['states']} states) can come to it") in text
    assert "Ending street is never reached" not in text


def test_a_bounded_floor_told_is_the_graph_its_unreachable_endings_are_about():
    """pit.yaml cut at four states: careful-top's play, bounded, reaches victory more often than
    the search's best play found so far, so it is told, and the list is its own exploration's."""
    adventure, who = _load(HERE / "fixtures" / "pit.yaml")
    found = analyze(adventure, who, "best", budget=Budget(max_states=4))
    assert found["play"]["name"] == "careful-top" and found["play"]["method"] == "bounded"
    assert found["unreachable_endings_of"] == {"play": "careful-top", "graph": "floor",
                                               "states": found["floor"]["states"]}
    _agrees(adventure, found)


def test_goblin_market_quince_best_play_is_known_exactly_from_the_floor():
    """The case a GM met: careful-top wins every time (exact, 89 states), the search stops
    at once; the result said bound 1.0 and 0-100% ranges for five endings it also called
    unreachable and gave as 0/1. (The thrifty floor, explored first, wins every time too and
    keeps no choice off: it is careful-top's play, listed and told, and is not explored again.)"""
    adventure, quince = _load("goblin-market", "quince")
    found = analyze(adventure, quince, "best", budget=Budget(seconds=60), quick_first=False)
    assert found["floor"] == {**found["floor"], "play": "careful-top", "victory": 1.0, "method": "exact"}
    assert [f["play"] for f in found["floors"]] == ["careful-thrifty", "careful-top"]
    assert found["method"] == "exact" and found["goal_exact"] == "1/1" and found["bound"] == 0
    assert found["play"]["name"] == "careful-top" and found["play"]["method"] == "exact"
    assert found["exact"]["ending-home-by-dawn"] == "1/1" and "ranges" not in found
    assert len(found["unreachable_endings"]) == 5
    _agrees(adventure, found)
    text = _text(found, adventure)
    assert "The best play's chance of victory: exactly 100.00% (1/1)" in text
    assert "100 points wide" not in text and "–" not in text


def test_careful_bottom_never_takes_a_fight_menus_way_back():
    """In the guts-plus fixture's aim menu "back" is the careful bot's lightest option (1 against
    the aims' 2), and supply-ship's free flight made attack the lightest at the top: attack ->
    back -> attack never ended (every sampled run hit the step limit). careful-bottom takes the
    lightest of the rest."""
    import random

    from solo.engine.game import Game
    from solo.playtest.policies import make_policy

    adventure, rook = _load(HERE.parent / "fixtures" / "guts-fight.yaml")
    game = Game(adventure, seed=1, character=rook, quiet=True, alternatives=False)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.id.startswith("attack")))
    keys, weights = make_policy("careful", random.Random(0)).weigh(game)
    ids = {o.key: o.id for o in game.offered.options}
    assert ids[keys[weights.index(min(weights))]] == "back"
    picked, _ = make_policy("careful-bottom", random.Random(0)).weigh(game)
    assert [ids[k] for k in picked] == ["aim:head"]


_CEILING_CASES = [(STUDY, "scout"), (HERE.parent / "playtest" / "agree.yaml", "ace"),
                  (HERE.parent / "playtest" / "agree.yaml", "rook"), (HERE / "fixtures" / "hub.yaml", "scout"),
                  (LEDGE, "scout"), (HERE.parent / "playtest" / "broken" / "trapdoor.yaml", "scout")]


@pytest.mark.parametrize("path,pregen,name",
                         [(p, who, n) for p, who in _CEILING_CASES for n in ("careful-bottom", "soonest-loss")]
                         + [(HERE / "fixtures" / "moor.yaml", "scout", "soonest-loss")],  # careful-bottom wins there
                         ids=lambda v: getattr(v, "stem", v))
def test_the_ceiling_is_sound(path, pregen, name):
    """Every state of each ceiling bot's play is a state of the plain explorer with the same key,
    and the worst play's exact chance of another ending than victory from it is at least the bot's."""
    from solo.analyze.explore import Explorer
    from solo.analyze.policy_play import PolicyExplorer, floor_by_key
    from solo.analyze.solve import state_bounds, unexplored_mass

    adventure, character = _load(path, pregen)
    bot = PolicyExplorer(adventure, character, name, budget=Budget(max_states=300))
    ceilings = floor_by_key(bot, bot.explore(unexplored_mass, 0.0), False)
    assert ceilings, "the bot reaches another ending than victory somewhere"
    full = Explorer(adventure, character, policy="worst", keys=bot.keys)
    graph = full.explore()
    assert graph.complete
    lo, _, _ = state_bounds(graph, False)
    for key, value in ceilings.items():
        assert key in full.index, key
        assert value <= lo[full.index[key]] + 1e-9, key
