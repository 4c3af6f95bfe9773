"""Drawing a picture of the table from plain data: a :class:`Scene` in, canvas commands out.

Nothing here decides a rule: whoever builds the scene (:func:`~dweebies_widget.widget.
position.scene_of` for a position, the play screens for what their viewer is doing) asks the
:class:`~dweebies_widget.game.Game` what is legal, what would be collected and who is to
play.  :func:`paint` turns a scene into drawing commands on a :class:`Pen`, which only
records them; :meth:`Pen.replay` then sends them to an ipycanvas ``Canvas``, and
:func:`~dweebies_widget.widget.svg_writer.canvas_svg` writes them as SVG.  Painting first and
sending afterwards keeps every redraw to one message (the replay runs inside
``hold_canvas``) and means nothing can go wrong half-way through a batch.

Cards are drawn from the face that :mod:`dweebies_widget.face` describes: the Dweebie's
character (:mod:`dweebies_widget.characters`: a body in its colour with a dark outline, eyes,
mouth, what is on top, an accessory), its name and one dot per copy.  The body's outline and
the character's parts tell any two Dweebies apart without colour.  Texts are
fitted and wrapped by the one text metric (:mod:`~dweebies_widget.widget.text`); the labels
(tags, coordinates, "taken", the score bar's texts...) are placed by
:func:`~dweebies_widget.widget.labels.scene_labels` and drawn from its list only.  Nothing
here assumes a pixel ratio: everything is drawn in CSS pixels under the ratio's scaling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import zip_longest
from typing import Any

from .. import palette as P
from ..face import Box, Discs, Dots, Part, Path, Rect, Shape, Text, card_face
from ..shapes import Circle, Drop, Square
from .charts import heat_colour, paint_graph, paint_holds
from .geometry import HAND_CARD_H, HAND_CARD_W, HAND_GAP, Geometry
from .labels import (
    MOVE_COLOURS,
    Label,
    faint_moves,
    hand_boxes,
    in_view,
    paint_labels,
    scene_labels,
)  # fmt: skip
from .overlay import Overlay
from .pen import Pen
from .puzzle_paint import paint_overlay
from .scene import Scene
from .text import text_width, wrap
from .words import possessive

__all__ = ["hands_height", "heat_colour", "paint", "paint_hands"]

_FLASH = "#FF4FA3"  # collected cards flash in a colour no card uses
_HOVER = "#0969DA"
_CURSOR = "#6639BA"
_HINT = "#8250DF"
_CURTAIN = "#30363D"
_BACKGROUND = "#FFFFFF"
_REFUSED = "#CF222E"
_LEGEND_FILL = "rgba(255, 255, 255, 0.92)"


def paint(pen: Pen, g: Geometry, scene: Scene, overlay: Overlay | None = None) -> None:
    """Draw ``scene`` laid out by ``g`` onto ``pen``: score bar, table, hand; then a
    puzzle's ``overlay`` over it, if any (its labels placed with the scene's, so that none
    covers another).

    Drawn in CSS pixels (``g.css``) under a ``g.ratio`` scaling of the canvas (any ratio:
    1, 1.5, 2...), so that a canvas with more pixels shows exactly the same picture, only
    sharper.  The canvas's state is saved first and restored last: every redraw starts from
    the same state."""
    labels = scene_labels(scene, g, overlay)
    pen.do("save")
    pen.do("set_transform", g.ratio, 0, 0, g.ratio, 0, 0)
    css = g.css
    pen.rect((0, 0, css.width, css.height), fill=_BACKGROUND)
    _paint_bar(pen, css, scene, labels)
    _paint_table(pen, css, scene, labels)
    if scene.holds is not None:
        paint_holds(pen, css, scene.holds)
    _paint_hand(pen, css, scene, labels)
    if scene.graph is not None:
        paint_graph(pen, css, scene.graph)
    pen.do("restore")
    pen.forget()
    if overlay is not None:
        paint_overlay(pen, g, overlay, labels)


# ---------------------------------------------------------------------------- score bar
def _paint_bar(pen: Pen, g: Geometry, scene: Scene, labels: Sequence[Label]) -> None:
    for seat in range(len(scene.seats)):
        box = g.seat_box(seat, len(scene.seats))
        if scene.current is None and seat in scene.winners:
            fill, edge = P.WIN_FILL, P.WIN_EDGE
        elif seat == scene.current:
            fill, edge = P.TURN_FILL, P.TURN_EDGE
        else:
            fill, edge = P.SEAT_FILL, P.SEAT_EDGE
        pen.round_rect(box, 8, fill=fill, stroke=edge, width=2 if seat == scene.current else 1)
    x, y, w, h = g.pile_box()
    pen.round_rect((x, y, w, h), 8, fill=P.SEAT_FILL, stroke=P.SEAT_EDGE)
    paint_labels(pen, labels, "bar")


# ---------------------------------------------------------------------------- table
def _paint_table(pen: Pen, g: Geometry, scene: Scene, labels: Sequence[Label]) -> None:
    band = g.table_band
    pen.rect(band, fill=P.TABLE_FILL)
    pen.do("save")
    pen.do("begin_path")
    pen.do("rect", *band)
    pen.do("clip")
    w, h = g.cell_size
    (r0, c0), (r1, c1) = g.visible_cells()
    if (r1 - r0 + 1) * (c1 - c0 + 1) <= 400:  # grid lines while cells are big enough to see
        pen.set(stroke_style=P.GRID_LINE, line_width=1)
        pen.dash()
        for r in range(r0, r1 + 2):
            y = g.origin[1] + r * h
            pen.do("stroke_line", band[0], y, band[0] + band[2], y)
        for c in range(c0, c1 + 2):
            x = g.origin[0] + c * w
            pen.do("stroke_line", x, band[1], x, band[1] + band[3])
    for i, group in enumerate(scene.groups):
        tint = P.GROUP_TINTS[i % len(P.GROUP_TINTS)]
        for cell in in_view(g, group):
            pen.rect(g.cell_box(cell), fill=tint)
    ghosts = scene.taken - scene.board.keys()
    for cell in in_view(g, scene.links - scene.lit):
        pen.dash(3, 3)
        pen.round_rect(g.card_box(cell), 8 * g.scale, stroke=P.LINK_EDGE, width=2)
    if scene.centre is not None and not scene.board and scene.centre not in scene.lit:
        pen.dash(5, 3)
        pen.round_rect(g.card_box(scene.centre), 9 * g.scale, stroke=P.TAKEN_EDGE, width=1.5)
    for cell in in_view(g, ghosts - scene.lit):  # "collected from here"
        pen.dash(5, 3)
        pen.round_rect(g.card_box(cell), 9 * g.scale, stroke=P.TAKEN_EDGE, width=1.5)
    _paint_lit(pen, g, scene)
    board = scene.board
    paint_cards(pen, [(g.card_box(cell), board[cell]) for cell in in_view(g, board)])
    if scene.preview is not None:
        cell, d, taken = scene.preview
        paint_cards(pen, [(g.card_box(cell), d)], alpha=0.55)
        for spot in sorted(taken | {cell} if taken else ()):
            pen.dash()
            pen.round_rect(g.card_box(spot), 8 * g.scale, stroke=_FLASH, width=4)
    paint_cards(pen, [(g.card_box(cell), d) for cell, d in scene.flash])
    for cell, _ in scene.flash:
        pen.round_rect(g.card_box(cell), 8 * g.scale, stroke=_FLASH, width=5)
    if scene.last is not None and scene.last in scene.board:
        pen.dash()
        pen.round_rect(g.cell_box(scene.last), 6 * g.scale, stroke=P.LAST_EDGE, width=3)
    if scene.hint is not None:
        pen.dash(8, 5)
        pen.round_rect(g.cell_box(scene.hint[1]), 6 * g.scale, stroke=_HINT, width=4)
    if scene.cursor is not None:
        pen.dash(4, 4)
        pen.round_rect(g.cell_box(scene.cursor), 4 * g.scale, stroke=_CURSOR, width=3)
    if scene.refused is not None:
        pen.dash()
        pen.round_rect(g.card_box(scene.refused), 8 * g.scale, stroke=_REFUSED, width=3)
    _paint_marks(pen, g, scene)
    _paint_moves(pen, g, scene)
    paint_labels(pen, labels, "table")
    pen.dash()
    if scene.rulers:
        _paint_rulers(pen, g)
    _paint_legend(pen, g, scene)
    if scene.banner:
        _paint_banner(pen, g, scene.banner)
    pen.do("restore")
    pen.forget()  # restore() brought back the canvas state from before save()


def _paint_lit(pen: Pen, g: Geometry, scene: Scene) -> None:
    fill, edge = (P.LINK_FILL, P.LINK_EDGE) if scene.link else (P.LEGAL_FILL, P.LEGAL_EDGE)
    pulse = scene.pulse == "lit"
    for cell in in_view(g, scene.lit):
        box = g.card_box(cell)
        heat = scene.heat.get(cell)
        if pulse:
            pen.dash()
            pen.round_rect(box, 8 * g.scale, fill=fill, stroke=edge, width=5)
        else:
            pen.dash(6, 4)
            pen.round_rect(box, 8 * g.scale, fill=fill, stroke=edge, width=2)
        if heat is not None:
            pen.round_rect(box, 8 * g.scale, fill=heat_colour(heat))


def _paint_rulers(pen: Pen, g: Geometry) -> None:
    """The columns' numbers along the table's top edge, the rows' along its left edge."""
    bx, by, _, _ = g.table_band
    (r0, c0), (r1, c1) = g.visible_cells()
    size = 12.0
    for c in range(c0, c1 + 1):
        x, _ = g.cell_center((r0, c))
        pen.text(x, by + 8, str(c), size, P.SOFT_INK, halo=P.TABLE_FILL, halo_width=3)
    for r in range(r0, r1 + 1):
        _, y = g.cell_center((r, c0))
        pen.text(bx + 4, y, str(r), size, P.SOFT_INK, align="left", halo=P.TABLE_FILL,
                 halo_width=3)  # fmt: skip


