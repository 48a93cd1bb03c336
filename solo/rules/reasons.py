"""Reasons in roll records: each step of a reading is a code and its numbers, never a sentence.

A :class:`~solo.rules.dice.RollRecord`'s ``steps`` say how the dice were read, in order, as
small JSON objects: ``{"code": "doubles", "doubles": [4, 5]}``. Saves and replays keep those, so
rewording a line never breaks a save or a replay; the words are made when a step is shown, by the
ruleset that wrote it (:meth:`~solo.rules.base.RulesetDefaults.step_words`, each system keeping
its words for its records in one module of its package, e.g. ``guts_plus/record_words.py``).

Two older shapes are still read: a step of a save written before records kept reasons is kept as
its words, ``{"code": "said", "text": "..."}`` (:func:`said`, put there by the save migration),
and a plain string, which a ruleset installed from elsewhere may still write. A code the ruleset
does not know is shown as its code and values, never dropped.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

Step = dict[str, Any]
Words = Callable[[Mapping[str, Any]], "str | list[str] | None"]

SAID = "said"


def reason(code: str, **values: Any) -> Step:
    """One step of a reading: what happened (``code``) and the numbers and names it involved."""
    return {"code": code, **values}


def said(text: str) -> Step:
    """A step kept as the words it was saved with (a save from before records kept reasons)."""
    return {"code": SAID, "text": str(text)}


def is_said(step: Any) -> bool:
    return isinstance(step, str) or (isinstance(step, Mapping) and step.get("code") == SAID)


def step_text(step: Any, words: Words | None = None) -> list[str]:
    """The lines one step reads as (usually one)."""
    if isinstance(step, str):
        return [step]
    if not isinstance(step, Mapping):
        return [str(step)]
    if step.get("code") == SAID:
        return [str(step.get("text", ""))]
    shown = words(step) if words is not None else None
    if shown is None:
        values = ", ".join(f"{k}={v}" for k, v in step.items() if k != "code")
        return [f"{step.get('code', '?')}: {values}" if values else str(step.get("code", "?"))]
    return [shown] if isinstance(shown, str) else list(shown)


def words_for(system: str) -> Words | None:
    """The step words of a registered ruleset, or None (an unknown system: codes shown bare)."""
    from solo.rules import registry
    from solo.rules.base import RulesError, WordsSteps, hook

    try:
        ruleset = registry.get(system)
    except RulesError:  # an unknown ruleset: its records are still shown, as codes
        return None
    words = hook(ruleset, WordsSteps)
    return None if words is None else words.step_words


def step_lines(record: Any) -> list[str]:
    """Every line a record's steps read as, in order (a :class:`RollRecord` or its dict)."""
    data = record if isinstance(record, Mapping) else record.to_dict()
    steps: Iterable[Any] = data.get("steps") or ()
    words = words_for(str(data.get("system", "")))
    return [line for step in steps for line in step_text(step, words)]
