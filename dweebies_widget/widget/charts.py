"""Drawing the two charts of looking back over a game: who was winning, and who holds what.

One job: turn two pieces of plain data into canvas commands, as
:mod:`~dweebies_widget.widget.paint` does for the table.

* :class:`Graph`: every seat's chance to win after each move (from a
  :func:`~dweebies_widget.ai.review`), one column per step of the game, the shown step
  highlighted, mistakes and blunders marked on the mover's line.  It fills the geometry's
  graph band, under the table; where a click lands on it is the geometry's answer
  (:meth:`~dweebies_widget.widget.geometry.Geometry.graph_column`).
* :class:`Holds`: "What do they hold?", each other seat's likely Dweebies as bars (expected
  copies, from :func:`~dweebies_widget.ai.beliefs`), next to the cards it really held when
  the truth may be shown.  It stands in the geometry's holds band, beside the table (under it
  on a narrow canvas), so the table stays in view.

* The heat map's shades (:func:`heat_colour`, spread by :func:`heat_shades` so that close
  chances look close) and the ink of the values written on them (:func:`heat_ink`).

Which data to show is decided elsewhere (:mod:`~dweebies_widget.widget.replay`); nothing here
knows a rule or a hidden card that it was not given.  Seats are told apart by colour *and*
by dash pattern, and Dweebies by colour, symbol and name, so the charts read without colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .. import palette as P
from ..cards import LOOKS, NAMES
from .geometry import Box, Geometry
from .text import text_width

__all__ = [
    "SEAT_COLOURS", "Graph", "HoldRow", "HoldSeat", "Holds", "contrast", "heat_colour", "heat_ink",
    "heat_scale", "heat_shades", "paint_graph", "paint_holds",
]  # fmt: skip

K = TypeVar("K")

SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
"""One colour per seat (Okabe-Ito: apart for every common colour-vision deficiency)."""
_SEAT_DASHES: tuple[tuple[float, ...], ...] = ((), (8, 4), (2, 3), (10, 3, 2, 3), (5, 5), (1, 3))
"""One dash pattern per seat, so that the lines differ without colour too."""
_CURSOR_FILL = "#DDF4FF"
_BAR = "#0969DA"
_PAPER = "#FFFFFF"


@dataclass(frozen=True)
class Graph:
    """The graph of a game looked back over.

    The plot has ``moves + 1`` columns: one per placement (the step that shows the table
    before it) and a last one for the end of the game."""

    moves: int
    """Placements in the game."""
    cursor: int
    """The shown step, 0 to ``moves`` (``moves``: the end)."""
    names: tuple[str, ...]
    lines: tuple[tuple[float, ...], ...] = ()
    """Per seat, its chance to win after each placement (empty until reviewed)."""
    marks: tuple[tuple[int, int, str], ...] = ()
    """``(placement, seat, label)`` of each mistake and blunder, on the mover's line."""
    note: str = ""
    """Said in the middle of the plot when there are no lines (what to press, or how far
    the review has come)."""
    progress: float | None = None
    """How much of the review is done (0..1) while it runs, else ``None``."""


@dataclass(frozen=True)
class HoldRow:
    """One Dweebie in one seat's bars."""

    dweebie: int
    expected: float
    """Expected copies in the seat's hand, from the beliefs."""
    held: int | None = None
    """Copies really held, or ``None`` when the truth is not shown."""


@dataclass(frozen=True)
class HoldSeat:
    label: str
    cards: int
    rows: tuple[HoldRow, ...]
    """Most likely first."""


@dataclass(frozen=True)
class Holds:
    """"What do they hold?": a title, a line saying how to read it, one block per seat."""

    title: str
    note: str
    seats: tuple[HoldSeat, ...]
    scale: float = 1.0
    """Copies at a bar's full length."""


class Pen(Protocol):
    """What the charts draw with: :class:`~dweebies_widget.widget.paint.Pen` (which imports
    this module, so it is named here by what it does)."""

    def set(self, **attributes: Any) -> None: ...
    def do(self, name: str, *args: Any) -> None: ...
    def dash(self, *segments: float) -> None: ...
    def rect(self, box: Box, fill: str | None = ..., stroke: str | None = ...,
             width: float = ...) -> None: ...  # fmt: skip
    def round_rect(self, box: Box, radius: float, fill: str | None = ...,
                   stroke: str | None = ..., width: float = ...) -> None: ...  # fmt: skip
    def circle(self, x: float, y: float, r: float, fill: str | None = ...,
               stroke: str | None = ...) -> None: ...  # fmt: skip
    def text(self, x: float, y: float, text: str, size: float, colour: str = ...,
             bold: bool = ..., align: str = ..., halo: str | None = ...,
             max_width: float | None = ..., *, halo_width: float | None = ...,
             baseline: str = ...) -> None: ...  # fmt: skip


