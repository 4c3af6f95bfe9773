"""Drawing a puzzle's marks over the play picture: :func:`paint_overlay`.

The play picture (:func:`~dweebies_widget.widget.paint.paint`) is drawn first, from the
board's :class:`~dweebies_widget.widget.paint.Scene`; a puzzle then draws what play does not
have, from an :class:`~dweebies_widget.widget.overlay.Overlay` of plain data: the cells marked
in a ``where`` puzzle, the card a ``where`` puzzle names, what a hint points at, and the
callout (a right or wrong answer's explanation, a hint, a step of a proof) written on the
table.  Like the play picture, it is recorded on a :class:`~dweebies_widget.widget.paint.Pen`
and sent with it in one message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import palette as P
from ..grid import Cell
from .geometry import Geometry
from .labels import Label, in_view, paint_labels, scene_labels
from .overlay import Callout, Overlay, corners
from .pen import Pen
from .text import wrap

__all__ = ["paint_overlay"]

_MARK = "#0969DA"
_HINT = "#8250DF"
_TONES = {
    "right": ("#DAFBE1", "#1A7F37"),
    "wrong": ("#FFEBE9", "#CF222E"),
    "info": ("#FBEFFF", "#8250DF"),
}


def paint_overlay(
    pen: Pen, g: Geometry, overlay: Overlay, labels: Sequence[Label] | None = None
) -> None:
    """Draw a puzzle's overlay over the play picture: the marked cells (an outline and a
    tick), the named card and the hinted card outlined in the hand, the hint's area outlined
    on the table, and the callout, a strip of text along the top or bottom of the table where
    it covers the fewest cards.  Every mark has a shape or a word besides its colour.

    ``labels``: the picture's labels (:func:`~dweebies_widget.widget.labels.scene_labels`
    of the scene and this overlay, as :func:`~dweebies_widget.widget.paint.paint` passes
    them when given the overlay), of which this draws the overlay's: the ticks and tags.
    Without them the overlay's own are placed, with no regard for the scene's."""
    if labels is None:
        labels = scene_labels(None, g, overlay)
    pen.do("save")
    pen.do("set_transform", g.ratio, 0, 0, g.ratio, 0, 0)
    g = g.css
    pen.do("save")
    pen.do("begin_path")
    pen.do("rect", *g.table_band)
    pen.do("clip")
    for cell in in_view(g, overlay.marks):
        pen.dash()
        pen.round_rect(g.card_box(cell), 8 * g.scale, fill="rgba(9, 105, 218, 0.12)",
                       stroke=_MARK, width=4)  # fmt: skip
    if overlay.hint_area:
        (top, left), (bottom, right) = corners(overlay.hint_area)
        x0, y0, _, _ = g.cell_box((top, left))
        x1, y1, w1, h1 = g.cell_box((bottom, right))
        box = (x0 + 2, y0 + 2, x1 + w1 - x0 - 4, y1 + h1 - y0 - 4)
        pen.dash(10, 6)
        pen.round_rect(box, 10, stroke=_HINT, width=4)
        pen.dash()
    paint_labels(pen, labels, "puzzle")
    if overlay.callout is not None:
        _paint_callout(pen, g, overlay.callout, overlay.cards)
    pen.do("restore")
    pen.forget()
    for index, colour in ((overlay.named, _MARK), (overlay.hint_card, _HINT)):
        if index is not None and index < g.hand:
            x, y, w, h = g.hand_box(index)
            if index == overlay.picked:
                y -= 10  # the picked card stands up (as the play picture draws it)
            pen.dash(8, 5) if colour == _HINT else pen.dash()
            pen.round_rect((x - 4, y - 4, w + 8, h + 8), 11, stroke=colour, width=3)
            pen.dash()
    paint_labels(pen, labels, "puzzle hand")  # a tag over each outlined card
    pen.do("restore")
    pen.forget()


def _paint_callout(pen: Pen, g: Geometry, callout: Callout, cards_in_view: Iterable[Cell]) -> None:
    fill, edge = _TONES.get(callout.tone, _TONES["info"])
    bx, by, bw, bh = g.table_band
    size = 15.0 if bw >= 420 else 13.0
    width = bw - 16
    lines = wrap(callout.text, size, width - 52)
    if len(lines) > 4:
        lines = [*lines[:3], lines[3] + " \u2026"]
    height = len(lines) * (size + 6) + 14
    # Along the top or the bottom of the table: where it covers fewer cards.
    top, bottom = by + 8, by + bh - height - 8
    cards = [g.card_box(c) for c in cards_in_view]

    def covered(y: float) -> int:
        return sum(1 for _, cy, _, ch in cards if cy < y + height and y < cy + ch)

    y = top if covered(top) <= covered(bottom) else bottom
    x = bx + 8
    pen.dash()
    pen.set(global_alpha=0.95)
    pen.round_rect((x, y, width, height), 10, fill=fill, stroke=edge, width=2)
    pen.set(global_alpha=1.0)
    # A sign besides the colour: a tick, a cross, or an "i".
    cx, cy = x + 20, y + height / 2
    pen.set(stroke_style=edge, line_width=3, line_cap="round", line_join="round")
    if callout.tone == "right":
        pen.do("begin_path")
        pen.do("move_to", cx - 8, cy)
        pen.do("line_to", cx - 2, cy + 6)
        pen.do("line_to", cx + 9, cy - 7)
        pen.do("stroke")
    elif callout.tone == "wrong":
        pen.do("stroke_line", cx - 7, cy - 7, cx + 7, cy + 7)
        pen.do("stroke_line", cx - 7, cy + 7, cx + 7, cy - 7)
    else:
        pen.text(cx, cy, "i", 20, edge, bold=True)
    ty = y + 7 + (size + 6) / 2
    for line in lines:
        pen.text(x + 40, ty, line, size, P.INK, align="left", max_width=width - 48)
        ty += size + 6
