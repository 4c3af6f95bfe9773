"""Where things are on the widget's canvas: pixels to cells and back, as pure functions.

The canvas has three parts: the **score bar** along the top (one chip per seat and the pile),
the **table** (the unbounded grid, fitted into its band) and the **hand** (the cards of the
player at this screen); when looking back over a game, a fourth, the **graph** of the win
chances, and a fifth, "What do they hold?", when it is shown.  On most canvases the hand is a
band under the table and the graph lies between them; on a wide, short canvas (a projector, a
laptop in a short notebook cell, a browser zoomed to 150 %) the hand is a column beside the
table with the graph under its cards, so that the table keeps the height.  "What do they
hold?" stands beside the table, or under it on a narrow canvas.  The hand's cards shrink
first, so that the table's cards are never smaller than the hand's where a smaller hand
gives the table the room.  :class:`Geometry` knows the pixel box of every table cell and hand
card for one picture; a new one is made whenever the table, the hand, the zoom, the view or
the canvas size changes.

**Pixels.**  Every answer is in *canvas pixels*, the pixels of the canvas's backing store,
which are also the units that mouse and touch events arrive in.  A canvas shown with
``ratio`` canvas pixels per CSS pixel (2 on a high-density screen) is laid out exactly as a
canvas ``ratio`` times smaller would be, everything ``ratio`` times bigger: the sizes below
(bands, cards, tap targets) are CSS pixels.  :attr:`Geometry.css` is the same layout in CSS
pixels, which is what the painter draws in (under a ``ratio`` scaling).

**The table** is fitted so that every card and every cell next to a card is visible: the
cards' bounding box plus one cell of margin on each side is scaled to fill the band (never
larger than full size, where its cards are as wide as full-size hand cards) and centred.
With ``min_cell`` (the smallest cell side the caller accepts, e.g. :data:`MIN_TAP` so that
a finger can hit each cell) a big table is not shrunk further: the band then shows part of
it, and the view (``centre``, or ``focus``, else the middle of the table) says which part.
Looking back over a game, the caller asks for no ``min_cell``: the whole table is in view.
``zoom > 1`` makes the cells bigger still.  The view never strays off the table: it is
clamped so that the table fills the band wherever the table is bigger than the band, and
centred along any side where it is not.

>>> g = Geometry.fit(800, 600, cells=[(0, 0)], hand=5)
>>> g.cell_at(*g.cell_center((0, 0)))
(0, 0)
>>> g.cell_at(*g.cell_center((1, -1)))
(1, -1)
>>> g.hand_at(*g.hand_center(2))
2
>>> g.cell_at(5, 5) is None  # the score bar is not part of the table
True

At twice the pixels per CSS pixel, the same layout, twice as big:

>>> g2 = Geometry.fit(1600, 1200, cells=[(0, 0)], hand=5, ratio=2)
>>> g2.cell_box((0, 0)) == tuple(2 * v for v in g.cell_box((0, 0)))
True
>>> g2.css == g
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..face import CARD_INSET, CELL_H, CELL_W, Box
from ..grid import Cell

__all__ = [
    "GRAPH_H",
    "GRAPH_SIDE_W",
    "HOLDS_H",
    "HOLDS_W",
    "MIN_TAP",
    "Box",
    "Geometry",
    "canvas_size",
]

MIN_TAP = 44.0
"""The smallest side of a tap target (a hand card, a table cell at default zoom), in CSS
pixels: the size commonly asked for a fingertip."""
BAR_H = 56.0
"""Height of the score bar (CSS pixels, as every size here)."""
HAND_TOP = 22.0
"""Room above the hand cards (the hand's owner, the picked card standing up)."""
HAND_BOTTOM = 12.0
HAND_H = HAND_TOP + 98.0 + HAND_BOTTOM
"""Height of the hand band with one row of full-size cards."""
HAND_CARD_W = 76.0
HAND_CARD_H = 98.0
HAND_GAP = 14.0
SIDE_ASPECT = 1.6
"""A canvas at least this many times wider than high shows the hand beside the table."""
SIDE_COLUMNS = 2
"""Hand cards per row when the hand is beside the table (more if they would not fit)."""
GRAPH_H = 120.0
"""Height of the graph band under the table when looking back over a game (on a short
canvas, less; beside the table, the rest of the hand's column: see :meth:`Geometry.fit`)."""
GRAPH_SIDE_W = 300.0
"""The least width of the hand's column beside the table when the graph lies in it (or
three tenths of the canvas, if wider): room for a row of three hand cards and a graph
whose moves can be told apart."""
HOLDS_W = 280.0
"""Width of the band of "What do they hold?" beside the table (at most half the table's
room): one column of seats' bars."""
HOLDS_H = 240.0
"""The least height of the band of "What do they hold?" under the table (else two fifths
of the table's room, at most three fifths)."""
GRAPH_MARGINS = (46.0, 24.0, 14.0, 20.0)
"""Room around the graph's plot inside its band (left, top, right, bottom): the percentages
on the left, the seats' key above, the move numbers below."""
MIN_ZOOM = 1.0
"""Zoom never goes below the fitted view."""
MAX_ZOOM = 3.0
_MIN_HAND_SCALE = MIN_TAP / HAND_CARD_W
_MIN_VISIBLE = 3
"""On a canvas too small for :data:`MIN_TAP` cells, cells shrink until this many fit."""


@dataclass(frozen=True)
class Geometry:
    """Pixel layout of one picture of the widget, in canvas pixels.

    Attributes:
        width, height: the canvas size.
        scale: table cells are ``CELL_W * scale`` by ``CELL_H * scale`` canvas pixels.
        origin: position of the top-left corner of cell ``(0, 0)``.
        hand: how many cards the hand shows.
        hand_scale: hand cards are ``HAND_CARD_W * hand_scale`` canvas pixels wide.
        ratio: canvas pixels per CSS pixel.
        side: whether the hand is a column beside the table (else a band under it).
        hand_columns: hand cards per row.
        bar_band, table_band, hand_band: the boxes of the three parts.
        graph_band: the box of the graph of a game looked back over (empty without one).
        holds_band: the box of "What do they hold?" beside or under the table (empty
            without one).
    """

    width: float
    height: float
    scale: float
    origin: tuple[float, float]
    hand: int
    hand_scale: float
    ratio: float = 1.0
    side: bool = False
    hand_columns: int = 1
    bar_band: Box = (0.0, 0.0, 0.0, 0.0)
    table_band: Box = (0.0, 0.0, 0.0, 0.0)
    hand_band: Box = (0.0, 0.0, 0.0, 0.0)
    graph_band: Box = (0.0, 0.0, 0.0, 0.0)
    holds_band: Box = (0.0, 0.0, 0.0, 0.0)

    @classmethod
    def fit(
        cls,
        width: float,
        height: float,
        cells: Iterable[Cell],
        hand: int,
        zoom: float = 1.0,
        focus: Cell | None = None,
        *,
        ratio: float = 1.0,
        centre: tuple[float, float] | None = None,
        min_cell: float = 0.0,
        side: bool | None = None,
        graph: float = 0.0,
        holds: bool = False,
    ) -> Geometry:
        """The layout for a canvas of ``width`` x ``height`` canvas pixels (``ratio`` of
        them per CSS pixel) showing ``cells`` (the cards and the cells to light up; the
        centre cell if empty) and a hand of ``hand`` cards.

        ``zoom`` (1 to 3) multiplies the fitted cell size; ``min_cell`` is the smallest cell
        width in CSS pixels (0: always fit the whole table); the view is centred on
        ``centre`` (a point in cell units, ``(row, col)``; cell ``(r, c)`` spans
        ``r..r+1``), else on ``focus`` when the table does not fit, else on the middle.
        ``side`` puts the hand beside the table (``None``: when the canvas is at least
        :data:`SIDE_ASPECT` times wider than high).  ``graph`` (CSS pixels, e.g.
        :data:`GRAPH_H`) asks for a graph band: under the table, at most a sixth of the
        canvas high; with the hand beside the table, in the hand's column under its cards
        (the column is then at least :data:`GRAPH_SIDE_W` wide), so that the graph takes
        none of the table's height.  ``holds`` asks for a band for "What do they hold?"
        (:attr:`holds_band`) beside the table or under it, whichever leaves the table's
        cells bigger (beside on a wide canvas, under on a narrow one).

        The hand gives the table room first: its cards shrink (down to :data:`MIN_TAP`
        wide) while that makes the table's cards bigger, until they are as big as the
        hand's; so the table's cards are never smaller than the hand's where a smaller hand
        gives the table the room.

        >>> small = Geometry.fit(400, 400, [(r, c) for r in range(9) for c in range(9)], 5)
        >>> round(small.cell_size[0])  # the whole table fits, too small for a finger
        18
        >>> big = Geometry.fit(400, 400, [(r, c) for r in range(9) for c in range(9)], 5,
        ...                    min_cell=MIN_TAP)
        >>> big.cell_size[0], big.visible((0, 0)), big.visible((4, 4))
        (44.0, False, True)

        A table of four rows at 900 x 720: the hand's cards shrink until the table's are as
        wide (the card inside a cell is ``CARD_INSET`` less on each side):

        >>> g = Geometry.fit(900, 720, [(r, 0) for r in range(4)], 5)
        >>> g.hand_box(0)[2] < HAND_CARD_W, g.card_box((0, 0))[2] >= g.hand_box(0)[2]
        (True, True)
        """
        cells = list(cells)
        rows = [r for r, _ in cells] or [0]
        cols = [c for _, c in cells] or [0]
        top, bottom = min(rows) - 1, max(rows) + 1
        left, right = min(cols) - 1, max(cols) + 1
        css_w, css_h = width / ratio, height / ratio
        if side is None:
            side = css_w >= SIDE_ASPECT * css_h
        span = (bottom - top + 1, right - left + 1)

        def plan(most: float) -> _Bands:
            return _bands(css_w, css_h, hand, side, most, max(graph, 0.0), holds, span,
                          min_cell)  # fmt: skip

        bands = _hand_first(plan)
        area_x, area_y, area_w, area_h = bands.table
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        scale = max(bands.table_scale * zoom, 1e-3)
        if centre is not None:
            mid_r, mid_c = centre
        elif focus is not None and (zoom > 1 or bands.clipped):
            mid_r, mid_c = focus[0] + 0.5, focus[1] + 0.5
        else:
            mid_r, mid_c = (top + bottom + 1) / 2, (left + right + 1) / 2
        mid_c = _clamp(mid_c, left, right + 1, area_w / (CELL_W * scale))
        mid_r = _clamp(mid_r, top, bottom + 1, area_h / (CELL_H * scale))
        origin = (
            area_x + area_w / 2 - mid_c * CELL_W * scale,
            area_y + area_h / 2 - mid_r * CELL_H * scale,
        )
        css = cls(
            css_w, css_h, scale, origin, hand, bands.hand_scale, 1.0, side, bands.columns,
            bands.bar, bands.table, bands.hand, bands.graph, bands.holds,
        )  # fmt: skip
        return css if ratio == 1 else css._times(ratio, width, height)

    def _times(self, k: float, width: float, height: float) -> Geometry:
        """This layout with every length multiplied by ``k`` (on a ``width`` x ``height``
        canvas), ``k`` times as many canvas pixels per CSS pixel."""

        def box(b: Box) -> Box:
            return (b[0] * k, b[1] * k, b[2] * k, b[3] * k)

        return Geometry(
            width, height, self.scale * k, (self.origin[0] * k, self.origin[1] * k),
            self.hand, self.hand_scale * k, self.ratio * k, self.side, self.hand_columns,
            box(self.bar_band), box(self.table_band), box(self.hand_band), box(self.graph_band),
            box(self.holds_band),
        )  # fmt: skip

    @property
    def css(self) -> Geometry:
        """The same layout in CSS pixels (``ratio`` 1): what the painter draws in."""
        if self.ratio == 1:
            return self
        return self._times(1 / self.ratio, self.width / self.ratio, self.height / self.ratio)

    # ------------------------------------------------------------------ table
    @property
    def cell_size(self) -> tuple[float, float]:
        """Width and height of one table cell."""
        return CELL_W * self.scale, CELL_H * self.scale

    def cell_box(self, cell: Cell) -> Box:
        """The box of ``cell``."""
        w, h = self.cell_size
        return (self.origin[0] + cell[1] * w, self.origin[1] + cell[0] * h, w, h)

    def card_box(self, cell: Cell) -> Box:
        """The box of the card in ``cell`` (the cell less a small inset)."""
        x, y, w, h = self.cell_box(cell)
        inset = CARD_INSET * self.scale
        return (x + inset, y + inset, w - 2 * inset, h - 2 * inset)

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        """The centre of ``cell``."""
        x, y, w, h = self.cell_box(cell)
        return (x + w / 2, y + h / 2)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under pixel ``(x, y)``, or ``None`` outside the table band."""
        if not _inside(self.table_band, x, y):
            return None
        r, c = self.point_at(x, y)
        return (math.floor(r), math.floor(c))

    def point_at(self, x: float, y: float) -> tuple[float, float]:
        """Pixel ``(x, y)`` in cell units ``(row, col)`` (cell ``(r, c)`` spans ``r..r+1``
        and ``c..c+1``), wherever it is.

        >>> g = Geometry.fit(800, 600, [(0, 0)], 0)
        >>> g.point_at(*g.cell_center((2, 3)))
        (2.5, 3.5)
        """
        w, h = self.cell_size
        return ((y - self.origin[1]) / h, (x - self.origin[0]) / w)

    @property
    def view_centre(self) -> tuple[float, float]:
        """The point of the table (in cell units) at the middle of the table band.

        >>> Geometry.fit(800, 600, [(0, 0)], 0).view_centre
        (0.5, 0.5)
        """
        bx, by, bw, bh = self.table_band
        return self.point_at(bx + bw / 2, by + bh / 2)

    def visible(self, cell: Cell) -> bool:
        """Whether ``cell`` lies wholly inside the table band."""
        x, y, w, h = self.cell_box(cell)
        bx, by, bw, bh = self.table_band
        eps = 1e-6 * max(bw, bh)
        return bx - eps <= x and by - eps <= y and x + w <= bx + bw + eps and y + h <= by + bh + eps

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
        """The box of the hand card at ``index`` (0 = first; rows left to right, then down).

        >>> g = Geometry.fit(900, 720, [(0, 0)], 5)
        >>> g.hand_box(0)[2:], g.hand_box(1)[0] - g.hand_box(0)[0]
        ((76.0, 98.0), 90.0)
        """
        s = self.hand_scale
        w, h, gap = HAND_CARD_W * s, HAND_CARD_H * s, HAND_GAP * s
        columns = max(self.hand_columns, 1)
        row, column = divmod(index, columns)
        in_row = min(columns, self.hand - row * columns) if self.hand else 1
        bx, by, bw, _ = self.hand_band
        total = in_row * w + max(in_row - 1, 0) * gap
        x0 = bx + (bw - total) / 2
        y0 = by + HAND_TOP * self.ratio
        return (x0 + column * (w + gap), y0 + row * (h + gap), w, h)

    def hand_center(self, index: int) -> tuple[float, float]:
        """The centre of the hand card at ``index``."""
        x, y, w, h = self.hand_box(index)
        return (x + w / 2, y + h / 2)

    def hand_at(self, x: float, y: float) -> int | None:
        """The index of the hand card under pixel ``(x, y)``, or ``None``."""
        for i in range(self.hand):
            if _inside(self.hand_box(i), x, y):
                return i
        return None

    # ------------------------------------------------------------------ graph
    @property
    def graph_plot(self) -> Box:
        """Where the graph's lines go inside :attr:`graph_band` (the band less
        :data:`GRAPH_MARGINS`); empty without a graph band."""
        x, y, w, h = self.graph_band
        if not h:
            return (0.0, 0.0, 0.0, 0.0)
        left, top, right, bottom = (m * self.ratio for m in GRAPH_MARGINS)
        return (x + left, y + top, max(w - left - right, 1.0), max(h - top - bottom, 1.0))

    def graph_x(self, column: float, columns: int) -> float:
        """The middle of ``column`` (0 to ``columns - 1``) of the graph's plot, which is
        divided into ``columns`` equal columns, one per step of the game."""
        x, _, w, _ = self.graph_plot
        return x + (column + 0.5) * w / max(columns, 1)

    def graph_column(self, x: float, y: float, columns: int) -> int | None:
        """The column of the graph (0 to ``columns - 1``) under pixel ``(x, y)``: the one
        nearest it across the whole graph band, margins included; ``None`` outside it.

        >>> g = Geometry.fit(900, 720, [(0, 0)], 5, graph=GRAPH_H)
        >>> gx, gy, gw, gh = g.graph_band
        >>> g.graph_column(g.graph_x(3, 10), gy + 1, 10), g.graph_column(gx + 1, gy + 1, 10)
        (3, 0)
        >>> g.graph_column(gx + gw - 1, gy + gh - 1, 10), g.graph_column(5, 5, 10) is None
        (9, True)
        """
        if columns < 1 or not _inside(self.graph_band, x, y):
            return None
        px, _, pw, _ = self.graph_plot
        return min(max(math.floor((x - px) / pw * columns), 0), columns - 1)

    # ------------------------------------------------------------------ score bar
    def seat_box(self, seat: int, seats: int) -> Box:
        """The chip of ``seat`` in the score bar (the pile's box is :meth:`pile_box`).

        >>> g = Geometry.fit(900, 720, [(0, 0)], 5)
        >>> g.seat_box(1, 2), g.pile_box()
        ((228.0, 8.0, 212.0, 40.0), (790.0, 8.0, 102.0, 40.0))
        """
        k = self.ratio
        room = self.width - (self._pile_w + 18) * k
        w = min(220.0 * k, room / seats)
        return (8 * k + seat * w, 8.0 * k, w - 8 * k, (BAR_H - 16) * k)

    def pile_box(self) -> Box:
        """The pile's box at the right end of the score bar."""
        k = self.ratio
        return (self.width - (self._pile_w + 8) * k, 8.0 * k, self._pile_w * k, (BAR_H - 16) * k)

    @property
    def _pile_w(self) -> float:
        """The pile box's width in CSS pixels: narrower on a narrow canvas."""
        return 102.0 if self.width / self.ratio >= 500 else 56.0


def canvas_size(
    css_width: float, css_height: float | None = None, ratio: float = 2.0
) -> tuple[int, int]:
    """The backing-store size (canvas pixels) for a canvas shown ``css_width`` CSS pixels
    wide: ``ratio`` times its CSS size.  Without ``css_height`` the height is chosen from the
    width (a table, a hand and a score bar that all fit), between 360 and 900 CSS pixels.

    >>> canvas_size(900)
    (1800, 1440)
    >>> canvas_size(390, ratio=3)
    (1170, 1080)
    >>> canvas_size(1280, 480)
    (2560, 960)
    """
    if css_height is None:
        css_height = min(max(0.8 * css_width, 360.0), 900.0)
    return round(css_width * ratio), round(css_height * ratio)


@dataclass(frozen=True)
class _Bands:
    """The parts of one layout (CSS pixels) and the table's scale at zoom 1."""

    hand_scale: float
    columns: int
    bar: Box
    table: Box
    hand: Box
    graph: Box
    holds: Box
    table_scale: float
    clipped: bool
    """Whether ``min_cell`` keeps the table from being shrunk to fit."""


_NONE: Box = (0.0, 0.0, 0.0, 0.0)


def _bands(
    css_w: float, css_h: float, hand: int, side: bool, most: float, graph: float,
    holds: bool, span: tuple[int, int], min_cell: float,
) -> _Bands:  # fmt: skip
    """The parts of a ``css_w`` x ``css_h`` canvas with hand cards at most ``most`` times
    full size, and the zoom-1 scale of a table of ``span`` (rows, columns) cells in its
    band (see :meth:`Geometry.fit` for the other arguments)."""
    column = max(GRAPH_SIDE_W, 0.3 * css_w) if side and graph else 0.0
    below = graph if side else 0.0
    hand_scale, columns, hand_w, hand_h = _hand_layout(css_w, css_h, hand, side, most,
                                                       column=column, below=below)  # fmt: skip
    bar = (0.0, 0.0, css_w, BAR_H)
    graph_box = _NONE
    if side:
        table = (0.0, BAR_H, max(css_w - hand_w, 1.0), max(css_h - BAR_H, 1.0))
        hand_box = (css_w - hand_w, BAR_H, hand_w, hand_h)
        if graph:
            rest = max(css_h - BAR_H - hand_h, 1.0)
            graph_box = (css_w - hand_w, BAR_H + hand_h, hand_w, min(rest, 2 * graph))
    else:
        graph = min(graph, css_h / 6)
        table = (0.0, BAR_H, css_w, max(css_h - BAR_H - hand_h - graph, 1.0))
        hand_box = (0.0, css_h - hand_h, css_w, hand_h)
        if graph:
            graph_box = (0.0, table[1] + table[3], css_w, graph)
    holds_box = _NONE
    if holds:
        table, holds_box = _holds_split(table, span)
    scale, clipped = _table_scale(table, span, min_cell)
    return _Bands(hand_scale, columns, bar, table, hand_box, graph_box, holds_box, scale,
                  clipped)  # fmt: skip


def _holds_split(area: Box, span: tuple[int, int]) -> tuple[Box, Box]:
    """The table's band and the band of "What do they hold?" in ``area``: beside the table
    or under it, whichever leaves a table of ``span`` bigger cells (beside on a tie)."""
    x, y, w, h = area
    side_w = min(HOLDS_W, w / 2)
    beside = ((x, y, w - side_w, h), (x + w - side_w, y, side_w, h))
    under_h = min(max(HOLDS_H, 0.4 * h), 0.6 * h)
    under = ((x, y, w, h - under_h), (x, y + h - under_h, w, under_h))
    if _table_scale(under[0], span, 0.0)[0] > _table_scale(beside[0], span, 0.0)[0]:
        return under
    return beside


def _table_scale(area: Box, span: tuple[int, int], min_cell: float) -> tuple[float, bool]:
    """The zoom-1 scale of a table of ``span`` (rows, columns) cells in ``area``: the whole
    table, never larger than full size, nor smaller than ``min_cell`` allows; and whether
    ``min_cell`` kept it from fitting."""
    _, _, area_w, area_h = area
    rows, cols = span
    fitted = min(area_w / (cols * CELL_W), area_h / (rows * CELL_H), 1.0)
    least = min(
        min_cell / CELL_W,
        area_w / (_MIN_VISIBLE * CELL_W),
        area_h / (_MIN_VISIBLE * CELL_H),
    )
    return max(fitted, least), fitted < least


def _hand_first(plan: Callable[[float], _Bands]) -> _Bands:
    """The layout ``plan(most)`` (hand cards at most ``most`` times full size) whose hand
    gives the table room first: its cards shrink, down to :data:`MIN_TAP` wide, while that
    makes the table's cards bigger, until the table's cards are as big as the hand's."""
    full = plan(1.0)
    low = _MIN_HAND_SCALE
    if full.hand_scale <= low:
        return full
    most = plan(low).table_scale * (1 - 1e-9)  # the table's cards with the smallest hand

    def good(b: _Bands) -> bool:
        return b.table_scale >= min(b.hand_scale, most)

    if good(full):
        return full
    lo, hi = low, full.hand_scale  # good at lo, not at hi
    for _ in range(16):
        mid = (lo + hi) / 2
        if good(plan(mid)):
            lo = mid
        else:
            hi = mid
    return plan(lo)


def _hand_layout(
    css_w: float, css_h: float, hand: int, side: bool, most: float = 1.0, *,
    column: float = 0.0, below: float = 0.0,
) -> tuple[float, int, float, float]:  # fmt: skip
    """Scale, cards per row, width and height of the hand's part of the canvas (CSS px).

    Cards are at most ``most`` times full size where they fit and shrink down to
    :data:`MIN_TAP` wide, then wrap into more rows (under the table) or more columns
    (beside it).  Beside the table, the column is at least ``column`` wide (with as many
    cards a row as that holds) and ``below`` CSS pixels of it are kept under the cards (the
    part is then only as high as the cards).

    >>> _hand_layout(900, 720, 5, False)
    (1.0, 5, 900, 132.0)
    >>> _hand_layout(390, 600, 5, False)[:2]  # a phone: smaller cards
    (0.8405172413793104, 5)
    >>> scale, columns, _, height = _hand_layout(390, 600, 8, False)
    >>> columns, scale * HAND_CARD_W >= MIN_TAP, height > HAND_H  # two rows
    (7, True, True)
    >>> _hand_layout(1280, 480, 5, True)[:3]
    (1.0, 2, 194.0)
    >>> _hand_layout(853, 480, 5, True, column=300, below=120)  # three a row, two rows high
    (1.0, 3, 300, 244.0)
    """
    n = max(hand, 1)
    unit_w, unit_h = HAND_CARD_W + HAND_GAP, HAND_CARD_H + HAND_GAP
    if not side:
        columns = n
        scale = min(most, css_w / (n * unit_w + HAND_GAP))
        if scale < _MIN_HAND_SCALE:
            columns = max(
                1, int((css_w - HAND_GAP * _MIN_HAND_SCALE) // (unit_w * _MIN_HAND_SCALE))
            )
            scale = min(most, css_w / (columns * unit_w + HAND_GAP))
        return scale, columns, css_w, _cards_height(n, columns, scale)
    room = max(css_h - BAR_H - below - HAND_TOP - HAND_BOTTOM, 1.0)
    wide = int((column - HAND_GAP * most) // (unit_w * most)) if column else 0
    columns = max(min(SIDE_COLUMNS, n), min(wide, n))
    while True:
        rows = math.ceil(n / columns)
        scale = min(most, (room + HAND_GAP) / (rows * unit_h))
        if scale >= _MIN_HAND_SCALE or columns >= n:
            break
        columns += 1
    scale = max(scale, min(_MIN_HAND_SCALE, most))
    width = max(columns * unit_w * scale + HAND_GAP * scale,
                SIDE_COLUMNS * unit_w * scale + HAND_GAP * scale, column)  # fmt: skip
    height = _cards_height(n, columns, scale) if below else css_h - BAR_H
    return scale, columns, width, height


def _cards_height(cards: int, columns: int, scale: float) -> float:
    """Height of a hand of ``cards`` cards, ``columns`` a row, at ``scale`` (CSS px)."""
    rows = math.ceil(cards / columns)
    return HAND_TOP + rows * HAND_CARD_H * scale + (rows - 1) * HAND_GAP * scale + HAND_BOTTOM


def _clamp(mid: float, low: float, high: float, view: float) -> float:
    """The view's middle along one axis: the table's middle if the table (``low..high``)
    fits in ``view``, else ``mid`` kept where the view stays on the table."""
    if high - low <= view:
        return (low + high) / 2
    return min(max(mid, low + view / 2), high - view / 2)


def _inside(box: Box, x: float, y: float) -> bool:
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh
