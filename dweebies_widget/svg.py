"""The static picture of a game: one SVG document with the table, the hands and the scores.

This module draws; it decides nothing.  Everything it shows comes from the public state of a
:class:`~dweebies_widget.game.Game` (the board, the legal cells, the groups of a split table,
the hands, scores and pile) and from the looks in :mod:`dweebies_widget.cards`.  The picture
is plain SVG text, so a notebook that stored it shows it on any viewer, GitHub included, with
no widget and no kernel.

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> picture = SvgPicture(render(game, legal=True, names=["Ana", "Ben"]))
>>> picture.data.startswith("<svg") and "Ana to play" in picture.data
True

What is drawn:

* **The table**: every card in its cell, rows growing downward and columns to the right,
  with one empty cell of margin around the cards and the cell coordinates along the edges
  (the numbers a student types in ``game.play(dweebie, (row, col))``).  A card shows its
  Dweebie's shape in its colour with a dark outline, the symbol in dark ink with a white halo
  (readable on every colour, also on black and yellow), the name and id below, and one dot
  per copy at the bottom: the face that :mod:`dweebies_widget.face` describes for this
  picture and the widget alike.  Shape and symbol alone tell any two Dweebies apart, so the picture
  also works in black and white.  Each card has a ``<title>`` tooltip.
* **Markers**: the legal cells (``legal=True``, green and dashed, with their coordinates),
  the last placement (``last=True``, a thick blue outline, and the cells it collected as
  dashed ghosts), and on a split table a tint per group, the cells on a shortest bridge (amber,
  dotted, with a ``+``) and a caption with the bridge cost.
* **The panel** above the table: whose turn it is or who won, the pile, the last action, and
  one box per seat with its score, its hand as small cards (all hands: this is the teacher's
  view) and, with ``Rules(auto_draw=False)``, its owed draws.

The output is deterministic (the same game gives byte-identical text: no ids, no clock,
sorted iteration), uses presentation attributes only (no ``<style>`` and no ``id`` that
could clash with the notebook page) and keeps its width under :data:`MAX_WIDTH` by shrinking
the cells of a large table.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from . import palette as P
from .cards import COPIES, LOOKS, NAMES
from .face import (
    CARD_INSET,
    CELL_H,
    CELL_W,
    MINI_H,
    MINI_W,
    Box,
    Part,
    Rect,
    Shape,
    Text,
    card_face,
    mini_face,
)
from .game import CENTER, Game, Placement
from .grid import Cell, reading_order
from .shapes import Circle, Drop, Outline, Square, outline

__all__ = [
    "MAX_WIDTH",
    "SvgPicture",
    "draw_shape",
    "render",
]

MAX_WIDTH: int = 900
"""The widest picture :func:`render` makes, in pixels; large tables get smaller cells."""

MAX_TABLE_HEIGHT: int = 1100
"""The tallest the table part of the picture gets, in pixels."""

# ---------------------------------------------------------------------------- sizes (px)
_PAD = 16  # around the whole picture
_GAP = 12  # between blocks
_LABEL_W = 28  # row numbers left of the table
_LABEL_H = 20  # column numbers above the table
_HAND_STEP = MINI_W + 5  # a mini card of a hand and the gap to the next
_SEAT_LABEL_W = 170  # the text part of a seat box
_SEAT_NAME_CHARS = 14  # longer seat names are shortened (the tooltip has them whole)
_TITLE_SIZE = 20
_TEXT_SIZE = 13


# ---------------------------------------------------------------------------- text helpers
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: object) -> str:
    """``value`` as text that is safe inside an XML element or a double-quoted attribute."""
    return escape(_NOT_XML.sub("\ufffd", str(value)), {'"': "&quot;"})


def _n(x: float) -> str:
    """A coordinate, short: one decimal at most, no ``-0``."""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _width_of(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the rendered width of ``text`` (no font metrics available)."""
    return len(text) * size * (0.64 if bold else 0.58)


