"""Drawing the widget's picture from plain data: a :class:`Scene` in, canvas commands out.

Nothing here decides a rule: the controller (:mod:`dweebies_widget.widget.controller`) asks the
:class:`~dweebies_widget.game.Game` what is legal, what would be collected and who is to
play, and puts the answers into a :class:`Scene`.  :func:`paint` turns a scene into drawing
commands on a :class:`Pen`, which only records them; :meth:`Pen.replay` then sends them to an
ipycanvas ``Canvas``.  Painting first and sending afterwards keeps every redraw to one
message (the replay runs inside ``hold_canvas``) and means nothing can go wrong half-way
through a batch.

Cards are drawn from the face that :mod:`dweebies_widget.face` describes, the same one the
static SVG picture draws: the shape in its colour with a dark outline, the symbol in dark
ink with a white halo, the name and id, and one dot per copy.  Shape and symbol tell any two
Dweebies apart without colour.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from .. import palette as P
from ..face import Box, Part, Rect, Shape, Text, card_face
from ..grid import Cell
from ..shapes import Circle, Drop, Square
from .geometry import Geometry

__all__ = ["Pen", "Scene", "SeatInfo", "paint"]

_FLASH = "#FF4FA3"  # collected cards flash in a colour no card uses
_HOVER = "#0969DA"
_CURSOR = "#6639BA"
_HINT = "#8250DF"
_CURTAIN = "#30363D"
_BACKGROUND = "#FFFFFF"


class Pen:
    """Records canvas drawing commands; :meth:`replay` sends them to a real canvas.

    >>> pen = Pen()
    >>> pen.rect((0, 0, 10, 10), fill="#FF0000")
    >>> pen.ops
    [('=', ('fill_style', '#FF0000')), ('fill_rect', (0, 0, 10, 10))]
    """

    def __init__(self) -> None:
        self.ops: list[tuple[str, tuple[Any, ...]]] = []
        self._state: dict[str, Any] = {}

    def replay(self, canvas: Any) -> None:
        """Send every recorded command to ``canvas`` (an ipycanvas ``Canvas``), in order."""
        for name, args in self.ops:
            if name == "=":
                setattr(canvas, args[0], args[1])
            else:
                getattr(canvas, name)(*args)

    # ------------------------------------------------------------------ primitives
    def set(self, **attributes: Any) -> None:
        """Set canvas attributes (``fill_style``, ``font``...), skipping unchanged ones."""
        for key, value in attributes.items():
            if self._state.get(key, object()) != value:
                self._state[key] = value
                self.ops.append(("=", (key, value)))

    def do(self, name: str, *args: Any) -> None:
        """Record a call of the canvas method ``name`` (positions rounded to 0.1 px, which
        halves the bytes of a redraw and changes no visible pixel)."""
        self.ops.append((name, tuple(round(a, 1) if type(a) is float else a for a in args)))

    def dash(self, *segments: float) -> None:
        """Dashed (or, with no segments, solid) strokes from now on."""
        key = tuple(segments)
        if self._state.get("dash", ()) != key:
            self._state["dash"] = key
            self.ops.append(("set_line_dash", (list(segments),)))

    # ------------------------------------------------------------------ shapes
    def rect(
        self, box: Box, fill: str | None = None, stroke: str | None = None, width: float = 1
    ) -> None:
        x, y, w, h = box
        if fill:
            self.set(fill_style=fill)
            self.do("fill_rect", x, y, w, h)
        if stroke:
            self.set(stroke_style=stroke, line_width=width)
            self.do("stroke_rect", x, y, w, h)

    def round_rect(
        self,
        box: Box,
        radius: float,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1,
    ) -> None:
        x, y, w, h = box
        r = max(0.0, min(radius, w / 2, h / 2))
        self.do("begin_path")
        self.do("move_to", x + r, y)
        self.do("arc_to", x + w, y, x + w, y + h, r)
        self.do("arc_to", x + w, y + h, x, y + h, r)
        self.do("arc_to", x, y + h, x, y, r)
        self.do("arc_to", x, y, x + w, y, r)
        self.do("close_path")
        self._finish(fill, stroke, width)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1,
    ) -> None:
        self.do("begin_path")
        (x0, y0), *rest = points
        self.do("move_to", x0, y0)
        for x, y in rest:
            self.do("line_to", x, y)
        self.do("close_path")
        self._finish(fill, stroke, width)

    def circle(
        self, x: float, y: float, r: float, fill: str | None = None, stroke: str | None = None
    ) -> None:
        if fill:
            self.set(fill_style=fill)
            self.do("fill_circle", x, y, r)
        if stroke:
            self.set(stroke_style=stroke)
            self.do("stroke_circle", x, y, r)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        colour: str = P.INK,
        bold: bool = False,
        align: str = "center",
        halo: str | None = None,
        max_width: float | None = None,
        *,
        halo_width: float | None = None,
        baseline: str = "middle",
    ) -> None:
        """Text at ``(x, y)``: by default centred there, vertically too (``baseline``
        ``"alphabetic"`` puts ``y`` on the baseline, as in SVG).  A ``halo`` colour outlines
        it first, ``halo_width`` wide (by default 22 % of the size, at least 1 px)."""
        weight = "bold " if bold else ""
        self.set(font=f"{weight}{size:.1f}px {P.FONT}", text_align=align, text_baseline=baseline)
        extra = () if max_width is None else (max_width,)
        if halo:
            if halo_width is None:
                halo_width = max(1.0, 0.22 * size)
            self.set(stroke_style=halo, line_width=halo_width, line_join="round")
            self.do("stroke_text", text, x, y, *extra)
        self.set(fill_style=colour)
        self.do("fill_text", text, x, y, *extra)

    def _finish(self, fill: str | None, stroke: str | None, width: float) -> None:
        if fill:
            self.set(fill_style=fill)
            self.do("fill")
        if stroke:
            self.set(stroke_style=stroke, line_width=width)
            self.do("stroke")


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the score bar shows it."""

    label: str
    score: int
    cards: int
    """Cards in hand (the count only: hands are hidden)."""
    owed: int = 0
    ai: bool = False


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows, as plain data (see :func:`paint`)."""

    board: Mapping[Cell, int]
    seats: Sequence[SeatInfo]
    current: int | None
    """The seat to play, or ``None`` when the game is over."""
    winners: tuple[int, ...] = ()
    pile: int = 0
    hand: Sequence[int] = ()
    """The Dweebies of the hand shown at the bottom (the player at this screen)."""
    hand_owner: str = ""
    curtain: str | None = None
    """Text that covers the hand (hot-seat hand-over, or an AI thinking), or ``None``."""
    selected: int | None = None
    """Index into ``hand`` of the picked card."""
    lit: frozenset[Cell] = frozenset()
    """Cells to light up as places for the picked card."""
    link: bool = False
    """Whether the lit cells are shortest-link cells of a split table."""
    links: frozenset[Cell] = frozenset()
    """Every cell on a cheapest link between the groups of a split table (marked even when
    no card is picked; the lit ones among them are where a card may go now)."""
    groups: tuple[frozenset[Cell], ...] = ()
    """The groups of a split table (empty when joined)."""
    last: Cell | None = None
    flash: tuple[tuple[Cell, int], ...] = ()
    """Cards just collected, drawn where they lay, highlighted, before they leave."""
    preview: tuple[Cell, int, frozenset[Cell]] | None = None
    """Hovered lit cell, the picked Dweebie, and the cells placing it there would collect."""
    heat: Mapping[Cell, float] = field(default_factory=dict)
    """A value in 0..1 per lit cell (the hint's heat map), shown as shading and a percent."""
    hint: tuple[int, Cell] | None = None
    """The suggested placement: hand index and cell."""
    cursor: Cell | None = None
    """The keyboard cursor."""


def paint(pen: Pen, g: Geometry, scene: Scene) -> None:
    """Draw ``scene`` laid out by ``g`` onto ``pen``: score bar, table, hand."""
    pen.rect((0, 0, g.width, g.height), fill=_BACKGROUND)
    _paint_bar(pen, g, scene)
    _paint_table(pen, g, scene)
    _paint_hand(pen, g, scene)


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
        pen.text(
            x + 10, y + h * 0.32, marker + info.label, 14, bold=True, align="left",
            max_width=w - 56,
        )  # fmt: skip
        detail = f"{info.cards} in hand" + (f", owes {info.owed}" if info.owed else "")
        pen.text(x + 10, y + h * 0.74, detail, 11, P.SOFT_INK, align="left", max_width=w - 56)
        pen.text(x + w - 10, y + h / 2, str(info.score), 22, bold=True, align="right")
    x, y, w, h = g.pile_box()
    pen.round_rect((x, y, w, h), 8, fill=P.SEAT_FILL, stroke=P.SEAT_EDGE)
    pen.text(x + w / 2, y + h * 0.32, "pile", 11, P.SOFT_INK)
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
        for cell in sorted(group):
            pen.rect(g.cell_box(cell), fill=tint)
    for cell in sorted(scene.links - scene.lit):
        pen.dash(3, 3)
        pen.round_rect(g.card_box(cell), 8 * g.scale, stroke=P.LINK_EDGE, width=2)
        pen.text(*g.cell_center(cell), "+", 28 * g.scale, P.LINK_EDGE, bold=True)
    _paint_lit(pen, g, scene)
    _paint_cards(pen, [(g.card_box(cell), d) for cell, d in sorted(scene.board.items())])
    if scene.preview is not None:
        cell, d, taken = scene.preview
        _paint_cards(pen, [(g.card_box(cell), d)], alpha=0.55)
        for spot in sorted(taken | {cell} if taken else ()):
            pen.dash()
            pen.round_rect(g.card_box(spot), 8 * g.scale, stroke=_FLASH, width=4)
    _paint_cards(pen, [(g.card_box(cell), d) for cell, d in scene.flash])
    for cell, _ in scene.flash:
        pen.round_rect(g.card_box(cell), 8 * g.scale, stroke=_FLASH, width=5)
    if scene.last is not None:
        pen.dash()
        pen.round_rect(g.cell_box(scene.last), 6 * g.scale, stroke=P.LAST_EDGE, width=3)
    if scene.hint is not None:
        pen.dash(8, 5)
        pen.round_rect(g.cell_box(scene.hint[1]), 6 * g.scale, stroke=_HINT, width=4)
    if scene.cursor is not None:
        pen.dash(4, 4)
        pen.round_rect(g.cell_box(scene.cursor), 4 * g.scale, stroke=_CURSOR, width=3)
    pen.dash()
    pen.do("restore")
    pen._state.clear()  # restore() brought back the canvas state from before save()


def _paint_lit(pen: Pen, g: Geometry, scene: Scene) -> None:
    fill, edge = (P.LINK_FILL, P.LINK_EDGE) if scene.link else (P.LEGAL_FILL, P.LEGAL_EDGE)
    w, h = g.cell_size
    for cell in sorted(scene.lit):
        box = g.card_box(cell)
        heat = scene.heat.get(cell)
        pen.dash(6, 4)
        pen.round_rect(box, 8 * g.scale, fill=fill, stroke=edge, width=2)
        cx, cy = g.cell_center(cell)
        if heat is not None:
            shade = f"rgba(191, 57, 0, {0.15 + 0.7 * heat:.2f})"
            pen.round_rect(box, 8 * g.scale, fill=shade)
            pen.text(cx, cy, f"{round(100 * heat)}%", max(10, 20 * g.scale), bold=True,
                     halo="#FFFFFF")  # fmt: skip
        else:
            if scene.link:
                pen.text(cx, cy, "+", 28 * g.scale, P.LINK_EDGE, bold=True)
            if w >= 44:  # coordinates where they fit
                pen.text(cx, cy + h * 0.3, f"{cell[0]}, {cell[1]}", 11 * g.scale, P.LEGAL_INK)


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
        pen._finish(colour, edge, width)
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
        pen._finish(colour, edge, width)
    else:
        pen.polygon(form.points, colour, edge, width)


# ---------------------------------------------------------------------------- hand
def _paint_hand(pen: Pen, g: Geometry, scene: Scene) -> None:
    band = g.hand_band
    pen.rect(band, fill=P.SEAT_FILL)
    pen.set(stroke_style=P.SEAT_EDGE, line_width=1)
    pen.dash()
    pen.do("stroke_line", 0, band[1], g.width, band[1])
    x, y, w, h = band
    if scene.curtain is not None:
        pen.round_rect((x + 12, y + 12, w - 24, h - 24), 10, fill=_CURTAIN)
        pen.text(w / 2, y + h / 2, scene.curtain, 20, "#FFFFFF", bold=True, max_width=w - 48)
        return
    if scene.hand_owner:
        pen.text(10, y + 12, f"{scene.hand_owner}'s hand", 12, P.SOFT_INK, align="left")
    if not scene.hand:
        pen.text(w / 2, y + h / 2, "No cards in hand", 16, P.SOFT_INK)
    boxes = [g.hand_box(i) for i in range(len(scene.hand))]
    if scene.selected is not None and scene.selected < len(boxes):
        bx, by, bw, bh = boxes[scene.selected]
        boxes[scene.selected] = (bx, by - 10, bw, bh)  # the picked card stands up
        pen.dash()
        pen.round_rect((bx - 4, by - 14, bw + 8, bh + 8), 12, fill=P.LEGAL_FILL,
                       stroke=P.LEGAL_EDGE, width=3)  # fmt: skip
    _paint_cards(pen, list(zip(boxes, scene.hand, strict=True)))
    for i, (bx, by, _, _) in enumerate(boxes):
        pen.text(bx + 10, by + 10, str(i + 1), 11, P.FAINT_INK, bold=True)
    if scene.hint is not None and scene.hint[0] < len(boxes):
        pen.dash(8, 5)
        pen.round_rect(boxes[scene.hint[0]], 9, stroke=_HINT, width=4)
        pen.dash()
