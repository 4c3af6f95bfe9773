"""Looking back over a game in the widget's controller: review, replay, "play from here" and
"What do they hold?", driven as a player drives them (keys, clicks and taps at the
controller's own geometry, the step buttons' methods), with no widget library.

A review takes seconds at the real budget; here the analyst has a few rounds a move, and most
tests are handed one review computed once (:func:`served`), the same one the controller would
compute (:func:`test_the_review_shown_is_the_review_of_the_api` checks that).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

import pytest
from screen import Screen

from dweebies_widget import Game, Move, Placement
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, RandomPlayer, Review, review
from dweebies_widget.cards import NAMES
from dweebies_widget.widget import words
from dweebies_widget.widget.paint import paint
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.replay import Replay, ReviewJob, holds_chart
from dweebies_widget.widget.seats import Seats
from dweebies_widget.widget.session import Change
from dweebies_widget.widget.timing import Cancel

ANALYST = ExpertPlayer(simulations=6)
"""A small budget: the tests check the widget, not the quality of the judgement."""


def play_out(s: Screen) -> None:
    """Ana places her first card on the first lit cell until the game is over."""
    while not s.game.is_over:
        s.c.select(0)
        s.c.place(sorted(s.game.legal_cells())[0])


@functools.cache
def finished() -> tuple[Game, Review]:
    """A whole game of Ana (first card, first lit cell) against Greedy, and its review."""
    s = Screen(["Ana", GreedyPlayer()])
    play_out(s)
    game = s.game.copy()
    return game, review(game, ANALYST, names=["Ana", "Greedy"], executor=None, progress=False)


def served(result: Review) -> Callable[[ReviewJob], Cancel]:
    """A reviewer that answers at once with ``result`` (computed once for every test)."""

    def reviewer(job: ReviewJob) -> Cancel:
        job.progress(1, len(result.moves))
        job.finished(result)
        return lambda: None

    return reviewer


def reviewed_screen(**options: Any) -> Screen:
    """Ana against Greedy, the game over, Review pressed (and the review done)."""
    game, result = finished()
    s = Screen(["Ana", GreedyPlayer()], game=game.copy(), reviewer=served(result),
               review_analyst=ANALYST, **options)  # fmt: skip
    s.c.open_review()
    return s


def replayed(game: Game, actions: int) -> Game:
    """``game.history[:actions]`` replayed from its start through the rules."""
    again = game.start.to_game(game.rules)
    for action in game.history[:actions]:
        if isinstance(action, Placement):
            again.play(action.move)
        else:
            again.draw(action.seat)
    return again


def texts(s: Screen) -> list[str]:
    pen = Pen()
    paint(pen, s.g, s.c.scene)
    return [args[0] for name, args in pen.ops if name == "fill_text"]


def graph_point(s: Screen, step: int) -> tuple[float, float]:
    """The middle of ``step``'s column of the graph, halfway down."""
    assert s.c.replay is not None
    x = s.g.graph_x(step, s.c.replay.steps + 1)
    _, y, _, h = s.g.graph_band
    return x, y + h / 2


# ---------------------------------------------------------------------------- Review
def test_review_is_offered_once_the_game_is_over_and_the_end_says_so() -> None:
    s = Screen(["Ana", GreedyPlayer()], review_analyst=ANALYST)
    s.c.select(0)
    s.c.place((0, 0))
    assert not s.c.controls().review
    s.c.open_review()
    assert s.c.replay is None and s.c.message == "Review opens once the game is over."
    play_out(s)
    assert s.c.controls().review
    assert s.c.scene.banner[-1] == words.AGAIN and "Review" in words.AGAIN
    assert s.c.log_entries()[0].endswith(words.AGAIN)
    s.c.click(*s.g.cell_center((0, 0)))  # a click on the table after the end says it too
    assert s.c.message.endswith(words.AGAIN)


def test_a_teacher_may_review_at_any_time_and_the_game_waits_meanwhile() -> None:
    s = Screen(["Ana", GreedyPlayer()], ai_delay=0.5, review=True, review_analyst=ANALYST)
    s.c.select(0)
    s.c.place((0, 0))
    assert s.c.thinking and s.c.controls().review  # a teacher's screen: at any time
    s.clock.advance(0.5)
    s.c.select(0)
    s.c.place(sorted(s.game.legal_cells())[0])
    assert s.c.thinking
    s.c.open_review()  # mid-game: an unfinished game is reviewed, and Greedy waits
    replay = s.c.replay
    assert replay is not None and replay.steps == 3 and replay.review is not None
    assert s.clock.advance(5) == 0 and len(s.game.history) == 3
    assert replay.status_lines()[0].startswith("Move 1 of 3: Ana played")
    s.c.go_to(3)
    assert s.c.status_lines()[0] == "After move 3 the game goes on: Greedy to play."
    s.c.close_review()
    assert s.c.replay is None and s.c.thinking
    s.clock.advance(0.5)
    assert len(s.game.history) == 4


