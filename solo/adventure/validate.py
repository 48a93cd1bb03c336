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
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from solo.adventure import loader, model
from solo.adventure._gc import gc_paused
from solo.adventure.bounds import BOUND_CODES, check_bounds
from solo.adventure.conflict_checks import CONFLICT_CODES, check_conflict
from solo.adventure.degree_checks import DEGREE_CODES, check_degrees
from solo.adventure.expressions import (
    NOT_LITERAL,
    Expression,
    ExpressionError,
    parse,
    template_expressions,
)
from solo.adventure.loops import LOOP_CODES, check_loops
from solo.adventure.problems import AdventureError, Problem
from solo.adventure.scene_graph import reach, scene_graph
from solo.adventure.schema import schema_problems
from solo.adventure.schema_repair import repaired
from solo.adventure.yaml_source import MAX_BYTES, MAX_NODES, Document
from solo.rules import house_rules, registry
from solo.rules.base import Character, RulesError
from solo.rules.notation import DiceNotation, NotationError

__all__ = [
    "CODES",
    "exit_status",
    "format_problems",
    "problems_json",
    "validate",
    "validate_document",
    "validate_path",
    "validate_paths",
]

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
    "illegal-character": "a pregenerated character breaks the system's creation rules",
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
    "model": "the data could not be read into an adventure",
    **CONFLICT_CODES,
    **LOOP_CODES,
    **DEGREE_CODES,
    **BOUND_CODES,
}

#: The functions expressions may call (see :meth:`solo.engine.game.Game._functions`).
FUNCTIONS: tuple[str, ...] = ("has", "done", "visited", "stat", "chance", "clock", "condition", "resource",
                               "fallen", "trait")
#: Variables every expression can read besides the declared flags, counters and clocks.
BUILTIN_VARIABLES: tuple[str, ...] = ("turn", "scene", "character.name", "character.id",
                                       "roll.outcome", "roll.success", "roll.total")
#: Outcome labels every system understands.
GENERIC_OUTCOMES: tuple[str, ...] = ("success", "failure")

Path_ = tuple[Any, ...]


# -- entry points -----------------------------------------------------------------------------


def validate_path(path: str | Path, *, max_bytes: int = MAX_BYTES, max_nodes: int = MAX_NODES) -> list[Problem]:
    """Every problem of the adventure file at ``path`` (or a bundled id); never raises for bad input.

    ``max_bytes`` and ``max_nodes`` raise the limits of the file (see :mod:`solo.adventure.loader`).
    """
    with gc_paused():
        return _validate_path(path, max_bytes, max_nodes)


def _validate_path(path: str | Path, max_bytes: int, max_nodes: int) -> list[Problem]:
    name = str(path)
    try:
        resolved = loader.resolve(name)
        document = loader.read_document(resolved, max_bytes=max_bytes, max_nodes=max_nodes)
    except AdventureError as exc:
        return _sorted([_with_code(p, "yaml-syntax" if p.line else "unreadable") for p in exc.problems])
    except OSError as exc:
        return [Problem(name, 0, 0, f"cannot read the file: {exc.strerror or exc}", severity=ERROR, code="unreadable")]
    # the source text is only read again if a problem needs a position inside a value
    return _validate_document(document, str(resolved), lambda: _read_text(str(resolved)))


def validate_paths(paths: Iterable[str | Path], *, max_bytes: int = MAX_BYTES,
                   max_nodes: int = MAX_NODES) -> list[Problem]:
    """The problems of several files, file by file, each file's sorted by line."""
    problems: list[Problem] = []
    for path in paths:
        problems += validate_path(path, max_bytes=max_bytes, max_nodes=max_nodes)
    return problems


def validate_document(document: Document, filename: str, *, text: str | None = None) -> list[Problem]:
    """Every problem of a document already read as YAML: format, schema, then meaning.

    ``text`` is the file's source, used to point inside multi-line values and quoted strings.
    """
    with gc_paused():
        return _validate_document(document, filename, text)


def _validate_document(document: Document, filename: str,
                       text: str | Callable[[], str | None] | None) -> list[Problem]:
    data, notes = loader.prepare(document)  # what the loader hands the engine
    problems = [
        Problem(filename, 1, 1, "the file has no `format:` key, so it was read as format 0 and upgraded",
                f"add `format: {loader.CURRENT_FORMAT}` at the top", WARNING, "format-0")
        for _ in notes
    ]
    shape = schema_problems(data, document, filename)
    if shape:
        return _sorted(problems + shape + _meaning_despite_shape(data, document, filename, text, shape))
    try:
        adventure = model.build(data, source=filename)
    except (KeyError, TypeError, ValueError) as exc:
        problems.append(Problem(filename, 1, 1, f"the file cannot be read as an adventure: {exc}",
                                severity=ERROR, code="model"))
        return _sorted(problems)
    return _sorted(problems + _Checker(adventure, document, text).run())


def _meaning_despite_shape(data: Any, document: Document, filename: str, text: str | Callable[[], str | None] | None,
                           shape: list[Problem]) -> list[Problem]:
    """The problems of meaning in what remains once the parts the schema refuses are left out
    (see :mod:`solo.adventure.schema_repair`), so one run reports both kinds."""
    fixed = repaired(data, document)
    if fixed is None:
        return []
    data, shifted = fixed
    try:
        adventure = model.build(data, source=filename)
        found = _Checker(adventure, shifted, text).run()  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - a best effort on a broken file: the shape problems stand alone
        return []
    taken = {(p.line, p.col) for p in shape}
    return [p for p in found if (p.line, p.col) not in taken]


def validate(adventure: model.Adventure, document: Document | None = None, *, text: str | None = None) -> list[Problem]:
    """The problems of a loaded adventure's meaning, sorted by line.

    ``document`` gives the positions (without it every problem is at line 0); ``text`` is the
    source (read from ``adventure.source`` when not given) for columns inside values.
    """
    source: str | Callable[[], str | None] | None = text
    if text is None and document is not None and adventure.source:
        source = lambda: _read_text(adventure.source)  # noqa: E731 - only read if a problem needs it
    with gc_paused():
        return _sorted(_Checker(adventure, document, source).run())


def _read_text(path: str) -> str | None:
    try:
        return Path(path).read_text(encoding="utf-8-sig", errors="replace")
    except OSError:
        return None


def format_problems(problems: Sequence[Problem], *, files: int | None = None) -> str:
    """``file:line:col: error|warning: message`` lines, each hint indented below, and a summary line."""
    lines = [str(p) for p in problems]
    errors = sum(1 for p in problems if p.severity == ERROR)
    warnings = len(problems) - errors
    summary = f"{_count(errors, 'error')}, {_count(warnings, 'warning')}"
    if files is not None:
        summary += f" in {_count(files, 'file')}"
    lines.append(summary)
    return "\n".join(lines)


def problems_json(problems: Sequence[Problem]) -> list[dict[str, Any]]:
    """The problems as JSON-ready dicts: file, line, col, message, hint, severity, code."""
    return [p.to_dict() for p in problems]


def exit_status(problems: Sequence[Problem]) -> int:
    """0 when there is no error (warnings allowed), 1 otherwise."""
    return 1 if any(p.severity == ERROR for p in problems) else 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _sorted(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.file, p.line, p.col))


