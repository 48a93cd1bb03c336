"""The e2e guard: a test that drives a real process, terminal or browser must be marked ``e2e``.

The inner loop (``pytest -m "not e2e"``) stays fast and free of timing flakes only if every test
that starts ``solo`` in a real process, runs tmux, drives the full screen through Textual's pilot
(``App.run_test``) or a browser through Playwright says so with ``@pytest.mark.e2e``. As each test is
set up, this plugin reads the code of a test that is not so marked: the test function, the fixtures
it asks for, and every function or class of the test suite they name (helpers in the module,
in ``tests/support``, in a conftest), following names to their definitions. A test found doing
one of those things fails before it runs, with the reason and the line that does it (an xdist
worker reads only the tests it runs).

It reads code, never runs it, so it sees what is written out: ``subprocess.run([sys.executable,
"-m", "solo", ...])``, a ``SERVER = ["tmux", "-L", ...]`` list a helper passes on, ``app.run_test()``,
``sync_playwright``. Other subprocesses (mypy, ``python -c "import solo.engine"``) are allowed.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

_SUBPROCESS_CALLS = {"run", "Popen", "call", "check_call", "check_output", "getoutput", "getstatusoutput"}
_SPAWNERS = {("asyncio", "create_subprocess_exec"), ("asyncio", "create_subprocess_shell"),
             ("pexpect", "spawn"), ("pexpect", "run"), ("os", "system"), ("os", "popen")}
_SOLO = re.compile(r"(^|[/\\\s])solo(\s|$)|\bsolo\.(cli|__main__)\b")
_TMUX = re.compile(r"(^|[/\\\s])tmux(\s|$)")
_WORDS = re.compile(r"run_test|subprocess|Popen|playwright|pexpect|os\.system|os\.popen")


@lru_cache(maxsize=None)
def _definitions(filename: str) -> dict[int, ast.AST]:
    """Function and class definitions of a file by the line their code object starts on."""
    try:
        tree = ast.parse(Path(filename).read_text(encoding="utf-8"), filename)
    except (OSError, SyntaxError, ValueError):
        return {}
    found: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.lineno] = node
            if node.decorator_list:
                found[min(d.lineno for d in node.decorator_list)] = node
    return found


def _code_of(obj: Any) -> tuple[Any, str, int] | None:
    """(function, file, first line) of a function, or None for what has no Python source."""
    obj = inspect.unwrap(getattr(obj, "__func__", obj))
    inner = getattr(getattr(obj, "hypothesis", None), "inner_test", None)  # a @given test
    if inner is not None:
        obj = inspect.unwrap(inner)
    code = getattr(obj, "__code__", None)
    if code is None:
        return None
    return obj, code.co_filename, code.co_firstlineno


def _strings(node: ast.AST, scope: dict[str, Any]) -> Iterator[str]:
    """The text a call's arguments spell: literals, f-string parts, and names bound in ``scope``
    to a string or a list of strings."""
    for part in ast.walk(node):
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            yield part.value
        elif isinstance(part, ast.Name):
            value = scope.get(part.id)
            if isinstance(value, str):
                yield value
            elif isinstance(value, (list, tuple)):
                yield " ".join(v for v in value if isinstance(v, str))


def _dotted(node: ast.AST) -> tuple[str, ...]:
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return tuple(reversed(names))
    return ()


def _resolve(dotted: tuple[str, ...], scope: dict[str, Any]) -> Any:
    value: Any = scope.get(dotted[0]) if dotted else None
    for name in dotted[1:]:
        value = getattr(value, name, None)
    return value


def _is_spawn(call: ast.Call, scope: dict[str, Any]) -> bool:
    dotted = _dotted(call.func)
    if len(dotted) >= 2 and (dotted[-2], dotted[-1]) in _SPAWNERS:
        return True
    if len(dotted) >= 2 and dotted[-2] == "subprocess" and dotted[-1] in _SUBPROCESS_CALLS:
        return True
    target = _resolve(dotted, scope)
    return getattr(target, "__module__", None) == "subprocess" and getattr(target, "__name__", "") in _SUBPROCESS_CALLS


def _findings(parts: list[ast.AST], scope: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """(line, what) for each thing in ``parts`` only an end-to-end test may do."""
    for part in parts:
        if isinstance(part, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in part.names] if isinstance(part, ast.Import) else [part.module or ""]
            if any(m == "playwright" or m.startswith("playwright.") for m in modules):
                yield part.lineno, "drives a browser through Playwright"
        elif isinstance(part, ast.Name) and part.id in ("sync_playwright", "async_playwright"):
            yield part.lineno, "drives a browser through Playwright"
        elif isinstance(part, ast.Call):
            if isinstance(part.func, ast.Attribute) and part.func.attr == "run_test":
                yield part.lineno, "drives the full screen through Textual's pilot (run_test)"
            elif _is_spawn(part, scope):
                said = " ".join(_strings(part, scope))
                if _TMUX.search(said):
                    yield part.lineno, "runs tmux"
                elif _SOLO.search(said):
                    yield part.lineno, "starts solo in a real process"


@lru_cache(maxsize=None)
def _may_act(filename: str) -> bool:
    """Whether a file's text names anything this guard looks for (only those files are parsed)."""
    try:
        return _WORDS.search(Path(filename).read_text(encoding="utf-8")) is not None
    except (OSError, ValueError):
        return False


