"""four-s fights: role-play in combat, the moves an adventure offers and what their success does.

The book lets a player role-play in combat (grapple an enemy, hold a door shut) for 1 AP per d3
rolled, plus the Roleplay Bonus of the stat. What such a move achieves is the GM's to say, so
the adventure lists the moves its fight offers under ``params.roleplay``:

.. code-block:: yaml

    roleplay:
      - id: topple-stall
        text: Heave a stall of bottled weather over onto the Watch
        stat: strength
        goal: hard             # a goal (a number or a difficulty), or
        against: foe           # a competing roll with a foe in your zone (it rolls 1d3 free)
        zone: fruit-lane       # where it can be done (a zone or a list; default anywhere)
        damage: 2d6            # success: this much damage (the critical d6 applies)...
        area: true             # ...shared among every foe in the zone instead of one foe
        hold: true             # success: the foe (every foe in the zone with area) loses its
                               # next enemy phase
        ends: fled             # success: the fight ends so (won, fled or surrendered)
        once: true             # it can be tried once in this fight

A move needs ``goal`` or ``against`` and at least one of ``damage``, ``hold`` and ``ends``.
Besides the adventure's moves, a fighter held by an enemy (a net, a grapple) may always try to
**break free**: a competing roll of Strength or Skill, whichever is better, against the holder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from solo.rules.base import RulesError
from solo.rules.conflict import FLED, SURRENDERED, WON, SetupProblem
from solo.rules.four_s.fight.gear import Amount, parse_amount
from solo.rules.four_s.ruleset import lookup_stat, parse_goal
from solo.rules.memo import Memo

MOVE_KEYS = ("id", "text", "stat", "goal", "against", "zone", "damage", "area", "hold", "ends", "once")
ENDS = (WON, FLED, SURRENDERED)
MAX_MOVES = 12
BREAK_FREE = "break-free"


@dataclass(frozen=True)
class Move:
    id: str
    text: str
    stat: str
    goal: int | None = None
    goal_name: str | None = None
    against: bool = False
    zones: tuple[str, ...] = ()  # where it can be done; empty: anywhere
    damage: Amount | None = None
    area: bool = False
    hold: bool = False
    ends: str | None = None
    once: bool = False

    @property
    def targeted(self) -> bool:
        """Whether the player picks a foe for it (a competing roll, or damage or a hold on one)."""
        return self.against or ((self.damage is not None or self.hold) and not self.area)


def _zones_of(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(str(v) for v in value)
    return ()


_MOVES = Memo(256)  # a fight reads its moves at every look; they are the adventure's, unchanging


def read_moves(params: Mapping[str, Any]) -> list[Move]:
    """The adventure's role-play moves (lenient: entries ``solo validate`` refuses are skipped)."""
    raw = params.get("roleplay")
    if not isinstance(raw, list):
        return []
    return list(_MOVES.get_same(lambda: _read_moves(raw), raw))


def _read_moves(raw: list[Any]) -> list[Move]:
    found = []
    for entry in raw:
        if not isinstance(entry, Mapping) or entry_problems(entry, None):
            continue
        goal, name = parse_goal(entry["goal"]) if "goal" in entry else (None, None)
        found.append(Move(
            id=str(entry["id"]),
            text=str(entry["text"]),
            stat=str(lookup_stat(entry["stat"])),
            goal=goal,
            goal_name=name,
            against="against" in entry,
            zones=_zones_of(entry.get("zone")),
            damage=parse_amount(entry["damage"]) if "damage" in entry else None,
            area=entry.get("area") is True,
            hold=entry.get("hold") is True,
            ends=entry.get("ends"),
            once=entry.get("once") is True,
        ))
    return found


