"""How long an adventure is: the words of its narration and a play time estimated from them.

``solo list`` shows, for each adventure, its scenes, the words a player could read (every text
shown in play: scene texts, choices, outcome branches, effects, table rows, endings, the intro)
and its play time: the author's ``play_time`` when given, else an estimate.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["READ_WORDS_PER_MINUTE", "estimated_minutes", "narration_words"]

#: Words of narration read per minute of play, choices and dice included; a playthrough reads only
#: part of an adventure's text, which the estimate takes as a half.
READ_WORDS_PER_MINUTE = 90

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


def estimated_minutes(words: int) -> int:
    """A rough play time for an adventure of ``words`` words of narration, at least 5 minutes."""
    return max(5, round(words / 2 / READ_WORDS_PER_MINUTE / 5) * 5)
