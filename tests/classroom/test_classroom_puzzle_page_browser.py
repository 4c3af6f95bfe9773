"""The classroom's puzzle page as a teacher serves it (``python -m dweebies_widget.classroom
serve``), in Debian's Chromium, on the smallest screen it must fit: a 1280 x 720 projector at
150 % zoom.  A student signs in, the puzzle shown is answered wrong (the answer is recorded in
the store and the rating follows it), and at each step the title, the goal, the table, the
status and every control are in the window, with text of at least 16 CSS px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_pages import (
    PUZZLE_PARTS,
    ClassroomServer,
    canvas_of,
    font_sizes,
    match_size,
    press,
    rendered,
    type_in,
    walked,
)
from playwright.sync_api import Browser

from dweebies_widget.classroom.puzzles import PuzzleClass
from dweebies_widget.classroom.room import open_store
from dweebies_widget.classroom.serve import LOBBY
from dweebies_widget.puzzles import PuzzleWidget, glicko

PAGE = f"{Path(LOBBY).parent.as_posix()}/puzzles.ipynb"
MIN_TEXT = 16.0
FORM_PARTS = (("name", "input", "one"), ("start", "button", "one"))
TEXT = (".dweebies-puzzle-title", ".dweebies-puzzle-goal", ".dweebies-status")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = ClassroomServer(tmp_path_factory.mktemp("puzzles"), pool=0)
    try:
        yield s
    finally:
        s.stop()


def test_the_puzzle_page_fits_a_projector_at_150_percent(
    browser: Browser, server: ClassroomServer
) -> None:
    root = ".dweebies-classroom-puzzles"
    url = f"{server.url}/voila/render/{PAGE}"
    with walked(browser, url, "classroom/puzzles", "zoomed", root, FORM_PARTS) as (page, walk):
        rendered(page, root, 120)
        walk.step("sign-in")
        assert min(font_sizes(page, root, ("p",)).values()) >= MIN_TEXT
        type_in(page, "Your name", "Zoe")
        type_in(page, "4 digits", "1234")
        page.get_by_role("button", name="Start").click()
        canvas_of(page)
        board = ".dweebies-puzzles"
        walk.step("a-puzzle", board, PUZZLE_PARTS)
        sizes = font_sizes(page, board, TEXT)
        assert min(sizes.values()) >= MIN_TEXT, sizes
        assert "your rating 1500" in page.locator(".dweebies-puzzle-title").inner_text()
        # The page's board, built here: the same puzzles in the same order.
        trainer = PuzzleClass(server.store)
        student = trainer.student("zoe")
        w = PuzzleWidget(list(trainer.puzzles.values()), student=student.rating)
        trainer.close()
        match_size(w, page)
        puzzle = w.puzzle
        if puzzle.kind == "where":  # one wrong mark, then Check
            cell = next(m.cell for m in puzzle.view.legal_moves() if m.cell not in puzzle.answer)
            press(page, w.geometry.cell_center(cell), False)
            page.get_by_role("button", name="Check").click()
        else:
            move = next(m for m in sorted(puzzle.view.legal_moves()) if m not in puzzle.answer)
            press(page, w.geometry.hand_center(list(w.session.scene.hand).index(move.dweebie)),
                  False)  # fmt: skip
            page.wait_for_timeout(400)
            press(page, w.geometry.cell_center(move.cell), False)
        page.locator(".dweebies-log li").first.wait_for(timeout=20_000)
        expected, _ = glicko.attempt(glicko.STUDENT, glicko.puzzle(puzzle.rating), solved=False)
        page.locator(
            ".dweebies-puzzle-title", has_text=f"your rating {round(expected.rating)}"
        ).wait_for(timeout=20_000)
        walk.step("answered", board, PUZZLE_PARTS)
        store = open_store(server.store)
        try:
            attempts = store.attempts("zoe")
        finally:
            store.close()
        assert [(a.puzzle, a.number, a.solved) for a in attempts] == [(puzzle.id, 1, False)]
