"""Lesson 02, the tricky cases (``notebooks/02_edge_cases.ipynb``, its questions in
``dweebies_widget/lessons/data/02.json``): every fact an answer states is the engine's.

Each question's table is rebuilt from the lesson data (``question(id).position``) and the
move the question is about is played on it; the test checks what the right choice says (what
is collected, where a card may go, who wins...) and that the tempting wrong choices are wrong.
The notebook's boards (puzzles made on its own tables) are checked too: each passes its kind's
keep-condition and its goal's promise holds.
"""

from __future__ import annotations

import re

from lesson_notebook import assert_opening_gives_the_minutes, names, revealed
from lesson_tables import right, table

from dweebies_widget import Game, Move, Rules, name
from dweebies_widget.ai import GreedyPlayer, play_game
from dweebies_widget.cards import FULL_DECK
from dweebies_widget.lessons import lesson
from dweebies_widget.puzzles import PuzzleWidget

TIBBIT, YUMPO, UGBUG, JIBBER, KAZOO, LOLLOP, MUMBO = 19, 24, 20, 9, 10, 11, 12


def position_of(game: Game) -> tuple[dict[tuple[int, int], int], list[list[int]], list[int]]:
    return dict(game.board), [sorted(game.hand(s)) for s in range(game.players)], list(game.pile)


# --------------------------------------------------------------------- the core questions


def test_pair_a_line_of_two_is_collected_only_when_it_is_the_whole_line() -> None:
    game = table("02.pair")
    assert game.would_collect((0, -1)).get(TIBBIT) is None  # Tibbit, Tibbit, Doozy
    assert game.would_collect((-1, 0))[TIBBIT] == {(-1, 0), (0, 0)}
    assert right("02.pair").startswith("At (-1, 0)")


def test_middle_a_card_that_fills_a_gap_collects_nothing() -> None:
    game = table("02.middle")
    assert game.board[(0, -1)] == game.board[(0, 1)] == YUMPO
    assert not game.play(YUMPO, (0, 0)).taken
    assert right("02.middle") == "Nothing"


def test_leftover_only_the_card_just_placed_collects() -> None:
    game = table("02.leftover")
    taken = {cell for cell, _ in game.play(JIBBER, (2, 3)).taken}
    assert taken == {(0, 3), (1, 3), (2, 3)}  # the column Jibber, Gorp, Jibber
    row = [game.board[(0, c)] for c in range(3)]
    assert [name(d) for d in row] == ["Ugbug", "Fizzwig", "Ugbug"]
    assert right("02.leftover") == "It stays on the table"


def test_forced_a_match_is_always_collected() -> None:
    game = table("02.forced")
    assert len(game.groups) == 3
    assert game.legal_moves() == [Move(UGBUG, (0, 1))]  # "her only move"
    joined = Game.from_position(board={**game.board, (0, 1): UGBUG}, hands=[[], [6]])
    assert not joined.is_split  # "her card joins the three groups into one"
    taken = {cell for cell, _ in game.play(UGBUG, (0, 1)).taken}
    assert taken == {(0, 1), (1, 1)}  # the column of two Ugbugs
    assert right("02.forced") == "No: the match is collected"


def test_four_the_bridge_cost_of_four_cards_around_a_cell_is_five() -> None:
    game = table("02.four")
    assert len(game.groups) == 4 and game.bridge_cost == 5
    cross = [(2, 2), (1, 2), (3, 2), (2, 1), (2, 3)]
    filled = dict(zip(cross, [0, 5, 6, 7, 8], strict=True))  # five cards not on the table
    joined = Game.from_position(board={**game.board, **filled}, hands=[[], []])
    assert not joined.is_split  # the cross of 5 cards joins all four
    assert right("02.four") == "5"


