"""The problem codes of ``solo validate`` and their severities: every code, with what it means."""

from __future__ import annotations

from typing import Any

from solo.adventure.bounds import BOUND_CODES
from solo.adventure.conflict_checks import CONFLICT_CODES
from solo.adventure.degree_checks import DEGREE_CODES
from solo.adventure.format.functions import FUNCTION_NAMES
from solo.adventure.loops import LOOP_CODES


ERROR = "error"
WARNING = "warning"

#: Every problem code, with what it means. Codes are stable: tools may match on them.
CODES: dict[str, str] = {
    "unreadable": "the file cannot be read",
    "yaml-syntax": "the file is not well-formed YAML (or breaks the safety limits)",
    "format-0": "the file has no `format:` key and was read as format 0 (warning)",
    "unknown-field": "a key the format does not have (schema)",
    "missing-field": "a required key is missing (schema)",
    "wrong-type": "a value of the wrong type (schema)",
    "bad-id": "an id or name that does not have the allowed form (schema)",
    "bad-value": "a value the format does not allow (schema)",
    "schema": "any other break of the JSON Schema",
    "unknown-system": "the game system is not installed",
    "unknown-scene": "a goto, start or visited() names no scene",
    "unknown-item": "give/take/has() or a character's items name no item",
    "unknown-objective": "complete/done() names no objective",
    "unknown-npc": "a contest opponent or an assist names no NPC",
    "unknown-table": "a table effect names no table",
    "unknown-clock": "tick/clock() names no clock",
    "unknown-variable": "an expression reads a variable that is not declared",
    "undeclared-variable": "set or add writes a variable that is not declared",
    "unknown-function": "an expression calls a function that does not exist",
    "bad-call": "a function is called with the wrong arguments",
    "expression-syntax": "an expression (or a {...} in a text) cannot be parsed",
    "wrong-kind": "an effect that does not fit the variable's kind (add to a flag, a flag set to 3)",
    "unsupported-effect": "an effect the game system cannot carry out (injury without body parts)",
    "bad-advance": "an `advance` effect names something the system's price list does not sell",
    "bad-award": "an `award` the system cannot give as written (GUTS+ learning for a quality the character lacks)",
    "unknown-trait": "trait() names a trait the game system does not have",
    "unreachable-scene": "no way leads to the scene from the start (warning)",
    "dead-end": "a scene that is not an ending has no way out",
    "no-ending": "the adventure has no ending scene",
    "no-reachable-ending": "no ending can be reached from the start",
    "no-path-to-ending": "from this reachable scene no ending can be reached any more (warning)",
    "ending-with-choices": "an ending scene has choices, which are never offered (warning)",
    "unknown-stat": "a check's stat is neither the system's nor on any pregenerated character",
    "stat-not-on-every-character": "a check's stat is on some pregenerated characters only (warning)",
    "opponent-lacks-stat": "a contest's opponent does not have the stat rolled against (warning)",
    "bad-check": "the game system refuses the check's parameters",
    "unknown-outcome": "an outcome label the game system does not have (for checks or for contests)",
    "size-branch-never-taken": "an outcome-size branch beside branches for every outcome label, which are taken first (warning)",
    "illegal-character": "a pregenerated character breaks the system's creation rules",
    "npc-condition": "an NPC starts with a condition its game system's rules do not read on an NPC",
    "contest-without-opponent": "a contest names no opponent",
    "assist-not-companion": "an assisting NPC is not a companion",
    "objective-never-completes": "an objective without `when` that no `complete` effect names",
    "unused-variable": "a flag or counter that no expression reads and no effect sets (warning)",
    "clock-without-consequence": "a clock with no `filled` effects that nothing reads (warning)",
    "clock-never-ticked": "a clock that no effect fills (warning)",
    "unused-table": "a table that no effect rolls on (warning)",
    "item-never-given": "has() asks for an item nobody starts with and no effect gives (warning)",
    "duplicate-id": "two entries of a list share an id",
    "bad-dice": "a table's dice notation is out of bounds",
    "table-gap": "totals the table's dice can roll that no row covers (warning)",
    "table-overlap": "totals covered by more than one row (warning)",
    "table-impossible": "every total the dice can roll is rerolled",
    "disabled-without-if": "a `disabled` text on a choice without `if` is never shown (warning)",
    "unknown-reveal": "a reveal effect names no objective, clock, counter or flag",
    "never-revealed": "something hidden that no reveal effect makes known (warning)",
    "unlabelled-name": "a name shown to players that is an id with no label (warning)",
    "lesser-never-used": "a branch's `lesser` form that no rule of the system can reach (warning)",
    "no-lesser": "a losing contest branch a pregenerated character's ability may turn on the opponent, without a `lesser` form (warning)",
    "model": "the data could not be read into an adventure",
    **CONFLICT_CODES,
    **LOOP_CODES,
    **DEGREE_CODES,
    **BOUND_CODES,
}

#: The functions expressions may call, the variables they always read and the outcome labels every
#: system understands: the format's own (:mod:`solo.adventure.format`).
FUNCTIONS: tuple[str, ...] = FUNCTION_NAMES

Path_ = tuple[Any, ...]