def _with_code(problem: Problem, code: str) -> Problem:
    return problem if problem.code else replace(problem, code=code, severity=problem.severity or ERROR)


def _did_you_mean(word: Any, options: Iterable[str], *, also: str = "") -> str:
    options = sorted({str(o) for o in options})
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    if not options:
        return also
    shown = ", ".join(options[:12]) + (" ..." if len(options) > 12 else "")
    return f"{also + '; ' if also else ''}known: {shown}"


def _norm(name: Any) -> str:
    """A stat name compared loosely: lowercase letters and digits only."""
    found = _NORMS.get(name) if isinstance(name, str) else None
    if found is None:
        found = "".join(ch for ch in str(name).lower() if ch.isalnum())
        if isinstance(name, str) and len(_NORMS) < 10_000:
            _NORMS[name] = found
    return found


_NORMS: dict[str, str] = {}


def _names_with_halves(names: Iterable[Any]) -> set[str]:
    """Normalised stat names, and each half of a name like ``Perception/Track``."""
    found: set[str] = set()
    for name in names:
        found.add(_norm(name))
        if "/" in str(name):
            found.update(_norm(half) for half in str(name).split("/"))
    return found


def _short(text: Any, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _at_path(data: Any, path: Path_) -> Any:
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


# -- source positions inside values -----------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", " ": " ", "/": "/", '"': '"', "\\": "\\",
            "e": "\x1b", "a": "\x07", "b": "\b", "f": "\f", "v": "\v", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029", "\t": "\t"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


class _Source:
    """The file's lines, to find the line and column of a character inside a scalar value.

    Folding, chomping and indentation only ever change whitespace, so the n-th non-space character
    of a value is the n-th non-space character of its source (escapes in quoted scalars are
    decoded on the way). When anything does not match, the value's own position is used.
    """

    def __init__(self, text: str | Callable[[], str | None] | None) -> None:
        self._text = text
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        """The source's lines, read and split the first time a position inside a value is wanted."""
        if self._lines is None:
            text = self._text() if callable(self._text) else self._text
            self._lines = text.splitlines() if text else []
        return self._lines

    def locate(self, line: int, col: int, value: str, offset: int) -> tuple[int, int]:
        if offset <= 0 or not self.lines or not 0 < line <= len(self.lines):
            return line, col
        offset = min(offset, len(value))
        target = offset
        while target > 0 and (target >= len(value) or value[target].isspace()):
            target -= 1
        if value[target].isspace():
            return line, col
        n = sum(1 for ch in value[:target] if not ch.isspace())
        for ch, at_line, at_col in self._stream(line, col):
            if ch.isspace():
                continue
            if n == 0:
                if ch != value[target]:
                    return line, col
                return at_line, at_col + (offset - target)
            n -= 1
        return line, col

    def _stream(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        first = self.lines[line - 1]
        start = first[col - 1] if col - 1 < len(first) else ""
        if start in "|>":
            yield from self._block(line)
        elif start == '"':
            yield from self._double(line, col)
        elif start == "'":
            yield from self._single(line, col)
        else:
            yield from self._plain(line, col)

    def _block(self, line: int) -> Iterator[tuple[str, int, int]]:
        indent = None
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            if not text.strip():
                continue
            here = len(text) - len(text.lstrip(" "))
            if indent is None:
                indent = here
            elif here < indent:
                return
            for i in range(indent, len(text)):
                yield text[i], number, i + 1

    def _plain(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        text = self.lines[line - 1]
        for i in range(col - 1, len(text)):
            yield text[i], line, i + 1
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            for i in range(len(text)):
                yield text[i], number, i + 1

    def _double(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col  # i: 0-based index just after the opening quote
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == '"':
                    return
                if ch == "\\":
                    nxt = text[i + 1] if i + 1 < len(text) else ""
                    if nxt in _HEX_ESCAPES:
                        digits = text[i + 2 : i + 2 + _HEX_ESCAPES[nxt]]
                        try:
                            yield chr(int(digits, 16)), number, i + 1
                        except ValueError:
                            return
                        i += 2 + _HEX_ESCAPES[nxt]
                        continue
                    if nxt:
                        yield _ESCAPES.get(nxt, nxt), number, i + 1
                    i += 2
                    continue
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0

    def _single(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == "'":
                    if text[i + 1 : i + 2] == "'":
                        yield "'", number, i + 1
                        i += 2
                        continue
                    return
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0


_TOKEN = re.compile(r"\"(?:\\.|[^\"\\])*\"?|'(?:\\.|[^'\\])*'?|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _name_offset(text: str, name: str) -> int:
    """Where a variable name is first read in an expression (0 when it cannot be found)."""
    for match in _TOKEN.finditer(text):
        if match.group() == name and not text[match.end():].lstrip().startswith("("):
            return match.start()
    return 0


def _call_offset(text: str, function: str, arg: Any = NOT_LITERAL) -> int:
    """Where a call (or its literal argument) is in an expression (0 when it cannot be found)."""
    for match in _TOKEN.finditer(text):
        if match.group() != function:
            continue
        rest = re.match(r"\s*\(\s*", text[match.end():])
        if rest is None:
            continue
        at = match.end() + rest.end()
        if arg is NOT_LITERAL:
            return match.start()
        if isinstance(arg, str) and text[at : at + 1] in "\"'" and text[at + 1 : at + 1 + len(arg)] == arg:
            return at
    return 0


# -- the checks ---------------------------------------------------------------------------------


class _At(tuple):
    """A ``(line, col)`` already found, as opposed to a path into the document."""

    def __new__(cls, line: int, col: int) -> "_At":
        return tuple.__new__(cls, (line, col))


class _Checker:
    """One pass over an adventure, collecting problems and what is used where."""

    def __init__(self, adventure: model.Adventure, document: Document | None,
                 text: str | Callable[[], str | None] | None) -> None:
        self.adv = adventure
        self.doc = document
        self.source = _Source(text)
        self.file = adventure.source or adventure.id
        self.problems: list[Problem] = []
        self.ruleset: Any = None
        self.builtins = BUILTIN_VARIABLES
        self.scenes = adventure.scenes
        self.variables = {**{k: "flag" for k in adventure.flags}, **{k: "counter" for k in adventure.counters},
                          **{k: "clock" for k in adventure.clocks}}
        # what the adventure uses, for the "never used" checks at the end
        self.read: set[str] = set()
        self.written: set[str] = set()
        self.ticked: set[str] = set()
        self.completed: set[str] = set()
        self.tables_rolled: set[str] = set()
        self.given: set[str] = {item for person in adventure.characters for item in person.items}
        self.has_asked: list[tuple[str, Callable[[], _At]]] = []
        self.expression_parts: dict[str, tuple[tuple[str, ...], list[str], list[tuple[str, tuple[Any, ...]]]]] = {}
        self.rollable: dict[tuple[int, str], bool] = {}
        self.refusals: dict[tuple[str, int | None], tuple[str, Any] | None] = {}
        self.effect_handlers: dict[str, Callable[[Any, Path_], None]] = {
            "set": self._fx_set,
            "add": self._fx_add,
            "tick": self._fx_tick,
            "give": self._fx_give,
            "take": self._fx_take,
            "complete": self._fx_complete,
            "award": self._fx_award,
            "condition": self._fx_condition,
            "clear": self._fx_nothing,
            "injury": self._fx_injury,
            "heal": self._fx_heal,
            "advance": self._fx_advance,
            "rest": self._fx_rest,
            "table": self._fx_table,
            "text": self._fx_text,
            "goto": self._fx_goto,
            "if": self._fx_if,
            "reveal": self._fx_reveal,
        }
        self.revealed: set[str] = set()
        self.shown_names: list[tuple[str, str, Path_]] = []  # (what, name, where) a player will read
        self.call_checks: dict[str, Callable[[str, Callable[[], _At]], None]] = {
            "has": self._call_has,
            "done": self._call_done,
            "visited": self._call_visited,
            "clock": self._call_clock,
            "stat": self._call_stat,
            "chance": self._call_stat,
            "condition": self._call_free,
            "resource": self._call_free,
            "fallen": self._call_npc,
            "trait": self._call_trait,
        }

    # reporting -------------------------------------------------------------------------------
    def where(self, path: Path_, *, key: bool = False) -> tuple[int, int]:
        if self.doc is None:
            return 0, 0
        return self.doc.key_position(path) if key else self.doc.position(path)

    def inside(self, path: Path_, value: str, offset: int) -> "_At":
        """The position of the character at ``offset`` of the value at ``path``."""
        line, col = self.where(path)
        if self.doc is not None:
            line, col = self.source.locate(line, col, value, offset)
        return _At(line, col)

    def report(self, severity: str, code: str, at: "Path_ | _At", message: str, hint: str = "",
               *, key: bool = False) -> None:
        if callable(at):
            at = at()
        line, col = at if isinstance(at, _At) else self.where(at, key=key)
        self.problems.append(Problem(self.file, line, col, message, hint, severity, code))

    def error(self, code: str, at: Any, message: str, hint: str = "", *, key: bool = False) -> None:
        self.report(ERROR, code, at, message, hint, key=key)

    def warning(self, code: str, at: Any, message: str, hint: str = "", *, key: bool = False) -> None:
        self.report(WARNING, code, at, message, hint, key=key)

    # the whole run ---------------------------------------------------------------------------
    def run(self) -> list[Problem]:
        self.check_ids()
        self.load_ruleset()
        self.check_people()
        self.check_texts_and_conditions()
        self.check_effect_sites()
        self.check_scenes()
        self.check_tables()
        self.check_graph()
        check_loops(self)
        check_bounds(self)
        check_degrees(self)
        self.check_usage()
        self.check_labels()
        return self.problems

    # ids ---------------------------------------------------------------------------------------
    def check_ids(self) -> None:
        data = self.doc.data if self.doc is not None and isinstance(self.doc.data, dict) else {}
        for section in ("characters", "npcs", "items", "objectives"):
            seen: dict[str, int] = {}
            for n, entry in enumerate(data.get(section) or ()):
                if not isinstance(entry, dict) or "id" not in entry:
                    continue
                ident = str(entry["id"])
                if ident in seen:
                    line, _ = self.where((section, seen[ident], "id"))
                    self.error("duplicate-id", (section, n, "id"), f"{section}: the id {ident!r} is used twice",
                               f"the first is at line {line}; ids must be unique")
                else:
                    seen[ident] = n
        start = self.adv.start
        if start not in self.scenes:
            self.error("unknown-scene", ("start",), f"start: no scene called {start!r}",
                       _did_you_mean(start, self.scenes))

    # the game system -----------------------------------------------------------------------------
    def load_ruleset(self) -> None:
        try:
            self.ruleset = registry.get(self.adv.system)
        except RulesError:
            self.ruleset = None
            self.error("unknown-system", ("system",), f"unknown game system {self.adv.system!r}",
                       _did_you_mean(self.adv.system, registry.available()))
        self.pregens: list[tuple[model.Person, Character | None]] = []
        for person in self.adv.characters:
            self.pregens.append((person, self._prepared(person)))
        measures = tuple(getattr(self.ruleset, "measure_names", ()) or ())
        self.builtins = BUILTIN_VARIABLES + tuple(f"roll.{name}" for name in measures)
        labels = tuple(getattr(self.ruleset, "outcome_labels", ()) or ())
        labels += tuple(getattr(self.ruleset, "size_labels", ()) or ())
        self.labels = tuple(dict.fromkeys(labels + GENERIC_OUTCOMES))
        contest = tuple(getattr(self.ruleset, "contest_labels", ()) or ())
        self.contest_labels = tuple(dict.fromkeys(labels + contest + GENERIC_OUTCOMES))
        stat_names = tuple(getattr(self.ruleset, "stat_names", ()) or ())
        self.system_stats = _names_with_halves(stat_names)
        self.pregen_stats = [_names_with_halves(person.stats) for person in self.adv.characters]
        self.all_stats = sorted({str(s) for s in stat_names} | {str(k) for p in self.adv.characters for k in p.stats})
        self.check_house_rules()

    def check_house_rules(self) -> None:
        """Each name under ``house_rules`` must be one of this system's opt-in rules."""
        offered = [rule.name for rule in house_rules.for_system(self.adv.system)]
        for n, name in enumerate(self.adv.house_rules):
            if name in offered:
                continue
            known = house_rules.HOUSE_RULES.get(name)
            if known is not None:
                hint = f"it is a {known.system} house rule"
            elif offered:
                hint = _did_you_mean(name, offered)
            else:
                hint = f"the {self.adv.system} system has no house rules"
            self.error("unknown-house-rule", ("house_rules", n),
                       f"house_rules: {self.adv.system} has no house rule {name!r}", hint)

    def _character(self, person: model.Person) -> Character:
        return person.character(self.adv.system)

    def _prepared(self, person: model.Person) -> Character | None:
        if self.ruleset is None:
            return None
        try:
            return self.ruleset.prepare_character(self._character(person))
        except (RulesError, TypeError, ValueError, KeyError, AttributeError):
            return None  # validate_character will say what is wrong

    def check_people(self) -> None:
        for n, person in enumerate(self.adv.characters):
            for j, item in enumerate(person.items):
                self._item_ref(item, ("characters", n, "items", j), f"{person.id}'s items")
            if self.ruleset is None:
                continue
            try:
                character = self.ruleset.prepare_character(self._character(person))
                # a pregenerated character must be legal, but may be more seasoned than a brand-new
                # one (the GUTS+ book's own sample crew spends five creation points, not three)
                self.ruleset.validate_character(character, creation=False)
            except RulesError as exc:
                self.error("illegal-character", ("characters", n), f"character {person.id!r}: {exc}",
                           "pregenerated characters must be legal characters of the system")
                continue
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                self.error("illegal-character", ("characters", n),
                           f"character {person.id!r}: the {self.adv.system} rules cannot read it ({exc})")
                continue
            carrying = getattr(self.ruleset, "carrying", None)  # a system that counts items
            reason = carrying(character, {i: item.rules for i, item in self.adv.items.items()}) \
                if carrying is not None else None
            if reason:
                self.error("illegal-character", ("characters", n, "items"), f"character {person.id!r}: {reason}",
                           "mark what the character wears with rules: {worn: true} on the item, or carry less",
                           key=True)

    # expressions ---------------------------------------------------------------------------------
    def expression(self, value: Any, path: Path_) -> Expression | None:
        """Parse a whole-value expression (``if``, ``when``) and check what it names."""
        text = "true" if value is True else "false" if value is False else str(value)
        try:
            expr = parse(value if isinstance(value, (bool, int)) else text)
        except ExpressionError as exc:
            at = (exc.column - 1) if exc.column else 0
            self.error("expression-syntax", self.inside(path, text, at), f"in `{_short(text)}`: {exc.message}",
                       exc.hint or "")
            return None
        self._names(expr, path, text, 0)
        return expr

    def template(self, text: str, path: Path_) -> None:
        """Check the ``{...}`` expressions of a text the engine renders."""
        if not text or ("{" not in text and "}" not in text):
            return
        try:
            parts = template_expressions(text)
        except ExpressionError as exc:
            self.error("expression-syntax", self.inside(path, text, exc.offset or 0), exc.message, exc.hint or "")
            return
        for expr_text, offset in parts:
            try:
                expr = parse(expr_text)
            except ExpressionError as exc:
                at = offset + ((exc.column - 1) if exc.column else 0)
                self.error("expression-syntax", self.inside(path, text, at),
                           f"in {{{_short(expr_text)}}}: {exc.message}", exc.hint or "")
                continue
            self._names(expr, path, text, offset)

    def _parts(self, expr: Expression) -> tuple[tuple[str, ...], list[str], list[tuple[str, tuple[Any, ...]]]]:
        """The known and unknown names and the calls of an expression, worked out once per
        distinct text."""
        found = self.expression_parts.get(expr.source)
        if found is None:
            calls = sorted(expr.calls(), key=lambda c: (c[0], repr(c[1])))
            names = sorted(expr.names())
            known = tuple(name for name in names if name in self.variables or name in self.builtins)
            unknown = [name for name in names if name not in known]
            found = self.expression_parts[expr.source] = (known, unknown, calls)
        return found

    def _names(self, expr: Expression, path: Path_, value: str, base: int) -> None:
        source = expr.source
        known, unknown, calls = self._parts(expr)
        self.read.update(known)
        for name in unknown:
            at = self.inside(path, value, base + _name_offset(source, name))
            hint = _did_you_mean(name, list(self.variables) + list(self.builtins))
            dashed = name.replace("_", "-")
            if dashed in self.adv.items:
                hint = f'to test for the item write has("{dashed}")'
            elif dashed in self.adv.objectives:
                hint = f'to test the objective write done("{dashed}")'
            elif dashed in self.scenes:
                hint = f'to test the scene write visited("{dashed}")'
            self.error("unknown-variable", at, f"unknown variable {name!r} in `{_short(source)}`",
                       hint or "declare it under variables: flags, counters or clocks")
        for function, args in calls:

            def call_at(arg: Any = NOT_LITERAL, function: str = function) -> _At:
                return self.inside(path, value, base + _call_offset(source, function, arg))

            if function not in self.call_checks:
                self.error("unknown-function", call_at, f"unknown function {function}()", _did_you_mean(function, FUNCTIONS))
                continue
            if len(args) != 1:
                self.error("bad-call", call_at, f"{function}() takes one argument, got {len(args)}",
                           f'for example {function}("name")')
                continue
            arg = args[0]
            if arg is NOT_LITERAL:
                continue
            if not isinstance(arg, str):
                self.error("bad-call", call_at, f"{function}({arg!r}) needs a name in quotes",
                           f'for example {function}("name")')
                continue
            self.call_checks[function](arg, functools.partial(call_at, arg))

    def _call_has(self, arg: str, at: Callable[[], _At]) -> None:
        if self._item_ref(arg, at, "has()"):
            self.has_asked.append((arg, at))

    def _call_done(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.adv.objectives:
            self.error("unknown-objective", at, f"done(): no objective called {arg!r}",
                       _did_you_mean(arg, self.adv.objectives))

    def _call_visited(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.scenes:
            self.error("unknown-scene", at, f"visited(): no scene called {arg!r}", _did_you_mean(arg, self.scenes))

    def _call_clock(self, arg: str, at: Callable[[], _At]) -> None:
        if arg in self.adv.clocks:
            self.read.add(arg)
        else:
            self.error("unknown-clock", at, f"clock(): no clock called {arg!r}", _did_you_mean(arg, self.adv.clocks))

    def _call_stat(self, arg: str, at: Callable[[], _At]) -> None:
        if self.ruleset is None or _norm(arg) in self.system_stats:
            return
        if not any(self._has_stat(i, arg) for i in range(len(self.pregens))):
            self.warning("unknown-stat", at,
                         f"{arg!r} is not a stat of the {self.adv.system} system nor of any pregenerated character",
                         _did_you_mean(arg, self.all_stats))

    def _call_free(self, arg: str, at: Callable[[], _At]) -> None:
        return

    def _call_trait(self, arg: str, at: Callable[[], _At]) -> None:
        if self.ruleset is None:
            return
        names = tuple(getattr(self.ruleset, "trait_names", ()) or ())
        if getattr(self.ruleset, "has_trait", None) is None or not names:
            self.error("unknown-trait", at, f"trait(): the {self.adv.system} system has no traits",
                       "test a condition, flag or item instead")
        elif _norm(arg) not in {_norm(n) for n in names}:
            self.error("unknown-trait", at, f"trait(): the {self.adv.system} system has no trait {arg!r}",
                       _did_you_mean(arg, names) or f"its traits: {', '.join(names)}")

    def _call_npc(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.adv.npcs:
            self.error("unknown-npc", at, f"fallen(): no NPC called {arg!r}", _did_you_mean(arg, self.adv.npcs))

    # references ----------------------------------------------------------------------------------
    def _item_ref(self, item: Any, at: Any, what: str) -> bool:
        if item in self.adv.items:
            return True
        self.error("unknown-item", at, f"{what}: no item called {item!r}",
                   _did_you_mean(item, self.adv.items, also="declare it under items:"))
        return False

    def _scene_ref(self, scene: Any, path: Path_, what: str) -> None:
        if scene not in self.scenes:
            self.error("unknown-scene", path, f"{what}: no scene called {scene!r}", _did_you_mean(scene, self.scenes))

    # texts and conditions ------------------------------------------------------------------------
    def check_texts_and_conditions(self) -> None:
        adv = self.adv
        self.template(adv.intro, ("intro",))
        for n, objective in enumerate(adv.objectives.values()):
            self.template(objective.text, objective.path + ("text",))
            if objective.when is not None:
                self.expression(objective.when, objective.path + ("when",))
            if objective.award:
                self._check_award(objective.award, objective.path + ("award",))
        for hook in adv.hooks:
            if hook.when is not None:
                self.expression(hook.when, hook.path + ("when",))
        if adv.defeated is not None:
            self.template(adv.defeated.text, ("defeated", "text"))
            if adv.defeated.goto is not None:
                self._scene_ref(adv.defeated.goto, ("defeated", "goto"), "defeated")
        for scene in self.scenes.values():
            self.template(scene.text, scene.path + ("text",))
            if scene.ending is not None:
                self.template(scene.ending.summary, scene.path + ("ending", "summary"))
            for choice in scene.choices:
                self.template(choice.text, choice.path + ("text",))
                if choice.condition is not None:
                    self.expression(self._raw(choice.path + ("if",), choice.condition), choice.path + ("if",))
                if choice.disabled:
                    self.template(choice.disabled, choice.path + ("disabled",))
                    if choice.condition is None:
                        self.warning("disabled-without-if", choice.path + ("disabled",),
                                     "`disabled` text is only shown when the choice's `if` fails, and it has no `if`",
                                     "add an `if:` condition or remove `disabled:`", key=True)

    def _raw(self, path: Path_, fallback: Any) -> Any:
        """The value as written (``if: true`` is a boolean in YAML), for expressions."""
        if self.doc is None or (isinstance(fallback, str) and fallback not in ("True", "False")
                                and not fallback.lstrip("+-").isdigit()):
            return fallback  # text that no boolean or number turns into: as written
        value = _at_path(self.doc.data, path)
        return value if isinstance(value, (str, bool, int)) else fallback

    # effects -------------------------------------------------------------------------------------
    def effect_sites(self) -> Iterator[tuple[Sequence[Mapping[str, Any]], Path_]]:
        adv = self.adv
        # empty lists are skipped: most sites have no effects, and their paths need not be built
        for scene in self.scenes.values():
            if scene.on_enter:
                yield scene.on_enter, scene.path + ("on_enter",)
            for choice in scene.choices:
                if choice.effects:
                    yield choice.effects, choice.path + ("effects",)
                if choice.check is not None:
                    for branch in choice.check.outcomes.values():
                        if branch.effects:
                            yield branch.effects, branch.path + ("effects",)
            if scene.conflict is not None:
                for branch in scene.conflict.outcomes.values():
                    if branch.effects:
                        yield branch.effects, branch.path + ("effects",)
        for table in adv.tables.values():
            for branch in table.rows.values():
                if branch.effects:
                    yield branch.effects, branch.path + ("effects",)
        for hook in adv.hooks:
            if hook.effects:
                yield hook.effects, hook.path + ("effects",)
        if adv.defeated is not None and adv.defeated.effects:
            yield adv.defeated.effects, adv.defeated.path + ("effects",)
        for clock in adv.clocks.values():
            if clock.filled:
                yield clock.filled, clock.path + ("filled",)

    def check_effect_sites(self) -> None:
        for effects, path in self.effect_sites():
            self.effects(effects, path)

    def effects(self, effects: Sequence[Mapping[str, Any]], path: Path_) -> None:
        for n, effect in enumerate(effects or ()):
            if type(effect) is not dict and not isinstance(effect, Mapping):
                continue
            for name, value in effect.items():
                handler = self.effect_handlers.get(name)
                if handler is not None:
                    handler(value, path + (n, name))

    def _value(self, name: str, value: Any, path: Path_) -> str | None:
        """The kind of a set/add value: "bool", "int" or "expr" (checked), or None when unusable."""
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, int):
            return "int"
        if isinstance(value, str) and value.startswith("="):
            self._set_expression(value, path)
            return "expr"
        return None

    def _set_expression(self, value: str, path: Path_) -> None:
        text = value[1:]
        try:
            expr = parse(text)
        except ExpressionError as exc:
            at = 1 + ((exc.column - 1) if exc.column else 0)
            self.error("expression-syntax", self.inside(path, value, at), f"in `{_short(text)}`: {exc.message}",
                       exc.hint or "")
            return
        self._names(expr, path, value, 1)

    def _fx_set(self, value: Any, path: Path_) -> None:
        for name, v in (value or {}).items():
            kind = self.variables.get(name)
            at = path + (name,)
            if kind is None:
                self.error("undeclared-variable", at, f"set: {name!r} is not a declared variable",
                           _did_you_mean(name, self.variables, also="declare it under variables:"), key=True)
                self._value(name, v, at)
                continue
            self.written.add(name)
            if kind == "clock":
                self.ticked.add(name)
            got = self._value(name, v, at)
            if got is None:
                self.error("wrong-kind", at, f"set: {name!r} cannot be set to the text {_short(v)!r}",
                           "write a value (true, false, a number) or an expression starting with '='")
            elif kind == "flag" and got == "int":
                self.error("wrong-kind", at, f"set: {name!r} is a flag, so it is true or false, not {v!r}")
            elif kind in ("counter", "clock") and got == "bool":
                self.error("wrong-kind", at, f"set: {name!r} is a {kind}, so it holds a number, not {v!r}")

    def _fx_add(self, value: Any, path: Path_) -> None:
        for name, v in (value or {}).items():
            kind = self.variables.get(name)
            at = path + (name,)
            if kind is None:
                self.error("undeclared-variable", at, f"add: {name!r} is not a declared counter",
                           _did_you_mean(name, self.variables, also="declare it under variables: counters"), key=True)
            elif kind == "flag":
                self.error("wrong-kind", at, f"add: {name!r} is a flag; only counters and clocks can be added to",
                           f"use set: {{{name}: true}}", key=True)
            else:
                self.written.add(name)
                if kind == "clock":
                    self.ticked.add(name)
            got = self._value(name, v, at)
            if got in (None, "bool"):
                self.error("wrong-kind", at, f"add: {name!r} needs a whole number to add, not {v!r}")

    def _fx_tick(self, value: Any, path: Path_) -> None:
        amounts = {value: 1} if isinstance(value, str) else dict(value or {})
        for name in amounts:
            at = path if isinstance(value, str) else path + (name,)
            kind = self.variables.get(name)
            if kind == "clock":
                self.ticked.add(name)
            elif kind is not None:
                self.error("wrong-kind", at, f"tick: {name!r} is a {kind}, not a clock",
                           f"use add: {{{name}: 1}}" if kind == "counter" else "use set:",
                           key=not isinstance(value, str))
            else:
                self.error("unknown-clock", at, f"tick: no clock called {name!r}",
                           _did_you_mean(name, self.adv.clocks, also="declare it under variables: clocks"),
                           key=not isinstance(value, str))

    def _items(self, value: Any, path: Path_) -> Iterator[tuple[str, Path_]]:
        if isinstance(value, str):
            yield value, path
        else:
            for n, item in enumerate(value or ()):
                yield item, path + (n,)

    def _fx_give(self, value: Any, path: Path_) -> None:
        for item, at in self._items(value, path):
            if self._item_ref(item, at, "give"):
                self.given.add(item)

    def _fx_take(self, value: Any, path: Path_) -> None:
        for item, at in self._items(value, path):
            self._item_ref(item, at, "take")

    def _fx_complete(self, value: Any, path: Path_) -> None:
        for oid, at in self._items(value, path):
            if oid in self.adv.objectives:
                self.completed.add(oid)
            else:
                self.error("unknown-objective", at, f"complete: no objective called {oid!r}",
                           _did_you_mean(oid, self.adv.objectives, also="declare it under objectives:"))

    def _fx_injury(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and getattr(self.ruleset, "injure", None) is None:
            self.error("unsupported-effect", path, f"injury: the {self.adv.system} system has no body parts to injure",
                       "use condition: or a counter instead", key=True)

    def _fx_heal(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and getattr(self.ruleset, "heal", None) is None:
            self.error("unsupported-effect", path, f"heal: the {self.adv.system} system has no body parts to heal",
                       "use clear: or a counter instead", key=True)

    def _fx_advance(self, value: Any, path: Path_) -> None:
        if self.ruleset is None or not self.pregens:
            return
        sold: set[str] = set()
        for _, character in self.pregens:
            if character is None:
                continue
            try:
                sold.update(option.key for option in self.ruleset.advancement(character))
            except (RulesError, TypeError, ValueError, KeyError, AttributeError):
                continue
        if not sold:
            return
        kinds = sorted({key.partition(":")[0] for key in sold})
        for written, at in self._items(value, path):
            key = str(written).split("+", 1)[0]  # "stat:hand+move:head>heart": adjustments ride along
            kind = key.partition(":")[0]
            if key in sold or kind in sold:  # a bare kind ("new") takes any name
                continue
            if kind not in kinds:
                self.error("bad-advance", at, f"advance: the {self.adv.system} system sells no {kind!r}",
                           _did_you_mean(kind, kinds) or f"it sells: {', '.join(kinds)}")
            elif not any(_norm(str(key)) == _norm(k) for k in sold):
                example = next((k for k in sorted(sold) if k.startswith(kind + ":")), sorted(sold)[0])
                self.error("bad-advance", at, f"advance: no pregenerated character can take {key!r}",
                           f"`solo character show` lists what a character can buy, such as {example}")

    def _check_award(self, value: Any, path: Path_) -> None:
        """Each award as the system would give it, to each pregenerated character (the
        system's ``check_award``); without that hook only whole numbers are given."""
        if self.ruleset is None or not isinstance(value, Mapping):
            return
        check = getattr(self.ruleset, "check_award", None)
        people: list[Character | None] = [c for _, c in self.pregens if c is not None] or [None]
        for resource, amount in value.items():
            at = path + (resource,)
            if check is None:
                if isinstance(amount, Mapping):
                    self.error("bad-award", at, f"award: {resource} is a number in the {self.adv.system} system",
                               f"write {resource}: 1", key=True)
                continue
            parts = [(name, {name: n}) for name, n in amount.items()] if isinstance(amount, Mapping) and amount \
                else [(None, amount)]
            for name, part in parts:
                for character in people:
                    try:
                        check(resource, part, character)
                    except RulesError as exc:
                        hint = _did_you_mean(str(name), self.all_stats) if name is not None else ""
                        self.error("bad-award", at + ((name,) if name is not None else ()), f"award: {exc}",
                                   hint or "see docs/format.md, Effects, for what `award` gives",
                                   key=name is not None)
                        break

    def _fx_rest(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and getattr(self.ruleset, "rest", None) is None:
            self.error("unsupported-effect", path, f"rest: the {self.adv.system} system has no rules for resting",
                       "narrate the time that passes instead", key=True)

    def _fx_table(self, value: Any, path: Path_) -> None:
        if value in self.adv.tables:
            self.tables_rolled.add(value)
        else:
            self.error("unknown-table", path, f"table: no table called {value!r}",
                       _did_you_mean(value, self.adv.tables, also="declare it under tables:"))

    def _fx_text(self, value: Any, path: Path_) -> None:
        self.template(str(value), path)

    def _fx_goto(self, value: Any, path: Path_) -> None:
        self._scene_ref(value, path, "goto")

    def _fx_if(self, value: Any, path: Path_) -> None:
        if not isinstance(value, Mapping):
            return
        if "when" in value:
            self.expression(value["when"], path + ("when",))
        self.effects(value.get("then") or (), path + ("then",))
        self.effects(value.get("else") or (), path + ("else",))

    def _fx_nothing(self, value: Any, path: Path_) -> None:
        return

    def _fx_award(self, value: Any, path: Path_) -> None:
        for name in value or {} if isinstance(value, Mapping) else ():
            self.shown_names.append(("resource", str(name), path + (name,)))
        self._check_award(value, path)

    def _fx_condition(self, value: Any, path: Path_) -> None:
        for name, at in self._items(value, path):
            self.shown_names.append(("condition", str(name), at))

    def _fx_reveal(self, value: Any, path: Path_) -> None:
        for name, at in self._items(value, path):
            if name in self.adv.objectives or name in self.variables:
                self.revealed.add(name)
            else:
                self.error("unknown-reveal", at, f"reveal: nothing called {name!r}",
                           _did_you_mean(name, list(self.adv.objectives) + list(self.variables),
                                         also="name an objective, a clock, a counter or a flag"))

    # scenes, choices and checks -------------------------------------------------------------------
    def check_scenes(self) -> None:
        for scene in self.scenes.values():
            if scene.ending is not None and scene.choices:
                self.warning("ending-with-choices", scene.path + ("choices",),
                             f"scene {scene.id!r} is an ending, so its choices are never offered",
                             "remove the choices or the ending", key=True)
            for choice in scene.choices:
                if choice.goto is not None:
                    self._scene_ref(choice.goto, choice.path + ("goto",), "goto")
                if choice.check is not None:
                    self.check_check(choice, choice.check)
            if scene.conflict is not None:
                check_conflict(self, scene)

    def check_check(self, choice: model.Choice, spec: model.CheckSpec) -> None:
        for label, branch in spec.outcomes.items():
            if branch.goto is not None:
                self._scene_ref(branch.goto, branch.path + ("goto",), f"outcome {label}")
            self.template(branch.text, branch.path + ("text",))
            labels = self.contest_labels if spec.kind == "contest" else self.labels
            if self.ruleset is not None and label not in labels:
                close = difflib.get_close_matches(label, labels, n=1)
                self.error("unknown-outcome", spec.path + ("outcomes", label),
                           f"the {self.adv.system} system has no {spec.kind} outcome {label!r}",
                           f"did you mean {close[0]!r}?" if close else f"its {spec.kind} outcomes: {', '.join(labels)}",
                           key=True)
        if spec.kind == "contest":
            self.check_opponent(spec)
        if spec.assist is not None:
            npc = self.adv.npcs.get(spec.assist)
            if npc is None:
                self.error("unknown-npc", spec.path + ("assist",), f"assist: no NPC called {spec.assist!r}",
                           _did_you_mean(spec.assist, self.adv.npcs))
            elif not npc.companion:
                self.error("assist-not-companion", spec.path + ("assist",),
                           f"assist: {spec.assist!r} is not a companion, so cannot assist",
                           "add `companion: true` to the NPC")
        if self.ruleset is not None:
            self.check_npc_params(spec)
            self.check_item_params(spec)
            self.check_stats(choice, spec)

    def check_opponent(self, spec: model.CheckSpec) -> None:
        if spec.opponent is None:
            self.error("contest-without-opponent", spec.path, "a contest needs an opponent",
                       "add `opponent:` with an NPC id", key=True)
            return
        npc = self.adv.npcs.get(spec.opponent)
        if npc is None:
            self.error("unknown-npc", spec.path + ("opponent",), f"opponent: no NPC called {spec.opponent!r}",
                       _did_you_mean(spec.opponent, self.adv.npcs, also="declare it under npcs:"))
            return
        wanted = spec.params.get("opponent_stat", spec.stat)
        for stat in ([wanted] if isinstance(wanted, str) else list(wanted or ())):
            if _norm(stat) not in _names_with_halves(npc.stats) and _norm(stat) not in self.system_stats:
                self.warning("opponent-lacks-stat", spec.path + ("opponent",),
                             f"the opponent {npc.id!r} has no {stat!r}",
                             f"add {stat} to its stats, or set opponent_stat")

    def _guards(self, choice: model.Choice) -> set[str]:
        """Stats the choice's `if` asks about with stat() or chance()."""
        if choice.condition is None:
            return set()
        try:
            calls = parse(choice.condition).calls()
        except ExpressionError:
            return set()
        return {_norm(args[0]) for name, args in calls
                if name in ("stat", "chance") and len(args) == 1 and isinstance(args[0], str)}

    def check_stats(self, choice: model.Choice, spec: model.CheckSpec) -> None:
        stats: list[tuple[str, tuple[Any, ...]]]
        if isinstance(spec.stat, str):  # "gumption+piloting" adds two, like a list
            stats = [(part.strip(), ("stat",)) for part in spec.stat.split("+")]
        else:
            stats = [(s, ("stat", n)) for n, s in enumerate(spec.stat or ()) if isinstance(s, str)]
        owners = list(range(len(self.pregens)))
        for stat, step in stats:
            at = spec.path + step
            wanted = _norm(stat)
            if not wanted:
                continue
            if wanted in self.system_stats:
                continue
            having = [i for i in range(len(self.pregens)) if self._has_stat(i, stat)]
            owners = [i for i in owners if i in having]
            if not having:
                severity = self.error if self.pregens else self.warning
                severity("unknown-stat", at,
                         f"{stat!r} is not a stat of the {self.adv.system} system"
                         + (" nor of any pregenerated character" if self.pregens else ""),
                         _did_you_mean(stat, self.all_stats))
            elif len(having) < len(self.pregens) and wanted not in self._guards(choice):
                missing = [self.pregens[i][0].id for i in range(len(self.pregens)) if i not in having]
                self.warning("stat-not-on-every-character", at,
                             f"{stat!r} is not a stat of {', '.join(missing)}",
                             f'guard the choice with if: stat("{stat}") > 0, or give every character {stat}')
        self.check_params(spec, owners if stats else [])

    def _has_stat(self, index: int, stat: str) -> bool:
        """Whether a pregenerated character has a stat: by name, or because the system can roll it
        for them (Loose and Fuzzy rolls ``luck`` and disabilities, which are not in ``stats``)."""
        if _norm(stat) in self.pregen_stats[index]:
            return True
        key = (index, _norm(stat))
        if key not in self.rollable:
            character = self.pregens[index][1]
            try:
                self.ruleset.parse_check({"stat": stat}, character)
                self.rollable[key] = character is not None
            except (RulesError, TypeError, ValueError, KeyError, AttributeError):
                self.rollable[key] = False
        return self.rollable[key]

    def check_item_params(self, spec: model.CheckSpec) -> None:
        """Parameters the system reads as items (``item_params``) name items of the file."""
        for name in getattr(self.ruleset, "item_params", ()):
            value = spec.params.get(name)
            ids = value if isinstance(value, list) else [] if value is None else [value]
            for index, item in enumerate(ids):
                at = spec.path + ((name, index) if isinstance(value, list) else (name,))
                self._item_ref(item, at, name)

    def check_npc_params(self, spec: model.CheckSpec) -> None:
        """Parameters the system reads as NPCs (``npc_params``) name companions of the file."""
        for name in getattr(self.ruleset, "npc_params", ()):
            value = spec.params.get(name)
            ids = value if isinstance(value, list) else [] if value is None else [value]
            for index, npc_id in enumerate(ids):
                at = spec.path + ((name, index) if isinstance(value, list) else (name,))
                npc = self.adv.npcs.get(npc_id) if isinstance(npc_id, str) else None
                if npc is None:
                    self.error("unknown-npc", at, f"{name}: no NPC called {npc_id!r}",
                               _did_you_mean(npc_id, self.adv.npcs))
                elif not npc.companion:
                    self.error("assist-not-companion", at,
                               f"{name}: {npc_id!r} is not a companion, so cannot act with the character",
                               "add `companion: true` to the NPC")

    def check_params(self, spec: model.CheckSpec, owners: list[int]) -> None:
        params = dict(spec.params)
        for name in getattr(self.ruleset, "npc_params", ()):
            if params.get(name):
                known = self.adv.npc_characters(params[name], self.ruleset.prepare_character)
                params[name] = [c for c in known if isinstance(c, Character)]  # the rest: unknown-npc
        if spec.assist and spec.assist in self.adv.npcs:
            level = self.adv.npcs[spec.assist].stats.get(spec.stat) if isinstance(spec.stat, str) else None
            if isinstance(level, int) and not isinstance(level, bool):
                params["assist_dice"] = level
        characters: list[tuple[int | None, Character | None]] = [
            (i, self.pregens[i][1]) for i in owners if self.pregens[i][1] is not None]
        if not self.pregens:
            characters = [(None, None)]
        written = repr(params)  # plain YAML values: equal texts are equal parameters
        seen: set[str] = set()
        for index, character in characters:
            refusal = self._refusal(written, params, index, character)
            if refusal is not None and refusal[0] not in seen:
                message, param = refusal
                seen.add(message)
                at = _param_path(spec, param)
                self.error("bad-check", at or spec.path, message,
                           "see the check parameters of the system in docs/authoring.md", key=at is None)

    def _refusal(self, written: str, params: dict[str, Any], index: int | None,
                 character: Character | None) -> tuple[str, Any] | None:
        """Why the system refuses the check's parameters for a pregenerated character, and the
        parameter at fault if it says (``None`` when it accepts them). The system is asked once
        per distinct parameters and character, since big adventures repeat the same few checks
        in scene after scene."""
        key = (written, index)
        if key not in self.refusals:
            try:
                self.ruleset.parse_check(params, character)
            except RulesError as exc:
                self.refusals[key] = (str(exc), getattr(exc, "param", None))
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                self.refusals[key] = (f"the {self.adv.system} rules cannot read this check ({exc})", None)
            else:
                self.refusals[key] = None
        return self.refusals[key]

    # tables --------------------------------------------------------------------------------------
    def check_tables(self) -> None:
        for table in self.adv.tables.values():
            for (lo, hi), branch in table.rows.items():
                if branch.goto is not None:
                    self._scene_ref(branch.goto, branch.path + ("goto",), f"table {table.id}")
                self.template(branch.text, branch.path + ("text",))
            try:
                dice = DiceNotation.parse(table.dice)
            except NotationError as exc:
                self.error("bad-dice", table.path + ("dice",), str(exc), "dice notation looks like 1d6 or 2d6+1")
                continue
            low, high = dice.minimum, dice.maximum
            rerolled = {r for r in table.reroll if low <= r <= high}
            if len(rerolled) == high - low + 1:
                self.error("table-impossible", table.path + ("reroll",),
                           f"table {table.id}: every total {dice} can roll ({low}-{high}) is rerolled",
                           "leave at least one total that stands", key=True)
                continue
            counts: dict[int, int] = {}
            for (lo, hi), branch in table.rows.items():
                if lo > hi:
                    self.warning("table-gap", branch.path,
                                 f"table {table.id}: row {lo}-{hi} runs from high to low and covers no total",
                                 f"write it low first: {hi}-{lo}", key=True)
                    continue
                if hi < low or lo > high:
                    self.warning("table-gap", branch.path,
                                 f"table {table.id}: row {lo}-{hi} is outside {dice} ({low}-{high})",
                                 "it can never be rolled", key=True)
                for total in range(max(lo, low), min(hi, high) + 1):
                    counts[total] = counts.get(total, 0) + 1
            missing = [t for t in range(low, high + 1) if t not in counts and t not in rerolled]
            if missing:
                self.warning("table-gap", table.path + ("rows",),
                             f"table {table.id}: no row for {_ranges(missing)} on {dice}",
                             "add rows for them or reroll them", key=True)
            overlap = sorted(t for t, c in counts.items() if c > 1)
            if overlap:
                self.warning("table-overlap", table.path + ("rows",),
                             f"table {table.id}: more than one row covers {_ranges(overlap)}",
                             "the first row written wins", key=True)

    # the scene graph -----------------------------------------------------------------------------
    def check_graph(self) -> None:
        adv = self.adv
        scenes = self.scenes
        graph = scene_graph(adv)
        endings = [sid for sid, scene in scenes.items() if scene.ending is not None]
        anywhere = [dest for dest in graph.anywhere if dest in scenes]
        for sid, scene in scenes.items():
            if scene.ending is not None:
                continue
            if not scene.choices and scene.conflict is None:
                self.error("dead-end", ("scenes", sid), f"scene {sid!r} has no choices and is not an ending",
                           "add choices, or make it an ending with `ending: {outcome: ...}`", key=True)
            elif not anywhere and all(dest == sid for dest in graph.out[sid]):
                self.error("dead-end", ("scenes", sid), f"no choice of scene {sid!r} leads anywhere else",
                           "give a choice or an outcome a `goto`", key=True)
        if not endings:
            self.error("no-ending", ("scenes",), "the adventure has no ending",
                       "give at least one scene `ending: {outcome: victory}`", key=True)
        if adv.start not in scenes:
            return
        reached = graph.reachable()
        for sid in scenes:
            if sid not in reached:
                self.warning("unreachable-scene", ("scenes", sid), f"scene {sid!r} cannot be reached from the start",
                             "give a choice somewhere a `goto` to it, or remove it", key=True)
        if endings and not any(e in reached for e in endings):
            self.error("no-reachable-ending", ("start",), "no ending can be reached from the start",
                       f"endings: {', '.join(endings)}")
            return
        finishing = reach(endings, graph.backwards(), [])
        if not endings:
            return
        if any(dest in finishing for dest in anywhere):
            return  # a hook or a clock can take the player to an ending from anywhere
        for sid in scenes:
            if sid in reached and sid not in finishing and scenes[sid].choices and not all(
                    dest == sid for dest in graph.known_out(sid)):
                self.warning("no-path-to-ending", ("scenes", sid), f"from scene {sid!r} no ending can be reached",
                             "the player would go round in circles; add a way towards an ending", key=True)

    # what is used --------------------------------------------------------------------------------
    def check_labels(self) -> None:
        """Warn about names players will read that are ids with no label, and hidden things never revealed."""
        from solo.rules.vocabulary import resource_label

        adv = self.adv
        for kind, name in sorted(adv.hidden):
            if name not in self.revealed and not (kind == "objective" and name in self.completed):
                section = {"objective": "objectives", "clock": "variables", "variable": "variables"}[kind]
                self.warning("never-revealed", (section,), f"hidden {kind} {name!r} is never revealed",
                             f"add an effect {{reveal: {name}}} where the character learns of it", key=True)
        shown = list(self.shown_names)
        for n, person in enumerate(adv.characters):
            for stat in person.stats:
                shown.append(("stat", str(stat), ("characters", n, "stats", stat)))
            for resource in person.resources:
                shown.append(("resource", str(resource), ("characters", n, "resources", resource)))
        for objective in adv.objectives.values():
            for resource in objective.award:
                shown.append(("resource", str(resource), objective.path + ("award", resource)))
        for cid, clock in adv.clocks.items():
            if not clock.label or clock.label == cid:
                shown.append(("clock", cid, ("variables", "clocks", cid)))
        seen: set[tuple[str, str]] = set()
        for what, name, at in shown:
            if (what, name) in seen or name in adv.labels:
                continue
            seen.add((what, name))
            if what == "resource" and resource_label(adv.system, name):
                continue
            if what in ("stat", "condition") and re.fullmatch(r"[A-Za-z][A-Za-z /']*", name):
                continue  # plain words are shown as they are written
            self.warning("unlabelled-name", at, f"{what} {name!r} would be shown to players as an id",
                         f"give it a label: labels: {{{name}: ...}}" if what != "clock" else "give the clock a label:",
                         key=True)

    def check_usage(self) -> None:
        adv = self.adv
        for n, objective in enumerate(adv.objectives.values()):
            if objective.when is None and objective.id not in self.completed:
                self.error("objective-never-completes", objective.path + ("id",),
                           f"objective {objective.id!r} can never be completed",
                           f"add a `when:` condition, or an effect {{complete: {objective.id}}}")
        for name, kind in self.variables.items():
            section = {"flag": "flags", "counter": "counters", "clock": "clocks"}[kind]
            at = ("variables", section, name)
            if kind == "clock":
                clock = adv.clocks[name]
                if name not in self.ticked:
                    self.warning("clock-never-ticked", at, f"clock {name!r} is never ticked",
                                 f"add an effect {{tick: {name}}}, or remove the clock", key=True)
                if not clock.filled and name not in self.read:
                    self.warning("clock-without-consequence", at, f"clock {name!r} has no consequence",
                                 "add `filled:` effects, or read it in a condition", key=True)
            elif name not in self.read and name not in self.written:
                self.warning("unused-variable", at, f"{kind} {name!r} is never used",
                             "read it in an `if`/`when` or set it in an effect, or remove it", key=True)
        for tid, table in adv.tables.items():
            if tid not in self.tables_rolled:
                self.warning("unused-table", ("tables", tid), f"table {tid!r} is never rolled",
                             f"add an effect {{table: {tid}}}, or remove it", key=True)
        for item, asked_at in self.has_asked:
            if item not in self.given:
                self.warning("item-never-given", asked_at,
                             f"has({item!r}) is never true: nobody starts with {item!r} and no effect gives it",
                             f"add an effect {{give: {item}}}")


def _param_path(spec: model.CheckSpec, param: Any) -> Path_ | None:
    """Where in the file the check parameter ``param`` (a key, or a path into the parameters)
    is written; ``None`` when it is not written there (a default the system read)."""
    steps = tuple(param) if isinstance(param, (tuple, list)) else (param,)
    if param is None or not steps:
        return None
    value: Any = spec.params
    for step in steps:
        if isinstance(value, Mapping) and step in value:
            value = value[step]
        elif isinstance(value, (list, tuple)) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return None
    return spec.path + steps


def _ranges(values: list[int]) -> str:
    parts: list[str] = []
    start = prev = values[0]
    for value in values[1:] + [None]:
        if value is not None and value == prev + 1:
            prev = value
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if value is not None:
            start = prev = value
    return ", ".join(parts)
