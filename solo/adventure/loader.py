"""Finding and loading adventure files: bundled ones by id, any other by path.

Loading reads the file through :mod:`solo.adventure.yaml_source` (safe, size- and alias-limited,
with line numbers), strips control characters from its text, upgrades format 0, checks the JSON
Schema (:func:`solo.adventure.schema.schema_problems`, the same check as ``solo validate``), then
builds the typed model. Any problem raises :class:`AdventureError` whose text names
``file:line:col``. The garbage collector is paused meanwhile (see :mod:`solo.adventure._gc`).

Limits: by default a file may have at most :data:`~solo.adventure.yaml_source.MAX_BYTES` bytes
(2 MB) and :data:`~solo.adventure.yaml_source.MAX_NODES` YAML nodes (200 000), and nest
:data:`~solo.adventure.yaml_source.MAX_DEPTH` levels (64). They are defined, and the reasons for
them given, in :mod:`solo.adventure.yaml_source`: in short, 2 MB is some 3 000 scenes, far beyond a
hand-written adventure, so a stranger's file (or a wrong one) costs at most about half a second;
the node limit is what stops alias bombs; the depth keeps recursive walks of the data safe.
:func:`load`, :func:`read_document` and ``solo.adventure.validate.validate_path`` take
``max_bytes`` and ``max_nodes`` for a caller that means to read a bigger file (the benchmark reads
100 000 scenes, 63 MB).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from solo.adventure import length, model
from solo.adventure._gc import gc_paused
from solo.adventure import packs
from solo.adventure.problems import AdventureError, Problem
from solo.adventure.sanitize import clean_tree
from solo.adventure.schema import schema_problems
from solo.adventure.yaml_source import MAX_BYTES, MAX_NODES, Document, YamlSourceError, load as load_yaml

DEFAULT_ADVENTURE = "supply-ship"
CURRENT_FORMAT = 1


def bundled_dir() -> Path:
    """The folder holding the bundled adventures (installed package, or the source checkout)."""
    packaged = resources.files("solo") / "bundled_adventures"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "adventures"


def bundled_files() -> Iterator[Path]:
    folder = bundled_dir()
    if folder.is_dir():
        yield from sorted(folder.glob("*.yaml"))


@dataclass(frozen=True)
class Loaded:
    adventure: model.Adventure
    document: Document
    notes: tuple[str, ...] = ()


def resolve(name: str) -> Path:
    """A path for an adventure named by id (bundled) or by file path."""
    candidate = Path(name)
    # os.path answers False for a name the system cannot even look up (too long, a NUL byte),
    # where Path.exists raises: a name can come from a damaged save.
    if candidate.suffix in (".yaml", ".yml") or os.path.exists(candidate):
        if not os.path.isfile(candidate):
            raise AdventureError([Problem(str(candidate), 0, 0, "no such adventure file")])
        return candidate
    pack_name, wanted = packs.split_ref(name)
    if pack_name is None:
        for path in bundled_files():
            if path.stem == name:
                return path
    found = [(pack, path) for pack, path in pack_adventures() if path.stem == wanted
             and (pack_name is None or pack.name == pack_name)]
    if len(found) == 1:
        return found[0][1]
    if len(found) > 1:
        refs = " or ".join(f"{pack.name}:{wanted}" for pack, _ in found)
        raise AdventureError([Problem(name, 0, 0, f"more than one pack has an adventure called {wanted!r}",
                                      f"say which: {refs}")])
    known = ", ".join(p.stem for p in bundled_files()) or "none"
    message = (f"no adventure called {wanted!r} in pack {pack_name!r}" if pack_name
               else f"no bundled adventure called {name!r}, nor in an installed pack")
    raise AdventureError(
        [Problem(name, 0, 0, message, f"bundled: {known}; `solo list` shows them all; or give a .yaml path")]
    )


def pack_adventures() -> list[tuple[packs.Pack, Path]]:
    """Every adventure file of every installed pack that could be opened."""
    found, _problems = packs.installed_packs()
    return [(pack, path) for pack in found for path in packs.pack_files(pack)]


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes, reading at most one byte past the size limit (so a huge file costs nothing)."""
    with path.open("rb") as handle:
        return handle.read(max_bytes + 1)


def read_document(path: Path, *, max_bytes: int = MAX_BYTES, max_nodes: int = MAX_NODES) -> Document:
    """The file read as YAML, within the limits; raises :class:`AdventureError`."""
    return _read(path, max_bytes, max_nodes)[1]


