"""A controller on a pretend screen: mouse, finger and key events at the pixels its own
geometry gives, a manual clock, and a record of what it asked to show.

The screen has a size in CSS pixels and a pixel ratio, as a browser page does; the controller
works in canvas pixels (``ratio`` of them per CSS pixel), so the helpers here hit cells and
cards wherever the controller's geometry says they are, whatever the ratio.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dweebies_widget import Game
from dweebies_widget.grid import Cell
from dweebies_widget.widget.geometry import Geometry
from dweebies_widget.widget.session import Change, Session
from dweebies_widget.widget.timing import ManualClock

Point = tuple[float, float]


class Screen:
    """A controller on a ``css`` (width, height) screen at ``ratio`` canvas pixels per CSS
    pixel, with a manual clock."""

    def __init__(
        self,
        seats: Sequence[Any],
        *,
        css: tuple[float, float] = (900, 720),
        ratio: float = 2,
        **options: Any,
    ) -> None:
        options.setdefault("seed", 7)
        options.setdefault("ai_delay", 0)
        options.setdefault("flash", 0)
        self.clock = ManualClock()
        self.changes: list[Change] = []
        width, height = round(css[0] * ratio), round(css[1] * ratio)
        self.c = Session(
            seats, scheduler=self.clock, on_change=self.changes.append, width=width,
            height=height, pixel_ratio=ratio, **options,
        )  # fmt: skip
        self.changes.clear()

    @property
    def g(self) -> Geometry:
        return self.c.geometry

    @property
    def game(self) -> Game:
        return self.c.game

    def seen(self) -> list[Change]:
        """The changes since the last call."""
        out, self.changes[:] = list(self.changes), []
        return out

    # ------------------------------------------------------------------ fingers
    def tap_at(self, point: Point) -> None:
        self.c.touch_start([point])
        self.c.touch_end([])

    def tap_hand(self, index: int) -> None:
        self.tap_at(self.g.hand_center(index))

    def tap_cell(self, cell: Cell) -> None:
        self.tap_at(self.g.cell_center(cell))

    def finger_drag(self, start: Point, end: Point, steps: int = 5) -> None:
        """A finger down at ``start``, moved in steps to ``end``, lifted there."""
        self.c.touch_start([start])
        for i in range(1, steps + 1):
            t = i / steps
            self.c.touch_move(
                [(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)]
            )
        self.c.touch_end([])

    def show(self, cell: Cell) -> None:
        """Drag the view (no card picked: a drag moves the view) until ``cell`` is in it."""
        bx, by, bw, bh = self.g.table_band
        middle = (bx + bw / 2, by + bh / 2)
        for _ in range(10):
            if self.g.visible(cell):
                return
            x, y = self.g.cell_center(cell)
            dx = max(min(middle[0] - x, bw / 3), -bw / 3)
            dy = max(min(middle[1] - y, bh / 3), -bh / 3)
            self.finger_drag(middle, (middle[0] + dx, middle[1] + dy))
        raise AssertionError(f"{cell} cannot be brought into view")

    # ------------------------------------------------------------------ mouse
    def click_hand(self, index: int) -> None:
        self.c.click(*self.g.hand_center(index))
        self.c.release(*self.g.hand_center(index))

    def click_cell(self, cell: Cell) -> None:
        x, y = self.g.cell_center(cell)
        self.c.click(x, y)
        self.c.release(x, y)

    def mouse_drag(self, start: Point, end: Point, steps: int = 5) -> None:
        """The mouse pressed at ``start``, moved in steps to ``end``, released there."""
        self.c.click(*start)
        for i in range(1, steps + 1):
            t = i / steps
            self.c.pointer_move(
                start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
            )
        self.c.release(*end)
