"""Lesson 03, strategy (``notebooks/03_strategy.ipynb``, its questions in
``dweebies_widget/lessons/data/03.json``): every fact an answer states is the engine's.

Each question's table is rebuilt from the lesson data (``question(id).position``); the tables
of questions 03.count, 03.quiet and 03.split are real games between Greedy players, and the
test checks that they are, so that counting from the 54 cards (the method the lesson teaches)
gives exactly what the engine counts.  The puzzles the notebook picks from the shipped set
are checked to be of the kind, and to have the feature, its text says.  The notebook's code
cells are run once, here, to get its games and boards.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest
from lesson_notebook import (
    assert_opening_gives_the_minutes,
    cells,
    names,
    revealed,
    source,
    stored,
)
from lesson_tables import right, table

from dweebies_widget import NAMES, Game, Move, copies, name
from dweebies_widget.ai import GreedyPlayer, play_game
from dweebies_widget.cards import FULL_DECK
from dweebies_widget.grid import frontier
from dweebies_widget.lessons import lesson, question
from dweebies_widget.puzzles import Puzzle, PuzzleWidget, kinds, load

DOOZY, KAZOO, LOLLOP, MUMBO, NUBBIN, TIBBIT, VELVO, YUMPO, AROO = 3, 10, 11, 12, 13, 19, 21, 24, 0


def real_game(players: int, seed: int, turns: int) -> Game:
    """Game ``seed`` between Greedy players, as it was after ``turns`` turns."""
    played, _, _ = play_game([GreedyPlayer() for _ in range(players)], seed=seed)
    return played.after(turns)


def same_position(a: Game, b: Game) -> bool:
    hands = [sorted(a.hand(s)) for s in range(a.players)]
    return (
        dict(a.board) == dict(b.board)
        and hands == [sorted(b.hand(s)) for s in range(b.players)]
        and list(a.pile) == list(b.pile)
        and a.scores == b.scores
        and a.current_player == b.current_player
    )


@cache
def standard_set() -> tuple[Puzzle, ...]:
    """The shipped puzzles (the standard set), loaded once."""
    return tuple(load())


def counted_from_54(game: Game, seat: int) -> Counter[int]:
    """The lesson's method: every card of the game minus the table, the collected cards and
    the seat's hand."""
    left = Counter(FULL_DECK)
    left.subtract(game.board.values())
    for s in range(game.players):
        left.subtract(game.collected(s))
    left.subtract(game.hand(seat))
    return +left


# --------------------------------------------------------------------- the questions


def test_dots_a_one_dot_card_has_no_second_card_to_match() -> None:
    assert [d for d in (DOOZY, KAZOO, 20) if copies(d) == 1] == [DOOZY]
    with pytest.raises(ValueError, match="has only 1 copy"):
        Game.from_position(board={(0, 0): DOOZY}, hands=[[DOOZY], [KAZOO]])
    assert right("03.dots") == "The Doozy"


@pytest.mark.parametrize(
    ("qid", "players", "seed", "turns"),
    [("03.count", 3, 7, 24), ("03.quiet", 2, 31, 36), ("03.split", 2, 128, 18)],
)
def test_the_questions_tables_come_from_real_games(
    qid: str, players: int, seed: int, turns: int
) -> None:
    real = real_game(players, seed, turns)
    made = table(qid)
    assert same_position(real, made)
    # counting from the 54 cards gives exactly the engine's hidden cards, on the real game
    # and on the table the question draws
    assert counted_from_54(real, 0) == Counter(real.view(0).unseen) == Counter(made.view(0).unseen)


def test_count_no_tibbit_is_hidden() -> None:
    game = real_game(3, 7, 24)
    assert name(TIBBIT) == "Tibbit" and copies(TIBBIT) == 3
    assert Counter(game.board.values())[TIBBIT] == 1
    assert game.collected(1).count(TIBBIT) == 2  # "Ben collected the other two"
    assert right("03.count") == str(counted_from_54(game, 0)[TIBBIT]) == "0"


