"""GUTS+ through play: fixture adventures driven by the engine, and `solo odds`/`solo roll`.

Each test here is about a rule as a player meets it (issue 9): pooled bonus pips, learning
awards, mastery, assisting in contests, the inventory and voluntary failure.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.engine.game import InvalidDecision

# -- an independent reading of the digest, written plainly --------------------------------------

WORST_TO_BEST = ["negative-impact", "failure", "near-success", "success", "positive-impact"]


def plain_read(values) -> str:
    dice = list(values)
    while 6 in dice and 1 in dice:
        dice.remove(6)
        dice.remove(1)
    if not dice:
        return "near-success"
    names = {1: "negative-impact", 2: "failure", 3: "near-success", 4: "success", 5: "success",
             6: "positive-impact"}
    for label, count in Counter(names[v] for v in dice).items():
        if 2 * count > len(dice):
            return label
    good = sum(v >= 4 for v in dice)
    bad = sum(v <= 2 for v in dice)
    if bad > good:
        return "failure"
    return "success" if good else "near-success"


def plain_best(values, pips) -> str:
    """The best reading over every way to place ``pips`` (all of them, unless every die is 6)."""
    placed = min(pips, sum(6 - v for v in values))
    readings = [plain_read([v + a for v, a in zip(values, alloc)])
                for alloc in itertools.product(*(range(7 - v) for v in values))
                if sum(alloc) == placed]
    return max(readings, key=WORST_TO_BEST.index)


def plain_doubles(faces) -> int:
    return sum(faces.count(v) // 2 for v in range(2, 7))


def test_solo_odds_four_dice_positive_impact_is_1909_over_7776_by_plain_enumeration():
    result = CliRunner().invoke(cli, ["odds", "guts-plus", "--dice", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"]["positive-impact"] == "1909/7776"
    # every ordered roll of 4 dice and of its bonus dice, pips pooled and placed the best way;
    # the placement reads only the dice as a multiset and the pips' total, so it is worked out
    # once for each of those (the same weights; 0.9 s of CPU when worked out for every roll)
    rolls = Counter(tuple(sorted(faces)) for faces in itertools.product(range(1, 7), repeat=4))
    weights: Counter = Counter()
    for faces, ways in rolls.items():
        bonus = plain_doubles(faces)
        totals = Counter(sum(extra) for extra in itertools.product(range(1, 7), repeat=bonus))
        for pips, extra_ways in totals.items():
            weights[plain_best(faces, pips)] += ways * extra_ways * 6 ** (2 - bonus)
    assert max(plain_doubles(faces) for faces in rolls) == 2
    counts = {k: Fraction(w, 6 ** 6) for k, w in weights.items()}
    assert {k: f"{v.numerator}/{v.denominator}" for k, v in counts.items()} == data["exact"]


def test_solo_roll_takes_every_bonus_die_and_places_the_pool_by_the_best_split():
    pooled = 0
    for seed in range(40):
        result = CliRunner().invoke(cli, ["roll", "guts-plus", "--dice", "5", "--seed",
                                          str(seed), "--json"])
        assert result.exit_code == 0, result.output
        details = json.loads(result.output)["details"]
        assert details["bonus_left"] == 0 and "pending_bonus" not in details
        assert len(details["bonus"]) == plain_doubles(json.loads(result.output)["dice"])
        if not details["bonus"]:
            continue
        before = [v - s for v, s in zip(details["values"], details["placement"]["split"])]
        pips = sum(b["die"] for b in details["bonus"])
        assert details["placement"]["pips"] == pips
        assert plain_read(details["values"]) == plain_best(before, pips)
        pooled += len(details["bonus"]) > 1
    assert pooled  # some seed rolled two doubles, so two dice were pooled


# -- the workshop: a fixture adventure played through the engine --------------------------------

PRACTISE, READ, TUNE, PUSH, LIFT, WRESTLE, LOCKER, SPANNER, SATCHEL = (
    f"choice-{n}" for n in range(9))


def workshop(fixtures, who: str = "cadet", character=None, seed: int = 5):
    from solo.adventure import loader
    from solo.engine.game import Game

    adventure = loader.load(fixtures / "guts-rules.yaml").adventure
    game = Game(adventure, seed=seed, character=character)
    game.start()
    if character is None:
        game.choose(who)
    assert game.offered.kind == "scene"
    return game


def of_type(events, kind):
    return [e for e in events if e.type == kind]


def test_a_learning_award_names_its_quality_and_counts_in_play(fixtures):
    game = workshop(fixtures)
    events = game.choose(PRACTISE)
    assert [e.text for e in of_type(events, "rules")] == ["welding: learning experience 1/10"]
    (award,) = of_type(events, "award")
    assert (award.resource, award.amount, award.total) == ("learning", 1, {"welding": 1})
    # the next check (which used to raise a TypeError) rolls and reads as usual
    game.dice.force(4, 4)
    game.choose(LIFT)  # a check rolls at once
    assert game.offered.kind == "roll"
    game.choose("keep")
    assert game.state.rolls[-1]["outcome"] == "success"
    # the objective's award gives learning too, and ten raise the quality
    events = game.choose(READ)
    assert "welding: learning experience 2/10" in [e.text for e in of_type(events, "rules")]
    for _ in range(8):
        events = game.choose(PRACTISE)
    assert "welding rises to 2 (10 learning experiences)" in [e.text for e in of_type(events, "rules")]
    assert game.character.stats["welding"] == 2
    assert game.character.resources["learning"] == {"welding": 0}


def test_a_learning_award_for_a_quality_a_stored_character_lacks_is_a_note_not_a_crash(fixtures):
    from solo.rules.base import Character

    stranger = Character(name="Stranger", system="guts-plus", id="stranger",
                         stats={"gumption": 2, "utility": 2, "thought": 2, "slyness": 2, "juggling": 1})
    game = workshop(fixtures, character=stranger)
    events = game.choose(PRACTISE)
    (note,) = of_type(events, "rules")
    assert note.text.startswith("No learning experience given: Stranger has no quality 'welding'")
    assert game.character.resources["learning"] == {}
    assert game.offered.kind == "scene"


def test_mastery_changes_a_die_to_any_value_and_a_double_it_makes_earns_a_bonus_die(fixtures):
    game = workshop(fixtures, "master")
    game.dice.force(2, 4, 5)  # thought 10, seven fewer dice: three
    game.choose(TUNE)
    options = {o.id: o for o in game.offered.options}
    assert options["mastery:1=6"].text == "Use mastery: die 1 (2) becomes 6: 6 4 5 → full success"
    assert options["mastery:1=5"].text == (
        "Use mastery: die 1 (2) becomes 5: 5 4 5 → full success, +1 bonus die")
    typed = options["mastery:"]
    assert typed.key is None and typed.enabled and "m 1 5" in typed.text  # 1 6 changes nothing (shown disabled)
    game.choose("m 1 4")  # the player's own: 4 pairs with die 2
    record = game.offered  # still deciding: a bonus die is on offer now
    assert [o.id for o in record.options][:2] == ["keep", "bonus"]
    assert not any(o.id.startswith("mastery") for o in record.options)  # once per roll
    game.dice.force(3)
    game.choose("bonus")
    game.choose("keep")  # mastery spent, no bonus die left: keeping places the pips by the best split
    roll = game.state.rolls[-1]
    assert roll["details"]["mastery"] == {"used": True, "die": 0, "from": 2, "to": 4}
    assert roll["details"]["doubles"] == [4] and roll["details"]["bonus"] == [{"die": 3}]
    assert sorted(roll["kept"]) == [4, 6, 6] and roll["outcome"] == "positive-impact"
    assert roll["details"]["placement"]["how"] == "keep"
    assert game.state.choices[-3:] == ["mastery:1=4", "2", "1"]


def test_assisting_works_in_a_contest(fixtures):
    game = workshop(fixtures)
    # mine 3 5, Pal's two dice 3 1 (half of gumption 4), Brak 2 4; Pal's 3 matches mine
    game.dice.force(3, 5, 3, 1, 2, 4)
    game.choose(WRESTLE)
    assert game.offered.kind == "roll"
    record = game.state.pending.data["record"]
    assert record["details"]["helper"] == {"level": 4, "dice": [3, 1], "matches": [3]}
    assert record["details"]["bonus_left"] == 1
    game.dice.force(6)
    game.choose("bonus")  # nothing more to decide: the roll stands
    assert game.offered.kind == "scene"
    roll = game.state.rolls[-1]
    assert roll["total"] == 14 and roll["details"]["opponent"]["total"] == 6
    assert roll["outcome"] == "positive-impact"


def test_contest_odds_count_the_helpers_matches(fixtures):
    from solo.rules import registry
    from solo.rules.base import Character

    rules = registry.get("guts-plus")
    me = rules.prepare_character(Character("Me", "guts-plus", {"gumption": 2}))
    them = rules.prepare_character(Character("Them", "guts-plus", {"gumption": 2}))
    helped = rules.contest_odds(me, them, {"stat": "gumption", "assist_dice": 4})
    alone = rules.contest_odds(me, them, {"stat": "gumption"})
    assert helped.success_chance() > alone.success_chance()
    # plain enumeration: my 2 dice, the helper's 2, Brak's 2, then every bonus die. Each side's
    # rolls are counted by (pips, bonus dice) first, so each pair of sides is met once (the same
    # ordered rolls, weighed over 6**9: at most three bonus dice; 2.1 s of CPU before, with a
    # Fraction added per ordered roll of all the dice)
    mine_side: Counter = Counter()
    for mine in itertools.product(range(1, 7), repeat=2):
        for helper in itertools.product(range(1, 7), repeat=2):
            mine_side[sum(mine), plain_pairs(list(mine), list(helper))] += 1
    their_side = Counter((sum(theirs), plain_doubles(theirs)) for theirs in itertools.product(range(1, 7), repeat=2))
    assert max(p for _, p in mine_side) + max(b for _, b in their_side) == 3
    weights: Counter = Counter()
    for (my_pips, pairs), my_ways in mine_side.items():
        for (their_pips, their_bonus), their_ways in their_side.items():
            for extra in itertools.product(range(1, 7), repeat=pairs + their_bonus):
                d = my_pips + sum(extra[:pairs]) - their_pips - sum(extra[pairs:])
                weights[d] += my_ways * their_ways * 6 ** (3 - pairs - their_bonus)
    difference = {d: Fraction(w, 6 ** 9) for d, w in weights.items()}
    assert helped.distributions["difference"] == difference


def plain_pairs(faces: list[int], helper: list[int]) -> int:
    """Most disjoint pairs: two of mine equal and above 1, or one of mine with a helper die."""
    if not faces:
        return 0
    first, rest = faces[0], faces[1:]
    best = plain_pairs(rest, helper)
    for j, other in enumerate(rest):
        if other == first and first > 1:
            best = max(best, 1 + plain_pairs(rest[:j] + rest[j + 1:], helper))
    for k, theirs in enumerate(helper):
        if theirs == first:
            best = max(best, 1 + plain_pairs(rest, helper[:k] + helper[k + 1:]))
    return best


def test_give_respects_the_inventory(fixtures):
    game = workshop(fixtures)  # the cadet wears a coat, which takes no room
    events = game.choose(LOCKER)
    assert len(of_type(events, "item")) == 10
    events = game.choose(SPANNER)
    (refused,) = of_type(events, "item-refused")
    assert refused.id == "spanner" and refused.reason == (
        "Cadet already carries 10 items, all there is room for; a bag would make room for 10 more")
    assert "spanner" not in game.character.items and not of_type(events, "item")
    assert not game.evaluate('has("spanner")')
    events = game.choose(SATCHEL)  # a bag is worn: it always fits, and adds 10 slots
    assert [e.id for e in of_type(events, "item")] == ["satchel"]
    events = game.choose(SPANNER)
    assert [e.id for e in of_type(events, "item")] == ["spanner"]
    assert len(game.character.items) == 13


def test_voluntary_failure_is_offered_once_per_choice(fixtures):
    def failing(game):
        return [o.id for o in game.offered.options if o.id.endswith("/voluntary-failure")]

    game = workshop(fixtures)
    assert failing(game) == ["choice-2/voluntary-failure", "choice-3/voluntary-failure",
                             "choice-4/voluntary-failure"]
    events = game.choose(PUSH + "/voluntary-failure")
    assert of_type(events, "xp")[0].amount == 2
    assert game.state.taken == ["workshop#3:voluntary-failure"]
    # the same choice again: only the dice, so no XP to farm; other choices keep theirs
    assert failing(game) == ["choice-2/voluntary-failure", "choice-4/voluntary-failure"]
    with pytest.raises(InvalidDecision):
        game.choose(PUSH + "/voluntary-failure")
    xp = game.character.resources["xp"]
    game.dice.force(4, 5)
    game.choose(PUSH)
    assert game.offered.kind == "scene" and game.state.rolls[-1]["outcome"] == "success"
    assert game.character.resources["xp"] == xp
    # a save keeps it
    from solo.engine.game import Game

    again = Game.resume(game.adventure, game.snapshot())
    assert failing(again) == ["choice-2/voluntary-failure", "choice-4/voluntary-failure"]


def test_a_learning_award_without_its_quality_is_refused_by_validate(fixtures, tmp_path):
    text = (fixtures / "guts-rules.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("effects: [{award: {learning: {welding: 1}}}]",
                                "effects: [{award: {learning: 2}}]"))
    result = CliRunner().invoke(cli, ["validate", str(bad)])
    assert result.exit_code == 1
    line = next(n for n, row in enumerate(bad.read_text().splitlines(), 1) if "learning: 2" in row)
    col = bad.read_text().splitlines()[line - 1].index("2}") + 1
    assert f"{bad}:{line}:{col}: error:" in result.output
    assert "learning: {thought: 1}" in result.output  # the hint shows how to write it


# -- strained twice from an adventure's effect -------------------------------------------------

STRAIN_FILE = """\
format: 1
id: strain-test
title: The Heavy Door
system: guts-plus
start: door
characters:
  - id: cadet
    name: Cadet
    stats: {gumption: 2, utility: 2, thought: 2, slyness: 1, essence: 2}
    items: [helmet]
