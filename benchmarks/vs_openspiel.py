"""Our Expert against OpenSpiel's ISMCTS at equal think time, in seat-rotated 2-player games.

    python benchmarks/vs_openspiel.py [--games 200] [--seconds 0.25] [--quick]

The opponent is OpenSpiel's own Python ``ISMCTSBot`` (random-rollout evaluator, UCT,
unlimited world samples) playing through :mod:`dweebies_widget.adapters.openspiel`.  Its
budget is a number of simulations, so it is first *calibrated*: it searches a few positions
with a trial budget, and gets as many simulations as fit in Expert's ``--seconds`` per move.
Both players' measured milliseconds per move are printed with the result.

Every deal is played twice, once with Expert in each seat.  A game is refereed by the rules
core (``Game(players=2, seed=deal)``); the OpenSpiel state follows it, its chance nodes given
the cards that game deals and draws.  Expert sees only its view; ISMCTS sees only its
OpenSpiel state (and resamples the hidden cards itself).  Games run on a process pool (both
cores by default).  The win rate counts a tie as half a win; the interval is the 95 % Wilson
score interval.  ``--quick`` plays 10 games, to check that the script works.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from dweebies_widget import Game, shuffled_deck
from dweebies_widget.adapters import openspiel as osp
from dweebies_widget.ai import ExpertPlayer
from dweebies_widget.ai.tournament import wilson

UCT_C = 2.0


def make_bot(game: Any, simulations: int, seed: int) -> Any:
    rs = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
        uct_c=UCT_C,
        max_simulations=simulations,
        random_state=rs,
    )


def calibrate_task(spec: tuple[int, int, int]) -> list[float]:
    """Seconds per ISMCTS simulation at every ``every``-th decision of one random game."""
    seed, trial, every = spec
    game = pyspiel.load_game(osp.SHORT_NAME, {"players": 2})
    bot = make_bot(game, trial, seed=seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    per_sim: list[float] = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        actions = state.legal_actions()
        if decisions % every == 0 and len(actions) > 1:
            start = time.perf_counter()
            bot.step(state)
            per_sim.append((time.perf_counter() - start) / trial)
        decisions += 1
        state.apply_action(rng.choice(actions))
    return per_sim


def calibrate(
    seconds: float, pool: ProcessPoolExecutor, tasks: int, trial: int = 20, every: int = 4
) -> tuple[int, float]:
    """Simulations that fill ``seconds`` per move on average over a game, and the measured
    ms per simulation.  Runs on the pool, so that it sees the same load as the games."""
    specs = [(seed, trial, every) for seed in range(tasks)]
    per_sim = [t for times in pool.map(calibrate_task, specs) for t in times]
    ms = 1000 * statistics.mean(per_sim)
    return max(1, round(seconds * 1000 / ms)), ms


def play_one(spec: tuple[int, int, int, float, int]) -> dict[str, Any]:
    """One game: deal ``deal``, Expert in seat ``expert_seat``.  Returns scores and timing."""
    index, deal, expert_seat, seconds, simulations = spec
    game = pyspiel.load_game(osp.SHORT_NAME, {"players": 2})
    bot = make_bot(game, simulations, seed=10_000 + index)
    expert = ExpertPlayer(seconds=seconds)
    rng = random.Random(f"vs-openspiel:{index}")
    core = Game(players=2, seed=deal)
    deck = shuffled_deck(deal)
    state = game.new_initial_state()
    for card in deck[:10]:  # the deal, as chance outcomes
        state.apply_action(card)
    drawn = 10
    think = {"expert": 0.0, "ismcts": 0.0}
    moves = {"expert": 0, "ismcts": 0}
    while not core.is_over:
        seat = core.current_player
        assert state.current_player() == seat
        who = "expert" if seat == expert_seat else "ismcts"
        start = time.perf_counter()
        if who == "expert":
            action = osp.encode_move(expert.choose(core.view(seat), rng))
        else:
            action = int(bot.step(state))
        think[who] += time.perf_counter() - start
        moves[who] += 1
        core.play(osp.decode_action(action))
        state.apply_action(action)
        if state.is_chance_node():  # the card the referee's game drew
            state.apply_action(deck[drawn])
            drawn += 1
    assert state.is_terminal() and core.scores == state.scores
    scores = core.scores
    return {
        "expert": scores[expert_seat],
        "ismcts": scores[1 - expert_seat],
        "think": think,
        "moves": moves,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games (even: both seatings)")
    parser.add_argument("--seconds", type=float, default=0.25, help="Expert's time per move")
    parser.add_argument("--sims", type=int, default=0, help="ISMCTS simulations (0: calibrate)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="10 games, to check the script")
    args = parser.parse_args()
    games = 10 if args.quick else args.games
    games += games % 2
    begin = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.workers, mp_context=context) as pool:
        if args.sims:
            sims, ms_per_sim = args.sims, float("nan")
        else:
            sims, ms_per_sim = calibrate(
                args.seconds, pool, args.workers * (1 if args.quick else 3)
            )
        print(
            f"ISMCTS: {sims} simulations per move ({ms_per_sim:.1f} ms each) to match Expert's "
            f"{args.seconds:g} s; {games} seat-rotated games on {args.workers} processes",
            flush=True,
        )
        specs = [(i, args.seed * 100_000 + i // 2, i % 2, args.seconds, sims) for i in range(games)]
        results = list(pool.map(play_one, specs))
    wins = sum(r["expert"] > r["ismcts"] for r in results)
    ties = sum(r["expert"] == r["ismcts"] for r in results)
    losses = games - wins - ties
    rate = (wins + ties / 2) / games
    low, high = wilson(rate, games)
    ms = {
        who: 1000 * sum(r["think"][who] for r in results) / sum(r["moves"][who] for r in results)
        for who in ("expert", "ismcts")
    }
    cards = {who: statistics.mean(r[who] for r in results) for who in ("expert", "ismcts")}
    print(
        f"Expert ({args.seconds:g} s) vs OpenSpiel ISMCTS ({sims} sims): {wins} won, {ties} tied, "
        f"{losses} lost of {games}: Expert's win rate {rate:.1%} (95% {low:.1%} - {high:.1%})"
    )
    print(
        f"ms/move: Expert {ms['expert']:.0f}, ISMCTS {ms['ismcts']:.0f}; cards per game: "
        f"Expert {cards['expert']:.1f}, ISMCTS {cards['ismcts']:.1f}; "
        f"wall time {time.perf_counter() - begin:.0f} s"
    )


if __name__ == "__main__":
    main()