def _paint_marks(pen: Pen, g: Geometry, scene: Scene) -> None:
    """The other seats' moves since this screen's last move: an outline (their name tags are
    labels, on the cells that still hold their card)."""
    for cell, _ in scene.marks:
        if cell in scene.board:
            pen.dash()
            pen.round_rect(g.cell_box(cell), 6 * g.scale, stroke=P.LAST_EDGE, width=3)


_MOVE_DASHES: dict[str, tuple[float, ...]] = {"played": (), "best": (8.0, 5.0)}
"""The dashes of a move's outline when looking back (the best move looks like a hint)."""


def _paint_moves(pen: Pen, g: Geometry, scene: Scene) -> None:
    """The move played and the best move: each card faint on its cell, outlined (their tags
    are labels: one per cell, inside it)."""
    if not scene.moves:
        return
    paint_cards(pen, [(g.card_box(m.cell), m.dweebie) for m in faint_moves(g, scene)], alpha=0.45)
    for mark in (m for m in scene.moves if in_view(g, [m.cell])):
        pen.dash(*_MOVE_DASHES[mark.kind])
        pen.round_rect(g.cell_box(mark.cell), 6 * g.scale, stroke=MOVE_COLOURS[mark.kind],
                       width=4)  # fmt: skip
    pen.dash()


