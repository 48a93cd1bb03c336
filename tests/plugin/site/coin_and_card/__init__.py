"""Coin and Card: a tiny game system of our own, shipped as a third-party ruleset.

It exists to prove that a ruleset added through the ``solo.rulesets`` entry point gets what the
built-in five get (creation, words, rules page, exact odds, playtest and analyze) with no line of
``solo`` changed. It imports only ``solo``'s public ruleset interface.

The rules: a character has two stats, ``nerve`` and ``wits``, each rated 0 to 2 (three points in
all at creation). A check rolls one d6 and adds the stat; reaching the target (4 unless the check
says otherwise) is a success, one short is a partial success (it works at a cost), anything lower
is a failure. A contest is both sides rolling a check: the higher total wins, a tie is a draw.
An adventure's ``award: {luck: N}`` gives luck; one luck buys a point of a stat.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from solo.rules.base import Advance, Character, Odds, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.vocabulary import DieReading, Names, RollReading, Rule, Vocabulary

SYSTEM = "coin-and-card"
STATS = ("nerve", "wits")
TARGET = 4
#: Creation: each stat 0-2, three points in all.
MAX_RATING, POINTS = 2, 3


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """A roll in this system's words: the die, the stat added, the target."""
    d = record.get("details") or {}
    why: list[str] = []
    if record.get("kind") == "contest":
        why.append(f"Your {d.get('mine')} against their {d.get('theirs')}.")
        return RollReading(tuple(DieReading(v) for v in record.get("dice") or []), tuple(why), "contest")
    why.append(f"The card turned {record.get('total')} against a target of {d.get('target')}.")
    return RollReading(tuple(DieReading(v) for v in record.get("dice") or []), tuple(why), "check")


VOCABULARY = Vocabulary(
    system=SYSTEM,
    book="Coin and Card (a test system)",
    explain=explain,
    resources={"luck": "Luck"},
    outcomes={"failure": "miss", "partial": "scrape", "success": "clean win", "draw": "stand-off"},
    meanings={"failure": "it does not work", "partial": "it works, at a cost",
              "success": "it works", "draw": "neither side gives"},
    terms=(("card", "the d6 you turn for a check"), ("luck", "what an adventure awards; buys a stat point")),
    rules={
        "check": Rule("Turning a card", "Roll a d6 and add the stat: the target or more wins cleanly, "
                      "one short scrapes through.", "Coin and Card, page 1"),
        "contest": Rule("Face-off", "Both sides turn a card; the higher total wins, a tie is a stand-off.",
                        "Coin and Card, page 1"),
    },
)


@dataclass(frozen=True)
class CardCheck:
    stat: str
    rating: int
    target: int


