"""The adventure as typed, immutable data: what a loaded YAML file means to the engine.

:func:`build` turns the plain data of a YAML document (already checked against the JSON Schema)
into these classes. Every object keeps the ``path`` of keys that leads to it in the document, so
a later error can name the file, line and column it came from.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable

from solo.rules.base import Character
from solo.rules.conflict import DEFAULT_ROUNDS

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Branch:
    """What happens after a roll shows one outcome (or after a table row is rolled)."""

    text: str = ""
    effects: tuple[Mapping[str, Any], ...] = ()
    goto: str | None = None
    path: Path = ()
    #: A losing contest branch's lesser form: what the opponent gets when the rules turn the
    #: loss, less severe, back on them (Humanity, Blessed Blessèd Wits). Text and effects only.
    lesser: "Branch | None" = None


@dataclass(frozen=True)
class CheckSpec:
    """A check or contest a choice asks for: the stat, system parameters and outcome branches."""

    kind: str  # "check" or "contest"
    stat: Any
    params: Mapping[str, Any]  # everything but `outcomes`, as written (stat included)
    outcomes: Mapping[str, Branch]
    opponent: str | None = None
    assist: str | None = None
    path: Path = ()


@dataclass(frozen=True)
class Opponent:
    """Who a conflict puts on the other side: an npc, how many of them, and how they fight."""

    npc: str
    count: int = 1
    group: str | None = None  # foes that act together
    behaviour: str | None = None  # overrides the conflict's behaviour for these foes
    path: Path = ()


@dataclass(frozen=True)
class ConflictSpec:
    """A fight or an endeavour a scene runs round by round (see :mod:`solo.rules.conflict`)."""

    procedure: str
    outcomes: Mapping[str, Branch]
    opponents: tuple[Opponent, ...] = ()
    companions: tuple[str, ...] = ()
    behaviour: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    rounds: int = DEFAULT_ROUNDS
    at_limit: str = "lost"
    title: str = ""
    path: Path = ()


@dataclass(frozen=True)
class Choice:
    text: str
    goto: str | None = None
    condition: str | None = None
    disabled: str | None = None
    once: bool = False
    effects: tuple[Mapping[str, Any], ...] = ()
    check: CheckSpec | None = None
    path: Path = ()


@dataclass(frozen=True)
class Ending:
    outcome: str = "mixed"
    summary: str = ""


@dataclass(frozen=True)
class Scene:
    id: str
    title: str
    text: str = ""
    group: str | None = None
    gm: str = ""
    on_enter: tuple[Mapping[str, Any], ...] = ()
    choices: tuple[Choice, ...] = ()
    ending: Ending | None = None
    conflict: ConflictSpec | None = None
    path: Path = ()


@dataclass(frozen=True)
class Objective:
    id: str
    text: str
    award: Mapping[str, int] = field(default_factory=dict)
    when: str | None = None
    path: Path = ()


@dataclass(frozen=True)
class Clock:
    id: str
    size: int
    label: str = ""
    filled: tuple[Mapping[str, Any], ...] = ()
    start: int = 0
    path: Path = ()
    #: An expression: once it holds, the clock can no longer matter and leaves the status line
    #: and the sheet (what the player is shown only; ticks still count, so stop the hooks too).
    until: str | None = None


@dataclass(frozen=True)
class Table:
    id: str
    dice: str
    rows: Mapping[tuple[int, int], Branch]  # inclusive range -> branch
    reroll: tuple[int, ...] = ()
    label: str = ""  # shown with the roll; an unlabelled table rolls out of the player's sight
    path: Path = ()


@dataclass(frozen=True)
class Hook:
    every: str
    effects: tuple[Mapping[str, Any], ...]
    when: str | None = None
    path: Path = ()


@dataclass(frozen=True)
class Person:
    """A pregenerated character or an NPC, as written in the file."""

    id: str
    name: str
    stats: Mapping[str, Any]
    description: str = ""
    items: tuple[str, ...] = ()
    resources: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    companion: bool = False
    #: Conditions the character or NPC starts with (an NPC's: those its rules read on one, such
    #: as Humanity, Blessed ``disarmed``; the validator checks them against ``npc_conditions``).
    conditions: tuple[str, ...] = ()
    path: Path = ()

    def character(self, system: str) -> Character:
        """A fresh, mutable :class:`Character` of ``system`` made from this entry (nested lists
        and maps copied too: a game that adds to a pool must not add to the adventure's)."""
        return Character(
            id=self.id,
            name=self.name,
            system=system,
            description=self.description,
            stats=fresh_copy(dict(self.stats)),
            resources=fresh_copy(dict(self.resources)),
            items=list(self.items),
            extra=fresh_copy(dict(self.extra)),
            conditions=list(self.conditions),
        )


#: Values :func:`fresh_copy` takes as they are (immutable, as ``copy.deepcopy`` takes them).
_ATOMS = frozenset({str, int, bool, float, type(None)})


class _NotATree(Exception):
    """A value :func:`_tree_copy` leaves to ``copy.deepcopy``."""


def fresh_copy(value: Any) -> Any:
    """``copy.deepcopy(value)``, walked directly when ``value`` is a tree of dicts, lists and
    tuples over text, numbers and None that shares no container (a character is made at every
    check that has a helper); anything else (another type, a container reached twice, which
    deepcopy keeps shared) is deepcopy's."""
    try:
        return _tree_copy(value, set())
    except _NotATree:
        return copy.deepcopy(value)


def _tree_copy(value: Any, seen: set[int]) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is not dict and kind is not list and kind is not tuple:
        raise _NotATree
    if id(value) in seen:
        raise _NotATree
    seen.add(id(value))
    atoms = _ATOMS
    if kind is dict:
        return {k if type(k) in atoms else _tree_copy(k, seen): v if type(v) in atoms else _tree_copy(v, seen)
                for k, v in value.items()}
    made = [v if type(v) in atoms else _tree_copy(v, seen) for v in value]
    return made if kind is list else tuple(made)


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    text: str = ""
    rules: Mapping[str, Any] = field(default_factory=dict)  # system properties: weapon, armour...
    path: Path = ()


@dataclass(frozen=True)
class Adventure:
    id: str
    title: str
    system: str
    start: str
    scenes: Mapping[str, Scene]
    format: int = 1
    author: str = ""
    version: str = ""
    license: str = ""
    summary: str = ""
    content_notes: tuple[str, ...] = ()
    #: opt-in rules beyond the book, by name (see :mod:`solo.rules.house_rules`)
    house_rules: tuple[str, ...] = ()
    play_time: str = ""
    intro: str = ""
    characters: tuple[Person, ...] = ()
    allow_custom: bool = True
    npcs: Mapping[str, Person] = field(default_factory=dict)
    items: Mapping[str, Item] = field(default_factory=dict)
    objectives: Mapping[str, Objective] = field(default_factory=dict)
    flags: Mapping[str, bool] = field(default_factory=dict)
    counters: Mapping[str, int] = field(default_factory=dict)
    clocks: Mapping[str, Clock] = field(default_factory=dict)
    tables: Mapping[str, Table] = field(default_factory=dict)
    hooks: tuple[Hook, ...] = ()
    #: What happens when the rules take the character out outside a conflict (see the engine).
    defeated: Branch | None = None
    #: player-facing names for ids shown on screen (stats, resources, counters, conditions)
    labels: Mapping[str, str] = field(default_factory=dict)
    #: what the player does not know yet: ("objective" | "clock" | "variable", name) pairs
    hidden: frozenset[tuple[str, str]] = frozenset()
    source: str = ""  # the file it came from, for messages
    digest: str = ""  # sha256 of the file's bytes, for saves

    @property
    def endings(self) -> list[str]:
        return [sid for sid, scene in self.scenes.items() if scene.ending is not None]

    def npc_characters(self, ids: Any, prepare: Callable[[Character], Character]) -> list[Any]:
        """The NPCs ``ids`` (one id or a list) names, as characters ready for play (``prepare``
        is the ruleset's); an id that names no NPC stays as written, for the rules to refuse."""
        found: list[Any] = []
        for npc_id in ids if isinstance(ids, list) else [ids]:
            person = self.npcs.get(npc_id) if isinstance(npc_id, str) else None
            found.append(npc_id if person is None else prepare(person.character(self.system)))
        return found

    def item_name(self, item_id: str) -> str:
        item = self.items.get(item_id)
        return item.name if item else item_id


# -- building from plain data -------------------------------------------------------------------


def _effects(value: Any) -> tuple[Mapping[str, Any], ...]:
    if value is None:
        return ()
    if isinstance(value, Mapping):
        return (value,)
    return tuple(value)


def _branch(data: Any, path: Path) -> Branch:
    if isinstance(data, str):  # shorthand: a scene id
        return Branch(goto=data, path=path)
    data = data or {}
    lesser = data.get("lesser")
    return Branch(
        text=str(data.get("text", "") or ""),
        effects=_effects(data.get("effects")),
        goto=data.get("goto"),
        path=path,
        lesser=None if lesser is None else _branch(lesser, path + ("lesser",)),
    )


def _check(data: Mapping[str, Any], kind: str, path: Path) -> CheckSpec:
    outcomes = {
        str(label): _branch(branch, path + ("outcomes", label))
        for label, branch in (data.get("outcomes") or {}).items()
    }
    params = {k: v for k, v in data.items() if k != "outcomes"}
    return CheckSpec(
        kind=kind,
        stat=data.get("stat"),
        params=params,
        outcomes=outcomes,
        opponent=data.get("opponent"),
        assist=data.get("assist"),
        path=path,
    )


def _conflict(data: Mapping[str, Any], path: Path) -> ConflictSpec:
    opponents = []
    for n, entry in enumerate(data.get("opponents") or ()):
        entry = {"npc": entry} if isinstance(entry, str) else entry
        opponents.append(
            Opponent(
                npc=str(entry["npc"]),
                count=int(entry.get("count", 1)),
                group=None if entry.get("group") is None else str(entry["group"]),
                behaviour=None if entry.get("behaviour") is None else str(entry["behaviour"]),
                path=path + ("opponents", n),
            )
        )
    return ConflictSpec(
        procedure=str(data.get("procedure", "fight")),
        outcomes={
            str(label): _branch(branch, path + ("outcomes", label))
            for label, branch in (data.get("outcomes") or {}).items()
        },
        opponents=tuple(opponents),
        companions=tuple(str(c) for c in data.get("companions") or ()),
        behaviour=None if data.get("behaviour") is None else str(data["behaviour"]),
        params=dict(data.get("params") or {}),
        rounds=int(data.get("rounds", DEFAULT_ROUNDS)),
        at_limit=str(data.get("at_limit", "lost")),
        title=str(data.get("title", "") or ""),
        path=path,
    )


def _choice(data: Mapping[str, Any], path: Path) -> Choice:
    check = None
    if "check" in data:
        check = _check(data["check"], "check", path + ("check",))
    elif "contest" in data:
        check = _check(data["contest"], "contest", path + ("contest",))
    condition = data.get("if")
    return Choice(
        text=str(data.get("text", "")),
        goto=data.get("goto"),
        condition=None if condition is None else str(condition),
        disabled=data.get("disabled"),
        once=bool(data.get("once", False)),
        effects=_effects(data.get("effects")),
        check=check,
        path=path,
    )


def _person(data: Mapping[str, Any], path: Path) -> Person:
    return Person(
        id=str(data["id"]),
        name=str(data.get("name", data["id"])),
        stats=dict(data.get("stats") or {}),
        description=str(data.get("description", "") or ""),
        items=tuple(data.get("items") or ()),
        resources=dict(data.get("resources") or {}),
        extra=dict(data.get("extra") or {}),
        companion=bool(data.get("companion", False)),
        conditions=tuple(str(c) for c in data.get("conditions") or ()),
        path=path,
    )


_ROW_KEY = re.compile(r"\s*(-?\d+)\s*(?:-\s*(-?\d+)\s*)?")


def _range(key: Any) -> tuple[int, int]:
    """A table row key as (low, high): "4", "-2", "3-5" and "-5-3" (from -5 to 3) all read."""
    found = _ROW_KEY.fullmatch(str(key))
    if found is None:
        raise ValueError(f"table row key {key!r} is not a number or a range like 3-5")
    lo = int(found.group(1))
    hi = int(found.group(2)) if found.group(2) is not None else lo
    return lo, hi


def build(data: Mapping[str, Any], *, source: str = "", digest: str = "") -> Adventure:
    """Build an :class:`Adventure` from schema-valid plain data."""
    scenes: dict[str, Scene] = {}
    for sid, sdata in (data.get("scenes") or {}).items():
        spath: Path = ("scenes", sid)
        sdata = sdata or {}
        ending = None
        if "ending" in sdata:
            edata = sdata["ending"] or {}
            ending = Ending(
                outcome=str(edata.get("outcome", "mixed")),
                summary=str(edata.get("summary", "") or ""),
            )
        scenes[str(sid)] = Scene(
            id=str(sid),
            title=str(sdata.get("title", sid)),
            text=str(sdata.get("text", "") or ""),
            group=sdata.get("group"),
            gm=str(sdata.get("gm", "") or ""),
            on_enter=_effects(sdata.get("on_enter")),
            choices=tuple(
                _choice(c, spath + ("choices", i)) for i, c in enumerate(sdata.get("choices") or ())
            ),
            ending=ending,
            conflict=_conflict(sdata["conflict"], spath + ("conflict",)) if sdata.get("conflict") else None,
            path=spath,
        )
    variables = data.get("variables") or {}
    clocks = {
        str(cid): Clock(
            id=str(cid),
            size=int(c["size"]),
            label=str(c.get("label", cid)),
            filled=_effects(c.get("filled")),
            start=int(c.get("start", 0)),
            path=("variables", "clocks", cid),
            until=str(c["until"]) if c.get("until") is not None else None,
        )
        for cid, c in (variables.get("clocks") or {}).items()
    }
    tables = {}
    for tid, t in (data.get("tables") or {}).items():
        rows = {
            _range(k): _branch(v, ("tables", tid, "rows", k)) for k, v in (t.get("rows") or {}).items()
        }
        tables[str(tid)] = Table(
            id=str(tid),
            dice=str(t["dice"]),
            rows=rows,
            reroll=tuple(int(x) for x in (t.get("reroll") or ())),
            label=str(t.get("label", "") or ""),
            path=("tables", tid),
        )
    return Adventure(
        format=int(data.get("format", 0)),
        id=str(data["id"]),
        title=str(data["title"]),
        system=str(data["system"]),
        start=str(data["start"]),
        author=str(data.get("author", "") or ""),
        version=str(data.get("version", "") or ""),
        license=str(data.get("license", "") or ""),
        summary=str(data.get("summary", "") or ""),
        content_notes=tuple(str(n) for n in data.get("content_notes") or ()),
        house_rules=tuple(dict.fromkeys(str(n) for n in data.get("house_rules") or ())),
        play_time=str(data.get("play_time", "") or ""),
        intro=str(data.get("intro", "") or ""),
        characters=tuple(
            _person(p, ("characters", i)) for i, p in enumerate(data.get("characters") or ())
        ),
        allow_custom=bool(data.get("allow_custom", True)),
        npcs={
            str(p["id"]): _person(p, ("npcs", i)) for i, p in enumerate(data.get("npcs") or ())
        },
        items={
            str(i["id"]): Item(
                id=str(i["id"]),
                name=str(i.get("name", i["id"])),
                text=str(i.get("text", "") or ""),
                rules=dict(i.get("rules") or {}),
                path=("items", n),
            )
            for n, i in enumerate(data.get("items") or ())
        },
        objectives={
            str(o["id"]): Objective(
                id=str(o["id"]),
                text=str(o.get("text", o["id"])),
                award=dict(o.get("award") or {}),
                when=None if o.get("when") is None else str(o["when"]),
                path=("objectives", n),
            )
            for n, o in enumerate(data.get("objectives") or ())
        },
        flags={str(k): bool(v) for k, v in (variables.get("flags") or {}).items()},
        counters={str(k): int(v) for k, v in (variables.get("counters") or {}).items()},
        clocks=clocks,
        tables=tables,
        hooks=tuple(
            Hook(
                every=str(h.get("every", "turn")),
                effects=_effects(h.get("effects")),
                when=None if h.get("when") is None else str(h["when"]),
                path=("hooks", n),
            )
            for n, h in enumerate(data.get("hooks") or ())
        ),
        scenes=scenes,
        defeated=_branch(data["defeated"], ("defeated",)) if data.get("defeated") else None,
        labels={str(k): str(v) for k, v in (data.get("labels") or {}).items()},
        hidden=_hidden(data, variables),
        source=source,
        digest=digest,
    )


def _hidden(data: Mapping[str, Any], variables: Mapping[str, Any]) -> frozenset[tuple[str, str]]:
    """The objectives, clocks and variables marked hidden, as (kind, name) pairs."""
    found = {("objective", str(o["id"])) for o in data.get("objectives") or () if o.get("hidden")}
    found |= {("clock", str(cid)) for cid, c in (variables.get("clocks") or {}).items() if (c or {}).get("hidden")}
    found |= {("variable", str(name)) for name in variables.get("hidden") or ()}
    return frozenset(found)
