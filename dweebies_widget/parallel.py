"""Run one function over many jobs, here or on an executor, with a progress bar.

Tournaments, game reviews and the puzzle generator all do the same thing: call a function
on a list of independent jobs (games, moves to judge), on all cores or on any
:class:`concurrent.futures.Executor` (a process pool, a Dask cluster's
``client.get_executor()``), or one after another.  Each job carries its own seed, so the
results, always returned in the order of the jobs, do not depend on which worker ran which.

>>> run_all(abs, [-2, 3, -5], executor=None, progress=False)
[2, 3, 5]
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from typing import TypeVar

__all__ = ["run_all"]

T = TypeVar("T")
R = TypeVar("R")


def run_all(
    function: Callable[[T], R],
    jobs: Sequence[T],
    *,
    executor: Executor | None | str = "auto",
    progress: bool = True,
    desc: str = "jobs",
) -> list[R]:
    """``[function(job) for job in jobs]``, in that order.

    ``executor``: ``None`` runs here; any executor runs the jobs on it; ``"auto"`` makes a
    process pool with a worker per core for the call when there are two jobs or more and
    they can travel to another process (pickle), and runs here otherwise (for instance a
    player written in a notebook cell).  ``progress`` shows a tqdm bar named ``desc``."""
    own: Executor | None = None
    if executor == "auto":
        executor = None
        if len(jobs) >= 2:
            try:
                pickle.dumps((function, jobs[0]))
            except Exception:  # noqa: BLE001 - whatever cannot travel runs here
                pass
            else:
                executor = own = ProcessPoolExecutor(max_workers=os.cpu_count() or 1)
    elif executor is not None and not isinstance(executor, Executor):
        raise TypeError(f"executor must be None, 'auto' or an Executor, not {executor!r}")
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(jobs), desc=desc, leave=True)
    try:
        if executor is None:
            results = []
            for job in jobs:
                results.append(function(job))
                if bar is not None:
                    bar.update()
            return results
        futures = [executor.submit(function, job) for job in jobs]
        for _ in as_completed(futures):
            if bar is not None:
                bar.update()
        return [f.result() for f in futures]
    finally:
        if own is not None:
            own.shutdown()
        if bar is not None:
            bar.close()
