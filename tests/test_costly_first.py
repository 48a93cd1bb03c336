"""Under ``pytest -n`` the workers take whole files, the costliest first and files the cost table
does not know before those, and files sharing seeded runs as one unit (tests/support/costly_first.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from costly_first import COSTS, TOGETHER, ordered, pytest_configure_node, pytest_xdist_make_scheduler, unit

ROOT = Path(__file__).parent.parent

COLLECTED = ["tests/a/test_cheap.py::test_1", "tests/a/test_cheap.py::test_2",
             "tests/b/test_dear.py::test_1", "tests/b/test_new.py::test_1",
             "tests/b/test_dear.py::test_2", "tests/c/test_mid.py::test_1"]
TABLE = {"tests/a/test_cheap.py": 0.1, "tests/b/test_dear.py": 9.0, "tests/c/test_mid.py": 2.0}


def test_unknown_files_first_then_the_costliest_each_file_together_in_its_own_order():
    order = [COLLECTED[i] for i in ordered(COLLECTED, TABLE)]
    assert order == ["tests/b/test_new.py::test_1",
                     "tests/b/test_dear.py::test_1", "tests/b/test_dear.py::test_2",
                     "tests/c/test_mid.py::test_1",
                     "tests/a/test_cheap.py::test_1", "tests/a/test_cheap.py::test_2"]


def test_files_that_share_seeded_runs_are_one_unit_costing_their_sum():
    first, second = TOGETHER[0][:2]
    assert unit(f"{first}::test_x") == unit(f"{second}::test_y[a]") == first
    nodeids = [f"{second}::test_y", "tests/x/test_z.py::test_z", f"{first}::test_x"]
    # alone, each file costs less than test_z; together they cost more and run first, side by side
    order = [nodeids[i] for i in ordered(nodeids, {first: 3.0, second: 3.0, "tests/x/test_z.py": 5.0})]
    assert order == [f"{second}::test_y", f"{first}::test_x", "tests/x/test_z.py::test_z"]
    for group in TOGETHER:
        for name in group:
            assert (ROOT / name).is_file(), name  # a renamed file would silently leave its group


class _Node:
    """What the scheduler sees of a worker: the tests sent to it."""

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[int] = []
        self.shutting_down = False

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += indexes

    def shutdown(self) -> None:
        self.shutting_down = True


def test_each_worker_is_sent_whole_files_in_the_collected_order_and_takes_the_next_when_nearly_done(monkeypatch):
    pytest.importorskip("xdist")
    monkeypatch.delenv("SOLO_TEST_FILES_FIRST", raising=False)
    config = SimpleNamespace(option=SimpleNamespace(dist="load", loadscopereorder=True), getvalue=lambda name: ["2*popen"])
    scheduler = pytest_xdist_make_scheduler(config, None)
    assert config.option.loadscopereorder is False  # not xdist's reordering by the number of tests
    files = {"tests/new.py": None, "tests/dear.py": 9.0, "tests/mid.py": 2.0, "tests/cheap.py": 1.0}
    collection = [f"{name}::test_{n}" for name in files for n in range(4 if name == "tests/cheap.py" else 3)]
    assert [collection[i] for i in ordered(collection, {k: v for k, v in files.items() if v})] == collection
    one, two = _Node("gw0"), _Node("gw1")
    for node in (one, two):
        scheduler.add_node(node)
        scheduler.add_node_collection(node, collection)
    scheduler.schedule()
    assert one.sent == [0, 1, 2] and two.sent == [3, 4, 5]  # new.py, dear.py
    scheduler.mark_test_complete(one, 0)  # two tests left: one takes mid.py whole
    assert one.sent == [0, 1, 2, 6, 7, 8] and two.sent == [3, 4, 5]
    scheduler.mark_test_complete(two, 3)
    assert two.sent == [3, 4, 5, 9, 10, 11, 12]  # cheap.py last, though it has the most tests
    monkeypatch.setenv("SOLO_TEST_FILES_FIRST", "0")
    assert pytest_xdist_make_scheduler(config, None) is None  # xdist's own scheduling
    config.option.dist = "loadfile"
    monkeypatch.delenv("SOLO_TEST_FILES_FIRST")
    assert pytest_xdist_make_scheduler(config, None) is None


def test_the_controller_tells_each_worker_whether_to_order_its_tests(monkeypatch):
    """A worker's own options do not say how the controller distributes, so it is told."""
    monkeypatch.delenv("SOLO_TEST_FILES_FIRST", raising=False)
    for dist, told in (("load", True), ("loadfile", False), ("no", False)):
        node = SimpleNamespace(config=SimpleNamespace(option=SimpleNamespace(dist=dist)), workerinput={})
        pytest_configure_node(node)
        assert node.workerinput["costly_first"] is told, dist


def test_the_cost_table_names_files_that_exist():
    import json

    costs = json.loads(COSTS.read_text(encoding="utf-8"))
    assert len(costs) > 100 and all(seconds >= 0 for seconds in costs.values())
    missing = [name for name in costs if not (ROOT / name).is_file()]
    assert len(missing) <= len(costs) // 10, missing  # a few gone is harmless; many: write it again
