"""The widget on touch screens: Chromium emulating a 768 x 1024 tablet at device pixel ratio
2 (``has_touch``, ``is_mobile``), in Voila and JupyterLab.  The servers and helpers are in
``browser_pages.py``.

A student taps a hand card, taps a lit cell (which shows the preview: "tap again to place"),
taps it again, and the computer answers.  Every step is checked against the headless twin,
which is given the same taps: the page's status line and move log must say what the twin's
say.  The canvas must be sharp (its backing store at least 1.9 times its CSS width), nothing
may scroll the page sideways, and every tap target must be at least 44 CSS pixels.  The same
page is then turned to landscape (1024 x 768) and shrunk to a phone (390 x 844), and the game
goes on at each size.

With ``DWEEBIES_SCREENSHOTS`` set to a folder, the Voila test saves the tablet's page there as
``screenshot-tablet.png`` (``make screenshot``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from browser_pages import (
    TABLET,
    Server,
    act,
    canvas_of,
    described,
    in_step,
    latencies,
    log_text,
    match_size,
    no_horizontal_overflow,
    opened,
    ratio_of,
    report,
    run_all_cells,
    settle,
    small_controls,
    status_text,
    twin,
    visible_legal,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import DweebiesWidget
from dweebies_widget.widget.geometry import MIN_TAP

SHOTS = os.environ.get("DWEEBIES_SCREENSHOTS")


def start(page: Page) -> DweebiesWidget:
    canvas_of(page)
    w = twin()
    match_size(w, page)
    in_step(page, w)
    return w


def tap_a_move(page: Page, w: DweebiesWidget) -> None:
    """Tap a card, tap a lit cell twice; the move is made and the computer answers."""
    match_size(w, page)
    moves = len(w.game.history)
    act(page, w, w.geometry.hand_center(0), touch=True)
    in_step(page, w)
    assert w.selected == 0
    cell = visible_legal(w)[0]
    act(page, w, w.geometry.cell_center(cell), touch=True)
    in_step(page, w)
    assert "tap again" in status_text(page).lower()
    assert len(w.game.history) == moves, "one tap on a cell must not place"
    act(page, w, w.geometry.cell_center(cell), touch=True)
    in_step(page, w)
    placed, answer = w.game.history[moves], w.game.history[moves + 1]
    assert placed.seat == 0 and placed.move.cell == cell and answer.seat == 1
    log = log_text(page)
    assert "Ana placed" in log and "Greedy placed" in log
    assert log.index("Greedy placed") < log.index("Ana placed"), "the newest move comes first"
    assert described(page, w.session.describe()) == w.session.describe()


def check_the_screen(page: Page, w: DweebiesWidget) -> None:
    """Sharp, no sideways scrolling, every tap target at least 44 CSS pixels."""
    settle(page)
    match_size(w, page)
    assert ratio_of(page) >= 1.9, "the canvas is blurry: its backing store is not 2x"
    assert no_horizontal_overflow(page) == []
    assert small_controls(page) == []
    ratio = ratio_of(page)
    _, _, card_w, card_h = w.geometry.hand_box(0)
    assert min(card_w, card_h) / ratio >= MIN_TAP
    cell_w, cell_h = w.geometry.cell_size
    assert min(cell_w, cell_h) / ratio >= MIN_TAP


def test_touch_play_in_voila_on_a_tablet_then_landscape_then_a_phone(
    browser: Browser, voila: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(browser, f"{voila.url}/voila/render/play_touch.ipynb", TABLET) as page:
        w = start(page)
        check_the_screen(page, w)
        found = latencies(page, w, touch=True)
        with capsys.disabled():
            print(f"\n{report('Voila (touch, 768 x 1024 at 2x)', found)}")
        tap_a_move(page, w)
        check_the_screen(page, w)
        if SHOTS:
            act(page, w, w.geometry.hand_center(1), touch=True)
            in_step(page, w)
            time.sleep(0.3)
            page.screenshot(path=Path(SHOTS) / "screenshot-tablet.png", full_page=True)
            act(page, w, w.geometry.hand_center(1), touch=True)  # drop the pick again
            in_step(page, w)

        page.set_viewport_size({"width": 1024, "height": 768})  # landscape
        check_the_screen(page, w)
        tap_a_move(page, w)

        page.set_viewport_size({"width": 390, "height": 844})  # a phone: playable
        settle(page)
        assert no_horizontal_overflow(page) == []
        assert ratio_of(page) >= 1.9
        tap_a_move(page, w)


def test_touch_play_in_jupyterlab_on_a_tablet(browser: Browser, lab: Server) -> None:
    with opened(browser, f"{lab.url}/lab/tree/play_touch.ipynb?reset", TABLET) as page:
        run_all_cells(page)
        w = start(page)
        settle(page)
        assert ratio_of(page) >= 1.9
        assert no_horizontal_overflow(page) == []
        tap_a_move(page, w)
        assert no_horizontal_overflow(page) == []
