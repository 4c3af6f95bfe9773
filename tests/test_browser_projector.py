"""The widget on a classroom projector (1280 x 720) in Voila, played with mouse and keyboard.
The servers and helpers are in ``browser_pages.py``.

Once the widget is scrolled to the top of the screen, the table, the status line, every
button and the newest line of the move log are in view together, after a few moves as at the
start, and the newest move comes back into view when a move is made while the log is scrolled
down.  Tab takes the focus from the canvas to the first button (and Shift+Tab back), while
the game's own keys still reach the canvas.  Then a whole game is played to its end, which
the page must show: the banner on the table, and the status line and the board's text for
screen readers say so.
"""

from __future__ import annotations

from browser_pages import (
    CANVAS,
    PROJECTOR,
    Server,
    a_move,
    canvas_of,
    described,
    description,
    in_step,
    match_size,
    opened,
    out_of_view,
    status_text,
    top_in_view,
    twin,
)
from playwright.sync_api import Browser, Page

from dweebies_widget import DweebiesWidget

COLUMN = """([x, y, h]) => Array.from(document.querySelector('.dweebies-widget canvas')
    .getContext('2d').getImageData(x, y, 1, h).data)"""


def banner_column(page: Page, w: DweebiesWidget) -> list[list[int]]:
    """The pixels of a short upright line just inside the left edge of where the end banner
    goes (a card in the middle of the table, 60 CSS pixels around its middle): all one
    colour on a banner, crossed by the table's grid lines (or cards) without one."""
    match_size(w, page)
    g = w.geometry.css  # the banner is laid out in CSS pixels, drawn at the pixel ratio
    x, y, width, height = g.table_band
    left, middle = x + (width - min(width - 24, 560)) / 2 + 10, y + height / 2
    r = w.pixel_ratio
    data = page.evaluate(COLUMN, [round(left * r), round((middle - 30) * r), round(60 * r)])
    return [data[i : i + 4] for i in range(0, len(data), 4)]


def spread(pixels: list[list[int]]) -> int:
    """How far apart the pixels' colours are (the widest of red, green and blue)."""
    return max(max(p[i] for p in pixels) - min(p[i] for p in pixels) for i in range(3))


def active(page: Page) -> str:
    return str(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.tagName === 'CANVAS' ? 'canvas' : e.textContent.trim(); }"
        )
    )


def test_projector_shows_table_status_buttons_and_newest_move_together(
    browser: Browser, voila: Server
) -> None:
    with opened(browser, f"{voila.url}/voila/render/play_fast.ipynb", PROJECTOR) as page:
        canvas_of(page)
        w = twin()
        for _ in range(3):
            a_move(page, w)
        top_in_view(page)
        assert out_of_view(page) == []
        assert spread(banner_column(page, w)) > 8, "the table's grid lines cross it mid-game"

        # Keyboard: Tab leaves the canvas for the first button, Shift+Tab comes back, and the
        # game's keys still work on the canvas.
        page.locator(CANVAS).first.focus()
        page.keyboard.press("Tab")
        assert active(page) == "New game"
        page.keyboard.press("Shift+Tab")
        assert active(page) == "canvas"
        outline = page.locator(CANVAS).first.evaluate(
            "c => { const s = getComputedStyle(c); return [s.outlineStyle, s.outlineWidth]; }"
        )
        assert outline == ["solid", "3px"], "the keyboard focus is not visible"
        page.keyboard.press("1")
        w.session.key("1")
        in_step(page, w)
        assert w.selected == 0
        page.keyboard.press("Escape")
        w.session.key("Escape")
        in_step(page, w)

        # A whole game, to its end.  Midway, the log is scrolled down to older moves: the
        # next move brings its top, the newest move, back into view.
        log = page.locator(".dweebies-log").first
        scrolled = False
        while not w.game.is_over:
            a_move(page, w)
            if not scrolled and len(w.game.history) >= 16:
                scrolled = True
                assert log.evaluate("e => { e.scrollTop = e.scrollHeight; return e.scrollTop; }")
                a_move(page, w)
                assert log.evaluate("e => e.scrollTop") == 0
        assert scrolled
        assert "game over" in status_text(page).lower()
        assert w.celebrating  # the twin, in the same state, shows the end-of-game panel
        page.locator(".dweebies-widget .dweebies-celebration").wait_for(state="visible")
        assert described(page, w.session.describe()) == w.session.describe()
        assert "game over" in description(page).lower()
        top_in_view(page)
        assert out_of_view(page) == []
