"""Fit the choice model behind :mod:`dweebies_widget.ai.beliefs` on games of the AI ladder.

    python benchmarks/fit_beliefs.py [--games 60] [--seed 1]

The beliefs read one kind of evidence from the public history: a player that could have
collected more cards with a Dweebie ``d`` than it did probably held no ``d`` then.  How much
less likely is measured here.  Games of every pairing of the ladder (Random, Greedy,
Cautious, Expert at 100 simulations; 2 to 4 players) are played; at each placement, for every
Dweebie ``d`` that could have collected ``gap`` more cards than the move did, we note whether
the mover really held a ``d`` and the chance ``p0`` that a hand like the mover's holds one when
nothing is known (the hypergeometric chance, from the cards another seat could not see).

For each gap (1, 2, 3, 4, 5 or more) the script prints the odds factor ``lambda`` that makes
``P(held) = lambda p0 / (lambda p0 + 1 - p0)`` fit best (maximum likelihood) and how many
cases it rests on.  The factors go into ``PASS_FACTORS`` in ``dweebies_widget/ai/beliefs.py``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
from collections import Counter

from dweebies_widget import Game, Placement
from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer
from dweebies_widget.ai.base import Player, hold_chance

MAX_GAP = 5


Cases = dict[tuple[str, int], list[tuple[bool, float]]]


def record_game(players: list[Player], seed: int, cases: Cases) -> None:
    game = Game(players=len(players), seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(len(players))]
    while not game.is_over:
        seat = game.current_player
        hand = Counter(game.hand(seat))
        best = game.best_collections()
        observer = (seat + 1) % game.players
        unseen = Counter(game.view(observer).unseen)
        chance = hold_chance(unseen, len(game.hand(seat)))
        move = players[seat].choose(game.view(seat), rngs[seat])
        placement = game.play(move)
        assert isinstance(placement, Placement)
        got = placement.points
        for d, n in best.items():
            gap = n - got
            if gap <= 0 or d == move.dweebie or d not in chance:
                continue
            key = (players[seat].name, min(gap, MAX_GAP))
            cases.setdefault(key, []).append((hand[d] > 0, chance[d]))
            cases.setdefault(("all", min(gap, MAX_GAP)), []).append((hand[d] > 0, chance[d]))


def fit(samples: list[tuple[bool, float]]) -> float:
    """The odds factor of maximum likelihood (a search over log lambda)."""

    def loglik(lam: float) -> float:
        total = 0.0
        for held, p0 in samples:
            p = lam * p0 / (lam * p0 + 1 - p0)
            p = min(max(p, 1e-9), 1 - 1e-9)
            total += math.log(p if held else 1 - p)
        return total

    grid = [math.exp(x / 20) for x in range(-140, 41)]
    return max(grid, key=loglik)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ladder: list[Player] = [
        RandomPlayer(),
        GreedyPlayer(),
        CautiousPlayer(),
        ExpertPlayer(simulations=100),
    ]
    cases: Cases = {}
    seed = args.seed
    for n in (2, 3, 4):
        for seating in itertools.combinations_with_replacement(range(len(ladder)), n):
            if len(set(seating)) == 1 and n > 2:
                continue
            for _ in range(max(1, args.games // n)):
                seed += 1
                record_game([ladder[i] for i in seating], seed, cases)
    print("player               gap  cases  held  expected(p0)  lambda")
    for who, gap in sorted(cases):
        samples = cases[(who, gap)]
        held = sum(h for h, _ in samples)
        expected = sum(p for _, p in samples)
        print(
            f"{who:>20} {gap:3d} {len(samples):6d} {held:5d} {expected:12.1f}  "
            f"{fit(samples):.3f}"
        )


if __name__ == "__main__":
    main()