def _read(path: Path, max_bytes: int, max_nodes: int) -> tuple[bytes, Document]:
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise AdventureError(
                [Problem(str(path), 0, 0, f"file is {size} bytes, more than the limit of {max_bytes}",
                         "adventure files are small; is this the right file?")]
            )
        raw = read_bytes(path, max_bytes)
    except OSError as exc:
        raise AdventureError([Problem(str(path), 0, 0, f"cannot read the file: {exc.strerror}")]) from exc
    try:
        return raw, load_yaml(raw, str(path), max_bytes=max_bytes, max_nodes=max_nodes)
    except YamlSourceError as exc:
        raise AdventureError(
            [Problem(str(path), exc.line or 0, exc.col or 0, exc.message, exc.hint or "")]
        ) from exc


def prepare(document: Document) -> tuple[Any, list[str]]:
    """The document's data as the engine gets it (control characters stripped from its text,
    older formats upgraded), and notes for the author."""
    # when the source cannot have put a control character in any string, stripping them would
    # only copy the whole tree
    data = clean_tree(document.data) if document.may_hold_controls else document.data
    return upgrade(data)


def upgrade(data: Any) -> tuple[Any, list[str]]:
    """Bring older formats up to the current one; returns the data and notes for the author."""
    notes: list[str] = []
    if isinstance(data, dict) and "format" not in data:
        data = dict(data)
        data["format"] = CURRENT_FORMAT
        notes.append(
            "this file has no `format:` key, so it was read as format 0 and upgraded; "
            f"add `format: {CURRENT_FORMAT}` at the top"
        )
    return data, notes


def load(name: str | Path, *, max_bytes: int = MAX_BYTES, max_nodes: int = MAX_NODES) -> Loaded:
    """Load an adventure by bundled id or path; raise AdventureError on any problem.

    ``max_bytes`` and ``max_nodes`` raise the limits of the file (see the module doc).
    """
    path = resolve(str(name))
    with gc_paused():
        raw, document = _read(path, max_bytes, max_nodes)
        data, notes = prepare(document)
        problems = schema_problems(data, document, str(path))
        if problems:
            raise AdventureError(problems)
        adventure = model.build(data, source=str(path), digest=hashlib.sha256(raw).hexdigest())
    return Loaded(adventure, document, tuple(notes))


def catalog() -> list[dict[str, Any]]:
    """The bundled adventures, then those of installed packs, as plain records for ``solo list``.

    A pack's record carries ``pack`` and ``pack_version``, and ``ref``: what to give ``solo play``
    (``pack:id`` when another pack or a bundled adventure has the same id). A pack file that does
    not validate, or a pack that cannot be opened, is a record with an ``error``.
    """
    entries: list[dict[str, Any]] = [_entry(path, None) for path in bundled_files()]
    found, problems = packs.installed_packs()
    from_packs = [(pack, path) for pack in found for path in packs.pack_files(pack)]
    taken: dict[str, int] = {}
    for path in bundled_files():
        taken[path.stem] = taken.get(path.stem, 0) + 1
    for _pack, path in from_packs:
        taken[path.stem] = taken.get(path.stem, 0) + 1
    for pack, path in from_packs:
        entry = _entry(path, pack)
        entry["ref"] = f"{pack.name}:{path.stem}" if taken[path.stem] > 1 else path.stem
        entries.append(entry)
    for problem in problems:
        entries.append({"id": problem.name, "ref": problem.name, "title": "(broken pack)", "system": "?",
                        "endings": [], "pack": problem.name, "pack_version": problem.version,
                        "error": problem.error})
    return entries


def _entry(path: Path, pack: packs.Pack | None) -> dict[str, Any]:
    """One record of :func:`catalog`; a pack's file is also checked for meaning (it is a stranger's)."""
    origin = {} if pack is None else {"pack": pack.name, "pack_version": pack.version}
    try:
        if pack is not None:
            from solo.adventure.validate import validate_path

            errors = [p for p in validate_path(path) if p.severity == "error"]
            if errors:
                more = f" (and {len(errors) - 1} more; see `solo validate`)" if len(errors) > 1 else ""
                raise _Invalid(f"{errors[0]}{more}")
        loaded = load(path)
        adventure = loaded.adventure
    except (AdventureError, _Invalid) as exc:
        return {"id": path.stem, "ref": path.stem, "title": "(broken file)", "system": "?", "endings": [],
                "error": str(exc), **origin}
    return {
        "id": adventure.id,
        "ref": path.stem,
        "title": adventure.title,
        "system": adventure.system,
        "summary": adventure.summary,
        "play_time": adventure.play_time,
        "scenes": len(adventure.scenes),
        "words": length.narration_words(loaded.document.data),
        "endings": adventure.endings,
        "house_rules": list(adventure.house_rules),
        "path": str(path),
        **origin,
    }


class _Invalid(Exception):
    """A pack file that reads but does not validate (its first error)."""
