"""A student's seat as the widget plays it, and how a page hears of other devices' moves.

:class:`RoomSeat` is the widget's :class:`~dweebies_widget.widget.remote.Source` for one seat
of a classroom table: the widget shows the seat's :class:`~.picture.SeatState` (as a
:class:`~dweebies_widget.widget.remote.SeatGame`, built from the seat's own view) and sends
its moves with :meth:`Classroom.play <dweebies_widget.classroom.Classroom.play>` and the
seat's token.  The computer seats answer in a background thread of the classroom
(``wait=False``), so a click returns at once.

:class:`Follower` waits for a change of a table (or of the whole room) in a background thread,
with :meth:`Classroom.wait_for_change <dweebies_widget.classroom.Classroom.wait_for_change>`,
and then runs a callback on the kernel's event loop: widgets send their messages from the
kernel's main thread only, and a redraw never runs in the middle of a click.

:class:`TableMode` is the widget's mode for such a seat: a remote seat
(:class:`~dweebies_widget.widget.modes.RemoteSeat`) that also knows when the teacher has
closed the table.  Then no card can be picked or placed (a click says why), Hint is off, and
the status line's first line says who closed the table.

>>> import os, tempfile
>>> from dweebies_widget.classroom import Classroom
>>> room = Classroom(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> code = room.create_table(players=2, ai={1: "greedy"}, seed=7)
>>> seat = RoomSeat(room, room.join(code, "Ana", pin="1234"))
>>> seat.labels, seat.me, seat.status
(('Ana', 'Greedy (computer)'), 0, 'playing')
>>> placement, game = seat.play(seat.state.view.legal_moves()[0])
>>> placement.seat, len(game.history) >= 1
(0, True)
>>> room.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import replace

from ..errors import IllegalMoveError
from ..game import Game, Move, Placement
from ..grid import Cell
from ..widget.modes import RemoteSeat
from ..widget.remote import Elsewhere, SeatGame
from ..widget.session import Session
from .errors import ClassroomError
from .lobby import said
from .picture import SeatState
from .room import Classroom

__all__ = ["AGAIN", "WAIT", "Follower", "RoomSeat", "TableMode", "on_this_loop"]

#: Seconds one wait for a change lasts before the follower asks again (a change wakes it at
#: once: PostgreSQL notifies, SQLite is looked at every 50 ms).
WAIT = 10.0
AGAIN = "Press Back to the lobby to play again."
"""What to do once the table's game is over, or the table closed."""


class RoomSeat:
    """Seat ``token`` of ``room``, for the widget (see the module)."""

    def __init__(self, room: Classroom, token: str) -> None:
        self.room = room
        self._token = token
        self.state: SeatState = room.seat_state(token)
        """The seat as last read: its view, the table's version, status and hints."""
        self._game: tuple[int, SeatGame] | None = None

    # ------------------------------------------------------------------ what is shown
    @property
    def code(self) -> str:
        return self.state.code

    @property
    def me(self) -> int:
        """The seat number."""
        return self.state.seat

    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``over`` or ``closed`` (see :class:`~.picture.TableInfo`)."""
        return self.state.status

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def token(self) -> str:
        """The seat's token (the page keeps it in the browser, to come back to the seat)."""
        return self._token

    @property
    def closed(self) -> str | None:
        """Who closed the table, as a sentence ("Your teacher closed this table."), or
        ``None`` while it is not closed."""
        if self.state.status != "closed":
            return None
        who = self.state.closed_by
        return f"{who[:1].upper()}{who[1:]} closed this table." if who else "This table is closed."

    @property
    def wrong_pins(self) -> tuple[int, float]:
        """Wrong PINs typed for this seat's student since their last right one, and the
        seconds left before the next try is taken (0.0: none to wait)."""
        return self.state.pin_failures, self.state.pin_wait

    @property
    def labels(self) -> tuple[str, ...]:
        """Per seat, the name shown: the student's, ``"Greedy (computer)"``, ``"(free)"``."""
        return tuple(s.label for s in self.state.seats)

    def seats(self) -> list[str | Elsewhere]:
        """The widget's seats: this seat's name (a person at this screen), the others
        :class:`~dweebies_widget.widget.remote.Elsewhere`."""
        return [label if s == self.me else Elsewhere(label) for s, label in enumerate(self.labels)]

    @property
    def game(self) -> SeatGame:
        """The game as this seat may see it, at :attr:`version`."""
        if self._game is None or self._game[0] != self.state.version:
            self._game = (self.state.version, SeatGame.of(self.state.view))
        return self._game[1]

    @property
    def hints(self) -> bool:
        """Whether the teacher allows hints at this table now."""
        return self.state.hints

    def refresh(self) -> bool:
        """Read the seat again; whether the table changed since the last read (the
        wrong PINs for the seat's student are read again in any case)."""
        state = self.room.seat_state(self._token)
        if state.version <= self.state.version:
            self.state = replace(
                self.state, pin_failures=state.pin_failures, pin_wait=state.pin_wait
            )
            return False
        self.state = state
        return True

    def leave(self) -> None:
        """Leave the seat from this device (see :meth:`Classroom.leave
        <dweebies_widget.classroom.Classroom.leave>`): the token stops working."""
        self.room.leave(self._token)

    # ------------------------------------------------------------------ acting
    def play(self, move: Move) -> tuple[Placement, Game]:
        """Play ``move`` for this seat (the computer seats answer in the background)."""
        try:
            placement = self.room.play(self._token, move, wait=False)
        except ClassroomError as error:
            raise IllegalMoveError(said(error), reason=error.reason) from None
        self.refresh()
        return placement, self.game

    def draw(self) -> Game:
        """Take one draw this seat owes (``Rules(auto_draw=False)``)."""
        try:
            self.room.draw(self._token)
        except ClassroomError as error:
            raise IllegalMoveError(said(error), reason=error.reason) from None
        self.refresh()
        return self.game