def test_empty_after_an_emptying_collection_the_next_card_goes_in_the_centre() -> None:
    game = table("02.empty")
    taken = game.play(UGBUG, (3, 6)).taken
    assert len(taken) == 3 and not game.board
    assert game.current_player == 1 and game.legal_cells() == {(0, 0)}
    assert right("02.empty").startswith("Only in the centre")


def test_ends_split_the_game_ends_and_the_cards_left_belong_to_nobody() -> None:
    game = table("02.ends_split")
    assert game.pile_size == 0 and sum(game.hand_sizes) == 1
    scores = game.scores
    result = game.play(KAZOO, (-1, 0))
    assert game.is_over and game.is_split and game.board
    assert sum(game.scores) == sum(scores) + len(result.taken)  # nobody gets the rest
    assert right("02.ends_split").startswith("The game is over")


def test_ends_split_is_the_first_game_between_greedy_players_that_ends_split() -> None:
    for seed in range(100):
        final, _, _ = play_game([GreedyPlayer(), GreedyPlayer()], seed=seed)
        if final.is_split:
            break
    assert seed == 3  # the notebook names game 3
    last = final.after(len(final.history) - 1)
    assert position_of(last) == position_of(table("02.ends_split"))
    assert last.scores == table("02.ends_split").scores


def test_tie_players_sharing_the_most_cards_all_win() -> None:
    game = table("02.tie")
    assert game.scores == (3, 3, 1)
    assert not game.play(1, (0, 1)).taken
    assert game.is_over and game.winners == (0, 1)
    assert right("02.tie") == "Ana and Ben, together"


# --------------------------------------------------------------------- the extension


def test_big_split_leaves_four_groups() -> None:
    game = table("02.big_split")
    assert not game.is_split
    result = game.play(LOLLOP, (-6, 1))
    assert len(result.taken) == 5 and len(game.groups) == 4
    assert all(len(group) == 1 for group in game.groups)  # "each one is a group of its own"
    assert right("02.big_split") == "4"


def test_big_split_comes_from_game_12_between_greedy_players() -> None:
    played, _, _ = play_game([GreedyPlayer(), GreedyPlayer()], seed=12)
    before = played.after(39)
    assert played.history[39].move == Move(LOLLOP, (-6, 1))
    assert position_of(before) == position_of(table("02.big_split"))
    assert before.scores == table("02.big_split").scores


def test_short_owed_draws_are_taken_only_as_far_as_the_draw_pile_allows() -> None:
    game = table("02.short")
    assert game.rules == Rules(auto_draw=False)
    assert game.hand(0) == () and game.owed_draws(0) == 3 and game.pile_size == 2
    game.play(2, (0, 2))  # Ben plays without drawing
    assert game.current_player == 0 and len(game.hand(0)) == 2 and game.pile_size == 0
    assert game.owed_draws(0) == 1 and not game.may_draw(0)
    assert right("02.short").startswith("She takes the 2 cards")


def test_six_players_leave_24_cards_in_the_draw_pile() -> None:
    game = Game(players=6, seed=0)
    assert sum(game.hand_sizes) == 30 and game.pile_size == 24
    assert right("02.six") == "24"


# --------------------------------------------------------------------- the exit quiz


def test_the_exit_quiz_has_four_questions() -> None:
    ids = [q.id for q in lesson("02").exit_quiz]
    assert ids == ["02.exit_line", "02.exit_cells", "02.exit_split", "02.exit_tie"]


def test_exit_line_only_the_far_cell_collects() -> None:
    game = table("02.exit_line")
    assert game.current_player == 1 and MUMBO in game.hand(1)
    assert game.would_collect((-1, 0)).get(MUMBO) is None
    assert game.would_collect((0, -1)).get(MUMBO) is None
    assert game.would_collect((0, 2))[MUMBO] == {(0, 0), (0, 1), (0, 2)}
    assert right("02.exit_line").startswith("(0, 2)")


