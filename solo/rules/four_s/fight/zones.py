"""four-s fights: the zones of a battlefield, which can reach which, and where everyone starts.

An adventure declares zones in the conflict's ``params`` (a fight without them is one zone):

.. code-block:: yaml

    zones:
      lane: [stalls, tunnel]          # the zones one can move to from here
      stalls: [lane]
      tunnel: {to: [lane], name: the tunnel mouth}   # the long form names the zone
    start: {party: lane, enemies: stalls, bogle-2: tunnel}
    exits: [tunnel]

The book separates touching from reaching: two zones may be adjacent and still not give onto
each other (a plateau with one slope up). So the map lists, for each zone, the zones one can
*move to* from it, and nothing else; access may run one way (a ledge one can drop from but not
climb). A shot travels no farther than a move would (ranged: the zones one can move to).

``start`` places fighters: ``party`` (the player and companions), ``player``, ``enemies``, an
npc id (all its numbered copies) or a fighter key (``bogle-2``); more specific entries win.
Without ``start`` everyone stands in the first zone. ``exits`` are zones the player's side may
leave the fight from (the result ``fled``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from solo.rules.conflict import ENEMY, Fighter, SetupProblem
from solo.rules.memo import Memo

ONE_ZONE = "the fray"
MAX_ZONES = 30
PARTY_WORDS = ("party", "player", "enemies")
ID_HINT = "zone ids are short lowercase words, e.g. lane, stalls, tunnel-mouth"


@dataclass(frozen=True)
class ZoneMap:
    order: tuple[str, ...]
    access: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str] = field(default_factory=dict)
    exits: tuple[str, ...] = ()

    @property
    def single(self) -> bool:
        return len(self.order) == 1

    def name(self, zone: str) -> str:
        return self.names.get(zone) or zone.replace("-", " ")

    def can_move(self, a: str, b: str) -> bool:
        return b in self.access.get(a, ())

    def distances(self, start: str) -> dict[str, int]:
        """Moves from ``start`` to every zone it can reach."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.access.get(here, ()):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def steps(self, a: str, b: str) -> int | None:
        return self.distances(a).get(b)

    def reach(self, zone: str, reach: str) -> list[str]:
        """The zones an action of ``reach`` from ``zone`` touches, own zone first."""
        if reach == "ranged":
            return [zone] + [z for z in self.access.get(zone, ()) if z != zone]
        return [zone]

    def toward(self, a: str, goals: Iterable[str]) -> str | None:
        """The first move on a shortest way from ``a`` to the nearest of ``goals`` (declared
        order breaks ties), or None when none can be reached or ``a`` is one of them."""
        goals = set(goals)
        if a in goals:
            return None
        best: tuple[int, int] | None = None
        choice = None
        for n, there in enumerate(self.access.get(a, ())):
            far = self.distances(there)
            near = min((far[g] for g in goals if g in far), default=None)
            if near is None:
                continue
            if best is None or (near, n) < best:
                best, choice = (near, n), there
        return choice

    def away(self, a: str, threats: Iterable[str]) -> str | None:
        """A move from ``a`` that leaves the nearest of ``threats`` farther off, or None."""
        threats = list(threats)

        def gap(zone: str) -> int:
            found = [self.steps(t, zone) for t in threats]
            return min((d for d in found if d is not None), default=99)

        here = gap(a)
        best = None
        for there in self.access.get(a, ()):
            if gap(there) > here and (best is None or gap(there) > gap(best)):
                best = there
        return best


_NO_ZONES: Mapping[str, Any] = {}  # one object, so a fight without zones is found by identity


def _zone_entries(raw: Any) -> Mapping[str, Any]:
    return raw if isinstance(raw, Mapping) else _NO_ZONES


def _targets(value: Any) -> Any:
    return value.get("to", []) if isinstance(value, Mapping) else value


_ZONES = Memo(256)  # a fight reads its battlefield at every look; it is the adventure's, unchanging


def read_zones(params: Mapping[str, Any]) -> ZoneMap:
    """The battlefield as declared (lenient: play trusts what ``solo validate`` has checked)."""
    raw, exits = _zone_entries(params.get("zones")), params.get("exits")
    return _ZONES.get_same(lambda: _read_zones(raw, exits), raw, exits)


def _read_zones(raw: Mapping[str, Any], exits: Any) -> ZoneMap:
    if not raw:
        return ZoneMap((ONE_ZONE,), {ONE_ZONE: ()})
    order = tuple(str(z) for z in raw)
    access: dict[str, tuple[str, ...]] = {}
    names: dict[str, str] = {}
    for zone, value in raw.items():
        targets = _targets(value)
        targets = targets if isinstance(targets, list) else []
        access[str(zone)] = tuple(dict.fromkeys(str(t) for t in targets if str(t) in raw and str(t) != str(zone)))
        if isinstance(value, Mapping) and isinstance(value.get("name"), str):
            names[str(zone)] = value["name"]
    exits = exits or []
    exits = tuple(str(e) for e in exits if str(e) in raw) if isinstance(exits, list) else ()
    return ZoneMap(order, access, names, exits)


