"""Drawing a picture of the table from plain data: a :class:`Scene` in, canvas commands out.

Nothing here decides a rule: whoever builds the scene (:func:`~dweebies_widget.widget.
position.scene_of` for a position, the play screens for what their viewer is doing) asks the
:class:`~dweebies_widget.game.Game` what is legal, what would be collected and who is to
play.  :func:`paint` turns a scene into drawing commands on a :class:`Pen`, which only
records them; :meth:`Pen.replay` then sends them to an ipycanvas ``Canvas``, and
:func:`~dweebies_widget.widget.svg_writer.canvas_svg` writes them as SVG.  Painting first and
sending afterwards keeps every redraw to one message (the replay runs inside
``hold_canvas``) and means nothing can go wrong half-way through a batch.

Cards are drawn from the face that :mod:`dweebies_widget.face` describes: the shape in its
colour with a dark outline, the symbol in dark ink with a white halo, the name and id, and
one dot per copy.  Shape and symbol tell any two Dweebies apart without colour.  Texts are
fitted and wrapped by the one text metric (:mod:`~dweebies_widget.widget.text`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import zip_longest

from .. import palette as P
from ..face import Box, Part, Rect, Shape, Text, card_face
from ..grid import Cell
from ..shapes import Circle, Drop, Square
from .charts import paint_graph, paint_holds
from .geometry import HAND_CARD_H, HAND_CARD_W, HAND_GAP, Geometry
from .pen import Pen
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
_TAG_FILL = "rgba(255, 255, 255, 0.9)"
_TAG_INK = "#0F5323"  # dark green: 8:1 on white, readable from the back of a room
_LEGEND_FILL = "rgba(255, 255, 255, 0.92)"


def paint(pen: Pen, g: Geometry, scene: Scene) -> None:
    """Draw ``scene`` laid out by ``g`` onto ``pen``: score bar, table, hand.

    Drawn in CSS pixels (``g.css``) under a ``g.ratio`` scaling of the canvas, so that a
    canvas with twice the pixels shows exactly the same picture, only sharper.  The canvas's
    state is saved first and restored last: every redraw starts from the same state."""
    pen.do("save")
    pen.do("set_transform", g.ratio, 0, 0, g.ratio, 0, 0)
    g = g.css
    pen.rect((0, 0, g.width, g.height), fill=_BACKGROUND)
    _paint_bar(pen, g, scene)
    if scene.holds is not None:
        paint_holds(pen, g, scene.holds)
    else:
        _paint_table(pen, g, scene)
    _paint_hand(pen, g, scene)
    if scene.graph is not None:
        paint_graph(pen, g, scene.graph)
    pen.do("restore")
    pen.forget()


# ---------------------------------------------------------------------------- score bar
def _paint_bar(pen: Pen, g: Geometry, scene: Scene) -> None:
    for seat, info in enumerate(scene.seats):
        box = g.seat_box(seat, len(scene.seats))
        x, y, w, h = box
        if scene.current is None and seat in scene.winners:
            fill, edge = P.WIN_FILL, P.WIN_EDGE
        elif seat == scene.current:
            fill, edge = P.TURN_FILL, P.TURN_EDGE
        else:
            fill, edge = P.SEAT_FILL, P.SEAT_EDGE
        pen.round_rect(box, 8, fill=fill, stroke=edge, width=2 if seat == scene.current else 1)
        marker = "\u25b6 " if seat == scene.current else ""
        if w < 120:  # a narrow chip: the name above, the score and the hand below
            pen.text(
                x + 6, y + h * 0.3, marker + info.label, 12, bold=True, align="left",
                max_width=w - 12,
            )  # fmt: skip
            pen.text(x + 6, y + h * 0.74, str(info.score), 15, bold=True, align="left")
            pen.text(
                x + w - 6, y + h * 0.74, f"{info.cards} in hand", 10, P.SOFT_INK, align="right",
                max_width=max(w - 36, 8),
            )  # fmt: skip
            continue
        pen.text(
            x + 10, y + h * 0.32, marker + info.label, 14, bold=True, align="left",
            max_width=max(w - 56, 8),
        )  # fmt: skip
        detail = f"{info.cards} in hand" + (f", owes {info.owed}" if info.owed else "")
        pen.text(
            x + 10, y + h * 0.74, detail, 11, P.SOFT_INK, align="left", max_width=max(w - 56, 8)
        )
        pen.text(x + w - 10, y + h / 2, str(info.score), 22, bold=True, align="right")
    x, y, w, h = g.pile_box()
    pen.round_rect((x, y, w, h), 8, fill=P.SEAT_FILL, stroke=P.SEAT_EDGE)
    pen.text(x + w / 2, y + h * 0.32, "pile", 11, P.SOFT_INK, max_width=w - 4)
    pen.text(x + w / 2, y + h * 0.70, str(scene.pile), 18, bold=True)


# ---------------------------------------------------------------------------- table
def _paint_table(pen: Pen, g: Geometry, scene: Scene) -> None:
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
        for cell in _in_view(g, group):
            pen.rect(g.cell_box(cell), fill=tint)
    ghosts = scene.taken - scene.board.keys()
    for cell in _in_view(g, scene.links - scene.lit):
        pen.dash(3, 3)
        pen.round_rect(g.card_box(cell), 8 * g.scale, stroke=P.LINK_EDGE, width=2)
        if cell not in ghosts:  # a taken cell says "taken" there instead
            pen.text(*g.cell_center(cell), "+", 28 * g.scale, P.LINK_EDGE, bold=True)
    if scene.centre is not None and not scene.board and scene.centre not in scene.lit:
        pen.dash(5, 3)
        pen.round_rect(g.card_box(scene.centre), 9 * g.scale, stroke=P.TAKEN_EDGE, width=1.5)
        pen.text(*g.cell_center(scene.centre), "centre", max(11.0, 12 * g.scale), P.SOFT_INK)
    _paint_taken(pen, g, scene)
    _paint_lit(pen, g, scene)
    _paint_taken(pen, g, scene, lit=True)
    board = scene.board
    _paint_cards(pen, [(g.card_box(cell), board[cell]) for cell in _in_view(g, board)])
    if scene.preview is not None:
        cell, d, taken = scene.preview
        _paint_cards(pen, [(g.card_box(cell), d)], alpha=0.55)
        for spot in sorted(taken | {cell} if taken else ()):
            pen.dash()
            pen.round_rect(g.card_box(spot), 8 * g.scale, stroke=_FLASH, width=4)
    _paint_cards(pen, [(g.card_box(cell), d) for cell, d in scene.flash])
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
        _paint_refused(pen, g, scene.refused)
    _paint_marks(pen, g, scene)
    _paint_moves(pen, g, scene)
    _paint_coordinates(pen, g, scene)
    pen.dash()
    if scene.rulers:
        _paint_rulers(pen, g)
    _paint_legend(pen, g, scene)
    if scene.banner:
        _paint_banner(pen, g, scene.banner)
    pen.do("restore")
    pen.forget()  # restore() brought back the canvas state from before save()


def _in_view(g: Geometry, cells: Iterable[Cell]) -> list[Cell]:
    """``cells`` that the table band shows (even partly), in reading order: nothing is
    drawn where the clip would hide it all."""
    (r0, c0), (r1, c1) = g.visible_cells()
    return sorted(cell for cell in cells if r0 <= cell[0] <= r1 and c0 <= cell[1] <= c1)


def _paint_taken(pen: Pen, g: Geometry, scene: Scene, lit: bool = False) -> None:
    """Cells the last placement collected, now empty: dashed grey ghosts, so the last move
    reads "collected from here" rather than an empty outline.  Drawn before the lit cells;
    then (``lit``) the word "taken" again on the lit ones (:func:`_taken_on_lit`)."""
    ghosts = scene.taken - scene.board.keys()
    cells = _taken_on_lit(scene) if lit else ghosts - scene.lit
    for cell in _in_view(g, cells):
        if not lit:
            pen.dash(5, 3)
            pen.round_rect(g.card_box(cell), 9 * g.scale, stroke=P.TAKEN_EDGE, width=1.5)
        cx, cy = g.cell_center(cell)
        pen.text(cx, cy, "taken", max(11.0, 12 * g.scale), P.SOFT_INK)


def _taken_on_lit(scene: Scene) -> frozenset[Cell]:
    """Lit cells that say "taken": while no card is picked (a picture of the legal cells);
    once one is, a lit cell only says where it may go."""
    if scene.selected is not None:
        return frozenset()
    return (scene.taken & scene.lit) - scene.board.keys() - scene.heat.keys()


def _paint_lit(pen: Pen, g: Geometry, scene: Scene) -> None:
    fill, edge = (P.LINK_FILL, P.LINK_EDGE) if scene.link else (P.LEGAL_FILL, P.LEGAL_EDGE)
    pulse = scene.pulse == "lit"
    said = _taken_on_lit(scene)
    for cell in _in_view(g, scene.lit):
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
        elif scene.link and cell not in said:  # a taken cell says "taken" instead
            pen.text(*g.cell_center(cell), "+", 28 * g.scale, P.LINK_EDGE, bold=True)
    for cell in _in_view(g, scene.heat.keys() & scene.lit):
        cx, cy = g.cell_center(cell)
        text = scene.heat_text.get(cell, f"{round(100 * scene.heat[cell])}%")
        dark = scene.heat[cell] < _LIGHT_FROM  # white ink on the dark shades, dark on the light
        pen.text(
            cx, cy - 6 * g.scale, text, max(13.0, 20 * g.scale), "#FFFFFF" if dark else P.INK,
            bold=True, halo=P.INK if dark else "#FFFFFF", halo_width=3,
        )  # fmt: skip


def _paint_coordinates(pen: Pen, g: Geometry, scene: Scene) -> None:
    """Each lit cell's coordinates on a white tag at the bottom of the cell, at least 13 CSS
    pixels high so that a projector shows them; none on the previewed cell (the preview is
    drawn there, and the status line names the cell)."""
    if not scene.labels or not scene.lit:
        return
    previewed = scene.preview[0] if scene.preview is not None else None
    cells = [cell for cell in _in_view(g, scene.lit) if cell != previewed]
    size = max(13.0, 13 * g.scale)
    w, h = g.cell_size
    tags = []
    for cell in cells:
        x, y, _, _ = g.cell_box(cell)
        text = f"{cell[0]}, {cell[1]}"
        tag_w = min(w - 2, text_width(text, size, bold=True) + 8)
        tags.append((x + (w - tag_w) / 2, y + h - size - 8, tag_w, size + 4, text))
    for x, y, tw, th, _ in tags:
        pen.rect((x, y, tw, th), fill=_TAG_FILL)
    for x, y, tw, th, text in tags:
        pen.text(x + tw / 2, y + th / 2 + 0.5, text, size, _TAG_INK, bold=True, max_width=tw - 2)


def _paint_rulers(pen: Pen, g: Geometry) -> None:
    """The columns' numbers along the table's top edge, the rows' along its left edge."""
    bx, by, _, _ = g.table_band
    (r0, c0), (r1, c1) = g.visible_cells()
    size = 11.0
    for c in range(c0, c1 + 1):
        x, _ = g.cell_center((r0, c))
        pen.text(x, by + 8, str(c), size, P.SOFT_INK, halo=P.TABLE_FILL, halo_width=3)
    for r in range(r0, r1 + 1):
        _, y = g.cell_center((r, c0))
        pen.text(bx + 4, y, str(r), size, P.SOFT_INK, align="left", halo=P.TABLE_FILL,
                 halo_width=3)  # fmt: skip


