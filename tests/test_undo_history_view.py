"""Undo, history and the last move (api.md: "add what users would expect: undo, history").

``undo`` must restore the exact previous state, including the draw pile (the drawn card goes
back on top), collections and scores, owed draws and automatic draws.
"""

from __future__ import annotations

import random

import pytest

from dweebies_widget import Draw, Game, IllegalMoveError, Move, Placement, Rules, name


def test_undo_puts_the_drawn_card_back_on_top_of_the_pile() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4]],
        pile=[5, 6, 7],
        scores=[0, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    before = game.state()
    game.play(2, (0, 1))
    assert game.hand(0) == (3, 5)
    assert game.undo() == Move(2, (0, 1))
    assert game.pile == (5, 6, 7)
    assert game.hand(0) == (2, 3)
    assert game.state() == before
    # Playing again draws the same card.
    game.play(3, (1, 0))
    assert game.hand(0) == (2, 5)


def test_undo_across_a_collection_restores_cells_and_scores() -> None:
    board = {(0, 0): 22, (0, 1): 5, (1, 1): 7, (1, 2): 6, (2, 2): 22}
    game = Game.from_position(
        board=board,
        hands=[[22], [8]],
        pile=[9],
        scores=[1, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    before = game.state()
    result = game.play(22, (0, 2))
    assert result.points == 5 and game.scores == (6, 0)
    game.undo()
    assert dict(game.board) == board
    assert game.scores == (1, 0)
    assert game.collected(0) == ()
    assert game.current_player == 0
    assert (
        game.legal_cells()
        == Game.from_position(board=board, hands=[[22], [8]], pile=[9], scores=[1, 0]).legal_cells()
    )
    assert game.state() == before


def test_undo_of_a_collection_that_split_the_table_restores_the_joined_table() -> None:
    game = Game.from_position(
        board={(-1, 0): 10, (0, 0): 21, (0, 1): 11, (1, 1): 12},
        hands=[[21], [1, 2]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    legal = game.legal_cells()
    game.play(21, (0, 2))
    assert game.is_split
    game.undo()
    assert not game.is_split
    assert game.bridge_cost == 0
    assert game.legal_cells() == legal


def test_undo_of_a_placement_on_a_split_table_restores_the_bridge() -> None:
    game = Game.from_position(
        board={(0, 0): 1, (0, 4): 2},
        hands=[[3], [4]],
        pile=[],
        scores=[0, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    game.play(3, (0, 1))
    assert game.bridge_cost == 2
    game.undo()
    assert game.bridge_cost == 3
    assert game.legal_cells() == {(0, 1), (0, 3)}


def test_undo_of_an_owed_draw() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=Rules(auto_draw=False),
        owed=[0, 0],
    )
    game.play(2, (0, 1))
    before = game.state()
    assert game.draw(0) == 6
    assert game.undo() is None
    assert game.owed_draws(0) == 1
    assert game.pile == (6, 7)
    assert game.hand(0) == (3,)
    assert game.state() == before
    # Undo again: the placement, which also removes the debt.
    assert game.undo() == Move(2, (0, 1))
    assert game.owed_draws(0) == 0


def test_undo_after_automatic_draws_of_a_player_with_an_empty_hand() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2, 3]],
        pile=[4, 5, 6],
        scores=[0, 0],
        current_player=0,
        rules=Rules(auto_draw=False),
        owed=[1, 0],
    )
    game.play(1, (0, 1))
    before = game.state()
    game.play(2, (0, 2))  # seat 0 then takes its two owed draws automatically
    assert game.hand(0) == (4, 5)
    game.undo()
    assert game.state() == before
    assert game.hand(0) == ()
    assert game.owed_draws(0) == 2
    assert game.pile == (4, 5, 6)
    assert game.current_player == 1


def test_undo_everything_returns_to_the_start() -> None:
    game = Game(players=3, seed=8)
    start = game.copy()
    rng = random.Random(8)
    for _ in range(30):
        legal = game.legal_moves()
        game.play(legal[rng.randrange(len(legal))])
    while game.history:
        game.undo()
    assert game == start
    with pytest.raises(IllegalMoveError):
        game.undo()


def test_history_lists_placements_and_draws() -> None:
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[20, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=Rules(auto_draw=False),
        owed=[0, 0],
    )
    assert not game.history
    game.play(20, (0, 1))
    game.draw(0)
    game.play(4, (0, 0))
    history = game.history
    assert [type(h) for h in history] == [Placement, Draw, Placement]
    first, draw, second = history
    assert isinstance(first, Placement) and isinstance(second, Placement)
    assert first.seat == 0 and first.move == Move(20, (0, 1))
    assert first.taken == (((0, 0), 20), ((0, 1), 20))
    assert first.collected == {(0, 0), (0, 1)} and first.points == 2
    assert not first.drew
    assert draw == Draw(0)
    assert second.seat == 1 and second.move == Move(4, (0, 0)) and second.taken == ()


def test_history_records_whether_the_mover_drew() -> None:
    game = Game.from_position(
        board={(0, 0): 9},
        hands=[[1], [2]],
        pile=[3],
        scores=[0, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    game.play(1, (0, 1))
    game.play(2, (0, 2))
    drew = [h.drew for h in game.history if isinstance(h, Placement)]
    assert drew == [True, False]


def test_history_does_not_show_drawn_cards() -> None:
    # Two games that differ only in the order of the pile draw different cards, but their
    # public histories are the same (rules section 7).
    def game(pile: list[int]) -> Game:
        return Game.from_position(
            board={(0, 0): 1},
            hands=[[2], [3]],
            pile=pile,
            scores=[0, 0],
            current_player=0,
            rules=Rules(),
            owed=[0, 0],
        )

    a, b = game([4, 5]), game([5, 4])
    a.play(2, (0, 1))
    b.play(2, (0, 1))
    assert a.hand(0) != b.hand(0)
    assert a.history == b.history
    assert a.view(1).history == b.view(1).history


def test_placement_describe_names_the_card_the_cell_and_the_collection() -> None:
    game = Game.from_position(
        board={(0, 0): 20},
        hands=[[20, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=Rules(),
        owed=[0, 0],
    )
    first = game.play(20, (0, 1))
    second = game.play(4, (0, 0))
    text = first.describe()
    assert "Seat 0" in text
    assert name(20) in text and "(0, 1)" in text
    assert "collected 2 cards" in text
    assert "drew" in text
    assert first.describe(["Ana", "Ben"]).startswith("Ana ")
    other = second.describe(["Ana", "Ben"])
    assert other.startswith("Ben ") and name(4) in other and "collected" not in other
    assert str(first) == first.describe()


def test_draw_describe_names_the_seat() -> None:
    assert "Seat 1" in Draw(1).describe()
    assert "draw" in Draw(1).describe()
    assert Draw(1).describe(["Ana", "Ben"]).startswith("Ben")
    assert str(Draw(0)) == Draw(0).describe()


def test_last_move_is_the_most_recent_placement() -> None:
    game = Game.from_position(
        board={(0, 0): 1},
        hands=[[2, 3], [4, 5]],
        pile=[6, 7],
        scores=[0, 0],
        current_player=0,
        rules=Rules(auto_draw=False),
        owed=[0, 0],
    )
    assert game.last_move is None
    game.play(2, (0, 1))
    assert game.last_move == Move(2, (0, 1))
    game.draw(0)  # a draw is not a move
    assert game.last_move == Move(2, (0, 1))
    game.play(5, (1, 0))
    assert game.last_move == Move(5, (1, 0))
    game.undo()
    assert game.last_move == Move(2, (0, 1))


def test_view_history_is_the_public_history() -> None:
    game = Game(players=3, seed=2)
    for _ in range(5):
        game.play(game.legal_moves()[-1])
    for seat in range(3):
        assert game.view(seat).history == game.history


def test_copy_is_independent_and_keeps_the_undo_history() -> None:
    game = Game(players=2, seed=5)
    game.play(game.legal_moves()[0])
    twin = game.copy()
    assert twin == game
    twin.play(twin.legal_moves()[0])
    assert twin != game
    twin.undo()
    assert twin == game
    twin.undo()
    game.undo()
    assert twin == game == Game(players=2, seed=5)


def _replayed(game: Game, actions: int) -> Game:
    """``history[:actions]`` replayed from ``game.start``, move by move through the rules."""
    replay = game.start.to_game(game.rules)
    for action in game.history[:actions]:
        if isinstance(action, Draw):
            replay.draw(action.seat)
        else:
            replay.play(action.move)
    return replay


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [(2, Rules(), 3), (3, Rules(auto_draw=False), 5), (4, Rules(min_line=3), 8)],
)
def test_after_k_actions_equals_replaying_the_history_prefix(
    players: int, rules: Rules, seed: int
) -> None:
    game = Game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over:
        game.play_random(rng)
        for s in range(players):  # take some owed draws, leave others owed for a while
            if game.may_draw(s) and rng.random() < 0.5:
                game.draw(s)
    assert any(isinstance(a, Draw) for a in game.history) == (not rules.auto_draw)
    whole = game.state()
    for k in range(len(game.history) + 1):
        before = game.after(k)
        assert before == _replayed(game, k) and before.history == game.history[:k]
        assert before.seed == game.seed
    assert game.state() == whole  # the game itself is unchanged
    branch = game.after(10)
    branch.play_random(rng)
    assert game.state() == whole  # and independent of what the copy does


@pytest.mark.parametrize("bad", [-1, 3, 1.0, True])
def test_after_refuses_counts_outside_the_history(bad: object) -> None:
    game = Game(2, seed=1)
    game.play_random(random.Random(0))
    game.play_random(random.Random(0))
    with pytest.raises(ValueError, match="from 0 to 2"):
        game.after(bad)  # type: ignore[arg-type]
