"""One look at a Humanity, Blessed fight: its state, and resolving it round by round.

A round of the fight is the book's round of simultaneous actions (Simultaneous Actions and
Endeavors) with violence in it:

1. **Declaring.** Every fighter still standing says what it tries: attack someone (a violent
   Contest, Hurt against the defender's answer), outwit or outmanoeuvre them (a non-violent
   Contest: the loser is Muddled, -2 on their next focus roll), tend a fallen ally, deliver the
   coup de grace to a fallen foe, run, or stand their ground. The engine's fighters declare
   first (:mod:`.policy`), so the player sees their orders.
2. **Focus.** Every fighter who acts rolls for it at once, as the Attacker of their Contest (or
   as their Check). The highest roll is the Focal Action and goes first; then the others, lowest
   roll first. Ties are broken by the fight's dice.
3. **Resolving.** The camera rule: a character takes part in one Contest or Check a round. A
   fighter who has been attacked already lost their action; one whose target has already acted
   or been attacked picks a new action (rolled afresh) or lets the moment pass. An attack that
   goes through is answered by the defender's roll: Hurry in the first round; from the second,
   as the violence goes on, any of Hurry, Head, Hand, Heart or Home (book: Violent Contests,
   points 2 and 5). The attacker wins only by rolling higher; the margin's outcome size is the
   blow, and the wounds follow (:mod:`.wounds`).

The fight is **won** when no opponent stands, **lost** when nobody on the player's side does,
**fled** when the player gets away, **surrendered** when the player yields.

**Decisions** (beyond :mod:`.wounds`, :mod:`.abilities` and :mod:`.policy`):

* The roll made at the top of the round is the action's roll when it goes through as declared
  (the book's Focal Action is that very roll); an action changed because its target was taken
  up is rolled afresh, and that roll is not a focus roll (Muddled does not touch it).
* A defender answers a roll already made (the Attacker rolls first): the player sees the
  attack's total before choosing how to defend, spark or not. The engine's fighters decide
  their answer from the state before the attack is rolled, so the odds shown for an attack are
  exact, and the same as ``solo odds humanity-blessed`` for that roll.
* Help is spent once a roll is seen, as everywhere in the game. Helping an ally uses up the
  helper's own action for the round if it has not gone yet (the book: one cannot roll and
  Help at the same time). The engine's fighters never Help.
* Running away is a non-violent Hurry Contest against the foe best placed to stop the runner:
  the free foe (not yet in a Contest this round) with the best Hurry; with nobody free the
  runner simply gets away. ``flee: false`` in the parameters stops everyone running.
* Tending the fallen is read as a Home check against the felling roll plus 4 (the book: a Home
  Contest against that roll, won by 4 or more); the coup de grace is a Hurt check against 8.
  Both are rolled at the top of the round like any action, so the race between them is the
  camera rule's order.
* Muddled, the book's condition for rolls that decide an Endeavor's Focal Action, applies to
  the fight's focus rolls, which decide the same thing.
* When the fight ends, aches go (the scene is over); pain, weakness and vulnerability stay.
  Fighters who are down come round if their side won; if it lost they are *taken out* (a
  condition the adventure clears; a player taken out cannot roll until it is cleared).
"""

from __future__ import annotations

import contextlib
import copy
from typing import Any, Iterator, Mapping

from solo.rules.base import Character
from solo.rules.memo import key as memo_key
from solo.rules.conflict import ENEMY, FLED, LOST, PLAYER, SURRENDERED, WON, Beat, ConflictSetup, private_state
from solo.rules.vocabulary import in_sentence
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.house_rules import HARM_ESCALATES
from solo.rules.humanity_blessed import rolling, session
from solo.rules.humanity_blessed.fight import abilities as ab
from solo.rules.humanity_blessed.fight import policy, wounds
from solo.rules.humanity_blessed.parsing import HBCheck, parse_check
from solo.rules.humanity_blessed.tables import CORE_STATS, SIZES, norm

#: The coup de grace: a Hurt check against this (GM Guide: Describing Violent Effects).
FINISH_TARGET = 8
#: Tending the fallen: a Home roll beating the felling roll by this much or more.
TEND_MARGIN = 4
#: Actions that are contests (rolled as the Attacker), and which of them are violent.
CONTESTS = ("attack", "trick", "flee")
VERBS = {"attack": "attacks", "trick": "tries to wrong-foot", "tend": "tends", "finish": "moves to finish",
         "flee": "runs", "hold": "stands ready", "yield": "yields"}