def test_a_teacher_may_review_before_any_move_only_once_there_is_one() -> None:
    s = Screen(["Ana", GreedyPlayer()], review=True, review_analyst=ANALYST)
    s.c.open_review()
    assert s.c.replay is None and "nothing to review" in s.c.message


def test_moves_are_refused_while_looking_back() -> None:
    s = reviewed_screen()
    before = s.game.state()
    for action in (s.c.undo, s.c.step, s.c.draw_owed, s.c.hint, lambda: s.c.play(True)):
        action()
        assert s.c.message.startswith("You are looking back over the game: press Back to")
    s.c.place((0, 0))
    assert s.game.state() == before
    controls = s.c.controls()
    assert not (controls.undo or controls.hint or controls.heat or controls.step or controls.review)


def test_the_review_shown_is_the_review_of_the_api() -> None:
    """The controller's own review (the plain reviewer, here) is the API's: same seed 0,
    same budget, whichever runs it."""
    game, result = finished()
    s = Screen(["Ana", GreedyPlayer()], game=game.copy(), review_analyst=ANALYST)
    s.c.open_review()
    assert s.c.replay is not None and s.c.replay.review == result


# ---------------------------------------------------------------------------- stepping
def test_stepping_through_a_whole_reviewed_game_by_keys_shows_the_table_before_each_move() -> None:
    s = reviewed_screen()
    game, result = finished()
    replay = s.c.replay
    assert replay is not None and replay.step == 0 and replay.steps == len(result.moves) == 54
    placements = [(i, a) for i, a in enumerate(game.history) if isinstance(a, Placement)]
    for step, (index, placement) in enumerate(placements):
        scene = s.c.scene
        before = game.after(index)
        assert scene.board == before.board and scene.pile == before.pile_size
        assert [seat.score for seat in scene.seats] == list(before.scores)
        assert scene.current == placement.seat and tuple(scene.hand) == before.hand(placement.seat)
        played = scene.moves[0]
        assert (played.kind, played.dweebie, played.cell) == ("played", *placement.move)
        assert scene.hand[played.hand] == placement.move.dweebie  # type: ignore[index]
        judged = result.moves[step]
        line = f"Move {step + 1} of 54: {words.judged_text(judged, s.c.labels)}."
        assert s.c.status_lines()[0] == line and line.count("%") == 1  # one number a move
        assert replay.hindsight().startswith("Had you seen" if placement.seat == 0
                                             else "Had Greedy seen")  # fmt: skip
        assert "seen every card" not in s.c.status_text()  # hindsight waits behind More
        assert scene.graph is not None and scene.graph.cursor == step
        said = s.c.announcement_id
        s.c.key("ArrowRight")
        assert s.c.announcement_id == said + 1
    assert replay.step == 54 and s.c.scene.board == game.board
    assert s.c.status_lines()[0] == f"The end, after move 54: {words.result_text(game, s.c.labels)}"
    s.c.key("ArrowRight")
    assert replay.step == 54 and s.c.announcement == "This is the end."
    s.c.key("Home")
    assert replay.step == 0
    s.c.key("ArrowLeft")
    assert replay.step == 0 and s.c.announcement == "This is the start."
    s.c.key("PageDown")
    assert replay.step == 10
    s.c.key("End")
    assert replay.step == 54
    s.c.key("ArrowUp")  # not a key of looking back: nothing happens, no cursor
    assert replay.step == 54 and s.c.scene.cursor is None


def test_each_step_is_announced_and_described() -> None:
    s = reviewed_screen()
    s.c.go_by(1)
    lines = s.c.status_lines()
    assert s.c.announcement == lines[0].replace(" -> ", "; ")
    text = s.c.describe()
    assert text.startswith(lines[0]) and "Marked on the table: the move played" in text
    assert text.endswith(words.REVIEW_KEYS)
    assert "Row 0: (0, 0)" in text  # the table before move 2: one card
    s.c.go_to(0)
    assert "Table: empty" in s.c.describe()


