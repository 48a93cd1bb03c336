"""The buttons on an endeavour's number line, as an adventure writes them and as they are placed.

A button is a mark at a space of the line (never the start, 0, nor the goal) that does something
when a token moves over it or stops on it:

* ``terrain`` (race): the first time a racer would move past it, the move ends on it; a terrain
  button may name the stats a racer starting the round on it may roll (``stats``) and a name;
* ``alarm`` (stealth): a sneaker whose first move of a round ends on it is *made*; alarm buttons
  patrol the line (see :func:`patrol`);
* ``glimmer`` (discovery): a discovery of some ``type`` (``clue``, ``loot``...) a character who
  moves over it may try to take: a check whose target is the button's space;
* ``muddle`` (monstrous): placed by a monstrosity; the player's side moving over it muddles that
  monstrosity for its next focal roll, and the button goes.

Buttons live in the endeavour's state as plain dicts: ``{"id", "kind", "at", ...}``. This module
reads them from parameters (with the problems ``solo validate`` reports, located inside the
``conflict:`` mapping), rolls the glimmers a rarity asks for, and moves alarm buttons.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from solo.rules.conflict import SetupProblem
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.tables import norm

#: The GM guide's copiousness of a glimmer type: the die rolled (it bumps) and what is taken off.
RARITY: dict[str, tuple[int, int]] = {
    "rare": (4, 2), "uncommon": (4, 0), "common": (6, 0), "abundant": (8, 0), "copious": (10, 0),
}
#: At most this many buttons of one kind on a line (a bound on the state and on the screen).
MAX_BUTTONS = 30
_WORD = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def button(kind: str, at: int, ident: str, **more: Any) -> dict[str, Any]:
    return {"id": ident, "kind": kind, "at": int(at), **more}


def _place(value: Any, length: int, path: tuple[Any, ...], what: str, found: list[SetupProblem]) -> int | None:
    """A button's space as written, or None (and a problem) when it is not on the line."""
    if not whole(value):
        found.append(SetupProblem(path, f"a {what} button's space is a whole number (got {value!r})"))
        return None
    if not 1 <= value < length:
        where = "past the goal" if value >= length else "before the first space"
        found.append(SetupProblem(path, f"a {what} button at {value} is {where}: buttons sit on spaces "
                                        f"1 to {length - 1} of a line of length {length}",
                                  "move the button, or lengthen the line (params.length)"))
        return None
    return int(value)


def _entries(value: Any, name: str, found: list[SetupProblem]) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        found.append(SetupProblem(("params", name), f"{name} is a list of buttons (got {value!r})"))
        return []
    if len(value) > MAX_BUTTONS:
        found.append(SetupProblem(("params", name), f"at most {MAX_BUTTONS} {name} buttons (got {len(value)})"))
        return []
    return value


def read_terrain(value: Any, length: int, stat_names: set[str]) -> tuple[list[dict[str, Any]], list[SetupProblem]]:
    """``terrain``: spaces, or ``{at, name, stats}`` (the stats a racer starting a round there may
    roll). ``stat_names`` are the stats known to the conflict, for checking ``stats``."""
    found: list[SetupProblem] = []
    buttons = []
    for n, entry in enumerate(_entries(value, "terrain", found)):
        path: tuple[Any, ...] = ("params", "terrain", n)
        name, stats = "terrain", None
        if isinstance(entry, Mapping):
            unknown = sorted(set(map(str, entry)) - {"at", "name", "stats"})
            if unknown:
                found.append(SetupProblem(path + (unknown[0],), f"a terrain button has at, name and stats "
                                                                 f"(got {unknown[0]!r})"))
            at = _place(entry.get("at"), length, path + ("at",), "terrain", found)
            name = str(entry.get("name", "terrain"))[:40] or "terrain"
            if "stats" in entry:
                stats = read_stats(entry["stats"], path + ("stats",), stat_names, found)
        else:
            at = _place(entry, length, path, "terrain", found)
        if at is not None:
            more: dict[str, Any] = {"name": name}
            if stats:
                more["stats"] = stats
            buttons.append(button("terrain", at, f"t{n + 1}", **more))
    return buttons, found


