"""The errors the rules raise: one base class, split by cause, all of them ``ValueError``.

They live in a module of their own so that every part of the core (the rules, the save
format) can raise them without importing the others.

>>> issubclass(IllegalMoveError, ValueError) and issubclass(SaveError, GameError)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["GameError", "IllegalMoveError", "SaveError"]


class GameError(ValueError):
    """Base class of every error the rules raise.  ``rule`` names the rule section."""

    def __init__(self, message: str, *, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class IllegalMoveError(GameError):
    """An action the rules do not allow; the game is left exactly as it was.

    ``legal`` holds what would have been legal (cells, Dweebies or seats), if anything.
    """

    def __init__(self, message: str, *, rule: str = "", legal: Sequence[Any] = ()) -> None:
        super().__init__(message, rule=rule)
        self.legal = tuple(legal)


class SaveError(GameError):
    """A saved game that is malformed, tampered with or inconsistent; nothing was loaded."""
