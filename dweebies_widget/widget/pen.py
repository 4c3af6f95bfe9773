"""The recording pen: canvas drawing commands kept as data, replayed on a canvas later.

:func:`~dweebies_widget.widget.paint.paint` draws on a :class:`Pen`; the widgets replay it
on their ipycanvas ``Canvas`` in one message, and :mod:`~dweebies_widget.widget.svg_writer`
writes the same recording as SVG.  Nothing here knows what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import palette as P
from ..face import Box

__all__ = ["Pen"]


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
        self.ops.append((name, tuple([round(a, 1) if type(a) is float else a for a in args])))

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
        self.do("begin_path")
        self.round_rect_path(box, radius)
        self.finish(fill, stroke, width)

    def round_rect_path(self, box: Box, radius: float) -> None:
        """Add a rectangle with rounded corners to the current path (to be filled or stroked
        with others at once)."""
        x, y, w, h = box
        r = max(0.0, min(radius, w / 2, h / 2))
        self.do("move_to", x + r, y)
        self.do("arc_to", x + w, y, x + w, y + h, r)
        self.do("arc_to", x + w, y + h, x, y + h, r)
        self.do("arc_to", x, y + h, x, y, r)
        self.do("arc_to", x, y, x + w, y, r)
        self.do("close_path")

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 1,
    ) -> None:
        self.do("begin_path")
        self.polygon_path(points)
        self.finish(fill, stroke, width)

    def polygon_path(self, points: Sequence[tuple[float, float]]) -> None:
        """Add a closed polygon to the current path."""
        (x0, y0), *rest = points
        self.do("move_to", x0, y0)
        for x, y in rest:
            self.do("line_to", x, y)
        self.do("close_path")

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

    def finish(self, fill: str | None, stroke: str | None, width: float) -> None:
        if fill:
            self.set(fill_style=fill)
            self.do("fill")
        if stroke:
            self.set(stroke_style=stroke, line_width=width)
            self.do("stroke")

    def forget(self) -> None:
        """Forget the attributes set so far (after a canvas ``restore()``, which brought back
        the state from before ``save()``): the next :meth:`set` records them again."""
        self._state.clear()
