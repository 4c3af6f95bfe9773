"""When things happen later: the schedulers that run the widget's timed jobs.

Two things in the widget wait: an AI seat pauses (``ai_delay``) so that its move can be
followed, and collected cards stay lit (``flash``) before they leave the table.  The
:class:`~dweebies_widget.widget.session.Session` never sleeps and never starts a thread
for that; it hands each job to a **scheduler**, a callable ``scheduler(delay, job)`` that runs
``job`` once, ``delay`` seconds later, and returns a function that cancels it.  Who runs the
job is the caller's choice:

* :func:`call_later`, for the widget: the kernel's asyncio loop (the same loop that delivers
  clicks, so a job never runs in the middle of a click), or a daemon timer thread where no
  loop runs (a plain script).  The widget wraps each job in its lock.
* :class:`ManualClock`, for tests and examples: time stands still until :meth:`~ManualClock.
  advance` moves it, and due jobs run right there, synchronously, in due order.

>>> clock = ManualClock()
>>> done = []
>>> cancel = clock(0.5, lambda: done.append("flash over"))
>>> clock.advance(0.4), done
(0, [])
>>> clock.advance(0.1), done
(1, ['flash over'])
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

__all__ = ["Cancel", "Job", "ManualClock", "Scheduler", "call_later"]

Job = Callable[[], None]
"""A timed job: no arguments, no result."""
Cancel = Callable[[], object]
"""Cancels a scheduled job (harmless once the job has run)."""


class Scheduler(Protocol):
    """Runs ``job`` once, ``delay`` seconds from now; returns a function that cancels it."""

    def __call__(self, delay: float, job: Job, /) -> Cancel: ...


def call_later(delay: float, job: Job) -> Cancel:
    """Run ``job`` after ``delay`` seconds on the running asyncio loop (in Jupyter: the
    kernel's), or on a daemon timer thread when no loop runs in this thread."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        timer = threading.Timer(delay, job)
        timer.daemon = True  # a pending AI move must not keep Python alive
        timer.start()
        return timer.cancel
    return loop.call_later(delay, job).cancel


@dataclass(order=True)
class _Entry:
    due: float
    order: int
    job: Job = field(compare=False)
    cancelled: bool = field(default=False, compare=False)


class ManualClock:
    """A scheduler whose time moves only when told: tests drive timed jobs synchronously.

    Jobs that a running job schedules run in the same :meth:`advance` when they fall due
    within it, so ``advance`` by a long time plays out a whole chain (an AI-only game on
    Play, say) the way real time would.
    """

    def __init__(self) -> None:
        self.now = 0.0
        """Seconds since the clock was made."""
        self._entries: list[_Entry] = []
        self._made = 0

    def __call__(self, delay: float, job: Job, /) -> Cancel:
        self._made += 1
        entry = _Entry(self.now + max(delay, 0.0), self._made, job)
        self._entries.append(entry)

        def cancel() -> None:
            entry.cancelled = True

        return cancel

    @property
    def pending(self) -> int:
        """How many jobs wait (cancelled ones do not count)."""
        return sum(not e.cancelled for e in self._entries)

    def next_delay(self) -> float | None:
        """Seconds until the next waiting job is due, or ``None`` when none waits."""
        due = self._next_due()
        return None if due is None else due - self.now

    def advance(self, seconds: float = 0.0) -> int:
        """Move time on by ``seconds``, running every job that falls due on the way (each
        at its own time); returns how many ran."""
        return self._run_until(self.now + seconds)

    def run_next(self) -> int:
        """Jump to the time of the next waiting job and run what is due then; returns how
        many jobs ran (0 when nothing waits)."""
        due = self._next_due()
        return 0 if due is None else self._run_until(due)

    def run_all(self, limit: int = 100_000) -> int:
        """Run jobs until none waits (at most about ``limit``, against a chain that never
        ends); returns how many ran."""
        ran = 0
        while ran < limit and (step := self.run_next()):
            ran += step
        return ran

    def _next_due(self) -> float | None:
        waiting = [e.due for e in self._entries if not e.cancelled]
        return min(waiting) if waiting else None

    def _run_until(self, end: float) -> int:
        ran = 0
        while True:
            self._entries = [e for e in self._entries if not e.cancelled]
            due = [e for e in self._entries if e.due <= end]
            if not due:
                break
            entry = min(due)
            self._entries.remove(entry)
            self.now = max(self.now, entry.due)
            entry.job()
            ran += 1
        self.now = max(self.now, end)
        return ran
