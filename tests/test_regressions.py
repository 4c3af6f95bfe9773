"""Bugs found in review, each pinned by a test named after the rule it protects."""

from __future__ import annotations

import json
import random

import pytest

from dweebies_widget import Game, IllegalMoveError, Rules, SaveError, grid
from dweebies_widget.game import MAX_POSITION_GROUPS


def test_bridge_cells_reached_through_a_third_group_are_links() -> None:
    # A pruning rule once assumed two paths into a cell never share cells; they can.
    cost, links = grid.bridge({(0, 0), (0, 2), (3, 1)}, grid.groups({(0, 0), (0, 2), (3, 1)}))
    assert cost == 3
    assert (2, 1) in links
    board = {(0, 0), (0, 4), (1, 3), (2, 0)}
    assert grid.bridge(board, grid.groups(board))[0] == 4


def test_legal_cell_on_a_link_through_a_third_group_is_accepted() -> None:
    board = {(0, 0): 0, (0, 1): 1, (1, 1): 2, (0, 5): 3, (1, 5): 4, (4, 1): 5, (4, 2): 6}
    game = Game.from_position(board=board, hands=[[7], [8]], pile=[9])
    assert game.bridge_cost == 5
    assert {(0, 4), (1, 4), (3, 1), (3, 2)} <= game.legal_cells()
    game.play(7, (0, 4))
    assert game.bridge_cost == 4


def test_would_collect_after_the_end_names_the_end_of_game_rule() -> None:
    game = Game.from_position(board={(0, 0): 1}, hands=[[2], []], pile=[])
    game.play(2, (0, 1))
    assert game.is_over
    with pytest.raises(IllegalMoveError, match="section 9"):
        game.would_collect((0, 2))


@pytest.mark.parametrize("far", [10**6, 10**15, 10**30])
def test_position_spanning_more_than_a_deck_is_refused(far: int) -> None:
    with pytest.raises(ValueError, match="span"):
        Game.from_position(board={(0, 0): 1, (far, 0): 2}, hands=[[3], [4]])
    save = json.loads(Game.from_position(board={(0, 0): 1, (0, 2): 2}, hands=[[3], [4]]).to_json())
    save["start"]["board"][1][0] = save["state"]["board"][1][0] = far
    with pytest.raises(SaveError):
        Game.from_json(json.dumps(save))


def test_position_with_too_many_groups_is_refused() -> None:
    board = {(3 * i, 0): i for i in range(MAX_POSITION_GROUPS + 1)}
    with pytest.raises(ValueError, match="groups"):
        Game.from_position(board=board, hands=[[20], [21]])


def test_save_with_a_duplicate_key_is_refused() -> None:
    text = Game(players=2, seed=7).to_json()
    with pytest.raises(SaveError, match="twice"):
        Game.from_json('{"version": 99, ' + text[1:])


def test_guessed_games_save_and_load_exactly() -> None:
    game = Game(players=2, seed=7)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    for guess in (game.determinize(0, random.Random(1)), game.view(0).sample(random.Random(1))):
        assert guess.seed is None
        assert Game.from_json(guess.to_json()) == guess


def test_first_player_option_does_not_limit_positions() -> None:
    game = Game.from_position(board={}, hands=[[1], [2]], rules=Rules(first_player=4))
    assert game.current_player == 0


def test_a_table_split_in_play_into_many_groups_can_still_be_viewed() -> None:
    # One collection can leave more groups than a made-up position may have; the view of
    # such a game (what the AI players and the OpenSpiel adapter build on) must still work.
    ids = iter([1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15])
    board = {(0, 0): 20}
    board.update({(0, c): next(ids) for c in range(1, 12)})
    for c in (1, 3, 5, 7, 9):
        board[(-1, c)], board[(1, c)] = next(ids), next(ids)
    board[(-1, 11)] = next(ids)
    game = Game.from_position(board=board, hands=[[20], [23]], pile=[24, 25, 26, 26])
    game.play(20, (0, 12))
    assert len(game.groups) == MAX_POSITION_GROUPS + 1
    with pytest.raises(ValueError, match="groups"):
        Game.from_position(board=game.board, hands=game.hands, pile=game.pile)
    public = game.view(1).public_game()
    assert public.board == game.board and public.legal_cells() == game.legal_cells()
