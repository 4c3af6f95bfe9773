"""Beliefs about hidden hands (dweebies_widget/ai/beliefs.py): consistent, deterministic,
fair, and moved the right way by a skipped collection."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import played

from dweebies_widget import Game, Rules
from dweebies_widget.ai import CautiousPlayer, ExpertPlayer, beliefs
from dweebies_widget.ai.beliefs import (
    PASS_PRIOR,
    BeliefModel,
    clue_factor,
    hold_chances,
    past_turns,
)


def positions() -> list[Game]:
    out = []
    for n, seed, plies in [(2, 1, 20), (3, 2, 25), (4, 3, 30), (6, 4, 12), (2, 5, 40)]:
        game = Game(players=n, seed=seed)
        rngs = [random.Random(s) for s in range(n)]
        player = CautiousPlayer()
        for _ in range(plies):
            if game.is_over:
                break
            seat = game.current_player
            game.play(player.choose(game.view(seat), rngs[seat]))
        out.append(game)
    return out


@pytest.mark.parametrize("game", positions(), ids=lambda g: f"{g.players}p")
def test_each_seat_expects_its_hand_size_and_no_more_copies_than_unseen(game: Game) -> None:
    view = game.view(game.current_player)
    unseen = Counter(view.unseen)
    held = beliefs(view, samples=300)
    assert set(held) == {s for s in range(game.players) if s != view.seat and view.hand_sizes[s]}
    for seat, copies in held.items():
        assert sum(copies.values()) == pytest.approx(view.hand_sizes[seat])
        for d, x in copies.items():
            assert 0.0 <= x <= unseen[d] + 1e-9
    for d in unseen:  # all hidden places together hold every unseen copy at most once
        assert sum(copies.get(d, 0.0) for copies in held.values()) <= unseen[d] + 1e-9


def test_beliefs_are_the_same_for_the_same_view() -> None:
    game = positions()[1]
    view = game.view(game.current_player)
    assert beliefs(view, samples=200) == beliefs(view, samples=200)


def test_twin_positions_give_the_same_beliefs() -> None:
    """Two games that differ only in cards seat 0 cannot see look the same to seat 0."""
    board = {(0, 0): 20, (0, 1): 21, (1, 1): 22}
    a = Game.from_position(board=board, hands=[[1, 2, 3], [4, 5, 6]], pile=[7, 8, 11, 9, 10])
    b = Game.from_position(board=board, hands=[[1, 2, 3], [4, 5, 9]], pile=[7, 8, 11, 10, 6])
    for game in (a, b):
        game.play(1, (0, 2))
        game.play(4, (0, -1))  # seat 1 holds a 4 in both
        game.play(2, (1, 0))
        game.play(5, (1, -1))  # and a 5
    assert a.current_player == 0 and a.view(0) == b.view(0)
    assert a.hand(1) != b.hand(1)
    assert beliefs(a.view(0), samples=300) == beliefs(b.view(0), samples=300)
    rng_a, rng_b = random.Random(3), random.Random(3)
    expert = ExpertPlayer(simulations=60)
    assert expert.choose(a.view(0), rng_a) == expert.choose(b.view(0), rng_b)


def skipped_collection() -> Game:
    """Seat 1 could collect three cards with a 20 (the line (0, 0)-(0, 1) of 20s) but
    plays another card that collects nothing."""
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 20},
        hands=[[3, 4, 5], [6, 7, 8]],
        pile=[9, 10, 11, 12, 13, 14, 20, 15],
        current_player=1,
    )
    game.play(6, (1, 0))
    return game


def test_a_skipped_collection_lowers_the_chance_of_holding_that_dweebie() -> None:
    game = skipped_collection()
    view = game.view(0)
    model = BeliefModel(view)
    assert model.informed
    assert model.weights[1][20] < 1.0
    assert all(w == 1.0 for d, w in model.weights[1].items() if d != 20)
    held = beliefs(view, samples=3000)[1]
    unseen = Counter(view.unseen)
    uniform = view.hand_sizes[1] * unseen[20] / sum(unseen.values())
    assert held[20] < 0.75 * uniform
    chances = hold_chances(view, samples=3000)[1]
    assert chances[20] < min(chances[d] for d in (9, 10, 11))


def test_a_card_drawn_since_weakens_the_clue() -> None:
    """A clue counts only for the cards already in the hand then: with k of h cards drawn
    since, the factor is k/h + (h - k)/h * clue_factor(gap, pass rate)."""
    prior = PASS_PRIOR[0] / sum(PASS_PRIOR)  # seat 1 has shown no habit yet
    f = clue_factor(3, prior)  # the 20s could have collected three cards
    for pile, expected in (([], f), ([9, 10, 11], 1 / 3 + 2 / 3 * f)):
        game = Game.from_position(
            board={(0, 0): 20, (0, 1): 20},
            hands=[[3, 4, 5], [6, 7, 20]],
            pile=pile,
            current_player=1,
        )
        game.play(6, (1, 0))
        (turn,) = past_turns(game.view(0))
        assert turn.drawn_since == (1 if pile else 0)
        assert BeliefModel(game.view(0)).weights[1][20] == pytest.approx(expected)


def test_a_seat_that_passes_its_own_collections_leaves_weak_clues() -> None:
    assert clue_factor(2, 0.0) < clue_factor(2, 0.5) < clue_factor(2, 0.9) < 1.0
    assert clue_factor(1, 0.0) > clue_factor(3, 0.0)  # a bigger gap is a stronger clue
    assert clue_factor(5, 1.0) == 1.0  # a seat that always passes says nothing


def test_pass_rates_come_from_the_seats_own_turns() -> None:
    """Seat 1 plays a 20 next to the line of 20s without taking it: a pass of its own card."""
    game = Game.from_position(
        board={(0, 0): 20, (0, 1): 20},
        hands=[[3, 4, 5], [20, 7, 8]],
        pile=[9, 10, 11, 12],
        current_player=1,
    )
    game.play(20, (1, 1))  # a 20 under the second 20: collects the column pair, not the row
    assert game.last_placement is not None and game.last_placement.points == 2
    model = BeliefModel(game.view(0))  # the row (0, 0)-(0, 2) would have given three
    prior = PASS_PRIOR[0] / sum(PASS_PRIOR)
    assert model.pass_rates[1] > prior
    game2 = Game.from_position(
        board={(0, 0): 20, (0, 1): 20},
        hands=[[3, 4, 5], [20, 7, 8]],
        pile=[9, 10, 11, 12],
        current_player=1,
    )
    game2.play(20, (0, 2))  # takes the biggest collection of its card
    assert BeliefModel(game2.view(0)).pass_rates[1] < prior


def test_the_same_line_passed_again_is_one_clue() -> None:
    game = skipped_collection()
    first = BeliefModel(game.view(0)).weights[1][20]
    game.play(3, (-1, 0))
    game.play(7, (2, 0))  # seat 1 passes the same line of 20s once more
    assert len(list(past_turns(game.view(0)))) == 2
    assert BeliefModel(game.view(0)).weights[1][20] == pytest.approx(first)


def test_without_clues_beliefs_are_the_fair_share() -> None:
    game = Game(players=3, seed=9)
    view = game.view(0)
    assert not BeliefModel(view).informed
    held = beliefs(view)
    unseen = Counter(view.unseen)
    for seat in (1, 2):
        for d, x in held[seat].items():
            assert x == pytest.approx(5 * unseen[d] / sum(unseen.values()))


def test_owed_draw_games_read_no_clues() -> None:
    game = played(Game(players=2, seed=3, rules=Rules(auto_draw=False)), 12, seed=3)
    assert not BeliefModel(game.view(game.current_player)).informed


def test_beliefs_move_the_right_way_after_a_skipped_collection_in_real_games() -> None:
    """Cautious players (who avoid opening lines) skip collections now and then; right
    after seat 1 skips one with Dweebie d, seat 0 believes it less likely to hold d."""
    checked = 0
    for seed in range(8):
        game = Game(players=2, seed=seed)
        rngs = [random.Random(seed), random.Random(seed + 100)]
        cautious = CautiousPlayer()
        while not game.is_over and checked < 12:
            seat = game.current_player
            skipped = {}
            if seat == 1:
                best = game.best_collections()
            move = cautious.choose(game.view(seat), rngs[seat])
            placement = game.play(move)
            if seat != 1 or game.is_over or game.current_player != 0:
                continue
            skipped = {
                d: n for d, n in best.items() if n > placement.points and d != move.dweebie
            }
            view = game.view(0)
            unseen = Counter(view.unseen)
            skipped = {d: n for d, n in skipped.items() if unseen[d]}
            if not skipped:
                continue
            held = beliefs(view, samples=400)[1]
            total = sum(unseen.values())
            for d in skipped:
                assert held[d] < view.hand_sizes[1] * unseen[d] / total, (seed, d)
            checked += 1
    assert checked >= 5
