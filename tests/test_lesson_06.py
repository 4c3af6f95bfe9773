"""Lesson 06 (puzzles): every board of its core is a good puzzle with exactly one right answer,
the proof shown below each board is the engine's, and its questions' answers are the
engine's facts about their tables.

The notebook's cells up to its puzzle set are run here, in order (they are quick), as a
kernel would run them, and every proof below a board is opened.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from lesson_tables import NUMBER, open_every_reveal, right, run, table

from dweebies_widget import NAMES
from dweebies_widget.lessons import lesson
from dweebies_widget.puzzles import Puzzle, PuzzleWidget, kinds
from dweebies_widget.puzzles.endgame import Prover


def core() -> dict[str, Any]:
    """The names the notebook's cells make, run in order up to the puzzle set."""
    return run("06_puzzles.ipynb", stop="## 3.")


def boards() -> dict[str, Puzzle]:
    found = {k: v for k, v in core().items() if isinstance(v, PuzzleWidget)}
    assert set(found) == {"haul_board", "join_board", "safe_board", "where_board", "endgame_board"}
    return {name: widget.puzzles[0] for name, widget in found.items()}


def test_every_board_is_a_good_puzzle_with_one_answer() -> None:
    for name, puzzle in boards().items():
        assert puzzle.kept and puzzle.keep() and puzzle.prove(), name
        assert puzzle.standard, name
        if puzzle.kind == "where":  # one answer: one set of cells
            assert puzzle.check(set(puzzle.answer)).correct
        else:
            assert len(puzzle.answer) == 1, (name, puzzle.answer)


def test_the_safe_and_endgame_boards_are_on_the_exit_quiz_tables() -> None:
    found = boards()
    assert dict(found["safe_board"].game.board) == dict(table("06.tempting").board)
    assert dict(found["endgame_board"].game.board) == dict(table("06.proven").board)


def test_each_proof_below_a_board_opens_and_names_the_answer() -> None:
    namespace = core()
    assert len(namespace["reveals"]) == 5
    assert not any(cell.opened for cell in namespace["reveals"])
    shown = open_every_reveal(namespace)
    assert all(cell.opened for cell in namespace["reveals"])
    for puzzle in boards().values():
        if puzzle.kind != "where":
            [move] = puzzle.answer
            assert f"{NAMES[move.dweebie]} at {move.cell}" in shown


def test_the_biggest_collection_is_the_long_row() -> None:
    game = table("06.biggest")
    sizes = {(m.dweebie, m.cell): len(game.copy().play(m).taken) for m in game.legal_moves()}
    best = max(sizes.values())
    assert [m for m, n in sizes.items() if n == best] == [(NUMBER["Zuzu"], (0, 4))]
    assert sizes[(NUMBER["Zuzu"], (1, 0))] == 2 and sizes[(NUMBER["Kazoo"], (-1, 3))] == 3
    assert sizes[(NUMBER["Kazoo"], (2, 3))] == 0
    assert right("06.biggest") == "Zuzu at (0, 4)"


def test_the_biggest_collection_on_the_safe_table_hands_over_a_waggo() -> None:
    game = table("06.tempting")
    puzzle = Puzzle.make(game, "safe")
    outcomes = kinds.outcomes(puzzle.view)
    velvo = next(o for m, o in outcomes.items() if (m.dweebie, m.cell) == (NUMBER["Velvo"], (1, 0)))
    assert velvo.points == 4 and not velvo.split_after
    assert NUMBER["Waggo"] in dict(velvo.handed) and NUMBER["Waggo"] in puzzle.view.unseen
    assert max(o.points for m, o in outcomes.items() if m in puzzle.answer) < 4
    assert right("06.tempting").startswith("After it, the next player could collect with a Waggo")


def test_in_an_endgame_the_hidden_cards_are_the_other_hand() -> None:
    game = table("06.proven")
    assert game.players == 2 and game.pile_size == 0
    assert Counter(game.view(0).unseen) == Counter(game.hand(1))
    prover = Prover(game, 0)
    winning = [m for m in game.legal_moves() if prover.margin(m) > 0]
    assert len(winning) == 1
    assert right("06.proven").startswith("The hidden cards are exactly the other player's hand")


def test_the_exit_quiz_has_three_to_five_questions() -> None:
    assert [q.id for q in lesson("06").exit_quiz] == ["06.biggest", "06.tempting", "06.proven"]