def test_the_move_played_and_the_best_move_are_marked_on_the_table_and_in_the_hand() -> None:
    s = reviewed_screen()
    _, result = finished()
    other = next(m for m in result.moves if m.best.dweebie != m.played.dweebie)
    s.c.go_to(other.ply)
    moves = {m.kind: m for m in s.c.scene.moves}
    assert (moves["played"].dweebie, moves["played"].cell) == other.played
    assert (moves["best"].dweebie, moves["best"].cell) == other.best
    hand = s.c.scene.hand
    assert hand[moves["best"].hand] == other.best.dweebie  # type: ignore[index]
    drawn = texts(s)
    assert drawn.count("played") == 2 and drawn.count("best") == 2  # on the table, in the hand
    assert f"the best move, {NAMES[other.best.dweebie]} at {other.best.cell}" in s.c.describe()
    assert s.c.status_lines()[0].split(": ", 1)[1].startswith(
        words.judged_text(other, s.c.labels)
    )


def test_clicks_and_taps_on_the_graph_go_to_that_move() -> None:
    s = reviewed_screen()
    replay = s.c.replay
    assert replay is not None
    for step in (20, 3, 53, 54, 0):
        s.c.click(*graph_point(s, step))
        s.c.release(*graph_point(s, step))
        assert replay.step == step
    for step in (7, 40):
        s.tap_at(graph_point(s, step))
        assert replay.step == step
        assert s.c.announcement.startswith(f"Move {step + 1} of 54")
    bx, by, bw, bh = s.g.graph_band
    s.tap_at((bx + 2, by + 2))  # the margins count: the nearest column
    assert replay.step == 0
    s.tap_at(s.g.hand_center(0))  # the hand and the table do nothing
    s.click_cell((0, 0))
    assert replay.step == 0 and s.c.scene.moves[0].kind == "played"


def test_a_drag_on_the_table_moves_the_view_while_looking_back() -> None:
    s = reviewed_screen()
    s.c.go_to(54)
    s.c.zoom(3)
    centre = s.g.view_centre
    bx, by, bw, bh = s.g.table_band
    s.finger_drag((bx + bw / 2, by + bh / 2), (bx + bw / 2 + 200, by + bh / 2 + 200))
    assert s.g.view_centre != centre and s.c.replay is not None and s.c.replay.step == 54


def test_progress_is_shown_while_the_review_runs_and_news_after_closing_is_dropped() -> None:
    game, result = finished()
    jobs: list[ReviewJob] = []
    cancelled: list[bool] = []

    def later(job: ReviewJob) -> Cancel:
        jobs.append(job)
        return lambda: cancelled.append(True)

    s = Screen(["Ana", GreedyPlayer()], game=game.copy(), reviewer=later,
               review_analyst=ANALYST)  # fmt: skip
    s.c.open_review()
    assert s.c.status_lines()[-1].startswith("Reviewing every move with the Expert (6 rounds")
    assert "0 of 54 done" in s.c.announcement
    graph = s.c.scene.graph
    assert graph is not None and graph.progress == 0 and not graph.lines
    s.seen()
    jobs[0].progress(27, 54)
    assert s.seen() == [Change.PICTURE] and "27 of 54 done" in s.c.status_lines()[-1]
    assert s.c.scene.graph is not None and s.c.scene.graph.progress == 0.5
    s.c.go_by(3)  # stepping goes on meanwhile
    s.c.open_review()  # pressed again: says it is running, starts nothing
    assert len(jobs) == 1
    jobs[0].finished(result)
    assert s.c.replay is not None and s.c.replay.review == result
    assert s.c.announcement.startswith("Review done. Ana: ")
    assert s.c.scene.graph is not None and len(s.c.scene.graph.lines) == 2
    jobs[0].progress(54, 54)  # late news changes nothing
    assert s.c.scene.graph.progress is None
    # A second look, closed before its review is done: its news is dropped.
    s.c.close_review()
    s.c.open_review()
    s.c.close_review()
    assert cancelled == [True]
    jobs[1].finished(result)
    assert s.c.replay is None


def test_a_failed_review_is_said_and_the_game_can_still_be_stepped_through() -> None:
    game, _ = finished()

    def failing(job: ReviewJob) -> Cancel:
        job.failed(RuntimeError("out of memory"))
        return lambda: None

    s = Screen(["Ana", GreedyPlayer()], game=game.copy(), reviewer=failing)
    s.c.open_review()
    assert s.c.message == "The review failed: out of memory"
    assert s.c.scene.graph is not None and s.c.scene.graph.note == "The review failed."
    s.c.key("ArrowRight")
    assert s.c.replay is not None and s.c.replay.step == 1


