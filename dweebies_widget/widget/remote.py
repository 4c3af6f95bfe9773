"""A seat whose table is elsewhere: the widget shows one seat of a game kept somewhere else
(a classroom's store) and makes that seat's moves there.

Usually the widget's :class:`~.session.Session` owns its :class:`~dweebies_widget.Game`
and plays on it.  For a *remote seat* three things change, and nothing else:

* the game shown is a :class:`SeatGame`, built from the seat's
  :class:`~dweebies_widget.View` alone: its own hand and the public information, with the
  public history (so the move log, the last move and the other seats' marks are there).
  Nothing hidden from the seat is in it: the other hands and the pile hold the unseen cards
  in an order that means nothing, and only their sizes are shown;
* the other seats are :class:`Elsewhere` players: nobody at this screen moves for them, the
  screen says whom it waits for;
* the session's mode, :class:`~.modes.RemoteSeat` over a :class:`Source`, makes the
  seat's moves (and its owed draws) where the game is kept and returns the game to show
  next; its owner calls :meth:`~.session.Session.follow` with the newer game when
  the other seats have moved.  Hints and the heat map follow the source's :attr:`Source.hints`
  setting; undo and new games belong to the screen's own games only.

>>> from dweebies_widget import Game
>>> game = Game(players=3, seed=4)
>>> _ = game.play(game.legal_moves()[0])
>>> seat = SeatGame.of(game.view(1))
>>> seat.hand(1) == game.hand(1), seat.history == game.history, seat.hand_sizes == game.hand_sizes
(True, True, True)
>>> Elsewhere("Ben").name
'Ben'
"""

from __future__ import annotations

import random
from typing import Protocol

from ..game import Action, Game, Move, Placement, View

__all__ = ["AGAIN", "Elsewhere", "SeatGame", "Source"]

AGAIN = "Press Lobby to play again."
"""What to do once a remote game is over (the lobby deals new games)."""


class Elsewhere:
    """A seat played from elsewhere: a student at another device, or a computer player
    that moves where the game is kept.  It never moves at this screen."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: View, rng: random.Random) -> Move:
        raise RuntimeError(f"{self.name} plays from elsewhere, not at this screen")

    def __repr__(self) -> str:
        return f"Elsewhere({self.name!r})"


class SeatGame(Game):
    """The game as one seat may see it (see the module): its :attr:`history` is the public
    history of the real game, followed by whatever is played on this copy."""

    _seen: tuple[Action, ...] = ()

    @classmethod
    def of(cls, view: View) -> SeatGame:
        """The game that ``view`` shows, for its seat."""
        game = view.to_game(view.deal_unseen(list(view.unseen)), kind=cls)
        assert isinstance(game, SeatGame)
        game._seen = tuple(view.history)
        return game

    @property
    def history(self) -> tuple[Action, ...]:
        return self._seen + super().history


class Source(Protocol):
    """Where a remote seat's moves are made (a classroom seat implements it)."""

    @property
    def hints(self) -> bool:
        """Whether hints and the heat map are allowed at the seat's table now."""
        ...

    def play(self, move: Move) -> tuple[Placement, Game]:
        """Make ``move`` for the seat; the placement made and the game to show now.  A move
        that is refused raises :class:`~dweebies_widget.IllegalMoveError` (its message in
        words a player follows) and changes nothing."""
        ...

    def draw(self) -> Game:
        """Take one draw the seat owes (``Rules(auto_draw=False)``); the game to show now."""
        ...
