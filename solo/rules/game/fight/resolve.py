"""Resolving a GAME fight: the start, each turn's steps in the book's order, damage, the end.

A turn runs as a list of steps (:data:`~.turn.TURN_STAGES`): defence, ranged, melee, riposte,
late (after a failed parry), move. Each step first plans its rolls (who rolls what, the
player's roll first), then rolls them one by one, then lands them all at once. When the player's
own check did nothing and a reroll is at hand, the step stops after that roll and asks: the
state keeps the step, its plan, the rolls made and the roll on hold, so the fight goes on from
exactly there (a save made at that moment resumes there too). The rules are stated in
:mod:`.procedure`'s docstring.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.rules.conflict import (
    ENEMY,
    FLED,
    LOST,
    SURRENDERED,
    WON,
    Beat,
    Conclusion,
    ConflictError,
    ConflictSetup,
    ConflictStep,
)
from solo.rules.dice import Dice, RollRecord
from solo.rules.game.combat import read_damage

#: Damage-die faces a poisoned weapon's poison takes effect on (the book's example).
POISON_FACES = frozenset({2, 3})
#: A sleep die takes 1 FP on this face or lower (the book: 1-4 of the d8).
SLEEP_UP_TO = 4
from solo.rules.game.fatigue import heal, lose
from solo.rules.game.fight import policy
from solo.rules.game.fight.choices import decision
from solo.rules.game.fight.kit import potions
from solo.rules.game.fight.turn import (
    COMPETITIVE_ROLLS,
    DEFEAT_WORDS,
    DEFEATS,
    MAX_DISTANCE,
    TURN_STAGES,
    FightTurn,
    contest_params,
    victor_choices,
)
from solo.rules.game.skills import DIE

PAUSE = ""  # a step stopped for the player (a reroll, the victor's choice): no result yet
LOST_ACTION = {"action_lost": True}  # the measure of a beat in which a stun takes an action


# -- the start ----------------------------------------------------------------------------------
def _distances(setup: ConflictSetup) -> dict[str, int]:
    value = setup.params.get("distance", 0)
    found: dict[str, int] = {}
    for f in setup.side(ENEMY):
        d = value.get(f.npc, 0) if isinstance(value, Mapping) else value
        found[f.key] = d if isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= MAX_DISTANCE else 0
    return found


def frontage(params: Mapping[str, Any]) -> int | None:
    value = params.get("frontage")
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def new_state(setup: ConflictSetup) -> dict[str, Any]:
    return {
        "round": 1, "step": "orders", "stage": "", "work": {}, "dist": _distances(setup), "wield": {},
        "out": {}, "stunned": [], "orders": {}, "targets": {}, "blocks": {}, "parries": {}, "parried": {},
        "attackers": {}, "last_attackers": {}, "lost": {}, "felled_by": {}, "kinds": {}, "defeat": "",
    }


def start(ruleset: Any, dice: Dice, setup: ConflictSetup) -> ConflictStep:
    turn = FightTurn(ruleset, setup, new_state(setup))
    state = turn.state
    beats: list[Beat] = []
    room = frontage(setup.params)
    if room is not None:
        front = [k for k in turn.keys if turn.is_enemy(k) and state["dist"][k] == 0]
        for key in front[room:]:
            state["dist"][key] = 1
    for key in turn.keys:
        if turn.fp(key) <= 0:
            state["out"][key] = "defeated"
            state["kinds"][key] = "beaten"
            beats.append(Beat(key, f"{turn.title(key)} cannot fight (0 FP)."))
    for key in turn.keys:
        if turn.standing(key):
            _arm(turn, key)
    found = outcome(turn)
    if found is not None:
        return ConflictStep(state, beats, 1, found or None)
    if _surprise(turn, beats):
        if state["step"] == "surprise":
            return ConflictStep(state, beats, 1)
        state["stage"] = "surprise"
        found = run(turn, dice, beats)
        return ConflictStep(state, beats, state["round"], found or None)
    beats.append(Beat("", "Turn 1."))
    turn.declare(beats)
    return ConflictStep(state, beats, 1)


def _arm(turn: FightTurn, key: str) -> None:
    """The weapon in hand at the start: the likeliest to hit the nearest foe it can reach."""
    foes = turn.foes(key)
    kit = turn.kit(key)
    if foes:
        near = min(turn.distance(key, f) for f in foes)
        target = next(f for f in foes if turn.distance(key, f) == near)
        usable = [w for w in kit.weapons if w.band(near) is not None]
        if usable:
            best = max(usable, key=lambda w: (turn.hit_chance(key, target, w), -kit.weapons.index(w)))
            turn.state["wield"][key] = best.id
            return
    turn.state["wield"][key] = kit.weapons[0].id


def _surprise(turn: FightTurn, beats: list[Beat]) -> bool:
    """Free attacks before the first turn; True if there are any (the player may have to choose)."""
    mode = turn.params.get("surprise", "none")
    state = turn.state
    any_attack = False

    def entitled(key: str) -> str:
        if mode == "player":
            return "surprise" if turn.is_enemy(key) else ""
        if mode == "foes":
            return "" if turn.is_enemy(key) else "surprise"
        return "talent" if turn.kit(key).talents.get("Perception/Track", 0) > 0 else ""

    for key in turn.keys:
        how = entitled(key)
        if not how or not turn.standing(key) or key == turn.player:
            continue
        target = policy.choose_target(turn, key, policy.behaviour_of(turn, key))
        if turn.can_attack(key, target):
            state["orders"][key] = {"act": "surprise", "target": target, "how": how}
            any_attack = True
    how = entitled(turn.player)
    if how and turn.standing(turn.player) and any(turn.can_attack(turn.player, f) for f in turn.foes(turn.player)):
        state["step"] = "surprise"
        state["surprise"] = how
        beats.append(Beat("", "Before the first turn: " + ("you catch them unawares." if how == "surprise"
                                                           else "your eye for an ambush gives you a free attack.")))
        return True
    if any_attack:
        beats.append(Beat("", "Before the first turn: " + ("they catch you unawares." if mode == "player"
                                                           else "a free surprise attack.")))
    return any_attack


# -- the player's action ---------------------------------------------------------------------
def act(turn: FightTurn, dice: Dice, key: str, on_offer: bool = False) -> ConflictStep:
    """The player's ``key`` and what follows it; ``on_offer``: the caller took the key from the
    enabled actions of this very turn's decision, so it is not checked against them again."""
    state = turn.state
    if not on_offer:
        offered = {a.key for a in decision(turn, priced=False).actions if a.enabled}
        if key not in offered:
            raise ConflictError(f"no action {key!r} now (on offer: {', '.join(sorted(offered))})")
    beats: list[Beat] = []
    step = state["step"]
    me = turn.player
    found: str | None = None
    if step == "victory":
        kind = key.partition(":")[2]
        state["defeat"] = kind
        state["step"] = "over"
        return ConflictStep(state, beats, state["round"], WON)
    if step == "reroll":
        if not resume(turn, dice, key, beats):
            found = run(turn, dice, beats)
        return ConflictStep(state, beats, state["round"], found or None)
    if step == "surprise":
        if key.startswith("surprise:"):
            state["orders"][me] = {"act": "surprise", "target": key.partition(":")[2], "how": state["surprise"]}
        state["stage"] = "surprise"
        found = run(turn, dice, beats)
        return ConflictStep(state, beats, state["round"], found or None)
    # orders
    kind, _, rest = key.partition(":")
    if kind == "yield":
        state["out"][me] = "yielded"
        beats.append(Beat(me, "You yield."))
        return ConflictStep(state, beats, state["round"], SURRENDERED)
    if kind == "stunned":
        state["stunned"].remove(me)
        state["orders"][me] = {"act": "stunned"}
        beats.append(Beat(me, "You are stunned and lose this turn's action.", measures=LOST_ACTION))
    elif kind in ("attack", "parry", "advance"):
        state["orders"][me] = {"act": kind, "target": rest}
        if kind != "advance":
            state["targets"][me] = rest
    elif kind == "ready":
        state["orders"][me] = {"act": "ready", "item": rest}
    elif kind == "drink":
        if rest not in potions(turn.character(me), turn.setup.items):
            raise ConflictError(f"no potion {rest!r} to drink")
        state["orders"][me] = {"act": "drink", "item": rest}
    else:  # block, retreat, flee
        state["orders"][me] = {"act": kind}
    state["stage"] = TURN_STAGES[0]
    found = run(turn, dice, beats)
    return ConflictStep(state, beats, state["round"], found or None)