# ---------------------------------------------------------------------------- play from here
@pytest.mark.parametrize("step", [0, 1, 17, 54])
def test_play_from_here_equals_the_history_prefix_with_the_same_seats(step: int) -> None:
    s = reviewed_screen(ai_delay=0.5)
    game, _ = finished()
    players, labels, seed = s.c.players, s.c.labels, s.c.seed
    s.c.go_to(step)
    replay = s.c.replay
    assert replay is not None
    actions = replay.actions()
    branch = s.c.play_from_here()
    assert branch is s.game and s.c.replay is None
    assert branch == replayed(game, actions) and branch.history == game.history[:actions]
    assert s.c.players == players and s.c.labels == labels and s.c.seed == seed
    assert s.c.message.startswith("Playing on from")
    if step == 54:
        assert branch.is_over
    elif branch.current_player == 1:  # Greedy's turn: it thinks, then plays on
        assert s.c.thinking
        s.clock.advance(0.5)
        assert len(branch.history) == actions + 1
    else:
        s.c.select(0)
        assert s.c.place(sorted(branch.legal_cells())[0]) is not None


def test_play_from_here_in_a_hot_seat_game_hands_the_screen_to_the_mover() -> None:
    game = Game(2, seed=3)
    rng = random.Random(0)
    while not game.is_over:
        game.play_random(rng)
    s = Screen(["Ana", "Ben"], game=game.copy())
    s.c.open_replay()
    s.c.go_to(5)  # Ben's move
    s.c.play_from_here()
    assert s.game.current_player == 1 and s.c.controls().review is False
    assert s.c.handover == 1 or s.c.viewer == 1


# ---------------------------------------------------------------------------- replay
def test_replay_of_a_loaded_save_steps_and_can_be_reviewed() -> None:
    game, result = finished()
    loaded = Game.from_json(game.to_json())
    s = Screen(["Ana", "Ben"], review_analyst=ANALYST)  # a new deal on the table first
    s.c.open_replay(loaded)
    replay = s.c.replay
    assert replay is not None and replay.review is None and s.game == loaded
    assert s.c.status_lines() == [
        f"Move 1 of 54: {words.move_text(loaded.history[0], s.c.labels)}.",  # type: ignore[arg-type]
        "Press Review to have every move judged (it takes a little while).",
    ]
    graph = s.c.scene.graph
    assert graph is not None and graph.note.startswith("Press Review") and not graph.lines
    for _ in range(54):
        s.c.key("ArrowRight")
    assert replay.step == 54 and s.c.scene.board == loaded.board
    s.c.open_review()  # the Review button of the replay: the moves get judged
    assert replay.review is not None
    assert [m.describe() for m in replay.review.moves] == [m.describe() for m in result.moves]
    assert replay.review.moves == result.moves  # the same judgement: seed 0, same budget


def test_a_replay_can_be_given_its_review_and_refuses_another_games() -> None:
    game, result = finished()
    s = Screen(["Ana", GreedyPlayer()])
    s.c.open_replay(game, review=result)
    assert s.c.replay is not None and s.c.replay.review is result
    other = Game(2, seed=1)
    other.play_random(random.Random(0))
    with pytest.raises(ValueError, match="another game"):
        s.c.open_replay(other, review=result)


def test_a_replay_of_an_unfinished_game_ends_where_the_game_is() -> None:
    game = Game(3, seed=4)
    rng = random.Random(2)
    for _ in range(7):
        game.play_random(rng)
    s = Screen(["Ana", "Ben", "Cy"])
    s.c.open_replay(game)
    s.c.key("End")
    assert s.c.status_lines()[0] == "After move 7 the game goes on: Ben to play."
    s.c.close_review()
    assert s.game == game and s.game is not game  # a copy: the game given is untouched