def _names_used(code: Any) -> set[str]:
    """The global and attribute names a code object and the code nested in it use."""
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_used(const)
    return names


def _named(function: Any, scope: dict[str, Any], roots: tuple[Path, ...]) -> Iterator[Any]:
    """What the names a function uses stand for: in its scope, or in a module of the suite it
    uses (``helpers.spawn``)."""
    names = _names_used(function.__code__)
    modules = [v for n, v in scope.items() if n in names and inspect.ismodule(v)
               and _in(getattr(v, "__file__", None) or "", roots)]
    for name in names:
        if name in scope:
            yield scope[name]
        for module in modules:
            if name in vars(module):
                yield vars(module)[name]


def _scope(function: Any) -> dict[str, Any]:
    """The names a function sees: its module's, and the variables it closes over."""
    scope = dict(getattr(function, "__globals__", {}))
    cells = getattr(function, "__closure__", None) or ()
    for name, cell in zip(function.__code__.co_freevars, cells):
        try:
            scope[name] = cell.cell_contents
        except ValueError:  # a cell not yet filled
            pass
    return scope


@lru_cache(maxsize=None)
def _in(filename: str, roots: tuple[Path, ...]) -> bool:
    path = Path(filename).resolve()
    return "site-packages" not in path.parts and any(path.is_relative_to(r) for r in roots)


class _Reader:
    """Reads test code under ``roots`` and remembers what each function was found doing."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = tuple(r.resolve() for r in roots)
        self.seen: dict[Any, list[tuple[str, int, str]]] = {}

    def _functions(self, obj: Any) -> Iterator[Any]:
        if inspect.isclass(obj):
            for member in vars(obj).values():
                if inspect.isfunction(member) or isinstance(member, (staticmethod, classmethod, property)):
                    yield getattr(member, "fget", None) or getattr(member, "__func__", member)
        elif callable(obj):
            yield obj

    def read(self, obj: Any) -> list[tuple[str, int, str]]:
        """(file, line, what) found in ``obj`` and the test code it names, first found first."""
        try:
            key = obj if inspect.isclass(obj) else _code_of(obj)
            if key is None or key in self.seen:
                return self.seen.get(key, []) if key is not None else []
        except TypeError:  # an unhashable object
            return []
        self.seen[key] = []
        found: list[tuple[str, int, str]] = []
        for function in self._functions(obj):
            code = _code_of(function)
            if code is None or not _in(code[1], self.roots):
                continue
            scope = _scope(code[0])
            node = _definitions(code[1]).get(code[2]) if _may_act(code[1]) else None
            if node is not None:
                found += [(code[1], line, what) for line, what in _findings(list(ast.walk(node)), scope)]
            for named in _named(code[0], scope, self.roots):
                if named is not obj and (inspect.isfunction(named) or inspect.isclass(named) or inspect.ismethod(named)):
                    found += self.read(named)
        self.seen[key] = found
        return found


def _fixture_functions(item: pytest.Item) -> Iterator[Any]:
    info = getattr(item, "_fixtureinfo", None)
    for name in getattr(item, "fixturenames", ()):
        definitions = info.name2fixturedefs.get(name, ()) if info is not None else ()
        for definition in definitions:
            yield definition.func


def unmarked_e2e(item: pytest.Item, reader: _Reader) -> list[tuple[str, int, str]]:
    """What ``item`` does that only an end-to-end test may, if it is not marked e2e."""
    function = getattr(item, "function", None)
    if function is None or item.get_closest_marker("e2e") is not None:
        return []
    found = reader.read(function)
    for fixture in _fixture_functions(item):
        found = found + reader.read(fixture)
    return found


def _roots(config: pytest.Config) -> list[Path]:
    paths = [config.rootpath / p for p in config.getini("testpaths")]
    return [p for p in paths if p.exists()] or [config.rootpath]


_READER = pytest.StashKey[_Reader]()


def unmarked_reason(item: pytest.Item) -> str | None:
    """Why ``item`` must be marked e2e and is not, or None."""
    config = item.config
    reader = config.stash.get(_READER, None)
    if reader is None:
        reader = config.stash[_READER] = _Reader(_roots(config))
    found = unmarked_e2e(item, reader)
    if not found:
        return None
    filename, line, what = found[0]
    where = Path(filename).resolve()
    shown = where.relative_to(config.rootpath) if where.is_relative_to(config.rootpath) else where
    return (f"{item.nodeid} {what} ({shown}:{line}) but is not marked e2e: "
            "mark it @pytest.mark.e2e (or the module: pytestmark = pytest.mark.e2e) "
            "so the inner loop, pytest -m 'not e2e', leaves it out")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Each test is read as it is about to run (not all at collection: under xdist every worker
    collects every test, and reading them all cost each worker about 0.4 s before its first)."""
    reason = unmarked_reason(item)
    if reason is not None:
        pytest.fail(reason, pytrace=False)
