"""Loops the validator can prove endless: tables that always roll each other, and scenes whose
``on_enter`` always moves on to each other before the player is asked anything.

At play time every step has budgets (:mod:`solo.engine.budget`), so no loop can hang a game; but
an author should hear of a loop that is certain before anyone plays. Two kinds are certain and
cheap to see:

* ``table-loop``: every total a table can show (rerolled totals aside) lands on a row whose
  effects roll a next table, and so on back to the first. Rows that roll a table only inside an
  ``if``, or a table with a total no row covers, end the chain, so they are not reported.
* ``goto-loop``: a scene's ``on_enter`` ends with a plain ``goto`` that nothing after it can change
  (:func:`solo.adventure.scene_graph.forced_goto`), and following those gotos comes back to a
  scene already passed.

Both are errors pinned to the ``table`` / ``goto`` effect of the first table or scene of the
loop. Linear in the size of the file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from solo.adventure import model
from solo.adventure.scene_graph import forced_goto
from solo.rules.notation import DiceNotation, NotationError

if TYPE_CHECKING:
    from solo.adventure.validate.core import CheckerCore

LOOP_CODES: dict[str, str] = {
    "table-loop": "tables that always roll each other, without end",
    "goto-loop": "scenes whose on_enter always move on to each other, without a choice",
}


def check_loops(checker: "CheckerCore") -> None:
    """Report the certain loops of the checker's adventure."""
    _table_loops(checker)
    _goto_loops(checker)


def _rolled(effects: Any) -> list[tuple[str, int]]:
    """(table, index of the effect) for each table a list of effects rolls for sure."""
    found = []
    for n, effect in enumerate(effects or ()):
        if isinstance(effect, Mapping) and isinstance(effect.get("table"), str):
            found.append((effect["table"], n))
    return found


def _always_rolls(table: model.Table) -> dict[str, tuple[Any, ...]]:
    """The tables every roll of ``table`` rolls next, each with the path of one such effect."""
    try:
        dice = DiceNotation.parse(table.dice)
    except NotationError:
        return {}
    rerolled = set(table.reroll)
    totals = [t for t in range(dice.minimum, dice.maximum + 1) if t not in rerolled]
    if not totals or len(totals) > 10_000:
        return {}
    rows = list(table.rows.items())
    common: dict[str, tuple[Any, ...]] | None = None
    for total in totals:
        row = next((branch for (lo, hi), branch in rows if lo <= total <= hi), None)
        if row is None:
            return {}  # a total without a row ends the chain
        here = {tid: row.path + ("effects", n, "table") for tid, n in _rolled(row.effects)}
        common = here if common is None else {tid: at for tid, at in common.items() if tid in here}
        if not common:
            return {}
    return common or {}


def _table_loops(checker: "CheckerCore") -> None:
    tables = checker.adv.tables
    nexts = {tid: _always_rolls(table) for tid, table in tables.items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    reported: set[frozenset[str]] = set()
    for first in tables:
        if state.get(first):
            continue
        path: list[str] = []
        stack = [(first, iter(sorted(nexts[first])))]
        state[first] = 1
        path.append(first)
        while stack:
            tid, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                path.pop()
                state[tid] = 2
                continue
            if nxt not in tables:
                continue
            if state.get(nxt) == 1:
                loop = path[path.index(nxt):]
                key = frozenset(loop)
                if key not in reported:
                    reported.add(key)
                    shown = " -> ".join(loop + [nxt])
                    checker.error("table-loop", nexts[tid][nxt],
                                  f"tables roll each other without end: {shown}",
                                  "let some row end the chain (no `table:` effect), or roll inside an `if`")
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(nexts[nxt]))))


def _goto_loops(checker: "CheckerCore") -> None:
    scenes = checker.adv.scenes
    forced = {sid: forced_goto(scene) for sid, scene in scenes.items()}
    done: set[str] = set()
    for first in scenes:
        if first in done:
            continue
        order: list[str] = []
        on_path: set[str] = set()
        sid: str | None = first
        while sid is not None and sid in scenes and sid not in done and sid not in on_path:
            on_path.add(sid)
            order.append(sid)
            sid = forced[sid]
        if sid is not None and sid in on_path:
            loop = order[order.index(sid):]
            scene = scenes[loop[0]]
            index = max(n for n, e in enumerate(scene.on_enter) if isinstance(e, Mapping) and "goto" in e)
            shown = " -> ".join(loop + [sid])
            checker.error("goto-loop", scene.path + ("on_enter", index, "goto"),
                          f"scenes move on to each other without asking the player anything: {shown}",
                          "give one of them a choice, or put the goto inside an `if`")
        done.update(order)
