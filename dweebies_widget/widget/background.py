"""Running a game review away from the kernel's event thread, so that the page stays alive.

One job: the widget's :data:`~dweebies_widget.widget.replay.Reviewer`.  A review of a whole
game at the default budget takes several seconds; run inside a click, it would freeze the
widget (and every other widget of the page) until it ends.  :func:`in_background` runs it
on a thread of its own, which hands the moves to worker processes (one per core, as
:func:`~dweebies_widget.ai.review` does by default; here, when the analyst can travel to
another process) and waits.  Its news (how many moves are judged, then the review or the
failure) goes back to the kernel's event loop, where clicks arrive, so the session hears
it as one more event, under the widget's lock.  The review is the same whichever process
judged which move: each move has its own random numbers.

Cancelling (the player stops looking back, or deals a new game) drops the news and the
moves not yet started.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from .replay import Reviewer, ReviewJob
from .timing import Cancel

__all__ = ["in_background"]

Guard = Callable[[Callable[..., object]], Callable[..., None]]
"""Wraps a handler as the widget wraps its events (its lock; failures shown, not raised)."""


def in_background(guard: Guard, workers: int | None = None) -> Reviewer:
    """A reviewer that runs each job on a thread (with ``workers`` processes, default one
    per core; 0: on the thread itself) and delivers the job's news through ``guard`` on the
    event loop that was running when the job started (or on the thread, where none was)."""

    def reviewer(job: ReviewJob) -> Cancel:
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        cancelled = threading.Event()

        def back(handler: Callable[..., None]) -> Callable[..., None]:
            guarded = guard(handler)

            def deliver(*args: Any) -> None:
                def now() -> None:
                    if not cancelled.is_set():
                        guarded(*args)

                if loop is not None and not loop.is_closed():
                    loop.call_soon_threadsafe(now)
                else:
                    now()

            return deliver

        pool = _pool(job, workers)
        told = replace(job, progress=back(job.progress))
        finished, failed = back(job.finished), back(job.failed)

        def work() -> None:
            try:
                result = told.run(pool)
            except Exception as error:  # noqa: BLE001 - told to the player
                failed(error)
            else:
                finished(result)
            finally:
                if pool is not None:
                    pool.shutdown(wait=False, cancel_futures=True)

        threading.Thread(target=work, name="dweebies-review", daemon=True).start()

        def cancel() -> None:
            cancelled.set()
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)

        return cancel

    return reviewer


def _pool(job: ReviewJob, workers: int | None) -> Executor | None:
    """Worker processes for ``job``, or ``None`` (judged on the thread) when one worker
    would do, or the analyst cannot travel to another process (a player defined in a
    notebook cell, say)."""
    count = (os.cpu_count() or 1) if workers is None else workers
    if count < 2:
        return None
    try:
        pickle.dumps((job.game, job.analyst))
    except Exception:  # noqa: BLE001 - any failure to pickle means: judge here
        return None
    return ProcessPoolExecutor(max_workers=count)
