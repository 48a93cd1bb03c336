"""The JSON Schema of the adventure format, shipped in the package, and checking a file against it."""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from solo.adventure.problems import Problem

SCHEMA_FILE = "adventure.schema.json"
MAX_SCHEMA_PROBLEMS = 50


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The adventure format's JSON Schema as a dict."""
    text = (resources.files("solo.adventure") / SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def _describe(error: ValidationError) -> tuple[str, str]:
    """A readable message and a hint for one schema error."""
    path = list(error.absolute_path)
    where = ".".join(str(p) for p in path) or "the top level"
    if error.validator == "additionalProperties":
        allowed = list((error.schema.get("properties") or {}).keys())
        extras = [e for e in error.message.split("'")[1::2] if e not in allowed]
        field = extras[0] if extras else "?"
        close = difflib.get_close_matches(field, allowed, n=1)
        hint = f"did you mean {close[0]!r}?" if close else (f"allowed here: {', '.join(allowed)}" if allowed else "")
        return f"unknown field {field!r} in {where}", hint
    if error.validator == "required":
        return f"{where}: {error.message}", "add the missing field"
    if error.validator in ("anyOf", "oneOf"):
        best = min(error.context or [error], key=lambda e: len(list(e.absolute_path)) * -1)
        if best is not error:
            return _describe(best)
    if error.validator == "enum":
        options = ", ".join(map(str, error.validator_value))
        return f"{where}: {error.instance!r} is not allowed", f"use one of: {options}"
    if error.validator == "pattern":
        return f"{where}: {error.instance!r} does not have the expected form", _pattern_hint(error.validator_value)
    if error.validator == "type":
        return f"{where}: expected {error.validator_value}, got {type(error.instance).__name__}", ""
    if error.validator in ("minProperties", "maxProperties") and where.endswith(("effects", "on_enter", "filled")) is False:
        return f"{where}: {error.message}", "an effect is a map with exactly one key, e.g. {give: rope}"
    return f"{where}: {error.message}", ""


def _pattern_hint(pattern: str) -> str:
    if "a-z0-9" in pattern:
        return "ids use lowercase letters, digits and dashes"
    if "A-Za-z_" in pattern:
        return "variable names use letters, digits and underscores, not starting with a digit"
    if "[dD]" in pattern:
        return "dice notation looks like 1d6 or 2d6+1"
    return ""


def schema_problems(data: Any, document: Any, filename: str) -> list[Problem]:
    """Every way ``data`` breaks the schema, with positions from ``document``."""
    problems = []
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    for error in errors[:MAX_SCHEMA_PROBLEMS]:
        message, hint = _describe(error)
        line, col = document.position(tuple(error.absolute_path)) if document is not None else (0, 0)
        problems.append(Problem(filename, line, col, message, hint, "error", "schema"))
    return problems
