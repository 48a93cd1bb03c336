"""One endeavour as it runs: the number line, the round's steps, and the player's questions.

A round follows the book's steps (To perform an Endeavor, and Simultaneous Actions):

1. **Declare.** The engine's characters say what they attempt (see :mod:`.policy`); then the
   player picks an action: a check with a stat (or a spark of two balanced stats), a contest
   against someone on the other side, or sitting out the focus roll.
2. **Roll for the focus.** Everyone who did not sit out rolls their action as its attacker. The
   engine's characters may Help their own roll; then the player may, when it could matter.
3. **Advantage.** The single highest roll moves its roller forward by the roll. On a tie for
   the highest nobody does, and the dice pick the Focal Action among the tied.
4. **Focal action.** It is resolved: a check moves its roller by the size of its success (1, 2,
   3, 5, 8, 13 for very minor to maximum); a contest's defender rolls the same stat, and the side
   that wins moves by the size of the margin.
5. **Side actions**, those who sat out first, then from the lowest roll up. Anyone already in a
   check or contest this round has no side action (the camera rule); the rest carry on with the
   roll they made, or, if the one they meant to contest is taken up, pick something new.
6. **End of round.** Race endurance checks, coming back from a Capture, driving a monstrosity
   off with stamina, alarm buttons moving; then the result, if there is one.

The state is JSON-ready: ``queue`` holds the round's remaining steps (each a small dict) and
``ask`` the player's pending question, so a save made at any question resumes there.

**Decisions** (the book leaves these open):

* A racer who lands exactly on a terrain button has not yet moved past it: their next move
  forward does, and is stopped there (unless it is advantage with the escape bonus). Only a
  button that has stopped a racer (or that the escape bonus passed) is behind them for good.
* Positions stay on the line, 0 to its length (the goal); a move past the goal ends on it. The
  first side to reach the goal wins; when both do in one round, the one who got there first in
  the round's order of moves (the book's "first to reach"). A round in which someone reached
  the goal ends there: no endurance check, Capture return or stamina follows.
* A check's target is the endeavour's ``target`` for every action (default easy, 4: starting
  characters roll d4 to d8, and the book's simplified targets let most actions through and read
  the size of the outcome); the size of a success comes from its total, as for any check.
* A contest's defender who holds (ties hold) has won it and moves by the size of their margin,
  a tie counting as very minor: "the winning side moves forward".
* A side action carries on with the roll made for the focus (the quick reference resolves "all
  actions one at a time"); a side actor whose contest can no longer go through (the one they
  meant to contest is already in a check or contest) picks something new and rolls again. Those
  who sat out choose their side action when their turn comes.
* The focal action's value is the acting side's roll: a check's total (aid included), a
  contest attacker's total before the defender's roll. Ties among side actors and sit-outs go
  in the order of the participants (the player first).
* The player is asked about Help only when it could change something: a roll that does not
  yet take the focus or fails, a defence that is losing, and in a stealth endeavour a focus
  that would end on an alarm button (negative Help). A contest is declared with one stat;
  sparks are for checks.
* Characters act on their own: group rolls and group movement are not used; companions race,
  sneak or fight the monstrosity beside the player, and their side's success is the player's.
* Hazards (step 6) and several number lines are left to the adventure's own scenes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping

from solo.rules import offer_reads
from solo.rules.base import Character
from solo.rules.conflict import (
    private_state,
    ALLY,
    ENEMY,
    LOST,
    PLAYER,
    WON,
    Beat,
    ConflictError,
    ConflictSetup,
    Fighter,
)
from solo.rules.vocabulary import in_sentence
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import rolling, standing
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours import epic, focal_knacks, knacks, monstrous, policy, quick_scan, rolls
from solo.rules.humanity_blessed.number_line import spaces_for_size
from solo.rules.humanity_blessed.parsing import lookup
from solo.rules.humanity_blessed.tables import size_for_margin

GOAL, DRAW = "goal", "draw"
EXHAUSTED, CAUGHT, CAPTURED = "exhausted", "caught", "captured"
#: The escape bonus of a race: added to advantage movement that starts on a terrain button.
ESCAPE_BONUS = 2
#: Alarm buttons added by failures stop at this many on a line.
MAX_ALARMS = 20


@dataclass
class Settings:
    """An endeavour's parameters as the round reads them (see :mod:`.procedure` for defaults)."""

    kind: str
    length: int
    target: int
    stats: list[str] | None = None  # None: every stat a character has
    deadline: int | None = None
    sit_out: bool = True
    contests: bool = True
    endurance: str = "hurry"
    patrol: int = 2
    made: Any = "lose"  # "lose", "check" or a count
    tags: list[str] = field(default_factory=list)  # what every action's check is about
    extra: dict[str, Any] = field(default_factory=dict)


def the(button: Mapping[str, Any]) -> str:
    """A terrain button's name in a sentence: "the ford", but "Lark Brook" as written."""
    name = str(button.get("name") or "terrain")
    return name if name[:1].isupper() else f"the {name}"


