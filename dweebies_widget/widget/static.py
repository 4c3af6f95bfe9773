"""Static pictures of the widgets, for pages that run no Python.

A notebook exported to HTML (``jupyter nbconvert --to html``), shown on GitHub or nbviewer, has
no kernel: a live widget there is an empty box.  So each widget puts a static picture of
itself in its display data, next to the widget view: front ends that can draw the widget
(JupyterLab, Notebook 7, Voila) rank the widget view first and show the live widget; static
renderers fall back to the picture.

* :func:`play_picture` is the play widget's canvas as an SVG document, exactly what the canvas
  shows (the same :func:`~dweebies_widget.widget.paint.paint` recording, turned into SVG by
  :func:`canvas_svg`: only the hand of the player at this screen, as in the page), with the
  status line under it.
* :func:`puzzle_picture` is a puzzle as it is first shown: its title and goal over the
  starting position.  Never a verdict or the student's marks, whatever was played since, so a
  stored picture cannot give the answer away.
* :func:`question_html` is a question's prompt and choices as HTML, never its answer.

This module decides nothing and imports no widget library: it reads the controllers.

>>> from dweebies_widget.widget.controller import Controller
>>> c = Controller(["Ana", "Ben"], seed=7, width=900, height=720, pixel_ratio=1,
...                scheduler=lambda delay, job: lambda: None)
>>> picture = play_picture(c)
>>> picture.startswith("<svg") and "Ana to play" in picture
True
"""

from __future__ import annotations

import hashlib
import html
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import palette as P
from ..questions import LETTERS, Question
from ..svg import _n, _text, _width_of
from .controller import Controller
from .geometry import Geometry
from .paint import Pen, paint
from .puzzle import PuzzleController
from .puzzle_paint import paint_overlay

__all__ = ["canvas_svg", "play_picture", "puzzle_picture", "question_html"]

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
_LINE = 20  # the height of a line of text over or under the picture
_TEXT = 15  # its font size
_PAD = 10
_BOLD = ' font-weight="bold"'


