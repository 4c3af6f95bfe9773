"""Every page the project serves works without the internet: Chromium opening it asks no
host but the server's for anything, and the buttons' icons still show.

Voila's own page template links Font Awesome's stylesheets from a public CDN; the package's
template (:mod:`dweebies_widget.voila_templates`) leaves them out and the icons come from the
fonts Voila serves itself.  Opened here, each in a fresh browser context that records every
request (see ``browser_pages.recorded``):

* the play app (``make app``: Voila on ``notebooks/00_play.ipynb``, with the same template)
  and a puzzle page, Voila's list of the folder and its "not found" page;
* the classroom as ``python -m dweebies_widget.classroom serve`` serves it: the lobby, a
  seat (a table made with a computer player, its board on the page) and the teacher's page.

An icon shows when its element's font is Font Awesome's, that font was loaded (from the
server), and the glyph has a width.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_pages import (
    DESKTOP,
    TEACHER_PASSWORD,
    ClassroomServer,
    Requests,
    canvas_of,
    lobby,
    recorded,
    status_text,
    type_in,
)
from playwright.sync_api import Browser, Page

ICONS = """() => ({
    icons: Array.from(document.querySelectorAll('button i.fa'))
        .filter(i => i.closest('button').getClientRects().length > 0).map(i => [
        i.className, getComputedStyle(i).fontFamily, i.getBoundingClientRect().width]),
    loaded: Array.from(document.fonts).filter(f => f.family.includes('Font Awesome'))
        .map(f => f.status),
})"""


def icons(page: Page) -> list[tuple[str, str, float]]:
    """The icons of the buttons shown (class, font family, width in CSS pixels), once Font
    Awesome's font is loaded."""
    page.locator("button:visible i.fa").first.wait_for(timeout=60_000)
    page.wait_for_function(
        "() => Array.from(document.fonts).some(f => f.family.includes('Font Awesome')"
        " && f.status === 'loaded')",
        timeout=30_000,
    )
    found: dict[str, Any] = page.evaluate(ICONS)
    assert "loaded" in found["loaded"], found["loaded"]
    return [(str(c), str(f), float(w)) for c, f, w in found["icons"]]


def assert_icons_show(page: Page, asked: Requests, server: str) -> None:
    shown = icons(page)
    assert shown, "no button icons on the page"
    for name, family, width in shown:
        assert family.strip("\"'").startswith("Font Awesome"), (name, family)
        assert width > 4, (name, width)
    fonts = [u for u in asked.urls if u.startswith(server) and ".woff" in u]
    assert fonts, "Font Awesome's font was not fetched from the server"


def assert_offline(asked: Requests, server: str) -> None:
    """The page asked its server for things (the recording works) and no other host."""
    assert any(u.startswith(server) for u in asked.urls), asked.urls
    assert asked.elsewhere(server) == []


@pytest.mark.parametrize("notebook", ["00_play.ipynb", "puzzle.ipynb"])
def test_the_voila_apps_ask_no_other_host_and_show_their_icons(
    browser: Browser, voila: Any, notebook: str
) -> None:
    with recorded(browser, f"{voila.url}/voila/render/{notebook}", DESKTOP) as (page, asked):
        page.locator(".dweebies-widget").first.wait_for(timeout=90_000)
        assert_icons_show(page, asked, voila.url)
        assert_offline(asked, voila.url)


@pytest.mark.parametrize("path", ["/", "/voila/render/no-such-notebook.ipynb"])
def test_voilas_other_pages_ask_no_other_host(browser: Browser, voila: Any, path: str) -> None:
    with recorded(browser, voila.url + path, DESKTOP) as (page, asked):
        page.wait_for_load_state("load")
        assert_offline(asked, voila.url)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = ClassroomServer(tmp_path_factory.mktemp("offline-classroom"), pool=1)
    yield s
    s.stop()


def test_the_classroom_lobby_and_a_seat_ask_no_other_host(
    browser: Browser, classroom: ClassroomServer
) -> None:
    with recorded(browser, classroom.url + "/", DESKTOP) as (page, asked):
        lobby(page)
        assert_offline(asked, classroom.url)
        type_in(page, "your name", "Ana")
        type_in(page, "4 digits", "1234")
        page.locator(".widget-dropdown", has_text="Computer players").locator(
            "select"
        ).select_option("1")
        page.get_by_role("button", name="Make a table").click()
        canvas_of(page)
        assert status_text(page).startswith("Ana to play")
        assert_icons_show(page, asked, classroom.url)
        assert_offline(asked, classroom.url)


def test_the_teachers_page_asks_no_other_host(browser: Browser, classroom: ClassroomServer) -> None:
    with recorded(browser, classroom.url + "/teacher", DESKTOP) as (page, asked):
        box = page.get_by_placeholder("teacher password")
        box.wait_for(timeout=90_000)
        box.fill(TEACHER_PASSWORD)
        page.get_by_role("button", name="Open").click()
        page.get_by_text("Your classroom").wait_for(timeout=20_000)
        assert_offline(asked, classroom.url)
