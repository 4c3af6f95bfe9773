"""How fast is the rules engine?  A benchmark that prints figures; tests never time things.

    python benchmarks/engine.py [--games N] [--repeat R]

Prints, on one core:
* random 2-player games per second and moves per second (each move a random legal one,
  through ``Game.play_random``, and through the public ``legal_moves()`` + ``play()``);
* the time of ``legal_moves()`` in split positions with 2, 3 and 4 groups, and the time to
  work out those positions' bridge cost and shortest-link cells from scratch.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from dweebies_widget import Game, grid

sys.path.insert(0, str(Path(__file__).parent))
import plain_engine  # noqa: E402  (the yardstick beside this script)


def random_games_fast(games: int, seed0: int = 0) -> int:
    moves = 0
    for seed in range(seed0, seed0 + games):
        game = Game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play_random(rng)
            moves += 1
    return moves


def random_games_public(games: int, seed0: int = 0) -> int:
    moves = 0
    for seed in range(seed0, seed0 + games):
        game = Game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_moves()
            game.play(legal[rng.randrange(len(legal))])
            moves += 1
    return moves


def best_of(repeat: int, fn: Callable[[], int]) -> tuple[float, int]:
    """Median wall time over ``repeat`` runs of ``fn`` and what it returned."""
    times = []
    result = 0
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


# Split positions: groups of cards with gaps between them (all Dweebies distinct enough to
# stay within their copy counts).
SPLIT_POSITIONS: dict[int, dict[tuple[int, int], int]] = {
    2: {(0, 0): 0, (0, 1): 1, (1, 1): 2, (0, 5): 3, (1, 5): 4, (2, 5): 5},
    3: {(0, 0): 0, (1, 0): 1, (0, 4): 2, (0, 5): 3, (4, 2): 4, (5, 2): 5, (4, 3): 6},
    4: {
        (0, 0): 0,
        (0, 1): 1,
        (0, 6): 2,
        (1, 6): 3,
        (5, 0): 4,
        (6, 0): 5,
        (5, 6): 6,
        (6, 6): 7,
        (6, 5): 8,
    },
}


def time_call(fn: Callable[[], object], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs (the median is shown)")
    args = parser.parse_args()

    secs, moves = best_of(args.repeat, lambda: random_games_fast(args.games))
    fast = args.games / secs
    print(
        f"random 2-player games (play_random):      {fast:8.0f} games/s"
        f"   {moves / secs:9.0f} moves/s   ({moves / args.games:.0f} moves a game)"
    )
    m = max(args.games // 40, 1)
    secs, moves = best_of(args.repeat, lambda: sum(plain_engine.random_game(s) for s in range(m)))
    print(
        f"random 2-player games (plain, no state):  {m / secs:8.0f} games/s"
        f"   {moves / secs:9.0f} moves/s   (the engine is {fast / (m / secs):.0f}x faster)"
    )
    n = max(args.games // 4, 1)
    secs, moves = best_of(args.repeat, lambda: random_games_public(n))
    print(
        f"random 2-player games (legal_moves+play): {n / secs:8.0f} games/s"
        f"   {moves / secs:9.0f} moves/s"
    )

    for k, board in SPLIT_POSITIONS.items():
        game = Game.from_position(board=board, hands=[[9, 10, 11], [12, 13, 14]], pile=[15])
        assert len(game.groups) == k, (k, game.groups)
        t_moves = time_call(game.legal_moves, 2000)
        parts = grid.groups(board)
        t_bridge = time_call(lambda parts=parts, board=board: grid.bridge(board, parts), 200)
        print(
            f"split into {k} groups (bridge cost {game.bridge_cost}, "
            f"{len(game.legal_cells())} legal cells): legal_moves() {t_moves * 1e6:6.1f} us,"
            f" bridge from scratch {t_bridge * 1e6:7.1f} us"
        )


if __name__ == "__main__":
    main()
