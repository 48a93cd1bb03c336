"""Where the batches of a playtest run: here, in a local process pool, or on a Dask cluster.

:func:`gather` cuts the runs into batches, hands each to :func:`solo.playtest.fast_run.run_batch`
(the fast runtime where the spec asks for it and it covers it, else the engine's runner) through a :class:`concurrent.futures.Executor` (or runs them in this process when there is none),
and returns every result in run order, whatever order the batches finished in. Any executor with
``submit`` works: the local :class:`~concurrent.futures.ProcessPoolExecutor` that
``--workers K`` starts, or a Dask ``distributed`` client's executor for
``--executor dask://HOST:PORT`` (the optional ``dask`` extra; the cluster is Dask's own, nothing
here schedules or ships work by itself).

Ctrl-C stops cleanly: batches not yet started are cancelled, the results gathered so far are
returned with ``interrupted`` set, and local workers ignore the signal (the parent decides).
A :class:`Limits` budget (seconds, peak memory of this process) stops the same way, between runs
here or between batches on an executor, with ``stopped`` saying which budget ran out.
"""

from __future__ import annotations

import contextlib
import signal
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Callable, Iterator

from solo.budget import UNLIMITED, Limits
from solo.errors import SoloError
from solo.playtest.fast_run import run as run_one, run_batch
from solo.playtest.runner import PlaytestSpec, RunResult

DASK_SCHEME = "dask://"
MAX_BATCH = 200


class ExecutorError(SoloError, ValueError):
    """An executor address that cannot be used (unknown scheme, Dask not installed...)."""


@dataclass
class Gathered:
    results: list[RunResult] = field(default_factory=list)
    interrupted: bool = False
    stopped: str = ""  # the budget that ran out, if one did


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
    limits: Limits = UNLIMITED,
) -> Gathered:
    """Every run's result, in run order; ``progress(n)`` after each run here, or each batch of
    ``n`` runs on an executor. Stops early, keeping what it has, when ``limits`` run out."""
    size = batch_size(runs, workers)
    bounds = [(start, min(runs, start + size)) for start in range(0, runs, size)]
    done: dict[int, list[RunResult]] = {}
    interrupted = False
    stopped = ""
    started = time.monotonic()
    if executor is None:
        here: list[RunResult] = []
        done[0] = here
        try:
            for index in range(runs):
                if index % 16 == 0:
                    stopped = limits.over(started)
                    if stopped:
                        break
                here.append(run_one(spec, index, master))
                if progress:
                    progress(1)
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
                stopped = limits.over(started)
                if stopped:
                    for future in futures:
                        future.cancel()
                    break
        except KeyboardInterrupt:
            interrupted = True
            for future in futures:
                future.cancel()
    # runs are kept in order up to the first batch missing, so a stopped playtest is still
    # runs 0..k-1 of the asked ones
    results: list[RunResult] = []
    for n in range(len(bounds)):
        if n not in done:
            break
        results.extend(done[n])
    return Gathered(results, interrupted or bool(stopped), stopped)
