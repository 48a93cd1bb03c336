"""The decision a conflict procedure last offered, kept for the answer to it.

The engine asks a procedure for its decision (every action priced: exact odds, focus chances),
shows it, and then hands the player's key to ``act`` with a setup rebuilt from the same saved
data; ``act`` must check the key is on offer. A procedure whose decision is dear keeps it here
with :func:`remember` and gets it back with :func:`recall` instead of pricing every action a
second time. Only a call for the same procedure class and ruleset, with a setup and state equal to
copies taken when the decision was made, gets it: anything else (an analyzer replaying other
states, a caller that changed its characters since) gets None and works the decision out anew.
One decision is kept per process: the engine answers the decision it has just offered.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.conflict import ConflictSetup, Decision, private_state

_last: list[tuple[type, Any, ConflictSetup, dict[str, Any], Decision]] = []


def _copy(setup: ConflictSetup) -> ConflictSetup:
    """``setup`` with characters nothing else holds (the caller may change its own later)."""
    fighters = [dataclasses.replace(f, character=Character.from_dict(f.character.to_dict())) for f in setup.fighters]
    return dataclasses.replace(setup, fighters=fighters)


def remember(procedure: type, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any], decision: Decision) -> None:
    _last[:] = [(procedure, ruleset, _copy(setup), private_state(state), decision)]


def recall(procedure: type, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision | None:
    """The decision remembered for exactly this procedure, ruleset, setup and state, else None."""
    if not _last:
        return None
    kept_procedure, kept_ruleset, kept_setup, kept_state, decision = _last[0]
    if kept_procedure is not procedure or kept_ruleset is not ruleset or kept_state != state or kept_setup != setup:
        return None
    return decision