def test_exit_cells_four_cells_on_a_shortest_bridge_next_to_a_card() -> None:
    game = table("02.exit_cells")
    assert game.is_split and game.bridge_cost == 2
    assert game.legal_cells() == {(0, 1), (1, 0), (0, 2), (1, 1)}
    assert right("02.exit_cells") == str(len(game.legal_cells()))


def test_exit_split_nothing_is_collected_while_the_table_stays_split() -> None:
    game = table("02.exit_split")
    assert game.current_player == 1 and game.is_split and game.bridge_cost == 2
    row = [name(game.board[(0, c)]) for c in (0, 1)]
    assert row == ["Kazoo", "Lollop"]
    assert not game.play(KAZOO, (0, 2)).taken
    assert game.is_split and game.bridge_cost == 1
    assert right("02.exit_split") == "Nothing"


def test_exit_tie_the_last_collection_makes_a_tie() -> None:
    game = table("02.exit_tie")
    assert game.scores == (5, 7, 5) and game.current_player == 2 and game.pile_size == 0
    assert len(game.play(UGBUG, (0, 1)).taken) == 2
    assert game.is_over and game.scores == (5, 7, 7) and game.winners == (1, 2)
    assert right("02.exit_tie") == "Ben and Cleo, together"


# --------------------------------------------------------------------- the notebook


def boards() -> list[PuzzleWidget]:
    return [v for v in names("02").values() if isinstance(v, PuzzleWidget)]


def test_every_board_passes_its_kinds_keep_condition() -> None:
    found = boards()
    assert len(found) == 6
    for board in found:
        for puzzle in board.puzzles:
            assert puzzle.keep(), f"{puzzle.kind} board fails keep()"
            assert puzzle.prove()


def test_every_board_is_solved_by_its_answer_as_its_goal_says() -> None:
    for board in boards():
        for puzzle in board.puzzles:
            if puzzle.kind == "where":
                assert puzzle.answer == puzzle.game.legal_cells()
                assert puzzle.check(set(puzzle.answer)).correct
                continue
            (move,) = puzzle.answer  # "one right answer"
            assert puzzle.check(move).correct
            game = puzzle.game
            taken = game.play(move).taken
            if puzzle.kind == "haul":
                best = max(
                    len(puzzle.game.would_collect(m.cell).get(m.dweebie, ()))
                    for m in puzzle.game.legal_moves()
                )
                assert len(taken) == best
            if puzzle.kind == "rejoin":
                assert taken and not game.is_split


def test_the_opening_gives_the_measured_minutes_and_an_extension() -> None:
    assert_opening_gives_the_minutes("02")


def test_what_the_reveals_say_of_the_cells_is_the_engines() -> None:
    said = revealed("02")
    assert len(said) == 17  # one for each question (but the exit quiz's) and each board
    detour = names("02")["detour"]
    below = re.findall(r"\((-?\d+), (-?\d+)\) touches the (\w+) below it", said["detour_shown"])
    assert below
    for r, c, who in below:
        assert name(detour.board[(int(r) + 1, int(c))]) == who
    # "would collect" is said only of a card somebody holds, and named as theirs
    for text in said.values():
        for line in text.splitlines():
            if "would collect" in line:
                assert re.match(r"(Ana|Ben)'s \w+ at", line), line


def test_the_deal_for_five_and_six_players() -> None:
    text = revealed("02")["six_shown"]
    assert "5 players: draw pile 29 cards" in text and "6 players: draw pile 24 cards" in text
    six = Game(players=6, deck=list(FULL_DECK))
    for seat, who in enumerate(["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay"]):
        dealt = FULL_DECK[5 * seat : 5 * seat + 5]
        assert sorted(six.hand(seat)) == sorted(dealt)
        assert (
            f"{who} (cards {5 * seat + 1}-{5 * seat + 5}): " + ", ".join(map(name, dealt)) in text
        )
    assert six.pile[0] == FULL_DECK[30]
    assert f"card 31 of the deck, {name(FULL_DECK[30])}" in text
