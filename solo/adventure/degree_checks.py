"""`solo validate`'s warning for results that never pay off: a file whose system reads a roll in
degrees (GUTS+ positive and negative impact, Loose and Fuzzy criticals and costly successes,
Humanity, Blessed outcome sizes, GAME excess) but which never writes what a better or worse
result does. The screen then promises "something extra" that never comes.

The warning names the file's first check, counts its checks, and says which branch keys or
``roll.*`` measures would answer it. One branch or one ``roll.<measure>`` read anywhere in the
file is enough to silence it: the point is that the author has met the system's degrees.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["DEGREE_CODES", "DEGREES", "check_degrees"]

DEGREE_CODES: dict[str, str] = {
    "degrees-never-written": "the system reads rolls in degrees and the file never says what a better or worse result does",
}

#: system id -> (branch keys that write a degree, roll measures that read one)
DEGREES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "guts-plus": (("positive-impact", "negative-impact"), ("impact",)),
    "loose-fuzzy": (("critical-success", "critical-failure", "costly-success"), ("critical",)),
    "humanity-blessed": (("very-minor", "minor", "medium", "major", "very-major", "maximum"), ("size",)),
    "game": ((), ("excess",)),
}


def check_degrees(validator: Any) -> None:
    """Warn once when the file has checks in a system with degrees and writes none of them."""
    adv = validator.adv
    degrees = DEGREES.get(adv.system)
    if degrees is None:
        return
    keys, measures = degrees
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