class Line:
    """One look at an endeavour: the setup, a private copy of its state, and the ruleset.

    Every call of the procedure makes one, works on its copy and hands the state back.
    """

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any], settings: Settings,
                 owned: bool = False) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.s = settings
        #: the caller's own state when it is ``owned`` (held alone and dropped for the step's)
        self.state: dict[str, Any] = state if owned and type(state) is dict else private_state(state)
        self.order = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        self.beats: list[Beat] = []
        self.result: str | None = None
        self._then = 0

    # -- who is who ----------------------------------------------------------------------------
    @property
    def player(self) -> str:
        return self.setup.player.key

    def fighter(self, key: str) -> Fighter:
        return self.by_key[key]

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def ours(self, key: str) -> bool:
        return self.by_key[key].side in (PLAYER, ALLY)

    def active(self, key: str) -> bool:
        """In the endeavour now: not out and not captured."""
        return key not in self.state["out"] and key not in self.state["captured"]

    def actors(self) -> list[str]:
        return [k for k in self.order if self.active(k)]

    def foes(self, key: str) -> list[str]:
        return [k for k in self.actors() if self.ours(k) != self.ours(key)]

    def name(self, key: str) -> str:
        return "you" if key == self.player else in_sentence(self.by_key[key].name)

    def title(self, key: str) -> str:
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def pos(self, key: str) -> int:
        return int(self.state["pos"].get(key, 0))

    def say(self, actor: str, text: str, record: RollRecord | None = None, label: str = "",
            opens: int = 0) -> None:
        self.beats.append(Beat(actor, text, record, label, round=opens))

    def on_line(self, key: str) -> bool:
        """Whether ``key`` has a place on the number line (a clash's summoners have none)."""
        return True

    def monstrous(self, key: str) -> bool:
        return self.s.kind == "monstrous" and self.by_key[key].side == ENEMY

    # -- stats ---------------------------------------------------------------------------------
    def stats_for(self, key: str) -> list[str]:
        """The stats ``key`` may roll this round (their own keys for them): the stats of a
        terrain button they started the round on; otherwise the endeavour's ``stats`` (every
        stat they have, by default)."""
        character = self.character(key)
        allowed = self.s.stats if self.s.stats is not None else list(character.stats)
        start = int(self.state.get("start", {}).get(key, self.pos(key)))
        for b in btn.at_space(self.state["buttons"], "terrain", start):
            if b.get("stats"):
                allowed = list(b["stats"])
        found: list[str] = []
        for name in allowed:
            stat = lookup(character.stats, name)
            if stat is not None and stat not in found:
                found.append(stat)
        return found

    def stat_text(self, key: str, stat: str) -> str:
        return f"{stat.replace('_', ' ').title()} {rolls.die_of(self.character(key), stat)}"

    # -- the driver ----------------------------------------------------------------------------
    def then(self, task: dict[str, Any]) -> None:
        """Do ``task`` right after the current step (follow-ups run in the order scheduled)."""
        self._then += 1
        self.state["queue"].insert(self._then, task)

    def run(self, dice: Dice) -> str | None:
        """Carry the endeavour on until the player must answer a question or it ends."""
        guard = 0
        while self.result is None and self.state.get("ask") is None:
            if self.state["round"] > self.setup.rounds:
                return None  # the engine ends it at its round limit
            if not self.state["queue"]:
                self.next_round()
                continue
            guard += 1
            if guard > 10_000:
                raise ConflictError("the endeavour made no progress")  # a bug, never a player's doing
            task = self.state["queue"][0]
            self._then = 0
            done = getattr(self, "t_" + task["t"])(dice, task)
            if done and self.state["queue"] and self.state["queue"][0] is task:
                self.state["queue"].pop(0)
        return self.result

    def ask(self, kind: str, **context: Any) -> bool:
        self.state["ask"] = {"kind": kind, **context}
        return False

    def next_round(self) -> None:
        st = self.state
        focal_knacks.remember(self)
        st["round"] += 1
        for key in ("intent", "rolls", "spent_now", "sat"):
            st[key] = {} if isinstance(st.get(key), dict) else []
        st["muddlers"] = {}
        st["focal"] = None
        st["involved"], st["moved"], st["halted"], st["glimmered"] = [], [], [], []
        st["queue"] = [{"t": "declare"}, {"t": "top"}, {"t": "focus"}]

    # -- moving ----------------------------------------------------------------------------------
    def move(self, dice: Dice, key: str, spaces: int, why: str, escape: bool = False) -> int:
        """Move ``key`` forward ``spaces`` (terrain may stop them); the spaces actually moved."""
        st = self.state
        if spaces <= 0 or not self.active(key):
            return 0
        if key in st["halted"]:
            self.say(key, f"{self.title(key)} {why}, but can go no further this round (held at "
                          f"{self._terrain_name(key)}).")
            return 0
        start = self.pos(key)
        if start >= self.s.length:
            self.say(key, f"{self.title(key)} {why}, and {'are' if key == self.player else 'is'} already at the goal.")
            return 0
        end = min(self.s.length, start + spaces + (ESCAPE_BONUS if escape else 0))
        met = st["met"].setdefault(key, [])
        skip = 1 if escape else 0
        note = ""
        # a button the racer stands on without having been stopped by it (they landed on it
        # exactly) is still ahead of them: leaving it is moving past it
        for b in btn.crossed(st["buttons"], "terrain", start - 1, end - 1):
            if b["id"] in met:
                continue
            if skip:
                skip -= 1
                met.append(b["id"])
                note = f", leaving {the(b)} behind"
                continue
            end = b["at"]
            met.append(b["id"])
            st["halted"].append(key)
            note = f", and {the(b)} stops {'you' if key == self.player else 'them'} there"
            break
        st["pos"][key] = end
        moved = end - start
        bonus = f" (+{ESCAPE_BONUS} escaping the terrain)" if escape else ""
        self.say(key, f"{self.title(key)} {why}: {moved} space{'s' if moved != 1 else ''}{bonus}, to {end}{note}.")
        first = key not in st["moved"]
        if moved:
            st["moved"].append(key)
        if end >= self.s.length and key not in st["arrived"]:
            st["arrived"].append(key)
        if self.ours(key):
            self._muddle(key, start, end)
            if self.s.kind == "stealth" and first and moved and btn.at_space(st["buttons"], "alarm", end):
                self.then({"t": "made", "who": key, "at": end})
        if key not in st["glimmered"]:
            found = [b["id"] for b in btn.crossed(st["buttons"], "glimmer", start, end)]
            if found:
                self.then({"t": "glimmer", "who": key, "ids": found})
        return moved

    def move_back(self, key: str, spaces: int) -> int:
        start = self.pos(key)
        self.state["pos"][key] = max(0, start - spaces)
        return start - self.state["pos"][key]

    def _terrain_name(self, key: str) -> str:
        here = btn.at_space(self.state["buttons"], "terrain", self.pos(key))
        return the(here[0]) if here else "the terrain"

    def _muddle(self, key: str, start: int, end: int) -> None:
        """The player's side moving over a muddle button muddles its monstrosity: one a round for
        each character (two with Ambidexterity)."""
        for b in btn.crossed(self.state["buttons"], "muddle", start, end):
            monster = str(b["monster"])
            if not self.active(monster):
                continue
            if knacks.muddles_left(self, key) <= 0:
                return
            knacks.muddled_one(self, key)
            self.state["buttons"].remove(b)
            character = self.character(monster)
            if "muddled" not in [str(c).lower() for c in character.conditions]:
                character.conditions.append("muddled")
            self.state["muddled"][monster] = self.state["muddled"].get(monster, 0) + 1
            self.say(key, f"{self.title(key)} {'strike' if key == self.player else 'strikes'} a crack in "
                          f"{self.name(monster)}'s guard: it is muddled (-2 on its next focus roll).")
            intent = monstrous.revenge(self, monster, key)
            if intent is not None:
                self.say(monster, f"{self.title(monster)} takes its Revenge on {self.name(key)}.")
                self.then({"t": "act", "who": monster, "role": "side", "stage": "new", "intent": intent,
                           "revenge": True})

    def add_alarm(self, dice: Dice, key: str) -> None:
        """Alertness rises: a new alarm button a die's roll ahead of whoever failed."""
        alarms = [b for b in self.state["buttons"] if b["kind"] == "alarm"]
        if len(alarms) >= MAX_ALARMS or self.s.length < 3:
            return
        at = max(1, min(self.s.length - 1, self.pos(key) + dice.roll(6)))
        self.state["next_id"] = int(self.state.get("next_id", 0)) + 1
        self.state["buttons"].append(btn.button("alarm", at, f"x{self.state['next_id']}", step=-1))
        self.say("", f"The watchers grow more alert: a new alarm at {at}.")

    # -- rolling -----------------------------------------------------------------------------
    def roll_action(self, dice: Dice, key: str, intent: Mapping[str, Any], focal: bool) -> RollRecord:
        """Roll a declared action: a check against the endeavour's target, or a contest."""
        me = self.character(key)
        stat = str(intent["stat"])
        if intent.get("do") == "contest" and self.active(str(intent.get("target"))):
            target = str(intent["target"])
            record = rolls.contest(dice, me, self.character(target), self.contest_how(key, target, stat, focal))
            if monstrous.immune(self, target, stat):
                monstrous.hold_immune(record)
        elif intent.get("again") and focal and key == self.player and self.state.get("previous"):
            faces = list(self.state["previous"]["faces"])
            focal_knacks.use_again(self)
            record = rolls.check(focal_knacks.Replay(faces, dice), me,  # type: ignore[arg-type]
                                 self.check_how(key, stat, self.s.target, intent.get("spark"), focal))
            record.details["pragmatism"] = faces
        else:
            record = rolls.check(dice, me, self.check_how(key, stat, self.s.target, intent.get("spark"), focal))
        paid = record.details.get("spark_paid")
        if paid:
            self.spend(key, len(paid))
        return record

    def check_how(self, key: str, stat: str, target: int, spark: str | None = None,
                  focal: bool = False) -> dict[str, Any]:
        """A check's parameters for ``key``: the endeavour's tags, and what abilities add."""
        how = rolls.params(stat, target, spark, focal, self.s.tags)
        mod = monstrous.modifier(self, key, stat, focal)
        if mod:
            how["modifier"] = mod
        if monstrous.hexed(self, key):
            how["witnessed"] = True  # the monstrosity that cursed them watches for a success
        return monstrous.rush_how(self, key, how)

    def contest_how(self, key: str, target: str, stat: str, focal: bool = False) -> dict[str, Any]:
        """A contest's parameters, with what both sides' abilities add (see :mod:`.monstrous`)."""
        how = rolls.params(stat, focal=focal)
        how["by_player"] = key == self.player  # whom an Agreeable defender answers (:mod:`..standing`)
        if key == self.player and standing.may_exert(self.character(key), self.character(target)):
            how["famous"] = True  # the player exerts fame: +dc2, focus and contest alike
        elif target == self.player and standing.may_exert(self.character(target), self.character(key)):
            how["opponent_famous"] = True
        return monstrous.contest_how(self, key, target, how)

    def spend(self, key: str, count: int) -> None:
        st = self.state
        st["spent"][key] = st["spent"].get(key, 0) + count
        st["spent_now"][key] = st["spent_now"].get(key, 0) + count

    def keep(self, key: str, record: RollRecord) -> None:
        """A roll that stands: the player's side adds the blessing dice it earned."""
        if self.ours(key):
            for line in self.ruleset.experience(record, self.character(key)):
                self.say(key, line)

    def help(self, dice: Dice, key: str, record: RollRecord, n: int, *, defending: bool = False,
             sign: int = 1) -> RollRecord:
        new = rolls.add_help(dice, record, self.character(key), n, defending=defending, sign=sign)
        if new.details.get("immune"):
            monstrous.hold_immune(new)
        self.spend(key, n)
        entry = new.details["opponent_help" if defending else "help"]
        effect = f"{entry['value']} taken off" if sign < 0 else f"{entry['die']} adds {entry['value']}"
        self.say(key, f"{self.title(key)} {'spend' if key == self.player else 'spends'} {n} blessing "
                      f"{'die' if n == 1 else 'dice'} on Help: {effect}.")
        return new

    # -- the steps of a round --------------------------------------------------------------------
    def t_declare(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        if task.get("stage") == "asked":
            return "player" in st["intent"] or not self.active(self.player)
        st["start"] = {k: self.pos(k) for k in self.order}
        knacks.clear_tricks(self)
        self.say("", f"Round {st['round']}.", opens=int(st["round"]))
        if self.s.kind == "monstrous":
            monstrous.start_of_round(self)
        for key in self.actors():
            if key == self.player:
                continue
            ahead = sorted(((k, self.character(k)) for k in self.foes(key) if self.pos(k) > self.pos(key)),
                           key=lambda kc: -self.pos(kc[0]))
            planned = monstrous.declare(self, key, self.stats_for(key), [k for k, _ in ahead]) \
                if self.monstrous(key) else None
            st["intent"][key] = planned or policy.declare(self.fighter(key).behaviour, self.character(key),
                                                          self.stats_for(key), ahead, self.s.contests)
        task["stage"] = "asked"
        if self.active(self.player):
            return self.ask("declare")
        return True

    def t_top(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        if task.get("stage") == "asked":
            return self._after_top()
        for key in self.actors():
            intent = st["intent"].get(key, {"do": "sit"})
            if intent["do"] == "sit":
                st["sat"].append(key)
                self.say(key, f"{self.title(key)} {'sit' if key == self.player else 'sits'} out the focus roll.")
                if self.s.kind == "stealth" and self.ours(key) and btn.at_space(st["buttons"], "alarm", self.pos(key)):
                    self.then({"t": "made", "who": key, "at": self.pos(key)})
                continue
            record = self.roll_action(dice, key, intent, focal=True)
            value = rolls.focal_value(record)
            st["rolls"][key] = {"value": value, "record": record.to_dict()}
            st["last"][key] = value
            what = self.intent_text(key, intent)
            if record.kind == "contest":
                self.say(key, f"{self.title(key)} {what}: {value}.")
            else:
                self.say(key, f"{self.title(key)} {what}: {value}.", record, what)
                monstrous.curse_used(self, record, key)
        for key in list(st["rolls"]):
            if key == self.player or not self.active(key):
                continue
            others = [r["value"] for k, r in st["rolls"].items() if k != key]
            n = policy.help_dice(self.fighter(key).behaviour, st["rolls"][key]["value"],
                                 max(others) if others else None, rolls.usable_dice(self.character(key)))
            if n:
                self.help_top(dice, key, n, 1)
        if self.s.kind == "monstrous":
            monstrous.propel(self)
        if self.player in st["rolls"] and self._top_help_matters():
            task["stage"] = "asked"
            return self.ask("help", on="top")
        return self._after_top()

    def _after_top(self) -> bool:
        """The focus rolls are down: the player's abilities that change the focus come next."""
        if focal_knacks.offer(self):
            self.then({"t": "knack"})
        return True

    def t_knack(self, dice: Dice, task: dict[str, Any]) -> bool:
        return focal_knacks.task(self, task)

    def t_scan(self, dice: Dice, task: dict[str, Any]) -> bool:
        return quick_scan.task(self, dice, task)

    def help_top(self, dice: Dice, key: str, n: int, sign: int) -> None:
        entry = self.state["rolls"][key]
        record = self.help(dice, key, RollRecord.from_dict(entry["record"]), n, sign=sign)
        entry["record"] = record.to_dict()
        entry["value"] = rolls.focal_value(record)
        self.state["last"][key] = entry["value"]

    def _top_help_matters(self) -> bool:
        st = self.state
        me = self.character(self.player)
        record = RollRecord.from_dict(st["rolls"][self.player]["record"])
        if not rolls.can_help(me, list(record.details.get("stats") or [record.stat])):
            return False
        mine = st["rolls"][self.player]["value"]
        others = [r["value"] for k, r in st["rolls"].items() if k != self.player]
        behind = bool(others) and mine <= max(others)
        if behind or (record.kind == "check" and not record.success):
            return True
        # stealth: the advantage would end on an alarm button (Help may be taken off)
        landing = min(self.s.length, self.pos(self.player) + mine)
        return self.s.kind == "stealth" and bool(btn.at_space(st["buttons"], "alarm", landing))

    def t_focus(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        values = {k: r["value"] for k, r in st["rolls"].items() if self.active(k)}
        focal = None
        capture = None
        if values:
            best = max(values.values())
            leaders = [k for k in self.order if values.get(k) == best]
            if len(leaders) == 1:
                focal = leaders[0]
                start = self.pos(focal)
                escape = self.s.kind == "race" and bool(btn.at_space(st["buttons"], "terrain", start))
                self.advantage(dice, focal, best, escape)
                if self.captures_on_advantage(focal):
                    capture = self._capture_plan(focal, self.pos(focal) - start)
            else:
                focal = leaders[dice.roll(len(leaders)) - 1]
                names = ", ".join(self.name(k) for k in leaders)
                self.say("", f"A tie for the focus at {best} ({names}): no advantage this round; "
                             f"the dice give the focal action to {self.name(focal)}.")
        st["focal"] = focal
        if capture is not None:
            victim, spaces = capture
            back = self.move_back(focal, spaces)
            self.say(focal, f"{self.title(focal)} gives back {back} spaces to Capture {self.name(victim)}: "
                            f"a check against {back} to slip away.")
            self.then({"t": "capture", "who": victim, "by": focal, "target": back})
            self.then({"t": "end"})
            st["queue"] = st["queue"][:1 + self._then]
            return True
        later = [k for k in st["sat"] if self.active(k)]
        later += sorted((k for k in values if k != focal), key=lambda k: (values[k], self.order.index(k)))
        if focal is not None:
            self.then({"t": "act", "who": focal, "role": "focal"})
        for key in later:
            self.then({"t": "act", "who": key, "role": "side"})
        self.then({"t": "end"})
        return True

    def advantage(self, dice: Dice, focal: str, roll: int, escape: bool) -> None:
        """The focal roller's advantage movement: forward by the roll."""
        start = self.pos(focal)
        self.move(dice, focal, roll, "takes the focus and gains the advantage" if focal != self.player
                  else "take the focus and gain the advantage", escape=escape)
        knacks.dirty_trick(self, focal, start)

    def captures_on_advantage(self, key: str) -> bool:
        """Whether ``key`` may Capture when it gains the advantage (a monstrosity)."""
        return self.monstrous(key)

    def capture_candidates(self, key: str) -> list[tuple[str, int]]:
        """Whom ``key`` may try to Capture, with where they stand."""
        return [(k, self.pos(k)) for k in self.foes(key)]

    def _capture_plan(self, monster: str, gained: int) -> tuple[str, int] | None:
        if gained <= 0:
            return None
        spaces = policy.capture_spaces(self.fighter(monster).behaviour, gained, self.pos(monster))
        if not spaces:
            return None
        victim = policy.capture_victim(self.capture_candidates(monster))
        return None if victim is None else (victim, spaces)

    def t_act(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        who = str(task["who"])
        stage = task.get("stage", "start")
        if stage == "start":
            if not self.active(who):
                return True
            if who in st["involved"]:
                if st["intent"].get(who, {}).get("do") != "sit":
                    self.say(who, f"{self.title(who)} {'are' if who == self.player else 'is'} already taken up "
                                  "this round: no side action.")
                return True
            intent = st["intent"].get(who, {"do": "sit"})
            blocked = intent["do"] == "contest" and (
                not self.active(str(intent["target"])) or str(intent["target"]) in st["involved"])
            if intent["do"] == "sit" or blocked or who not in st["rolls"]:
                if blocked:
                    self.say(who, f"{self.title(who)} cannot contest {self.name(str(intent['target']))} now "
                                  "(already taken up this round).")
                if who == self.player:
                    task["stage"] = "choose"
                    return self.ask("side", blocked=blocked)
                fallback = policy.declare("steady", self.character(who), self.stats_for(who), [], False)
                if fallback["do"] == "sit":
                    return True
                task["intent"] = fallback
                stage = "new"
            else:
                task["record"] = st["rolls"][who]["record"]
                task["kind"] = intent["do"]
                task["target"] = intent.get("target")
                stage = "reveal"
        if stage == "choose":
            if "intent" not in task:
                return False  # still waiting for the player's answer
            if task["intent"].get("do") == "pass":
                self.say(who, "You let the moment pass.")
                return True
            stage = "new"
        if stage == "new":
            intent = task["intent"]
            record = self.roll_action(dice, who, intent, focal=False)
            st["last"][who] = rolls.focal_value(record)
            task["record"] = record.to_dict()
            task["kind"] = "contest" if record.kind == "contest" else "check"
            task["target"] = intent.get("target") if record.kind == "contest" else None
            if record.kind == "check":
                self.say(who, f"{self.title(who)} {self.intent_text(who, intent)}: {record.total}.", record,
                         self.intent_text(who, intent))
                monstrous.curse_used(self, record, who)
            stage = "reveal"
            if who == self.player and self._task_help_matters(task):
                task["stage"] = "reveal"
                return self.ask("help", on="task")
        if stage == "reveal":
            task["stage"] = "reveal"
            if task["kind"] == "contest":
                return self._contest(dice, task)
            return self._check(dice, task)
        if stage == "defend":
            if task.get("answered"):
                return self._finish_contest(dice, task)
            return False
        return True

    def _task_help_matters(self, task: dict[str, Any]) -> bool:
        record = RollRecord.from_dict(task["record"])
        stats = list(record.details.get("stats") or [record.stat])
        if not rolls.can_help(self.character(self.player), stats):
            return False
        return not record.success

    def _check(self, dice: Dice, task: dict[str, Any]) -> bool:
        who = str(task["who"])
        record = RollRecord.from_dict(task["record"])
        self.state["involved"].append(who)
        self.keep(who, record)
        if record.success:
            size = epic.bigger(self, who, str(record.details.get("size") or "very-minor"))
            role = "focal" if task.get("role") == "focal" else "side"
            verb = "succeed" if who == self.player else "succeeds"
            moved = self.move(dice, who, spaces_for_size(size), f"{verb} ({size.replace('-', ' ')}, {role} action)")
            monstrous.after_check(self, who, str(record.stat), moved)
        else:
            self.say(who, f"{self.title(who)} {'fail' if who == self.player else 'fails'} "
                          f"({record.total} against {record.details.get('target')}): no headway.")
            if self.s.kind == "stealth":
                self.add_alarm(dice, who)
        return True

    def _contest(self, dice: Dice, task: dict[str, Any]) -> bool:
        who, other = str(task["who"]), str(task["target"])
        record = RollRecord.from_dict(task["record"])
        if not task.get("revenge"):  # a Revenge is made even by those who acted: it takes no one's turn
            self.state["involved"] += [who, other]
        text = (f"{self.title(who)} {'contest' if who == self.player else 'contests'} {self.name(other)}: "
                f"{record.total} against {record.details.get('opponent_total')}.")
        self.say(who, text, record, f"{self.name(who)} against {self.name(other)}")
        monstrous.curse_used(self, record, who, other)
        task["stage"] = "defend"
        if other == self.player and record.success:
            stats = [str(record.details.get("opponent_stat") or record.stat)]
            with offer_reads.offers():  # asked or not, "No Help" goes on alike (rolls.can_help)
                asked = rolls.can_help(self.character(self.player), stats) or (
                    self.s.kind == "stealth" and rolls.usable_dice(self.character(self.player)) > 0)
            if asked:
                return self.ask("help", on="defence")
        task["answered"] = True
        return self._finish_contest(dice, task)

    def _finish_contest(self, dice: Dice, task: dict[str, Any]) -> bool:
        who, other = str(task["who"]), str(task["target"])
        record = RollRecord.from_dict(task["record"])
        self.keep(who, record)
        margin = int(record.details.get("margin", 0))
        if record.details.get("immunity"):
            self.say(other, f"{self.title(other)} is immune to {str(record.stat).title()}: "
                            f"{record.details['immunity']['attacker_total']} would have won, but it holds and wins by 1.")
        if record.success:
            winner, loser, size = who, other, str(record.details.get("size") or "very-minor")
        else:
            winner, loser, size = other, who, size_for_margin(max(0, -margin))
        verb = "win" if winner == self.player else "wins"
        start = self.pos(winner)
        self.move(dice, winner, spaces_for_size(size), f"{verb} the contest ({size.replace('-', ' ')})")
        if self.s.kind == "stealth":
            self.add_alarm(dice, loser)
        self.after_contest(dice, winner, loser, self.pos(winner) - start, record)
        return True

    def after_contest(self, dice: Dice, winner: str, loser: str, moved: int, record: RollRecord) -> None:
        """What a won contest may lead to beyond the winner's move: a monstrosity's Flatten or
        Debilitate."""
        ability = self.state["intent"].get(winner, {}).get("ability")
        monstrous.after_contest(self, winner, loser, str(record.stat), moved, ability)

    # -- the end of a round ------------------------------------------------------------------
    def t_end(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        if any(self.active(k) for k in st["arrived"]):
            self.then({"t": "close"})  # someone has reached the goal: the race is run
            return True
        if self.s.kind == "race":
            for key in self.actors():
                if st["spent_now"].get(key):
                    self.then({"t": "endure", "who": key})
        for key in self.order:
            if key in st["captured"] and int(st["captured"][key].get("round", 0)) < st["round"]:
                self.then({"t": "back", "who": key})
        if self.s.kind == "monstrous":
            monstrous.end_of_round(self, dice)
            self.then({"t": "stamina"})
        self.round_ends(dice)
        self.then({"t": "close"})
        return True

    def round_ends(self, dice: Dice) -> None:
        """What a kind adds at the end of a round, before the result is read (nothing here)."""

    def t_close(self, dice: Dice, task: dict[str, Any]) -> bool:
        st = self.state
        result = self.round_result()
        if result is not None:
            self.result = result
            return True
        if self.s.kind == "stealth" and self.s.patrol:
            for b in st["buttons"]:
                if b["kind"] == "alarm":
                    btn.patrol(b, self.s.patrol, self.s.length)
            self.say("", f"The watchers move on their beat ({self.s.patrol} space{'s' if self.s.patrol != 1 else ''}).")
        st["queue"] = []
        return True

    def round_result(self) -> str | None:
        """The result at the end of a round, if the endeavour is over."""
        st = self.state
        ours = [k for k in self.actors() if self.ours(k)]
        theirs = [k for k in self.actors() if not self.ours(k)]
        opponents = [k for k in self.order if not self.ours(k)]
        if not self.active(self.player) and self.player not in st["captured"]:
            return str(st["out"].get(self.player)) if st["out"].get(self.player) in (EXHAUSTED, CAUGHT) else LOST
        for key in st["arrived"]:
            if key in st["out"]:
                continue
            return GOAL if self.ours(key) else LOST
        if not ours:
            return CAPTURED if st["captured"] else LOST
        if opponents and not theirs:
            return WON
        if self.s.deadline is not None and st["round"] >= self.s.deadline:
            best_ours = max(self.pos(k) for k in ours)
            if not opponents:
                return LOST
            best_theirs = max((self.pos(k) for k in theirs), default=-1)
            return WON if best_ours > best_theirs else LOST if best_ours < best_theirs else DRAW
        return None

    def t_endure(self, dice: Dice, task: dict[str, Any]) -> bool:
        """Race: a racer who spent blessing dice this round must make a check against all they
        have spent in this endeavour, or drop out."""
        who = str(task["who"])
        target = int(self.state["spent"].get(who, 0))
        stat = lookup(self.character(who).stats, self.s.endurance)
        return self._plain_check(dice, task, who, [stat] if stat else self.stats_for(who), target,
                                 "endurance", "keep going")

    def _plain_check(self, dice: Dice, task: dict[str, Any], who: str, stats: list[str], target: int,
                     kind: str, label: str) -> bool:
        """A check the situation calls for (endurance, escaping a Capture, hiding, coming back, a
        glimmer): the player picks the stat when there is a choice, then may Help a failure."""
        stage = task.get("stage", "start")
        if stage == "start":
            if not stats:
                task["record"] = None
                return self._after_check(dice, task)
            if who == self.player and len(stats) > 1 and "stat" not in task:
                task["stage"] = "start"
                return self.ask("stat", check=kind, target=target, stats=stats)
            stat = task.get("stat") or (stats[0] if who == self.player else policy.surest_stat(
                stats, lambda s: rolls.check_chance(self.ruleset, self.character(who), self.check_how(who, s, target))))
            record = rolls.check(dice, self.character(who), self.check_how(who, str(stat), target))
            self.state["last"][who] = int(record.total or 0)
            task["record"] = record.to_dict()
            self.say(who, f"{self.title(who)} {'roll' if who == self.player else 'rolls'} "
                          f"{self.stat_text(who, str(stat))} to {label}: {record.total} against {target}.",
                     record, label)
            monstrous.curse_used(self, record, who)
            task["stage"] = "rolled"
            if who == self.player and not record.success and rolls.can_help(self.character(who), [str(stat)]):
                return self.ask("help", on="task")
        return self._after_check(dice, task)

    def _after_check(self, dice: Dice, task: dict[str, Any]) -> bool:
        who = str(task["who"])
        data = task.get("record")
        record = RollRecord.from_dict(data) if data else None
        if record is not None:
            self.keep(who, record)
        ok = record is not None and record.success
        getattr(self, "done_" + task["t"])(dice, task, who, ok)
        return True

    def done_endure(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        if ok:
            return
        self.state["out"][who] = EXHAUSTED
        self.say(who, f"{self.title(who)} {'have' if who == self.player else 'has'} pushed too hard and "
                      f"{'drop' if who == self.player else 'drops'} out.")

    def t_capture(self, dice: Dice, task: dict[str, Any]) -> bool:
        who = str(task["who"])
        if not self.active(who):
            return True
        return self._plain_check(dice, task, who, self.stats_for(who), int(task["target"]),
                                 "capture", "slip away")

    def done_capture(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        monster = str(task["by"])
        if ok:
            self.say(who, f"{self.title(who)} {'slip' if who == self.player else 'slips'} out of "
                          f"{self.name(monster)}'s grasp.")
            return
        self.state["captured"][who] = {"target": int(task["target"]), "round": self.state["round"]}
        self.say(who, f"{self.name(monster)[:1].upper() + self.name(monster)[1:]} captures {self.name(who)}!")
        self.move(dice, monster, int(task["target"]), "presses on with its prize")
        if not any(self.ours(k) for k in self.actors()):
            self.result = CAPTURED

    def t_back(self, dice: Dice, task: dict[str, Any]) -> bool:
        who = str(task["who"])
        if who not in self.state["captured"]:
            return True
        target = int(self.state["captured"][who]["target"])
        return self._plain_check(dice, task, who, self.stats_for(who), target, "back", "break free")

    def done_back(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        if ok:
            del self.state["captured"][who]
            self.say(who, f"{self.title(who)} {'break' if who == self.player else 'breaks'} free and "
                          f"{'are' if who == self.player else 'is'} back in the endeavour.")

    def t_made(self, dice: Dice, task: dict[str, Any]) -> bool:
        """Stealth: a sneaker is made. What follows is the endeavour's ``made`` rule."""
        st = self.state
        who = str(task["who"])
        if not self.active(who) or self.result is not None:
            return True
        if task.get("stage", "start") == "start" and not task.get("counted"):
            task["counted"] = True
            if knacks.calling_card(self, dice, who):
                return True
            st["made"] = int(st.get("made", 0)) + 1
            self.say(who, f"{self.title(who)} {'are' if who == self.player else 'is'} made: the watchful eye "
                          f"falls on {'you' if who == self.player else 'them'} at {task['at']}.")
            if self.s.made == "lose":
                self.result = CAUGHT
                return True
            if isinstance(self.s.made, int):
                if st["made"] >= self.s.made:
                    self.result = CAUGHT
                else:
                    self.say("", f"Made {st['made']} of {self.s.made} times: at {self.s.made} it is over.")
                return True
        return self._plain_check(dice, task, who, self.stats_for(who), int(task["at"]), "made", "stay hidden")

    def done_made(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        if ok:
            self.say(who, f"{self.title(who)} {'melt' if who == self.player else 'melts'} back into the shadows.")
            return
        self.state["out"][who] = CAUGHT
        self.say(who, f"{self.title(who)} {'are' if who == self.player else 'is'} caught.")
        if who == self.player:
            self.result = CAUGHT

    def t_glimmer(self, dice: Dice, task: dict[str, Any]) -> bool:
        """Discovery: a character who moved over glimmer buttons may try one (a check against its
        space, already made if their last roll reached it)."""
        st = self.state
        who = str(task["who"])
        present = [b for b in st["buttons"] if b["id"] in task["ids"]]
        if not self.active(who) or not present or who in st["glimmered"]:
            return True
        if "pick" not in task:
            if who == self.player:
                return self.ask("glimmer", ids=[b["id"] for b in present])
            last = int(st["last"].get(who, 0))
            easy = [b for b in present if last >= b["at"]]
            task["pick"] = (easy or sorted(present, key=lambda b: b["at"]))[0]["id"]
        if task["pick"] is None:
            return True
        glimmer = next((b for b in present if b["id"] == task["pick"]), None)
        if glimmer is None:
            return True
        if task.get("stage", "start") == "start" and int(st["last"].get(who, 0)) >= glimmer["at"]:
            task["record"] = None
            task["auto"] = True
            done = self._take_glimmer(who, glimmer, True)
            return done
        task["glimmer_at"] = glimmer["at"]
        stats = [task["stat"]] if task.get("stat") else self.stats_for(who)
        if who != self.player:
            task.setdefault("stat", policy.surest_stat(stats, lambda s: rolls.check_chance(
                self.ruleset, self.character(who), self.check_how(who, s, glimmer["at"]))))
        return self._plain_check(dice, task, who, stats, int(glimmer["at"]), "glimmer",
                                 f"take the {glimmer.get('type', 'discovery')}")

    def done_glimmer(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        glimmer = next((b for b in self.state["buttons"] if b["id"] == task.get("pick")), None)
        if glimmer is not None:
            self._take_glimmer(who, glimmer, ok)

    def _take_glimmer(self, who: str, glimmer: dict[str, Any], ok: bool) -> bool:
        st = self.state
        st["glimmered"].append(who)
        kind = str(glimmer.get("type", "discovery"))
        if ok:
            st["buttons"].remove(glimmer)
            st["found"].setdefault(who, []).append(kind)
            self.say(who, f"{self.title(who)} {'find' if who == self.player else 'finds'} something: "
                          f"a {kind} (the glimmer at {glimmer['at']}).")
        else:
            self.say(who, f"The {kind} at {glimmer['at']} stays out of reach.")
        return True

    def t_stamina(self, dice: Dice, task: dict[str, Any]) -> bool:
        """Monstrous: the player's side may give back as many spaces as a monstrosity's stamina
        to drive it off."""
        affordable = self.affordable()
        if not affordable or task.get("kept") or self.state["arrived"]:
            return True
        if self.active(self.player):
            return self.ask("stamina", monsters=affordable)
        self.drive_off(affordable[0])
        return False  # look again: another may still be affordable

    def affordable(self) -> list[str]:
        total = sum(self.pos(k) for k in self.actors() if self.ours(k))
        return [k for k in self.actors() if self.monstrous(k) and self.stamina(k) <= total]

    def stamina(self, key: str) -> int:
        return int(self.state["stamina"].get(key, 0))

    def drive_off(self, monster: str) -> None:
        """Give back the monstrosity's stamina, the rearmost of the side first, and remove it."""
        left = self.stamina(monster)
        side = sorted((k for k in self.actors() if self.ours(k)), key=lambda k: (self.pos(k), self.order.index(k)))
        for key in side:
            if left <= 0:
                break
            left -= self.move_back(key, left)
        self.state["out"][monster] = "driven off"
        self.say(monster, f"Your side gives back {self.stamina(monster)} spaces and drives "
                          f"{self.name(monster)} off.")

    # -- words -----------------------------------------------------------------------------------
    def intent_text(self, key: str, intent: Mapping[str, Any]) -> str:
        """What an action is, in a few words ("pushes on with Hurry d6")."""
        you = key == self.player
        if intent.get("do") == "sit":
            return "sit out" if you else "sits out"
        stat = self.stat_text(key, str(intent["stat"]))
        if intent.get("do") == "contest":
            target = str(intent.get("target"))
            return f"{'contest' if you else 'contests'} {self.name(target)} with {stat}"
        rush = monstrous.rush_die(self, key) if self.monstrous(key) else None
        if rush:
            return f"rushes, sparking 2{rush}"
        spark = intent.get("spark")
        if spark:
            stat += f" sparked with {self.stat_text(key, str(spark))}"
        if intent.get("again"):
            stat += " with last round's dice"
        return f"{'try' if you else 'tries'} {stat}"

    def focus_chance(self, key: str, how: Mapping[str, Any], contest: bool) -> Fraction:
        """The chance ``key``'s declared roll takes the focus (beats every other declared roll),
        as :func:`.rolls.beats_all` computes it."""
        others = []
        for other in self.actors():
            if other == key:
                continue
            intent = self.state["intent"].get(other)
            if not intent or intent.get("do") == "sit":
                continue
            other_how = self.contest_how(other, str(intent["target"]), str(intent["stat"]), True) \
                if intent["do"] == "contest" else self.check_how(other, str(intent["stat"]), self.s.target, intent.get("spark"), True)
            others.append(rolls.focus_spread(self.character(other), other_how, contest=intent["do"] == "contest"))
        return rolls.beats_all(rolls.focus_spread(self.character(key), how, contest=contest), others)
