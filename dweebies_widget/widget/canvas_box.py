"""The canvas side of a widget: a canvas that follows the page and passes its events on.

One job, glue only: a box of ipywidgets around an ipycanvas that shows a session's table
(:class:`~dweebies_widget.widget.app.DweebiesWidget` and
:class:`~dweebies_widget.widget.puzzle_app.PuzzleWidget` are two).  Nothing here decides; it

* passes canvas events (mouse, touch, wheel, keys) to the session as plain method calls,
  each under one lock and guarded (:meth:`CanvasBox._guarded`) so that a failure becomes a
  message, never a traceback in the notebook;
* runs the session's timed jobs on the kernel's event loop, under the same lock
  (:meth:`CanvasBox._schedule`, see :mod:`~dweebies_widget.widget.timing`);
* sizes the canvas: its backing store has ``pixel_ratio`` canvas pixels per CSS pixel, so the
  drawing is sharp on high-density screens, and it is shown at a CSS size that follows the
  page, as measured by the front-end :class:`~.companion.Companion` (which also gives the
  canvas its text alternative and lets Tab leave it);
* replays a painted picture inside ``hold_canvas`` (:meth:`CanvasBox._draw`), so every redraw
  is one message to the browser, and gives the companion the board in words and each new
  announcement for screen readers (:meth:`CanvasBox._speak`), with the motion of a move just
  made (:mod:`~.motion`), which the page plays over the canvas it has just redrawn.

:func:`status_html` and :func:`log_html` write the status line and the move log; the status
box is exactly :meth:`CanvasBox._status_rows` lines tall (:data:`LINE_EM` each), so the
buttons under it never move as news comes and goes.
"""

from __future__ import annotations

import html
import threading
import traceback
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from . import motion as moves
from .companion import Companion, fit_size
from .compat import forget_current_canvas
from .pen import Pen
from .timing import Cancel, Job, call_later

__all__ = ["DEFAULT_SIZE", "LINE_EM", "CanvasBox", "Screen", "log_html", "status_html"]

DEFAULT_SIZE = (900, 720)
"""The canvas's display size (CSS pixels) until the page has been measured."""
LINE_EM = 1.4
"""One status line's height, in ems of the status text (its CSS ``line-height``)."""