@dataclass(frozen=True)
class _State:
    """What a canvas ``save()`` keeps (its defaults are the canvas's), and the clip groups
    opened since that save."""

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
        self.clips = 0
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
        self.out.append("</g>" * self.state.groups)
        return "".join(self.out)

    # ------------------------------------------------------------------ state
    def _save(self) -> None:
        self.stack.append(self.state)
        self.state = replace(self.state, groups=0)

    def _restore(self) -> None:
        if self.stack:
            self.out.append("</g>" * self.state.groups)
            self.state = self.stack.pop()

    def _set_transform(self, *matrix: float) -> None:
        a, b, c, d, e, f = matrix
        self.state = replace(self.state, matrix=(a, b, c, d, e, f))

    def _set_line_dash(self, segments: Sequence[float]) -> None:
        self.state = replace(self.state, dash=tuple(segments))

    # ------------------------------------------------------------------ paths
    def _begin_path(self) -> None:
        self.path, self.point, self.start = [], None, None

    def _move_to(self, x: float, y: float) -> None:
        self.path.append(f"M{_n(x)} {_n(y)}")
        self.point = self.start = (x, y)

    def _line_to(self, x: float, y: float) -> None:
        if self.point is None:
            self._move_to(x, y)
        else:
            self.path.append(f"L{_n(x)} {_n(y)}")
            self.point = (x, y)

    def _close_path(self) -> None:
        if self.point is not None:
            self.path.append("Z")
            self.point = self.start

    def _rect(self, x: float, y: float, w: float, h: float) -> None:
        self.path.append(f"M{_n(x)} {_n(y)}h{_n(w)}v{_n(h)}h{_n(-w)}Z")
        self.point = self.start = (x, y)

    def _arc(
        self, cx: float, cy: float, r: float, start: float, end: float, anticlockwise: bool = False
    ) -> None:
        sx, sy = cx + r * math.cos(start), cy + r * math.sin(start)
        self._line_to(sx, sy)
        turn = start - end if anticlockwise else end - start
        sweep = 0 if anticlockwise else 1
        if turn >= 2 * math.pi:  # the whole circle: two halves
            ox, oy = 2 * cx - sx, 2 * cy - sy
            for x, y in ((ox, oy), (sx, sy)):
                self.path.append(f"A{_n(r)} {_n(r)} 0 0 {sweep} {_n(x)} {_n(y)}")
            return
        turn %= 2 * math.pi
        if turn == 0:
            return
        angle = start - turn if anticlockwise else start + turn
        ex, ey = cx + r * math.cos(angle), cy + r * math.sin(angle)
        large = int(turn > math.pi)
        self.path.append(f"A{_n(r)} {_n(r)} 0 {large} {sweep} {_n(ex)} {_n(ey)}")
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
        self.path.append(f"A{_n(r)} {_n(r)} 0 0 {sweep} {_n(ex)} {_n(ey)}")
        self.point = (ex, ey)

    def _fill(self) -> None:
        if self.path:
            self._element("path", f'd="{"".join(self.path)}"{self._paint(fill=True)}')

    def _stroke(self) -> None:
        if self.path:
            self._element("path", f'd="{"".join(self.path)}"{self._paint(fill=False)}')

    def _clip(self) -> None:
        clip = f"\0{self.clips}"  # made unique per picture at the end (canvas_svg)
        self.clips += 1
        d = "".join(self.path) or "M0 0"
        self.out.append(
            f'<clipPath id="{clip}"><path d="{d}"{self._transform()}/></clipPath>'
            f'<g clip-path="url(#{clip})">'
        )
        self.state = replace(self.state, groups=self.state.groups + 1)

    # ------------------------------------------------------------------ shapes and text
    def _fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._element("rect", _box(x, y, w, h) + self._paint(fill=True))

    def _stroke_rect(self, x: float, y: float, w: float, h: float) -> None:
        self._element("rect", _box(x, y, w, h) + self._paint(fill=False))

    def _fill_circle(self, x: float, y: float, r: float) -> None:
        self._element("circle", f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{self._paint(True)}')

    def _stroke_circle(self, x: float, y: float, r: float) -> None:
        self._element("circle", f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{self._paint(False)}')

    def _stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        ends = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
        self._element("line", ends + self._paint(fill=False))

    def _fill_text(self, text: str, x: float, y: float, _max_width: float = 0) -> None:
        self._text(text, x, y, self._paint(fill=True))

    def _stroke_text(self, text: str, x: float, y: float, _max_width: float = 0) -> None:
        self._text(text, x, y, self._paint(fill=False))

    def _text(self, text: str, x: float, y: float, colours: str) -> None:
        s = self.state
        baseline = _BASELINE.get(s.baseline, "")
        attrs = (
            f'x="{_n(x)}" y="{_n(y)}" style="font: {_text(s.font)}"'
            f' text-anchor="{_ANCHOR.get(s.align, "start")}"'
            + (f' dominant-baseline="{baseline}"' if baseline else "")
            + colours
        )
        self.out.append(f"<text {attrs}{self._extra()}>{_text(text)}</text>")

    # ------------------------------------------------------------------ attributes
    def _element(self, tag: str, attrs: str) -> None:
        self.out.append(f"<{tag} {attrs}{self._extra()}/>")

    def _paint(self, fill: bool) -> str:
        s = self.state
        if fill:
            return f' fill="{_text(s.fill)}"'
        out = f' fill="none" stroke="{_text(s.stroke)}" stroke-width="{_n(s.line_width)}"'
        if s.join != "miter":
            out += f' stroke-linejoin="{s.join}"'
        if s.cap != "butt":
            out += f' stroke-linecap="{s.cap}"'
        if s.dash:
            out += f' stroke-dasharray="{" ".join(map(_n, s.dash))}"'
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


def _box(x: float, y: float, w: float, h: float) -> str:
    return f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"'


def _wrap(text: str, width: float, bold: bool) -> list[str]:
    """``text`` in lines that fit ``width`` pixels (estimated, see :mod:`dweebies_widget.svg`)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width_of(lines[-1] + " " + word, _TEXT, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


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
    rounded corners and arcs, clips, transforms, dashes, text with its alignment); any other
    raises ``ValueError``.  The same recording always gives the same text."""
    width, height = math.ceil(size[0]), math.ceil(size[1])
    room = width - 2 * _PAD
    top = [(line, i == 0) for i, text in enumerate(above) for line in _wrap(text, room, i == 0)]
    bottom = [line for text in below for line in _wrap(text, room, False)]
    y0 = _PAD + len(top) * _LINE if top else 0
    total = y0 + height + (len(bottom) * _LINE + _PAD if bottom else 0)
    texts = [
        f'<text x="{_PAD}" y="{_PAD + (i + 1) * _LINE - 5}" font-size="{_TEXT}" fill="{P.INK}"'
        f"{_BOLD if bold else ''}>{_text(line)}</text>"
        for i, (line, bold) in enumerate(top)
    ] + [
        f'<text x="{_PAD}" y="{y0 + height + (i + 1) * _LINE - 4}" font-size="{_TEXT}" '
        f'fill="{P.SOFT_INK}">{_text(line)}</text>'
        for i, line in enumerate(bottom)
    ]
    body = _Drawing(ratio).run(pen.ops)
    # Clip ids unique to this picture (pages that inline several pictures keep them apart),
    # and the same on every run.
    body = body.replace("\0", f"dw{hashlib.sha256(body.encode()).hexdigest()[:10]}-")
    label = _text(label or "Dweebies table")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}" font-family="{_text(P.FONT)}" role="img" '
        f'aria-label="{label}"><title>{label}</title>'
        f'<rect width="{width}" height="{total}" fill="#FFFFFF"/>{"".join(texts)}'
        f'<svg x="0" y="{y0}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f'<g stroke-miterlimit="10">{body}</g></svg></svg>\n'
    )


