"""Lesson 00 (your first game): its exit quiz's answers are what the engine does with each
question's own table."""

from __future__ import annotations

from lesson_tables import NUMBER, right, table

from dweebies_widget import Game, grid
from dweebies_widget.lessons import lesson


def test_the_first_card_goes_in_the_centre() -> None:
    assert Game(players=2, seed=3).legal_cells() == {(0, 0)}
    emptied = Game.from_position(board={(0, 0): 9}, hands=[[9, 1], [2]])
    emptied.play(9, (0, 1))  # a pair of Jibbers: the table is empty again
    assert not emptied.board and emptied.legal_cells() == {(0, 0)}
    assert right("00.centre").endswith("(0, 0)")


def test_a_match_collects_the_whole_line_at_once() -> None:
    game = table("00.match")
    result = game.play(NUMBER["Zuzu"], (0, 2))
    assert sorted(result.taken) == [((0, 0), NUMBER["Zuzu"]), ((0, 1), NUMBER["Eeko"]),
                                    ((0, 2), NUMBER["Zuzu"])]
    assert not game.board and game.scores == (3, 0)
    assert right("00.match").startswith("She collects the whole row")


def test_on_a_split_table_a_card_goes_on_a_shortest_bridge() -> None:
    game = table("00.bridge")
    assert game.is_split and game.bridge_cost == 2
    legal = game.legal_cells()
    beside = set(grid.frontier(game.board))
    assert legal == {(0, 1), (0, 2)} and legal < beside and len(beside) == 8
    for cell in beside:
        after = game.copy()
        if cell in legal:
            after.play(NUMBER["Kazoo"], cell)
            assert after.bridge_cost == 1
        else:
            assert not game.is_legal(NUMBER["Kazoo"], cell)
    assert "shortest bridge" in right("00.bridge")


def test_the_lesson_ends_with_an_exit_quiz() -> None:
    assert [q.id for q in lesson("00").exit_quiz] == ["00.centre", "00.match", "00.bridge"]