class Screen(Protocol):
    """What the glue asks of a session: its events, its size, and what to say."""

    def click(self, x: float, y: float) -> None: ...
    def release(self, x: float, y: float) -> None: ...
    def pointer_move(self, x: float, y: float, pressed: bool = False) -> None: ...
    def pointer_leave(self) -> None: ...
    def wheel(self, dx: float, dy: float) -> None: ...
    def touch_start(self, touches: Sequence[tuple[float, float]]) -> None: ...
    def touch_move(self, touches: Sequence[tuple[float, float]]) -> None: ...
    def touch_end(self, touches: Sequence[tuple[float, float]]) -> None: ...
    def touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None: ...
    def key(
        self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False
    ) -> None: ...
    def redraw(self) -> None: ...
    def resize(self, width: int, height: int) -> None: ...
    def fail(self, error: BaseException) -> None: ...
    def describe(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def announcement(self) -> str: ...
    @property
    def announcement_id(self) -> int: ...


class CanvasBox(widgets.VBox):  # type: ignore[misc]
    """A box of widgets around a canvas that shows :attr:`session`'s table.

    A subclass calls :meth:`_start` first (before it makes its session, which takes
    :meth:`_schedule` and the canvas size), sets :attr:`session`, calls :meth:`_wire`
    (the canvas, the companion, the status line and the move log) and calls
    ``super().__init__`` with its children.
    """

    session: Screen

    def _start(self, width: int | None, height: int | None, pixel_ratio: float) -> None:
        """The lock, the error list and the sizes, before anything else is made."""
        if pixel_ratio <= 0:
            raise ValueError("pixel_ratio is canvas pixels per CSS pixel: more than 0")
        self._lock = threading.RLock()
        self.errors: list[str] = []
        """Internal failures caught while handling an event (shown as a message, never
        raised into the notebook); empty in a healthy widget."""
        self._fixed = (width, height)
        self._ratio = float(pixel_ratio)
        self._display = (width or DEFAULT_SIZE[0], height or DEFAULT_SIZE[1])
        self._pressed = False  # a mouse button is down on the canvas (a drag pans)
        self._resizing = False  # the glue itself is changing the canvas size
        self._drawn = False  # a redraw was sent since the companion was last told
        self._motion_sent = 0  # the last move whose motion the page was given

    def _wire(self, label: str, status_height: str, log_height: str) -> None:
        """Make :attr:`canvas` and :attr:`companion` (named ``label`` for screen readers),
        every event of theirs passed to :attr:`session`, guarded; then :attr:`status`
        (at least ``status_height`` tall) and :attr:`move_log` (at most ``log_height``,
        then it scrolls)."""
        c = self.session
        on = self._guarded
        width, height = self._canvas_size(self._display)
        self.canvas = Canvas(width=width, height=height)
        self.canvas.layout.width = f"{self._display[0]}px"
        self.canvas.on_mouse_down(on(self._mouse_down))
        self.canvas.on_mouse_up(on(self._mouse_up))
        self.canvas.on_mouse_move(on(lambda x, y: c.pointer_move(x, y, pressed=self._pressed)))
        self.canvas.on_mouse_out(on(self._mouse_out))
        self.canvas.on_mouse_wheel(on(c.wheel))
        self.canvas.on_touch_start(on(c.touch_start))
        self.canvas.on_touch_move(on(c.touch_move))
        self.canvas.on_touch_end(on(c.touch_end))
        self.canvas.on_touch_cancel(on(c.touch_cancel))
        self.canvas.on_key_down(on(c.key))
        self.canvas.on_client_ready(on(self._on_client_ready))
        self.canvas.observe(on(self._on_canvas_resize), ["width", "height"])
        self.companion = Companion(
            label=label,
            animate=bool(getattr(c, "animate", False)),
            sound=bool(getattr(c, "sound", False)),
        )
        """The front-end part: measures the page, speaks for the canvas (see
        :mod:`~dweebies_widget.widget.companion`)."""
        self.companion.observe(
            on(self._fit), ["width", "view_height", "other_height", "log_height"]
        )
        self.status = widgets.HTML(layout=widgets.Layout(min_height=status_height))
        self.status.add_class("dweebies-status")
        self.move_log = widgets.HTML(layout=widgets.Layout(max_height=log_height, overflow="auto"))
        self.move_log.add_class("dweebies-log")

    def _status_rows(self, rows: int) -> None:
        """Make the status box exactly ``rows`` lines tall (each line is cut short with an
        ellipsis rather than wrapped, see :func:`status_html`)."""
        height = f"{rows * LINE_EM:g}em"
        if self.status.layout.height != height:
            self.status.layout.height = self.status.layout.min_height = height

    @property
    def pixel_ratio(self) -> float:
        """Canvas pixels per CSS pixel."""
        return self._ratio

    @property
    def display_size(self) -> tuple[int, int]:
        """The canvas's display size in CSS pixels (its backing store is
        :attr:`pixel_ratio` times that)."""
        return self._display

    def resize(self, width: int | None, height: int | None = None) -> None:
        """Show the canvas at ``width`` x ``height`` CSS pixels (its backing store
        :attr:`pixel_ratio` times that); ``None`` follows the page.  The table is fitted
        again."""
        with self._lock:
            self._fixed = (width, height)
            self._fit()

    def _guarded(self, handler: Callable[..., object]) -> Callable[..., None]:
        """Wrap an event handler: run it under the lock; an unexpected exception becomes a
        message (and an entry in :attr:`errors`), never a traceback in the notebook."""

        def run(*args: Any) -> None:
            with self._lock:
                try:
                    handler(*args)
                except Exception as error:  # noqa: BLE001 - shown, recorded, not raised
                    self.errors.append(traceback.format_exc())
                    try:
                        self.session.fail(error)  # shows the message
                    except Exception:  # noqa: BLE001 - the status line itself failed
                        self.status.value = html.escape(self.session.message)

        return run

    def _schedule(self, delay: float, job: Job) -> Cancel:
        """The session's scheduler: the kernel's event loop (a timer thread outside a
        kernel), the job run under the lock and guarded like an event."""
        return call_later(delay, self._guarded(job))

    def _on_client_ready(self) -> None:
        # A new view shows an empty canvas. The manager remembers the last canvas it drew on
        # and Voila loses draw commands sent while the notebook ran: forget it, then redraw.
        forget_current_canvas(self.canvas)
        self.session.redraw()

    def _mouse_down(self, x: float, y: float) -> None:
        self._pressed = True
        self.session.click(x, y)

    def _mouse_up(self, x: float, y: float) -> None:
        self._pressed = False
        self.session.release(x, y)

    def _mouse_out(self, _x: float, _y: float) -> None:
        self._pressed = False
        self.session.pointer_leave()

    def _canvas_size(self, display: tuple[int, int]) -> tuple[int, int]:
        """The backing store's size (canvas pixels) for a display size (CSS pixels)."""
        return round(display[0] * self._ratio), round(display[1] * self._ratio)

    def _fit(self, _change: object = None) -> None:
        """Size the canvas from the page's measures (or the fixed size) and redraw."""
        page = self.companion
        fixed_width, fixed_height = self._fixed
        if page.width > 0:
            display = fit_size(
                page.width, page.view_height, page.other_height,
                fixed_width=fixed_width, fixed_height=fixed_height, log_height=page.log_height,
            )  # fmt: skip
        else:
            display = (fixed_width or self._display[0], fixed_height or self._display[1])
        if display == self._display:
            return
        self._display = display
        width, height = self._canvas_size(display)
        self._resizing = True
        try:
            with self.canvas.hold_sync():  # width and height in one message
                self.canvas.layout.width = f"{display[0]}px"
                self.canvas.width, self.canvas.height = width, height
        finally:
            self._resizing = False
        self.session.resize(width, height)

    def _on_canvas_resize(self, _change: object) -> None:
        # Someone set ``canvas.width`` or ``height`` from a cell: fit the table to it.
        if not self._resizing:
            self.session.resize(int(self.canvas.width), int(self.canvas.height))

    def _draw(self, pen: Pen) -> None:
        """Show a painted picture: replayed on the canvas as one message (paint it first,
        so nothing can fail inside the hold)."""
        # Each redraw names its canvas first: a page that connects while redraws are on
        # their way (a review running, an AI moving) gets none without it, and ipycanvas's
        # page then stops drawing for good.
        forget_current_canvas(self.canvas)
        with hold_canvas():
            pen.replay(self.canvas)
        self._drawn = True

    def _speak(self) -> None:
        """Give the companion the board in words and the session's announcement, and, right
        after the redraw of a move just made, that move's motion (in the same message as
        the announcement: never one more message per move, never for another redraw)."""
        page = self.companion
        session = self.session
        page.description = session.describe()
        motion = None
        if self._drawn:
            self._drawn = False
            ident = getattr(session, "motion_id", 0)
            if ident != self._motion_sent:
                self._motion_sent = ident
                motion = moves.of(session)  # type: ignore[arg-type]
        # One event may say more as it goes on (a move, then the computer's answer): the
        # page reads the announcement once it stops changing.
        with page.hold_sync():
            page.announcement = session.announcement
            page.announcement_id = session.announcement_id
            page.animate = bool(getattr(session, "animate", False))
            page.sound = bool(getattr(session, "sound", False))
            if motion is not None:
                page.motion = motion


def status_html(lines: Sequence[str], detail: str = "") -> str:
    """The status lines, one line each (a line too long for the box ends in an ellipsis;
    its whole text is its tooltip, and the screen reader hears it all): the first bold;
    ``detail`` (the rule behind a refusal) said quieter: there for those who want it.

    >>> print(status_html(["Ana to play.", "Pick a card."], detail="Pick a card."))
    ... # doctest: +NORMALIZE_WHITESPACE
    <div class="dweebies-line" title="Ana to play."><b>Ana to play.</b></div><div
    class="dweebies-line dweebies-detail" title="Pick a card.">Pick a card.</div>
    """
    out = []
    for i, line in enumerate(lines):
        text = html.escape(line)
        quiet = " dweebies-detail" if i > 0 and detail and line == detail else ""
        shown = f"<b>{text}</b>" if i == 0 else text
        out.append(f'<div class="dweebies-line{quiet}" title="{text}">{shown}</div>')
    return "".join(out)


def log_html(entries: Sequence[str], empty: str) -> str:
    """The move log: ``entries`` newest first (the newest stays in view at the top), at most
    200; ``empty`` (in italics) while there are none.

    >>> log_html([], "No moves yet.")
    '<i>No moves yet.</i>'
    """
    if not entries:
        return f"<i>{empty}</i>"
    return (
        '<ul style="list-style: none; margin: 0.2em 0; padding-left: 0.3em">'
        + "".join(f"<li>{html.escape(t)}</li>" for t in entries[:200])
        + "</ul>"
    )
