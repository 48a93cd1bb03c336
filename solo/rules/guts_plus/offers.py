"""GUTS+ offers on a roll: bonus dice, placing their pooled pips, and mastery.

This module owns what a player may do to a GUTS+ roll before keeping it, and what each choice
does to the record:

* ``bonus``: roll one bonus die (one per double, or per helper die that matches). In a check its
  pips join the pool of pips waiting to be placed (``details["pending_bonus"]``); each bonus die
  may be declined on its own. In a contest it adds to the total at once.
* Placing the pool (checks): all the pips of the bonus dice taken are placed together, no die
  above 6 (the book shares out "the total value of the extra dice"; digest Decision). Offered:
  ``place:best``, the split :func:`~solo.rules.guts_plus.odds.best_split` proposes; then
  ``place:N``, all pips on die N with what does not fit spilling on (see :func:`spill_split`),
  when its result differs; and a typed offer: the player types any legal split, one number per
  die (``2 0 1``), read as the key ``split:2,0,1``. Placing declines the bonus dice not yet
  taken; keeping the roll with pips waiting places them by the best split.
* Mastery (level 10 and 10 learning experiences in a rolled quality), once per roll: one die
  becomes any value 1-6 (``mastery:D=V``, die D 1-based; the die then shows V whatever the
  modifier). Offered: the change that reads best (in a contest the lowest die to 6), the best
  change that makes a new double when one can still earn a bonus die, and a typed offer
  (``m 2 5``). Until a bonus die is taken the doubles are counted again after mastery, so a
  double it makes earns its bonus die; after that the change alters the value only.
* Offers sure to change nothing stay in their place, shown disabled with the reason
  (:attr:`solo.rules.base.Offer.disabled`): a bonus die on a check's positive impact (pips only
  raise dice; a contest's still widens ``roll.difference``), ``place:N`` where it reads as
  keeping the roll does, a mastery proposal that reads the same and earns no bonus
  die. ``place:best`` is shown disabled too where no mastery is left to use after it: keeping
  the roll places the pips by the best split and says so, so the one thing has one number
  (read12). A bonus die still to roll does not part the two (sitting 13): placing declines the
  bonus dice not yet taken and so does keeping, and the pips go the same way, so the roll reads
  the same. While mastery is left it stays on offer: placing then is not the end of the roll.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from solo.rules.base import Offer, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.records import copy_record, dice_text, pending_pips, reread
from solo.rules.reasons import reason

#: At most this many "all pips on die N" placements for one pool (the best split included).
MAX_PLACEMENTS = 8
BONUS = "bonus"
BEST = "best"
PLACE = "place:"
SPLIT = "split:"
MASTERY = "mastery"
MASTERY_PREFIX = "mastery:"

_NUMBERS = re.compile(r"\s*(?:split\s*:?|place\s*:)?\s*(\d+(?:\s*[,+\s]\s*\d+)*)\s*", re.I)
_MASTERY = re.compile(r"\s*(?:m|mastery)\s*:?\s*(\d+)\s*(?:=|to|\s)\s*(\d+)\s*", re.I)


def spill_split(values: Sequence[int], pips: int, die: int) -> tuple[int, ...]:
    """The split for "all pips on die ``die``" (0-based): that die is raised up to 6, and what
    does not fit spills to the next die that can take it, in order after it, wrapping round to
    the first die. Pips are lost only when every die shows 6 (the Doubles Decision).

    ``spill_split([5, 5], 2, 0) == (1, 1)``: one pip raises die 1 to 6, the other spills to die 2.
    """
    split = [0] * len(values)
    left = pips
    for step in range(len(values)):
        index = (die + step) % len(values)
        take = min(left, 6 - values[index])
        split[index] = take
        left -= take
        if not left:
            break
    return tuple(split)


def placement_options(values: Sequence[int], pips: int) -> list[tuple[str, tuple[int, ...]]]:
    """Where pooled pips may go: ``[(key, split)]``, the best split first (``best``), then
    "all pips on die N" (key ``str(N)``, 1-based, see :func:`spill_split`) in die order, for
    each die below 6.

    An option whose result (the values as a multiset: the reading ignores the dice's order)
    equals an earlier option's is left out, and the list stops at :data:`MAX_PLACEMENTS`.
    """
    found: list[tuple[str, tuple[int, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    candidates = [(BEST, tuple(go.best_split(values, pips)))]
    candidates += [
        (str(n + 1), spill_split(values, pips, n)) for n in range(len(values)) if values[n] < 6
    ]
    for key, split in candidates:
        result = tuple(sorted(v + s for v, s in zip(values, split)))
        if result in seen:
            continue
        seen.add(result)
        found.append((key, split))
        if len(found) >= MAX_PLACEMENTS:
            break
    return found


def placement_text(values: Sequence[int], pips: int, key: str, split: Sequence[int]) -> str:
    """How a placement offer reads: its result, its reading, and any pips lost."""
    raised = [v + s for v, s in zip(values, split)]
    lost = pips - sum(split)
    tail = f"{dice_text(raised)} → {go.WORDS[go.read_rank(raised)]}"
    if lost:
        tail += f" ({lost} lost)"
    if key == BEST:
        return f"Place the {pips} {_pips(pips)} by the best split: {tail}"
    die = int(key) - 1
    spilled = sum(split) - split[die]
    spill = ""
    if spilled:
        to = [str(i + 1) for i, s in enumerate(split) if s and i != die]
        spill = (f" ({spilled} {'spills' if spilled == 1 else 'spill'} to "
                 f"{'die' if len(to) == 1 else 'dice'} {', '.join(to)})")
    return f"All pips on die {key}{spill}: {tail}"


def _more_results_than(values: Sequence[int], pips: int, count: int) -> bool:
    """Whether the legal splits of ``pips`` on ``values`` reach more than ``count`` different
    results (as multisets): then a split of the player's own can differ from every offer.

    Walks the threshold counts as :func:`~solo.rules.guts_plus.odds.best_raise_state` does,
    stopping as soon as it has seen one more than ``count``.
    """
    n, n2, n3, n4, n5, n6 = go.thresholds(values)
    placed = min(pips, 5 * n - (n2 + n3 + n4 + n5 + n6))
    seen = 0
    for d2 in range(min(placed, n - n2) + 1):
        for d3 in range(min(placed - d2, n2 + d2 - n3) + 1):
            for d4 in range(min(placed - d2 - d3, n3 + d3 - n4) + 1):
                left = placed - d2 - d3 - d4
                for d5 in range(min(left, n4 + d4 - n5) + 1):
                    if n6 + left - d5 <= n5 + d5:
                        seen += 1
                        if seen > count:
                            return True
    return False


def _pips(count: int) -> str:
    return "pip" if count == 1 else "pips"


def _dice(count: int) -> str:
    return "die" if count == 1 else "dice"


# -- what is on offer --------------------------------------------------------------------------


def roll_offers(record: RollRecord) -> list[Offer]:
    """Everything the player may still do to a GUTS+ roll, typed offers last."""
    details = record.details
    if details.get("voluntary") or details.get("blocked") or "near" in details:
        return []
    found: list[Offer] = []
    typed: list[Offer] = []
    left = details.get("bonus_left", 0)
    pending = pending_pips(details)
    values = details["values"]
    check = record.kind == "check"
    kept = _kept_rank(values, pending) if check else None  # what keeping the roll reads
    if left:
        if pending:
            text = f"Roll another bonus die ({left} left) before placing the {pending[1]} {_pips(pending[1])}"
        else:
            text = f"Roll a bonus die ({left} left)"
        # a check's pips only raise dice: nothing reads better than the top (a contest's bonus
        # still widens roll.difference, which an adventure may read)
        top = kept == go.POSITIVE
        found.append(Offer(BONUS, text, disabled=f"cannot change the result: already {go.WORDS[go.POSITIVE]}" if top else ""))
    if pending:
        pips = pending[1]
        options = placement_options(values, pips)
        mastery_left = bool(details.get("mastery")) and not details["mastery"]["used"]
        found += [Offer(PLACE + key, placement_text(values, pips, key, split),
                        disabled=_placement_idle(key, values, split, kept, folded=not mastery_left))
                  for key, split in options]
        if _more_results_than(values, pips, len(options)):
            example = " ".join(map(str, options[0][1]))
            typed.append(Offer(SPLIT, f"Or type your own split of the {pips} {_pips(pips)}: "
                                      f"one number per die, in order (e.g. {example})", typed=True))
    mastery = details.get("mastery")
    if mastery and not mastery["used"]:
        proposals = mastery_proposals(record)
        shown = [Offer(key, text, disabled=_idle_mastery(record, key, kept)) for key, text in proposals]
        found += shown
        # the typed example is a change that does something, where one is proposed
        index, value = _example_change(values, [(o.key, o.text) for o in shown if not o.disabled] or proposals)
        typed.append(Offer(MASTERY_PREFIX, "Or use mastery your way: type m, a die and its new "
                                           f"value (e.g. m {index + 1} {value})", typed=True))
    return found + typed


def keep_words(record: RollRecord) -> str:
    """What keeping the roll does with bonus pips still waiting: they are placed by the best
    split (as :meth:`GutsPlus.settle` places them), and what that reads; "" when none wait."""
    pending = pending_pips(record.details) if not record.details.get("voluntary") else None
    if not pending:
        return ""
    values, pips = record.details["values"], pending[1]
    raised = [v + s for v, s in zip(values, go.best_split(values, pips))]
    return f"the {pips} {_pips(pips)} {'go' if pips > 1 else 'goes'} by the best split, {dice_text(raised)} → {go.WORDS[go.read_rank(raised)]}"


def offer_effect(record: RollRecord, key: str) -> str:
    """What a mastery change earns where the result stays: the bonus dice a new double brings
    (:func:`_idle_mastery` keeps such a change on offer); "" for any other offer."""
    if not key.startswith(MASTERY_PREFIX) or not _can_recount(record.details):
        return ""
    try:
        index, value = _mastery_key(key)
    except (ValueError, IndexError):
        return ""
    more = _bonus_after(record, index, value) - int(record.details.get("bonus_total", 0) or 0)
    return f"it earns {more} bonus {_dice(more)} to roll" if more > 0 else ""


def _placed_rank(values: Sequence[int], split: Sequence[int]) -> int:
    return go.read_rank([v + s for v, s in zip(values, split)])


def _kept_rank(values: Sequence[int], pending: tuple[list[int], int] | None) -> int:
    """The reading of a check kept now: pips waiting are placed by the best split."""
    return _placed_rank(values, go.best_split(values, pending[1])) if pending else go.read_rank(values)


def _placement_idle(key: str, values: Sequence[int], split: Sequence[int], kept: int | None,
                    *, folded: bool) -> str:
    """Why a placement is shown disabled, or "": one that reads as keeping the roll does; and
    the best split itself when no mastery is left to use after it, where keeping the roll places
    the pips that very way (its words say so): one offer, not two. A bonus die still to roll does
    not part them: placing declines it, and so does keeping."""
    if key == BEST:
        return "cannot change the result: keeping the roll places them the same way" if folded else ""
    return _same_as_keeping(kept) if _placed_rank(values, split) == kept else ""


def _same_as_keeping(kept: int | None) -> str:
    """Why a placement that reads as keeping the roll does is shown disabled (a check's reading
    is its whole result: outcome, impact and learning all follow from it)."""
    return f"cannot change the result: keeping the roll reads {go.WORDS[kept]} too" if kept is not None else ""


def _idle_mastery(record: RollRecord, key: str, kept: int | None) -> str:
    """Why a mastery proposal on a check cannot change the result (it reads as keeping the roll
    does and earns no bonus die), or ""."""
    if kept is None:
        return ""
    details = record.details
    index, value = _mastery_key(key)
    changed = list(details["values"])
    changed[index] = value
    pending = pending_pips(details)
    if _kept_rank(changed, pending) != kept:
        return ""
    if _can_recount(details) and _bonus_after(record, index, value) > details["bonus_total"]:
        return ""
    placed = f"with the {pending[1]} {_pips(pending[1])} placed, " if pending else ""
    return f"cannot change the result: {placed}{go.WORDS[kept]} either way"


def _example_change(values: Sequence[int], proposals: list[tuple[str, str]]) -> tuple[int, int]:
    if proposals:
        return _mastery_key(proposals[0][0])
    return 0, 6 if values[0] != 6 else 5


def _can_recount(details: dict[str, Any]) -> bool:
    """Mastery may still make a double that earns a bonus die: none has been taken yet."""
    return not details["bonus"] and pending_pips(details) is None and "placement" not in details


def _bonus_after(record: RollRecord, index: int, value: int) -> int:
    """How many bonus dice the roll gives if die ``index`` shows ``value``."""
    own, matches = _pairs_after(record, index, value)
    return len(own) + len(matches)


def _pairs_after(record: RollRecord, index: int, value: int) -> tuple[list[int], list[int]]:
    """The doubles and helper matches if die ``index`` of the roll shows ``value``."""
    faces = list(record.dice)
    faces[index] = value
    helper = record.details.get("helper")
    return go.pairs_with_helper(faces, helper["dice"] if helper else [])


def mastery_proposals(record: RollRecord) -> list[tuple[str, str]]:
    """Mastery's proposals as ``(key, text)``: the change that reads best, then the best change
    that makes a new double (while a double can still earn a bonus die), when it differs."""
    details = record.details
    found: list[tuple[str, str]] = []
    best = _best_change(record)
    if best is not None:
        found.append((_key(*best), _change_text(record, *best)))
    if _can_recount(details):
        double = _best_double(record)
        if double is not None and double != best:
            found.append((_key(*double), _change_text(record, *double)))
    return found


def _best_change(record: RollRecord) -> tuple[int, int] | None:
    """Mastery's change that reads best, as (die index, value): in a check the one
    :func:`~solo.rules.guts_plus.odds.best_mastery` finds, in a contest the lowest die to 6;
    None where no change reads better."""
    values = record.details["values"]
    if record.kind == "check":
        return go.best_mastery(values)
    low = min(range(len(values)), key=lambda i: (values[i], i))
    return None if values[low] >= 6 else (low, 6)


def odds_offer(record: RollRecord, offered: Sequence[Offer]) -> str | None:
    """The offer the play of the exact odds takes next on this roll (the names of
    :data:`~solo.rules.guts_plus.odds.PLAY` in their order, ``mastery`` being mastery's change
    that reads best), or None: keep the roll. Once mastery is used the roll is kept (a bonus die
    its change earned is one the odds never count); an offer shown greyed is never taken."""
    mastery = record.details.get("mastery")
    if mastery and mastery["used"]:
        return None
    enabled = {offer.key for offer in offered if not offer.disabled and not offer.typed}
    for name in go.PLAY:
        if name == MASTERY:
            best = _best_change(record) if mastery else None
            key = _key(*best) if best is not None else None
        else:
            key = name
        if key in enabled:
            return key
    return None


def _best_double(record: RollRecord) -> tuple[int, int] | None:
    """The change of one die that earns one more bonus die and reads best (a contest: the
    highest total), or None."""
    details = record.details
    values = details["values"]
    now = details["bonus_total"]
    best: tuple[int, int] | None = None
    best_key: Any = None
    for index in sorted(range(len(values)), key=lambda i: (values[i], i)):
        for value in range(6, 1, -1):
            if value == values[index] or _bonus_after(record, index, value) <= now:
                continue
            changed = list(values)
            changed[index] = value
            key = go.split_key(changed) if record.kind == "check" else sum(changed)
            if best_key is None or key > best_key:
                best, best_key = (index, value), key
    return best


def _key(index: int, value: int) -> str:
    return f"{MASTERY_PREFIX}{index + 1}={value}"


def _mastery_key(key: str) -> tuple[int, int]:
    die, _, value = key[len(MASTERY_PREFIX):].partition("=")
    return int(die) - 1, int(value)


def _change_text(record: RollRecord, index: int, value: int) -> str:
    values = list(record.details["values"])
    before = values[index]
    values[index] = value
    if record.kind == "check":
        result = f"{dice_text(values)} → {go.WORDS[go.read_rank(values)]}"
    else:
        result = f"total {sum(values) + sum(b['die'] for b in record.details['bonus'])}"
    gained = 0
    if _can_recount(record.details):
        gained = _bonus_after(record, index, value) - record.details["bonus_total"]
    extra = f", {gained:+d} bonus {_dice(abs(gained))}" if gained else ""
    return f"Use mastery: die {index + 1} ({before}) becomes {value}: {result}{extra}"


# -- typed answers -----------------------------------------------------------------------------


def read_typed(record: RollRecord, text: str) -> str | None:
    """The offer key for a typed split (``2 0 1``) or mastery (``m 2 5``), or None.

    Raises :class:`RulesError` saying why when the answer is of that kind but not legal now.
    """
    details = record.details
    match = _MASTERY.fullmatch(text)
    if match:
        mastery = details.get("mastery")
        if not mastery or mastery["used"]:
            raise RulesError("GUTS+: no mastery to use on this roll")
        index, value = int(match.group(1)) - 1, int(match.group(2))
        _check_change(details["values"], index, value)
        return _key(index, value)
    match = _NUMBERS.fullmatch(text)
    if match and (re.search(r"\d\D+\d", text) or text.strip().lower().startswith("split")):
        pending = pending_pips(details)
        if pending is None:
            raise RulesError("GUTS+: there are no bonus pips to place on this roll")
        split = tuple(int(n) for n in re.findall(r"\d+", match.group(1)))
        _check_split(details["values"], pending[1], split)
        return SPLIT + ",".join(map(str, split))
    return None


def _check_change(values: Sequence[int], index: int, value: int) -> None:
    if not 0 <= index < len(values):
        raise RulesError(f"GUTS+: mastery changes one of dice 1 to {len(values)} (got die {index + 1})")
    if not 1 <= value <= 6:
        raise RulesError(f"GUTS+: a die shows 1 to 6 (got {value})")
    if values[index] == value:
        raise RulesError(f"GUTS+: die {index + 1} already shows {value}")


def _check_split(values: Sequence[int], pips: int, split: Sequence[int]) -> None:
    """Raise :class:`RulesError` unless ``split`` places the pooled pips legally."""
    if len(split) != len(values):
        raise RulesError(
            f"GUTS+: a split gives one number per die: {len(values)} numbers "
            f"(got {len(split)})"
        )
    for number, (value, extra) in enumerate(zip(values, split), start=1):
        if value + extra > 6:
            raise RulesError(
                f"GUTS+: die {number} shows {value} and takes at most {6 - value} more "
                f"(got {extra})"
            )
    room = sum(6 - v for v in values)
    if sum(split) != min(pips, room):
        lost = f" ({pips - room} lost: every die reaches 6)" if pips > room else ""
        raise RulesError(
            f"GUTS+: the split must place all {min(pips, room)} pips{lost} (got {sum(split)})"
        )


# -- carrying out an offer ---------------------------------------------------------------------


def apply(dice: Dice, record: RollRecord, key: str, given: Sequence[Offer] | None = None, *,
          owned: bool = False) -> RollRecord:
    """Carry out one offer (a key from :func:`roll_offers` or :func:`read_typed`). ``given``: the
    offers the caller has on this record (:func:`roll_offers`', maybe fewer): a key among them
    is carried out without working the offers out again (any other key is checked as before).
    ``owned``: the caller drops ``record`` for the one returned, so the offer changes ``record``
    itself rather than a copy (the rules' records are plain data: a copy reads the same)."""
    if given is not None and key != MASTERY and any(o.key == key and not o.typed for o in given):
        offered = {key}
    else:
        offered = {offer.key for offer in roll_offers(record) if not offer.typed}
    if key == MASTERY and any(k.startswith(MASTERY_PREFIX) for k in offered):
        key = next(k for k in offered if k.startswith(MASTERY_PREFIX))  # an older save's key
    if key not in offered:
        why = ""
        if key.startswith((SPLIT, MASTERY_PREFIX)):
            try:
                if read_typed(record, _typed_text(key)) == key:
                    why = None
            except RulesError as exc:
                why = f": {str(exc).removeprefix('GUTS+: ')}"
        if why is not None:
            raise RulesError(
                f"GUTS+: offer {key!r} is not available on this roll{why} "
                f"(available: {', '.join(sorted(offered)) or 'none'})"
            )
    new = record if owned else copy_record(record)
    details = new.details
    if key == BONUS:
        return _take_bonus(dice, new)
    if key.startswith(MASTERY_PREFIX):
        return _use_mastery(new, *_mastery_key(key))
    pending = pending_pips(details)
    assert pending is not None
    if key.startswith(SPLIT):
        split = tuple(int(n) for n in key[len(SPLIT):].split(","))
        return place(new, split, "typed")
    choice = key[len(PLACE):]
    split = dict(placement_options(details["values"], pending[1]))[choice]
    return place(new, split, BEST if choice == BEST else f"die {choice}")


def _typed_text(key: str) -> str:
    """What a player could have typed to get ``key`` (keys read back to themselves)."""
    if key.startswith(MASTERY_PREFIX):
        index, value = _mastery_key(key) if re.fullmatch(r"mastery:\d+=\d+", key) else (-1, 0)
        return f"m {index + 1} {value}"
    return "split " + key[len(SPLIT):]


def _take_bonus(dice: Dice, record: RollRecord) -> RollRecord:
    details = record.details
    face = dice.roll(6)
    details["bonus_left"] -= 1
    details["bonus"].append({"die": face})
    if record.kind == "check":
        taken, pips = pending_pips(details) or ([], 0)
        details["pending_bonus"] = {"dice": taken + [face], "pips": pips + face}
        total = pips + face
        record.steps.append(reason("bonus-die", face=face, pips=total))
        return record
    record.steps.append(reason("bonus-die", face=face))
    return reread(record, explain=True)


def place(record: RollRecord, split: Sequence[int], how: str) -> RollRecord:
    """Place the pooled pips by ``split`` and read the check again (``record`` is changed).

    ``how`` says how the split was chosen: ``best``, ``die N`` (all on die N), ``typed`` (the
    player's own) or ``keep`` (the best split, placed because the roll was kept). Bonus dice
    not taken yet are declined.
    """
    details = record.details
    taken, pips = pending_pips(details) or ([], 0)
    details.pop("pending_bonus", None)
    raised = [v + s for v, s in zip(details["values"], split)]
    details["values"] = raised
    lost = pips - sum(split)
    rank = go.read_rank(raised)
    declined = details.get("bonus_left", 0)
    details["bonus_left"] = 0
    details["placement"] = {
        "dice": taken, "pips": pips, "split": list(split), "lost": lost,
        "values": list(raised), "reading": go.LABELS[rank], "how": how, "declined": declined,
    }
    record.steps.append(reason("placed", pips=pips, how=how, split=list(split), lost=lost, values=list(raised)))
    if declined:
        record.steps.append(reason("declined", count=declined))
    return reread(record)


def place_best(record: RollRecord, how: str = BEST) -> RollRecord:
    """Place pooled pips, if any wait, by the best split (a copy; the record is unchanged)."""
    pending = pending_pips(record.details)
    if pending is None:
        return record
    new = copy_record(record)
    return place(new, go.best_split(new.details["values"], pending[1]), how)


def _use_mastery(record: RollRecord, index: int, value: int) -> RollRecord:
    details = record.details
    values = details["values"]
    before = values[index]
    recount = _can_recount(details)
    gained = _bonus_after(record, index, value) - details["bonus_total"] if recount else 0
    values[index] = value
    details["mastery"] = {"used": True, "die": index, "from": before, "to": value}
    step = reason("mastery", die=index, **{"from": before, "to": value})
    if recount:
        own, matches = _pairs_after(record, index, value)
        if details.get("helper"):
            details["helper"]["matches"] = matches
        details["doubles"] = own
        details["bonus_total"] = details["bonus_left"] = len(own) + len(matches)
        if gained:
            step["gained"] = gained
    if record.kind == "check":
        step["values"] = list(values)
        record.steps.append(step)
        return reread(record)
    record.steps.append(step)
    return reread(record, explain=True)
