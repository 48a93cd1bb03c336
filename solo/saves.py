"""Save slots on disk: versioned, checksummed JSON written so that progress is never lost.

A save is written to a temporary file in the same folder, flushed and fsynced, then renamed over
the slot; the slot's previous content is kept as ``<slot>.json.bak`` first (through a temporary
hard link or copy whose name is random and which is created exclusively, never through an
existing file or symlink). A write that fails (a read-only folder, a full disk, a file-size
limit) raises :class:`SaveError` and leaves the slot as it was: callers must never say "saved"
then. ``SIGXFSZ`` is ignored while writing, so a file-size limit is an error, not a killed game.

Reading is as careful as reading an adventure (:mod:`solo.save_check`): size, depth and number
limits, then the save's schema, then the checksum and the format version. A main file that fails
any of them falls back to the ``.bak`` copy and says so; when both fail, the refusal is one line.
FIFOs, devices and other non-regular files in the folder are skipped, never opened for reading.

Two processes never play one slot at once: :meth:`SaveStore.lock` takes an OS lock
(``fcntl.flock``) on ``<slot>.json.lock`` for as long as the store lives, and every write takes it
first. The OS drops the lock when the process ends, however it ends, so a killed game never
leaves a slot locked; the small lock file itself stays. Temporary files left by a killed save
(``.<slot>.json.*.tmp``) are removed the next time the slot is saved or listed, under its lock.

Every problem a user can meet is a :class:`SaveError` with a one-line message.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import signal
import stat as stat_module
import tempfile
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from solo import __version__
from solo.errors import SoloError
from solo.save_check import SAVE, SaveShapeError, check, read_json

try:  # POSIX; elsewhere slots are not locked
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms solo supports
    fcntl = None  # type: ignore[assignment]

#: 2: roll records keep reasons (codes and numbers) as their steps, not sentences
SAVE_FORMAT = 2
SLOT_PATTERN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")
DEFAULT_SLOT = "autosave"
SAVE_DIR_ENV = "SOLO_SAVE_DIR"



def _steps_kept_as_said(payload: dict[str, Any]) -> dict[str, Any]:
    """Format 1 to 2: the sentences a roll record's steps held are kept as its words
    (:func:`solo.rules.reasons.said`), so an old game reads as it did; a replay makes them anew."""
    from solo.rules.reasons import said

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if {"system", "kind", "dice"} <= value.keys() and isinstance(value.get("steps"), list):
                value["steps"] = [said(s) if isinstance(s, str) else s for s in value["steps"]]
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    migrated = dict(payload, format=2)
    for name in ("state", "undo"):
        if name in migrated:
            migrated[name] = json.loads(json.dumps(migrated[name]))  # never change the caller's copy
            walk(migrated[name])
    return migrated


#: Older save formats and the function that brings each one up by one version.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _steps_kept_as_said}


class SaveError(SoloError):
    """A save that cannot be read or written; the message is one line for the user."""


class SlotInUseError(SaveError):
    """Another process holds the slot's lock: it is being played elsewhere."""