# ---------------------------------------------------------------------------- the graph
def paint_graph(pen: Pen, g: Geometry, graph: Graph) -> None:
    """Draw ``graph`` in ``g``'s graph band (``g`` in CSS pixels, as the painter draws)."""
    bx, by, bw, bh = g.graph_band
    if not bh:
        return
    px, py, pw, ph = g.graph_plot
    columns = graph.moves + 1
    pen.dash()
    pen.rect((bx, by, bw, bh), fill=_PAPER)
    pen.set(stroke_style=P.SEAT_EDGE, line_width=1)
    pen.do("stroke_line", bx, by, bx + bw, by)
    # The shown step: its column shaded, a line through its middle.
    step_w = pw / columns
    cx = g.graph_x(graph.cursor, columns)
    pen.rect((cx - step_w / 2, py - 4, step_w, ph + 8), fill=_CURSOR_FILL)

    def y_of(chance: float) -> float:
        return py + ph * (1 - min(max(chance, 0.0), 1.0))

    for chance, text in ((1.0, "100%"), (0.5, "50%"), (0.0, "0%")):
        y = y_of(chance)
        pen.set(stroke_style=P.GRID_LINE, line_width=1)
        pen.do("stroke_line", px, y, px + pw, y)
        pen.text(px - 6, y, text, 12, P.SOFT_INK, align="right")
    if step_w >= 4:  # a tick per step, where they do not run together
        pen.set(stroke_style=P.FAINT_INK, line_width=1)
        for i in range(columns):
            x = g.graph_x(i, columns)
            pen.do("stroke_line", x, py + ph, x, py + ph + 3)
    labels = [(px, "move 1", "left"), (px + pw, "end", "right")]
    if graph.moves >= 6:  # and one in the middle, to find one's way
        middle = graph.moves // 2
        labels.append((g.graph_x(middle, columns), f"move {middle + 1}", "center"))
    for x, text, align in labels:
        pen.text(x, py + ph + 11, text, 12, P.SOFT_INK, align=align)
    pen.set(stroke_style=P.LAST_EDGE, line_width=2)
    pen.do("stroke_line", cx, py - 4, cx, py + ph + 4)
    if graph.lines:
        _paint_lines(pen, g, graph, y_of)
    else:
        _paint_note(pen, (px, py, pw, ph), graph)


def _paint_lines(pen: Pen, g: Geometry, graph: Graph, y_of: Callable[[float], float]) -> None:
    columns = graph.moves + 1
    for seat, chances in enumerate(graph.lines):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        pen.dash(*_SEAT_DASHES[seat % len(_SEAT_DASHES)])
        pen.set(stroke_style=colour, line_width=2.5, line_join="round")
        if len(chances) == 1:
            pen.circle(g.graph_x(0, columns), y_of(chances[0]), 3, fill=colour)
            continue
        pen.do("begin_path")
        for i, chance in enumerate(chances):
            pen.do("line_to" if i else "move_to", g.graph_x(i, columns), y_of(chance))
        pen.do("stroke")
    pen.dash()
    for ply, seat, label in graph.marks:
        x, y = g.graph_x(ply, columns), y_of(graph.lines[seat][ply])
        if label == "blunder":  # a bold cross
            pen.set(stroke_style=P.INK, line_width=3, line_cap="round")
            pen.do("stroke_line", x - 5, y - 5, x + 5, y + 5)
            pen.do("stroke_line", x - 5, y + 5, x + 5, y - 5)
        else:  # a ring
            pen.set(stroke_style=P.INK, line_width=2)
            pen.do("begin_path")
            pen.do("arc", x, y, 5, 0, 2 * math.pi)
            pen.do("stroke")
    # The key, along the top of the band: each seat's line and name, then the marks.
    bx, by, bw, _ = g.graph_band
    x, y = g.graph_plot[0], by + 11
    for seat, name in enumerate(graph.names):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        pen.dash(*_SEAT_DASHES[seat % len(_SEAT_DASHES)])
        pen.set(stroke_style=colour, line_width=2.5)
        pen.do("stroke_line", x, y, x + 22, y)
        pen.dash()
        text = name if len(name) <= 14 else name[:13] + "\u2026"
        pen.text(x + 26, y, text, 12, P.INK, bold=True, align="left")
        x += 26 + text_width(text, 12, bold=True) + 14
    if graph.marks and x + 190 < bx + bw:
        pen.set(stroke_style=P.INK, line_width=2)
        pen.do("begin_path")
        pen.do("arc", x + 5, y, 5, 0, 2 * math.pi)
        pen.do("stroke")
        pen.text(x + 14, y, "mistake", 12, P.INK, align="left")
        x += 14 + text_width("mistake", 12) + 12
        pen.set(stroke_style=P.INK, line_width=3, line_cap="round")
        pen.do("stroke_line", x, y - 5, x + 10, y + 5)
        pen.do("stroke_line", x, y + 5, x + 10, y - 5)
        pen.text(x + 14, y, "blunder", 12, P.INK, align="left")


