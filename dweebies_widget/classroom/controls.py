"""The controls every classroom page is made of (the lobby, the teacher's page, the puzzle
page): a button a finger can hit, a text box, a message line and what it says, the page of a
notebook opened outside the server, and the environment variable naming the store a served
page opens."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..widget.compat import dom_classes
from .look import TAP_PX

__all__ = [
    "STORE_VARIABLE",
    "TAP",
    "WIDE",
    "message_box",
    "not_served",
    "say",
    "tap_button",
    "text_box",
]

#: The environment variable that names the store the served pages open.
STORE_VARIABLE = "DWEEBIES_STORE"
#: A control's least height and width: a tap target.
TAP = f"{TAP_PX}px"
#: A control whose label takes the room it needs.
WIDE = {"description_width": "initial"}


def tap_button(label: str, tip: str, style: str = "") -> Any:
    """A button at least a tap target big."""
    return widgets.Button(
        description=label, tooltip=tip, button_style=style,
        layout=widgets.Layout(width="auto", min_width=TAP, height=TAP),
    )  # fmt: skip


def text_box(placeholder: str, label: str, *, password: bool = False, width: str = "14em") -> Any:
    """A text box (a password box, with ``password``) with its label."""
    kind = widgets.Password if password else widgets.Text
    return kind(
        placeholder=placeholder, description=label, style=WIDE,
        layout=widgets.Layout(width=width, height=TAP),
    )  # fmt: skip


def message_box() -> Any:
    """A line for the page's messages (:func:`say`)."""
    layout = widgets.Layout(min_height="1.6em")
    return widgets.HTML(layout=layout, **dom_classes("dweebies-message"))


def say(box: Any, text: str, *, bad: bool = False) -> None:
    """Say ``text`` in a message line, red when something went wrong (read out by screen
    readers: a status)."""
    colour = "#CF222E" if bad else "#1F2328"
    box.value = f'<span role="status" style="color:{colour}">{html.escape(text)}</span>'


def not_served() -> Any:
    """What a classroom page shows when its notebook is opened outside the server."""
    return widgets.HTML(
        "<p>This page is the classroom's: start it with <code>make classroom</code> (or "
        "<code>python -m dweebies_widget.classroom serve</code>) and open the address it "
        "prints.</p>"
    )
