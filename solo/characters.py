"""Stored player characters: files beside the saves that carry a character from one adventure to the next.

A character lives in ``<save dir>/characters/<name>.json`` as versioned, checksummed JSON, written
atomically like a save. The ruleset decides what is legal (creation rules), what experience buys
(advancement) and what survives an adventure's end.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from solo.rules import registry
from solo.rules.base import Character, RulesError
from solo.save_check import CHARACTER, SaveShapeError, check, read_json
from solo.saves import SaveError, atomic_write, checksum, default_dir

CHARACTER_FORMAT = 1
_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """The file name of a character: lowercase letters and digits joined by dashes."""
    text = _SLUG.sub("-", name.lower()).strip("-")
    if not text:
        raise SaveError(f"a character needs a name with letters or digits (got {name!r})")
    return text[:64]


class CharacterStore:
    """The stored characters in one save folder."""

    def __init__(self, save_dir: str | Path | None = None) -> None:
        self.folder = default_dir(save_dir) / "characters"

    def path(self, name: str) -> Path:
        return self.folder / f"{slug(name)}.json"

    def exists(self, name: str) -> bool:
        return self.path(name).exists()

    def save(self, character: Character) -> Path:
        payload: dict[str, Any] = {"format": CHARACTER_FORMAT, "character": character.to_dict()}
        payload["checksum"] = checksum(payload)
        path = self.path(character.name)
        atomic_write(path, json.dumps(payload, indent=1, ensure_ascii=False).encode("utf-8"),
                     backup=path.with_suffix(".json.bak"))
        return path

    def load(self, name: str) -> Character:
        path = self.path(name)
        if not path.exists():
            known = ", ".join(self.names()) or "none yet"
            raise SaveError(f"no stored character called {name!r} (stored: {known}); create one with `solo character new`")
        try:  # as carefully as a save: regular file, size, depth and number limits
            payload = read_json(path, max_bytes=1_000_000)
        except OSError as exc:
            raise SaveError(f"cannot read {path}: {exc.strerror or exc}") from None
        except SaveShapeError as exc:
            raise SaveError(f"{path} is corrupt ({exc})") from None
        if not isinstance(payload, dict) or not isinstance(payload.get("format"), int):
            raise SaveError(f"{path} is not a solo character file")
        if payload["format"] > CHARACTER_FORMAT:
            raise SaveError(f"{path} was written by a newer solo (character format {payload['format']})")
        if payload.get("checksum") != checksum(payload):
            raise SaveError(f"{path} is corrupt (checksum does not match)")
        try:
            check(payload.get("character"), CHARACTER)
            return Character.from_dict(payload["character"])
        except (SaveShapeError, KeyError, TypeError, ValueError) as exc:
            raise SaveError(f"{path} is not a complete character ({exc})") from None

    def names(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        # only regular files: a FIFO or a device named like a character is never opened
        return sorted(p.stem for p in self.folder.glob("*.json") if _regular(p))

    def all(self) -> list[tuple[str, Character | None, str]]:
        found = []
        for name in self.names():
            try:
                found.append((name, self.load(name), ""))
            except SaveError as exc:
                found.append((name, None, str(exc)))
        return found


def from_file(path: str | Path) -> Character:
    """A character described in a YAML or JSON file (``solo character new --from FILE``)."""
    from solo.adventure.yaml_source import YamlSourceError, load as load_yaml

    file = Path(path)
    try:
        data = load_yaml(file.read_bytes(), str(file)).data
    except OSError as exc:
        raise SaveError(f"cannot read {file}: {exc.strerror}") from None
    except YamlSourceError as exc:
        raise SaveError(str(exc).splitlines()[0]) from None
    if not isinstance(data, dict) or "name" not in data or "system" not in data or "stats" not in data:
        raise SaveError(f"{file}: a character file needs name, system and stats")
    try:
        check(data, CHARACTER)
        return Character.from_dict(data)
    except (SaveShapeError, TypeError, ValueError) as exc:
        raise SaveError(f"{file}: {exc}") from None


def create(character: Character) -> Character:
    """Check a new character against the system's creation rules and fill in its resources."""
    ruleset = registry.get(character.system)
    character = ruleset.prepare_character(character)
    ruleset.validate_character(character, creation=True)
    return character


def advance(character: Character, key: str) -> Character:
    ruleset = registry.get(character.system)
    options = {a.key: a for a in ruleset.advancement(character)}
    base = key.split("+", 1)[0]  # "stat:hand+move:head>heart": an advance and its adjustments
    kinds = {k.split(":", 1)[0] for k in options}
    if base not in options and base.split(":", 1)[0] not in kinds:
        known = ", ".join(options) or "nothing"
        raise RulesError(f"{key!r} is not something {character.name} can buy now (options: {known})")
    return ruleset.advance(character, key)


def _regular(path: Path) -> bool:
    import stat

    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
