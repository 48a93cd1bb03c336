"""Loading untrusted YAML into plain Python data that remembers where every value came from.

Adventure files are written by strangers. This module is the only place that reads them as YAML:
:func:`load` / :func:`load_file` turn bytes or text into a :class:`Document` whose ``data`` is
plain Python (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``) and whose
:meth:`Document.position` gives the 1-based ``(line, column)`` of any value, for error messages;
:class:`ScalarPositions` gives the position of a character inside a value (a name in an expression),
walking the scalar as written. It is the one source of file positions.

How it stays safe:

* the size is checked before anything is parsed (``max_bytes``), the bytes must be UTF-8 (a UTF-8
  BOM is skipped) and free of the control characters YAML forbids;
* PyYAML (its C parser when available, ``yaml.CSafeLoader``, else ``yaml.SafeLoader``) is used only
  to produce the *event stream*; no PyYAML constructor or composer runs. Data is built here,
  iteratively (no recursion, so no ``RecursionError`` on deep input), and nesting beyond
  ``max_depth`` is refused as soon as it is reached;
* every node counts against ``max_nodes``, and an alias counts as the whole subtree it stands for,
  *before* that subtree is copied: a "billion laughs" file fails after a few thousand events with
  small memory. Aliases are expanded into independent copies, so ``data`` is a plain tree;
* only the standard tags ``!!str !!int !!float !!bool !!null !!seq !!map`` are accepted
  (``!!timestamp`` and ``!!binary`` are kept as the text written); any other tag — such as
  ``!!python/object`` or a local ``!thing`` — is a :class:`YamlSourceError`;
* a mapping key repeated in one mapping is an error reported at the second occurrence.

The default limits (:data:`MAX_BYTES`, :data:`MAX_NODES`, :data:`MAX_DEPTH`; callers such as
:mod:`solo.adventure.loader` may pass larger ones explicitly):

* ``MAX_BYTES`` = 2 MB. The largest bundled adventure is about 115 kB; a file of 2 MB holds some
  3 000 scenes, far more than anyone writes by hand. Loading and checking stay linear (about
  150 µs a scene in all, half of it reading the YAML), so the limit bounds what a stranger's
  file can cost to about half a second and some 40 MB, and a wrong file (a video, a disk image)
  is refused before it is read at all.
* ``MAX_NODES`` = 200 000 YAML nodes (keys, values, list items): about what 2 MB of adventure
  holds (some 60 nodes a scene). Its real job is aliases: a file of a few hundred bytes can
  stand for billions of nodes, and this is the limit that stops it, before anything is copied.
* ``MAX_DEPTH`` = 64 levels of nesting. The bundled adventures nest at most 14 deep; the limit
  keeps every later consumer that walks the data recursively (sanitising, the JSON Schema
  check) far from Python's recursion limit.

Decisions worth knowing when writing a file:

* Plain (unquoted) scalars follow the YAML 1.2 core schema, not PyYAML's YAML 1.1 rules:
  ``true``/``false`` (any of ``true True TRUE``) are booleans but ``yes``, ``no``, ``on``, ``off``
  stay text; ``~``, ``null`` and an empty value are ``None``; ``12``, ``-3``, ``0x1F``, ``0o17``
  are integers (``012`` is twelve); ``1.5``, ``1e3``, ``.inf``, ``.nan`` are floats; ``12:30`` and
  ``2024-01-01`` stay text. Quoted scalars are always text.
* Mapping keys are always text, exactly as written: ``1: a`` has the key ``"1"`` (so table rows
  ``1:`` and ``2-3:`` read alike), ``true: x`` the key ``"true"``. A key must be a scalar: a
  list, mapping, alias or empty plain key as a key is an error.
* The merge key ``<<`` (``<<: *defaults`` or ``<<: [*a, *b]``) works as in PyYAML: keys written
  in the mapping win over merged ones, and earlier merged mappings win over later ones.
* Exactly one document per file.
"""

from __future__ import annotations

import math
import re
from os import PathLike
from typing import Any, Callable, Iterable, Iterator

import yaml

from solo.adventure._gc import gc_paused
from solo.errors import SoloError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_NODES", "Document", "ScalarPositions", "YamlSourceError", "load", "load_file"]

#: Default limits of :func:`load`; the module doc says why they are what they are.
MAX_BYTES = 2_000_000
MAX_NODES = 200_000
MAX_DEPTH = 64

_Loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null", "timestamp", "binary"}
_PLAIN_HINT = (
    "adventure files use only plain YAML values: text, numbers, true/false, null, lists and mappings"
)

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUES = {"true", "True", "TRUE"}
_FALSES = {"false", "False", "FALSE"}
# The plain scalars that are not text, but not numbers either.
_CONSTANTS: dict[str, Any] = {**dict.fromkeys(_NULLS), **dict.fromkeys(_TRUES, True), **dict.fromkeys(_FALSES, False)}
# Every plain number of the core schema (12, -3, +4, 0x1F, 0o17, 1.5, .5, .inf, -.Inf, .nan)
# starts with one of these, so a plain scalar starting with anything else is text.
_NUMBER_START = "0123456789+-."
_INT_DEC = re.compile(r"[-+]?[0-9]+\Z")
_INT_OCT = re.compile(r"0o[0-7]+\Z")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"([-+]?)\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")
_MAX_INT_DIGITS = 100
# Characters YAML 1.1/1.2 does not allow in a stream.
_FORBIDDEN = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# The same for ASCII bytes, to delete with bytes.translate: whatever is left is forbidden.
_ALLOWED_ASCII = bytes([0x09, 0x0A, 0x0D, *range(0x20, 0x7F)])
# What a loaded string can hold a control character through: one of the source's (a tab, a carriage
# return, NEL; the others are forbidden above), or a backslash escape of a double-quoted scalar.
# Line breaks inside scalars always come out as "\n".
_CONTROL_SOURCES = ("\t", "\r", "\x85", "\\")


