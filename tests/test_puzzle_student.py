"""Puzzles near a student's rating: the bands of the rating scale, and a set that serves the
puzzles nearest the student's rating first and follows it (Glicko-2) after each first
answer."""

from __future__ import annotations

import re

import pytest
from helpers import PUZZLE_GAMES

from dweebies_widget.puzzles import Puzzle, glicko, load
from dweebies_widget.puzzles.irt import HIGHEST, LOWEST
from dweebies_widget.widget.puzzle_set import BANDS, PuzzleController, band
from dweebies_widget.widget.timing import ManualClock


def made() -> list[Puzzle]:
    return [
        Puzzle.make(make(), kind, check_keep=False) for kind, make in PUZZLE_GAMES.items()
    ]


def controller(
    puzzles: list[Puzzle], clock: ManualClock | None = None, **options: object
) -> PuzzleController:
    return PuzzleController(puzzles, scheduler=clock or ManualClock(), **options)  # type: ignore[arg-type]


def test_the_bands_cover_the_scale_in_thirds_without_a_gap() -> None:
    spans = list(BANDS.values())
    assert spans[0][0] == LOWEST and spans[-1][1] == HIGHEST
    for (_, high), (low, _) in zip(spans, spans[1:], strict=False):
        assert low == high + 1
    for rating in range(LOWEST, HIGHEST + 1):
        low, high = BANDS[band(rating)]
        assert low <= rating <= high


def test_a_band_filter_shows_only_its_third() -> None:
    pool = list(load())
    for name, (low, high) in BANDS.items():
        inside = [p for p in pool if low <= p.rating <= high]
        if not inside:
            continue
        c = controller(pool, rating=name)
        assert set(c.shown) == set(inside)
        assert f"rated {name} ({low} to {high})" in c.filters.words()
        assert f"({name})" in c.title()


@pytest.mark.parametrize("bad", ["impossible", 10, (1800, 1200), (500, 900)])
def test_a_rating_filter_off_the_scale_is_refused_naming_the_scale(bad: object) -> None:
    with pytest.raises(ValueError, match="a rating (band )?is"):
        controller(made(), rating=bad)


def test_puzzles_are_served_nearest_the_students_rating_first() -> None:
    puzzles = made()
    for start in (700, 1300, 2300):
        c = controller(puzzles, student=start)
        distances = [abs(p.rating - start) for p in c.shown]
        assert distances == sorted(distances)
        assert c.puzzle is c.shown[0]
        assert f"your rating {start}" in c.progress()


def test_a_first_answer_moves_the_rating_and_the_puzzles_still_to_come() -> None:
    puzzles = made()
    clock = ManualClock()
    c = controller(puzzles, clock, student=1500)
    first = c.puzzle
    wrong = next(m for m in first.view.legal_moves() if m not in first.answer) \
        if first.kind != "where" else None
    if wrong is None:
        c.board.mark(sorted(first.answer)[0])
        c.check()
    else:
        c.select(list(c.scene.hand).index(wrong.dweebie))
        c.place(wrong.cell)
    assert c.student is not None
    expected, _ = glicko.attempt(glicko.Rating(1500.0, 350.0), glicko.puzzle(first.rating),
                                 solved=False)  # fmt: skip
    assert c.student == expected and c.student.rating < 1500
    rest = c.shown[1:]
    distances = [abs(p.rating - c.student.rating) for p in rest]
    assert distances == sorted(distances)
    # A second answer to the same puzzle does not count again.
    before = c.student
    clock.advance(10)
    if first.kind != "where":
        c.select(list(c.scene.hand).index(min(first.answer).dweebie))
        c.place(min(first.answer).cell)
    assert c.student == before


def test_without_a_student_the_order_is_the_order_given() -> None:
    puzzles = made()
    c = controller(puzzles)
    assert list(c.shown) == puzzles and c.student is None
    assert "your rating" not in c.progress()


def test_the_goal_keeps_one_height_for_the_whole_set_so_the_buttons_stay_put() -> None:
    from dweebies_widget.puzzles import PuzzleWidget

    for rules, lines in (("standard", 2), ("house", 3)):
        w = PuzzleWidget(load(rules=rules), width=600, height=420)
        heights = set()
        for index in range(min(len(w.puzzles), 12)):
            w.go(index)
            heights.add(re.search(r"min-height: ([\d.]+)em", w.goal.value).group(1))  # type: ignore[union-attr]
        assert heights == {f"{1.35 * lines:.2f}"}
        assert max(len(p.goal) for p in w.puzzles) <= lines * 75


def test_a_rating_from_elsewhere_reorders_the_puzzles_still_to_come() -> None:
    c = controller(made(), student=1500)
    first = c.puzzle
    c.follow(glicko.Rating(2300.0, 80.0))
    assert c.puzzle is first and c.student == glicko.Rating(2300.0, 80.0)
    distances = [abs(p.rating - 2300) for p in c.shown[1:]]
    assert distances == sorted(distances)
