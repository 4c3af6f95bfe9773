"""The table under the pointer: what a mouse, a finger or a key does on the picture.

One job: turn raw input (a press at a canvas pixel, fingers down, moved and lifted, a wheel
turn, a key) into *intents* for the :class:`~.session.Session`: pick a card, place it, show
what a lit cell would collect, move the cursor, move or zoom the view.  It keeps what only
pointing needs: the press held down, the hovered cell, the cell tapped once (a second tap on
it places), the keyboard cursor, the zoom and the part of the table in view.  It decides no
rule and no turn: whether a card may go somewhere is the session's question to the game,
whose turn it is the session's and its mode's.

**Pointing.**  A mouse click acts at once (a click on a lit cell places the picked card).  A
finger has no hover, so a tap on a lit cell first shows what placing there would do, and a
second tap on the same cell places.  Dragging the table (with a finger, or with the mouse
when the press itself did nothing) moves the view over a table bigger than the screen; a
finger dragged from a lit cell while a card is picked moves the preview instead; two fingers
pinch to zoom.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import NAMES
from ..grid import Cell
from . import words
from .geometry import GRAPH_H, MAX_ZOOM, MIN_TAP, MIN_ZOOM, Geometry
from .scene import Scene

if TYPE_CHECKING:
    from .session import Session

__all__ = ["ARROWS", "PRESENTATION_SCALE", "SLOP", "ZOOM_STEP", "Press", "Table"]

ZOOM_STEP = 1.25
"""One zoom step (a wheel notch, a ``+`` or ``-`` key or button)."""
SLOP = 10.0
"""How far (CSS pixels) a finger or a pressed mouse moves before a press becomes a drag."""
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
"""The cursor's step for each arrow key (rows, columns)."""
PRESENTATION_SCALE = 1.5
"""How much bigger everything on the canvas is drawn in presentation mode."""
PRESENTATION_ROOM = 300.0
"""Presentation mode enlarges the canvas's picture only as far as this many units of
height are left to lay the table out in (a canvas of 450 CSS pixels or more gets the whole
:data:`PRESENTATION_SCALE`; a very short one is drawn at its usual size)."""


@dataclass
class Press:
    """A mouse button held down, or fingers on the screen: where it started, and what
    moving it does."""

    x: float
    y: float
    geometry: Geometry
    """The layout when it started (a drag moves the view by this layout's cell size)."""
    touch: bool
    pans: bool = False
    """Whether dragging it moves the view (a mouse press that did nothing useful)."""
    last: tuple[float, float] = (0.0, 0.0)
    mode: str = ""
    """Once it is a drag: ``"pan"`` (moves the view), ``"preview"`` (moves the preview
    with the finger) or ``"none"``."""
    fingers: int = 1
    pinch: tuple[float, float] = (0.0, 1.0)
    """Distance between two fingers and the zoom when the second finger came down."""
    message: tuple[str, str] = ("", "")
    """The message (and its detail) before the press, shown again if it turns into a drag."""


