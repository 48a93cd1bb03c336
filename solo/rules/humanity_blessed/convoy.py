"""Blessèd Convoy (an ability extending Licensed Driver): while transporting others, the character
may designate some of them; when those Help the character during that transport, Helping costs
them ① (one blessing die) less.

An adventure says a roll is made transporting others with the tag ``transport`` (as for Licensed
Driver) and names the companions being transported, whom the player designates, with
``convoy: [<companion id>, ...]``.

**Decisions** (the book leaves these to the table, and a solo game has no other players):

* The engine keeps blessing dice for the player only: a companion's pool is not tracked from
  scene to scene (as for Synchronized Spark), so companions do not spend dice on Help anywhere
  else. The one Help a designated companion can give without a pool is the one Convoy makes
  free: one die's Help (+1) less the ① Convoy takes off costs nothing. So each designated
  companion may Help the player's roll once for +1, free, beside the player's own Help (the
  book lets each character Help once per roll). Larger Help from a companion would be paid
  from a pool the engine does not keep, and is not offered.
* It is offered whenever the player's own Help could be (a plain check or contest the player
  rolls or defends, not yet closed), and only to a character with the ability on a roll tagged
  ``transport``. Its chance is exact: the roll plus one, read again. Where that +1 cannot
  change the result it is shown disabled, saying why (:mod:`.idle_help`).
* Fights and endeavours have their own Help and do not offer it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.idle_help import idle_reason
from solo.rules.humanity_blessed.tables import SYSTEM, err, norm
from solo.rules.reasons import reason

ABILITY = "blessedconvoy"
NAME = "Blessèd Convoy"
TAG = "transport"
PREFIX = "convoy-"
#: What one die's Help adds; Convoy takes its one die of cost off.
BONUS = 1


def names(value: object) -> tuple[str, ...]:
    """The designated companions' names, as ``convoy`` is given: prepared characters (the engine,
    ``solo validate``), their data (a stored contest) or names (a stored check)."""
    if value is None or value == []:
        return ()
    found = []
    for index, member in enumerate(value if isinstance(value, (list, tuple)) else [value]):
        if isinstance(member, Character):
            found.append(member.name or member.id or "")
        elif isinstance(member, Mapping):
            found.append(str(member.get("name") or member.get("id") or ""))
        elif isinstance(member, str):
            found.append(member)
        else:
            raise err(f"convoy names the companions being transported (got {member!r})", param=("convoy", index))
    return tuple(found)


def check(params: Mapping[str, Any], tags: frozenset[str]) -> tuple[str, ...]:
    """The designated companions of a check's parameters; an error when the roll is not made
    transporting others (tag ``transport``)."""
    found = names(params.get("convoy"))
    if found and TAG not in tags:
        raise err("convoy names companions being transported: the roll needs the tag transport",
                  param="convoy")
    return found


def _tags(record: RollRecord) -> set[str]:
    tags = (record.details.get("params") or {}).get("tags") or []
    return {norm(t) for t in ([tags] if isinstance(tags, str) else tags)}


def offers(record: RollRecord, character: Character) -> list[Offer]:
    """Each designated companion who has not Helped this roll yet, while Help may be added."""
    details = record.details
    if ABILITY not in abilities(character) or not details.get("help_allowed") or TAG not in _tags(record):
        return []
    helped = {entry.get("by") for entry in details.get("convoy_help") or []}
    idle = idle_reason(record, character, BONUS)  # shown, but greyed: the +1 changes nothing
    return [Offer(f"{PREFIX}{index}", f"{NAME}: {name} helps for +{BONUS} at no cost", disabled=idle)
            for index, name in enumerate(names((details.get("params") or {}).get("convoy")))
            if name not in helped]


def _helped(record: RollRecord, name: str) -> RollRecord:
    from solo.rules.humanity_blessed.rolling import read_check, read_contest

    new = RollRecord.from_dict(record.to_dict())
    new.total = int(new.total or 0) + BONUS
    new.details["convoy_help"] = list(new.details.get("convoy_help") or []) + [{"by": name, "value": BONUS}]
    new.steps.append(reason("convoy-help", by=name, value=BONUS))
    (read_check if new.kind == "check" else read_contest)(new)
    return new


def _name(record: RollRecord, key: str) -> str:
    index = int(key.removeprefix(PREFIX))
    return names((record.details.get("params") or {}).get("convoy"))[index]


def apply(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """The companion's free +1: the roll read again (a big win may earn a blessing die)."""
    from solo.rules.humanity_blessed.session import earn

    new = _helped(record, _name(record, key))
    earn(dice, new, character)
    return new


def odds(record: RollRecord, key: str) -> Odds:
    """The roll with the +1 added: one outcome, certain."""
    from solo.rules.offer_odds import measure_key

    new = _helped(record, _name(record, key))
    one = Fraction(1)
    outcomes = {new.outcome: one}
    size = measure_key("size", new.measures.get("size"))
    if size:
        outcomes[size] = one
    return Odds(system=SYSTEM, outcomes=outcomes, overall_success=one if new.success else Fraction(0))
