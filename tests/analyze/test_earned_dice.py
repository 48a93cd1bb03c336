"""Blessing dice a Humanity, Blessed check earns, when a later step reads the pool: the
analyzer's answer held to a brute force over every die face of the real rules.

A check rolled by label once took one representative roll per label, which either hit the lucky
number (and earned a die of one value) or not, for the whole label: with a spark after it the
answer came out 3.5% and was called exact, where the rules give under 1%. Now such a check is
split by what it earns and the earned dice are owed until the spark reads the pool
(solo/rules/humanity_blessed/session.py, solo/analyze/explore.py).

The reference plays the rules directly (no engine, no analyzer): every lucky number with its
probability, counted face by face; then every sequence of faces of the first check, its bumps
and the earned dice's chains walked down to a floor (tests/support/every_roll.py), each leaving
a pool; then for each pool the spark's check by the ruleset's exact odds (``check_odds``, held
to the rolling code by the odds tests: a brute force of the spark's roll itself needs millions of
paths to get within 2% here). What the floor leaves out bounds the reference, as the analyzer's
left-out tails bound its answer: the two ranges must overlap, each narrower than 1e-4.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from every_roll import distribution

from solo.adventure import loader
from solo.adventure.model import Adventure
from solo.analyze.command import analyze
from solo.analyze.outcomes import play_roll
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.base import Character

from .test_owed_draws import SPARK

#: test_owed_draws's spark fixture with the walk made a heart check instead of an award.
EARNED = SPARK.replace("""\
        effects: [{award: {blessings: 1}}]
        goto: gate
""", """\
        check:
          stat: heart
          target: easy
          outcomes:
            success: {goto: gate}
            failure: {goto: gate}
""")

FLOOR = Fraction(1, 10**9)


def _lucky_numbers() -> list[tuple[int | None, Fraction]]:
    """The higher of 2d10, none on a double 1, counted face by face."""
    found: dict[int | None, Fraction] = {}
    for a in range(1, 11):
        for b in range(1, 11):
            number = None if (a, b) == (1, 1) else max(a, b)
            found[number] = found.get(number, Fraction(0)) + Fraction(1, 100)
    return sorted(found.items(), key=lambda kv: kv[0] or 0)


def _check(adventure: Adventure, scene: str):
    spec = adventure.scenes[scene].choices[0].check
    assert spec is not None
    return spec, dict(spec.params)


def reference(adventure: Adventure) -> tuple[Fraction, Fraction]:
    """P(over) from the rules, as (the probability found, what the floor left out)."""
    rules = registry.get("humanity-blessed")
    pregen = adventure.characters[0].character(adventure.system)
    game = Game(adventure, seed=1, character=pregen, quiet=True)
    game.start()  # the character as the engine prepares it (its session replaced below)
    walk, walk_params = _check(adventure, "porch")
    _, climb_params = _check(adventure, "gate")
    left_by: dict[str, Character] = {}  # each character the first check leaves, by its plain data

    def after_walk(who: Character):
        def play(dice):
            me = Character.from_dict(who.to_dict())
            record = play_roll(rules, dice, me, None, walk_params, walk)
            rules.experience(record, me)
            plain = repr(me.to_dict())
            left_by.setdefault(plain, me)
            return plain
        return play

    over = left = Fraction(0)
    for lucky, p in _lucky_numbers():
        who = Character.from_dict(game.character.to_dict())
        who.extra["session"] = {"lucky_number": lucky, "lucky_faces": [], "big_win": False}
        walked = distribution(after_walk(who), floor=FLOOR)
        left += p * walked.unexplored
        for plain, q in walked.probabilities.items():
            odds = rules.check_odds(left_by[plain], climb_params)
            assert not odds.truncated
            over += p * q * Fraction(odds.success_chance())
    return over, left


def test_a_spark_after_a_check_that_earned_blessing_dice_has_the_odds_of_every_face(tmp_path):
    assert "award" not in EARNED and "stat: heart" in EARNED
    path = tmp_path / "earned.yaml"
    path.write_text(EARNED)
    adventure = loader.load(str(path)).adventure
    found = analyze(adventure)
    over, left = reference(loader.load(str(path)).adventure)
    assert left < Fraction(1, 10**4)
    ranges = found.get("ranges") or {}
    low = ranges["over"]["low"] if ranges else found["endings"]["over"]
    high = ranges["over"]["high"] if ranges else found["endings"]["over"]
    # under 1% (0.9602%): the representative roll of base10 made it 3.5%, and called it exact
    assert low - 1e-6 <= float(over + left) and float(over) <= high + 1e-6, (low, high, float(over), float(left))
    assert 0.009 < float(over) < 0.0098
    # the analyzer leaves out the earned dice's longest chains of ones (below 1e-6 each): bounded
    assert found["method"] == "bounded" and found["bound"] < 1e-4