def test_quiet_only_the_nubbin_leaves_ben_nothing() -> None:
    game = real_game(2, 31, 36)
    view = game.view(0)
    outcomes = kinds.outcomes(view)
    assert not any(o.points for o in outcomes.values())  # "none of your cards collects"
    safe = {m.dweebie for m, o in outcomes.items() if not o.handed}
    unsafe = {m.dweebie for m, o in outcomes.items() if o.handed}
    assert safe == {NUBBIN} and unsafe == set(view.hand) - {NUBBIN}  # each card, every cell
    assert right("03.quiet") == "The Nubbin"
    hidden = counted_from_54(game, 0)
    # the explanation, fact by fact
    assert copies(NUBBIN) == 2 and NUBBIN in game.hand(0) and NUBBIN in game.collected(0)
    assert hidden[NUBBIN] == 0
    on_table = sorted(game.board.values())
    assert [name(d) for d in on_table] == ["Doozy", "Mumbo", "Tibbit", "Waggo"]
    assert copies(DOOZY) == 1
    for d in on_table:
        collected = game.collected(0).count(d) + game.collected(1).count(d)
        assert hidden[d] == 0 and collected == copies(d) - 1
    assert all(hidden[d] > 0 for d in set(game.hand(0)) - {NUBBIN})
    assert [
        n
        for n, d in zip(question("03.quiet").choices, [NUBBIN, 20, 25, 26], strict=False)
        if name(d) not in n
    ] == []
    assert 25 in game.hand(1)  # "Ben's real hand" holds a Zuzu the notebook shows


def test_split_after_the_split_the_next_player_cannot_collect() -> None:
    game = table("03.split")
    outcomes = kinds.outcomes(game.view(0))
    assert outcomes[Move(VELVO, (-3, 1))].points == outcomes[Move(VELVO, (0, -2))].points == 4
    assert not outcomes[Move(VELVO, (-3, 1))].split_after
    after = game.copy()
    after.play(VELVO, (0, -2))
    assert after.is_split and len(after.groups) == 2 and after.bridge_cost == 2
    assert after.legal_cells() <= after.link_cells
    assert len(after.legal_cells()) < len(frontier(after.board))
    # whatever Ben holds: no Dweebie collects on any cell where he may place
    assert all(not after.would_collect(cell) for cell in after.legal_cells())
    assert right("03.split").startswith("He must place on a shortest bridge, and he cannot")


# --------------------------------------------------------------------- the exit quiz


def test_the_exit_quiz_has_four_questions() -> None:
    ids = [q.id for q in lesson("03").exit_quiz]
    assert ids == ["03.exit_count", "03.exit_safe", "03.exit_endgame", "03.exit_split"]


def test_exit_count_two_lollops_seen_none_hidden() -> None:
    assert copies(LOLLOP) == 2
    rest = Counter(FULL_DECK)
    rest.subtract([LOLLOP, LOLLOP, MUMBO])
    game = Game.from_position(
        board={(0, 0): LOLLOP}, hands=[[LOLLOP, MUMBO], []], pile=sorted(rest.elements())
    )
    assert Counter(game.view(0).unseen)[LOLLOP] == 0
    assert right("03.exit_count") == "0"


def test_exit_safe_a_one_dot_card_cannot_be_matched_a_yumpo_can() -> None:
    assert copies(AROO) == 1 and copies(YUMPO) == 3
    game = Game.from_position(
        board={(0, 0): 5, (0, 1): 6}, hands=[[AROO, YUMPO], [YUMPO, 7]], pile=[YUMPO, 8]
    )
    outcomes = kinds.outcomes(game.view(0))
    assert not any(o.points for o in outcomes.values())  # "you cannot collect this turn"
    assert not any(o.handed for m, o in outcomes.items() if m.dweebie == AROO)
    assert any(dict(o.handed).get(YUMPO) for m, o in outcomes.items() if m.dweebie == YUMPO)
    assert right("03.exit_safe") == "The Aroo"


def test_exit_endgame_the_hidden_cards_are_the_opponents_hand() -> None:
    endgames = [p for p in standard_set() if p.kind == "endgame"]
    assert endgames
    for puzzle in endgames:
        view, game = puzzle.view, puzzle.game
        assert view.players == 2 and view.pile_size == 0
        assert sorted(view.unseen) == sorted(game.hand(1 - puzzle.seat))
    assert right("03.exit_endgame").startswith("Exactly the Kazoo")


