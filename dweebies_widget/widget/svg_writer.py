"""The one SVG writer: a recording of canvas commands (a :class:`~.pen.Pen`) as an SVG document.

Every picture of the package goes through here: :meth:`Game.svg()
<dweebies_widget.game.Game.svg>`, the widgets' static pictures and the handouts.  The writer
draws each command as the canvas draws it (paths with rounded corners, arcs, ellipses and
quadratic curves, clips, transforms, dashes, text with its alignment), raises
``ValueError`` for any other, and adds lines of text over or under the picture, wrapped by
the one text metric
(:mod:`~dweebies_widget.widget.text`).  The output is deterministic, uses presentation
attributes only (no ``<style>``, no ``id`` that could clash with a page holding several
pictures; a clip is a nested ``<svg>`` viewport) and escapes every text.

>>> from dweebies_widget.widget.pen import Pen
>>> pen = Pen()
>>> pen.rect((0, 0, 4, 2), fill="#FF0000")
>>> print(canvas_svg(pen, (4, 2), 1))  # doctest: +ELLIPSIS
<svg ... width="4" height="2" ...<rect x="0" y="0" width="4" height="2" fill="#FF0000"/>...
>>> number(2.0), number(-0.04), escaped('<"Ana">')
('2', '0', '&lt;&quot;Ana&quot;&gt;')
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from xml.sax.saxutils import escape

from .. import palette as P
from .pen import Pen
from .text import text_width, wrap

__all__ = ["LINE_HEIGHT", "TEXT_SIZE", "canvas_svg", "escaped", "number"]

_FONT = re.compile(r"(bold )?([\d.]+)px")
"""The weight and size of a canvas font."""
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escaped(value: object) -> str:
    """``value`` as text that is safe inside an XML element or a double-quoted attribute."""
    return escape(_NOT_XML.sub("\ufffd", str(value)), {'"': "&quot;"})


def number(x: float) -> str:
    """A coordinate, short: one decimal at most, no ``-0``."""
    s = f"{x:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


Matrix = tuple[float, float, float, float, float, float]

_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_ANCHOR = {"left": "start", "start": "start", "center": "middle", "right": "end", "end": "end"}
"""The canvas's ``text_align`` as SVG's ``text-anchor`` (left-to-right text)."""
_BASELINE = {
    "alphabetic": "",
    "middle": "central",
    "top": "text-before-edge",
    "hanging": "hanging",
    "bottom": "text-after-edge",
    "ideographic": "ideographic",
}
"""The canvas's ``text_baseline`` as SVG's ``dominant-baseline``."""
_ATTRIBUTES = {
    "fill_style": "fill",
    "stroke_style": "stroke",
    "line_width": "line_width",
    "font": "font",
    "text_align": "align",
    "text_baseline": "baseline",
    "global_alpha": "alpha",
    "line_join": "join",
    "line_cap": "cap",
}
"""Canvas attributes as fields of :class:`_State`."""
LINE_HEIGHT = 20
"""The height of a line of text over or under a picture."""
TEXT_SIZE = 15
"""The font size of the lines over and under a picture."""
_PAD = 10
_BOLD = ' font-weight="bold"'


@dataclass(frozen=True)
class _State:
    """What a canvas ``save()`` keeps (its defaults are the canvas's), and the clip
    viewports opened since that save."""

    fill: str = "#000000"
    stroke: str = "#000000"
    line_width: float = 1.0
    font: str = "10px sans-serif"
    align: str = "start"
    baseline: str = "alphabetic"
    alpha: float = 1.0
    join: str = "miter"
    cap: str = "butt"
    dash: tuple[float, ...] = ()
    matrix: Matrix = _IDENTITY
    groups: int = 0


class _Drawing:
    """Replays canvas commands as SVG elements (see :func:`canvas_svg`)."""

    def __init__(self, ratio: float) -> None:
        self.out: list[str] = []
        self.state = _State()
        self.stack: list[_State] = []
        self.path: list[str] = []
        self.point: tuple[float, float] | None = None  # the path's current point
        self.start: tuple[float, float] | None = None  # where its subpath began
        self.box: tuple[float, float, float, float] | None = None  # the path, if one rect
        self.scale = 1 / ratio  # canvas pixels to CSS pixels

    def run(self, ops: Iterable[tuple[str, tuple[Any, ...]]]) -> str:
        for name, args in ops:
            if name == "=":
                key, value = args
                if key not in _ATTRIBUTES:
                    raise ValueError(f"no SVG for the canvas attribute {key!r}")
                self.state = replace(self.state, **{_ATTRIBUTES[key]: value})
            else:
                command = getattr(self, "_" + name, None)
                if command is None:
                    raise ValueError(f"no SVG for the canvas command {name!r}")
                command(*args)
        while self.stack:  # a recording that never restored
            self._restore()
        self.out.append("</svg>" * self.state.groups)
        return "".join(self.out)

    # ------------------------------------------------------------------ state
    def _save(self) -> None:
        self.stack.append(self.state)
        self.state = replace(self.state, groups=0)

    def _restore(self) -> None:
        if self.stack:
            self.out.append("</svg>" * self.state.groups)
            self.state = self.stack.pop()

    def _set_transform(self, *matrix: float) -> None:
        a, b, c, d, e, f = matrix
        self.state = replace(self.state, matrix=(a, b, c, d, e, f))

    def _set_line_dash(self, segments: Sequence[float]) -> None:
        self.state = replace(self.state, dash=tuple(segments))

    # ------------------------------------------------------------------ paths
    def _begin_path(self) -> None:
        self.path, self.point, self.start, self.box = [], None, None, None

    def _move_to(self, x: float, y: float) -> None:
        self.box = None
        self.path.append(f"M{number(x)} {number(y)}")
        self.point = self.start = (x, y)

    def _line_to(self, x: float, y: float) -> None:
        if self.point is None:
            self._move_to(x, y)
        else:
            self.box = None
            self.path.append(f"L{number(x)} {number(y)}")
            self.point = (x, y)

    def _close_path(self) -> None:
        if self.point is not None:
            self.path.append("Z")
            self.point = self.start

    def _rect(self, x: float, y: float, w: float, h: float) -> None:
        self.box = (x, y, w, h) if not self.path else None
        self.path.append(f"M{number(x)} {number(y)}h{number(w)}v{number(h)}h{number(-w)}Z")
        self.point = self.start = (x, y)

    def _arc(
        self, cx: float, cy: float, r: float, start: float, end: float, anticlockwise: bool = False
    ) -> None:
        self._ellipse(cx, cy, r, r, 0, start, end, anticlockwise)

    def _quadratic_curve_to(self, x1: float, y1: float, x: float, y: float) -> None:
        if self.point is None:
            self._move_to(x1, y1)
        self.box = None
        self.path.append(f"Q{number(x1)} {number(y1)} {number(x)} {number(y)}")
        self.point = (x, y)

    def _ellipse(
        self,
        cx: float,
        cy: float,
        rx: float,
        ry: float,
        rotation: float,
        start: float,
        end: float,
        anticlockwise: bool = False,
    ) -> None:
        """An upright ellipse (or a part of one), as the canvas's ``ellipse``: a line from
        the current point to where it starts, then the arc."""
        if rotation:
            raise ValueError("no SVG for a turned ellipse")
        sx, sy = cx + rx * math.cos(start), cy + ry * math.sin(start)
        self._line_to(sx, sy)
        self.box = None
        turn = start - end if anticlockwise else end - start
        sweep = 0 if anticlockwise else 1
        radii = f"A{number(rx)} {number(ry)} 0"
        if turn >= 2 * math.pi:  # the whole ellipse: two halves
            for x, y in ((2 * cx - sx, 2 * cy - sy), (sx, sy)):
                self.path.append(f"{radii} 0 {sweep} {number(x)} {number(y)}")
            return
        turn %= 2 * math.pi
        if turn == 0:
            return
        angle = start - turn if anticlockwise else start + turn
        ex, ey = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        self.path.append(f"{radii} {int(turn > math.pi)} {sweep} {number(ex)} {number(ey)}")
        self.point = (ex, ey)

    def _arc_to(self, x1: float, y1: float, x2: float, y2: float, r: float) -> None:
        if self.point is None:
            self._move_to(x1, y1)
        x0, y0 = self.point or (x1, y1)
        ax, ay, bx, by = x0 - x1, y0 - y1, x2 - x1, y2 - y1
        la, lb = math.hypot(ax, ay), math.hypot(bx, by)
        cross = ax * by - ay * bx
        if r == 0 or la == 0 or lb == 0 or abs(cross) < 1e-9 * la * lb:
            self._line_to(x1, y1)  # no corner to round
            return
        cos = max(-1.0, min(1.0, (ax * bx + ay * by) / (la * lb)))
        reach = r / math.tan(math.acos(cos) / 2)  # from the corner to where the arc touches
        tx, ty = x1 + ax / la * reach, y1 + ay / la * reach
        ex, ey = x1 + bx / lb * reach, y1 + by / lb * reach
        self._line_to(tx, ty)
        sweep = int(cross < 0)  # turning right on the screen (y down): clockwise
        self.path.append(f"A{number(r)} {number(r)} 0 0 {sweep} {number(ex)} {number(ey)}")
        self.point = (ex, ey)

    def _fill(self) -> None:
        if self.path:
            self._element("path", f'd="{"".join(self.path)}"{self._paint(fill=True)}')

    def _stroke(self) -> None:
        if self.path:
            self._element("path", f'd="{"".join(self.path)}"{self._paint(fill=False)}')

    def _clip(self) -> None:
        """Clip to the current path, which must be one rectangle (all the pictures clip to):
        drawn as a nested ``<svg>`` viewport over it, so the picture needs no ``id``."""
        a, b, c, d, e, f = (v * self.scale for v in self.state.matrix)
        if self.box is None or abs(b) > 1e-9 or abs(c) > 1e-9 or a <= 0 or d <= 0:
            raise ValueError("no SVG for a clip that is not one upright rectangle")
        x, y, w, h = self.box
        box = (a * x + e, d * y + f, a * w, d * h)
        view = " ".join(number(v) for v in box)
        self.out.append(f'<svg {_box(*box)} viewBox="{view}">')
        self.state = replace(self.state, groups=self.state.groups + 1)

    # ------------------------------------------------------------------ shapes and text
    def _fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._element("rect", _box(x, y, w, h) + self._paint(fill=True))

    def _stroke_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._element("rect", _box(x, y, w, h) + self._paint(fill=False))

    def _fill_circle(self, x: float, y: float, r: float) -> None:
        self._element("circle", _centre(x, y, r) + self._paint(fill=True))

    def _stroke_circle(self, x: float, y: float, r: float) -> None:
        self._element("circle", _centre(x, y, r) + self._paint(fill=False))

    def _stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        ends = f'x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" y2="{number(y2)}"'
        self._element("line", ends + self._paint(fill=False))

    def _fill_text(self, text: str, x: float, y: float, max_width: float = 0) -> None:
        self._write_text(text, x, y, max_width, self._paint(fill=True))

    def _stroke_text(self, text: str, x: float, y: float, max_width: float = 0) -> None:
        self._write_text(text, x, y, max_width, self._paint(fill=False))

    def _write_text(self, text: str, x: float, y: float, most: float, colours: str) -> None:
        """A text; one wider than ``most`` (if given) by the text metric is squeezed to that
        width, as the canvas squeezes a text wider than its ``max_width``."""
        s = self.state
        baseline = _BASELINE.get(s.baseline, "")
        attrs = (
            f'x="{number(x)}" y="{number(y)}" style="font: {escaped(s.font)}"'
            f' text-anchor="{_ANCHOR.get(s.align, "start")}"'
            + (f' dominant-baseline="{baseline}"' if baseline else "")
            + colours
        )
        font = _FONT.match(s.font)
        if font and most > 0 and text_width(text, float(font[2]), bool(font[1])) > most + 0.5:
            attrs += f' textLength="{number(most)}" lengthAdjust="spacingAndGlyphs"'
        self.out.append(f"<text {attrs}{self._extra()}>{escaped(text)}</text>")

    # ------------------------------------------------------------------ attributes
    def _element(self, tag: str, attrs: str) -> None:
        self.out.append(f"<{tag} {attrs}{self._extra()}/>")

    def _paint(self, fill: bool) -> str:
        s = self.state
        if fill:
            return f' fill="{escaped(s.fill)}"'
        out = f' fill="none" stroke="{escaped(s.stroke)}" stroke-width="{number(s.line_width)}"'
        if s.join != "miter":
            out += f' stroke-linejoin="{s.join}"'
        if s.cap != "butt":
            out += f' stroke-linecap="{s.cap}"'
        if s.dash:
            out += f' stroke-dasharray="{" ".join(map(number, s.dash))}"'
        return out

    def _transform(self) -> str:
        """The current transform, from the picture's CSS pixels: none under the usual
        ``pixel_ratio`` scaling."""
        m = tuple(v * self.scale for v in self.state.matrix)
        if all(abs(v - i) < 1e-9 for v, i in zip(m, _IDENTITY, strict=True)):
            return ""
        return f' transform="matrix({" ".join(f"{v:.6g}" for v in m)})"'

    def _extra(self) -> str:
        alpha = self.state.alpha
        return self._transform() + (f' opacity="{alpha:g}"' if alpha != 1 else "")


def _centre(x: float, y: float, r: float) -> str:
    return f'cx="{number(x)}" cy="{number(y)}" r="{number(r)}"'


def _box(x: float, y: float, w: float, h: float) -> str:
    return f'x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}"'


def canvas_svg(
    pen: Pen,
    size: tuple[float, float],
    ratio: float,
    *,
    above: Sequence[str] = (),
    below: Sequence[str] = (),
    label: str = "",
) -> str:
    """The canvas picture recorded on ``pen`` as an SVG document of the canvas's ``size`` in
    CSS pixels (the canvas has ``ratio`` canvas pixels per CSS pixel), with lines of text
    ``above`` it (the first one bold) and ``below`` it, wrapped to its width; ``label`` is
    its text alternative.

    Every command the widgets' pictures use is drawn as the canvas draws it (paths with
    rounded corners, arcs, ellipses and curves, clips, transforms, dashes, text with its
    alignment); any other raises ``ValueError``.  The same recording always gives the same text."""
    width, height = math.ceil(size[0]), math.ceil(size[1])
    room = width - 2 * _PAD
    top = [
        (line, i == 0)
        for i, text in enumerate(above)
        for line in wrap(text, TEXT_SIZE, room, bold=i == 0)
        if line
    ]
    bottom = [line for text in below for line in wrap(text, TEXT_SIZE, room) if line]
    y0 = _PAD + len(top) * LINE_HEIGHT if top else 0
    total = y0 + height + (len(bottom) * LINE_HEIGHT + _PAD if bottom else 0)
    texts = [
        f'<text x="{_PAD}" y="{_PAD + (i + 1) * LINE_HEIGHT - 5}" font-size="{TEXT_SIZE}" '
        f'fill="{P.INK}"'
        f"{_BOLD if bold else ''}>{escaped(line)}</text>"
        for i, (line, bold) in enumerate(top)
    ] + [
        f'<text x="{_PAD}" y="{y0 + height + (i + 1) * LINE_HEIGHT - 4}" font-size="{TEXT_SIZE}" '
        f'fill="{P.SOFT_INK}">{escaped(line)}</text>'
        for i, line in enumerate(bottom)
    ]
    body = _Drawing(ratio).run(pen.ops)
    label = escaped(label or "Dweebies table")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}" font-family="{escaped(P.FONT)}" role="img" '
        f'aria-label="{label}"><title>{label}</title>'
        f'<rect width="{width}" height="{total}" fill="#FFFFFF"/>{"".join(texts)}'
        f'<svg x="0" y="{y0}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<g stroke-miterlimit="10">{body}</g></svg></svg>\n'
    )