class Melee:
    """A fight's setup, a private copy of its state, and every rule of a round."""

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any], owned: bool = False) -> None:
        self.ruleset = ruleset
        self.setup = setup
        #: the caller's own state when it is ``owned`` (held alone and dropped for the step's)
        self.state: dict[str, Any] = state if owned and type(state) is dict else private_state(state)
        self.order = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        params = setup.params
        self.flee_allowed = params.get("flee", True) is not False
        self.lethal = params.get("lethal", False) is True
        self.close = params.get("close", True) is not False
        self.history = params.get("history", False) is True

    # -- who is who ------------------------------------------------------------------------
    @property
    def player(self) -> str:
        return self.setup.player.key

    def side_of(self, key: str) -> str:
        return ENEMY if self.by_key[key].side == ENEMY else PLAYER

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def is_out(self, key: str) -> bool:
        """Out for good: fled, yielded, or taken out (also once the fight is over: the
        aftermath marks the character, not the state)."""
        return key in self.state["out"] or wounds.out_reason(self.character(key)) is not None

    def is_down(self, key: str) -> bool:
        return key in self.state["down"] and not self.is_out(key)

    def standing(self, key: str) -> bool:
        return not self.is_out(key) and key not in self.state["down"]

    def free(self, key: str) -> bool:
        """Standing and not yet in a Contest or Check this round."""
        return self.standing(key) and key not in self.state["involved"]

    def foes(self, key: str) -> list[str]:
        """Everyone on the other side still in the fight (standing or down)."""
        mine = self.side_of(key)
        return [k for k in self.order if self.side_of(k) != mine and not self.is_out(k)]

    def friends(self, key: str) -> list[str]:
        """Everyone on this side still in the fight (standing or down), ``key`` included."""
        mine = self.side_of(key)
        return [k for k in self.order if self.side_of(k) == mine and not self.is_out(k)]

    def attackable(self, key: str) -> list[str]:
        return [k for k in self.foes(key) if self.standing(k)]

    def stats_of(self, key: str) -> list[str]:
        """The stats a fighter has, the book's seven first."""
        stats = list(self.character(key).stats)
        core = [s for s in CORE_STATS if s in stats]
        return core + [s for s in stats if s not in core]

    def die(self, key: str, stat: str) -> str:
        return str(self.character(key).stats.get(stat, "?"))

    def name(self, key: str) -> str:
        return "you" if key == self.player else in_sentence(self.by_key[key].name)

    def title(self, key: str) -> str:
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def verb(self, key: str, you: str, it: str) -> str:
        return you if key == self.player else it

    def possessive(self, key: str) -> str:
        return "your" if key == self.player else f"{self.by_key[key].name}'s"

    # -- the result --------------------------------------------------------------------------
    def result(self) -> str | None:
        out = self.state["out"].get(self.player)
        if out == "fled":
            return FLED
        if out == "yielded":
            return SURRENDERED
        friends = [k for k in self.order if self.side_of(k) == PLAYER and self.standing(k)]
        enemies = [k for k in self.order if self.side_of(k) == ENEMY and self.standing(k)]
        if not friends:
            return LOST
        if not enemies:
            return WON
        return None

    # -- rolls -------------------------------------------------------------------------------
    def check_for(self, key: str, act: Mapping[str, Any], focal: bool) -> HBCheck:
        """The roll an action calls for, parsed for the fighter making it."""
        do = act["do"]
        params: dict[str, Any] = {"focal": focal}
        if do in ("attack", "trick"):
            params.update(stat=act.get("stat") or "hurt", spark=act.get("spark") or None)
            if do == "attack" and self.setup.params.get("complex") is not None:
                params["complex"] = self.setup.params["complex"]  # every attack here is complex
        elif do == "flee":
            params["stat"] = "hurry"
        elif do == "tend":
            params.update(stat="home", target=int(self.state["down"][act["target"]]["roll"]) + TEND_MARGIN)
        elif do == "finish":
            params.update(stat="hurt", target=FINISH_TARGET)
        else:
            raise ValueError(f"{do!r} calls for no roll")
        return parse_check(params, self.character(key), contest=do in CONTESTS)

    def ignoring(self, key: str, condition: str | None) -> contextlib.AbstractContextManager[None]:
        """Blessèd Determination: the condition is set aside while the roll is made."""
        return set_aside(self.character(key), condition)

    def roll_action(self, dice: Dice, key: str, act: Mapping[str, Any], focal: bool) -> RollRecord:
        """Roll an action: a contest's acting side (left open for the defender), or a check.
        One random event for the analyzer (:mod:`.draws`)."""
        from solo.rules.humanity_blessed.fight import draws

        parsed = self.check_for(key, act, focal)
        contest, violent, session = act["do"] in CONTESTS, act["do"] == "attack", key == self.player

        def run(d: Dice, character: Character) -> RollRecord:
            with set_aside(character, act.get("ignore")):
                if contest:
                    return rolling.open_contest(d, character, copy.deepcopy(parsed), violent=violent, session=session)
                return rolling.roll_check(d, character, copy.deepcopy(parsed))

        return draws.roll(dice, self, "an action's roll", ("act", key, memo_key(dict(act)), focal), run,
                          [self.character(key)], parsed.as_params(), session)

    # -- the round -----------------------------------------------------------------------------
    def start_round(self, dice: Dice, beats: list[Beat]) -> None:
        """Declarations for a new round: the engine's fighters first, then the player's turn."""
        s = self.state
        s.update(declared={}, rolls={}, focus={}, order=[], next=0, involved=[], now=None)
        beats.append(Beat("", f"Round {s['round']}.", round=s["round"]))
        for key in self.order:
            if key == self.player or not self.standing(key):
                continue
            act = policy.declare(self, dice, key)
            if act["do"] == "yield":
                s["out"][key] = "yielded"
                beats.append(Beat(key, f"{self.title(key)} gives up the fight."))
                continue
            s["declared"][key] = act
            if act.get("target"):
                s["targets"][key] = act["target"]
        if self.result() is not None:
            return
        if self.standing(self.player):
            s["ask"] = {"kind": "declare", "menu": "main"}
        else:
            self.roll_focus(dice, beats)

    def roll_focus(self, dice: Dice, beats: list[Beat]) -> None:
        """Everyone who acts rolls at once; the highest goes first, then the lowest upwards."""
        s = self.state
        watch = getattr(dice, "fight_loop", None)  # the analyzer's walker resumes from here
        for key in self.order:
            act = s["declared"].get(key)
            if act is None or act["do"] == "hold" or not self.standing(key) or key in s["rolls"]:
                continue  # (a roll made already: only when the analyzer resumes the round here)
            if watch is not None:
                watch(self, "focus")
            record = self.roll_action(dice, key, act, focal=True)
            s["rolls"][key] = record.to_dict()
            s["focus"][key] = int(record.total or 0)
        ranked = self._ranked(dice, s["focus"])
        s["order"] = ranked[:1] + list(reversed(ranked[1:]))
        s["next"] = 0
        if ranked:
            shown = ", ".join(f"{self.name(k)} {s['focus'][k]}" for k in ranked)
            beats.append(Beat("", f"Who acts first: {shown}. {self.title(ranked[0])} "
                                  f"{self.verb(ranked[0], 'have', 'has')} the focus."))

    def _ranked(self, dice: Dice, focus: Mapping[str, int]) -> list[str]:
        """Rollers from highest to lowest; the fight's dice order those who tie."""
        keys = [k for k in self.order if k in focus]
        ranked: list[str] = []
        for value in sorted({focus[k] for k in keys}, reverse=True):
            tied = [k for k in keys if focus[k] == value]
            while tied:
                ranked.append(tied.pop(dice.roll(len(tied)) - 1 if len(tied) > 1 else 0))
        return ranked

    def end_round(self, dice: Dice, beats: list[Beat]) -> None:
        for key in self.order:
            if key == self.player or self.is_out(key):
                continue
            for ability in ab.npc_recharge(dice, self.character(key)):
                beats.append(Beat(key, f"{self.title(key)} can use {ability} again."))
        self.state["round"] += 1
        self.state["now"] = None

    def advance(self, dice: Dice, beats: list[Beat]) -> str | None:
        """Resolve the fight until the player must answer or it ends (or passes its limit)."""
        s = self.state
        watch = getattr(dice, "fight_loop", None)  # the analyzer's walker resumes from here
        for _ in range(10_000):  # a bound far above any real round; each pass moves on
            if watch is not None:
                watch(self, "advance")
            if s["ask"] is not None:
                return None
            found = self.result()
            if found is not None:
                return found
            if s["now"] is not None:
                self.step(dice, beats)
                continue
            if s["next"] < len(s["order"]):
                key = s["order"][s["next"]]
                s["next"] += 1
                self.begin_action(key, beats)
                continue
            self.end_round(dice, beats)
            if s["round"] > self.setup.rounds:
                return None
            self.start_round(dice, beats)
        raise RuntimeError("the fight did not move on")

    # -- one action ------------------------------------------------------------------------------
    def begin_action(self, key: str, beats: list[Beat]) -> None:
        s = self.state
        act = s["declared"][key]
        record = s["rolls"].get(key)
        if not self.standing(key) or key in s["involved"]:
            if record is not None:
                rolling.abandon(RollRecord.from_dict(record), self.character(key))
            if self.standing(key):
                beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'have', 'has')} spent "
                                       f"{self.verb(key, 'your', 'their')} move this round already, caught up "
                                       "in another exchange."))
            return
        s["now"] = {"actor": key, "act": dict(act), "record": record, "stage": "start"}

    def finish_now(self) -> None:
        self.state["now"] = None

    def step(self, dice: Dice, beats: list[Beat]) -> None:
        from solo.rules.humanity_blessed.fight import stages

        stages.step(self, dice, beats)

    # -- outcomes -----------------------------------------------------------------------------
    def land(self, key: str, stat: str, size: str, by: str, roll: int, beats: list[Beat]) -> wounds.Blow:
        """A blow of ``size`` lands on ``key``'s ``stat`` (dealt by ``by`` with ``roll``)."""
        character = self.character(key)
        blow = wounds.wound(character, stat, size, escalate=self.setup.house(HARM_ESCALATES))
        who = self.title(key)
        text = f"A {size.replace('-', ' ')} blow: {self.name(key) if key == self.player else who} "
        text = f"{text}{self.verb(key, 'take', 'takes')} {blow.words}"
        if blow.down:
            self.state["down"][key] = {"by": by, "roll": int(roll), "stat": stat, "added": blow.added,
                                       "size": size}
            text += f", and {self.verb(key, 'go', 'goes')} down"
        beats.append(Beat(key, text + "."))
        if blow.down:
            if any(self.standing(k) for k in self.friends(key)):
                beats.append(Beat(key, f"{self.title(key)} can still be tended: a Home roll of "
                                       f"{int(roll) + TEND_MARGIN} or more before a foe rolls "
                                       f"{FINISH_TARGET}+ on Hurt for the coup de grace."))
        return blow

    def take_out(self, key: str, beats: list[Beat], by: str | None = None) -> None:
        reason = wounds.DEAD if self.lethal and by is not None else wounds.TAKEN_OUT
        self.state["out"][key] = reason
        self.state["down"].pop(key, None)
        self.character(key).conditions.append(reason)
        if by is not None:
            beats.append(Beat(by, f"{self.title(by)} {self.verb(by, 'deliver', 'delivers')} the coup "
                                  f"de grace: {self.name(key)} {self.verb(key, 'are', 'is')} {reason}."))

    def raise_up(self, key: str, beats: list[Beat], by: str) -> None:
        fallen = self.state["down"].pop(key)
        added = wounds.mitigate(self.character(key), fallen["stat"], list(fallen["added"]))
        left = ", ".join(wounds.wound_words(c) for c in added) or "the wounds already there"
        beats.append(Beat(by, f"{self.title(by)} {self.verb(by, 'get', 'gets')} {self.name(key)} back up: "
                              f"the blow comes to {left}."))

    def muddle(self, key: str, beats: list[Beat], by: str) -> None:
        character = self.character(key)
        if "muddled" not in {norm(c) for c in character.conditions}:
            character.conditions.append("muddled")
        beats.append(Beat(by, f"{self.title(key)} {self.verb(key, 'are', 'is')} muddled: -2 on "
                              f"{self.possessive(key)} next focus roll."))

    def keep_player_roll(self, dice: Dice, record: RollRecord, beats: list[Beat], *, defending: bool) -> None:
        """Blessing dice the player's roll earned (lucky number, a win by 6 or more) join the pool."""
        me = self.character(self.player)
        if defending:
            proxy = RollRecord(record.system, "check", str(record.details.get("opponent_stat", "")), [],
                               "", not record.success,
                               details={"natural": record.details.get("opponent_natural"),
                                        "margin": int(record.details.get("opponent_total", 0)) - int(record.total or 0)})
            proxy.success = proxy.details["margin"] >= 0 and not record.success
            session.earn(dice, proxy, me)
            lines = session.experience(proxy, me)
        else:
            session.earn(dice, record, me)
            lines = session.experience(record, me)
        for line in lines:
            beats.append(Beat(self.player, line))


def sized(size: str | None, steps: int) -> str | None:
    """An outcome size moved ``steps`` ranks (negative: smaller); below very minor is nothing."""
    if size is None:
        return None
    index = SIZES.index(size) + steps
    if index < 0:
        return None
    return SIZES[min(index, len(SIZES) - 1)]


@contextlib.contextmanager
def set_aside(character: Character, condition: str | None) -> Iterator[None]:
    """Blessèd Determination: ``condition`` is off ``character`` while the roll is made."""
    if not condition or condition not in character.conditions:
        yield
        return
    index = character.conditions.index(condition)
    character.conditions.pop(index)
    try:
        yield
    finally:
        character.conditions.insert(min(index, len(character.conditions)), condition)
