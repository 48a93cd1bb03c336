"""One look at a GAME fight: who stands where, what each fighter's checks are, what a step rolls.

:class:`FightTurn` wraps the setup and a private copy of the procedure's state; the resolution
(:mod:`.resolve`), the player's choices (:mod:`.choices`), the behaviours (:mod:`.policy`) and
the view (:mod:`.view`) all read the fight through it. The rules it applies are stated in
:mod:`.procedure`'s docstring.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.vocabulary import in_sentence
from solo.rules.conflict import ENEMY, PLAYER, Beat, ConflictSetup, private_state
from solo.rules.game.fatigue import current_fp, max_fp_of
from solo.rules.game.fight import policy
from solo.rules.game.fight.kit import DIFFICULTY_LEVELS, Kit, Weapon, combine, read_kit
from solo.rules.memo import Memo

#: Kinds of defeat (the book: the victor chooses), as ``roll.defeat`` and ``fallen`` read them.
DEFEATS = ("killed", "captured", "beaten", "driven-off")
DEFEAT_TEXT = {
    "killed": "Kill them", "captured": "Take them captive", "beaten": "Leave them beaten senseless",
    "driven-off": "Let them limp away",
}
DEFEAT_WORDS = {"killed": "killed", "captured": "taken captive", "beaten": "beaten senseless",
                "driven-off": "driven off"}
SURPRISE = ("none", "player", "foes")
_CHANCES = Memo()  # the exact chances a fight asks, by fighter and parameters (see Turn.chance)
#: Rolls of a competitive check before a tie still standing lets the step pass without a hit.
COMPETITIVE_ROLLS = 20
TURN_STAGES = ("defence", "ranged", "melee", "riposte", "late", "move")
MAX_DISTANCE = 20
PARAMETERS: dict[str, str] = {
    "distance": "MU between the player's side and the opponents at the start: a number for all, or "
                "npc id -> number (default 0: in melee)",
    "difficulty": "easy (default), challenging or hard: what the place makes every attack "
                  "(poor light, cover); range bands add to it",
    "flee": "whether the player may run for it (default true)",
    "surrender": "whether the player may yield (default false)",
    "surprise": "none (default), player (the foes catch the player's side unawares) or foes "
                "(the player's side catches them): the side not surprised attacks first, freely",
    "frontage": "how many opponents can be in melee with the player's side at once (a narrow aisle: "
                "1; default: all)",
    "defeat": "what the opponents do to a player they beat: killed, captured, beaten or driven-off "
              "(default: by the behaviour of the one who felled them)",
    "defeats": "the kinds of defeat the player may choose when they win (default: all four)",
}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def competitive_hit(win: Fraction, lose_: Fraction, rolls: int = COMPETITIVE_ROLLS) -> Fraction:
    """The chance one side hits first in a competitive check rolled again on ties (at most
    ``rolls`` rolls): ``win`` and ``lose_`` are one roll's chances of each side alone
    succeeding."""
    tie = 1 - win - lose_
    if tie == 1:
        return Fraction(0)
    return win * (1 - tie ** rolls) / (1 - tie)


class FightTurn:
    """One look at a fight: the setup, a private copy of the state, the ruleset's checks.

    Everything the procedure does goes through here; :class:`Fight` makes one per call.
    """

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any], owned: bool = False) -> None:
        self.ruleset = ruleset
        self.setup = setup
        #: a private copy, or the state itself when the caller owns it (and drops it for this one's)
        self.state: dict[str, Any] = state if owned and type(state) is dict else private_state(state)
        self.keys = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        self.params = setup.params
        self._kits: dict[str, Kit] = {}
        #: the player's key, found once with keys and by_key (read on every order and blow)
        self._player = next((f.key for f in setup.fighters if f.side == PLAYER), None)

    # -- who is who ------------------------------------------------------------------------
    @property
    def player(self) -> str:
        key = self._player
        return key if key is not None else self.setup.player.key  # no player: the setup says so

    def is_enemy(self, key: str) -> bool:
        return self.by_key[key].side == ENEMY

    def standing(self, key: str) -> bool:
        return key not in self.state["out"]

    def foes(self, key: str) -> list[str]:
        """Those on the other side still standing (is_enemy and standing read inline: asked for
        every order and blow)."""
        by_key, out = self.by_key, self.state["out"]
        mine = by_key[key].side == ENEMY
        return [k for k in self.keys if (by_key[k].side == ENEMY) != mine and k not in out]

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def name(self, key: str) -> str:
        """How a sentence names the fighter: "you", or its name ("The foreman" reads "the foreman")."""
        if key == self.player:
            return "you"
        name = self.by_key[key].name
        return in_sentence(name)

    def title(self, key: str) -> str:
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def verb(self, key: str, plural: str, singular: str) -> str:
        return plural if key == self.player else singular

    def group_of(self, key: str) -> str:
        fighter = self.by_key[key]
        if fighter.side == ENEMY:
            return fighter.group or fighter.npc or key
        return "" if key == self.player else "companions"

    # -- numbers ---------------------------------------------------------------------------
    def kit(self, key: str) -> Kit:
        if key not in self._kits:
            self._kits[key] = read_kit(self.character(key), self.setup.items, self.setup.item_names)
        return self._kits[key]

    def wielded(self, key: str) -> Weapon:
        kits = self._kits  # kit's own look-up, without its call: asked at every stage of a fight
        return (kits[key] if key in kits else self.kit(key)).weapon(self.state["wield"].get(key))

    def fp(self, key: str) -> int:
        return current_fp(self.character(key))

    def max_fp(self, key: str) -> int:
        return max_fp_of(self.character(key))

    def distance(self, a: str, b: str) -> int:
        """How far apart two fighters are: the enemy's distance, 0 between fighters of one side."""
        a_enemy = self.by_key[a].side == ENEMY
        if a_enemy == (self.by_key[b].side == ENEMY):
            return 0
        return int(self.state["dist"].get(a if a_enemy else b, 0))

    def base_level(self) -> int:
        value = self.params.get("difficulty", "easy")
        return DIFFICULTY_LEVELS.index(value) if value in DIFFICULTY_LEVELS else 0

    def flee_allowed(self) -> bool:
        return self.params.get("flee", True) is not False

    def can_attack(self, key: str, target: str, weapon: Weapon | None = None) -> bool:
        weapon = weapon or self.wielded(key)
        return self.standing(target) and weapon.band(self.distance(key, target)) is not None

    def best_weapon(self, key: str, target: str) -> Weapon | None:
        """Another weapon the fighter carries that reaches ``target``, the likeliest to hit."""
        found = [w for w in self.kit(key).weapons if w.id != self.wielded(key).id and self.can_attack(key, target, w)]
        if not found:
            return None
        return max(found, key=lambda w: self.hit_chance(key, target, w))

    # -- snares and pins --------------------------------------------------------------------
    def snares(self) -> dict[str, dict[str, Any]]:
        """Who is ensnared or pinned: key -> {by, intensity, pin} (a save from before snares has none)."""
        return self.state.get("snared") or {}

    def hold(self, key: str, by: str, intensity: int, pin: bool) -> None:
        """``key`` is ensnared (or pinned) by ``by``; a snare already on it keeps the higher intensity."""
        old = self.snared(key) or {}
        self.state.setdefault("snared", {})[key] = {"by": by, "intensity": max(intensity, int(old.get("intensity", 0))),
                                                    "pin": pin}

    def snared(self, key: str) -> dict[str, Any] | None:
        return self.snares().get(key)

    def pinning(self, key: str) -> bool:
        """Whether ``key`` holds a foe pinned (and so may not block, dodge or parry)."""
        return any(s["by"] == key and s.get("pin") for s in self.snares().values())

    def can_defend(self, key: str) -> bool:
        return self.kit(key).can_defend and not self.pinning(key)

    def escape_params(self, key: str) -> dict[str, Any]:
        """Slipping or struggling out of a snare or pin: Easy, Hard in bulky armour."""
        return {"stat": "Wilderness/Escape", "difficulty": "hard" if self.kit(key).unsuited("escape") else "easy"}

    def escape_chance(self, key: str, intensity: int) -> Fraction:
        """The exact chance a Wilderness/Escape check succeeds with an excess of at least ``intensity``."""
        odds = self.ruleset.check_odds(self.character(key), self.escape_params(key))
        return sum((p for e, p in odds.distributions["excess"].items() if e >= max(0, intensity)), Fraction(0))

    def can_parry(self, key: str, target: str) -> bool:
        """A Hack/Slash talent, a blade in hand and the foe in melee (not while pinning a foe)."""
        weapon = self.wielded(key)
        return (self.kit(key).talents.get("Hack/Slash", 0) > 0 and weapon.kind == "blade" and not self.pinning(key)
                and self.standing(target) and self.distance(key, target) == 0)

    def attack_params(self, key: str, target: str, weapon: Weapon | None = None, surprise: str = "") -> dict[str, Any]:
        """The check an attack is, as the ruleset reads it."""
        weapon = weapon or self.wielded(key)
        kit = self.kit(key)
        band = weapon.band(self.distance(key, target))
        difficulty = combine(self.base_level(), band or 0)
        unsuited = (kit.unsuited("unarmed") if weapon.kind == "unarmed" else
                    kit.unsuited("thrown") if weapon.kind == "thrown" else kit.unsuited(weapon.skill))
        if unsuited:
            difficulty = "hard"
        params: dict[str, Any] = {"stat": weapon.skill, "difficulty": difficulty}
        bonus = weapon.bonus + (1 if self.snared(target) else 0)  # book: "ensnared but wiggling", +1
        if bonus:
            params["bonus"] = bonus
        if surprise == "talent":
            params["tags"] = ["surprise-attack"]
        return params

    def defence_params(self, key: str, how: str) -> dict[str, Any]:
        kit = self.kit(key)
        if how == "parry":
            return {"stat": "Hack/Slash", "tags": ["parry"], "difficulty": "hard" if kit.unsuited("parry") else "easy"}
        return {"stat": "Block/Dodge", "difficulty": "easy"}  # a dodge in heavier armour is not offered

    def avoid_params(self, key: str) -> dict[str, Any]:
        """The free avoidance check against an area attack: Easy, the better of Block/Dodge and
        Leap/Tumble (Leap/Tumble only where the armour allows no dodge, and then Hard: heavy
        armour does not suit leaping either)."""
        if not self.kit(key).can_dodge:
            return {"stat": "Leap/Tumble", "difficulty": "hard" if self.kit(key).unsuited("leap") else "easy"}
        best = max(("Leap/Tumble", "Block/Dodge"),
                   key=lambda s: (self.chance(key, {"stat": s, "difficulty": "easy"}), s == "Block/Dodge"))
        return {"stat": best, "difficulty": "easy"}

    def defence_kind(self, key: str) -> str:
        return "block" if self.kit(key).can_block else "dodge"

    def chance(self, key: str, params: Mapping[str, Any]) -> Fraction:
        """The exact chance a check succeeds: the ruleset's own odds (remembered: every order
        and every view of the fight asks the same few again)."""
        character, ruleset = self.character(key), self.ruleset
        return _CHANCES.get(lambda: ruleset.check_odds(character, params).outcomes["success"],
                            ruleset.id, character, params)

    def hit_chance(self, key: str, target: str, weapon: Weapon | None = None) -> Fraction:
        return self.chance(key, self.attack_params(key, target, weapon))

    def ignored_ar(self, key: str, target: str, weapon: Weapon) -> int:
        """AR an attack ignores: martial arts against humanoids, a mount's charge (talent levels)."""
        levels = self.kit(key).talents
        if weapon.kind == "unarmed" and weapon.skill == "Throw/Ensnare" and self.kit(target).humanoid:
            return levels.get("Throw/Ensnare", 0)
        if weapon.kind == "mount":
            return levels.get("Ride/Pilot", 0)
        return 0

    # -- orders ----------------------------------------------------------------------------
    def order(self, key: str) -> dict[str, Any]:
        return self.state["orders"].get(key, {})

    def phase_of(self, key: str) -> str | None:
        """The step of the turn ``key`` attacks in (its order), or None if it does not attack."""
        order = self.order(key)
        if order.get("act") != "attack":
            return None
        return "ranged" if self.wielded(key).ranged else "melee"

    def declare(self, beats: list[Beat]) -> None:
        """Everyone but the player declares this turn's action (stunned fighters lose it)."""
        self.state["orders"] = {}
        for key in self.keys:
            if key == self.player or not self.standing(key):
                continue
            if key in self.state["stunned"]:
                self.state["stunned"].remove(key)
                self.state["orders"][key] = {"act": "stunned"}
                beats.append(Beat(key, f"{self.title(key)} is still stunned and loses this turn's action.",
                                  measures={"action_lost": True}))
                continue
            if self.snared(key):
                self.state["orders"][key] = {"act": "struggle"}
                continue
            self.state["orders"][key] = policy.choose_order(self, key)

    # -- the turn's steps ------------------------------------------------------------------
    def plan_defence(self) -> list[dict[str, Any]]:
        units = []
        for key in self._acting_order():
            order = self.order(key)
            if order.get("act") == "block":
                units.append({"kind": "defence", "by": [key], "how": self.defence_kind(key)})
            elif order.get("act") == "parry" and self.standing(order["target"]):
                units.append({"kind": "defence", "by": [key], "how": "parry", "target": order["target"]})
        return units

    def _acting_order(self) -> list[str]:
        """Fighters in the order their rolls are made: the player first, then the fight's order."""
        return [self.player] + [k for k in self.keys if k != self.player]

    def plan_attacks(self, stage: str, beats: list[Beat]) -> list[dict[str, Any]]:
        """This step's attacks as units: a single attacker, a group's pooled check, or a
        competitive check between a lone fighter and the group it strikes back at."""
        attacks: list[tuple[str, str, str]] = []  # (attacker, target, how: "", "surprise", "talent")
        for key in self._acting_order():
            if not self.standing(key):
                continue
            order = self.order(key)
            if stage in ("riposte", "late"):
                parry = self.state["parries"].get(key)
                if not parry or (stage == "riposte") != parry["ok"]:
                    continue
                target = parry["target"]
            elif stage == "surprise":
                if order.get("act") != "surprise":
                    continue
                target = order["target"]
            elif self.phase_of(key) == stage:
                target = order["target"]
            else:
                continue
            if key in self.state["stunned"]:
                self.state["stunned"].remove(key)
                beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'are', 'is')} stunned and "
                                       f"{self.verb(key, 'lose', 'loses')} the attack.", measures={"action_lost": True}))
                continue
            if self.snared(key):  # ensnared earlier this turn (a net in the ranged step): no attack
                beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'are', 'is')} held fast and "
                                       f"{self.verb(key, 'lose', 'loses')} the attack.", measures={"action_lost": True}))
                continue
            if not self.can_attack(key, target):
                beats.append(Beat(key, f"{self.title(key)} {self.verb(key, 'have', 'has')} no one to strike."))
                continue
            attacks.append((key, target, order.get("how", "") if stage == "surprise" else ""))
        pools: dict[tuple[bool, str, str], list[str]] = {}
        hows: dict[str, str] = {}
        for key, target, how in attacks:
            hows[key] = how
            group = self.group_of(key) if key != self.player else "player"
            pools.setdefault((self.is_enemy(key), group, target), []).append(key)
        units: list[dict[str, Any]] = []
        singles: dict[str, dict[str, Any]] = {}
        for (_, _, target), members in pools.items():
            if len(members) == 1:
                unit = {"kind": "single", "by": members, "target": target, "how": hows[members[0]]}
                singles[members[0]] = unit
            else:
                unit = {"kind": "pooled", "by": members, "target": target, "how": hows[members[0]]}
            units.append(unit)
        if stage in ("ranged", "melee"):
            for unit in list(units):
                if unit["kind"] != "pooled":
                    continue
                lone = singles.get(unit["target"])
                if lone is not None and lone in units and lone["target"] in unit["by"]:
                    units.remove(lone)
                    unit.update(kind="competitive", counter=unit["target"], counter_target=lone["target"])
        index = self.keys.index

        def rank(unit: dict[str, Any]) -> tuple[int, int]:
            mine = self.player in unit["by"] or unit.get("counter") == self.player
            return (0 if mine else 1, min(index(k) for k in unit["by"] + [unit.get("counter", unit["by"][0])]))

        return sorted(units, key=rank)

    def pooled_check(self, unit: Mapping[str, Any], surprise: str = "") -> tuple[str, dict[str, Any]]:
        """The member whose check a group rolls (the best chance to hit) and its parameters."""
        target = unit["target"]
        best = max(unit["by"], key=lambda k: (self.chance(k, self.attack_params(k, target, surprise=surprise)),
                                              -self.keys.index(k)))
        params = self.attack_params(best, target, surprise=surprise)
        if len(unit["by"]) >= 2:
            params["group"] = len(unit["by"])
        return best, params


def contest_params(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> dict[str, Any]:
    params = dict(mine)
    params["opponent_stat"] = theirs["stat"]
    params["opponent_difficulty"] = theirs["difficulty"]
    params["opponent_bonus"] = theirs.get("bonus", 0)
    if theirs.get("group"):
        params["opponent_group"] = theirs["group"]
    return params


def contest_chances(ruleset: Any, turn: FightTurn, lone: str, lone_params: Mapping[str, Any],
                    best: str, group_params: Mapping[str, Any]) -> dict[str, Fraction]:
    """One roll of a competitive check, exactly (the ruleset's contest odds)."""
    odds = ruleset.contest_odds(turn.character(lone), turn.character(best), contest_params(lone_params, group_params))
    return dict(odds.outcomes)


def victor_choices(turn: "FightTurn") -> list[str]:
    value = turn.params.get("defeats")
    if isinstance(value, (list, tuple)):
        chosen = [k for k in DEFEATS if k in value]
        if chosen:
            return chosen
    return list(DEFEATS)
