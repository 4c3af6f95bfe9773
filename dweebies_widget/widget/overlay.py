"""What a mode writes over the picture of the table: a callout and a puzzle's marks.

One job: the plain data of an overlay, shared by the modes that write one (a puzzle, the
guided first game) and the painter that draws it (:mod:`~.puzzle_paint`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..grid import Cell

__all__ = ["Callout", "Overlay", "corners"]


@dataclass(frozen=True)
class Callout:
    """A short text written on the board: ``tone`` is ``"right"``, ``"wrong"`` or
    ``"info"`` (a hint, a step of a proof)."""

    tone: str
    text: str


@dataclass(frozen=True)
class Overlay:
    """What a puzzle draws over the play picture (see :func:`paint_overlay`)."""

    marks: frozenset[Cell] = frozenset()
    """Cells marked in a ``where`` puzzle."""
    wrong: frozenset[Cell] = frozenset()
    """The marks the last Check found wrong (a cross instead of a tick)."""
    named: int | None = None
    """Hand index of the card a ``where`` puzzle names."""
    hint_card: int | None = None
    """Hand index of the card a hint points at."""
    hint_area: frozenset[Cell] = frozenset()
    """The cells of the area a hint points at."""
    callout: Callout | None = None
    cards: frozenset[Cell] = frozenset()
    """The cells holding a card (the callout avoids them)."""
    picked: int | None = None
    """Hand index of the picked card (it stands up: its outline goes with it)."""


def corners(cells: Iterable[Cell]) -> tuple[Cell, Cell]:
    """The top-left and bottom-right corners of the box around ``cells``."""
    cells = list(cells)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return (min(rows), min(cols)), (max(rows), max(cols))
