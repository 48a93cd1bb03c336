"""What the player may do at each moment of a GAME fight, each with its exact odds.

The decision depends on the fight's ``step``:

``orders``
    the turn's one action: attack a foe the weapon in hand reaches, block or dodge, parry a foe in
    melee, close in on a foe (one choice per group and distance), fall back (when a foe is within
    1 MU), draw another weapon, run for it, yield. Falling back and running are greyed out while
    overloaded (FP − ENC 0: too tired to stand under the load). Closing in stays offered: with
    a foe 1 MU off and no defence it can be the only action left, and the book gives no action
    for standing still (an overloaded attack still fails without a roll, see fatigue.py). A
    stunned player has one choice: to lose the action.
``surprise``
    before the first turn, a free attack (or none).
``reroll``
    the player's own check did nothing: keep it or spend a reroll.
``victory``
    no foe stands: how the defeated are left (killed, captured, beaten, driven off).

Odds are the ruleset's: an attack's is its check's chance to succeed, exactly what ``solo odds
game --skill R --difficulty D`` says for the same rating, difficulty and bonus; against a group
that strikes back at the player in the same step it is the competitive check's chance that the
player alone succeeds first, from the one-roll chances ``solo odds game --skill R --versus V
--versus-group N`` shows.
"""

from __future__ import annotations

from typing import Any

from solo.rules.conflict import Action, Decision, percent
from solo.rules.dice import RollRecord
from solo.rules.game.checks import GameCheck
from solo.rules.game.fatigue import Fatigue, read_fatigue
from solo.rules.game.fight.kit import Weapon, potions
from solo.rules.game.fight.turn import (
    DEFEAT_TEXT,
    victor_choices,
    FightTurn,
    competitive_hit,
    contest_chances,
)
from solo.rules.game.odds import success_chance
from solo.rules.game.record_words import blocked_text


def decision(turn: FightTurn, priced: bool = True) -> Decision:
    """The player's choices now. Not ``priced``: the same actions, enabled alike, without their
    odds and hints (for checking a key, or for a game nobody reads them in)."""
    step = turn.state["step"]
    if step == "victory":
        return _victory(turn)
    if step == "reroll":
        return _reroll(turn, priced)
    if step == "surprise":
        return _surprise(turn, priced)
    return _orders(turn, priced)


def _victory(turn: FightTurn) -> Decision:
    actions = tuple(Action(f"defeat:{kind}", DEFEAT_TEXT[kind]) for kind in victor_choices(turn))
    return Decision("No one is left standing against you. How do you leave them?", actions)


def _reroll(turn: FightTurn, priced: bool = True) -> Decision:
    hold = turn.state["work"]["hold"]
    record = RollRecord.from_dict(hold["record"])
    mine = GameCheck.from_dict(record.details["check"])
    odds = success_chance(mine) if priced else None
    left = turn.character(turn.player).resources.get("rerolls", 0)
    what = "the clash went against you" if record.kind == "contest" and record.outcome == "failure" else \
        "a tie" if record.kind == "contest" and record.outcome == "draw" else \
        "it failed" if not record.success else "no excess"
    actions = (
        Action("keep", "Keep the roll"),
        Action("reroll", f"Spend a reroll ({left} left)", odds,
               f"{mine.label} again: {percent(odds)} success" if odds is not None else ""),
    )
    return Decision(f"Your {mine.label} roll: {what}. Reroll it?", actions)


def check_text(turn: FightTurn, key: str, params: dict[str, Any]) -> str:
    """A check as the ruleset reads it for this fighter: "Hack/Slash 5+1, Easy 1d8 + extra die ≤1",
    or why it is not rolled ("Hack/Slash 5, not rolled: too tired to stand ...")."""
    chk = turn.ruleset.parse_check(params, turn.character(key))
    text = f"{chk.skill} {chk.rating}"
    if chk.blocked:
        return f"{text}, not rolled: {blocked_text(chk.blocked)}"
    if chk.bonus:
        text += f"{chk.bonus:+d}"
    if chk.exhausted:
        text += " −1 exhausted"
    text += f", {chk.difficulty.title()} {chk.dice_count}d8"
    if chk.extra_threshold:
        text += f" + extra die ≤{chk.extra_threshold}"
    return text


def clash_group(turn: FightTurn, foe: str, weapon: Weapon) -> list[str]:
    """The foes of ``foe``'s group declared to attack the player in the step the player's attack
    with ``weapon`` falls in (two or more make the player's attack a competitive check)."""
    me = turn.player
    phase = "ranged" if weapon.ranged else "melee"
    group = turn.group_of(foe)
    members = [k for k in turn.foes(me) if turn.group_of(k) == group and turn.order(k).get("act") == "attack"
               and turn.order(k).get("target") == me and turn.phase_of(k) == phase]
    return members if foe in members and len(members) >= 2 else []


def attack_action(turn: FightTurn, foe: str, key: str, text: str, surprise: str = "",
                  priced: bool = True) -> Action:
    if not priced:
        return Action(key, text)
    me = turn.player
    weapon = turn.wielded(me)
    params = turn.attack_params(me, foe, weapon, surprise=surprise)
    odds = turn.chance(me, params)
    armour = f"; AR {turn.kit(foe).ar}" if turn.kit(foe).ar else ""
    hint = f"{check_text(turn, me, params)}: {percent(odds)} to hit{armour}"
    members = [] if surprise else clash_group(turn, foe, weapon)
    if members:
        best, group_params = turn.pooled_check({"by": members, "target": me})
        one = contest_chances(turn.ruleset, turn, me, params, best, group_params)
        odds = competitive_hit(one["success"], one["failure"])
        hint = (f"{check_text(turn, me, params)} against their group of {len(members)}: one roll "
                f"{percent(one['success'])} you alone hit, {percent(one['draw'])} tie, rolled again: "
                f"{percent(odds)} to hit first{armour}")
    return Action(key, text, odds, hint)