def run(turn: FightTurn, dice: Dice, beats: list[Beat]) -> str:
    """Play the turn's steps from the current one until the player must decide or it ends;
    the result, or :data:`PAUSE` when the player decides next."""
    state = turn.state
    while True:
        stage = state["stage"]
        if run_stage(turn, stage, dice, beats):
            state["step"] = "reroll"
            return PAUSE
        found = outcome(turn)
        if found is not None:
            if found:
                state["step"] = "over"  # the view then shows no more intents or reroll prompts
            return found
        if stage == "surprise" or stage == TURN_STAGES[-1]:
            end_turn(turn, beats, first=stage == "surprise")
            return PAUSE
        state["stage"] = TURN_STAGES[TURN_STAGES.index(stage) + 1]


def outcome(turn: FightTurn) -> str | None:
    """The fight's result once known; :data:`PAUSE` when the player must first choose how the
    defeated are left; None while it goes on."""
    state = turn.state
    me = turn.player
    reason = state["out"].get(me)
    if reason == "fled":
        return FLED
    if reason == "yielded":
        return SURRENDERED
    if reason == "defeated":
        return LOST
    if turn.foes(me):
        return None
    beaten = [k for k in turn.keys if turn.is_enemy(k) and state["out"].get(k) == "defeated"]
    allowed = victor_choices(turn)
    if beaten and len(allowed) > 1 and not state["defeat"]:
        state["step"] = "victory"
        return PAUSE
    if beaten and not state["defeat"]:
        state["defeat"] = allowed[0]
    return WON


