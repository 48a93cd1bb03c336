"""Checking what an adventure file means, beyond its shape: the problems ``solo validate`` reports.

:func:`validate_path` reads a file and never raises for bad input: unreadable files, YAML syntax
errors and JSON Schema errors come back as :class:`~solo.adventure.problems.Problem` values like
everything else. :func:`validate` checks a loaded adventure's meaning: scene targets, ids of items,
objectives, NPCs, tables and clocks, every expression (``if``, ``when``, ``=`` values and ``{...}``
in texts), reachability and endings, stats, check parameters and outcome labels against the game
system, pregenerated characters, objectives, variables, clocks and random tables.

Every problem is pinned to ``file:line:col`` of the offending value (inside an expression when the
problem is there), has a severity (``error`` or ``warning``), a stable ``code`` (see
:data:`CODES`) and, where one helps, a hint such as a did-you-mean. Problems are sorted by line.

:func:`format_problems` and :func:`problems_json` turn a list of problems into the text and JSON
forms of ``solo validate``; :func:`exit_status` is its exit status (1 when there is an error).

Every check is linear in the size of the file: reachability is a breadth-first search over
adjacency lists, and nothing compares every scene with every other (``bench/load.py`` measures it).

The package: :mod:`.entry` (running it, output forms), :mod:`.checker` (the one :class:`Checker`,
which the kinds of check share: :mod:`.expression_checks`, :mod:`.effect_checks`,
:mod:`.scene_checks`, :mod:`.usage_checks`, and beside the package :mod:`..conflict_checks`,
:mod:`..loops`, :mod:`..bounds`, :mod:`..degree_checks`), :mod:`.codes` (every problem code),
:mod:`.positions` (positions inside a value) and :mod:`.names` (comparing and suggesting names).
"""

from __future__ import annotations

from solo.adventure.validate.checker import Checker
from solo.adventure.validate.codes import CODES, ERROR, FUNCTIONS, WARNING
from solo.adventure.validate.entry import (
    exit_status,
    format_problems,
    problems_json,
    validate,
    validate_document,
    validate_path,
    validate_paths,
)

__all__ = [
    "CODES",
    "ERROR",
    "FUNCTIONS",
    "WARNING",
    "Checker",
    "exit_status",
    "format_problems",
    "problems_json",
    "validate",
    "validate_document",
    "validate_path",
    "validate_paths",
]
