"""Humanity, Blessed rules as adventures reach them: aid dice, tagged checks and the abilities that
answer them, driven through adventure files with forced dice."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine import events as ev
from solo.engine.game import Game
from every_roll import assert_matches, distribution
from solo.adventure.odds import percent
from solo.rules.base import Character, RulesError
from solo.rules.dice import RollRecord
from solo.rules.humanity_blessed import HumanityBlessed, bumping, check_distribution
from solo.rules.humanity_blessed.tables import SIZES

FIXTURES = Path(__file__).parents[1] / "fixtures"
ABILITIES = FIXTURES / "hb-abilities.yaml"
HB = HumanityBlessed()


def play(path: Path, pregen: str, *, pool: list[int] | None = None) -> Game:
    """A game of ``path`` with the pregenerated character ``pregen`` chosen, no lucky number."""
    game = Game(loader.load(path).adventure, seed=7)
    game.start()
    game.dice.force(1, 1)  # the lucky number: both 1, so there is none
    option = next(o for o in game.offered.options if o.id == pregen)
    game.choose(option.key)
    if pool is not None:
        game.character.resources["blessings"] = list(pool)
    return game


def pick(game: Game, text: str, *, keep: bool = True) -> list[ev.Event]:
    """Choose the option whose text starts with ``text`` (and keep the roll it makes)."""
    exact = [o for o in game.offered.options if o.text == text]
    option = exact[0] if exact else next(o for o in game.offered.options if o.text.startswith(text))
    events = game.choose(option.key)
    while keep and game.offered is not None and game.offered.kind == "roll":
        events += game.choose("keep")
    return events


def rolls(events: list[ev.Event], final: bool = True) -> list[dict]:
    return [e.record for e in events if isinstance(e, ev.RollMade) and e.final == final]


def hint(game: Game, text: str) -> str:
    return next(o.hint for o in game.offered.options if o.text.startswith(text))


# -- aid dice ---------------------------------------------------------------------------------


def test_an_aid_die_comes_on_a_would_be_failure():
    game = play(ABILITIES, "ada")
    game.dice.force(3, 4)  # hand d4 shows 3, short of 5; the aid dc2 shows 4, read as 2
    record = rolls(pick(game, "Lift the crate"))[0]
    assert record["details"]["aid"] == {"source": "aid", "die": "dc2", "rounds": [[2]], "value": 2}
    assert record["total"] == 5 and record["outcome"] == "success"
    game.dice.force(2, 1, 1)  # hand 2; the aid die bumps: 1, then 1 again... and reads on
    game.dice.force(3)
    record = rolls(pick(game, "Lift the crate"))[0]
    assert record["details"]["aid"]["rounds"] == [[1], [1], [2]] and record["total"] == 2 + 4
    game.dice.force(1, 4)  # hand 1 bumps, then 4: 5 reaches the target, no aid
    record = rolls(pick(game, "Lift the crate"))[0]
    assert "aid" not in record["details"] and record["total"] == 5


def test_aid_odds_in_play_are_the_exact_check_odds():
    game = play(ABILITIES, "ada")
    odds = HB.check_odds(game.character, {"stat": "hand", "target": 5, "aid": "dc2"})
    d4, dc2 = bumping.standard_die(4), bumping.capped_die(2)
    assert odds.outcomes == check_distribution(bumping.single(d4), 5, 0, dc2).outcomes
    # brute force: the d4 alone succeeds on 5+ only by bumping; with dc2 aid the failing totals
    # 2, 3, 4 need the aid to reach 5
    d4_pmf = bumping.total_pmf(bumping.single(d4), 5)
    aid_pmf = bumping.total_pmf(bumping.single(dc2), 5)
    fail = sum((p * sum((q for a, q in aid_pmf.items() if v + a < 5), Fraction(0))
                for v, p in d4_pmf.items() if v < 5), Fraction(0))
    assert odds.outcomes["failure"] == fail
    assert hint(game, "Lift the crate") == f"Hand: {float(1 - fail) * 100:.0f}% success"


def _write(tmp_path: Path, check: str) -> Path:
    text = ABILITIES.read_text(encoding="utf-8")
    marker = "          aid: dc2\n"
    assert marker in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(marker, check), encoding="utf-8")
    return path


@pytest.mark.parametrize("written", ["dc6", "d8", 3, "-1"])
def test_aid_larger_than_the_book_allows_is_a_validation_error(tmp_path, written):
    path = _write(tmp_path, f"          aid: {written}\n")
    problems = [p for p in validate_path(path) if p.severity == "error"]
    assert len(problems) == 1
    problem = problems[0]
    line = path.read_text(encoding="utf-8").splitlines().index(f"          aid: {written}") + 1
    assert (problem.line, problem.col) == (line, 16)
    assert "dc2" in problem.hint and "dc4" in problem.hint
    with pytest.raises(loader.AdventureError):
        loader.load(path)


def test_aid_bounds_in_the_rules_themselves():
    ada = play(ABILITIES, "ada").character
    for ok in ("dc1", "dc2", "dc3", "dc4", "d4", 1, "+1", 0):
        HB.parse_check({"stat": "hand", "aid": ok}, ada)
    for bad in ("dc5", "d6", "d10", 2, "x"):
        with pytest.raises(RulesError) as caught:
            HB.parse_check({"stat": "hand", "aid": bad}, ada)
        assert caught.value.param == "aid"


# -- tagged checks and the starter abilities ----------------------------------------------------


@pytest.mark.parametrize("choice, stat_face, ability", [
    ("Turn the torn wrapping", 2, "Intuitive Eye"),      # head d4: 2 vs 4
    ("See whether you brought", 5, "Efficiently Packed"),  # home d6: 5 vs 8
    ("Remember the van's route", 3, "Sharp Recall"),     # head d4: 3 vs 4
])
def test_a_tagged_check_calls_on_the_ability_that_answers_it(choice, stat_face, ability):
    game = play(ABILITIES, "ada")
    game.dice.force(stat_face, 4)  # fails; the ability's dc2 shows 4, read as 2
    record = rolls(pick(game, choice))[0]
    assert record["details"]["aid"]["source"] == ability
    assert record["details"]["aid"]["value"] == 2
    assert record["total"] == stat_face + 2
    other = play(ABILITIES, "bo")  # the same check for a character without the ability
    other.dice.force(stat_face if choice != "See whether you brought" else 5)
    plain = rolls(pick(other, choice))[0]
    assert "aid" not in plain["details"] and plain["outcome"] == "failure"


def test_the_ability_shows_in_the_odds_before_the_roll():
    ada, bo = play(ABILITIES, "ada"), play(ABILITIES, "bo")
    d4, dc2 = bumping.single(bumping.standard_die(4)), bumping.capped_die(2)
    with_eye = check_distribution(d4, 4, 0, dc2).success_chance()
    without = check_distribution(d4, 4).success_chance()
    assert with_eye > without
    assert hint(ada, "Turn the torn wrapping") == f"Head: {float(with_eye) * 100:.0f}% success"
    assert hint(bo, "Turn the torn wrapping") == f"Head: {float(without) * 100:.0f}% success"


def test_tactful_speech_answers_a_persuading_contest():
    game = play(ABILITIES, "ada")
    game.dice.force(2, 3, 3)  # Ada heart d6 2, the clerk heart d4 3: a loss; Tactful Speech dc2 3 -> 2
    record = rolls(pick(game, "Talk the night clerk"))[0]
    assert record["details"]["aid"]["source"] == "Tactful Speech"
    assert record["total"] == 4 and record["details"]["opponent_total"] == 3
    assert record["outcome"] == "success"


def test_perfect_divination_makes_a_decrypting_success_one_size_larger():
    game = play(ABILITIES, "ada")
    game.dice.force(4)
    record = rolls(pick(game, "Read the smudged code"))[0]
    assert record["details"]["size"] == "medium"  # a total of 4 is minor, one size larger
    other = play(ABILITIES, "bo")
    other.dice.force(4)
    assert rolls(pick(other, "Read the smudged code"))[0]["details"]["size"] == "minor"
    odds = HB.check_odds(game.character, {"stat": "head", "target": 4, "tags": ["decrypt"]})
    plain = HB.check_odds(other.character, {"stat": "head", "target": 4, "tags": ["decrypt"]})
    assert odds.outcomes["very-minor"] == 0
    assert odds.outcomes["medium"] == plain.outcomes["minor"]
    assert odds.outcomes["success"] == plain.outcomes["success"]


def test_line_of_credit_doubles_help_while_buying():
    game = play(ABILITIES, "ada", pool=[4, 6])
    game.dice.force(5)  # home d6 5 vs 12: a failure, offers follow
    events = pick(game, "Buy a lamp", keep=False)
    assert rolls(events, final=False)
    texts = [o.text for o in game.offered.options]
    assert "Spend 1 blessing die for +dc2 (Line of Credit)" in texts
    assert "Spend 2 blessing dice for +dc4 (Line of Credit)" in texts
    other = play(ABILITIES, "bo", pool=[4, 6])
    other.dice.force(5)
    pick(other, "Buy a lamp", keep=False)
    assert "Spend 1 blessing die for +1" in [o.text for o in other.offered.options]


@pytest.mark.parametrize("tags, message, index", [
    ("[inspekt]", "did you mean 'inspect'", 0),
    ("[recall, persuade]", "'persuade' is for contests", 1),
])
def test_a_wrong_tag_is_a_validation_error_at_the_tag(tmp_path, tags, message, index):
    path = _write(tmp_path, f"          aid: dc2\n          tags: {tags}\n")
    problems = [p for p in validate_path(path) if p.severity == "error"]
    assert len(problems) == 1 and message in problems[0].message
    lines = path.read_text(encoding="utf-8").splitlines()
    line = lines.index(f"          tags: {tags}") + 1
    col = lines[line - 1].index(tags.strip("[]").split(", ")[index]) + 1
    assert (problems[0].line, problems[0].col) == (line, col)


# -- the bundled adventure's pregenerated characters ---------------------------------------------

HARVEST = Path(__file__).parents[2] / "adventures" / "blessed-harvest.yaml"


def harvest(pregen: str) -> Game:
    """The Kern Maiden with ``pregen``, at the chapel with blessing dice 2, 4 and 6 (no pair)."""
    game = Game(loader.load(HARVEST).adventure, seed=3)
    game.start()
    game.dice.force(1, 1, 2, 4, 6)  # no lucky number; the three blessing dice of the chapel
    game.choose(next(o.key for o in game.offered.options if o.id == pregen))
    assert game.character.resources["blessings"] == [2, 4, 6]
    return game


def test_bram_s_intuitive_eye_reads_the_empty_niche():
    game = harvest("bram")
    game.dice.force(3, 4)  # head d6 3 vs easy 4; Intuitive Eye's dc2 shows 4, read as 2
    record = rolls(pick(game, "Crouch and study the niche"))[0]
    assert record["details"]["aid"]["source"] == "Intuitive Eye" and record["outcome"] == "success"
    wren = harvest("wren")
    wren.dice.force(3)
    record = rolls(pick(wren, "Crouch and study the niche"))[0]
    assert "aid" not in record["details"] and record["outcome"] == "failure"


def _to_the_gate(game: Game) -> None:
    game.dice.force(4)  # the niche read at once: the trail leads down Lark Lane
    pick(game, "Crouch and study the niche")
    pick(game, "Walk out onto the green")
    pick(game, "Follow the trail of grains")
    pick(game, "Leave Hobday to it")
    pick(game, "Go the long way round")  # Lark Brook, crossed by the footbridge: no roll
    assert game.state.scene == "gran-gate"


def test_wren_s_pockets_and_tongue_get_her_past_the_goose_and_round_nettie():
    game = harvest("wren")
    _to_the_gate(game)
    game.dice.force(5, 3)  # home d6 5 vs 6; Efficiently Packed's dc2 shows 3, read as 2
    record = rolls(pick(game, "Rummage in your pockets"))[0]
    assert record["details"]["aid"]["source"] == "Efficiently Packed"
    assert game.state.scene == "gran-cottage"
    game.dice.force(2, 4, 2)  # Wren heart d6 2, Nettie heart d6 4; Tactful Speech dc2 2 -> 2
    record = rolls(pick(game, "Kneel down to Nettie's height"))[0]
    assert record["details"]["aid"]["source"] == "Tactful Speech"
    assert record["total"] == 4 and record["outcome"] == "failure"  # 4 against 4: ties hold
    assert game.state.flags["nettie_trusts"] is False


def test_bram_s_quick_acclimation_in_the_rain():
    character = harvest("bram").character
    params = {"stat": "hurry", "target": "easy", "tags": ["nature", "transport"]}
    aided = HB.check_odds(character, params)
    d4 = bumping.single(bumping.standard_die(4))
    assert aided.outcomes == check_distribution(d4, 4, 0, bumping.capped_die(2)).outcomes
    wren = harvest("wren").character  # no Quick Acclimation, no Licensed Driver: Hurry d6 alone
    assert HB.check_odds(wren, params).outcomes == check_distribution(
        bumping.single(bumping.standard_die(6)), 4).outcomes


# -- vulnerability ------------------------------------------------------------------------------


def test_vulnerability_on_a_witnessed_check_rerolls_a_success():
    game = play(ABILITIES, "ada")
    game.dice.force(4)
    assert rolls(pick(game, "Slip the cash box while the clerk"))[0]["outcome"] == "success"
    pick(game, "Catch your hand in the van door")
    assert game.character.conditions == ["vulnerability:hand"]
    game.dice.force(4, 2)  # 4 succeeds; the clerk sees it and has it rolled again: 2
    record = rolls(pick(game, "Slip the cash box while the clerk"))[0]
    assert record["details"]["vulnerability"] == {"first_total": 4}
    assert record["total"] == 2 and record["outcome"] == "failure"
    game.dice.force(4)  # nobody opposed watching: the success stands
    record = rolls(pick(game, "Slip the cash box while nobody"))[0]
    assert "vulnerability" not in record["details"] and record["outcome"] == "success"


def test_vulnerability_is_per_stat():
    game = play(ABILITIES, "ada")
    pick(game, "Bang your head on the shelf")
    game.dice.force(4)  # a hand roll: the head's vulnerability does not touch it
    record = rolls(pick(game, "Slip the cash box while the clerk"))[0]
    assert "vulnerability" not in record["details"] and record["outcome"] == "success"
    game.dice.force(4, 2)  # nor a hand contest
    record = rolls(pick(game, "Arm-wrestle the clerk"))[0]
    assert "vulnerability" not in record["details"] and record["outcome"] == "success"
    pick(game, "Catch your hand in the van door")
    game.dice.force(4, 2, 2)  # Ada 4 beats 2, rolled again: 2 ties, and ties hold
    record = rolls(pick(game, "Arm-wrestle the clerk"))[0]
    assert record["details"]["vulnerability"] == {"first_total": 4}
    assert record["outcome"] == "failure"


def test_vulnerable_check_odds_are_exact():
    game = play(ABILITIES, "ada")
    pick(game, "Catch your hand in the van door")
    params = {"stat": "hand", "target": 4, "witnessed": True}
    odds = HB.check_odds(game.character, params)
    plain = HB.check_odds(game.character, dict(params, witnessed=False))
    # without aid the check succeeds only when both rolls do
    assert odds.outcomes["success"] == plain.outcomes["success"] ** 2
    for size in ("very-minor", "minor", "medium"):
        assert odds.outcomes[size] == plain.outcomes["success"] * plain.outcomes[size]
    assert hint(game, "Slip the cash box while the clerk") == \
        f"Hand: {float(odds.success_chance()) * 100:.0f}% success"


def test_a_vulnerable_defender_rerolls_a_roll_that_holds():
    game = play(ABILITIES, "ada")
    ada = game.character
    clerk = HB.prepare_character(game.adventure.npcs["clerk"].character(game.adventure.system))
    clerk.conditions = ["vulnerability:hand"]
    game.dice.force(2, 3, 1)  # Ada 2, the clerk 3 holds; rolled again: 1 bumps...
    game.dice.force(1)  # ... 1 again, then
    game.dice.force(3)  # 3: the clerk's 1+1+3 = 5 stands
    record = HB.contest(game.dice, ada, clerk, {"stat": "hand"})
    assert record.details["opponent_vulnerability"] == {"first_total": 3}
    assert record.details["opponent_total"] == 5 and not record.success
    # exact odds against an independent sum: win = sum_a P(A=a) (1 - P(D >= a)^2)
    odds = HB.contest_odds(ada, clerk, {"stat": "hand"})
    pmf = bumping.total_pmf(bumping.single(bumping.standard_die(4)), 60)
    below = {a: sum((p for d, p in pmf.items() if d < a), Fraction(0)) for a in pmf}
    win = sum((p * (1 - (1 - below[a]) ** 2) for a, p in pmf.items()), Fraction(0))
    assert abs(float(odds.outcomes["success"] - win)) < 1e-12
    assert odds.truncated < Fraction(1, 10**15)


# -- a spark declared after the first roll ------------------------------------------------------


def offered(game: Game) -> list[tuple[str, str]]:
    return [(o.key, o.text) for o in game.offered.options]


def test_a_spark_may_be_declared_after_the_first_roll():
    game = play(ABILITIES, "ada", pool=[3, 5, 3])
    game.dice.force(1)  # hand d4's first roll: a 1, which bumps
    events = pick(game, "Lift the crate", keep=False)
    first = rolls(events, final=False)[0]
    assert first["details"]["first_roll"] == {"face": 1, "reading": 1}
    assert first["dice"] == [1]
    assert game.offered.kind == "roll"
    assert offered(game) == [
        ("1", "Roll on without a spark"),
        ("2", "Spark with Head d4 (pay blessing dice 3 and 3): can raise the size"),
        ("3", "Spark with History d4 (pay blessing dice 3 and 3): can raise the size"),
        ("4", "Spark with Hurt d4 (pay blessing dice 3 and 3): can raise the size"),
    ]  # the aid die makes rolling on certain: a spark is still worth a bigger size, which the check reads
    game.dice.force(3, 2, 4)  # head joins the 1: [1, 3] bumps as a group, then [2, 4]
    events = game.choose("2")
    while game.offered.kind == "roll":
        events += game.choose("keep")
    record = rolls(events)[0]
    assert record["details"]["rounds"] == [[1, 3], [2, 4]] and record["total"] == 10
    assert record["details"]["spark_paid"] == [3, 3]
    assert record["details"]["late_spark"] == {"first_face": 1, "tax_paid": []}
    assert record["stat"] == "hand" and record["details"]["stats"] == ["hand", "head"]
    assert game.character.resources["blessings"] == [5]
    assert record["outcome"] == "success" and record["details"]["size"] == "medium"


def test_no_spark_is_offered_once_the_first_roll_has_met_the_target():
    """Head d4 against easy 4: a first 4 already succeeds, so a spark could not change the
    result and the roll is finished at once, with the same dice as a character with no blessings."""
    game = play(ABILITIES, "ada", pool=[3, 5, 3])
    plain = play(ABILITIES, "bo")
    game.dice.force(4)
    events = pick(game, "Remember the van's route", keep=False)
    assert all("first_roll" not in r["details"] for r in rolls(events, final=False))
    assert not any(text.startswith("Spark") for _, text in offered(game))
    while game.offered.kind == "roll":
        events += game.choose("keep")
    record = rolls(events)[0]
    plain.dice.force(4)
    other = rolls(pick(plain, "Remember the van's route"))[0]
    assert record["outcome"] == other["outcome"] == "success"
    assert record["details"]["rounds"] == other["details"]["rounds"] == [[4]]
    assert game.character.resources["blessings"] == [3, 5, 3]
    game.dice.force(3)  # a first 3 falls short of 4: the spark is offered
    pick(game, "Remember the van's route", keep=False)
    assert [text for _, text in offered(game)][1].startswith("Spark with")


def test_rolling_on_gives_the_basic_check_with_the_same_dice():
    sparked = play(ABILITIES, "ada", pool=[2, 2])
    plain = play(ABILITIES, "bo")  # no blessing dice: the same head d4 check rolls at once
    sparked.dice.force(1, 1, 3)  # head d4: 1 bumps, 1 bumps, 3: 5 (Sharp Recall's check)
    pick(sparked, "Remember the van's route", keep=False)
    assert offered(sparked)[0] == ("1", "Roll on without a spark")
    events = sparked.choose("1")
    while sparked.offered.kind == "roll":
        events += sparked.choose("keep")
    record = rolls(events)[0]
    plain.dice.force(1, 1, 3)
    other = rolls(pick(plain, "Remember the van's route"))[0]
    assert record["details"]["rounds"] == other["details"]["rounds"] == [[1], [1], [3]]
    assert record["total"] == other["total"] == 5 and "spark_paid" not in record["details"]
    assert sparked.character.resources["blessings"] == [2, 2]


def test_paying_to_end_taxed_lets_the_spark_through():
    game = play(ABILITIES, "ada", pool=[3, 3])
    pick(game, "Pay the depot's levy")
    assert game.character.conditions == ["taxed"]
    game.dice.force(2)  # with only a pair, a taxed character cannot spark: the roll is at once
    events = pick(game, "Remember the van's route", keep=False)
    assert all("first_roll" not in r["details"] for r in rolls(events, final=False))
    while game.offered.kind == "roll":
        game.choose("keep")
    game.character.resources["blessings"] = [3, 3, 1, 6]
    game.dice.force(2)
    pick(game, "Remember the van's route", keep=False)
    texts = [text for _, text in offered(game)]
    assert texts[1] == "End Taxed (pay 1 and 6) and spark with Hand d4 (pay blessing dice 3 and 3): can raise the size"
    game.dice.force(4)
    events = game.choose("2")
    while game.offered.kind == "roll":
        events += game.choose("keep")
    record = rolls(events)[0]
    assert game.character.conditions == [] and game.character.resources["blessings"] == []
    assert record["details"]["late_spark"]["tax_paid"] == [1, 6]
    assert record["details"]["rounds"] == [[2, 4]] and record["total"] == 6


@pytest.mark.parametrize("face, taxed", [(1, False), (3, False), (6, False), (2, True)])
def test_the_odds_after_a_first_roll_are_every_roll_of_the_real_code(face, taxed):
    """Rolling on and each spark show their exact chance, checked against every way the rest
    of the dice can fall through the code that rolls them (home d6 against 8, first face given)."""
    game = play(ABILITIES, "ada", pool=[3, 5, 3, 1, 6] if taxed else [3, 5, 3])
    if taxed:  # ending Taxed costs two more dice first; the odds are of the spark after it
        game.character.conditions.append("taxed")
    game.dice.force(face)
    pick(game, "See whether you brought a spare label", keep=False)
    assert game.offered.kind == "roll"
    record = RollRecord.from_dict(game.state.pending.data["record"])
    assert record.details["first_roll"]["face"] == face
    shown = {o.id: o.hint for o in game.offered.options}
    keys = [o.id for o in game.offered.options]
    assert keys[0] == "keep" and len(keys) == 3  # roll on, or spark with heart or hurry d6
    saved = game.character.to_dict()
    for key in keys:
        exact = HB.offer_odds(record, Character.from_dict(saved), key)

        def finish(dice, key=key):
            who = Character.from_dict(saved)
            done = HB.apply_offer(dice, RollRecord.from_dict(record.to_dict()), who, key)
            return done.success, done.details.get("size")

        found = distribution(finish, floor=Fraction(1, 20000))
        expected = {(True, size): exact.outcomes[size] for size in SIZES if exact.outcomes[size]}
        expected[(False, None)] = exact.outcomes["failure"]
        assert_matches(found, expected)
        chance = percent(exact.outcomes["success"])
        kept = HB.offer_odds(record, Character.from_dict(saved), "keep")
        if key != "keep" and chance == percent(kept.outcomes["success"]) and exact.outcomes != kept.outcomes:
            # a spark that cannot change the chance as shown (a 6 already succeeds) changes the size
            assert shown[key] == f"{chance} to succeed either way; it can change how well"
        else:
            assert shown[key] == f"then {chance} to succeed"
    assert Character.from_dict(saved).to_dict() == game.character.to_dict()  # odds spend nothing


def test_each_game_starts_from_the_pool_the_adventure_gives():
    adventure = loader.load(HARVEST).adventure
    for seed in (1, 2):
        game = Game(adventure, seed=seed)
        game.start()
        game.choose(next(o.key for o in game.offered.options if o.id == "bram"))
        # three blessing dice from the chapel, each 1 bringing another: never the last game's
        assert 3 <= len(game.character.resources["blessings"]) < 8
    assert adventure.characters[1].resources["blessings"] == []


# -- group checks by median ----------------------------------------------------------------------


def test_a_group_check_takes_the_median_roll():
    game = play(ABILITIES, "ada")
    game.dice.force(3, 5, 2)  # Ada hand d4 3, Pip hand d6 5, Tom hand d4 2: the second highest
    record = rolls(pick(game, "Heave the crate onto the van with Pip and Tom"))[0]
    assert [m["total"] for m in record["details"]["group"]] == [3, 5, 2]
    assert record["details"]["group_median"] == {"rolls": 3, "rank": 2, "total": 3}
    assert record["total"] == 3 and record["outcome"] == "failure"
    game.dice.force(4, 1, 6, 4)  # Ada 4; Pip 1 bumps, then 6: 7; Tom 4: the median is 4
    record = rolls(pick(game, "Heave the crate onto the van with Pip and Tom"))[0]
    assert record["details"]["group_median"]["total"] == 4 and record["outcome"] == "failure"
    game.dice.force(2, 6)  # two rolls: the higher counts
    record = rolls(pick(game, "Heave the crate onto the van with Pip"))[0]
    assert record["details"]["group_median"] == {"rolls": 2, "rank": 1, "total": 6}
    assert record["outcome"] == "success"


def _capped(pmf: dict[int, Fraction], top: int) -> dict[int, Fraction]:
    """A total's distribution with everything above ``top`` lumped at top + 1."""
    shown = {v: p for v, p in pmf.items() if v <= top}
    shown[top + 1] = 1 - sum(shown.values(), Fraction(0))
    return shown


