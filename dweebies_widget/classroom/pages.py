"""The classroom's pages, as widgets: the lobby and a student's table (:class:`LobbyPage`),
and the teacher's page (:class:`TeacherPage`).

Each is a thin layout over the logic of :mod:`.lobby`, :mod:`.seat` and :mod:`.teacher`, and
over the :class:`~dweebies_widget.classroom.Classroom` API.  The served notebooks
(``notebooks/lobby.ipynb`` and ``notebooks/teacher.ipynb`` in this package) only call
:func:`lobby_page` and :func:`teacher_page`, which open the store named by the
``DWEEBIES_STORE`` environment variable (``python -m dweebies_widget.classroom serve`` sets
it for the pages it serves).

What a page can send the kernel is widget messages only (Voila passes nothing else to a
kernel from a page): text typed in the boxes, button clicks, and the canvas's mouse, touch
and key events.  Every one is checked in the kernel before it acts: names, PINs, codes and
table sizes by :mod:`.lobby`, moves by the rules and the classroom (a seat acts only with the
token its own kernel holds), hints by the table's setting.  Student names are escaped
wherever they are shown as HTML.

**What the browser keeps.**  A page that loses its server (stopped, started again, a Wi-Fi
that drops) must come back to its seat without the student typing anything.  So once a
student sits, the kernel hands *that seat's own* token to its page (the hidden
``dweebies-remember`` widget: the table's code, the name and the token; never another
seat's), and the served page's script (the Voila template's ``watch.js``) keeps it in the
browser's ``localStorage``.  A lobby page opened later hands it back once (the hidden text
box ``dweebies-resume``), and the lobby sits there again (:meth:`Classroom.seat
<dweebies_widget.classroom.Classroom.seat>` checks the token).  A token that no longer
works (it expired, or the student left the seat) fills in the name and the table's code
and asks for the PIN.  Leave seat, a finished game and a closed table make the browser
forget the seat.  The token is worth what the name and PIN are worth (it opens that seat
only, and expires after ``Limits.token_hours``): the same device, the same student.

The script also watches the connection (see ``watch.js``): a page whose server does not
answer says "Connection lost: trying again…" and takes no click until it does.
"""

from __future__ import annotations

import base64
import html
import json
import os
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ..game import MAX_PLAYERS, MIN_PLAYERS, Game
from ..grammar import clause, possessive
from ..voila_templates.menu import menu_link
from ..widget.app import DweebiesWidget
from ..widget.compat import dom_classes, forget_current_canvas
from ..widget.pen import Pen
from ..widget.position import drawing, fit
from ..widget.words import plural
from .address import qr_svg
from .controls import (
    STORE_VARIABLE,
    TAP,
    WIDE,
    message_box,
    not_served,
    say,
    tap_button,
    text_box,
)
from .errors import ClassroomError, TeacherLockedOut
from .lobby import Lobby, Sitting, said
from .look import style
from .picture import Alert, TableInfo
from .room import LEVELS, MAX_PIN_FAILURES, Classroom
from .seat import Follower, Post, RoomSeat, TableMode, on_this_loop
from .teacher import (
    Desk,
    alert_text,
    leaderboard_html,
    puzzles_html,
    saves_zip,
    spectator_scene,
    status_text,
)

__all__ = [
    "STORE_VARIABLE",
    "LobbyPage",
    "SeatView",
    "TeacherPage",
    "lobby_page",
    "teacher_page",
]

#: The environment variables with the addresses the server prints (for the teacher's page).
ADDRESS_VARIABLE = "DWEEBIES_ADDRESS"
TEACHER_VARIABLE = "DWEEBIES_TEACHER_ADDRESS"
RESUME_CHARS = 1000
"""The longest text the lobby takes as a seat handed back by the browser."""
PIN_LOOK = 3.0
"""Seconds between two looks at the wrong PINs typed for a seated student's name."""
LIST_EVERY = 2.0
"""Seconds between two looks at the lobby's list of tables waiting for students."""
_LEVEL_NAMES = [(level.capitalize(), level) for level in LEVELS]


def _seats_text(info: TableInfo) -> str:
    return ", ".join(s.label for s in info.seats)


class TableChooser:
    """Seats, computer players and their level: the choices that make a table."""

    def __init__(self) -> None:
        self.seats = widgets.Dropdown(
            options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=2, description="Seats",
            style=WIDE, layout=widgets.Layout(width="8em", height=TAP),
        )  # fmt: skip
        self.computers = widgets.Dropdown(
            options=[0, 1], value=0, description="Computer players",
            style={"description_width": "initial"},
            layout=widgets.Layout(width="13em", height=TAP),
        )  # fmt: skip
        self.level = widgets.Dropdown(
            options=_LEVEL_NAMES, value="greedy", description="Level",
            style=WIDE, layout=widgets.Layout(width="12em", height=TAP),
        )  # fmt: skip
        self.seats.observe(self._seats_changed, "value")
        self.box = widgets.HBox(
            [self.seats, self.computers, self.level],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )

    def _seats_changed(self, _change: object) -> None:
        seats = int(self.seats.value)
        keep = min(int(self.computers.value), seats - 1)
        self.computers.options = list(range(seats))
        self.computers.value = keep


# ---------------------------------------------------------------------------- students
class SeatView(widgets.VBox):  # type: ignore[misc]
    """A student at a table: who sits where while it waits for students, then the board
    (the same :class:`~dweebies_widget.DweebiesWidget` as everywhere, playing through the
    classroom: see :mod:`~dweebies_widget.widget.remote`, in the mode
    :class:`~.seat.TableMode`).  ``leave`` is called by its Lobby button (the seat stays the
    student's) and after its Leave seat button (the seat is given up from this device).

    The buttons and the table's line (its code, the student's name, hints, how the game
    stands) are one row, :attr:`bar`; under it, :attr:`notice` says when someone typed
    wrong PINs for the student's name.  Once the board is shown, the bar is the board's
    top row: the board fits itself into the window with every row it holds, so the bar,
    the table, the status and the buttons are in view together once the board's top is.

    The table as it truly is, always:

    * *waiting* for students: who sits where, and the code to tell the others;
    * *playing*: the board;
    * *over*: the board's result, its Review, and "Back to the lobby";
    * *closed* by the teacher: the board takes no card (the status line says who closed
      the table), Hint is off, and Review opens the whole game, looked back over.
    """

    def __init__(
        self,
        room: Classroom,
        sitting: Sitting,
        leave: Callable[[], object],
        post: Post,
        remember: Callable[[Sitting | None], object] = lambda _s: None,
    ) -> None:
        self.seat = RoomSeat(room, sitting.token)
        self.room = room
        self.sitting = sitting
        self.board: DweebiesWidget | None = None
        self.review: DweebiesWidget | None = None
        self.errors: list[str] = []
        self._lock = threading.RLock()
        self._leave = leave
        self._remember = remember
        # Classes given when made, not added after: no message more to the page.
        self.header = widgets.HTML(**dom_classes("dweebies-seat-header"))
        self.waiting = widgets.HTML(**dom_classes("dweebies-waiting"))
        self.notice = widgets.HTML(
            layout=widgets.Layout(width="100%", display="none"),
            **dom_classes("dweebies-seat-notice"),
        )
        self.lobby = tap_button("Lobby", "Back to the lobby (your seat stays yours)")
        self.lobby.on_click(lambda _b: leave())
        self.leave_button = tap_button(
            "Leave seat", "Give up this seat on this device (your name and PIN bring you back)"
        )
        self.leave_button.on_click(self._leave_seat)
        self.review_button = tap_button("Review", "Look back over every move of this game")
        self.review_button.on_click(self._open_review)
        self.review_button.layout.display = "none"
        self.bar = widgets.HBox(
            [self.lobby, self.leave_button, self.review_button, self.header, self.notice],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            **dom_classes("dweebies-seat-bar"),
        )
        self._style = style()
        super().__init__([self._style, self.bar, self.waiting], **dom_classes("dweebies-seat"))
        self._show()
        self.follower = Follower(room, sitting.code, self.seat.version, self._changed, post)
        self._stopped = threading.Event()
        threading.Thread(target=self._look_at_pins, args=(post,), daemon=True,
                         name="dweebies-pin-look").start()  # fmt: skip

    def stop(self) -> None:
        """Stop following the table (the page is leaving it)."""
        self.follower.stop()
        self._stopped.set()

    def _look_at_pins(self, post: Post) -> None:
        """Wrong PINs for the student's name do not change the table: read the seat again
        every :data:`PIN_LOOK` seconds while the page shows it."""
        while not self._stopped.wait(PIN_LOOK):
            post(self._changed)

    def _changed(self) -> None:
        with self._lock:
            try:
                if self.seat.refresh() and self.board is not None:
                    self.board.follow(self.seat.game)
                self._show()  # also after this page's own move, read when it was made
            except Exception as error:  # noqa: BLE001 - shown, never raised into the loop
                self.errors.append(repr(error))
                shown = self.header if self.board is not None else self.waiting
                say(shown, f"Lost touch with the table: {error}", bad=True)

    def _show(self) -> None:
        seat = self.seat
        hints = "hints allowed" if seat.hints and seat.closed is None else "hints off"
        notes = {"over": " · the game is over", "closed": " · your teacher closed this table"}
        self.header.value = (
            f"<b>Table {seat.code}</b> · you are <b>{html.escape(self.sitting.name)}</b> · "
            f"{hints}{notes.get(seat.status, '')}"
        )
        self._show_notice()
        ended = seat.status in ("over", "closed")
        self._remember(None if ended else self.sitting)
        label = "Back to the lobby" if ended else "Lobby"
        if self.lobby.description != label:
            self.lobby.description = label
        shown = "" if seat.status == "closed" and self.review is None else "none"
        if self.review_button.layout.display != shown:
            self.review_button.layout.display = shown
        if seat.status == "waiting":
            free = sum(1 for s in seat.state.seats if s.name is None and s.computer is None)
            people = ", ".join(html.escape(label) for label in seat.labels)
            self.waiting.value = (
                f"<p>Waiting for {free} more student{'s' if free != 1 else ''}: tell them the "
                f"code <b style='font-size:1.4em; letter-spacing:0.1em'>{seat.code}</b>.</p>"
                f"<p>Seats: {people}</p>"
            )
            return
        self.waiting.value = ""
        if self.board is None:
            self.board = board = self._board()
            board.children = (self.bar, *board.children)  # measured with the board
            self.children = [self._style, board]
        elif seat.closed is not None:
            self.board.refresh()  # the status line says so, Hint goes off
        if seat.closed is not None and self.board.buttons.review.layout.display != "none":
            # One Review in view: the bar's, which opens the whole game; the board's own
            # waits for a game that ends, and this one never will.
            self.board.buttons.review.layout.display = "none"

    def _show_notice(self) -> None:
        """Say when someone typed wrong PINs for this student's name (or nothing)."""
        failures, wait = self.seat.wrong_pins
        text = ""
        if failures or wait > 0:
            times = "once" if failures == 1 else f"{failures} times"
            text = (
                f"<span role='status' style='color:#9A6700'>Someone typed wrong PINs for your "
                f"name ({times}). Your seat stays yours; your teacher can see this.</span>"
            )
        if self.notice.value != text:
            self.notice.value = text
            self.notice.layout.display = "" if text else "none"

    def _board(self) -> DweebiesWidget:
        seat = self.seat
        return DweebiesWidget(
            seats=seat.seats(), game=seat.game, ai_delay=0, mode=TableMode(seat), source=seat
        )

    def _open_review(self, _button: object = None) -> None:
        """Look back over the whole game of the closed table (every hand shown: the game
        is over), in the package's review (:meth:`DweebiesWidget.replay`)."""
        with self._lock:
            if self.review is not None or self.board is None:
                return
            try:
                game = Game.from_json(self.room.download(self.seat.code))
            except ClassroomError as error:
                say(self.header, said(error), bad=True)
                return
            self.review = review = DweebiesWidget.replay(game, list(self.seat.labels), review=True)
            self.board.children = tuple(c for c in self.board.children if c is not self.bar)
            review.children = (self.bar, *review.children)
            self.children = [self._style, review]
            self._show()

    def _leave_seat(self, _button: object = None) -> None:
        """Give the seat up on this device (the Leave seat button), and go to the lobby."""
        try:
            self.seat.leave()
        except ClassroomError as error:
            say(self.header, said(error), bad=True)
            return
        self._remember(None)
        self._leave()


