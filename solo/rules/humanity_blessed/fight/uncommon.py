"""Uncommon Attack in a Humanity, Blessed fight (an ability extending Advanced Training).

When the History stat covers the fight (the conflict's ``history: true``) and the attacker has
the ability, they may have the Defender roll first. The result is then that of an automatic
History check against the Defender's roll: if the History die covers that target (d4 up to 4,
d6 8, d8 12, d10 16), the attack wins, with the outcome size of a check that reaches the target,
one size smaller; if not, it loses as though the attacker had rolled 0.

**Decisions:** the ability cannot be used for a focus roll (the book bars it while the Focal
Action is being decided), so it is offered when the attack is resolved, in place of the
attacker's roll. The Defender's roll gets its aid on a would-be loss (it would lose whenever
the History die covers it); an automatic result takes no Help and no Distraction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping, rolling
from solo.rules.humanity_blessed.fight import abilities as ab
from solo.rules.humanity_blessed.fight.chances import help_pmf
from solo.rules.humanity_blessed.offers import history_limit
from solo.rules.humanity_blessed.parsing import HBCheck
from solo.rules.humanity_blessed.planning import plan_roll
from solo.rules.humanity_blessed.tables import SYSTEM, size_for_total, smaller_size
from solo.rules.reasons import reason

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.fight.melee import Melee


def limit_of(m: "Melee", key: str) -> int | None:
    die = m.character(key).stats.get("history")
    if die is None or not bumping.is_die(die):
        return None
    return history_limit(bumping.parse_die(die))


def uncommon_eligible(m: "Melee", key: str) -> bool:
    act = (m.state.get("now") or {}).get("act") or {}
    return (m.history and ab.has(m.character(key), ab.UNCOMMON_ATTACK) and not act.get("anger")
            and limit_of(m, key) is not None)


def uncommon_chance(m: "Melee", target: str, theirs: HBCheck, limit: int) -> Fraction:
    """The exact chance the defender's roll (with its aid, as it would lose) stays within
    ``limit``."""
    character = m.character(target)
    plan = plan_roll(character, theirs, role="defender", violent=True, prepaid=True)
    pmf = {v + plan.modifier: p for v, p in bumping.total_pmf(plan.group, max(1, limit - plan.modifier)).items()}
    aid = help_pmf(plan.aid[1]) if plan.aid else None
    total = Fraction(0)
    for v, p in pmf.items():
        if v > limit:
            continue
        if aid is None:
            total += p
        else:
            total += p * sum((q for x, q in aid.items() if v + x <= limit), Fraction(0))
    return total


def uncommon_attack(m: "Melee", dice: Dice, actor: str, target: str, theirs: HBCheck) -> RollRecord:
    """The defender rolls first; the attacker's History die decides."""
    limit = int(limit_of(m, actor) or 0)
    character = m.character(target)
    plan = plan_roll(character, theirs, role="defender", violent=True)
    rolling.consume(character, plan.consumes)
    rolled, steps = rolling.roll_side(dice, plan, character.name or plan.stats[0])
    total = rolled.total + plan.modifier
    faces = list(rolled.faces)
    details = {"uncommon": {"history_limit": limit}, "automatic": True, "violent": True,
               "opponent": character.name, "opponent_stat": plan.stats[0], "opponent_die": plan.group.name,
               "opponent_rounds": rolled.rounds, "opponent_natural": rolled.natural}
    if total <= limit and plan.aid is not None:
        added, more, rounds = rolling.roll_extra(dice, plan.aid[1])
        faces += more
        total += added
        details["opponent_aid"] = {"source": plan.aid[0], "value": added, "rounds": rounds}
        steps.append(reason("aid", defender=True, who=character.name, source=plan.aid[0], value=added))
    win = total <= limit
    size = smaller_size(size_for_total(total)) if win else None
    details.update(opponent_total=total, size=size, margin=0 if win else -total)
    verdict = reason("uncommon-result", total=total, limit=limit, won=win, size=size)
    record = RollRecord(system=SYSTEM, kind="contest", stat="history", dice=faces,
                        outcome="success" if win else "failure", success=win,
                        total=total if win else 0, details=details, steps=steps + [verdict])
    record.measures = {"size": size or "", "margin": 0 if win else -total}
    return record
