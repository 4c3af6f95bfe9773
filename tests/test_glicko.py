"""Glicko-2: Glickman's worked example, and students and puzzles rated from attempts."""

from __future__ import annotations

import math

import pytest

from dweebies_widget.puzzles.glicko import (
    PUZZLE_DEVIATION,
    STUDENT,
    Rating,
    attempt,
    expected,
    nearest,
    puzzle,
    update,
)


def test_the_worked_example_of_the_paper() -> None:
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100
    # and 1700/300 with results 1, 0, 0 gives 1464.06 / 151.52 / 0.05999 (rounded steps).
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(Rating(1500, 200, 0.06), games)
    assert new.rating == pytest.approx(1464.06, abs=0.015)
    assert new.deviation == pytest.approx(151.52, abs=0.005)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    new = update(Rating(1700, 100, 0.06), [])
    assert new.rating == 1700 and new.volatility == 0.06
    assert new.deviation == pytest.approx(173.7178 * math.hypot(100 / 173.7178, 0.06))


def test_an_attempt_is_a_game_between_the_student_and_the_puzzle() -> None:
    start = puzzle(1500)
    assert start.deviation == PUZZLE_DEVIATION < STUDENT.deviation
    won, beaten = attempt(STUDENT, start, solved=True)
    lost, kept = attempt(STUDENT, start, solved=False)
    # Solving raises the student and lowers the puzzle; failing does the reverse, by as much.
    assert won.rating > 1500 > beaten.rating
    assert lost.rating < 1500 < kept.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    # The puzzle, measured already, moves much less than the new student.
    assert abs(beaten.rating - 1500) < abs(won.rating - 1500) / 5
    assert won.deviation < STUDENT.deviation


def test_a_student_who_solves_every_puzzle_climbs_and_grows_certain() -> None:
    student = STUDENT
    for rating in (1200, 1400, 1600, 1800, 2000):
        student, _ = attempt(student, puzzle(rating), solved=True)
    assert student.rating > 1800
    assert student.deviation < 200


def test_expected_and_nearest_serve_puzzles_near_the_student() -> None:
    student = Rating(1600, 80)
    assert expected(student, puzzle(1600)) == pytest.approx(0.5)
    assert expected(student, puzzle(1200)) > 0.85 > 0.15 > expected(student, puzzle(2000))
    ratings = {"easy": 800.0, "near": 1580.0, "above": 1650.0, "hard": 2300.0}
    assert nearest(ratings, student, count=2) == ["near", "above"]
