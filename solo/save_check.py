"""Reading a save (or a replay, or a stored character) as carefully as an adventure.

A save file is JSON that anyone can edit, and its checksum is no protection: whoever edits it can
recompute it. So before the engine sees a save it passes, in this order:

1. :func:`read_json`: a regular file (a FIFO or a device is refused, never opened for a blocking
   read), at most :data:`MAX_SAVE_BYTES`, UTF-8 JSON with numbers of at most
   :data:`MAX_NUMBER_DIGITS` digits, no ``NaN``/``Infinity``, nesting at most :data:`MAX_DEPTH`;
2. :func:`check_save`: the save's schema, written below as data (:data:`SAVE`): every field the
   engine reads has its type, every number its bound (:mod:`solo.adventure.bounds`), every list and
   text a length limit. A stored character goes through :data:`CHARACTER` the same way.

Every refusal is a :class:`~solo.saves.SaveError` whose one line names the file and the field
(``saves/autosave.json: state.counters.air: expected a whole number, got 'lots'``); the save
store then falls back to the ``.bak`` copy with a message (see :mod:`solo.saves`).
"""

from __future__ import annotations

import json
import os
import stat as stat_module
from pathlib import Path
from typing import Any, Callable

from solo.adventure.bounds import MAX_COUNTER, MAX_RESOURCE, MAX_STAT
from solo.errors import SoloError

__all__ = ["CHARACTER", "MAX_DEPTH", "MAX_SAVE_BYTES", "SAVE", "SaveShapeError", "check", "read_json"]

#: Largest save file read: a game of several thousand decisions with its undo history is < 2 MB.
MAX_SAVE_BYTES = 16_000_000
#: Deepest nesting of lists and objects in a save (the engine's own saves nest about 8 deep).
MAX_DEPTH = 32
#: Most digits a number in a save may have (the dice state holds 10-digit numbers).
MAX_NUMBER_DIGITS = 20
MAX_TEXT = 100_000
MAX_LIST = 1_000_000
MAX_INT = 10**15


class SaveShapeError(SoloError, ValueError):
    """A save that breaks its schema; ``str()`` is ``field: what is wrong``."""


# -- reading ----------------------------------------------------------------------------------


