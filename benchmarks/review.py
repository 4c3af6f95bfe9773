"""How long does a game review take, and where do its label thresholds come from?

    python benchmarks/review.py               # the timings (under a minute on a quiet machine)
    python benchmarks/review.py --calibrate   # the thresholds' measurements (about 20 minutes)

The timings: a whole 2-player game and a whole 4-player game (every card placed: 54
placements) reviewed at the default budget (``ExpertPlayer(simulations=300)``), here
(``executor=None``) and on a pool of 2 processes.  Targets on the 2-core project machine: at
most 15 s for 2 players and 30 s for 4.  The 2 cores are shared, so a busy machine reads
slower: the load average is printed beside the figures, and the CPU seconds the work took
(this process and the pool's workers), which hardly depend on how busy the machine is.

``--calibrate`` prints the two measurements behind the label thresholds of
:mod:`dweebies_widget.ai.review`:

* **noise**: positions of games between the ladder's players; in each, the analyst's best
  move (seed 0) is judged again with five other seeds.  Those moves are as good as the best
  as far as the analyst can tell, so the loss they get is the analysis's own noise;
* **the ladder's losses**: whole games of Random, Greedy and Cautious against a stronger
  Expert (1000 simulations a move), and 4-player games of all four, reviewed move by move:
  how often each player's moves reach each loss.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from dweebies_widget import Game
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    play_game,
    review,
)
from dweebies_widget.ai.base import Player
from dweebies_widget.ai.review import (
    ANALYST_VALUE,
    BLUNDER_LOSS,
    DEFAULT_SIMULATIONS,
    INACCURACY_LOSS,
    MISTAKE_LOSS,
    judge,
    positions,
)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers): on a
    busy machine, about what the work would take on a quiet one."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def timings() -> None:
    print(f"Reviewing whole games at the default budget ({DEFAULT_SIMULATIONS} simulations)")
    for players in (2, 4):
        seats: list[Player] = [CautiousPlayer(), GreedyPlayer(), CautiousPlayer(), GreedyPlayer()]
        game = play_game(seats[:players], seed=3)[0]
        for label, pool in (("here", None), ("2 processes", 2)):
            start = time.perf_counter()
            cpu = cpu_seconds()
            if pool is None:
                rev = review(game, seed=0, executor=None, progress=False)
            else:
                with ProcessPoolExecutor(max_workers=pool) as executor:
                    rev = review(game, seed=0, executor=executor, progress=False)
            took = time.perf_counter() - start
            print(
                f"  {players} players, {len(rev.moves)} placements, {label:<11}: {took:5.1f} s"
                f" ({cpu_seconds() - cpu:5.1f} s of CPU)   ({load()})",
                flush=True,
            )


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def rngs(key: str) -> tuple[random.Random, random.Random]:
    return random.Random(f"noise:{key}"), random.Random(f"noise:{key}:again")


def noise() -> None:
    """The loss the analyst gives its own best move when it looks again with other seeds."""
    analyst = ExpertPlayer(simulations=DEFAULT_SIMULATIONS, value=ANALYST_VALUE)
    expert = ExpertPlayer(simulations=100)
    games: list[tuple[Game, int]] = []
    two: list[list[Player]] = [
        [CautiousPlayer(), GreedyPlayer()],
        [GreedyPlayer(), CautiousPlayer()],
        [CautiousPlayer(), CautiousPlayer()],
        [expert, RandomPlayer()],
        [RandomPlayer(), expert],
    ]
    for seed, seats in enumerate(two, start=1):
        games.append((play_game(seats, seed=seed)[0], 6))
    four: list[Player] = [CautiousPlayer(), GreedyPlayer(), RandomPlayer(), expert]
    for seed in (6, 7):
        k = seed - 6
        games.append((play_game(four[k:] + four[:k], seed=seed)[0], 8))
    losses: dict[int, list[float]] = defaultdict(list)
    spread: dict[int, list[float]] = defaultdict(list)
    for g, (game, step) in enumerate(games):
        for ply, (position, played) in list(enumerate(positions(game)))[g % step :: step]:
            view = position.view(position.current_player)
            if len(view.legal_moves()) < 2:
                continue
            best = judge(analyst, view, played, rngs(f"{g}:{ply}:0")).best
            again = []
            for k in range(1, 6):
                judged = judge(analyst, view, best, rngs(f"{g}:{ply}:{k}"))
                losses[game.players].append(judged.chance_best - judged.chance_played)
                again.append(judged.chance_played)
            spread[game.players].append(statistics.pstdev(again))
    print(f"Noise: the analyst's own best move judged again with 5 other seeds ({load()})")
    for players, values in sorted(losses.items()):
        print(
            f"  {players} players, {len(values)} judgements: loss p50 {percentile(values, 0.5):.3f}"
            f"  p90 {percentile(values, 0.9):.3f}  p95 {percentile(values, 0.95):.3f}"
            f"  p99 {percentile(values, 0.99):.3f}  max {max(values):.3f};"
            f"  its chance varies by {statistics.median(spread[players]):.3f} (median sd)",
            flush=True,
        )


def ladder() -> None:
    """How often each player's moves reach each loss, in whole reviewed games."""
    strong = ExpertPlayer(simulations=1000)
    jobs: list[tuple[list[Player], int]] = []
    for deal in (11, 12):
        for weak in (RandomPlayer(), GreedyPlayer(), CautiousPlayer()):
            jobs += [([weak, strong], deal), ([strong, weak], deal)]
    for deal in (13, 14):
        jobs.append(([RandomPlayer(), GreedyPlayer(), CautiousPlayer(), strong], deal))
    losses: dict[tuple[int, str], list[float]] = defaultdict(list)
    for seats, deal in jobs:
        game = play_game(seats, seed=deal)[0]
        for m in review(game, seed=deal, progress=False).moves:
            if m.options > 1:
                losses[(game.players, seats[m.seat].name)].append(m.loss)
    steps = (0.03, INACCURACY_LOSS, 0.08, MISTAKE_LOSS, 0.15, BLUNDER_LOSS, 0.3)
    print(f"The ladder's losses in whole reviewed games ({load()})")
    for (players, who), values in sorted(losses.items()):
        shares = "  ".join(
            f">={t:.2f} {sum(v >= t for v in values) / len(values):5.1%}" for t in steps
        )
        print(
            f"  {players}p {who:<18} {len(values):4d} moves  mean {statistics.mean(values):.3f}"
            f"  p90 {percentile(values, 0.9):.3f}  max {max(values):.3f}  {shares}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--calibrate", action="store_true", help="measure the noise and the ladder's losses"
    )
    args = parser.parse_args()
    if args.calibrate:
        noise()
        ladder()
    else:
        timings()


if __name__ == "__main__":
    main()
