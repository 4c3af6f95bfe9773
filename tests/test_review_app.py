"""Looking back in the widget itself, headless: the Review button, the row of step buttons and
its slider, keys, clicks and taps on the canvas (delivered as from a browser, by
:mod:`widget_events`), "What do they hold?", "Play from here", and the review running off the
event thread (in worker processes) while the widget answers.
"""

from __future__ import annotations

import random
import time

from widget_events import click, key, tap, wait_until

from dweebies_widget import DweebiesWidget, Game, Placement
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, RandomPlayer, review
from dweebies_widget.widget import words

ANALYST = ExpertPlayer(simulations=6)


def finished_widget(**options: object) -> DweebiesWidget:
    """Ana (first card, first lit cell) against Greedy, played to the end."""
    w = DweebiesWidget(["Ana", GreedyPlayer()], seed=7, ai_delay=0, flash=0,
                       review_analyst=ANALYST, **options)  # type: ignore[arg-type]  # fmt: skip
    while not w.game.is_over:
        w.select(0)
        w.place(sorted(w.game.legal_cells())[0])
    return w


def row(w: DweebiesWidget) -> object:
    """The row of controls shown under the status line."""
    return w.controls_row.children[0]


def step_of(w: DweebiesWidget) -> int:
    replay = w.session.replay
    assert replay is not None
    return replay.step


def graph_point(w: DweebiesWidget, step: int) -> tuple[float, float]:
    replay = w.session.replay
    assert replay is not None
    _, y, _, h = w.geometry.graph_band
    return w.geometry.graph_x(step, replay.steps + 1), y + h / 2


def test_a_whole_review_by_buttons_slider_keys_clicks_and_taps() -> None:
    w = finished_widget()
    bar = w.review_bar
    assert row(w) is w.celebration.box  # the end-of-game panel first
    w.celebration.close.click()  # "Look at the table": the row of buttons again
    assert row(w) is w.buttons.box and not w.buttons.review.disabled
    started = time.monotonic()
    w.buttons.review.click()
    assert time.monotonic() - started < 1.0, "the review must not hold up the click"
    assert row(w) is bar.box and bar.judge.disabled
    assert "Reviewing every move" in w.status_text()
    assert wait_until(lambda: w.reviewed is not None, 60)
    # The same review as the API's plain loop: the worker processes change nothing.
    game = w.game
    assert w.reviewed is not None
    assert w.reviewed.moves == review(game, ANALYST, names=w.labels, executor=None,
                                      progress=False).moves  # fmt: skip
    assert bar.judge.disabled and bar.judge.description == "Review"
    assert w.status_text().startswith("Move 1 of 54: Ana played")

    # Forward through the whole game by the button: the slider and the label follow.
    assert bar.first.disabled and bar.back.disabled and bar.slider.max == 54
    for step in range(1, 55):
        bar.forward.click()
        assert step_of(w) == bar.slider.value == step
        assert w.companion.description == w.session.describe()
        assert w.companion.announcement == w.session.announcement
    assert bar.forward.disabled and bar.last.disabled and bar.where.value == "end"
    assert w.status_text().startswith("The end, after move 54")
    bar.back.click()
    assert step_of(w) == 53 and bar.where.value == "54 / 54"
    bar.first.click()
    assert step_of(w) == 0
    bar.last.click()
    assert step_of(w) == 54
    # The slider, the keys on the canvas, a click and a tap on the graph.
    bar.slider.value = 30
    assert step_of(w) == 30 and w.status_text().startswith("Move 31 of 54")
    key(w, "ArrowLeft")
    assert step_of(w) == bar.slider.value == 29
    key(w, "Home")
    assert step_of(w) == 0
    click(w, *graph_point(w, 12))
    assert step_of(w) == bar.slider.value == 12
    tap(w, *graph_point(w, 44))
    assert step_of(w) == 44
    # What do they hold?, then Play from here.
    bar.holds.value = True
    assert w.session.scene.holds is not None and "What do they hold?" in w.companion.description
    bar.holds.value = False
    assert w.session.scene.holds is None
    key(w, "ArrowRight")
    actions = w.session.replay.actions()  # type: ignore[union-attr]
    before = game.after(actions)
    bar.play.click()
    assert row(w) is w.buttons.box and w.session.replay is None
    assert w.game.after(actions) == before  # and Greedy, to play, answered at once
    assert w.labels == ("Ana", "Greedy") and w.errors == []