def _paint_refused(pen: Pen, g: Geometry, cell: Cell) -> None:
    x, y, w, h = g.card_box(cell)
    pen.dash()
    pen.round_rect((x, y, w, h), 8 * g.scale, stroke=_REFUSED, width=3)
    pen.set(stroke_style=_REFUSED, line_width=4, line_cap="round")
    d = min(w, h) * 0.25
    cx, cy = x + w / 2, y + h / 2
    pen.do("stroke_line", cx - d, cy - d, cx + d, cy + d)
    pen.do("stroke_line", cx - d, cy + d, cx + d, cy - d)


def _paint_marks(pen: Pen, g: Geometry, scene: Scene) -> None:
    """The other seats' moves since this screen's last move: an outline and a name tag."""
    w, _ = g.cell_size
    size = max(12.0, 12 * g.scale)
    for cell, who in scene.marks:
        x, y, _, _ = g.cell_box(cell)
        if cell in scene.board:
            pen.dash()
            pen.round_rect(g.cell_box(cell), 6 * g.scale, stroke=P.LAST_EDGE, width=3)
        tag_w = min(w + 8, text_width(who, size, bold=True) + 10)
        pen.round_rect((x + (w - tag_w) / 2, y - size * 0.5, tag_w, size + 6), 4, fill=P.LAST_EDGE)
        pen.text(x + w / 2, y + 3.5, who, size, "#FFFFFF", bold=True, max_width=tag_w - 4)


