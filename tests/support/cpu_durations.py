"""``--cpu-durations=N``: the N tests that used the most CPU, and the CPU of the whole run.

Wall-clock durations (pytest's ``--durations``) grow with the machine's load: on a shared
machine a test that needs 2 s of CPU can take 12 s. CPU seconds (the test's process and the
children it waited for: subprocesses, tmux clients) barely move with load, so they say what a
test costs on an idle machine, and their sum over the run divided by the number of workers
estimates the idle wall time of ``pytest -n``. Works with and without xdist: each phase's CPU
rides on its report to the controller.
"""

from __future__ import annotations

import json
import resource
import time
from collections import defaultdict

import pytest

_KEY = "cpu-seconds"


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=None, metavar="N",
                     help="show the N tests that used the most CPU (0 for all) and the run's total CPU")
    parser.addoption("--save-file-costs", action="store_true", default=False,
                     help="with --cpu-durations: write each file's CPU seconds to tests/support/file_costs.json "
                          "(the order costly_first.py runs files in under -n)")


def _measure(item: pytest.Item, when: str):
    if item.config.getoption("--cpu-durations") is None:
        yield
        return
    started = _cpu()
    yield
    item.user_properties.append((f"{_KEY}:{when}", _cpu() - started))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):
    yield from _measure(item, "setup")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    yield from _measure(item, "call")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item):
    yield from _measure(item, "teardown")


class _Totals:
    def __init__(self) -> None:
        self.by_test: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == f"{_KEY}:{report.when}":
                self.by_test[report.nodeid] += value

    def pytest_terminal_summary(self, terminalreporter, exitstatus, config) -> None:
        count = config.getoption("--cpu-durations")
        ranked = sorted(self.by_test.items(), key=lambda kv: kv[1], reverse=True)
        total = sum(self.by_test.values())
        workers = getattr(config.option, "numprocesses", None) or 1
        terminalreporter.write_sep("=", f"CPU seconds per test (top {count or len(ranked)})")
        for nodeid, seconds in ranked[:count or None]:
            terminalreporter.write_line(f"{seconds:8.2f}s cpu  {nodeid}")
        terminalreporter.write_line(f"total {total:.1f} s of CPU in {len(ranked)} tests; on {workers} idle "
                                    f"worker(s) about {total / workers:.0f} s of wall time plus start-up")
        if config.getoption("--save-file-costs"):
            from costly_first import COSTS

            by_file: dict[str, float] = defaultdict(float)
            for nodeid, seconds in self.by_test.items():
                by_file[nodeid.split("::", 1)[0]] += seconds
            COSTS.write_text(json.dumps({f: round(s, 2) for f, s in sorted(by_file.items())}, indent=0) + "\n",
                             encoding="utf-8")
            terminalreporter.write_line(f"the CPU seconds of {len(by_file)} files written to {COSTS}")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--cpu-durations") is not None and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Totals(), "cpu-durations-totals")