def _dashes(dash: float, gap: float) -> str:
    """A ``stroke-dasharray`` attribute (with its leading space)."""
    return f' stroke-dasharray="{_n(dash)} {_n(gap)}"'


def _shorten(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "\u2026"


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _label(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    fill: str = P.INK,
    bold: bool = False,
    anchor: str = "start",
    extra: str = "",
) -> str:
    """One ``<text>`` element; ``text`` is escaped here."""
    weight = ' font-weight="bold"' if bold else ""
    anchor_attr = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"'
        f"{weight}{anchor_attr}{extra}>{_text(text)}</text>"
    )


# ---------------------------------------------------------------------------- shapes
def _shape_element(shape: Outline, style: str) -> str:
    """One SVG element for an outline from :func:`~dweebies_widget.shapes.outline`."""
    if isinstance(shape, Circle):
        return f'<circle cx="{_n(shape.cx)}" cy="{_n(shape.cy)}" r="{_n(shape.r)}"{style}/>'
    if isinstance(shape, Square):
        side = _n(shape.side)
        return (
            f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{side}" height="{side}" '
            f'rx="{_n(shape.corner)}"{style}/>'
        )
    if isinstance(shape, Drop):
        (tx, ty), (rx, ry), (lx, ly) = shape.tip, shape.right, shape.left
        r = _n(shape.radius)
        return (
            f'<path d="M{_n(tx)},{_n(ty)} L{_n(rx)},{_n(ry)} '
            f'A{r},{r} 0 1 1 {_n(lx)},{_n(ly)} Z"{style}/>'
        )
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in shape.points)
    return f'<polygon points="{pts}"{style}/>'


def draw_shape(shape: str, cx: float, cy: float, size: float, style: str = "") -> str:
    """The SVG element of ``shape`` (a name from :data:`~dweebies_widget.cards.SHAPES`),
    centred on ``(cx, cy)``; ``style`` is extra attribute text such as ``' fill="#E69F00"'``.

    >>> draw_shape("circle", 10, 20, 5, ' fill="red"')
    '<circle cx="10" cy="20" r="4.6" fill="red"/>'
    """
    return _shape_element(outline(shape, cx, cy, size), style)


def _card_title(d: int) -> str:
    k = COPIES[d]
    look = LOOKS[d]
    return (
        f"{NAMES[d]} ({d}), {_plural(k, 'copy', 'copies')}: "
        f"{look.colour_name} {look.shape} marked {look.symbol}"
    )


def _face(parts: Iterable[Part]) -> str:
    """A card face from :mod:`dweebies_widget.face` as SVG elements, in its drawing order."""
    return "".join(map(_face_part, parts))


def _face_part(part: Part) -> str:
    if isinstance(part, Rect):
        attrs = f' rx="{_n(part.corner)}" fill="{part.fill}"'
        if part.opacity != 1:
            attrs += f' fill-opacity="{part.opacity:g}"'
        if part.edge is not None:
            attrs += f' stroke="{part.edge}" stroke-width="{_n(part.edge_width)}"'
        return _rect((part.x, part.y, part.w, part.h), attrs)
    if isinstance(part, Shape):
        style = (
            f' fill="{part.fill}" stroke="{part.edge}" stroke-width="{_n(part.edge_width)}"'
            ' stroke-linejoin="round"'
        )
        return _shape_element(part.outline, style)
    if isinstance(part, Text):
        x, y, text, size = part.x, part.y, part.text, part.size
        ink = _label(x, y, text, size, fill=part.colour, bold=part.bold, anchor=part.anchor)
        if part.halo is None:
            return ink
        # The halo: the same text in the halo colour, outlined wide, under the ink.
        outlined = (
            f' stroke="{part.halo}" stroke-width="{_n(part.halo_width)}" stroke-linejoin="round"'
        )
        under = _label(x, y, text, size, fill=part.halo, bold=part.bold, anchor=part.anchor,
                       extra=outlined)  # fmt: skip
        return under + ink
    return "".join(
        f'<circle cx="{_n(x)}" cy="{_n(part.y)}" r="{_n(part.r)}" fill="{part.colour}"/>'
        for x in part.xs
    )