class CoinAndCard(RulesetDefaults):
    """The Coin and Card ruleset."""

    id: ClassVar[str] = SYSTEM
    name: ClassVar[str] = "Coin and Card"
    display_name: ClassVar[str] = "Coin & Card"
    error_label: ClassVar[str] = "COIN"
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "partial", "success")
    contest_labels: ClassVar[tuple[str, ...]] = ("draw",)
    stat_names: ClassVar[tuple[str, ...]] = STATS
    measure_names: ClassVar[tuple[str, ...]] = ("margin",)
    check_params: ClassVar[tuple[str, ...]] = ("target",)
    cli_options: ClassVar[dict[str, str]] = {"rating": "the stat's rating (0-2)", "target": "the number to reach (default 4)"}
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    creation_rules: ClassVar[str] = "Nerve and wits are each 0 to 2, three points in all."
    creation_extra: ClassVar[tuple[str, ...]] = ("motto",)
    custom_stats: ClassVar[bool] = False
    odds_play: ClassVar[tuple[str, ...]] = ()
    cli_examples: ClassVar[tuple[str, ...]] = ("--rating 1 --target 5",)
    degree_words: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (("partial",), ("margin",))
    starter_condition: ClassVar[str] = "roll.margin >= 2"
    starter_param: ClassVar[tuple[str, str]] = ("target", "4")

    def creation_defaults(self) -> dict[str, int]:
        return {"nerve": 2, "wits": 1}

    # characters -------------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        character.resources.setdefault("luck", 0)
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        for stat in STATS:
            value = character.stats.get(stat)
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"COIN: {stat} must be a whole number (got {value!r})")
            if not 0 <= value <= (MAX_RATING if creation else 5):
                raise RulesError(f"COIN: {stat} must be 0-{MAX_RATING if creation else 5} (got {value})")
        if creation and sum(character.stats.get(s, 0) for s in STATS) != POINTS:
            raise RulesError(f"COIN: nerve and wits share {POINTS} points at creation "
                             f"(got {sum(character.stats.get(s, 0) for s in STATS)})")

    # rolling ----------------------------------------------------------------------------------
    def parse_check(self, params: Mapping[str, Any], character: Character | None = None) -> CardCheck:
        stat = params.get("stat")
        if stat not in STATS:
            raise RulesError(f"COIN: stat must be nerve or wits (got {stat!r})", param="stat")
        target = params.get("target", TARGET)
        try:
            target = int(target)
        except (TypeError, ValueError):
            raise RulesError(f"COIN: target must be a whole number (got {target!r})", param="target") from None
        rating = int(character.stats.get(stat, 0)) if character is not None else 0
        return CardCheck(str(stat), rating, target)

    @staticmethod
    def _label(total: int, target: int) -> str:
        return "success" if total >= target else ("partial" if total == target - 1 else "failure")

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        parsed = self.parse_check(params, character)
        face = dice.roll(6)
        return self._record(parsed, face)

    def _record(self, parsed: CardCheck, face: int) -> RollRecord:
        total = face + parsed.rating
        outcome = self._label(total, parsed.target)
        return RollRecord(system=SYSTEM, kind="check", stat=parsed.stat, dice=[face], outcome=outcome,
                          success=outcome == "success", total=total, modifiers={parsed.stat: parsed.rating},
                          details={"target": parsed.target}, measures={"margin": total - parsed.target})

    def contest(self, dice: Dice, character: Character, opponent: Character,
                params: Mapping[str, Any]) -> RollRecord:
        mine_check = self.parse_check(params, character)
        theirs_rating = int(opponent.stats.get(mine_check.stat, 0))
        faces = [dice.roll(6), dice.roll(6)]
        mine, theirs = faces[0] + mine_check.rating, faces[1] + theirs_rating
        outcome = "success" if mine > theirs else ("failure" if mine < theirs else "draw")
        return RollRecord(system=SYSTEM, kind="contest", stat=mine_check.stat, dice=faces, outcome=outcome,
                          success=outcome == "success", total=mine,
                          details={"mine": mine, "theirs": theirs}, measures={"margin": mine - theirs})

    def is_success(self, outcome: str) -> bool:
        return outcome == "success"

    # odds -------------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        parsed = self.parse_check(params, character)
        counts = {label: 0 for label in self.outcome_labels}
        for face in range(1, 7):
            counts[self._label(face + parsed.rating, parsed.target)] += 1
        return Odds(SYSTEM, {label: Fraction(n, 6) for label, n in counts.items()})

    def contest_odds(self, character: Character, opponent: Character, params: Mapping[str, Any]) -> Odds:
        parsed = self.parse_check(params, character)
        theirs = int(opponent.stats.get(parsed.stat, 0))
        counts = {"failure": 0, "draw": 0, "success": 0}
        for a in range(1, 7):
            for b in range(1, 7):
                mine, other = a + parsed.rating, b + theirs
                counts["success" if mine > other else ("failure" if mine < other else "draw")] += 1
        return Odds(SYSTEM, {label: Fraction(n, 36) for label, n in counts.items()})

    def _cli_character(self, args: Mapping[str, Any]) -> tuple[Character, dict[str, Any]]:
        try:
            rating = int(args.get("rating", 0))
        except (TypeError, ValueError):
            raise RulesError(f"COIN: --rating must be a whole number (got {args.get('rating')!r})") from None
        params: dict[str, Any] = {"stat": "nerve", "target": args.get("target", TARGET)}
        return Character("you", SYSTEM, {"nerve": rating, "wits": 0}), params

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        character, params = self._cli_character(args)
        return self.check_odds(character, params)

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        character, params = self._cli_character(args)
        return self.check(dice, character, params)

    # experience -------------------------------------------------------------------------------
    def advancement(self, character: Character) -> list[Advance]:
        return [Advance(f"raise:{stat}", f"Raise {stat} by one", {"luck": 1}) for stat in STATS
                if int(character.stats.get(stat, 0)) < 5]

    def advance(self, character: Character, key: str) -> Character:
        stat = key.partition(":")[2]
        if not key.startswith("raise:") or stat not in STATS:
            raise RulesError(f"COIN: no advance called {key!r}")
        if int(character.resources.get("luck", 0)) < 1:
            raise RulesError("COIN: raising a stat costs 1 luck")
        character.resources["luck"] = int(character.resources["luck"]) - 1
        character.stats[stat] = int(character.stats.get(stat, 0)) + 1
        return character
