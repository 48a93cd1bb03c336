"""Awards of blessing dice left owed until a step reads the pool (solo/analyze/owed.py and the
Humanity, Blessed ``AnalysisOwes`` hook): the same answer as drawing them at once, fewer states."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.owed import Owed, ReadOwed, Tripwire
from solo.rules import registry

SPARK = """\
format: 1
id: owed
title: Owed
system: humanity-blessed
start: porch
characters:
  - id: ann
    name: Ann
    stats: {head: d4, hand: d4, heart: d6, home: d6, hurt: d4, hurry: d6, history: d4}
    resources: {blessings: [2]}
    extra: {best: home, lifestyle: Carefree, value_system: Virtue and Vice, abilities: [Tactful Speech], touchstones: [baking]}
scenes:
  porch:
    title: Porch
    choices:
      - text: Walk
        effects: [{award: {blessings: 1}}]
        goto: gate
  gate:
    title: Gate
    choices:
      - text: Climb
        check:
          stat: hand
          target: medium
          spark: head
          outcomes:
            success: {goto: over}
            failure: {goto: stuck}
  over:
    title: Over
    ending: {outcome: victory}
  stuck:
    title: Stuck
    ending: {outcome: defeat}
"""


def _both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[dict, dict]:
    from solo.rules.humanity_blessed import owed_blessings

    path = tmp_path / "owed.yaml"
    path.write_text(text)
    owing = analyze(loader.load(str(path)).adventure)
    monkeypatch.setattr(owed_blessings, "defers", lambda *args: False)
    drawn = analyze(loader.load(str(path)).adventure)
    monkeypatch.undo()
    return owing, drawn


def test_owed_blessing_dice_are_drawn_when_the_spark_reads_the_pool(tmp_path, monkeypatch):
    owing, drawn = _both(tmp_path, monkeypatch, SPARK)
    # both bounded only by the tail the gain's classes leave out (chains of many ones)
    assert owing["method"] == drawn["method"] == "bounded"
    assert owing["bound"] < 0.001 and drawn["bound"] < 0.001
    slack = owing["bound"] + drawn["bound"]
    assert abs(owing["endings"]["over"] - drawn["endings"]["over"]) <= slack
    # the spark was paid from the owed dice: with no pool the check is a plain d4 against 8
    rules = registry.get("humanity-blessed")
    path = tmp_path / "owed.yaml"
    character = loader.load(str(path)).adventure.characters[0].character("humanity-blessed")
    bare = float(rules.check_odds(character, {"stat": "hand", "target": "medium"}).success_chance())
    assert owing["endings"]["over"] > bare + 0.05
    # drawn at once, the porch and the lane split on every pool (and lucky number); owed, on
    # the lucky number alone until the gate
    assert owing["states"] * 5 < drawn["states"]


def test_a_tripwire_lets_gains_append_and_stops_every_read():
    guard = Owed(registry.get("humanity-blessed"))
    wire = Tripwire([3, 4], guard)
    wire.append(5)
    wire.extend([6])
    wire += [2]
    assert wire.drawn() == [3, 4, 5, 6, 2]
    for read in (len, list, sorted, bool, sum, lambda w: w[0], lambda w: 3 in w, lambda w: w == [1], tuple,
                 lambda w: w.copy(), lambda w: w.pop(), lambda w: w.sort(), repr):
        with pytest.raises(ReadOwed):
            read(wire)
    guard.asleep = True
    assert sorted(wire) == [2, 3, 4, 5, 6] and len(wire) == 5


def test_games_never_owe_only_the_analyzers_dice_do():
    from solo.rules.dice import Dice
    from solo.rules.humanity_blessed import owed_blessings, session

    rules = registry.get("humanity-blessed")
    path = Path(__file__).parent.parent.parent / "adventures" / "blessed-harvest.yaml"
    character = loader.load(str(path)).adventure.characters[0].character("humanity-blessed")
    dice = Dice(7)
    session.open_session(dice, character)
    rules.gain(dice, character, "blessings", 3)
    assert len(character.resources["blessings"]) >= 3 and owed_blessings.owed(character) == 0


def test_blessed_harvests_opening_splits_on_the_lucky_number_alone():
    """The porch awards three blessing dice before any step reads the pool: owed, the opening is
    one state per lucky number (none, or the higher of 2d10: 1/100, then (2n-1)/100 for n = 2..10),
    where drawn at once it was 1,751 per pregen."""
    from fractions import Fraction

    from solo.analyze.explore import AnalysisGame, Explorer
    from solo.analyze.snapshot import copy_state

    path = Path(__file__).parent.parent.parent / "adventures" / "blessed-harvest.yaml"
    adventure = loader.load(str(path)).adventure
    who = adventure.characters[0].character(adventure.system)
    explorer = Explorer(adventure, who)
    template = AnalysisGame(adventure, who)
    template.load(template.state, [])
    start = explorer._step(copy_state(template.state), explorer._start, -1, "")
    assert sorted(p for _, p in start) == [Fraction(1, 100)] + [Fraction(2 * n - 1, 100) for n in range(2, 11)]
    owed = {explorer.nodes[n].state.character.extra["session"]["owed"] for n, _ in start}
    assert owed == {3}


def test_a_route_through_owed_draws_replays_to_its_state(tmp_path, monkeypatch):
    """Explorer.replay runs each step as the explorer did: the award left owed, the spark's step
    with the owed dice drawn first; every state of the spark fixture is reached again."""
    from solo.analyze.explore import Explorer

    path = tmp_path / "owed.yaml"
    path.write_text(SPARK)
    adventure = loader.load(str(path)).adventure
    explorer = Explorer(adventure)
    explorer.explore()
    checked = 0
    for n, node in enumerate(explorer.nodes):
        if node.kind == "decision" or node.ending:
            assert explorer.keys.key(explorer.replay(n)) == node.key
            checked += 1
    assert checked > 10
