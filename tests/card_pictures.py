"""Dweebie cards as pictures in Chromium: the SVG of a card, a page of cards, the screenshot.

Shared by the contact sheet (``docs/make_contact_sheet.py``) and the browser test of the
characters (``tests/test_browser_characters.py``).  A card is drawn only through the
package's public painter, as the handouts draw it: :func:`~dweebies_widget.widget.paint.
paint_cards` on a :class:`~dweebies_widget.widget.pen.Pen`, written by
:func:`~dweebies_widget.widget.svg_writer.canvas_svg`.  So whatever :func:`~dweebies_widget.
face.card_face` says a card shows is what is pictured here.

Chromium is Debian's (``/usr/bin/chromium``) under Playwright, at device pixel ratio 2 (a
tablet's or a laptop's sharp screen), offline: a page is set from a string, with every
picture inline, and the browser context has no network.

>>> svg = card_svg(4, TABLE_CARD_W)
>>> svg.startswith("<svg") and 'aria-label="Eeko"' in svg
True
>>> card_size(76.0)
(76.0, 98.0)
"""

from __future__ import annotations

import io
import math
import re
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from dweebies_widget.cards import NAMES
from dweebies_widget.face import CARD_H, CARD_W
from dweebies_widget.palette import FONT
from dweebies_widget.widget.paint import paint_cards
from dweebies_widget.widget.pen import Pen
from dweebies_widget.widget.svg_writer import canvas_svg

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = [
    "CHROMIUM",
    "CHROMIUM_ARGS",
    "PAD",
    "RATIO",
    "TABLE_CARD_W",
    "Tiles",
    "card_size",
    "card_svg",
    "chromium",
    "page_html",
    "recoloured",
    "screenshot",
    "tiles",
]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
RATIO = 2
"""Device pixels per CSS pixel."""
TABLE_CARD_W = 40.0
"""A card on the table of a tablet, in CSS pixels: about the least a game shows."""
PAD = 3
"""Room around a card in its picture, in CSS pixels, for its shadow."""

Picture = npt.NDArray[np.uint8]


def card_size(width: float) -> tuple[float, float]:
    """A card ``width`` CSS pixels wide: its width and height."""
    return width, width * CARD_H / CARD_W


def card_svg(dweebie: int, width: float) -> str:
    """The card of ``dweebie``, ``width`` CSS pixels wide, as an SVG picture with
    :data:`PAD` pixels of room on each side (the card's box starts at ``(PAD, PAD)``)."""
    w, h = card_size(width)
    pen = Pen()
    paint_cards(pen, [((PAD, PAD, w, h), dweebie)])
    return canvas_svg(pen, (w + 2 * PAD, h + 2 * PAD), 1, label=NAMES[dweebie])


_COLOUR = re.compile(r"#([0-9A-Fa-f]{6})\b|rgba\((\d+), (\d+), (\d+),")


def recoloured(svg: str) -> str:
    """``svg`` with every colour that is not a gray changed, nothing else: the red, green
    and blue of each are turned round (red takes blue's value, green red's, blue green's).
    Grays (white, black, the inks, the shadow) stay as they are, and so does every shape.

    >>> recoloured('<path fill="#D55E00"/><path stroke="#24292F"/>')
    '<path fill="#00D55E"/><path stroke="#24292F"/>'
    >>> recoloured('<path fill="rgba(230, 159, 0, 0.5)"/>')
    '<path fill="rgba(0, 230, 159, 0.5)"/>'
    """

    def turned(match: re.Match[str]) -> str:
        if match[1]:
            red, green, blue = (int(match[1][i : i + 2], 16) for i in (0, 2, 4))
        else:
            red, green, blue = (int(match[i]) for i in (2, 3, 4))
        if max(red, green, blue) - min(red, green, blue) <= 24:  # a gray: leave it
            return match[0]
        if match[1]:
            return f"#{blue:02X}{red:02X}{green:02X}"
        return f"rgba({blue}, {red}, {green},"

    return _COLOUR.sub(turned, svg)


def page_html(body: str, style: str = "") -> str:
    """A whole page around ``body`` (white, no margin, the pictures' font)."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Dweebies</title>'
        f"<style>html, body {{ margin: 0; background: #FFFFFF; font-family: {FONT}; }}"
        f"{style}</style></head><body>{body}</body></html>"
    )


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium under Playwright, for as long as the block runs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def screenshot(browser: Browser, html: str, width: int, height: int | None = None) -> bytes:
    """The page ``html`` in a window ``width`` CSS pixels wide (and ``height`` high, else as
    high as the page), at :data:`RATIO`, offline: a PNG of the whole page."""
    context = browser.new_context(
        viewport={"width": width, "height": height or 100},
        device_scale_factor=RATIO,
        offline=True,
        java_script_enabled=True,
    )
    try:
        context.route("**/*", lambda route: route.abort())  # nothing from anywhere
        page = context.new_page()
        page.set_content(html, wait_until="load")
        page.evaluate("document.fonts.ready.then(() => true)")
        return page.screenshot(full_page=height is None, animations="disabled")
    finally:
        context.close()


def as_array(png: bytes) -> Picture:
    """A PNG as an RGB array (rows, columns, 3)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()


@dataclass(frozen=True)
class Tiles:
    """Cards rendered on one page: ``cards[i]`` is the card box of the ``i``-th picture, in
    device pixels (its shadow and the page around left out), and ``png`` the whole page."""

    cards: list[Picture]
    png: bytes


_GAP = 4
"""CSS pixels between two pictures on a page of tiles."""


def tiles(browser: Browser, pictures: Sequence[tuple[str, float]], width: int = 1440) -> Tiles:
    """Render ``pictures`` (each an SVG from :func:`card_svg` and its card's width) on one
    page ``width`` CSS pixels wide, left to right in rows, in one screenshot, and cut out
    each card by its known place (every picture at a whole CSS pixel, so each card's box
    starts on a whole device pixel and two cards of one width are cut alike)."""
    places: list[tuple[int, int]] = []
    x = y = row = 0
    for _, card_w in pictures:
        w, h = (math.ceil(v + 2 * PAD) for v in card_size(card_w))
        if x and x + w > width:
            x, y, row = 0, y + row + _GAP, 0
        places.append((x, y))
        x, row = x + w + _GAP, max(row, h)
    body = "".join(
        f'<div style="position:absolute;left:{px}px;top:{py}px;line-height:0">{svg}</div>'
        for (svg, _), (px, py) in zip(pictures, places, strict=True)
    )
    png = screenshot(browser, page_html(body), width, y + row + _GAP)
    page = as_array(png)
    cards = []
    for (_, card_w), (px, py) in zip(pictures, places, strict=True):
        across, down = (round(RATIO * v) for v in card_size(card_w))
        left, top = RATIO * (px + PAD), RATIO * (py + PAD)
        cards.append(page[top : top + down, left : left + across])
    return Tiles(cards, png)
