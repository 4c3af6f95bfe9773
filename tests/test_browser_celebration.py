"""The end-of-game panel in a real browser (Voila): it appears when the last card is placed,
fits with the table and the status on a projector and at 150 % zoom, is read by axe-core
without a violation, and its "Review this game" opens the review by mouse, by touch and by
keyboard (Tab reaches its buttons in order, Enter presses).

The game is one placement from its end (``Game.from_position``): Ana places her last card,
Greedy answers at once, and the game is over.  Screenshots go to
``test-output/screens/celebration/CONTEXT/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_pages import (
    CONTEXTS,
    PLAY_PARTS,
    Server,
    a_move,
    axe_script,
    built,
    canvas_of,
    console_errors,
    font_sizes,
    in_step,
    match_size,
    out_of_view,
    recorded,
    rendered,
    shot,
    top_in_view,
    write_notebook,
)
from playwright.sync_api import Browser, Page

LAST_MOVE = (
    "from dweebies_widget import DweebiesWidget, Game\n"
    "from dweebies_widget.ai import ExpertPlayer, GreedyPlayer\n\n"
    "game = Game.from_position({(0, 0): 20, (0, 1): 9}, hands=[[5], [6]], pile=[],\n"
    "                          scores=[12, 9])\n"
    'widget = DweebiesWidget(seats=["Ana", GreedyPlayer()], game=game, ai_delay=0, flash=0,\n'
    "                        review_analyst=ExpertPlayer(simulations=30))\n"
    "widget"
)
"""Ana's last card to place; Greedy's answer ends the game."""
BIG = LAST_MOVE.replace("flash=0,", "flash=0, presentation=True,")
"""The same in presentation mode (text 24 CSS px on a projector)."""
PANEL = ".dweebies-widget .dweebies-celebration"
PANEL_PARTS = (*PLAY_PARTS, ("result", ".dweebies-celebration", "one"))
"""The table, the status and the panel (its buttons are checked as every control is)."""
HOW = {"desktop": "mouse", "tablet": "touch", "projector": "keyboard", "zoomed": "mouse"}
"""How "Review this game" is pressed in each context."""


@pytest.fixture(scope="module")
def served(voila: Server, notebooks: Path) -> str:
    write_notebook(notebooks / "celebration.ipynb", LAST_MOVE)
    write_notebook(notebooks / "celebration_big.ipynb", BIG)
    return f"{voila.url}/voila/render/"


def ended(page: Page, touch: bool, code: str = LAST_MOVE) -> Any:
    """The page's game played to its end (and its twin's): the panel shown."""
    rendered(page, ".dweebies-widget canvas")
    canvas_of(page)
    w = built(code)
    match_size(w, page)
    in_step(page, w)
    assert not page.locator(PANEL).count()  # not while the game goes on
    a_move(page, w, touch)
    assert w.game.is_over and w.celebrating
    page.locator(PANEL).wait_for(state="visible", timeout=20_000)
    canvas_of(page)  # the canvas is fitted again around the taller controls
    return w


def focused(page: Page) -> str:
    return str(page.evaluate("() => (document.activeElement?.textContent || '').trim()"))


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_the_game_ends_with_the_panel_and_review_opens_from_it(
    browser: Browser, served: str, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    page_url = served + "celebration.ipynb"
    device = CONTEXTS[context]
    touch = bool(device.get("has_touch"))
    errors: list[list[str]] = []
    with recorded(browser, page_url, device, lambda p: errors.append(console_errors(p))) as (
        page,
        _,
    ):
        w = ended(page, touch)
        top_in_view(page)
        assert out_of_view(page, parts=[p for p in PANEL_PARTS if p[2] != "near"]) == []
        title = page.locator(f"{PANEL} h2")
        assert title.inner_text().strip() == w.celebration.title
        labelled = page.locator(f"{PANEL} section").get_attribute("aria-labelledby")
        assert labelled == title.get_attribute("id")
        sizes = font_sizes(page, PANEL, ["h2", "li", "p", "button"])
        assert min(sizes.values()) >= 16, sizes
        heights = page.locator(f"{PANEL} button").evaluate_all(
            "bs => bs.map(b => b.getBoundingClientRect().height)"
        )
        assert heights and min(heights) >= 43.5, heights
        entrance = page.locator(PANEL).evaluate(
            "e => [getComputedStyle(e).animationName, getComputedStyle(e).animationDuration]"
        )
        assert entrance[0] != "none" and float(entrance[1].rstrip("s")) <= 0.3, entrance
        shot(page, "celebration", context, "01-end")
        with capsys.disabled():
            print(f"\ncelebration ({context}): text {sizes}, buttons {heights}")

        if context == "projector":  # axe-core, and no entrance for who asks for less motion
            page.add_script_tag(path=str(axe_script()))
            result = page.evaluate(
                "() => axe.run({include: [['.dweebies-celebration']]}, {runOnly: {type: 'tag',"
                " values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
            )
            assert result["violations"] == [], [v["id"] for v in result["violations"]]
            page.emulate_media(reduced_motion="reduce")
            assert page.locator(PANEL).evaluate("e => getComputedStyle(e).animationName") == (
                "none"
            )
        if context == "desktop":  # Look at the table, then Result shows it again
            page.get_by_role("button", name="Look at the table").click()
            page.locator(PANEL).wait_for(state="detached", timeout=20_000)
            shot(page, "celebration", context, "02-table")
            result = page.locator(".dweebies-widget button", has_text=re.compile(r"^\s*Result\s*$"))
            result.click()
            page.locator(PANEL).wait_for(state="visible", timeout=20_000)

        review = page.get_by_role("button", name="Review this game")
        how = HOW[context]
        if how == "keyboard":
            page.locator("canvas").first.focus()
            for _ in range(12):
                page.keyboard.press("Tab")
                if focused(page) == "Review this game":
                    break
            assert focused(page) == "Review this game"
            order = []
            for _ in range(2):
                page.keyboard.press("Tab")
                order.append(focused(page))
            assert order == ["New game", "Look at the table"]
            page.keyboard.press("Shift+Tab")
            page.keyboard.press("Shift+Tab")
            assert focused(page) == "Review this game"
            page.keyboard.press("Enter")
        elif how == "touch":
            review.tap()
        else:
            review.click()
        page.locator(".dweebies-widget .dweebies-review").first.wait_for(timeout=30_000)
        page.locator(PANEL).wait_for(state="detached", timeout=20_000)
        top_in_view(page)
        shot(page, "celebration", context, "03-review")
        assert errors == [[]]


@pytest.mark.parametrize("context", ["projector", "zoomed"])
def test_in_presentation_mode_the_panel_is_bigger_and_still_fits(
    browser: Browser, served: str, context: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with recorded(browser, served + "celebration_big.ipynb", CONTEXTS[context]) as (page, _):
        ended(page, False, BIG)
        top_in_view(page)
        assert out_of_view(page, parts=[p for p in PANEL_PARTS if p[2] != "near"]) == []
        sizes = font_sizes(page, PANEL, ["h2", "li", "p", "button"])
        # 24 CSS px on the projector; at 150 % zoom 16 CSS px are already 24 device pixels
        assert min(sizes.values()) >= (24 if context == "projector" else 16), sizes
        shot(page, "celebration", f"{context}-big", "01-end")
        with capsys.disabled():
            print(f"\ncelebration, presentation mode ({context}): text {sizes}")
