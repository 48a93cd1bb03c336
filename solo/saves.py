"""Save slots on disk: versioned, checksummed JSON written so that progress is never lost.

A save is written to a temporary file in the same folder, flushed and fsynced, then renamed over
the slot; the slot's previous content is kept as ``<slot>.json.bak`` first. Reading checks the
checksum and the format version; a damaged main file falls back to the ``.bak`` copy and says so.
Every problem a user can meet is a :class:`SaveError` with a one-line message.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from solo import __version__

SAVE_FORMAT = 1
SLOT_PATTERN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$")
DEFAULT_SLOT = "autosave"
SAVE_DIR_ENV = "SOLO_SAVE_DIR"

#: Older save formats and the function that brings each one up by one version.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class SaveError(Exception):
    """A save that cannot be read or written; the message is one line for the user."""


def check_slot(slot: str) -> str:
    """The slot name if it is safe as a file name; otherwise SaveError naming the rule."""
    if not SLOT_PATTERN.match(slot) or ".." in slot:
        raise SaveError(
            f"bad slot name {slot!r}: use letters, digits, '_', '-' or '.', at most 64, "
            "no path separators and no '..'"
        )
    return slot


def default_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """The save folder: the option, else $SOLO_SAVE_DIR, else the platform's user data folder.

    That is ``~/.local/share/solo/saves`` on Linux (or under ``$XDG_DATA_HOME``),
    ``~/Library/Application Support/solo/saves`` on macOS and ``%LOCALAPPDATA%\\solo\\saves`` on
    Windows, so ``solo continue`` finds a game from any folder.
    """
    if option:
        return Path(option)
    env = os.environ.get(SAVE_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("solo", appauthor=False)) / "saves"


def is_unfinished(payload: dict[str, Any] | None) -> bool:
    """Whether a save holds a game that has not reached an ending."""
    if not isinstance(payload, dict):
        return False
    state = payload.get("state")
    return isinstance(state, dict) and not state.get("ending")


def encode(payload: dict[str, Any]) -> bytes:
    """The bytes of a save file, serialised once: the canonical body, its checksum spliced in.

    The body (everything but ``checksum``) is dumped canonically; its hash is the checksum
    :func:`checksum` recomputes on reading, so the file needs no second serialisation.
    """
    body = {k: v for k, v in payload.items() if k != "checksum"}
    raw = _canonical(body)
    digest = "sha256:" + hashlib.sha256(raw).hexdigest()
    tail = (b"," if body else b"") + b'"checksum":"' + digest.encode("ascii") + b'"}'
    return raw[:-1] + tail


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def checksum(payload: dict[str, Any]) -> str:
    body = {k: v for k, v in payload.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(_canonical(body)).hexdigest()


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def make_payload(
    *,
    adventure_id: str,
    adventure_title: str,
    adventure_digest: str,
    adventure_source: str,
    state: dict[str, Any],
    scene_title: str = "",
    progress: str = "",
    created: str | None = None,
    extra: dict[str, Any] | None = None,
    with_checksum: bool = True,
) -> dict[str, Any]:
    """A complete save payload for a game state; its checksum unless ``with_checksum`` is False
    (:meth:`SaveStore.write` puts it in as it writes, without serialising twice)."""
    stamp = now()
    payload: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "engine": __version__,
        "adventure": {
            "id": adventure_id,
            "title": adventure_title,
            "digest": adventure_digest,
            "source": adventure_source,
        },
        "scene": state.get("scene"),
        "scene_title": scene_title,
        "progress": progress,
        "seed": state.get("seed"),
        "choices": list(state.get("choices", [])),
        "state": state,
        "created": created or stamp,
        "updated": stamp,
    }
    if extra:
        payload.update(extra)
    if with_checksum:
        payload["checksum"] = checksum(payload)
    return payload


@dataclass
class LoadedSave:
    payload: dict[str, Any]
    path: Path
    from_backup: bool = False
    note: str = ""


class SaveStore:
    """The save slots in one folder."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = default_dir(folder)

    def path(self, slot: str) -> Path:
        return self.folder / f"{check_slot(slot)}.json"

    def backup_path(self, slot: str) -> Path:
        return self.folder / f"{check_slot(slot)}.json.bak"

    # -- writing -----------------------------------------------------------------------------
    def write(self, slot: str, payload: dict[str, Any]) -> Path:
        """Write a slot atomically, keeping its previous content as ``.bak``."""
        target = self.path(slot)
        atomic_write(target, encode(payload), backup=self.backup_path(slot))
        return target

    def latest(self, *, unfinished: bool = True) -> tuple[str, dict[str, Any]] | None:
        """The most recently played slot (unfinished games only, by default), or None."""
        best: tuple[str, dict[str, Any]] | None = None
        for slot, payload, _ in self.slots():
            if payload is None or (unfinished and not is_unfinished(payload)):
                continue
            if best is None or str(payload.get("updated", "")) > str(best[1].get("updated", "")):
                best = (slot, payload)
        return best

    def peek(self, slot: str) -> dict[str, Any] | None:
        """The payload in a slot, or None when there is none or it cannot be read."""
        try:
            return self.read(slot).payload
        except SaveError:
            return None

    # -- reading -----------------------------------------------------------------------------
    def read(self, slot: str) -> LoadedSave:
        """Read a slot; fall back to its ``.bak`` when the main file is damaged."""
        target = self.path(slot)
        backup = self.backup_path(slot)
        if not target.exists() and not backup.exists():
            raise SaveError(f"no save in slot {slot!r} (looked for {target})")
        try:
            return LoadedSave(read_file(target), target)
        except SaveError as main_error:
            if _is_incompatible(main_error) or not backup.exists():
                raise
            try:
                payload = read_file(backup)
            except SaveError:
                raise main_error from None
            note = f"{target.name} is damaged ({main_error}); loaded the previous save {backup.name}"
            return LoadedSave(payload, backup, True, note)

    def slots(self) -> list[tuple[str, dict[str, Any] | None, str]]:
        """(slot, payload or None, error) for every save file in the folder."""
        found = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.json")):
            slot = path.stem
            if not SLOT_PATTERN.match(slot):
                continue
            try:
                found.append((slot, self.read(slot).payload, ""))
            except SaveError as exc:
                found.append((slot, None, str(exc)))
        return found

    def delete(self, slot: str) -> bool:
        removed = False
        for path in (self.path(slot), self.backup_path(slot)):
            if path.exists():
                path.unlink()
                removed = True
        return removed


