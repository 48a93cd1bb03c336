"""docs/rules/conflict-coverage.md names real tests. Every test a GUTS+ or Loose and Fuzzy row
cites (in full, or as a prefix ending in ``...``) is a test function under ``tests/``, and every
fixture those sections name exists; every test the Humanity, Blessed table names
(``file::test``) exists in that file. The suite itself runs them; this keeps the tables from
naming a test that was renamed or removed."""


from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "conflict-coverage.md"
SECTIONS = ("## GUTS+", "## Loose and Fuzzy")


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.mark.parametrize("title", SECTIONS)
def test_every_row_cites_tests_that_exist(title):
    body = section(title)
    rows = [line for line in body.splitlines() if line.startswith("| ") and not line.startswith("| book rule")]
    assert len(rows) >= 12
    known = defined_tests()
    for row in rows:
        cited = re.findall(r"\b(test_[a-z0-9_]+)(\.py|\.\.\.)?", row.split("|")[3])
        tests = [(name, tail) for name, tail in cited if tail != ".py"]  # a module is no test
        assert tests, f"a row without a test: {row}"
        for name, tail in tests:
            found = any(k.startswith(name) for k in known) if tail == "..." else name in known
            assert found, f"{title}: no test {name}{tail} ({row[:60]}...)"


def test_the_fixtures_the_rows_play_exist():
    for name in ("guts-mend.yaml", "guts-essence.yaml", "guts-fight.yaml", "lf-duel.yaml", "lf-fight.yaml"):
        assert (ROOT / "tests" / "fixtures" / name).is_file()

CELL = re.compile(r"`((?:rules|engine)/test_[a-z0-9_]+\.py)?(::test_[A-Za-z0-9_]+)(?:\[[^\]]*\])?`")


def table_rows(title: str) -> list[str]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"## {title}"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return [line for line in lines[start:end] if line.startswith("| ") and not line.startswith("| book rule")]


def named_tests(rows: list[str]) -> list[tuple[str, str]]:
    """(file, test) for each test a row's last cell names; ``::name`` goes on the last file named."""
    found = []
    for row in rows:
        last = None
        for path, name in CELL.findall(row.split(" | ")[-1]):
            last = path or last
            assert last, f"a test without its file: {row}"
            found.append((last, name[2:]))
    return found


def defined(path: str) -> set[str]:
    tree = ast.parse((ROOT / "tests" / path).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_every_test_the_humanity_blessed_table_names_exists():
    named = named_tests(table_rows("Humanity, Blessed"))
    assert len(named) >= 30
    missing = [f"{path}::{name}" for path, name in named if name not in defined(path)]
    assert missing == []


def test_the_check_itself_notices_a_missing_test():
    row = "| r | c | `engine/test_hb_fight_play.py::test_no_such_test`, `::test_a_game_saved_mid_fight_resumes_to_the_same_end` |"
    named = named_tests([row])
    assert named == [("engine/test_hb_fight_play.py", "test_no_such_test"),
                     ("engine/test_hb_fight_play.py", "test_a_game_saved_mid_fight_resumes_to_the_same_end")]
    assert [n for p, n in named if n not in defined(p)] == ["test_no_such_test"]