class LobbyPage(widgets.VBox):  # type: ignore[misc]
    """The lobby: a name and a PIN, then join a table by its code (or from the list of
    tables waiting for students) or make one; then the student's table (:class:`SeatView`).

    ``post`` runs the background waits' callbacks (default: on the kernel's event loop)."""

    def __init__(self, room: Classroom, post: Post | None = None) -> None:
        self.room = room
        self.lobby = Lobby(room)
        self._post = post or on_this_loop()
        self.view: SeatView | None = None
        title = widgets.HTML("<h2>Dweebies: the classroom</h2>")
        self.name = text_box("your name", "Name")
        self.pin = text_box("4 digits", "PIN", password=True, width="10em")
        who = widgets.HTML(
            "<i>Pick a PIN of 4 digits and remember it: with your name, it brings you back to "
            "your seat, from any device.</i>"
        )
        self.code = text_box("like K7QX", "Table code", width="12em")
        self.join = tap_button("Join", "Sit at the table with this code", "primary")
        self.join.on_click(lambda _b: self._sit(lambda: self._join(self.code.value)))
        self.waiting_tables = widgets.Box(
            layout=widgets.Layout(
                flex_flow="row wrap", align_items="center", max_height="6.6em", overflow="auto"
            ),
            **dom_classes("dweebies-open-tables"),
        )  # fmt: skip
        self._tables_head = widgets.HTML("Tables waiting for students:")
        self._rows: dict[str, Any] = {}
        """Per table code, its row in the list of tables waiting for students."""
        self._spare: list[Any] = []
        """Rows of tables that left the list, kept to show the next tables."""
        self._codes: dict[int, str] = {}
        """Per row (its id), the table it shows or showed last."""
        self.chooser = TableChooser()
        self.make = tap_button("Make a table", "Make a new table and sit at it", "success")
        self.make.on_click(lambda _b: self._sit(self._make))
        self.message = message_box()
        self.form = widgets.VBox(
            [
                style(),
                # The link to the lessons beside the title, not under it: the form keeps
                # its message in view at 150 % zoom of a projector.
                widgets.HBox(
                    [title, *([widgets.HTML(menu_link())] if menu_link() else [])],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                    **dom_classes("dweebies-title-row"),
                ),
                widgets.HBox([self.name, self.pin], layout=widgets.Layout(flex_flow="row wrap")),
                who,
                widgets.HTML("<h3>Join a table</h3>"),
                widgets.HBox([self.code, self.join], layout=widgets.Layout(flex_flow="row wrap")),
                self.waiting_tables,
                widgets.HTML("<h3>Or make a new table</h3>"),
                widgets.HBox(
                    [self.chooser.box, self.make], layout=widgets.Layout(flex_flow="row wrap")
                ),
                self.message,
            ]
        )
        self.remember = widgets.HTML(**dom_classes("dweebies-remember"))
        """Tells the browser which seat to keep (see :func:`remember_html`)."""
        self.resume = widgets.Text(**dom_classes("dweebies-resume"))
        """Where the browser hands back the seat it kept, once, when the page opens."""
        self.resume.observe(self._resume, "value")
        self._hidden = widgets.Box(
            [self.remember, self.resume], layout=widgets.Layout(display="none")
        )
        super().__init__([self._hidden, self.form])
        self.add_class("dweebies-lobby")
        self._busy = threading.Lock()
        self._list_tables()
        self.follower = self._follow_tables()

    def _follow_tables(self) -> Follower:
        """Keep the list of waiting tables up to date while the lobby is shown."""
        return Follower(self.room, None, self.room.version(), self._list_tables, self._post,
                        every=LIST_EVERY)  # fmt: skip

    # ------------------------------------------------------------------ actions
    def _join(self, code: object) -> Sitting:
        return self.lobby.join(code, self.name.value, self.pin.value)

    def _make(self) -> Sitting:
        c = self.chooser
        return self.lobby.make(
            self.name.value, self.pin.value, c.seats.value, c.computers.value, c.level.value
        )

    def _sit(self, how: Callable[[], Sitting]) -> None:
        if self.view is not None or not self._busy.acquire(blocking=False):
            return  # a second click, sent before the page showed the table
        try:
            say(self.message, "One moment…")
            try:
                sitting = how()
            except ClassroomError as error:
                say(self.message, said(error), bad=True)
                return
            self.pin.value = ""
            say(self.message, "")
            self.follower.stop()  # the lobby's list waits until the student comes back
            self.view = SeatView(self.room, sitting, self._leave, self._post, self._keep)
            self.children = [self._hidden, self.view]
        finally:
            self._busy.release()

    def _keep(self, sitting: Sitting | None) -> None:
        """Have the browser keep ``sitting`` (``None``: forget the seat it keeps)."""
        value = remember_html(sitting)
        if self.remember.value != value:
            self.remember.value = value

    def _resume(self, change: dict[str, Any]) -> None:
        """The browser handed back the seat it kept: sit there again, without typing.  A
        pass that no longer works fills in the name and the table's code, and asks for
        the PIN."""
        kept = resumed(change["new"])
        if kept is None or self.view is not None:
            return
        code, name, token = kept
        try:
            seat = self.room.seat(token)
        except ClassroomError:
            self._keep(None)
            self.name.value, self.code.value = name, code
            say(self.message, f"Type your PIN to sit again at table {code}.")
            return
        self.name.value = seat.name
        self._sit(lambda: Sitting(seat.code, seat.seat, seat.name, token))

    def _leave(self) -> None:
        if self.view is not None:
            self.view.stop()
            self.view = None
        self.children = [self._hidden, self.form]
        self._list_tables()
        self.follower = self._follow_tables()

    def _list_tables(self) -> None:
        """Show the tables waiting for students.  Only what changed is sent to the page: a
        table keeps its row while it waits (its seats updated in place), the row of a table
        that left the list is set aside, and a new table gets a row set aside at an earlier
        look (its words changed), or a new one: a lobby makes at most as many rows as it
        shows.  A row set aside keeps its table until it is shown again, so a click sent
        before the page heard that the table left still names that table."""
        try:
            tables = self.lobby.open_tables()
        except ClassroomError as error:
            say(self.message, said(error), bad=True)
            return
        listed = {info.code for info in tables}
        left = [self._rows.pop(code) for code in [c for c in self._rows if c not in listed]]
        rows = []
        for info in tables:
            row = self._rows.get(info.code)
            if row is None:
                row = self._rows[info.code] = self._spare.pop() if self._spare else self._row()
                self._codes[id(row)] = info.code
                join = row.children[0]
                join.description, join.tooltip = f"Join {info.code}", f"Sit at table {info.code}"
            seats = html.escape(_seats_text(info))
            if row.children[1].value != seats:
                row.children[1].value = seats
            rows.append(row)
        self._spare += left
        children = [self._tables_head, *rows] if rows else []
        if list(self.waiting_tables.children) != children:
            self.waiting_tables.children = children

    def _row(self) -> Any:
        """A row of the list: a Join button and the table's seats (filled in when shown)."""
        join = tap_button("Join", "Sit at this table")
        row = widgets.HBox([join, widgets.HTML()], layout=widgets.Layout(align_items="center"))
        join.on_click(lambda _b: self._sit(lambda: self._join(self._codes[id(row)])))
        return row


