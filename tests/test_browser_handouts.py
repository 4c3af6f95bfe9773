"""The printable handouts (``make handouts``) in Debian's Chromium, as printed: opened from
their folder with no server and no network, laid out for paper (print media), and printed
to PDF on A4.

A worksheet reads at print size (its text at least 12 points), every table picture is drawn
(inked, not blank) at a size that fits the page, no question or puzzle is cut by a page
break, nothing sticks out sideways, and the page asks no host for anything.  The card sheet
prints its 54 cards 56 mm wide, nine to a page.  Screenshots of the printed layout go to
``test-output/screens/handouts/``.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from browser_pages import DESKTOP, recorded, shot
from PIL import Image
from playwright.sync_api import Browser, Page

from dweebies_widget.handouts import CARDS, worksheet_name, write
from dweebies_widget.lessons import lessons

PAPER = {"viewport": {"width": 794, "height": 1123}}
"""A window the size of an A4 page at 96 pixels an inch."""
MM = 96 / 25.4
"""CSS pixels in a millimetre."""


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    write(out)
    return out


def drawn(page: Page, selector: str) -> tuple[float, float]:
    """The shares of the pixels of the first element matched by ``selector`` that are
    painted (not white) and inked (dark)."""
    picture = Image.open(io.BytesIO(page.locator(selector).first.screenshot())).convert("L")
    values = picture.tobytes()
    painted = sum(1 for value in values if value < 250)
    dark = sum(1 for value in values if value < 128)
    return painted / len(values), dark / len(values)


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    return list(page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {w: r.width, h: r.height, x: r.x, right: r.right,"
        " brk: getComputedStyle(e).breakInside}; })"
    ))  # fmt: skip


def pdf_pages(page: Page) -> int:
    data = page.pdf(format="A4", print_background=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def printed(browser: Browser, path: Path) -> Any:
    """The handout at ``path`` opened as printed; fails if it asked any host for anything."""
    return recorded(browser, path.as_uri(), PAPER)


def test_a_worksheet_prints_readably(browser: Browser, handouts: Path) -> None:
    with_tables = [e for e in lessons() if any(q.position is not None for q in e.questions)]
    each = (with_tables or lessons())[0]
    with printed(browser, handouts / worksheet_name(each.lesson)) as (page, asked):
        page.emulate_media(media="print")
        width = page.evaluate("() => document.documentElement.clientWidth")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector"
                             "('.prompt') || document.body).fontSize)")  # fmt: skip
        assert size >= 16  # 12 points
        items = boxes(page, ".item")
        assert len(items) == len(each.questions) + page.locator(".item.puzzle").count()
        assert all(item["brk"] == "avoid" for item in items)  # never cut by a page break
        pictures = boxes(page, ".picture > svg")
        assert len(pictures) == page.locator(".item .picture").count()
        for box in pictures:
            assert 300 < box["w"] <= width and 100 < box["h"] <= 116 * MM
        if pictures:
            painted, inked = drawn(page, ".picture > svg")
            assert painted > 0.3 and inked > 0.003  # the table, its cards and their names
        assert 0 < pdf_pages(page) <= 2 * len(items) + 1
        shot(page, "handouts", f"worksheet-{each.lesson}")
        assert [u for u in asked.urls if u.startswith(("http", "ws"))] == []


def test_the_card_sheet_prints_nine_cards_a_page(browser: Browser, handouts: Path) -> None:
    with printed(browser, handouts / CARDS) as (page, asked):
        page.emulate_media(media="print")
        cards = boxes(page, ".card")
        assert len(cards) == 54
        for card in cards:
            assert abs(card["w"] - 56 * MM) < 1 and abs(card["h"] - 76 * MM) < 1
            assert card["brk"] == "avoid"
        painted, inked = drawn(page, ".card > svg")
        assert painted > 0.2 and inked > 0.01  # the card's face is drawn
        assert pdf_pages(page) == 6  # nine to a page (three rows of three), the heading too
        shot(page, "handouts", "cards")
        assert [u for u in asked.urls if u.startswith(("http", "ws"))] == []
        assert DESKTOP  # the same browser as every other browser test
