"""Adventure packs: installed Python packages that ship adventure files.

A pack declares an entry point in the group ``solo.adventures``; its name is the pack's name and
its value names a folder inside a package, ``package:folder`` (or just ``package`` for the
package's own folder)::

    [project.entry-points."solo.adventures"]
    moor-tales = "moor_tales:adventures"

The folder is found without importing the package (no pack code runs for ``solo list``). Every
``*.yaml`` file in it is an adventure. Anything wrong with a pack (a folder that is not there,
unreadable metadata) becomes a :class:`PackProblem` for the catalogue to show; it never raises,
so a broken pack cannot hide the bundled adventures or other packs.
"""

from __future__ import annotations

import importlib.util
import logging
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path

__all__ = ["ENTRY_POINT_GROUP", "Pack", "PackProblem", "installed_packs", "pack_files", "split_ref"]

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "solo.adventures"


@dataclass(frozen=True)
class Pack:
    """An installed pack: its name, its distribution's version and its folder of adventures."""

    name: str
    version: str
    folder: Path


@dataclass(frozen=True)
class PackProblem:
    """A pack that could not be opened, and why (one line)."""

    name: str
    version: str
    error: str


def _folder(value: str) -> Path:
    """The folder an entry point's value names; ValueError says what is wrong."""
    module, _, sub = value.partition(":")
    module, sub = module.strip(), sub.strip()
    if not module:
        raise ValueError(f"entry point value {value!r} does not name a package")
    try:
        # find_spec imports the parents of a dotted name, never the package itself
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError) as exc:
        raise ValueError(f"cannot find package {module!r}: {exc}") from None
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"no installed package called {module!r}")
    base = Path(next(iter(spec.submodule_search_locations)))
    folder = base.joinpath(*sub.split(".")) if sub else base
    if not folder.is_dir():
        raise ValueError(f"no folder {sub!r} in package {module!r}")
    return folder


def installed_packs() -> tuple[list[Pack], list[PackProblem]]:
    """Every installed pack, sorted by name, and the ones that could not be opened."""
    packs: list[Pack] = []
    problems: list[PackProblem] = []
    try:
        found = list(entry_points(group=ENTRY_POINT_GROUP))
    except Exception as exc:  # a broken installed distribution must not stop `solo list`
        log.warning("could not read %s entry points: %s", ENTRY_POINT_GROUP, exc)
        return [], [PackProblem("?", "?", f"cannot read the installed packs: {exc}")]
    for ep in sorted(found, key=lambda e: e.name):
        dist = getattr(ep, "dist", None)
        version = str(getattr(dist, "version", "") or "?")
        try:
            packs.append(Pack(ep.name, version, _folder(ep.value)))
        except ValueError as exc:
            problems.append(PackProblem(ep.name, version, str(exc)))
    return packs, problems


def pack_files(pack: Pack) -> list[Path]:
    """The adventure files of a pack, sorted by name."""
    try:
        return sorted(p for p in pack.folder.glob("*.yaml") if p.is_file())
    except OSError:
        return []


def split_ref(name: str) -> tuple[str | None, str]:
    """``"pack:id"`` as ``("pack", "id")``; a bare id as ``(None, "id")``."""
    pack, sep, adventure = name.partition(":")
    return (pack, adventure) if sep and pack and adventure else (None, name)
