"""Running the validator: from a path, a YAML document or a loaded adventure, and the output forms.

:func:`validate_path` reads a file and never raises for bad input: unreadable files, YAML syntax
errors and JSON Schema errors come back as problems like everything else. :func:`format_problems`,
:func:`problems_json` and :func:`exit_status` are the text, JSON and exit status of ``solo validate``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from solo.adventure import loader, model
from solo.adventure._gc import gc_paused
from solo.adventure.problems import AdventureError, Problem
from solo.adventure.schema import schema_problems
from solo.adventure.schema_repair import repaired
from solo.adventure.validate.checker import Checker
from solo.adventure.validate.codes import ERROR, WARNING
from solo.adventure.yaml_source import Document, MAX_BYTES, MAX_NODES


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
    return _sorted(problems + Checker(adventure, document, text).run())


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
        found = Checker(adventure, shifted, text).run()  # type: ignore[arg-type]
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
        return _sorted(Checker(adventure, document, source).run())


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
