"""Humanity, Blessed Famous and Agreeable (book: Other Conditions), rule by rule: an Agreeable
defender's top face reads one lower in non-violent contests the one it is agreeable to attacks;
a famous player adds +dc2 against the less famous, once per character per session, never while
Uncool; the odds shown are those of the rolls."""

from __future__ import annotations

from fractions import Fraction

from solo.rules import registry
from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.tables import CORE_STATS

RS = registry.get("humanity-blessed")


def person(name: str, id_: str = "", conditions=(), extra=None, **dice: str) -> Character:
    character = Character(name=name, id=id_, system="humanity-blessed", stats={s: "d6" for s in CORE_STATS},
                          conditions=list(conditions), extra=dict(extra or {}))
    character.stats.update(dice)
    character.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 1], "big_win": True}
    return RS.prepare_character(character)


def win(attacker, defender, **params):
    return RS.contest_odds(attacker, defender, {"stat": "heart", **params}).outcomes["success"]


def test_an_agreeable_defender_rolls_as_with_an_ache_against_the_one_it_is_agreeable_to():
    me = person("Ada", "ada")
    reeve = person("Reeve", "reeve", extra={"agreeable": "you"})
    aching = person("Reeve", "reeve", conditions=["ache:heart"])
    plain = person("Reeve", "reeve")
    assert win(me, reeve) == win(me, aching) > win(me, plain)
    assert win(me, reeve, violent=True) == win(me, plain, violent=True)  # violence: no such thing
    other = person("Tom", "tom")
    assert win(other, reeve, by_player=False) == win(other, plain, by_player=False)  # not agreeable to Tom
    to_tom = person("Reeve", "reeve", extra={"agreeable": ["tom"]})
    assert win(other, to_tom, by_player=False) == win(other, aching, by_player=False)


def test_the_player_agreeable_to_an_npc_answers_its_non_violent_contest_so():
    reeve = person("Reeve", "reeve")
    me = person("Ada", "ada", conditions=["agreeable:reeve"])
    aching = person("Ada", "ada", conditions=["ache:heart"])
    hold = RS.contest_odds(me, reeve, {"stat": "heart", "defending": True}).outcomes["success"]
    assert hold == RS.contest_odds(aching, reeve, {"stat": "heart", "defending": True}).outcomes["success"]
    assert hold < RS.contest_odds(person("Ada", "ada"), reeve, {"stat": "heart", "defending": True}).outcomes["success"]


def test_an_agreeable_defenders_six_reads_five():
    me, reeve = person("Ada", "ada"), person("Reeve", "reeve", extra={"agreeable": ["you"]})
    dice = Dice(1)
    dice.force(6, 6)  # a tie would hold; the reeve's 6 reads 5
    record = RS.contest(dice, me, reeve, {"stat": "heart"})
    assert record.success and record.details["opponent_total"] == 5
    assert {"code": "agreeable"} in record.steps


def fame_odds(me_die: str, them_die: str) -> Fraction:
    bound = 80
    a = bumping.total_pmf(bumping.single(bumping.parse_die(me_die)), bound)
    b = bumping.total_pmf(bumping.single(bumping.capped_die(2)), bound)
    d = bumping.total_pmf(bumping.single(bumping.parse_die(them_die)), bound)
    mine: dict[int, Fraction] = {}
    for x, pa in a.items():
        for y, pb in b.items():
            mine[x + y] = mine.get(x + y, Fraction(0)) + pa * pb
    return sum((p * pd for x, p in mine.items() for z, pd in d.items() if x > z), Fraction(0))


def test_a_famous_player_adds_dc2_against_the_less_famous_once_a_session():
    me = person("Ada", "ada", conditions=["famous"], heart="d6")
    bard = person("Bard", "bard", extra={"famous": 2}, heart="d8")
    reeve = person("Reeve", "reeve", heart="d8")
    plain = win(person("Ada", "ada", heart="d6"), reeve)
    exerted = win(me, reeve)
    assert abs(exerted - fame_odds("d6", "d8")) < Fraction(1, 10**12) and exerted > plain
    assert win(me, bard) == win(person("Ada", "ada", heart="d6"), bard)  # the bard is more famous
    assert win(person("Ada", "ada", conditions=["famous:3"], heart="d6"), bard) == exerted
    assert win(person("Ada", "ada", conditions=["famous", "uncool"], heart="d6"), reeve) == win(
        person("Ada", "ada", conditions=["uncool"], heart="d6"), reeve)
    dice = Dice(2)
    dice.force(3, 2, 5)  # 3, +dc2 shows 2: 5 against 5 holds for the reeve
    record = RS.contest(dice, me, reeve, {"stat": "heart"})
    assert record.total == 5 and not record.success
    assert {"code": "famous", "die": "dc2", "value": 2} in record.steps
    assert me.extra["session"]["fame_used"] == ["reeve"]
    assert win(me, reeve) == plain  # once a session against the same character
