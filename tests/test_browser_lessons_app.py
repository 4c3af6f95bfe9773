"""The lessons app (``dweebies lessons``) in Debian's Chromium: the menu lists every lesson,
a lesson opens from it with no code on screen, asking no other host for anything, and its
link "All lessons" leads back to the menu, the lesson's kernel shut down as its page is left.

The server is the app's own (``python -m dweebies_widget.voila_templates.lessons_app``),
started once for the module by the browser tests' :class:`~browser_pages.Server` (which puts
the package under test first on the kernels' path).  Screenshots of the menu and of the
lesson go to ``test-output/screens/lessons-app/``.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_pages import DESKTOP, ROOT, Server, console_errors, recorded, shot
from playwright.sync_api import Browser

from dweebies_widget.lessons import lessons


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("lessons-app")
    command = [sys.executable, "-m", "dweebies_widget.voila_templates.lessons_app",
               "--no-browser", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"]  # fmt: skip
    server = Server(lambda port: [*command, f"--port={port}"], folder, "lessons-app")
    yield server
    server.stop()


def code_of(notebook: str) -> list[str]:
    """The first line of each code cell of a course notebook."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    sources = ("".join(c["source"]).strip() for c in cells if c["cell_type"] == "code")
    return [s.splitlines()[0] for s in sources if s]


def test_the_menu_lists_every_lesson_and_a_lesson_opens_with_no_code_shown(
    browser: Browser, app: Server
) -> None:
    shipped = lessons()
    assert shipped, "no lesson is shipped"
    with recorded(browser, f"{app.url}/", DESKTOP) as (page, _asked):
        errors = console_errors(page)
        items = page.locator("li.lesson")
        assert items.count() == len(shipped)
        for i, each in enumerate(shipped):
            item = items.nth(i)
            link = item.get_by_role("link", name=f"Lesson {each.lesson}: {each.title}")
            assert link.is_visible()
            assert f"About {each.minutes} minutes" in item.inner_text()
        shot(page, "lessons-app", "menu")

        first = shipped[0]
        page.get_by_role("link", name=f"Lesson {first.lesson}: {first.title}").click()
        page.wait_for_url(f"**/voila/render/notebooks/{first.notebook}", timeout=60_000)
        # Voila runs the whole notebook, then hides its spinner.
        page.wait_for_function(
            "() => { const l = document.querySelector('#loading');"
            " return !l || getComputedStyle(l).display === 'none'; }",
            timeout=240_000,
        )
        # ...and the widgets draw themselves (Voila's placeholder says "Loading widget...").
        page.wait_for_function("() => !document.body.innerHTML.includes('Loading widget')",
                               timeout=120_000)  # fmt: skip
        shown = page.locator("body").inner_text()
        number = int(first.lesson)
        assert f"Dweebies {number}:" in shown  # the lesson's title cell is on the page
        cells = page.locator(".jp-CodeCell")
        assert cells.count() > 0
        assert page.locator(".jp-CodeCell:not(.jp-mod-noInput)").count() == 0
        assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor, .CodeMirror").count() == 0
        for line in code_of(first.notebook):  # none of the code is on the screen
            if len(line) > 12:
                assert line not in shown, line
        assert "Traceback" not in shown and "Error" not in shown.split("\n")[0]
        shot(page, "lessons-app", f"lesson-{first.lesson}")
        page.get_by_role("link", name="All lessons").click()  # back to the menu, above it
        page.wait_for_url(f"{app.url}/", timeout=30_000)
        assert page.locator("li.lesson").count() == len(shipped)
        for _ in range(100):  # the lesson's page, left, has its kernel shut down
            if "Kernel shutdown" in app.text():
                break
            time.sleep(0.1)
        assert "Kernel shutdown" in app.text()
        assert errors == [], errors
    assert Path("test-output/screens/lessons-app/menu.png").is_file()
