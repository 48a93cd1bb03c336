"""Famous and Agreeable: the two conditions that depend on who is on the other side of a contest.

* **Agreeable to X** (book: Other Conditions): defending a non-violent contest that X attacks,
  the defender's top face reads as the next one down (as an ache). The player carries it as the
  condition ``agreeable:<npc id>``; an npc as ``extra: {agreeable: [you, <npc id>...]}`` (``you``
  is the player).
* **Famous**: in a contest against someone less famous, the famous side may add a +dc2 bonus to
  its roll, not against the same character twice in a session, nor while Uncool. The player
  carries it as the condition ``famous`` (fame 1) or ``famous:<n>``; an npc's fame is
  ``extra: {famous: n}`` (default 0).

**Decisions** (the book leaves these open):

* Only the player exerts fame (the engine's characters do not use it on the player); the engine
  uses it whenever it may, the first contest against each less famous character in a session,
  and the odds shown include it. It comes on plain contests and endeavour contests, the player
  attacking or defending; in an endeavour the +dc2 is part of the roll that bids for the focus.
  An endeavour marks its contests ``famous`` (the player attacks) or ``opponent_famous`` (an npc
  contests the player) when the player may exert fame (:mod:`.endeavours.line`).
* The +dc2 bonus is part of the roll: a roll made again (Vulnerability) rolls it again too.
* A contest parameter ``by_player`` (set by the engine, not written in files; default true: in
  a scene's contest the player is the acting side) says whether the attacker is the player.
"""

from __future__ import annotations

from typing import Any

from solo.rules.base import Character
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import norm

YOU = "you"


def agreeable_to(defender: Character | None, attacker: Character | None, attacker_is_player: bool) -> bool:
    """Whether ``defender`` is Agreeable to ``attacker``."""
    if defender is None or attacker is None:
        return False
    targets = {norm(stat) for kind, stat in Conditions.of(defender).by_stat if kind == "agreeable"}
    listed = defender.extra.get("agreeable")
    listed = [listed] if isinstance(listed, str) else listed if isinstance(listed, list) else []
    targets |= {norm(str(x)) for x in listed}
    return (bool(attacker.id) and norm(attacker.id) in targets) or (attacker_is_player and YOU in targets)


def fame(character: Character | None, is_player: bool) -> int:
    """How famous a character is: the player's ``famous[:n]`` condition, an npc's ``extra.famous``."""
    if character is None:
        return 0
    if is_player:
        best = 0
        for raw in character.conditions:
            kind, _, level = str(raw).partition(":")
            if norm(kind) == "famous":
                best = max(best, int(level) if level.strip().isdigit() else 1)
        return best
    value = character.extra.get("famous", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _used(character: Character) -> list[Any]:
    session = character.extra.get("session")
    return list(session.get("fame_used", [])) if isinstance(session, dict) else []


def may_exert(player: Character | None, opponent: Character | None) -> bool:
    """Whether the player may exert fame over ``opponent`` now."""
    if player is None or opponent is None or Conditions.of(player).has("uncool"):
        return False
    if fame(player, True) <= fame(opponent, False):
        return False
    return (opponent.id or opponent.name) not in _used(player)


def exerted(player: Character, opponent: Character) -> None:
    """Note that the player has exerted fame over ``opponent`` this session."""
    session = player.extra.setdefault("session", {})
    if isinstance(session, dict):
        session.setdefault("fame_used", []).append(opponent.id or opponent.name)