def check_slot(slot: str) -> str:
    """The slot name if it is safe as a file name; otherwise SaveError naming the rule."""
    if not SLOT_PATTERN.fullmatch(slot) or ".." in slot:  # fullmatch: "$" lets a final newline in
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

    def lock_path(self, slot: str) -> Path:
        return self.folder / f"{check_slot(slot)}.json.lock"

    def lock(self, slot: str) -> None:
        """Hold the slot for this process (until :meth:`release` or the process ends).

        Raises :class:`SlotInUseError` when another process holds it. Creates the folder. The
        lock belongs to the process: every store of this process may write the slot.
        """
        if fcntl is None:
            return
        path = self.lock_path(slot)
        if _lock_key(path) in _HELD:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # O_NOFOLLOW met a link: never lock (or write) through it
                raise SaveError(f"cannot lock slot {slot!r}: {path} is a symbolic link") from None
            if exc.errno == errno.EISDIR:  # a stale lock directory: no lock could hold, so refuse
                raise SaveError(f"cannot lock slot {slot!r}: {path} is a directory; remove it and try again") from None
            # a read-only folder: nothing can be saved there anyway, and writing says so
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SlotInUseError(
                f"slot {slot!r} is in use by another solo (playing in another window?); "
                f"finish that game, or use --slot NAME for another slot"
            ) from None
        _HELD[_lock_key(path)] = fd

    def holds(self, slot: str) -> bool:
        return fcntl is None or _lock_key(self.lock_path(slot)) in _HELD

    def release(self, slot: str) -> None:
        fd = _HELD.pop(_lock_key(self.lock_path(slot)), None)
        if fd is not None:
            os.close(fd)  # closing the descriptor drops the lock

    def _try_lock(self, slot: str) -> bool:
        """Take the slot's lock if nobody holds it; False when another process does."""
        try:
            self.lock(slot)
        except SaveError:
            return False
        return True

    def clean(self, slot: str) -> list[Path]:
        """Remove the temporary files a killed save of ``slot`` left (only under the slot's lock)."""
        removed: list[Path] = []
        if not self.holds(slot):
            return removed
        prefix = f".{check_slot(slot)}.json."
        try:
            names = os.listdir(self.folder)
        except OSError:
            return removed
        for name in names:
            if name.startswith(prefix) and name.endswith(".tmp"):
                path = self.folder / name
                try:
                    if stat_module.S_ISLNK(os.lstat(path).st_mode) or os.path.isfile(path):
                        os.unlink(path)
                        removed.append(path)
                except OSError:
                    pass
        return removed

    def path(self, slot: str) -> Path:
        return self.folder / f"{check_slot(slot)}.json"

    def backup_path(self, slot: str) -> Path:
        return self.folder / f"{check_slot(slot)}.json.bak"

    # -- writing -----------------------------------------------------------------------------
    def write(self, slot: str, payload: dict[str, Any]) -> Path:
        """Write a slot atomically, keeping its previous content as ``.bak``."""
        target = self.path(slot)
        self.lock(slot)
        self.clean(slot)
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
        if not _exists(target) and not _exists(backup):
            raise SaveError(f"no save in slot {slot!r} (looked for {target})")
        try:
            return LoadedSave(read_file(target), target)
        except SaveError as main_error:
            if _is_incompatible(main_error) or not _exists(backup):
                raise
            return self._from_backup(slot, main_error)

    def read_backup(self, slot: str, why: SaveError | str) -> LoadedSave:
        """The slot's ``.bak`` copy, when its main file cannot be used (``why``)."""
        if not _exists(self.backup_path(slot)):
            raise why if isinstance(why, SaveError) else SaveError(str(why))
        return self._from_backup(slot, why)

    def _from_backup(self, slot: str, why: SaveError | str) -> LoadedSave:
        target, backup = self.path(slot), self.backup_path(slot)
        try:
            payload = read_file(backup)
        except SaveError as bak_error:
            raise SaveError(f"{why}; the previous save {backup.name} cannot be used either ({_reason(bak_error)})") from None
        note = f"{target.name} cannot be used ({_reason(why)}); loaded the previous save {backup.name}"
        return LoadedSave(payload, backup, True, note)

    def slots(self) -> list[tuple[str, dict[str, Any] | None, str]]:
        """(slot, payload or None, error) for every save file in the folder."""
        found: list[tuple[str, dict[str, Any] | None, str]] = []
        if not self.folder.is_dir():
            return found
        for path in sorted(self.folder.glob("*.json")):
            slot = path.stem
            if not SLOT_PATTERN.fullmatch(slot) or ".." in slot or not _regular(path):
                continue  # FIFOs, devices and folders named like saves are never opened
            held = self.holds(slot)
            if self._try_lock(slot):
                self.clean(slot)
                if not held:
                    self.release(slot)
            try:
                found.append((slot, self.read(slot).payload, ""))
            except SaveError as exc:
                found.append((slot, None, str(exc)))
        return found

    def set_aside(self, slot: str, tag: str, when: datetime | None = None) -> str | None:
        """Move the game in ``slot`` (and its ``.bak``) to a slot of its own, named
        ``SLOT.TAG-YYYYMMDD-HHMM`` (``-2``, ``-3`` ... when taken); returns that name, or None
        when the slot is empty. Starting again never replaces a story: it is kept this way."""
        self.lock(slot)
        self.clean(slot)
        main, backup = self.path(slot), self.backup_path(slot)
        if not _exists(main) and not _exists(backup):
            return None
        stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M")
        suffix = f".{tag}-{stamp}"
        base = slot[: 64 - len(suffix) - 3].rstrip(".") + suffix
        name, n = base, 1
        while _exists(self.path(name)) or _exists(self.backup_path(name)):
            n += 1
            name = f"{base}-{n}"
        try:
            for old, new in ((main, self.path(name)), (backup, self.backup_path(name))):
                if _exists(old):
                    os.replace(old, new)
        except OSError as exc:
            raise SaveError(f"cannot keep the game in slot {slot!r} aside as {name!r}: {exc.strerror or exc}") from None
        _fsync_dir(self.folder)
        return name

    def delete(self, slot: str) -> bool:
        removed = False
        self.lock(slot)
        self.clean(slot)
        for path in (self.path(slot), self.backup_path(slot)):
            if _exists(path):
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
    """Read and check one save file (limits, schema, checksum, format); migrate older formats."""
    try:
        payload = read_json(path)
    except OSError as exc:
        raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
    except SaveShapeError as exc:
        raise SaveError(f"{path} is corrupt ({exc})") from None
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
    try:
        check(payload, SAVE)
    except SaveShapeError as exc:
        raise SaveError(f"{path} is not a valid save ({exc})") from None
    return payload