def end_turn(turn: FightTurn, beats: list[Beat], first: bool = False) -> None:
    state = turn.state
    if not first:
        state["last_attackers"] = state["attackers"]
        state["round"] += 1
    state["attackers"] = {}
    for name in ("blocks", "parries", "parried", "orders"):
        state[name] = {}
    state["work"] = {}
    state["stage"] = ""
    state["step"] = "orders"
    if state["round"] > turn.setup.rounds:
        return  # the engine ends the fight at its limit
    beats.append(Beat("", f"Turn {state['round']}.", round=state["round"]))
    turn.declare(beats)


# -- one step ------------------------------------------------------------------------------------
def run_stage(turn: FightTurn, stage: str, dice: Dice, beats: list[Beat]) -> bool:
    """Play one step; True if it stopped for the player's reroll."""
    state = turn.state
    work = state["work"]
    if work.get("stage") != stage:
        if stage == "move":
            move(turn, beats, dice)
            return False
        plan = turn.plan_defence() if stage == "defence" else turn.plan_attacks(stage, beats)
        if stage == "riposte":
            for unit in plan:
                unit["bonus"] = riposte_bonus(turn, unit["by"][0])
        work = state["work"] = {"stage": stage, "plan": plan, "results": [], "hold": None}
    while len(work["results"]) < len(work["plan"]):
        index = len(work["results"])
        result = roll_unit(turn, index, dice, beats)
        if result is None:
            return True
        work["results"].append(result)
    if stage == "defence":
        finish_defence(turn, work)
    else:
        land(turn, work, dice, beats)
    state["work"] = {}
    return False


def riposte_bonus(turn: FightTurn, key: str) -> int:
    """A successful parry's excess as extra damage dice, if the parried foe missed or did no harm."""
    parry = turn.state["parries"].get(key) or {}
    if turn.state["parried"].get(key) in ("missed", "harmless"):
        return int(parry.get("excess", 0))
    return 0


def rerollable(turn: FightTurn, key: str, record: RollRecord) -> bool:
    """Whether the player may reroll this check of theirs: a reroll at hand, a roll the ruleset
    would reroll, and a roll that did nothing (failed, a clash lost, or no excess). A tied clash
    is not held: the book rolls it again anyway, so asking would only spend a reroll on it."""
    if key != turn.player:
        return False
    if not any(o.key == "reroll" for o in turn.ruleset.offers(record, turn.character(key))):
        return False
    excess = int(record.measures.get("excess", 0))
    if record.kind == "contest":  # a tie is rolled again by the rules: no reroll needed for it
        return record.outcome == "failure" or (record.outcome == "success" and excess <= 0)
    return not record.success or excess <= 0


def _hold(turn: FightTurn, index: int, record: RollRecord, ties: int = 0) -> None:
    turn.state["work"]["hold"] = {"unit": index, "record": record.to_dict(), "ties": ties}


def roll_unit(turn: FightTurn, index: int, dice: Dice, beats: list[Beat]) -> dict[str, Any] | None:
    """Roll one planned unit; None if it stopped for the player's reroll."""
    unit = turn.state["work"]["plan"][index]
    kind = unit["kind"]
    if kind == "competitive":
        return competitive(turn, index, dice, beats)
    if kind == "defence":
        key = unit["by"][0]
        record = turn.ruleset.check(dice, turn.character(key), turn.defence_params(key, unit["how"]))
        beats.append(defence_beat(turn, unit, record))
    else:
        if kind == "single":
            key = unit["by"][0]
            params = turn.attack_params(key, unit["target"], surprise=unit.get("how", ""))
        else:
            key, params = turn.pooled_check(unit, unit.get("how", ""))
        record = turn.ruleset.check(dice, turn.character(key), params)
        beats.append(attack_beat(turn, unit, record))
    if rerollable(turn, key, record):
        _hold(turn, index, record)
        return None
    return unit_result(turn, unit, record)


