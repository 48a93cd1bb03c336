"""Every event says its ``type`` as the front ends read it: first in ``to_dict``, the same on the
instance, and taken from the class default (no ``__post_init__`` call per event made)."""

from __future__ import annotations

import dataclasses
import inspect

from solo.engine import events as ev

#: The wire names the terminal, ``--json`` and the web page read.
TYPES = {
    "AdventureStarted": "start", "CharacterChosen": "character", "ChoicesOffered": "choices",
    "ClockTicked": "clock", "ConditionChanged": "condition", "ConflictAction": "conflict-action",
    "ConflictEnded": "conflict-end", "ConflictRound": "conflict-round", "ConflictStarted": "conflict-start",
    "EndingReached": "ending", "ItemChanged": "item", "ItemRefused": "item-refused", "JournalNoted": "note",
    "Narration": "text", "ObjectiveCompleted": "objective", "ResourceChanged": "award", "Revealed": "reveal",
    "RollMade": "roll", "RulesNote": "rules", "SceneEntered": "scene", "TableRolled": "table", "XpGained": "xp",
}


def _made(cls: type) -> ev.Event:
    """An instance with a placeholder for every field the class's __init__ takes."""
    values = {f.name: f"<{f.name}>" for f in dataclasses.fields(cls)
              if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    return cls(**values)


def test_every_event_class_says_its_type():
    found = {name: cls for name, cls in inspect.getmembers(ev, inspect.isclass)
             if issubclass(cls, ev.Event) and cls is not ev.Event}
    assert set(found) == set(TYPES)
    for name, cls in found.items():
        event = _made(cls)
        assert event.type == TYPES[name]
        data = event.to_dict()
        assert next(iter(data)) == "type" and data["type"] == TYPES[name]
        assert "type" not in inspect.signature(cls).parameters  # not an argument
        assert event == _made(cls) and "type" in repr(event)


def test_a_type_set_on_an_event_is_its_own():
    note, other = ev.RulesNote("x"), ev.RulesNote("y")
    note.type = "changed"
    assert note.to_dict()["type"] == "changed" and other.type == "rules"
