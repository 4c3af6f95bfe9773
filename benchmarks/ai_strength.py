"""How strong is each AI?  Seat-rotated 2-player matches on all cores; prints figures.

    python benchmarks/ai_strength.py [--games 400] [--quick]
    python benchmarks/ai_strength.py --beliefs [--games 400]

Each match is a :func:`dweebies_widget.ai.tournament` (every deal played with both
seatings).  Prints Greedy vs Random, Cautious vs Greedy, Expert (0.25 s a move) vs Greedy and
vs Cautious with 95 % intervals (the win rate counts a tie as half a win; the rate of
games won alone is printed beside it), Expert's median and 95th-percentile think time, its
simulations per second, and its win rate against Greedy at other think times (near the
ceiling: that curve cannot show what more thinking buys; ``benchmarks/budget_curve.py``
measures the budget curve against Cautious, on paired games).  ``--quick`` runs a few games
of each, to check that the script works.

``--beliefs`` measures what the belief model (:mod:`dweebies_widget.ai.beliefs`) is worth at
equal time: the Expert (0.25 s a move, beliefs on, the default) against Cautious and against
the previous Expert (0.25 s, :meth:`ExpertPlayer.previous`: no beliefs, the search as it was
before them), and both Experts' think time and
simulations per second over the same positions.

``--cheater`` measures the ceiling that information would give: the same search handed the
true deal (every hand and the pile's order, :meth:`ExpertPlayer.search` with ``deal=``) against
Cautious, seat-rotated.  ``--sees hand`` hands it every hand but not the pile's order
(``pile_seen=False``): what perfect beliefs would be worth; ``--sees nothing`` is the fair
Expert on the same deals, for comparison.  ``--against previous`` plays
:meth:`ExpertPlayer.previous` instead of Cautious, at the same number of simulations.  It is a
yardstick only: no player of the package ever sees a deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from dweebies_widget import Game
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    tournament,
)
from dweebies_widget.ai.base import Player
from dweebies_widget.ai.tournament import wilson


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


def expert_timing(expert: ExpertPlayer, positions: int) -> None:
    """Think time and simulations per second of ``expert`` over positions of random games."""
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
        f"{expert!r} think time over "
        f"{len(times)} positions: median "
        f"{statistics.median(times) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms; "
        f"{statistics.median(sims):.0f} simulations per second (median)",
        flush=True,
    )


SEES = {"deal": "the true deal", "hand": "every hand", "nothing": "no hidden card"}


def cheater_game(job: tuple[int, int, int, str, str]) -> float:
    """One game of the Expert seeing ``sees`` of the hidden cards (seat ``seat``) against
    ``against``: 1 won, 0.5 tied, 0 lost."""
    seed, seat, simulations, sees, against = job
    game = Game(players=2, seed=seed)
    cheater = ExpertPlayer(simulations=simulations)
    other: Player = (
        CautiousPlayer() if against == "cautious" else ExpertPlayer.previous(simulations)
    )
    rng, other_rng = random.Random(2 * seed + seat), random.Random(3 * seed + seat)
    while not game.is_over:
        view = game.view(game.current_player)
        if game.current_player == seat:
            deal = None if sees == "nothing" else game
            root = cheater.search(view, rng, deal=deal, pile_seen=sees == "deal")
            game.play(max(sorted(root.children), key=lambda m: root.children[m].visits))
        else:
            game.play(other.choose(view, other_rng))
    mine, theirs = game.scores[seat], game.scores[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def cheater_match(games: int, simulations: int, sees: str, against: str) -> None:
    start = time.perf_counter()
    jobs = [(700 + i // 2, i % 2, simulations, sees, against) for i in range(games)]
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(cheater_game, jobs, chunksize=2))
    won = sum(results)
    low, high = wilson(won / games, games)
    rival = "Cautious" if against == "cautious" else f"the previous Expert ({simulations} sims)"
    print(
        f"Expert ({simulations} sims) seeing {SEES[sees]} vs {rival}: win rate "
        f"{won / games:6.1%} over {games} games (ties half; 95% {low:.1%} - {high:.1%})"
        f"   [{time.perf_counter() - start:5.0f} s]",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--quick", action="store_true", help="a few games of each")
    parser.add_argument("--skip-curve", action="store_true", help="leave out the budget curve")
    parser.add_argument("--beliefs", action="store_true", help="the belief model at equal time")
    parser.add_argument("--cheater", action="store_true", help="the search seeing the true deal")
    parser.add_argument(
        "--sees", choices=sorted(SEES), default="deal",
        help="with --cheater: what of the hidden cards the search is handed",
    )  # fmt: skip
    parser.add_argument(
        "--against", choices=["cautious", "previous"], default="cautious",
        help="with --cheater: the opponent",
    )  # fmt: skip
    parser.add_argument(
        "--simulations", type=int, default=None,
        help="with --beliefs: a fixed number of simulations a move instead of 0.25 s (figures "
        "that a busy machine does not change; pick the count 0.25 s gives on a quiet one)",
    )  # fmt: skip
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    if args.cheater:
        cheater_match(games, args.simulations or 600, args.sees, args.against)
        return
    if args.beliefs:
        budget = {"simulations": args.simulations} if args.simulations else {"seconds": 0.25}
        what = f"{args.simulations} simulations" if args.simulations else "0.25 s"
        print(f"seat-rotated 2-player matches at {what} a move, {games} games each", flush=True)
        for expert in (ExpertPlayer(seconds=0.25), ExpertPlayer.previous(seconds=0.25)):
            expert_timing(expert, 6 if args.quick else 40)
        match(ExpertPlayer(**budget), CautiousPlayer(), games, seed=4)
        old = ExpertPlayer.previous(**budget, name="previous Expert")
        match(ExpertPlayer(**budget), old, games, seed=6)
        return
    print(f"seat-rotated 2-player matches, {games} games each (both cores)", flush=True)
    match(GreedyPlayer(), RandomPlayer(), games, seed=1)
    match(CautiousPlayer(), GreedyPlayer(), games, seed=2)
    curve = {0.25: match(ExpertPlayer(seconds=0.25), GreedyPlayer(), games, seed=3)}
    match(ExpertPlayer(seconds=0.25), CautiousPlayer(), games, seed=4)
    expert_timing(ExpertPlayer(seconds=0.25), 6 if args.quick else 40)
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
