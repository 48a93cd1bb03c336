"""The JSON Schema of the adventure format, shipped in the package, and checking data against it.

:func:`schema` is the schema as a dict (``solo schema`` prints it). :func:`schema_problems` is the
package's one schema check: the loader refuses a file that has problems, ``solo validate``
reports them. Each problem is a :class:`~solo.adventure.problems.Problem` with a code (see
:data:`solo.adventure.validate.CODES`), a readable message and hint, and the position of the
offending value, or of its key when the key is at fault (an unknown field, a bad scene id).

Checking takes two steps. A fast yes/no check (:class:`_FastSchema`) passes a file that meets the
schema, which is the common case and the one that must be quick for big files; only a file it
does not pass goes through ``jsonschema``, which finds and explains every problem.
"""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable, Mapping

from solo.adventure.problems import Problem

if TYPE_CHECKING:  # jsonschema costs ~100 ms to import: only a file that fails the fast check needs it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

__all__ = ["MAX_SCHEMA_PROBLEMS", "SCHEMA_FILE", "schema", "schema_problems"]

SCHEMA_FILE = "adventure.schema.json"
MAX_SCHEMA_PROBLEMS = 50


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The adventure format's JSON Schema as a dict."""
    text = (resources.files("solo.adventure") / SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=1)
def _validator() -> "Draft202012Validator":
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema())


# -- problems, located precisely and worded for authors ------------------------------------------


def schema_problems(data: Any, document: Any, filename: str) -> list[Problem]:
    """Every way ``data`` breaks the schema (at most :data:`MAX_SCHEMA_PROBLEMS`), each at the
    offending key or value of ``document`` (a :class:`~solo.adventure.yaml_source.Document`;
    without one every problem is at line 0).

    An unknown field is shown at its own key, a bad mapping key (a scene id) at that key, and a
    choice with both ``check`` and ``contest`` at ``contest``.
    """
    if _fast_valid(data):
        return []
    problems: list[Problem] = []
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
    own = _system_params(data)
    for error in errors[:MAX_SCHEMA_PROBLEMS]:
        leaf = _leaf(error)
        message, hint = _describe(leaf, own if _in_roll(leaf) else None)
        path = tuple(leaf.absolute_path)
        key = False
        if leaf.validator == "additionalProperties":
            allowed = set((leaf.schema.get("properties") or {}).keys())
            extras = [k for k in (leaf.instance or {}) if k not in allowed] if isinstance(leaf.instance, dict) else []
            if extras:
                path, key = path + (extras[0],), True
        elif "propertyNames" in leaf.schema_path and isinstance(leaf.instance, str):
            path, key = path + (leaf.instance,), True  # a mapping key (a scene id...) is at fault
        elif leaf.validator == "not" and isinstance(leaf.instance, dict):
            message = f"{'.'.join(map(str, path))}: a choice has `check` or `contest`, not both"
            hint = "split it into two choices"
            path, key = path + ("contest",), True
        if document is None:
            line, col = 0, 0
        else:
            line, col = document.key_position(path) if key else document.position(path)
        problems.append(Problem(filename, line, col, message, hint, "error", _schema_code(leaf)))
    return problems


#: Parameters every system's checks and contests share (the rest are a system's own).
COMMON_ROLL_FIELDS = ("stat", "opponent", "outcomes", "defending", "tags")


def _system_params(data: Any) -> frozenset[str] | None:
    """The check and contest fields the file's system reads, or None when it does not say (an
    unknown system, or one that does not declare them): the schema lists every system's."""
    if not isinstance(data, Mapping) or not isinstance(data.get("system"), str):
        return None
    from solo.rules import registry
    from solo.rules.base import RulesError

    try:
        declared = tuple(getattr(registry.get(data["system"]), "check_params", ()) or ())
    except RulesError:
        return None
    return frozenset(COMMON_ROLL_FIELDS + declared) if declared else None


def _in_roll(error: "ValidationError") -> bool:
    """Whether the error is about the fields of a ``check`` or a ``contest``."""
    path = list(error.absolute_path)
    return bool(path) and path[-1] in ("check", "contest")


def _leaf(error: "ValidationError") -> "ValidationError":
    """The sub-error of an ``anyOf`` that says most (the deepest)."""
    while error.validator in ("anyOf", "oneOf") and error.context:
        # the deepest; at equal depth a wrong key says more than "expected a string"
        best = max(error.context, key=lambda e: (len(list(e.absolute_path)), e.validator != "type"))
        if best is error:
            break
        error = best
    return error


def _schema_code(error: "ValidationError") -> str:
    """The problem code of a schema error (see :data:`solo.adventure.validate.CODES`)."""
    kind = error.validator
    if kind == "additionalProperties":
        return "unknown-field"
    if kind == "required":
        return "missing-field"
    if kind == "type":
        return "wrong-type"
    if kind == "pattern" and "a-z0-9" in str(error.validator_value):
        return "bad-id"
    if kind in ("enum", "const", "pattern", "minimum", "maximum", "maxLength", "minItems", "maxItems",
                "minProperties", "not"):
        return "bad-value"
    return "schema"


