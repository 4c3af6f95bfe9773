"""Deliver browser events to a widget's canvas, and record what the canvas sends back.

A click or a tap in the browser arrives at the kernel as a custom widget message, handed to
the canvas's registered callbacks exactly as a real click is
(:func:`~dweebies_widget.widget.compat.deliver_event`).  Mouse events carry ``x`` and ``y``;
touch events (``touch_start``, ``touch_move``, ``touch_end``) carry ``touches``, a list of
``{"x": .., "y": ..}``, the fingers on the screen (for ``touch_end``: the fingers still
down), as ipycanvas's front end sends them.  Outgoing draw commands all pass through
ipycanvas's shared canvas manager; :func:`recording` records them there
(:func:`~dweebies_widget.widget.compat.recorded_draws`).  Page measures reach the widget's
companion as a front end's trait changes do (:func:`measure`).  What touches ipycanvas and
ipywidgets internals is in :mod:`dweebies_widget.widget.compat`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from dweebies_widget import DweebiesWidget
from dweebies_widget.grid import Cell
from dweebies_widget.widget.compat import (
    DrawMessage,
    deliver_event,
    forget_current_canvas,
    recorded_draws,
)


def send(widget: DweebiesWidget, event: str, **fields: Any) -> None:
    """Deliver one frontend event (``mouse_down``, ``mouse_move``, ``key_down``...)."""
    deliver_event(widget.canvas, {"event": event, **fields})


def touch(widget: DweebiesWidget, event: str, *points: tuple[float, float]) -> None:
    """Deliver one touch event with the fingers at ``points`` (canvas pixels)."""
    send(widget, event, touches=[{"x": x, "y": y} for x, y in points])


def tap(widget: DweebiesWidget, x: float, y: float) -> None:
    """A finger down and up at ``(x, y)``."""
    touch(widget, "touch_start", (x, y))
    touch(widget, "touch_end")


def tap_cell(widget: DweebiesWidget, cell: Cell) -> None:
    tap(widget, *widget.geometry.cell_center(cell))


def tap_hand(widget: DweebiesWidget, index: int) -> None:
    tap(widget, *widget.geometry.hand_center(index))


def drag(widget: DweebiesWidget, *points: tuple[float, float]) -> None:
    """A finger down at the first point, moved through the others, and lifted."""
    touch(widget, "touch_start", points[0])
    for point in points[1:]:
        touch(widget, "touch_move", point)
    touch(widget, "touch_end")


def measure(widget: DweebiesWidget, **traits: float) -> None:
    """The page reports its measures (``width``, ``view_height``...), as the companion's
    front end does: trait changes arriving from the browser."""
    widget.companion.set_state(traits)


def click(widget: DweebiesWidget, x: float, y: float) -> None:
    send(widget, "mouse_down", x=x, y=y)
    send(widget, "mouse_up", x=x, y=y)


def click_cell(widget: DweebiesWidget, cell: Cell) -> None:
    click(widget, *widget.geometry.cell_center(cell))


def click_hand(widget: DweebiesWidget, index: int) -> None:
    click(widget, *widget.geometry.hand_center(index))


def hover(widget: DweebiesWidget, cell: Cell) -> None:
    send(widget, "mouse_move", **dict(zip("xy", widget.geometry.cell_center(cell), strict=True)))


def key(widget: DweebiesWidget, name: str) -> None:
    send(widget, "key_down", key=name, shift_key=False, ctrl_key=False, meta_key=False)


def wheel(widget: DweebiesWidget, dy: float) -> None:
    send(widget, "mouse_wheel", x=0.0, y=dy)


def wait_until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    """Poll ``condition`` until it holds (for AI moves that run after ``ai_delay``)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


class Sent:
    """The messages the canvas manager sent: each one a list of draw commands."""

    def __init__(self, messages: list[DrawMessage]) -> None:
        self.messages = messages

    @property
    def bytes(self) -> list[int]:
        """Each message's size on the wire."""
        return [message.size for message in self.messages]

    def commands(self, index: int = -1) -> list[Any]:
        """The commands of one message (a single command is wrapped in a list)."""
        return self.messages[index].commands

    def names(self, index: int = -1) -> list[str]:
        return self.messages[index].names


@contextmanager
def recording(*, forget: bool = True) -> Iterator[Sent]:
    """Record every message the canvas manager sends while the block runs; with
    ``forget``, the manager first forgets the canvas it drew on last, so every recording
    starts alike (each redraw then begins by naming its canvas)."""
    with recorded_draws() as drawn:
        if forget:
            forget_current_canvas()
        yield Sent(drawn)
