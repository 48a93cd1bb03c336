"""Where the batches of a playtest run: here, in a local process pool, or on a Dask cluster.

:func:`gather` cuts the runs into batches, hands each to :func:`solo.playtest.runner.run_batch`
through a :class:`concurrent.futures.Executor` (or runs them in this process when there is none),
and returns every result in run order, whatever order the batches finished in. Any executor with
``submit`` works: the local :class:`~concurrent.futures.ProcessPoolExecutor` that
``--workers K`` starts, or a Dask ``distributed`` client's executor for
``--executor dask://HOST:PORT`` (the optional ``dask`` extra; the cluster is Dask's own, nothing
here schedules or ships work by itself).

Ctrl-C stops cleanly: batches not yet started are cancelled, the results gathered so far are
returned with ``interrupted`` set, and local workers ignore the signal (the parent decides).
"""

from __future__ import annotations

import contextlib
import signal
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Callable, Iterator

from solo.playtest.runner import PlaytestSpec, RunResult, run_batch

DASK_SCHEME = "dask://"
MAX_BATCH = 200


class ExecutorError(ValueError):
    """An executor address that cannot be used (unknown scheme, Dask not installed...)."""


@dataclass
class Gathered:
    results: list[RunResult] = field(default_factory=list)
    interrupted: bool = False


def batch_size(runs: int, workers: int) -> int:
    """About eight batches per worker (for an even load and a smooth progress bar), at most 200."""
    return max(1, min(MAX_BATCH, -(-runs // max(1, workers * 8))))


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def open_executor(workers: int = 1, address: str | None = None) -> Iterator[tuple[Executor | None, int]]:
    """An executor and how many workers it has: None for ``workers == 1`` (run here), a local
    process pool for more, or a Dask cluster's executor for ``dask://HOST:PORT``."""
    if address:
        if not address.startswith(DASK_SCHEME):
            raise ExecutorError(f"unknown executor {address!r} (use {DASK_SCHEME}HOST:PORT)")
        try:
            from distributed import Client
        except ImportError:
            raise ExecutorError(
                "the Dask executor needs dask[distributed]: pip install 'solo[dask]'"
            ) from None
        try:
            client = Client("tcp://" + address[len(DASK_SCHEME):], timeout=10)
        except (OSError, TimeoutError) as exc:
            raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        try:
            cores = sum(client.nthreads().values()) or 1
            yield client.get_executor(pure=False), cores
        finally:
            client.close()
        return
    if workers <= 1:
        yield None, 1
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        yield pool, workers
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def gather(
    spec: PlaytestSpec,
    runs: int,
    master: int,
    executor: Executor | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Gathered:
    """Every run's result, in run order; ``progress(n)`` after each batch of ``n`` runs."""
    size = batch_size(runs, workers)
    bounds = [(start, min(runs, start + size)) for start in range(0, runs, size)]
    done: dict[int, list[RunResult]] = {}
    interrupted = False
    if executor is None:
        try:
            for n, (start, stop) in enumerate(bounds):
                done[n] = run_batch(spec, master, start, stop)
                if progress:
                    progress(stop - start)
        except KeyboardInterrupt:
            interrupted = True
    else:
        futures: dict[Future, int] = {}
        try:
            for n, (start, stop) in enumerate(bounds):
                futures[executor.submit(run_batch, spec, master, start, stop)] = n
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    n = futures[future]
                    done[n] = future.result()
                    if progress:
                        progress(len(done[n]))
        except KeyboardInterrupt:
            interrupted = True
            for future in futures:
                future.cancel()
    results = [result for n in sorted(done) for result in done[n]]
    return Gathered(results, interrupted)
