"""The GUTS+ ``fight``: initiative, five-second rounds, attacks as contests, injuries to body parts.

This module owns the round-by-round procedure of the book's combat (lines 484-524) and what
injuries and protection do in it (lines 530-542, 1393-1397); the rolls are the ruleset's
(:mod:`.rolls`), the gear comes from the adventure's items (:mod:`.gear`), the other side's
choices from :mod:`.policy`.

**Initiative.** At the start every fighter rolls Gumption; turns in the first round go from the
highest total to the lowest (line 488). Ties go to the higher Gumption, then to a d6 roll-off
(the book lets the GM decide; the engine rolls). Initiative is a plain total: no bonus dice,
since it reads no success scale.

**Rounds.** Each round every fighter still standing takes one turn: a move, one active action
and one passive action (line 490). After the first round the order is free (line 486): the
engine keeps the initiative order, but the player may hold their turn until after the next
fighter, as often as they like, and a cautious companion holds its turn for the player.

**The player's turn.** Active actions: attack an opponent with a weapon they carry (or bare
hands), then say where (line 500: who, with what, and where, or let it land where it may);
ask a companion who has not yet acted this round to assist (the assisting rule, line 474: the
companion rolls half its dice in the same qualities, each match is a bonus die, and its turn
goes to it); use a remedy it carries (an item that ``heals``, a healing potion) on itself or a
companion, standing or knocked out (line 504: healing a partner is something to do on a turn;
**Decision:** no roll, the worst part first, the remedy used up; a companion who comes round
fights on); re-adjust protection knocked loose (an active action, line 1397); talk an opponent
out of fighting (``talk``; line 504: "maybe you can defuse the situation"); run (``flee``); or
yield (``surrender``). The passive action, before the active one: look for a weak spot on an
opponent, a Thought check (the book's own example, line 508). The book puts no order on the
two actions (line 490), so the look may come first (it then helps this turn's attack) or after
the active action: the player says "act first, look after" and is asked for the look once the
active action is done (it then helps the next attack). A turn without that choice asks nothing
more after its action.

**Attacks** are contests (line 500): the attacker's quality for the weapon (Gumption, Utility
for ranged weapons, plus a quality it pairs with) against the defender's ``defence`` quality
(Gumption by default: the bat's contest, line 640), read for the aggressor:

===================  ======================================================================
positive impact      a hard hit: the weapon's injuries and one more
full success         a hit: the weapon's injuries (1 unless it says 2)
near success         the fight's ``near`` policy decides (the oracle's d6 by default)
failure              a miss
negative impact      something bad happens to the attacker instead (line 452): in melee the
                     defender's counterblow lands one injury on the attacker; a ranged
                     attacker fumbles and spends its next turn recovering
===================  ======================================================================

When the player is attacked they roll as the defender (the contest read from their side, as
``defending: true`` contests are).

**Essence strikes** (the optional magic, book lines 854-880): a fighter who knows a skill that
strikes (:data:`..essence.STRIKES`) attacks with it as with a natural ranged weapon, Essence
against ``defence``. **Decision:** its negative impact is the Essence rule's, not the weapon's:
the attacker is strained (already strained: 1 head injury through protection) instead of a
counterblow or a fumble. Strain wears off at the start of a round once a full round has passed
since it was last gained or since Essence was last used while strained (line 880: one full
round, and an additional one after use while strained); a fighter strained before the fight is
treated as strained the round before it.

**Injuries and protection.** A hit lands where it was aimed, or on a part the dice pick among
the target's usable ones. Protection on that part takes the marks first, two of them, then is
knocked loose (line 542); a ``sharp`` weapon tears what it knocks loose, so it can be mended only
after the fight (line 1397), and a ``piercing`` one goes through. Two injuries make a part
unusable; the head, or three other parts, unusable is unconscious, out of the fight (line 538).
A weapon needs a usable arm unless it is ``natural``; without legs nobody runs.

**Reactions** (line 520): a defender who loses the contest may take the blow on another part
(throwing an arm up to shield the head): a Gumption check; on a success the blow lands there.
Once per round per fighter; the player is asked, the others react by their behaviour.

**Fleeing** (line 524): running takes the player's turn; the opponents who give chase (steady
and reckless ones; cautious ones let a runner go) contest it, the fastest of them Gumption
against Gumption; with none giving chase the player simply gets away. An opponent who runs is
contested the same way by the player's side.

**The end.** ``won`` when no opponent is left standing (unconscious, talked out of it), ``routed``
when none is left and at least one ran off (a branch for ``routed`` is optional: ``won``'s
serves), ``lost`` when the player's side is all unconscious, ``fled``, ``surrendered``. A
companion still standing fights on after the player falls. After the fight the player earns
XP equal to the quality levels of every opponent defeated (line 1344: taken out, run off or
talked down), whatever the result; loose protection is put right and torn protection mended
(the fight is over, there is time). Injuries stay: the ``unconscious`` player wakes only when an
adventure heals them (``heal:``), and an unconscious npc is ``fallen``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from solo.rules.base import Character
from solo.rules.conflict import (
    private_state,
    ENEMY,
    FLED,
    LOST,
    PLAYER,
    SURRENDERED,
    WON,
    Action,
    Beat,
    Conclusion,
    ConflictError,
    ConflictSetup,
    ConflictStep,
    ConflictView,
    Decision,
    SetupProblem,
    percent,
)
from solo.rules.vocabulary import in_sentence
from solo.rules.dice import Dice, RollRecord
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.body import (
    INJURIES_TO_DISABLE,
    PROTECTION_MARKS,
    STRAINED,
    UNCONSCIOUS,
    body_parts,
    heal,
    injure,
    injuries,
    readjust,
    strain,
    sync_protection,
    vital_part,
)
from solo.rules.guts_plus.fight import gear, policy, rolls
from solo.rules.guts_plus.qualities import NEAR_POLICIES, display_name, find_quality, level_of

ROUTED = "routed"
#: The player keeps the turn's passive action (the look) for after the active one.
LOOK_AFTER, SKIP_LOOK, LATER = "look-after", "skip-look", "later"
RAN, STOOD = "ran off", "stood down"
#: Ways of leaving a fight that count as defeated for the XP award.
DEFEATED = (UNCONSCIOUS, RAN, STOOD)
PARAMETERS: dict[str, str] = {
    "defence": "the quality fighters defend with (default gumption)",
    "flee": "whether the player may run (default true)",
    "surrender": "whether the player may yield (default false)",
    "talk": "whether the player may try to talk an opponent out of fighting, Slyness against "
            "Slyness (default false)",
    "near": "what a near success counts as for the aggressor (or the one making a check): "
            "oracle (default, a d6: 4-6 counts), success or failure",
    "xp": "whether the player earns the defeated opponents' quality levels in XP (default true)",
}


def _flag(params: Mapping[str, Any], name: str, default: bool) -> bool:
    value = params.get(name, default)
    return value if isinstance(value, bool) else default


class Bout:
    """One look at a fight: the setup, a private copy of the state, and the ruleset's rolls.

    Everything the procedure does goes through here; :class:`Fight` only makes one per call.
    """

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.state: dict[str, Any] = private_state(state)
        self.order = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        params = setup.params
        near = params.get("near", rolls.NEAR_DEFAULT)
        self.near = near if near in NEAR_POLICIES else rolls.NEAR_DEFAULT
        defence = params.get("defence", "gumption")
        self.defence = defence if isinstance(defence, str) and defence.strip() else "gumption"
        self.can_flee = _flag(params, "flee", True)
        self.can_yield = _flag(params, "surrender", False)
        self.can_talk = _flag(params, "talk", False)

    # -- who is who ------------------------------------------------------------------------
    @property
    def player(self) -> str:
        return self.setup.player.key

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def side_of(self, key: str) -> str:
        return ENEMY if self.by_key[key].side == ENEMY else PLAYER

    def standing(self, key: str) -> bool:
        return key not in self.state["out"]

    def foes(self, key: str) -> list[str]:
        mine = self.side_of(key)
        return [k for k in self.order if self.side_of(k) != mine and self.standing(k)]

    def friends(self, key: str) -> list[str]:
        mine = self.side_of(key)
        return [k for k in self.order if k != key and self.side_of(k) == mine and self.standing(k)]

    def name(self, key: str) -> str:
        """How a fighter is called in a sentence: ``you``, ``the pink thing``, ``Dara Okafor``
        (a companion's title in brackets left off)."""
        if key == self.player:
            return "you"
        name = self.by_key[key].name
        if self.by_key[key].side != ENEMY:
            name = re.sub(r"\s*\([^)]*\)\s*$", "", name) or name
        return in_sentence(name)

    def title(self, key: str) -> str:
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def possessive(self, key: str) -> str:
        return "your" if key == self.player else f"{self.name(key)}'s"

    def verb(self, key: str, plain: str, third: str) -> str:
        """``You hit`` / ``Jonah hits``."""
        return f"{self.title(key)} {plain if key == self.player else third}"

    # -- numbers ---------------------------------------------------------------------------
    def weapons(self, key: str) -> list[gear.Weapon]:
        return gear.usable_weapons(self.character(key), self.setup.items, self.setup.item_names)

    def weapon(self, key: str, item: str) -> gear.Weapon:
        for weapon in self.weapons(key):
            if weapon.key == item:
                return weapon
        raise ConflictError(f"{self.name(key)} cannot attack with {item!r} now")

    def defence_stat(self, key: str) -> list[str]:
        character = self.character(key)
        return [self.defence if gear.has_quality(character, self.defence) else "gumption"]

    def defence_dice(self, key: str) -> int:
        return int(self.ruleset.parse_check({"stat": self.defence_stat(key)}, self.character(key)).dice)

    def gumption_dice(self, key: str) -> int:
        return int(self.ruleset.parse_check({"stat": "gumption"}, self.character(key)).dice)

    def edge(self, holder: str, target: str) -> int:
        return int(self.state["edges"].get(holder, {}).get(target, 0))

    def add_edge(self, holder: str, target: str, amount: int) -> None:
        table = self.state["edges"].setdefault(holder, {})
        table[target] = table.get(target, 0) + amount

    def torn(self, key: str) -> list[str]:
        return self.state["torn"].get(key, [])

    def protection(self, key: str) -> dict[str, int]:
        return self.character(key).extra.get("protection", {})

    def loose_parts(self, key: str) -> list[str]:
        """Protected parts whose protection was knocked loose (and not torn), in body order."""
        marks = self.protection(key)
        return [p for p in body_parts(self.character(key))
                if marks.get(p, 0) >= PROTECTION_MARKS and p not in self.torn(key)]

    def protector(self, key: str, part: str) -> str:
        """What shields ``part``: the item's name, or "protection"."""
        item = self.character(key).extra.get("protected_by", {}).get(part)
        return self.setup.item_names.get(item, "protection") if item else "protection"

    def attack_params(self, attacker: str, target: str, weapon: gear.Weapon,
                      helper: str | None) -> tuple[Character, Character, dict[str, Any]]:
        """The contest of an attack, rolled from the player's side's fighter."""
        stat = gear.attack_stat(self.character(attacker), weapon)
        edge = self.edge(attacker, target)
        if self.side_of(attacker) != ENEMY:
            params: dict[str, Any] = {"stat": stat, "opponent_stat": self.defence_stat(target),
                                      "modifier": edge}
            if helper is not None:
                params["helper"] = self.character(helper)
            return self.character(attacker), self.character(target), params
        params = {"stat": self.defence_stat(target), "opponent_stat": stat,
                  "opponent_modifier": edge, **self.defending(target)}
        return self.character(target), self.character(attacker), params

    def defending(self, key: str) -> dict[str, Any]:
        """The params of a contest ``key`` answers: read from the defender's side, named in its
        record as the player reads it ("you", or the companion's name)."""
        if key == self.player:
            return {"defending": True}
        return {"defending": True, "defender_name": self.by_key[key].name}

    def attack_chance(self, attacker: str, target: str, weapon: gear.Weapon,
                      helper: str | None) -> tuple[Fraction, Any]:
        """The exact chance the attacker hits, and the ruleset's odds of the contest."""
        character, opponent, params = self.attack_params(attacker, target, weapon, helper)
        chance, odds = rolls.contest_chance(self.ruleset, character, opponent, params, self.near)
        return (chance if self.side_of(attacker) != ENEMY else 1 - chance), odds

    def helpers(self) -> list[str]:
        """Companions who may still lend their turn to the player's attack this round."""
        return [k for k in self.state["queue"][1:] if self.by_key[k].side == "ally" and self.standing(k)]

    # -- rounds ----------------------------------------------------------------------------
    def initiative(self, dice: Dice, beats: list[Beat]) -> None:
        """Everyone standing rolls Gumption; turns go from the highest total down."""
        rolled: dict[str, int] = {}
        parts = []
        for key in self.order:
            if not self.standing(key):
                continue
            spec = self.ruleset.parse_check({"stat": "gumption"}, self.character(key))
            faces = dice.rolls(spec.dice, 6)
            total = sum(faces) + spec.modifier
            rolled[key] = total
            shown = "+".join(map(str, faces)) + (f"{spec.modifier:+d}" if spec.modifier else "")
            parts.append(f"{self.name(key)} {shown}={total}" if len(faces) > 1 or spec.modifier
                         else f"{self.name(key)} {total}")
        level = {k: quality_of(self.character(k), "gumption") for k in rolled}
        ties = {key: dice.roll(6) for key in tied(rolled, level)}
        order = initiative_order(rolled, level, ties, self.order)
        self.state["order"] = order
        self.state["initiative"] = rolled
        beats.append(Beat("", "Initiative (Gumption): " + ", ".join(parts) + "."))
        beats.append(Beat("", "Round 1, in order: " + ", ".join(self.name(k) for k in order) + ".", round=1))
        self.state["queue"] = list(order)

    def new_round(self, beats: list[Beat]) -> bool:
        """Start the next round; False once past the round limit (the engine ends it there)."""
        state = self.state
        state["round"] += 1
        state["queue"] = [k for k in state["order"] if self.standing(k)]
        state["acted"], state["held"], state["reacted"] = [], [], []
        if state["round"] > self.setup.rounds:
            return False
        beats.append(Beat("", f"Round {state['round']}: free for all.", round=state["round"]))
        self.ease_strain(beats)
        return True

    def end_turn(self, key: str) -> None:
        queue = self.state["queue"]
        if key in queue:
            queue.remove(key)
        if key not in self.state["acted"]:
            self.state["acted"].append(key)
        if key == self.player:
            self.state["passive"] = False

    def advance(self, dice: Dice, beats: list[Beat]) -> str | None:
        """Play the others' turns until the player must decide, or the fight ends."""
        state = self.state
        while True:
            found = self.result()
            if found is not None:
                state["step"] = "over"
                return found
            queue = state["queue"]
            if not queue:
                if not self.new_round(beats):
                    return None
                continue
            key = queue[0]
            if not self.standing(key):
                queue.pop(0)
                continue
            if key == self.player:
                state["step"] = "turn"
                return None
            status = self.others_turn(dice, key, beats)
            if status == "paused":
                return None
            if status == "done":
                self.end_turn(key)

    def result(self) -> str | None:
        out = self.state["out"]
        if out.get(self.player) == FLED:
            return FLED
        if self.state.get("yielded"):
            return SURRENDERED
        enemies = [k for k in self.order if self.side_of(k) == ENEMY]
        if not any(self.standing(k) for k in enemies):
            return ROUTED if any(out.get(k) == RAN for k in enemies) else WON
        if not any(self.standing(k) for k in self.order if self.side_of(k) != ENEMY):
            return LOST
        return None

    # -- the engine's fighters -------------------------------------------------------------
    def others_turn(self, dice: Dice, key: str, beats: list[Beat]) -> str:
        """One turn of an engine fighter: "done", "held" (moved later) or "paused" (the
        player must react to its blow)."""
        state = self.state
        if key in state["fumbled"]:
            state["fumbled"].remove(key)
            beats.append(Beat(key, f"{self.verb(key, 'spend', 'spends')} the turn recovering "
                                   f"from the fumble."))
            return "done"
        if policy.holds_for_player(self, key):
            queue = state["queue"]
            queue.remove(key)
            queue.insert(queue.index(self.player) + 1, key)
            state["held"].append(key)
            beats.append(Beat(key, f"{self.title(key)} holds back, ready to help you."))
            return "held"
        if policy.wants_to_run(self, key):
            self.run(dice, key, beats)
            return "done"
        remedy = policy.remedy_to_use(self, key)
        if remedy is not None:
            patient, item, count = remedy
            self.treat(patient, item, count, beats, healer=key)
            return "done"
        part = policy.readjust_part(self, key)
        if part is not None:
            self.readjust(key, part, beats)
            return "done"
        if not self.foes(key):
            return "done"
        target = policy.choose_target(self, key, dice)
        if policy.studies(self, key, target):
            self.study(dice, key, target, beats)
        weapon = policy.choose_weapon(self, key, target)
        aim = policy.choose_aim(self, key, target)
        return "paused" if self.attack(dice, key, target, weapon, aim, None, beats) else "done"

    # -- actions ---------------------------------------------------------------------------
    def attack(self, dice: Dice, attacker: str, target: str, weapon: gear.Weapon,
               aim: str | None, helper: str | None, beats: list[Beat]) -> bool:
        """One attack, its blow and the reaction to it; True when the player must react."""
        state = self.state
        character, opponent, params = self.attack_params(attacker, target, weapon, helper)
        record = rolls.contest(self.ruleset, dice, character, opponent, params, self.near)
        if self.edge(attacker, target):
            state["edges"][attacker].pop(target, None)
        state["last_attacker"][target] = attacker
        rank = rolls.aggressor_rank(record)
        with_what = self.with_what(attacker, weapon)
        verb = self.verb(attacker, "shoot at", "shoots at") if weapon.ranged else self.verb(attacker, "attack", "attacks")
        if weapon.essence:
            verb = self.verb(attacker, "strike at", "strikes at")
            self.used_essence(attacker)
        opening = f"{verb} {self.name(target)} {with_what}"
        if aim:
            opening += f", aiming at the {aim}"
        if helper is not None:
            opening += f", {self.name(helper)} helping"
            self.end_turn(helper)
        label = f"{self.title(attacker)} against {self.name(target)}"
        if rolls.aggressor_won(record):
            count = weapon.injuries + (1 if rank == go.POSITIVE else 0)
            parts = gear.usable_parts(self.character(target))
            part = aim if aim in parts else self.hit_location(dice, target)
            hard = {go.POSITIVE: "a hard hit", go.NEAR: "a glancing hit"}.get(rank, "a hit")
            beats.append(Beat(attacker, f"{opening}: {hard} on {self.possessive(target)} {part}.", record, label))
            if self.can_react(target, part):
                if target == self.player:
                    state["blow"] = {"attacker": attacker, "part": part, "count": count,
                                     "weapon": weapon.name, "sharp": weapon.sharp, "piercing": weapon.piercing}
                    state["step"] = "react"
                    return True
                cover = policy.choose_reaction(self, target, part, count, weapon.piercing)
                if cover is not None:
                    part = self.react(dice, target, part, cover, beats)
            self.land(target, part, count, weapon.name, weapon.sharp, weapon.piercing, beats)
        elif rank == go.NEGATIVE and weapon.essence:
            beats.append(Beat(attacker, f"{opening}: it goes badly wrong.", record, label))
            self.strain(attacker, beats)
        elif rank == go.NEGATIVE:
            if weapon.ranged:
                state["fumbled"].append(attacker)
                beats.append(Beat(attacker, f"{opening}: it goes badly wrong, and "
                                            f"{self.possessive(attacker)} next turn goes to recovering.",
                                  record, label))
            else:
                beats.append(Beat(attacker, f"{opening}: it goes badly wrong, and "
                                            f"{self.name(target)} {'strike' if target == self.player else 'strikes'} back.",
                                  record, label))
                self.counterblow(dice, target, attacker, beats)
        else:
            miss = "a near miss" if rank == go.NEAR else "a miss"
            beats.append(Beat(attacker, f"{opening}: {miss}.", record, label))
        return False

    def with_what(self, key: str, weapon: gear.Weapon) -> str:
        """``bare-handed``, ``with the crowbar``, ``with your essence (Hit)``."""
        if weapon.key == "hands":
            return "bare-handed"
        if weapon.essence:
            return f"with {self.possessive(key)} essence ({weapon.name.partition('(')[2].rstrip(')')})"
        return f"with {gear.phrase(weapon.name)}"

    def hit_location(self, dice: Dice, key: str) -> str:
        """A part the dice pick among the usable ones (the book lets the GM decide)."""
        parts = gear.usable_parts(self.character(key))
        if not parts:
            return body_parts(self.character(key))[0]
        return parts[dice.roll(len(parts)) - 1]

    def counterblow(self, dice: Dice, striker: str, struck: str, beats: list[Beat]) -> None:
        """One injury from ``striker`` on a part of ``struck`` the dice pick."""
        melee = [w for w in self.weapons(striker) if not w.ranged] or [gear.BARE_HANDS]
        weapon = max(melee, key=lambda w: (w.sharp or w.piercing, w.injuries))
        part = self.hit_location(dice, struck)
        self.land(struck, part, 1, weapon.name, weapon.sharp, weapon.piercing, beats)

    def can_react(self, key: str, part: str) -> bool:
        if not self.standing(key) or key in self.state["reacted"]:
            return False
        return bool(self.covers(key, part))

    def covers(self, key: str, part: str) -> list[str]:
        """The parts ``key`` could take a blow aimed at ``part`` on instead."""
        character = self.character(key)
        vital = vital_part(character)
        return [p for p in gear.usable_parts(character) if p not in (part, vital)]

    def react(self, dice: Dice, key: str, part: str, cover: str, beats: list[Beat]) -> str:
        """A reaction: a Gumption check to take the blow on ``cover``; the part it lands on."""
        self.state["reacted"].append(key)
        record = rolls.check(self.ruleset, dice, self.character(key), {"stat": "gumption"}, self.near)
        label = f"{self.title(key)} reacting"
        own = "your" if key == self.player else "the"
        if record.success:
            beats.append(Beat(key, f"{self.verb(key, 'twist', 'twists')} to take it on {own} {cover} "
                                   "instead.", record, label))
        else:
            beats.append(Beat(key, f"{self.verb(key, 'try', 'tries')} to take it on {own} {cover}, "
                                   "too slow.", record, label))
        self.learn(key, record, beats)
        return cover if record.success else part

    def land(self, key: str, part: str, count: int, weapon: str, sharp: bool, piercing: bool,
             beats: list[Beat]) -> None:
        """``count`` injuries on ``part`` of ``key``: protection first, then the body."""
        character = self.character(key)
        protection = self.protection(key)
        before_guard = protection.get(part)
        before = injuries(character).get(part, 0)
        injure(character, part, count, ignore_protection=piercing)
        after_guard = protection.get(part)
        after = injuries(character).get(part, 0)
        whose = f"{self.possessive(key)} {part}"
        pieces: list[str] = []
        if before_guard is not None and after_guard is not None and after_guard > before_guard:
            guard = f"{whose} is shielded by {gear.phrase(self.protector(key, part))}"
            if after_guard >= PROTECTION_MARKS:
                if sharp:
                    self.state["torn"].setdefault(key, []).append(part)
                    pieces.append(f"{guard}, now torn")
                else:
                    pieces.append(f"{guard}, now knocked loose")
            else:
                pieces.append(f"{guard} ({after_guard}/{PROTECTION_MARKS} marks)")
        elif piercing and before_guard is not None and before_guard < PROTECTION_MARKS:
            pieces.append(f"{gear.phrase(weapon)} goes straight through {gear.phrase(self.protector(key, part))}")
        if after > before:
            if after >= INJURIES_TO_DISABLE:
                again = "again" if before else "twice"
                pieces.append(f"{whose} is injured {again} and can no longer be used")
            else:
                pieces.append(f"{whose} is injured ({after}/{INJURIES_TO_DISABLE})")
        elif not pieces:
            pieces.append(f"{whose} was already past hurting")
        text = "; ".join(pieces)
        beats.append(Beat(key, text[:1].upper() + text[1:] + "."))
        if self.ruleset.incapacitated(character) and self.standing(key):
            self.state["out"][key] = UNCONSCIOUS
            beats.append(Beat(key, f"{self.verb(key, 'fall', 'falls')} unconscious."))

    def used_essence(self, key: str) -> None:
        """Using Essence while strained keeps the strain a round longer (book line 880)."""
        if STRAINED in self.character(key).conditions:
            self.state.setdefault("strained", {})[key] = self.state["round"]

    def strain(self, key: str, beats: list[Beat]) -> None:
        """A negative impact on Essence: strained, or already strained 1 head injury through
        protection (:func:`.body.strain`); it wears off after one full round (line 880)."""
        character = self.character(key)
        again = STRAINED in character.conditions
        strain(character)
        are = self.verb(key, "are", "is")
        if again:
            beats.append(Beat(key, f"{are} already strained: {self.possessive(key)} head takes an "
                                   "injury that no protection stops."))
        else:
            beats.append(Beat(key, f"{are} strained."))
        self.state.setdefault("strained", {})[key] = self.state["round"]
        if self.ruleset.incapacitated(character) and self.standing(key):
            self.state["out"][key] = UNCONSCIOUS
            beats.append(Beat(key, f"{self.verb(key, 'fall', 'falls')} unconscious."))

    def ease_strain(self, beats: list[Beat]) -> None:
        """At a round's start: strain from two rounds back (a full round has passed) wears off."""
        marks = self.state.setdefault("strained", {})
        for key in self.order:
            conditions = self.character(key).conditions
            if STRAINED in conditions and marks.get(key, 0) <= self.state["round"] - 2 and self.standing(key):
                conditions.remove(STRAINED)
                marks.pop(key, None)
                beats.append(Beat(key, f"{self.possessive(key)[:1].upper()}{self.possessive(key)[1:]} "
                                       "strain wears off."))

    def patients(self, healer: str | None = None) -> list[str]:
        """Whom ``healer`` (default the player) may treat: themselves and their side, standing
        or knocked out, hurt."""
        healer = healer or self.player
        mine = self.side_of(healer)
        side = [healer] + [k for k in self.order if k != healer and self.side_of(k) == mine]
        return [k for k in side if any(injuries(self.character(k)).values())
                and self.state["out"].get(k) in (None, UNCONSCIOUS)]

    def treat(self, key: str, item: str, count: int, beats: list[Beat], healer: str | None = None) -> None:
        """``healer`` (default the player) uses a remedy on ``key``: ``count`` injuries off, the
        worst first (the head or vital part, then a useless part before a hurt one, in body
        order); it is used up. A fighter knocked out whose body no longer keeps them down gets
        back up."""
        me = healer or self.player
        self.character(me).items.remove(item)
        character = self.character(key)
        healed = []
        for _ in range(count):
            part = worst_part(character)
            if part is None:
                break
            heal(character, part, 1)
            healed.append(part)
        whom = ("yourself" if me == self.player else "itself") if key == me else self.name(key)
        name = gear.phrase(self.setup.item_names.get(item, item))
        parts = " and ".join(dict.fromkeys(healed))
        beats.append(Beat(me, f"{self.verb(me, 'use', 'uses')} {name} on {whom}: the {parts} "
                              f"{'heal' if len(set(healed)) > 1 else 'heals'} "
                              f"({len(healed)} injur{'y' if len(healed) == 1 else 'ies'} off)."))
        if self.state["out"].get(key) == UNCONSCIOUS and not self.ruleset.incapacitated(character):
            del self.state["out"][key]
            if key not in self.state["order"]:  # out since the start: no initiative, acts last
                self.state["order"].append(key)
            beats.append(Beat(key, f"{self.title(key)} gets back up."))

    def readjust(self, key: str, part: str, beats: list[Beat]) -> None:
        readjust(self.character(key), part)
        own = "your" if key == self.player else "its"
        beats.append(Beat(key, f"{self.verb(key, 'put', 'puts')} {gear.phrase(self.protector(key, part))} on "
                               f"{own} {part} right."))

    def study(self, dice: Dice, key: str, target: str, beats: list[Beat]) -> None:
        """The passive action: a Thought check for a weak spot (+1 to the next attack on it,
        +2 on a positive impact; a negative impact gives the target +1 against the looker)."""
        self.state["studied"].setdefault(key, []).append(target)
        record = rolls.check(self.ruleset, dice, self.character(key), {"stat": "thought"}, self.near)
        rank = go.LABELS.index(record.outcome)
        label = f"{self.title(key)} studying {self.name(target)}"
        looks = f"{self.verb(key, 'look', 'looks')} {self.name(target)} over for a weak spot"
        if rank == go.NEGATIVE:
            self.add_edge(target, key, 1)
            beats.append(Beat(key, f"{looks} and lets {'your' if key == self.player else 'its'} "
                                   f"guard drop (+1 to {self.possessive(target)} next attack on "
                                   f"{self.name(key)}).", record, label))
        elif record.success:
            bonus = 2 if rank == go.POSITIVE else 1
            self.add_edge(key, target, bonus)
            just = ", just" if rank == go.NEAR else ""
            beats.append(Beat(key, f"{looks}: found{just} (+{bonus} to the next attack on it).", record, label))
        else:
            beats.append(Beat(key, f"{looks}: nothing.", record, label))
        self.learn(key, record, beats)

    def learn(self, key: str, record: RollRecord, beats: list[Beat]) -> None:
        """The player's checks in a fight earn XP and learning as any check does (the engine
        reports the XP itself; the lines here say what else the roll taught)."""
        if key != self.player:
            return
        for line in self.ruleset.experience(record, self.character(key)) or ():
            if not re.match(r"\+\d+ XP ", line):
                beats.append(Beat("", line))

    def run(self, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        """``key`` tries to get away. Returns the chaser's key, or None if nobody gave chase."""
        chasers = [k for k in self.foes(key)
                   if self.side_of(k) != ENEMY or policy.pursues(self, k)]
        chasers = [k for k in chasers if gear.can_run(self.character(k))]
        if not chasers:
            self.state["out"][key] = FLED if key == self.player else RAN
            beats.append(Beat(key, f"{self.verb(key, 'get', 'gets')} away: nobody gives chase."))
            return None
        chaser = max(chasers, key=lambda k: (self.gumption_dice(k), k == self.player))
        if self.side_of(key) != ENEMY:
            record = rolls.contest(self.ruleset, dice, self.character(key), self.character(chaser),
                                   {"stat": "gumption"}, self.near)
        else:
            record = rolls.contest(self.ruleset, dice, self.character(chaser), self.character(key),
                                   {"stat": "gumption", **self.defending(chaser)}, self.near)
        label = f"{self.title(key)} running, {self.name(chaser)} giving chase"
        runs = f"{self.verb(key, 'run', 'runs')} for it"
        if rolls.aggressor_won(record):
            self.state["out"][key] = FLED if key == self.player else RAN
            beats.append(Beat(key, f"{runs} and {'get' if key == self.player else 'gets'} away "
                                   f"from {self.name(chaser)}.", record, label))
        elif rolls.aggressor_rank(record) == go.NEGATIVE:
            stumbles = "stumble" if key == self.player else "stumbles"
            beats.append(Beat(key, f"{runs}, {stumbles}, and {self.name(chaser)} "
                                   f"{'are' if chaser == self.player else 'is'} on "
                                   f"{'you' if key == self.player else 'it'}.", record, label))
            self.counterblow(dice, chaser, key, beats)
        else:
            cuts = "cut" if chaser == self.player else "cuts"
            beats.append(Beat(key, f"{runs}; {self.name(chaser)} {cuts} {'you' if key == self.player else 'it'} off.",
                              record, label))
        return chaser

    def run_chance(self) -> tuple[Fraction, str]:
        """The player's chance to get away, and how it reads."""
        chasers = [k for k in self.foes(self.player) if policy.pursues(self, k)
                   and gear.can_run(self.character(k))]
        if not chasers:
            return Fraction(1), "nobody will give chase"
        chaser = max(chasers, key=lambda k: self.gumption_dice(k))
        chance, _ = rolls.contest_chance(self.ruleset, self.character(self.player),
                                         self.character(chaser), {"stat": "gumption"}, self.near)
        return chance, f"Gumption against {self.name(chaser)}'s: {percent(chance)} to get away"

    def talk(self, dice: Dice, target: str, beats: list[Beat]) -> None:
        me = self.player
        record = rolls.contest(self.ruleset, dice, self.character(me), self.character(target),
                               {"stat": "slyness"}, self.near)
        label = f"You talking {self.name(target)} down"
        if record.success:
            self.state["out"][target] = STOOD
            beats.append(Beat(me, f"You talk {self.name(target)} out of it: it stands down.",
                              record, label))
        elif go.LABELS.index(record.outcome) == go.NEGATIVE:
            self.add_edge(target, me, 1)
            beats.append(Beat(me, f"Your words only make {self.name(target)} angrier "
                                  f"(+1 to its next attack on you).", record, label))
        else:
            beats.append(Beat(me, f"{self.title(target)} is not listening.", record, label))


def worst_part(character: Character) -> str | None:
    """The injured part a remedy heals first: the vital part, then a useless part before a hurt
    one, in body order; None when nothing is injured."""
    marks = injuries(character)
    order = body_parts(character)
    vital = vital_part(character)
    hurt = [p for p in order if marks.get(p, 0) > 0]
    if not hurt:
        return None
    return min(hurt, key=lambda p: (p != vital, -marks[p], order.index(p)))


def initiative_order(rolled: Mapping[str, int], level: Mapping[str, int], ties: Mapping[str, int],
                     order: list[str]) -> list[str]:
    """Turns of the first round: highest total first, then higher Gumption, then the tie's d6,
    then the conflict's own order (a tie the d6 did not break)."""
    return sorted(rolled, key=lambda k: (-rolled[k], -level[k], -ties.get(k, 0), order.index(k)))


def tied(rolled: Mapping[str, int], level: Mapping[str, int]) -> list[str]:
    """The fighters who roll a d6 to break a tie: equal total and equal Gumption with another."""
    return [k for k in rolled if sum(1 for o in rolled if (rolled[o], level[o]) == (rolled[k], level[k])) > 1]


def distinct(weapons: list[gear.Weapon]) -> list[gear.Weapon]:
    """Weapons that fight differently: of several that fight alike (same quality and pairing,
    reach, injuries, edge) only the first carried is offered."""
    seen: set[tuple[Any, ...]] = set()
    found = []
    for weapon in weapons:
        profile = (weapon.quality, weapon.pairs, weapon.ranged, weapon.injuries, weapon.sharp,
                   weapon.piercing, weapon.natural, weapon.key if weapon.essence else None)
        if profile not in seen:
            seen.add(profile)
            found.append(weapon)
    return found


def quality_of(character: Character, name: str) -> int:
    key = find_quality(character, name)
    return level_of(character, key) if key is not None else 1


def quality_levels(character: Character) -> int:
    """The total of a character's quality levels (the book's XP for defeating them)."""
    return sum(int(v) for v in character.stats.values()
               if isinstance(v, int) and not isinstance(v, bool))


class Fight:
    """The GUTS+ fight (see the module docstring)."""

    procedure: ClassVar[str] = "fight"
    summary: ClassVar[str] = ("Initiative by Gumption, then rounds of turns: attacks are contests, "
                              "hits injure body parts through protection, two injuries disable a "
                              "part, a lost head knocks a fighter out.")
    results: ClassVar[tuple[str, ...]] = (WON, LOST, FLED, SURRENDERED, ROUTED)
    #: ``routed`` falls back to ``won``: an adventure that does not care how the foes left needs
    #: no branch for it.
    fallbacks: ClassVar[Mapping[str, str]] = {ROUTED: WON}
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = PARAMETERS

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- analysis ----------------------------------------------------------------------------
    def analysis_state(self, state: Mapping[str, Any]) -> Mapping[str, Any]:
        """The state without the initiative totals: they are written once, for the log, and every
        rule reads the order they gave (``order``), so ``solo analyze`` keys fights without them
        (two entries whose starts rolled different totals for one order are one state)."""
        return {k: v for k, v in state.items() if k != "initiative"}

    def outcome_classes(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                        extra: Any) -> "tuple[list[tuple[Fraction, list[Any]]], Fraction] | None":
        """The call's distinct results with exact odds, for ``solo analyze`` (:mod:`.classes`)."""
        from solo.rules.guts_plus.fight.classes import outcome_classes

        return outcome_classes(self, what, setup, state, extra)

    # -- checking ----------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        from solo.rules.guts_plus.fight.checks import setup_problems

        return setup_problems(setup)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        found = [WON, LOST]
        if _flag(setup.params, "flee", True):
            found.append(FLED)
        if _flag(setup.params, "surrender", False):
            found.append(SURRENDERED)
        if any(f.behaviour == "cautious" for f in setup.side(ENEMY)):
            found.append(ROUTED)
        return tuple(found)

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        state: dict[str, Any] = {
            "round": 1, "step": "turn", "order": [], "initiative": {}, "queue": [], "acted": [],
            "held": [], "reacted": [], "passive": False, "out": {}, "edges": {}, "torn": {},
            "fumbled": [], "last_attacker": {}, "studied": {}, "pending": None, "blow": None,
        }
        bout = Bout(self.ruleset, setup, state)
        beats: list[Beat] = []
        for f in setup.fighters:
            sync_protection(f.character, setup.items)
            injuries(f.character)  # every fighter's record of injuries, as the first view made it
            if self.ruleset.incapacitated(f.character):
                bout.state["out"][f.key] = UNCONSCIOUS
                beats.append(Beat(f.key, f"{bout.title(f.key)} cannot fight (unconscious)."))
        found = bout.result()
        if found is None:
            bout.initiative(dice, beats)
            found = bout.advance(dice, beats)
        return ConflictStep(bout.state, beats, bout.state["round"], found)

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        bout = Bout(self.ruleset, setup, state)
        step = bout.state["step"]
        if step == "aim":
            return self._aim_decision(bout)
        if step == "react":
            return self._react_decision(bout)
        if step == "look":
            return self._look_decision(bout)
        if step != "turn":
            raise ConflictError("the fight is over")
        return self._turn_decision(bout)

    def _attack_hint(self, bout: Bout, target: str, weapon: gear.Weapon, helper: str | None,
                     chance: Fraction, odds: Any) -> str:
        me = bout.player
        stat = gear.attack_stat(bout.character(me), weapon)
        mine = bout.ruleset.parse_check({"stat": stat}, bout.character(me))
        theirs = bout.defence_dice(target)
        hard = odds.outcomes["positive-impact"]
        dice_text = f"{'+'.join(display_name(q) for q in stat)} {mine.dice}d"
        if helper is not None:
            helping = bout.ruleset.parse_check({"stat": stat, "helper": bout.character(helper)},
                                               bout.character(me)).helper_dice
            dice_text += f" + {bout.name(helper)}'s {helping}d"
        edge = bout.edge(me, target)
        if edge:
            dice_text += f" {edge:+d}"
        return (f"{dice_text} vs {theirs}d: {percent(chance)} to hit, {percent(hard)} hard")

    def _turn_decision(self, bout: Bout) -> Decision:
        me = bout.player
        state = bout.state
        actions: list[Action] = []
        foes = bout.foes(me)
        helpers = bout.helpers()
        priced = not bout.setup.quiet  # a quiet game reads no odds: the same actions without them
        for foe in foes:
            for weapon in distinct(bout.weapons(me)):
                with_what = bout.with_what(me, weapon)
                for helper in [None] + helpers:
                    key = f"attack:{foe}:{weapon.key}" + (f":{helper}" if helper else "")
                    text = f"Attack {bout.name(foe)} {with_what}"
                    if helper:
                        text += f", {bout.name(helper)} helping"
                    if not priced:
                        actions.append(Action(key, text))
                        continue
                    chance, odds = bout.attack_chance(me, foe, weapon, helper)
                    actions.append(Action(key, text, chance,
                                          self._attack_hint(bout, foe, weapon, helper, chance, odds)))
        for part in bout.loose_parts(me):
            actions.append(Action(f"readjust:{part}",
                                  f"Re-adjust {gear.phrase(bout.protector(me, part))} on your {part}",
                                  hint="it takes 2 marks again"))
        for item, count in gear.remedies(bout.character(me), bout.setup.items):
            name = gear.phrase(bout.setup.item_names.get(item, item))
            for patient in bout.patients():
                whom = "yourself" if patient == me else bout.name(patient)
                part = worst_part(bout.character(patient))
                down = " (knocked out)" if bout.state["out"].get(patient) else ""
                actions.append(Action(f"heal:{item}:{patient}", f"Use {name} on {whom}{down}",
                                      hint=f"{count} injur{'y' if count == 1 else 'ies'} off, the {part} first; "
                                           "it is used up"))
        for part in bout.torn(me):
            actions.append(Action(f"readjust:{part}", f"Re-adjust {gear.phrase(bout.protector(me, part))} on your {part}",
                                  enabled=False, reason="torn: it can be mended only after the fight"))
        if not state["passive"]:
            actions += self._looks(bout, "(passive, then act)")
        if bout.can_talk:
            for foe in foes:
                if not priced:
                    actions.append(Action(f"talk:{foe}", f"Talk {bout.name(foe)} out of fighting"))
                    continue
                chance, _ = rolls.contest_chance(bout.ruleset, bout.character(me), bout.character(foe),
                                                 {"stat": "slyness"}, bout.near)
                actions.append(Action(f"talk:{foe}", f"Talk {bout.name(foe)} out of fighting", chance,
                                      f"Slyness against Slyness: {percent(chance)}"))
        if bout.can_flee:
            chance, hint = bout.run_chance() if priced else (None, "")
            able = gear.can_run(bout.character(me))
            actions.append(Action("flee", "Run for it", chance, hint, enabled=able,
                                  reason="" if able else "both legs are useless"))
        queue = state["queue"]
        if state["round"] > 1 and len(queue) > 1:
            actions.append(Action("wait", f"Hold your turn until {bout.name(queue[1])} has acted"))
        if bout.can_yield:
            actions.append(Action("yield", "Give up the fight"))
        if not state["passive"] and any(not bout.edge(me, foe) for foe in foes):
            # last, so the keys of the other actions stay those of saves and replays made before
            actions.append(Action(LOOK_AFTER, "Act first, look for a weak spot after (passive)",
                                  hint="the look then helps your next attack"))
        passive = "" if state["passive"] else " (a look for a weak spot first is free)"
        prompt = f"Round {state['round']}, your turn: what do you do?{passive}"
        return Decision(prompt, tuple(actions))

    @staticmethod
    def _looks(bout: Bout, when: str) -> list[Action]:
        """The passive action, a Thought check on each opponent not already studied."""
        me = bout.player
        found = []
        for foe in bout.foes(me):
            if bout.edge(me, foe):
                continue
            if bout.setup.quiet:
                found.append(Action(f"study:{foe}", f"Look {bout.name(foe)} over for a weak spot {when}".rstrip()))
                continue
            chance = rolls.check_chance(bout.ruleset, bout.character(me), {"stat": "thought"}, bout.near)
            found.append(Action(f"study:{foe}", f"Look {bout.name(foe)} over for a weak spot {when}".rstrip(),
                                chance, f"Thought check: {percent(chance)} to find one (+1 to your next attack)"))
        return found

    def _look_decision(self, bout: Bout) -> Decision:
        actions = self._looks(bout, "")
        actions.append(Action(SKIP_LOOK, "End your turn without looking"))
        return Decision(f"Round {bout.state['round']}, your passive action: look for a weak spot?",
                        tuple(actions))

    def _aim_decision(self, bout: Bout) -> Decision:
        pending = bout.state["pending"]
        target = pending["target"]
        character = bout.character(target)
        marks = injuries(character)
        protection = bout.protection(target)
        actions: list[Action] = []
        quiet = bout.setup.quiet  # nobody reads the hints: each part's blow is not tried on a copy
        for part in gear.usable_parts(character):
            if quiet:
                actions.append(Action(f"aim:{part}", f"At {bout.possessive(target)} {part}"))
                continue
            notes = []
            if policy.harm(bout, target, part, 2, True)[0]:
                notes.append("losing it knocks them out")
            if marks.get(part):
                notes.append(f"already injured ({marks[part]} of the 2 it can take)")
            if part in protection:
                left = 0 if part in bout.torn(target) else max(0, PROTECTION_MARKS - protection[part])
                notes.append(f"covered: its protection stops {left} more injur{'ies' if left != 1 else 'y'}" if left
                             else "its protection is torn and stops nothing")
            actions.append(Action(f"aim:{part}", f"At {bout.possessive(target)} {part}",
                                  hint="; ".join(notes)))
        actions.append(Action("aim:any", "Wherever the blow lands", hint="the dice pick a part"))
        actions.append(Action("back", "Choose something else"))
        return Decision(f"Where do you aim at {bout.name(target)}?", tuple(actions))

    def _react_decision(self, bout: Bout) -> Decision:
        blow = bout.state["blow"]
        me = bout.player
        part = blow["part"]
        count = blow["count"]
        chance = None if bout.setup.quiet else \
            rolls.check_chance(bout.ruleset, bout.character(me), {"stat": "gumption"}, bout.near)
        actions: list[Action] = []
        for cover in bout.covers(me, part):
            room = policy._room(bout, me, cover, blow["piercing"])
            hurt = injuries(bout.character(me)).get(cover, 0)
            notes = [f"covered: its protection stops {room} more injur{'ies' if room != 1 else 'y'}"] if room else []
            if hurt:
                notes.append(f"already injured ({hurt} of the 2 it can take)")
            if chance is not None:
                notes.append(f"Gumption check: {percent(chance)}")
            actions.append(Action(f"react:{cover}", f"Take it on your {cover}", chance, "; ".join(notes)))
        actions.append(Action("react:none", f"Take it on your {part}"))
        injury = f"{count} injur{'y' if count == 1 else 'ies'}"
        guard = ""
        room = policy._room(bout, me, part, blow["piercing"])
        if room:
            guard = f", shielded by {gear.phrase(bout.protector(me, part))} ({room} mark{'s' if room != 1 else ''} left)"
        prompt = (f"{bout.title(blow['attacker'])} hits you with {gear.phrase(blow['weapon'])} ({injury}) "
                  f"on your {part}{guard}. React?")
        return Decision(prompt, tuple(actions))

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        bout = Bout(self.ruleset, setup, state)
        beats: list[Beat] = []
        step = bout.state["step"]
        if step == "turn":
            found = self._turn(bout, dice, key, beats)
        elif step == "aim":
            found = self._aim(bout, dice, key, beats)
        elif step == "react":
            found = self._react(bout, dice, key, beats)
        elif step == "look":
            found = self._look(bout, dice, key, beats)
        else:
            raise ConflictError("the fight is over")
        return ConflictStep(bout.state, beats, bout.state["round"], found)

    def _finish(self, bout: Bout, dice: Dice, beats: list[Beat]) -> str | None:
        """The player's active action is done: the look kept for after comes now (while there
        is someone to look at), else the turn ends."""
        me = bout.player
        state = bout.state
        if (state["passive"] == LATER and bout.standing(me) and bout.result() is None
                and any(not bout.edge(me, foe) for foe in bout.foes(me))):
            state["step"] = "look"
            return None
        bout.end_turn(me)
        return bout.advance(dice, beats)

    def _look(self, bout: Bout, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        state = bout.state
        target = key.partition(":")[2]
        if key != SKIP_LOOK and (not key.startswith("study:") or target not in bout.foes(bout.player)
                                 or bout.edge(bout.player, target)):
            raise ConflictError(f"cannot look {target!r} over now")
        state["passive"] = True
        state["step"] = "turn"
        if key != SKIP_LOOK:
            bout.study(dice, bout.player, target, beats)
        return self._finish(bout, dice, beats)

    def _turn(self, bout: Bout, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        me = bout.player
        state = bout.state
        kind, _, rest = key.partition(":")
        if kind == "attack":
            target, _, rest = rest.partition(":")
            item, _, helper = rest.partition(":")
            if target not in bout.foes(me):
                raise ConflictError(f"no opponent {target!r} to attack")
            weapon = bout.weapon(me, item)
            if helper and helper not in bout.helpers():
                raise ConflictError(f"{helper!r} cannot help now")
            parts = gear.usable_parts(bout.character(target))
            if len(parts) > 1:
                state["pending"] = {"target": target, "weapon": weapon.key, "helper": helper or None}
                state["step"] = "aim"
                return None
            bout.attack(dice, me, target, weapon, parts[0] if parts else None, helper or None, beats)
            return self._finish(bout, dice, beats)
        if kind == "heal":
            item, _, patient = rest.partition(":")
            remedy = dict(gear.remedies(bout.character(me), bout.setup.items))
            if item not in remedy or patient not in bout.patients():
                raise ConflictError(f"cannot use {item!r} on {patient!r} now")
            bout.treat(patient, item, remedy[item], beats)
            return self._finish(bout, dice, beats)
        if kind == "readjust":
            if rest not in bout.loose_parts(me):
                raise ConflictError(f"no loose protection on {rest!r} to re-adjust")
            bout.readjust(me, rest, beats)
            return self._finish(bout, dice, beats)
        if key == LOOK_AFTER:
            if state["passive"]:
                raise ConflictError("the passive action is already spoken for this turn")
            state["passive"] = LATER
            return None
        if kind == "study":
            if state["passive"] or rest not in bout.foes(me) or bout.edge(me, rest):
                raise ConflictError(f"cannot look {rest!r} over now")
            bout.study(dice, me, rest, beats)
            state["passive"] = True
            return None
        if kind == "talk":
            if not bout.can_talk or rest not in bout.foes(me):
                raise ConflictError(f"cannot talk {rest!r} down")
            bout.talk(dice, rest, beats)
            return self._finish(bout, dice, beats)
        if key == "flee":
            if not bout.can_flee or not gear.can_run(bout.character(me)):
                raise ConflictError("you cannot run now")
            bout.run(dice, me, beats)
            found = bout.result()
            return found if found is not None else self._finish(bout, dice, beats)
        if key == "wait":
            queue = state["queue"]
            if state["round"] <= 1 or len(queue) < 2:
                raise ConflictError("nobody to let go first")
            queue[0], queue[1] = queue[1], queue[0]
            beats.append(Beat(me, f"You hold your turn and let {bout.name(queue[0])} go first."))
            return bout.advance(dice, beats)
        if key == "yield" and bout.can_yield:
            state["yielded"] = True
            beats.append(Beat(me, "You give up the fight."))
            state["step"] = "over"
            return SURRENDERED
        raise ConflictError(f"no action {key!r} now")

    def _aim(self, bout: Bout, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        state = bout.state
        pending = state["pending"]
        if key == "back":
            state["pending"] = None
            state["step"] = "turn"
            return None
        part = key.partition(":")[2]
        target = pending["target"]
        if not key.startswith("aim:") or (part != "any" and part not in gear.usable_parts(bout.character(target))):
            raise ConflictError(f"cannot aim at {part!r}")
        state["pending"] = None
        weapon = bout.weapon(bout.player, pending["weapon"])
        helper = pending.get("helper")
        if helper and helper not in bout.helpers():
            helper = None
        bout.attack(dice, bout.player, target, weapon, None if part == "any" else part, helper, beats)
        return self._finish(bout, dice, beats)

    def _react(self, bout: Bout, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        state = bout.state
        blow = state["blow"]
        me = bout.player
        part = blow["part"]
        choice = key.partition(":")[2]
        if not key.startswith("react:") or (choice != "none" and choice not in bout.covers(me, part)):
            raise ConflictError(f"cannot take the blow on {choice!r}")
        if choice != "none":
            part = bout.react(dice, me, part, choice, beats)
        else:
            state["reacted"].append(me)
        state["blow"] = None
        bout.land(me, part, blow["count"], blow["weapon"], blow["sharp"], blow["piercing"], beats)
        bout.end_turn(blow["attacker"])
        return bout.advance(dice, beats)

    # -- showing -----------------------------------------------------------------------------
    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        from solo.rules.guts_plus.fight.view import fight_view

        return fight_view(Bout(self.ruleset, setup, state))

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        bout = Bout(self.ruleset, setup, state)
        beats: list[Beat] = []
        fallen: dict[str, str] = {}
        out = bout.state["out"]
        defeated = [k for k in bout.order if bout.side_of(k) == ENEMY and out.get(k) in DEFEATED]
        awards: dict[str, int] = {}
        if defeated and _flag(setup.params, "xp", True):
            xp = sum(quality_levels(bout.character(k)) for k in defeated)
            if xp:
                awards["xp"] = xp
                beats.append(Beat("", f"Defeated: {', '.join(bout.name(k) for k in defeated)} "
                                      f"(their qualities total {xp}: +{xp} XP)."))
        for key in bout.order:
            character = bout.character(key)
            mended = [p for p, marks in bout.protection(key).items() if marks]
            for part in mended:
                readjust(character, part)
            if mended and key == bout.player:
                beats.append(Beat(key, "With the fight over you put your protection right"
                                       + (" and mend what was torn." if bout.torn(key) else ".")))
            if out.get(key) == UNCONSCIOUS:
                if key == bout.player:
                    beats.append(Beat(key, "You are unconscious, and will not come round until "
                                           "your injuries are treated."))
                else:
                    fallen[key] = UNCONSCIOUS
        bout.state["torn"] = {}
        return Conclusion(beats, awards, fallen)
