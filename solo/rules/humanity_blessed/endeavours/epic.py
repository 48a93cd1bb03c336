"""The three Epic abilities in an endeavour (book: Step Four): once a session, while the
player's pool of blessing dice is worth 10 or more in all, the player may, when declaring:

* **Epic Storytelling**: tell a rousing story: each other character in the endeavour gains a
  blessing die;
* **Epic Awkwardness**: tell a cringy joke: each other character in the endeavour becomes Uncool
  (-1 on their rolls, in the odds offered from then on);
* **Epic Fortitude**: declare they have exactly what the moment needs: their next successful
  check in this endeavour is one outcome size larger (it moves further).

None of them costs the round's action: the player declares it, then declares the action.

**Decisions** (the book leaves these open):

* "Each other character who hears" is everyone else in the endeavour, either side: the story
  and the joke are told aloud. Monstrosities hear them too.
* "The same scene" is the endeavour: an Epic Fortitude not used by its end lapses.
* The worth of the pool is counted as blessing dice are worth now (one less each while Cursed).
* Outside endeavours (plain checks, fights) they are not offered: the engine has no moment to
  declare them there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.conflict import Action
from solo.rules.dice import Dice
from solo.rules.humanity_blessed.blessings import gain_blessings, worth
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import larger_size

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line

#: ability key -> (the book's name, the answer's key)
EPICS = {"epicstorytelling": ("Epic Storytelling", "epic:story"),
         "epicawkwardness": ("Epic Awkwardness", "epic:joke"),
         "epicfortitude": ("Epic Fortitude", "epic:fortitude")}
LEAST_WORTH = 10
TEXTS = {"epicstorytelling": "tell a rousing story: everyone else here gains a blessing die",
         "epicawkwardness": "tell a cringy joke: everyone else here becomes Uncool",
         "epicfortitude": "you have just the thing: your next success here is one size larger"}


def _session(line: "Line") -> dict:
    me = line.character(line.player)
    session = me.extra.get("session")
    if not isinstance(session, dict):
        session = me.extra["session"] = {}
    return session


def pool_worth(line: "Line") -> int:
    me = line.character(line.player)
    cursed = Conditions.of(me).has("cursed")
    return sum(worth(int(v), cursed) for v in me.resources.get("blessings", []) or [])


def actions(line: "Line") -> list[Action]:
    """The Epic answers open at this declaration."""
    mine = abilities(line.character(line.player))
    found = []
    for ability, (name, key) in EPICS.items():
        if ability not in mine or name in _session(line).get("epics", []):
            continue
        enough = pool_worth(line) >= LEAST_WORTH
        found.append(Action(key, f"{name}: {TEXTS[ability]} (once a session; not your action)",
                            enabled=enough, reason=f"your blessing dice are worth {pool_worth(line)} in all: "
                                                   f"{LEAST_WORTH} are needed"))
    return found


def answer(line: "Line", dice: Dice, key: str) -> None:
    """Carry out an Epic answer; the player then declares their action."""
    ability = next(a for a, (_, k) in EPICS.items() if k == key)
    name = EPICS[ability][0]
    _session(line).setdefault("epics", []).append(name)
    others = [k for k in line.actors() if k != line.player]
    if ability == "epicstorytelling":
        for other in others:
            gained = gain_blessings(dice, 1)
            line.character(other).resources.setdefault("blessings", []).extend(gained)
        line.say(line.player, f"{name}: you tell a rousing story; "
                              f"{', '.join(line.name(k) for k in others) or 'nobody'} "
                              f"{'gains' if len(others) == 1 else 'gain'} a blessing die.")
    elif ability == "epicawkwardness":
        for other in others:
            conditions = line.character(other).conditions
            if "uncool" not in [str(c).lower() for c in conditions]:
                conditions.append("uncool")
        line.say(line.player, f"{name}: your joke lands badly on purpose; "
                              f"{', '.join(line.name(k) for k in others) or 'nobody'} "
                              f"{'is' if len(others) == 1 else 'are'} Uncool.")
    else:
        line.state["fortitude"] = True
        line.say(line.player, f"{name}: you have just the thing; your next success here is one size larger.")
    line.state["ask"] = {"kind": "declare"}


def bigger(line: "Line", key: str, size: str) -> str:
    """A successful check's size: one larger for the player's first success after Epic Fortitude."""
    if key != line.player or not line.state.get("fortitude"):
        return size
    line.state["fortitude"] = False
    line.say(key, "Epic Fortitude: the success is one size larger.")
    return larger_size(size)
