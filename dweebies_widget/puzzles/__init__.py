"""Puzzles: a position, a goal, one proven answer and a verdict for every attempt.

>>> from dweebies_widget.puzzles import Puzzle
"""

from .kinds import KINDS
from .model import Hint, Puzzle, PuzzleError, Verdict

__all__ = ["KINDS", "Hint", "Puzzle", "PuzzleError", "Verdict"]
