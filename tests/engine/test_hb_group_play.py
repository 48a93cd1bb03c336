"""Humanity, Blessed group contests played through an adventure (tests/fixtures/hb-group.yaml):
a side of several characters rolls its stat each and the side's roll is the median (book:
Group Checks and Contests), on the player's side (``group_with``), the opponent's
(``opponent_group_with``) or both, attacking or defending; the odds on offer are exact."""

from __future__ import annotations

import itertools
import json

import pytest

from solo.adventure import loader
from solo.adventure.odds import percent, success_chance
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules.humanity_blessed import bumping


@pytest.fixture
def quay(fixtures):
    return loader.load(fixtures / "hb-group.yaml").adventure


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-group.yaml") if p.severity == "error"] == []


def rolled(events):
    """The roll's record, as the JSON stream and a save carry it (so it must be JSON)."""
    return json.loads(json.dumps(next(e.to_dict()["record"] for e in events if e.type == "roll")))


def totals(*dice: str, upto: int = 45) -> list[dict[int, float]]:
    return [{v: float(p) for v, p in bumping.total_pmf(bumping.single(bumping.parse_die(d)), upto).items()}
            for d in dice]


def median_by_enumeration(pmfs: list[dict[int, float]]) -> dict[int, float]:
    """The side's roll by brute force: every combination of the members' totals, the median
    taken as the book's table says (2 rolls: the highest; 3: the second highest)."""
    rank = {1: 1, 2: 1, 3: 2}[len(pmfs)]
    out: dict[int, float] = {}
    for combo in itertools.product(*(pmf.items() for pmf in pmfs)):
        value = sorted((v for v, _ in combo), reverse=True)[rank - 1]
        p = 1.0
        for _, q in combo:
            p *= q
        out[value] = out.get(value, 0.0) + p
    return out


def win_chance(mine: dict[int, float], theirs: dict[int, float]) -> float:
    return sum(pa * pd for a, pa in mine.items() for d, pd in theirs.items() if a > d)


def test_the_offers_carry_the_exact_odds_of_each_sides_median(quay):
    game = Game(quay, seed=1)
    game.start()
    # Ada (hand d8), Pip (d4), Tom (d10) against the foreman (d8), a docker (d6), his lad (d4)
    haul = win_chance(median_by_enumeration(totals("d8", "d4", "d10")),
                      median_by_enumeration(totals("d8", "d6", "d4")))
    # Ada alone (heart d6) against the foreman (d8) and the docker (d4): their higher roll
    shout = win_chance(median_by_enumeration(totals("d6")), median_by_enumeration(totals("d8", "d4")))
    # the crew rushes the gate (hurt d8, d6, d4); Ada and Pip hold it with Hurry (d6, d8): a tie holds
    attack = median_by_enumeration(totals("d8", "d6", "d4"))
    hold = 1 - win_chance(attack, median_by_enumeration(totals("d6", "d8")))
    for index, expected in enumerate((haul, shout, hold)):
        spec = quay.scenes["quay"].choices[index].check
        chance = success_chance(quay, game.ruleset, game.character, spec)
        assert float(chance) == pytest.approx(expected, abs=1e-9)
        assert game.offered.options[index].hint.endswith(f"{percent(chance)} success")
    assert haul < 0.5 < hold  # three against three is near even; the defenders' ties tip the gate


def side_median(record, prefix=""):
    rolls = [m["total"] for m in record["details"][prefix + "group"]]
    rank = {2: 1, 3: 2}[len(rolls)]
    return sorted(rolls, reverse=True)[rank - 1]


@pytest.mark.parametrize("seed", range(4))
def test_each_side_rolls_its_members_and_the_median_decides(quay, seed):
    game = Game(quay, seed=seed)
    game.start()
    events = game.choose("1")
    record = rolled(events)
    assert [m["name"] for m in record["details"]["group"]] == ["Ada Quill", "Pip", "Tom"]
    assert [m["name"] for m in record["details"]["opponent_group"]] == ["The foreman", "A docker", "The docker's lad"]
    assert record["total"] == side_median(record)
    assert record["details"]["opponent_total"] == side_median(record, "opponent_")
    assert record["success"] == (record["total"] > record["details"]["opponent_total"])
    assert [s["code"] for s in record["steps"]].count("group-median") == 2
    said = [e.to_dict()["text"] for e in events if e.type == "text"]
    assert said == ([f"The rope is yours ({record['details']['size']})."] if record["success"]
                    else ["The crew drags it off."])


@pytest.mark.parametrize("seed", range(4))
def test_a_group_holding_the_gate_holds_on_a_tie_of_medians(quay, seed):
    game = Game(quay, seed=seed)
    game.start()
    record = rolled(game.choose("3"))
    assert record["details"]["defending"]
    assert [m["name"] for m in record["details"]["group"]] == ["Ada Quill", "Pip"]
    assert len(record["details"]["opponent_group"]) == 3
    assert record["total"] == side_median(record)  # two rolls: the higher
    assert record["details"]["opponent_total"] == side_median(record, "opponent_")
    assert record["success"] == (record["total"] >= record["details"]["opponent_total"])


def write(tmp_path, fixtures, old: str, new: str):
    text = (fixtures / "hb-group.yaml").read_text().replace(old, new)
    assert new in text
    path = tmp_path / "quay.yaml"
    path.write_text(text)
    return [(p.line, p.code, p.message) for p in validate_path(path) if p.severity == "error"]


def test_the_validator_names_the_line_of_a_bad_group(tmp_path, fixtures):
    assert write(tmp_path, fixtures, "opponent_group_with: [docker]", "opponent_group_with: [foreman]") == [
        (47, "bad-check", "opponent_group_with: 'foreman' is the opponent, who rolls already")]
    (problem,) = write(tmp_path, fixtures, "opponent_group_with: [docker]", "opponent_group_with: [dockr]")
    assert problem[:2] == (47, "unknown-npc")
    (problem,) = write(tmp_path, fixtures, "group_with: [pip]", "group_with: [lad]")
    assert problem[:2] == (56, "assist-not-companion")


def test_a_game_saved_after_group_contests_is_json_and_resumes_the_same(quay):
    game = Game(quay, seed=5)
    game.start()
    for key in "123":
        game.choose(key)
    saved = json.loads(json.dumps(game.snapshot()))  # the companions rolled are kept as data
    again = Game.resume(quay, saved)
    assert json.loads(json.dumps(again.snapshot())) == saved
    assert [o.text for o in again.offered.options] == [o.text for o in game.offered.options]
