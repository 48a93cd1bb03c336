"""A clash endeavour's round: summoners who stand off the line and summons who race on it.

The book's Clash Endeavors, added to the round of :mod:`.line`:

* **Summoners** are the conflict's own participants (the player, companions, opponents). They
  roll and declare as usual but have no place on the line. A summoner's advantage movement
  brings a new summon onto the line at 0 instead, as strong as the GM guide's table makes it
  (:func:`summon_die`); any other movement a summoner wins goes to one of their summons.
* **Summons** are characters of their own, made by the endeavour: one capped die for every stat
  (as a monstrosity's), played by the engine with their summoner's behaviour. Each summoner
  starts with two at 0, and one who ends a round with none on the line gets a new one.
* **Capture**: a summon that gains the advantage, or that wins a contest against an opposing
  summon, may give spaces back to Capture an opposing summon: the victim makes a check
  against the spaces given back, is removed from the endeavour if it fails, and the round ends
  either way.
* The side whose summon reaches the goal first wins (``goal``); with ``captures`` the side that
  has captured that many opposing summons wins (``won``), or loses when the other side has.

**Decisions** (the book leaves these open):

* The two summons a summoner starts with use ``summon_die`` (default dc4, the guide's middle
  band; an adventure may set it); a summon added at a round's end for a summoner left with
  none uses the same die.
* The guide's table gives the die only; its "or a smaller die and an extra Ability" choices
  are not taken (summons have no abilities).
* A summoner's movement goes to the summon of theirs furthest along (the one nearest the goal);
  with none on the line it is lost.
* Summons are named from ``summons`` (a list of names per summoner, in the order they come);
  past the list they are "<summoner>'s summon N". A summoner has at most
  :data:`MOST_SUMMONS` summons in one endeavour.
* A captured summon does not come back (the book's clash capture has no return check), and
  only summons are captured: summoners stay in the endeavour to the end.
* Capture after a won contest uses the summon's behaviour as on the advantage (steady gives
  back what the contest just gained it, when that is 3 or more; bold all it holds).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, Fighter
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.endeavours import double_trouble, policy
from solo.rules.humanity_blessed.endeavours.line import Line
from solo.rules.humanity_blessed.tables import CORE_STATS

#: The GM guide's Stats for Summons: the least advantage movement for each capped die.
SUMMON_TABLE: tuple[tuple[int, int], ...] = ((20, 10), (16, 8), (12, 6), (8, 4), (4, 2))
#: The summons one summoner may bring into one endeavour (the state stays small).
MOST_SUMMONS = 12
DEFAULT_SUMMON_DIE = "dc4"


def summon_die(advantage: int) -> str | None:
    """The capped die of a summon brought by ``advantage`` spaces of advantage movement (the
    guide's table), or None: 3 or less and the summon fails."""
    for least, cap in SUMMON_TABLE:
        if advantage >= least:
            return f"dc{cap}"
    return None


def summon_character(entry: Mapping[str, Any]) -> Character:
    """A summon as a character: its one die for every core stat; it earns no blessing dice."""
    die = str(entry["die"])
    return Character(name=str(entry["name"]), system="humanity-blessed", id=str(entry["key"]),
                     stats={stat: die for stat in CORE_STATS},
                     extra={"die": die, "summon": True,
                            "session": {"lucky_number": None, "lucky_faces": [], "big_win": True}})


def summon_names(params: Mapping[str, Any], summoner: Fighter, player: str) -> list[str]:
    """The names the adventure gives a summoner's summons (``summons``: a mapping of summoner,
    ``you`` for the player or an npc id, to a list of names)."""
    table = params.get("summons")
    if not isinstance(table, Mapping):
        return []
    names = None
    if summoner.key == player:
        names = table.get("you", table.get("player"))
    if names is None:
        names = table.get(summoner.npc) if summoner.npc else None
    return [str(n) for n in names if isinstance(n, str) and n.strip()] if isinstance(names, list) else []


class ClashLine(Line):
    """The round of :mod:`.line` with summoners off the line and summons on it."""

    def __init__(self, ruleset: Any, setup: Any, state: Mapping[str, Any], settings: Any, owned: bool = False) -> None:
        super().__init__(ruleset, setup, state, settings, owned)
        for key, entry in self.state.get("summons", {}).items():
            owner = self.by_key[str(entry["owner"])]
            side = ENEMY if owner.side == ENEMY else ALLY
            self.by_key[key] = Fighter(key, side, summon_character({**entry, "key": key}),
                                       behaviour=owner.behaviour if owner.side != PLAYER else "")
            self.order.append(key)

    def say(self, actor: str, text: str, record: RollRecord | None = None, label: str = "",
            opens: int = 0) -> None:
        super().say(actor, text, record, label, opens)
        if actor and not self.summoner(actor):  # a summon: no fighter of the setup, so it says who
            fighter = self.by_key[actor]
            self.beats[-1] = replace(self.beats[-1], name=fighter.name, side=fighter.side)

    def check_how(self, key: str, stat: str, target: int, spark: str | None = None,
                  focal: bool = False) -> dict[str, Any]:
        """A summon leading a Double Trouble pair this round rolls the pair's spark."""
        return double_trouble.pair_how(self, key, super().check_how(key, stat, target, spark, focal))

    def intent_text(self, key: str, intent: Mapping[str, Any]) -> str:
        text = super().intent_text(key, intent)
        mate = intent.get("pair_with")
        if mate and intent.get("do") == "check":
            text += f" sparked with {self.name(str(mate))}'s {self.stat_text(str(mate), str(intent['stat']))} ({double_trouble.NAME})"
        return text

    # -- who is who ----------------------------------------------------------------------------
    def on_line(self, key: str) -> bool:
        return not self.summoner(key)

    def summoner(self, key: str) -> bool:
        return key not in self.state.get("summons", {})

    def owner(self, key: str) -> str:
        return str(self.state["summons"][key]["owner"])

    def summons_of(self, summoner: str) -> list[str]:
        """The summoner's summons in the endeavour now, furthest along first."""
        mine = [k for k in self.actors() if not self.summoner(k) and self.owner(k) == summoner]
        return sorted(mine, key=lambda k: (-self.pos(k), self.order.index(k)))

    def capture_candidates(self, key: str) -> list[tuple[str, int]]:
        return [(k, self.pos(k)) for k in self.foes(key) if not self.summoner(k)]

    def captures_on_advantage(self, key: str) -> bool:
        return not self.summoner(key)

    # -- summoning -----------------------------------------------------------------------------
    def summon(self, summoner: str, die: str, why: str) -> str | None:
        """Bring a new summon of ``summoner``'s onto the line at 0; its key, or None at the cap."""
        st = self.state
        made = [k for k, e in st["summons"].items() if e["owner"] == summoner]
        if len(made) >= MOST_SUMMONS:
            self.say(summoner, f"{self.title(summoner)} can call no more summons into this clash.")
            return None
        n = len(made) + 1
        names = st.get("summon_names", {}).get(summoner, [])
        name = names[n - 1] if n <= len(names) else (f"your summon {n}" if summoner == self.player
                                                          else f"{self.by_key[summoner].name}'s summon {n}")
        key = f"{summoner}~s{n}"
        entry = {"owner": summoner, "name": name, "die": die}
        st["summons"][key] = entry
        st["pos"][key] = 0
        self.by_key[key] = Fighter(key, ENEMY if self.by_key[summoner].side == ENEMY else ALLY,
                                   summon_character({**entry, "key": key}),
                                   behaviour=self.by_key[summoner].behaviour if summoner != self.player else "")
        self.order.append(key)
        self.say(summoner, f"{why}: {name} ({die}) joins the line at 0.")
        return key

    # -- the round's hooks -------------------------------------------------------------------
    def advantage(self, dice: Dice, focal: str, roll: int, escape: bool) -> None:
        if not self.summoner(focal):
            super().advantage(dice, focal, roll, escape)
            return
        die = summon_die(roll)
        if die is None:
            self.say(focal, f"{self.title(focal)} {'take' if focal == self.player else 'takes'} the focus, "
                            f"but {roll} is too little to summon anyone (4 or more is needed).")
            return
        self.summon(focal, die, f"{self.title(focal)} {'take' if focal == self.player else 'takes'} the focus "
                                f"and {'summon' if focal == self.player else 'summons'} with {roll}")

    def move(self, dice: Dice, key: str, spaces: int, why: str, escape: bool = False) -> int:
        if not self.summoner(key):
            return super().move(dice, key, spaces, why, escape)
        mine = self.summons_of(key)
        if not mine:
            if spaces > 0:
                self.say(key, f"{self.title(key)} {why}, but {'you have' if key == self.player else 'has'} "
                              "no summon on the line to carry it.")
            return 0
        carrier = mine[0]
        self.say(key, f"{self.title(key)} {why}.")
        return super().move(dice, carrier, spaces, f"carries {'your' if key == self.player else 'their'} "
                                                   "movement forward")

    def after_contest(self, dice: Dice, winner: str, loser: str, moved: int, record: RollRecord) -> None:
        if self.summoner(winner) or self.summoner(loser) or self.result is not None:
            return
        if not self.active(loser) or self.state["arrived"]:
            return
        spaces = policy.capture_spaces(self.fighter(winner).behaviour, moved, self.pos(winner))
        if not spaces:
            return
        back = self.move_back(winner, spaces)
        self.say(winner, f"{self.title(winner)} gives back {back} spaces to Capture {self.name(loser)}: "
                         f"a check against {back} to slip away.")
        self.then({"t": "capture", "who": loser, "by": winner, "target": back})
        self.then({"t": "end"})
        self.state["queue"] = self.state["queue"][:1 + self._then]

    def done_capture(self, dice: Dice, task: dict[str, Any], who: str, ok: bool) -> None:
        by = str(task["by"])
        if ok:
            self.say(who, f"{self.title(who)} slips out of {self.name(by)}'s grasp.")
            return
        self.state["out"][who] = "captured"
        side = "ours" if self.ours(by) else "theirs"
        taken = self.state.setdefault("taken", {"ours": 0, "theirs": 0})
        taken[side] = int(taken.get(side, 0)) + 1
        self.say(who, f"{self.title(by)} captures {self.name(who)}: out of the clash.")

    def round_ends(self, dice: Dice) -> None:
        for key in list(self.order):
            if self.summoner(key) and self.active(key) and not self.summons_of(key):
                self.summon(key, str(self.state.get("summon_die", DEFAULT_SUMMON_DIE)),
                            f"{self.title(key)} {'have' if key == self.player else 'has'} no summon on the "
                            f"line and {'call' if key == self.player else 'calls'} another")

    def round_result(self) -> str | None:
        from solo.rules.humanity_blessed.endeavours.line import GOAL, LOST, WON

        st = self.state
        for key in st["arrived"]:
            if key in st["out"]:
                continue
            return GOAL if self.ours(key) else LOST
        need = self.s.extra.get("captures")
        taken = st.get("taken", {})
        if need:
            if int(taken.get("ours", 0)) >= need:
                return WON
            if int(taken.get("theirs", 0)) >= need:
                return LOST
        return super().round_result()


def check_die(value: Any) -> bool:
    """Whether ``value`` is a die a summon may use."""
    return isinstance(value, str) and bumping.is_die(value)
