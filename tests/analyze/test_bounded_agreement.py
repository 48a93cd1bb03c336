"""A random-play analysis that can only be bounded agrees with sampled playthroughs by its ranges.

The walk below never repeats a state (the scene's text shows the steps walked, so the key keeps
the counter whole): no budget makes it exact, and exploration stops at the bound asked (half
the runs walk on at each step, so the open part after n steps is 2**-n). Each
ending's true chance lies in the range the analysis gives (the inn is 1/2 by symmetry: every
stop ends the game, the inn one of two); 1,500 seeded random runs fall within 3 standard
errors of each range (:func:`solo.analyze.agreement.gaps`, as ``bench/analyze_agreement.py``
compares bundled adventures with 10,000 runs).
"""

from __future__ import annotations

from solo.adventure import loader
from solo.analyze.agreement import gaps
from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.playtest.command import Options, playtest

WALK = """\
format: 1
id: long-walk
title: Long walk
system: guts-plus
start: road
characters:
  - id: ace
    name: Ace
    stats: {gumption: 2, utility: 1, thought: 2, slyness: 1}
variables:
  counters: {steps: 0}
scenes:
  road:
    title: Road
    text: "{steps} miles walked."
    choices:
      - text: Walk on
        effects: [{add: {steps: 1}}]
        goto: road
      - text: Run on
        effects: [{add: {steps: 2}}]
        goto: road
      - text: Stop at the inn
        goto: inn
      - text: Swim the river
        check:
          stat: gumption
          outcomes:
            success: {goto: home}
            failure: {goto: drowned}
  inn:
    title: Inn
    ending: {outcome: victory}
  home:
    title: Home
    ending: {outcome: victory}
  drowned:
    title: Drowned
    ending: {outcome: defeat}
"""

RUNS = 1500


def test_a_bounded_random_analysis_agrees_with_sampled_runs_by_its_ranges(tmp_path):
    path = tmp_path / "long_walk.yaml"
    path.write_text(WALK)
    adventure = loader.load(str(path)).adventure
    found = analyze(adventure, budget=Budget(seconds=60), bound=0.005)
    assert found["method"] == "bounded" and 0 < found["bound"] <= 0.005
    # stopped at the bound, not at the budget (it once went on for all of it: the open part of
    # the walk is always one state, and a small open part was finished however long it went on)
    assert found["stopped"].startswith("bound:")
    inn = found["ranges"]["inn"]
    assert inn["low"] <= 0.5 <= inn["high"]
    assert found["ranges"]["home"]["low"] + found["ranges"]["drowned"]["low"] <= 0.5 <= \
        found["ranges"]["home"]["high"] + found["ranges"]["drowned"]["high"]
    report = playtest(Options(adventure=str(path), runs=RUNS, seed=23, replay_dir=str(tmp_path)))
    far = gaps(found, report["endings"], RUNS)
    assert set(far) == {"inn", "home", "drowned"}
    assert max(far.values()) <= 3, far
