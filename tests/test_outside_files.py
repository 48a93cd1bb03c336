"""The outside-files guard (tests/support/outside_files.py): a test that reads a save or an
adventure from outside the tree and the run's folders, or writes a file outside them, fails and
names the path; reading and writing its own temporary folder and the tree passes. Each case is a
small suite run in-process by pytester, its "outside" folder made beside pytester's tree."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

OUTSIDE = "touched files outside the tree and this run's folders"


@pytest.fixture
def elsewhere(pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder outside the inner run's tree and temporary folders (the outer run's, which the
    inner run does not count as its own), with a save in it."""
    folder = tmp_path_factory.mktemp("another-machine")
    (folder / "old.json").write_text('{"format": 1}')
    return folder


@pytest.fixture(autouse=True)
def _system_temp(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """The inner run's system temporary folder is its own, so the outer run's folders (under the
    real one) count as another machine's."""
    folder = pytester.path / "inner-system-temp"
    folder.mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(folder))


def _run(pytester: pytest.Pytester, text: str, **names: object) -> pytest.RunResult:
    pytester.makeini("[pytest]\naddopts = -p outside_files -p no:cacheprovider\n")
    pytester.makepyfile(test_outside_case=textwrap.dedent(text).format(**names))
    return pytester.runpytest_inprocess("-q", "-p", "no:randomly", f"--basetemp={pytester.path / 'inner-temp'}")


def test_reading_a_save_from_another_folder_fails_and_names_it(pytester, elsewhere):
    result = _run(pytester, """
        def test_replays_a_recorded_path():
            assert open({path!r}).read().startswith("{{")
    """, path=str(elsewhere / "old.json"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([f"*test_replays_a_recorded_path call: {OUTSIDE}*", f"*reads {elsewhere / 'old.json'}*"])


def test_writing_outside_fails_and_a_missing_file_or_other_kinds_of_file_do_not(pytester, elsewhere):
    (elsewhere / "notes.md").write_text("x")
    result = _run(pytester, """
        import pytest

        def test_writes_a_screenshot_elsewhere():
            open({shot!r}, "w").close()

        def test_reads_other_kinds_and_missing_files():
            assert open({notes!r}).read() == "x"
            with pytest.raises(FileNotFoundError):
                open({missing!r})
    """, shot=str(elsewhere / "shot.png"), notes=str(elsewhere / "notes.md"), missing=str(elsewhere / "gone.yaml"))
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines([f"*test_writes_a_screenshot_elsewhere call: {OUTSIDE}*",
                                 f"*writes {elsewhere / 'shot.png'}*"])


def test_the_tree_and_the_tests_own_folders_pass(pytester):
    pytester.makefile(".yaml", adventure="title: x\n")
    result = _run(pytester, """
        from pathlib import Path

        def test_reads_the_tree_and_writes_its_tmp_path(tmp_path):
            assert (Path(__file__).parent / "adventure.yaml").read_text().startswith("title: x")
            (tmp_path / "save.json").write_text("{{}}")
            assert (tmp_path / "save.json").read_text() == "{{}}"
    """)
    result.assert_outcomes(passed=1)


def test_turned_off_it_lets_everything_through(pytester, elsewhere, monkeypatch):
    monkeypatch.setenv("SOLO_TEST_OUTSIDE_FILES", "0")
    result = _run(pytester, """
        def test_replays_a_recorded_path():
            assert open({path!r}).read().startswith("{{")
    """, path=str(elsewhere / "old.json"))
    result.assert_outcomes(passed=1)
