"""How the classroom's pages look: text and controls readable from the back of a room.

The lobby, a student's seat and the teacher's page are ipywidgets, which Jupyter draws at
13 CSS pixels.  :func:`style` is an invisible widget carrying one stylesheet that sets the
pages' text and every control on them (buttons, boxes, lists, labels) to :data:`TEXT_PX`
CSS pixels at least, makes the boxes to type in as tall as a fingertip (:data:`TAP_PX`, as
the buttons are), keeps each page's message line to a fixed height (:data:`MESSAGE_LINES`
lines: nothing under it moves when a message comes or goes), and fits each of the teacher's
table pictures into the window's height, title and buttons included.  A seat's table line
takes the board's text size (``--dweebies-text``, bigger in presentation mode), as the
Lobby button beside it does.  The teacher's alerts stand out at the top of their page, and
the standings shown on a projector are at least :data:`PROJECTOR_PX` CSS pixels.

:func:`style` also asks the served page to watch its connection (:data:`WATCH`; the
puzzles, which show no :func:`style`, call :func:`watch`).

>>> TEXT_PX >= 16, MESSAGE_LINES
(True, 2)
>>> ".dweebies-lobby" in CSS and f"font-size: {TEXT_PX}px" in CSS
True
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..widget.compat import dom_classes

__all__ = [
    "CSS",
    "MESSAGE_LINES",
    "PAGES",
    "PROJECTOR_PX",
    "TAP_PX",
    "TEXT_PX",
    "WATCH",
    "style",
    "watch",
]

TEXT_PX = 16
"""The smallest text on the classroom's pages, in CSS pixels."""
TAP_PX = 44
"""The smallest height of a box to type in, in CSS pixels (a fingertip, as the buttons)."""
MESSAGE_LINES = 2
"""Lines kept for a page's message (the newest message only: it replaces the last one)."""
PROJECTOR_PX = 28
"""The smallest text of the standings shown on a projector, in CSS pixels."""
PAGES = (".dweebies-lobby", ".dweebies-seat", ".dweebies-teacher")
"""The classes of the three pages' outer boxes."""
_LINE = 1.4


def _on_pages(selector: str) -> str:
    return ", ".join(f"{page} {selector}".strip() for page in PAGES)


CSS = f"""
{_on_pages("")} {{
  --jp-widgets-font-size: {TEXT_PX}px;
  --jp-ui-font-size1: {TEXT_PX}px;
  --jp-content-font-size1: {TEXT_PX}px;
  --jp-code-font-size: {TEXT_PX}px;
  font-size: {TEXT_PX}px;
  line-height: {_LINE};
}}
{_on_pages(".widget-html-content")}, {_on_pages("button")}, {_on_pages("input")},
{_on_pages("select")}, {_on_pages("label")}, {_on_pages(".widget-label")}, {_on_pages("code")},
{_on_pages("td")}, {_on_pages("th")} {{
  font-size: max(1em, {TEXT_PX}px);
}}
{_on_pages(".widget-html-content")} {{
  line-height: {_LINE};
}}
{_on_pages("h2")} {{
  font-size: 1.5em;
  line-height: 1.2;
  margin: 0.2em 0;
}}
{_on_pages("h3")} {{
  font-size: 1.2em;
  line-height: 1.2;
  margin: 0.4em 0 0.1em;
}}
{_on_pages(".widget-text input")}, {_on_pages(".widget-password input")} {{
  min-height: {TAP_PX}px;
}}
{_on_pages(".dweebies-message")} {{
  height: {MESSAGE_LINES * _LINE}em;
  overflow-y: auto;
}}
.dweebies-seat .dweebies-seat-header .widget-html-content {{
  font-size: max(var(--dweebies-text, {TEXT_PX}px), {TEXT_PX}px);
}}
.dweebies-seat .dweebies-seat-bar, .dweebies-lobby .dweebies-open-tables,
.dweebies-teacher .dweebies-alert {{
  column-gap: 0.8em;
}}
.dweebies-teacher .dweebies-table-card canvas {{
  width: min(440px, 100%, calc((100vh - 9em) * 4 / 3)) !important;
  height: auto;
}}
.dweebies-seat .dweebies-seat-notice .widget-html-content {{
  line-height: 1.25;
}}
.dweebies-lobby .dweebies-title-row {{
  column-gap: 1.5em;
}}
.dweebies-teacher .dweebies-teacher-alerts {{
  border: 2px solid #9A6700;
  background: #FFF8C5;
  padding: 4px 8px;
  margin-bottom: 6px;
}}
.dweebies-teacher .dweebies-projector {{
  min-height: calc(100vh - 16px);
  box-sizing: border-box;
}}
.dweebies-teacher .dweebies-projector h2, .dweebies-teacher .dweebies-projector td,
.dweebies-teacher .dweebies-projector th, .dweebies-teacher .dweebies-projector button,
.dweebies-teacher .dweebies-projector .widget-html-content {{
  font-size: max({PROJECTOR_PX}px, 2.3vw);
}}
.dweebies-teacher .dweebies-projector table {{
  width: 100%;
}}
.dweebies-teacher .dweebies-qr svg {{
  width: 8em;
  height: 8em;
}}
"""
"""The stylesheet (it applies inside the three pages only)."""


WATCH = "dweebies-watch"
"""The class that asks the served page's script to watch the connection (the classroom
server's Voila template: see its ``watch.js``); every classroom page carries it, on its
:func:`style` widget."""


def watch() -> None:
    """Show an invisible widget that asks the served page's script to watch its connection
    (:data:`WATCH`): for a classroom page without :func:`style` (the puzzles)."""
    from IPython.display import display

    marker = widgets.HTML(layout=widgets.Layout(display="none"), **dom_classes(WATCH))
    display(marker)  # type: ignore[no-untyped-call]


def style() -> Any:
    """An invisible widget that brings :data:`CSS` to the page it is shown on (and asks
    the served page to watch its connection: :data:`WATCH`)."""
    return widgets.HTML(
        f"<style>{CSS}</style>", layout=widgets.Layout(display="none"), **dom_classes(WATCH)
    )
