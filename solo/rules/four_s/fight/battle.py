"""four-s fights: one look at a fight in progress, and everything that can happen in it.

:class:`Battle` wraps the setup and a private copy of the procedure's state, and carries out the
book's mechanics on them: Action Points spent and restored, moves between zones, items used by
speed, role-play rolls, damage and healing with the critical d6, blocks, holds and grapples,
the enemies' shared Health and the rolls the enemy side pays for (double in the player phase),
and the phases themselves. The procedure (:mod:`.procedure`) makes one per call; who does what
on the engine's side is :mod:`.policy`'s.

State (JSON-ready, in the engine's pending decision between calls):

``round``, ``phase`` (``enemy``/``player``), ``step`` (``act``: the player's phase;
``dice``: how many AP on a role-play; ``resist``: the player answers a grapple in the enemy
phase), ``phases`` (phases begun), ``ap`` (party fighter -> AP), ``zone`` (fighter -> zone),
``foe_health``/``foe_max`` (each opponent's share of the pool), ``pool`` and ``psp``,
``purchase`` and ``bank`` (the rolls bought and those left this phase), ``reserve``, ``out``
(fighter -> why), ``held`` (fighter -> who holds them), ``stunned`` (opponents losing their
next enemy phase), ``shaken`` (opponents held back in the last enemy phase, who cannot be held
again before the next), ``wards`` (fighter -> damage a block will take off the next blow),
``stopped`` (fighters who entered a foe's zone this phase), ``dealt`` (damage each party fighter
took this enemy phase), ``acting`` (the next opponent to act in the enemy phase), ``pending``
(the role-play or grapple waiting for the player), ``tried`` (once-only moves used), ``ended``
(a result a move or a yield has set).
"""

from __future__ import annotations

from math import ceil
from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.conflict import ENEMY, FLED, LOST, PLAYER, WON, Beat, ConflictError, ConflictSetup, private_state
from solo.rules.vocabulary import in_sentence
from solo.rules.dice import Dice, RollRecord
from solo.rules.reasons import reason
from solo.rules.four_s.fight import gear, pool
from solo.rules.four_s.fight.gear import Amount, Use
from solo.rules.four_s.fight.moves import BREAK_FREE, Move, read_moves
from solo.rules.four_s.fight.zones import placements, read_zones
from solo.rules.four_s.ruleset import (
    CRITICAL_FACE,
    MAX_AP,
    SYSTEM,
    party_stat_points,
    roleplay_bonus,
    stat_tiers,
)

OUT = "0 Health"
DEFEATED = "defeated"
ENEMY_ACTIONS = ("attack", "grapple", "heal", "block", "fireball", "drain", "shove")
HALF = 2  # "hurt": below half of one's Health