class Table:
    """The pointer, the fingers, the keys and the view of one session's picture."""

    def __init__(self, session: Session, presentation: bool = False) -> None:
        self.session = session
        self._presentation = presentation
        self.zoom = 1.0
        """The current zoom (1 = fitted)."""
        self.centre: tuple[float, float] | None = None
        """The middle of the view in cells, or ``None``: the view follows the play."""
        self.hover: Cell | None = None
        """The cell under the mouse (or the cursor, or the finger of a preview)."""
        self.armed: Cell | None = None
        """A lit cell tapped once: a second tap places there."""
        self.cursor: Cell | None = None
        """The keyboard cursor (shown once the table has the keyboard's focus)."""
        self.verb = "click"
        """``"click"`` or ``"tap"``, as the person last pointed (the words follow it)."""
        self.pointer: tuple[float, float] | None = None
        self.press: Press | None = None

    @property
    def presentation(self) -> bool:
        """Presentation mode, for a projector: the table is laid out as on a canvas
        :data:`PRESENTATION_SCALE` times smaller with every card, chip, tap target and text
        that many times bigger (the layout's ratio of canvas pixels per CSS pixel is that
        many times the real one, so the drawing stays sharp).  Setting it draws again."""
        return self._presentation

    @presentation.setter
    def presentation(self, on: bool) -> None:
        self._presentation = bool(on)
        self.session.redraw()

    @property
    def ratio(self) -> float:
        """Canvas pixels per unit of the layout: the session's pixel ratio, times
        :data:`PRESENTATION_SCALE` in presentation mode (less on a canvas too short for it,
        see :data:`PRESENTATION_ROOM`)."""
        s = self.session
        scale = 1.0
        if self._presentation:
            css_height = s.size[1] / s.pixel_ratio
            scale = max(1.0, min(PRESENTATION_SCALE, css_height / PRESENTATION_ROOM))
        return s.pixel_ratio * scale

    # ------------------------------------------------------------------ mouse
    def click(self, x: float, y: float) -> None:
        """A click (mouse button down) at canvas pixel ``(x, y)``.  A press that does
        nothing useful (no card picked or placed) on the table starts a drag that moves the
        view (see :meth:`pointer_move` and :meth:`release`)."""
        s = self.session
        self.verb = "click"
        before = (s.message, s.detail)
        geometry = s.geometry
        useless = self.point(x, y, touch=False)
        pans = useless and geometry.cell_at(x, y) is not None
        self.press = Press(x, y, geometry, touch=False, pans=pans, last=(x, y), message=before)

    def release(self, x: float, y: float) -> None:
        """The mouse button went up at canvas pixel ``(x, y)``: a drag ends there."""
        press, self.press = self.press, None
        if press is not None and not press.touch and press.mode:
            self.hover_over(self.session.geometry.cell_at(x, y))

    def pointer_move(self, x: float, y: float, pressed: bool = False) -> None:
        """The mouse moved to canvas pixel ``(x, y)``: preview the hovered cell, or, while a
        press that did nothing useful is held, move the view.  ``pressed``: the glue knows a
        button is held (a drag that started outside the canvas moves the view too)."""
        s = self.session
        self.pointer = (x, y)
        press = self.press
        if press is None and pressed:
            g = s.geometry
            press = Press(x, y, g, touch=False, pans=g.cell_at(x, y) is not None, last=(x, y))
            press.message = (s.message, s.detail)
            self.press = press
        if press is not None and not press.touch and press.pans:
            press.last = (x, y)
            if press.mode or self._far(press, x, y):
                if not press.mode:
                    press.mode = "pan"
                    self._start_drag(press)
                self._pan(press, x, y)
                return
        self.hover_over(s.geometry.cell_at(x, y))

    def pointer_leave(self) -> None:
        """The pointer left the canvas (a held press ends there)."""
        self.pointer = None
        if self.press is not None and not self.press.touch:
            self.press = None
        self.hover_over(None)

    def wheel(self, dx: float, dy: float) -> None:
        """A wheel turn: zoom in (``dy < 0``) or out (``dy > 0``), around the mouse when it
        is over the table."""
        if dy:
            self.zoom_to(self.zoom * (1 / ZOOM_STEP if dy > 0 else ZOOM_STEP), self.pointer)

    # ------------------------------------------------------------------ keys
    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key press (``key`` as the browser names it: ``"ArrowUp"``, ``"Enter"``, ``"3"``).

        Digits 1-9 pick a hand card, arrows move the cursor, Enter or space place on it,
        Escape drops the pick, ``+``/``-``/``0`` zoom; with Ctrl or Meta the key is the
        browser's.
        """
        s = self.session
        if ctrl or meta or s.mode.key(s, key):
            return
        if s.handover is not None:
            s.reveal()
        elif key in ARROWS:
            self.arrow(key)
        elif len(key) == 1 and key in "123456789":
            s.pick(int(key) - 1)
        elif key in ("Enter", " "):
            if self.cursor is None:
                s.tell("Move the cursor with the arrow keys first.")
                s.changed_text()
            else:
                s.mode.place(s, self.cursor)
        elif key == "Escape":
            s.select(None)
        elif key in ("+", "="):
            s.zoom(ZOOM_STEP)
        elif key == "-":
            s.zoom(1 / ZOOM_STEP)
        elif key == "0":
            s.zoom(None)

    def point(self, x: float, y: float, *, touch: bool) -> bool:
        """A click or a tap at ``(x, y)``; returns whether it did nothing useful (no card
        picked or dropped, nothing placed, no hand revealed)."""
        s = self.session
        handled = s.mode.point(s, x, y, touch=touch)
        if handled is not None:
            return handled
        if s.handover is not None:
            s.reveal()
            return False
        g = s.geometry
        index = g.hand_at(x, y)
        cell = g.cell_at(x, y)
        if s.game.is_over:
            s.who_may_act()  # says the game is over, and what to do next
            s.changed_text()
            return True
        if index is not None:
            s.pick(index)
            return False
        if cell is None:
            verb = "Tap" if touch else "Click"
            s.tell(f"{verb} a card of your hand, then a lit cell of the table.")
            s.changed_text()
            return True
        if not touch:
            return s.mode.place(s, cell) is None
        if s.who_may_act() is None:
            s.changed_text()
            return True
        if s.selected is None:
            s.refuse_pick()
            return True
        if cell not in s.game.legal_cells():
            s.mode.place(s, cell)  # refused, in plain words
            return True
        if self.armed == cell:
            s.mode.place(s, cell)
            return False
        self.arm(cell)
        s.tell("")
        s.redraw()
        s.say(s.status_lines()[0])
        return False

    def arrow(self, key: str) -> None:
        """Move the keyboard cursor one cell (it starts on the last move, or a lit cell)."""
        s = self.session
        dr, dc = ARROWS[key]
        r, c = self.cursor or s.mode.start_cursor(s)
        self.cursor = (r + dr, c + dc)
        self.hover = self.cursor
        self.armed = None
        self.centre = None  # the view follows the cursor
        s.redraw()
        s.say(self.cursor_text(self.cursor))

    def cursor_text(self, cell: Cell) -> str:
        """What the cursor is on, in words."""
        s = self.session
        board = s.game.board
        if cell in board:
            return f"Cursor {cell}: {NAMES[board[cell]]}."
        preview = s.preview()
        if preview is not None and preview[0] == cell:
            n = len(preview[2])
            gain = f", collects {words.plural(n, 'card')}" if n else ""
            return f"Cursor {cell}: lit{gain}. Press Enter to place."
        lit = s.human_turn() is not None and cell in s.game.legal_cells()
        return f"Cursor {cell}: {'empty, lit' if lit and s.selected is not None else 'empty'}."

    def focus(self) -> None:
        """The table got the keyboard's focus (Tab, not a click or a tap): show the cursor
        at once, where the arrow keys would start it (the last move, else a lit cell), and
        say what it is on."""
        s = self.session
        if self.cursor is not None or s.handover is not None or s.mode.looking_back:
            return
        self.cursor = self.hover = s.mode.start_cursor(s)
        self.armed = None
        self.centre = None
        s.redraw()
        s.say(self.cursor_text(self.cursor))

    # ------------------------------------------------------------------ touch
    def touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers came down: ``touches`` are all the fingers on the canvas now, in canvas
        pixels.  Nothing happens until they lift (a tap) or move (a drag)."""
        points = list(touches)
        if not points:
            return
        self.verb = "tap"
        press = self.press
        if press is not None and press.touch and len(points) >= 2:
            press.fingers = max(press.fingers, len(points))
            press.pinch = (_distance(points[0], points[1]), self.zoom)
            press.mode = "pinch"
            return
        x, y = points[0]
        self.press = Press(x, y, self.session.geometry, touch=True, last=(x, y))
        self.press.fingers = len(points)
        if len(points) >= 2:
            self.press.pinch = (_distance(points[0], points[1]), self.zoom)
            self.press.mode = "pinch"

    def touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers moved.  One finger dragged from a lit cell moves the preview of the
        picked card with it; dragged from anywhere else on the table (always, when no card
        is picked) it moves the view; two fingers pinch to zoom."""
        points = list(touches)
        s = self.session
        press = self.press
        if press is None or not press.touch or not points:
            return
        if len(points) >= 2:
            distance, zoom = press.pinch
            if press.mode == "pinch" and distance > 0:
                middle = ((points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2)
                self.zoom_to(zoom * _distance(points[0], points[1]) / distance, middle)
            return
        x, y = points[0]
        press.last = (x, y)
        if not press.mode:
            if not self._far(press, x, y):
                return
            start = press.geometry.cell_at(press.x, press.y)
            mine = s.human_turn() is not None and s.handover is None
            if mine and s.selected is not None and start in s.game.legal_cells():
                press.mode = "preview"
            elif start is not None:
                press.mode = "pan"
                self._start_drag(press)
            else:
                press.mode = "none"
        if press.mode == "preview":
            cell = s.geometry.cell_at(x, y)
            lit = cell is not None and cell in s.game.legal_cells()
            self.armed = cell if lit else None
            self.hover_over(cell)
        elif press.mode == "pan":
            self._pan(press, x, y)

    def touch_end(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers lifted (``touches``: those still down, usually none).  A finger that
        did not move is a tap, at the last place it was: on a hand card it picks the card
        (again: drops it), on a lit cell it shows what placing there would do (again on the
        same cell: places), on the hot-seat curtain it reveals the hand."""
        s = self.session
        press = self.press
        if press is None or not press.touch or touches:
            return  # not ours, or other fingers are still down: the gesture goes on
        self.press = None
        if press.mode == "preview":
            if self.armed is not None:
                s.changed_text()
                s.say(s.status_lines()[0])
            return
        if press.mode or press.fingers > 1:
            return
        self.point(*press.last, touch=True)

    def touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None:
        """The browser took the fingers away (a system gesture): forget the gesture."""
        self.press = None

    # ------------------------------------------------------------------ the lit cells
    def hover_over(self, cell: Cell | None) -> None:
        """The pointer is over ``cell`` (``None``: off the table): preview it."""
        s = self.session
        if cell != self.armed:
            self.armed = None
        if cell != self.hover:
            self.hover = cell
            if s.preview() is not None or s.scene.preview is not None:
                s.redraw()

    def arm(self, cell: Cell) -> None:
        """A lit cell was tapped once: show what placing there does; a second tap places."""
        self.armed = self.hover = cell

    def disarm(self) -> None:
        """Forget a tapped-once cell (and its preview)."""
        if self.armed is not None:
            if self.hover == self.armed:
                self.hover = None
            self.armed = None

    def reset(self) -> None:
        """Forget the cursor, the hover and the view (the table shown changes)."""
        self.hover = self.armed = self.cursor = None
        self.centre = None
        self.press = None

    # ------------------------------------------------------------------ the view
    def zoom_to(self, zoom: float, at: tuple[float, float] | None) -> None:
        """Zoom to ``zoom`` (kept within 1..3); around canvas pixel ``at`` when it is on
        the table (that point stays under it), else around the middle of the view (from the
        fitted view: the middle of the table)."""
        s = self.session
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        g = s.geometry
        on_table = at is not None and g.cell_at(*at) is not None
        self.zoom = zoom
        if at is None or not on_table:
            self.centre = g.view_centre
            s.redraw()
            self.centre = s.geometry.view_centre
            return
        point = g.point_at(*at)
        fresh = self.layout(s.scene)  # the new cell size (the view's middle does not change it)
        w, h = fresh.cell_size
        bx, by, bw, bh = fresh.table_band
        self.centre = (point[0] - (at[1] - by - bh / 2) / h, point[1] - (at[0] - bx - bw / 2) / w)
        s.redraw()
        self.centre = s.geometry.view_centre

    def layout(self, scene: Scene) -> Geometry:
        """Lay ``scene`` out on the session's canvas with the view's zoom and centre (the
        cursor, or else the last move, kept in view)."""
        s = self.session
        back = s.mode.looking_back  # nothing is lit: the cards are fitted, the whole table
        cells = set(scene.board)
        if not back:
            cells |= set(s.looking.shown_game().legal_cells())
        cells |= {c for c, _ in scene.flash} | scene.taken | {c for c, _ in scene.marks}
        cells |= {m.cell for m in scene.moves}
        if self.cursor is not None:
            cells.add(self.cursor)
        width, height = s.size
        return Geometry.fit(
            width, height, cells, len(scene.hand), self.zoom, self.cursor or scene.last,
            ratio=self.ratio, centre=self.centre, min_cell=0.0 if back else MIN_TAP,
            graph=GRAPH_H if scene.graph is not None else 0.0, holds=scene.holds is not None,
        )  # fmt: skip

    def fit(self) -> None:
        """Zoom 1, the view following the play."""
        self.zoom = 1.0
        self.centre = None
        self.session.redraw()

    def _far(self, press: Press, x: float, y: float) -> bool:
        """Whether ``(x, y)`` is far enough from where ``press`` started to be a drag."""
        return math.hypot(x - press.x, y - press.y) >= SLOP * self.session.pixel_ratio

    def _start_drag(self, press: Press) -> None:
        """A press became a drag that moves the view: what the press said is forgotten."""
        self.session.tell(*press.message, say=False)
        self.session.stop_pulse()

    def _pan(self, press: Press, x: float, y: float) -> None:
        """Move the view so that the point under the press follows the pointer."""
        g = press.geometry
        w, h = g.cell_size
        r, c = g.view_centre
        self.centre = (r - (y - press.y) / h, c - (x - press.x) / w)
        self.centre = self.session.relayout().view_centre  # kept on the table


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
