"""Puzzles: a position, a goal, one proven answer and a verdict for every attempt.

>>> from dweebies_widget.puzzles import load
>>> puzzles = load()                      # the shipped set, under the standard rules
>>> p = puzzles[0]
>>> p.kind in KINDS and 600 <= p.rating <= 2400 and p.standard
True
>>> all(not q.standard and q.rules_note for q in load(rules="house"))  # the house set
True
>>> p.check(min(p.answer)).correct
True

The parts, each in a module of its own:

* :mod:`~dweebies_widget.puzzles.kinds`: the five kinds (``haul``, ``rejoin``, ``safe``,
  ``where``, ``endgame``), one class in one module each, holding everything the kind means
  (answer by exhaustive search, keep-condition, goal, messages, hints, themes, the answer's
  JSON shape, the generator's filter), and their registry;
* :mod:`~dweebies_widget.puzzles.endgame`: the exact prover of two-player endgames;
* :mod:`~dweebies_widget.puzzles.model`: :class:`Puzzle` (and :class:`Verdict`,
  :class:`Hint` of :mod:`~dweebies_widget.puzzles.verdict`);
* :mod:`~dweebies_widget.puzzles.rating`: ratings on an Elo-like scale (600-2400), fitted
  by an item-response model (:mod:`~dweebies_widget.puzzles.irt`) to the attempts of a panel
  of solvers of graded strength (:mod:`~dweebies_widget.puzzles.panel`);
* :mod:`~dweebies_widget.puzzles.glicko`: Glicko-2 ratings of students and puzzles, updated
  from real attempts;
* :mod:`~dweebies_widget.puzzles.generate`: mining self-play games for puzzles;
* :mod:`~dweebies_widget.puzzles.store`: puzzle files (JSON), checked on loading.

The command line (``python -m dweebies_widget.puzzles generate --games N --seed S --out
FILE``) regenerates the shipped set.  Everything reaches the rules only through the public
API of :class:`~dweebies_widget.game.Game`, and nothing here imports a widget library:
:class:`PuzzleWidget` (the puzzles to solve by clicking, in
:mod:`dweebies_widget.widget.puzzle_app`) is loaded on first use.
"""

from typing import TYPE_CHECKING

from .generate import generate
from .kinds import KINDS
from .model import Hint, Puzzle, PuzzleError, Verdict
from .store import PuzzleFileError, dump, dumps, load, loads

if TYPE_CHECKING:
    from ..widget.puzzle_app import PuzzleWidget

__all__ = [
    "KINDS",
    "Hint",
    "Puzzle",
    "PuzzleError",
    "PuzzleFileError",
    "PuzzleWidget",
    "Verdict",
    "dump",
    "dumps",
    "generate",
    "load",
    "loads",
]


def __getattr__(name: str) -> object:
    # The widget needs ipywidgets and ipycanvas: loaded only when it is asked for.
    if name == "PuzzleWidget":
        from ..widget.puzzle_app import PuzzleWidget

        return PuzzleWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
