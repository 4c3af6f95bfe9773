"""The order a screen shows each hand in: cards still held keep their places.

One job: the game answers a hand as a sorted tuple (``game.hand(seat)``), so a drawn card
would slide into the middle and every card after it would move one place: the number keys,
the clicks and the words for a screen reader would change meaning every turn.  A
:class:`HandOrder` remembers per seat the order the screen last showed; asked again, it keeps
the cards still held where they were (in that order) and puts the new ones at the end.  It
decides nothing about the game: which cards are held is always the game's answer.

>>> order = HandOrder()
>>> order.arrange(0, (3, 7, 9), moment=0)
(3, 7, 9)
>>> order.arrange(0, (1, 3, 9), moment=2)     # 7 was played, 1 drawn: 3 and 9 stay first
(3, 9, 1)
>>> order.arrange(0, (1, 3, 3, 9), moment=4)  # a second 3 drawn: to the end too
(3, 9, 1, 3)
>>> order.arrange(0, (3, 7, 9), moment=0)     # undone: as it was then
(3, 7, 9)
>>> order.forget(); order.arrange(0, (1, 3, 3, 9))
(1, 3, 3, 9)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["HandOrder"]


class HandOrder:
    """Per seat, the order its hand was last shown in (see the module docstring)."""

    def __init__(self) -> None:
        self._shown: dict[int, tuple[int, ...]] = {}
        self._past: dict[tuple[int, int], tuple[int, ...]] = {}

    def arrange(self, seat: int, held: Sequence[int], moment: int = 0) -> tuple[int, ...]:
        """``held`` (the seat's cards, in any order) in the order the screen shows them:
        the cards shown before first, where they were, then the new ones in ``held``'s
        order.  Remembered for the next call, and for the game's ``moment`` (its number of
        actions): when the game is back at a moment (an undo) with the same cards, they are
        shown as they were then."""
        past = self._past.get((seat, moment))
        if past is not None and Counter(past) == Counter(held):
            self._shown[seat] = past
            return past
        left = Counter(held)
        kept: list[int] = []
        for card in self._shown.get(seat, ()):
            if left[card] > 0:
                left[card] -= 1
                kept.append(card)
        new = Counter(held) - Counter(kept)
        for card in held:
            if new[card] > 0:
                new[card] -= 1
                kept.append(card)
        order = tuple(kept)
        self._shown[seat] = self._past[seat, moment] = order
        return order

    def of(self, game: Game, seat: int) -> tuple[int, ...]:
        """``seat``'s hand in ``game``, in the order shown (:meth:`arrange`, at the game's
        number of actions)."""
        return self.arrange(seat, game.hand(seat), len(game.history))

    def played(self, seat: int, index: int, card: int) -> None:
        """The card shown at ``index`` of ``seat``'s hand was played: a copy of it drawn
        next is a new card, and goes to the end.

        >>> order = HandOrder()
        >>> order.arrange(0, (3, 7, 9), 0)
        (3, 7, 9)
        >>> order.played(0, 0, 3); order.arrange(0, (3, 7, 9), 2)  # a 3 played, a 3 drawn
        (7, 9, 3)
        """
        shown = self._shown.get(seat, ())
        if 0 <= index < len(shown) and shown[index] == card:
            self._shown[seat] = shown[:index] + shown[index + 1 :]

    def forget(self) -> None:
        """Forget every order shown (a new deal: its hands are shown as the game gives
        them)."""
        self._shown.clear()
        self._past.clear()
