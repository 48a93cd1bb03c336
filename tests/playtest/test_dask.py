"""The playtest on a Dask cluster (``--executor dask://HOST:PORT``): same report as locally.

Needs ``dask[distributed]`` (in the ``e2e`` and ``dask`` extras); skipped, saying so, when it is absent.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from solo.cli import cli

pytestmark = pytest.mark.e2e
distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (pip install '.[e2e]')")


def test_dask_cluster_gives_the_same_report_as_one_process(tmp_path):
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, host="127.0.0.1")
    try:
        address = cluster.scheduler_address.replace("tcp://", "dask://")
        args = ["playtest", "goblin-market", "--runs", "40", "--seed", "3", "--json", "--replay-dir", str(tmp_path)]
        local = CliRunner().invoke(cli, args)
        remote = CliRunner().invoke(cli, args + ["--executor", address])
        assert local.exit_code == 0, local.output
        assert remote.exit_code == 0, remote.output
        assert remote.output == local.output
    finally:
        cluster.close()


def test_unknown_executor_is_refused():
    result = CliRunner().invoke(cli, ["playtest", "goblin-market", "--runs", "2", "--executor", "spark://x:1"])
    assert result.exit_code == 1
    assert "dask://HOST:PORT" in result.output