def _describe(error: "ValidationError", own: frozenset[str] | None = None) -> tuple[str, str]:
    """A readable message and a hint for one schema error (``own``: the fields the adventure's
    system reads, so that a hint never suggests another system's)."""
    path = list(error.absolute_path)
    where = ".".join(str(p) for p in path) or "the top level"
    if error.validator == "additionalProperties":
        allowed = list((error.schema.get("properties") or {}).keys())
        extras = [e for e in error.message.split("'")[1::2] if e not in allowed]
        field = extras[0] if extras else "?"
        if own is not None:
            allowed = [name for name in allowed if name in own]
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
    if error.validator == "type":  # the schema's own description of the value, if any, helps
        got = type(error.instance).__name__
        return f"{where}: expected {error.validator_value}, got {got}", str(error.schema.get("description", ""))
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


# -- the fast yes/no check -----------------------------------------------------------------------

_Check = Callable[[Any], bool]
_ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description", "default", "examples"}
_OBJECT_KEYWORDS = ("properties", "required", "additionalProperties", "propertyNames", "minProperties")
_ARRAY_KEYWORDS = ("items", "minItems", "maxItems")
_STRING_KEYWORDS = ("pattern", "maxLength")
_NUMBER_KEYWORDS = ("minimum", "maximum")
_OTHER_KEYWORDS = ("type", "const", "enum", "$ref", "anyOf", "not")
_KNOWN = set(_OBJECT_KEYWORDS + _ARRAY_KEYWORDS + _STRING_KEYWORDS + _NUMBER_KEYWORDS + _OTHER_KEYWORDS)


class _FastSchema:
    """A yes/no check of data against the schema, compiled once into plain closures.

    ``jsonschema`` collects errors through a validator call per keyword and node, about 4 s for
    the 10 000-scene benchmark file; this check does the same keywords with plain closures, one
    per (sub)schema, an object's keys all checked in one pass: 0.1 s. It only ever answers
    "valid" when ``jsonschema`` would: where it could be unsure (a ``const`` or ``enum`` matched by
    a value of another type, such as ``1.0`` for ``1``) it answers "invalid", and an invalid file
    is then checked again by ``jsonschema``, which explains the problems. A schema keyword it does
    not know makes it refuse to compile, and then ``jsonschema`` does all the work (a test makes
    sure the shipped schema compiles). Tests check that its verdict equals ``jsonschema``'s on
    the broken-file corpus, the bundled adventures and generated data.

    Why not the well-kept ``fastjsonschema`` library, which compiles a schema into Python code?
    Its verdicts did agree with ``jsonschema``'s (the same corpus, bundled adventures and 3 000
    generated documents), but on the benchmark file it takes 0.5 s, five times this check, which
    is too much of the 1.5 s that loading and validating 10 000 scenes may take: its code raises,
    and formats a message for, an exception for every ``anyOf`` branch and every ``not`` that
    fails, and the choice's ``not: {required: [check, contest]}`` fails for every choice (its
    ``detailed_exceptions=False``, which would spare the messages, fails to compile our ``const``
    in version 2.22). It also writes into the schema dict it compiles, so would need a private
    copy, and does not know draft 2020-12: it reads ours as 2019-09, which happens to fit the
    keywords we use.
    """

    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = root
        self.refs: dict[str, _Check] = {}
        self.compiling: set[str] = set()
        self.valid = self.compile(root)

    def compile(self, schema: Any) -> _Check:
        if schema is True:
            return _yes
        if schema is False:
            return _no
        unknown = set(schema) - _ANNOTATIONS - _KNOWN
        if unknown:
            raise ValueError(f"schema keywords the fast check does not know: {sorted(unknown)}")
        kind = schema.get("type")
        checks: list[_Check] = []
        # a single type is checked by the checks of that type's keywords when there are some
        typed = kind if isinstance(kind, str) else None
        obj = self._object(schema, typed == "object")
        arr = self._array(schema, typed == "array")
        text = _string(schema, typed == "string")
        number = _number(schema, typed in ("number", "integer"))
        if kind is not None and not (
            (typed == "object" and obj) or (typed == "array" and arr) or (typed == "string" and text)
        ):
            checks.append(_type_check(kind))
        checks += [check for check in (obj, arr, text, number) if check is not None]
        if "const" in schema:
            checks.append(_enum([schema["const"]]))
        if "enum" in schema:
            checks.append(_enum(schema["enum"]))
        if "$ref" in schema:
            checks.append(self.ref(schema["$ref"]))
        if "anyOf" in schema:
            checks.append(_any([self.compile(sub) for sub in schema["anyOf"]]))
        if "not" in schema:
            # a check that is unsure answers "invalid", which `not` would turn into "valid": so
            # only `required`, which is always sure, may be negated
            if not isinstance(schema["not"], dict) or set(schema["not"]) - _ANNOTATIONS != {"required"}:
                raise ValueError("the fast check negates only `required`")
            negated = self.compile(schema["not"])
            checks.append(lambda value: not negated(value))
        return _all(checks)

    def ref(self, target: str) -> _Check:
        if not target.startswith("#/$defs/"):
            raise ValueError(f"unsupported $ref {target!r}")
        name = target[len("#/$defs/"):]
        if name in self.compiling:  # a recursive reference: looked up when it runs
            refs = self.refs
            return lambda value: refs[name](value)
        if name not in self.refs:
            self.compiling.add(name)
            self.refs[name] = self.compile(self.root["$defs"][name])
            self.compiling.discard(name)
        return self.refs[name]

    def _object(self, schema: Mapping[str, Any], typed: bool) -> _Check | None:
        """One pass over a mapping's keys for all the object keywords (``None`` when it has none)."""
        if not any(key in schema for key in _OBJECT_KEYWORDS):
            return None
        props = {key: self.compile(sub) for key, sub in (schema.get("properties") or {}).items()}
        get = props.get
        required = frozenset(schema.get("required") or ())
        extra_schema = schema.get("additionalProperties", True)
        extra = _no if extra_schema is False else self.compile(extra_schema)
        names = self.compile(schema["propertyNames"]) if "propertyNames" in schema else None
        fewest = schema.get("minProperties", 0)

        def check(value: Any) -> bool:
            if not isinstance(value, dict):
                return not typed
            if len(value) < fewest or not value.keys() >= required:
                return False
            for k, v in value.items():
                if not get(k, extra)(v):
                    return False
            return True

        def check_any_keys(value: Any) -> bool:  # nothing required: the same, one test less
            if not isinstance(value, dict):
                return not typed
            for k, v in value.items():
                if not get(k, extra)(v):
                    return False
            return True

        if not required and not fewest:
            check = check_any_keys

        def check_names(value: Any) -> bool:
            assert names is not None  # only used when the schema names its keys
            if not check(value):
                return False
            if isinstance(value, dict):
                for k in value:
                    if not names(k):
                        return False
            return True

        return check if names is None else check_names

    def _array(self, schema: Mapping[str, Any], typed: bool) -> _Check | None:
        if not any(key in schema for key in _ARRAY_KEYWORDS):
            return None
        items = self.compile(schema["items"]) if "items" in schema else _yes
        fewest = schema.get("minItems", 0)
        most = schema.get("maxItems", float("inf"))

        def check(value: Any) -> bool:
            if not isinstance(value, list):
                return not typed
            if not fewest <= len(value) <= most:
                return False
            for v in value:
                if not items(v):
                    return False
            return True

        return check


