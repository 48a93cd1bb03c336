"""Quick Scan (an ability extending Survival Instinct): once a Discovery Endeavor, when the lay of
the land is given, the player picks a type of glimmer button and more of that type go on the
line than usual.

A discovery whose ``glimmers`` roll some types (``{clue: rare}``, or a count) and whose player
has the ability does not roll them at once: the first step asks which type to scan for (or
none), each answer showing the exact chance of at least one glimmer of that type, as usual and
as scanned; then the glimmers are rolled (:func:`.buttons.roll_glimmers`).

**Decisions** (the book leaves "more than usual" to the GM):

* A scanned type is rolled one rarity higher on the GM guide's scale (rare → uncommon → common
  → abundant → copious): the guide's own word for "more". A copious type is rolled twice and
  added; a type given as a count gets one more.
* "When a lay of the land is given" is the start of the endeavour (the engine's endeavours
  have one area).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from solo.rules.conflict import Action, Decision, percent
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.endeavours import buttons as btn

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line

ABILITY = "quickscan"
LADDER = list(btn.RARITY)  # rare, uncommon, common, abundant, copious
TWICE = "copious-twice"


def wanted(character: Any, kind: str, to_roll: dict[str, Any]) -> bool:
    return kind == "discovery" and bool(to_roll) and ABILITY in abilities(character)


def scanned(how: Any) -> Any:
    """What a type's glimmers are rolled as once scanned."""
    if isinstance(how, int):
        return how + 1
    if how == LADDER[-1]:
        return TWICE
    return LADDER[LADDER.index(how) + 1]


def at_least_one(how: Any) -> Fraction:
    """The exact chance a type rolled as ``how`` puts at least one glimmer on the line."""
    if isinstance(how, int):
        return Fraction(1 if how > 0 else 0)
    if how == TWICE:
        return Fraction(1)  # a copious die always shows at least 1
    sides, less = btn.RARITY[how]
    low = bumping.total_pmf(bumping.single(bumping.standard_die(sides)), less)
    return 1 - sum(low.values(), Fraction(0))


def mean_count(how: Any) -> Fraction:
    """The exact mean number of glimmers a type rolled as ``how`` puts on the line."""
    if isinstance(how, int):
        return Fraction(how)
    if how == TWICE:
        return 2 * mean_count("copious")
    sides, less = btn.RARITY[how]
    group = bumping.single(bumping.standard_die(sides))
    low = bumping.total_pmf(group, less)  # what the rarity takes off below 0 is not taken
    return bumping.mean(group) - less + sum(((less - v) * p for v, p in low.items()), Fraction(0))


def roll(dice: Dice, to_roll: dict[str, Any], length: int) -> tuple[list[dict[str, Any]], list[str]]:
    """Roll the glimmers, a copious type scanned rolled twice (its counts added)."""
    plain = {k: ("copious" if v == TWICE else v) for k, v in to_roll.items()}
    buttons, lines = btn.roll_glimmers(dice, plain, length)
    extra = {k: "copious" for k, v in to_roll.items() if v == TWICE}
    if extra:
        more, more_lines = btn.roll_glimmers(dice, extra, length)
        for n, b in enumerate(more, start=len(buttons) + 1):
            b["id"] = f"g{n}"
        buttons += more[:max(0, btn.MAX_BUTTONS - len(buttons))]
        lines += more_lines
    return buttons, lines


def decision(line: "Line") -> Decision:
    to_roll = line.state["queue"][0]["to_roll"]
    actions = [Action("scan:none", "Scan for nothing in particular")]
    for kind, how in to_roll.items():
        before, after = at_least_one(how), at_least_one(scanned(how))
        usual, more = mean_count(how), mean_count(scanned(how))
        actions.append(Action(f"scan:{kind}", f"Quick Scan: look for {kind}", after,
                              f"{float(usual):.1f} {kind} glimmers on average as usual, {float(more):.1f} "
                              f"scanned; at least one: {percent(before)}, scanned {percent(after)}"))
    return Decision("The lay of the land: scan for a kind of discovery?", tuple(actions))


def answer(line: "Line", key: str) -> None:
    line.state["queue"][0]["pick"] = key.split(":", 1)[1]


def task(line: "Line", dice: Dice, state: dict[str, Any]) -> bool:
    """The ``scan`` step: ask, then roll the glimmers (the chosen type scanned)."""
    if "pick" not in state:
        return line.ask("scan")
    to_roll = dict(state["to_roll"])
    pick = state["pick"]
    if pick in to_roll:
        to_roll[pick] = scanned(to_roll[pick])
        line.say(line.player, f"You scan the lay of the land for {pick}.")
    buttons, lines = roll(dice, to_roll, line.s.length)
    line.state["buttons"] += buttons
    for text in lines:
        line.say("", text)
    return True