def _paint_legend(pen: Pen, g: Geometry, scene: Scene) -> None:
    """What the marks on the table mean, listing only those on the table now, in the
    bottom-left corner of the table."""
    rows: list[tuple[str, str]] = []
    if scene.lit and not scene.heat:
        where = "the picked card" if scene.selected is not None else "a card"
        if scene.link:  # a split table: the lit cells are its shortest bridge's, with a +
            rows.append(("plus", f"+: on a shortest bridge, where {where} may go"))
        else:
            rows.append(("lit", f"lit: where {where} may go"))
    if scene.links - scene.lit:
        rows.append(("plus", "+: on a shortest bridge between the groups"))
    if scene.groups:
        rows.append(("groups", "tint: one group of the split table"))
    if scene.taken - scene.board.keys():
        rows.append(("taken", "taken: collected by the last move"))
    key = scene.heat_key if scene.heat else None
    if not rows and key is None:
        return
    size = 13.0
    line = size + 9
    bx, by, bw, bh = g.table_band
    texts = [text for _, text in rows] + ([key.title] if key else [])
    width = min(bw - 16, max(text_width(t, size) for t in texts) + 44)
    height = len(rows) * line + (2 * line + 6 if key else 0) + 10
    x, y = _quiet_corner(g, scene, width, height)
    pen.dash()
    pen.round_rect((x, y, width, height), 6, fill=_LEGEND_FILL, stroke=P.SEAT_EDGE)
    cy = y + 5 + line / 2
    for kind, text in rows:
        sx, sy = x + 8, cy - 7
        if kind == "groups":
            for i, _ in enumerate(scene.groups[:4]):
                pen.rect((sx + i * 6, sy, 6, 14), fill=P.GROUP_TINTS[i % len(P.GROUP_TINTS)])
        elif kind == "taken":
            pen.dash(4, 2)
            pen.rect((sx, sy, 22, 14), stroke=P.TAKEN_EDGE, width=1.5)
            pen.dash()
        elif kind == "plus":
            pen.dash(3, 3)
            pen.rect((sx, sy, 22, 14), stroke=P.LINK_EDGE, width=1.5)
            pen.dash()
            pen.text(sx + 11, cy, "+", 14, P.LINK_EDGE, bold=True)
        else:
            fill, edge = (
                (P.LINK_FILL, P.LINK_EDGE) if kind == "link" else (P.LEGAL_FILL, P.LEGAL_EDGE)
            )
            pen.rect((sx, sy, 22, 14), fill=fill, stroke=edge, width=1.5)
        pen.text(x + 36, cy, text, size, P.INK, align="left", max_width=width - 44)
        cy += line
    if key is not None:
        pen.text(x + 8, cy, key.title, size, P.INK, bold=True, align="left", max_width=width - 16)
        cy += line
        steps = 10
        bar_w = min(width - 120, 200.0)
        bar_x = x + 8 + text_width(key.low, size) + 8
        pen.text(x + 8, cy, key.low, size, P.INK, align="left")
        for i in range(steps):
            pen.rect(
                (bar_x + i * bar_w / steps, cy - 7, bar_w / steps + 0.5, 14),
                fill=heat_colour(i / (steps - 1)),
            )
        pen.text(bar_x + bar_w + 8, cy, key.high, size, P.INK, align="left")


