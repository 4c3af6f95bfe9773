"""What the page animates after a move: a small payload, played in the browser.

One job: describe, as plain data in canvas pixels, the short motion that follows a move, so
that the browser (``companion.js``) plays it without one more message from the kernel.  The
canvas has already drawn the move when the payload arrives (the companion's update is sent
right after the redraw): the placed card lies at its cell and, while the flash lasts, the
cards it collected still lie where they were.  The page copies those pixels, slides the
placed card in from where it came (the mover's seat chip in the score bar, or the hand card
the person at this screen picked), flies the collected cards to the collector's seat chip
and pops a "+N" there, all in at most :data:`TOTAL_MS` milliseconds, over the canvas, never
in the way of a click (see :mod:`~.companion`).

The animation is the page's business only: a page without the companion, with
``animate=False`` or with the browser's reduced-motion setting shows the move at once, as
drawn.

>>> from dweebies_widget.game import Move, Placement
>>> from dweebies_widget.widget.geometry import Geometry
>>> g = Geometry.fit(900, 720, [(0, 0), (0, 1), (0, 2)], 5)
>>> move = Placement(1, Move(12, (0, 2)), (((0, 1), 12), ((0, 2), 12)), True)
>>> p = payload(3, Motion(move), g, seats=2, flash=((((0, 1), 12),)), end=False)
>>> p["place"]["from"] == list(g.seat_box(1, 2)), p["plus"], len(p["taken"]), p["ms"]
(True, 2, 1, 400)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import palette
from ..game import Placement
from ..grid import Cell
from .geometry import Box, Geometry

if TYPE_CHECKING:
    from .session import Session

__all__ = ["FLY_MS", "POP_MS", "SLIDE_MS", "TOTAL_MS", "Motion", "payload"]

SLIDE_MS = 300
"""How long the placed card slides from its player's side to its cell (milliseconds)."""
FLY_MS = 300
"""How long the collected cards fly to the collector's seat chip, once the slide is half
way (they start at ``SLIDE_MS // 3``)."""
POP_MS = 300
"""How long the "+N" badge pops at the collector's seat chip (it starts with the flight)."""
TOTAL_MS = 400
"""The whole motion, start to end: every moving copy is gone by then."""


@dataclass(frozen=True)
class Motion:
    """A move just made, to be played in the page: the placement, and the box (canvas
    pixels, in the picture it was picked in) of the hand card the person at this screen
    played, or ``None`` when the card comes from its player's seat chip."""

    placement: Placement
    start: Box | None = None


def _box(box: Box) -> list[float]:
    return [round(v, 1) for v in box]


def payload(
    motion_id: int,
    motion: Motion,
    geometry: Geometry,
    *,
    seats: int,
    flash: Sequence[tuple[Cell, int]],
    end: bool,
) -> dict[str, Any]:
    """The page's instructions for one move, in canvas pixels of ``geometry`` (the picture
    just drawn): ``place`` (``from`` where the card comes, ``to`` the card's box at its
    cell), ``taken`` (the cells of the collected cards still drawn, ``flash``: their whole
    cells, with the flash's frame around each card and its shadow), ``chip`` (the
    mover's seat chip), ``plus`` (cards collected), ``cover`` (the table's colour, laid over
    the drawn cards while their copies move), ``end`` (the game is over) and ``ms``
    (:data:`TOTAL_MS`)."""
    placement = motion.placement
    chip = geometry.seat_box(placement.seat, seats)
    start = motion.start if motion.start is not None else chip
    return {
        "id": motion_id,
        "place": {"from": _box(start), "to": _box(geometry.card_box(placement.move.cell))},
        "taken": [_box(geometry.cell_box(cell)) for cell, _ in flash],
        "chip": _box(chip),
        "plus": len(placement.taken),
        "cover": palette.TABLE_FILL,
        "end": end,
        "ms": TOTAL_MS,
        "slide": SLIDE_MS,
        "fly": FLY_MS,
        "pop": POP_MS,
    }


def start(session: Session, placement: Placement) -> None:
    """``placement`` was just made on ``session``'s screen: the page plays it after the next
    redraw, the card coming from the hand card picked (the person at this screen played it)
    or from its player's seat chip.  Call before the pick is forgotten."""
    picked, g = session.selected, session.geometry
    mine = picked is not None and placement.seat == session.viewer and picked < g.hand
    session.motion = Motion(placement, g.hand_box(picked) if mine and picked is not None else None)
    session.motion_id += 1


def of(session: Session) -> dict[str, Any] | None:
    """The page's instructions for ``session``'s last move (:func:`payload`), in canvas
    pixels of the picture shown, or ``None`` before the first move."""
    if session.motion is None:
        return None
    return payload(
        session.motion_id, session.motion, session.geometry, seats=len(session.players),
        flash=session.scene.flash, end=session.game.is_over,
    )  # fmt: skip