def _paint_note(pen: Pen, plot: tuple[float, float, float, float], graph: Graph) -> None:
    """No lines yet: what to do, or how far the review has come (with a progress bar)."""
    px, py, pw, ph = plot
    mid = py + ph / 2 - (8 if graph.progress is not None else 0)
    if graph.note:
        pen.text(px + pw / 2, mid, graph.note, 13, P.INK, halo=_PAPER, max_width=pw - 8)
    if graph.progress is not None:
        w = min(pw - 16, 320.0)
        x, y = px + (pw - w) / 2, mid + 14
        pen.round_rect((x, y, w, 10), 5, fill=P.SEAT_FILL, stroke=P.SEAT_EDGE)
        if graph.progress > 0:
            pen.round_rect((x, y, max(w * min(graph.progress, 1.0), 10.0), 10), 5, fill=_BAR)


# ---------------------------------------------------------------------------- the bars
def paint_holds(pen: Pen, g: Geometry, holds: Holds) -> None:
    """Draw ``holds`` in its band beside (or under) the table (``g`` in CSS pixels; over
    the table band on a layout without a holds band)."""
    bx, by, bw, bh = g.holds_band if g.holds_band[2] > 0 else g.table_band
    pen.dash()
    pen.rect((bx, by, bw, bh), fill=_PAPER)
    pen.text(bx + 12, by + 16, holds.title, 15, P.INK, bold=True, align="left",
             max_width=bw - 24)  # fmt: skip
    pen.text(bx + 12, by + 36, holds.note, 12, P.SOFT_INK, align="left", max_width=bw - 24)
    top = by + 52
    seats = holds.seats
    if not seats:
        pen.text(bx + bw / 2, top + 30, "Nobody else holds a card.", 14, P.SOFT_INK)
        return
    per_row = max(1, min(len(seats), int(bw // 230)))
    rows = math.ceil(len(seats) / per_row)
    w = min((bw - 12) / per_row, 560.0)  # long bars are hard to compare
    h = (by + bh - top - 4) / rows
    for i, seat in enumerate(seats):
        r, c = divmod(i, per_row)
        _paint_seat_bars(pen, (bx + 6 + c * w, top + r * h, w - 6, h - 4), seat, holds.scale)


def _paint_seat_bars(pen: Pen, box: tuple[float, float, float, float], seat: HoldSeat,
                     scale: float) -> None:  # fmt: skip
    x, y, w, h = box
    pen.round_rect(box, 6, fill=P.SEAT_FILL, stroke=P.SEAT_EDGE)
    cards = f"{seat.cards} card{'s' if seat.cards != 1 else ''}"
    pen.text(x + 8, y + 13, f"{seat.label}: {cards}", 13, P.INK, bold=True, align="left",
             max_width=w - 16)  # fmt: skip
    if not seat.rows:
        pen.text(x + w / 2, y + h / 2, "no cards in hand", 12, P.SOFT_INK)
        return
    line = min(28.0, (h - 30) / len(seat.rows))
    shown = seat.rows if line >= 15 else seat.rows[: max(int((h - 30) // 15), 0)]
    line = max(line, 15.0)
    size = 12.0  # the least text size (a line is at least 15 pixels)
    name_w = 66.0 if w >= 200 else 48.0
    truth = any(row.held is not None for row in seat.rows)
    held_w = 34.0 if truth else 0.0
    bar_x = x + 8 + line + name_w
    bar_w = max(w - (bar_x - x) - 34 - held_w, 8.0)
    cy = y + 28 + line / 2
    for row in shown:
        look = LOOKS[row.dweebie]
        side = line - 4
        pen.round_rect((x + 8, cy - side / 2, side, side), 3, fill=look.colour,
                       stroke=P.OUTLINE, width=1)  # fmt: skip
        pen.text(x + 8 + side / 2, cy + 0.5, look.symbol, size, P.INK, bold=True, halo=_PAPER,
                 halo_width=2.5)  # fmt: skip
        pen.text(x + 12 + line, cy, NAMES[row.dweebie], size, P.INK, align="left",
                 max_width=name_w - 6)  # fmt: skip
        length = bar_w * min(row.expected / scale, 1.0) if scale > 0 else 0.0
        pen.rect((bar_x, cy - line * 0.3, bar_w, line * 0.6), fill=_CURSOR_FILL)
        if length > 0:
            pen.rect((bar_x, cy - line * 0.3, length, line * 0.6), fill=_BAR)
        pen.text(bar_x + bar_w + 4, cy, f"{row.expected:.1f}", size, P.INK, align="left")
        if row.held:
            sq = min(8.0, line * 0.4)
            for k in range(row.held):
                pen.rect((x + w - held_w + k * (sq + 2), cy - sq / 2, sq, sq), fill=P.INK)
        elif row.held == 0:
            pen.text(x + w - held_w + 2, cy, "\u2013", size, P.FAINT_INK, align="left")
        cy += line
    if len(shown) < len(seat.rows):
        pen.text(x + w - 8, y + 13, f"+{len(seat.rows) - len(shown)} more", 12, P.SOFT_INK,
                 align="right")  # fmt: skip


# ---------------------------------------------------------------------------- the heat map
def _luminance(colour: str) -> float:
    """The relative luminance of ``"#RRGGBB"`` (WCAG 2)."""
    channels = []
    for i in (1, 3, 5):
        c = int(colour[i : i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    red, green, blue = channels
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(a: str, b: str) -> float:
    """The WCAG 2 contrast ratio of two ``"#RRGGBB"`` colours (1 to 21).

    >>> round(contrast("#FFFFFF", "#000000"), 1)
    21.0
    """
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def heat_colour(value: float) -> str:
    """The heat map's shade for ``value`` in 0..1 (viridis: dark purple to yellow).

    >>> heat_colour(0.0), heat_colour(1.0), heat_colour(0.5)
    ('#440154', '#FDE725', '#21918C')
    """
    t = min(max(value, 0.0), 1.0) * (len(_VIRIDIS) - 1)
    i = min(int(t), len(_VIRIDIS) - 2)
    f = t - i
    a, b = _VIRIDIS[i], _VIRIDIS[i + 1]
    red, green, blue = (round(a[k] + (b[k] - a[k]) * f) for k in range(3))
    return f"#{red:02X}{green:02X}{blue:02X}"


_VIRIDIS = ((68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37))
"""Stops of the viridis scale: dark to light, evenly spaced in lightness and readable with
every common colour-vision deficiency."""
_DARK = "#000000"
_WHITE = "#FFFFFF"


def heat_ink(value: float) -> str:
    """The ink of a heat map's value on the shade of ``value``: white or black, whichever
    stands out more (no halo: at least 4.5:1 on every shade).

    >>> heat_ink(0.0), heat_ink(1.0)
    ('#FFFFFF', '#000000')
    """
    shade = heat_colour(value)
    return _WHITE if contrast(shade, _WHITE) >= contrast(shade, _DARK) else _DARK


def heat_scale(values: Iterable[float], span: float = 0.2) -> tuple[float, float]:
    """The chances at both ends of the heat map's scale for win chances ``values`` (0..1):
    the values' middle in the middle of a range at least ``span`` wide, never past 0 or 1
    (what the legend's ends say).

    >>> heat_scale([0.45, 0.5]), heat_scale([0.1, 0.9]), heat_scale([0.98])
    ((0.375, 0.575), (0.1, 0.9), (0.8, 1.0))
    """
    values = list(values)
    if not values:
        return 0.0, 1.0
    least, most = min(values), max(values)
    width = max(most - least, span)
    low = min(max((least + most) / 2 - width / 2, 0.0), 1.0 - width)
    return round(low, 6), round(low + width, 6)


def heat_shades(values: Mapping[K, float], span: float = 0.2) -> dict[K, float]:
    """Shades (0..1) for win chances ``values`` (0..1) on the :func:`heat_scale`, so that
    close chances (45 % to 50 %) look close and only far-apart ones fill the whole scale.

    >>> heat_shades({(0, 0): 0.45, (0, 1): 0.5})
    {(0, 0): 0.375, (0, 1): 0.625}
    >>> heat_shades({(0, 0): 0.1, (0, 1): 0.9})
    {(0, 0): 0.0, (0, 1): 1.0}
    """
    low, high = heat_scale(values.values(), span)
    return {key: round((v - low) / (high - low), 6) for key, v in values.items()}
