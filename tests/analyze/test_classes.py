"""Outcome classes: procedures run alone per dice script and grouped by what later steps read."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze import classes as cl
from solo.analyze import outcomes
from solo.analyze.command import analyze
from solo.rules import registry

ROOT = Path(__file__).resolve().parents[2]  # the tests read files by path wherever pytest runs

SEARCH = """\
format: 1
id: search
title: Search
system: game
start: desk
characters:
  - id: brand
    name: Brand
    stats: {Hack/Slash: 3, Lift/Smash: 3, Throw/Ensnare: 1, Shoot/Fire: 1, Bargain/Appraise: 1,
            Perception/Track: 3, Social/Etiquette: 1, Wilderness/Escape: 1, Block/Dodge: 2,
            Leap/Tumble: 1, Ride/Pilot: 1, Sneak/Hide: 1, Alchemy: 1, Chemstry: 1, Machinery: 1,
            Transmutery: 1}
scenes:
  desk:
    title: The Desk
    text: A locked desk.
    choices:
      - text: Search it
        check:
          stat: Perception/Track
          difficulty: challenging
          outcomes:
            success: {goto: sorted}
            failure: {goto: empty}
  sorted:
    title: Found
    text: Something.
    choices:
      - text: Read it
        if: roll.excess >= 1
        goto: deep
      - text: Leave
        goto: shallow
  deep:
    title: Deep
    ending: {outcome: victory, summary: All of it.}
  shallow:
    title: Shallow
    ending: {outcome: mixed, summary: Some of it.}
  empty:
    title: Empty
    ending: {outcome: defeat, summary: Nothing.}
"""


def test_a_pool_is_grouped_by_what_is_read_of_it_with_exact_shares():
    found = cl.enumerate_classes(lambda dice: sum(dice.rolls(2, 6)) >= 8, lambda hit: hit)
    assert sorted(p for p, _ in found.found) == [Fraction(15, 36), Fraction(21, 36)]
    assert found.rest == 0
    assert found.runs == 1 + 21  # the empty script, then each multiset of 2d6 once


def test_ordered_pools_are_drawn_die_by_die():
    # the first die of the pool is marked: reading it needs the order, which multisets lose
    found = cl.enumerate_classes(lambda dice: dice.rolls(2, 6)[0] == 6, lambda hit: hit, ordered=True)
    assert sorted(p for p, _ in found.found) == [Fraction(1, 6), Fraction(5, 6)]


def test_a_step_past_the_cap_leaves_its_least_likely_scripts_as_the_rest():
    found = cl.enumerate_classes(lambda dice: sum(dice.roll(6) for _ in range(4)), lambda total: total, max_runs=400)
    # most likely first: the 259 prefixes (1 + 6 + 36 + 216) come before any whole run of 4d6
    assert found.rest == 1 - Fraction(400 - 259, 6**4)
    assert sum(p for p, _ in found.found) + found.rest == 1
    assert found.choices()[-1] == (-1, found.rest)


def test_an_error_in_some_scripts_is_a_class_of_its_own():
    def run(dice):
        if dice.roll(6) == 1:
            raise ValueError("a one")
        return "fine"

    found = cl.enumerate_classes(run, lambda v: v)
    assert sorted(p for p, _ in found.found) == [Fraction(1, 6), Fraction(5, 6)]


def test_replaying_a_class_draws_its_script():
    found = cl.enumerate_classes(lambda dice: max(dice.rolls(3, 6)), lambda top: top)
    for p, script in found.found:
        top = max(cl.Replay(list(script), fallback=object()).rolls(3, 6))  # type: ignore[arg-type]
        assert top == max(script[0])


def test_a_check_whose_excess_is_read_is_exact_and_split_by_excess(tmp_path):
    (tmp_path / "search.yaml").write_text(SEARCH)
    adventure = loader.load(str(tmp_path / "search.yaml")).adventure
    found = analyze(adventure)
    assert found["method"] == "exact", found.get("notes")
    # a random player who succeeds picks "Read it" half the time when the excess allows it
    ruleset = registry.get("game")
    person = adventure.characters[0].character("game")
    odds = ruleset.check_odds(ruleset.prepare_character(person), {"stat": "Perception/Track", "difficulty": "challenging"})
    deep = sum((p for excess, p in odds.distributions["excess"].items() if excess >= 1), Fraction(0))
    assert Fraction(found["exact"]["deep"]) == deep / 2
    assert Fraction(found["exact"]["empty"]) == 1 - odds.success_chance()


def test_loose_fuzzy_contest_odds_with_an_exploding_tail_give_it_to_the_unexplored_share():
    adventure = loader.load(str(ROOT / "adventures" / "lantern-fen.yaml")).adventure
    ruleset = registry.get("loose-fuzzy")
    person = ruleset.prepare_character(adventure.characters[0].character("loose-fuzzy"))
    spec = next(c.check for c in adventure.scenes["tansy-hut"].choices if c.check is not None and c.check.kind == "contest")
    found = outcomes.outcome_classes(adventure, ruleset, person, spec)
    assert sum(found.values()) == 1
    assert 0 < found[outcomes.TAIL] < Fraction(1, 10**12)  # once refused outright, now a bound
    assert found[("success", "success")] > Fraction(1, 10)


def test_bounded_ranges_agree_with_sampled_runs_and_a_wrong_figure_does_not(tmp_path):
    from solo.analyze.agreement import gaps
    from solo.playtest.command import Options, playtest

    path = str(ROOT / "tests" / "playtest" / "agree.yaml")
    adventure = loader.load(path).adventure
    person = adventure.characters[0]
    found = analyze(adventure, person.character(adventure.system), max_states=15, sample=False)  # of 20 states
    assert found["method"] == "bounded" and found["bound"] < 0.5
    runs = 1000
    report = playtest(Options(adventure=path, runs=runs, seed=5, pregen=person.id, replay_dir=str(tmp_path)))
    assert max(gaps(found, report["endings"], runs).values()) <= 3
    shifted = {**found, "ranges": {e: {"low": min(1.0, r["low"] + 0.2), "high": min(1.0, r["high"] + 0.2)}
                                   for e, r in found["ranges"].items()}}
    assert max(gaps(shifted, report["endings"], runs).values()) > 3


def test_what_a_fights_result_branches_read_is_kept_in_the_state(tmp_path):
    from solo.analyze.explore import KeyMaker

    text = (ROOT / "tests" / "playtest" / "broken" / "brawl.yaml").read_text().replace(
        "won: {goto: street}", 'won: {goto: street, text: "{visited(\\"alley-b\\") and \\"Back again.\\" or \\"\\"}"}')
    (tmp_path / "b.yaml").write_text(text)
    keys = KeyMaker(loader.load(str(tmp_path / "b.yaml")).adventure)
    assert keys.asked == frozenset({"alley-b"})
