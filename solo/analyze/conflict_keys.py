"""The part of a conflict in progress that goes into an analysis state's key.

A game state in the middle of a fight holds the procedure's own state in its pending data. The
explorer keys it whole unless the procedure says what of it later steps can read
(:class:`~solo.rules.base.AnalysisState`): then two fights that differ only in what nothing
reads (Loose and Fuzzy keeps a ledger of the Advantage Points each side gained and spent, for
nobody: every rule reads the points held, ``ap``) are one state. The merge is sound because the
procedure's ``decision``, ``act`` and ``conclude`` are functions of the parts kept, the fighters
and the round, which all stay in the key; the first game met is the one expanded, and its
ledger goes on with it unread.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from solo.adventure.model import Adventure
from solo.rules.base import AnalysisState, hook


def pending_reducer(adventure: Adventure, rules_for: Callable[[Any], Any]) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """A function from a conflict's pending data to the data its key keeps; ``rules_for(spec)``
    gives the scene's procedure (the engine's conflict runner's ``rules``)."""
    reducers: dict[str, Any] = {}

    def reduce(data: Mapping[str, Any]) -> Mapping[str, Any]:
        scene_id = data.get("scene")
        if scene_id not in reducers:
            scene = adventure.scenes.get(str(scene_id))
            spec = scene.conflict if scene is not None else None
            found = hook(rules_for(spec), AnalysisState) if spec is not None else None
            reducers[str(scene_id)] = found.analysis_state if found is not None else None
        reducer = reducers[str(scene_id)]
        if reducer is None or not isinstance(data.get("state"), Mapping):
            return data
        return {**data, "state": reducer(data["state"])}

    return reduce