def resume(turn: FightTurn, dice: Dice, key: str, beats: list[Beat]) -> bool:
    """The player kept or rerolled the check on hold; True if it stops again for another reroll."""
    work = turn.state["work"]
    hold = work["hold"]
    index = hold["unit"]
    unit = work["plan"][index]
    record = RollRecord.from_dict(hold["record"])
    me = turn.player
    if key == "reroll":
        record = turn.ruleset.apply_offer(dice, record, turn.character(me), "reroll")
        left = turn.character(me).resources.get("rerolls", 0)
        beats.append(Beat(me, f"You spend a reroll ({left} left): {check_words(record)}.", record, "Reroll"))
        if rerollable(turn, me, record):
            hold["record"] = record.to_dict()
            return True
    work["hold"] = None
    if unit["kind"] == "competitive":
        result = competitive(turn, index, dice, beats, record, int(hold["ties"]))
        if result is None:
            return True
    else:
        result = unit_result(turn, unit, record)
    work["results"].append(result)
    return False


def competitive(turn: FightTurn, index: int, dice: Dice, beats: list[Beat],
                record: RollRecord | None = None, ties: int = 0) -> dict[str, Any] | None:
    """The book's competitive check between a lone fighter and the group it strikes back at:
    rolled again on a tie, until one side alone succeeds (at most 20 rolls)."""
    unit = turn.state["work"]["plan"][index]
    lone = unit["counter"]
    best, group_params = turn.pooled_check(unit)
    lone_params = turn.attack_params(lone, unit["counter_target"])
    params = contest_params(lone_params, group_params)
    p, q = turn.chance(lone, lone_params), turn.chance(best, group_params)
    decidable = not (p == q and p in (0, 1))
    while True:
        if record is None:
            record = turn.ruleset.contest(dice, turn.character(lone), turn.character(best), params)
            beats.append(clash_beat(turn, unit, record))
            if rerollable(turn, lone, record):
                _hold(turn, index, record, ties)
                return None
        if record.outcome == "draw" and decidable and ties + 1 < COMPETITIVE_ROLLS:
            ties += 1
            record = None
            continue
        return clash_result(turn, unit, record, best)


def unit_result(turn: FightTurn, unit: Mapping[str, Any], record: RollRecord) -> dict[str, Any]:
    excess = int(record.measures.get("excess", 0))
    if unit["kind"] == "defence":
        return {"by": unit["by"], "how": unit["how"], "target": unit.get("target"),
                "success": record.success, "excess": max(0, excess) if record.success else 0}
    attacker = unit["by"][0] if unit["kind"] == "single" else turn.pooled_check(unit)[0]
    return {"by": unit["by"], "target": unit["target"], "hit": record.success,
            "excess": max(0, excess) if record.success else 0, "attacker": attacker,
            "weapon": turn.wielded(attacker).id, "bonus": int(unit.get("bonus", 0))}


def clash_result(turn: FightTurn, unit: Mapping[str, Any], record: RollRecord, best: str) -> dict[str, Any]:
    lone = unit["counter"]
    clash = {"lone": lone, "lone_target": unit["counter_target"], "group": list(unit["by"])}
    if record.outcome == "success":
        return {"by": [lone], "target": unit["counter_target"], "hit": True, "attacker": lone,
                "excess": max(0, int(record.measures.get("excess", 0))), "weapon": turn.wielded(lone).id,
                "bonus": 0, "clash": clash}
    theirs = int(record.details["opponent"]["excess"]) if record.outcome == "failure" else 0
    return {"by": unit["by"], "target": lone, "hit": record.outcome == "failure", "attacker": best,
            "excess": max(0, theirs), "weapon": turn.wielded(best).id, "bonus": 0, "clash": clash}


def finish_defence(turn: FightTurn, work: Mapping[str, Any]) -> None:
    state = turn.state
    for result in work["results"]:
        key = result["by"][0]
        if result["how"] == "parry":
            state["parries"][key] = {"target": result["target"], "ok": result["success"],
                                     "excess": result["excess"], "used": False}
        elif result["success"] and result["excess"] > 0:
            uses = 1 + turn.kit(key).talents.get("Block/Dodge", 0)
            state["blocks"][key] = {"excess": result["excess"], "uses": uses}


# -- damage ----------------------------------------------------------------------------------------
def land(turn: FightTurn, work: Mapping[str, Any], dice: Dice, beats: list[Beat]) -> None:
    """Every hit of the step rolls its damage dice, then all of it lands at once."""
    state = turn.state
    losses: dict[str, int] = {}
    dozes: dict[str, int] = {}  # FP lost to sleep dice (exertion: back after an hour)
    stuns: list[str] = []
    blows: dict[str, str] = {}  # target -> who dealt the last blow that hurt
    for result in work["results"]:
        clash = result.get("clash")
        if clash:  # in a clash both sides attacked
            _remember(state, clash["lone"], clash["group"])
            _remember(state, clash["lone_target"], [clash["lone"]])
        else:
            _remember(state, result["target"], result["by"])
        parry = state["parries"].get(result["target"])
        if parry and parry["target"] in result["by"] and not result["hit"]:
            state["parried"][result["target"]] = "missed"
        if not result["hit"]:
            continue
        attacker = result["attacker"]
        weapon = turn.kit(attacker).weapon(result["weapon"])
        targets = [result["target"]] + sweep(turn, result, weapon)
        for target in targets:
            if damage(turn, result, target, weapon, dice, beats, losses, stuns, dozes):
                blows[target] = attacker
    for key in turn.keys:
        if key not in losses and key not in dozes:
            continue
        before = turn.fp(key)
        if losses.get(key):
            lose(turn.character(key), losses[key], exertion=False)
        if dozes.get(key):
            lose(turn.character(key), dozes[key], exertion=True)
        after = turn.fp(key)
        state["lost"][key] = int(state["lost"].get(key, 0)) + before - after
        if after <= 0 and turn.standing(key):
            fell(turn, key, blows.get(key, ""), beats)
    for key in stuns:
        if turn.standing(key) and key not in state["stunned"]:
            state["stunned"].append(key)
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'are', 'is')} stunned: "
                                   f"{turn.verb(key, 'your', 'its')} next action is lost.", measures={"stunned": True}))
    if turn.snares():
        release(turn, beats)


