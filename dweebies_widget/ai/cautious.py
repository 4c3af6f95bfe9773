"""Level 3, Cautious: greedy, but look where you leave the table for the next player.

For every legal move, Cautious counts what it collects now (like Greedy) and then imagines
the table after the move from the next player's side: for each cell that player could use,
which Dweebie would collect there, and how many cards.  It cannot see that player's hand,
but it knows which cards are still *unseen* (the 54 minus the table, the collected piles
and its own hand), so it can work out the chance that the next player holds each Dweebie.
A move's value is

    cards collected now  -  expected cards the next player can then collect

and Cautious plays the move with the highest value.  It is fair: it uses only the view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from ..game import Move, View
from .base import best_moves, expected_best, hold_chance


def cautious_values(
    view: View, weight: float = 1.0, chances: Mapping[int, Mapping[int, float]] | None = None
) -> dict[Move, float]:
    """Each legal move's cards gained now minus ``weight`` times the expected best reply
    of the next player (see the module docstring).  ``chances`` may give, per seat, the
    chance that it holds each Dweebie (for instance from
    :func:`~dweebies_widget.ai.hold_chances`); by default every unseen card is equally
    likely to be anywhere."""
    game = view.public_game()
    gains_now = game.collect_map()
    unseen = Counter(view.unseen)
    values: dict[Move, float] = {}
    for move in view.legal_moves():
        gain = gains_now.get(move.cell, {}).get(move.dweebie, 0)
        game.play(move)
        threat = 0.0
        nxt = game.current_player
        if not game.is_over and nxt != view.seat:
            reply = game.best_collections()
            if reply:
                holds = (
                    chances[nxt]
                    if chances is not None and nxt in chances
                    else hold_chance(unseen, len(game.hand(nxt)))
                )
                threat = expected_best(reply, holds)
        game.undo()
        values[move] = gain - weight * threat
    return values


class CautiousPlayer:
    """Greedy with a look at the next player's chances (see the module docstring).

    ``weight`` says how much a card the next player may collect counts against a card
    collected now (1.0: the same).

    >>> from dweebies_widget import Game
    >>> game = Game(players=2, seed=7)
    >>> move = CautiousPlayer().choose(game.view(0), random.Random(0))
    >>> game.is_legal(move)
    True
    """

    def __init__(self, weight: float = 1.0, name: str = "Cautious") -> None:
        self.weight = weight
        self.name = name

    def analyze(self, view: View) -> dict[Move, float]:
        """Expected cards gained by each legal move: now, minus the next player's reply."""
        return cautious_values(view, self.weight)

    def choose(self, view: View, rng: random.Random) -> Move:
        best = best_moves(self.analyze(view))
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"CautiousPlayer(weight={self.weight})"
