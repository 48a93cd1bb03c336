"""`solo validate`'s warning for results that never pay off: a file whose system reads a roll in
degrees (GUTS+ positive and negative impact, Loose and Fuzzy criticals and costly successes,
Humanity, Blessed outcome sizes, GAME excess) but which never writes what a better or worse
result does. The screen then promises "something extra" that never comes. Which keys and
measures say a degree is the ruleset's ``degree_words`` (:class:`solo.rules.base.DescribesDegrees`).

A file that writes no degree at all is warned once, at its first check, with a count of its
checks and the branch keys or ``roll.*`` measures that would answer it. A file that writes some
is warned at each check that still writes none, where the system names the degree as an outcome
on the screen (GUTS+ "great success", Loose and Fuzzy "critical success", Humanity, Blessed
sizes): such a check has no branch for those outcomes, and neither its branches nor the text
of its scene or of the scene it goes to read a ``roll.<measure>``. Where the system also reads
a failure in degrees (Loose and Fuzzy's ``critical-failure``: double ones make a failure worse),
a check is named too when its failure side says nothing of that worse result: no
``critical-failure:`` branch, and neither its ``failure`` branch nor the scene that branch goes to
reads a ``roll.<measure>`` (a success branch reading ``roll.critical`` answers only the success
side).
A system whose degree is only a number beside the outcome (GAME excess) is not warned per check.
"""

from __future__ import annotations

import re
from typing import Any

from solo.rules.base import DescribesDegrees, hook

__all__ = ["DEGREE_CODES", "WORSE_FAILURE", "check_degrees", "degrees", "writes_degrees", "writes_worse_failure"]

#: The branch key of a failure made worse by its degree; a system whose degree keys name it
#: reads a critical failure apart from a plain one, so each check says what it costs.
WORSE_FAILURE = "critical-failure"

DEGREE_CODES: dict[str, str] = {
    "degrees-never-written": "the system reads rolls in degrees and the file never says what a better or worse result does",
}


def degrees(ruleset: object) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(branch keys that write a degree, roll measures that read one): the ruleset's
    ``degree_words``; None for a system that does not read rolls in degrees."""
    own = hook(ruleset, DescribesDegrees)
    return own.degree_words if own is not None else None


def check_degrees(validator: Any) -> None:
    """Warn once when the file has checks in a system with degrees and writes none of them; else
    warn at each check that writes none, where the system names its degrees as outcomes."""
    adv = validator.adv
    if validator.ruleset is None:
        return
    read = degrees(validator.ruleset)
    if read is None:
        return
    keys, measures = read
    checks = [(choice, scene) for scene in adv.scenes.values() for choice in scene.choices
              if choice.check is not None]
    if not checks:
        return
    text = "\n".join(validator.source.lines)
    if any(set(choice.check.outcomes) & set(keys) for choice, _ in checks) \
            or any(re.search(rf"\broll\.{m}\b", text) for m in measures):
        _each_check(validator, checks, keys, measures)
        return
    first = checks[0][0].check
    answer = " or ".join([f"`roll.{m}` in a text or condition" for m in measures] + [f"`{k}:` branches" for k in keys[:2]])
    validator.warning(
        "degrees-never-written", first.path,
        f"{len(checks)} check{'' if len(checks) == 1 else 's'}, and the file never says what a better or worse result does; "
        f"{adv.system} reads rolls in degrees, so players are shown a degree that changes nothing",
        f"write {answer} where the size of a result matters")


def writes_degrees(adv: Any, scene: Any, check: Any, keys: tuple[str, ...], measures: tuple[str, ...]) -> bool:
    """Whether one check says what a better or worse result does: a degree branch, or a
    ``roll.<measure>`` read in its branches, its scene's text or the text of a scene a branch
    goes to (where the roll is still the last one)."""
    if set(check.outcomes) & set(keys):
        return True
    after = [adv.scenes[b.goto] for b in check.outcomes.values() if b.goto in adv.scenes]
    said = " ".join([repr((branch.text, branch.effects)) for branch in check.outcomes.values()]
                    + [str(s.text) for s in (scene, *after)])
    return any(re.search(rf"\broll\.{m}\b", said) for m in measures)


def writes_worse_failure(adv: Any, scene: Any, check: Any, measures: tuple[str, ...]) -> bool:
    """Whether one check says what a failure made worse by its degree does: a
    ``critical-failure`` branch, or a ``roll.<measure>`` read in its ``failure`` branch or in the
    text of the scene that branch leads to (its own scene when it has no ``goto``)."""
    if WORSE_FAILURE in check.outcomes:
        return True
    branch = check.outcomes.get("failure")
    if branch is None:
        return False
    after = adv.scenes.get(branch.goto) if branch.goto else scene
    said = " ".join([repr((branch.text, branch.effects)), str(after.text) if after is not None else ""])
    return any(re.search(rf"\broll\.{m}\b", said) for m in measures)


def _each_check(validator: Any, checks: list[tuple[Any, Any]], keys: tuple[str, ...], measures: tuple[str, ...]) -> None:
    """One warning per check that writes no degree, in a system that shows degrees as outcomes."""
    if not keys:
        return
    shown = " or ".join(f"`{k}:`" for k in keys[:2])
    for choice, scene in checks:
        if not writes_degrees(validator.adv, scene, choice.check, keys, measures):
            validator.warning(
                "degrees-never-written", choice.check.path,
                f"the check {choice.text!r} in scene {scene.id!r} writes no better or worse result; "
                f"the screen names a degree here that changes nothing",
                f"write {shown} branches (or read `roll.{measures[0]}` in a branch) saying what the degree does")
            continue
        if WORSE_FAILURE in keys and not writes_worse_failure(validator.adv, scene, choice.check, measures):
            validator.warning(
                "degrees-never-written", choice.check.path,
                f"the check {choice.text!r} in scene {scene.id!r} never says what a {WORSE_FAILURE.replace('-', ' ')} "
                f"costs; the screen names one here that reads as a plain failure",
                f"write a `{WORSE_FAILURE}:` branch, or read `roll.{measures[0]}` in the `failure` branch")