_MOVE_STYLE = {"played": (P.OUTLINE, ()), "best": (_HINT, (8.0, 5.0))}
"""Outline colour and dashes of a move marked when looking back (the best move looks like
a hint)."""


def _paint_moves(pen: Pen, g: Geometry, scene: Scene) -> None:
    """The move played and the best move: each card faint on its cell, outlined, with a tag
    above the cell (the best move's below it when both share a cell)."""
    if not scene.moves:
        return
    shown = [m for m in scene.moves if m.cell in _in_view(g, [m.cell])]
    _paint_cards(pen, [(g.card_box(m.cell), m.dweebie) for m in shown], alpha=0.45)
    size = max(12.0, 12 * g.scale)
    cells = [m.cell for m in shown]
    w, h = g.cell_size
    for mark in shown:
        colour, dashes = _MOVE_STYLE[mark.kind]
        pen.dash(*dashes)
        pen.round_rect(g.cell_box(mark.cell), 6 * g.scale, stroke=colour, width=4)
        pen.dash()
        x, y, _, _ = g.cell_box(mark.cell)
        below = mark.kind == "best" and cells.count(mark.cell) > 1
        tag_w = min(w + 8, text_width(mark.kind, size, bold=True) + 10)
        ty = y + h - size * 0.5 - 6 if below else y - size * 0.5
        pen.round_rect((x + (w - tag_w) / 2, ty, tag_w, size + 6), 4, fill=colour)
        pen.text(x + w / 2, ty + size / 2 + 3.5, mark.kind, size, "#FFFFFF", bold=True,
                 max_width=tag_w - 4)  # fmt: skip


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