items:
  - {id: helmet, name: Helmet, rules: {worn: true, protects: [head]}}
scenes:
  door:
    title: The Door
    text: A door far too heavy for your essence.
    choices:
      - text: Push it with your essence again
        effects:
          - condition: strained
        goto: door
      - text: Walk away
        goto: away
  away:
    title: Away
    text: You leave.
    ending: {outcome: mixed, summary: You leave.}
"""


def test_a_strained_effect_on_a_strained_character_is_a_head_injury_through_protection(tmp_path):
    from solo.adventure import loader
    from solo.engine.game import Game

    path = tmp_path / "strain.yaml"
    path.write_text(STRAIN_FILE)
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    assert game.offered.kind == "scene"  # the only character is taken
    game.ruleset.protect(game.character, "head")  # the helmet's protection is up
    assert game.character.extra["protection"] == {"head": 0}  # no marks taken yet
    protection = dict(game.character.extra.get("protection", {}))
    first = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Push")))
    assert game.character.conditions.count("strained") == 1
    assert game.character.extra.get("injuries", {}).get("head", 0) == 0
    assert [e.name for e in of_type(first, "condition")] == ["strained"]
    again = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Push")))
    assert game.character.conditions.count("strained") == 1  # still one condition, not two
    assert game.character.extra["injuries"]["head"] == 1  # the helmet did not take it
    assert game.character.extra.get("protection", {}) == protection
    notes = [e.text for e in of_type(again, "rules")]
    assert any("already strained" in n for n in notes), notes
    assert all(e.name != "strained" for e in of_type(again, "condition"))  # not gained again


# -- healing over time: the rest effect ---------------------------------------------------------

REST_FILE = """\
format: 1
id: rest-test
title: The Infirmary
system: guts-plus
start: fall
characters:
  - id: cadet
    name: Cadet
    stats: {gumption: 2, utility: 2, thought: 2, slyness: 1, welding: 1}