def _reason(error: SaveError | str) -> str:
    """What is wrong with a file, without the file's name (the message names it already)."""
    text = str(error)
    for sep in (" is corrupt (", " is not a valid save (", " is not a solo save (", " is not a complete solo save ("):
        if sep in text:
            return "(" + text.split(sep, 1)[1] if not text.split(sep, 1)[1].endswith(")") else text.split(sep, 1)[1][:-1]
    return text


#: The slot locks this process holds: lock file (resolved) -> the descriptor holding the lock.
_HELD: dict[str, int] = {}


def _lock_key(path: Path) -> str:
    return os.path.realpath(path)


def _exists(path: Path) -> bool:
    """Whether something is at ``path`` (a dangling symlink counts)."""
    return os.path.lexists(path)


def _regular(path: Path) -> bool:
    try:
        return stat_module.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def atomic_write(target: Path, data: bytes, *, backup: Path | None = None) -> None:
    """Write ``data`` to ``target`` so that a crash leaves either the old or the new file.

    The bytes go to a temporary file in the same folder, are flushed and fsynced, and the file is
    renamed over the target. With ``backup``, the target's previous content is first linked (or
    copied) there, also atomically.
    """
    folder = target.parent
    _ignore_file_size_signal()
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
    """Make ``backup`` a copy of ``target`` atomically, through a temporary file of a random name.

    The temporary name is unpredictable and created exclusively (a hard link, or ``O_CREAT |
    O_EXCL | O_NOFOLLOW`` for a copy), so nothing planted in the folder is ever written through.
    """
    tmp_bak = target.with_name(f".{target.name}.{secrets.token_hex(8)}.bak.tmp")
    try:
        try:
            os.link(target, tmp_bak, follow_symlinks=False)  # atomic and costs no copy
        except (OSError, NotImplementedError):
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(tmp_bak, flags, 0o600)
            with os.fdopen(fd, "wb") as out:
                out.write(_read_regular(target))
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp_bak, backup)
    except BaseException:
        if os.path.lexists(tmp_bak):
            os.unlink(tmp_bak)
        raise


def _read_regular(path: Path) -> bytes:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat_module.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise OSError(f"{path} is not a regular file")
        return handle.read()


def _ignore_file_size_signal() -> None:
    """Let a file-size limit (``ulimit -f``) fail a write with an error instead of killing solo."""
    sigxfsz = getattr(signal, "SIGXFSZ", None)
    if sigxfsz is not None and threading.current_thread() is threading.main_thread():
        try:
            if signal.getsignal(sigxfsz) == signal.SIG_DFL:
                signal.signal(sigxfsz, signal.SIG_IGN)
        except (ValueError, OSError):
            pass


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