def _quiet_corner(g: Geometry, scene: Scene, width: float, height: float) -> tuple[float, float]:
    """Where a ``width`` x ``height`` box covers the fewest cards and lit cells: one of the
    table band's corners (bottom left first)."""
    bx, by, bw, bh = g.table_band
    busy = [g.cell_box(cell) for cell in (*scene.board, *scene.lit)]
    best: tuple[int, float, float] | None = None
    for x, y in [
        (bx + 8, by + bh - height - 8),
        (bx + bw - width - 8, by + bh - height - 8),
        (bx + 8, by + 8),
        (bx + bw - width - 8, by + 8),
    ]:
        covered = sum(
            cx < x + width and x < cx + cw and cy < y + height and y < cy + ch
            for cx, cy, cw, ch in busy
        )
        if best is None or covered < best[0]:
            best = (covered, x, y)
    assert best is not None
    return best[1], best[2]


def _paint_banner(pen: Pen, g: Geometry, lines: Sequence[str]) -> None:
    """The end of the game: the result big, then the scores, why cards are left on the
    table and what to do next, on a card in the middle of the table."""
    bx, by, bw, bh = g.table_band
    width = min(bw - 24, 560.0)
    title, rest = lines[0], lines[1:]
    title_size = 30.0 if width >= 360 else 24.0
    size = 16.0 if width >= 360 else 14.0
    wrapped = [part for text in rest for part in wrap(text, size, width - 32)]
    height = title_size + 30 + len(wrapped) * (size + 8) + 8
    x, y = bx + (bw - width) / 2, by + max((bh - height) / 2, 8)
    pen.dash()
    pen.set(global_alpha=0.96)
    pen.round_rect((x, y, width, height), 12, fill=_BACKGROUND, stroke=P.CARD_EDGE, width=3)
    pen.set(global_alpha=1.0)
    pen.text(x + width / 2, y + 16 + title_size / 2, title, title_size, P.INK, bold=True,
             max_width=width - 24)  # fmt: skip
    cy = y + title_size + 30 + size / 2
    for text in wrapped:
        pen.text(x + width / 2, cy, text, size, P.INK, max_width=width - 24)
        cy += size + 8


