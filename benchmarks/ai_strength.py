"""How strong is each AI?  Seat-rotated 2-player matches on all cores; prints figures.

    python benchmarks/ai_strength.py [--games 400] [--quick]
    python benchmarks/ai_strength.py --beliefs [--games 400]

Each match is a :func:`dweebies_widget.ai.tournament` (every deal played with both
seatings).  Prints Greedy vs Random, Cautious vs Greedy, Expert (0.25 s a move) vs Greedy and
vs Cautious with 95 % intervals (the win rate counts a tie as half a win; the rate of
games won alone is printed beside it), Expert's median and 95th-percentile think time, its
simulations per second, and how its win rate against Greedy grows with its budget.
``--quick`` runs a few games of each, to check that the script works.

``--beliefs`` measures what the belief model (:mod:`dweebies_widget.ai.beliefs`) is worth at
equal time: the Expert (0.25 s a move, beliefs on, the default) against Cautious and against
the previous Expert (0.25 s, ``beliefs=False``), and both Experts' think time and
simulations per second over the same positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dweebies_widget import Game
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    tournament,
)
from dweebies_widget.ai.base import Player


def match(a: Player, b: Player, games: int, seed: int) -> float:
    start = time.perf_counter()
    result = tournament([a, b], games=games, seed=seed, progress=False)
    row = result.rows[0]
    print(
        f"{a.name:>18} vs {b.name:<10} {row.wins:4d} won {row.ties:3d} tied "
        f"{row.games - row.wins - row.ties:4d} lost of {row.games}:  win rate {row.win_rate:6.1%}"
        f" (ties half; wins alone {row.wins / row.games:6.1%})"
        f"  (95% {row.ci_low:.1%} - {row.ci_high:.1%})   {a.name} {row.avg_think_ms:7.1f} ms/move"
        f"   [{time.perf_counter() - start:5.0f} s]",
        flush=True,
    )
    return row.win_rate


def expert_timing(seconds: float, positions: int, *, beliefs: bool = True) -> None:
    """Think time and simulations per second of Expert over positions of random games."""
    expert = ExpertPlayer(seconds=seconds, beliefs=beliefs)
    times: list[float] = []
    sims: list[float] = []
    for seed in range(positions):
        game = Game(players=2, seed=1000 + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 40)):
            game.play_random(rng)
        if game.is_over or len(game.legal_moves()) < 2:
            continue
        start = time.perf_counter()
        expert.choose(game.view(game.current_player), rng)
        took = time.perf_counter() - start
        times.append(took)
        sims.append(expert.last_simulations / took)
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"Expert ({seconds:g} s, beliefs {'on' if beliefs else 'off'}) think time over "
        f"{len(times)} positions: median "
        f"{statistics.median(times) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms; "
        f"{statistics.median(sims):.0f} simulations per second (median)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--quick", action="store_true", help="a few games of each")
    parser.add_argument("--skip-curve", action="store_true", help="leave out the budget curve")
    parser.add_argument("--beliefs", action="store_true", help="the belief model at equal time")
    parser.add_argument(
        "--simulations", type=int, default=None,
        help="with --beliefs: a fixed number of simulations a move instead of 0.25 s (figures "
        "that a busy machine does not change; pick the count 0.25 s gives on a quiet one)",
    )  # fmt: skip
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    if args.beliefs:
        budget = {"simulations": args.simulations} if args.simulations else {"seconds": 0.25}
        what = f"{args.simulations} simulations" if args.simulations else "0.25 s"
        print(f"seat-rotated 2-player matches at {what} a move, {games} games each", flush=True)
        for beliefs in (True, False):
            expert_timing(0.25, 6 if args.quick else 40, beliefs=beliefs)
        match(ExpertPlayer(**budget), CautiousPlayer(), games, seed=4)  # type: ignore[arg-type]
        old = ExpertPlayer(**budget, beliefs=False, name="previous Expert")  # type: ignore[arg-type]
        match(ExpertPlayer(**budget), old, games, seed=6)  # type: ignore[arg-type]
        return
    print(f"seat-rotated 2-player matches, {games} games each (both cores)", flush=True)
    match(GreedyPlayer(), RandomPlayer(), games, seed=1)
    match(CautiousPlayer(), GreedyPlayer(), games, seed=2)
    curve = {0.25: match(ExpertPlayer(seconds=0.25), GreedyPlayer(), games, seed=3)}
    match(ExpertPlayer(seconds=0.25), CautiousPlayer(), games, seed=4)
    expert_timing(0.25, 6 if args.quick else 40)
    if args.skip_curve:
        return
    print("Expert's win rate against Greedy by think time (fewer games at 1 s):", flush=True)
    for seconds, n in ((0.05, games), (0.1, games), (1.0, max(games // 6 // 2 * 2, 2))):
        curve[seconds] = match(ExpertPlayer(seconds=seconds), GreedyPlayer(), n, seed=5)
    print("think time (s) -> win rate against Greedy:", flush=True)
    for seconds in sorted(curve):
        print(f"  {seconds:5.2f} s  {curve[seconds]:6.1%}", flush=True)


if __name__ == "__main__":
    main()
