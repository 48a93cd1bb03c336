"""The random events of a game as exact distributions over what the adventure can tell apart.

A roll's dice never reach the adventure: only its outcome label (and whether it counts as a
success) picks a branch. So a check is one random node whose children are its *outcome
classes*: ``(label, branch)`` pairs, with the exact probability the ruleset's ``check_odds`` or
``contest_odds`` gives (:func:`outcome_classes`). The label is kept beside the branch because
rules act on it too (a GUTS+ negative impact teaches a learning experience).

How the labels of :class:`~solo.rules.base.Odds` are read: the system's ``outcome_labels`` (and,
for contests, its ``contest_labels``) are its results; where the odds also list ``plain-LABEL``
(a plain failure or success beside the criticals), that is the label's own share. The
shares must add up to exactly 1 (or to 1 less what the odds leave out), or the check is split
by enumerating its rolls instead. Odds that leave out an exploding tail (``truncated``, below
1e-15 in Loose and Fuzzy) give that share to :data:`TAIL`, explored as unknown: the analysis
is then bounded by it, not refused. A GUTS+ near success
without its own branch is the GM's call (:meth:`settle`): the check's ``near`` policy, by default
the oracle (success on 4-6, so half and half).

To carry out a class on the real engine, :func:`representative` finds one roll of the ruleset
(played the way the odds assume, see :func:`solo.playtest.policies.dice_decision`) that lands in
it, and the engine resolves that roll as it would any other.

Tables are random nodes too: :func:`table_rows` gives each row's exact probability (rerolled
totals excluded, as the engine rerolls them).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.adventure.format import branches
from solo.adventure.format.branches import check_branch_key
from solo.adventure.model import Adventure, CheckSpec, Table
from solo.adventure.odds import check_params, fingerprint, opponent_of, spec_odds
from solo.playtest.policies import odds_offer, plays_odds_offers
from solo.rules.base import Character, Ruleset, names
from solo.rules.dice import Dice, RollRecord
from solo.rules.notation import DiceNotation

NEAR = "near-success"
#: The class of a check's rolls its odds leave out (an exploding tail below 1e-15): explored
#: as unknown, so the analysis is bounded by it instead of refused.
TAIL = ("beyond the listed odds", None)
SEARCH_TRIES = 20_000

OutcomeClass = tuple[str, "str | None"]  # (outcome label, outcome branch taken or None)


class NotExact(Exception):
    """This random event cannot be given exact probabilities; the message says why."""


def branch_key(spec: CheckSpec, outcome: str, success: bool, size: object = None) -> str | None:
    """The outcome branch the engine takes for a settled roll (the format's rule:
    :func:`solo.adventure.format.branches.check_branch_key`)."""
    return check_branch_key(spec.outcomes, outcome, success, size)


def label_shares(ruleset: Ruleset, odds: Any, kind: str) -> dict[str, Fraction]:
    """Each result label's own probability (see the module docstring); they add up to 1."""
    labels = list(ruleset.outcome_labels)
    if kind == "contest":
        labels += [x for x in names(ruleset, "contest_labels") if x not in labels]
    shares: dict[str, Fraction] = {}
    for label in labels:
        value = odds.outcomes.get(f"plain-{label}", odds.outcomes.get(label))
        if value:
            shares[label] = Fraction(value)
    total = sum(shares.values(), Fraction(0))
    if total == 1 - Fraction(odds.truncated) and total:  # listed as shares of every roll
        return {label: p / total for label, p in shares.items()}
    if total != 1:
        raise NotExact(f"the {ruleset.id} odds of this check do not split into its outcome labels "
                       f"(they add up to {float(total):.6g}, with {float(odds.truncated):.3g} left out)")
    return shares


def outcome_classes(
    adventure: Adventure, ruleset: Ruleset, character: Character, spec: CheckSpec
) -> dict[OutcomeClass, Fraction]:
    """The exact distribution of a check's outcome classes for ``character``."""
    try:
        odds = spec_odds(adventure, ruleset, character, spec)
    except (LookupError, ValueError) as exc:
        raise NotExact(f"no exact odds for this check: {exc}") from None
    classes: dict[OutcomeClass, Fraction] = {}

    def add(label: str, branch: str | None, p: Fraction) -> None:
        classes[(label, branch)] = classes.get((label, branch), Fraction(0)) + p

    listed = 1 - Fraction(odds.truncated)
    if not 0 < listed <= 1:
        raise NotExact(f"the {ruleset.id} odds of this check leave out {float(odds.truncated):.3g} of its rolls")
    if listed < 1:
        classes[TAIL] = 1 - listed
    for label, p in label_shares(ruleset, odds, spec.kind).items():
        p = p * listed
        if label in spec.outcomes:
            add(label, label, p)
        elif label == branches.DRAW:
            add(label, None, p)
        elif label == NEAR:
            policy = str(spec.params.get("near") or "oracle").strip().lower()
            if policy == "oracle":
                add(label, branch_key(spec, label, True), p / 2)
                add(label, branch_key(spec, label, False), p / 2)
            else:
                add(label, branch_key(spec, label, policy == "success"), p)
        else:
            add(label, branch_key(spec, label, ruleset.is_success(label)), p)
    return classes