class TableMode(RemoteSeat):
    """The widget's mode for a classroom seat (see the module): :class:`RemoteSeat` over
    ``seat``, which refuses every pick and placement once the table is closed."""

    again = AGAIN

    def __init__(self, seat: RoomSeat) -> None:
        super().__init__(seat)
        self.seat = seat

    @property
    def hints(self) -> bool:
        return self.seat.closed is None and self.seat.hints

    def refusal(self, session: Session) -> str | None:
        return self.seat.closed or super().refusal(session)

    def _refuse(self, session: Session) -> bool:
        """Say why nothing can be done at a closed table; whether it is closed."""
        closed = self.seat.closed
        if closed is not None:
            session.tell(closed, "Press Review to look back over every move.")
            session.changed_text()
        return closed is not None

    def point(self, session: Session, x: float, y: float, *, touch: bool) -> bool | None:
        return True if self._refuse(session) else None

    def pick(self, session: Session, index: int) -> bool:
        return self._refuse(session)

    def key(self, session: Session, key: str) -> bool:
        picks = key in ("Enter", " ") or (len(key) == 1 and key in "123456789")
        return picks and self._refuse(session)

    def place(self, session: Session, cell: Cell) -> Placement | None:
        return None if self._refuse(session) else super().place(session, cell)

    def status(self, session: Session, lines: list[str]) -> list[str]:
        closed = self.seat.closed
        if closed is None:
            return lines
        return [closed, "Press Review to look back over every move, or Back to the lobby."]


Post = Callable[[Callable[[], object]], object]
"""Runs a callback on the right thread (see :func:`on_this_loop`)."""


def on_this_loop() -> Post:
    """A way to run callbacks from any thread on the event loop running here (in a
    kernel: the kernel's own, which also delivers the widgets' messages); where no loop
    runs (a plain script, a test), callbacks run in the calling thread."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return lambda callback: callback()

    def post(callback: Callable[[], object]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: the kernel is going
            loop.call_soon_threadsafe(callback)

    return post


class Follower:
    """Calls ``changed()`` (through ``post``) each time table ``code`` of ``room`` (the
    whole room for ``None``) moves on from ``version``, until :meth:`stop`.  The waiting
    is done by a daemon thread, started at once.  Changes that come while a call is still
    waiting to run are seen by that call (it reads the store as it is then), so they post
    nothing more."""

    def __init__(
        self,
        room: Classroom,
        code: str | None,
        version: int,
        changed: Callable[[], object],
        post: Post | None = None,
        *,
        every: float | None = None,
    ) -> None:
        self._room = room
        self._code = code
        self._version = version
        self._every = every
        """Look at the version only every so many seconds (for what may lag, such as the
        lobby's list: a kernel waiting in the pool then costs nothing); ``None``: wait for
        the change itself."""
        self._changed = changed
        self._post = post or on_this_loop()
        self._stop = threading.Event()
        self._waiting = threading.Event()  # a call is posted and has not started yet
        self.errors = 0
        """Waits that failed (the store unreachable for a moment); it keeps trying."""
        self._thread = threading.Thread(target=self._run, name="dweebies-follower", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop following (the thread ends after its current wait)."""
        self._stop.set()

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and not self._stop.is_set()

    def _run(self) -> None:
        version = self._version
        while not self._stop.is_set():
            try:
                if self._every is None:
                    now = self._room.wait_for_change(self._code, version, WAIT)
                elif self._stop.wait(self._every):
                    return
                else:
                    now = self._room.version(self._code)
            except Exception:  # noqa: BLE001 - a store that fails for a moment: try again
                self.errors += 1
                self._stop.wait(1.0)
                continue
            if now != version and not self._stop.is_set():
                version = now
                if not self._waiting.is_set():
                    self._waiting.set()
                    self._post(self._call)

    def _call(self) -> None:
        self._waiting.clear()
        if not self._stop.is_set():
            self._changed()
