"""What a Humanity, Blessed player may do around a roll: spend blessing dice to Help once per
roll, call on Blessed Luck to attempt a failed check again, take a blow one size smaller with
Fearless Resolve after losing a contest as the defender, or succeed a History check
automatically when the History die covers the target.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping, convoy, first_roll, insurance, open_defence, optimal_solution, wits
from solo.rules.humanity_blessed.blessings import choose_spend, help_bonus, take, worth
from solo.rules.humanity_blessed.bumping import Die
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.idle_help import BIG_WIN_ONLY, RESULT, help_effect, what_it_changes
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import parse_check
from solo.rules.humanity_blessed.record_steps import without_verdict
from solo.rules.humanity_blessed.rolling import read_check, read_contest, roll_check, roll_extra
from solo.rules.humanity_blessed.session import earn, gain
from solo.rules.reasons import reason
from solo.rules.humanity_blessed.tables import (
    BIG_WIN,
    BLESSED_LUCK_RECHARGE,
    HISTORY_AUTO,
    MAX_HELP_DICE,
    SIZES,
    SYSTEM,
    err,
    norm,
    size_for_total,
    smaller_size,
)


def history_limit(die: Die) -> int | None:
    """The highest target a History die succeeds automatically (None for a capped die)."""
    return HISTORY_AUTO.get(die.sides) if die.standard else None


def offer_effect(record: RollRecord, character: Character, key: str) -> str:
    """What Help earns where the result and its size stay: one die's sure +1 that only makes the
    success big enough for the session's big-win blessing die; "" for anything else."""
    if not key.startswith("help-") or not key[len("help-"):].isdigit():
        return ""
    bonus = help_bonus(int(key[len("help-"):]) * help_factor(record, character))
    if not isinstance(bonus, int) or what_it_changes(record, character, bonus) != BIG_WIN_ONLY:
        return ""
    return f"it earns the blessing die of a success by {BIG_WIN}"


def help_factor(record: RollRecord, character: Character) -> int:
    """How many dice each blessing die spent on Help counts as: two while buying goods or
    services (a ``purchase`` roll) with Line of Credit, else one."""
    params = record.details.get("params") or {}
    tags = params.get("tags") or []
    tags = [tags] if isinstance(tags, str) else tags
    if "purchase" in {norm(t) for t in tags} and "lineofcredit" in abilities(character):
        return 2
    return 1


FEARLESS = "fearless-resolve"