def _remember(state: dict[str, Any], target: str, attackers: list[str]) -> None:
    """Who attacked whom this turn (a cautious fighter turns on them next turn)."""
    found = state["attackers"].setdefault(target, [])
    found.extend(k for k in attackers if k not in found)


def sweep(turn: FightTurn, result: Mapping[str, Any], weapon: Any) -> list[str]:
    """More foes a blunt melee hit sweeps onto: one in melee per Lift/Smash talent level."""
    attacker = result["attacker"]
    if len(result["by"]) != 1 or weapon.ranged or weapon.skill != "Lift/Smash":
        return []
    levels = turn.kit(attacker).talents.get("Lift/Smash", 0)
    if not levels:
        return []
    near = [f for f in turn.foes(attacker) if f != result["target"] and turn.distance(attacker, f) == 0]
    return near[:levels]


def damage(turn: FightTurn, result: Mapping[str, Any], target: str, weapon: Any, dice: Dice,
           beats: list[Beat], losses: dict[str, int], stuns: list[str],
           dozes: dict[str, int] | None = None) -> bool:
    """Roll one hit's damage dice on ``target``; True if it costs FP. A sleep weapon's FP go to
    ``dozes`` (lost to exertion), the rest to ``losses`` (wounds)."""
    state = turn.state
    attacker = result["attacker"]
    if weapon.area and _avoided(turn, target, weapon, dice, beats):
        return False
    if weapon.ensnare:
        _ensnare(turn, target, attacker, int(result["excess"]), dice, beats)
        return False
    count = int(result["excess"]) + int(result.get("bonus", 0))
    notes: list[str] = []
    if result.get("bonus"):
        notes.append(f"+{result['bonus']} riposte")
    parry = state["parries"].get(target)
    block = state["blocks"].get(target)
    if parry and parry["ok"] and parry["target"] in result["by"] and not parry["used"]:
        parry["used"] = True
        if parry["excess"]:
            count -= parry["excess"]
            notes.append(f"−{parry['excess']} parried")
    elif block and block["uses"] > 0:
        block["uses"] -= 1
        count -= block["excess"]
        notes.append(f"−{block['excess']} {'blocked' if turn.defence_kind(target) == 'block' else 'dodged'}")
    count = max(0, count)
    faces = dice.rolls(count, DIE)
    group = len(result["by"])
    if weapon.sleep:
        return _sleep_damage(turn, target, faces, notes, beats, stuns, dozes if dozes is not None else losses)
    ar = max(0, turn.kit(target).ar - turn.ignored_ar(attacker, target, weapon))
    hurt = read_damage(faces, ar, group)
    stun = hurt.stun
    extra: list[int] = []
    levels = turn.kit(attacker).talents.get("Shoot/Fire", 0) if weapon.skill == "Shoot/Fire" and group == 1 else 0
    if levels:
        extra = dice.rolls(levels, DIE)
        stun = stun or 1 in extra
    if parry and parry["target"] in result["by"]:
        state["parried"][target] = "hurt" if hurt.fp_lost or stun else "harmless"
    poisoned = sum(1 for f in faces if f in POISON_FACES) if weapon.poison and hurt.fp_lost else 0
    losses[target] = losses.get(target, 0) + hurt.fp_lost + poisoned
    if stun:
        stuns.append(target)
    beat = damage_beat(turn, target, count, notes, hurt, ar, group, extra, stun)
    if poisoned:
        beat.text += f" Poison: {poisoned} more FP (each 2 or 3)."
        beat.measures["poison"] = poisoned
    beats.append(beat)
    if stun and weapon.kind == "unarmed" and weapon.skill == "Throw/Ensnare" and group == 1:
        _pin(turn, target, attacker, min(3, hurt.fp_lost), beats)
    return hurt.fp_lost > 0


