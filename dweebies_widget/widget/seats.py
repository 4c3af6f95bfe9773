"""Who sits at the widget's table: people at this screen and AI players, and how an AI moves.

A seat is a name (a person who plays by clicking) or an AI player (any object with
``choose(view, rng)``, or a plain function, see :func:`~dweebies_widget.ai.as_player`).
:class:`Seats` keeps, per seat, the player and the label shown; :func:`ai_rngs` gives each AI
seat its own random stream, so that the same seed replays the same game whatever the other
seats do; :func:`ai_play` lets an AI move without letting a student's faulty player stop the
game.

>>> from dweebies_widget.ai import GreedyPlayer
>>> Seats.of(["Ana", GreedyPlayer(), GreedyPlayer()]).labels
('Ana', 'Greedy 2', 'Greedy 3')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..ai import Player, Strategy, as_player
from ..game import MAX_PLAYERS, MIN_PLAYERS, Game, IllegalMoveError, Placement

__all__ = ["Seat", "Seats", "ai_play", "ai_rngs"]

Seat = str | Player | Strategy
"""A seat: a name (a person at this screen) or an AI player (or a plain function)."""


@dataclass(frozen=True)
class Seats:
    """Per seat, its AI player (``None`` for a person at this screen) and its label."""

    players: tuple[Player | None, ...]
    labels: tuple[str, ...]
    """The names shown; a name used by several seats gets the seat number."""

    @classmethod
    def of(cls, seats: Sequence[Seat]) -> Seats:
        """The seats given as names and players (rules section 2: 2 to 6 of them)."""
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ValueError(
                f"Dweebies is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}"
            )
        players = tuple(None if isinstance(s, str) else as_player(s) for s in seats)
        names = [
            s if isinstance(s, str) else str(getattr(p, "name", "AI"))
            for s, p in zip(seats, players, strict=True)
        ]
        labels = tuple(
            f"{name} {i + 1}" if names.count(name) > 1 else name for i, name in enumerate(names)
        )
        return cls(players, labels)

    @property
    def humans(self) -> frozenset[int]:
        """The seats of people at this screen."""
        return frozenset(s for s, p in enumerate(self.players) if p is None)

    def first_human(self, current: int) -> int | None:
        """Whose hand to show: the person to play if ``current`` is one, else the first
        person, else ``None`` (an AI-only game)."""
        humans = self.humans
        if not humans:
            return None
        return current if current in humans else min(humans)


def ai_rngs(seed: int, seats: int) -> list[random.Random]:
    """One random stream per seat, so an AI's choices do not depend on the others'."""
    return [random.Random(f"{seed}:{s}") for s in range(seats)]


def ai_play(game: Game, player: Player, rng: random.Random) -> tuple[Placement, str | None]:
    """Let ``player`` move for the seat to play, and take its owed draws
    (``Rules(auto_draw=False)``: AI players never forget).

    A player that fails or chooses an illegal move must not stop a lesson: a random legal
    move (from ``rng``) is played instead, and the problem is returned in words
    (``None`` when the player's own move was played).
    """
    seat = game.current_player
    move: object = None
    problem = None
    try:
        move = player.choose(game.view(seat), rng)
        placement = game.play(move)
    except Exception as error:  # noqa: BLE001 - a student's player may fail; play goes on
        problem = (
            f"chose an illegal move {move}: {error}"
            if isinstance(error, IllegalMoveError)
            else f"failed: {error!r}"
        )
        placement = game.play(game.random_move(rng))
    if not game.rules.auto_draw:
        while game.may_draw(seat):
            game.draw(seat)
    return placement, problem