def remember_html(sitting: Sitting | None) -> str:
    """What the hidden ``dweebies-remember`` widget carries for the page's script: the seat
    to keep in the browser (its table's code, the name and the seat's pass, the token), or
    the word to forget it.

    >>> remember_html(None)
    '<span data-forget="1"></span>'
    >>> remember_html(Sitting("K7QX", 0, "Ana <3", "t0k"))
    '<span data-code="K7QX" data-name="Ana &lt;3" data-token="t0k"></span>'
    """
    if sitting is None:
        return '<span data-forget="1"></span>'
    data = {"code": sitting.code, "name": sitting.name, "token": sitting.token}
    return (
        "<span "
        + " ".join(f'data-{k}="{html.escape(v, quote=True)}"' for k, v in data.items())
        + "></span>"
    )


def resumed(text: object) -> tuple[str, str, str] | None:
    """The seat the page's script handed back (JSON ``{"code", "name", "token"}``), as
    ``(code, name, token)``; ``None`` for anything else.

    >>> resumed('{"code": "K7QX", "name": "Ana", "token": "t0k"}')
    ('K7QX', 'Ana', 't0k')
    >>> resumed("[1, 2]"), resumed("x" * 5000)
    (None, None)
    """
    if not isinstance(text, str) or not text or len(text) > RESUME_CHARS:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    code, name, token = (data.get(k) for k in ("code", "name", "token"))
    for v in (code, name, token):
        if not isinstance(v, str) or not 0 < len(v) <= 200:
            return None
    assert isinstance(code, str) and isinstance(name, str) and isinstance(token, str)
    return code, name, token


