"""The puzzle widget and the question widget, headless.

The puzzle controller is driven synchronously (plain method calls at the pixels its own
geometry gives, timed jobs on a :class:`ManualClock`); the widgets themselves get canvas
events and button clicks as from a browser (:mod:`widget_events`).  Small positions built
with ``Game.from_position`` keep every puzzle fast to make; a shipped puzzle of each kind is
solved too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import PUZZLE_GAMES as GAMES
from widget_events import click, click_cell, click_hand, key, recording, tap_cell, tap_hand

from dweebies_widget import Move
from dweebies_widget.grid import Cell
from dweebies_widget.lessons import Question, QuestionWidget, results
from dweebies_widget.puzzles import KINDS, Puzzle, PuzzleWidget
from dweebies_widget.widget.compat import deliver_event
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.puzzle import State
from dweebies_widget.widget.puzzle_paint import paint_overlay
from dweebies_widget.widget.puzzle_set import (
    BANDS,
    POINTS,
    PuzzleController,
    band,
    easy_to_hard,
    shipped,
)
from dweebies_widget.widget.session import Change
from dweebies_widget.widget.timing import ManualClock

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------- positions


@pytest.fixture(scope="module")
def made() -> dict[str, Puzzle]:
    return {kind: Puzzle.make(make(), kind, check_keep=False) for kind, make in GAMES.items()}


class Screen:
    """A puzzle controller on a pretend screen, with a manual clock and a record of what it
    asked to show."""

    def __init__(self, puzzles: Any = None, **options: Any) -> None:
        self.clock = ManualClock()
        self.changes: list[Change] = []
        self.c = PuzzleController(
            puzzles, scheduler=self.clock, on_change=self.changes.append, **options
        )

    @property
    def board(self) -> Any:
        return self.c.board

    def click_hand(self, index: int) -> None:
        self.c.click(*self.c.geometry.hand_center(index))
        self.c.release(*self.c.geometry.hand_center(index))

    def click_cell(self, cell: Cell) -> None:
        self.c.click(*self.c.geometry.cell_center(cell))
        self.c.release(*self.c.geometry.cell_center(cell))

    def tap(self, x: float, y: float) -> None:
        self.c.touch_start([(x, y)])
        self.c.touch_end([])

    def tap_cell(self, cell: Cell) -> None:
        self.tap(*self.c.geometry.cell_center(cell))

    def tap_hand(self, index: int) -> None:
        self.tap(*self.c.geometry.hand_center(index))

    def answer(self, move: Move) -> None:
        """Click the card of ``move`` in the hand (unless it is picked), then its cell."""
        index = list(self.c.scene.hand).index(move.dweebie)
        if self.board.selected != index:
            self.click_hand(index)
        self.click_cell(move.cell)

    def wrong_move(self) -> Move:
        p = self.c.puzzle
        return next(m for m in p.view.legal_moves() if m not in p.answer)


def one(puzzle: Puzzle) -> Screen:
    return Screen([puzzle])


# ---------------------------------------------------------------------------- solving
@pytest.mark.parametrize("kind", ["haul", "rejoin", "safe"])
def test_a_move_puzzle_is_solved_by_a_click_on_a_card_and_a_cell(
    made: dict[str, Puzzle], kind: str
) -> None:
    s = one(made[kind])
    move = min(made[kind].answer)
    s.answer(move)
    c = s.c
    assert s.board.state is State.SOLVED
    assert c.message == made[kind].check(move).message and c.message.startswith("Right!")
    assert c.overlay().callout is not None and c.overlay().callout.tone == "right"
    assert c.status_lines()[0].startswith("Solved!")
    assert c.solved == [made[kind].id] and c.attempts == {made[kind].id: 1}
    assert c.score == POINTS and c.streak == 1
    # The collected cells flash on the board, then leave it.
    collected = made[kind].check(move).collected
    assert {cell for cell, _ in c.scene.flash} == collected
    s.clock.advance(5)
    assert c.scene.flash == () and collected <= c.scene.taken | {move.cell}
    # Solved: a click on the table says so and changes nothing.
    history = c.board.game.history
    s.click_hand(0)
    assert c.board.game.history == history and "Solved" in c.message


def test_an_endgame_is_proven_move_by_move_after_the_right_answer(
    made: dict[str, Puzzle],
) -> None:
    p = made["endgame"]
    s = one(p)
    c = s.c
    assert "your opponent's hand: Jibber" in c.status_text()
    (move,) = p.answer
    s.answer(move)
    line = p.line
    assert len(line) == 3 and c.board.state is State.PROOF
    assert "Right!" in c.message and "ahead" in c.message
    seen = []
    for _ in range(len(line) - 1):
        s.clock.run_next()
        seen.append(c.overlay().callout.text)  # type: ignore[union-attr]
        assert c.board.state is State.PROOF
    assert seen[0].startswith("Proof, move 2 of 3: Opponent placed Jibber")
    assert seen[1].startswith("Proof, move 3 of 3: You placed")
    assert [a.move for a in c.board.game.history] == list(line)
    s.clock.run_next()
    assert c.board.state is State.SOLVED and s.clock.pending == 0
    assert c.message.startswith("Proof done: the game ends")
    assert c.scene.banner == ()  # the play widget's "game over" banner is not shown
    assert c.solved == [p.id]


def test_a_where_puzzle_takes_marks_then_check(made: dict[str, Puzzle]) -> None:
    p = made["where"]
    s = one(p)
    c = s.c
    assert c.controls().where and not c.controls().check
    # Nothing gives the answer away: no lit cells, no shortest-bridge marks, no words.
    assert c.scene.lit == frozenset() and c.scene.links == frozenset()
    assert "shortest bridge" not in c.describe() and "(0, 1)" not in c.describe()
    assert c.check() is None and "Mark a cell first" in c.message
    s.click_cell((0, 1))  # a mouse click marks
    s.tap_cell((1, 0))  # so does a tap
    assert c.board.marks == {(0, 1), (1, 0)}
    s.click_cell((1, 0))  # again: unmarked
    assert c.board.marks == {(0, 1)}
    s.click_cell((0, 0))  # a card: refused
    assert c.board.marks == {(0, 1)} and "holds a card" in c.message
    s.click_hand(1)  # the hand: nothing to pick here
    assert "no card is placed" in c.message and c.board.selected is None
    assert c.controls().check
    verdict = c.check()
    assert verdict is not None and not verdict.correct
    assert c.message == p.check({(0, 1)}).message
    assert c.board.marks == {(0, 1)}  # a wrong Check keeps the marks, to be changed
    assert c.board.state is State.SOLVING
    for cell in sorted(p.answer - c.board.marks):
        s.click_cell(cell)
    verdict = c.check()
    assert verdict is not None and verdict.correct
    assert c.board.state is State.SOLVED and c.scene.lit == p.answer
    assert c.attempts == {p.id: 2} and c.score == POINTS - 1
    assert "(0, 1), (0, 2)" in c.describe()  # once solved, the answer is said


def test_enter_marks_the_cell_under_the_cursor(made: dict[str, Puzzle]) -> None:
    s = one(made["where"])
    c = s.c
    c.key("ArrowRight")  # the cursor starts on a card (never on a cell of the answer)
    assert c.board.cursor == (0, 1)
    cell = (0, 1)
    c.key("Enter")
    assert c.board.marks == {cell}
    assert f"Cursor: {cell}, empty, marked" in c.describe()
    c.key("Enter")
    assert c.board.marks == frozenset()


@pytest.mark.parametrize("kind", KINDS)
def test_a_shipped_puzzle_of_each_kind_is_solved(kind: str) -> None:
    s = Screen(kind=kind)
    p = s.c.puzzle
    assert p.kind == kind and p.rating == min(q.rating for q in shipped() if q.kind == kind)
    if kind == "where":
        for cell in p.answer:
            s.click_cell(cell) if s.c.geometry.visible(cell) else s.c.board.mark(cell)
        assert s.c.check().correct  # type: ignore[union-attr]
    else:
        move = min(p.answer)
        s.c.board.select(list(s.c.scene.hand).index(move.dweebie))
        s.c.board.place(move.cell)
    s.clock.run_all()
    assert s.c.board.state is State.SOLVED and s.c.solved == [p.id]


# ---------------------------------------------------------------------------- wrong, then retry
def test_a_wrong_answer_is_told_then_the_position_goes_back(made: dict[str, Puzzle]) -> None:
    p = made["haul"]
    s = one(p)
    c = s.c
    start = c.board.game.state()
    s.answer(Move(20, (1, 0)))
    assert c.board.state is State.WRONG
    assert c.message == (
        "Not quite: Ugbug at (1, 0) collects 2 cards; the best move collects 3."
    )
    assert c.overlay().callout.tone == "wrong"  # type: ignore[union-attr]
    assert (1, 0) in c.board.game.board or c.scene.flash  # the move is shown for a moment
    assert c.streak == 0 and c.attempts == {p.id: 1} and c.solved == []
    s.clock.advance(c.board.reset_delay)
    assert c.board.state is State.SOLVING
    assert c.board.game.state() == start  # the position is reset
    assert c.message.startswith("Not quite")  # the message stays while the student retries
    assert "back at the start" in c.announcement
    s.answer(Move(20, (0, 2)))
    assert c.board.state is State.SOLVED
    assert c.attempts == {p.id: 2} and c.score == POINTS - 1 and c.streak == 0
    assert c.results()[0]["wrong"] == 1 and not c.results()[0]["first_try"]


def test_a_safe_puzzle_names_the_next_player_as_the_board_does(
    made: dict[str, Puzzle],
) -> None:
    s = one(made["safe"])
    s.answer(Move(21, (0, -1)))  # the biggest collection, but it leaves Waggo alone
    assert "(seat 1)" in made["safe"].check(Move(21, (0, -1))).message
    assert s.c.message == (
        "Not quite: Velvo at (0, -1) collects 4 cards, but it hands the next player "
        "(Opponent) a collection of 2 cards with Waggo: 1 of its 3 cards is hidden from you."
    )


def test_acting_takes_a_wrong_move_back_at_once(made: dict[str, Puzzle]) -> None:
    s = one(made["haul"])
    c = s.c
    s.answer(Move(3, (0, 2)))
    assert c.board.state is State.WRONG
    s.click_cell((3, 3))  # no waiting: a click anywhere takes the move back
    assert c.board.state is State.SOLVING and len(c.board.game.history) == 0
    assert c.overlay().callout is not None  # the verdict stays until the next try
    c.key("2")  # and a key does too, then does what it does
    s.answer(Move(3, (0, 2)))
    c.key("2")
    assert c.board.state is State.SOLVING and c.board.selected == 1
    assert c.overlay().callout is None  # a new try: the old verdict leaves the board
    s.click_cell((0, 2))
    assert c.board.state is State.SOLVED


def test_an_illegal_cell_is_refused_as_in_play_and_is_no_attempt(
    made: dict[str, Puzzle],
) -> None:
    s = one(made["haul"])
    c = s.c
    s.click_hand(1)
    s.click_cell((-1, -1))  # corner to corner only
    assert c.attempts == {} and c.board.state is State.SOLVING
    assert "doesn't touch a card" in c.message


def test_previews_show_where_not_what(made: dict[str, Puzzle]) -> None:
    s = one(made["haul"])
    c = s.c
    s.click_hand(1)
    c.pointer_move(*c.geometry.cell_center((0, 2)))
    assert c.scene.preview == ((0, 2), 20, frozenset())
    assert "collect" not in c.status_text() and "collects" not in c.describe()
    s.tap_hand(1)
    s.tap_hand(1)  # picked again by touch
    s.tap_cell((0, 2))
    assert c.status_lines()[0] == "Tap (0, 2) again to place Ugbug there."
    assert c.board.state is State.SOLVING
    s.tap_cell((0, 2))
    assert c.board.state is State.SOLVED


# ---------------------------------------------------------------------------- hints
def test_hints_give_the_card_then_the_area(made: dict[str, Puzzle]) -> None:
    p = made["haul"]
    s = one(p)
    c = s.c
    first = c.hint()
    assert first == p.hint(0) and c.message == "Hint: Use Ugbug."
    assert c.board.selected == 1 and c.overlay().hint_card == 1  # picked and outlined
    assert c.overlay().hint_area == frozenset()
    assert c.controls().hint
    second = c.hint()
    assert second == p.hint(1) and c.message == "Hint: Look at the top right of the table."
    assert c.overlay().hint_area == p.hint(1).area
    assert "Hint area: rows -1 to 1, columns 1 to 3" in c.describe()
    assert not c.controls().hint
    c.hint()  # once more: the last hint again, not counted again
    assert [e for e in c.log_entries() if "hint" in e] == [
        "Puzzle 1 (haul): hint 2: Look at the top right of the table.",
        "Puzzle 1 (haul): hint 1: Use Ugbug.",
    ]
    s.click_cell((0, 2))
    assert c.score == POINTS - 2 and c.streak == 1  # hints cost points, not the streak
    assert c.results()[0]["hints"] == 2
    assert c.overlay().hint_area == frozenset()  # solved: the hint leaves the board


def test_a_where_hint_tells_the_rule_then_the_area(made: dict[str, Puzzle]) -> None:
    p = made["where"]
    s = one(p)
    s.c.hint()
    assert s.c.message == f"Hint: {p.hint(0).text}" and s.c.board.selected is None
    assert s.c.overlay().hint_card is None and s.c.overlay().named == 0
    s.c.hint()
    assert s.c.overlay().hint_area == p.hint(1).area


def test_start_again_resets_the_board_but_not_the_record(made: dict[str, Puzzle]) -> None:
    s = one(made["where"])
    c = s.c
    s.click_cell((0, 1))
    c.hint()
    c.again()
    assert c.board.marks == frozenset() and c.overlay().hint_area == frozenset()
    assert c.results()[0]["hints"] == 1 and c.controls().hint


# ---------------------------------------------------------------------------- the set
def test_next_previous_and_the_puzzle_said(made: dict[str, Puzzle]) -> None:
    puzzles = [made[k] for k in KINDS]
    s = Screen(puzzles)
    c = s.c
    rating = puzzles[0].rating
    assert c.title() == f"Puzzle 1 of 5 \u00b7 Haul \u00b7 rating {rating} ({band(rating)})"
    assert not c.controls().previous and c.controls().next and c.controls().many
    said = c.announcement_id
    c.previous()
    assert c.index == 0 and c.message == "This is the first puzzle here."
    c.next()
    assert c.puzzle is puzzles[1] and c.announcement_id > said
    assert c.announcement.startswith("Puzzle 2 of 5")
    assert Change.PICTURE in s.changes
    c.go(4)
    assert c.puzzle.kind == "endgame" and not c.controls().next
    c.next()
    assert c.index == 4 and "last puzzle" in c.message
    with pytest.raises(IndexError):
        c.go(5)


def test_a_board_left_behind_runs_no_job_and_is_not_shown(made: dict[str, Puzzle]) -> None:
    s = Screen([made["haul"], made["rejoin"]])
    c = s.c
    s.answer(Move(20, (1, 0)))  # wrong: a take-back is waiting
    old = c.board
    c.next()
    s.changes.clear()
    s.clock.run_all()
    assert s.changes == [] and old.state is State.WRONG


def test_filters_by_kind_theme_and_rating() -> None:
    s = Screen()
    c = s.c
    assert len(c.shown) == len(shipped())
    ratings = [p.rating for p in c.shown]
    assert ratings == sorted(ratings)  # easy to hard
    assert c.set_filters(kind="safe")
    assert {p.kind for p in c.shown} == {"safe"} and c.index == 0
    assert c.set_filters(rating="medium")
    assert all(p.kind == "safe" and 1200 <= p.rating <= 1799 for p in c.shown)
    assert c.set_filters(themes="players_2", rating=None)
    assert all("players_2" in p.themes for p in c.shown)
    kept = c.shown
    assert not c.set_filters(kind="haul", themes=["two_way", "many_groups"])
    assert "filters stay" in c.message and c.shown == kept
    c.go(2)
    here = c.puzzle
    assert c.set_filters(themes=None)  # the puzzle shown passes: it stays
    assert c.puzzle is here and c.index == c.shown.index(here)
    with pytest.raises(ValueError, match="unknown puzzle kind"):
        c.set_filters(kind="hual")
    with pytest.raises(ValueError, match="no puzzle of the set"):
        Screen(kind="endgame", themes="players_6")


def test_the_seed_orders_puzzles_of_one_rating() -> None:
    a, b = easy_to_hard(shipped(), 0), easy_to_hard(shipped(), 1)
    assert [p.rating for p in a] == [p.rating for p in b]
    assert a != b and sorted(a, key=lambda p: p.id) == sorted(b, key=lambda p: p.id)
    assert easy_to_hard(shipped(), 0) == a


# ---------------------------------------------------------------------------- score
def test_streak_score_and_results(made: dict[str, Puzzle]) -> None:
    puzzles = [made["haul"], made["rejoin"], made["safe"], made["where"]]
    s = Screen(puzzles)
    c = s.c
    s.answer(Move(20, (0, 2)))  # first try: 3 points
    c.next()
    c.hint()
    s.answer(Move(20, (0, 1)))  # one hint: 2 points, the streak goes on
    assert (c.score, c.streak) == (5, 2)
    c.next()
    s.answer(s.wrong_move())  # wrong: the streak ends
    assert c.streak == 0
    s.clock.run_all()
    s.answer(min(made["safe"].answer))
    assert (c.score, c.streak, c.best_streak) == (7, 0, 2)
    c.previous()
    s.answer(Move(3, (0, 1)))  # solved before: nothing changes
    assert (c.score, c.streak) == (7, 0) and c.attempts[made["rejoin"].id] == 1
    assert c.solved == [made["haul"].id, made["rejoin"].id, made["safe"].id]
    records = c.results()
    assert [r["id"] for r in records] == [p.id for p in puzzles[:3]]  # the 4th was never shown
    assert [r["points"] for r in records] == [3, 2, 2]
    assert [r["first_try"] for r in records] == [True, True, False]
    assert json.loads(json.dumps(records)) == records
    assert c.progress() == "Score 7 \u00b7 streak 0 \u00b7 solved 3 of 4"
    assert c.log_entries()[0] == "Puzzle 2 (rejoin): Doozy at (0, 1): not quite (solved before)"


# ---------------------------------------------------------------------------- keyboard
def test_the_keyboard_alone_solves_and_moves_on(made: dict[str, Puzzle]) -> None:
    s = Screen([made["haul"], made["where"]])
    c = s.c
    c.key("h")
    assert c.message == "Hint: Use Ugbug."
    c.key("Escape")
    c.key("2")
    assert c.board.selected == 1
    c.key("ArrowUp")  # the cursor starts on a lit cell; walk it to (0, 2)
    steps = {(-1, 0): "ArrowDown", (1, 0): "ArrowUp", (0, -1): "ArrowRight", (0, 1): "ArrowLeft"}
    while c.board.cursor != (0, 2):
        r, col = c.board.cursor
        c.key(steps[(r > 0) - (r < 0), 0] if r else steps[0, (col > 2) - (col < 2)])
    c.key("Enter")
    assert c.board.state is State.SOLVED
    c.key("n")
    assert c.puzzle.kind == "where"
    c.key("c")
    assert "Mark a cell first" in c.message
    c.key("p")
    assert c.puzzle.kind == "haul"
    c.key("r")
    assert c.board.state is State.SOLVING and c.board.game.history == ()
    assert "H gives a hint" in c.describe()


# ---------------------------------------------------------------------------- the widget
def test_the_widget_solves_by_clicks_and_buttons(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["haul"], made["where"]], flash=0, reset=60)
    assert w.check_button.layout.display == "none"  # Check is for where puzzles
    assert w.previous_button.disabled and not w.next_button.disabled
    assert "Collect as many cards" in w.goal.value and "Puzzle 1 of 2" in w.title.value
    click_hand(w, 0)  # Doozy
    click_cell(w, (0, 2))  # wrong
    assert "Not quite" in w.status.value and "Doozy" in w.move_log.value
    click(w, 1.0, 1.0)  # a click takes the wrong move back
    assert "Not quite" in w.status.value and not w.session.board.game.history
    click_hand(w, 1)
    click_cell(w, (0, 2))
    assert w.solved == [made["haul"].id] and "Right!" in w.status.value
    assert w.score == POINTS - 1 and w.streak == 0 and w.errors == []
    w.next_button.click()
    assert w.puzzle.kind == "where" and w.check_button.layout.display is None
    assert w.check_button.disabled
    for cell in sorted(made["where"].answer):
        click_cell(w, cell)
    assert not w.check_button.disabled
    w.check_button.click()
    assert w.solved == [made["haul"].id, made["where"].id]
    assert w.companion.description.startswith("Puzzle 2 of 2")
    assert w.companion.announcement_id == w.session.announcement_id
    assert results(w) == w.results() and len(w.results()) == 2


def test_the_widget_by_touch_and_keys(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["rejoin"]], flash=0)
    tap_hand(w, 2)  # Ugbug (20)
    tap_cell(w, (0, 1))
    assert "Tap (0, 1) again" in w.status.value
    tap_cell(w, (0, 1))
    assert w.solved == [made["rejoin"].id]
    w.again_button.click()
    key(w, "h")
    assert "Hint: Use Ugbug" in w.status.value
    # One puzzle: no Previous, Next or filters.
    assert w.next_button.layout.display == "none" and w.filters.layout.display == "none"


def test_a_redraw_is_one_message_with_the_overlay(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["where"]])
    with recording() as sent:
        click_cell(w, (0, 1))
    assert len(sent.messages) == 1
    pen = Pen()
    paint_overlay(pen, w.geometry, w.session.overlay())
    assert ("stroke", ()) in pen.ops  # the tick of the marked cell
    assert w.session.board.marks == {(0, 1)}
    click(w, 1.0, 1.0)  # the score bar: nothing to mark
    assert w.session.board.marks == {(0, 1)}


def test_the_filters_in_the_page_follow_the_controller() -> None:
    w = PuzzleWidget(kind="rejoin")
    assert w.kind_filter.value == "rejoin" and w.puzzle.kind == "rejoin"
    w.kind_filter.value = "endgame"
    assert w.puzzle.kind == "endgame"
    low, high = BANDS["hard"]
    w.rating_filter.value = f"{low}-{high}"
    assert w.puzzles and all(
        low <= p.rating <= high and p.kind == "endgame" for p in w.puzzles
    )  # fmt: skip
    w.theme_filter.value = "players_6"  # no 6-player endgame: refused, shown back
    assert w.theme_filter.value == "all" and "filters stay" in w.message
    assert w.filter(kind=None, rating=None)
    assert w.kind_filter.value == "all" and w.rating_filter.value == "all"


def test_the_text_of_a_puzzle_widget_gives_no_answer_away(made: dict[str, Puzzle]) -> None:
    w = PuzzleWidget([made["where"]])
    text = repr(w)
    assert text.startswith("PuzzleWidget(1 puzzle): Puzzle 1 of 1")
    for cell in made["where"].answer:
        assert str(cell) not in text and str(cell) not in w.companion.description


# ---------------------------------------------------------------------------- questions
QUESTION = Question(
    "A card is placed at one end of a row of 4 whose other end is the same Dweebie. What "
    "is collected?",
    ["Nothing", "The two matching cards", "The whole row: 5 cards"],
    answer=2,
    why="The whole unbroken line is collected, the placed card included.",
    feedback=["", "Not just the ends: everything between them goes too.", ""],
)


def test_a_question_keeps_its_answer_in_the_kernel_until_submitted() -> None:
    w = QuestionWidget(QUESTION)
    state = json.dumps(w.get_state(), default=str)
    assert QUESTION.why not in state and "everything between" not in state
    assert w.right == -1 and w.verdict == "" and not w.submitted
    assert "whole unbroken" not in repr(w) and repr(w).startswith("Question: A card")
    assert w.results() == [
        {"id": QUESTION.id, "question": QUESTION.prompt, "choice": None, "correct": None,
         "attempts": 0}
    ]  # fmt: skip
    w.choice = 1  # the page: a choice picked, not yet submitted
    assert w.right == -1 and not w.answered


def test_submitting_from_the_page_shows_right_or_wrong_and_why() -> None:
    w = QuestionWidget(QUESTION)
    w.choice = 1
    deliver_event(w, {"event": "submit", "choice": 1})
    assert w.submitted and not w.correct
    assert w.verdict == (
        "Not quite: B is not the answer. Not just the ends: everything between them goes "
        "too. Pick another choice and check again."
    )
    assert w.right == -1 and w.why == ""  # it may be tried again: the answer is kept back
    deliver_event(w, {"event": "reveal"})  # Show the answer
    assert w.right == 2 and w.why == QUESTION.why
    assert w.verdict == 'The answer is C, "The whole row: 5 cards".'
    deliver_event(w, {"event": "submit", "choice": 2})  # the answer shown: no more answers
    assert not w.correct and w.choice == 1 and w.attempts == 1
    assert w.results()[0] | {"question": ""} == {
        "id": QUESTION.id, "question": "", "choice": 1, "correct": False, "attempts": 1
    }  # fmt: skip
    right = QuestionWidget("2 + 2?", ["4", "5"], answer=0, why="Count.")
    assert right.submit(0).correct and right.verdict == "Right!" and right.solved


def test_a_question_needs_2_to_5_different_choices_and_a_right_one() -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        Question("?", ["only"], 0, "")
    with pytest.raises(ValueError, match="2 to 5"):
        Question("?", list("abcdef"), 0, "")
    with pytest.raises(ValueError, match="index of the right choice"):
        Question("?", ["a", "b"], 2, "")
    with pytest.raises(ValueError, match="the same"):
        Question("?", ["a", "a"], 0, "")
    with pytest.raises(ValueError, match="pick a choice"):
        QuestionWidget("?", ["a", "b"], 0, "").submit()
    with pytest.raises(TypeError):
        QuestionWidget(QUESTION, ["a"])


def test_no_shipped_question_puts_its_answer_in_the_state_a_notebook_stores() -> None:
    """What a saved notebook stores of a question widget (its state and text) is the
    question only, for every question the lessons ship."""
    from dweebies_widget.lessons import questions

    for q in questions():
        w = QuestionWidget(q)
        state = json.dumps(w.get_state(), default=str)
        assert q.why not in state and q.why not in repr(w)
        assert all(f not in state for f in q.feedback if f)
        assert w.right == -1 and w.why == "" and w.verdict == "" and not w.submitted
