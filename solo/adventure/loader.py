"""Finding and loading adventure files: bundled ones by id, any other by path.

Loading reads the file through :mod:`solo.adventure.yaml_source` (safe, size- and alias-limited,
with line numbers), upgrades format 0, checks the JSON Schema, then builds the typed model. Any
problem raises :class:`AdventureError` whose text names ``file:line:col``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterator

from solo.adventure import model
from solo.adventure.problems import AdventureError, Problem
from solo.adventure.sanitize import clean_tree
from solo.adventure.schema import schema_problems
from solo.adventure.yaml_source import Document, YamlSourceError, load as load_yaml

DEFAULT_ADVENTURE = "supply-ship"
CURRENT_FORMAT = 1
MAX_FILE_BYTES = 2_000_000


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
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        if not candidate.is_file():
            raise AdventureError([Problem(str(candidate), 0, 0, "no such adventure file")])
        return candidate
    for path in bundled_files():
        if path.stem == name:
            return path
    known = ", ".join(p.stem for p in bundled_files()) or "none"
    raise AdventureError(
        [Problem(name, 0, 0, f"no bundled adventure called {name!r}", f"bundled: {known}; or give a .yaml path")]
    )


def read_bytes(path: Path) -> bytes:
    """The file's bytes, reading at most one byte past the size limit (so a huge file costs nothing)."""
    with path.open("rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def read_document(path: Path) -> Document:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise AdventureError(
                [Problem(str(path), 0, 0, f"file is {size} bytes, more than the limit of {MAX_FILE_BYTES}",
                         "adventure files are small; is this the right file?")]
            )
        raw = read_bytes(path)
    except OSError as exc:
        raise AdventureError([Problem(str(path), 0, 0, f"cannot read the file: {exc.strerror}")]) from exc
    try:
        return load_yaml(raw, str(path), max_bytes=MAX_FILE_BYTES)
    except YamlSourceError as exc:
        raise AdventureError(
            [Problem(str(path), exc.line or 0, exc.col or 0, exc.message, exc.hint or "")]
        ) from exc


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


def load(name: str | Path) -> Loaded:
    """Load an adventure by bundled id or path; raise AdventureError on any problem."""
    path = resolve(str(name))
    document = read_document(path)
    data, notes = upgrade(clean_tree(document.data))
    problems = schema_problems(data, document, str(path))
    if problems:
        raise AdventureError(problems)
    digest = hashlib.sha256(read_bytes(path)).hexdigest()
    adventure = model.build(data, source=str(path), digest=digest)
    return Loaded(adventure, document, tuple(notes))


def catalog() -> list[dict[str, Any]]:
    """The bundled adventures as plain records for ``solo list``."""
    entries = []
    for path in bundled_files():
        try:
            adventure = load(path).adventure
        except AdventureError as exc:
            entries.append({"id": path.stem, "title": "(broken file)", "system": "?", "endings": [], "error": str(exc)})
            continue
        entries.append(
            {
                "id": adventure.id,
                "title": adventure.title,
                "system": adventure.system,
                "summary": adventure.summary,
                "play_time": adventure.play_time,
                "scenes": len(adventure.scenes),
                "endings": adventure.endings,
                "path": str(path),
            }
        )
    return entries
