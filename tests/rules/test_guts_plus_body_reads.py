"""GUTS+ body reads asked at every move, made quicker, read as the plain ways do: a part's name
spelled once per spelling, ``unconscious``'s no-part-unusable shortcut, ``incapacitated`` with no
conditions."""

from __future__ import annotations

import itertools
import random
import re

from solo.rules.base import Character
from solo.rules.guts_plus import body
from solo.rules.guts_plus.body import INJURIES_TO_DISABLE, UNCONSCIOUS_OTHER_PARTS, unusable_parts, vital_part
from solo.rules.guts_plus.qualities import norm
from solo.rules.guts_plus.ruleset import GutsPlus


def _spelled_plainly(part):
    return re.sub(r"[\s\-_]+", " ", str(part).strip().lower())


def test_a_part_name_reads_as_spelled_each_time():
    names = ["Head", " left-arm", "LEFT_ARM", "right  leg", "Torso\t", "", "core", 3, None, "x" * 40]
    for _ in range(3):  # spelled, then remembered (and once the memory is emptied, again)
        for name in names:
            assert body._part_name(name) == _spelled_plainly(name)
        body._PART_NAMES.clear()


def _unconscious_walked(character: Character) -> bool:
    """``unconscious`` with its shortcut read element by element, as it was."""
    extra = character.extra
    marks = extra.get("injuries", {})
    if (type(marks) is dict and type(extra.get("extra_parts", ())) in (list, tuple)
            and all(type(n) is int and n < INJURIES_TO_DISABLE for n in marks.values())):
        return False
    down = unusable_parts(character)
    vital = vital_part(character)
    others = [p for p in down if p != vital]
    needed = min(UNCONSCIOUS_OTHER_PARTS, len(body.body_parts(character)) - (1 if vital else 0))
    return (vital is not None and vital in down) or (needed > 0 and len(others) >= needed)


PARTS = ("head", "torso", "left arm", "right arm", "left leg", "right leg", "tail")
VALUES = (0, 1, 2, 3, True, False, 1.0, 2.0, "2")


def _characters():
    rng = random.Random(23)
    for _ in range(3000):
        marks = {part: rng.choice(VALUES) for part in rng.sample(PARTS, rng.randint(0, 5))}
        extra = {"injuries": marks}
        shape = rng.randint(0, 4)
        if shape == 1:
            extra["extra_parts"] = ["tail"]
        elif shape == 2:
            extra["extra_parts"] = ("tail",)
        elif shape == 3:
            extra["body_parts"], extra["vital"] = ["head", "tail", "torso"], rng.choice(["tail", ""])
        elif shape == 4:
            extra["injuries"] = list(marks.items()) if rng.random() < 0.1 else marks
        conditions = rng.choice([[], ["Unconscious"], ["tired"], ["tired", "unconscious"]])
        yield Character("Ada", "guts-plus", {"gumption": 2}, conditions=list(conditions), extra=extra)


def test_unconscious_and_incapacitated_read_as_walked():
    ruleset = GutsPlus()
    answers = set()
    for character in _characters():
        try:
            walked = _unconscious_walked(character)
        except Exception as exc:  # noqa: BLE001  (the same error either way)
            walked = type(exc)
        try:
            quick = body.unconscious(character)
        except Exception as exc:  # noqa: BLE001
            quick = type(exc)
        assert quick == walked, character.extra
        if walked in (True, False):
            expected = "unconscious" if walked or any(norm(c) == "unconscious" for c in character.conditions) else None
            assert ruleset.incapacitated(character) == expected
        answers.add(walked)
    assert {True, False} <= answers


def test_every_combination_of_small_marks_on_the_six_parts():
    six = PARTS[:6]
    for values in itertools.product((0, 1, 2), repeat=6):
        character = Character("Bo", "guts-plus", {}, extra={"injuries": dict(zip(six, values))})
        assert body.unconscious(character) == _unconscious_walked(character)
