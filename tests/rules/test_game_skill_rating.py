"""GAME's skill_rating finds a stat by its list of names looked up once: the same rating as
reading every stat's name each time, the first of two names for one skill counting."""

from __future__ import annotations

from itertools import permutations

import pytest

from solo.rules.base import Character, RulesError
from solo.rules.game import character as game_character
from solo.rules.game.skills import SKILLS, as_int, lookup_skill


def _walked(character: Character, skill: str) -> int:
    """The rating as it was read before: every stat's name looked up, the first match counts."""
    for name, value in character.stats.items():
        if lookup_skill(name) == skill:
            return as_int(value, f"skill {skill}")
    return 0


def _outcome(read, character, skill):
    try:
        return read(character, skill)
    except RulesError as error:
        return ("error", str(error))


STATS = (("Hack/Slash", 3), ("slash", 5), ("hack-slash", "2"), ("Sneak/Hide", 4.0), ("Luck", 7),
         ("Perception", True), ("Machinery", 0))


def test_the_looked_up_names_read_as_walking_the_stats():
    answers = set()
    for order in permutations(STATS, 4):
        character = Character("x", "game", dict(order))
        for skill in SKILLS + ("hack-slash", "Luck"):
            want = _outcome(_walked, character, skill)
            assert _outcome(game_character.skill_rating, character, skill) == want
            answers.add(str(want))
    assert {"3", "5", "2", "4", "0"} <= answers and any("error" in a for a in answers)


def test_a_changed_list_of_names_is_looked_up_again():
    character = Character("x", "game", {"Lift/Smash": 2})
    assert game_character.skill_rating(character, "Lift/Smash") == 2
    character.stats = {"smash": 6, "Lift/Smash": 2}
    assert game_character.skill_rating(character, "Lift/Smash") == 6
    with pytest.raises(RulesError, match="skill Lift/Smash"):
        game_character.skill_rating(Character("x", "game", {"lift": "lots"}), "Lift/Smash")