def _avoided(turn: FightTurn, target: str, weapon: Any, dice: Dice, beats: list[Beat]) -> bool:
    """The free avoidance check an area attack allows its target; True if it escapes the hit."""
    params = turn.avoid_params(target)
    record = turn.ruleset.check(dice, turn.character(target), params)
    verb = ("leap", "leaps") if params["stat"] == "Leap/Tumble" else ("dodge", "dodges")
    if record.success:
        text = f"{turn.title(target)} {turn.verb(target, *verb)} clear of {weapon.name}: {check_words(record)}, unscathed."
    else:
        text = f"{turn.title(target)} {turn.verb(target, 'try', 'tries')} to {verb[0]} clear of {weapon.name}: failure."
    beats.append(Beat(target, text, record, f"{turn.by_key[target].name}: free avoidance",
                      {"avoided": record.success}))
    return record.success


def _ensnare(turn: FightTurn, target: str, by: str, intensity: int, dice: Dice, beats: list[Beat]) -> None:
    """A snare's hit: the target slips it at once on a Wilderness/Escape success with an excess
    reaching the hit's (the intensity), or is ensnared."""
    if not turn.standing(target):
        return
    record = turn.ruleset.check(dice, turn.character(target), turn.escape_params(target))
    slipped = record.success and int(record.measures.get("excess", 0)) >= intensity
    if slipped:
        text = f"{turn.title(target)} {turn.verb(target, 'slip', 'slips')} the snare: {check_words(record)} " \
               f"against intensity {intensity}."
    else:
        turn.hold(target, by, intensity, pin=False)
        text = f"{turn.title(target)} {turn.verb(target, 'are', 'is')} ensnared (intensity {intensity}): " \
               f"{check_words(record)}."
    beats.append(Beat(target, text, record, f"{turn.by_key[target].name}: Wilderness/Escape",
                      {"ensnared": not slipped, "intensity": intensity}))


def _pin(turn: FightTurn, target: str, by: str, intensity: int, beats: list[Beat]) -> None:
    """A martial arts stun pins (book: intensity the FP of damage, 3 at most)."""
    if turn.snared(target):
        return
    turn.hold(target, by, intensity, pin=True)
    beats.append(Beat(target, f"{turn.title(target)} {turn.verb(target, 'are', 'is')} pinned by "
                              f"{turn.name(by)} (intensity {intensity}).", measures={"pinned": intensity}))


def struggle(turn: FightTurn, key: str, dice: Dice, beats: list[Beat]) -> None:
    """An ensnared or pinned fighter's try to get free: the escape check against the intensity."""
    snare = turn.snared(key)
    if not snare:
        return
    intensity = int(snare["intensity"])
    record = turn.ruleset.check(dice, turn.character(key), turn.escape_params(key))
    free = record.success and int(record.measures.get("excess", 0)) >= intensity
    if free:
        del turn.snares()[key]
    what = "the pin" if snare.get("pin") else "the snare"
    text = f"{turn.title(key)} {turn.verb(key, 'struggle', 'struggles')} against {what} (intensity {intensity}): " \
           f"{check_words(record)}, " + ("free." if free else "still held.")
    beats.append(Beat(key, text, record, f"{turn.by_key[key].name}: Wilderness/Escape", {"freed": free}))


def release(turn: FightTurn, beats: list[Beat]) -> None:
    """Pins end when the pinner is down, gone or stunned; anyone down or gone is out of a snare."""
    snares = turn.snares()
    for key, snare in list(snares.items()):
        by = snare["by"]
        if not turn.standing(key):
            del snares[key]
        elif snare.get("pin") and (not turn.standing(by) or by in turn.state["stunned"]):
            del snares[key]
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'are', 'is')} no longer pinned."))


def _sleep_damage(turn: FightTurn, target: str, faces: list[int], notes: list[str], beats: list[Beat],
                  stuns: list[str], dozes: dict[str, int]) -> bool:
    """Sleep dice: 1 FP for each die of 1 to :data:`SLEEP_UP_TO`, a 1 stuns; no criticals, no AR."""
    lost = sum(1 for f in faces if f <= SLEEP_UP_TO)
    stun = 1 in faces
    dozes[target] = dozes.get(target, 0) + lost
    if stun:
        stuns.append(target)
    adjust = f" ({', '.join(notes)})" if notes else ""
    shown = " ".join(map(str, faces)) or "none"
    text = (f"Sleep dice on {turn.name(target)}{adjust} [{shown}]: each 1-{SLEEP_UP_TO} takes 1 FP, "
            f"{lost} FP (back after an hour's rest)" + ("; a 1 stuns" if stun else "") + ".")
    beats.append(Beat(target, text, None, "", {"sleep_dice": len(faces), "fp_lost": lost, "stun": stun,
                                                "sleep": True}))
    return lost > 0


