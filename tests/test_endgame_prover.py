"""The endgame prover against a plain minimax: the same values, the same winning moves.

The minimax here is the textbook one: every legal move, to the end of the game, no table,
no pruning, no shortcut; the prover must agree with it on every position and every move.
"""

from __future__ import annotations

import random

import pytest

from dweebies_widget import Game, Move, Rules
from dweebies_widget.ai import GreedyPlayer, RandomPlayer
from dweebies_widget.puzzles.endgame import BudgetExceeded, NotAnEndgame, Prover


def minimax(game: Game, seat: int) -> int:
    """``seat``'s final lead under best play of both sides (plain, exhaustive)."""
    if game.is_over:
        scores = game.scores
        return scores[seat] - scores[1 - seat]
    values = []
    for move in game.legal_moves():
        game.push(move)
        values.append(minimax(game, seat))
        game.undo()
    return max(values) if game.current_player == seat else min(values)


def after(game: Game, move: Move, seat: int) -> int:
    game.push(move)
    try:
        return minimax(game, seat)
    finally:
        game.undo()


def random_endgame(rng: random.Random) -> Game:
    """A small two-player endgame with an empty pile: one or two groups of cards of a few
    Dweebies (so that lines match often) and one or two cards in each hand."""
    sizes = rng.choice([(1, 1), (1, 2), (2, 1), (2, 1), (1, 2), (2, 2)])
    cards = 3 if sizes == (2, 2) else rng.randint(3, 5)
    deck = [d for d in range(18, 24) for _ in range(3)]
    rng.shuffle(deck)
    cells = [(0, 0)]
    while len(cells) < cards:
        r, c = rng.choice(cells)
        dr, dc = rng.choice([(0, 1), (0, -1), (1, 0), (-1, 0)])
        if (r + dr, c + dc) not in cells:
            cells.append((r + dr, c + dc))
    if rng.random() < 0.3:  # a second group, two or three cells away
        r, c = max(cells)
        cells.append((r + rng.choice([2, 3]), c))
    board = {cell: deck.pop() for cell in cells}
    hands = [[deck.pop() for _ in range(n)] for n in sizes]
    return Game.from_position(
        board=board,
        hands=hands,
        scores=[rng.randint(0, 3), rng.randint(0, 3)],
        current_player=rng.randrange(2),
        rules=rng.choice([Rules(), Rules(), Rules(min_line=3), Rules(collect_on_reconnect=False)]),
    )


def check_against_minimax(game: Game) -> None:
    seat = game.current_player
    prover = Prover(game)
    lead = game.scores[seat] - game.scores[1 - seat]
    margins = {m: after(game, m, seat) for m in game.legal_moves()}
    assert lead + prover.value() == max(margins.values())
    assert {m: prover.margin(m) for m in margins} == margins
    assert prover.winning_moves() == frozenset(m for m, v in margins.items() if v > 0)
    for m, v in margins.items():
        assert prover.at_least(m, 0) == (v >= 0)
    best = max(margins, key=lambda m: (margins[m], m))
    line = prover.line(best)
    replay = game.copy()
    for m in line:
        replay.play(m)
    assert replay.is_over
    assert replay.scores[seat] - replay.scores[1 - seat] == margins[best]


@pytest.mark.parametrize("case", range(30))
def test_the_prover_agrees_with_minimax_on_small_random_endgames(case: int) -> None:
    check_against_minimax(random_endgame(random.Random(case)))


@pytest.mark.parametrize(("seed", "cards"), [(1, 2), (4, 2), (6, 3)])
def test_the_prover_agrees_with_minimax_on_endgames_of_real_play(seed: int, cards: int) -> None:
    game = Game(players=2, seed=seed)
    players = [GreedyPlayer(), RandomPlayer()]
    rng = random.Random(seed)
    while game.pile_size or sum(game.hand_sizes) > cards:
        game.play(players[game.current_player].choose(game.view(game.current_player), rng))
    check_against_minimax(game)


def test_the_prover_takes_only_two_player_endgames_with_an_empty_pile() -> None:
    with pytest.raises(NotAnEndgame, match="two players"):
        Prover(Game(players=3, seed=1))
    with pytest.raises(NotAnEndgame, match="empty pile"):
        Prover(Game(players=2, seed=1))


def test_a_budget_stops_a_long_search() -> None:
    game = Game(players=2, seed=2)
    players = [GreedyPlayer(), GreedyPlayer()]
    rng = random.Random(0)
    while game.pile_size:
        game.play(players[game.current_player].choose(game.view(game.current_player), rng))
    with pytest.raises(BudgetExceeded):
        Prover(game, budget=50).winning_moves()
