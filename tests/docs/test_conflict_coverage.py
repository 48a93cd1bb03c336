"""docs/rules/conflict-coverage.md names real tests. Every test a GUTS+ or Loose and Fuzzy row
cites (in full, or as a prefix ending in ``...``) is a test function under ``tests/``, and every
fixture those sections name exists; every test the Humanity, Blessed table names
(``file::test``) exists in that file. The suite itself runs them; this keeps the tables from
naming a test that was renamed or removed."""


from __future__ import annotations

import ast
import functools
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


@functools.cache
def defined(path: str) -> frozenset[str]:
    """The test functions ``path`` defines; each file parsed once (the table names some files
    thirty times: 1 s of CPU parsing them again)."""
    tree = ast.parse((ROOT / "tests" / path).read_text(encoding="utf-8"))
    return frozenset(node.name for node in tree.body if isinstance(node, ast.FunctionDef))


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


SYSTEMS = ("GAME", "four-s", "Humanity, Blessed", "GUTS+", "Loose and Fuzzy")
BARE = re.compile(r"\b(test_[a-z0-9_]+)(\.py|\.\.\.)?")


def module_of(test: str, prefix: bool) -> Path | None:
    """The test module defining ``test`` (or, ``prefix``, a test whose name starts so)."""
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        names = re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M)
        if any(n.startswith(test) if prefix else n == test for n in names):
            return path
    return None


def plays_a_file(path: Path) -> bool:
    """A module that loads an adventure file (a fixture or a bundled adventure) to play it."""
    text = path.read_text(encoding="utf-8")
    return "loader.load(" in text or "load_adventure(" in text or re.search(r"\.yaml\b", text) is not None


def first_test(cell: str) -> tuple[str, bool] | None:
    for name, tail in BARE.findall(cell):
        if tail != ".py":
            return name, tail == "..."
    return None


@pytest.mark.parametrize("title", SYSTEMS)
def test_every_rule_is_played_through_an_adventure_file(title):
    """Issue 21's acceptance: each conflict rule of the book has a test that plays it through an
    adventure file. A row may add procedure tests for exact detail, but its first test must load
    an adventure, and no row may say "procedure only". The only rows without a test are rules the
    book leaves to the GM, whose reading is documented (the code cell names the doc)."""
    wanting = []
    for row in table_rows(title):
        cells = row.split(" | ")
        cell = cells[-1]
        if "procedure only" in cell:
            wanting.append(f"says procedure only: {row[:70]}")
            continue
        if cell.strip(" |") == "—":
            assert "docs/" in cells[1], f"a row with no test and no documented reading: {row[:70]}"
            continue
        found = first_test(cell)
        assert found, f"a row without a test: {row[:70]}"
        module = module_of(*found)
        assert module is not None, f"no test {found[0]} ({row[:60]})"
        if not plays_a_file(module):
            wanting.append(f"first test {found[0]} loads no adventure file: {row[:70]}")
    assert wanting == []


def test_the_adventure_file_check_tells_a_procedure_test_from_a_play_test():
    assert plays_a_file(ROOT / "tests" / "engine" / "test_four_s_enemy_moves_play.py")
    assert not plays_a_file(ROOT / "tests" / "rules" / "test_four_s_fight.py")
