"""What the handouts are made from: the shipped lessons, the puzzle sets, and which
puzzles each lesson's notebook shows.

A lesson's puzzles are the shipped puzzles whose ids its notebook names (such as
``"haul-b2ca433ace"``, in its code, its text or its stored outputs: the results cell lists
the puzzle each board shows first), in the order the notebook names them; a puzzle a
notebook makes itself from a position of its own is not in the shipped sets, and is left to
the notebook.  The puzzle sets are the standard-rules set and the
set under house rules (the house set), each puzzle of the second labelled with its rules.

>>> standard, house = puzzle_sets()
>>> rules_label(standard.puzzles[0]), rules_label(house.puzzles[0]).startswith("House rule")
('', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from ..lessons import Lesson
from ..puzzles import KINDS, Puzzle, load
from ..puzzles.kinds.house import rules_note

__all__ = ["PuzzleSet", "lesson_puzzles", "puzzle_sets", "rules_label"]

_ID = re.compile(rf"\b(?:{'|'.join(KINDS)})-[0-9a-f]{{10}}\b")


@dataclass(frozen=True)
class PuzzleSet:
    """A shipped set of puzzles, with its title (what it is played with)."""

    title: str
    puzzles: tuple[Puzzle, ...]


def rules_label(p: Puzzle) -> str:
    """The rules ``p`` is played with, in words, when they are not the standard rules
    (:func:`~dweebies_widget.puzzles.kinds.house.rules_note`); empty under the standard
    rules."""
    return rules_note(p.position.rules) or ""


@cache
def puzzle_sets() -> tuple[PuzzleSet, ...]:
    """The shipped puzzles: the standard-rules set first, then the house-rule set."""
    return (
        PuzzleSet("The puzzle set (standard rules)", tuple(load())),
        PuzzleSet("The house set (each puzzle says its rules)", tuple(load(rules="house"))),
    )


def lesson_puzzles(lesson: Lesson) -> list[Puzzle]:
    """The shipped puzzles ``lesson``'s notebook names, in order (each once)."""
    notebook = files("dweebies_widget").joinpath("course", "notebooks", lesson.notebook)
    if not notebook.is_file():
        return []
    known = {p.id: p for each in puzzle_sets() for p in each.puzzles}
    found: dict[str, Puzzle] = {}
    for pid in _ID.findall(notebook.read_text(encoding="utf-8")):
        if pid in known:
            found.setdefault(pid, known[pid])
    return list(found.values())