def fell(turn: FightTurn, key: str, by: str, beats: list[Beat]) -> None:
    """``key`` is at 0 FP: defeated; the foe who felled a player or companion chooses how."""
    state = turn.state
    state["out"][key] = "defeated"
    state["felled_by"][key] = by
    if not turn.is_enemy(key):
        chosen = turn.params.get("defeat")
        if chosen not in DEFEATS:
            chosen = policy.DEFEAT_BY_BEHAVIOUR[policy.behaviour_of(turn, by)] if by else "beaten"
        state["kinds"][key] = chosen
    cleared = key in state["stunned"]
    if cleared:
        state["stunned"].remove(key)
    beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'are', 'is')} down: 0 FP.",
                      measures={"stun_cleared": True} if cleared else {}))


# -- movement ------------------------------------------------------------------------------------
def move(turn: FightTurn, beats: list[Beat], dice: Dice | None = None) -> None:
    """The last step: weapons drawn, distances closed or opened, runners gone."""
    state = turn.state
    me = turn.player
    delta: dict[str, int] = {}
    for key in turn._acting_order():
        if state["out"].get(me) == "fled":  # the player is gone: what the rest do next is not seen
            break
        order = turn.order(key)
        act = order.get("act")
        if act not in ("advance", "retreat", "flee", "ready", "drink", "struggle") or not turn.standing(key):
            continue
        if key in state["stunned"]:
            state["stunned"].remove(key)
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'are', 'is')} stunned and "
                                   f"{turn.verb(key, 'lose', 'loses')} the move.", measures=LOST_ACTION))
            continue
        if act != "struggle" and turn.snared(key):  # ensnared this turn: held where they are
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'are', 'is')} held fast and "
                                   f"{turn.verb(key, 'cannot', 'cannot')} move.", measures=LOST_ACTION))
            continue
        if act == "struggle":
            if dice is not None:
                struggle(turn, key, dice, beats)
        elif act == "ready":
            state["wield"][key] = order["item"]
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'draw', 'draws')} "
                                   f"{turn.wielded(key).name}."))
        elif act == "drink":
            drinker = turn.character(key)
            fp = potions(drinker, turn.setup.items).get(order["item"])
            if fp is None:
                continue
            drinker.items.remove(order["item"])
            name = turn.setup.item_names.get(order["item"], order["item"])
            before = turn.fp(key)
            heal(drinker, fp)
            beats.append(Beat(key, f"{turn.title(key)} {turn.verb(key, 'drink', 'drinks')} {name}: "
                                   f"{turn.fp(key) - before} FP back, {turn.fp(key)} now.",
                              measures={"fp_healed": turn.fp(key) - before}))
        elif act == "flee":
            state["out"][key] = "fled"
            beats.append(Beat(key, "You run for it and get away." if key == me else f"{turn.title(key)} runs off."))
        elif act == "retreat":
            for foe in turn.foes(key):
                delta[foe] = delta.get(foe, 0) + 1
        elif turn.is_enemy(key):
            delta[key] = delta.get(key, 0) - 1
        else:
            delta[order["target"]] = delta.get(order["target"], 0) - 1
    if state["out"].get(me) == "fled":
        return
    room = frontage(turn.params)
    enemies = [k for k in turn.keys if turn.is_enemy(k) and turn.standing(k)]
    at_front = sum(1 for k in enemies if state["dist"][k] == 0 and delta.get(k, 0) <= 0)
    for key in enemies:
        change = delta.get(key, 0)
        if not change:
            continue
        old = state["dist"][key]
        new = max(0, min(MAX_DISTANCE, old + change))
        if new == 0 and old > 0 and room is not None and at_front >= room:
            new = 1
            beats.append(Beat(key, f"{turn.title(key)} cannot get at you: there is no room."))
        elif new == 0 and old > 0:
            at_front += 1
        state["dist"][key] = new
        if new != old:
            where = "in melee" if new == 0 else f"{new} MU away"
            beats.append(Beat(key, f"{turn.title(key)}: {where}."))
    if turn.snares():
        release(turn, beats)


# -- the end ---------------------------------------------------------------------------------------
def conclude(turn: FightTurn, result: str) -> Conclusion:
    state = turn.state
    me = turn.player
    beats: list[Beat] = []
    fallen: dict[str, str] = {}
    chosen = state["defeat"] or "beaten"
    beaten = []
    for key in turn.keys:
        if state["out"].get(key) != "defeated" or key == me:
            continue
        kind = chosen if turn.is_enemy(key) else state["kinds"].get(key, "beaten")
        fallen[key] = kind
        if turn.is_enemy(key):
            beaten.append(turn.name(key) if beaten else turn.by_key[key].name)
        else:
            beats.append(Beat(key, f"{turn.title(key)} is {DEFEAT_WORDS[kind]}."))
    if beaten and result == WON:
        names = beaten[0] if len(beaten) == 1 else ", ".join(beaten[:-1]) + " and " + beaten[-1]
        beats.append(Beat("", f"{names} {'is' if len(beaten) == 1 else 'are'} {DEFEAT_WORDS[chosen]}."))
    defeat = ""
    if result == WON:
        defeat = state["defeat"]
    elif result == LOST and state["out"].get(me) == "defeated":
        defeat = state["kinds"].get(me, "beaten")
        beats.append(Beat(me, f"You are beaten: {DEFEAT_WORDS[defeat]}."))
    measures = {"defeat": defeat, "fp_lost": int(state["lost"].get(me, 0))}
    return Conclusion(beats, {}, fallen, measures)


