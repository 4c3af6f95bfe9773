"""What a Dweebie card shows, said once: the card face as plain shapes and text.

The painter (:mod:`dweebies_widget.widget.paint`) draws every card of every picture from
here: the widget's canvas, and the SVG written from the same recording (``Game.svg()``, the
static pictures).  This module is the one place that says what is on a card, where, how big
and in which colour; the painter only turns the primitives below into canvas calls.  Nothing
here draws, so no drawing library is imported.

A face is a tuple of primitives in drawing order, each one plain data:

* :class:`Rect`: a rounded rectangle (the shadow, the white card);
* :class:`Shape`: the Dweebie's shape (an outline from :mod:`dweebies_widget.shapes`) in its
  colour with a dark edge;
* :class:`Text`: one line of text on a baseline (the symbol with its white halo, the name,
  the id);
* :class:`Dots`: the row of copy dots.

Positions and sizes are written for a card of :data:`CARD_W` x :data:`CARD_H` and scaled by
``s = width / CARD_W`` to the card's box here, so the primitives come out in pixels and the
painter draws them as they are.

>>> face = card_face(4, (0, 0, CARD_W, CARD_H))
>>> [type(part).__name__ for part in face]
['Rect', 'Rect', 'Shape', 'Text', 'Text', 'Dots']
>>> face[4]
Text(x=38.0, y=77.0, text='Eeko', size=12.0, colour='#1F2328', bold=True, anchor='middle', \
halo=None, halo_width=0.0)
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from . import palette as P
from .cards import COPIES, LOOKS, NAMES
from .shapes import Outline, outline

__all__ = [
    "CARD_H",
    "CARD_INSET",
    "CARD_W",
    "CELL_H",
    "CELL_W",
    "Box",
    "Dots",
    "Part",
    "Rect",
    "Shape",
    "Text",
    "card_face",
]

Box = tuple[float, float, float, float]
"""A pixel rectangle ``(x, y, width, height)``."""

CELL_W: float = 84.0
"""A table cell at full size, in pixels; its card sits inside with :data:`CARD_INSET`."""
CELL_H: float = 106.0
CARD_INSET: float = 4.0
"""The gap between a cell's edge and its card, at full size."""
CARD_W: float = CELL_W - 2 * CARD_INSET
"""The card at full size (76 x 98): the unit every position on a face is written for."""
CARD_H: float = CELL_H - 2 * CARD_INSET

_NAMES_FROM = 0.75
"""Scale from which a card shows its name at :data:`~dweebies_widget.palette.MIN_TEXT` (the
longest name, seven bold letters, then fits the card); smaller cards show the id."""
_ID_FROM = 0.55
"""Scale from which the big id of a small card fits under its shape at the least size."""
_SYMBOL_FROM = 0.32
"""Scale from which the symbol, at the least size, fits inside its shape."""
_HALO = "#FFFFFF"
_CARD_FILL = "#FFFFFF"

# Small glyphs are drawn larger, and glyphs that sit high in the em box are pushed down, so
# that every symbol fills its shape about equally and looks centred.
_SYMBOL_SCALE = {"^": 1.4, "~": 1.4, ":": 1.3, "*": 1.3, "=": 1.2}
_SYMBOL_NUDGE = {"^": 0.2, "*": 0.2, "~": 0.02, ":": -0.04}

Anchor = Literal["start", "middle", "end"]


class Rect(NamedTuple):
    """A rectangle with rounded corners: filled (``opacity`` is the fill's), then edged
    ``edge_width`` wide when ``edge`` is a colour."""

    x: float
    y: float
    w: float
    h: float
    corner: float
    fill: str
    opacity: float = 1.0
    edge: str | None = None
    edge_width: float = 0.0


class Shape(NamedTuple):
    """A Dweebie's shape: ``outline`` filled with ``fill`` and edged in ``edge`` with round
    joins, so the shape reads without its colour (black-and-white print, colour blindness)."""

    outline: Outline
    fill: str
    edge: str
    edge_width: float


