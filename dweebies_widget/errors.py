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
    ``reason`` says which case of the rule was broken, as a short code that tools may turn
    into their own words (the widget does, for students); the message itself is exact:

    ============================  ===========================================================
    ``over``                      the game is over (section 9)
    ``not-a-card``                not a Dweebie id (section 1)
    ``not-in-hand``               the mover holds no such card (section 4)
    ``no-cell`` / ``bad-cell``    no cell given / not a (row, col) pair (sections 5, 3)
    ``occupied``                  the cell holds a card (section 5)
    ``empty-table``               the table is empty: the card goes in the centre (section 5)
    ``not-adjacent``              the cell touches no card (section 5)
    ``not-on-link``               the table is split and the cell is on no shortest bridge
    ``auto-draw`` / ``not-owed``  no draw to take by hand / the seat owes none (section 8)
    ``pile-empty``                the pile is empty (section 8)
    ``no-draw-to-complete``       :meth:`~dweebies_widget.game.Game.give` with no draw due
    ``not-in-pile``               the chosen card is not in the pile
    ``no-such-seat``              not a seat of this game (section 2)
    ``nothing-to-undo``           no action to take back
    ============================  ===========================================================
    """

    def __init__(
        self, message: str, *, rule: str = "", legal: Sequence[Any] = (), reason: str = ""
    ) -> None:
        super().__init__(message, rule=rule)
        self.legal = tuple(legal)
        self.reason = reason


class SaveError(GameError):
    """A saved game that is malformed, tampered with or inconsistent; nothing was loaded."""