def placements(zones: ZoneMap, params: Mapping[str, Any], fighters: Sequence[Fighter]) -> dict[str, str]:
    """Where each fighter stands as the fight starts."""
    start = params.get("start") if isinstance(params.get("start"), Mapping) else {}
    first = zones.order[0]
    placed: dict[str, str] = {}
    for f in fighters:
        side_word = "enemies" if f.side == ENEMY else "party"
        zone = None
        for key in (f.key, f.npc, "player" if f.side == "player" else None, side_word):
            if key is not None and key in start and str(start[key]) in zones.access:
                zone = str(start[key])
                break
        placed[f.key] = zone or first
    return placed


# -- what solo validate refuses ----------------------------------------------------------------


def zone_problems(params: Mapping[str, Any], fighters: Sequence[Fighter]) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    raw = params.get("zones")
    known: set[str] = set()
    if raw is not None:
        if not isinstance(raw, Mapping) or not raw:
            found.append(SetupProblem(("params", "zones"), "zones must map each zone to the zones one can move "
                                      "to from it", "zones: {lane: [stalls], stalls: [lane]}"))
            raw = {}
        elif len(raw) > MAX_ZONES:
            found.append(SetupProblem(("params", "zones"), f"at most {MAX_ZONES} zones (got {len(raw)})"))
        known = {str(z) for z in raw}
        for zone, value in raw.items():
            found.extend(_entry_problems(str(zone), value, known))
    found.extend(_start_problems(params, fighters, known, raw is not None))
    exits = params.get("exits")
    if exits is not None:
        if not isinstance(exits, list) or not exits:
            found.append(SetupProblem(("params", "exits"), "exits must list zones the party can leave from"))
        else:
            for n, zone in enumerate(exits):
                if str(zone) not in known:
                    found.append(SetupProblem(("params", "exits", n), _unknown(zone, known, raw is not None)))
    return found


def _unknown(zone: Any, known: set[str], declared: bool) -> str:
    if not declared:
        return f"there is no zone {zone!r}: this fight declares no zones"
    return f"there is no zone {zone!r} (zones: {', '.join(sorted(known))})"


def _entry_problems(zone: str, value: Any, known: set[str]) -> list[SetupProblem]:
    at: tuple[Any, ...] = ("params", "zones", zone)
    found: list[SetupProblem] = []
    if not zone or not all(c.isalnum() or c in "-_" for c in zone):
        found.append(SetupProblem(at, f"bad zone id {zone!r}", ID_HINT))
    targets = value
    if isinstance(value, Mapping):
        for key in value:
            if key not in ("to", "name"):
                found.append(SetupProblem(at + (key,), f"a zone has `to` and `name` (got {key!r})"))
        if "name" in value and not isinstance(value["name"], str):
            found.append(SetupProblem(at + ("name",), "a zone's name is text"))
        targets = value.get("to", [])
        at = at + ("to",)
    if targets is None:
        targets = []
    if not isinstance(targets, list):
        found.append(SetupProblem(at, f"zone {zone!r}: list the zones one can move to from it (got {targets!r})"))
        return found
    seen: set[str] = set()
    for n, target in enumerate(targets):
        name = str(target)
        if name == zone:
            found.append(SetupProblem(at + (n,), f"zone {zone!r} lists itself: inside a zone one moves freely"))
        elif name not in known:
            found.append(SetupProblem(at + (n,), f"zone {zone!r} leads to {name!r}, which is not a zone",
                                      f"zones: {', '.join(sorted(known))}"))
        elif name in seen:
            found.append(SetupProblem(at + (n,), f"zone {zone!r} lists {name!r} twice"))
        seen.add(name)
    return found


def _start_problems(params: Mapping[str, Any], fighters: Sequence[Fighter], known: set[str],
                    declared: bool) -> list[SetupProblem]:
    start = params.get("start")
    if start is None:
        return []
    if not isinstance(start, Mapping):
        return [SetupProblem(("params", "start"), "start maps who (party, enemies, an npc or a fighter) to a zone")]
    found: list[SetupProblem] = []
    who = set(PARTY_WORDS) | {f.key for f in fighters} | {str(f.npc) for f in fighters if f.npc}
    for key, zone in start.items():
        if str(key) not in who:
            found.append(SetupProblem(("params", "start", key), f"start: nobody called {key!r} is in this fight",
                                      f"use party, enemies, or one of: {', '.join(sorted(who - set(PARTY_WORDS)))}"))
        if str(zone) not in known:
            found.append(SetupProblem(("params", "start", key), "starting zone: " + _unknown(zone, known, declared)))
    return found