# -- words -----------------------------------------------------------------------------------------
def check_words(record: RollRecord) -> str:
    excess = int(record.measures.get("excess", 0))
    if record.kind == "contest":
        mine = {"success": "you alone succeed", "failure": "they alone succeed", "draw": "a tie"}[record.outcome]
        return mine
    if not record.success:
        return "failure"
    return f"success, excess {excess}"


def defence_beat(turn: FightTurn, unit: Mapping[str, Any], record: RollRecord) -> Beat:
    key = unit["by"][0]
    how = unit["how"]
    verb = {"block": ("block", "blocks"), "dodge": ("dodge", "dodges"), "parry": ("parry", "parries")}[how]
    text = f"{turn.title(key)} {turn.verb(key, *verb)}"
    if how == "parry":
        text += f" {turn.name(unit['target'])}"
    if record.success and int(record.measures.get("excess", 0)) > 0:
        fewer = int(record.measures["excess"])
        text += f": {check_words(record)}, {fewer} damage {'die' if fewer == 1 else 'dice'} fewer"
    elif record.success:
        text += ": success, but excess 0 takes nothing off"
    else:
        text += ": failure"
    return Beat(key, text + ".", record, f"{turn.by_key[key].name}: {how}")


def attack_beat(turn: FightTurn, unit: Mapping[str, Any], record: RollRecord) -> Beat:
    by = unit["by"]
    target = unit["target"]
    if len(by) == 1:
        key = by[0]
        weapon = turn.wielded(key)
        head = f"{turn.title(key)} {turn.verb(key, 'attack', 'attacks')} {turn.name(target)} with {weapon.name}"
        if unit.get("how"):
            head += " (a free surprise attack)"
        if unit.get("bonus"):
            head += " (riposte)"
    else:
        names = [turn.by_key[by[0]].name] + [turn.name(k) for k in by[1:]]
        head = f"{', '.join(names[:-1])} and {names[-1]} attack {turn.name(target)} together (one check, group of {len(by)})"
        key = by[0]
    outcome = f"hit, excess {record.measures.get('excess', 0)}" if record.success else "miss"
    return Beat(key, f"{head}: {outcome}.", record, f"{turn.by_key[key].name} against {turn.by_key[target].name}")


def clash_beat(turn: FightTurn, unit: Mapping[str, Any], record: RollRecord) -> Beat:
    lone = unit["counter"]
    names = [turn.name(k) for k in unit["by"]]
    group = f"{', '.join(names[:-1])} and {names[-1]}"
    head = f"{turn.title(lone)} and {group} clash (a competitive check)"
    if record.outcome == "success":
        words = f"{turn.name(lone)} alone {turn.verb(lone, 'succeed', 'succeeds')}: a hit on " \
                f"{turn.name(unit['counter_target'])}"
    elif record.outcome == "failure":
        words = f"they alone succeed: a hit on {turn.name(lone)}"
    else:
        words = "a tie, rolled again"
    return Beat(lone, f"{head}: {words}.", record, f"{turn.by_key[lone].name} against the group")


def damage_beat(turn: FightTurn, target: str, count: int, notes: list[str], hurt: Any, ar: int,
                group: int, extra: list[int], stun: bool) -> Beat:
    name = turn.name(target)
    adjust = f" ({', '.join(notes)})" if notes else ""
    if count == 0 and not extra:
        text = f"No damage dice for {name}{adjust}."
    else:
        faces = " ".join(str(f) for f in hurt.dice) or "none"
        crit = f", criticals on {9 - group if group > 1 else 8}+" if group > 1 else ""
        text = (f"Damage on {name}: {count} {'die' if count == 1 else 'dice'}{adjust} [{faces}]{crit}: "
                f"{count} + {hurt.criticals} critical{'s' if hurt.criticals != 1 else ''} − AR {ar} = {hurt.fp_lost} FP")
        if extra:
            text += f"; interrupting dice [{' '.join(map(str, extra))}]"
        if stun:
            text += "; a 1 stuns"
        text += "."
    measures = {"damage_dice": count, "criticals": hurt.criticals, "ar": ar, "fp_lost": hurt.fp_lost, "stun": stun}
    return Beat(target, text, None, "", measures)
