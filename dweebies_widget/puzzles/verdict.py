"""What a puzzle says back to the student: the :class:`Verdict` of an attempt and a
:class:`Hint`."""

from __future__ import annotations

from dataclasses import dataclass

from ..game import Move
from ..grid import Cell

__all__ = ["Hint", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    """The result of :meth:`Puzzle.check <dweebies_widget.puzzles.Puzzle.check>`: whether
    the attempt is right and a message for the student.  ``collected`` holds the cells the
    move collects (to flash on the board) and, for an endgame, ``line`` the move then best
    play of both sides to the end: the proof of a right answer, the refutation of a wrong
    one."""

    correct: bool
    message: str
    collected: frozenset[Cell] = frozenset()
    line: tuple[Move, ...] = ()


@dataclass(frozen=True)
class Hint:
    """One hint: ``text`` for the student, and what a widget may highlight: the ``card``
    to use (a Dweebie id) or the ``area`` of the table (cells), or both empty."""

    text: str
    card: int | None = None
    area: frozenset[Cell] = frozenset()
