"""Synchronized Skill (an ability extending Synchronized Spark): a willing companion lends the
player one of its abilities until the scene ends, written on a check or contest as
``loan_from: <companion id>`` with ``loan: <ability>``.

The book lets the one who has Synchronized Skill spend two blessing dice of the same worth to
lend one of their abilities to another willing character in the scene. Our reading for a solo
game, where the player's own rolls are the ones that matter:

* The lender is a companion the adventure names, who has Synchronized Skill and the ability lent
  (any of theirs but Synchronized Skill itself). The player needs neither.
* The cost is the lender's, but the engine keeps blessing dice only for the player (as for
  Synchronized Spark), so the player's pool pays the pair: the cheapest two dice of equal worth
  (at least 1), when the roll that asks for the loan is made and before its own costs (a
  spark's pair comes out of what is left). With no such pair the loan is not made and the roll
  says why; it is rolled as the player stands.
* The loan is in force from that roll to the end of the scene: every roll and fight of the
  player's in the scene has the ability, as if it were listed with their own. A scene ends when
  play enters a different scene (a ``goto`` back into the same scene keeps it) or the adventure
  ends; the engine calls :func:`end_scene`. A save mid-scene keeps the loan (it is in the
  character's ``extra``).
* A check that asks for a loan already in force pays nothing again. "Sooner if you choose":
  a companion in a solo game does not take it back early.
* An ability lent that is spent (Blessed Luck and the like) stays spent while the loan lasts; what
  is left of it goes back with the loan.

The odds offered for such a roll are those of the roll with the loan made (the pool less the
pair, the ability in force), so the hint and ``solo odds`` agree with what happens.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.humanity_blessed.blessings import choose_pair, take
from solo.rules.humanity_blessed.character import LOANS, listed_abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import err, norm
from solo.rules.reasons import Step, reason

#: The ability's name as the book writes it, and its key as ``character.abilities`` reads it.
NAME = "Synchronized Skill"
ABILITY = "synchronizedskill"
PARAMS = ("loan_from", "loan")


def lender(value: object) -> Character | None:
    """The companion named by ``loan_from`` (the engine passes a prepared character, alone or as
    a one-item list; a stored record passes its data)."""
    if value is None or value == []:
        return None
    if isinstance(value, (list, tuple)):
        if len(value) != 1:
            raise err(f"loan_from names one companion (got {len(value)})", param="loan_from")
        value = value[0]
    if isinstance(value, Mapping):
        value = Character.from_dict(value)
    if not isinstance(value, Character):
        raise err(f"loan_from names a companion who lends an ability (got {value!r})", param="loan_from")
    return value


def written(params: Mapping[str, Any]) -> tuple[Character, str] | None:
    """The lender and the ability (as the lender lists it) a roll asks for, or None; an error
    naming the parameter when the two do not go together."""
    mate = lender(params.get("loan_from"))
    ability = params.get("loan")
    if mate is None and ability is None:
        return None
    if mate is None:
        raise err("loan (Synchronized Skill) needs loan_from: the companion who lends it", param="loan")
    if not isinstance(ability, str) or not ability.strip():
        raise err("loan_from needs loan: the name of the ability the companion lends", param="loan_from")
    who = mate.name or mate.id
    own = listed_abilities(mate)
    if ABILITY not in {norm(a) for a in own}:
        raise err(f"{who} cannot lend an ability: lending needs {NAME}", param="loan_from")
    if norm(ability) == ABILITY:
        raise err(f"{NAME} lends another ability, not itself", param="loan")
    found = next((a for a in own if norm(a) == norm(ability)), None)
    if found is None:
        lendable = [a for a in own if norm(a) != ABILITY]
        raise err(f"{who} has no ability {ability!r} to lend (has: {', '.join(lendable) or 'none'})",
                  param="loan")
    return mate, found


def _held(character: Character, mate: Character, ability: str) -> bool:
    who = mate.name or mate.id
    return any(isinstance(loan, Mapping) and norm(loan.get("ability")) == norm(ability)
               and loan.get("from") == who for loan in character.extra.get(LOANS) or [])


def lend(character: Character, params: Mapping[str, Any]) -> list[Step]:
    """Make the loan a roll asks for (paying the pair from the player's pool), before the roll;
    the steps that say what happened (none when the roll asks for no loan)."""
    asked = written(params)
    if asked is None:
        return []
    mate, ability = asked
    who = mate.name or mate.id
    if _held(character, mate, ability):
        return [reason("loan-held", who=who, ability=ability)]
    pool = character.resources.setdefault("blessings", [])
    pair = choose_pair(pool, Conditions.of(character).has("cursed"))
    if pair is None:
        return [reason("no-loan", who=who, ability=ability)]
    paid = take(pool, pair)
    loans = character.extra.get(LOANS)
    if not isinstance(loans, list):
        loans = character.extra[LOANS] = []
    loans.append({"ability": ability, "from": who})
    return [reason("loan", who=who, ability=ability, paid=paid)]


def with_loan(character: Character, params: Mapping[str, Any]) -> Character:
    """The character as the roll will find them once the loan it asks for is made (a copy when
    that changes anything): what the odds of the roll are for."""
    if params.get("loan_from") is None and params.get("loan") is None:
        return character
    copy = Character.from_dict(character.to_dict())
    lend(copy, params)
    return copy


def noted(record: Any, steps: list[Step]) -> Any:
    """The roll's record with the loan's steps first (the record is returned)."""
    if steps:
        record.steps[:0] = steps
        record.details["loan"] = dict(steps[0])
    return record


def end_scene(character: Character) -> list[str]:
    """The scene is over: every loan goes back to its lender. Lines that say so."""
    loans = character.extra.pop(LOANS, None)
    if not isinstance(loans, list) or not loans:
        return []
    own = {norm(a) for a in listed_abilities(character)}
    lent = {norm(loan.get("ability")) for loan in loans if isinstance(loan, Mapping)}
    spent = character.extra.get("spent_abilities")
    if isinstance(spent, list):  # what is left of a lent ability goes back with it
        spent[:] = [a for a in spent if norm(a) in own or norm(a) not in lent]
    return [f"Synchronized Skill: {loan.get('ability')} goes back to {loan.get('from')} as the scene ends."
            for loan in loans if isinstance(loan, Mapping)]
