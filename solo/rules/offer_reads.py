"""Reads of a character that only decide which actions a conflict offers, marked for ``solo analyze``.

A ruleset's conflict procedure reads the player's resources to work out its decision: which
actions are on offer (a Humanity, Blessed endeavour or fight offers a spark only while the pool
of blessing dice holds a pair, Help with as many dice as the pool can pay) and, in ``act``, whether
the key answered is among them. While the analyzer keeps dice *owed* (drawn only when a step
first reads the pool: :mod:`solo.analyze.owed`), such a read would draw them all at once, and
every value they can take then splits the states from there on (blessed-harvest's vestry: 661
pools, the exploration never left it).

A procedure wraps those reads in :func:`offers` when its ruleset promises this of them:
**more of the resource never takes an action away** (an action on offer with some values in
it is on offer, under the same key, with more values added; the other actions' keys do not
move). The analyzer can then let a bot's play (:mod:`solo.analyze.policy_play`) read only the
values drawn so far there: the actions offered on them are all on offer whatever the dice owed
turn out to be, so the bot's pick is a play of the real game (see that module for why such a
play is a floor). Reads outside :func:`offers` (a spend, a sum, a cost paid) still draw the
dice owed first. Nothing changes for a game: the marker is read only by the analyzer's guard.
"""

from __future__ import annotations

import contextlib
import contextvars
from typing import Iterator

_READING: contextvars.ContextVar[bool] = contextvars.ContextVar("offer_reads", default=False)


@contextlib.contextmanager
def offers() -> Iterator[None]:
    """Within the block, the reads only decide which actions are on offer (module docstring)."""
    token = _READING.set(True)
    try:
        yield
    finally:
        _READING.reset(token)


def reading_offers() -> bool:
    """Whether the reads now made are inside :func:`offers`."""
    return _READING.get()
