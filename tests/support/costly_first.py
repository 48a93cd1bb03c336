"""Under ``pytest -n``: each worker is sent whole files, the costliest first, so the run ends on
cheap files and no worker idles while the other finishes a long last test.

xdist's default (``--dist load``) hands out tests in collection order in chunks: a file's module
fixtures are worked out again in each worker that gets some of its tests, and whatever long test
comes last in the suite's order sets the tail. Here the workers collect the files in order of
their CPU seconds in the inner loop (``file_costs.json`` beside this module, written by
``pytest -n 2 -m "not e2e" --cpu-durations=0 --save-file-costs``), and a worker that has two or
fewer tests left takes the next whole file: the longest-first rule, which leaves a tail of about
one cheap file. A file the table does not know (new, or e2e) goes first: its cost is unknown, and
a long file last would make the tail. The table only orders the run: a stale one costs time,
never a result.

Files that read the same seeded playthroughs (tests/support/shared_runs.py) are one unit, sent to
one worker, so no worker waits on a lock while the other plays them (``TOGETHER``).

With ``--dist`` other than ``load``, without xdist, or with ``SOLO_TEST_FILES_FIRST=0``, nothing
changes (the tests run in collection order).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

COSTS = Path(__file__).with_name("file_costs.json")

#: files that read the same shared runs: each group is sent to one worker as one unit
TOGETHER: tuple[tuple[str, ...], ...] = (
    ("tests/adventure/test_win_rates.py", "tests/adventure/test_blessed_harvest.py",
     "tests/adventure/test_clockwork_heist.py", "tests/adventure/test_goblin_market.py"),
    ("tests/engine/test_supply_ship_adventure.py", "tests/engine/test_guts_plus_conflicts.py"),
)
_UNIT = {name: group[0] for group in TOGETHER for name in group}


def unit(nodeid: str) -> str:
    """The work unit of a test: its file, or the first file of its group in ``TOGETHER``."""
    name = nodeid.split("::", 1)[0]
    return _UNIT.get(name, name)


def unit_costs(file_costs: Mapping[str, float]) -> dict[str, float]:
    """The CPU seconds of each unit, from those of its files."""
    totals: dict[str, float] = {}
    for name, seconds in file_costs.items():
        totals[unit(name)] = totals.get(unit(name), 0.0) + seconds
    return totals


def ordered(nodeids: Iterable[str], file_costs: Mapping[str, float]) -> list[int]:
    """The positions of ``nodeids`` in running order: units the table does not know first, then
    the costliest; each unit's tests together and in their own order."""
    nodeids = list(nodeids)
    costs = unit_costs(file_costs)
    first_seen: dict[str, int] = {}
    for position, nodeid in enumerate(nodeids):
        first_seen.setdefault(unit(nodeid), position)

    def key(position: int) -> tuple[bool, float, int, int]:
        name = unit(nodeids[position])
        known = name in costs
        return known, -costs.get(name, 0.0), first_seen[name], position

    return sorted(range(len(nodeids)), key=key)


def _active(config: pytest.Config) -> bool:
    return (os.environ.get("SOLO_TEST_FILES_FIRST", "1") != "0"
            and getattr(config.option, "dist", "no") == "load" and COSTS.exists())


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """The controller tells each worker whether to order its collection (a worker's own options
    do not say how the controller distributes)."""
    node.workerinput["costly_first"] = _active(node.config)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not getattr(config, "workerinput", {}).get("costly_first"):
        return  # one process keeps the collection order; every worker orders alike
    costs = json.loads(COSTS.read_text(encoding="utf-8"))
    items[:] = [items[i] for i in ordered((item.nodeid for item in items), costs)]


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    if not _active(config):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Units(LoadScopeScheduling):
        """Whole units, in the order the workers collected them."""

        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid)

    config.option.loadscopereorder = False  # keep the costliest-first order, not by test count
    return Units(config, log)
