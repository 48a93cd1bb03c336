"""The four-s ``fight``: enemy and player phases, Action Points, zones, items and the shared pool.

This module owns the book's combat as a conflict procedure: the order of phases, what the
player may do in theirs, and when the engine's side acts. The mechanics are :mod:`.battle`'s,
the other side's choices :mod:`.policy`'s, items :mod:`.gear`'s, zones :mod:`.zones`'s, the
enemies' pool and rolls :mod:`.pool`'s, role-play moves :mod:`.moves`'s.

A round is an **enemy phase** and a **player phase**, the enemy phase first unless
``params.first`` is ``player`` (the book: combat "generally starts with an Enemy Phase").

* **Enemy phase.** The enemy side's rolls come back (all it bought with the party's Stat
  Points); every opponent acts in turn by its behaviour (:mod:`.policy`): moves (a d3 or a
  Combat Point a zone), attacks (its share of the dice, plus Combat Points), heals, grapples.
  The party's blocks take damage off the blows. A grapple on the player asks them how many of
  the AP they kept from their phase to spend on more d3 (a decision, with the exact odds).
* **Player phase.** The player and every companion get back 6 AP (AP never carry over). The
  player acts one action at a time, each a decision: move to a zone one can reach from theirs
  (1 AP), use an item (its speed: fast 1, normal 2, slow 3, special 4-6 AP) on a target within
  reach, strike with bare hands (2 AP, 1d3) if they carry no weapon, role-play one of the
  adventure's moves (first the move and its target, then how many AP: one d3 each, plus the
  stat's Roleplay Bonus, each count shown with its exact odds), break free of a grapple, leave
  the fight from an exit zone (1 AP), yield (where allowed), or end the phase, keeping what AP
  are left for resisting in the enemy phase. At 0 AP the phase ends by itself. Then the
  companions act, and the enemy phase follows.

After an action that deals damage or heals, the critical d6: a 6 doubles it. A fighter at 0
Health is out of the fight and can no longer be healed in it. The fight is **won** when the
pool is empty (every opponent out), **lost** when the player is at 0 Health (the book: the
players lose when all of them are at 0; the solo player is all of them), **fled** when the
player leaves through an exit or a role-play move ends it so, **surrendered** when the player
yields (``surrender: true``) or a move ends it so.

**Afterwards** (the book: "After combat, players are fully healed unless ... otherwise stated
by the GM") the player and the companions are back to full Health whatever the result, unless
``params.heal`` is false: then Health stays as the fight left it (but never above the maximum),
and a player left at 0 Health is out until the adventure heals them (``award: {health: n}``).

**Decisions** where the book is silent (beyond those of the other modules):

* The enemy side's damage dice have no critical d6: the book's criticals follow the players'
  Actions, and the GM's dice are already the price paid out of the pool.
* AP a player keeps at the end of their phase may buy more d3 against a grapple in the enemy
  phase (the book: players may act in the enemy phase where an Action says so); a fighter
  answering a grapple also rolls one free d3, as an enemy opposing role-play does, plus the
  Roleplay Bonus of Strength or Skill, whichever is better. The player defends: a tie is theirs
  (the book's tie: nothing happens). A grapple lasts until the next enemy phase begins.
* Entering a zone where a foe stands ends one's movement for the phase ("you cannot move
  through players or enemies"); starting the phase there does not keep one in.
* Companions are party members: their Stat Points count in PSP and they are healed afterwards.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from solo.rules.conflict import (
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
from solo.rules.dice import Dice
from solo.rules.four_s.fight import gear, policy, pool
from solo.rules.four_s.fight.battle import DEFEATED, OUT, Battle
from solo.rules.four_s.fight.moves import BREAK_FREE, Move
from solo.rules.four_s.ruleset import MAX_AP

PARAMETERS: dict[str, str] = {
    "difficulty": "easy, normal or hard: the enemies' shared Health is half, once or twice the "
                  "party's Stat Points (default normal)",
    "first": "which phase opens each round: enemy (the book's usual, default) or player",
    "zones": "the battlefield: each zone and the zones one can move to from it (default: one zone)",
    "start": "where fighters stand at first: party, player, enemies, an npc id or a fighter key -> zone",
    "exits": "zones the player may leave the fight from (result fled); default none",
    "heal": "whether the party is back to full Health afterwards (default true)",
    "surrender": "whether the player may yield (result surrendered; default false)",
    "roleplay": "role-play moves the fight offers: id, text, stat, goal or against: foe, and what "
                "success does (damage, hold, ends)",
}
MAX_RESIST_AP = MAX_AP - 1  # the free d3 and up to five more: six dice at most


def run_from(b: Battle, dice: Dice, beats: list[Beat], phase: str) -> str | None:
    """Begin ``phase`` and play on until the player must decide or the fight ends."""
    while True:
        if not b.begin_phase(phase, beats):
            return None  # past the round limit: the engine ends it with the conflict's at_limit
        if phase == PLAYER:
            return b.result()
        found = enemy_phase(b, dice, beats)
        if found is not None or b.state["step"] == "resist":
            return found
        phase = PLAYER


def enemy_phase(b: Battle, dice: Dice, beats: list[Beat]) -> str | None:
    """Every opponent acts in turn from where the phase stands (it pauses for a grapple)."""
    enemies = b.enemies()
    while b.state["acting"] < len(enemies):
        index = b.state["acting"]
        key = enemies[index]
        b.state["acting"] = index + 1
        if not b.standing(key):
            continue
        later = sum(1 for k in enemies[index:] if b.standing(k) and k not in b.state["stunned"]
                    and policy.STRIKES & set(b.enemy_actions(k)))
        grapple = policy.enemy_turn(b, dice, key, later, beats)
        if grapple is not None:
            target = grapple["target"]
            if target == b.player and b.ap(target) > 0:
                b.state["step"] = "resist"
                b.state["pending"] = grapple
                return None
            extra = 0 if target == b.player else min(b.ap(target), MAX_RESIST_AP)
            b.resist(dice, target, key, extra, grapple["dice"], grapple["cp"], beats, int(grapple.get("shove", 0)))
        found = b.result()
        if found is not None:
            return found
    return None


def end_player_phase(b: Battle, dice: Dice, beats: list[Beat]) -> str | None:
    for key in b.party():
        if key != b.player and b.standing(key):
            policy.companion_turn(b, dice, key, beats)
            found = b.result()
            if found is not None:
                return found
    return run_from(b, dice, beats, ENEMY)


class Fight:
    """The four-s fight (see the module docstring)."""

    procedure: ClassVar[str] = "fight"
    summary: ClassVar[str] = ("Enemy and player phases: 6 AP a phase for moves, items and role-play; the "
                              "enemies share one Health pool and buy their rolls with the party's SP.")
    results: ClassVar[tuple[str, ...]] = (WON, LOST, FLED, SURRENDERED)
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = PARAMETERS

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- checking ----------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        from solo.rules.four_s.fight.checks import setup_problems

        return setup_problems(setup)

    def item_problems(self, rules: Mapping[str, Any]) -> list[tuple[str, str]]:
        """What is wrong with an item's ``rules:`` for this fight: (the key at fault, message)."""
        return gear.item_problems(rules)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        b = Battle(self.ruleset, setup, {})
        ends = {m.ends for m in b.moves.values() if m.ends}
        found = [WON, LOST]
        if b.zones.exits or FLED in ends:
            found.append(FLED)
        if setup.params.get("surrender") is True or SURRENDERED in ends:
            found.append(SURRENDERED)
        return tuple(found)

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        b = Battle.fresh(self.ruleset, setup)
        s = b.state
        foes = len(b.enemies())
        beats = [Beat("", f"The enemies share {s['pool']} Health ({b.difficulty}, from the party's "
                          f"{s['psp']} SP){'' if foes == 1 else f', {foes} ways'}; each enemy phase they "
                          f"may use {pool.bank_text(s['purchase'])}.")]
        for key in b.party():
            if not b.standing(key):
                beats.append(Beat(key, f"{b.title(key)} cannot fight at 0 Health."))
        found = b.result()
        if found is None:
            found = run_from(b, dice, beats, b.first)
        return ConflictStep(b.state, beats, b.state["round"], found)

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        b = Battle(self.ruleset, setup, state)
        step = b.state["step"]
        if step == "resist":
            return self._resist_decision(b)
        if step == "dice":
            return self._dice_decision(b)
        return self._act_decision(b)

    def _act_decision(self, b: Battle) -> Decision:
        me = b.player
        ap = b.ap(me)
        actions: list[Action] = []
        why_not = b.can_move(me)
        for zone in b.zones.access.get(b.zone(me), ()):
            foes_there = [f for f in b.foes_of(me) if b.zone(f) == zone]
            hint = f"{len(foes_there)} foe{'s' if len(foes_there) != 1 else ''} there" if foes_there else ""
            actions.append(Action(f"move:{zone}", f"Move to {b.zones.name(zone)} (1 AP)", hint=hint,
                                  enabled=not why_not, reason=why_not))
        if b.zone(me) in b.zones.exits:
            actions.append(Action("leave", f"Leave the fight through {b.zones.name(b.zone(me))} (1 AP)",
                                  hint="ends the fight: fled", enabled=not why_not, reason=why_not))
        for use in b.uses(me):
            actions.extend(self._use_actions(b, use, ap))
        if me in b.state["held"]:
            holder = b.state["held"][me]
            actions.append(Action(f"roleplay:{BREAK_FREE}",
                                  f"Break free of {b.by_key[holder].name} (role-play, 1 AP a d3)"))
        for move in b.available_moves(me):
            targets = b.move_targets(me, move) if move.targeted else [None]
            if move.targeted and not targets:
                actions.append(Action(f"roleplay:{move.id}", f"{move.text} (role-play)", enabled=False,
                                      reason="no foe in your zone"))
            elif move.area and move.ends is None and not any(b.zone(f) == b.zone(me) for f in b.foes_of(me)):
                # an area move that only strikes or holds would spend AP on an empty zone
                actions.append(Action(f"roleplay:{move.id}", f"{move.text} (role-play)", enabled=False,
                                      reason="no foe in your zone"))
                continue
            for target in targets:
                key = f"roleplay:{move.id}" + (f":{target}" if target else "")
                text = f"{move.text} (role-play)" if target is None else \
                    f"{move.text}: {b.by_key[target].name} (role-play)"
                actions.append(Action(key, text, hint=self._move_hint(move)))
        if b.setup.params.get("surrender") is True:
            actions.append(Action("yield", "Yield", hint="ends the fight: surrendered"))
        keep = f", keeping {ap} AP to resist grapples" if ap else ""
        actions.append(Action("end", f"End your phase{keep}"))
        prompt = f"{ap} AP left. What do you do?"
        return Decision(prompt, tuple(actions))

    @staticmethod
    def _move_hint(move: Move) -> str:
        does = []
        if move.damage is not None:
            does.append(f"{move.damage} damage" + (" to all in the zone" if move.area else ""))
        if move.hold:
            does.append("holds " + ("them" if move.area else "it") + " back")
        if move.ends:
            does.append(f"ends the fight: {move.ends}")
        goal = f"goal {move.goal}" if move.goal is not None else "vs its d3"
        return f"{move.stat.title()} {goal}: " + ", ".join(does)

    def _use_actions(self, b: Battle, use: gear.Use, ap: int) -> list[Action]:
        me = b.player
        name = "Bare hands" if not use.item else use.name[:1].upper() + use.name[1:]
        cost = f"({use.ap} AP)"
        base = f"use:{use.item or 'hands'}"
        plain = f"{name} {cost}: {use.what()}"
        if use.ap > ap:
            return [Action(base, plain, enabled=False, reason=f"needs {use.ap} AP, you have {ap}")]
        if use.area:
            zones = b.target_zones(me, use)
            if not zones:
                return [Action(base, plain, enabled=False, reason="no foe within reach")]
            return [Action(f"{base}:@{z}", f"{name}: everyone in {b.zones.name(z)} {cost}", hint=use.what())
                    for z in zones]
        if use.offensive:
            targets = b.targets_of(me, use)
            if not targets:
                return [Action(base, plain, enabled=False, reason="no foe within reach")]
            verb = "hit " if use.damage is not None else ""
            return [Action(f"{base}:{t}", f"{name}: {verb}{b.by_key[t].name} {cost}",
                           hint="" if b.setup.quiet else self._damage_hint(b, use, t)) for t in targets]
        if use.heal is not None:
            targets = b.targets_of(me, use)
            if not targets:
                return [Action(base, plain, enabled=False, reason="nobody to heal")]
            return [Action(f"{base}:{t}", f"{name}: heal {'yourself' if t == me else b.by_key[t].name} {cost}",
                           hint=use.what()) for t in targets]
        return [Action(f"{base}:{me}", plain)]

    @staticmethod
    def _damage_hint(b: Battle, use: gear.Use, target: str) -> str:
        if use.damage is None:
            return use.what()
        need = b.health(target) + int(b.state["wards"].get(target, 0))
        drop = gear.chance_at_least(gear.critical_distribution(use.damage), need)
        return f"{use.damage}, {percent(drop)} to drop them"

    def _dice_decision(self, b: Battle) -> Decision:
        me = b.player
        pending = b.state["pending"] or {}
        move = b.move_of(str(pending.get("move")))
        target = pending.get("target")
        actions = []
        for n in range(1, min(b.ap(me), MAX_AP) + 1):
            odds, hint = (None, "") if b.setup.quiet else self._roll_odds(b, move, n, target)
            actions.append(Action(f"dice:{n}", f"Spend {n} AP: {n}d3", odds, hint))
        actions.append(Action("back", "Do something else"))
        against = f" against {b.by_key[target].name}" if target else ""
        return Decision(f"{move.text}{against}: how many AP (one d3 each)?", tuple(actions))

    def _roll_odds(self, b: Battle, move: Move, n: int, target: str | None) -> tuple[Any, str]:
        me = b.player
        params = b.roll_params(me, move, n, target)
        character = b.character(me)
        if move.against and target is not None:
            odds = self.ruleset.contest_odds(character, b.character(target), params).outcomes["success"]
            theirs = f"{params['opponent_ap']}d3" + (f"+{params['opponent_modifier']}"
                                                     if params["opponent_modifier"] else "")
            return odds, f"{n}d3+{self._bonus(b, params)} vs their {theirs}: {percent(odds)}"
        odds = self.ruleset.check_odds(character, params).outcomes["success"]
        return odds, f"{n}d3+{self._bonus(b, params)} vs goal {move.goal}: {percent(odds)}"

    @staticmethod
    def _bonus(b: Battle, params: Mapping[str, Any]) -> int:
        return b.bonus_of(b.player, str(params["stat"]))

    def _resist_decision(self, b: Battle) -> Decision:
        me = b.player
        pending = b.state["pending"] or {}
        grappler = str(pending.get("grappler"))
        actions = []
        for k in range(0, min(b.ap(me), MAX_RESIST_AP) + 1):
            text = "Resist with the free d3" if k == 0 else f"Resist with {k} AP more: {1 + k}d3"
            if b.setup.quiet:  # a quiet game reads no odds: the same action without them
                actions.append(Action(f"resist:{k}", text))
                continue
            params = b.resist_params(me, grappler, k, int(pending.get("dice", 1)), int(pending.get("cp", 0)))
            odds = self.ruleset.contest_odds(b.character(me), b.character(grappler), params).outcomes["success"]
            actions.append(Action(f"resist:{k}", text, odds,
                                  f"{percent(odds)} to stand firm" if pending.get("shove") else
                                  f"{percent(odds)} to stay free"))
        name = b.by_key[grappler].name
        what = "shove you away" if pending.get("shove") else "grapple you"
        return Decision(f"{name} tries to {what} ({pending.get('dice', 1)}d3). You hold {b.ap(me)} AP.",
                        tuple(actions))

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        b = Battle(self.ruleset, setup, state)
        beats: list[Beat] = []
        step = b.state["step"]
        if step == "resist":
            found = self._act_resist(b, dice, key, beats)
        elif step == "dice":
            found = self._act_dice(b, dice, key, beats)
        elif step == "act":
            found = self._act_phase(b, dice, key, beats)
        else:
            raise ConflictError(f"no decision is waiting in step {step!r}")
        return ConflictStep(b.state, beats, b.state["round"], found)

    def _act_resist(self, b: Battle, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        kind, _, n = key.partition(":")
        pending = b.state["pending"] or {}
        if kind != "resist" or not n.isdigit() or int(n) > min(b.ap(b.player), MAX_RESIST_AP):
            raise ConflictError(f"no action {key!r} now")
        b.resist(dice, b.player, str(pending["grappler"]), int(n), int(pending.get("dice", 1)),
                 int(pending.get("cp", 0)), beats, int(pending.get("shove", 0)))
        b.state["step"], b.state["pending"] = "enemy", None
        found = b.result() or enemy_phase(b, dice, beats)
        if found is not None or b.state["step"] == "resist":
            return found
        return run_from(b, dice, beats, PLAYER)

    def _act_dice(self, b: Battle, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        pending = b.state["pending"] or {}
        b.state["step"], b.state["pending"] = "act", None
        if key == "back":
            return None
        kind, _, n = key.partition(":")
        if kind != "dice" or not n.isdigit() or not 1 <= int(n) <= min(b.ap(b.player), MAX_AP):
            raise ConflictError(f"no action {key!r} now")
        move = b.move_of(str(pending.get("move")))
        target = pending.get("target")
        if target is not None and not b.standing(str(target)):
            raise ConflictError(f"{target!r} is out of the fight")
        b.roleplay(dice, b.player, move, int(n), target, beats)
        return self._after_action(b, dice, beats)

    def _act_phase(self, b: Battle, dice: Dice, key: str, beats: list[Beat]) -> str | None:
        me = b.player
        kind, _, rest = key.partition(":")
        if kind == "end":
            left = b.ap(me)
            beats.append(Beat(me, "You end your phase" + (f", keeping {left} AP." if left else ".")))
            return end_player_phase(b, dice, beats)
        if kind == "yield" and b.setup.params.get("surrender") is True:
            b.state["ended"] = SURRENDERED
            beats.append(Beat(me, "You yield."))
            return SURRENDERED
        if kind in ("move", "leave"):
            if b.can_move(me) or b.ap(me) < 1:
                raise ConflictError(f"you cannot move now ({b.can_move(me) or 'no AP'})")
            if kind == "leave":
                if b.zone(me) not in b.zones.exits:
                    raise ConflictError("there is no way out of the fight from here")
                b.leave(me, beats)
                return FLED
            if not b.zones.can_move(b.zone(me), rest):
                raise ConflictError(f"you cannot move to {rest!r} from here")
            b.spend_ap(me, 1)
            b.move(me, rest, beats, b.ap_text(me, 1))
            return self._after_action(b, dice, beats)
        if kind == "use":
            item, _, target = rest.partition(":")
            use = gear.BARE_HANDS if item == "hands" else b.use_of(me, item)
            if use is None or use not in b.uses(me) or use.ap > b.ap(me):
                raise ConflictError(f"you cannot use {item!r} now")
            if use.area:
                zone = target[1:] if target.startswith("@") else ""
                if zone not in b.target_zones(me, use):
                    raise ConflictError(f"no foe in {zone!r} within reach")
                b.use_item(dice, me, use, zone, beats)
            else:
                if target not in b.targets_of(me, use):
                    raise ConflictError(f"{target!r} is not within reach of the {use.name}")
                b.use_item(dice, me, use, target, beats)
            return self._after_action(b, dice, beats)
        if kind == "roleplay":
            move_id, _, target = rest.partition(":")
            move = b.move_of(move_id)
            if move_id == BREAK_FREE:
                if me not in b.state["held"]:
                    raise ConflictError("nobody holds you")
                target = b.state["held"][me]
            elif move not in b.available_moves(me):
                raise ConflictError(f"the role-play {move_id!r} cannot be tried here")
            elif move.targeted and target not in b.move_targets(me, move):
                raise ConflictError(f"{target!r} is not in your zone")
            b.state["step"] = "dice"
            b.state["pending"] = {"move": move_id, "target": target or None}
            return None
        raise ConflictError(f"no action {key!r} now")

    @staticmethod
    def _after_action(b: Battle, dice: Dice, beats: list[Beat]) -> str | None:
        found = b.result()
        if found is not None:
            return found
        if b.ap(b.player) <= 0:
            beats.append(Beat(b.player, "You have no AP left: your phase ends."))
            return end_player_phase(b, dice, beats)
        return None

    # -- showing and ending ------------------------------------------------------------------
    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        from solo.rules.four_s.fight.view import fight_view

        return fight_view(Battle(self.ruleset, setup, state))

    def outcome_classes(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                        extra: Any) -> Any:
        """A call's distinct results with exact odds, for ``solo analyze``
        (:mod:`solo.rules.four_s.fight.classes`)."""
        from solo.rules.four_s.fight.classes import outcome_classes

        return outcome_classes(self, what, setup, state, extra)

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        b = Battle(self.ruleset, setup, state)
        beats: list[Beat] = []
        fallen: dict[str, str] = {}
        heal = setup.params.get("heal", True) is not False
        for key in b.party():
            if heal:
                b.set_health(key, b.max_health(key))
            else:
                b.set_health(key, b.health(key))  # a shield's extra Health fades with the fight
                if b.health(key) <= 0 and key != b.player:
                    fallen[key] = OUT
        if heal:
            beats.append(Beat("", "The fight is over: your side is back to full Health."))
        for key in b.enemies():
            if not b.standing(key):
                fallen[key] = DEFEATED
        return Conclusion(beats, {}, fallen)
