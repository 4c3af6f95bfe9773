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
    "SeatLocked",
    "StoreError",
    "TableBusy",
    "TableClosed",
    "TableFull",
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
    """The token belongs to no seat (a seat acts only with its own token)."""

    reason = "unknown-token"


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
    """The name is taken at this table and the PIN is not its PIN (the attempt is
    counted); ``attempts_left`` before the seat locks."""

    reason = "wrong-pin"

    def __init__(self, message: str, attempts_left: int) -> None:
        super().__init__(message)
        self.attempts_left = attempts_left


class SeatLocked(ClassroomError):
    """Too many wrong PINs for this seat: only the teacher can unlock it."""

    reason = "seat-locked"


class NotTeacher(ClassroomError, PermissionError):
    """A teacher-only action on a classroom opened without the teacher password."""

    reason = "not-teacher"


class WrongPassword(ClassroomError, PermissionError):
    """The teacher password does not match (the attempt is counted)."""

    reason = "wrong-password"


class HintsForbidden(ClassroomError, PermissionError):
    """The teacher has forbidden hints at this table."""

    reason = "hints-forbidden"