def _yes(value: Any) -> bool:
    return True


def _no(value: Any) -> bool:
    return False


def _all(checks: list[_Check]) -> _Check:
    """One check that passes when all do, in order (the type first)."""
    if not checks:
        return _yes
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda value: first(value) and second(value)

    def check(value: Any) -> bool:
        for test in checks:
            if not test(value):
                return False
        return True

    return check


def _any(checks: list[_Check]) -> _Check:
    def check(value: Any) -> bool:
        for test in checks:
            if test(value):
                return True
        return False

    return check


def _is_int(value: Any) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)) or (isinstance(value, float) and value.is_integer())


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TYPES: dict[str, _Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "integer": _is_int,
    "number": _is_number,
    "null": lambda v: v is None,
}


def _type_check(kind: str | list[str]) -> _Check:
    tests = [_TYPES[name] for name in ([kind] if isinstance(kind, str) else kind)]
    return tests[0] if len(tests) == 1 else _any(tests)


def _string(schema: Mapping[str, Any], typed: bool) -> _Check | None:
    if not any(key in schema for key in _STRING_KEYWORDS):
        return None
    longest = schema.get("maxLength", float("inf"))
    if "pattern" not in schema:
        return lambda value: len(value) <= longest if isinstance(value, str) else not typed
    search = re.compile(schema["pattern"]).search
    return lambda value: (len(value) <= longest and search(value) is not None) if isinstance(value, str) else not typed


def _number(schema: Mapping[str, Any], typed: bool) -> _Check | None:
    # the type, when there is one, is checked separately ("integer" has its own rule)
    if not any(key in schema for key in _NUMBER_KEYWORDS):
        return None
    low = schema.get("minimum", float("-inf"))
    high = schema.get("maximum", float("inf"))
    return lambda value: not _is_number(value) or low <= value <= high


def _enum(options: list[Any]) -> _Check:
    """Equal to an option and of the same type (``True`` is not ``1``; ``1.0`` is left to jsonschema)."""
    if all(isinstance(option, str) for option in options):
        texts = frozenset(options)
        return lambda value: type(value) is str and value in texts
    return lambda value: any(type(value) is type(option) and value == option for option in options)


_FAST: _FastSchema | None | bool = None


def _fast_valid(data: Any) -> bool:
    """True when the data certainly meets the schema (False: ask jsonschema)."""
    global _FAST
    if _FAST is None:
        try:
            _FAST = _FastSchema(schema())
        except (ValueError, KeyError, TypeError, re.error):
            _FAST = False
    if _FAST is False:
        return False
    try:
        return bool(_FAST.valid(data))  # type: ignore[union-attr]
    except RecursionError:
        return False
