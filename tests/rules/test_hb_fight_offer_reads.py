"""A Humanity, Blessed fight marks the reads of the pool that only decide which answers it offers
(solo/rules/offer_reads.py), as its endeavours do: its decision, and the check of the key answered
against it. The promise those marks make holds: more blessing dice never take an answer away
(a spark, Help with more dice, a menu that holds them: each only added). For a bot's play the
analyzer lets such reads see the dice drawn so far (solo/analyze/owed.py), so a fight met with
dice owed offers its answers without drawing them; a roll's classes keyed by a pool still owed
read its values drawn (solo/rules/memo.py), never fail on it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.owed import Owed, ReadOwed, Tripwire
from solo.engine.game import Game
from solo.rules.memo import key as memo_key

YARD = """\
format: 1
id: yard
title: Yard
system: humanity-blessed
start: yard
characters:
  - id: ann
    name: Ann
    stats: {head: d6, hand: d6, heart: d6, home: d6, hurt: d6, hurry: d6, history: d4}
    resources: {blessings: [3, 2]}
    extra: {best: home, lifestyle: Carefree, value_system: Virtue and Vice, abilities: [Tactful Speech], touchstones: [baking]}
npcs:
  - id: rat
    name: The Rat
    stats: {hurt: d6, hurry: d6, head: d4}
  - id: crow
    name: The Crow
    stats: {hurt: d4, hurry: d8}
scenes:
  yard:
    title: Yard
    conflict:
      procedure: fight
      opponents: [rat, crow]
      params: {surrender: false}
      outcomes:
        won: over
        lost: over
        fled: over
  over:
    title: Over
    ending: {outcome: victory}
"""
POOLS = ([], [1], [2, 2], [4, 1, 1])


@pytest.fixture(scope="module")
def yard(tmp_path_factory):
    path = tmp_path_factory.mktemp("hb_fight_offer_reads") / "yard.yaml"
    path.write_text(YARD)
    return loader.load(path).adventure


def _decisions(yard, seeds=range(3), steps=24):
    """Each fight decision met in seeded random games: (game, rules, setup, state)."""
    for seed in seeds:
        game = Game(yard, seed=seed)
        game.start()
        pick = random.Random(seed)
        for _ in range(steps):
            if game.offered is None or game.offered.kind != "conflict":
                break
            data = game.state.pending.data
            spec = yard.scenes[data["scene"]].conflict
            yield game, game.conflicts.rules(spec), game.conflicts.setup(spec, game.conflicts.restore(data)), data["state"]
            game.choose(pick.choice(game.offered.enabled_keys()))


def _keys(rules, setup, state, pool):
    setup.player.character.resources["blessings"] = list(pool)
    found = rules.decision(setup, state)
    return {a.key for a in found.actions}, {a.key for a in found.actions if a.enabled}


def test_more_blessing_dice_never_take_an_answer_away(yard):
    kinds = set()
    for game, rules, setup, state in _decisions(yard):
        kept = list(game.character.resources["blessings"])
        kinds.add((state["ask"]["kind"], state["ask"].get("menu")))
        for pool in POOLS:
            shown, enabled = _keys(rules, setup, state, pool)
            for more in (1, 4):
                shown_more, enabled_more = _keys(rules, setup, state, pool + [more])
                assert shown <= shown_more and enabled <= enabled_more, (state["ask"], pool, more)
        game.character.resources["blessings"] = kept
    assert {"declare", "defend", "react"} <= {kind for kind, _ in kinds}, kinds  # the asks that read the pool


def test_a_bots_play_reads_the_dice_drawn_so_far_in_a_fights_decision_and_its_act(yard):
    game, rules, setup, state = next(_decisions(yard))
    guard = Owed(game.ruleset)
    character = setup.player.character
    character.resources["blessings"] = Tripwire([3, 2], guard)
    with pytest.raises(ReadOwed):  # the plain explorer draws them first
        rules.decision(setup, state)
    guard.offer_reads = True
    offered = rules.decision(setup, state)
    character.resources["blessings"] = [3, 2]
    assert [a.key for a in offered.actions] == [a.key for a in rules.decision(setup, state).actions]
    character.resources["blessings"] = Tripwire([3, 2], guard)
    try:  # the attack's roll reads the pool (its classes are keyed by it) or plays without it
        rules.act(game.dice, setup, state, next(a.key for a in offered.actions if a.key.startswith("attack:")))
    except ReadOwed:
        pass
    # the analyzer's roll classes key the fighters as the roll leaves them: a pool still owed by
    # its values drawn, apart from the same values drawn with nothing owed
    character.resources["blessings"] = Tripwire([3, 2], guard)
    owing = memo_key(character)
    character.resources["blessings"] = [3, 2]
    assert owing != memo_key(character)