def paint_cards(pen: Pen, cards: Sequence[tuple[Box, int]], alpha: float = 1.0) -> None:
    """Table or hand cards, each with the face :func:`~dweebies_widget.face.card_face`
    describes (the SVG picture draws the same).

    Drawn in passes (part 1 of every card, then part 2 of every card...: all shadows, all
    cards, all characters' bodies, all eyes...: every face has the same layers), then every
    text of every card, those of one font together.  In a pass, the parts of one colour and
    line width are one path, filled and stroked once: the canvas style changes about once
    per pass rather than once per card, and each redraw holds fewer commands.  (Cards do not
    overlap, and the texts of a card lie under its character: the order changes no pixel.)"""
    if not cards:
        return
    if alpha != 1.0:
        pen.set(global_alpha=alpha)
    pen.dash()
    texts: list[Text] = []
    for layer in zip_longest(*(card_face(d, box) for box, d in cards)):
        _paint_layer(pen, [part for part in layer if part is not None], texts)
    pen.set(line_cap="butt")  # (as the canvas's default: the dashes drawn after the cards)
    for text in sorted(texts, key=lambda t: (t.size, t.bold)):
        pen.text(
            text.x, text.y, text.text, text.size, text.colour, text.bold, _ALIGN[text.anchor],
            text.halo, text.max_width, halo_width=text.halo_width, baseline="alphabetic",
        )  # fmt: skip
    if alpha != 1.0:
        pen.set(global_alpha=1.0)


_ALIGN = {"start": "left", "middle": "center", "end": "right"}
"""SVG's ``text-anchor`` as the canvas's ``text_align``."""

_Style = tuple[str | None, str | None, float]
"""How a path is painted: its fill, its edge and the edge's width."""


def _paint_layer(pen: Pen, parts: Sequence[Part], texts: list[Text]) -> None:
    """One pass of :func:`paint_cards`: the parts of one style traced as one path and
    painted once; dots and discs as circles; texts kept in ``texts`` for the end."""
    paths: dict[_Style, list[Rect | Shape | Path]] = {}
    for part in parts:
        if isinstance(part, Text):
            texts.append(part)
        elif isinstance(part, Dots):
            pen.set(fill_style=part.colour)
            for x in part.xs:
                pen.do("fill_circle", x, part.y, part.r)
        elif isinstance(part, Discs):
            if part.centres:
                pen.set(fill_style=part.colour)
            for x, y in part.centres:
                pen.do("fill_circle", x, y, part.r)
        elif isinstance(part, Rect):
            colour = part.fill if part.opacity == 1 else _rgba(part.fill, part.opacity)
            paths.setdefault((colour, part.edge, part.edge_width), []).append(part)
        elif isinstance(part, Shape) or part.segments:
            paths.setdefault((part.fill, part.edge, part.edge_width), []).append(part)
    for (fill, edge, width), group in paths.items():
        pen.do("begin_path")
        for part in group:
            pen.ops.extend(_traced(part))
        if edge:
            pen.set(line_join="round", line_cap="round")
        pen.finish(fill, edge, width)


