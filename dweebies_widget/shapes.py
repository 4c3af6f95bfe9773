"""The outlines of the nine Dweebie shapes, as plain geometry for any drawing surface.

The painter (:mod:`dweebies_widget.widget.paint`), which draws every picture, and
:func:`dweebies_widget.svg.draw_shape` ask :func:`outline` where the corners and curves are
and only turn the answer into their own drawing commands.

An outline is centred on ``(cx, cy)`` and fits roughly in a circle of radius ``1.2 * size``.
It is one of four kinds: a :class:`Polygon` (triangle, diamond, hexagon, star, pentagon,
cross), a :class:`Circle`, a :class:`Square` with rounded corners, or a :class:`Drop` (a
point at the top, round at the bottom).

>>> outline("circle", 10, 20, 5)
Circle(cx=10, cy=20, r=4.6000000000000005)
>>> len(outline("star", 0, 0, 10).points)
10
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .cards import SHAPES

__all__ = ["Circle", "Drop", "Outline", "Point", "Polygon", "Square", "outline"]

Point = tuple[float, float]


class Polygon(NamedTuple):
    """A closed polygon through ``points``."""

    points: tuple[Point, ...]


class Circle(NamedTuple):
    """A circle of radius ``r`` centred on ``(cx, cy)``."""

    cx: float
    cy: float
    r: float


class Square(NamedTuple):
    """A square with top-left corner ``(x, y)``, side ``side`` and corner radius ``corner``."""

    x: float
    y: float
    side: float
    corner: float


class Drop(NamedTuple):
    """A water drop: straight lines from ``tip`` to ``right`` and from ``left`` back to the tip,
    and between them the long way round a circle of ``radius`` about ``centre``."""

    tip: Point
    right: Point
    left: Point
    centre: Point
    radius: float


Outline = Polygon | Circle | Square | Drop


def _ring(cx: float, cy: float, radius: float, corners: int) -> tuple[Point, ...]:
    """``corners`` points on a circle, the first straight up."""
    return tuple(
        (
            cx + radius * math.cos(-math.pi / 2 + 2 * math.pi * i / corners),
            cy + radius * math.sin(-math.pi / 2 + 2 * math.pi * i / corners),
        )
        for i in range(corners)
    )


def _star(cx: float, cy: float, size: float) -> Polygon:
    outer = _ring(cx, cy + 0.06 * size, 1.18 * size, 5)
    inner = [
        (
            cx + 0.56 * size * math.cos(math.pi / 2 + 2 * math.pi * (i + 3) / 5),
            cy + 0.06 * size + 0.56 * size * math.sin(math.pi / 2 + 2 * math.pi * (i + 3) / 5),
        )
        for i in range(5)
    ]
    return Polygon(tuple(p for pair in zip(outer, inner, strict=True) for p in pair))


def _cross(cx: float, cy: float, size: float) -> Polygon:
    a, b = 0.4 * size, 0.98 * size
    corners = [
        (-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a),
        (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a),
    ]  # fmt: skip
    return Polygon(tuple((cx + x, cy + y) for x, y in corners))


def _drop(cx: float, cy: float, size: float) -> Drop:
    radius = 0.8 * size
    ox, oy = cx, cy + 0.22 * size  # centre of the round part
    tip = cy - 1.14 * size
    spread = math.acos(radius / (oy - tip))  # angle from "up" to each tangent point
    left = (ox - radius * math.sin(spread), oy - radius * math.cos(spread))
    right = (ox + radius * math.sin(spread), oy - radius * math.cos(spread))
    return Drop((cx, tip), right, left, (ox, oy), radius)


def outline(shape: str, cx: float, cy: float, size: float) -> Outline:
    """The outline of ``shape`` (a name from :data:`~dweebies_widget.cards.SHAPES`).

    >>> [round(v, 9) for v in outline("diamond", 0, 0, 10).points[0]]  # the top corner
    [0.0, -11.0]
    >>> outline("blob", 0, 0, 1)
    Traceback (most recent call last):
        ...
    ValueError: unknown shape 'blob'; the shapes are circle, square, triangle, diamond, \
hexagon, star, pentagon, cross, drop
    """
    if shape == "circle":
        return Circle(cx, cy, 0.92 * size)
    if shape == "square":
        h = 0.81 * size
        return Square(cx - h, cy - h, 2 * h, 0.12 * size)
    if shape == "triangle":  # its centroid a little below (cx, cy), so it looks centred
        return Polygon(_ring(cx, cy + 0.14 * size, 1.2 * size, 3))
    if shape == "diamond":
        return Polygon(_ring(cx, cy, 1.1 * size, 4))
    if shape == "hexagon":
        return Polygon(_ring(cx, cy, 1.0 * size, 6))
    if shape == "star":
        return _star(cx, cy, size)
    if shape == "pentagon":
        return Polygon(_ring(cx, cy + 0.05 * size, 1.04 * size, 5))
    if shape == "cross":
        return _cross(cx, cy, size)
    if shape == "drop":
        return _drop(cx, cy, size)
    raise ValueError(f"unknown shape {shape!r}; the shapes are {', '.join(SHAPES)}")
