"""How long an adventure is: the words of its narration, and the play-time model.

``solo list`` shows, for each adventure, its scenes, the words a player could read (every text
shown in play: scene texts, choices, outcome branches, effects, table rows, endings, the intro)
and its play time: the author's ``play_time`` when given, else an estimate.

The model (docs/authoring.md, "How long is it?"): a run takes the words it shows read at
:data:`READ_WORDS_PER_MINUTE` plus :data:`SECONDS_PER_DECISION` for each decision the player
makes. :func:`run_minutes` is that sum; ``solo.playtest.play_time`` measures it on seeded runs
and the bundled cards are set from those figures. Without a run to measure, :func:`estimated_minutes`
applies the same model to the narration alone: a run shows about :data:`RUN_SHARE` of an
adventure's words and asks a decision for every :data:`WORDS_PER_DECISION` words it shows
(both measured on the five bundled adventures).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["READ_WORDS_PER_MINUTE", "RUN_SHARE", "SECONDS_PER_DECISION", "WORDS_PER_DECISION",
           "estimated_minutes", "narration_words", "run_minutes"]

#: Words a player reads per minute (adult silent reading of fiction).
READ_WORDS_PER_MINUTE = 200
#: Seconds a decision takes: reading the options, choosing, taking in the dice.
SECONDS_PER_DECISION = 10
#: The share of an adventure's narration one run shows (median over the bundled adventures' runs).
RUN_SHARE = 0.3
#: Words shown per decision in a run (median over the bundled adventures' runs).
WORDS_PER_DECISION = 120

_TEXT_KEYS = frozenset({"text", "summary", "disabled"})
_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_PLAYED = ("intro", "scenes", "tables", "hooks", "variables", "defeated")


def narration_words(data: Any) -> int:
    """The words of every text a player can be shown during play (not the card or GM notes)."""
    if not isinstance(data, dict):
        return 0
    total = len(_WORD.findall(data["intro"])) if isinstance(data.get("intro"), str) else 0
    stack = [data.get(key) for key in _PLAYED if key != "intro"]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if key in _TEXT_KEYS and isinstance(item, str):
                    total += len(_WORD.findall(item))
                elif key != "gm":
                    stack.append(item)
        elif isinstance(value, list):
            stack.extend(value)
    return total


def run_minutes(words_shown: int, decisions: int) -> float:
    """The model's minutes for a run that showed ``words_shown`` words and asked ``decisions``."""
    return words_shown / READ_WORDS_PER_MINUTE + decisions * SECONDS_PER_DECISION / 60


def estimated_minutes(words: int) -> int:
    """The model's play time for one run of an adventure of ``words`` words of narration, to the
    nearest 5 minutes and at least 5: a run shows :data:`RUN_SHARE` of them and decides every
    :data:`WORDS_PER_DECISION` words."""
    shown = words * RUN_SHARE
    return max(5, round(run_minutes(round(shown), round(shown / WORDS_PER_DECISION)) / 5) * 5)
