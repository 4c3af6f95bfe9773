"""What every AI player has in common: the small protocol and a few shared helpers.

A player is any object with a ``name`` and a method ``choose(view, rng) -> Move``; the
ladder's players also offer ``analyze(view) -> {move: value}``.  A plain function
``f(view, rng) -> Move`` is a player too: :func:`as_player` wraps it.

Fair play (rules section 10): a player sees only ``view`` (``game.view(seat)``) and
draws all its randomness from ``rng``, so the same view and seed give the same move
whatever the hidden cards are.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from ..game import Move, View

__all__ = [
    "FunctionPlayer",
    "Player",
    "Strategy",
    "as_player",
    "best_moves",
    "expected_best",
    "hold_chance",
]

#: A strategy written as a plain function.
Strategy = Callable[[View, random.Random], Move]


@runtime_checkable
class Player(Protocol):
    """The protocol of players: a ``name`` and ``choose(view, rng) -> Move``."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Move:
        """The move to play, from what ``view`` shows, using only ``rng`` for chance."""
        ...


class FunctionPlayer:
    """A player made from a plain function ``f(view, rng) -> Move``.

    >>> def first(view, rng):
    ...     return view.legal_moves()[0]
    >>> player = as_player(first)
    >>> player.name
    'first'
    """

    def __init__(self, function: Strategy, name: str | None = None) -> None:
        self.function = function
        self.name: str = name or str(getattr(function, "__name__", "function"))

    def choose(self, view: View, rng: random.Random) -> Move:
        return self.function(view, rng)

    def analyze(self, view: View) -> dict[Move, float]:
        """1.0 for the move the function picks (with a fixed seed), 0.0 for the others."""
        pick = self.function(view, random.Random(0))
        return {m: float(m == pick) for m in view.legal_moves()}

    def __repr__(self) -> str:
        return f"FunctionPlayer({self.name!r})"


def as_player(player: Player | Strategy) -> Player:
    """``player`` itself if it has ``choose``, else a :class:`FunctionPlayer` around it."""
    if isinstance(player, Player):
        return player
    if callable(player):
        return FunctionPlayer(player)
    raise TypeError(f"a player needs a choose(view, rng) method or is a function, not {player!r}")


def best_moves(values: dict[Move, float], tolerance: float = 1e-9) -> list[Move]:
    """The moves whose value is within ``tolerance`` of the best, in sorted order."""
    top = max(values.values())
    return sorted(m for m, v in values.items() if v >= top - tolerance)


def hold_chance(unseen: Counter[int], hand_size: int) -> dict[int, float]:
    """For each Dweebie among the ``unseen`` cards, the chance that a hand of ``hand_size``
    cards dealt from them holds at least one copy (the hypergeometric distribution).

    >>> round(hold_chance(Counter({3: 1, 4: 9}), 5)[3], 3)
    0.5
    """
    total = sum(unseen.values())
    h = min(hand_size, total)
    out: dict[int, float] = {}
    for d, u in unseen.items():
        if u <= 0:
            continue
        # P(no copy) = C(total - u, h) / C(total, h)
        none = math.comb(total - u, h) / math.comb(total, h) if total else 1.0
        out[d] = 1.0 - none
    return out


def expected_best(gains: dict[int, int], chance: Mapping[int, float]) -> float:
    """Expected size of the best collection a player can make, if it can make ``gains[d]``
    with Dweebie ``d`` and holds ``d`` with probability ``chance[d]`` (taken as
    independent: a simple, classroom-sized estimate)."""
    expected = 0.0
    miss_all_better = 1.0
    for d, gain in sorted(gains.items(), key=lambda item: (-item[1], item[0])):
        p = chance.get(d, 0.0)
        expected += gain * p * miss_all_better
        miss_all_better *= 1.0 - p
    return expected