def read_json(path: Path, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """The JSON in ``path``, read within the limits above; raises ``SaveShapeError`` or OSError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat_module.S_ISREG(info.st_mode):
            raise SaveShapeError("not a regular file")
        if info.st_size > max_bytes:
            raise SaveShapeError(f"{info.st_size} bytes, more than the limit of {max_bytes}")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        raw = b"".join(chunks)
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise SaveShapeError(f"more than the limit of {max_bytes} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveShapeError("not UTF-8 text (damaged?)") from None
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise SaveShapeError(f"nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError:
        raise SaveShapeError("not valid JSON (truncated or damaged)") from None
    _check_depth(data)
    return data


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise SaveShapeError(f"a number of {len(text)} digits (at most {MAX_NUMBER_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 2 * MAX_NUMBER_DIGITS:
        raise SaveShapeError(f"a number of {len(text)} characters")
    return float(text)


def _constant(text: str) -> Any:
    raise SaveShapeError(f"{text} is not a number a save can hold")


def _check_depth(data: Any) -> None:
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise SaveShapeError(f"nested more than {MAX_DEPTH} levels deep")
            stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))


# -- the schema, as data ------------------------------------------------------------------------

Check = Callable[[Any, str], None]


def _fail(path: str, what: str, value: Any) -> SaveShapeError:
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return SaveShapeError(f"{path or 'the save'}: expected {what}, got {shown}")


def Int(low: int = -MAX_INT, high: int = MAX_INT) -> Check:
    def check(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(path, "a whole number", value)
        if not low <= value <= high:
            raise _fail(path, f"a number from {low} to {high}", value)
    return check


def Str(limit: int = MAX_TEXT) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, str):
            raise _fail(path, "a text", value)
        if len(value) > limit:
            raise _fail(path, f"a text of at most {limit} characters", value)
    return check


def Number() -> Check:
    def check(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _fail(path, "a number", value)
    return check


def Bool() -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, bool):
            raise _fail(path, "true or false", value)
    return check


def Optional(inner: Check) -> Check:
    def check(value: Any, path: str) -> None:
        if value is not None:
            inner(value, path)
    return check


def OneOf(*inners: Check) -> Check:
    def check(value: Any, path: str) -> None:
        errors = []
        for inner in inners:
            try:
                inner(value, path)
                return
            except SaveShapeError as exc:
                errors.append(exc)
        raise errors[0]
    return check


def List(item: Check, limit: int = MAX_LIST, exact: int | None = None) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list):
            raise _fail(path, "a list", value)
        if len(value) > limit or (exact is not None and len(value) != exact):
            raise _fail(path, f"a list of {exact if exact is not None else f'at most {limit}'} items",
                        f"{len(value)} items")
        for n, v in enumerate(value):
            item(v, f"{path}[{n}]")
    return check


def Map(item: Check, limit: int = MAX_LIST) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "an object", value)
        if len(value) > limit:
            raise _fail(path, f"an object of at most {limit} entries", f"{len(value)} entries")
        for k, v in value.items():
            if len(k) > 1000:
                raise _fail(path, "keys of at most 1000 characters", k)
            item(v, f"{path}.{k}" if path else k)
    return check


def Obj(fields: dict[str, Check], required: tuple[str, ...] = ()) -> Check:
    """An object with these fields (others are allowed, and left alone by the engine)."""
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "an object", value)
        for name in required:
            if name not in value:
                raise SaveShapeError(f"{path + '.' if path else ''}{name}: missing")
        for name, inner in fields.items():
            if name in value:
                inner(value[name], f"{path}.{name}" if path else name)
    return check


def Json() -> Check:
    """Any JSON value (already limited in size, depth and digits by :func:`read_json`)."""
    def check(value: Any, path: str) -> None:
        return
    return check


NAME = Str(1000)
SEED = Int(-(2**64), 2**64)
STAT = OneOf(Int(-MAX_STAT, MAX_STAT), Str(100), List(Int(-MAX_STAT, MAX_STAT), 20))
RESOURCE = OneOf(Int(-MAX_RESOURCE, MAX_RESOURCE), Str(1000), List(Json(), 1000), Map(Json(), 1000), Bool())

#: A character as :meth:`solo.rules.base.Character.to_dict` writes it.
CHARACTER = Obj({
    "id": NAME, "name": NAME, "system": NAME, "description": Str(),
    "stats": Map(STAT, 200), "resources": Map(RESOURCE, 200), "items": List(NAME, 10_000),
    "conditions": List(NAME, 10_000), "extra": Map(Json(), 1000),
}, required=("name", "system"))

#: A :class:`solo.rules.dice.Dice` state (Python's Mersenne Twister: 624 words and a position).
DICE = Obj({
    "seed": SEED, "version": Int(3, 3), "internal": List(Int(0, 2**32 - 1), exact=625),
    "gauss": Optional(Number()),
    "forced": List(Int(1, 1000), 10_000), "count": Int(0),
}, required=("seed", "version", "internal"))

PENDING = Obj({"kind": Str(40), "data": Map(Json(), 10_000)}, required=("kind",))

#: A game state as :meth:`solo.engine.state.GameState.to_dict` writes it.
STATE = Obj({
    "adventure_id": NAME, "seed": SEED, "scene": Optional(NAME), "character": Optional(CHARACTER),
    "flags": Map(Bool()), "counters": Map(Int(-MAX_COUNTER, MAX_COUNTER)), "clocks": Map(Int(0, 1000)),
    "clocks_filled": List(NAME), "objectives": Map(Bool()), "visits": Map(Int(0)), "taken": List(NAME),
    "turn": Int(0), "dice": OneOf(DICE, Map(Json(), 0)), "rolls": List(Map(Json())), "choices": List(NAME),
    "pending": Optional(PENDING), "ending": Optional(NAME), "start_character": Optional(CHARACTER),
    "npcs": Map(CHARACTER), "fallen": Map(NAME), "last_roll": Map(Json(), 100), "down": Optional(NAME),
    "numbering": Int(1, 2),
})  # what the engine needs to resume is its to check (Game.resume); a failure falls back to .bak

#: A save file as :func:`solo.saves.make_payload` writes it.
SAVE = Obj({
    "format": Int(0, 10**6), "engine": Str(100),
    "adventure": Obj({"id": NAME, "title": Str(), "digest": Str(200), "source": Str(4096)}, required=("id",)),
    "scene": Optional(NAME), "scene_title": Str(), "progress": Str(1000), "seed": SEED, "choices": List(NAME),
    "state": STATE, "created": Optional(Str(100)), "updated": Str(100), "ironman": Bool(),
    "gm": Bool(), "forgiving": Bool(), "redo": Map(List(Int(1, 1000), 10_000), 10_000),
    "undo": List(STATE, 1000), "transcript": List(NAME), "checksum": Str(200),
}, required=("format", "adventure", "state"))


def check(value: Any, schema: Check) -> None:
    """Raise :class:`SaveShapeError` naming the first field of ``value`` that breaks ``schema``."""
    schema(value, "")
