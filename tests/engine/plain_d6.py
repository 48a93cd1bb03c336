"""A deliberately tiny ruleset for engine tests: one d6 plus the stat against a target (default 4)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer, RulesError
from solo.rules.dice import Dice, RollRecord


class PlainD6:
    id = "plain-d6"
    name = "Plain d6 (tests)"
    outcome_labels = ("failure", "success")
    stat_names = ("might", "wits")
    cli_options = {"stat": "rating", "target": "target number"}

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        for name in self.stat_names:
            if name not in character.stats:
                raise RulesError(f"plain-d6: every character needs {name}")

    def prepare_character(self, character: Character) -> Character:
        character.resources.setdefault("xp", 0)
        character.resources.setdefault("rerolls", 0)
        return character

    def _rating(self, character: Character, params: Mapping[str, Any]) -> int:
        stat = params.get("stat")
        if stat not in character.stats:
            raise RulesError(f"plain-d6: no stat {stat!r}")
        return int(character.stats[stat])

    def parse_check(self, params, character=None):
        return params

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        rating = self._rating(character, params)
        target = int(params.get("target", 4))
        die = dice.roll(6)
        total = die + rating
        ok = total >= target
        return RollRecord("plain-d6", "check", str(params["stat"]), [die], "success" if ok else "failure", ok, total,
                          steps=[f"{die} + {rating} = {total} vs {target}"], details={"target": target})

    def contest(self, dice, character, opponent, params):
        mine = dice.roll(6) + self._rating(character, params)
        theirs = dice.roll(6) + self._rating(opponent, params)
        ok = mine > theirs
        return RollRecord("plain-d6", "contest", str(params["stat"]), [mine, theirs], "success" if ok else "failure", ok, mine - theirs)

    def offers(self, record, character):
        if record.kind == "check" and not record.success and character.resources.get("rerolls", 0) > 0 and not record.details.get("rerolled"):
            return [Offer("reroll", "Spend a reroll", {"rerolls": 1})]
        return []

    def apply_offer(self, dice, record, character, key):
        if key != "reroll":
            raise RulesError(f"no offer {key!r}")
        character.resources["rerolls"] -= 1
        params = {"stat": record.stat, "target": record.details["target"]}
        new = self.check(dice, character, params)
        new.details["rerolled"] = True
        return new

    def alternatives(self, character, params):
        return [Offer("give-up", "Give up (+1 XP)")] if params.get("can_give_up") else []

    def take_alternative(self, character, params, key):
        return RollRecord("plain-d6", "check", str(params["stat"]), [], "failure", False, xp=1)

    def settle(self, dice, record, character, params, branches):
        return record

    def is_success(self, outcome: str) -> bool:
        return outcome == "success"

    def check_odds(self, character, params) -> Odds:
        need = int(params.get("target", 4)) - self._rating(character, params)
        p = Fraction(max(0, min(6, 7 - need)), 6)
        return Odds("plain-d6", {"success": p, "failure": 1 - p})

    def contest_odds(self, character, opponent, params) -> Odds:
        return Odds("plain-d6", {"success": Fraction(1, 2), "failure": Fraction(1, 2)})

    def odds_for_args(self, args):
        raise RulesError("not for the command line")

    def roll_for_args(self, dice, args):
        raise RulesError("not for the command line")

    def experience(self, record, character):
        if record.xp:
            character.resources["xp"] += record.xp
        if record.dice and record.dice[0] == 1:
            character.resources["xp"] += 1
            return []
        return []

    def advancement(self, character):
        return []

    def advance(self, character, key):
        raise RulesError("nothing to buy")

    def end_of_adventure(self, character):
        if character.resources.get("rerolls"):
            character.resources["rerolls"] = 0
            return ["Unspent rerolls are gone."]
        return []
