"""Which steps of a Humanity, Blessed roll record later code replaces: the verdict and the note
that a spark may still join the roll.

A record's last step is its verdict (``check-result``, ``contest-result``...); Help, a
Distraction or Fearless Resolve change the total and the record is read again, its old verdict
dropped and a new one put last. The steps are found by their code; a step of a save from before
records kept reasons (:func:`solo.rules.reasons.said`) is found by the words it was saved with,
so a roll left waiting in such a save can still be helped.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from solo.rules.reasons import SAID

#: The codes of the verdict steps (one a record, always last).
VERDICTS = frozenset({"check-result", "contest-result", "defence-result", "uncommon-result",
                      "so-far-result", "answer-result"})
#: An open defence's note that the answer may still be sparked (dropped when it is rolled).
ANSWER_OPEN = "answer-open"

_SAID_VERDICT = "result: "  # how a verdict began when records kept sentences
_SAID_ANSWER_OPEN = "may still be sparked"


def is_verdict(step: Any) -> bool:
    if isinstance(step, str):
        return step.startswith(_SAID_VERDICT)
    if not isinstance(step, Mapping):
        return False
    if step.get("code") == SAID:
        return str(step.get("text", "")).startswith(_SAID_VERDICT)
    return step.get("code") in VERDICTS


def is_answer_open(step: Any) -> bool:
    if isinstance(step, str):
        return _SAID_ANSWER_OPEN in step
    if not isinstance(step, Mapping):
        return False
    if step.get("code") == SAID:
        return _SAID_ANSWER_OPEN in str(step.get("text", ""))
    return step.get("code") == ANSWER_OPEN


def without_verdict(steps: Iterable[Any]) -> list[Any]:
    """The steps with the verdict left out."""
    return [s for s in steps if not is_verdict(s)]
