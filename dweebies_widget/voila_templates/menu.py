"""The lesson menu: the page that lists every lesson, with its number, title, time and
learning goals, each linked to the lesson's page.

The lessons app (``dweebies lessons``, :mod:`.lessons_app`) shows it at its root, and the
classroom server at ``/lessons`` (:data:`MENU_PATH`).  It is plain HTML made here from
:func:`dweebies_widget.lessons.lessons`: no kernel runs for it, and it asks no other host for
anything (its style is in the page).

>>> page = menu_html(lambda notebook: "/voila/render/notebooks/" + notebook)
>>> page.startswith("<!DOCTYPE html>") and "Dweebies: the lessons" in page
True
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from typing import Any

from ..lessons import lessons

__all__ = ["MENU_PATH", "MENU_VARIABLE", "menu_handler", "menu_html", "menu_link"]

MENU_PATH = "lessons"
"""Where the classroom server shows the menu (under its base URL)."""
MENU_VARIABLE = "DWEEBIES_LESSON_MENU"
"""The environment variable in which a server that serves the menu gives its address
(``/lessons``) to the pages it serves: the classroom's lobby links to the menu only then."""

_STYLE = """
body { font-family: Arial, Helvetica, 'DejaVu Sans', sans-serif; font-size: 18px;
       line-height: 1.5; color: #1F2328; background: #F6F8FA; margin: 0; }
main { max-width: 60em; margin: 0 auto; padding: 1em; }
h1 { font-size: 1.8em; margin: 0.3em 0; }
ol { list-style: none; padding: 0; margin: 0; }
li.lesson { background: #FFFFFF; border: 1px solid #D0D7DE; border-radius: 8px;
            padding: 0.6em 1em; margin: 0.8em 0; }
li.lesson h2 { font-size: 1.25em; margin: 0.2em 0; }
li.lesson a { display: inline-block; min-height: 44px; line-height: 44px; color: #0550AE; }
li.lesson a:focus-visible { outline: 3px solid #0550AE; outline-offset: 2px; }
.time { color: #57606A; margin: 0; }
.goals { margin: 0.3em 0 0.2em 1.2em; padding: 0; }
"""


def menu_html(href: Callable[[str], str], back: str = "") -> str:
    """The menu page: each lesson links to ``href(notebook)``; ``back``, if given, is the
    address of the page the menu was opened from (a link back to it comes first)."""
    items = []
    for each in lessons():
        goals = "".join(f"<li>{html.escape(goal)}</li>" for goal in each.goals)
        link = html.escape(href(each.notebook), quote=True)
        items.append(
            f'<li class="lesson" data-lesson="{html.escape(each.lesson)}">'
            f'<h2><a href="{link}">Lesson {html.escape(each.lesson)}: '
            f"{html.escape(each.title)}</a></h2>"
            f'<p class="time">About {each.minutes} minutes</p>'
            f'<p>What you will practise:</p><ul class="goals">{goals}</ul></li>'
        )
    home = f'<p><a href="{html.escape(back, quote=True)}">Back</a></p>' if back else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<link rel="icon" href="data:;base64,=">\n'  # no icon to ask the server for
        f"<title>Dweebies: the lessons</title>\n<style>{_STYLE}</style>\n</head>\n<body><main>"
        f"{home}<h1>Dweebies: the lessons</h1>"
        "<p>Pick a lesson. Each one opens in this window; your browser's Back button brings "
        f"you back here.</p><ol>{''.join(items)}</ol></main></body>\n</html>\n"
    )


_LINK_LOOK = (
    "color: #0550AE; text-decoration: underline; display: inline-block; min-height: 44px; "
    "line-height: 44px"
)
"""A link that looks like one on a widget page, with room for a finger."""


def menu_link(href: str | None = None) -> str:
    """The link to the menu at ``href`` (by default the address a server that serves the
    menu gives in :data:`MENU_VARIABLE`), opening it in a new tab so that the page it is on
    stays open; empty when no menu is served.

    >>> 'href="/lessons" target="_blank"' in menu_link("/lessons"), menu_link("")
    (True, '')
    """
    where = os.environ.get(MENU_VARIABLE, "") if href is None else href
    if not where:
        return ""
    return (
        f'<a class="dweebies-lessons-link" href="{html.escape(where, quote=True)}" '
        f'target="_blank" style="{_LINK_LOOK}">The lessons: learn the game step by step</a>'
    )


def menu_handler() -> Any:
    """The Tornado handler that serves the menu; its one setting, ``render``, is the address
    the lessons' notebooks are served under (``/voila/render/notebooks``), and ``back``, if
    given, the page the menu links back to."""
    from jupyter_server.utils import url_path_join
    from tornado.web import RequestHandler

    class MenuHandler(RequestHandler):
        """The lesson menu, made for each request (the lessons are read once)."""

        def initialize(self, render: str, back: str = "") -> None:
            self.render_at = render
            self.back = back

        def get(self) -> None:
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.set_header("Cache-Control", "no-cache")
            self.finish(menu_html(lambda nb: url_path_join(self.render_at, nb), self.back))

    return MenuHandler
