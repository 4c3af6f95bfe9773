"""Where things are on the widget's canvas: pixels to cells and back, as pure functions.

The canvas has three bands, top to bottom: the **score bar** (one chip per seat and the
pile), the **table** (the unbounded grid, fitted into its band) and the **hand** (the cards
of the player at this screen).  :class:`Geometry` knows the pixel box of every table cell and
hand card for one picture; a new one is made whenever the table, the hand, the zoom or the
canvas size changes.

The table is fitted so that every card and every cell next to a card is visible: the cards'
bounding box plus one cell of margin on each side is scaled to fill the band (never larger
than full size) and centred.  With ``zoom > 1`` the cells grow and the view centres on
``focus`` (the keyboard cursor or the last placement) instead, so a big table can be looked
at closely.

>>> g = Geometry.fit(800, 600, cells=[(0, 0)], hand=5)
>>> g.cell_at(*g.cell_center((0, 0)))
(0, 0)
>>> g.cell_at(*g.cell_center((1, -1)))
(1, -1)
>>> g.hand_at(*g.hand_center(2))
2
>>> g.cell_at(5, 5) is None  # the score bar is not part of the table
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..face import CARD_INSET, CELL_H, CELL_W, Box
from ..grid import Cell

__all__ = ["Box", "Geometry"]

BAR_H = 56.0
"""Height of the score bar."""
HAND_H = 132.0
"""Height of the hand band."""
HAND_CARD_W = 76.0
HAND_CARD_H = 98.0
HAND_GAP = 14.0
MIN_ZOOM = 0.5
MAX_ZOOM = 3.0


@dataclass(frozen=True)
class Geometry:
    """Pixel layout of one picture of the widget.

    Attributes:
        width, height: the canvas size in pixels.
        scale: table cells are ``CELL_W * scale`` by ``CELL_H * scale`` pixels.
        origin: pixel position of the top-left corner of cell ``(0, 0)``.
        hand: how many cards the hand band shows.
    """

    width: int
    height: int
    scale: float
    origin: tuple[float, float]
    hand: int
    hand_scale: float

    @classmethod
    def fit(
        cls,
        width: int,
        height: int,
        cells: Iterable[Cell],
        hand: int,
        zoom: float = 1.0,
        focus: Cell | None = None,
    ) -> Geometry:
        """The layout for a canvas of ``width`` x ``height`` showing ``cells`` (the cards and
        the cells to light up; the centre cell if empty) and a hand of ``hand`` cards."""
        cells = list(cells)
        rows = [r for r, _ in cells] or [0]
        cols = [c for _, c in cells] or [0]
        top, bottom = min(rows) - 1, max(rows) + 1
        left, right = min(cols) - 1, max(cols) + 1
        area_x, area_y, area_w, area_h = _table_band(width, height)
        fitted = min(
            area_w / ((right - left + 1) * CELL_W), area_h / ((bottom - top + 1) * CELL_H), 1.0
        )
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        scale = max(fitted * zoom, 1e-3)
        if zoom > 1 and focus is not None:
            mid_r, mid_c = focus[0] + 0.5, focus[1] + 0.5
        else:
            mid_r, mid_c = (top + bottom + 1) / 2, (left + right + 1) / 2
        origin = (
            area_x + area_w / 2 - mid_c * CELL_W * scale,
            area_y + area_h / 2 - mid_r * CELL_H * scale,
        )
        need = hand * HAND_CARD_W + max(hand - 1, 0) * HAND_GAP + 2 * HAND_GAP
        hand_scale = min(1.0, width / need) if need else 1.0
        return cls(width, height, scale, origin, hand, hand_scale)

    # ------------------------------------------------------------------ bands
    @property
    def table_band(self) -> Box:
        """The pixel box of the table band."""
        return _table_band(self.width, self.height)

    @property
    def hand_band(self) -> Box:
        """The pixel box of the hand band."""
        return (0.0, self.height - HAND_H, float(self.width), HAND_H)

    @property
    def bar_band(self) -> Box:
        """The pixel box of the score bar."""
        return (0.0, 0.0, float(self.width), BAR_H)

    # ------------------------------------------------------------------ table
    @property
    def cell_size(self) -> tuple[float, float]:
        """Width and height of one table cell in pixels."""
        return CELL_W * self.scale, CELL_H * self.scale

    def cell_box(self, cell: Cell) -> Box:
        """The pixel box of ``cell``."""
        w, h = self.cell_size
        return (self.origin[0] + cell[1] * w, self.origin[1] + cell[0] * h, w, h)

    def card_box(self, cell: Cell) -> Box:
        """The pixel box of the card in ``cell`` (the cell less a small inset)."""
        x, y, w, h = self.cell_box(cell)
        inset = CARD_INSET * self.scale
        return (x + inset, y + inset, w - 2 * inset, h - 2 * inset)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """The pixel centre of ``cell``."""
        x, y, w, h = self.cell_box(cell)
        return (x + w / 2, y + h / 2)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under pixel ``(x, y)``, or ``None`` outside the table band."""
        if not _inside(self.table_band, x, y):
            return None
        w, h = self.cell_size
        return (math.floor((y - self.origin[1]) / h), math.floor((x - self.origin[0]) / w))

    def visible(self, cell: Cell) -> bool:
        """Whether ``cell`` lies wholly inside the table band."""
        x, y, w, h = self.cell_box(cell)
        bx, by, bw, bh = self.table_band
        return bx <= x and by <= y and x + w <= bx + bw and y + h <= by + bh

    def visible_cells(self) -> tuple[Cell, Cell]:
        """The top-left and bottom-right cells that the table band (partly) shows."""
        bx, by, bw, bh = self.table_band
        w, h = self.cell_size
        first = (math.floor((by - self.origin[1]) / h), math.floor((bx - self.origin[0]) / w))
        last = (
            math.ceil((by + bh - self.origin[1]) / h) - 1,
            math.ceil((bx + bw - self.origin[0]) / w) - 1,
        )
        return first, last

    # ------------------------------------------------------------------ hand
    def hand_box(self, index: int) -> Box:
        """The pixel box of the hand card at ``index`` (0 = leftmost)."""
        s = self.hand_scale
        w, h, gap = HAND_CARD_W * s, HAND_CARD_H * s, HAND_GAP * s
        total = self.hand * w + max(self.hand - 1, 0) * gap
        x0 = (self.width - total) / 2
        _, band_y, _, band_h = self.hand_band
        return (x0 + index * (w + gap), band_y + (band_h - h) / 2 + 4, w, h)

    def hand_center(self, index: int) -> tuple[float, float]:
        """The pixel centre of the hand card at ``index``."""
        x, y, w, h = self.hand_box(index)
        return (x + w / 2, y + h / 2)

    def hand_at(self, x: float, y: float) -> int | None:
        """The index of the hand card under pixel ``(x, y)``, or ``None``."""
        for i in range(self.hand):
            if _inside(self.hand_box(i), x, y):
                return i
        return None

    def seat_box(self, seat: int, seats: int) -> Box:
        """The chip of ``seat`` in the score bar (the pile's box is :meth:`pile_box`)."""
        room = self.width - 120
        w = min(220.0, room / seats)
        return (8 + seat * w, 8.0, w - 8, BAR_H - 16)

    def pile_box(self) -> Box:
        """The pile's box at the right end of the score bar."""
        return (self.width - 110.0, 8.0, 102.0, BAR_H - 16)


def _table_band(width: int, height: int) -> Box:
    return (0.0, BAR_H, float(width), max(height - BAR_H - HAND_H, 1.0))


def _inside(box: Box, x: float, y: float) -> bool:
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh
