"""The play page passes an automated accessibility audit: axe-core (Deque's open-source
engine, from the npm registry) run in Chromium on ``notebooks/00_play.ipynb`` served by
Voila, against the WCAG 2.0 and 2.1 A and AA rules, at the start and again mid-game (a move
made, a card picked and its cells lit).  No violation may be serious or critical; whatever
axe reports is printed.

The first board of the page is the guided first game; the audit plays its first turn.
It also checks what the audit cannot: the canvas has a name and a text alternative that
follows the game, and the live region that announces moves keeps its element (it is changed,
never replaced, so screen readers notice).
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_pages import (
    CANVAS,
    PROJECTOR,
    Server,
    axe_script,
    canvas_of,
    description,
    match_size,
    opened,
    press,
    wait_for_text,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import TutorialWidget
from dweebies_widget.cards import NAMES

MUMBO = NAMES.index("Mumbo")
ZUZU = NAMES.index("Zuzu")

AUDIT = """() => axe.run(document, {runOnly: {type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"""


def audit(page: Page, when: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    result = page.evaluate(AUDIT)
    violations: list[dict[str, Any]] = result["violations"]
    with capsys.disabled():
        print(
            f"\naxe-core on the Voila play page, {when}: {len(result['passes'])} rules "
            f"passed, {len(violations)} violated, {len(result['incomplete'])} to check by hand"
        )
        for v in violations + result["incomplete"]:
            targets = [n["target"] for n in v["nodes"]][:4]
            print(f"  {v['impact']}: {v['id']} ({v['help']}) at {targets}")
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def test_play_page_passes_axe(
    browser: Browser, voila: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(browser, f"{voila.url}/voila/render/00_play.ipynb", PROJECTOR) as page:
        canvas_of(page)  # the first board: the guided first game
        wait_for_text(page, ".dweebies-status", "Guided turn 1")
        page.add_script_tag(path=str(axe_script()))
        assert audit(page, "at the start", capsys) == []

        canvas = page.locator(CANVAS).first
        assert canvas.get_attribute("role") == "application"
        assert canvas.get_attribute("aria-label")
        live = page.locator(".dweebies-companion [aria-live=polite]").first
        live.evaluate("e => { window.__live = e; }")
        start = description(page)
        assert "You" in start

        w = TutorialWidget(ai_delay=0, flash=0)  # the same guided game: the same places
        match_size(w, page)
        mumbo = w.game.hand(0).index(MUMBO)  # turn 1 wants Mumbo in the centre
        press(page, w.geometry.hand_center(mumbo), touch=False)
        press(page, w.geometry.cell_center((0, 0)), touch=False)
        wait_for_text(page, ".dweebies-log", "Greedy", seconds=60)
        wait_for_text(page, ".dweebies-status", "Guided turn 2")
        w.session.click(*w.geometry.hand_center(mumbo))
        w.session.click(*w.geometry.cell_center((0, 0)))
        # The keyboard picks the card turn 2 asks for (Zuzu), by its number in the hand as
        # shown: no picture needed.
        number = str(w.session.hand().index(ZUZU) + 1)
        canvas.focus()
        page.keyboard.press(number)
        w.session.key(number)
        wait_for_text(page, ".dweebies-status", "on a lit")
        assert description(page) != start
        # The live region, the same element as at the start, says what the screen says now
        # (it is emptied first, then filled, so that the same words twice are read again).
        said = w.session.announcement
        assert said
        page.wait_for_function(
            "said => window.__live.isConnected && window.__live.textContent.includes(said)",
            arg=said,
            timeout=10_000,
        )
        assert audit(page, "mid-game", capsys) == []