class IncompatibleSaveError(SaveError):
    """A save this solo cannot read though it is intact (a newer or unknown format).

    Not damage: the ``.bak`` copy is not tried instead, since it would silently go back a step.
    """


def _is_incompatible(error: SaveError) -> bool:
    return isinstance(error, IncompatibleSaveError)


def read_file(path: Path) -> dict[str, Any]:
    """Read and check one save file (checksum, format); migrate older formats."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{path} is corrupt (not valid JSON; truncated or damaged)") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("format"), int):
        raise SaveError(f"{path} is not a solo save (no integer 'format')")
    version = payload["format"]
    if version > SAVE_FORMAT:
        raise IncompatibleSaveError(
            f"{path} was written by a newer solo (save format {version}, this solo reads up to "
            f"{SAVE_FORMAT}); upgrade solo to load it"
        )
    if payload.get("checksum") != checksum(payload):
        raise SaveError(f"{path} is corrupt (checksum does not match: the file was damaged or edited)")
    while payload["format"] < SAVE_FORMAT:
        step = MIGRATIONS.get(payload["format"])
        if step is None:
            raise IncompatibleSaveError(f"{path} uses save format {payload['format']}, which cannot be migrated")
        payload = step(payload)
    if not isinstance(payload.get("state"), dict) or not isinstance(payload.get("adventure"), dict):
        raise SaveError(f"{path} is not a complete solo save (no state or adventure)")
    return payload


def atomic_write(target: Path, data: bytes, *, backup: Path | None = None) -> None:
    """Write ``data`` to ``target`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and fsynced, and the file is
    renamed over the target. With ``backup``, the target's previous content is first linked (or
    copied) there, also atomically.
    """
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if backup is not None and target.exists():
                _keep_backup(target, backup)
            os.replace(tmp_name, target)
        except BaseException:
            if os.path.exists(tmp_name):
                os.unlink(tmp_name)
            raise
        _fsync_dir(folder)
    except OSError as exc:
        raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from exc


def _keep_backup(target: Path, backup: Path) -> None:
    tmp_bak = backup.with_name(f".{backup.name}.tmp")
    if tmp_bak.exists():
        tmp_bak.unlink()
    try:
        os.link(target, tmp_bak)  # atomic and costs no copy
    except OSError:
        tmp_bak.write_bytes(target.read_bytes())
    os.replace(tmp_bak, backup)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
