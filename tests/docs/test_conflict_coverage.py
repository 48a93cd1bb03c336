"""docs/rules/conflict-coverage.md names, for each conflict rule of a book, the test that plays
it: every test its Humanity, Blessed table names exists (its file, and in it the test function).
The suite itself runs them; this keeps the table from naming a test that was renamed or removed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "conflict-coverage.md"
CELL = re.compile(r"`((?:rules|engine)/test_[a-z0-9_]+\.py)?(::test_[A-Za-z0-9_]+)(?:\[[^\]]*\])?`")


def section(title: str) -> list[str]:
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
    named = named_tests(section("Humanity, Blessed"))
    assert len(named) >= 30
    missing = [f"{path}::{name}" for path, name in named if name not in defined(path)]
    assert missing == []


def test_the_check_itself_notices_a_missing_test():
    row = "| r | c | `engine/test_hb_fight_play.py::test_no_such_test`, `::test_a_game_saved_mid_fight_resumes_to_the_same_end` |"
    named = named_tests([row])
    assert named == [("engine/test_hb_fight_play.py", "test_no_such_test"),
                     ("engine/test_hb_fight_play.py", "test_a_game_saved_mid_fight_resumes_to_the_same_end")]
    assert [n for p, n in named if n not in defined(p)] == ["test_no_such_test"]
