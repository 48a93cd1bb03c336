"""four-s fights: the other side's shared Health and the rolls it buys with the party's Stat Points.

The book's GM side has no character sheets. The party's total Stat Points (PSP: the player's and
every companion's) size two things:

* the enemies' **shared Health pool**: easy PSP/2, normal PSP, hard 2 × PSP, halves rounded up
  (:func:`~solo.rules.four_s.ruleset.enemy_health`);
* the **rolls** the GM side may use each enemy phase, bought with PSP: a d6 for 12 SP and a d3
  for 4 SP, alternately (d6 first), and 1 SP for each Combat Point left over
  (:func:`~solo.rules.four_s.ruleset.buy_rolls`). A roll once used is gone until the next enemy
  phase, when the whole purchase is there again. A roll used in the player phase costs double:
  two rolls of its kind for one die (two Combat Points for +1).

**Decisions:** the pool is shared out among the opponents as the fight starts, evenly, the
first ones taking one more while some is left over (the book leaves the split to the GM; even
shares are the fair default). An opponent whose share is gone is out, and damage beyond it is
lost. Combat Points are bought once with the rolls and come back with them each enemy phase.
The purchase does not depend on the difficulty (the book buys rolls with PSP, the difficulty
sizes only the Health pool).
"""

from __future__ import annotations

from typing import Any, MutableMapping

from solo.rules.four_s.ruleset import ENEMY_HEALTH_FACTOR, buy_rolls, enemy_health

KINDS = ("d6", "d3", "cp")
DIFFICULTIES = tuple(ENEMY_HEALTH_FACTOR)
DEFAULT_DIFFICULTY = "normal"


def purchase(psp: int) -> dict[str, int]:
    """The rolls bought with ``psp``: as many dice as it affords, the rest Combat Points."""
    d6, d3, cp = buy_rolls(psp)
    return {"d6": d6, "d3": d3, "cp": cp}


def pool_size(psp: int, difficulty: str) -> int:
    return enemy_health(psp, difficulty)


def shares(pool: int, count: int) -> list[int]:
    """The pool split among ``count`` opponents: even shares, the first ones one more."""
    if count <= 0:
        return []
    base, extra = divmod(pool, count)
    return [base + (1 if n < extra else 0) for n in range(count)]


def price(player_phase: bool) -> int:
    """Rolls (or Combat Points) of a kind paid for each one used: 2 in the player phase."""
    return 2 if player_phase else 1


def affordable(bank: MutableMapping[str, Any], kind: str, player_phase: bool) -> int:
    """How many of ``kind`` the bank can still use now."""
    return int(bank.get(kind, 0)) // price(player_phase)


def pay(bank: MutableMapping[str, Any], kind: str, count: int, player_phase: bool) -> None:
    """Use ``count`` of ``kind`` (each costing double in the player phase)."""
    cost = count * price(player_phase)
    if count < 0 or cost > int(bank.get(kind, 0)):
        raise ValueError(f"the enemy side cannot pay {cost} {kind} (it has {bank.get(kind, 0)})")
    bank[kind] = int(bank[kind]) - cost


def bank_text(bank: MutableMapping[str, Any]) -> str:
    parts = [f"{bank.get('d6', 0)}d6", f"{bank.get('d3', 0)}d3", f"{bank.get('cp', 0)} CP"]
    return " ".join(parts)