def _card(d: int, box: Box, tip: str) -> str:
    """A table card filling ``box``, with its tooltip."""
    return f'<g class="dw-card"><title>{_text(tip)}</title>{_face(card_face(d, box))}</g>'


def _hand_card(d: int, x: float, y: float) -> str:
    """A mini card of a hand, top-left corner at ``(x, y)``, with its tooltip."""
    return (
        f'<g class="dw-hand-card"><title>{_text(_card_title(d))}</title>'
        f"{_face(mini_face(d, x, y))}</g>"
    )


# ---------------------------------------------------------------------------- layout
@dataclass(frozen=True)
class _Table:
    """Where the table goes: its cell range and the size of one cell."""

    top: int
    left: int
    rows: int
    cols: int
    cell_w: float
    cell_h: float

    @property
    def width(self) -> float:
        return self.cols * self.cell_w

    @property
    def height(self) -> float:
        return self.rows * self.cell_h


def _plan_table(cells: Iterable[Cell]) -> _Table:
    """One cell of margin around ``cells``, with cells small enough to keep within limits."""
    cell_list = list(cells) or [CENTER]
    top = min(r for r, _ in cell_list) - 1
    left = min(c for _, c in cell_list) - 1
    rows = max(r for r, _ in cell_list) + 2 - top
    cols = max(c for _, c in cell_list) + 2 - left
    room = MAX_WIDTH - 2 * _PAD - _LABEL_W
    scale = min(1.0, room / (cols * CELL_W), MAX_TABLE_HEIGHT / (rows * CELL_H))
    return _Table(top, left, rows, cols, CELL_W * scale, CELL_H * scale)


def _seat_names(game: Game, names: Sequence[str] | None) -> list[str]:
    if names is None:
        return [f"Seat {s}" for s in range(game.players)]
    if isinstance(names, str):
        raise TypeError("names must be a sequence of seat names, one per seat, not one string")
    labels = [str(x) for x in names]
    if len(labels) != game.players:
        raise ValueError(
            f"names has {len(labels)} entries but the game has {game.players} seats; "
            "give one name per seat"
        )
    return labels


def _status(game: Game, labels: Sequence[str]) -> str:
    if game.is_over:
        won = game.winners
        text = f"Game over \u2014 winners: {', '.join(labels[s] for s in won)}"
        if len(won) == game.players:
            text += " (everybody tied)"
        return text
    turn = sum(1 for a in game.history if isinstance(a, Placement)) + 1
    return f"Turn {turn} \u00b7 {labels[game.current_player]} to play"


def _facts(game: Game) -> str:
    text = (
        f"Draw pile: {_plural(game.pile_size, 'card')} \u00b7 "
        f"On the table: {_plural(len(game.board), 'card')}"
    )
    if game.out_of_play:
        text += f" \u00b7 Out of play: {_plural(len(game.out_of_play), 'card')}"
    if not game.rules.auto_draw:
        text += " \u00b7 Draws are taken by hand (auto_draw=False)"
    return text


