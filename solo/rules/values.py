"""Reading numbers, flags and names that people wrote in adventure files or typed on the command line.

Every ruleset reads loosely written values: check parameters from an adventure file
(``modifier: "-1"``), options of ``solo odds`` / ``solo roll`` (``--bonus 2``, ``--pvp``), stat
names spelled any which way (``Hack/Slash``, ``hack-slash``, ``Body``). This module owns how such
values are read, once for every system:

* :class:`ValueReader` reads whole numbers, flags, numbers-or-difficulty-names and command-line
  options for one system. Its errors are :class:`~solo.rules.base.RulesError` messages that begin
  with the system's label and name what was read, e.g.
  ``"GAME: check parameter 'bonus' must be a whole number (got 'x')"``.
* :func:`name_key` is the form in which names are compared; :func:`find_key` finds the key of a
  mapping (a character's stats) by a name written that loosely, :func:`canonical_keys` spells a
  system's own stat names its way, and :func:`lookup_name` / :meth:`ValueReader.known_name` find
  a system's own spelling in an index of its names.

What the names mean (a system's skills, goals, difficulty tables, aliases) stays in the system's
own module; this module only reads.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from solo.rules.base import RulesError

#: How a reader takes a float where a whole number is wanted (YAML writes ``3.0`` or ``2.5``):
#: ``"whole"`` reads 3.0 as 3 and refuses 2.5; ``"refuse"`` refuses every float;
#: ``"truncate"`` reads any finite float by :func:`int` (2.5 reads 2).
FloatRule = Literal["whole", "refuse", "truncate"]

_SEPARATORS = re.compile(r"[\s\-_]+")
_SIGNED_DIGITS = re.compile(r"-?\d+")


def name_key(name: object, *, keep_punctuation: bool = False, fold_accents: bool = False) -> str:
    """A name in the form names are matched in: lower case, no spaces, dashes or underscores.

    Other punctuation goes too (``"Hack/Slash"`` and ``"hack-slash"`` → ``"hackslash"``), only
    letters and digits stay, unless ``keep_punctuation`` (then ``"Sword/Play"`` stays
    ``"sword/play"``). ``fold_accents`` first drops accents (``"Héad"`` → ``"head"``).
    """
    if type(name) is str:
        return _name_key(name, keep_punctuation, fold_accents)
    return _name_key.__wrapped__(str(name), keep_punctuation, fold_accents)


@functools.lru_cache(maxsize=8192)
def _name_key(text: str, keep_punctuation: bool, fold_accents: bool) -> str:
    """:func:`name_key` of a string (memoised: the same few names are matched again and again)."""
    if fold_accents:
        text = unicodedata.normalize("NFKD", text)
        text = "".join(c for c in text if not unicodedata.combining(c))
    if keep_punctuation:
        return _SEPARATORS.sub("", text).lower()
    return "".join(ch for ch in text.lower() if ch.isalnum())


def find_key(
    mapping: Mapping[Any, Any],
    name: object,
    normalise: Callable[[object], str] = name_key,
    *,
    sort: bool = False,
) -> Any | None:
    """The first key of ``mapping`` that reads as ``name`` once both are normalised, or ``None``.

    Keys are tried in the mapping's order, or sorted by their text with ``sort``.
    """
    wanted = normalise(name)
    keys: Iterable[Any] = sorted(mapping, key=str) if sort else mapping
    for key in keys:
        if normalise(key) == wanted:
            return key
    return None


def canonical_keys(
    mapping: Mapping[Any, Any], names: Iterable[str], normalise: Callable[[object], str] = name_key
) -> dict[Any, Any]:
    """``mapping`` with each key that reads as one of ``names`` spelled as that name; other keys
    (a character's custom stats) stay as written. Order is kept; of two keys that read the same
    name, the later value wins.

    With ``names`` a tuple, the spelling of each list of keys is kept (rulesets call this before
    every check and award, and a character's stat names seldom change); ``normalise`` must then
    depend on its argument only."""
    if type(names) is not tuple:
        index = {normalise(n): n for n in names}
        return {index.get(normalise(key), key): value for key, value in mapping.items()}
    keys = tuple(mapping)
    spelt = _SPELT.get((keys, names, normalise))
    if spelt is None:
        index = {normalise(n): n for n in names}
        spelt = tuple(index.get(normalise(key), key) for key in keys)
        if len(_SPELT) >= _SPELT_KEPT:
            _SPELT.clear()
        _SPELT[keys, names, normalise] = spelt
    return dict(zip(spelt, mapping.values()))


#: (a mapping's keys, the names, the normaliser) -> those keys as :func:`canonical_keys` spells them.
_SPELT: dict[tuple[tuple[Any, ...], tuple[str, ...], Callable[[object], str]], tuple[Any, ...]] = {}
_SPELT_KEPT = 512


def lookup_name(index: Mapping[str, str], name: object) -> str | None:
    """The name ``index`` (keyed by :func:`name_key`) holds for ``name``; ``None`` if none or not text."""
    return index.get(name_key(name)) if isinstance(name, str) else None


@dataclass(frozen=True)
class ValueReader:
    """Reads written values for one system; its errors begin with ``label`` (e.g. ``"GAME"``).

    ``floats`` is the system's :data:`FloatRule` for whole numbers.
    """

    label: str
    floats: FloatRule = "whole"

    def error(self, message: str, *, param: str | tuple[Any, ...] | None = None) -> RulesError:
        """A :class:`RulesError` with the system's label: ``"<label>: <message>"`` (``param``:
        the check parameter at fault, see :class:`RulesError`)."""
        return RulesError(f"{self.label}: {message}", param=param)

    def whole_number(self, value: Any, what: str) -> int:
        """An int from an int, a numeric string (``" -2 "``) or a float (see ``floats``).

        Booleans and anything else are refused: ``"<what> must be a whole number (got ...)"``.
        """
        if isinstance(value, bool):
            raise self.error(f"{what} must be a whole number (got {value!r})")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value.strip())
            except ValueError:
                pass
        elif isinstance(value, float):
            if self.floats == "truncate" and math.isfinite(value):
                return int(value)
            if self.floats == "whole" and value.is_integer():
                return int(value)
        raise self.error(f"{what} must be a whole number (got {value!r})")

    def flag(self, value: Any, what: str) -> bool:
        """True or false from a bool, 1/0, or true/yes/on/1 and false/no/off/0/"" in any case."""
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0", ""):
            return False
        if isinstance(value, int) and value in (0, 1):
            return bool(value)
        raise self.error(f"{what} must be true or false (got {value!r})")

    def option_flag(self, value: Any, option: str) -> bool:
        """A command-line flag ``--option`` read like :meth:`flag` (a bare flag arrives as True)."""
        try:
            return self.flag(value, f"--{option}")
        except RulesError:
            raise self.error(f"--{option} is a flag (got {value!r})") from None

    def number_or_name(
        self,
        value: Any,
        what: str,
        table: Mapping[str, int],
        names: Iterable[str],
        normalise: Callable[[object], str],
    ) -> int:
        """A number, or a name looked up in ``table`` (keyed by ``normalise``d names).

        ``names`` are the names as shown in the error, e.g. ``easy, average, hard``.
        """
        if isinstance(value, bool):
            raise self.error(f"{what} must be a number or a difficulty name (got {value!r})")
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if _SIGNED_DIGITS.fullmatch(text):
            return int(text)
        found = table.get(normalise(text))
        if found is None:
            raise self.error(f"{what} must be a number or one of {', '.join(names)} (got {value!r})")
        return found

    def known_name(
        self, name: Any, index: Mapping[str, str], kind: str, expected: Iterable[str]
    ) -> str:
        """Like :func:`lookup_name`, but an unknown name is an error listing ``expected``."""
        found = lookup_name(index, name)
        if found is None:
            raise self.error(f"unknown {kind} {name!r} (expected one of: {', '.join(expected)})")
        return found

    def reject_unknown_options(
        self, args: Mapping[str, Any], options: Mapping[str, str], *, listed_as: str = "options"
    ) -> None:
        """Refuse the first (sorted) option in ``args`` that ``options`` does not describe."""
        unknown = sorted(set(args) - set(options))
        if unknown:
            listed = ", ".join("--" + k for k in options)
            raise self.error(f"unknown option --{unknown[0]} ({listed_as}: {listed})")


__all__ = ["FloatRule", "ValueReader", "canonical_keys", "find_key", "lookup_name", "name_key"]