def test_group_check_odds_are_exact_against_enumeration():
    game = play(ABILITIES, "ada")
    choice = next(c for c in game.adventure.scenes["depot"].choices if c.text.endswith("Pip and Tom"))
    odds = HB.check_odds(game.character, game._params(choice.check))
    top = 20
    d4 = _capped(bumping.total_pmf(bumping.single(bumping.standard_die(4)), top), top)
    d6 = _capped(bumping.total_pmf(bumping.single(bumping.standard_die(6)), top), top)
    median: dict[int, Fraction] = {}
    for a, pa in d4.items():
        for b, pb in d6.items():
            for c, pc in d4.items():
                m = sorted((a, b, c))[1]
                median[m] = median.get(m, Fraction(0)) + pa * pb * pc
    assert odds.outcomes["failure"] == sum((p for v, p in median.items() if v < 6), Fraction(0))
    assert odds.outcomes["medium"] == sum((p for v, p in median.items() if 8 <= v <= 11), Fraction(0))
    assert odds.outcomes["maximum"] == median[top] + median[top + 1]
    assert "expected" not in odds.values
    assert hint(game, "Heave the crate onto the van with Pip and Tom") == \
        f"Hand (with Pip and Tom): {float(odds.success_chance()) * 100:.0f}% success"


@pytest.mark.parametrize("written, message", [
    ("[pip, ghost]", "no NPC called 'ghost'"),
    ("[pip, clerk]", "'clerk' is not a companion"),
])
def test_group_members_are_companions_of_the_file(tmp_path, written, message):
    text = ABILITIES.read_text(encoding="utf-8").replace("group_with: [pip, tom]", f"group_with: {written}")
    path = tmp_path / "group.yaml"
    path.write_text(text, encoding="utf-8")
    problems = [p for p in validate_path(path) if p.severity == "error"]
    assert len(problems) == 1 and message in problems[0].message
    line = text.splitlines().index(f"          group_with: {written}") + 1
    assert (problems[0].line, problems[0].col) == (line, text.splitlines()[line - 1].index(written[6:-1]) + 1)