# ---------------------------------------------------------------------------- the teacher
class TableCard(widgets.VBox):  # type: ignore[misc]
    """One table on the teacher's page: how it stands, its picture as a spectator sees it,
    and the teacher's buttons (hints, close, unlock a seat)."""

    WIDTH, HEIGHT, RATIO = 440, 330, 2.0

    def __init__(self, room: Classroom, info: TableInfo, tell: Callable[[str], object]) -> None:
        self.room = room
        self.code = info.code
        self.version = -1
        self._tell = tell
        self._closing = False
        self.title = widgets.HTML()
        size = (int(self.WIDTH * self.RATIO), int(self.HEIGHT * self.RATIO))
        self.canvas = Canvas(width=size[0], height=size[1])
        self.canvas.layout.width = f"{self.WIDTH}px"
        self.canvas.on_client_ready(self._on_client_ready)
        self.hints = widgets.ToggleButton(
            description="Hints: on", tooltip="Allow or forbid hints at this table",
            layout=widgets.Layout(width="auto", height=TAP),
        )  # fmt: skip
        self.hints.observe(self._hints_changed, "value")
        self.close_button = tap_button("Close table", "End this game now", "danger")
        self.close_button.on_click(self._close_clicked)
        self.unlocks = widgets.HBox()
        self._syncing = False
        self._pen = Pen()
        super().__init__(
            [self.title, self.canvas, widgets.HBox([self.hints, self.close_button]), self.unlocks],
            layout=widgets.Layout(border="1px solid #D0D7DE", padding="6px", margin="4px"),
        )
        self.add_class("dweebies-table-card")
        self.update(info)

    def update(self, info: TableInfo) -> None:
        """Show the table again if it changed."""
        if info.version == self.version:
            return
        self.version = info.version
        picture = self.room.spectate(self.code)
        scores = ", ".join(
            f"{html.escape(s.label)} {picture.scores[i]}" for i, s in enumerate(picture.seats)
        )
        self.title.value = (
            f"<b style='font-size:1.2em'>{self.code}</b> · {html.escape(status_text(picture))}"
            f" · {plural(picture.moves, 'move')}<br>{scores}"
        )
        self._syncing = True
        try:
            self.hints.value = picture.hints
            self.hints.description = "Hints: on" if picture.hints else "Hints: off"
        finally:
            self._syncing = False
        running = info.status in ("waiting", "playing")
        self.hints.disabled = not running
        self.close_button.disabled = not running
        unlocks = []
        for s in info.seats:
            if s.name is None or s.wrong_pins < MAX_PIN_FAILURES:
                continue  # only a seat that waits has a "Clear waits" button
            tip = f"{clause(s.name, 'typed')} {plural(s.wrong_pins, 'wrong PIN')}"
            b = tap_button(f"Clear waits for {s.name}", tip)
            b.on_click(lambda _b, name=s.name: self._unlock(name))
            unlocks.append(b)
        self.unlocks.children = unlocks
        scene = spectator_scene(picture)
        w, h = self.canvas.width, self.canvas.height
        geometry = fit(scene, w, h, legal=picture.legal, ratio=self.RATIO)
        self._pen = drawing(scene, geometry)
        self._draw()

    def _draw(self) -> None:
        with hold_canvas():
            self._pen.replay(self.canvas)

    def _on_client_ready(self) -> None:
        # A new view shows an empty canvas (see DweebiesWidget): draw again for it.
        forget_current_canvas(self.canvas)
        self._draw()

    def _hints_changed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            self.room.allow_hints(self.code, bool(change["new"]))
            self._tell(f"Hints {'allowed' if change['new'] else 'off'} at table {self.code}.")
        except ClassroomError as error:
            self._tell(said(error))

    def _close_clicked(self, _button: object) -> None:
        if not self._closing:  # the first click asks, the second closes
            self._closing = True
            self.close_button.description = "Click again to close"
            return
        self._closing = False
        self.close_button.description = "Close table"
        try:
            self.room.close_table(self.code)
            self._tell(f"Table {self.code} is closed: its game can be downloaded.")
        except ClassroomError as error:
            self._tell(said(error))

    def _unlock(self, name: str) -> None:
        try:
            self.room.unlock(self.code, name)
            self._tell(f"{possessive(name)} PIN waits at table {self.code} are cleared.")
        except ClassroomError as error:
            self._tell(said(error))


