"""What a screen says, and when: the status message, the announcements for a screen reader,
and the timed jobs of one screen.

One job: the part of a :class:`~.session.Session` that speaks and waits.  Everything said
during one event (a click, a key, a timed job) is one announcement for a polite live region;
the message and its quieter detail are the status line's last lines; a timed job runs as an
event of its own through the screen's scheduler (:mod:`~.timing`), and a refusal's highlight
ends by itself after :data:`PULSE` seconds.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from ..grid import Cell
from .timing import Cancel, Job, Scheduler

__all__ = ["PULSE", "Change", "Voice", "event"]

PULSE = 1.2
"""Seconds a refused cell stays crossed out and the cells to try stay highlighted."""


class Change(enum.Enum):
    """What changed, so what the screen must show again."""

    TEXT = "text"
    """The status lines, the move log or the buttons; the picture is unchanged."""
    PICTURE = "picture"
    """The picture (the session's ``scene`` and ``geometry`` were rebuilt), and the text
    with it."""


_F = TypeVar("_F", bound=Callable[..., Any])


def event(method: _F) -> _F:
    """Mark a method of a :class:`Voice` as one event: everything it says is one
    announcement."""

    @functools.wraps(method)
    def run(self: Voice, *args: Any, **kwargs: Any) -> Any:
        with self.event():
            return method(self, *args, **kwargs)

    return cast(_F, run)


class Voice:
    """The message, the announcements and the timed jobs of one screen.

    Args:
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: called after every change with what must be shown again.
    """

    def __init__(
        self, scheduler: Scheduler, on_change: Callable[[Change], object] | None = None
    ) -> None:
        self.on_change: Callable[[Change], object] = on_change or (lambda _change: None)
        """Told after every change what must be shown again (set by the screen's glue)."""
        self._schedule = scheduler
        self._message = ""
        self._detail = ""
        self.refused: Cell | None = None
        """A cell where a placement was just refused (crossed out for a moment)."""
        self.pulse: str | None = None
        """What to point at for a moment after a refusal: ``"lit"`` or ``"hand"``."""
        self._job: object | None = None
        self._cancel_job: Cancel = lambda: None
        self._pulse_job: object | None = None
        self._cancel_pulse: Cancel = lambda: None
        self._announcement = ""
        self._announcement_id = 0
        self._said: list[str] = []
        self._shown = 0  # the announcement id when the screen was last told of a change
        self._depth = 0

    @property
    def announcement(self) -> str:
        """What a polite live region should say after the last event (the moves made, a
        refusal, the end of the game...); see :attr:`announcement_id`."""
        return self._announcement

    @property
    def announcement_id(self) -> int:
        """Grows by one with each new announcement (an event that said something)."""
        return self._announcement_id

    @property
    def message(self) -> str:
        """The last message shown (a refused click's reason, a hint...), or ``""``."""
        return self._message

    @property
    def detail(self) -> str:
        """The detail of the last message, for those who want it (for a refusal: the rule
        section it comes from), or ``""``; it is the last status line when present."""
        return self._detail

    def redraw(self) -> None:
        """Show the picture again."""
        self.changed(Change.PICTURE)

    # ------------------------------------------------------------------ words
    @contextmanager
    def event(self) -> Iterator[None]:
        """Everything said until the outermost event ends is one announcement.  Words said
        after the event's last change are shown too (one more :attr:`Change.TEXT`)."""
        self._depth += 1
        if self._depth == 1:
            self._said = []
        try:
            yield
        finally:
            self._depth -= 1
        if self._depth == 0 and self._shown != self._announcement_id:
            self.changed_text()

    def say(self, text: str) -> None:
        """Add ``text`` to this event's announcement (a new announcement if it is the
        event's first)."""
        if not text or text in self._said:
            return
        if not self._said:
            self._announcement_id += 1
        self._said.append(text)
        self._announcement = " ".join(
            s if s.endswith((".", "!", "?", "\u2026")) else s + "." for s in self._said
        )

    def tell(self, message: str, detail: str = "", *, say: bool = True) -> None:
        """Show ``message`` (and its quieter ``detail``) in the status line, and say it."""
        self._message, self._detail = message, detail
        if say:
            self.say(message)

    def changed(self, change: Change) -> None:
        """Tell the screen what to show again."""
        self._shown = self._announcement_id
        self.on_change(change)

    def changed_text(self) -> None:
        """Tell the screen that only the words changed."""
        self.changed(Change.TEXT)

    # ------------------------------------------------------------------ timing
    def later(self, delay: float, job: Job) -> None:
        """Have ``job`` run after ``delay`` seconds, as one event; a later call or
        :meth:`stop_job` cancels it (and a job that runs anyway after being cancelled does
        nothing)."""
        self._cancel_job()
        token = object()
        self._job = token

        def run() -> None:
            if self._job is token:
                with self.event():
                    job()

        self._cancel_job = self._schedule(delay, run)

    def cancel_later(self) -> None:
        """Cancel the job given to :meth:`later`, if it has not run."""
        self._cancel_job()
        self._job = None

    def pulse_on(self, cell: Cell | None, what: str) -> None:
        """Cross out ``cell`` and highlight ``what`` (the lit cells, the hand) for
        :data:`PULSE` seconds: where to look instead."""
        self.refused, self.pulse = cell, what
        self.redraw()
        self._cancel_pulse()
        token = object()
        self._pulse_job = token

        def run() -> None:
            if self._pulse_job is token:
                with self.event():
                    self._pulse_job = None
                    self.refused = self.pulse = None
                    self.redraw()

        self._cancel_pulse = self._schedule(PULSE, run)

    def stop_pulse(self) -> None:
        """End a refusal's highlight now."""
        if self._pulse_job is not None:
            self._cancel_pulse()
            self._pulse_job = None
        self.refused = self.pulse = None

