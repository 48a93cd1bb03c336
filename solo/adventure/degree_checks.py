"""`solo validate`'s warning for results that never pay off: a file whose system reads a roll in
degrees (GUTS+ positive and negative impact, Loose and Fuzzy criticals and costly successes,
Humanity, Blessed outcome sizes, GAME excess) but which never writes what a better or worse
result does. The screen then promises "something extra" that never comes. Which keys and
measures say a degree is the ruleset's ``degree_words`` (:class:`solo.rules.base.DescribesDegrees`).

The warning names the file's first check, counts its checks, and says which branch keys or
``roll.*`` measures would answer it. One branch or one ``roll.<measure>`` read anywhere in the
file is enough to silence it: the point is that the author has met the system's degrees.
"""

from __future__ import annotations

import re
from typing import Any

from solo.rules.base import DescribesDegrees, hook

__all__ = ["DEGREE_CODES", "check_degrees", "degrees"]

DEGREE_CODES: dict[str, str] = {
    "degrees-never-written": "the system reads rolls in degrees and the file never says what a better or worse result does",
}


def degrees(ruleset: object) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(branch keys that write a degree, roll measures that read one): the ruleset's
    ``degree_words``; None for a system that does not read rolls in degrees."""
    own = hook(ruleset, DescribesDegrees)
    return own.degree_words if own is not None else None


def check_degrees(validator: Any) -> None:
    """Warn once when the file has checks in a system with degrees and writes none of them."""
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
    if any(set(choice.check.outcomes) & set(keys) for choice, _ in checks):
        return
    text = "\n".join(validator.source.lines)
    if any(re.search(rf"\broll\.{m}\b", text) for m in measures):
        return
    first = checks[0][0].check
    answer = " or ".join([f"`roll.{m}` in a text or condition" for m in measures] + [f"`{k}:` branches" for k in keys[:2]])
    validator.warning(
        "degrees-never-written", first.path,
        f"{len(checks)} check{'' if len(checks) == 1 else 's'}, and the file never says what a better or worse result does; "
        f"{adv.system} reads rolls in degrees, so players are shown a degree that changes nothing",
        f"write {answer} where the size of a result matters")