def test_a_group_member_needs_the_stat(tmp_path):
    text = ABILITIES.read_text(encoding="utf-8").replace(
        "stat: hand\n          target: 6\n          group_with: [pip, tom]",
        "stat: heart\n          target: 6\n          group_with: [pip, tom]")
    path = tmp_path / "group.yaml"
    path.write_text(text, encoding="utf-8")
    problems = [p for p in validate_path(path) if p.severity == "error"]
    assert [p.code for p in problems] == ["bad-check"]
    assert "Pip has no heart die" in problems[0].message
    line = text.splitlines().index("          group_with: [pip, tom]") + 1
    assert (problems[0].line, problems[0].col) == (line, 24)


def test_adventures_read_how_big_a_roll_was():
    game = play(ABILITIES, "ada")
    game.dice.force(6)  # hurry d6 6 against 4: a minor success
    events = pick(game, "Vault the loading-bay rail")
    assert [e.text for e in events if isinstance(e, ev.Narration)] == ["Over, somehow (minor)."]
    game.dice.force(1, 1, 6)  # 1 + 1 + 6 = 8: a medium success, by 4
    events = pick(game, "Vault the loading-bay rail")
    assert [e.text for e in events if isinstance(e, ev.Narration)] == ["Clean over, by 4."]


# -- Fearless Resolve on a contest the player defends -------------------------------------------

