"""Play time measured on seeded runs: the words each run shows and the decisions it asks.

Feeds the model in :mod:`solo.adventure.length` (words read at 200 a minute plus time per
decision) with what a random player actually meets, for one run and for a session of a few runs
in a row. A text the player has already read (a hub revisited in the same run, a scene met again
in the next run of a session) is skimmed: it costs :data:`SKIM` of its words. The
bundled adventures' cards quote these figures; ``bench/play_time.py`` prints them.
"""

from __future__ import annotations

import random
import re
import statistics
from dataclasses import dataclass
from typing import Any, Iterable

from solo.adventure.length import run_minutes

__all__ = ["RunReading", "SKIM", "measure_run", "session_minutes", "summary"]

#: The share of its words a text costs when the player has read it earlier in the session.
SKIM = 0.25

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


@dataclass(frozen=True)
class RunReading:
    """One run: every text it showed, in order, and how many decisions the player made."""

    texts: tuple[str, ...]
    decisions: int

    @property
    def words(self) -> int:
        return sum(len(_WORD.findall(t)) for t in self.texts)

    @property
    def minutes(self) -> float:
        """The model's minutes, with a text met again in the run (a hub revisited) skimmed."""
        return session_minutes([self])


def _shown(events: Iterable[Any]) -> list[str]:
    texts: list[str] = []
    for event in events:
        for field in ("title", "text", "summary", "prompt"):
            value = getattr(event, field, None)
            if isinstance(value, str) and value.strip():
                texts.append(value)
        for option in getattr(event, "options", None) or ():
            texts.append(option.text)
    return texts


def measure_run(adventure: Any, pregen: str, seed: int, step_limit: int = 1000) -> RunReading:
    """Play one seeded run choosing at random (the playtest bot's way) and record what it showed."""
    from solo.engine.game import Game  # the engine only when a run is measured

    game = Game(adventure, seed=seed)
    pick = random.Random(seed)
    texts = _shown(game.start())
    decisions = 0
    while not game.finished and decisions < step_limit:
        offered = game.offered
        if offered.kind == "character":
            key = next(o.key for o in offered.options if o.id == pregen)
        else:
            key = pick.choice(offered.enabled_keys())
            decisions += 1
        texts += _shown(game.choose(key))
    return RunReading(tuple(texts), decisions)


def session_minutes(runs: list[RunReading]) -> float:
    """Minutes for runs played one after another: a text already read this session is skimmed."""
    seen: set[str] = set()
    total = 0.0
    for run in runs:
        words = 0.0
        for text in run.texts:
            count = len(_WORD.findall(text))
            words += count * SKIM if text in seen else count
            seen.add(text)
        total += run_minutes(round(words), run.decisions)
    return total


def summary(adventure: Any, pregens: list[str], runs: int, seed: int = 1, session: int = 3) -> dict[str, float]:
    """Median minutes of one run, and of a session of ``session`` runs, over ``runs`` seeded runs
    per pregen; with the median words and decisions of a run behind them."""
    readings = [measure_run(adventure, who, seed + i) for who in pregens for i in range(runs)]
    sessions = [session_minutes(readings[i:i + session]) for i in range(0, len(readings) - session + 1, session)]
    return {
        "run_minutes": statistics.median(r.minutes for r in readings),
        "session_minutes": statistics.median(sessions),
        "words": statistics.median(r.words for r in readings),
        "decisions": statistics.median(r.decisions for r in readings),
    }
