"""The errors of the classroom: one base class, each case with a short ``reason`` code.

A page shows its own words for a ``reason``; the message itself is exact, for people and
logs.  Moves that break the rules, or come when it is not the seat's turn, raise the core's
:class:`~dweebies_widget.IllegalMoveError` instead (reason ``not-your-turn`` for the latter).

>>> error = TableFull("table K7QX is full (3 seats)")
>>> isinstance(error, ClassroomError), error.reason
(True, 'table-full')
"""

from __future__ import annotations

__all__ = [
    "BadInput",
    "ClassroomError",
    "GameInProgress",
    "HintsForbidden",
    "NotStarted",
    "NotTeacher",
    "PinThrottled",
    "SeatLocked",
    "StoreError",
    "TableBusy",
    "TableClosed",
    "TableFull",
    "TeacherLockedOut",
    "TokenExpired",
    "UnknownTable",
    "UnknownToken",
    "WrongPassword",
    "WrongPin",
]


class ClassroomError(Exception):
    """Base class of every classroom error; ``reason`` is a short code for pages."""

    reason = "classroom"


class StoreError(ClassroomError):
    """The store cannot be used: not a classroom store, corrupt, or made by a newer
    version.  The file or database was left exactly as it was."""

    reason = "store"


class BadInput(ClassroomError, ValueError):
    """A name, PIN, code, seat or option that is not of the expected form."""

    reason = "bad-input"


class UnknownTable(ClassroomError, LookupError):
    """No table has this code."""

    reason = "unknown-table"


class UnknownToken(ClassroomError, LookupError):
    """The token belongs to no seat (a seat acts only with its own token), or no longer:
    its student left the seat from that device."""

    reason = "unknown-token"


class TokenExpired(UnknownToken):
    """The token is older than the classroom's ``token_hours``: the student types their
    name and PIN to sit again."""

    reason = "token-expired"


class TableBusy(ClassroomError):
    """The table kept changing under this action (hundreds of tries): try again."""

    reason = "busy"


class TableFull(ClassroomError):
    """Every seat for a student is taken (and the name is none of theirs)."""

    reason = "table-full"


class TableClosed(ClassroomError):
    """The teacher closed the table, or its game is over: no new player, no move."""

    reason = "table-closed"


class GameInProgress(ClassroomError):
    """The game is still being played: its save would show hidden cards."""

    reason = "in-progress"


class NotStarted(ClassroomError):
    """The table still waits for students to join; play starts when every seat is taken."""

    reason = "not-started"


class WrongPin(ClassroomError):
    """The name belongs to a student of the class with another PIN (the try is counted);
    ``attempts_left``: wrong PINs still allowed before each try must wait (0 once they
    wait), ``wait``: the seconds the next try must wait (0.0 for none), ``name`` the
    student's name as they typed it first."""

    reason = "wrong-pin"

    def __init__(self, message: str, attempts_left: int, wait: float = 0.0, name: str = "") -> None:
        super().__init__(message)
        self.attempts_left = attempts_left
        self.wait = wait
        self.name = name


class PinThrottled(ClassroomError):
    """Too many wrong PINs for this student: each further try must wait a little longer
    (``wait``, in seconds, is what is left of the wait now).  The try was not checked.
    Nothing is locked for good, and the teacher can clear the waits."""

    reason = "pin-throttled"

    def __init__(self, message: str, wait: float = 0.0, name: str = "") -> None:
        super().__init__(message)
        self.wait = wait
        self.name = name


SeatLocked = PinThrottled
"""The name of :class:`PinThrottled` before seats stopped locking for good."""


class NotTeacher(ClassroomError, PermissionError):
    """A teacher-only action on a classroom opened without the teacher password."""

    reason = "not-teacher"


class WrongPassword(ClassroomError, PermissionError):
    """The teacher password does not match (the attempt is counted)."""

    reason = "wrong-password"


class TeacherLockedOut(WrongPassword):
    """Too many wrong teacher passwords in a row: the teacher's page stays locked for
    ``wait`` more seconds, and a password given meanwhile is not even checked."""

    reason = "teacher-locked"

    def __init__(self, message: str, wait: float = 0.0) -> None:
        super().__init__(message)
        self.wait = wait


class HintsForbidden(ClassroomError, PermissionError):
    """The teacher has forbidden hints at this table."""

    reason = "hints-forbidden"