def _seat_box(
    game: Game, seat: int, label: str, x: float, y: float, w: float, h: float, per_line: int
) -> str:
    over = game.is_over
    to_move = not over and seat == game.current_player
    won = over and seat in game.winners
    fill, edge = P.SEAT_FILL, P.SEAT_EDGE
    if to_move:
        fill, edge = P.TURN_FILL, P.TURN_EDGE
    elif won:
        fill, edge = P.WIN_FILL, P.WIN_EDGE
    hand = game.hand(seat)
    score = game.scores[seat]
    tip = f"{label}: {_plural(score, 'point')}, {_plural(len(hand), 'card')} in hand"
    if to_move:
        tip += ", to play"
    if won:
        tip += ", winner"
    parts = [
        f'<g class="dw-seat"><title>{_text(tip)}</title>',
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="10" '
        f'fill="{fill}" stroke="{edge}" stroke-width="{2 if to_move or won else 1}"/>',
    ]
    head = _shorten(label, _SEAT_NAME_CHARS)
    if to_move:
        head = "\u25b6 " + head
    elif won:
        head = "\u2605 " + head
    parts.append(_label(x + 12, y + 24, head, 16, bold=True))
    parts.append(_label(x + 12, y + 44, _plural(score, "point"), 13, fill=P.INK))
    status = "to play" if to_move else ("winner" if won else f"{len(hand)} in hand")
    parts.append(_label(x + 12, y + 61, status, 12, fill=P.SOFT_INK))
    if not game.rules.auto_draw:
        owed = game.owed_draws(seat)
        text = f"owes {_plural(owed, 'draw')}" if owed else "owes no draw"
        colour = "#9A6700" if owed else P.FAINT_INK
        parts.append(_label(x + 12, y + 78, text, 12, fill=colour, bold=bool(owed)))
    cards_x = x + _SEAT_LABEL_W
    if not hand:
        parts.append(_label(cards_x, y + 44, "no cards", 13, fill=P.FAINT_INK))
    for i, d in enumerate(hand):
        line, col = divmod(i, per_line)
        parts.append(_hand_card(d, cards_x + col * _HAND_STEP, y + 10 + line * (MINI_H + 6)))
    parts.append("</g>")
    return "".join(parts)


def _cell_box(t: _Table, x0: float, y0: float, cell: Cell, inset: float) -> Box:
    """``(x, y, w, h)`` of ``cell`` on the table, shrunk by ``inset`` on every side."""
    r, c = cell
    return (
        x0 + (c - t.left) * t.cell_w + inset,
        y0 + (r - t.top) * t.cell_h + inset,
        t.cell_w - 2 * inset,
        t.cell_h - 2 * inset,
    )


def _rect(box: Box, attrs: str) -> str:
    x, y, w, h = box
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{attrs}/>'


def _legend(items: Sequence[tuple[str, str]], x: float, y: float) -> str:
    """A row of small swatches with their meaning: ``(kind, text)`` pairs."""
    parts = ['<g class="dw-legend">']
    for kind, text in items:
        if kind in ("legal", "legal-link"):  # legal-link: a legal cell on a split table
            fill, edge = (P.LINK_FILL, P.LINK_EDGE) if kind == "legal-link" else (
                P.LEGAL_FILL, P.LEGAL_EDGE)  # fmt: skip
            swatch = f' fill="{fill}" stroke="{edge}" stroke-width="1.5" stroke-dasharray="4 3"'

        elif kind == "last":
            swatch = f' fill="#FFFFFF" stroke="{P.LAST_EDGE}" stroke-width="3"'
        elif kind == "link":
            swatch = (
                f' fill="{P.LINK_FILL}" stroke="{P.LINK_EDGE}" stroke-width="2" '
                'stroke-dasharray="2 3"'
            )
        elif kind == "group":  # the first two tints side by side
            parts.append(_rect((x, y - 11, 9, 14), f' fill="{P.GROUP_TINTS[0]}"'))
            swatch = f' fill="{P.GROUP_TINTS[1]}"'
            parts.append(_rect((x + 9, y - 11, 9, 14), swatch))
            parts.append(_label(x + 24, y, text, 12, fill=P.SOFT_INK))
            x += 24 + _width_of(text, 12) + 18
            continue
        else:  # taken
            swatch = (
                f' fill="none" stroke="{P.TAKEN_EDGE}" stroke-width="1.5" stroke-dasharray="5 3"'
            )
        parts.append(_rect((x, y - 11, 18, 14), f' rx="3"{swatch}'))
        parts.append(_label(x + 24, y, text, 12, fill=P.SOFT_INK))
        x += 24 + _width_of(text, 12) + 18
    parts.append("</g>")
    return "".join(parts)