def test_exit_split_one_card_cannot_collect_on_a_table_with_bridge_cost_3() -> None:
    game = Game.from_position(
        board={(0, 0): KAZOO, (0, 1): LOLLOP, (0, 5): MUMBO}, hands=[[KAZOO, LOLLOP, MUMBO], [5]]
    )
    assert game.is_split and game.bridge_cost == 3
    assert Move(KAZOO, (0, 2)) in game.legal_moves()  # the row would read Kazoo, Lollop, Kazoo
    for move in game.legal_moves():
        assert not game.would_collect(move.cell)
        after = game.copy()
        assert not after.play(move).taken and after.is_split and after.bridge_cost == 2
    assert right("03.exit_split").startswith("No: one card cannot join")


# --------------------------------------------------------------------- the notebook


def test_the_notebooks_games_are_the_questions_tables() -> None:
    ns = names("03")
    assert same_position(ns["game7"], table("03.count"))
    assert same_position(ns["quiet"], table("03.quiet"))
    assert same_position(ns["split"], table("03.split"))


def test_no_one_dot_card_ever_collected_in_the_notebooks_100_games() -> None:
    ns = names("03")
    placed, collected = ns["placed"], ns["collected"]
    assert placed[1] > 0 and collected[1] == 0
    assert collected[2] > 0 and collected[3] > 0


#: Each board of the notebook and what its text says of its puzzles.
BOARDS = {
    "dots_board": ({"haul"}, 2),
    "endgame_board": ({"endgame"}, 2),
    "safe_board": ({"safe"}, 2),
    "split_board": ({"rejoin", "where"}, 2),
    "more_board": ({"haul", "endgame", "safe", "rejoin", "where"}, 5),
}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_the_puzzles_it_picks_have_the_kind_and_feature_its_text_says(board: str) -> None:
    widget = names("03")[board]
    assert isinstance(widget, PuzzleWidget)
    puzzles = widget.puzzles
    shipped = {p.id for p in standard_set()}
    wanted, count = BOARDS[board]
    assert len(puzzles) == len({p.id for p in puzzles}) == count
    assert {p.kind for p in puzzles} == wanted
    for puzzle in puzzles:
        assert puzzle.id in shipped
        view = puzzle.view
        if puzzle.kind == "haul":  # "your hand holds at least one one-dot card"
            assert any(copies(d) == 1 for d in view.hand)
        if puzzle.kind == "endgame":  # "the draw pile is empty and there are two players"
            assert view.players == 2 and view.pile_size == 0
            assert len(view.unseen) == view.hand_sizes[1 - puzzle.seat] >= 2
        if puzzle.kind in ("rejoin", "where"):  # "the table is split"
            assert puzzle.game.is_split


def test_the_opening_gives_the_measured_minutes_and_an_extension() -> None:
    assert_opening_gives_the_minutes("03")


def test_dweebies_are_named_never_numbered() -> None:
    numbered = re.compile(r"\b(" + "|".join(NAMES) + r") \(\d+\)")
    for cell in cells("03"):
        assert not numbered.search(source(cell) + stored(cell))


def test_stored_questions_keep_every_answer_hidden() -> None:
    asked = [c for c in cells("03") if "ask(" in source(c)]
    assert len(asked) == 4
    for cell in asked:
        text = stored(cell)
        assert "[the answer is shown once you check yours]" in text
        assert "Right!" not in text and "Not quite" not in text


def test_what_the_reveals_print_is_what_the_answers_say() -> None:
    said = revealed("03")
    assert sorted(said) == ["count_shown", "dots_shown", "quiet_shown", "split_shown"]
    assert "Doozy: 1 dot(s), so 1 card(s) among the 54" in said["dots_shown"]
    assert re.search(
        r"cards with 1 dot\(s\): placed \d+ times, collected 0 times", said["dots_shown"]
    )
    assert (
        "Tibbit: 3 in the game - 1 on the table - 2 collected - 0 in your hand = 0; the game's own "
        "count of the cards hidden from you: 0" in said["count_shown"]
    )
    quiet = said["quiet_shown"]
    assert "Nubbin on any of its 9 cells: you collect 0; Ben could then collect nothing" in quiet
    for other in ("Ugbug", "Zuzu", "Chuffle"):
        assert re.search(
            rf"{other} on any of its 9 cells: you collect 0; Ben could then collect \d", quiet
        )
    assert "bridge cost: 2" in said["split_shown"]
    assert "moves that would collect: 0" in said["split_shown"]
