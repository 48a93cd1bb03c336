"""Loading untrusted YAML into plain Python data that remembers where every value came from.

Adventure files are written by strangers. This module is the only place that reads them as YAML:
:func:`load` / :func:`load_file` turn bytes or text into a :class:`Document` whose ``data`` is
plain Python (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``) and whose
:meth:`Document.position` gives the 1-based ``(line, column)`` of any value, for error messages.

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

import re
from os import PathLike
from typing import Any, Iterable

import yaml

__all__ = ["Document", "YamlSourceError", "load", "load_file"]

_Loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {"str", "int", "float", "bool", "null", "timestamp", "binary"}
_PLAIN_HINT = (
    "adventure files use only plain YAML values: text, numbers, true/false, null, lists and mappings"
)

_NULLS = {"", "~", "null", "Null", "NULL"}
_TRUES = {"true", "True", "TRUE"}
_FALSES = {"false", "False", "FALSE"}
_INT_DEC = re.compile(r"[-+]?[0-9]+\Z")
_INT_OCT = re.compile(r"0o[0-7]+\Z")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"([-+]?)\.(?:inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)\Z")
_MAX_INT_DIGITS = 100
# Characters YAML 1.1/1.2 does not allow in a stream.
_FORBIDDEN = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


class YamlSourceError(ValueError):
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


class _Pos:
    """Where a value starts, and the positions of its children (and of its keys, for a mapping)."""

    __slots__ = ("line", "col", "children", "keys")

    def __init__(
        self,
        line: int,
        col: int,
        children: dict[str, "_Pos"] | list["_Pos"] | None = None,
        keys: dict[str, tuple[int, int]] | None = None,
    ) -> None:
        self.line = line
        self.col = col
        self.children = children
        self.keys = keys


class Document:
    """Loaded YAML: plain ``data`` and the source position of every value in it."""

    def __init__(self, data: Any, filename: str, root: _Pos | None) -> None:
        self.data = data
        self.filename = filename
        self._root = root

    def _walk(self, path: Iterable[Any]) -> tuple[_Pos | None, _Pos | None, Any, bool]:
        """The deepest position along ``path``, its parent, the last step taken, and whether the
        whole path was found."""
        node, parent, step = self._root, None, None
        for part in path:
            children = node.children if node is not None else None
            if isinstance(children, dict) and isinstance(part, str) and part in children:
                node, parent, step = children[part], node, part
            elif (
                isinstance(children, list)
                and isinstance(part, int)
                and not isinstance(part, bool)
                and -len(children) <= part < len(children)
            ):
                node, parent, step = children[part], node, part
            else:
                return node, parent, step, False
        return node, parent, step, True

    def position(self, path: Iterable[Any] = ()) -> tuple[int, int]:
        """1-based ``(line, column)`` of the value at ``path`` (keys and list indices).

        A path that goes beyond what the file has falls back to the nearest ancestor that exists.
        """
        node, _, _, _ = self._walk(path)
        if node is None:
            return (1, 1)
        return (node.line, node.col)

    def key_position(self, path: Iterable[Any]) -> tuple[int, int]:
        """1-based ``(line, column)`` of the key of the mapping entry at ``path``.

        Falls back to :meth:`position` when the path's last step is not a mapping key.
        """
        node, parent, step, whole = self._walk(path)
        if whole and parent is not None and parent.keys is not None and step in parent.keys:
            return parent.keys[step]
        if node is None:
            return (1, 1)
        return (node.line, node.col)

    def error(
        self, path: Iterable[Any], message: str, hint: str | None = None, *, key: bool = False
    ) -> YamlSourceError:
        """A :class:`YamlSourceError` located at ``path`` (at its key when ``key`` is true)."""
        line, col = self.key_position(path) if key else self.position(path)
        return YamlSourceError(message, self.filename, line, col, hint)


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
    if _FLOAT.match(text):
        return float(text)
    m = _INF.match(text)
    if m:
        return float("-inf") if m.group(1) == "-" else float("inf")
    if _NAN.match(text):
        return float("nan")
    return None


def _resolve_plain(text: str) -> Any:
    """A plain scalar by the YAML 1.2 core schema."""
    if text in _NULLS:
        return None
    if text in _TRUES:
        return True
    if text in _FALSES:
        return False
    number = _to_int(text)
    if number is not None:
        return number
    number = _to_float(text)
    if number is not None:
        return number
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
    number = _to_float(text)
    if number is None:
        whole = _to_int(text)
        if whole is None:
            raise ValueError(f"!!float cannot hold {text!r}")
        number = float(whole)
    return number


# --------------------------------------------------------------------------------------------
# Building data from events


class _Frame:
    """An open sequence or mapping while its events arrive."""

    __slots__ = ("is_map", "data", "pos", "anchor", "start_count", "height", "key", "key_mark", "merges")

    def __init__(self, is_map: bool, pos: _Pos, anchor: str | None, start_count: int) -> None:
        self.is_map = is_map
        self.data: Any = {} if is_map else []
        self.pos = pos
        self.anchor = anchor
        self.start_count = start_count
        self.height = 1
        self.key: Any = _NO_KEY
        self.key_mark: tuple[int, int] = (0, 0)
        self.merges: list[tuple[Any, _Pos, tuple[int, int]]] = []


_NO_KEY = object()
_MERGE = object()


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


class _Builder:
    def __init__(self, filename: str, max_nodes: int, max_depth: int) -> None:
        self.filename = filename
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.count = 0
        self.stack: list[_Frame] = []
        # anchor -> (data, position, node count, container height)
        self.anchors: dict[str, tuple[Any, _Pos, int, int]] = {}
        self.open_anchors: set[str] = set()

    def fail(self, message: str, mark: Any = None, hint: str | None = None, *, at: tuple[int, int] | None = None) -> YamlSourceError:
        if at is None and mark is not None:
            at = (mark.line + 1, mark.column + 1)
        line, col = at if at is not None else (None, None)
        return YamlSourceError(message, self.filename, line, col, hint)

    def count_node(self, mark: Any) -> None:
        self.count += 1
        if self.count > self.max_nodes:
            raise self.fail(
                f"too many nodes (more than {self.max_nodes})",
                mark,
                "an adventure file this large is not supported; split it or simplify it",
            )

    def check_tag(self, event: Any, kind: str) -> str | None:
        """The standard tag name of an event (``None`` when untagged); raises for any other tag."""
        tag = event.tag
        if tag is None or tag == "!":
            return None
        if tag.startswith(_TAG):
            name = tag[len(_TAG) :]
            if kind == "scalar" and name in _SCALAR_TAGS:
                return name
            if kind == "seq" and name == "seq":
                return name
            if kind == "map" and name == "map":
                return name
        raise self.fail(f"tag '{_show_tag(tag)}' is not allowed", event.start_mark, _PLAIN_HINT)

    def key_expected(self) -> bool:
        return bool(self.stack) and self.stack[-1].is_map and self.stack[-1].key is _NO_KEY

    def run(self, loader: Any) -> Document:
        documents = 0
        root: tuple[Any, _Pos] | None = None
        while True:
            event = loader.get_event()
            if isinstance(event, yaml.StreamEndEvent):
                break
            if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentEndEvent)):
                continue
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise self.fail(
                        "more than one YAML document in the file",
                        event.start_mark,
                        "an adventure is one document: remove the second '---'",
                    )
                continue

            if self.key_expected() and not isinstance(event, yaml.MappingEndEvent):
                if not isinstance(event, yaml.ScalarEvent):
                    if isinstance(event, yaml.AliasEvent):
                        what = "an alias"
                    elif isinstance(event, yaml.SequenceStartEvent):
                        what = "a list"
                    else:
                        what = "a mapping"
                    raise self.fail(
                        f"a mapping key must be plain text, not {what}", event.start_mark
                    )
                self.take_key(event)
                continue

            mark = event.start_mark
            if isinstance(event, yaml.AliasEvent):
                value, pos, height = self.expand(event)
            elif isinstance(event, yaml.ScalarEvent):
                self.count_node(mark)
                name = self.check_tag(event, "scalar")
                if name is None:
                    if event.tag is None and event.implicit[0]:
                        try:
                            value = _resolve_plain(event.value)
                        except ValueError as exc:
                            raise self.fail(str(exc), mark, "quote it to keep it as text") from None
                    else:
                        value = event.value
                else:
                    try:
                        value = _tagged_scalar(name, event.value)
                    except ValueError as exc:
                        raise self.fail(str(exc), mark) from None
                pos = _Pos(mark.line + 1, mark.column + 1)
                height = 0
                if event.anchor is not None:
                    self.anchors[event.anchor] = (value, pos, 1, 0)
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                is_map = isinstance(event, yaml.MappingStartEvent)
                self.check_tag(event, "map" if is_map else "seq")
                self.count_node(mark)
                pos = _Pos(mark.line + 1, mark.column + 1, {} if is_map else [], {} if is_map else None)
                self.stack.append(_Frame(is_map, pos, event.anchor, self.count - 1))
                if len(self.stack) > self.max_depth:
                    raise self.fail(
                        f"nesting deeper than {self.max_depth} levels",
                        mark,
                        "lists and mappings may nest only so deep",
                    )
                if event.anchor is not None:
                    self.open_anchors.add(event.anchor)
                continue
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                frame = self.stack.pop()
                value = self.finish(frame) if frame.is_map else frame.data
                pos = frame.pos
                height = frame.height
                if frame.anchor is not None:
                    self.open_anchors.discard(frame.anchor)
                    self.anchors[frame.anchor] = (value, pos, self.count - frame.start_count, height)
            else:  # pragma: no cover - PyYAML has no other events
                raise self.fail(f"unexpected YAML event {type(event).__name__}", mark)

            if not self.stack:
                root = (value, pos)
            else:
                self.attach(value, pos, height, mark)

        if root is None:
            return Document(None, self.filename, None)
        return Document(root[0], self.filename, root[1])

    def take_key(self, event: Any) -> None:
        frame = self.stack[-1]
        mark = event.start_mark
        self.count_node(mark)
        self.check_tag(event, "scalar")
        if event.anchor is not None:
            raise self.fail("anchors on mapping keys are not supported", mark)
        key = event.value
        plain = event.tag is None and event.implicit[0]
        at = (mark.line + 1, mark.column + 1)
        if plain and key == "<<":
            if frame.merges:
                raise self.fail("duplicate merge key '<<'", mark, "merge several mappings with <<: [*a, *b]")
            frame.key = _MERGE
            frame.key_mark = at
            return
        if plain and key == "":
            raise self.fail("empty mapping key", mark)
        keys = frame.pos.keys
        if key in keys:
            first_line, first_col = keys[key]
            raise self.fail(
                f"duplicate key '{key}' (first at line {first_line}, column {first_col})",
                mark,
                "each key may appear once in a mapping",
            )
        keys[key] = at
        frame.key = key
        frame.key_mark = at

    def attach(self, value: Any, pos: _Pos, height: int, mark: Any) -> None:
        frame = self.stack[-1]
        frame.height = max(frame.height, height + 1)
        if not frame.is_map:
            frame.data.append(value)
            frame.pos.children.append(pos)
            return
        if frame.key is _MERGE:
            ok = isinstance(value, dict) or (
                isinstance(value, list) and all(isinstance(v, dict) for v in value)
            )
            if not ok:
                raise self.fail(
                    "'<<' must merge a mapping or a list of mappings", mark, "write <<: *anchor"
                )
            frame.merges.append((value, pos, frame.key_mark))
        else:
            frame.data[frame.key] = value
            frame.pos.children[frame.key] = pos
        frame.key = _NO_KEY

    def finish(self, frame: _Frame) -> dict[str, Any]:
        """A mapping's data with its ``<<`` merges applied (written keys win)."""
        if not frame.merges:
            return frame.data
        data: dict[str, Any] = {}
        children: dict[str, _Pos] = {}
        keys: dict[str, tuple[int, int]] = {}
        for value, vpos, key_mark in frame.merges:
            if isinstance(value, dict):
                sources = [(value, vpos)]
            else:
                sources = list(zip(value, vpos.children or []))
            for src, spos in sources:
                for k, v in src.items():
                    if k in data or k in frame.data:
                        continue
                    data[k] = v
                    kids = spos.children if isinstance(spos.children, dict) else {}
                    children[k] = kids.get(k, spos)
                    keys[k] = (spos.keys or {}).get(k, key_mark)
        data.update(frame.data)
        children.update(frame.pos.children)
        keys.update(frame.pos.keys)
        frame.pos.children = children
        frame.pos.keys = keys
        return data

    def expand(self, event: Any) -> tuple[Any, _Pos, int]:
        name = event.anchor
        mark = event.start_mark
        if name not in self.anchors:
            if name in self.open_anchors:
                raise self.fail(f"alias '*{name}' refers to a node that contains it", mark)
            raise self.fail(f"undefined alias '*{name}'", mark, f"define it first with &{name}")
        value, apos, size, height = self.anchors[name]
        if self.count + size > self.max_nodes:
            raise self.fail(
                f"too many nodes (aliases expand to more than {self.max_nodes})",
                mark,
                "aliases that repeat other aliases grow exponentially",
            )
        if len(self.stack) + height > self.max_depth:
            raise self.fail(
                f"nesting deeper than {self.max_depth} levels (through alias '*{name}')", mark
            )
        self.count += size
        pos = _Pos(mark.line + 1, mark.column + 1, apos.children, apos.keys)
        return _copy(value), pos, height


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
    max_bytes: int = 2_000_000,
    max_nodes: int = 200_000,
    max_depth: int = 64,
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
    bad = _FORBIDDEN.search(source)
    if bad:
        line, col = _line_col(source, bad.start())
        raise YamlSourceError(
            f"control character U+{ord(bad.group()):04X} is not allowed in YAML",
            filename, line, col,
            "adventure files are text; is this a binary file?",
        )

    builder = _Builder(filename, max_nodes, max_depth)
    loader = _Loader(source)
    try:
        return builder.run(loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        message = problem
        if exc.context and exc.problem:
            message = f"{exc.problem} ({exc.context}"
            if exc.context_mark is not None:
                message += f" at line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1}"
            message += ")"
        line = mark.line + 1 if mark is not None else None
        col = mark.column + 1 if mark is not None else None
        hint = _syntax_hint(source, line or 0, problem)
        raise YamlSourceError(message, filename, line, col, hint) from None
    except yaml.YAMLError as exc:
        raise YamlSourceError(f"invalid YAML: {exc}", filename) from None
    finally:
        loader.dispose()


def load_file(
    path: str | PathLike[str],
    *,
    max_bytes: int = 2_000_000,
    max_nodes: int = 200_000,
    max_depth: int = 64,
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
