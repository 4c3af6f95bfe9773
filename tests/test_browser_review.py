"""Review in a real browser: a short game played to its end by clicks in Voila on a 1280 x
720 projector (Chromium, Playwright; the servers and helpers are in ``browser_pages.py``),
then Review, then one step forward by the keyboard and one by the Forward button.

The page must show what the headless twin (the same notebook code, run here, given the same
clicks and the same review) shows: the status line, and the board in words for screen
readers.  Review swaps the row of play buttons for the step buttons, with everything still in
view, and leaves the keyboard focus on the table; a step moves the graph's cursor on the
canvas (a pixel of the next column turns from paper to the cursor's colour).  With
``DWEEBIES_SCREENSHOTS`` set to a folder, the page is saved there as ``screenshot-review.png``.

A page that connects while a review is running (every judged move redraws the graph) must
show the canvas too: ipycanvas's page stops drawing for good after a redraw that does not
name its canvas, and the redraws sent before the page was ready do not count.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from browser_pages import (
    PROJECTOR,
    REVIEWING,
    SHORT,
    Server,
    act,
    canvas_of,
    described,
    in_step,
    match_size,
    opened,
    out_of_view,
    pixel,
    settle,
    status_text,
    top_in_view,
    visible_legal,
    wait_for_text,
)
from playwright.sync_api import Browser, Locator, Page

from dweebies_widget import DweebiesWidget
from dweebies_widget.ai import ExpertPlayer, review

SHOTS = os.environ.get("DWEEBIES_SCREENSHOTS")


def short_twin() -> DweebiesWidget:
    """The notebook's widget, built here from the notebook's own code."""
    names: dict[str, Any] = {}
    exec(SHORT, names)
    widget: DweebiesWidget = names["widget"]
    return widget


def button(page: Page, label: str) -> Locator:
    """The widget's button that says ``label``."""
    return page.locator(".dweebies-widget button", has_text=label).first


def cursor_pixel(page: Page, w: DweebiesWidget, step: int) -> list[int]:
    """The pixel just above the graph's plot, in the middle of ``step``'s column: the
    cursor's line when that step is shown, the paper otherwise."""
    replay = w.session.replay
    assert replay is not None
    x = w.geometry.graph_x(step, replay.steps + 1)
    y = w.geometry.graph_plot[1] - 2 * w.pixel_ratio
    return pixel(page, (x, y))


def test_review_after_a_short_game_in_voila_steps_once(browser: Browser, voila: Server) -> None:
    with opened(browser, f"{voila.url}/voila/render/review_short.ipynb", PROJECTOR) as page:
        canvas_of(page)
        w = short_twin()
        match_size(w, page)
        in_step(page, w)
        while not w.game.is_over:  # Ana plays her first card on the lit cell nearest the middle
            act(page, w, w.geometry.hand_center(0), touch=False)
            in_step(page, w)
            act(page, w, w.geometry.cell_center(visible_legal(w)[0]), touch=False)
            in_step(page, w)
        assert "Press Review" in status_text(page) or "Game over" in status_text(page)

        button(page, "Review").click()
        rev = review(w.game, ExpertPlayer(simulations=30), names=w.labels, executor=None,
                     progress=False)  # fmt: skip
        w.session.open_replay(review=rev)  # the twin, looking back with the same review
        wait_for_text(page, ".dweebies-status", "Each move is judged", seconds=60)
        assert button(page, "Forward").is_visible()
        assert button(page, "New game").count() == 0  # the rows swapped
        settle(page)  # the canvas fits the page again under the new row
        match_size(w, page)
        in_step(page, w)
        assert status_text(page).splitlines()[0] == w.session.status_lines()[0]
        assert status_text(page).startswith("Move 1 of 6: Ana played")
        top_in_view(page)
        assert out_of_view(page) == []
        assert page.evaluate("() => document.activeElement.tagName") == "CANVAS"
        before = cursor_pixel(page, w, 1)

        page.keyboard.press("ArrowRight")  # the focus stayed on the table: the arrows step
        w.session.key("ArrowRight")
        in_step(page, w)
        assert status_text(page).startswith("Move 2 of 6: Greedy played")
        assert described(page, w.session.describe()) == w.session.describe()
        time.sleep(0.3)  # the redraw reaches the canvas
        assert cursor_pixel(page, w, 1) != before, "the graph's cursor did not move on"

        button(page, "Forward").click()
        w.session.go_by(1)
        in_step(page, w)
        assert status_text(page).startswith("Move 3 of 6: Ana played")
        if SHOTS:
            page.locator(".dweebies-widget").first.evaluate(
                "e => e.scrollIntoView({block: 'start'})"
            )
            time.sleep(0.3)
            page.screenshot(path=Path(SHOTS) / "screenshot-review.png")


def test_a_page_that_opens_while_the_review_runs_is_drawn(browser: Browser, voila: Server) -> None:
    assert "review=True" in REVIEWING
    with opened(browser, f"{voila.url}/voila/render/replay_reviewing.ipynb", PROJECTOR) as page:
        canvas_of(page)
        wait_for_text(page, ".dweebies-status", "Each move is judged", seconds=60)  # done
        time.sleep(0.5)
        assert pixel(page, (20, 20))[3] == 255, "the canvas was never drawn"
        page.locator(".dweebies-widget canvas").first.focus()
        page.keyboard.press("End")
        wait_for_text(page, ".dweebies-status", "The end, after move 54")