def test_back_to_the_game_while_the_review_runs_drops_it() -> None:
    w = finished_widget()
    w.buttons.review.click()
    w.review_bar.close.click()
    assert row(w) is w.buttons.box and w.session.replay is None
    time.sleep(1.0)
    assert w.session.replay is None and w.reviewed is None and w.errors == []
    assert w.status_text().startswith("Game over")


def test_replay_of_a_loaded_save_and_its_review_button() -> None:
    game = Game(2, seed=11)
    rng = random.Random(4)
    while not game.is_over:
        game.play_random(rng)
    loaded = Game.from_json(game.to_json())
    w = DweebiesWidget.replay(loaded, ["Ana", "Ben"], review_analyst=ANALYST)
    assert row(w) is w.review_bar.box and w.game == loaded and w.game is not loaded
    assert w.status_text().splitlines() == [
        f"Move 1 of 54: {words.move_text(loaded.history[0], w.labels)}.",  # type: ignore[arg-type]
        "Press Review to have every move judged (it takes a little while).",
    ]
    for _ in range(5):
        key(w, "ArrowRight")
    placement_5 = [i for i, a in enumerate(loaded.history) if isinstance(a, Placement)][5]
    assert w.session.scene.board == loaded.after(placement_5).board
    assert not w.review_bar.judge.disabled
    w.review_bar.judge.click()
    assert wait_until(lambda: w.reviewed is not None, 60) and w.errors == []
    assert step_of(w) == 5 and w.status_text().startswith("Move 6 of 54: ")
    assert "%" in w.status_text().splitlines()[0]


def test_replay_with_its_review_given_or_asked_for() -> None:
    game = Game(2, seed=5)
    rng = random.Random(1)
    for _ in range(6):
        game.play_random(rng)
    result = review(game, ANALYST, names=["Ana", "Ben"], executor=None, progress=False)
    shown = DweebiesWidget.replay(game, ["Ana", "Ben"], review=result)
    assert shown.reviewed is result and shown.review_bar.judge.disabled
    asked = DweebiesWidget.replay(game, ["Ana", "Ben"], review=True, review_analyst=ANALYST)
    assert wait_until(lambda: asked.reviewed is not None, 60)
    assert asked.reviewed is not None and asked.reviewed.moves == result.moves


def test_the_rows_offer_review_to_everyone_and_the_bars_to_teachers_and_ai_games() -> None:
    student = DweebiesWidget(["Ana", GreedyPlayer()], ai_delay=0)
    teacher = DweebiesWidget(["Ana", GreedyPlayer()], ai_delay=0, review=True)
    ai_only = DweebiesWidget([GreedyPlayer(), RandomPlayer()], ai_delay=0)
    assert student.buttons.review in student.buttons.box.children
    assert student.buttons.holds not in student.buttons.box.children
    assert teacher.buttons.holds in teacher.buttons.box.children
    assert ai_only.buttons.holds in ai_only.buttons.box.children
    assert student.buttons.review.disabled and teacher.buttons.review.disabled  # no move yet
    teacher.select(0)
    teacher.place((0, 0))
    assert not teacher.buttons.review.disabled and not teacher.buttons.holds.disabled
    teacher.buttons.holds.value = True
    holds = teacher.session.scene.holds
    assert holds is not None and all(r.held is None for r in holds.seats[0].rows)
    teacher.buttons.holds.value = False
    teacher.buttons.review.click()  # mid-game, on a teacher's screen
    assert row(teacher) is teacher.review_bar.box
    assert wait_until(lambda: teacher.reviewed is not None, 60) and teacher.errors == []
    teacher.review_bar.close.click()
    assert row(teacher) is teacher.buttons.box and len(teacher.game.history) == 2