def read_stats(value: Any, path: tuple[Any, ...], stat_names: set[str], found: list[SetupProblem]) -> list[str]:
    """A list of stat names, each one the conflict knows (normalised names returned)."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        found.append(SetupProblem(path, f"stats is a list of stat names (got {value!r})"))
        return []
    stats = []
    for n, stat in enumerate(value):
        key = norm(stat)
        if key not in stat_names:
            found.append(SetupProblem(path + (n,), f"no one here has a stat {stat!r}",
                                      f"known stats: {', '.join(sorted(stat_names))}"))
        elif key not in stats:
            stats.append(key)
    return stats


def read_alarms(value: Any, length: int) -> tuple[list[dict[str, Any]], list[SetupProblem]]:
    """``alarms``: the spaces of the alarm buttons at the start (they begin patrolling back
    toward the start of the line)."""
    found: list[SetupProblem] = []
    buttons = []
    for n, entry in enumerate(_entries(value, "alarms", found)):
        at = _place(entry, length, ("params", "alarms", n), "alarm", found)
        if at is not None:
            buttons.append(button("alarm", at, f"a{n + 1}", step=-1))
    return buttons, found


def read_glimmers(value: Any, length: int) -> tuple[list[dict[str, Any]], dict[str, int], list[SetupProblem]]:
    """``glimmers``: a list of spaces or ``{at, type}`` placed as written, or a mapping of type to
    rarity (``{clue: uncommon}``) or count, rolled when the endeavour begins. Returns the placed
    buttons, the counts still to roll (type -> rarity index or count), and problems."""
    found: list[SetupProblem] = []
    if value is None:
        return [], {}, found
    if isinstance(value, Mapping):
        to_roll: dict[str, Any] = {}
        for kind, how in value.items():
            path = ("params", "glimmers", kind)
            if not isinstance(kind, str) or not _WORD.match(kind):
                found.append(SetupProblem(path, f"a glimmer type is a short lower-case word (got {kind!r})"))
                continue
            if isinstance(how, str) and norm(how) in RARITY:
                to_roll[kind] = norm(how)
            elif whole(how) and 0 <= how <= MAX_BUTTONS:
                to_roll[kind] = int(how)
            else:
                found.append(SetupProblem(path, f"glimmers of a type come as a rarity ({', '.join(RARITY)}) "
                                                f"or a count from 0 to {MAX_BUTTONS} (got {how!r})"))
        return [], to_roll, found
    buttons = []
    for n, entry in enumerate(_entries(value, "glimmers", found)):
        path = ("params", "glimmers", n)
        kind = "discovery"
        if isinstance(entry, Mapping):
            unknown = sorted(set(map(str, entry)) - {"at", "type"})
            if unknown:
                found.append(SetupProblem(path + (unknown[0],), f"a glimmer button has at and type (got {unknown[0]!r})"))
            kind = entry.get("type", "discovery")
            if not isinstance(kind, str) or not _WORD.match(kind):
                found.append(SetupProblem(path + ("type",), f"a glimmer type is a short lower-case word (got {kind!r})"))
                kind = "discovery"
            at = _place(entry.get("at"), length, path + ("at",), "glimmer", found)
        else:
            at = _place(entry, length, path, "glimmer", found)
        if at is not None:
            buttons.append(button("glimmer", at, f"g{n + 1}", type=kind))
    return buttons, {}, found


def roll_glimmers(dice: Dice, to_roll: Mapping[str, Any], length: int) -> tuple[list[dict[str, Any]], list[str]]:
    """Glimmers a rarity asks for: the type's die (it bumps) less what the rarity takes off, each
    placed on a space the dice pick (1 to length - 1). Returns the buttons and lines saying so."""
    buttons: list[dict[str, Any]] = []
    lines = []
    n = 0
    for kind, how in to_roll.items():
        if isinstance(how, int):
            count = how
        else:
            sides, less = RARITY[how]
            count = max(0, bumping.roll(dice, bumping.single(bumping.standard_die(sides))).total - less)
        count = min(count, MAX_BUTTONS - len(buttons))
        spaces = []
        for _ in range(count):
            n += 1
            at = dice.roll(length - 1)
            spaces.append(at)
            buttons.append(button("glimmer", at, f"g{n}", type=kind))
        if count:
            lines.append(f"{count} {kind} glimmer{'s' if count != 1 else ''} on the line "
                         f"(at {', '.join(map(str, sorted(spaces)))}).")
    return buttons, lines


def patrol(alarm: dict[str, Any], spaces: int, length: int) -> None:
    """Move an alarm button ``spaces`` along its beat, turning at space 1 and at the space before
    the goal: the set pattern the watchers follow (a sneaker can learn it by watching)."""
    if length <= 2 or spaces <= 0:
        return
    at, step = int(alarm["at"]), int(alarm.get("step", -1)) or -1
    for _ in range(spaces):
        if not 1 <= at + step <= length - 1:
            step = -step
        at += step
    alarm["at"], alarm["step"] = max(1, min(length - 1, at)), step


def at_space(buttons: list[dict[str, Any]], kind: str, space: int) -> list[dict[str, Any]]:
    return [b for b in buttons if b["kind"] == kind and b["at"] == space]


def crossed(buttons: list[dict[str, Any]], kind: str, start: int, end: int) -> list[dict[str, Any]]:
    """Buttons of ``kind`` a move from ``start`` to ``end`` goes over (past or onto), in order."""
    return sorted((b for b in buttons if b["kind"] == kind and start < b["at"] <= end), key=lambda b: b["at"])


def marks(buttons: list[dict[str, Any]], names: Mapping[str, str]) -> dict[int, str]:
    """What each space holds, for the view: ``{7: "alarm", 12: "ford"}`` (several joined)."""
    shown: dict[int, list[str]] = {}
    for b in sorted(buttons, key=lambda b: (b["at"], b["id"])):
        if b["kind"] == "terrain":
            word = str(b.get("name") or "terrain")
        elif b["kind"] == "alarm":
            word = "alarm" + ("→" if int(b.get("step", -1)) > 0 else "←")
        elif b["kind"] == "glimmer":
            word = f"glimmer ({b.get('type', 'discovery')})"
        else:
            word = f"muddle ({names.get(str(b.get('monster')), b.get('monster'))})"
        shown.setdefault(int(b["at"]), []).append(word)
    return {at: ", ".join(words) for at, words in shown.items()}
