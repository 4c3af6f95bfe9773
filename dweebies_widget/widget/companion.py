"""The widget's front-end companion: what only the page can know or do, done in the page.

:class:`Companion` is a small `anywidget <https://anywidget.dev>`_ (one ES module,
``companion.js``, and a style sheet, ``companion.css``) that sits inside
:class:`~dweebies_widget.widget.DweebiesWidget`, next to its canvas.  ipywidgets and ipycanvas
run in the kernel and cannot see the page, so six jobs are done here:

1. **Measure the page.**  The kernel does not know how wide the notebook or the Voila page
   is, how tall the screen is, or how dense its pixels are.  The companion watches its own
   width (a ``ResizeObserver``: it is as wide as the widget may be) and the window's height
   and ``devicePixelRatio``, and reports them as the traits :attr:`~Companion.width`,
   :attr:`~Companion.view_height`, :attr:`~Companion.other_height` (room taken by the status
   lines and the buttons), :attr:`~Companion.log_height` (the move log's first lines) and
   :attr:`~Companion.dpr`.  The widget turns them into a canvas
   size (:func:`fit_size`), so the table uses the width it has and, once the widget's top is
   at the top of the window, the table, the status and the buttons are in view together: on
   a 1280 x 720 projector, at 150 % browser zoom (853 x 480 CSS pixels), on a tablet.

2. **Speak for the canvas.**  A canvas is a picture: a screen reader finds nothing in it.  The
   companion keeps a visually hidden text of the board (:attr:`~Companion.description`: the
   table row by row, the hand, the scores, the last move) that follows the game, names the
   canvas (``role="application"``, ``aria-label``, ``aria-describedby`` that text), and has
   a *persistent* ``aria-live="polite"`` region whose text it changes for each new
   :attr:`~Companion.announcement`.  (An ipywidgets ``HTML`` widget replaces its whole inner
   HTML on every change, and screen readers often miss a live region that is replaced rather
   than changed.)  It also makes the scrolling move log reachable and named for the keyboard.

3. **Let Tab leave the canvas.**  ipycanvas's front end calls ``preventDefault()`` on every
   key pressed on the canvas, Tab included, so keyboard users were trapped in it.  A keydown
   listener on the widget's box, in the capture phase, stops Tab and Shift+Tab on their way
   to the canvas without preventing their default, so the browser moves the focus as usual.
   Every other key still reaches the canvas (digits, arrows, Enter...).

4. **Make focus visible**: a clear outline all round the canvas (drawn inside its box, so
   no parent clips it), the buttons and the move log when they have keyboard focus, and the
   table's keyboard cursor as soon as the canvas gets the focus from the keyboard (the
   companion sends a ``{"event": "focus"}`` message, see :meth:`Companion.on_focus`).
   ipycanvas focuses the canvas on every click too, and Chromium then shows the keyboard
   outline; the companion marks a canvas focused by a pointer so the outline waits for the
   next key.  Toggle buttons say whether they are pressed (``aria-pressed``).  Its style
   sheet sets the text sizes (:data:`TEXT_PX`, :data:`PRESENTATION_TEXT_PX` in presentation
   mode), gives the seed box a 44-pixel tap target and keeps each status line to one line.

5. **Keep the focus** when the row of controls is swapped (looking back over a game, and
   back): the control that had it leaves the page, and the focus goes to the canvas rather
   than to the top of the page.

6. **Play a move** (:attr:`~Companion.motion`, see :mod:`~.motion`): once the canvas has drawn
   a move, the placed card slides in from its player's side and the collected cards fly to
   the collector's seat chip with a "+N", in at most 400 ms, on copies of the canvas's pixels
   laid over it (``pointer-events: none``: a click goes through to the canvas; a new move
   ends the running motion at once).  Nothing moves with :attr:`~Companion.animate` off or
   when the browser asks for reduced motion (``prefers-reduced-motion: reduce``, read when
   the motion is played).  With :attr:`~Companion.sound` on, a collection and the end of the
   game make a short sound (made by the page's WebAudio, no file; a click made the move, so
   the browser allows it).

Everything here is the page's business only: the game never depends on it.  Without a page
(headless tests, a kernel without a front end) the traits keep their defaults and the widget
keeps its own size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

__all__ = [
    "LOG_ROOM", "MAX_WIDTH", "MIN_HEIGHT", "MIN_WIDTH", "PRESENTATION", "PRESENTATION_TEXT_PX",
    "TEXT_PX", "Companion", "fit_size",
]  # fmt: skip

_HERE = Path(__file__).parent

MAX_WIDTH = 1600
"""The widest the canvas follows the page (CSS pixels); wider pages get margins."""
MIN_WIDTH = 280
"""The narrowest canvas (CSS pixels); a narrower page shrinks it by CSS."""
MIN_HEIGHT = 200
"""The lowest canvas (CSS pixels) when the screen is short (a wide, short canvas shows the
hand beside the table)."""
TEXT_PX = 16
"""The status lines', the buttons' and the log's text size (CSS pixels): read from the back
of a room.  Set in ``companion.css`` as ``--dweebies-text``."""
PRESENTATION_TEXT_PX = 24
"""The same in presentation mode (a widget with the :data:`PRESENTATION` class)."""
PRESENTATION = "dweebies-presentation"
"""The widget's class in presentation mode."""
_TALLEST = 1.25
"""The canvas is at most this many times as tall as it is wide."""
_GAP = 8
"""CSS pixels left free below the buttons (or the log's first lines)."""
LOG_ROOM = 260
"""The log's newest line is kept in view too when the canvas still gets this many CSS pixels
of height (everywhere but on the shortest screens, e.g. presentation mode at 150 % zoom)."""


