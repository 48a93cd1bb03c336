"""GAME rules as an adventure meets them: Drain, FP bounds and recovery, the overloaded load,
traits and talents on checks the adventure tags, trait() in expressions."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules.reasons import step_lines


@pytest.fixture
def guild(fixtures):
    return loader.load(fixtures / "game-rules.yaml").adventure


def start(adventure, who: str = "Sable") -> Game:
    game = Game(adventure, seed=7)
    game.start()
    pick = next(o for o in game.offered.options if o.text == who)
    game.choose(pick.key)
    return game


def choose(game: Game, text: str, *faces: int) -> list:
    if faces:
        game.dice.force(*faces)
    option = next(o for o in game.offered.options if o.text.startswith(text))
    return game.choose(option.key)


def roll_of(events) -> dict:
    return next(e for e in events if e.type == "roll").record


def notes(events) -> list[str]:
    return [e.text for e in events if e.type == "rules"]


def texts(events) -> list[str]:
    return [e.text for e in events if e.type == "text"]


def fp(game: Game) -> int:
    return game.character.resources["fp"]


def test_transmutery_drain_comes_off_fp_by_itself(guild):
    game = start(guild)
    events = choose(game, "Soften the wall", 4, 6)  # Transmutery 5 + lowest 4: success
    assert roll_of(events)["success"] and roll_of(events)["measures"]["drain"] == 1
    assert fp(game) == 7  # Challenging: Drain 1, with nothing written in the adventure
    assert any("Drain 1 FP: FP 8 → 7" in line for line in notes(events))
    events = choose(game, "Soften the wall", 1, 5)  # lowest 1: failure, Drain 1 + 3
    assert not roll_of(events)["success"] and fp(game) == 3
    assert game.character.resources["exertion"] == 5
    choose(game, "Catch your breath")  # Drain is exertion: an hour's rest brings it back
    assert fp(game) == 8 and game.character.resources["exertion"] == 0


def test_a_combined_build_attempt_is_two_hard_checks_and_drains_three(guild):
    game = start(guild)
    hint = next(o.hint for o in game.offered.options if o.text.startswith("Build a steam-hammer"))
    assert hint.endswith("2% success")  # Machinery 2 on 3d8: (3/8)^3, Transmutery 5: (6/8)^3
    events = choose(game, "Build a steam-hammer", 6, 7, 8, 3, 4, 5)
    record = roll_of(events)
    assert record["success"] and record["kept"] == [6, 3] and len(record["dice"]) == 6
    assert fp(game) == 5  # a combination with Transmutery: 3 FP of Drain, not each check's 2
    events = choose(game, "Build a steam-hammer", 6, 7, 8, 2, 4, 5)  # Transmutery 5 + 2 fails
    assert not roll_of(events)["success"] and fp(game) == 2


def test_fp_stay_between_zero_and_the_maximum_and_zero_is_defeat(guild):
    game = start(guild)
    events = choose(game, "Drink a strong potion")
    assert fp(game) == 8 and any("nothing to restore" in line for line in notes(events))
    events = choose(game, "Fall down the well")
    assert fp(game) == 0
    assert any("is defeated" in line for line in notes(events))
    assert game.state.ending == "fallen"  # the adventure's defeated branch


def test_exertion_comes_back_after_an_hour_wounds_one_a_week(guild):
    game = start(guild)
    choose(game, "Take a beating")  # 3 FP of wounds
    choose(game, "Run the rooftops")  # 2 FP of exertion
    assert fp(game) == 3
    choose(game, "Catch your breath")
    assert fp(game) == 5  # the exertion is back, the wounds are not
    choose(game, "Lie up for three days")
    assert fp(game) == 5  # 72 hours towards the first week
    events = choose(game, "Lie up for a week")
    assert fp(game) == 6 and any("1 wound FP healed" in line for line in notes(events))
    choose(game, "Lie up for a week")
    choose(game, "Lie up for a week")
    assert fp(game) == 8 and "rest_hours" not in game.character.extra


def test_overloaded_the_character_cannot_stand_for_brawn_and_balance_checks(guild):
    game = start(guild)
    choose(game, "Take a beating")
    choose(game, "Take a beating")  # FP 2
    events = choose(game, "Shoulder the anvil")  # ENC 2: FP − ENC = 0
    assert any("too tired to stand" in line for line in notes(events))
    game.dice.force(8)
    events = choose(game, "Heave the cart aside")  # Lift/Smash: not rolled, a failure
    record = roll_of(events)
    assert record["dice"] == [] and record["outcome"] == "failure"
    assert record["details"]["not_rolled"] == "cannot-stand"  # a reason, said when shown
    assert any("not rolled, too tired to stand" in step for step in step_lines(record))
    assert game.dice.forced_pending == (8,)  # no die was used
    game.dice.clear_forced()
    events = choose(game, "Listen for the ambush", 7)  # a Brains check still rolls, at −1
    assert roll_of(events)["dice"] == [7] and roll_of(events)["modifiers"]["exhausted"] == -1
    choose(game, "Put the anvil down")
    events = choose(game, "Heave the cart aside", 6)  # FP 2, ENC 0: exhausted but standing
    assert roll_of(events)["dice"] == [6] and roll_of(events)["total"] == 3 + 6 - 1


def test_danger_sense_makes_detecting_an_ambush_easy(guild):
    game = start(guild)
    hint = next(o.hint for o in game.offered.options if o.text.startswith("Listen"))
    assert hint.endswith("38% success")  # Perception/Track 2 on 1d8: 3 in 8 (Hard: 5%)
    events = choose(game, "Listen for the ambush", 6)
    record = roll_of(events)
    assert record["dice"] == [6] and record["success"]
    assert any("danger sense" in step for step in step_lines(record))


def test_absentmindedness_makes_an_ongoing_activity_one_level_harder(guild):
    game = start(guild, "Tobble")
    events = choose(game, "Sit through", 8, 8, 2)  # Challenging + 1 level: 3d8
    record = roll_of(events)
    assert record["dice"] == [8, 8, 2] and not record["success"]  # 3 + 2 < 8
    assert any("absentmindedness" in step for step in step_lines(record))


def test_fast_talk_lasts_an_hour_more_per_talent_level(guild):
    game = start(guild)
    events = choose(game, "Fast-talk", 6)  # Social/Etiquette 3 + 6: success; talent 2
    assert roll_of(events)["measures"]["hours"] == 2
    assert any("in 2 hours" in text for text in texts(events))


def test_haggling_moves_the_price_five_percent_more_per_talent_level(guild):
    game = start(guild)
    events = choose(game, "Haggle", 6, 1)  # 3 + 6 succeeds, the factor's 3 + 1 fails
    assert roll_of(events)["outcome"] == "success"
    assert any(text == "10% off." for text in texts(events))


def test_a_parry_counts_its_excess_up_to_the_talent_level(guild):
    game = start(guild)
    events = choose(game, "Parry", 8)  # Hack/Slash 3 + 8: excess 3, talent 1
    assert roll_of(events)["measures"]["excess"] == 1
    assert any("1 to the good" in text for text in texts(events))


def test_trait_in_an_expression(guild):
    sable = start(guild)
    assert not any(o.text.startswith("Call in a favour") for o in sable.offered.options)
    tobble = start(guild, "Tobble")
    assert any(o.text.startswith("Call in a favour") for o in tobble.offered.options)


@pytest.mark.parametrize("change, code, words", [
    ("tags: [surprise]", "bad-check", "GAME has no tag 'ambush'"),
    ("stat: [Machinery, Transmutery]", "bad-check", "only Build skills combine"),
    ("tags: [haggle]", "bad-check", "haggle is for Bargain/Appraise checks"),
    ('if: trait("prestige")', "unknown-trait", "no trait 'presence-of-mind'"),
])
def test_bad_tags_and_traits_are_validation_errors(tmp_path, fixtures, change, code, words):
    text = (fixtures / "game-rules.yaml").read_text()
    broken = {
        "tags: [surprise]": "tags: [ambush]",
        "stat: [Machinery, Transmutery]": "stat: [Machinery, Sneak/Hide]",
        "tags: [haggle]": "tags: [haggle]\n          difficulty: easy",
        'if: trait("prestige")': 'if: trait("presence-of-mind")',
    }[change]
    if change == "tags: [haggle]":  # a haggle tag on a Perception/Track check
        text = text.replace("          tags: [surprise]", "          tags: [haggle]")
    else:
        text = text.replace(change, broken)
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    errors = [p for p in validate_path(path) if p.severity == "error"]
    assert [p.code for p in errors] == [code], errors
    assert words in errors[0].message and errors[0].line > 0 and errors[0].hint


def test_rest_in_a_system_without_rest_rules_is_a_validation_error(tmp_path, fixtures):
    text = (fixtures / "lf-fen-rules.yaml").read_text()
    text = text.replace("effects: [{award: {luck: 3}}]", "effects: [{rest: {hours: 8}}]")
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    errors = [p for p in validate_path(path) if p.severity == "error"]
    assert [p.code for p in errors] == ["unsupported-effect"]


def test_an_award_of_max_fp_is_a_validation_error(tmp_path, fixtures):
    text = (fixtures / "game-rules.yaml").read_text()
    text = text.replace("effects: [{award: {fp: 10}}]", "effects: [{award: {max_fp: 2}}]")
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    errors = [p for p in validate_path(path) if p.severity == "error"]
    assert [p.code for p in errors] == ["bad-award"]
    assert "max FP does not change in play" in errors[0].message
