"""How strong is each AI?  Seat-rotated 2-player matches on all cores; prints figures.

    python benchmarks/ai_strength.py [--games 400] [--quick]
    python benchmarks/ai_strength.py --beliefs [--games 400]
    python benchmarks/ai_strength.py --value [--handset] [--write] [--games 400]

Each match is a :func:`dweebies_widget.ai.tournament` (every deal played with both
seatings).  Prints Greedy vs Random, Cautious vs Greedy, Expert (0.25 s a move) vs Greedy and
vs Cautious with 95 % intervals (the win rate counts a tie as half a win; the rate of
games won alone is printed beside it), Expert's median and 95th-percentile think time, its
simulations per second, and its win rate against Greedy at other think times (near the
ceiling: that curve cannot show what more thinking buys; ``benchmarks/budget_curve.py``
measures the budget curve against Cautious, on paired games).  ``--quick`` runs a few games
of each, to check that the script works.

``--beliefs`` measures what the belief model (:mod:`dweebies_widget.ai.beliefs`) is worth at
equal time: the Expert (0.25 s a move, beliefs on) against Cautious and against the Expert
before them (0.25 s, ``beliefs=False``), both judging with the hand-set value as they did
then, and both Experts' think time and simulations per second over the same positions.

``--value`` measures the learned value (:mod:`dweebies_widget.ai.value`) at equal time: the
Expert (0.25 s a move, learned value, the default) against Cautious and against the previous
Expert (:meth:`ExpertPlayer.previous`: the hand-set judge), both Experts' think time and
simulations per second; ``--handset`` plays the previous Expert against Cautious on the same
deals too; ``--write`` puts the figures into ``benchmarks/VALUE.md`` (notebook 07 reads them).

``--cheater`` measures the ceiling that information would give: the same search handed the
true deal (every hand and the pile's order, :meth:`ExpertPlayer.search` with ``deal=``) against
Cautious, seat-rotated.  ``--sees hand`` hands it every hand but not the pile's order
(``pile_seen=False``): what perfect beliefs would be worth; ``--sees nothing`` is the fair
Expert on the same deals, for comparison.  ``--against previous`` plays the Expert before the
belief model (``beliefs=False``) instead of Cautious, at the same number of simulations.  It is a
yardstick only: no player of the package ever sees a deal.  Both searches judge with the
hand-set value, as they did when RESULTS.md's figures were measured.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from dweebies_widget import Game
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GreedyPlayer,
    RandomPlayer,
    tournament,
)
from dweebies_widget.ai.base import Player
from dweebies_widget.ai.tournament import PlayerRow, wilson


def match(a: Player, b: Player, games: int, seed: int) -> float:
    return match_row(a, b, games, seed).win_rate


def match_row(a: Player, b: Player, games: int, seed: int) -> PlayerRow:
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
    return row


def expert_timing(expert: ExpertPlayer, positions: int) -> dict[str, float]:
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
    return {
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(p95 * 1000, 1),
        "rounds_per_second": round(statistics.median(sims)),
    }


def figures(row: PlayerRow) -> dict[str, object]:
    """A match's row as VALUE.md's JSON keeps it."""
    return {
        "games": row.games,
        "won": row.wins,
        "tied": row.ties,
        "lost": row.games - row.wins - row.ties,
        "win_rate": row.win_rate,
        "low": round(row.ci_low, 4),
        "high": round(row.ci_high, 4),
    }


#: The hand-set Expert (0.25 s) against Cautious on the same deals (seed 4), measured on
#: 2026-12-01 (RESULTS.md, "ai_strength.py --beliefs --games 400"), for VALUE.md when
#: ``--value`` is run without ``--handset``.
HANDSET_VS_CAUTIOUS: dict[str, object] = {
    "games": 400, "won": 267, "tied": 15, "lost": 118, "win_rate": 0.68625, "low": 0.639,
    "high": 0.730, "measured": "2026-12-01",
}  # fmt: skip

#: The ceiling (RESULTS.md, "--cheater --sees hand" and "--sees nothing", 300 simulations,
#: the same 400 deals): the search that sees every hand, and the fair one.
CEILING = {
    "games": 400, "simulations": 300, "win_rate": 0.788, "low": 0.745, "high": 0.825,
    "fair_win_rate": 0.655, "fair_low": 0.607, "fair_high": 0.700,
}  # fmt: skip

VALUE = Path(__file__).resolve().parent / "VALUE.md"


def value_match(games: int, quick: bool, handset: bool, write: bool) -> None:
    """The learned value's targets: the Expert (0.25 s a move) against Cautious and against
    the previous Expert (hand-set judge, 0.25 s), and both Experts' think time."""
    print(f"seat-rotated 2-player matches at 0.25 s a move, {games} games each", flush=True)
    timing = {
        "learned": expert_timing(ExpertPlayer(seconds=0.25), 6 if quick else 40),
        "hand_set": expert_timing(ExpertPlayer.previous(seconds=0.25), 6 if quick else 40),
    }
    learned = match_row(ExpertPlayer(seconds=0.25), CautiousPlayer(), games, seed=4)
    old = ExpertPlayer.previous(seconds=0.25, name="previous Expert")
    if handset:
        reference = figures(match_row(old, CautiousPlayer(), games, seed=4))
    else:
        reference = HANDSET_VS_CAUTIOUS
    head = match_row(ExpertPlayer(seconds=0.25), old, games, seed=6)
    data = {
        "seconds": 0.25,
        "vs_cautious": {"learned": figures(learned), "hand_set": reference},
        "vs_previous": figures(head),
        "timing": timing,
        "ceiling": CEILING,
    }
    print(json.dumps(data))
    if write:
        text = VALUE.read_text(encoding="utf-8")
        found = re.search(r"```json\n(.*?)\n```", text, re.S)
        assert found is not None, "VALUE.md ends with a JSON block"
        kept = json.loads(found[1])  # the screens of train_value.py stay
        kept.update(data)
        block = "```json\n" + json.dumps(kept, indent=1) + "\n```"
        VALUE.write_text(text[: found.start()] + block + text[found.end() :], encoding="utf-8")
        print(f"wrote the figures into {VALUE}")


