"""Modules whose every test is e2e are left out unread under ``-m "not e2e"``
(tests/support/e2e_modules.py), and only then; a module the text misjudges fails its tests
instead of hiding them. Each suite is run in-process by pytester; the left-out module would fail
at import if it were ever imported."""

from __future__ import annotations

import textwrap

import pytest
from e2e_modules import all_e2e, can_select_e2e

BOOBY_TRAPPED = """
    import pytest

    pytestmark = [pytest.mark.e2e, pytest.mark.skipif(False, reason="-")]

    raise ImportError("an all-e2e module was imported")

    def test_e2e():
        pass
"""
PLAIN = """
    import pytest

    def test_plain():
        pass

    @pytest.mark.e2e
    def test_one_e2e():
        pass
"""


def _run(pytester: pytest.Pytester, *args: str, **files: str) -> pytest.RunResult:
    pytester.makeini("[pytest]\naddopts = -p e2e_modules -p no:cacheprovider\n"
                     "markers =\n    e2e: end to end\n    slow: slow\n")
    pytester.makepyfile(**{name: textwrap.dedent(text) for name, text in files.items()})
    return pytester.runpytest_inprocess("-q", *args)


@pytest.mark.parametrize("expression", ["not e2e", "slow and not e2e", "not (e2e or slow)", "not e2e or e2e and not e2e"])
def test_an_all_e2e_module_is_not_imported_when_the_expression_leaves_e2e_out(pytester, expression):
    result = _run(pytester, "-m", expression, test_guarded_trapped=BOOBY_TRAPPED, test_guarded_plain=PLAIN)
    if "slow and" in expression:
        result.assert_outcomes(deselected=2)
    else:
        result.assert_outcomes(passed=1, deselected=1)


@pytest.mark.parametrize("args", [(), ("-m", "e2e"), ("-m", "e2e or slow"), ("-m", "not slow"), ("-m", "not (slow and not e2e)")])
def test_it_is_imported_when_an_e2e_test_may_run(pytester, args):
    result = _run(pytester, *args, test_guarded_trapped=BOOBY_TRAPPED, test_guarded_plain=PLAIN)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*an all-e2e module was imported*"])


def test_a_module_the_text_calls_all_e2e_but_whose_tests_are_not_fails_them(pytester):
    result = _run(pytester, test_guarded_sly="""
        import pytest

        pytestmark = pytest.mark.e2e
        globals()["pytestmark"] = []

        def test_sly():
            pass
    """)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*test_sly is not marked e2e, but its module's pytestmark says every test in it is*"])


@pytest.mark.parametrize("text, expected", [
    ("pytestmark = pytest.mark.e2e\n", True),
    ("pytestmark = [pytest.mark.e2e,\n              pytest.mark.skipif(True, reason='x')]\n", True),
    ("from pytest import mark\npytestmark = (mark.adventures, mark.e2e)\n", True),
    ("pytestmark = pytest.mark.adventures\n", False),
    ("pytestmark = pytest.mark.e2e\npytestmark = pytest.mark.adventures\n", False),
    ("pytestmark = [pytest.mark.e2e]\npytestmark += [pytest.mark.adventures]\n", False),
    ("if True:\n    pytestmark = pytest.mark.e2e\n", False),
    ("def f():\n    pytestmark = pytest.mark.e2e\n", False),
    ("# pytestmark = pytest.mark.e2e\n", False),
    ("pytestmark = pytest.mark.e2e(\n", False),
])
def test_the_text_reading(tmp_path, text, expected):
    path = tmp_path / "test_guarded_text.py"
    path.write_text("import pytest\n" + text)
    assert all_e2e(path) is expected


def test_the_expression_reading():
    assert can_select_e2e("") and can_select_e2e("e2e") and can_select_e2e("not slow")
    assert can_select_e2e("slow or not adventures")  # an e2e test that is slow passes
    assert not can_select_e2e("not e2e") and not can_select_e2e("adventures and not e2e")
    assert not can_select_e2e("not (e2e or adventures or slow)")
    assert can_select_e2e("not (")  # not an expression: pytest says so, the module is collected
