"""The static picture of a game: :meth:`Game.svg() <dweebies_widget.game.Game.svg>` as one
SVG document, the same picture the widget draws.

This module lays nothing out and draws nothing itself: the position's scene
(:func:`~dweebies_widget.widget.position.scene_of`) is laid out by the widget's geometry,
painted by its painter into a recording pen and written by the one SVG writer
(:func:`~dweebies_widget.widget.svg_writer.canvas_svg`), with a few lines of words under
the picture (whose turn it is or who won, the pile, the last action, a split table's bridge).
The picture is plain SVG text, so a notebook that stored it shows it on any viewer, GitHub
included, with no widget and no kernel.

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> picture = SvgPicture(render(game, legal=True, names=["Ana", "Ben"]))
>>> picture.data.startswith("<svg") and "Ana to play" in picture.data
True

What is drawn: the score bar (each seat's score and hand size, whose turn it is or who won,
the pile); the table with every card, the face that :mod:`dweebies_widget.face` describes
(the character's body, top and eyes tell any two Dweebies apart, also in black and white);
the legal cells (``legal=True``, lit, each with its coordinates: the numbers a student
types in ``game.play(dweebie, (row, col))``); the last placement outlined with its seat's
name and the cells it collected as dashed ghosts (``last=True``); on a split table a tint
per group and the cells on a shortest bridge; the legend of the marks shown; the hand of
the seat to play (or of ``viewer``), and under the canvas every other hand face up. Once
the game is over the scores and why cards are left are said in words, leaving the table in
view.

The output is deterministic (the same game gives byte-identical text), uses presentation
attributes only (no ``<style>`` and no ``id`` that could clash with the notebook page) and is
at most :data:`MAX_WIDTH` pixels wide: a large table gets smaller cells.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from .game import Game, Placement
from .shapes import Circle, Drop, Outline, Square, outline
from .widget.position import still
from .widget.svg_writer import canvas_svg, number
from .widget.words import banner, plural

__all__ = [
    "MAX_WIDTH",
    "SvgPicture",
    "draw_shape",
    "render",
]

MAX_WIDTH: int = 900
"""The widest picture :func:`render` makes, in pixels; large tables get smaller cells."""


# ---------------------------------------------------------------------------- shapes
def _shape_element(shape: Outline, style: str) -> str:
    """One SVG element for an outline from :func:`~dweebies_widget.shapes.outline`."""
    if isinstance(shape, Circle):
        centre = f'cx="{number(shape.cx)}" cy="{number(shape.cy)}"'
        return f'<circle {centre} r="{number(shape.r)}"{style}/>'
    if isinstance(shape, Square):
        side = number(shape.side)
        return (
            f'<rect x="{number(shape.x)}" y="{number(shape.y)}" width="{side}" height="{side}" '
            f'rx="{number(shape.corner)}"{style}/>'
        )
    if isinstance(shape, Drop):
        (tx, ty), (rx, ry), (lx, ly) = shape.tip, shape.right, shape.left
        r = number(shape.radius)
        return (
            f'<path d="M{number(tx)},{number(ty)} L{number(rx)},{number(ry)} '
            f'A{r},{r} 0 1 1 {number(lx)},{number(ly)} Z"{style}/>'
        )
    pts = " ".join(f"{number(x)},{number(y)}" for x, y in shape.points)
    return f'<polygon points="{pts}"{style}/>'


def draw_shape(shape: str, cx: float, cy: float, size: float, style: str = "") -> str:
    """The SVG element of ``shape`` (a name from :data:`~dweebies_widget.cards.SHAPES`),
    centred on ``(cx, cy)``; ``style`` is extra attribute text such as ``' fill="#E69F00"'``.

    >>> draw_shape("circle", 10, 20, 5, ' fill="red"')
    '<circle cx="10" cy="20" r="4.6" fill="red"/>'
    """
    return _shape_element(outline(shape, cx, cy, size), style)


# ---------------------------------------------------------------------------- words
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
        f"Draw pile: {plural(game.pile_size, 'card')} \u00b7 "
        f"On the table: {plural(len(game.board), 'card')}"
    )
    if game.out_of_play:
        text += f" \u00b7 Out of play: {plural(len(game.out_of_play), 'card')}"
    if not game.rules.auto_draw:
        text += " \u00b7 Draw-later rule: you may draw later"
    return text


def _bridge(game: Game) -> str:
    """A split table's caption: its groups, its bridge cost, and who may collect meanwhile."""
    return (
        f"Split into {len(game.groups)} groups, bridge cost {game.bridge_cost}: "
        f"{game.rules.split_collecting}"
    )


# ---------------------------------------------------------------------------- render
def render(
    game: Game,
    *,
    legal: bool = False,
    last: bool = True,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """The picture of ``game`` as an SVG document (a string starting with ``<svg``).

    ``legal`` marks the cells where the mover may place; ``last`` outlines the last card
    placed (and the cells it collected); ``names`` labels the seats, one name per seat
    (default ``"Seat 0"``, ``"Seat 1"``, ...); ``viewer`` is the seat whose hand is shown
    (default: the seat to play).  The same game always gives the same text.

    >>> from dweebies_widget import Game
    >>> render(Game(players=2, seed=7)).startswith('<svg')
    True
    >>> render(Game(players=2, seed=7)) == render(Game(players=2, seed=7))
    True
    """
    labels = _seat_names(game, names)
    if viewer is not None and not 0 <= viewer < game.players:
        raise ValueError(f"viewer must be a seat from 0 to {game.players - 1}, not {viewer}")
    picture = still(game, names=labels, viewer=viewer, legal=legal, last=last, max_width=MAX_WIDTH)
    status, facts = _status(game, labels), _facts(game)
    placement = game.last_placement if last else None
    below = (
        [status, *banner(game, labels, again="")[1:], facts] if game.is_over else [status, facts]
    )
    if placement is not None:
        below.append("Last: " + placement.describe(labels))
    if game.is_split:
        below.append(_bridge(game))
    label = f"Dweebies: {status}. {facts}"
    return canvas_svg(picture.pen, picture.size, 1, below=below, label=label)


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
