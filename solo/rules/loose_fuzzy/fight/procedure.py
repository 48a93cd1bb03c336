"""The Loose and Fuzzy ``fight``: exchanges of opposed rolls, Advantage Points, wounds against the Defense Total.

This module owns the round-by-round procedure of the book's combat section (its figures come
from :mod:`.gear`, the other side's choices from :mod:`.policy`). A round:

1. **Orders.** Every fighter engages one opponent. The engine's fighters choose theirs and
   their stance first and show them; then the player picks a stance against their opponent
   (or turns to another, or yields where the adventure allows it), each choice shown with the
   exact chance of winning the exchange.
2. **Exchanges.** Each pair of fighters engaged with each other rolls once, both at the same
   time: an opposed roll of the abilities they fight with, ties rolled again. The winner's
   margin becomes Advantage Points held against that opponent, kept across rounds until spent.
3. **Spending.** At the end of the round each winner may spend the points held against the
   opponent just beaten: on a wound (the points compared with the opponent's Defense Total:
   at least 1x moderate, 2x serious, 3x mortal, 4x killed), on a blow to incapacitate
   (Defense Total +2, +4 with a deadly weapon), on manoeuvres (the better ground 2, knocking
   the weapon away 4, picking one's own up again 2), or on breaking away (``flee`` points
   against every opponent engaged with them this round, all of whom they must have beaten
   this round). Whatever is not spent carries over. All-out attack must spend every point on
   a wound; all-out defence may not wound.
4. **Wounds.** Each new wound short of death calls for a Tenacity roll of 7, wound penalties
   included (the new one too); failing it takes the fighter out (unconscious after a mortal
   wound). Wound penalties do not add up: the worst one applies, to every roll.

The fight is won when no opponent still stands, lost when the player is out and no companion
stands (a companion still standing fights on by itself), fled when the player breaks away,
surrendered when the player yields.

**Decisions** (beyond :mod:`.gear`'s):

* Advantage Points are held against one opponent ("how much you've got the other guy on the
  ropes"): a fighter in several exchanges keeps a separate count against each, and spends
  only against the opponent they beat this round, at the end of that round, as the book says.
* At most one wound (or blow to incapacitate) per opponent per round; manoeuvres are not
  limited. Spending between two wound levels buys the lower one; fewer points than the Defense
  Total only graze.
* The player sees every Defense Total (the book lets the GM hide it; with no GM the player
  gets the same view the engine has).
* Double 1s on the marked dice in an exchange ("something bad happens") make the fighter drop
  the weapon in hand; picking it up again costs 2 points. The roll still counts by its sum.
* Everything on a side acts on the same information: spends at the end of a round happen at
  once, so a fighter taken out by a blow that round still spends what they won that round.
* A failed Tenacity roll leaves the condition ``incapacitated`` (``unconscious`` after a mortal
  wound, ``knocked out`` from a 4x blow to incapacitate, ``dead`` from a killing blow). The
  book has the incapacitated "crying for mommy" and the knocked out up again in hours, so when
  the fight ends companions who are only incapacitated or knocked out come round, and so does
  the player if their side won. The player who lost keeps the condition for the adventure to
  deal with (``clear:`` in the ``lost`` branch); unconscious, dead and every wound stay.
* The engine's fighters choose their orders before the player (a GM declares what the other
  side does), so the odds shown for each stance are exact.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, Mapping

from solo.rules.base import Character
from solo.rules.conflict import (
    private_state,
    ALLY,
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
from solo.rules.dice import Dice
from solo.rules.loose_fuzzy.house_rules import STANCE_ROLLS
from solo.rules.loose_fuzzy.combat import INCAPACITATION_TARGET, wound_level
from solo.rules.loose_fuzzy.odds import contest_distribution
from solo.rules.loose_fuzzy.fight import gear, policy
from solo.rules.loose_fuzzy.fight.gear import STANCES, Loadout

DEFAULT_FLEE = 2
#: Ways of being out that pass once the fight is over and the fighter's side looks after them.
COME_ROUND = ("incapacitated", "knocked out")
#: Each stance's name on offer, and what it does beyond its numbers.
STANCE_TEXT = {
    "ordinary": ("Fight on", ""),
    "offensive": ("Press the attack", ""),
    "defensive": ("Fight defensively", ""),
    "all-out-attack": ("All-out attack", "a win goes all on a blow"),
    "all-out-defence": ("All-out defence", "no blows"),
}


def stance_text(stance: str, stance_rolls: bool) -> str:
    """A stance as offered: its name, its Defense Total change, and its roll change only under
    the ``stance-rolls`` house rule (``Press the attack: DT -1``)."""
    name, also = STANCE_TEXT[stance]
    roll, dt = STANCES[stance]
    if not dt:
        return name
    parts = ([f"roll {roll:+d}"] if stance_rolls else []) + [f"DT {dt:+d}"] + ([also] if also else [])
    return f"{name}: {', '.join(parts)}"
WOUND_TEXT = {None: "A graze", "moderate": "Moderate wound", "serious": "Serious wound",
              "mortal": "Mortal wound", "killed": "Killing blow"}
PARAMETERS: dict[str, str] = {
    "ability": "the ability everyone fights with unless a weapon suits a better one (default body)",
    "flee": "Advantage Points to break away, against each opponent engaged this round "
            "(default 2; 4 for a hard escape; false: nobody can)",
    "surrender": "whether the player may yield (default false)",
    "crowd": "how many opponents at once make a crowd: two dice fewer instead of one (default 4)",
    "lethal": "whether the other side fights to kill (default true); false: its blows only "
              "incapacitate",
}


@lru_cache(maxsize=4096)
def win_chance(mine: int, theirs: int, my_bonus: int, their_bonus: int) -> Fraction:
    """The exact chance of winning an exchange: ``mine`` dice plus ``my_bonus`` against
    ``theirs`` plus ``their_bonus``, ties rolled again (the ruleset's contest odds, which
    ``solo odds loose-fuzzy --contest`` shows too)."""
    return contest_distribution(mine, theirs, my_bonus, their_bonus).outcomes["success"]


def _int_param(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def flee_cost(params: Mapping[str, Any]) -> int | None:
    """Points to break away, or None when nobody may."""
    value = params.get("flee", DEFAULT_FLEE)
    if value is False:
        return None
    if value is True:
        return DEFAULT_FLEE
    number = _int_param(value)
    return number if number is not None and number >= 1 else None


class FightRound:
    """One look at a fight: the setup, a private copy of the state, and the ruleset's dice rules.

    Everything the procedure does goes through here; :class:`Fight` only makes one per call.
    """

    def __init__(self, ruleset: Any, setup: ConflictSetup, state: Mapping[str, Any]) -> None:
        self.ruleset = ruleset
        self.setup = setup
        self.state: dict[str, Any] = private_state(state)
        self.order = [f.key for f in setup.fighters]
        self.by_key = {f.key: f for f in setup.fighters}
        self.base = str(setup.params.get("ability", "body"))
        crowd = _int_param(setup.params.get("crowd"))
        self.crowd = crowd if crowd is not None and crowd >= 2 else gear.DEFAULT_CROWD
        self.flee = flee_cost(setup.params)
        self.lethal = setup.params.get("lethal", True) is not False
        #: Each fighter's loadout by (key, disarmed), kept while nothing can change a character
        #: (a decision is being worked out: see :meth:`Fight.decision`); None: asked every time.
        self.kits: dict[tuple[str, bool], Loadout] | None = None

    # -- who is who ------------------------------------------------------------------------
    @property
    def player(self) -> str:
        return self.setup.player.key

    def standing(self, key: str) -> bool:
        return key not in self.state["out"]

    def side_of(self, key: str) -> str:
        return ENEMY if self.by_key[key].side == ENEMY else PLAYER

    def foes(self, key: str) -> list[str]:
        mine = self.side_of(key)
        return [k for k in self.order if self.side_of(k) != mine and self.standing(k)]

    def name(self, key: str) -> str:
        return "you" if key == self.player else in_sentence(self.by_key[key].name)

    def possessive(self, key: str) -> str:
        return "your" if key == self.player else f"{in_sentence(self.by_key[key].name)}'s"

    def title(self, key: str) -> str:
        """A name to begin a sentence with."""
        name = self.name(key)
        return name[:1].upper() + name[1:]

    def character(self, key: str) -> Character:
        return self.by_key[key].character

    def kit(self, key: str) -> Loadout:
        disarmed = key in self.state["disarmed"]
        kits = self.kits
        if kits is not None:
            found = kits.get((key, disarmed))
            if found is not None:
                return found
        found = gear.loadout(self.character(key), self.setup.items, self.setup.item_names, self.base,
                             disarmed=disarmed)
        if found is None:
            raise ConflictError(f"{self.by_key[key].name} has no {self.base} to fight with")
        if kits is not None:
            kits[key, disarmed] = found
        return found

    def dropped(self, key: str) -> str:
        """The name of the weapon ``key`` would fight with if they held it again."""
        found = gear.loadout(self.character(key), self.setup.items, self.setup.item_names, self.base)
        return found.weapon_name if found is not None else "weapon"

    def stance(self, key: str) -> str:
        return self.state["stances"].get(key, "ordinary")

    def points(self, holder: str, against: str) -> int:
        return int(self.state["ap"].get(holder, {}).get(against, 0))

    def _add_points(self, holder: str, against: str, amount: int, ledger: str) -> None:
        table = self.state["ap"].setdefault(holder, {})
        table[against] = table.get(against, 0) + (amount if ledger == "gained" else -amount)
        book = self.state[ledger].setdefault(holder, {})
        book[against] = book.get(against, 0) + amount

    def holds_position(self, holder: str, against: str) -> bool:
        return against in self.state["positions"].get(holder, [])

    # -- the numbers -----------------------------------------------------------------------
    def defense(self, defender: str, attacker: str, subdue: bool = False) -> int:
        return gear.defense_total(self.kit(defender), self.character(defender), self.kit(attacker),
                                  self.stance(defender), subdue)

    def partners(self, targets: Mapping[str, str]) -> dict[str, set[str]]:
        """Who is in an exchange with whom, given everyone's target."""
        found: dict[str, set[str]] = {k: set() for k in self.order}
        for key, target in targets.items():
            if self.standing(key) and target in found and self.standing(target):
                found[key].add(target)
                found[target].add(key)
        return found

    def exchange_params(self, a: str, b: str, partners: Mapping[str, set[str]]) -> dict[str, Any]:
        ka, kb = self.kit(a), self.kit(b)
        stance_rolls = self.setup.house(STANCE_ROLLS)
        return gear.contest_params(
            ka, kb,
            gear.roll_bonus(ka, kb, self.stance(a), self.holds_position(a, b), stance_rolls),
            gear.roll_bonus(kb, ka, self.stance(b), self.holds_position(b, a), stance_rolls),
            gear.dice_penalty_for(len(partners[a]), self.crowd),
            gear.dice_penalty_for(len(partners[b]), self.crowd),
        )

    def pools(self, a: str, b: str, params: Mapping[str, Any]) -> tuple[Any, Any]:
        """Both sides' parsed rolls (dice after penalties, bonus) as the ruleset reads them."""
        mine = self.ruleset.parse_check(
            {"stat": params["stat"], "bonus": params["bonus"], "dice_penalty": params["dice_penalty"]},
            self.character(a))
        theirs = self.ruleset.parse_check(
            {"stat": params["opponent_stat"], "bonus": params["opponent_bonus"],
             "dice_penalty": params["opponent_dice_penalty"]},
            self.character(b))
        return mine, theirs

    def chance(self, a: str, b: str, partners: Mapping[str, set[str]]) -> tuple[Fraction, str]:
        """The exact chance ``a`` wins the exchange with ``b``, and how it reads."""
        params = self.exchange_params(a, b, partners)
        mine, theirs = self.pools(a, b, params)
        odds = win_chance(mine.dice, theirs.dice, mine.bonus, theirs.bonus)
        hint = f"{_pool_text(mine.dice, mine.bonus)} vs {_pool_text(theirs.dice, theirs.bonus)}: {percent(odds)} to win"
        return odds, hint

    # -- orders ----------------------------------------------------------------------------
    def order_others(self, dice: Dice) -> None:
        """The engine's fighters pick their opponent and stance for the new round."""
        targets = self.state["targets"]
        for key in self.order:
            if key == self.player or not self.standing(key):
                continue
            foes = self.foes(key)
            if not foes:
                continue
            fighter = self.by_key[key]
            behaviour = fighter.behaviour if fighter.behaviour in policy.BEHAVIOURS else policy.BEHAVIOURS[0]
            mine = self.side_of(key)
            attacking_me = [k for k in foes if targets.get(k) == key]
            target = policy.choose_target(
                behaviour, dice, targets.get(key), foes,
                lambda f: sum(1 for k, t in targets.items()
                              if t == f and k != key and self.standing(k) and self.side_of(k) == mine),
                lambda f: self.defense(f, key),
                attacking_me,
                self.player if self.player in foes else None,
            )
            targets[key] = target
            self.state["stances"][key] = policy.choose_stance(
                behaviour, gear.wound_penalty(self.character(key)), self.points(key, target),
                self.defense(target, key))
        if self.standing(self.player):
            current = targets.get(self.player)
            foes = self.foes(self.player)
            if current not in foes and foes:
                facing = [k for k in foes if targets.get(k) == self.player]
                targets[self.player] = (facing or foes)[0]

    # -- exchanges -------------------------------------------------------------------------
    def exchanges(self, dice: Dice, beats: list[Beat]) -> None:
        """Every engaged pair rolls once; the winner's margin becomes Advantage Points."""
        partners = self.partners(self.state["targets"])
        self.state["partners"] = {k: sorted(v, key=self.order.index) for k, v in partners.items() if v}
        self.state["won"] = {}
        self.state["struck"] = {}
        index = self.order.index
        pairs = sorted({tuple(sorted((k, t), key=index)) for k, ts in partners.items() for t in ts},
                       key=lambda pair: (index(pair[0]), index(pair[1])))
        for a, b in pairs:
            params = self.exchange_params(a, b, partners)
            record = self.ruleset.contest(dice, self.character(a), self.character(b), params)
            margin = int(record.details.get("margin", 0))
            record.measures = {**record.measures, "margin": margin}
            last = (record.details.get("exchanges") or [{}])[-1]
            if margin:
                winner, loser = (a, b) if margin > 0 else (b, a)
                self._add_points(winner, loser, abs(margin), "gained")
                self.state["won"].setdefault(winner, []).append(loser)
                text = (f"{self.title(winner)} {'beat' if winner == self.player else 'beats'} {self.name(loser)} "
                        f"by {abs(margin)}: {self.points(winner, loser)} AP held")
            else:
                text = f"{self.title(a)} and {self.name(b)}: neither gives ground"
            beats.append(Beat(a, text + ".", record, f"{self.by_key[a].name} against {self.by_key[b].name}"))
            for key, critical in ((a, last.get("critical")), (b, last.get("opponent_critical"))):
                if critical == "failure":
                    self.fumble(key, beats)

    def fumble(self, key: str, beats: list[Beat]) -> None:
        kit = self.kit(key)
        if kit.weapon is None or key in self.state["disarmed"]:
            mine = key == self.player
            beats.append(Beat(key, f"Double 1s: {self.name(key)} {'stumble' if mine else 'stumbles'}, "
                                   f"but {'have' if mine else 'has'} nothing to drop."))
            return
        self.state["disarmed"].append(key)
        verb = "drop" if key == self.player else "drops"
        beats.append(Beat(key, f"Double 1s: {self.name(key)} {verb} the {kit.weapon_name}."))

    # -- spending --------------------------------------------------------------------------
    def can_flee(self, key: str) -> bool:
        """Whether ``key`` may break away: they beat everyone engaged with them this round and
        hold the price against each."""
        if self.flee is None:
            return False
        partners = [p for p in self.state["partners"].get(key, []) if self.standing(p)]
        won = self.state["won"].get(key, [])
        return bool(partners) and all(p in won and self.points(key, p) >= self.flee for p in partners)

    def spend_options(self, key: str, foe: str) -> list[str]:
        """What ``key`` may buy with the points held against ``foe``, just beaten."""
        points = self.points(key, foe)
        stance = self.stance(key)
        if points <= 0:
            return []
        if stance == "all-out-attack":
            return ["all", "all-subdue"] if key == self.player else ["all"]
        options: list[str] = []
        if stance != "all-out-defence" and foe not in self.state["struck"].get(key, []) and self.standing(foe):
            for n in range(1, 5):
                if points >= n * self.defense(foe, key):
                    options.append(f"wound:{n}")
            if key == self.player:
                for n in range(1, 5):
                    if points >= n * self.defense(foe, key, subdue=True):
                        options.append(f"subdue:{n}")
        if key in self.state["disarmed"] and points >= policy.REARM_COST:
            options.append("rearm")
        if self.standing(foe) and not self.holds_position(key, foe) and points >= policy.POSITION_COST:
            options.append("position")
        if (self.standing(foe) and foe not in self.state["disarmed"] and self.kit(foe).weapon is not None
                and points >= policy.DISARM_COST):
            options.append("disarm")
        if self.can_flee(key):
            options.append("flee")
        return options

    def spend(self, dice: Dice, key: str, foe: str, option: str, beats: list[Beat]) -> None:
        """Carry out one purchase (the option was on offer)."""
        who, verb = self.title(key), ("spend" if key == self.player else "spends")
        if option in ("all", "all-subdue"):
            self.blow(dice, key, foe, self.points(key, foe), option == "all-subdue" or not self.lethal_for(key), beats)
        elif option.startswith(("wound:", "subdue:")):
            kind, _, n = option.partition(":")
            subdue = kind == "subdue" or not self.lethal_for(key)
            defense = self.defense(foe, key, subdue)
            level = min(int(n), self.points(key, foe) // defense)  # a plan made before a rearm
            if level >= 1:
                self.blow(dice, key, foe, level * defense, subdue, beats)
        elif option == "position":
            self._add_points(key, foe, policy.POSITION_COST, "spent")
            self.state["positions"].setdefault(key, []).append(foe)
            theirs = self.state["positions"].get(foe, [])
            if key in theirs:
                theirs.remove(key)
            beats.append(Beat(key, f"{who} {verb} {policy.POSITION_COST} AP to take the better ground on "
                                   f"{self.name(foe)} (+1 to the roll against them)."))
        elif option == "disarm":
            self._add_points(key, foe, policy.DISARM_COST, "spent")
            weapon = self.kit(foe).weapon_name
            self.state["disarmed"].append(foe)
            beats.append(Beat(key, f"{who} {verb} {policy.DISARM_COST} AP to knock the {weapon} "
                                   f"out of {self.possessive(foe)} hands."))
        elif option == "rearm":
            self._add_points(key, foe, policy.REARM_COST, "spent")
            self.state["disarmed"].remove(key)
            beats.append(Beat(key, f"{who} {verb} {policy.REARM_COST} AP to snatch up the "
                                   f"{self.dropped(key)} again."))
        elif option == "flee":
            partners = [p for p in self.state["partners"].get(key, []) if self.standing(p)]
            for p in partners:
                self._add_points(key, p, int(self.flee or 0), "spent")
            self.state["out"][key] = "fled"
            names = ", ".join(self.name(p) for p in partners)
            beats.append(Beat(key, f"{who} {verb} {self.flee} AP on {names} and "
                                   f"{'break' if key == self.player else 'breaks'} away."))
        else:
            raise ConflictError(f"no such way to spend Advantage Points: {option!r}")

    def lethal_for(self, key: str) -> bool:
        return self.lethal or self.side_of(key) != ENEMY

    def blow(self, dice: Dice, key: str, foe: str, points: int, subdue: bool, beats: list[Beat]) -> None:
        """Spend ``points`` on one blow at ``foe`` and apply what it does."""
        defense = self.defense(foe, key, subdue)
        self._add_points(key, foe, points, "spent")
        self.state["struck"].setdefault(key, []).append(foe)
        level = wound_level(points, defense)
        who = self.title(key)
        verb = "spend" if key == self.player else "spends"
        aim = " to incapacitate" if subdue else ""
        head = f"{who} {verb} {points} AP{aim} (DT {defense})"
        target = self.character(foe)
        if level is None:
            beats.append(Beat(key, f"{head}: only a graze."))
            return
        words = gear.wound_words(level, subdue)
        is_are = "are" if foe == self.player else "is"
        if level == "killed":
            reason = "knocked out" if subdue else "dead"
            target.conditions.append(reason)
            self.state["out"][foe] = reason
            beats.append(Beat(key, f"{head}: {self.name(foe)} {is_are} {words}."))
            return
        condition = (gear.BRUISE_CONDITION if subdue else gear.WOUND_CONDITION)[level]
        target.conditions.append(condition)
        beats.append(Beat(key, f"{head}: {self.name(foe)} {is_are} {words}."))
        self.tenacity(dice, foe, level, subdue, beats)

    def tenacity(self, dice: Dice, key: str, level: str, subdue: bool, beats: list[Beat]) -> None:
        """The Tenacity roll of 7 each new wound calls for; failing it takes the fighter out."""
        character = self.character(key)
        stat = gear.ability_key(character, "tenacity")
        params: dict[str, Any] = {"target": INCAPACITATION_TARGET}
        if stat is None:  # problems() reports this; a fighter without Tenacity rolls one die
            params = {"dice": 1, "stat": "tenacity", "target": INCAPACITATION_TARGET}
        else:
            params["stat"] = stat
        record = self.ruleset.check(dice, character, params)
        record.measures = {**record.measures, "margin": int(record.details.get("margin", 0))}
        label = f"{self.by_key[key].name}: Tenacity against {INCAPACITATION_TARGET}"
        test = f"Tenacity {record.total} against {INCAPACITATION_TARGET}"
        if record.success:
            verb = "hold" if key == self.player else "holds"
            beats.append(Beat(key, f"{test}: {self.name(key)} {verb} on.", record, label))
            return
        if subdue:
            reason = "knocked out" if level == "mortal" else "incapacitated"
        else:
            reason = "unconscious" if level == "mortal" else "incapacitated"
        character.conditions.append(reason)
        self.state["out"][key] = reason
        verb = "go" if key == self.player else "goes"
        beats.append(Beat(key, f"{test}: {self.name(key)} {verb} down, {reason}.", record, label))

    # -- the end of a round ----------------------------------------------------------------
    def player_queue(self) -> list[str]:
        """The opponents the player beat this round and may spend against (beyond keeping)."""
        return [foe for foe in self.state["won"].get(self.player, []) if self.spend_options(self.player, foe)]

    def others_spend(self, dice: Dice, beats: list[Beat], spenders: set[str]) -> None:
        for key in self.order:
            if key == self.player or key not in spenders:
                continue
            fighter = self.by_key[key]
            behaviour = fighter.behaviour if fighter.behaviour in policy.BEHAVIOURS else policy.BEHAVIOURS[0]
            for foe in list(self.state["won"].get(key, [])):
                if not self.standing(foe) or key in self.state["out"] and self.state["out"][key] == "fled":
                    continue
                points = self.points(key, foe)
                plan = policy.choose_spends(
                    behaviour, self.stance(key), points, self.defense(foe, key, not self.lethal_for(key)),
                    gear.wound_penalty(self.character(foe)) > 0, gear.wound_penalty(self.character(key)),
                    self.holds_position(key, foe), key in self.state["disarmed"],
                    self.can_flee(key) and self.standing(key),
                )
                for option in plan:
                    if option.startswith("wound:") and not self.lethal_for(key):
                        option = "subdue:" + option.partition(":")[2]
                    if option in ("all", "flee", "rearm", "position") or option.startswith(("wound:", "subdue:")):
                        if option == "all" and self.points(key, foe) <= 0:
                            continue
                        self.spend(dice, key, foe, option, beats)
                    if not self.standing(foe) or self.state["out"].get(key) == "fled":
                        break

    def result(self) -> str | None:
        enemies = [k for k in self.order if self.side_of(k) == ENEMY and self.standing(k)]
        friends = [k for k in self.order if self.side_of(k) != ENEMY and self.standing(k)]
        if self.state["out"].get(self.player) == "fled":
            return FLED
        if not enemies:
            return WON if friends else LOST
        if not friends:
            return LOST
        return None

    def finish_round(self, dice: Dice, beats: list[Beat]) -> str | None:
        """After the player's spending: everyone else spends, then the next round's orders."""
        spenders = set(self.state.get("spenders", self.order))
        self.others_spend(dice, beats, spenders)
        found = self.result()
        if found is not None:
            return found
        while True:
            self.state["round"] += 1
            self.state["step"] = "orders"
            for key in ("won", "partners", "struck"):
                self.state[key] = {}
            if self.state["round"] > self.setup.rounds:
                return None
            beats.append(Beat("", f"Round {self.state['round']}.", round=self.state["round"]))
            self.state["stances"][self.player] = "ordinary"  # chosen anew, after the others
            self.order_others(dice)
            if self.standing(self.player):
                return None
            # the player is out but a companion stands: the fight goes on without them
            found = self.resolve_round(dice, beats)
            if found is not None:
                return found

    def resolve_round(self, dice: Dice, beats: list[Beat]) -> str | None:
        """Exchanges, then the player's spending if they won, else the rest of the round."""
        self.state["spenders"] = [k for k in self.order if self.standing(k)]
        self.exchanges(dice, beats)
        if self.standing(self.player) and self.player_queue():
            self.state["step"] = "spend"
            return None
        return self.finish_round(dice, beats)


def _pool_text(dice: int, bonus: int) -> str:
    return f"{dice}d6" + (f"{bonus:+d}" if bonus else "")


class Fight:
    """The Loose and Fuzzy fight (see the module docstring)."""

    procedure: ClassVar[str] = "fight"
    summary: ClassVar[str] = ("Opposed rolls each round; the margin builds Advantage Points, spent on "
                              "wounds against the Defense Total or on manoeuvres.")
    results: ClassVar[tuple[str, ...]] = (WON, LOST, FLED, SURRENDERED)
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = PARAMETERS

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- checking ----------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        from solo.rules.loose_fuzzy.fight.checks import setup_problems

        return setup_problems(setup)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        found = [WON, LOST]
        if flee_cost(setup.params) is not None:
            found.append(FLED)
        if setup.params.get("surrender") is True:
            found.append(SURRENDERED)
        return tuple(found)

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        state: dict[str, Any] = {
            "round": 1, "step": "orders", "targets": {}, "stances": {}, "ap": {}, "gained": {},
            "spent": {}, "out": {}, "positions": {}, "disarmed": [], "won": {}, "partners": {},
            "struck": {}, "queue": [],
        }
        fight = FightRound(self.ruleset, setup, state)
        beats = [Beat("", "Round 1.", round=1)]
        for f in setup.fighters:
            reason = gear.out_reason(f.character)
            if reason is not None:
                fight.state["out"][f.key] = reason
                beats.append(Beat(f.key, f"{fight.title(f.key)} cannot fight ({reason})."))
        found = fight.result()
        if found is None:
            fight.order_others(dice)
            if not fight.standing(fight.player):
                found = fight.resolve_round(dice, beats)
        return ConflictStep(fight.state, beats, fight.state["round"], found)

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        fight = FightRound(self.ruleset, setup, state)
        fight.kits = {}  # working out the choices changes no character: each loadout is asked once
        if fight.state["step"] == "spend":
            return self._spend_decision(fight)
        return self._orders_decision(fight)

    def _orders_decision(self, fight: FightRound) -> Decision:
        me = fight.player
        target = fight.state["targets"].get(me)
        if target is None or not fight.standing(target):
            raise ConflictError("the player has no opponent to face")
        actions: list[Action] = []
        targets = {**fight.state["targets"], me: target}
        priced = not fight.setup.quiet  # a quiet game reads no odds: the same actions without them
        partners = fight.partners(targets) if priced else {}
        for stance in STANCES:
            fight.state["stances"][me] = stance
            odds, hint = fight.chance(me, target, partners) if priced else (None, "")
            actions.append(Action(f"stance:{stance}", stance_text(stance, fight.setup.house(STANCE_ROLLS)),
                                  odds, hint))
        fight.state["stances"][me] = "ordinary"
        for foe in fight.foes(me):
            if foe == target:
                continue
            if not priced:
                actions.append(Action(f"target:{foe}", f"Turn to face {fight.name(foe)}"))
                continue
            trial = fight.partners({**fight.state["targets"], me: foe})
            odds, hint = fight.chance(me, foe, trial)
            actions.append(Action(f"target:{foe}", f"Turn to face {fight.name(foe)}", odds,
                                  f"{hint} fighting on"))
        if fight.setup.params.get("surrender") is True:
            actions.append(Action("yield", "Yield"))
        prompt = f"Round {fight.state['round']}: how do you fight {fight.name(target)}?"
        return Decision(prompt, tuple(actions))

    def _spend_decision(self, fight: FightRound) -> Decision:
        me = fight.player
        foe = fight.state["queue"][0] if fight.state["queue"] else fight.player_queue()[0]
        points = fight.points(me, foe)
        actions: list[Action] = []
        for option in fight.spend_options(me, foe):
            actions.append(self._spend_action(fight, foe, option, points))
        actions.append(Action("keep", f"Keep the {points} AP"
                              if fight.stance(me) != "all-out-attack" else "Keep them",
                              enabled=fight.stance(me) != "all-out-attack",
                              reason="an all-out attack spends every point on a wound"))
        prompt = f"Spend {points} AP on {fight.name(foe)}?"
        return Decision(prompt, tuple(actions))

    def _spend_action(self, fight: FightRound, foe: str, option: str, points: int) -> Action:
        me = fight.player
        if option in ("all", "all-subdue") or option.startswith(("wound:", "subdue:")):
            subdue = option in ("all-subdue",) or option.startswith("subdue:")
            defense = fight.defense(foe, me, subdue)
            cost = points if option.startswith("all") else int(option.partition(":")[2]) * defense
            level = wound_level(cost, defense)
            odds = self._drop_chance(fight, foe, level, subdue) if not fight.setup.quiet else None
            if subdue:
                text = f"Incapacitate: {gear.wound_words(level, True) if level else 'a graze'}"
            else:
                text = WOUND_TEXT[level]
            if option.startswith("all"):
                text = f"Everything on one blow: {text[:1].lower()}{text[1:]}"
            hint = f"DT {defense}" + ("" if odds is None else f"; {percent(odds)} they fall")
            return Action(option, f"{text} ({cost} AP)", odds, hint)
        if option == "position":
            return Action(option, f"Take the better ground ({policy.POSITION_COST} AP)",
                          hint="+1 to your roll against them")
        if option == "disarm":
            return Action(option, f"Knock the {fight.kit(foe).weapon_name} away ({policy.DISARM_COST} AP)")
        if option == "rearm":
            return Action(option, f"Pick up your {fight.dropped(me)} ({policy.REARM_COST} AP)")
        if option == "flee":
            return Action(option, f"Break away ({fight.flee} AP)", hint="ends the fight")
        raise ConflictError(f"unknown spending option {option!r}")

    def _drop_chance(self, fight: FightRound, foe: str, level: str | None, subdue: bool) -> Fraction | None:
        """The exact chance a blow of ``level`` takes ``foe`` out (a failed Tenacity roll)."""
        if level is None:
            return Fraction(0)
        if level == "killed":
            return Fraction(1)
        character = fight.character(foe)
        trial = Character.from_dict(character.to_dict())
        trial.conditions.append((gear.BRUISE_CONDITION if subdue else gear.WOUND_CONDITION)[level])
        stat = gear.ability_key(trial, "tenacity")
        if stat is None:
            return None
        odds = self.ruleset.check_odds(trial, {"stat": stat, "target": INCAPACITATION_TARGET})
        return 1 - odds.outcomes["success"]

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        fight = FightRound(self.ruleset, setup, state)
        beats: list[Beat] = []
        me = fight.player
        found: str | None = None
        if fight.state["step"] == "orders":
            if key == "yield" and setup.params.get("surrender") is True:
                beats.append(Beat(me, "You yield."))
                return ConflictStep(fight.state, beats, fight.state["round"], SURRENDERED)
            if key.startswith("target:"):
                foe = key.partition(":")[2]
                if foe not in fight.foes(me):
                    raise ConflictError(f"no opponent {foe!r} to turn to")
                fight.state["targets"][me] = foe
                beats.append(Beat(me, f"You turn to face {fight.name(foe)}."))
                return ConflictStep(fight.state, beats, fight.state["round"])
            stance = key.partition(":")[2]
            if not key.startswith("stance:") or stance not in STANCES:
                raise ConflictError(f"no action {key!r} now")
            fight.state["stances"][me] = stance
            found = fight.resolve_round(dice, beats)
            if found is None and fight.state["step"] == "spend":
                fight.state["queue"] = fight.player_queue()
        else:
            queue = fight.state["queue"] or fight.player_queue()
            if not queue:
                raise ConflictError("nothing to spend")
            foe = queue[0]
            if key == "keep":
                if fight.stance(me) == "all-out-attack":
                    raise ConflictError("an all-out attack spends every point")
                queue = queue[1:]
            elif key in fight.spend_options(me, foe):
                fight.spend(dice, me, foe, key, beats)
                if key == "flee":
                    return ConflictStep(fight.state, beats, fight.state["round"], FLED)
                if not fight.spend_options(me, foe):
                    queue = queue[1:]
            else:
                raise ConflictError(f"cannot spend {key!r} now")
            fight.state["queue"] = [q for q in queue if fight.spend_options(me, q)]
            if not fight.state["queue"]:
                found = fight.finish_round(dice, beats)
        return ConflictStep(fight.state, beats, fight.state["round"], found)

    def analysis_state(self, state: Mapping[str, Any]) -> Mapping[str, Any]:
        """The state without the ledgers of points gained and spent: nothing reads them (every
        rule reads the points held, ``ap``), so ``solo analyze`` keys fights without them."""
        return {k: v for k, v in state.items() if k not in ("gained", "spent")}

    def outcome_classes(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                        extra: Any) -> "tuple[list[tuple[Fraction, list[int]]], Fraction] | None":
        """A call's distinct results for ``solo analyze``, a roll per event
        (:mod:`solo.rules.loose_fuzzy.outcome_classes`)."""
        from solo.rules.loose_fuzzy.outcome_classes import outcome_classes

        return outcome_classes(self, what, setup, state, extra)

    # -- showing -----------------------------------------------------------------------------
    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        from solo.rules.loose_fuzzy.fight.view import fight_view

        return fight_view(FightRound(self.ruleset, setup, state))

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        fight = FightRound(self.ruleset, setup, state)
        beats: list[Beat] = []
        fallen: dict[str, str] = {}
        for key in fight.order:
            reason = fight.state["out"].get(key)
            side = fight.by_key[key].side
            if reason in COME_ROUND and (side == ALLY or (side == PLAYER and result == WON)):
                # the fight is over and their side is still there: they are brought round
                character = fight.character(key)
                character.conditions[:] = [c for c in character.conditions if gear.norm(c) != gear.norm(reason)]
                text = "Your side helps you back to your feet." if side == PLAYER else \
                    f"{fight.title(key)} comes round."
                beats.append(Beat(key, text))
            elif reason not in (None, "fled") and side != PLAYER:
                fallen[key] = reason
        for key in fight.order:
            conditions = {gear.norm(c) for c in fight.character(key).conditions}
            if "mortalwound" in conditions and "dead" not in conditions:
                beats.append(Beat(key, f"{fight.title(key)} {'are' if key == fight.player else 'is'} mortally "
                                       "wounded: without skilled care, death comes within minutes."))
        return Conclusion(beats, {}, fallen)