_LIGHT_FROM = 0.55
"""From this value on, a viridis shade is light enough for dark ink."""
_VIRIDIS = ((68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37))
"""Stops of the viridis scale: dark to light, evenly spaced in lightness and readable with
every common colour-vision deficiency."""


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


def _paint_cards(pen: Pen, cards: Sequence[tuple[Box, int]], alpha: float = 1.0) -> None:
    """Table or hand cards, each with the face :func:`~dweebies_widget.face.card_face`
    describes (the SVG picture draws the same).

    Drawn in passes (part 1 of every card, then part 2 of every card...: all shadows, all
    bodies, all shapes, all symbols...) so that the canvas style changes about once per pass
    rather than once per card: fewer commands in each redraw."""
    if not cards:
        return
    if alpha != 1.0:
        pen.set(global_alpha=alpha)
    pen.dash()
    for layer in zip_longest(*(card_face(d, box) for box, d in cards)):
        # Texts of one size together (symbols come in a few sizes): fewer font changes.
        for part in sorted(filter(None, layer), key=_text_size):
            _paint_part(pen, part)
    if alpha != 1.0:
        pen.set(global_alpha=1.0)


def _text_size(part: Part) -> float:
    return part.size if isinstance(part, Text) else 0.0


_ALIGN = {"start": "left", "middle": "center", "end": "right"}
"""SVG's ``text-anchor`` as the canvas's ``text_align``."""


def _paint_part(pen: Pen, part: Part) -> None:
    """One primitive of a card face (:mod:`dweebies_widget.face`) on the canvas."""
    if isinstance(part, Rect):
        fill = part.fill if part.opacity == 1 else _rgba(part.fill, part.opacity)
        box = (part.x, part.y, part.w, part.h)
        pen.round_rect(box, part.corner, fill=fill, stroke=part.edge, width=part.edge_width)
    elif isinstance(part, Shape):
        _paint_shape(pen, part)
    elif isinstance(part, Text):
        pen.text(
            part.x, part.y, part.text, part.size, part.colour, part.bold, _ALIGN[part.anchor],
            part.halo, halo_width=part.halo_width, baseline="alphabetic",
        )  # fmt: skip
    else:
        for x in part.xs:
            pen.circle(x, part.y, part.r, fill=part.colour)


