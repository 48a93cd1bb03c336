"""The parts of an adventure that meet the format, so ``solo validate`` can check their meaning too.

A file that breaks the JSON Schema cannot be loaded, but its authors still want every problem in
one pass: fixing four shape errors should not reveal four errors of meaning that were there all
along. :func:`repaired` makes a copy of the data without what the schema refuses (an unknown
field, a value of the wrong type, a scene with a bad id, an object missing a required field) and
gives it with a :class:`ShiftedDocument`, which finds the source position of every value of the
copy, so the meaning checks report at the right lines although list entries were taken out.

Repairing is a best effort, bounded by :data:`MAX_ROUNDS`: each round drops what the schema
refuses (a missing required text is filled with an empty one rather than dropping its object, so
a scene without a `title` is still a scene). When the top level itself is at fault (no `start`,
no `scenes`), nothing is repaired and the caller reports the shape problems alone.
"""

from __future__ import annotations

import copy
from bisect import insort
from typing import Any, Iterable

from solo.adventure.schema import _fast_valid, _leaf, _validator
from solo.adventure.yaml_source import Document

__all__ = ["MAX_ROUNDS", "ShiftedDocument", "repaired"]

#: Rounds of dropping what the schema refuses before giving up.
MAX_ROUNDS = 6

Path_ = tuple[Any, ...]


class ShiftedDocument:
    """A :class:`Document` seen through a repaired copy of its data: ``data`` is the copy, and a
    path into the copy is turned into the path of the same value in the original before its
    position is looked up (list entries dropped before it shift its index)."""

    def __init__(self, original: Document, data: Any, dropped: dict[Path_, list[int]]) -> None:
        self.data = data
        self.filename = original.filename
        self.may_hold_controls = original.may_hold_controls
        self._original = original
        self._dropped = dropped  # original path of a list -> sorted original indices dropped from it

    def original_path(self, path: Iterable[Any]) -> Path_:
        out: list[Any] = []
        for part in path:
            dropped = self._dropped.get(tuple(out))
            if dropped and isinstance(part, int) and not isinstance(part, bool) and part >= 0:
                for index in dropped:
                    if index <= part:
                        part += 1
            out.append(part)
        return tuple(out)

    def position(self, path: Iterable[Any] = ()) -> tuple[int, int]:
        return self._original.position(self.original_path(path))

    def key_position(self, path: Iterable[Any]) -> tuple[int, int]:
        return self._original.key_position(self.original_path(path))

    def error(self, path: Iterable[Any], message: str, hint: str | None = None, *, key: bool = False) -> Any:
        return self._original.error(self.original_path(path), message, hint, key=key)


def repaired(data: Any, document: Document) -> tuple[Any, ShiftedDocument] | None:
    """A copy of ``data`` that meets the schema, and the document to locate its values; or None
    when the top level is at fault or :data:`MAX_ROUNDS` rounds do not make it meet the schema."""
    if not isinstance(data, dict):
        return None
    data = copy.deepcopy(data)
    # paths are kept in the copy's terms while repairing, then turned into the original's
    dropped: dict[Path_, list[int]] = {}  # original list path -> original indices dropped
    shifted = ShiftedDocument(document, data, dropped)
    for _ in range(MAX_ROUNDS):
        if _fast_valid(data):
            return data, shifted
        removals: list[tuple[Path_, Any]] = []  # (path of the container, key or index to drop)
        for error in _validator().iter_errors(data):
            leaf = _leaf(error)
            path = tuple(leaf.absolute_path)
            if leaf.validator == "additionalProperties" and isinstance(leaf.instance, dict):
                allowed = set((leaf.schema.get("properties") or {}).keys())
                removals += [(path, key) for key in leaf.instance if key not in allowed
                             and not _matches_pattern(leaf.schema, key)]
            elif "propertyNames" in leaf.schema_path and isinstance(leaf.instance, str):
                removals.append((path, leaf.instance))  # a bad key: a scene id, a variable name
            elif leaf.validator == "required" and isinstance(leaf.instance, dict):
                if not path:
                    return None  # the top level lacks a field: nothing sensible to check
                if not _fill(leaf, data, path):
                    removals.append((path[:-1], path[-1]))
            else:
                if not path:
                    return None
                removals.append((path[:-1], path[-1]))
        if not removals:
            return None
        _remove(data, removals, shifted, dropped)
    return (data, shifted) if _fast_valid(data) else None


def _matches_pattern(schema: dict[str, Any], key: str) -> bool:
    import re

    return any(re.search(pattern, key) for pattern in (schema.get("patternProperties") or {}))


def _fill(leaf: Any, data: Any, path: Path_) -> bool:
    """Give an object the required texts it lacks (an empty title...); False when a missing field
    is not a plain text, so the object must go."""
    target = _at(data, path)
    properties = leaf.schema.get("properties") or {}
    missing = [name for name in leaf.validator_value if name not in target]
    for name in missing:
        spec = properties.get(name) or {}
        if spec.get("type") != "string" or any(k in spec for k in ("pattern", "enum", "const")):
            return False
    for name in missing:
        target[name] = ""
    return True


def _at(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def _remove(data: Any, removals: list[tuple[Path_, Any]], shifted: ShiftedDocument,
            dropped: dict[Path_, list[int]]) -> None:
    # an outer removal makes the inner ones moot; list entries go from the last so indices hold
    paths = {container + (key,) for container, key in removals}
    for container, key in sorted(set(removals), key=lambda r: _sort_key(r[0] + (r[1],)), reverse=True):
        full = container + (key,)
        if any(full[: n] in paths for n in range(1, len(full))):
            continue
        try:
            parent = _at(data, container)
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(parent, dict):
            parent.pop(key, None)
        elif isinstance(parent, list) and isinstance(key, int) and 0 <= key < len(parent):
            original = shifted.original_path(container + (key,))
            del parent[key]
            insort(dropped.setdefault(original[:-1], []), original[-1])


def _sort_key(path: Path_) -> tuple[Any, ...]:
    return tuple((0, part, "") if isinstance(part, int) else (1, 0, str(part)) for part in path)