def entry_problems(entry: Mapping[str, Any], zones: set[str] | None) -> list[tuple[tuple[Any, ...], str, str]]:
    """What is wrong with one move: (path inside the entry, message, hint). ``zones`` are the
    fight's zones (None: not checked)."""
    found: list[tuple[tuple[Any, ...], str, str]] = []
    for key in entry:
        if key not in MOVE_KEYS:
            found.append(((key,), f"a role-play move has no {key!r}", f"it has {', '.join(MOVE_KEYS)}"))
    move_id = entry.get("id")
    if not isinstance(move_id, str) or not move_id or not all(c.isalnum() or c == "-" for c in move_id) \
            or move_id == BREAK_FREE:
        found.append((("id",), f"a role-play move needs an id of letters, digits and dashes (got {move_id!r})",
                      "" if move_id != BREAK_FREE else f"{BREAK_FREE} is the engine's own move"))
    if not isinstance(entry.get("text"), str) or not entry.get("text"):
        found.append((("text",), "a role-play move needs text: what the player sees", ""))
    if lookup_stat(entry.get("stat")) is None:
        found.append((("stat",), f"a role-play move rolls strength, skill, support or scharisma "
                                 f"(got {entry.get('stat')!r})", ""))
    if ("goal" in entry) == ("against" in entry):
        found.append(((), "a role-play move has a goal or is against a foe (against: foe), one of the two", ""))
    if "goal" in entry:
        try:
            parse_goal(entry["goal"])
        except RulesError as exc:
            found.append((("goal",), str(exc), ""))
    if "against" in entry and entry["against"] != "foe":
        found.append((("against",), f"against: foe is the one way to write it (got {entry['against']!r})",
                      "the foe is picked in play among those in the player's zone"))
    if "damage" in entry:
        try:
            parse_amount(entry["damage"])
        except ValueError as exc:
            found.append((("damage",), f"damage: {exc}", ""))
    for key in ("area", "hold", "once"):
        if key in entry and not isinstance(entry[key], bool):
            found.append(((key,), f"{key} must be true or false (got {entry[key]!r})", ""))
    if "ends" in entry and entry["ends"] not in ENDS:
        found.append((("ends",), f"ends must be one of {', '.join(ENDS)} (got {entry['ends']!r})", ""))
    if not any(k in entry for k in ("damage", "ends")) and entry.get("hold") is not True:
        found.append(((), "a role-play move must do something: damage, hold or ends", ""))
    if entry.get("area") is True and "against" in entry:
        found.append((("area",), "a competing roll is against one foe; area is for a move with a goal", ""))
    zone = entry.get("zone")
    if zone is not None:
        names = _zones_of(zone)
        if not names or not all(isinstance(z, str) for z in (zone if isinstance(zone, list) else [zone])):
            found.append((("zone",), f"zone is a zone or a list of zones (got {zone!r})", ""))
        elif zones is not None:
            for n, name in enumerate(names):
                if name not in zones:
                    found.append((("zone",) if isinstance(zone, str) else ("zone", n),
                                  f"there is no zone {name!r}" + (f" (zones: {', '.join(sorted(zones))})"
                                                                 if zones else ": this fight declares no zones"), ""))
    return found


def move_problems(params: Mapping[str, Any], zones: set[str] | None,
                  players: Sequence[Any] = ()) -> list[SetupProblem]:
    """Problems of ``params.roleplay``, located inside the conflict (``players``: the player
    characters, whose stats a move rolls)."""
    raw = params.get("roleplay")
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_MOVES:
        return [SetupProblem(("params", "roleplay"), f"roleplay lists up to {MAX_MOVES} moves")]
    found: list[SetupProblem] = []
    ids: set[str] = set()
    for n, entry in enumerate(raw):
        at = ("params", "roleplay", n)
        if not isinstance(entry, Mapping):
            found.append(SetupProblem(at, "a role-play move is a mapping (id, text, stat, goal or against...)"))
            continue
        for path, message, hint in entry_problems(entry, zones):
            found.append(SetupProblem(at + path, message, hint))
        move_id = entry.get("id")
        if isinstance(move_id, str):
            if move_id in ids:
                found.append(SetupProblem(at + ("id",), f"two role-play moves are called {move_id!r}"))
            ids.add(move_id)
    return found
