"""What the handouts are made from: the shipped lessons, the puzzle sets, and which
puzzles each lesson's notebook shows.

A lesson's puzzles are the shipped puzzles whose ids its notebook's code names (such as
``"haul-b2ca433ace"``), in the order the code names them; boards a notebook makes itself
are drawn by the notebook, not here.  The puzzle sets are the standard-rules set and the
set under house rules, each puzzle of the second labelled with the rules it is played with.

>>> from dweebies_widget.rules import Rules
>>> rules_words(Rules())
''
>>> rules_words(Rules(min_line=3))
'house rule: a line must have at least 3 cards to be collected (min_line=3)'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from ..lessons import Lesson
from ..puzzles import KINDS, Puzzle, load
from ..rules import Rules

__all__ = ["PuzzleSet", "lesson_puzzles", "puzzle_sets", "rules_words"]

_ID = re.compile(rf"\b(?:{'|'.join(KINDS)})-[0-9a-f]{{10}}\b")


@dataclass(frozen=True)
class PuzzleSet:
    """A shipped set of puzzles, with its title (what it is played with)."""

    title: str
    puzzles: tuple[Puzzle, ...]


def rules_words(rules: Rules) -> str:
    """The rule options of ``rules`` that are not the standard rules', in words (empty for
    the standard rules)."""
    standard = Rules()
    said = []
    if rules.min_line != standard.min_line:
        said.append(
            f"house rule: a line must have at least {rules.min_line} cards to be collected "
            f"(min_line={rules.min_line})"
        )
    if rules.collect_on_reconnect != standard.collect_on_reconnect:
        said.append(
            "house rule: the card that joins the table collects nothing "
            "(collect_on_reconnect=False)"
        )
    if rules.auto_draw != standard.auto_draw:
        said.append("the draw-later rule (auto_draw=False)")
    if rules.hand_size != standard.hand_size:
        said.append(f"hands of {rules.hand_size} cards (hand_size={rules.hand_size})")
    return "; ".join(said)


@cache
def puzzle_sets() -> tuple[PuzzleSet, ...]:
    """The shipped puzzles: the standard-rules set first, then the house-rule set."""
    shipped = load()
    standard = tuple(p for p in shipped if not rules_words(p.position.rules))
    house = tuple(p for p in shipped if rules_words(p.position.rules))
    return (
        PuzzleSet("The puzzle set (standard rules)", standard),
        PuzzleSet("The house-rule puzzles (each one says its rule)", house),
    )


def lesson_puzzles(lesson: Lesson) -> list[Puzzle]:
    """The shipped puzzles ``lesson``'s notebook names in its code, in order (each once)."""
    notebook = files("dweebies_widget").joinpath("course", "notebooks", lesson.notebook)
    if not notebook.is_file():
        return []
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    code = "\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "code")
    known = {p.id: p for each in puzzle_sets() for p in each.puzzles}
    found: dict[str, Puzzle] = {}
    for pid in _ID.findall(code):
        if pid in known:
            found.setdefault(pid, known[pid])
    return list(found.values())
