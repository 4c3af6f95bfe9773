"""The self-play learning agent: it sees only its observation, it learns, and it is seeded.

* Twin games that differ only in hidden cards (the other hand and the pile) give the agent
  the same observation, and so the same features and the same action.
* The same seed trains the same weights game by game.
* A short self-play training beats the untrained agent (a random player) against Random by
  a margin the 95 % intervals cannot explain.
"""

from __future__ import annotations

import random

import numpy as np

from dweebies_widget import Game
from dweebies_widget.adapters.pettingzoo import raw_env
from dweebies_widget.adapters.selfplay import (
    LinearPolicy,
    Record,
    evaluate,
    features,
    self_play,
)
from dweebies_widget.ai import GreedyPlayer, RandomPlayer


def twins() -> tuple[Game, Game]:
    """Two games at one position of a real game, seat 0 to move, whose hidden cards (seat
    1's hand and the pile) are dealt differently."""
    game = Game(players=2, seed=11)
    rng = random.Random(0)
    for _ in range(12):
        game.play(GreedyPlayer().choose(game.view(game.current_player), rng))
    view = game.view(game.current_player)
    order = list(view.unseen)
    first = view.to_game(view.deal_unseen(order))
    second = view.to_game(view.deal_unseen(order[::-1]))
    return first, second


def test_twin_games_with_different_hidden_cards_give_the_same_action() -> None:
    first, second = twins()
    seat, other = first.current_player, 1 - first.current_player
    assert first.hand(seat) == second.hand(seat)
    assert first.hand(other) != second.hand(other)  # the hidden cards differ ...
    envs = [raw_env(players=2), raw_env(players=2)]
    for e, game in zip(envs, (first, second), strict=True):
        e.set_game(game)
    observations = [e.observe(e.agent_selection) for e in envs]
    a, b = observations
    # ... the observation and mask do not ...
    assert np.array_equal(a["observation"], b["observation"])
    assert np.array_equal(a["action_mask"], b["action_mask"])
    # ... and so neither do the features nor the actions of a policy with real weights.
    for x, y in zip(features(a), features(b), strict=True):
        assert np.array_equal(x, y)
    policy = LinearPolicy(np.array([3.0, -2.0, 1.0]))
    for explore in (True, False):
        actions = [
            policy.act(obs, np.random.default_rng(5), explore=explore) for obs in observations
        ]
        assert actions[0] == actions[1]
        for e, game in zip(envs, (first, second), strict=True):
            assert e.decode_action(actions[0]) in game.legal_moves()


def test_the_same_seed_trains_the_same_weights() -> None:
    runs = [self_play(LinearPolicy(), 3, seed=4) for _ in range(2)]
    assert runs[0] == runs[1]
    assert any(w != 0 for w in runs[0][-1].weights)  # it did learn something
    assert self_play(LinearPolicy(), 3, seed=5) != runs[0]


def test_a_short_training_beats_the_untrained_agent_against_random() -> None:
    untrained = LinearPolicy()  # all weights 0: every legal action equally likely
    trained = LinearPolicy()
    self_play(trained, 8, seed=0)
    before = evaluate(untrained, RandomPlayer(), 40, seed=3)
    after = evaluate(trained, RandomPlayer(), 40, seed=3)
    assert after.games == before.games == 40
    # The untrained agent plays at random: about even against Random. After 8 games of
    # self-play it wins clearly more: its whole 95 % interval lies above the untrained one.
    assert after.interval[0] > before.interval[1], (before, after)
    assert evaluate(trained, RandomPlayer(), 40, seed=3) == after  # seeded, too


def test_a_record_counts_a_tie_as_half_a_win() -> None:
    record = Record(won=5, tied=2, lost=3)
    assert record.games == 10 and record.win_rate == 0.6
    low, high = record.interval
    assert low < 0.6 < high
