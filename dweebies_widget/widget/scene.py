"""What one picture of the table shows, as plain data: :class:`Scene` and its parts.

A scene is built from a game and what the viewer may see (:func:`~dweebies_widget.widget.
position.scene_of`), and by the play screens, which add what their viewer is doing (a
picked card, a hover, a hint...).  :func:`~dweebies_widget.widget.paint.paint` draws it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..grid import Cell
from .charts import Graph, Holds

__all__ = ["HeatKey", "MoveMark", "Scene", "SeatInfo"]


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
class HeatKey:
    """What the heat map's shades mean: a title and the values at both ends of the scale."""

    title: str
    low: str
    high: str


@dataclass(frozen=True)
class MoveMark:
    """A move marked on the table and in the hand when looking back over a game: the move
    played (``kind`` ``"played"``) or the best one (``"best"``), its card drawn faintly on
    its cell."""

    cell: Cell
    dweebie: int
    kind: str
    hand: int | None = None
    """Index of its card in the hand shown, if there."""


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
    """Whether the lit cells are shortest-bridge cells of a split table."""
    links: frozenset[Cell] = frozenset()
    """Every cell on a cheapest link between the groups of a split table (marked even when
    no card is picked; the lit ones among them are where a card may go now)."""
    groups: tuple[frozenset[Cell], ...] = ()
    """The groups of a split table (empty when joined)."""
    last: Cell | None = None
    """Where the last card was placed (outlined while a card lies there)."""
    taken: frozenset[Cell] = frozenset()
    """Cells the last placement collected that are empty now: dashed "collected from here"
    ghosts."""
    marks: tuple[tuple[Cell, str], ...] = ()
    """The placements of the other seats since this screen's last move: cell and who (a
    name tag is written only while the cell still holds that card)."""
    flash: tuple[tuple[Cell, int], ...] = ()
    """Cards just collected, drawn where they lay, highlighted, before they leave."""
    preview: tuple[Cell, int, frozenset[Cell]] | None = None
    """Hovered lit cell, the picked Dweebie, and the cells placing it there would collect."""
    heat: Mapping[Cell, float] = field(default_factory=dict)
    """A value in 0..1 per lit cell (the hint's heat map), shown as a shade."""
    heat_text: Mapping[Cell, str] = field(default_factory=dict)
    """The value written on each shaded cell."""
    heat_key: HeatKey | None = None
    """The heat map's legend."""
    hint: tuple[int, Cell] | None = None
    """The suggested placement: hand index and cell."""
    cursor: Cell | None = None
    """The keyboard cursor."""
    labels: bool = True
    """Whether lit cells show their coordinates."""
    rulers: bool = False
    """Whether the rows' and columns' numbers are written along the table's top and left
    edges (the numbers of ``game.play(dweebie, (row, col))``)."""
    centre: Cell | None = None
    """On an empty table: the cell where the first card goes, marked "centre"."""
    refused: Cell | None = None
    """A cell where a placement was just refused (crossed out for a moment)."""
    pulse: str | None = None
    """What to point at for a moment after a refusal: ``"lit"`` (the lit cells) or
    ``"hand"`` (the hand's cards)."""
    banner: tuple[str, ...] = ()
    """The end-of-game banner: a title, then lines (empty while the game goes on)."""
    moves: tuple[MoveMark, ...] = ()
    """Looking back: the move played from the table shown, and the best one."""
    graph: Graph | None = None
    """Looking back: the graph of the win chances, in the geometry's graph band."""
    holds: Holds | None = None
    """"What do they hold?": bars drawn in the geometry's holds band, beside the table (or
    under it on a narrow canvas)."""