class Companion(anywidget.AnyWidget):
    """Measures the page, speaks for the canvas and lets Tab leave it (see the module)."""

    _esm = (_HERE / "companion.js").read_text(encoding="utf-8")
    _css = (_HERE / "companion.css").read_text(encoding="utf-8")

    # From the page (0 until the page has measured).
    width = traitlets.Float(0.0).tag(sync=True)
    """The widget's width in the page, in CSS pixels."""
    view_height = traitlets.Float(0.0).tag(sync=True)
    """The height of the area the page scrolls in (the window, or JupyterLab's notebook
    panel), in CSS pixels."""
    other_height = traitlets.Float(0.0).tag(sync=True)
    """CSS pixels the widget needs besides its canvas, down to the bottom of its buttons."""
    log_height = traitlets.Float(0.0).tag(sync=True)
    """CSS pixels from the bottom of the buttons to the end of the move log's newest line."""
    dpr = traitlets.Float(1.0).tag(sync=True)
    """The screen's ``devicePixelRatio`` (CSS pixel to device pixels)."""

    # To the page.
    label = traitlets.Unicode("Dweebies table").tag(sync=True)
    """The canvas's accessible name."""
    description = traitlets.Unicode("").tag(sync=True)
    """The board in words, one line per ``\\n``: the canvas's text alternative."""
    announcement = traitlets.Unicode("").tag(sync=True)
    """The last thing to announce (a move, a refusal)."""
    announcement_id = traitlets.Int(0).tag(sync=True)
    """Goes up by one per new announcement: the page reads :attr:`announcement` then."""
    motion = traitlets.Dict().tag(sync=True)
    """The last move made, for the page to play (see :mod:`~.motion`; its ``id`` grows by
    one per move): sent with the announcement, after the canvas has drawn the move."""
    animate = traitlets.Bool(False).tag(sync=True)
    """Whether the page plays :attr:`motion` (it does not when the browser asks for reduced
    motion either)."""
    sound = traitlets.Bool(False).tag(sync=True)
    """Whether a collection and the end of the game make a short sound in the page."""

    def on_focus(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` when the canvas gets the keyboard's focus (Tab; not a click or
        a tap, which focus it too)."""

        def heard(_widget: Any, content: Any, _buffers: Any) -> None:
            if isinstance(content, dict) and content.get("event") == "focus":
                callback()

        self.on_msg(heard)


def fit_size(
    width: float,
    view_height: float,
    other_height: float,
    *,
    fixed_width: int | None = None,
    fixed_height: int | None = None,
    log_height: float = 0.0,
) -> tuple[int, int]:
    """The canvas's display size in CSS pixels, from what the page measured.

    The width is the widget's (at most :data:`MAX_WIDTH`) unless ``fixed_width`` is given; the
    height is what the screen has left once the status lines and the buttons
    (``other_height``) have their room, between :data:`MIN_HEIGHT` and 1.25 x the width,
    unless ``fixed_height`` is given.  The move log's newest line (``log_height``) gets its
    room too when the canvas keeps :data:`LOG_ROOM` pixels of height; on a shorter screen
    the log is read by scrolling.

    >>> fit_size(1264, 720, 125, log_height=30)  # a 1280 x 720 projector: all in view
    (1264, 557)
    >>> fit_size(1264, 720, 125)
    (1264, 587)
    >>> fit_size(837, 480, 175)         # the same at 150 % zoom: two rows of buttons
    (837, 297)
    >>> fit_size(740, 1024, 230)        # a portrait tablet: a tall table
    (740, 786)
    >>> fit_size(360, 844, 300)         # a phone
    (360, 450)
    >>> fit_size(1240, 720, 170, fixed_width=900, fixed_height=720)
    (900, 720)
    """
    w = fixed_width if fixed_width is not None else round(min(max(width, MIN_WIDTH), MAX_WIDTH))
    if fixed_height is not None:
        return w, fixed_height
    room = view_height - other_height - _GAP
    if room - log_height >= LOG_ROOM:
        room -= log_height
    h = min(room, w * _TALLEST)
    return w, math.floor(max(h, min(MIN_HEIGHT, w)))
