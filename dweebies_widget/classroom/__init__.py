"""The classroom: students play each other from their own devices, through one store.

>>> import os, tempfile
>>> from dweebies_widget.classroom import Classroom
>>> room = Classroom(os.path.join(tempfile.mkdtemp(), "class.sqlite"))  # or postgresql://...
>>> code = room.create_table(players=3, ai={2: "greedy"}, seed=5)   # a short code to type
>>> ana = room.join(code, "Ana", pin="1234")
>>> ben = room.join(code, "Ben", pin="9876")
>>> room.view(ana).hand != room.view(ben).hand   # each seat sees its own hand only
True
>>> v = room.version(code)
>>> _ = room.play(ana, room.view(ana).legal_moves()[0])
>>> room.version(code) > v, room.spectate(code).current_player
(True, 1)
>>> room.close()

:mod:`.room` holds :class:`Classroom` (the API); :mod:`.store`, :mod:`.sqlite` and
:mod:`.postgres` keep the tables and the class's students; :mod:`.credentials` checks names
and PINs, makes codes and tokens and hashes PINs; :mod:`.limits` holds every cap;
:mod:`.picture` is the public data pages see; :mod:`.errors` the errors.

The served classroom (``python -m dweebies_widget.classroom serve``, :mod:`.serve`) is built
on it: :mod:`.lobby`, :mod:`.seat` and :mod:`.teacher` are the pages' logic, :mod:`.pages`
their widgets (imported only when a page is made), :mod:`.address` the address and its QR
code, and the ``notebooks`` folder the two notebooks that Voila serves.
"""

from .errors import (
    BadInput,
    ClassroomError,
    GameInProgress,
    HintsForbidden,
    NotStarted,
    NotTeacher,
    PinThrottled,
    SeatLocked,
    StoreError,
    TableBusy,
    TableClosed,
    TableFull,
    TeacherLockedOut,
    TokenExpired,
    UnknownTable,
    UnknownToken,
    WrongPassword,
    WrongPin,
)
from .limits import Limits
from .picture import Alert, LeaderRow, Picture, Record, Seat, SeatInfo, SeatState, TableInfo
from .room import AI_LEASE, LEVELS, MAX_PIN_FAILURES, Classroom, ladder

__all__ = [
    "AI_LEASE",
    "LEVELS",
    "MAX_PIN_FAILURES",
    "Alert",
    "BadInput",
    "Classroom",
    "ClassroomError",
    "GameInProgress",
    "HintsForbidden",
    "LeaderRow",
    "Limits",
    "NotStarted",
    "NotTeacher",
    "Picture",
    "PinThrottled",
    "Record",
    "Seat",
    "SeatInfo",
    "SeatLocked",
    "SeatState",
    "StoreError",
    "TableBusy",
    "TableClosed",
    "TableFull",
    "TableInfo",
    "TeacherLockedOut",
    "TokenExpired",
    "UnknownTable",
    "UnknownToken",
    "WrongPassword",
    "WrongPin",
    "ladder",
]
