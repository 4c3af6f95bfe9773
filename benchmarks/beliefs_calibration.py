"""Are the beliefs honest?  Predicted against actual holdings, on games of every ladder player.

    python benchmarks/beliefs_calibration.py [--games 40] [--plot FILE]

Games between every pairing of Random, Greedy, Cautious and Expert (100 simulations), with 2
and 3 players, are played to the end.  At every fourth turn, the seat to move asks
:func:`dweebies_widget.ai.hold_chances` how likely each other seat is to hold at least one
copy of each Dweebie it has not seen, and the truth is noted.  Predictions are put into ten
bins; a calibrated model's predicted chance matches the actual frequency in each bin.  The
same is done for the fair share that knows no clues (the hypergeometric chance), so the two
can be compared; the Brier score (mean squared error, lower is better) sums it up.  With
``--plot`` the reliability diagram is saved as a PNG.
"""

from __future__ import annotations

import argparse
import itertools
import random
from collections import Counter

from dweebies_widget import Game
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    hold_chances,
)
from dweebies_widget.ai.base import Player, hold_chance

Record = tuple[float, float, bool, str]  # beliefs, fair share, held, the holder's name


def collect(players: list[Player], seed: int, out: list[Record]) -> None:
    game = Game(players=len(players), seed=seed)
    rngs = [random.Random(f"{seed}:{s}") for s in range(len(players))]
    turn = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        if turn % 4 == 3:
            chances = hold_chances(view, samples=400)
            unseen = Counter(view.unseen)
            for other, predicted in chances.items():
                fair = hold_chance(unseen, view.hand_sizes[other])
                held = set(game.hand(other))
                for d, p in predicted.items():
                    out.append((p, fair.get(d, 0.0), d in held, players[other].name))
        game.play(players[seat].choose(view, rngs[seat]))
        turn += 1


def table(records: list[Record], which: int) -> list[tuple[int, float, float]]:
    bins: list[list[Record]] = [[] for _ in range(10)]
    for r in records:
        bins[min(int(r[which] * 10), 9)].append(r)
    return [
        (len(b), sum(r[which] for r in b) / len(b), sum(r[2] for r in b) / len(b))
        for b in bins
        if b
    ]


def brier(records: list[Record], which: int) -> float:
    return sum((r[which] - r[2]) ** 2 for r in records) / len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--plot", default="", help="save the reliability diagram here")
    args = parser.parse_args()
    ladder: list[Player] = [
        RandomPlayer(),
        GreedyPlayer(),
        CautiousPlayer(),
        ExpertPlayer(simulations=100),
    ]
    records: list[Record] = []
    seed = args.seed
    for n in (2, 3):
        for seating in itertools.combinations_with_replacement(range(len(ladder)), n):
            for _ in range(max(1, args.games // n)):
                seed += 1
                collect([ladder[i] for i in seating], seed, records)
    print(f"{len(records)} predictions (seat x Dweebie x position)")
    names = sorted({r[3] for r in records})
    print("Brier score by the player whose hand is guessed (beliefs / fair share):")
    for name in names:
        mine = [r for r in records if r[3] == name]
        print(f"  {name:>20}: {brier(mine, 0):.4f} / {brier(mine, 1):.4f}  ({len(mine)} cases)")
    for which, label in ((0, "beliefs"), (1, "fair share (no clues)")):
        print(f"\n{label}: Brier score {brier(records, which):.4f}")
        print("   cases   predicted   actual")
        for n, predicted, actual in table(records, which):
            print(f"{n:8d}   {predicted:8.3f}   {actual:7.3f}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(5, 5))
        ax.plot([0, 1], [0, 1], color="#8C959F", linestyle="--", label="perfectly calibrated")
        for which, label, colour in ((0, "beliefs", "#0072B2"), (1, "fair share", "#E69F00")):
            rows = table(records, which)
            ax.plot(
                [p for _, p, _ in rows],
                [a for _, _, a in rows],
                marker="o",
                color=colour,
                label=f"{label} (Brier {brier(records, which):.3f})",
            )
        ax.set_xlabel("predicted chance to hold at least one copy")
        ax.set_ylabel("how often it was held")
        ax.set_title("Beliefs about hidden hands: reliability")
        ax.legend(loc="upper left")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
        print(f"\nsaved {args.plot}")


if __name__ == "__main__":
    main()
