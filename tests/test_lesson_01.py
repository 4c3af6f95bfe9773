"""Lesson 01 (the rules, step by step): every answer its questions give is what the engine
does with the question's own table, and its boards are puzzles that keep.

Each test loads a shipped question by its id, rebuilds its table (``question.position``)
and checks the fact the right choice states: the cards of the deal, the legal cells, what a
card collects, the groups, who wins.
"""

from __future__ import annotations

import re

import pytest
from lesson_tables import NUMBER, open_every_reveal, right, run, table

from dweebies_widget import NAMES, Game, copies, grid
from dweebies_widget.cards import FULL_DECK
from dweebies_widget.lessons import lesson, question
from dweebies_widget.puzzles import Puzzle


def test_the_dots_count_every_card_of_a_dweebie() -> None:
    game = table("01.dots")
    waggo = NUMBER["Waggo"]
    on_table = list(game.board.values()).count(waggo)
    assert copies(waggo) == 3 and on_table == 1
    assert right("01.dots") == "Two" and copies(waggo) - on_table == 2


def test_ana_draws_the_eleventh_card_of_the_deck() -> None:
    q = question("01.deal")
    shown = re.search(r"top card first: (.*), and so on", q.prompt)
    assert shown is not None
    top = [NUMBER[n] for n in shown.group(1).split(", ")]
    rest = list(FULL_DECK)
    for d in top:
        rest.remove(d)
    game = Game(players=2, deck=top + rest)
    assert sorted(game.hand(0)) == sorted(top[:5]) and sorted(game.hand(1)) == sorted(top[5:10])
    before = sorted(game.hand(0))
    placed = game.hand(0)[0]
    game.play(placed, (0, 0))
    before.remove(placed)
    [drawn] = [d for d in set(game.hand(0)) if game.hand(0).count(d) > before.count(d)]
    assert drawn == top[10]
    assert right("01.deal") == f"The 11th card, {NAMES[drawn]}"
    for choice in q.choices:  # the cards the other choices name are what they say
        place = re.match(r"The (\d+)\w\w card, (\w+)", choice)
        if place:
            assert NAMES[top[int(place.group(1)) - 1]] == place.group(2)


def test_a_card_may_go_next_to_a_card_but_not_at_a_corner() -> None:
    game = table("01.where")
    legal = game.legal_cells()
    assert right("01.where") == str(len(legal)) == "7"
    corners = {
        (r + dr, c + dc)
        for r, c in game.board
        for dr in (-1, 1)
        for dc in (-1, 1)
        if (r + dr, c + dc) not in game.board
    } - legal
    assert len(corners) == 5 and len(legal) + len(corners) == 12
    assert "12" in question("01.where").choices
    assert legal == set(grid.frontier(game.board))


def test_a_card_next_to_its_twin_inside_a_longer_row_collects_nothing() -> None:
    game = table("01.twin")
    mumbo = NUMBER["Mumbo"]
    assert mumbo not in game.would_collect((0, 3))
    assert not game.play(mumbo, (0, 3)).taken
    assert right("01.twin") == "Nothing"


def test_a_collection_leaves_two_groups() -> None:
    game = table("01.split")
    assert not game.is_split
    result = game.play(NUMBER["Velvo"], (0, 2))
    assert len(result.taken) == 3
    assert len(game.groups) == 2 and right("01.split") == "Two"


def after_the_split() -> Game:
    game = table("01.split")
    game.play(NUMBER["Velvo"], (0, 2))
    return game


def test_the_quiet_question_starts_where_the_split_question_ends() -> None:
    game, quiet = after_the_split(), table("01.quiet")
    assert dict(game.board) == dict(quiet.board)
    assert [sorted(game.hand(s)) for s in (0, 1)] == [sorted(quiet.hand(s)) for s in (0, 1)]
    assert game.scores == quiet.scores and game.current_player == quiet.current_player == 1