class YamlSourceError(SoloError, ValueError):
    """A YAML source that cannot be loaded: unreadable, too big, malformed, or hostile.

    ``str(error)`` is ``"file:line:col: error: message"`` (``"file: error: message"`` when there is
    no position), with ``"  hint: ..."`` on the next line when there is a hint.
    """

    def __init__(
        self,
        message: str,
        filename: str,
        line: int | None = None,
        col: int | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.filename = filename
        self.line = line
        self.col = col
        self.hint = hint

    def __str__(self) -> str:
        where = self.filename
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        text = f"{where}: error: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class Document:
    """Loaded YAML: plain ``data`` and the source position of every value in it.

    ``may_hold_controls`` is False when no string in ``data`` (keys included) can contain a tab, a
    carriage return or any other control character: the source has none, nor a backslash escape
    that could write one. Then :func:`solo.adventure.sanitize.clean_tree` would change nothing.

    Positions mirror the data in flat lists, without an object per value (a 10 000-scene file
    has some 800 000 values). ``root`` is ``(mark, children)``, where a mark is the parser's start
    mark of a value (0-based ``line`` and ``column``) and ``children`` is ``None`` for a scalar;
    for a list, ``[mark, children, mark, children, ...]``, two items per item of the list; for a
    mapping, ``[_KEYED, key, key mark, mark, children, key, ...]``, four items per entry. A value
    reached through an alias is at the alias, and what is inside it at the anchored original.
    """

    def __init__(self, data: Any, filename: str, root: tuple[Any, Any] | None,
                 *, may_hold_controls: bool = True) -> None:
        self.data = data
        self.filename = filename
        self.may_hold_controls = may_hold_controls
        self._root = root
        # id of a mapping's children -> key -> index of the key in them, made when first asked
        self._indexes: dict[int, dict[str, int]] = {}

    def _find(self, path: Iterable[Any]) -> tuple[Any, Any, bool]:
        """The mark of the deepest value along ``path``, the mark of its key (``None`` unless the
        last step was a mapping key), and whether the whole path was found."""
        if self._root is None:
            return None, None, False
        mark, children = self._root
        key_mark = None
        for part in path:
            if children is None:
                pass
            elif children and children[0] is _KEYED:
                if isinstance(part, str):
                    index = self._indexes.get(id(children))
                    if index is None:
                        index = self._indexes[id(children)] = {children[i]: i for i in range(1, len(children), 4)}
                    i = index.get(part)
                    if i is not None:
                        key_mark, mark, children = children[i + 1 : i + 4]
                        continue
            elif isinstance(part, int) and not isinstance(part, bool) and -len(children) <= 2 * part < len(children):
                i = 2 * part if part >= 0 else len(children) + 2 * part
                mark, children = children[i], children[i + 1]
                key_mark = None
                continue
            return mark, None, False
        return mark, key_mark, True

    def position(self, path: Iterable[Any] = ()) -> tuple[int, int]:
        """1-based ``(line, column)`` of the value at ``path`` (keys and list indices).

        A path that goes beyond what the file has falls back to the nearest ancestor that exists.
        """
        mark, _, _ = self._find(path)
        if mark is None:
            return (1, 1)
        return (mark.line + 1, mark.column + 1)

    def key_position(self, path: Iterable[Any]) -> tuple[int, int]:
        """1-based ``(line, column)`` of the key of the mapping entry at ``path``.

        Falls back to :meth:`position` when the path's last step is not a mapping key.
        """
        mark, key_mark, whole = self._find(path)
        if whole and key_mark is not None:
            mark = key_mark
        if mark is None:
            return (1, 1)
        return (mark.line + 1, mark.column + 1)

    def error(
        self, path: Iterable[Any], message: str, hint: str | None = None, *, key: bool = False
    ) -> YamlSourceError:
        """A :class:`YamlSourceError` located at ``path`` (at its key when ``key`` is true)."""
        line, col = self.key_position(path) if key else self.position(path)
        return YamlSourceError(message, self.filename, line, col, hint)


# --------------------------------------------------------------------------------------------
# Positions inside a scalar

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", " ": " ", "/": "/", '"': '"', "\\": "\\",
            "e": "\x1b", "a": "\x07", "b": "\b", "f": "\f", "v": "\v", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029", "\t": "\t"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


class ScalarPositions:
    """The file's lines, to find the line and column of a character inside a scalar value (the
    document, :meth:`Document.position`, gives where the value starts).

    Folding, chomping and indentation only ever change whitespace, so the n-th non-space character
    of a value is the n-th non-space character of its source (escapes in quoted scalars are
    decoded on the way). When anything does not match, the value's own position is used.
    """

    def __init__(self, text: str | Callable[[], str | None] | None) -> None:
        self._text = text
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        """The source's lines, read and split the first time a position inside a value is wanted."""
        if self._lines is None:
            text = self._text() if callable(self._text) else self._text
            self._lines = text.splitlines() if text else []
        return self._lines

    def locate(self, line: int, col: int, value: str, offset: int) -> tuple[int, int]:
        if offset <= 0 or not self.lines or not 0 < line <= len(self.lines):
            return line, col
        offset = min(offset, len(value))
        target = offset
        while target > 0 and (target >= len(value) or value[target].isspace()):
            target -= 1
        if value[target].isspace():
            return line, col
        n = sum(1 for ch in value[:target] if not ch.isspace())
        for ch, at_line, at_col in self._stream(line, col):
            if ch.isspace():
                continue
            if n == 0:
                if ch != value[target]:
                    return line, col
                return at_line, at_col + (offset - target)
            n -= 1
        return line, col

    def _stream(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        first = self.lines[line - 1]
        start = first[col - 1] if col - 1 < len(first) else ""
        if start in "|>":
            yield from self._block(line)
        elif start == '"':
            yield from self._double(line, col)
        elif start == "'":
            yield from self._single(line, col)
        else:
            yield from self._plain(line, col)

    def _block(self, line: int) -> Iterator[tuple[str, int, int]]:
        indent = None
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            if not text.strip():
                continue
            here = len(text) - len(text.lstrip(" "))
            if indent is None:
                indent = here
            elif here < indent:
                return
            for i in range(indent, len(text)):
                yield text[i], number, i + 1

    def _plain(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        text = self.lines[line - 1]
        for i in range(col - 1, len(text)):
            yield text[i], line, i + 1
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            for i in range(len(text)):
                yield text[i], number, i + 1

    def _double(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col  # i: 0-based index just after the opening quote
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == '"':
                    return
                if ch == "\\":
                    nxt = text[i + 1] if i + 1 < len(text) else ""
                    if nxt in _HEX_ESCAPES:
                        digits = text[i + 2 : i + 2 + _HEX_ESCAPES[nxt]]
                        try:
                            yield chr(int(digits, 16)), number, i + 1
                        except ValueError:
                            return
                        i += 2 + _HEX_ESCAPES[nxt]
                        continue
                    if nxt:
                        yield _ESCAPES.get(nxt, nxt), number, i + 1
                    i += 2
                    continue
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0

    def _single(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == "'":
                    if text[i + 1 : i + 2] == "'":
                        yield "'", number, i + 1
                        i += 2
                        continue
                    return
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0


# --------------------------------------------------------------------------------------------
# Scalars


def _show_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def _to_int(text: str) -> int | None:
    if _INT_DEC.match(text):
        digits = text.lstrip("+-")
        if len(digits) > _MAX_INT_DIGITS:
            raise ValueError(f"the number has {len(digits)} digits (at most {_MAX_INT_DIGITS})")
        return int(text)
    if _INT_OCT.match(text) or _INT_HEX.match(text):
        if len(text) > _MAX_INT_DIGITS:
            raise ValueError(f"the number has {len(text) - 2} digits (at most {_MAX_INT_DIGITS})")
        return int(text, 0)
    return None


def _to_float(text: str) -> float | None:
    """A finite float, None when ``text`` is not one; ValueError for ``.inf``, ``.nan`` or an overflow.

    The engine would play such a value, but a save cannot hold it (JSON has no infinity), so a
    game with one could never be continued: refused here, where the error can name file:line.
    """
    if _INF.match(text) or _NAN.match(text):
        raise ValueError(f"{text} is not a finite number, and a save cannot hold it")
    if _FLOAT.match(text):
        number = float(text)
        if not math.isfinite(number):
            raise ValueError(f"{text} is too large a number (a save cannot hold it)")
        return number
    return None


def _number_or_text(text: str) -> Any:
    """A plain scalar that is neither null nor a boolean: a number, or the text itself."""
    whole = _to_int(text)
    if whole is not None:
        return whole
    real = _to_float(text)
    if real is not None:
        return real
    return text


def _tagged_scalar(name: str, text: str) -> Any:
    """A scalar with an explicit standard tag (``!!int "3"``); ValueError when it does not fit."""
    if name in ("str", "timestamp", "binary"):
        return text
    if name == "null":
        if text in _NULLS:
            return None
        raise ValueError(f"!!null cannot hold {text!r}")
    if name == "bool":
        if text in _TRUES:
            return True
        if text in _FALSES:
            return False
        raise ValueError(f"!!bool cannot hold {text!r} (use true or false)")
    if name == "int":
        number = _to_int(text)
        if number is None:
            raise ValueError(f"!!int cannot hold {text!r}")
        return number
    real = _to_float(text)
    if real is None:
        whole = _to_int(text)
        if whole is None:
            raise ValueError(f"!!float cannot hold {text!r}")
        real = float(whole)
    return real


# --------------------------------------------------------------------------------------------
# Building data from events


_MERGE = object()  # the pending key of a mapping is its merge key "<<"
_KEYED = object()  # the first item of a mapping's children (see Document)


def _fail(filename: str, message: str, mark: Any, hint: str | None = None) -> YamlSourceError:
    return YamlSourceError(message, filename, mark.line + 1, mark.column + 1, hint)


def _too_many(filename: str, max_nodes: int, mark: Any) -> YamlSourceError:
    return _fail(filename, f"too many nodes (more than {max_nodes})", mark,
                 "an adventure file this large is not supported; split it or simplify it")


def _refuse_tag(filename: str, tag: str, mark: Any) -> YamlSourceError:
    return _fail(filename, f"tag '{_show_tag(tag)}' is not allowed", mark, _PLAIN_HINT)


def _scalar_tag(filename: str, tag: str, mark: Any) -> str | None:
    """The standard tag name of a tagged scalar (``None`` for the non-specific ``!``); raises for
    any other tag."""
    if tag == "!":
        return None
    if tag.startswith(_TAG) and tag[len(_TAG) :] in _SCALAR_TAGS:
        return tag[len(_TAG) :]
    raise _refuse_tag(filename, tag, mark)


def _copy(value: Any) -> Any:
    """An independent deep copy of plain data, without recursion."""
    if not isinstance(value, (dict, list)):
        return value
    root: Any = {} if isinstance(value, dict) else []
    stack = [(value, root)]
    while stack:
        src, dst = stack.pop()
        items = src.items() if isinstance(src, dict) else enumerate(src)
        for k, v in items:
            if isinstance(v, (dict, list)):
                new: Any = {} if isinstance(v, dict) else []
                stack.append((v, new))
                v = new
            if isinstance(dst, dict):
                dst[k] = v
            else:
                dst.append(v)
    return root


def _entries(children: Any) -> dict[str, tuple[Any, Any, Any]]:
    """``key -> (key mark, mark, children)`` of a mapping's children (see :class:`Document`)."""
    if not children or children[0] is not _KEYED:
        return {}
    return {children[i]: (children[i + 1], children[i + 2], children[i + 3]) for i in range(1, len(children), 4)}


def _merge(data: dict[str, Any], children: list[Any], merges: list[tuple[Any, Any, Any, Any]]
           ) -> tuple[dict[str, Any], list[Any]]:
    """A mapping's data and children with its ``<<`` merges applied (written keys win, then the
    earlier merged mappings)."""
    merged: dict[str, Any] = {}
    merged_children: list[Any] = [_KEYED]
    for value, mark, sub, key_mark in merges:
        if isinstance(value, dict):
            sources = [(value, mark, sub)]
        else:
            sources = [(item, sub[2 * n], sub[2 * n + 1]) for n, item in enumerate(value)]
        for src, src_mark, src_children in sources:
            entries = _entries(src_children)
            for k, v in src.items():
                if k in merged or k in data:
                    continue
                merged[k] = v
                merged_children += (k, *entries.get(k, (key_mark, src_mark, src_children)))
    merged.update(data)
    merged_children += children[1:]
    return merged, merged_children


def _build(loader: Any, filename: str, max_nodes: int, max_depth: int) -> tuple[Any, Any]:
    """``(data, root position)`` from the loader's events; see the module doc for the rules.

    A 10 000-scene adventure is some 800 000 events, so this is one flat loop with the state of
    the innermost open container in local variables (the enclosing ones wait on ``stack``) and no
    call, object or regular expression per event beyond what the value itself needs: the event's
    class picks the branch, positions are the parser's own marks appended to flat lists (see
    :class:`Document`), a plain scalar is looked up among the constants and tried as a number only
    when its first character could start one.

    Depth is counted as containers open; ``peak`` is the deepest level reached since the
    innermost open anchored container began, which gives that container's height when it closes
    (an alias to it may add that many levels wherever it is used).
    """
    get_event = loader.get_event
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    map_start, map_end = yaml.MappingStartEvent, yaml.MappingEndEvent
    seq_start, seq_end = yaml.SequenceStartEvent, yaml.SequenceEndEvent
    constants, number_start = _CONSTANTS, _NUMBER_START
    count = depth = peak = documents = 0
    # the enclosing containers, each as the local state below
    stack: list[tuple[Any, ...]] = []
    # anchor -> (data, mark, children, node count, container height)
    anchors: dict[str, tuple[Any, Any, Any, int, int]] = {}
    open_anchors: set[str] = set()
    root: tuple[Any, Any, Any] | None = None  # (data, mark, children)
    # the innermost open container: its data and children; whether it is a mapping, and then
    # whether its next event is a key, the pending key and its mark, and its "<<" merges; its
    # own start mark, anchor, node count when it began and the peak outside it (when anchored)
    data: Any = None
    children: Any = None
    in_map = want_key = False
    key: Any = None
    key_mark: Any = None
    merges: list[tuple[Any, Any, Any, Any]] | None = None
    own_mark: Any = None
    own_anchor: str | None = None
    own_start = outer_peak = 0

    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar_event:
            mark = event.start_mark
            count += 1
            if count > max_nodes:
                raise _too_many(filename, max_nodes, mark)
            tag = event.tag
            text = event.value
            if want_key:
                if tag is not None:
                    _scalar_tag(filename, tag, mark)
                if event.anchor is not None:
                    raise _fail(filename, "anchors on mapping keys are not supported", mark)
                if (not text or text == "<<") and tag is None and event.implicit[0]:
                    if text:
                        if merges is not None:
                            raise _fail(filename, "duplicate merge key '<<'", mark,
                                        "merge several mappings with <<: [*a, *b]")
                        text = _MERGE
                    else:
                        raise _fail(filename, "empty mapping key", mark)
                elif text in data:
                    first = _entries(children)[text][0]
                    raise _fail(filename,
                                f"duplicate key '{text}' (first at line {first.line + 1}, column {first.column + 1})",
                                mark, "each key may appear once in a mapping")
                key = text
                key_mark = mark
                want_key = False
                continue
            if tag is None:
                if not event.implicit[0]:  # quoted
                    value = text
                elif text in constants:
                    value = constants[text]
                elif text[0] in number_start:
                    try:
                        value = _number_or_text(text)
                    except ValueError as exc:
                        raise _fail(filename, str(exc), mark, "quote it to keep it as text") from None
                else:
                    value = text
            else:
                name = _scalar_tag(filename, tag, mark)
                if name is None:
                    value = text
                else:
                    try:
                        value = _tagged_scalar(name, text)
                    except ValueError as exc:
                        raise _fail(filename, str(exc), mark) from None
            if event.anchor is not None:
                anchors[event.anchor] = (value, mark, None, 1, 0)
            value_mark = mark
            sub = None
        elif kind is map_end or kind is seq_end:
            mark = event.start_mark
            value, sub, value_mark = data, children, own_mark
            if merges is not None:
                value, sub = _merge(data, children, merges)
            if own_anchor is not None:
                open_anchors.discard(own_anchor)
                anchors[own_anchor] = (value, own_mark, sub, count - own_start, peak - depth + 1)
                if outer_peak > peak:
                    peak = outer_peak
            data, children, in_map, key, key_mark, merges, own_mark, own_anchor, own_start, outer_peak = stack.pop()
            depth -= 1
            want_key = False
        elif kind is map_start or kind is seq_start:
            mark = event.start_mark
            is_map = kind is map_start
            if want_key:
                what = "a mapping" if is_map else "a list"
                raise _fail(filename, f"a mapping key must be plain text, not {what}", mark)
            tag = event.tag
            if tag is not None and tag != "!" and tag != _TAG + ("map" if is_map else "seq"):
                raise _refuse_tag(filename, tag, mark)
            count += 1
            if count > max_nodes:
                raise _too_many(filename, max_nodes, mark)
            stack.append((data, children, in_map, key, key_mark, merges, own_mark, own_anchor, own_start, outer_peak))
            depth += 1
            if depth > max_depth:
                raise _fail(filename, f"nesting deeper than {max_depth} levels", mark,
                            "lists and mappings may nest only so deep")
            merges = None
            own_mark = mark
            own_start = count - 1
            own_anchor = event.anchor
            if own_anchor is not None:
                open_anchors.add(own_anchor)
                outer_peak = peak
                peak = depth
            elif depth > peak:
                peak = depth
            if is_map:
                data, children, in_map, want_key = {}, [_KEYED], True, True
            else:
                data, children, in_map, want_key = [], [], False, False
            continue
        elif kind is alias_event:
            mark = event.start_mark
            if want_key:
                raise _fail(filename, "a mapping key must be plain text, not an alias", mark)
            name = event.anchor
            if name not in anchors:
                if name in open_anchors:
                    raise _fail(filename, f"alias '*{name}' refers to a node that contains it", mark)
                raise _fail(filename, f"undefined alias '*{name}'", mark, f"define it first with &{name}")
            value, _, sub, size, height = anchors[name]
            if count + size > max_nodes:
                raise _fail(filename, f"too many nodes (aliases expand to more than {max_nodes})", mark,
                            "aliases that repeat other aliases grow exponentially")
            if depth + height > max_depth:
                raise _fail(filename, f"nesting deeper than {max_depth} levels (through alias '*{name}')", mark)
            count += size
            if depth + height > peak:
                peak = depth + height
            value = _copy(value)
            value_mark = mark
        elif kind is yaml.StreamEndEvent:
            break
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _fail(filename, "more than one YAML document in the file", event.start_mark,
                            "an adventure is one document: remove the second '---'")
            continue
        else:  # the stream's start, a document's end
            continue

        # a whole value: into the enclosing container, or the document's root
        if in_map:
            if key is _MERGE:
                if not isinstance(value, dict) and not (
                        isinstance(value, list) and all(isinstance(v, dict) for v in value)):
                    raise _fail(filename, "'<<' must merge a mapping or a list of mappings", mark, "write <<: *anchor")
                if merges is None:
                    merges = []
                merges.append((value, value_mark, sub, key_mark))
            else:
                data[key] = value
                children += (key, key_mark, value_mark, sub)
            want_key = True
        elif depth:
            data.append(value)
            children += (value_mark, sub)
        else:
            root = (value, value_mark, sub)

    if root is None:
        return None, None
    return root[0], root[1:]


# --------------------------------------------------------------------------------------------
# Entry points


def _line_col_of_bytes(raw: bytes, index: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, index) + 1
    return line, index - (raw.rfind(b"\n", 0, index) + 1) + 1


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _syntax_hint(text: str, line: int, problem: str) -> str | None:
    lines = text.splitlines()
    current = lines[line - 1] if 0 < line <= len(lines) else ""
    leading = current[: len(current) - len(current.lstrip(" \t"))]
    if "\t" in leading or "'\\t'" in problem:
        return "indent with spaces: YAML does not allow tabs for indentation"
    if "mapping values are not allowed" in problem:
        return "text containing ': ' must be quoted"
    if "could not find expected ':'" in problem:
        return "is a key missing its ':' or is the indentation off?"
    if "cannot start any token" in problem:
        return "text starting with a special character (` @ % ...) must be quoted"
    return None


def load(
    text: str | bytes,
    filename: str,
    *,
    max_bytes: int = MAX_BYTES,
    max_nodes: int = MAX_NODES,
    max_depth: int = MAX_DEPTH,
) -> Document:
    """Load one YAML document from ``text`` (``str`` or UTF-8 ``bytes``); see the module doc.

    Raises :class:`YamlSourceError` for anything that is not safe, plain, well-formed YAML
    within the limits.
    """
    if isinstance(text, str):
        if len(text) > max_bytes:
            raise YamlSourceError(
                f"file is larger than the limit of {max_bytes} bytes", filename,
                hint="adventure files are small; is this the right file?",
            )
        try:
            raw = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            line, col = _line_col(text, exc.start)
            raise YamlSourceError("text contains characters that cannot be UTF-8", filename, line, col) from None
    elif isinstance(text, (bytes, bytearray, memoryview)):
        raw = bytes(text)
    else:
        raise YamlSourceError(f"cannot load YAML from a {type(text).__name__}", filename)

    if len(raw) > max_bytes:
        raise YamlSourceError(
            f"file is {len(raw)} bytes, more than the limit of {max_bytes}", filename,
            hint="adventure files are small; is this the right file?",
        )
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise YamlSourceError(
            "file is UTF-16, not UTF-8", filename, 1, 1, "save the file as UTF-8"
        )
    try:
        source = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = _line_col_of_bytes(raw, exc.start)
        raise YamlSourceError(
            f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x})",
            filename, line, col,
            "adventure files are UTF-8 text; is this a binary file?",
        ) from None
    if source.startswith("\ufeff"):
        source = source[1:]
    # plain ASCII (most files) is checked at C speed; anything else by the regular expression
    bad = None if raw.isascii() and not raw.translate(None, _ALLOWED_ASCII) else _FORBIDDEN.search(source)
    if bad:
        line, col = _line_col(source, bad.start())
        raise YamlSourceError(
            f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
            filename, line, col,
            "adventure files are text; is this a binary file?",
        )

    loader = _Loader(source)
    try:
        with gc_paused():
            data, root = _build(loader, filename, max_nodes, max_depth)
        return Document(data, filename, root, may_hold_controls=any(c in source for c in _CONTROL_SOURCES))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        message = problem
        if exc.context and exc.problem:
            message = f"{exc.problem} ({exc.context}"
            if exc.context_mark is not None:
                message += f" at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"
            message += ")"
        at_line = mark.line + 1 if mark is not None else None
        at_col = mark.column + 1 if mark is not None else None
        hint = _syntax_hint(source, at_line or 0, problem)
        if "nesting depth" in problem:
            # libyaml (PyYAML 6.0.2+) stops very deep input itself, before our own count sees it;
            # the reader gets the same words whichever parser stopped the file
            message, hint = f"nesting deeper than {max_depth} levels", None
        raise YamlSourceError(message, filename, at_line, at_col, hint) from None
    except yaml.YAMLError as exc:
        raise YamlSourceError(f"invalid YAML: {exc}", filename) from None
    finally:
        loader.dispose()


def load_file(
    path: str | PathLike[str],
    *,
    max_bytes: int = MAX_BYTES,
    max_nodes: int = MAX_NODES,
    max_depth: int = MAX_DEPTH,
) -> Document:
    """:func:`load` the file at ``path``, reading at most ``max_bytes + 1`` bytes of it."""
    filename = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as exc:
        raise YamlSourceError(f"cannot read the file: {exc.strerror or exc}", filename) from None
    if len(raw) > max_bytes:
        raise YamlSourceError(
            f"file is larger than the limit of {max_bytes} bytes", filename,
            hint="adventure files are small; is this the right file?",
        )
    return load(raw, filename, max_bytes=max_bytes, max_nodes=max_nodes, max_depth=max_depth)
