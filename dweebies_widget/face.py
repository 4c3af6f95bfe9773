"""What a Dweebie card shows, said once: the card face as plain shapes and text.

The painter (:mod:`dweebies_widget.widget.paint`) draws every card of every picture from
here: the widget's canvas, and the SVG written from the same recording (``Game.svg()``, the
static pictures, the handouts).  This module is the one place that says what is on a card,
where, how big and in which colour; the painter only turns the primitives below into canvas
calls.  Nothing here draws, so no drawing library is imported.

A card shows its Dweebie's character (:mod:`dweebies_widget.characters`: a body in the
Dweebie's colour, with eyes, a mouth, something on top and maybe an accessory), its name and
one dot per copy.  The body's outline is the cue that needs no colour; the symbol of its
:class:`~dweebies_widget.cards.Look` is no longer on the card (eyes, mouth and top tell the
Dweebies apart), it stays for the screen-reader descriptions and the charts.

A face is a tuple of primitives in drawing order, each one plain data:

* :class:`Rect`: a rounded rectangle (the shadow, the white card);
* :class:`Shape`, :class:`Path`, :class:`Discs`: the character, ten layers
  (:func:`~dweebies_widget.characters.character_parts`);
* :class:`Text`: one line of text on a baseline (the name);
* :class:`Dots`: the row of copy dots.

Positions and sizes are written for a card of :data:`CARD_W` x :data:`CARD_H` and scaled by
``s = width / CARD_W`` to the card's box here, so the primitives come out in pixels and the
painter draws them as they are.

>>> face = card_face(4, (0, 0, CARD_W, CARD_H))
>>> [type(part).__name__ for part in face]  # doctest: +NORMALIZE_WHITESPACE
['Rect', 'Rect', 'Path', 'Shape', 'Path', 'Path', 'Discs', 'Path', 'Path', 'Path', 'Path',
 'Path', 'Dots', 'Text']
>>> face[-1]
Text(x=38.0, y=80.0, text='Eeko', size=12.0, colour='#1F2328', bold=True, anchor='middle', \
halo=None, halo_width=0.0, max_width=None)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from . import palette as P
from .cards import COPIES, NAMES
from .characters import Discs, Path, Shape, character_parts
from .widget.text import text_width

__all__ = [
    "CARD_H",
    "CARD_INSET",
    "CARD_W",
    "CELL_H",
    "CELL_W",
    "Box",
    "Discs",
    "Dots",
    "Part",
    "Path",
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

_NAMES_FROM = 0.54
"""Scale from which a card shows its name at :data:`~dweebies_widget.palette.MIN_TEXT` or
more (squeezed a little, as the canvas's ``max_width`` does, on the smallest cards)."""
_FULL_FROM = 0.75
"""Scale from which the face is the full card's face scaled (the name at 12 px or more, in
bold, with the copy dots beside it)."""
_CARD_FILL = "#FFFFFF"
_TOP = 3.0
"""The room over a character at full size (a hat's bobble comes nearest the edge)."""
_SPAN = 3.0
"""A character's height, tops and feet included, in units of its body's size; its body's
centre lies :data:`_ABOVE` body sizes under its highest point."""
_ABOVE = 1.9

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


class Text(NamedTuple):
    """One line of text; ``(x, y)`` is on the baseline, at the start, middle or end of the
    text as ``anchor`` says (SVG's ``text-anchor``).  With ``halo``, the text is first
    outlined ``halo_width`` wide in that colour, so it stays readable on any card colour.
    A text wider than ``max_width`` (if given) is squeezed to that width, its letters as tall
    (the canvas's ``max_width``, SVG's ``textLength``)."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    bold: bool = False
    anchor: Anchor = "start"
    halo: str | None = None
    halo_width: float = 0.0
    max_width: float | None = None


class Dots(NamedTuple):
    """A row of filled circles of radius ``r`` centred on ``(x, y)`` for each ``x`` in
    ``xs``: one per copy of the Dweebie in the deck."""

    xs: tuple[float, ...]
    y: float
    r: float
    colour: str


Part = Rect | Shape | Path | Discs | Text | Dots
"""One primitive of a face."""


@lru_cache(maxsize=2048)
def card_face(d: int, box: Box) -> tuple[Part, ...]:
    """The face of Dweebie ``d`` on a table card filling ``box``: shadow, white card, the
    character, the copy dots and the name, in drawing order (a student reads the Dweebie's
    name, never its number: docs/glossary.md).

    No text is smaller than :data:`~dweebies_widget.palette.MIN_TEXT`.  From 75 % of full
    size, the face is the full card's, scaled.  From 54 % (a hand card at its least size is
    58 %), the name is written at the least size under a slightly smaller character, bold
    if it fits the card, else plain and squeezed to fit; the dots go under it.  A smaller
    card shows only the character, bigger, and its dots.  Every card has the same parts in
    the same order but for the name, which comes last.  (Faces are kept for the next
    redraw, which mostly draws the same cards in the same places.)

    >>> [p.text for p in card_face(18, (0, 0, 76, 98)) if isinstance(p, Text)]
    ['Squonk']
    >>> [(p.text, p.size, p.bold) for d in (18, 25) for p in card_face(d, (0, 0, 45.6, 58.8))
    ...  if isinstance(p, Text)]
    [('Squonk', 12.0, False), ('Zuzu', 12.0, True)]
    >>> [(p.text, p.bold, p.max_width) for p in card_face(5, (0, 0, 41.8, 53.9))
    ...  if isinstance(p, Text)]
    [('Fizzwig', False, 38.6)]
    >>> len(card_face(18, (0, 0, 76, 98))[-2].xs)  # Squonk has three copies
    3
    >>> [p.text for p in card_face(18, (0, 0, 30, 39)) if isinstance(p, Text)]
    []
    >>> min(p.size for s in (0.3, 0.55, 0.7, 1) for p in card_face(18, (0, 0, 76 * s, 98 * s))
    ...     if isinstance(p, Text))
    12.0
    """
    x, y, w, h = box
    s = w / CARD_W
    cx = x + w / 2
    least = P.MIN_TEXT
    parts: list[Part] = [
        Rect(x + 1.5 * s, y + 2 * s, w, h, 9 * s, "#000000", opacity=0.12),
        Rect(x, y, w, h, 9 * s, _CARD_FILL, edge=P.CARD_EDGE, edge_width=max(0.6, 1.1 * s)),
    ]
    name: Text | None = None
    if s >= _FULL_FROM:
        size, body_y = 20 * s, y + 41 * s
        dots = _dots(x + w - 7 * s, y + 89.5 * s, COPIES[d], s, anchor="end")
        name = Text(cx, y + 80 * s, NAMES[d], max(least, 12 * s), P.INK, bold=True,
                    anchor="middle")  # fmt: skip
    else:
        dots_y = y + h - 6 * s
        dots = _dots(cx, dots_y, COPIES[d], s)
        bottom = dots_y - 2.6 * s - 2 * s  # the character's lowest point
        if s >= _NAMES_FROM:
            baseline = dots_y - 2.6 * s - 0.27 * least  # room for the name's descenders
            room = w - 4 * s - 1
            bold = text_width(NAMES[d], least, True) <= room - 4  # (bold letters run wider)
            wide = text_width(NAMES[d], least, bold) > room
            name = Text(cx, baseline, NAMES[d], least, P.INK, bold, "middle",
                        max_width=round(room, 1) if wide else None)  # fmt: skip
            bottom = baseline - 0.78 * least - 1.5 * s
        size = min((bottom - y - _TOP * s) / _SPAN, (20 if name else 24) * s)
        body_y = y + _TOP * s + _ABOVE * size + (bottom - y - _TOP * s - _SPAN * size) / 2
    parts += character_parts(d, cx, body_y, size)
    parts.append(dots)
    if name is not None:
        parts.append(name)
    return tuple(parts)


def _dots(x: float, cy: float, count: int, s: float, anchor: Anchor = "middle") -> Dots:
    """``count`` copy dots in a row, centred on ``x`` or (``anchor="end"``) ending there."""
    step, radius = 7.5 * s, 2.6 * s
    span = step * (count - 1)
    first = x - radius - span if anchor == "end" else x - span / 2
    return Dots(tuple(first + i * step for i in range(count)), cy, radius, P.SOFT_INK)