def test_nothing_is_collected_while_the_table_stays_split() -> None:
    game = table("01.quiet")
    result = game.play(NUMBER["Mumbo"], (0, 1))
    assert not result.taken and game.is_split and game.bridge_cost == 1
    assert right("01.quiet") == "Nothing"


def test_the_split_board_is_a_where_puzzle_that_keeps() -> None:
    puzzle = Puzzle.make(after_the_split(), "where", dweebie=NUMBER["Mumbo"])
    assert puzzle.keep()
    assert puzzle.answer == {(-1, 1), (0, 0), (0, 1), (1, 0)}


def test_the_join_board_has_one_answer_and_a_tempting_wrong_move() -> None:
    game = table("01.quiet")
    game.play(NUMBER["Mumbo"], (0, 1))
    puzzle = Puzzle.make(game, "rejoin")
    xylo = NUMBER["Xylo"]
    assert puzzle.keep() and {(m.dweebie, m.cell) for m in puzzle.answer} == {(xylo, (-1, 1))}
    tempting = game.copy()
    assert len(tempting.play(xylo, (0, 0)).taken) == 2 and tempting.is_split
    joined = game.copy()
    assert len(joined.play(xylo, (-1, 1)).taken) == 3 and not joined.is_split


def test_ben_wins_the_ending_with_his_best_last_card() -> None:
    game = table("01.ending")
    assert game.pile_size == 0
    assert not game.play(NUMBER["Bloop"], (0, 2)).taken
    best = max(len(game.copy().play(m).taken) for m in game.legal_moves())
    game.play(NUMBER["Ugbug"], (0, 3))
    assert best == 4 and game.is_over
    assert game.scores == (3, 6) and game.winners == (1,) and right("01.ending") == "Ben"


@pytest.mark.parametrize("choice", range(4))
def test_only_the_cell_beside_a_card_is_legal(choice: int) -> None:
    game = table("01.corner")
    q = question("01.corner")
    found = re.match(r"\((-?\d+), (-?\d+)\)", q.choices[choice])
    assert found is not None
    cell = (int(found.group(1)), int(found.group(2)))
    assert game.is_legal(NUMBER["Kazoo"], cell) == (choice == q.answer)


def test_a_collected_line_is_the_whole_row() -> None:
    game = table("01.line")
    assert len(game.play(NUMBER["Rumpus"], (0, 3)).taken) == 4
    assert right("01.line").startswith("4")


def test_a_matching_pair_on_a_split_table_is_not_collected() -> None:
    game = table("01.bridge")
    assert game.is_split and len(game.groups) == 2 and game.bridge_cost == 2
    result = game.play(NUMBER["Mumbo"], (0, 1))
    assert not result.taken and game.is_split and game.bridge_cost == 1
    assert right("01.bridge") == "Nothing"


def test_the_game_goes_on_until_every_hand_is_empty() -> None:
    game = table("01.over")
    assert game.pile_size == 0 and not game.hand(0) and not game.is_over
    assert game.current_player == 1
    game.play(NUMBER["Kazoo"], (0, 1))
    assert game.is_over and right("01.over").startswith("No")


def test_the_exit_quiz_has_three_to_five_questions() -> None:
    quiz = lesson("01").exit_quiz
    assert 3 <= len(quiz) <= 5
    assert [q.id for q in quiz] == ["01.corner", "01.line", "01.bridge", "01.over"]


def test_every_reveal_opens_once_its_question_is_answered() -> None:
    namespace = run("01_rules.ipynb", stop="## Exit quiz")
    reveals = namespace["reveals"]
    assert len(reveals) == 10 and not any(cell.opened for cell in reveals)
    shown = open_every_reveal(namespace)
    assert all(cell.opened for cell in reveals)
    assert "Ana drew: Ugbug - the 11th card of the deck is Ugbug" in shown
    assert "Cells where Ana's Velvo may go: [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0)" in shown
    assert "Ana's Mumbo at (0, 3) would collect 0 cards: nothing" in shown