GATE = """\
format: 1
id: hb-gate
title: The Gate
system: humanity-blessed
start: gate
characters:
  - id: bo
    name: Bo Pike
    stats: {head: d4, hand: d6, heart: d4, home: d6, hurt: d4, hurry: d6, history: d4}
    extra: {best: hand, lifestyle: Carefree, value_system: Cunning and Capability,
            abilities: [Fearless Resolve]}
npcs:
  - id: ram
    name: The ram
    stats: {hurt: d8}
scenes:
  gate:
    title: The Gate
    text: The ram lowers its head.
    choices:
      - text: Stand your ground as it charges
        contest:
          stat: hurry
          opponent: ram
          violent: true
          defending: true
          outcomes:
            success: {text: You hold., goto: gate}
            minor: {text: A bruise., goto: gate}
            medium: {text: It hurts., goto: gate}
            failure: {text: It knocks you over., goto: gate}
      - text: Plant your feet and your faith against it
        contest:
          stat: hand
          spark: home
          opponent: ram
          violent: true
          defending: true
          outcomes:
            success: {text: You hold., goto: gate}
            failure: {text: It knocks you over., goto: gate}
"""


def test_fearless_resolve_takes_a_lost_defence_one_size_smaller_once_a_session(tmp_path):
    path = tmp_path / "gate.yaml"
    path.write_text(GATE)
    game = Game(loader.load(path).adventure, seed=3)
    game.start()
    if game.offered.kind == "character":
        game.choose(game.offered.options[0].key)
    game.character.resources["blessings"] = []
    game.dice.force(5, 2)  # the ram's hurt d8: 5; Bo's hurry d6: 2: the blow lands by 3, minor
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Stand")))
    record = rolls(events, final=False)[-1]
    was = record["details"]["size"]
    assert was in ("minor", "medium") and not record["success"], record["steps"]
    texts = {o.id: o.text for o in game.offered.options}
    assert texts["fearless-resolve"] == (f"Fearless Resolve: take the {was} blow one size smaller "
                                         "and gain a Blessing (once a session)")
    assert next(o.hint for o in game.offered.options if o.id == "fearless-resolve") == ""
    game.dice.force(4)  # the Blessing gained: a 4
    events = game.choose(next(o.key for o in game.offered.options if o.id == "fearless-resolve"))
    while game.offered.kind == "roll":
        events += game.choose("keep")
    final = rolls(events)[-1]
    assert final["details"]["fearless_resolve"]["was"] == was
    assert final["details"]["size"] == {"minor": "very-minor", "medium": "minor"}[was]
    assert 4 in game.character.resources["blessings"]
    game.dice.force(5, 2)  # the same blow again: the ability is spent for this session
    pick(game, "Stand your ground", keep=False)
    assert "fearless-resolve" not in {o.id for o in game.offered.options}