def _surprise(turn: FightTurn, priced: bool = True) -> Decision:
    me = turn.player
    how = turn.state.get("surprise", "surprise")
    weapon = turn.wielded(me)
    actions = [attack_action(turn, foe, f"surprise:{foe}", f"Strike {turn.name(foe)} first with {weapon.name}", how,
                             priced)
               for foe in turn.foes(me) if turn.can_attack(me, foe)]
    actions.append(Action("hold", "Hold back"))
    return Decision("Before the first turn: a free attack, with no defence against it.", tuple(actions))


def _overloaded(load: Fatigue, verb: str) -> str:
    """Why an overloaded player cannot ``verb``: the book's FP − ENC 0."""
    return f"FP {load.fp} − ENC {load.enc} = {load.left}: too tired to stand under your load, let alone {verb}"


def _orders(turn: FightTurn, priced: bool = True) -> Decision:
    me = turn.player
    state = turn.state
    prompt = f"Turn {state['round']}: your action"
    if me in state["stunned"]:
        return Decision(prompt + " (you are stunned)",
                        (Action("stunned", "Shake off the stun (you lose this turn's action)"),))
    snare = turn.snared(me)
    if snare:
        what = "pinned" if snare.get("pin") else "ensnared"
        if priced:
            odds = turn.escape_chance(me, int(snare["intensity"]))
            params = turn.escape_params(me)
            found = [Action("struggle", "Struggle free", odds,
                            f"{check_text(turn, me, params)}: {percent(odds)} to succeed with excess "
                            f"{snare['intensity']} or more; rolled when movement is")]
        else:
            found = [Action("struggle", "Struggle free")]
        if turn.params.get("surrender") is True:
            found.append(Action("yield", "Yield"))
        return Decision(f"{prompt} (you are {what}, intensity {snare['intensity']})", tuple(found))
    weapon = turn.wielded(me)
    foes = turn.foes(me)
    actions: list[Action] = []
    for foe in foes:
        if turn.can_attack(me, foe, weapon):
            actions.append(attack_action(turn, foe, f"attack:{foe}", f"Attack {turn.name(foe)} with {weapon.name}",
                                         priced=priced))
    how = turn.defence_kind(me)
    if turn.can_defend(me) and not priced:
        actions.append(Action("block", f"{how.title()} instead of attacking"))
    elif turn.can_defend(me):
        params = turn.defence_params(me, how)
        odds = turn.chance(me, params)
        extra = turn.kit(me).talents.get("Block/Dodge", 0)
        covers = "the first hit" + (f" and {extra} more" if extra else "")
        actions.append(Action("block", f"{how.title()} instead of attacking", odds,
                              f"{check_text(turn, me, params)}: {percent(odds)}; the excess comes off "
                              f"the damage dice of {covers}"))
    else:
        actions.append(Action("block", f"{how.title()} instead of attacking", enabled=False,
                              reason="no defence while you hold a foe pinned" if turn.pinning(me) else
                              f"no dodging in {turn.kit(me).armour} armour (and nothing to block with)"))
    for foe in foes:
        if turn.can_parry(me, foe) and not priced:
            actions.append(Action(f"parry:{foe}", f"Parry {turn.name(foe)}, then riposte"))
        elif turn.can_parry(me, foe):
            params = turn.defence_params(me, "parry")
            odds = turn.chance(me, params)
            level = turn.kit(me).talents.get("Hack/Slash", 0)
            actions.append(Action(f"parry:{foe}", f"Parry {turn.name(foe)}, then riposte", odds,
                                  f"{check_text(turn, me, params)}: {percent(odds)}; the excess (up to {level}) "
                                  "comes off their hit and adds to your riposte if they do no harm"))
    seen: set[tuple[str, int]] = set()
    for foe in foes:  # one way to close in on each group at each distance
        distance = turn.distance(me, foe)
        if distance > 0 and (turn.group_of(foe), distance) not in seen:
            seen.add((turn.group_of(foe), distance))
            actions.append(Action(f"advance:{foe}", f"Close in on {turn.name(foe)} ({distance} MU away)"))
    load = read_fatigue(turn.character(me))
    if any(turn.distance(me, foe) <= 1 for foe in foes) and load.overloaded:
        # game.txt: at FP − ENC 0 too tired to stand under the load, so no stepping back either
        actions.append(Action("retreat", "Fall back 1 MU", enabled=False, reason=_overloaded(load, "step back")))
    elif any(turn.distance(me, foe) <= 1 for foe in foes):
        actions.append(Action("retreat", "Fall back 1 MU", hint="movement comes last: this turn's attacks first"))
    for other in turn.kit(me).weapons:
        if other.id != weapon.id:
            actions.append(Action(f"ready:{other.id}", f"Draw {other.name} (takes the turn)"))
    if turn.fp(me) < turn.max_fp(me):
        for item, fp in potions(turn.character(me), turn.setup.items).items():
            name = turn.setup.item_names.get(item, item)
            actions.append(Action(f"drink:{item}", f"Drink {name} ({fp} FP back; takes the turn)",
                                  hint="it works at the end of the turn, if you are still on your feet"))
    if turn.flee_allowed():
        if load.overloaded:  # game.txt: at FP − ENC 0 too tired to stand under the load, so no running
            actions.append(Action("flee", "Run for it", enabled=False, reason=_overloaded(load, "run")))
        else:
            actions.append(Action("flee", "Run for it", hint="after this turn's attacks, if you are still on your feet"))
    if turn.params.get("surrender") is True:
        actions.append(Action("yield", "Yield"))
    return Decision(prompt, tuple(actions))