def offers(record: RollRecord, character: Character) -> list[Offer]:
    """Help (1 to 10 blessing dice, once per roll) and Blessed Luck on a failed check; on a
    first roll still open, rolling on or declaring a spark (:mod:`.first_roll`). One die's
    Help, a sure +1, is shown disabled where it cannot change the result (:mod:`.idle_help`)."""
    if first_roll.is_open(record):
        return _sparks(record, character)
    if open_defence.is_open(record):
        return open_defence.offers(record, character)
    found: list[Offer] = []
    details = record.details
    pool = list(character.resources.get("blessings", []) or [])
    cursed = Conditions.of(character).has("cursed")
    settled = record.kind == "check" and record.success  # Help can only make the success bigger
    if details.get("help_allowed") and "help" not in details and not (settled and details.get("degree_unread")):
        usable = [v for v in pool if worth(v, cursed) >= 1]
        factor = help_factor(record, character)
        why = " (Line of Credit)" if factor > 1 else ""
        for n in range(1, min(MAX_HELP_DICE // factor, len(usable)) + 1):
            bonus = help_bonus(n * factor)
            what = "+1" if isinstance(bonus, int) else f"+{bonus.name}"
            noun = "die" if n == 1 else "dice"
            sure = isinstance(bonus, int)  # one die's +1: what it does is known now
            changes, idle = help_effect(record, character, bonus) if sure else (RESULT, "")
            said = "" if not settled or idle else (
                f": earns the blessing die of a success by {BIG_WIN}" if changes == BIG_WIN_ONLY else ": can raise the size")
            found.append(Offer(f"help-{n}", f"Spend {n} blessing {noun} for {what}{why}{said}", {"blessings": n},
                               disabled=idle))
    if not (settled and details.get("degree_unread")):  # a companion's +1, like Help: nothing to raise
        found += convoy.offers(record, character)
    optimal = optimal_solution.offer(record, character)
    if optimal is not None:
        found.append(optimal)
    insured = insurance.offer(record, character)
    if insured is not None:
        found.append(insured)
    turned = wits.offer(record, character)
    if turned is not None:
        found.append(turned)
    if fearless_offered(record, character):
        found.append(Offer(FEARLESS, f"Fearless Resolve: take the {record.details['size']} blow one "
                                     "size smaller and gain a Blessing (once a session)"))
    if record.kind == "check" and not record.success and "blessedluck" in abilities(character):
        spent = {norm(a) for a in character.extra.get("spent_abilities", []) or []}
        if "blessedluck" not in spent:
            found.append(Offer("blessed-luck", "Blessed Luck: attempt the check again"))
        elif choose_spend(pool, 1, BLESSED_LUCK_RECHARGE, cursed) is not None:
            found.append(Offer(
                "blessed-luck",
                "Blessed Luck: recharge with a blessing die worth 5+ and attempt again",
                {"blessings": 1},
            ))
    return found


def _keys(record: RollRecord, character: Character) -> set[str]:
    """The keys of :func:`offers`. A first roll's sparks are all kept unless the adventure does
    not read the size (:func:`_sparks`), so only then are its exact odds summed to know."""
    if first_roll.is_open(record) and not record.details.get("degree_unread"):
        return {o.key for o in first_roll.offers(record, character)}
    return {o.key for o in offers(record, character)}


def _sparks(record: RollRecord, character: Character) -> list[Offer]:
    """A first roll's offers, where rolling on is already certain to succeed: a spark can then
    only raise the outcome size (the book sizes a check by its total), so it is offered only
    when the adventure reads the size, and says so; otherwise the roll goes on at once."""
    found = first_roll.offers(record, character)
    if len(found) < 2 or first_roll.odds_after(record, character, first_roll.KEEP).success_chance() < 1:
        return found
    if record.details.get("degree_unread"):
        return []
    return [found[0]] + [Offer(o.key, o.text + ": can raise the size", o.cost) for o in found[1:]]


def apply_offer(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Carry out one of :func:`offers`; the new record."""
    if key not in _keys(record, character):
        keys = ", ".join(o.key for o in offers(record, character)) or "none"
        raise err(f"offer {key!r} is not available on this roll (available: {keys})")
    if first_roll.is_open(record):
        return first_roll.finish(dice, record, character, key)
    if open_defence.is_open(record):
        return open_defence.finish(dice, record, character, key)
    if key == "blessed-luck":
        return _blessed_luck(dice, record, character)
    if key == FEARLESS:
        return _fearless(dice, record, character)
    if key == optimal_solution.KEY:
        return optimal_solution.apply(dice, record, character)
    if key == insurance.KEY:
        return insurance.apply(record, character)
    if key == wits.KEY:
        return wits.apply(record, character)
    if key.startswith(convoy.PREFIX):
        return convoy.apply(dice, record, character, key)
    n = int(key.split("-", 1)[1])
    cursed = Conditions.of(character).has("cursed")
    pool = character.resources.setdefault("blessings", [])
    spent = take(pool, choose_spend(pool, n, 1, cursed) or [])
    new = RollRecord.from_dict(record.to_dict())
    worth_n = n * help_factor(record, character)
    added, faces, rounds = roll_extra(dice, help_bonus(worth_n))
    new.dice = new.dice + faces
    new.total = int(new.total or 0) + added
    what = "+1" if worth_n == 1 else f"dc{worth_n}"
    new.details["help"] = {"dice_spent": n, "paid": spent, "die": what, "rounds": rounds,
                           "value": added}
    new.steps.append(reason("help", dice=n, die=what, value=added))
    if new.kind == "check":
        read_check(new)
    else:
        read_contest(new)
    earn(dice, new, character)
    return new


def fearless_offered(record: RollRecord, character: Character) -> bool:
    """Fearless Resolve on a contest the player defended and lost (``defending: true``), once a
    session. **Decision:** not offered on a very minor blow: one size smaller than the smallest
    size is no size, which an adventure's outcomes cannot tell from a blow that landed."""
    from solo.rules.humanity_blessed.fight.abilities import fearless_ready

    size = record.details.get("size")
    return (record.kind == "contest" and bool(record.details.get("defending")) and not record.success
            and bool(size) and size != SIZES[0] and "fearless_resolve" not in record.details
            and "wits" not in record.details and fearless_ready(character))


def _fearless(dice: Dice, record: RollRecord, character: Character) -> RollRecord:
    from solo.rules.humanity_blessed.fight.abilities import mark_fearless

    new = RollRecord.from_dict(record.to_dict())
    was = str(new.details["size"])
    size = smaller_size(was)
    mark_fearless(character)
    pool = character.resources.setdefault("blessings", [])
    before = len(pool)
    gain(dice, character, "blessings", 1)
    gained = [int(v) for v in character.resources["blessings"][before:]]
    new.details["size"] = size
    new.details["fearless_resolve"] = {"was": was, "gained": character.resources["blessings"][-1:]}
    new.measures = {**new.measures, "size": size}
    new.steps = without_verdict(new.steps)
    new.steps.append(reason("fearless", was=was, size=size, gained=gained))
    new.steps.append(reason("defence-result", total=new.total, other=new.details["opponent_total"],
                            held=False, size=size))
    return new


def help_odds(record: RollRecord, character: Character, key: str) -> Odds | None:
    """The odds of the roll with Help ``key`` added (what the Help die may add, read on the
    roll's total); None when the Help die's values are too many to walk."""
    from fractions import Fraction

    from solo.rules.offer_odds import distribution, measure_key

    worth_n = int(key.split("-", 1)[1]) * help_factor(record, character)
    bonus = help_bonus(worth_n)
    added = distribution(lambda dice: roll_extra(dice, bonus)[0])
    if added is None:
        return None
    outcomes: dict[str, Fraction] = {}
    success = Fraction(0)
    for value, chance in added.items():
        new = RollRecord.from_dict(record.to_dict())
        new.total = int(new.total or 0) + value
        (read_check if new.kind == "check" else read_contest)(new)
        outcomes[new.outcome] = outcomes.get(new.outcome, Fraction(0)) + chance
        size = measure_key("size", new.measures.get("size"))  # how well, as the walk tallies it
        if size:
            outcomes[size] = outcomes.get(size, Fraction(0)) + chance
        if new.success:
            success += chance
    return Odds(system=SYSTEM, outcomes=outcomes, overall_success=success)


def _blessed_luck(dice: Dice, record: RollRecord, character: Character) -> RollRecord:
    spent_list = character.extra.setdefault("spent_abilities", [])
    recharge: list[int] = []
    if "blessedluck" in {norm(a) for a in spent_list}:
        pool = character.resources.setdefault("blessings", [])
        cursed = Conditions.of(character).has("cursed")
        recharge = take(pool, choose_spend(pool, 1, BLESSED_LUCK_RECHARGE, cursed) or [])
    else:
        spent_list.append("Blessed Luck")
    parsed = parse_check(record.details["params"], character)
    new = roll_check(dice, character, parsed, paid_spark=True)
    for key in ("blessings_earned", "blessing_reasons"):
        new.details[key] = list(record.details.get(key, [])) + new.details.get(key, [])
    if record.details.get("blessings_owed") or new.details.get("blessings_owed"):
        new.details["blessings_owed"] = int(record.details.get("blessings_owed", 0)) + int(new.details.get("blessings_owed", 0))
    if "spark_paid" in record.details:
        new.details["spark_paid"] = record.details["spark_paid"]
    new.details["blessed_luck"] = {"previous_total": record.total, "recharge_paid": recharge}
    new.dice = list(record.dice) + new.dice
    again = reason("blessed-luck", recharge=recharge[0] if recharge else None)
    new.steps = without_verdict(record.steps) + [reason("was", total=record.total), again] + new.steps
    return new


def alternatives(character: Character, params: Mapping[str, Any]) -> list[Offer]:
    """Automatic History success, when the History die covers the target."""
    try:
        parsed = parse_check(params, character)
    except RulesError:
        return []
    if norm(parsed.stat) != "history" or parsed.target is None or parsed.focal:
        return []
    limit = history_limit(bumping.parse_die(parsed.die))
    if limit is None or parsed.target > limit:
        return []
    return [Offer("auto-history",
                  f"Succeed automatically with History {parsed.die} (outcome one size smaller)")]


def take_alternative(character: Character, params: Mapping[str, Any], key: str) -> RollRecord:
    """Succeed automatically: as if the target were rolled, one outcome size smaller."""
    if key not in {o.key for o in alternatives(character, params)}:
        raise err(f"alternative {key!r} is not available for this check")
    parsed = parse_check(params, character)
    target = int(parsed.target or 0)
    size = smaller_size(size_for_total(target))
    return RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="success", success=True,
        total=target,
        details={"automatic": True, "target": target, "size": size, "margin": 0,
                 "params": parsed.as_params()},
        steps=[reason("auto-history", die=parsed.die, target=target, size=size)],
        measures={"size": size, "margin": 0},
    )
