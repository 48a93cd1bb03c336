"""The characters' own abilities that act on an endeavour's number line (book: Step Four).

* **Ambidexterity**: in a monstrous endeavour, two muddle buttons a round instead of one (the
  book: a character who would activate several in a round activates just one).
* **Calling Card**: once a stealth endeavour, a sneaker who would be made raises the
  alertness instead (a new alarm button, as a failure adds).
* **Dirty Trick**: in a race, advantage movement leaves a terrain button behind its racer, on
  the space just behind where the move ended; it goes once any character starts a round on it.

**Decisions** (the book leaves these open):

* The engine takes each when it may: being made, or letting a pursuer pass freely, is never
  better. Dirty Trick's button goes on the space just behind the racer (the position that
  catches the most followers), not on one the racer passed a terrain button at, and never on 0.
* The engine's characters with these abilities use them as the player's side does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.dice import Dice
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.endeavours import buttons as btn

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line


def has(line: "Line", key: str, name: str) -> bool:
    return name in abilities(line.character(key))


def muddles_left(line: "Line", key: str) -> int:
    """How many more muddle buttons ``key`` may activate this round."""
    done = int(line.state.setdefault("muddlers", {}).get(key, 0))
    return (2 if has(line, key, "ambidexterity") else 1) - done


def muddled_one(line: "Line", key: str) -> None:
    muddlers = line.state.setdefault("muddlers", {})
    muddlers[key] = int(muddlers.get(key, 0)) + 1


def calling_card(line: "Line", dice: Dice, key: str) -> bool:
    """Whether ``key`` plays Calling Card on being made now (and so is not made)."""
    used = line.state.setdefault("calling_card", [])
    if key in used or not has(line, key, "callingcard"):
        return False
    used.append(key)
    line.say(key, f"{line.title(key)} {'leave' if key == line.player else 'leaves'} a calling card instead of "
                  "being made: the watchers grow more alert.")
    line.add_alarm(dice, key)
    return True


def dirty_trick(line: "Line", key: str, start: int) -> None:
    """A racer with Dirty Trick who gained advantage leaves a terrain button just behind them."""
    if line.s.kind != "race" or not has(line, key, "dirtytrick"):
        return
    at = line.pos(key) - 1
    if at <= start or at < 1 or btn.at_space(line.state["buttons"], "terrain", at):
        return
    line.state["next_id"] = int(line.state.get("next_id", 0)) + 1
    trick = btn.button("terrain", at, f"d{line.state['next_id']}", name="dirty trick", trick=True)
    line.state["buttons"].append(trick)
    line.state["met"].setdefault(key, []).append(trick["id"])  # behind its maker already
    line.say(key, f"{line.title(key)} {'leave' if key == line.player else 'leaves'} a dirty trick at {at}.")


def clear_tricks(line: "Line") -> None:
    """A dirty trick goes once a character starts a round on its space."""
    starts = set(int(v) for v in line.state.get("start", {}).values())
    line.state["buttons"] = [b for b in line.state["buttons"]
                             if not (b.get("trick") and int(b["at"]) in starts)]