class Text(NamedTuple):
    """One line of text; ``(x, y)`` is on the baseline, at the start, middle or end of the
    text as ``anchor`` says (SVG's ``text-anchor``).  With ``halo``, the text is first
    outlined ``halo_width`` wide in that colour, so it stays readable on any card colour."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    bold: bool = False
    anchor: Anchor = "start"
    halo: str | None = None
    halo_width: float = 0.0


class Dots(NamedTuple):
    """A row of filled circles of radius ``r`` centred on ``(x, y)`` for each ``x`` in
    ``xs``: one per copy of the Dweebie in the deck."""

    xs: tuple[float, ...]
    y: float
    r: float
    colour: str


Part = Rect | Shape | Text | Dots
"""One primitive of a face."""


def card_face(d: int, box: Box) -> tuple[Part, ...]:
    """The face of Dweebie ``d`` on a table card filling ``box``: shadow, white card, shape,
    symbol, name and copy dots, in drawing order (a student reads the Dweebie's name, never
    its number: docs/glossary.md).

    No text is smaller than :data:`~dweebies_widget.palette.MIN_TEXT`: a card too small
    for its name at that size (under 75 % of full size) shows its id, big, with the dots
    below it instead, and a card too small for that shows only its shape, colour, symbol
    and dots (a tiny card, its shape and colour); the first four parts are the same in the
    two variants with a symbol.

    >>> [p.text for p in card_face(18, (0, 0, 76, 98)) if isinstance(p, Text)]
    ['S', 'Squonk']
    >>> [p.text for p in card_face(18, (0, 0, 45.6, 58.8)) if isinstance(p, Text)]
    ['S', '18']
    >>> len(card_face(18, (0, 0, 76, 98))[-1].xs)  # Squonk has three copies
    3
    >>> [p.text for p in card_face(18, (0, 0, 30, 39)) if isinstance(p, Text)]
    ['S']
    >>> min(p.size for s in (0.3, 0.5, 0.7, 1) for p in card_face(18, (0, 0, 76 * s, 98 * s))
    ...     if isinstance(p, Text))
    12.0
    """
    x, y, w, h = box
    look = LOOKS[d]
    s = w / CARD_W
    cx = x + w / 2
    shape_y = y + 36 * s
    parts: list[Part] = [
        Rect(x + 1.5 * s, y + 2 * s, w, h, 9 * s, "#000000", opacity=0.12),
        Rect(x, y, w, h, 9 * s, _CARD_FILL, edge=P.CARD_EDGE, edge_width=max(0.6, 1.1 * s)),
        Shape(outline(look.shape, cx, shape_y, 23 * s), look.colour, P.OUTLINE, max(0.8, 1.6 * s)),
    ]
    if s >= _SYMBOL_FROM:
        parts.append(_symbol(cx, shape_y, look.symbol, 21 * s))
    least = P.MIN_TEXT
    if s >= _NAMES_FROM:
        name = Text(cx, y + 77 * s, NAMES[d], max(least, 12 * s), P.INK, bold=True,
                    anchor="middle")  # fmt: skip
        parts.append(name)
        parts.append(_dots(x + w - 7 * s, y + 87.5 * s, COPIES[d], s, anchor="end"))
    else:
        if s >= _ID_FROM:
            size = max(least, 16 * s)
            parts.append(Text(cx, y + max(80 * s, 59 * s + size), str(d), size, P.INK,
                              bold=True, anchor="middle"))  # fmt: skip
        parts.append(_dots(cx, y + h - 6 * s, COPIES[d], s))
    return tuple(parts)


def _symbol(cx: float, cy: float, symbol: str, size: float) -> Text:
    """The symbol in dark ink with a white halo, centred on ``(cx, cy)`` by eye."""
    size = max(size * _SYMBOL_SCALE.get(symbol, 1.0), P.MIN_TEXT)
    y = cy + (0.36 + _SYMBOL_NUDGE.get(symbol, 0.0)) * size
    return Text(cx, y, symbol, size, P.INK, True, "middle", _HALO, 0.22 * size)


def _dots(x: float, cy: float, count: int, s: float, anchor: Anchor = "middle") -> Dots:
    """``count`` copy dots in a row, centred on ``x`` or (``anchor="end"``) ending there."""
    step, radius = 7.5 * s, 2.6 * s
    span = step * (count - 1)
    first = x - radius - span if anchor == "end" else x - span / 2
    return Dots(tuple(first + i * step for i in range(count)), cy, radius, P.SOFT_INK)
