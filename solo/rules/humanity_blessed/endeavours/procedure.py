"""The Humanity, Blessed endeavour procedures: ``endeavour``, ``race``, ``stealth``, ``discovery``
and ``monstrous``, each a :class:`~solo.rules.conflict.ConflictRules`.

This module owns what each kind adds to the round of :mod:`.line`: its parameters, its results
and their fallbacks, how it is set up, and its aftermath. Every kind may also hold glimmer
buttons (the book: discovery "added into any other Endeavor").

* ``endeavour`` (book: Endeavors): the first side to reach the goal (``length``) wins (``goal``);
  with a ``deadline`` the side furthest along at the end of that round wins (``won``, ``lost``
  or ``draw``).
* ``race`` (Race Endeavors): terrain buttons stop a racer the first time they would move past
  one; the advantage movement of a racer starting on a terrain button gets +2 and passes one
  terrain button (the escape bonus); a racer who spent blessing dice in a round must make an
  ``endurance`` check against all they have spent in the endeavour, or drop out (``exhausted``
  for the player; a race whose rivals all drop out is ``won``).
* ``stealth`` (Stealth Endeavors): a sneaker whose first move of a round ends on an alarm
  button is made, and so is one who sits out on one; alarm buttons patrol ``patrol`` spaces each
  round end; each failed check or lost contest adds an alarm button; Help may be taken off
  (negative Help). What being made does is ``made``: ``lose`` (the book's first example: the
  party is ``caught``), a number (caught on that many), or ``check`` (a check against the
  button's space, or that sneaker is caught).
* ``discovery`` (Discovery Endeavors): glimmer buttons, each a check against its space for
  whoever moves over it (already made if their last roll reached it), one a round.
* ``monstrous`` (Monstrous Endeavors): every opponent is a monstrosity, with its muddle buttons,
  its stamina and the Capture ability.

**Decisions** (beyond :mod:`.line`'s):

* The alarm buttons' "set pattern only the GM knows" is a patrol: each button walks ``patrol``
  spaces a round, starting back toward the start and turning at the ends of the line. Its
  position is on screen, so a watchful player learns the beat; no die is hidden.
* A new alarm button for a failure lands a d6 ahead of whoever failed (never on the goal).
* Only the player's side sneaks: alarm buttons watch for them, not for rivals on the line.
* Being made ``check``: the made sneaker picks the stat; a companion who fails is out, the
  player who fails is ``caught``.
* A monstrosity's stats are one shared die when its npc gives ``extra: {die: dc4}`` (the GM
  guide's capped die); its ``stamina`` defaults to five times its die's cap (the guide's usual
  S = 5 x C) and its muddle buttons (``muddle``, spaces) to one at a third of its stamina (the
  guide's S/5 to S/2), kept on the line.
* Capture: a monstrosity that gains the advantage may give spaces back (its behaviour says how
  many); the opponent it picks makes a check against that number with a stat of their choice.
  A failure removes them and the monstrosity takes the spaces back ("advance toward your
  objectives"); the round ends either way. At the end of each later round the captured one
  checks again against the same target to come back, where they were. With nobody of the
  player's side left in the endeavour, the result is ``captured``.
* Stamina: at a round's end, when the player's side stands as many spaces along in all as a
  monstrosity's stamina, the player may drive it off; the spaces are given back by the
  rearmost of the side first. Driving every monstrosity off is ``won``; a monstrosity reaching
  the goal first is ``lost``. Muddled monstrosities are cleared when the endeavour ends.
* Blessing dice are earned by the player alone (the book's awards are the GM's to players):
  the other characters' rolls earn none.
* Glimmers found by the player reach the adventure as awards: one of the resource named by
  the glimmer's type per glimmer (``resource("clue")``); a ``blessings`` glimmer rolls a
  blessing die. A failed try leaves the glimmer where it is.
* ``clash`` (Clash Endeavors): the round of :mod:`.clash` (its decisions are listed there).
"""

from __future__ import annotations

import math
from typing import Any, ClassVar, Mapping