# ---------------------------------------------------------------------------- what they hold
def test_what_do_they_hold_shows_bars_for_each_other_seat_and_the_truth_after_the_end() -> None:
    game = Game(3, seed=5)
    seats = ["Ana", GreedyPlayer(), RandomPlayer()]
    s = Screen(seats, game=game)
    play_out(s)  # the AI seats answer at once (ai_delay 0)
    s.c.open_replay()
    s.c.go_to(12)
    s.c.show_holds(True)
    holds = s.c.scene.holds
    assert holds is not None and s.c.controls().holds_on
    position = s.c.replay.position()  # type: ignore[union-attr]
    assert holds.title == "What do they hold? Your guesses from what you could see, before move 13"
    assert [seat.label for seat in holds.seats] == ["Greedy", "Random"]
    for seat, block in zip((1, 2), holds.seats, strict=True):
        assert block.cards == len(position.hand(seat))
        shown = {row.dweebie: row.held for row in block.rows}
        assert all(shown.get(d) == position.hand(seat).count(d) for d in position.hand(seat))
        assert sum(row.held or 0 for row in block.rows) == len(position.hand(seat))
        assert all(0 <= row.expected <= 3 for row in block.rows)
    drawn = texts(s)
    assert holds.title in drawn and "Greedy: 5 cards" in drawn
    described = s.c.describe()
    assert "Greedy (5 cards) probably holds" in described and "really held:" in described
    s.c.key("ArrowRight")  # the bars follow the step
    assert s.c.scene.holds is not None and s.c.scene.holds.title.endswith("before move 14")
    s.c.show_holds(False)
    assert s.c.scene.holds is None and s.c.announcement == "The table again."


def test_a_student_never_sees_what_they_hold_during_their_own_game() -> None:
    s = Screen(["Ana", GreedyPlayer()])
    for _ in range(3):
        s.c.select(0)
        s.c.place(sorted(s.game.legal_cells())[0])
    assert not s.c.controls().holds
    s.c.show_holds(True)
    assert s.c.scene.holds is None and not s.c.controls().holds_on
    assert s.c.message == '"What do they hold?" opens after the game (or on a teacher\'s screen).'
    assert "probably holds" not in s.c.describe()
    play_out(s)
    assert s.c.controls().holds  # once the game is over
    s.c.show_holds(True)
    holds = s.c.scene.holds
    assert holds is not None and holds.title.endswith("at the end") and holds.seats[0].cards == 0


def test_a_teacher_sees_the_bars_during_play_but_never_the_hidden_cards() -> None:
    s = Screen(["Ana", GreedyPlayer()], review=True)
    for _ in range(4):
        s.c.select(0)
        s.c.place(sorted(s.game.legal_cells())[0])
    s.c.show_holds(True)
    holds = s.c.scene.holds
    assert holds is not None and holds.title.endswith("you could see, now")
    assert all(row.held is None for row in holds.seats[0].rows)
    assert holds.note == words.holds_note(False)
    assert "really held" not in s.c.describe()
    # The bars stand beside the table, which stays in play: a click on a lit cell places.
    g = s.c.geometry
    assert g.holds_band[2] > 0 and g.table_band[2] > 0
    s.c.select(0)
    cell = sorted(s.game.legal_cells())[0]
    played = len(s.game.history)
    s.click_cell(cell)
    assert len(s.game.history) > played and s.c.scene.holds is not None


def test_with_nobody_at_the_screen_the_bars_show_during_play() -> None:
    s = Screen([GreedyPlayer(), RandomPlayer()])
    for _ in range(6):
        s.c.step()
    s.c.show_holds(True)
    holds = s.c.scene.holds
    assert holds is not None and holds.title.startswith("What do they hold? Greedy's guesses")
    assert [seat.label for seat in holds.seats] == ["Random"]


def test_the_bars_come_from_the_view_only() -> None:
    """Twin positions (what seat 0 sees is the same, the hidden cards differ) give the same
    bars: nothing hidden leaks into them while the truth is not shown."""
    board = {(0, 0): 20, (0, 1): 21, (1, 1): 22}
    a = Game.from_position(board=board, hands=[[1, 2, 3], [4, 5, 6]], pile=[7, 8, 11, 9, 10])
    b = Game.from_position(board=board, hands=[[1, 2, 3], [4, 5, 9]], pile=[7, 8, 11, 10, 6])
    for game in (a, b):
        for move in (Move(1, (0, 2)), Move(4, (0, -1)), Move(2, (1, 0)), Move(5, (1, -1))):
            game.play(move)
    assert a.view(0) == b.view(0) and a.hand(1) != b.hand(1)
    labels = ("Ana", "Ben")
    chart_a = holds_chart(a, 0, labels, truth=False, when="now", me=0)
    assert chart_a == holds_chart(b, 0, labels, truth=False, when="now", me=0)
    assert holds_chart(a, 0, labels, truth=True, when="now", me=0) != holds_chart(
        b, 0, labels, truth=True, when="now", me=0
    )
    replay_a = Replay(a, Seats.of(["Ana", "Ben"]), me=0)
    assert replay_a.holds().seats[0].rows[0].held is None  # an unfinished game: no truth
