"""How the validator compares names (stats loosely, halves of ``Perception/Track``) and suggests fixes."""

from __future__ import annotations

import difflib
from typing import Any, Iterable

from solo.adventure.validate.codes import Path_


def _did_you_mean(word: Any, options: Iterable[str], *, also: str = "") -> str:
    options = sorted({str(o) for o in options})
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    if not options:
        return also
    shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
    return f"{also + '; ' if also else ''}known: {shown}"


def _norm(name: Any) -> str:
    """A stat name compared loosely: lowercase letters and digits only."""
    found = _NORMS.get(name) if isinstance(name, str) else None
    if found is None:
        found = "".join(ch for ch in str(name).lower() if ch.isalnum())
        if isinstance(name, str) and len(_NORMS) < 10_000:
            _NORMS[name] = found
    return found


_NORMS: dict[str, str] = {}


def _names_with_halves(names: Iterable[Any]) -> set[str]:
    """Normalised stat names, and each half of a name like ``Perception/Track``."""
    found: set[str] = set()
    for name in names:
        found.add(_norm(name))
        if "/" in str(name):
            found.update(_norm(half) for half in str(name).split("/"))
    return found


def _short(text: Any, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _at_path(data: Any, path: Path_) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data
