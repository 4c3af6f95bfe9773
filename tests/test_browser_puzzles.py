"""The puzzle widget and a question in a real browser: Debian's Chromium, driven by
Playwright, on a Voila page (``puzzle.ipynb`` of ``browser_pages.py``: a haul puzzle made
from a small position, and a multiple-choice question under it).

The page fits a 1280 x 720 projector.  A student's path, by mouse: a wrong answer (told,
then the position goes back), then the right one (told, and the collected cards gone from
the canvas); then the question, whose verdict appears only once it is submitted (a wrong
answer's gives nothing away; Show the answer gives it).  The screen-reader text follows, and
axe-core finds no serious or critical problem on the page before and after.
"""

from __future__ import annotations

import time

import pytest
from browser_pages import (
    PROJECTOR,
    Server,
    axe_script,
    canvas_of,
    canvas_sizes,
    description,
    no_horizontal_overflow,
    opened,
    pixel,
    press,
    small_controls,
    status_text,
    wait_for_text,
)
from playwright.sync_api import Browser, Page
from test_accessibility import audit

from dweebies_widget import Game
from dweebies_widget.puzzles import Puzzle, PuzzleWidget


def twin(page: Page) -> PuzzleWidget:
    """The page's puzzle, built here and sized like the page's canvas: where things are."""
    game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
    w = PuzzleWidget([Puzzle.make(game, "haul")])
    width, height, _, _ = canvas_sizes(page)
    w.session.resize(width, height)
    return w


def test_a_puzzle_and_a_question_are_solved_in_voila(
    browser: Browser, voila: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(browser, f"{voila.url}/voila/render/puzzle.ipynb", PROJECTOR) as page:
        canvas_of(page)
        wait_for_text(page, ".dweebies-status", "Your move")
        assert "Collect as many cards" in page.locator(".dweebies-puzzle-goal").inner_text()
        # On a 1280 x 720 projector the goal, the table, the status and the buttons are in
        # view together; every button is big enough for a finger; nothing scrolls sideways.
        page.locator(".dweebies-puzzles").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        time.sleep(0.3)
        tops = page.evaluate(
            """() => ['.dweebies-puzzle-goal', 'canvas', '.dweebies-status', '.dweebies-buttons']
            .map(s => document.querySelector('.dweebies-puzzles ' + s).getBoundingClientRect())
            .map(r => [r.top, r.bottom])"""
        )
        assert tops[0][0] >= 0 and tops[-1][1] <= PROJECTOR["viewport"]["height"], tops
        shown = [c for c in small_controls(page) if not c.endswith(" 0.0x0.0")]  # not hidden
        assert shown == [] and no_horizontal_overflow(page) == []
        page.add_script_tag(path=str(axe_script()))
        assert audit(page, "the puzzle page at the start", capsys) == []
        w = twin(page)
        g = w.geometry
        target = g.cell_center((0, 2))
        x, y, cw, ch = g.card_box((0, 0))
        corner = (x + 0.5 * cw, y + 0.37 * ch)  # the body of the Dweebie at (0, 0): collected
        card = pixel(page, corner)

        press(page, g.hand_center(0), touch=False)  # Doozy: a wrong answer
        wait_for_text(page, ".dweebies-status", "Place Doozy")
        press(page, target, touch=False)
        wait_for_text(page, ".dweebies-status", "Not quite: Doozy at (0, 2) collects nothing")
        wait_for_text(page, ".dweebies-status", "Your move")  # the position went back
        assert "Not quite" in status_text(page)

        press(page, g.hand_center(1), touch=False)  # Ugbug: the answer
        wait_for_text(page, ".dweebies-status", "Place Ugbug")
        press(page, target, touch=False)
        wait_for_text(page, ".dweebies-status", "Right! Ugbug at (0, 2) collects 3 cards")
        wait_for_text(page, ".dweebies-status", "Solved!")
        wait_for_text(page, ".dweebies-log", "right, 2 points")
        time.sleep(0.5)  # the last redraw reaches the canvas
        assert pixel(page, corner) != card, "the collection is not drawn"
        assert "Puzzle 1 of 1" in description(page) and "Solved!" in description(page)

        # The question: no verdict in the page until it is submitted; a wrong answer's
        # verdict gives nothing of the answer away, Show the answer gives it, and why.
        question = page.locator(".dweebies-question")
        verdict = question.locator(".dweebies-verdict")
        assert verdict.inner_text() == ""
        question.locator(".dweebies-choice").nth(0).click()
        question.locator("button[type=submit]").click()
        wait_for_text(page, ".dweebies-question .dweebies-verdict", "Not quite: A is not")
        assert "Ugbug" not in verdict.inner_text() and "tried" in question.inner_text()
        question.get_by_role("button", name="Show the answer").click()
        wait_for_text(page, ".dweebies-question .dweebies-verdict", 'answer is B, "Ugbug"')
        assert "other end of the row" in verdict.inner_text()
        assert "the right answer" in question.inner_text()
        assert audit(page, "the puzzle page once solved and answered", capsys) == []
