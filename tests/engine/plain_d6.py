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
    measure_names = ("hits",)  # after a duel: how many times the player hit
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

    def incapacitated(self, character):
        """Out cold at 0 health (only characters that track health)."""
        health = character.resources.get("health")
        return "out cold" if isinstance(health, int) and health <= 0 else None

    def end_of_adventure(self, character):
        if character.resources.get("rerolls"):
            character.resources["rerolls"] = 0
            return ["Unspent rerolls are gone."]
        return []


class Duel:
    """A test conflict: each round every fighter still standing rolls d6 + might; the player picks
    a target (or flees); the higher roll of an exchange costs the other 1 health (3 each).

    Behaviours: ``steady`` (foes gang up on the player) and ``wild`` (foes pick a target at random
    among the player's side). Fleeing is allowed unless ``params.flee`` is false.
    """

    procedure = "duel"
    summary = "Exchanges of d6 + might until one side is down."
    results = ("won", "lost", "fled")
    behaviours = ("steady", "wild")
    parameters = {"flee": "whether the player may run (default true)", "health": "health of everyone (default 3)"}

    def __init__(self, ruleset):
        self.ruleset = ruleset

    def problems(self, setup):
        from solo.rules.conflict import SetupProblem

        found = []
        if not setup.side("enemy"):
            found.append(SetupProblem(("opponents",), "a duel needs at least one opponent", "add opponents:"))
        for n, f in enumerate(setup.fighters):
            if "might" not in f.character.stats:
                found.append(SetupProblem(("opponents",), f"{f.name} has no might", "give it might"))
        health = setup.params.get("health", 3)
        if not isinstance(health, int) or health < 1:
            found.append(SetupProblem(("params", "health"), "health must be a whole number of 1 or more"))
        return found

    def possible_results(self, setup):
        return ("won", "lost", "fled") if setup.params.get("flee", True) else ("won", "lost")

    def begin(self, dice, setup):
        from solo.rules.conflict import Beat, ConflictStep

        health = int(setup.params.get("health", 3))
        state = {"round": 1, "health": {f.key: health for f in setup.fighters}, "max": health}
        return ConflictStep(state, [Beat("", "Round 1.")], 1)

    def decision(self, setup, state):
        from fractions import Fraction

        from solo.rules.conflict import Action, Decision

        me = int(setup.player.character.stats["might"])
        actions = []
        for f in setup.side("enemy"):
            if state["health"][f.key] > 0:
                odds = _win_chance(me, int(f.character.stats["might"]))
                actions.append(Action(f"attack:{f.key}", f"Attack {f.name}", odds))
        if setup.params.get("flee", True):
            actions.append(Action("flee", "Run for it", Fraction(1)))
        return Decision("Your move", tuple(actions))

    def act(self, dice, setup, state, key):
        from solo.rules.conflict import Beat, ConflictError, ConflictStep

        state = {**state, "health": dict(state["health"])}
        health = state["health"]
        beats = []
        if key == "flee":
            return ConflictStep(state, [Beat("player", "You run.")], state["round"], "fled")
        if not key.startswith("attack:") or health.get(key[7:], 0) <= 0:
            raise ConflictError(f"no action {key!r}")
        pairs = [("player", key[7:])]
        allies = [f for f in setup.fighters if f.side != "enemy" and health[f.key] > 0]
        for f in setup.fighters:
            if f.side == "ally" and health[f.key] > 0:
                target = next((e.key for e in setup.side("enemy") if health[e.key] > 0), None)
                if target:
                    pairs.append((f.key, target))
            if f.side == "enemy" and health[f.key] > 0:
                if f.behaviour == "wild":
                    target = allies[dice.roll(len(allies)) - 1].key
                else:
                    target = "player"
                pairs.append((f.key, target))
        for attacker, target in pairs:
            if health[attacker] <= 0 or health[target] <= 0:
                continue
            a, t = setup.fighter(attacker), setup.fighter(target)
            record = self.ruleset.contest(dice, a.character, t.character, {"stat": "might"})
            if record.success:
                health[target] -= 1
                text = f"{a.name} hits {t.name}."
                if attacker == "player":
                    state["hits"] = state.get("hits", 0) + 1
            else:
                text = f"{a.name} misses {t.name}."
            beats.append(Beat(attacker, text, record, f"{a.name} against {t.name}",
                              {"health_lost": 1 if record.success else 0}))
        result = None
        if health["player"] <= 0:
            result = "lost"
        elif all(health[e.key] <= 0 for e in setup.side("enemy")):
            result = "won"
        if result is None:
            state["round"] += 1
            beats.append(Beat("", f"Round {state['round']}."))
        setup.player.character.resources["health"] = max(0, health["player"])
        return ConflictStep(state, beats, state["round"], result)

    def view(self, setup, state):
        from solo.rules.conflict import ConflictView, FighterView, Gauge

        fighters = [
            FighterView(f.key, f.name, f.side, [Gauge("health", state["health"][f.key], state["max"])],
                        out=state["health"][f.key] <= 0)
            for f in setup.fighters
        ]
        return ConflictView("", state["round"], fighters=fighters)

    def conclude(self, dice, setup, state, result):
        from solo.rules.conflict import Beat, Conclusion

        fallen = {k: "out" for k, h in state["health"].items() if h <= 0}
        awards = {"xp": 1} if result == "won" else {}
        return Conclusion([Beat("", f"The duel is {result}.")], awards, fallen, {"hits": state.get("hits", 0)})


def _win_chance(mine: int, theirs: int):
    from fractions import Fraction

    wins = sum(1 for a in range(1, 7) for b in range(1, 7) if a + mine > b + theirs)
    return Fraction(wins, 36)


PlainD6.conflicts = {"duel": Duel}
