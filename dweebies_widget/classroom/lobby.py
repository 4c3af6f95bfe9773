"""The lobby's logic: what a student types and picks before playing, checked, and the
classroom's answers in plain words.  The page (:mod:`.pages`) is a thin form over it.

A student gives a **name** and a **PIN** (4 digits of their choice: with the name, they bring
the student back to the same seat later, from any device), then either **joins** a table by
its code or **makes** one: 2 to 6 seats, some of which may be given to a computer player of
the ladder.  A table starts once every seat for a student is taken.

>>> import os, tempfile
>>> from dweebies_widget.classroom import Classroom
>>> lobby = Lobby(Classroom(os.path.join(tempfile.mkdtemp(), "class.sqlite")))
>>> ana = lobby.make("Ana", "1234", seats=3, computers=1, level="greedy")
>>> [t.code for t in lobby.open_tables()] == [ana.code]      # one seat left for a student
True
>>> ben = lobby.join(ana.code.lower(), "Ben", "9876")      # codes are typed in any case
>>> ben.seat, lobby.open_tables()
(1, [])
>>> try:
...     lobby.join(ana.code, "ana", "0000")
... except ClassroomError as error:
...     print(said(error))
The name Ana is taken in this class, with another PIN. If it is yours, type your PIN; if
not, add a letter to your name (like Ana B). You have 2 more tries before you must wait.
>>> lobby.leave(ben.token)            # Ben leaves from this device: the seat stays his
>>> lobby.join(ana.code, "BEN", "9876").seat
1
>>> lobby.room.close()
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalMoveError
from ..game import MAX_PLAYERS, MIN_PLAYERS
from .credentials import check_name, check_pin, normalize_code
from .errors import BadInput, ClassroomError, PinThrottled, WrongPin
from .picture import TableInfo
from .room import LEVELS, Classroom

__all__ = ["OPEN_TABLES", "Lobby", "Sitting", "said", "table_plan"]

#: The most tables the lobby lists as waiting for students (the newest).
OPEN_TABLES = 12

_WORDS = {
    "unknown-table": "No table has that code: check it with whoever made the table.",
    "table-full": (
        "That table is full. If you sat there before, type the same name and PIN as then."
    ),
    "table-closed": "That table has finished or was closed by your teacher: make a new one.",
    "unknown-token": "Your seat was not found: join again with your name and PIN.",
    "token-expired": "Your seat's pass has expired: type your name and PIN to sit again.",
    "busy": "The table was busy: try again.",
    "not-started": "The game starts when every seat for a student is taken.",
    "hints-forbidden": "Your teacher has turned hints off at this table.",
    "not-teacher": "Only the teacher may do that.",
    "wrong-password": "Wrong password.",
    "teacher-locked": "Too many wrong passwords: the teacher's page is locked for a while.",
    "in-progress": "That game is still being played.",
    "store": "The classroom's store has a problem: tell your teacher.",
}


def said(error: ClassroomError | IllegalMoveError) -> str:
    """``error`` in words a player follows (a full sentence)."""
    reason = getattr(error, "reason", "")
    if isinstance(error, WrongPin | PinThrottled) or reason == "teacher-locked":
        return str(error)  # already the player's sentences, with the name and the wait
    if reason in _WORDS:
        return _WORDS[reason]
    text = str(error).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def table_plan(seats: object, computers: object, level: object) -> tuple[int, dict[int, str]]:
    """The ``players`` and ``ai`` of :meth:`Classroom.create_table` for a table of
    ``seats`` seats, the last ``computers`` of which go to the computer player ``level``
    (one of :data:`~.room.LEVELS`); :class:`BadInput` in plain words otherwise.

    >>> table_plan(4, 2, "Expert")
    (4, {2: 'expert', 3: 'expert'})
    >>> table_plan(2, 2, "greedy")
    Traceback (most recent call last):
    ...
    dweebies_widget.classroom.errors.BadInput: at least one seat is for a student: ...
    """
    if type(seats) is not int or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise BadInput(f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    if type(computers) is not int or not 0 <= computers < seats:
        raise BadInput(
            f"at least one seat is for a student: a table of {seats} seats has at most "
            f"{seats - 1} computer player{'s' if seats > 2 else ''}"
        )
    name = level.lower() if isinstance(level, str) else ""
    if computers and name not in LEVELS:
        raise BadInput(f"the computer players are {', '.join(LEVELS)}")
    return seats, {s: name for s in range(seats - computers, seats)}


@dataclass(frozen=True)
class Sitting:
    """A student at a table: the code, their seat, their name and the token the seat acts
    with (it stays in the student's own kernel; the page never sees it)."""

    code: str
    seat: int
    name: str
    token: str


class Lobby:
    """The lobby over ``room`` (a :class:`Classroom` opened without the teacher password)."""

    def __init__(self, room: Classroom) -> None:
        self.room = room

    def open_tables(self) -> list[TableInfo]:
        """Tables waiting for students, newest first (at most :data:`OPEN_TABLES`)."""
        waiting = [t for t in self.room.tables() if t.status == "waiting" and t.free]
        return waiting[::-1][:OPEN_TABLES]

    def join(self, code: object, name: object, pin: object) -> Sitting:
        """Sit at table ``code`` as ``name`` with ``pin`` (the same name and PIN as before:
        the same seat back).  Errors are :class:`ClassroomError` (see :func:`said`)."""
        name, pin = _who(name, pin)
        if not isinstance(code, str) or not code.strip():
            raise BadInput("type the code of the table (4 characters, like K7QX)")
        code = normalize_code(code)
        token = self.room.join(code, name, pin)
        seat = self.room.seat(token)
        return Sitting(seat.code, seat.seat, seat.name, token)

    def leave(self, token: str) -> None:
        """Leave the seat of ``token`` from this device (see :meth:`Classroom.leave`): a
        table still waiting gets the seat back free; at a table being played the seat
        stays the student's, for their name and PIN."""
        self.room.leave(token)

    def make(self, name: object, pin: object, seats: object, computers: object = 0,
             level: object = "greedy") -> Sitting:  # fmt: skip
        """Make a table (see :func:`table_plan`) and sit at its first seat."""
        name, pin = _who(name, pin)
        players, ai = table_plan(seats, computers, level)
        code = self.room.create_table(players=players, ai=ai)
        return self.join(code, name, pin)


def _who(name: object, pin: object) -> tuple[str, str]:
    if not isinstance(name, str) or not name.strip():
        raise BadInput("type your name first")
    if not isinstance(pin, str) or not pin.strip():
        raise BadInput("type a PIN of 4 digits that you will remember")
    return check_name(name), check_pin(pin.strip())