def test_a_defence_may_be_sparked_paid_in_blessing_dice_with_exact_odds(tmp_path):
    path = tmp_path / "gate.yaml"
    path.write_text(GATE)
    game = Game(loader.load(path).adventure, seed=3)
    game.start()
    if game.offered.kind == "character":
        game.choose(game.offered.options[0].key)
    game.character.resources["blessings"] = [4, 4, 2]
    ram = game.adventure.npc_characters("ram", HB.prepare_character)[0]
    option = next(o for o in game.offered.options if o.text.startswith("Plant your feet"))
    params = {"stat": "hand", "spark": "home", "violent": True, "defending": True}
    expected = HB.contest_odds(game.character, ram, params)
    assert option.hint.endswith(f"{percent(expected.outcomes['success'])} success")
    game.dice.force(5, 2, 3)  # the ram's hurt d8: 5; Bo's hand and home d6s: 2 + 3 = 5, a tie holds
    events = pick(game, "Plant your feet")
    record = rolls(events)[-1]
    assert record["details"]["stats"] == ["hand", "home"] and record["details"]["spark_paid"] == [4, 4]
    assert record["success"], record["steps"]
    assert game.character.resources["blessings"] == [2]


def test_a_defence_may_be_sparked_once_the_attack_is_rolled_with_exact_odds(tmp_path):
    """By the book a basic check may become a spark after it is rolled: a defending contest
    stops after the attacker's roll, offers to answer as written or to spark with each balanced
    stat, each with its exact chance (checked against every roll of the real code)."""
    path = tmp_path / "gate.yaml"
    path.write_text(GATE)
    game = Game(loader.load(path).adventure, seed=3)
    game.start()
    if game.offered.kind == "character":
        game.choose(game.offered.options[0].key)
    game.character.resources["blessings"] = [4, 4, 2]
    game.dice.force(5)  # the ram's hurt d8: 5
    pick(game, "Stand your ground", keep=False)
    assert game.offered.kind == "roll"
    record = RollRecord.from_dict(game.state.pending.data["record"])
    assert record.details["open_defence"] and record.total == 5
    options = {o.id: o for o in game.offered.options}
    assert [o.id for o in game.offered.options] == ["keep", "spark-hand", "spark-home"]
    assert options["keep"].text == "Answer The ram's 5 with Hurry d6"
    assert options["spark-home"].text == "Spark your Hurry with Home d6 (pay blessing dice 4 and 4)"
    saved = game.character.to_dict()
    for key in options:
        exact = HB.offer_odds(record, Character.from_dict(saved), key)

        def finish(dice, key=key):
            done = HB.apply_offer(dice, RollRecord.from_dict(record.to_dict()), Character.from_dict(saved), key)
            return done.success

        found = distribution(finish, floor=Fraction(1, 20000))
        assert_matches(found, {True: exact.outcomes["success"], False: exact.outcomes["failure"]})
        assert options[key].hint == f"then {percent(exact.outcomes['success'])} to succeed"
    game.dice.force(2, 3)  # spark with home: hurry 2 + home 3 = 5 against 5: a tie holds
    events = game.choose(options["spark-home"].key)
    while game.offered is not None and game.offered.kind == "roll":
        events += game.choose("keep")
    final = rolls(events)[-1]
    assert final["success"] and final["details"]["spark_paid"] == [4, 4]
    assert final["stat"] == "hurry" and final["details"]["stats"] == ["hurry", "home"]
    assert game.character.resources["blessings"] == [2]