SEES = {"deal": "the true deal", "hand": "every hand", "nothing": "no hidden card"}


def cheater_game(job: tuple[int, int, int, str, str]) -> float:
    """One game of the Expert seeing ``sees`` of the hidden cards (seat ``seat``) against
    ``against``: 1 won, 0.5 tied, 0 lost."""
    seed, seat, simulations, sees, against = job
    game = Game(players=2, seed=seed)
    # The hand-set value, as in RESULTS.md's runs (before the learned value).
    cheater = ExpertPlayer(simulations=simulations, value="hand-set")
    other: Player = (
        CautiousPlayer()
        if against == "cautious"
        else ExpertPlayer(simulations, beliefs=False, value="hand-set")
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
    parser.add_argument("--value", action="store_true", help="the learned value's targets")
    parser.add_argument(
        "--handset", action="store_true",
        help="with --value: measure the hand-set Expert against Cautious again",
    )  # fmt: skip
    parser.add_argument("--write", action="store_true", help="with --value: update VALUE.md")
    args = parser.parse_args()
    games = 4 if args.quick else args.games
    if args.value:
        value_match(games, args.quick, args.handset, args.write)
        return
    if args.cheater:
        cheater_match(games, args.simulations or 600, args.sees, args.against)
        return
    if args.beliefs:
        budget = {"simulations": args.simulations} if args.simulations else {"seconds": 0.25}
        what = f"{args.simulations} simulations" if args.simulations else "0.25 s"
        print(f"seat-rotated 2-player matches at {what} a move, {games} games each", flush=True)
        for beliefs in (True, False):
            expert_timing(ExpertPlayer(seconds=0.25, beliefs=beliefs, value="hand-set"),
                          6 if args.quick else 40)  # fmt: skip
        match(ExpertPlayer(**budget, value="hand-set"), CautiousPlayer(), games, seed=4)
        old = ExpertPlayer(**budget, beliefs=False, value="hand-set", name="Expert before beliefs")
        match(ExpertPlayer(**budget, value="hand-set"), old, games, seed=6)
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
