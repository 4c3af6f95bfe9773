"""The lessons as an app (``dweebies lessons``, ``make lessons``): the lesson menu lists every
shipped lesson with its number, title, time and goals, each linked to its notebook in the
course; the app's server shows the menu at its root and at ``/lessons``, asking no other
host for anything; the classroom's lobby links to the menu where its server serves it.
(The lessons opened in a real browser, with no code on screen:
``test_browser_lessons_app.py``.)"""

from __future__ import annotations

import html
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from dweebies_widget.classroom import Classroom
from dweebies_widget.classroom.pages import LobbyPage
from dweebies_widget.lessons import lessons
from dweebies_widget.voila_templates.lessons_app import RENDER, course_folder
from dweebies_widget.voila_templates.menu import MENU_PATH, MENU_VARIABLE, menu_html, menu_link


def lesson_items(page: str) -> dict[str, str]:
    """Each lesson of a menu page, by its number: the HTML of its item."""
    return dict(re.findall(r'<li class="lesson" data-lesson="(\d\d)">(.*?)</ul></li>', page,
                           re.DOTALL))  # fmt: skip


def words(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]*>", " ", fragment)).split())


def test_the_menu_lists_every_lesson_with_its_number_title_time_and_goals() -> None:
    page = menu_html(lambda notebook: f"/{RENDER}/{notebook}")
    items = lesson_items(page)
    assert list(items) == [each.lesson for each in lessons()]  # every lesson, in order
    for each in lessons():
        said = words(items[each.lesson])
        assert f"Lesson {each.lesson}: {each.title}" in said
        assert f"About {each.minutes} minutes" in said
        for goal in each.goals:
            assert " ".join(goal.split()) in said
        (link,) = re.findall(r'href="([^"]+)"', items[each.lesson])
        assert link == f"/{RENDER}/{each.notebook}"
        # the lesson's notebook is in the course the app serves, under that address
        assert (course_folder() / "notebooks" / each.notebook).is_file()
    assert not re.search(r"(src|href)=\"(https?:)?//", page)  # nothing from another host


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str, seconds: float = 90) -> str:
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return str(answer.read().decode("utf-8"))
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.3)


def test_the_app_shows_the_menu_at_its_root_and_at_lessons(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "dweebies_widget.voila_templates.lessons_app", "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        root = fetch(f"http://127.0.0.1:{port}/")
        assert fetch(f"http://127.0.0.1:{port}/{MENU_PATH}") == root
        assert root == menu_html(lambda notebook: f"/{RENDER}/{notebook}")
    finally:
        server.terminate()
        server.wait(30)


def lobby_texts(folder: Path) -> list[str]:
    """The HTML texts of a classroom lobby page's form (in its rows too)."""
    page = LobbyPage(Classroom(str(folder / "class.sqlite")), post=lambda _f: None)

    def texts(box: Any) -> list[str]:
        return [
            text
            for child in box.children
            for text in ([getattr(child, "value", "")] + texts(child))
            if isinstance(text, str)
        ] if hasattr(box, "children") else []

    try:
        return texts(page.form)
    finally:
        page.follower.stop()


def test_the_classroom_lobby_links_to_the_lesson_menu_where_it_is_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(MENU_VARIABLE, raising=False)
    assert not any("dweebies-lessons-link" in text for text in lobby_texts(tmp_path))
    monkeypatch.setenv(MENU_VARIABLE, f"/{MENU_PATH}")  # as a server serving the menu says
    link = menu_link()
    assert f'href="/{MENU_PATH}" target="_blank"' in link  # a new tab: the lobby stays open
    assert link in lobby_texts(tmp_path)
