"""Synchronized Enmity played through an adventure (tests/fixtures/hb-synchronized.yaml): a
contest written ``synchronized: true`` costs two blessing dice of equal worth and both sides'
dice bump together, so the two chains always run the same number of rounds; the odds offered
are the exact odds of such a roll (and they differ from the plain contest's); without the
abilities, or with no pair to pay, the contest is rolled as usual and the roll says why.
"""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.adventure.odds import spec_odds
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping, enmity

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-synchronized.yaml"
RS = registry.get("humanity-blessed")
STARE = 3  # the choice index of the synchronized contest


def _game(path: Path = FIXTURE, seed: int = 5, pool=(4, 4, 6)) -> Game:
    game = Game(loader.load(path).adventure, seed=seed)
    game.start()
    game.character.resources["blessings"] = list(pool)
    return game


def _roll(events) -> dict:
    return next(e for e in (e.to_dict() for e in events) if e["type"] == "roll")["record"]


def test_synchronized_is_for_contests_and_a_defence_refuses_it_by_file_and_line(tmp_path):
    assert [p for p in validate_path(FIXTURE) if p.severity == "error"] == []
    text = FIXTURE.read_text()
    for new in (text.replace("          opponent_stat: hand\n          synchronized: true\n",
                             "          opponent_stat: hand\n          synchronized: true\n          defending: true\n"),
                text.replace("          spark_with: moll\n", "          spark_with: moll\n          synchronized: true\n")):
        assert new != text
        bad = tmp_path / "bad.yaml"
        bad.write_text(new)
        found = [p for p in validate_path(bad) if p.severity == "error"]
        assert found and all(p.line for p in found)


def test_a_synchronized_contest_is_offered_at_its_exact_odds_paid_and_rolled_in_step():
    for seed in range(12):
        game = _game(seed=seed)
        adventure, me = game.adventure, game.character
        spec = adventure.scenes["lane"].choices[STARE].check
        synced = spec_odds(adventure, RS, me, spec).success_chance()
        watch = RS.prepare_character(adventure.npcs["watch"].character(adventure.system))
        plain = RS.contest_odds(me, watch, {"stat": "head", "opponent_stat": "hand"}).success_chance()
        assert synced != plain
        assert {o.id: o.hint for o in game.offered.options}[f"choice-{STARE}"] == \
            f"Head vs The night watch: {percent(synced)} success"
        record = _roll(game.choose(str(STARE + 1)))
        details = record["details"]
        assert details["enmity_paid"] == [4, 4] and me.resources["blessings"] == [6]
        assert len(details["rounds"]) == len(details["opponent_rounds"])  # they bump together
        assert {"code": "enmity", "paid": [4, 4], "who": "The night watch"} in record["steps"]


def test_without_a_pair_or_the_abilities_the_contest_is_rolled_as_usual_and_says_why(tmp_path):
    game = _game(pool=(4, 5, 6))
    adventure, me = game.adventure, game.character
    spec = adventure.scenes["lane"].choices[STARE].check
    watch = RS.prepare_character(adventure.npcs["watch"].character(adventure.system))
    plain = RS.contest_odds(me, watch, {"stat": "head", "opponent_stat": "hand"})
    assert spec_odds(adventure, RS, me, spec).outcomes == plain.outcomes
    record = _roll(game.choose(str(STARE + 1)))
    assert {"code": "no-enmity", "why": "no-pair"} in record["steps"] and me.resources["blessings"] == [4, 5, 6]
    lone = tmp_path / "lone.yaml"
    lone.write_text(FIXTURE.read_text().replace("[Synchronized Spark, Synchronized Enmity]", "[Synchronized Enmity]"))
    record = _roll(_game(lone).choose(str(STARE + 1)))
    assert {"code": "no-enmity", "why": "no-ability"} in record["steps"]


def test_the_exact_margin_is_symmetric_between_equal_dice_and_matches_rolling_in_step():
    d6, d8 = (bumping.single(bumping.parse_die(n)) for n in ("d6", "d8"))
    weights, base, rounds = enmity.natural_margin(d6, d6)
    assert all(weights.get(m, 0) == weights.get(-m, 0) for m in weights)
    weights, base, rounds = enmity.natural_margin(d8, d6)
    den = base**rounds
    win = sum(w for m, w in weights.items() if m > 0) / den
    dice, n, won = Dice(7), 20000, 0
    for _ in range(n):
        first = bumping.roll(dice, d8)
        more, _, theirs = enmity.roll_together(dice, d8, first.rounds, d6)
        mine = first.natural + sum(sum(r) for r in more)
        won += mine > theirs.natural
    assert abs(won / n - win) < 0.015  # about 4.5 standard errors