_found: dict[Any, dict[OutcomeClass, RollRecord]] = {}
_next_seed: dict[Any, int] = {}
#: Seeds that found each class of a check (any character): tried first for the next character.
_lucky: dict[Any, list[int]] = {}
LUCKY_SEEDS = 3


def play_roll(ruleset: Ruleset, dice: Dice, character: Character, opponent: Character | None,
              params: Mapping[str, Any], spec: CheckSpec) -> RollRecord:
    """One roll of ``spec`` played the way the exact odds assume, then settled."""
    if spec.kind == "contest":
        assert opponent is not None
        record = ruleset.contest(dice, character, opponent, params)
    else:
        record = ruleset.check(dice, character, params)
    if plays_odds_offers(ruleset):
        for _ in range(50):
            key = odds_offer(ruleset, record, ruleset.offers(record, character))
            if key is None:
                break
            record = ruleset.apply_offer(dice, record, character, key)
    return ruleset.settle(dice, record, character, params, frozenset(spec.outcomes))


def representative(
    adventure: Adventure, ruleset: Ruleset, character: Character, spec: CheckSpec, wanted: OutcomeClass
) -> RollRecord:
    """A real roll of ``spec`` by ``character`` that lands in the outcome class ``wanted``."""
    params = check_params(adventure, ruleset, spec)
    opponent = opponent_of(adventure, ruleset, spec) if spec.kind == "contest" else None
    key = (ruleset.id, fingerprint(character), fingerprint(opponent), fingerprint(params),
           tuple(sorted(spec.outcomes)))
    found = _found.setdefault(key, {})
    if wanted in found:
        return RollRecord.from_dict(found[wanted].to_dict())
    # the seeds that landed in this class for another character making the same check usually
    # land in it again (a point of stress or an item more rarely moves a roll across a class
    # line): tried first, each roll still played for this character and kept only by its class
    lucky = _lucky.setdefault(key[:1] + key[2:] + (wanted,), [])
    for seed in lucky:
        who = Character.from_dict(character.to_dict())
        record = play_roll(ruleset, Dice(seed), who, opponent, params, spec)
        found.setdefault((record.outcome, branch_key(spec, record.outcome, record.success)), record)
        if wanted in found:
            return RollRecord.from_dict(found[wanted].to_dict())
    seed = _next_seed.get(key, 0)
    tries = 0
    while wanted not in found:
        if tries >= SEARCH_TRIES:
            raise NotExact(f"no roll of {spec.stat} found that reads {wanted[0]!r} in {SEARCH_TRIES} tries")
        tries += 1
        seed += 1
        who = Character.from_dict(character.to_dict())
        record = play_roll(ruleset, Dice(seed), who, opponent, params, spec)
        landed = (record.outcome, branch_key(spec, record.outcome, record.success))
        found.setdefault(landed, record)
        if landed == wanted and len(lucky) < LUCKY_SEEDS:
            lucky.append(seed)
    _next_seed[key] = seed
    return RollRecord.from_dict(found[wanted].to_dict())


def notation_distribution(notation: DiceNotation) -> dict[int, Fraction]:
    """The exact distribution of a dice notation's total (``2d6+1``)."""
    counts = {0: 1}
    for _ in range(notation.count):
        step: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, notation.sides + 1):
                step[total + face] = step.get(total + face, 0) + ways
        counts = step
    whole = notation.sides ** notation.count
    return {total + notation.modifier: Fraction(ways, whole) for total, ways in counts.items()}


def table_rows(table: Table) -> list[tuple[int, Fraction]]:
    """(a total that picks the row, probability) for each row, and for totals no row covers.

    Rerolled totals are rolled again by the engine, so the others share their probability.
    """
    dist = notation_distribution(DiceNotation.parse(table.dice))
    kept = {t: p for t, p in dist.items() if t not in table.reroll}
    mass = sum(kept.values(), Fraction(0))
    if not mass:
        raise NotExact(f"table {table.id!r} rerolls every total")
    rows: dict[Any, tuple[int, Fraction]] = {}
    for total, p in sorted(kept.items()):
        row = next((r for r in table.rows if r[0] <= total <= r[1]), None)
        first, share = rows.get(row, (total, Fraction(0)))
        rows[row] = (first, share + p / mass)
    return list(rows.values())