class TeacherPage(widgets.VBox):  # type: ignore[misc]
    """The teacher's page: the password first; then, at the top, the alerts (wrong teacher
    passwords, students with wrong PINs: Clear lets them try again at once); the address
    and its QR code, every table live (as a spectator sees it), the standings (also alone
    and large, for a projector, and as a CSV file), making and closing tables, hints, and
    the download of every finished game."""

    def __init__(
        self, store: str, address: str = "", teacher: str = "", post: Post | None = None
    ) -> None:
        self.desk = Desk(store)
        self.address = address
        self.teacher_address = teacher
        self._post = post or on_this_loop()
        self.cards: dict[str, TableCard] = {}
        self.follower: Follower | None = None
        self._answers = -1  # puzzle answers recorded when the puzzles were last shown
        self.password = text_box("teacher password", "Password", password=True, width="18em")
        self.enter = tap_button("Open", "Open the teacher's page", "primary")
        self.enter.on_click(self._log_in)
        self.message = message_box()
        self.login = widgets.VBox(
            [
                style(),
                widgets.HTML("<h2>Dweebies: the teacher's page</h2>"),
                widgets.HBox([self.password, self.enter]),
                self.message,
            ]
        )
        super().__init__([self.login])
        self.add_class("dweebies-teacher")

    # ------------------------------------------------------------------ logging in
    def _log_in(self, _button: object = None) -> None:
        password, self.password.value = self.password.value, ""
        say(self.message, "Checking…")
        try:
            opened = self.desk.log_in(password)
        except TeacherLockedOut as error:
            say(self.message, said(error), bad=True)
            return
        if not opened:
            say(self.message, "Wrong password (the attempt was counted).", bad=True)
            return
        say(self.message, "")
        self._build()

    @property
    def room(self) -> Classroom:
        assert self.desk.room is not None, "log in first"
        return self.desk.room

    def _build(self) -> None:
        room = self.room
        self.alerts = widgets.VBox(
            layout=widgets.Layout(display="none"), **dom_classes("dweebies-teacher-alerts")
        )
        self._alert_rows: dict[str, Any] = {}
        """Per alert (its kind and name), its row: the words, and a Clear button."""
        desk: list[Any] = [widgets.HTML("<h2>Your classroom</h2>")]
        if self.address:
            qr = qr_svg(self.address)
            teacher = (
                f"<br>This page: <code>{html.escape(self.teacher_address)}</code>"
                if self.teacher_address
                else ""
            )
            desk.append(
                widgets.HTML(
                    "<div style='display:flex; gap:1em; align-items:center; flex-wrap:wrap'>"
                    f"<div class='dweebies-qr'>{qr}</div><div>Students open<br>"
                    "<b style='font-size:1.6em'>"
                    f"{html.escape(self.address)}</b><br>(or scan the code){teacher}</div></div>"
                )
            )
        self.chooser = TableChooser()
        self.make = tap_button("Make a table", "Make a table for students to join", "success")
        self.make.on_click(self._make)
        self.hints_default = widgets.Checkbox(
            value=room.hints_default, description="Allow hints at new tables", indent=False
        )
        self.hints_default.observe(
            lambda ch: room.set_hints_default(bool(ch["new"])), "value"
        )  # fmt: skip
        self.note = message_box()
        self.tables = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.tables.add_class("dweebies-tables")
        self.board = widgets.HTML(**dom_classes("dweebies-leaders"))
        self.puzzle_board = widgets.HTML(**dom_classes("dweebies-teacher-puzzle-board"))
        self.project = tap_button("Show on the projector", "The standings alone, large")
        self.project.on_click(self._show_projector)
        self.download_csv = tap_button(
            "Download standings (CSV)", "The standings as a table for a spreadsheet"
        )
        self.download_csv.on_click(self._download_standings)
        self.download = tap_button("Download finished games", "Every finished or closed game")
        self.download.on_click(self._download)
        self.link = widgets.HTML()
        wrap = widgets.Layout(flex_flow="row wrap")
        desk += [
            widgets.HBox([self.chooser.box, self.make], layout=wrap),
            self.hints_default,
            self.note,
        ]
        results = [
            widgets.HTML("<h3>Standings</h3>"),
            self.board,
            widgets.HBox(
                [self.project, self.download_csv, self.download, self.link],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            ),
        ]
        self.projector_board = widgets.HTML(**dom_classes("dweebies-projector-board"))
        back = tap_button("Back", "Back to the teacher's page")
        back.on_click(self._hide_projector)
        self.projector = widgets.VBox(
            [style(), widgets.HTML("<h2>Standings</h2>"), self.projector_board, back],
            **dom_classes("dweebies-projector"),
        )
        # Three parts, each of which fits in the window: the teacher's desk (the address,
        # making tables, hints, the last message), the tables, the standings; above them,
        # the alerts (wrong teacher passwords, wrong PINs), while there are any.
        self.children = self._page = [
            style(),
            self.alerts,
            widgets.VBox(desk, **dom_classes("dweebies-teacher-desk")),
            widgets.HTML("<h3>Tables</h3>"),
            self.tables,
            widgets.VBox(results, **dom_classes("dweebies-teacher-results")),
            widgets.VBox(
                [widgets.HTML("<h3>Puzzles</h3>"), self.puzzle_board],
                **dom_classes("dweebies-teacher-puzzles"),
            ),
        ]
        self.refresh()
        self.follower = Follower(room, None, room.version(), self.refresh, self._post)
        self._watch = threading.Thread(target=self._watch_puzzles, daemon=True,
                                       name="dweebies-puzzle-watch")  # fmt: skip
        self._watch.start()

    # ------------------------------------------------------------------ what is shown
    def refresh(self) -> None:
        """Show every table and the leaderboard as they are now."""
        try:
            infos = self.room.tables()
            for info in infos:
                card = self.cards.get(info.code)
                if card is None:
                    self.cards[info.code] = TableCard(self.room, info, self._tell)
                else:
                    card.update(info)
            order = [self.cards[i.code] for i in reversed(infos)]  # newest first
            if list(self.tables.children) != order:
                self.tables.children = order
            self._show_standings()
            self._show_alerts()
            self._show_puzzles()
        except ClassroomError as error:
            self._tell(said(error))

    def _show_standings(self) -> None:
        rows = self.room.leaderboard()
        board = leaderboard_html(rows)
        if self.board.value != board:
            self.board.value = board
            self.projector_board.value = leaderboard_html(rows, "dweebies-leaderboard-big")

    def _show_alerts(self) -> None:
        """The alerts at the top of the page, as they are now: wrong teacher passwords since
        the teacher logged in, and each student with wrong PINs (a Clear button each)."""
        try:
            alerts = self.room.alerts()
        except ClassroomError as error:
            self._tell(said(error))
            return
        rows = []
        for alert in alerts:
            key = f"{alert.kind}:{alert.name or ''}"
            row = self._alert_rows.get(key)
            if row is None:
                row = self._alert_rows[key] = self._alert_row(alert)
            text = f"<b>{html.escape(alert_text(alert))}</b>"
            if row.children[0].value != text:
                row.children[0].value = text
            rows.append(row)
        if list(self.alerts.children) != rows:
            self.alerts.children = rows
        shown = "" if rows else "none"
        if self.alerts.layout.display != shown:
            self.alerts.layout.display = shown

    def _alert_row(self, alert: Alert) -> Any:
        """An alert's row: its words (filled in when shown) and, for a student, Clear."""
        words = widgets.HTML(**dom_classes("dweebies-alert-text"))
        parts = [words]
        if alert.kind == "pin" and alert.name is not None:
            clear = tap_button("Clear", f"Let {alert.name} type a PIN again at once")
            clear.on_click(lambda _b, name=alert.name: self._clear(name))
            parts.append(clear)
        return widgets.HBox(
            parts, layout=widgets.Layout(align_items="center"), **dom_classes("dweebies-alert"),
        )  # fmt: skip

    def _clear(self, name: str) -> None:
        try:
            self.room.clear_pin_waits(name)
        except ClassroomError as error:
            self._tell(said(error))
            return
        self._tell(f"{name} may type a PIN again at once.")
        self._show_alerts()

    def _show_puzzles(self) -> None:
        """The class's hardest puzzles and each student's puzzle rating, when an answer has
        been recorded since they were last shown."""
        answers = self.desk.puzzles().version()
        if answers != self._answers:
            self._answers = answers
            self.puzzle_board.value = puzzles_html(self.desk)

    def _watch_puzzles(self) -> None:
        """Puzzle answers and wrong PINs or passwords do not change the tables: look at
        them every :data:`LIST_EVERY` seconds while the page is followed."""
        follower = self.follower
        while follower is not None and follower.running:
            time.sleep(LIST_EVERY)
            self._post(self._show_puzzles)
            self._post(self._show_alerts)

    def _tell(self, text: str) -> None:
        say(self.note, text)

    # ------------------------------------------------------------------ actions
    def _make(self, _button: object = None) -> None:
        from .lobby import table_plan

        c = self.chooser
        try:
            players, ai = table_plan(c.seats.value, c.computers.value, c.level.value)
            code = self.room.create_table(players=players, ai=ai)
        except ClassroomError as error:
            self._tell(said(error))
            return
        self._tell(f"Table {code} is ready: students join it with the code {code}.")
        self.refresh()

    def _show_projector(self, _button: object = None) -> None:
        """The standings alone, large, for a projector (Back returns)."""
        self.children = [self.projector]

    def _hide_projector(self, _button: object = None) -> None:
        self.children = self._page

    def _download_standings(self, _button: object = None) -> None:
        encoded = base64.b64encode(self.room.standings_csv().encode("utf-8")).decode("ascii")
        self.link.value = (
            '<a download="dweebies-standings.csv" '
            f'href="data:text/csv;charset=utf-8;base64,{encoded}">'
            "Save dweebies-standings.csv</a> (it opens in a spreadsheet)"
        )

    def _download(self, _button: object = None) -> None:
        data = saves_zip(self.room)
        encoded = base64.b64encode(data).decode("ascii")
        games = len(self.room.download_all())
        self.link.value = (
            f'<a download="dweebies-games.zip" href="data:application/zip;base64,{encoded}">'
            f"Save dweebies-games.zip</a> ({games} game{'s' if games != 1 else ''}; each "
            "opens with <code>Game.from_json</code>)"
        )


# ---------------------------------------------------------------------------- served pages
def _store() -> str | None:
    return os.environ.get(STORE_VARIABLE) or None


def lobby_page() -> Any:
    """The students' page of the served classroom (the store named by ``DWEEBIES_STORE``)."""
    store = _store()
    if store is None:
        return not_served()
    return LobbyPage(Classroom(store))


def teacher_page() -> Any:
    """The teacher's page of the served classroom."""
    store = _store()
    if store is None:
        return not_served()
    return TeacherPage(
        store,
        address=os.environ.get(ADDRESS_VARIABLE, ""),
        teacher=os.environ.get(TEACHER_VARIABLE, ""),
    )