from solo.rules.conflict import (
    ENEMY,
    LOST,
    PLAYER,
    WON,
    Beat,
    Conclusion,
    ConflictSetup,
    ConflictStep,
    ConflictView,
    Decision,
    SetupProblem,
)
from solo.rules import kept_decision, offer_reads
from solo.rules.humanity_blessed.fight.roll_classes import read_data
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.endeavours import asks, monstrous, policy, quick_scan
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours.clash import (
    DEFAULT_SUMMON_DIE,
    ClashLine,
    check_die,
    summon_names,
)
from solo.rules.humanity_blessed.endeavours.line import (
    CAPTURED,
    CAUGHT,
    DRAW,
    EXHAUSTED,
    GOAL,
    Line,
    Settings,
)
from solo.rules.humanity_blessed.parsing import parse_tags
from solo.rules.humanity_blessed.session import ensure_session
from solo.rules.humanity_blessed.tables import CORE_STATS, TARGETS, norm, parse_target

DEFAULT_LENGTH = 20  # the book's example: "the first to reach at least space 20"
MIN_LENGTH, MAX_LENGTH = 3, 500
COMMON: dict[str, str] = {
    "length": f"the goal: the space to reach first (default {DEFAULT_LENGTH}; {MIN_LENGTH} to {MAX_LENGTH})",
    "target": "the target of every action's check (a number or lowest/easy/medium/hard/very-hard/trial; "
              "default easy, 4)",
    "stats": "the stats anyone may roll for an action (default: every stat they have)",
    "deadline": "the round whose end decides by who is furthest along, if nobody reached the goal",
    "sit_out": "whether a character may sit out the focus roll (default true)",
    "contests": "whether characters may contest the other side (default true)",
    "tags": "what every action's check is about, for the abilities that answer it (as a check's "
            "tags: nature, transport...)",
    "glimmers": "glimmer buttons: spaces, {at, type}, or a mapping of type to rarity "
                "(rare, uncommon, common, abundant, copious) or count, placed by the dice",
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Endeavour:
    """The plain Endeavor (see the module docstring and :mod:`.line`)."""

    procedure: ClassVar[str] = "endeavour"
    kind: ClassVar[str] = "endeavour"
    summary: ClassVar[str] = ("Rounds of simultaneous actions on a number line: the highest roll takes "
                              "the focus and moves by its roll, actions move by outcome size.")
    results: ClassVar[tuple[str, ...]] = (GOAL, WON, LOST, DRAW)
    fallbacks: ClassVar[Mapping[str, str]] = {GOAL: WON, DRAW: LOST}
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = COMMON
    line_class: ClassVar[type[Line]] = Line

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- parameters --------------------------------------------------------------------------
    def settings(self, setup: ConflictSetup) -> Settings:
        """The parameters as the round reads them; a value :meth:`problems` refuses is read as
        its default, so a conflict is never run on nonsense."""
        p = setup.params
        length = p.get("length", DEFAULT_LENGTH)
        length = length if _whole(length) and MIN_LENGTH <= length <= MAX_LENGTH else DEFAULT_LENGTH
        try:
            target = parse_target(p.get("target", "easy"))
        except ValueError:
            target = TARGETS["easy"]
        stats = p.get("stats")
        if isinstance(stats, str):
            stats = [stats]
        stats = [norm(s) for s in stats] if isinstance(stats, list) and stats else None
        deadline = p.get("deadline")
        try:
            tags = sorted(parse_tags(p.get("tags"), "check"))
        except ValueError:
            tags = []
        return Settings(
            kind=self.kind, length=length, target=target, stats=stats,
            deadline=deadline if _whole(deadline) and deadline >= 1 else None,
            sit_out=p.get("sit_out", True) is not False, contests=p.get("contests", True) is not False,
            tags=tags,
            **self.more_settings(p, length),
        )

    def more_settings(self, params: Mapping[str, Any], length: int) -> dict[str, Any]:
        return {}

    # -- checking --------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        from solo.rules.humanity_blessed.endeavours.checks import setup_problems

        return setup_problems(self, setup)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        s = self.settings(setup)
        opponents = bool(setup.side(ENEMY))
        found = [GOAL]
        if opponents or s.deadline is not None:
            found.append(LOST)
        if s.deadline is not None and opponents:
            found += [WON, DRAW]
        found += [r for r in self.more_results(setup, s) if r not in found]
        return tuple(found)

    def more_results(self, setup: ConflictSetup, s: Settings) -> tuple[str, ...]:
        return ()

    # -- the life cycle ----------------------------------------------------------------------
    def line(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Line:
        return self.line_class(self.ruleset, setup, state, self.settings(setup))

    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        s = self.settings(setup)
        keys = [f.key for f in setup.fighters]
        state: dict[str, Any] = {
            "round": 1, "pos": {k: 0 for k in keys}, "out": {}, "captured": {}, "buttons": [],
            "intent": {}, "rolls": {}, "sat": [], "spent": {}, "spent_now": {}, "focal": None,
            "involved": [], "moved": [], "halted": [], "glimmered": [], "met": {}, "last": {},
            "found": {}, "made": 0, "arrived": [], "muddled": {}, "stamina": {}, "next_id": 0,
            "queue": [{"t": "declare"}, {"t": "top"}, {"t": "focus"}], "ask": None,
        }
        beats = [Beat("", f"The line runs from 0 to the goal at {s.length}; every action's check "
                          f"needs {s.target}.")]
        for line in ensure_session(dice, setup.player.character):  # the engine has opened it
            beats.append(Beat(setup.player.key, line))
        for fighter in setup.fighters:
            if fighter.side != PLAYER and not isinstance(fighter.character.extra.get("session"), dict):
                # the other characters earn no blessing dice: a session with no lucky number
                fighter.character.extra["session"] = {"lucky_number": None, "lucky_faces": [], "big_win": True}
        placed, to_roll, _ = btn.read_glimmers(setup.params.get("glimmers"), s.length)
        state["buttons"] += placed
        if quick_scan.wanted(setup.player.character, self.kind, to_roll):
            state["queue"].insert(0, {"t": "scan", "to_roll": to_roll})  # asked first
        else:
            rolled, lines = btn.roll_glimmers(dice, to_roll, s.length)
            state["buttons"] += rolled
            beats += [Beat("", line) for line in lines]
        self.set_up(dice, setup, s, state, beats)
        line = self.line_class(self.ruleset, setup, state, s)
        line.beats = beats
        self.opening(line)
        result = line.run(dice)
        return ConflictStep(line.state, line.beats, line.state["round"], result)

    def set_up(self, dice: Dice, setup: ConflictSetup, s: Settings, state: dict[str, Any],
               beats: list[Beat]) -> None:
        """What the kind adds when the endeavour begins (buttons, stamina)."""

    def opening(self, line: Line) -> None:
        """What the kind does on the line before the first round (a clash's first summons)."""

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        # the pool only adds actions (a spark, Help, a knack, an epic move: each while it can pay),
        # never takes one away or moves another's key: :mod:`solo.rules.offer_reads`
        with offer_reads.offers():
            found = asks.decision(self.line(setup, state))
            if not setup.answered_on_offer:  # else answered by act_on_offer: nothing to recall
                kept_decision.remember(type(self), self.ruleset, setup, state, found)
        return found

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        line = self.line(setup, state)
        with offer_reads.offers():  # the key checked against the actions on offer (as in decision)
            asked = kept_decision.recall(type(self), self.ruleset, setup, state) or asks.decision(line)
        asks.answer(line, dice, key, asked)
        result = line.run(dice)
        return ConflictStep(line.state, line.beats, line.state["round"], result)

    def act_on_offer(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str,
                     owned: bool = False) -> ConflictStep:
        """``act`` for a key the caller took from ``decision(setup, state)``'s enabled actions
        (:class:`~solo.rules.conflict.ActsOnOffer`): not checked against the decision again, and
        on the caller's own ``state`` itself when it is ``owned`` (no private copy)."""
        line = self.line_class(self.ruleset, setup, state, self.settings(setup), owned)
        asks.answer(line, dice, key, on_offer=True)
        result = line.run(dice)
        return ConflictStep(line.state, line.beats, line.state["round"], result)

    def analysis_state(self, state: Mapping[str, Any]) -> Mapping[str, Any]:
        """The state as later steps read it (``solo analyze``'s key: the ``AnalysisState`` hook):
        the roll records kept for the round (``rolls``, and a queued task's ``record``) without
        their faces, rounds and text (:func:`~..fight.roll_classes.read_data`). No rule reads
        those: a total, a margin, a size, the stats rolled and what Help added are what the
        focus, Help and the checks after read, as in a fight (where the same cut is made), so two
        rounds whose rolls differ only in the faces that made the same total play on alike
        (blessed-harvest's vestry: a d4 whose 1s bump made 3,662 records of a few dozen totals)."""
        found = dict(state)
        rolled = state.get("rolls")
        if isinstance(rolled, Mapping):
            found["rolls"] = {k: ({**v, "record": read_data(v["record"])} if isinstance(v, Mapping) and "record" in v
                                  else v) for k, v in rolled.items()}
        queue = state.get("queue")
        if isinstance(queue, list):
            found["queue"] = [{**t, "record": read_data(t["record"])} if isinstance(t, Mapping) and "record" in t
                              else t for t in queue]
        return found

    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        from solo.rules.humanity_blessed.endeavours.view import endeavour_view

        return endeavour_view(self.line(setup, state))

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        line = self.line(setup, state)
        monstrous.finish(line)
        beats: list[Beat] = []
        for fighter in setup.fighters:
            conditions = fighter.character.conditions
            conditions[:] = [c for c in conditions if norm(c) != "muddled"]
        awards: dict[str, int] = {}
        for kind in line.state["found"].get(line.player, []):
            awards[kind] = awards.get(kind, 0) + 1
        if awards:
            found = ", ".join(f"{n} {kind}" for kind, n in awards.items())
            beats.append(Beat(line.player, f"What you found on the way: {found}."))
        return Conclusion(beats, awards, {})


class Race(Endeavour):
    """Race Endeavors: terrain buttons, the escape bonus, endurance checks."""

    procedure: ClassVar[str] = "race"
    kind: ClassVar[str] = "race"
    summary: ClassVar[str] = ("An endeavour raced over terrain buttons; spending blessing dice calls for "
                              "an endurance check.")
    results: ClassVar[tuple[str, ...]] = (GOAL, WON, LOST, DRAW, EXHAUSTED)
    fallbacks: ClassVar[Mapping[str, str]] = {GOAL: WON, DRAW: LOST, EXHAUSTED: LOST}
    parameters: ClassVar[Mapping[str, str]] = {
        **COMMON,
        "terrain": "terrain buttons: spaces, or {at, name, stats} (the stats a racer starting a round "
                   "there may roll)",
        "endurance": "the stat of the endurance check (default hurry)",
    }

    def more_settings(self, params: Mapping[str, Any], length: int) -> dict[str, Any]:
        endurance = params.get("endurance", "hurry")
        return {"endurance": norm(endurance) if isinstance(endurance, str) and endurance.strip() else "hurry"}

    def more_results(self, setup: ConflictSetup, s: Settings) -> tuple[str, ...]:
        rivals = setup.side(ENEMY)
        drop_out = bool(rivals) and all(_may_spend(f) for f in rivals)
        return (EXHAUSTED, WON) if drop_out else (EXHAUSTED,)

    def set_up(self, dice: Dice, setup: ConflictSetup, s: Settings, state: dict[str, Any],
               beats: list[Beat]) -> None:
        terrain, _ = btn.read_terrain(setup.params.get("terrain"), s.length, _stat_names(setup))
        state["buttons"] += terrain
        if terrain:
            where = ", ".join(f"{b['name']} at {b['at']}" for b in terrain)
            beats.append(Beat("", f"On the course: {where}."))


def _may_spend(fighter: Any) -> bool:
    """Whether an engine-played rival can ever spend blessing dice (and so drop out)."""
    return policy.known(fighter.behaviour) == "bold" and bool(fighter.character.resources.get("blessings"))


def _stat_names(setup: ConflictSetup) -> set[str]:
    names = {norm(s) for s in CORE_STATS}
    for fighter in setup.fighters:
        names.update(norm(s) for s in fighter.character.stats)
    return names


class Stealth(Endeavour):
    """Stealth Endeavors: alarm buttons that patrol, being made, alertness, negative Help."""

    procedure: ClassVar[str] = "stealth"
    kind: ClassVar[str] = "stealth"
    summary: ClassVar[str] = ("An endeavour of sneaking: ending a move on a moving alarm button gets a "
                              "sneaker made; failures add alarm buttons.")
    results: ClassVar[tuple[str, ...]] = (GOAL, WON, LOST, DRAW, CAUGHT)
    fallbacks: ClassVar[Mapping[str, str]] = {GOAL: WON, DRAW: LOST, CAUGHT: LOST}
    parameters: ClassVar[Mapping[str, str]] = {
        **COMMON,
        "alarms": "the spaces of the alarm buttons at the start",
        "patrol": "how many spaces each alarm button moves at the end of a round (default 2)",
        "made": "what being made does: lose (default: caught at once), a number (caught on that many "
                "times), or check (a check against the button's space, or caught)",
    }

    def more_settings(self, params: Mapping[str, Any], length: int) -> dict[str, Any]:
        patrol = params.get("patrol", 2)
        made = params.get("made", "lose")
        if not (made in ("lose", "check") or (_whole(made) and made >= 1)):
            made = "lose"
        return {"patrol": patrol if _whole(patrol) and 0 <= patrol <= length else 2, "made": made}

    def more_results(self, setup: ConflictSetup, s: Settings) -> tuple[str, ...]:
        return (CAUGHT,)

    def set_up(self, dice: Dice, setup: ConflictSetup, s: Settings, state: dict[str, Any],
               beats: list[Beat]) -> None:
        alarms, _ = btn.read_alarms(setup.params.get("alarms"), s.length)
        state["buttons"] += alarms
        if alarms:
            beats.append(Beat("", f"Alarms watch at {', '.join(str(b['at']) for b in alarms)}; "
                                  f"they move {s.patrol} a round."))


class Discovery(Endeavour):
    """Discovery Endeavors: glimmer buttons to find things by."""

    procedure: ClassVar[str] = "discovery"
    kind: ClassVar[str] = "discovery"
    summary: ClassVar[str] = "An endeavour of exploring: glimmer buttons on the line hold discoveries."


class Monstrous(Endeavour):
    """Monstrous Endeavors: muddle buttons, stamina, Capture."""

    procedure: ClassVar[str] = "monstrous"
    kind: ClassVar[str] = "monstrous"
    summary: ClassVar[str] = ("An endeavour against monstrosities: muddle buttons, stamina to drive them "
                              "off, and Capture.")
    results: ClassVar[tuple[str, ...]] = (GOAL, WON, LOST, DRAW, CAPTURED)
    fallbacks: ClassVar[Mapping[str, str]] = {GOAL: WON, DRAW: LOST, CAPTURED: LOST}

    def more_results(self, setup: ConflictSetup, s: Settings) -> tuple[str, ...]:
        return (WON, CAPTURED) if setup.side(ENEMY) else ()

    def set_up(self, dice: Dice, setup: ConflictSetup, s: Settings, state: dict[str, Any],
               beats: list[Beat]) -> None:
        for fighter in setup.side(ENEMY):
            info = monstrosity(fighter.character, s.length)
            for stat in CORE_STATS:
                fighter.character.stats.setdefault(stat, info["die"])
            state["stamina"][fighter.key] = info["stamina"]
            for n, at in enumerate(info["muddle"]):
                state["buttons"].append(btn.button("muddle", at, f"m-{fighter.key}-{n + 1}", monster=fighter.key))
            beats.append(Beat(fighter.key, f"{fighter.name}: {info['die']}, stamina {info['stamina']}, "
                                           f"muddle at {', '.join(map(str, info['muddle'])) or 'nowhere'}."))


class Clash(Endeavour):
    """Clash Endeavors: summoners off the line, summons racing and capturing on it."""

    procedure: ClassVar[str] = "clash"
    kind: ClassVar[str] = "clash"
    summary: ClassVar[str] = ("An endeavour of summons: summoners call them with advantage and lend them "
                              "their movement; a summon that wins may Capture an opposing one.")
    results: ClassVar[tuple[str, ...]] = (GOAL, WON, LOST, DRAW)
    fallbacks: ClassVar[Mapping[str, str]] = {GOAL: WON, DRAW: LOST}
    line_class: ClassVar[type[Line]] = ClashLine
    parameters: ClassVar[Mapping[str, str]] = {
        **COMMON,
        "summon_die": f"the die of the two summons each summoner starts with, and of one called at a "
                      f"round's end by a summoner left without (default {DEFAULT_SUMMON_DIE})",
        "summons": "names for each summoner's summons in the order they come: a mapping of you (the "
                   "player) or an npc id to a list of names",
        "captures": "the side that captures this many opposing summons wins (default: only the goal "
                    "decides)",
    }

    def more_settings(self, params: Mapping[str, Any], length: int) -> dict[str, Any]:
        captures = params.get("captures")
        return {"extra": {"captures": captures if _whole(captures) and captures >= 1 else None}}

    def more_results(self, setup: ConflictSetup, s: Settings) -> tuple[str, ...]:
        return (WON, LOST) if s.extra.get("captures") else ()

    def set_up(self, dice: Dice, setup: ConflictSetup, s: Settings, state: dict[str, Any],
               beats: list[Beat]) -> None:
        die = setup.params.get("summon_die", DEFAULT_SUMMON_DIE)
        state["summon_die"] = die if check_die(die) else DEFAULT_SUMMON_DIE
        state["summons"], state["taken"] = {}, {"ours": 0, "theirs": 0}
        state["summon_names"] = {f.key: summon_names(setup.params, f, setup.player.key) for f in setup.fighters}
        beats.append(Beat("", "Summoners stand off the line: their advantage calls a new summon (4 or more), "
                              "their other movement goes to their summon furthest along."))

    def opening(self, line: Line) -> None:
        for fighter in line.setup.fighters:
            for _ in range(2):
                if isinstance(line, ClashLine):
                    line.summon(fighter.key, str(line.state["summon_die"]),
                                f"{line.title(fighter.key)} {'begin' if fighter.key == line.player else 'begins'} "
                                "with a summon")


def monstrosity(character: Any, length: int) -> dict[str, Any]:
    """A monstrosity's die (shared by its stats), stamina and muddle buttons, from its npc's
    ``extra`` (``die``, ``stamina``, ``muddle``) or the GM guide's usual numbers."""
    extra = character.extra
    die_text = extra.get("die")
    if die_text is None:
        dice = [bumping.parse_die(v) for v in character.stats.values() if bumping.is_die(v)]
        die = max(dice, key=lambda d: max(d.readings)) if dice else bumping.capped_die(2)
    else:
        try:
            die = bumping.parse_die(die_text)
        except bumping.DieError:
            die = bumping.capped_die(2)
    cap = max(die.readings)
    stamina = extra.get("stamina")
    stamina = stamina if _whole(stamina) and stamina >= 1 else 5 * cap
    muddle = extra.get("muddle")
    if muddle is None:
        muddle = [max(1, math.ceil(stamina / 3))]
    elif _whole(muddle):
        muddle = [muddle]
    spaces = [int(m) for m in muddle if _whole(m) and 1 <= m < length] if isinstance(muddle, list) else []
    if extra.get("muddle") is None:
        spaces = [min(length - 1, m) for m in spaces]
    return {"die": die.name, "stamina": int(stamina), "muddle": spaces}


ENDEAVOURS: dict[str, type] = {cls.procedure: cls for cls in (Endeavour, Race, Stealth, Discovery, Monstrous,
                                                               Clash)}

