"""The picture of a game position: its :class:`~.scene.Scene` for a viewer, laid out and
painted, the one route every still picture takes.

:func:`scene_of` builds what a viewer may see of a position, with no interaction state
(nothing picked, hovered or hinted): the table, the seats, whose turn it is or who won, the
pile, the hand the viewer may see, a split table's groups and bridge cells, the last
placement and what it took, the end banner.  A play screen adds what its viewer is doing
with :func:`dataclasses.replace`.  :func:`fit` lays a scene out by the one geometry
(:class:`~.geometry.Geometry`), :func:`drawing` paints it into a recording
:class:`~.pen.Pen`; :func:`~.svg_writer.canvas_svg` writes that recording as SVG and the
widgets replay it on their canvas.

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> scene = scene_of(game, names=["Ana", "Ben"])
>>> scene.current, scene.hand_owner, scene.hand == game.hand(0), scene.lit
(0, 'Ana', True, frozenset())
>>> g = fit(scene, 900, 720)
>>> drawing(scene, g).ops == drawing(scene_of(game.copy(), names=["Ana", "Ben"]), g).ops
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..face import CELL_H, CELL_W
from ..game import CENTER, Game, Placement
from ..grid import Cell, reading_order
from . import words
from .geometry import BAR_H, HAND_H, Geometry
from .overlay import Overlay
from .paint import hands_height, paint, paint_hands
from .pen import Pen
from .scene import Scene, SeatInfo

__all__ = ["Still", "drawing", "fit", "others", "picture_size", "scene_of", "still", "table_cells"]


def others(game: Game, viewer: int | None) -> list[Placement]:
    """The placements of the other seats since ``viewer``'s last placement, at most one
    round of them (with no viewer: the last placement).

    >>> from dweebies_widget import Game
    >>> game = Game(players=2, seed=7)
    >>> others(game, None), others(game, 0)
    ([], [])
    """
    history = [a for a in game.history if isinstance(a, Placement)]
    if viewer is None:
        return history[-1:]
    since = history
    for i in range(len(history) - 1, -1, -1):
        if history[i].seat == viewer:
            since = history[i + 1 :]
            break
    return since[-(game.players - 1) :] if game.players > 1 else []


def scene_of(
    game: Game,
    *,
    names: Sequence[str],
    viewer: int | None = None,
    legal: bool = False,
    last: bool = True,
    labels: bool = True,
    rulers: bool = False,
    hands: bool = True,
    banner: bool = True,
    ai: Sequence[bool] = (),
    curtain: str | None = None,
    me: int | None = None,
    again: str = "",
) -> Scene:
    """What a viewer may see of ``game``, seats labelled ``names``.

    ``viewer``: the seat whose hand is shown; ``None`` (nobody's seat: a notebook) shows
    the hand of the seat to move, or none once the game is over or under a ``curtain``
    (text covering the hand); ``hands=False`` (a spectator) shows no hand.  ``legal``
    lights the cells where the mover may place, with their coordinates unless ``labels`` is
    false; ``rulers`` numbers the rows and columns along the table's edges; an empty table
    marks its centre; ``last`` marks the last placement, the cells it collected and the
    placements of the other seats since the viewer's last one (with a name tag).  ``ai``:
    which seats are computer players.  Once the game is over a ``banner`` over the table
    gives the result from ``me``'s side (a seat or ``None``) and ``again`` (what to do next,
    if anything)."""
    over = game.is_over
    owner = viewer if hands else None
    if owner is None and (over or curtain is not None or not hands):
        hand: tuple[int, ...] = ()
    else:
        if owner is None:
            owner = game.current_player
        hand = game.hand(owner)
    placement = game.last_placement if last else None
    taken = frozenset(placement.collected - game.board.keys()) if placement else frozenset()
    split = game.is_split
    lines = words.banner(game, names, me, again) if over and banner else ()
    return Scene(
        board=dict(game.board),
        seats=[
            SeatInfo(
                label=names[s],
                score=game.scores[s],
                cards=len(game.hand(s)),
                owed=game.owed_draws(s),
                ai=bool(ai[s]) if s < len(ai) else False,
            )
            for s in range(game.players)
        ],
        current=None if over else game.current_player,
        winners=game.winners if over else (),
        pile=game.pile_size,
        hand=hand,
        hand_owner=names[owner] if owner is not None else "",
        curtain=curtain,
        lit=frozenset(game.legal_cells()) if legal and not over else frozenset(),
        link=split,
        links=game.link_cells if split else frozenset(),
        groups=reading_order(game.groups) if split else (),
        last=placement.move.cell if placement is not None else None,
        taken=taken,
        marks=tuple((p.move.cell, names[p.seat]) for p in others(game, viewer)) if last else (),
        labels=labels,
        rulers=rulers,
        centre=None if game.board else CENTER,
        banner=tuple(line for line in lines if line),
    )


def table_cells(scene: Scene, legal: Iterable[Cell] = ()) -> set[Cell]:
    """The cells a picture of ``scene`` must show: the cards, the ``legal`` cells of the
    position (lit or not, so that lighting them does not move the table), and every cell
    the scene marks."""
    cells = set(scene.board) | set(legal) | scene.lit | scene.links | scene.taken
    cells |= {c for c, _ in scene.flash} | {c for c, _ in scene.marks}
    return cells | {m.cell for m in scene.moves}


def picture_size(cells: Iterable[Cell], max_width: float) -> tuple[int, int]:
    """A picture's size (CSS pixels) that shows ``cells`` and a row of hand cards at full
    size where ``max_width`` allows: 600 to ``max_width`` wide, 420 to 900 high.

    >>> picture_size([(0, 0)], 900)
    (600, 506)
    """
    cells = list(cells) or [(0, 0)]
    rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 3
    cols = max(c for _, c in cells) - min(c for _, c in cells) + 3
    width = min(max(cols * CELL_W, 600.0), max_width)
    height = min(max(BAR_H + rows * CELL_H + HAND_H, 420.0), 900.0)
    return round(width), round(height)


def fit(
    scene: Scene,
    width: float,
    height: float,
    *,
    legal: Iterable[Cell] = (),
    ratio: float = 1.0,
) -> Geometry:
    """The layout of ``scene`` on a ``width`` x ``height`` canvas (canvas pixels, ``ratio``
    of them per CSS pixel) showing the whole table (:func:`table_cells`)."""
    return Geometry.fit(width, height, table_cells(scene, legal), len(scene.hand), ratio=ratio)


def drawing(scene: Scene, geometry: Geometry, overlay: Overlay | None = None) -> Pen:
    """``scene`` laid out by ``geometry`` (and a puzzle's ``overlay`` over it, its labels
    placed with the scene's), painted into a new recording pen."""
    pen = Pen()
    paint(pen, geometry, scene, overlay)
    return pen


@dataclass(frozen=True)
class Still:
    """A still picture of a position: its scene, the layout and the recorded drawing, and
    the picture's size in CSS pixels (the canvas's, and under it any other hands shown)."""

    scene: Scene
    geometry: Geometry
    pen: Pen
    size: tuple[float, float]


def still(
    game: Game,
    *,
    names: Sequence[str],
    viewer: int | None = None,
    legal: bool = False,
    last: bool = True,
    max_width: float = 900,
) -> Still:
    """The picture of ``game`` that :meth:`Game.svg() <dweebies_widget.game.Game.svg>`
    shows (see :func:`scene_of` for the options), with the rows' and columns' numbers along
    the edges and no banner over the table once the game is over (the cards left there are
    worth seeing), at :func:`picture_size` (at most ``max_width`` CSS pixels wide), and under
    it every other seat's hand face up (a notebook sees the whole game).

    >>> from dweebies_widget import Game
    >>> picture = still(Game(players=2, seed=7), names=["Ana", "Ben"])
    >>> picture.geometry.css.height, picture.size, picture.scene.rulers
    (506.0, (600, 592), True)
    """
    scene = scene_of(
        game, names=names, viewer=viewer, legal=legal, last=last, rulers=True, banner=False
    )
    cells = game.legal_cells()
    width, height = picture_size(table_cells(scene, cells), max_width)
    geometry = fit(scene, width, height, legal=cells)
    pen = drawing(scene, geometry)
    shown = game.current_player if viewer is None else viewer  # in the hand band already
    over = game.is_over  # every hand is empty then
    hands = [(names[s], game.hand(s)) for s in range(game.players) if s != shown and not over]
    paint_hands(pen, width, height, hands)
    return Still(scene, geometry, pen, (width, math.ceil(height + hands_height(width, hands))))