def play_picture(controller: Controller, pen: Pen | None = None) -> str:
    """The play widget's picture as SVG: its canvas as shown now (``pen``: what the widget
    painted, when it draws more than the table), the status line under it."""
    if pen is None:
        pen = Pen()
        paint(pen, controller.geometry, controller.scene)
    lines = controller.status_lines()
    return canvas_svg(pen, *_size(controller.geometry), below=lines, label="Dweebies: " + lines[0])


def puzzle_picture(controller: PuzzleController) -> str:
    """The puzzle shown by ``controller`` as SVG, as it is first shown: the title and the goal
    over the starting position (never a verdict, a mark or a move the student made)."""
    g = controller.geometry
    start = PuzzleController(
        [controller.puzzle], width=round(g.width), height=round(g.height),
        pixel_ratio=g.ratio, scheduler=lambda _delay, _job: lambda: None,
    )  # fmt: skip
    pen = Pen()
    paint(pen, start.geometry, start.scene)
    paint_overlay(pen, start.geometry, start.overlay())
    title, goal = controller.title(), f"Goal: {controller.goal}"
    return canvas_svg(pen, *_size(g), above=[title, goal], label=f"{title}. {goal}")


def _size(g: Geometry) -> tuple[tuple[float, float], float]:
    """A canvas's CSS size and its pixel ratio."""
    return (g.css.width, g.css.height), g.ratio


def question_html(question: Question) -> str:
    """A question's prompt and choices as HTML, never its answer."""
    choices = "<br>".join(
        f"{LETTERS[i]}. {html.escape(choice)}" for i, choice in enumerate(question.choices)
    )
    return (
        '<div class="dweebies-question-text">'
        f"<p><b>Question:</b> {html.escape(question.prompt)}</p><p>{choices}</p>"
        "<p><i>Run the notebook to answer: the answer is shown once you check yours.</i></p>"
        "</div>"
    )
