"""The widget in a real browser with a mouse: Debian's Chromium, driven by Playwright, in
JupyterLab, Notebook 7 and Voila, each serving a copy of ``tests/browser/play_vs_ai.ipynb``
(a seeded game, Ana against Greedy).  The servers and helpers are in ``browser_pages.py``.

Each test clicks a hand card and then a lit cell, the way a student does, and checks what
the student would see: the status text in the page, pixels of the canvas that changed, and
the AI's answer in the move log.

The click-to-redraw latency is measured in the page (from the ``mousedown`` event to the
first animation frame whose canvas pixel changed) and printed.  With ``DWEEBIES_SCREENSHOTS``
set to a folder, the JupyterLab test also saves a picture of the widget mid-game there as
``screenshot.png``, at device pixel ratio 2 (``make screenshot`` refreshes ``docs/`` this way).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from browser_pages import (
    DESKTOP,
    Server,
    canvas_of,
    latencies,
    match_size,
    opened,
    pixel,
    press,
    report,
    run_all_cells,
    status_text,
    twin,
    wait_for_text,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import DweebiesWidget

SHOTS = os.environ.get("DWEEBIES_SCREENSHOTS")


def play_a_move(page: Page) -> tuple[list[float], DweebiesWidget]:
    """Pick a card, place it on the lit centre cell, check the AI answers; return the
    click-to-redraw latencies (ms) of a few card picks, and the twin after the move."""
    canvas_of(page)
    wait_for_text(page, ".dweebies-status", "Ana to play")
    w = twin()
    match_size(w, page)
    card = w.geometry.hand_center(0)
    centre = w.geometry.cell_center((0, 0))
    empty_centre = pixel(page, centre)
    assert empty_centre[3] == 255, "the table was never drawn"

    # Latency: pick and drop the first card a few times; each click redraws the canvas.
    found = latencies(page, w, touch=False)
    time.sleep(0.3)
    assert "pick a card" in status_text(page)  # an even number of clicks: nothing picked

    press(page, card, touch=False)
    wait_for_text(page, ".dweebies-status", "on a lit")
    w.select(0)
    lit = pixel(page, centre)
    assert lit != empty_centre, "the lit cell did not light up"

    press(page, centre, touch=False)
    wait_for_text(page, ".dweebies-log", "Ana placed")
    wait_for_text(page, ".dweebies-log", "Greedy placed")
    wait_for_text(page, ".dweebies-status", "Ana to play")
    time.sleep(0.5)  # the last redraw reaches the canvas
    assert pixel(page, centre) not in (lit, empty_centre), "the placed card is not drawn"
    w.place((0, 0))
    return found, w


def in_view(page: Page) -> dict[str, float]:
    """The widget's box, scrolled to the top of the notebook, cut where the notebook ends."""
    page.locator(".dweebies-widget").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    time.sleep(0.3)
    box = page.evaluate(
        """() => {
        const w = document.querySelector('.dweebies-widget').getBoundingClientRect();
        const n = document.querySelector('.jp-WindowedPanel-outer').getBoundingClientRect();
        return {x: w.x, y: w.y, width: w.width, height: Math.min(w.bottom, n.bottom) - w.y};
    }"""
    )
    return {k: float(v) for k, v in box.items()}


def show(name: str, found: list[float], capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n{report(name + ' (mouse)', found)}")


def test_widget_plays_in_jupyterlab(
    browser: Browser, lab: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    device = {**DESKTOP, "device_scale_factor": 2} if SHOTS else DESKTOP
    with opened(browser, f"{lab.url}/lab/tree/play_vs_ai.ipynb?reset", device) as page:
        run_all_cells(page)
        found, w = play_a_move(page)
        show("JupyterLab", found, capsys)
        if SHOTS:  # a card picked, its cells lit, mid-game
            match_size(w, page)
            press(page, w.geometry.hand_center(1), touch=False)
            wait_for_text(page, ".dweebies-status", "on a lit")
            time.sleep(0.5)
            page.screenshot(path=Path(SHOTS) / "screenshot.png", clip=in_view(page))


def test_widget_plays_in_notebook_7(
    browser: Browser, lab: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(browser, f"{lab.url}/notebooks/play_nb7.ipynb", DESKTOP) as page:
        run_all_cells(page)
        show("Notebook 7", play_a_move(page)[0], capsys)


def test_widget_plays_in_voila(
    browser: Browser, voila: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(browser, f"{voila.url}/voila/render/play_vs_ai.ipynb", DESKTOP) as page:
        show("Voila", play_a_move(page)[0], capsys)