scenes:
  fall:
    title: The Fall
    text: You fall down the ladder.
    on_enter:
      - injury: {part: left leg, count: 2}
      - injury: right arm
    choices:
      - text: Rest for half a day
        effects: [{rest: {hours: 12}}]
        goto: fall-again
  fall-again:
    title: In Bed
    text: Your leg still aches.
    choices:
      - text: Rest two days
        effects: [{rest: {days: 2}}]
        goto: bed
  bed:
    title: Still in Bed
    text: Nearly there.
    choices:
      - text: Rest one more hour
        effects: [{rest: {hours: 1}}]
        goto: bed
      - text: Get up
        goto: up
  up:
    title: Up
    text: Up and about.
    ending: {outcome: mixed, summary: Mended.}
"""


def test_resting_heals_one_injury_at_a_time_at_the_book_s_resting_rate(tmp_path):
    """Resting: a single injury heals in half a day, a double back to single in two and a half
    days; the time short of the next injury is kept for the next rest."""
    from solo.adventure import loader
    from solo.engine.game import Game

    path = tmp_path / "rest.yaml"
    path.write_text(REST_FILE)
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    hurt = game.character.extra["injuries"]
    assert hurt["left leg"] == 2 and hurt["right arm"] == 1
    events = game.choose("1")  # 12 hours: the single (right arm) heals first
    assert hurt["right arm"] == 0 and hurt["left leg"] == 2
    assert [e.text for e in of_type(events, "rules")] == ["The right arm heals (1 → 0 injuries)."]
    assert "healing_hours" not in game.character.extra
    events = game.choose("1")  # 48 hours of the 60 the double needs: nothing yet, banked
    assert hurt["left leg"] == 2 and game.character.extra["healing_hours"] == 48
    assert not of_type(events, "rules")
    for _ in range(11):
        game.choose("1")  # 11 more hours: 59
    assert hurt["left leg"] == 2
    events = game.choose("1")  # the 60th hour: two injuries become one
    assert hurt["left leg"] == 1 and "healing_hours" not in game.character.extra
    assert [e.text for e in of_type(events, "rules")] == ["The left leg heals (2 → 1 injuries)."]