def _rgba(colour: str, opacity: float) -> str:
    """``"#RRGGBB"`` at ``opacity`` as a canvas colour.

    >>> _rgba("#000000", 0.12)
    'rgba(0, 0, 0, 0.12)'
    """
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({red}, {green}, {blue}, {opacity:g})"


def _paint_shape(pen: Pen, shape: Shape) -> None:
    form, colour, edge, width = shape
    pen.dash()
    pen.set(line_join="round")
    if isinstance(form, Circle):
        pen.do("begin_path")
        pen.do("arc", form.cx, form.cy, form.r, 0, 2 * math.pi)
        pen.finish(colour, edge, width)
    elif isinstance(form, Square):
        pen.round_rect((form.x, form.y, form.side, form.side), form.corner, colour, edge, width)
    elif isinstance(form, Drop):
        (tx, ty), (rx, ry), (lx, ly) = form.tip, form.right, form.left
        ox, oy = form.centre
        pen.do("begin_path")
        pen.do("move_to", tx, ty)
        pen.do("line_to", rx, ry)
        start = math.atan2(ry - oy, rx - ox)
        end = math.atan2(ly - oy, lx - ox)
        pen.do("arc", ox, oy, form.radius, start, end)  # clockwise, the long way round
        pen.do("close_path")
        pen.finish(colour, edge, width)
    else:
        pen.polygon(form.points, colour, edge, width)


# ---------------------------------------------------------------------------- hand
def _paint_hand(pen: Pen, g: Geometry, scene: Scene) -> None:
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
    boxes = [g.hand_box(i) for i in range(len(scene.hand))]
    if scene.hand_owner and (not boxes or boxes[0][0] - x >= 96):
        hand = f"{possessive(scene.hand_owner)} hand"
        pen.text(x + 10, y + 12, hand, 12, P.SOFT_INK, align="left")
    if not scene.hand:
        pen.text(x + w / 2, y + h / 2, "No cards in hand", 16, P.SOFT_INK, max_width=w - 16)
    if scene.selected is not None and scene.selected < len(boxes):
        bx, by, bw, bh = boxes[scene.selected]
        boxes[scene.selected] = (bx, by - 10, bw, bh)  # the picked card stands up
        pen.dash()
        pen.round_rect((bx - 4, by - 14, bw + 8, bh + 8), 12, fill=P.LEGAL_FILL,
                       stroke=P.LEGAL_EDGE, width=3)  # fmt: skip
    _paint_cards(pen, list(zip(boxes, scene.hand, strict=True)))
    for i, (bx, by, _, _) in enumerate(boxes):
        pen.text(bx + 10, by + 10, str(i + 1), 11, P.FAINT_INK, bold=True)
    if scene.pulse == "hand":
        pen.dash()
        for box in boxes:
            pen.round_rect(box, 9, stroke=P.LEGAL_EDGE, width=4)
    if scene.hint is not None and scene.hint[0] < len(boxes):
        pen.dash(8, 5)
        pen.round_rect(boxes[scene.hint[0]], 9, stroke=_HINT, width=4)
        pen.dash()
    marked = [(m, m.hand) for m in scene.moves if m.hand is not None and m.hand < len(boxes)]
    for mark, index in marked:  # the card played and the best card, tagged like their cells
        colour, dashes = _MOVE_STYLE[mark.kind]
        bx, by, bw, _ = boxes[index]
        pen.dash(*dashes)
        pen.round_rect(boxes[index], 9, stroke=colour, width=4)
        pen.dash()
        both = sum(i == index for _, i in marked) > 1
        if both and mark.kind == "best":
            continue
        text = "played, best" if both else mark.kind
        tag_w = min(bw + 12, text_width(text, 12, bold=True) + 10)
        pen.round_rect((bx + (bw - tag_w) / 2, by - 8, tag_w, 16), 4, fill=colour)
        pen.text(bx + bw / 2, by, text, 12, "#FFFFFF", bold=True, max_width=tag_w - 4)


# ---------------------------------------------------------------------------- every hand
_SMALL = 0.55
"""The scale of the cards of :func:`paint_hands` (they show their id, not their name)."""
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
    _paint_cards(pen, cards)