def _rgba(colour: str, opacity: float) -> str:
    """``"#RRGGBB"`` at ``opacity`` as a canvas colour.

    >>> _rgba("#000000", 0.12)
    'rgba(0, 0, 0, 0.12)'
    """
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {opacity:g})"


@lru_cache(maxsize=4096)
def _traced(part: Rect | Shape | Path) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The commands that add ``part`` to the current path, kept for the next redraw (which
    mostly draws the same cards in the same places)."""
    pen = Pen()
    _trace(pen, part)
    return tuple(pen.ops)


def _trace(pen: Pen, part: Rect | Shape | Path) -> None:
    """Add the outline of a card, of a body or a character's lines, curves and ellipses to
    the current path."""
    if isinstance(part, Rect):
        pen.round_rect_path((part.x, part.y, part.w, part.h), part.corner)
    elif isinstance(part, Shape):
        _trace_body(pen, part)
    else:
        for op, xy in part.segments:
            if op == "M":
                pen.do("move_to", *xy)
            elif op == "L":
                pen.do("line_to", *xy)
            elif op == "Q":
                pen.do("quadratic_curve_to", *xy)
            elif op == "E":
                x, y, rx, ry = xy
                pen.do("move_to", x + rx, y)
                pen.do("ellipse", x, y, rx, ry, 0, 0, 2 * math.pi)
            else:
                pen.do("close_path")


def _trace_body(pen: Pen, shape: Shape) -> None:
    form = shape.outline
    if isinstance(form, Circle):
        pen.do("move_to", form.cx + form.r, form.cy)
        pen.do("arc", form.cx, form.cy, form.r, 0, 2 * math.pi)
    elif isinstance(form, Square):
        pen.round_rect_path((form.x, form.y, form.side, form.side), form.corner)
    elif isinstance(form, Drop):
        (tx, ty), (rx, ry), (lx, ly) = form.tip, form.right, form.left
        ox, oy = form.centre
        pen.do("move_to", tx, ty)
        pen.do("line_to", rx, ry)
        start = math.atan2(ry - oy, rx - ox)
        end = math.atan2(ly - oy, lx - ox)
        pen.do("arc", ox, oy, form.radius, start, end)  # clockwise, the long way round
        pen.do("close_path")
    else:
        pen.polygon_path(form.points)


# ---------------------------------------------------------------------------- hand
def _paint_hand(pen: Pen, g: Geometry, scene: Scene, labels: Sequence[Label]) -> None:
    band = g.hand_band
    x, y, w, h = band
    pen.rect(band, fill=P.SEAT_FILL)
    pen.set(stroke_style=P.SEAT_EDGE, line_width=1)
    pen.dash()
    if g.side:
        pen.do("stroke_line", x, y, x, y + h)
    else:
        pen.do("stroke_line", 0, y, g.width, y)
    if scene.curtain is not None:
        size = 20.0
        lines = wrap(scene.curtain, size, w - 48)
        box_h = min(h - 24, max(len(lines) * (size + 8) + 24, 60.0))
        top = y + 12 if not g.side else y + 12
        pen.round_rect((x + 12, top, w - 24, box_h), 10, fill=_CURTAIN)
        cy = top + box_h / 2 - (len(lines) - 1) * (size + 8) / 2
        for line in lines:
            pen.text(x + w / 2, cy, line, size, "#FFFFFF", bold=True, max_width=w - 48)
            cy += size + 8
        return
    boxes = hand_boxes(g, scene)  # the picked card stands up
    if not scene.hand:
        pen.text(x + w / 2, y + h / 2, "No cards in hand", 16, P.SOFT_INK, max_width=w - 16)
    if scene.selected is not None and scene.selected < len(boxes):
        bx, by, bw, bh = boxes[scene.selected]
        pen.dash()
        pen.round_rect((bx - 4, by - 4, bw + 8, bh + 8), 12, fill=P.LEGAL_FILL,
                       stroke=P.LEGAL_EDGE, width=3)  # fmt: skip
    paint_cards(pen, list(zip(boxes, scene.hand, strict=True)))
    if scene.pulse == "hand":
        pen.dash()
        for box in boxes:
            pen.round_rect(box, 9, stroke=P.LEGAL_EDGE, width=4)
    if scene.hint is not None and scene.hint[0] < len(boxes):
        pen.dash(8, 5)
        pen.round_rect(boxes[scene.hint[0]], 9, stroke=_HINT, width=4)
        pen.dash()
    for mark in scene.moves:  # the card played and the best card, tagged like their cells
        if mark.hand is not None and mark.hand < len(boxes):
            pen.dash(*_MOVE_DASHES[mark.kind])
            pen.round_rect(boxes[mark.hand], 9, stroke=MOVE_COLOURS[mark.kind], width=4)
    pen.dash()
    paint_labels(pen, labels, "hand")


# ---------------------------------------------------------------------------- every hand
_SMALL = 0.55
"""The scale of the cards of :func:`paint_hands` (their names at the least text size)."""
_ROW_GAP = 8.0


def _hand_rows(width: float, hands: Sequence[tuple[str, Sequence[int]]]) -> tuple[float, int]:
    """The width of the names' column and how many cards fit in a row of ``width``."""
    labels = [f"{possessive(who)} hand" for who, _ in hands]
    names = max((text_width(label, 13, bold=True) for label in labels), default=0.0)
    label = min(names + 16, width / 3)
    step = (HAND_CARD_W + HAND_GAP / 2) * _SMALL
    return label, max(1, int((width - label - 8) // step))


def hands_height(width: float, hands: Sequence[tuple[str, Sequence[int]]]) -> float:
    """The height of the strip :func:`paint_hands` draws ``width`` wide (0 with no hand).

    >>> hands_height(600, []), hands_height(600, [("Ben", (1, 2, 3))])
    (0.0, 85.9)
    """
    if not hands:
        return 0.0
    _, per_row = _hand_rows(width, hands)
    rows = sum(max(1, math.ceil(len(cards) / per_row)) for _, cards in hands)
    return _ROW_GAP * 2 + rows * (HAND_CARD_H * _SMALL + _ROW_GAP) + 8


def paint_hands(
    pen: Pen, width: float, top: float, hands: Sequence[tuple[str, Sequence[int]]]
) -> None:
    """Other seats' hands face up, one row each under its seat's name, in a strip ``width``
    wide from ``top`` down (a notebook's picture of a whole game, where every card may be
    seen; :func:`hands_height` tall).  No seat's screen ever shows one."""
    if not hands:
        return
    label, per_row = _hand_rows(width, hands)
    pen.rect((0, top, width, hands_height(width, hands)), fill=P.SEAT_FILL)
    pen.set(stroke_style=P.SEAT_EDGE, line_width=1)
    pen.dash()
    pen.do("stroke_line", 0, top, width, top)
    w, h = HAND_CARD_W * _SMALL, HAND_CARD_H * _SMALL
    step = w + HAND_GAP / 2 * _SMALL
    y = top + _ROW_GAP * 2
    cards: list[tuple[Box, int]] = []
    for who, hand in hands:
        pen.text(10, y + h / 2, f"{possessive(who)} hand", 13, P.INK, bold=True, align="left",
                 max_width=label - 14)  # fmt: skip
        if not hand:
            pen.text(label, y + h / 2, "no cards", 13, P.SOFT_INK, align="left")
        for i, d in enumerate(hand):
            row, column = divmod(i, per_row)
            cards.append(((label + column * step, y + row * (h + _ROW_GAP), w, h), d))
        y += max(1, math.ceil(len(hand) / per_row)) * (h + _ROW_GAP)
    paint_cards(pen, cards)