class Battle:
    """One look at a four-s fight (see the module docstring)."""

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.state: dict[str, Any] = private_state(state)
        self.order = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        self.player = setup.player.key
        params = setup.params
        self.zones = read_zones(params)
        self.moves = {m.id: m for m in read_moves(params)}
        self.first = "player" if params.get("first") == "player" else "enemy"
        self.difficulty = str(params.get("difficulty", pool.DEFAULT_DIFFICULTY))
        if self.difficulty not in pool.DIFFICULTIES:
            self.difficulty = pool.DEFAULT_DIFFICULTY

    # -- setting up ------------------------------------------------------------------------
    @classmethod
    def fresh(cls, ruleset: Any, setup: ConflictSetup) -> "Battle":
        battle = cls(ruleset, setup, {})
        party = [f.character for f in setup.fighters if f.side != ENEMY]
        psp = party_stat_points(party)
        total = pool.pool_size(psp, battle.difficulty)
        enemies = [f.key for f in setup.fighters if f.side == ENEMY]
        shares = pool.shares(total, len(enemies))
        bought = pool.purchase(psp)
        battle.state = {
            "round": 1, "phase": battle.first, "step": "act", "phases": 0,
            "ap": {f.key: 0 for f in setup.fighters if f.side != ENEMY},
            "zone": placements(battle.zones, params_or_empty(setup), setup.fighters),
            "foe_health": dict(zip(enemies, shares)), "foe_max": dict(zip(enemies, shares)),
            "pool": total, "psp": psp, "purchase": bought, "bank": dict(bought), "reserve": {},
            "out": {}, "held": {}, "stunned": [], "shaken": [], "wards": {}, "stopped": [], "dealt": {},
            "acting": 0, "pending": None, "tried": [], "ended": None,
        }
        for f in setup.fighters:
            if f.side != ENEMY:
                battle.clamp_health(f.key)
                if battle.health(f.key) <= 0:
                    battle.state["out"][f.key] = OUT
        return battle

    # -- who is who ------------------------------------------------------------------------
    def standing(self, key: str) -> bool:
        return key not in self.state["out"]

    def is_enemy(self, key: str) -> bool:
        return self.by_key[key].side == ENEMY

    def party(self) -> list[str]:
        return [k for k in self.order if not self.is_enemy(k)]

    def enemies(self) -> list[str]:
        return [k for k in self.order if self.is_enemy(k)]

    def foes_of(self, key: str) -> list[str]:
        mine = self.is_enemy(key)
        return [k for k in self.order if self.is_enemy(k) != mine and self.standing(k)]

    def friends_of(self, key: str) -> list[str]:
        mine = self.is_enemy(key)
        return [k for k in self.order if self.is_enemy(k) == mine and self.standing(k)]

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def name(self, key: str) -> str:
        return "you" if key == self.player else in_sentence(self.by_key[key].name)

    def title(self, key: str) -> str:
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def verb(self, key: str, plain: str, third: str) -> str:
        return plain if key == self.player else third

    def behaviour(self, key: str) -> str:
        from solo.rules.four_s.fight.policy import BEHAVIOURS

        found = self.by_key[key].behaviour
        return found if found in BEHAVIOURS else BEHAVIOURS[0]

    def level(self, key: str) -> int:
        value = self.character(key).resources.get("level", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def enemy_actions(self, key: str) -> tuple[str, ...]:
        raw = self.character(key).extra.get("actions")
        if isinstance(raw, list) and raw and all(a in ENEMY_ACTIONS for a in raw):
            return tuple(raw)
        return ("attack",)

    def enemy_reach(self, key: str) -> str:
        return "ranged" if self.character(key).extra.get("reach") == "ranged" else "melee"

    # -- health ----------------------------------------------------------------------------
    def health(self, key: str) -> int:
        if self.is_enemy(key):
            return int(self.state["foe_health"].get(key, 0))
        value = self.character(key).resources.get("health", 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def max_health(self, key: str) -> int:
        if self.is_enemy(key):
            return int(self.state["foe_max"].get(key, 0))
        value = self.character(key).resources.get("max_health", 10)
        return value if isinstance(value, int) and not isinstance(value, bool) else 10

    def set_health(self, key: str, value: int, ceiling: int | None = None) -> None:
        top = self.max_health(key) if ceiling is None else ceiling
        value = max(0, min(value, top))
        if self.is_enemy(key):
            self.state["foe_health"][key] = value
        else:
            self.character(key).resources["health"] = value

    def clamp_health(self, key: str) -> None:
        """Keep Health within 0 and the maximum (plus what a shield's overheal allows)."""
        top = self.max_health(key) + gear.MAX_OVERHEAL
        self.set_health(key, self.health(key), top)

    def hurt_party(self, key: str) -> bool:
        return self.health(key) * HALF < self.max_health(key)

    # -- zones -----------------------------------------------------------------------------
    def zone(self, key: str) -> str:
        return str(self.state["zone"].get(key, self.zones.order[0]))

    def in_reach(self, key: str, reach: str, among: list[str]) -> list[str]:
        zones = self.zones.reach(self.zone(key), reach)
        return [k for k in among if self.zone(k) in zones]

    def can_move(self, key: str) -> str:
        """Why ``key`` cannot move now, or "" if they can."""
        if key in self.state["held"]:
            return f"held by {self.by_key[self.state['held'][key]].name}"
        if key in self.state["stopped"]:
            return "you cannot move through foes: you stopped in their zone" if key == self.player \
                else "stopped in a foe's zone"
        return ""

    def move(self, key: str, zone: str, beats: list[Beat], paid: str = "") -> None:
        self.state["zone"][key] = zone
        if any(self.zone(f) == zone for f in self.foes_of(key)):
            self.state["stopped"].append(key)
        text = f"{self.title(key)} {self.verb(key, 'move', 'moves')} to {self.zones.name(zone)}"
        beats.append(Beat(key, text + (f" ({paid})." if paid else ".")))

    # -- action points ---------------------------------------------------------------------
    def ap(self, key: str) -> int:
        return int(self.state["ap"].get(key, 0))

    def spend_ap(self, key: str, amount: int) -> None:
        left = self.ap(key)
        if amount < 0 or amount > left:
            raise ConflictError(f"{self.name(key)} cannot spend {amount} AP (has {left})")
        self.state["ap"][key] = left - amount

    def ap_text(self, key: str, spent: int) -> str:
        return f"{spent} AP, {self.ap(key)} left"

    # -- items -----------------------------------------------------------------------------
    def uses(self, key: str) -> list[Use]:
        """What ``key`` can act with: their items that do something, and bare hands when none of
        them deals damage."""
        found = gear.uses_of(self.character(key).items, self.setup.items, self.setup.item_names)
        if not any(u.damage is not None for u in found):
            found.append(gear.BARE_HANDS)
        return found

    def use_of(self, key: str, item: str) -> Use | None:
        return next((u for u in self.uses(key) if u.item == item), None)

    def targets_of(self, key: str, use: Use) -> list[str]:
        """Whom ``use`` can be aimed at now: foes for damage or a hold, friends for a heal."""
        if use.offensive:
            foes = self.in_reach(key, use.reach, self.foes_of(key))
            return foes if use.damage is not None else [f for f in foes if self.holdable(f)]
        if use.heal is not None:
            return [k for k in self.in_reach(key, use.reach, self.friends_of(key))
                    if self.health(k) < self.max_health(k) + use.overheal]
        return [key]

    def target_zones(self, key: str, use: Use) -> list[str]:
        """For an area item: the zones within reach holding a foe."""
        foes = self.foes_of(key)
        return [z for z in self.zones.reach(self.zone(key), use.reach) if any(self.zone(f) == z for f in foes)]

    def use_item(self, dice: Dice, key: str, use: Use, target: str, beats: list[Beat]) -> None:
        """``key`` spends the item's AP and uses it on ``target`` (a fighter, or a zone for an
        area item)."""
        self.spend_ap(key, use.ap)
        if use.consumable and use.item in self.character(key).items:
            self.character(key).items.remove(use.item)
        who = self.title(key)
        cost = self.ap_text(key, use.ap)
        if use.block is not None:
            faces, amount = use.block.roll(dice)
            self.state["wards"][key] = max(amount, int(self.state["wards"].get(key, 0)))
            beats.append(Beat(key, f"{who} {self.verb(key, 'raise', 'raises')} the {use.name} ({cost}): "
                                   f"the next blow loses {amount}.",
                              self.record("block", faces, amount, {"item": use.item})))
        if use.heal is not None:  # an item that also strikes (a drain) heals its user
            self.heal(dice, key, key if use.offensive else target, use.heal, use.overheal, use.name, cost, beats)
        if use.offensive:
            victims = [f for f in self.foes_of(key) if self.zone(f) == target] if use.area else [target]
            label = f"with bare hands" if not use.item else f"with the {use.name}"
            self.strike(dice, key, victims, use.damage, use.hold, f"{label} ({cost})", beats)

    # -- damage, healing, blocks -----------------------------------------------------------
    def record(self, kind: str, faces: list[int], total: int, details: dict[str, Any],
               critical: int | None = None) -> RollRecord:
        dice = list(faces) + ([critical] if critical is not None else [])
        steps = [reason("sum", faces=list(faces), total=total)] if faces else []
        if critical is not None:
            steps.append(reason("critical", face=critical))
        return RollRecord(SYSTEM, kind, "", dice, "", True, total, details=details, steps=steps)

    def critical(self, dice: Dice, amount: int) -> tuple[int, int]:
        """The critical d6 after an action that deals damage or heals: a 6 doubles it."""
        face = dice.roll(6)
        return face, amount * 2 if face == CRITICAL_FACE else amount

    def strike(self, dice: Dice, key: str, victims: list[str], damage: Amount | None, hold: bool,
               how: str, beats: list[Beat]) -> None:
        """A party fighter's blow: damage (with the critical d6) shared among ``victims``, then
        the hold."""
        who = self.title(key)
        if damage is not None:
            faces, amount = damage.roll(dice)
            face, amount = self.critical(dice, amount)
            crit = " Critical: doubled!" if face == CRITICAL_FACE else ""
            share = ceil(amount / len(victims)) if victims else 0
            names = ", ".join(self.name(v) for v in victims)
            each = f" ({share} each)" if len(victims) > 1 else ""
            beats.append(Beat(key, f"{who} {self.verb(key, 'strike', 'strikes')} {names} {how}: "
                                   f"{amount} damage{each}.{crit}",
                              self.record("damage", faces, amount, {"target": victims}, face)))
            for victim in victims:
                self.damage(dice, victim, share, key, beats, player_phase=self.state["phase"] == "player")
        if hold:
            for victim in victims:
                if not self.standing(victim) or victim in self.state["stunned"]:
                    continue
                if victim in self.state["shaken"]:
                    beats.append(Beat(victim, f"{self.title(victim)} shakes it off: held back in the last "
                                              "enemy phase, it cannot be held again straight away."))
                    continue
                self.state["stunned"].append(victim)
                beats.append(Beat(key, f"{self.title(victim)} is held back: it loses its next enemy phase."))

    def damage(self, dice: Dice, target: str, amount: int, source: str, beats: list[Beat],
               player_phase: bool) -> int:
        """``amount`` damage to ``target`` after blocks; returns what got through."""
        from solo.rules.four_s.fight.policy import block_response

        if amount <= 0 or not self.standing(target):
            return 0
        if self.is_enemy(target) and player_phase:
            kind = block_response(self, target, amount)
            if kind is not None:
                pool.pay(self.state["bank"], kind, 1, player_phase=True)
                face = dice.roll(6 if kind == "d6" else 3)
                amount = max(0, amount - face)
                beats.append(Beat(target, f"{self.title(target)} blocks (two {kind} of the enemy rolls, "
                                          f"double in your phase): {face} off, {amount} get through.",
                                  self.record("block", [face], face, {"paid": f"2{kind}"})))
        ward = int(self.state["wards"].pop(target, 0))
        if ward:
            taken = min(ward, amount)
            amount -= taken
            whose = "Your" if target == self.player else f"{self.title(target)}'s"
            beats.append(Beat(target, f"{whose} block takes {taken} off: {amount} get through."))
        if amount <= 0:
            return 0
        before = self.health(target)
        self.set_health(target, before - amount, max(before, self.max_health(target)))
        if not self.is_enemy(target):
            self.state["dealt"][target] = int(self.state["dealt"].get(target, 0)) + amount
        now = self.health(target)
        if now <= 0:
            self.take_out(target, beats)
        else:
            beats.append(Beat(target, f"{self.title(target)} {self.verb(target, 'are', 'is')} down to {now} Health."))
        return amount

    def take_out(self, key: str, beats: list[Beat]) -> None:
        self.state["out"][key] = DEFEATED if self.is_enemy(key) else OUT
        self.state["held"] = {k: h for k, h in self.state["held"].items() if h != key and k != key}
        self.state["wards"].pop(key, None)
        if self.is_enemy(key):
            beats.append(Beat(key, f"{self.title(key)} is out of the fight."))
        else:
            beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'drop', 'drops')} to 0 Health: "
                                   "out of the fight."))

    def heal(self, dice: Dice, key: str, target: str, heal: Amount, overheal: int, what: str, cost: str,
             beats: list[Beat]) -> None:
        if not self.standing(target):
            beats.append(Beat(key, f"{self.title(target)} cannot be healed at 0 Health."))
            return
        faces, amount = heal.roll(dice)
        face, amount = self.critical(dice, amount)
        before = self.health(target)
        ceiling = max(before, self.max_health(target) + overheal)
        self.set_health(target, before + amount, ceiling)
        gained = self.health(target) - before
        crit = " Critical: doubled!" if face == CRITICAL_FACE else ""
        whom = "" if target == key else f" on {self.name(target)}"
        beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'use', 'uses')} the {what}{whom} ({cost}): "
                               f"{amount} Health, {gained} taken, now {self.health(target)}.{crit}",
                          self.record("heal", faces, amount, {"target": target}, face)))

    # -- role-play -------------------------------------------------------------------------
    def move_of(self, move_id: str) -> Move:
        if move_id == BREAK_FREE:
            return Move(BREAK_FREE, "Break free", self.best_stat(self.player, ("strength", "skill")), against=True)
        found = self.moves.get(move_id)
        if found is None:
            raise ConflictError(f"no role-play move {move_id!r}")
        return found

    def best_stat(self, key: str, stats: tuple[str, ...]) -> str:
        """The stat of ``stats`` with the best Roleplay Bonus (the first on a tie)."""
        def bonus(stat: str) -> int:
            tiers = stat_tiers(self.character(key), stat)
            return -1 if tiers is None else roleplay_bonus(tiers)
        return max(stats, key=lambda s: (bonus(s), -stats.index(s)))

    def bonus_of(self, key: str, stat: str) -> int:
        tiers = stat_tiers(self.character(key), stat)
        return 0 if tiers is None else roleplay_bonus(tiers)

    def roller(self, key: str, stat: str) -> dict[str, Any]:
        """The roll parameters of ``key``'s side: the stat, or bonus 0 without it."""
        if stat_tiers(self.character(key), stat) is None:
            return {"bonus": 0, "stat": stat}
        return {"stat": stat}

    def available_moves(self, key: str) -> list[Move]:
        found = []
        for move in self.moves.values():
            if move.once and move.id in self.state["tried"]:
                continue
            if move.zones and self.zone(key) not in move.zones:
                continue
            found.append(move)
        return found

    def move_targets(self, key: str, move: Move) -> list[str]:
        """The foes a targeted move can be tried on: those in the fighter's zone."""
        if move.id == BREAK_FREE:
            holder = self.state["held"].get(key)
            return [holder] if holder else []
        foes = self.in_reach(key, "melee", self.foes_of(key))
        if move.hold and move.damage is None and move.ends is None:
            foes = [f for f in foes if self.holdable(f)]
        return foes

    def holdable(self, key: str) -> bool:
        """Whether a hold would do anything to ``key`` now."""
        return key not in self.state["stunned"] and key not in self.state["shaken"]

    def roll_params(self, key: str, move: Move, ap: int, target: str | None) -> dict[str, Any]:
        """The ruleset's check or contest parameters for a role-play with ``ap`` d3."""
        from solo.rules.four_s.fight.policy import raise_opposition

        params = {**self.roller(key, move.stat), "ap": ap}
        if not move.against:
            return {**params, "goal": move.goal}
        extra, cp = raise_opposition(self, target, move) if target else (0, 0)
        return {**params, "enemy": True, "opponent_ap": 1 + extra, "opponent_modifier": cp}

    def roleplay(self, dice: Dice, key: str, move: Move, ap: int, target: str | None,
                 beats: list[Beat]) -> None:
        self.spend_ap(key, ap)
        if move.once:
            self.state["tried"].append(move.id)
        params = self.roll_params(key, move, ap, target)
        character = self.character(key)
        if move.against and target is not None:
            extra, cp = params["opponent_ap"] - 1, params["opponent_modifier"]
            if extra or cp:
                pool.pay(self.state["bank"], "d3", extra, player_phase=True)
                pool.pay(self.state["bank"], "cp", cp, player_phase=True)
                bits = [f"{extra}d3" if extra else "", f"+{cp}" if cp else ""]
                beats.append(Beat(target, f"{self.title(target)} puts {' '.join(b for b in bits if b)} more into "
                                          "resisting (enemy rolls, double in your phase)."))
            record = self.ruleset.contest(dice, character, self.character(target), params)
            label = f"{self.by_key[key].name}: {move.text} against {self.by_key[target].name}"
        else:
            record = self.ruleset.check(dice, character, params)
            label = f"{self.by_key[key].name}: {move.text}"
        outcome = "succeed" if record.success else "fail"
        beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'role-play', 'role-plays')} "
                               f"({self.ap_text(key, ap)}): {move.text.rstrip('.')}: "
                               f"{self.verb(key, outcome, outcome + 's')}.", record, label))
        if not record.success:
            return
        if move.id == BREAK_FREE:
            self.state["held"].pop(key, None)
            beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'are', 'is')} free."))
            return
        if move.damage is not None or move.hold:
            if move.area:
                victims = [f for f in self.foes_of(key) if self.zone(f) == self.zone(key)]
            else:
                victims = [target] if target and self.standing(target) else []
            if victims:
                self.strike(dice, key, victims, move.damage, move.hold, "", beats)
        if move.ends is not None and self.state["ended"] is None:
            self.state["ended"] = move.ends

    def resist_params(self, key: str, grappler: str, extra_ap: int, dice_count: int, cp: int) -> dict[str, Any]:
        """The contest a fighter answers a grapple with: the free d3 and one per AP, defending."""
        stat = self.best_stat(key, ("strength", "skill"))
        return {**self.roller(key, stat), "ap": 1 + extra_ap, "enemy": True, "opponent_ap": dice_count,
                "opponent_modifier": cp, "defending": True}

    def resist(self, dice: Dice, key: str, grappler: str, extra_ap: int, dice_count: int, cp: int,
               beats: list[Beat], shove: int = 0) -> None:
        """``key`` answers ``grappler``'s grapple (or, ``shove`` > 0, a shove that many zones
        away), spending ``extra_ap`` AP on more d3."""
        self.spend_ap(key, extra_ap)
        params = self.resist_params(key, grappler, extra_ap, dice_count, cp)
        record = self.ruleset.contest(dice, self.character(key), self.character(grappler), params)
        what = "shove" if shove else "grapple"
        label = f"{self.by_key[key].name} resists {self.by_key[grappler].name}'s {what}"
        if shove:
            spent = f" ({extra_ap} AP)" if extra_ap else ""
            if record.success:
                beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'stand', 'stands')} firm{spent}.",
                                  record, label))
                return
            beats.append(Beat(key, f"{self.title(grappler)} shoves {self.name(key)} away{spent}.", record, label))
            for _ in range(shove):
                away = self.zones.away(self.zone(key), [self.zone(grappler)])
                if away is None:
                    break
                self.move(key, away, beats, "shoved")
            return
        if record.success:
            text = f"{self.title(key)} {self.verb(key, 'slip', 'slips')} free of {self.name(grappler)}."
        else:
            self.state["held"][key] = grappler
            text = (f"{self.title(grappler)} {'has you' if key == self.player else 'holds ' + self.name(key)}: "
                    "no moving away until the next enemy phase, or breaking free.")
        spent = f" ({extra_ap} AP)" if extra_ap else ""
        beats.append(Beat(key, text.rstrip(".") + spent + ".", record, label))

    # -- the end ---------------------------------------------------------------------------
    def result(self) -> str | None:
        if self.state.get("ended"):
            return str(self.state["ended"])
        if not self.standing(self.player):
            return LOST
        if not any(self.standing(k) for k in self.enemies()):
            return WON
        return None

    def leave(self, key: str, beats: list[Beat]) -> None:
        self.spend_ap(key, 1)
        self.state["ended"] = FLED
        beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'slip', 'slips')} out of the fight "
                               f"through {self.zones.name(self.zone(key))}."))

    # -- phases ----------------------------------------------------------------------------
    def begin_phase(self, phase: str, beats: list[Beat]) -> bool:
        """Start a phase; False when it would begin a round past the conflict's limit."""
        if phase == self.first and self.state["phases"] > 0:
            self.state["round"] += 1
            if self.state["round"] > self.setup.rounds:
                return False
        self.state["phases"] += 1
        self.state["phase"] = phase
        self.state["stopped"] = []
        self.state["pending"] = None
        if phase == PLAYER:
            self.state["step"] = "act"
            for key in self.party():
                self.state["ap"][key] = MAX_AP if self.standing(key) else 0
                self.state["wards"].pop(key, None)
            beats.append(Beat("", f"Round {self.state['round']}: your phase, {MAX_AP} AP.",
                              round=self.state["round"]))
        else:
            self.state["step"] = "enemy"
            self.state["bank"] = dict(self.state["purchase"])
            self.state["acting"] = 0
            self.state["dealt"] = {}
            self.state["held"] = {}
            self.state["shaken"] = []
            for key in self.enemies():
                self.state["wards"].pop(key, None)
            from solo.rules.four_s.fight.policy import reserve

            self.state["reserve"] = reserve(self)
            beats.append(Beat("", f"Round {self.state['round']}, enemy phase: the enemy side has "
                                  f"{pool.bank_text(self.state['bank'])} to use.", round=self.state["round"]))
        return True


def params_or_empty(setup: ConflictSetup) -> Mapping[str, Any]:
    return setup.params if isinstance(setup.params, Mapping) else {}
