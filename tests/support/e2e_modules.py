"""Leave out, without importing them, the test modules whose every test is end-to-end, when the
marker expression (``-m``) cannot select an end-to-end test.

Under ``pytest -m "not e2e"`` a module that says ``pytestmark = pytest.mark.e2e`` (alone or in a
list) contributes no test, but collecting it would still import it and what it imports (Textual's
pilot helpers, Playwright, tmux and subprocess plumbing) and rewrite its asserts, in every xdist
worker. This plugin reads the module's own text instead: a module-level ``pytestmark`` whose last
assignment names ``pytest.mark.e2e`` marks every test in it, so the module is not collected at all.
Whether ``-m`` can select an e2e test is decided with pytest's own expression parser, by trying
every truth value of the other names the expression mentions with ``e2e`` true.

The text and the marks are held to each other whenever such a module is collected (every run
whose ``-m`` can select e2e, CI's among them): a test of a module the text calls all-e2e that does
not carry the e2e mark fails before it runs and says why, so the shortcut can never hide a test
from the inner loop.
"""

from __future__ import annotations

import ast
import itertools
import re
from functools import lru_cache
from pathlib import Path

import pytest

_PYTESTMARK = re.compile(r"^pytestmark\b", re.MULTILINE)
_DISAGREES = pytest.StashKey[str]()


def _is_e2e_mark(node: ast.AST) -> bool:
    """``pytest.mark.e2e`` (or ``mark.e2e``), without arguments."""
    return isinstance(node, ast.Attribute) and node.attr == "e2e" and (
        (isinstance(node.value, ast.Attribute) and node.value.attr == "mark")
        or (isinstance(node.value, ast.Name) and node.value.id == "mark"))


@lru_cache(maxsize=None)
def all_e2e(path: Path) -> bool:
    """Whether the module at ``path`` marks every test e2e through a module-level ``pytestmark``."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, ValueError):
        return False
    if _PYTESTMARK.search(text) is None:  # most modules: no parse needed
        return False
    try:
        tree = ast.parse(text, str(path))
    except (SyntaxError, ValueError):
        return False  # let collection report it
    value = None
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else (
            [statement.target] if isinstance(statement, ast.AnnAssign) and statement.value is not None else [])
        if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            value = statement.value
        elif isinstance(statement, ast.AugAssign) and getattr(statement.target, "id", None) == "pytestmark":
            value = None  # changed in place: collect it and let its marks speak
    if value is None:
        return False
    marks = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
    return any(_is_e2e_mark(m) for m in marks)


@lru_cache(maxsize=None)
def can_select_e2e(markexpr: str) -> bool:
    """Whether some test marked e2e (whatever its other marks) passes the ``-m`` expression."""
    if not markexpr.strip():
        return True
    try:
        from _pytest.mark.expression import Expression

        expression = Expression.compile(markexpr)
    except Exception:  # an unknown pytest or a bad expression: pytest itself says what is wrong
        return True
    names: list[str] = []
    while True:
        asked: set[str] = set()
        for values in itertools.product((False, True), repeat=len(names)):
            truth = dict(zip(names, values))

            def matcher(name: str, **kwargs: object) -> bool:
                if name == "e2e" and not kwargs:
                    return True
                key = f"{name}{sorted(kwargs.items())}" if kwargs else name
                asked.add(key)
                return truth.get(key, False)

            try:
                if expression.evaluate(matcher):
                    return True
            except Exception:
                return True
        new = sorted(asked - set(names))
        if not new or len(names) + len(new) > 12:
            return bool(new)  # every case tried (or too many names to try: assume it can)
        names += new


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.suffix != ".py" or not collection_path.name.startswith("test_"):
        return None
    if can_select_e2e(config.getoption("markexpr", "") or ""):
        return None
    return True if all_e2e(collection_path) else None


@pytest.hookimpl(tryfirst=True)  # before -m deselects, like the e2e guard
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(getattr(item, "path", item.fspath)))
        if item.get_closest_marker("e2e") is None and path.suffix == ".py" and all_e2e(path):
            item.stash[_DISAGREES] = (
                f"{item.nodeid} is not marked e2e, but its module's pytestmark says every test in it is "
                "(tests/support/e2e_modules.py leaves such modules out of pytest -m 'not e2e' unread): "
                "keep pytestmark a plain module-level assignment that includes pytest.mark.e2e")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    reason = item.stash.get(_DISAGREES, None)
    if reason is not None:
        pytest.fail(reason, pytrace=False)