# ---------------------------------------------------------------------------- render
def render(
    game: Game,
    *,
    legal: bool = False,
    last: bool = True,
    names: Sequence[str] | None = None,
) -> str:
    """The picture of ``game`` as an SVG document (a string starting with ``<svg``).

    ``legal`` marks the cells where the mover may place; ``last`` outlines the last card
    placed (and the cells it collected); ``names`` labels the seats, one name per seat
    (default ``"Seat 0"``, ``"Seat 1"``, ...).  The same game always gives the same text.

    >>> from dweebies_widget import Game
    >>> render(Game(players=2, seed=7)).startswith('<svg')
    True
    >>> render(Game(players=2, seed=7)) == render(Game(players=2, seed=7))
    True
    """
    labels = _seat_names(game, names)
    board = game.board
    split = game.is_split
    legal_cells = sorted(game.legal_cells()) if legal else []
    link_cells = sorted(game.link_cells) if split else []
    placement = game.last_placement if last else None
    last_cell = placement.move.cell if placement is not None else None
    taken = sorted(placement.collected) if placement is not None else []
    # Legal and link cells lie within one cell of the cards, so the margin holds them; the
    # cells of the last collection may not, so they widen the table.
    shown = set(board) | set(taken)
    if last_cell is not None:
        shown.add(last_cell)
    table = _plan_table(sorted(shown))

    # --- the panel: status, facts, last action, seat boxes
    short = [_shorten(label, _SEAT_NAME_CHARS) for label in labels]
    status = _status(game, short)
    facts = _facts(game)
    last_text = placement.describe(short) if placement is not None else ""
    if last_text:
        last_text = "Last: " + last_text
    hand_max = max((len(game.hand(s)) for s in range(game.players)), default=0)
    room = MAX_WIDTH - 2 * _PAD
    per_line = max(1, min(max(hand_max, 5), int((room - _SEAT_LABEL_W - 10) // _HAND_STEP)))
    seat_w = _SEAT_LABEL_W + per_line * _HAND_STEP + 6
    hand_lines = max(1, math.ceil(hand_max / per_line))
    seat_h = max(88 if not game.rules.auto_draw else 76, 20 + hand_lines * (MINI_H + 6) - 6)
    seat_cols = 2 if game.players > 1 and 2 * seat_w + _GAP <= room else 1
    seat_rows = math.ceil(game.players / seat_cols)
    panel_w = max(
        seat_cols * seat_w + (seat_cols - 1) * _GAP,
        _width_of(status, _TITLE_SIZE, bold=True),
        _width_of(facts, _TEXT_SIZE),
        _width_of(last_text, _TEXT_SIZE),
    )

    # --- the split caption and the legend under the table
    caption = ""
    if split:
        k = len(game.groups)
        caption = (
            f"Split into {k} groups: {_plural(game.bridge_cost, 'card')} needed to rejoin "
            f"them; {game.rules.split_collecting}"
        )
        panel_w = max(panel_w, _width_of(caption, 14, bold=True) + 24)
    legend: list[tuple[str, str]] = []
    if legal_cells:
        legend.append(("legal-link" if link_cells else "legal", "legal cell (row, col)"))
    if last_cell is not None:
        legend.append(("last", "last card placed"))
    if taken:
        legend.append(("taken", "collected last turn"))
    if link_cells:
        legend.append(("link", "+ on a shortest bridge"))
    if split:
        legend.append(("group", "tint: one group"))
    legend_w = sum(42 + _width_of(text, 12) for _, text in legend)

    content_w = min(max(panel_w, table.width + _LABEL_W, legend_w, 320.0), room)
    width = math.ceil(content_w + 2 * _PAD)

    def fitted(text: str, size: float, bold: bool = False) -> float:
        """``size``, or smaller if ``text`` would not fit the width."""
        return min(size, size * content_w / max(1.0, _width_of(text, size, bold)))

    out: list[str] = []  # the fragments, in drawing order
    y: float = _PAD + _TITLE_SIZE
    out.append(_label(_PAD, y, status, fitted(status, _TITLE_SIZE, True), bold=True))
    y += 22
    out.append(_label(_PAD, y, facts, fitted(facts, _TEXT_SIZE), fill=P.SOFT_INK))
    if last_text:
        y += 19
        out.append(_label(_PAD, y, last_text, fitted(last_text, _TEXT_SIZE), fill=P.SOFT_INK))
    y += 14
    for seat in range(game.players):
        row, col = divmod(seat, seat_cols)
        sx = _PAD + col * (seat_w + _GAP)
        sy = y + row * (seat_h + _GAP)
        out.append(_seat_box(game, seat, labels[seat], sx, sy, seat_w, seat_h, per_line))
    y += seat_rows * (seat_h + _GAP) + 4

    if caption:
        box = (_PAD, y, content_w, 34)
        out.append(
            '<g class="dw-split">'
            + _rect(
                box, f' rx="8" fill="{P.SPLIT_FILL}" stroke="{P.SPLIT_EDGE}" stroke-width="1.5"'
            )
            + _label(
                _PAD + 12, y + 22, caption, fitted(caption, 14, True), bold=True, fill="#7D4E00"
            )
            + "</g>"
        )
        y += 34 + _GAP

    # --- the table
    x0 = _PAD + _LABEL_W + (content_w - _LABEL_W - table.width) / 2
    y0 = y + _LABEL_H
    out.append(
        _rect(
            (x0 - 4, y0 - 4, table.width + 8, table.height + 8),
            f' rx="12" fill="{P.TABLE_FILL}" stroke="{P.TABLE_EDGE}" stroke-width="1.5"',
        )
    )
    out.append(_grid_lines(table, x0, y0))
    out.append(_coordinates(table, x0, y0))
    out.append(_table_layers(game, table, x0, y0, legal_cells, link_cells, taken, last_cell))
    y = y0 + table.height + 4

    if legend:
        y += 22
        out.append(_legend(legend, _PAD, y))
        y += 4
    height = math.ceil(y + _PAD)

    summary = status + ". " + facts
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="{P.FONT}" role="img" '
        f'aria-label="{_text("Dweebies: " + summary)}">'
        f"<title>{_text('Dweebies: ' + summary)}</title>"
        f'<rect width="{width}" height="{height}" fill="#FFFFFF"/>'
    )
    return head + "".join(out) + "</svg>\n"


def _grid_lines(t: _Table, x0: float, y0: float) -> str:
    """Faint lines between the cells, one path."""
    steps = [f"M{_n(x0 + i * t.cell_w)},{_n(y0)}v{_n(t.height)}" for i in range(1, t.cols)]
    steps += [f"M{_n(x0)},{_n(y0 + j * t.cell_h)}h{_n(t.width)}" for j in range(1, t.rows)]
    if not steps:
        return ""
    return f'<path d="{"".join(steps)}" stroke="{P.GRID_LINE}" stroke-width="1" fill="none"/>'


def _coordinates(t: _Table, x0: float, y0: float) -> str:
    """Column numbers above the table, row numbers left of it."""
    size = min(12.0, max(7.0, t.cell_w * 0.3))
    parts = [f'<g class="dw-coords" fill="{P.FAINT_INK}" font-size="{_n(size)}">']
    for i in range(t.cols):
        x = x0 + (i + 0.5) * t.cell_w
        parts.append(f'<text x="{_n(x)}" y="{_n(y0 - 8)}" text-anchor="middle">{t.left + i}</text>')
    for j in range(t.rows):
        yy = y0 + (j + 0.5) * t.cell_h + size * 0.35
        parts.append(f'<text x="{_n(x0 - 10)}" y="{_n(yy)}" text-anchor="end">{t.top + j}</text>')
    parts.append("</g>")
    return "".join(parts)


def _table_layers(
    game: Game,
    t: _Table,
    x0: float,
    y0: float,
    legal_cells: Sequence[Cell],
    link_cells: Sequence[Cell],
    taken: Sequence[Cell],
    last_cell: Cell | None,
) -> str:
    """Everything inside the table, bottom layer first."""
    board = game.board
    s = t.cell_w / CELL_W
    inset = CARD_INSET * s
    parts: list[str] = []
    group_of: dict[Cell, int] = {}

    # Group tints under the cards of a split table: touching cells merge into one patch.
    if game.is_split:
        groups = reading_order(game.groups)
        for i, group in enumerate(groups):
            tint = P.GROUP_TINTS[i % len(P.GROUP_TINTS)]
            tip = f"Group {i + 1} of {len(groups)}: {_plural(len(group), 'card')}"
            parts.append(f'<g class="dw-group" fill="{tint}" fill-opacity="0.55">')
            parts.append(f"<title>{_text(tip)}</title>")
            for cell in sorted(group):
                group_of[cell] = i
                parts.append(_rect(_cell_box(t, x0, y0, cell, 0), ""))
            parts.append("</g>")

    # Legal cells: green, dashed, with their coordinates; amber on a split table, where they
    # lie on a shortest bridge (as the widget lights them).
    fill, edge, ink = (
        (P.LINK_FILL, P.LINK_EDGE, P.LINK_EDGE) if link_cells else
        (P.LEGAL_FILL, P.LEGAL_EDGE, P.LEGAL_INK)
    )  # fmt: skip
    for cell in legal_cells:
        box = _cell_box(t, x0, y0, cell, inset)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        text = f"({cell[0]}, {cell[1]})"
        size = min(12 * s, box[2] / (len(text) * 0.6))
        label = (
            ""
            if cell == CENTER and not board
            else _label(
                cx, cy + size * 0.35, text, size, fill=ink, bold=True, anchor="middle"
            )
        )
        parts.append(
            f'<g class="dw-legal"><title>Legal cell {_text(cell)}</title>'
            + _rect(
                box,
                f' rx="{_n(9 * s)}" fill="{fill}" stroke="{edge}" '
                f'stroke-width="{_n(max(1.0, 2 * s))}"{_dashes(6 * s, 4 * s)}',
            )
            + label
            + "</g>"
        )

    # The center of an empty table, over the legal marker if there is one.
    if not board:
        box = _cell_box(t, x0, y0, CENTER, inset)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        parts.append(
            '<g class="dw-center"><title>The centre (0, 0): the first card goes here</title>'
            + _rect(
                box,
                f' rx="{_n(9 * s)}" fill="none" stroke="{P.SOFT_INK}" '
                f'stroke-width="{_n(max(1.0, 1.5 * s))}"{_dashes(6 * s, 4 * s)}',
            )
            + _label(cx, cy, "centre", 14 * s, fill=P.SOFT_INK, bold=True, anchor="middle")
            + _label(cx, cy + 16 * s, "(0, 0)", 11 * s, fill=P.SOFT_INK, anchor="middle")
            + "</g>"
        )

    # Cells on a shortest bridge of a split table: amber dotted, with a "+".
    for cell in link_cells:
        box = _cell_box(t, x0, y0, cell, inset + 3 * s)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        arm = 9 * s
        fill = "none" if cell in legal_cells else P.LINK_FILL
        parts.append(
            f'<g class="dw-link"><title>{_text(cell)} lies on a shortest bridge between the '
            "groups</title>"
            + _rect(
                box,
                f' rx="{_n(7 * s)}" fill="{fill}" stroke="{P.LINK_EDGE}" '
                f'stroke-width="{_n(max(1.0, 2.5 * s))}"{_dashes(1 * s, 4 * s)}'
                ' stroke-linecap="round"',
            )
            + f'<path d="M{_n(cx - arm)},{_n(cy - 22 * s)}h{_n(2 * arm)}M{_n(cx)},'
            f'{_n(cy - 22 * s - arm)}v{_n(2 * arm)}" stroke="{P.LINK_EDGE}" '
            f'stroke-width="{_n(max(1.5, 3 * s))}" stroke-linecap="round"/>' + "</g>"
        )

    # Cells the last placement collected: dashed ghosts, labelled "taken". Drawn over the
    # legal and bridge markers, so that a collection that split the table still shows every
    # cell it took; on a marked cell the word moves to the bottom, clear of the marker.
    marked = set(legal_cells) | set(link_cells)
    for cell in taken:
        if cell in board:
            continue
        box = _cell_box(t, x0, y0, cell, inset - 2 * s)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        ty = cy + 36 * s if cell in marked else cy + 4 * s
        parts.append(
            f'<g class="dw-taken"><title>Collected from {_text(cell)} last turn</title>'
            + _rect(
                box,
                f' rx="{_n(9 * s)}" fill="none" stroke="{P.TAKEN_EDGE}" '
                f'stroke-width="{_n(max(1.0, 1.5 * s))}"{_dashes(5 * s, 3 * s)}',
            )
            + _label(cx, ty, "taken", 11 * s, fill=P.SOFT_INK, anchor="middle")
            + "</g>"
        )

    # The cards.
    k = len(game.groups)
    for cell in sorted(board):
        d = board[cell]
        tip = f"{NAMES[d]} ({d}), {_plural(COPIES[d], 'copy', 'copies')}, at {cell}"
        look = LOOKS[d]
        tip += f": {look.colour_name} {look.shape} marked {look.symbol}"
        if cell in group_of:
            tip += f"; group {group_of[cell] + 1} of {k}"
        if cell == last_cell:
            tip += "; placed last"
        parts.append(_card(d, _cell_box(t, x0, y0, cell, inset), tip))

    # The last placement on top of everything.
    if last_cell is not None:
        box = _cell_box(t, x0, y0, last_cell, inset - 2.5 * s)
        parts.append(
            f'<g class="dw-last"><title>Last card placed, at {_text(last_cell)}</title>'
            + _rect(
                box,
                f' rx="{_n(11 * s)}" fill="none" stroke="{P.LAST_EDGE}" '
                f'stroke-width="{_n(max(2.0, 4 * s))}"',
            )
            + "</g>"
        )
    return "".join(parts)


# ---------------------------------------------------------------------------- the picture
class SvgPicture:
    """An SVG picture that shows itself in a notebook (``_repr_svg_``) and saves to a file.

    >>> from dweebies_widget import Game
    >>> picture = Game(players=2, seed=7).svg()
    >>> str(picture) == picture.data == picture._repr_svg_()
    True
    """

    __slots__ = ("data",)

    def __init__(self, data: str) -> None:
        if not isinstance(data, str):
            raise TypeError(f"SvgPicture wants SVG text (a str), not {type(data).__name__}")
        self.data: str = data

    def _repr_svg_(self) -> str:
        return self.data

    def __str__(self) -> str:
        return self.data

    def __repr__(self) -> str:
        match = re.match(r'<svg[^>]*\swidth="([\d.]+)" height="([\d.]+)"', self.data)
        size = f"{match.group(1)}x{match.group(2)} " if match else ""
        return f"<SvgPicture {size}({len(self.data)} characters)>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SvgPicture):
            return NotImplemented
        return self.data == other.data

    __hash__ = None  # type: ignore[assignment]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the picture to ``path`` (an ``.svg`` file, UTF-8)."""
        Path(path).write_text(self.data, encoding="utf-8")
