"""Where a classroom keeps its tables: the store's records, its schema and its SQL.

One store holds the whole class: for each table its game as a JSON save (the core's
:meth:`~dweebies_widget.Game.to_json`) plus a **version** that bumps on every change, its
seats (names, hashed PINs, wrong-PIN counts), the digests of the seat tokens, and a few
settings (the schema version, the teacher password's hash).  Since schema 2 it also keeps
the class's puzzle trainer: each student who signs in to the puzzle page (name and hashed
PIN, like a seat) with their Glicko-2 rating, each puzzle's class rating, and every attempt
at a puzzle.

**Schema 3: one identity per student.**  The students table is the class's list of players,
for the tables as well as the puzzles: a player is a name (compared by its key,
:func:`~.credentials.name_key`) and a PIN.  Each seat names the student it counts for
(``student``, their key), and holds that student's PIN hash.  Wrong PINs are counted per
student (``failures``, ``last_try``, ``wait_until``: the throttle), the teacher password's
run of wrong tries is kept in the settings (``teacher_tries``), a closed table says who
closed it (``closed_by``), and a token's ``created`` time is when it was issued (tokens
expire).

**Upgrades.**  A store of an older schema is upgraded when it is opened, in one
transaction, keeping every row: schema 1 gains the puzzle tables, schema 2 the columns of
schema 3.  Name keys are computed again with today's rule (it folds look-alike letters):

- a student, or a seat, whose new key is already another row's (two old names that now read
  as the same name, like a Latin "Ana" and a Cyrillic "Аna") keeps its old key, so both rows
  stay; signing in with either spelling then reaches the first one, and a seat whose key was
  kept is still found by its owner's own spelling (see :meth:`~.room.Classroom.join`);
- each name of an old seat becomes a student if it is not one yet, with the PIN of its
  oldest seat (the puzzle page's student, when there was one, keeps theirs);
- a seat holding exactly its student's PIN hash counts for that student.  Any other old seat
  (the same name at another table: PINs are stored salted, so the upgrade cannot tell
  whether it was the same PIN) keeps working with its own PIN, but counts as a player of its
  own in the standings (``student`` is empty) until its owner comes back to it with the
  student's PIN: then it joins the student's line.

Every change is one transaction that checks the version it read (``UPDATE ... WHERE
version = ?``): when two devices act at once, one of them wins and the other finds a
changed table and tries again from it, so no move is ever lost or doubled.

:class:`Store` holds the SQL, written once for both engines; :mod:`.sqlite` (a file, the
embedded default) and :mod:`.postgres` (a server, with LISTEN/NOTIFY) supply the
connection, the transactions and the waiting;
:func:`~dweebies_widget.classroom.room.open_store` picks one.
"""

from __future__ import annotations

import json
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any, Protocol

__all__ = [
    "FORMAT",
    "SCHEMA",
    "AttemptRow",
    "Cursor",
    "PuzzleRatingRow",
    "SeatRow",
    "Store",
    "StudentRow",
    "TableRow",
]

#: What the settings table says a classroom store is, and the schema version of this code.
FORMAT = "dweebies-widget/classroom"
SCHEMA = 3

#: The schema, one statement each; the same SQL for SQLite and PostgreSQL.
SCHEMA_SQL = (
    "CREATE TABLE dweebies_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE dweebies_tables (
        code TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        players INTEGER NOT NULL,
        free INTEGER NOT NULL,
        ai TEXT NOT NULL,
        closed INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL,
        turn INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        scores TEXT NOT NULL,
        result TEXT NOT NULL,
        actions INTEGER NOT NULL,
        ai_until DOUBLE PRECISION NOT NULL,
        game TEXT NOT NULL)""",
    """CREATE TABLE dweebies_seats (
        code TEXT NOT NULL REFERENCES dweebies_tables (code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        pin_hash TEXT NOT NULL,
        failures INTEGER NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, seat),
        UNIQUE (code, name_key))""",
    """CREATE TABLE dweebies_tokens (
        digest TEXT PRIMARY KEY,
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        FOREIGN KEY (code, seat) REFERENCES dweebies_seats (code, seat))""",
)
#: What schema 2 adds: the puzzle page's students, the puzzles' class ratings, the attempts.
PUZZLE_SQL = (
    """CREATE TABLE IF NOT EXISTS dweebies_students (
        name_key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        pin_hash TEXT NOT NULL,
        failures INTEGER NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        version INTEGER NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dweebies_puzzle_ratings (
        puzzle TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS dweebies_attempts (
        name_key TEXT NOT NULL REFERENCES dweebies_students (name_key),
        puzzle TEXT NOT NULL,
        number INTEGER NOT NULL,
        solved INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        seconds DOUBLE PRECISION NOT NULL,
        tried DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (name_key, puzzle, number))""",
)
#: What schema 3 adds to the tables of schema 2 (their rows are kept).
THIRD_SQL = (
    "ALTER TABLE dweebies_tables ADD COLUMN closed_by TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE dweebies_seats ADD COLUMN student TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE dweebies_students ADD COLUMN last_try DOUBLE PRECISION NOT NULL DEFAULT 0",
    "ALTER TABLE dweebies_students ADD COLUMN wait_until DOUBLE PRECISION NOT NULL DEFAULT 0",
)
#: The settings key of the teacher password's run of wrong tries (JSON: ``run``, wrong tries
#: in a row; ``last``, when the last one was made; ``until``, the end of a lockout).
TEACHER_TRIES = "teacher_tries"
_NO_TRIES = '{"last": 0.0, "run": 0, "until": 0.0}'
#: The tables of schema 1 (a store with only these is upgraded), and of this schema.
FIRST_TABLE_NAMES = ("dweebies_meta", "dweebies_tables", "dweebies_seats", "dweebies_tokens")
TABLE_NAMES = (
    *FIRST_TABLE_NAMES,
    "dweebies_students",
    "dweebies_puzzle_ratings",
    "dweebies_attempts",
)

_TABLE_COLUMNS = (
    "code, version, players, free, ai, closed, hints, created, updated, turn, finished, scores, "
    "result, actions, ai_until, game, closed_by"
)
#: ``column = ?`` for every column of a table but its code, for updates.
TABLE_UPDATE = ", ".join(f"{c.strip()} = ?" for c in _TABLE_COLUMNS.split(",")[1:])
_SEAT_COLUMNS = "code, seat, name, name_key, pin_hash, failures, joined, student"
_STUDENT_COLUMNS = (
    "name_key, name, pin_hash, failures, joined, version, rating, deviation, volatility, "
    "last_try, wait_until"
)
_PUZZLE_COLUMNS = "puzzle, version, rating, deviation, volatility"
_ATTEMPT_COLUMNS = "name_key, puzzle, number, solved, hints, seconds, tried"


class Changed(Exception):
    """Raised inside a transaction whose rows changed since they were read: it rolls back."""


@dataclass(frozen=True)
class TableRow:
    """One table as stored.  ``game`` is the JSON save; the other fields repeat what the
    lists and the leaderboard need without loading it."""

    code: str
    version: int
    players: int
    free: int
    """Seats for students still free (play starts at 0)."""
    ai: dict[int, str]
    """Computer seats: seat -> level name."""
    closed: bool
    hints: bool
    created: float
    updated: float
    turn: int
    """The seat to move, ``-1`` once the game is over."""
    over: bool
    scores: tuple[int, ...]
    result: tuple[float, ...]
    """The core's ``returns()`` once over (``()`` before)."""
    actions: int
    ai_until: float
    """Until when a process is busy making the computer seats' moves (0: none)."""
    game: str
    closed_by: str = ""
    """Who closed the table: ``"teacher"``, or ``""`` while it is open."""

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> TableRow:
        (
            code,
            version,
            players,
            free,
            ai,
            closed,
            hints,
            created,
            updated,
            turn,
            over,
            scores,
            result,
            actions,
            ai_until,
            game,
            closed_by,
        ) = row
        return cls(
            code=str(code),
            version=int(version),
            players=int(players),
            free=int(free),
            ai={int(seat): str(level) for seat, level in json.loads(ai).items()},
            closed=bool(closed),
            hints=bool(hints),
            created=float(created),
            updated=float(updated),
            turn=int(turn),
            over=bool(over),
            scores=tuple(int(s) for s in json.loads(scores)),
            result=tuple(float(r) for r in json.loads(result)),
            actions=int(actions),
            ai_until=float(ai_until),
            game=str(game),
            closed_by=str(closed_by),
        )

    def to_sql(self) -> tuple[Any, ...]:
        return (
            self.code,
            self.version,
            self.players,
            self.free,
            json.dumps({str(s): level for s, level in sorted(self.ai.items())}),
            int(self.closed),
            int(self.hints),
            self.created,
            self.updated,
            self.turn,
            int(self.over),
            json.dumps(list(self.scores)),
            json.dumps(list(self.result)),
            self.actions,
            self.ai_until,
            self.game,
            self.closed_by,
        )


@dataclass(frozen=True)
class SeatRow:
    """A student's seat: the name as typed, its compared form, the PIN's hash, and the key
    of the student it counts for (``""``: an old seat of its own, see the module's notes)."""

    code: str
    seat: int
    name: str
    name_key: str
    pin_hash: str
    failures: int
    """Unused since schema 3 (wrong PINs are counted per student)."""
    joined: float
    student: str = ""

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> SeatRow:
        code, seat, name, key, pin_hash, failures, joined, student = row
        return cls(
            str(code), int(seat), str(name), str(key), str(pin_hash), int(failures),
            float(joined), str(student),
        )  # fmt: skip

    def to_sql(self) -> tuple[Any, ...]:
        return (
            self.code, self.seat, self.name, self.name_key, self.pin_hash, self.failures,
            self.joined, self.student,
        )  # fmt: skip


@dataclass(frozen=True)
class StudentRow:
    """A student of the class (of the tables and the puzzle page): the name as typed, its
    compared form, the PIN's hash, the wrong-PIN throttle, and their Glicko-2 rating on the
    puzzles; ``version`` bumps with each puzzle attempt they make."""

    name_key: str
    name: str
    pin_hash: str
    failures: int
    """Wrong PINs since the last right one."""
    joined: float
    version: int
    rating: float
    deviation: float
    volatility: float
    last_try: float = 0.0
    """When the last PIN try was counted (seconds since the epoch)."""
    wait_until: float = 0.0
    """Until when a PIN try is refused unchecked (0: no wait)."""

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> StudentRow:
        (
            key, name, pin_hash, failures, joined, version, rating, deviation, volatility,
            last_try, wait_until,
        ) = row  # fmt: skip
        return cls(
            str(key), str(name), str(pin_hash), int(failures), float(joined), int(version),
            float(rating), float(deviation), float(volatility), float(last_try),
            float(wait_until),
        )  # fmt: skip

    def to_sql(self) -> tuple[Any, ...]:
        return (
            self.name_key, self.name, self.pin_hash, self.failures, self.joined, self.version,
            self.rating, self.deviation, self.volatility, self.last_try, self.wait_until,
        )  # fmt: skip


@dataclass(frozen=True)
class PuzzleRatingRow:
    """A puzzle's class rating (Glicko-2); ``version`` bumps with each update."""

    puzzle: str
    version: int
    rating: float
    deviation: float
    volatility: float

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> PuzzleRatingRow:
        puzzle, version, rating, deviation, volatility = row
        return cls(str(puzzle), int(version), float(rating), float(deviation), float(volatility))


@dataclass(frozen=True)
class AttemptRow:
    """One answer of a student to a puzzle: ``number`` counts their answers to that puzzle
    from 1, ``hints`` the hint steps used before it, ``seconds`` the time since the puzzle
    was shown to them, ``tried`` when (seconds since the epoch)."""

    name_key: str
    puzzle: str
    number: int
    solved: bool
    hints: int
    seconds: float
    tried: float

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> AttemptRow:
        key, puzzle, number, solved, hints, seconds, tried = row
        return cls(
            str(key), str(puzzle), int(number), bool(solved), int(hints), float(seconds),
            float(tried),
        )  # fmt: skip

    def to_sql(self) -> tuple[Any, ...]:
        return (
            self.name_key, self.puzzle, self.number, int(self.solved), self.hints,
            self.seconds, self.tried,
        )  # fmt: skip


class Cursor(Protocol):
    """The part of a DB-API cursor the SQL below uses (sqlite3's and psycopg's)."""

    @property
    def rowcount(self) -> int: ...

    def execute(self, sql: Any, params: Sequence[Any] = ..., /) -> Any: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Store(ABC):
    """The SQL of a classroom store, the same on every engine.

    Subclasses open the connection, check or create the schema, and provide
    :meth:`reading` and :meth:`writing` (a cursor inside one transaction; ``writing``
    commits at the end or rolls back on an error), :meth:`placeholders` (the engine's),
    :meth:`notify` and :meth:`wait`.  A store may be shared by the threads of one process
    (each call takes the connection in turn); every process opens its own.
    """

    #: Engine name shown in messages.
    engine = "store"
    #: Where the store is, for messages (a path, or a URL without password).
    where = ""

    def __init__(self) -> None:
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ engine hooks
    @abstractmethod
    def reading(self) -> AbstractContextManager[Cursor]:
        """A cursor inside one transaction that only reads."""

    @abstractmethod
    def writing(self) -> AbstractContextManager[Cursor]:
        """A cursor inside one transaction, committed at the end (rolled back on error)."""

    def placeholders(self, sql: str) -> str:
        """``sql`` with the engine's placeholders (the SQL here is written with ``?``)."""
        return sql

    @abstractmethod
    def notify(self, cur: Cursor, code: str, version: int) -> None:
        """Tell waiting processes that ``code`` reached ``version`` (when this commits)."""

    @abstractmethod
    def wait(self, code: str | None, version: int, timeout: float) -> int:
        """Block until the version of ``code`` (of the whole room for ``None``) differs from
        ``version`` or ``timeout`` seconds have passed; the version then."""

    @abstractmethod
    def close(self) -> None:
        """Close the connections."""

    # ------------------------------------------------------------------ helpers
    def _run(self, cur: Cursor, sql: str, params: Sequence[Any] = ()) -> Any:
        return cur.execute(self.placeholders(sql), tuple(params))

    def _poll(self, code: str | None, version: int, timeout: float, every: float) -> int:
        """:meth:`wait` by asking every ``every`` seconds."""
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            now = self.version(code)
            left = deadline - time.monotonic()
            if now != version or left <= 0:
                return now
            time.sleep(min(every, left))

    # ------------------------------------------------------------------ settings
    def meta(self, key: str) -> str | None:
        with self.reading() as cur:
            self._run(cur, "SELECT value FROM dweebies_meta WHERE key = ?", (key,))
            row = cur.fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str, *, expected: str | None = None) -> bool:
        """Set a setting; with ``expected``, only if it still holds that value."""
        with self.writing() as cur:
            self._run(cur, "SELECT value FROM dweebies_meta WHERE key = ?", (key,))
            row = cur.fetchone()
            if expected is not None and (row is None or str(row[0]) != expected):
                return False
            if row is None:
                self._run(cur, "INSERT INTO dweebies_meta (key, value) VALUES (?, ?)", (key, value))
            else:
                self._run(cur, "UPDATE dweebies_meta SET value = ? WHERE key = ?", (value, key))
        return True

    def count_meta(self, key: str) -> int:
        """Add one to a counting setting; the new count."""
        with self.writing() as cur:
            self._run(cur, "SELECT value FROM dweebies_meta WHERE key = ?", (key,))
            row = cur.fetchone()
            count = (int(row[0]) if row else 0) + 1
            if row is None:
                self._run(
                    cur, "INSERT INTO dweebies_meta (key, value) VALUES (?, ?)", (key, str(count))
                )
            else:
                self._run(
                    cur, "UPDATE dweebies_meta SET value = ? WHERE key = ?", (str(count), key)
                )
        return count

    def update_meta(self, key: str, change: Callable[[str | None], str]) -> str:
        """Set a setting to ``change(its value now)`` (``None`` when it has none), as one
        compare-and-set: when another process changed it meanwhile, ``change`` is applied
        again to the new value.  The value set."""
        for _ in range(1000):
            with self.writing() as cur:
                self._run(cur, "SELECT value FROM dweebies_meta WHERE key = ?", (key,))
                row = cur.fetchone()
                old = None if row is None else str(row[0])
                new = change(old)
                if old is None:
                    self._run(
                        cur,
                        "INSERT INTO dweebies_meta (key, value) VALUES (?, ?) "
                        "ON CONFLICT (key) DO NOTHING",
                        (key, new),
                    )
                else:
                    self._run(
                        cur,
                        "UPDATE dweebies_meta SET value = ? WHERE key = ? AND value = ?",
                        (new, key, old),
                    )
                if cur.rowcount == 1:
                    return new
            time.sleep(0.001)
        raise RuntimeError(f"the setting {key!r} kept changing")  # pragma: no cover

    def _init_schema(self, cur: Cursor) -> None:
        for statement in (*SCHEMA_SQL, *PUZZLE_SQL, *THIRD_SQL):
            self._run(cur, statement)
        for key, value in (
            ("format", FORMAT),
            ("schema", str(SCHEMA)),
            ("created", f"{time.time():.3f}"),
            ("teacher_password", ""),
            ("teacher_failures", "0"),
            (TEACHER_TRIES, _NO_TRIES),
            ("hints_default", "1"),
        ):
            self._run(cur, "INSERT INTO dweebies_meta (key, value) VALUES (?, ?)", (key, value))

    def _check_meta(self, cur: Cursor) -> None:
        """Refuse a store that is not a classroom store of a schema this code knows."""
        from .errors import StoreError

        self._run(cur, "SELECT key, value FROM dweebies_meta")
        meta = {str(k): str(v) for k, v in cur.fetchall()}
        if meta.get("format") != FORMAT:
            raise StoreError(
                f"{self.where} is not a Dweebies classroom store (its settings say format "
                f"{meta.get('format')!r}); it was left untouched"
            )
        schema = meta.get("schema", "")
        if not schema.isdigit():
            raise StoreError(f"{self.where}: schema version {schema!r} is not a number")
        if int(schema) > SCHEMA:
            raise StoreError(
                f"{self.where} was made by a newer dweebies-widget (schema {schema}; this one "
                f"reads schema {SCHEMA}): upgrade dweebies-widget; the store was left untouched"
            )
        if int(schema) < 1:
            raise StoreError(f"{self.where}: unknown schema version {schema}")

    def _upgrade(self, cur: Cursor) -> None:
        """Bring a checked store of an older schema to this one, in the transaction of
        ``cur``, keeping every row (see the module's notes)."""
        self._run(cur, "SELECT value FROM dweebies_meta WHERE key = 'schema'")
        schema = int(cur.fetchone()[0])
        if schema >= SCHEMA:
            return
        if schema < 2:
            for statement in PUZZLE_SQL:
                self._run(cur, statement)
        for statement in THIRD_SQL:
            self._run(cur, statement)
        self._run(cur, "UPDATE dweebies_tables SET closed_by = 'teacher' WHERE closed = 1")
        self._run(
            cur, "INSERT INTO dweebies_meta (key, value) VALUES (?, ?)", (TEACHER_TRIES, _NO_TRIES)
        )
        self._rekey_students(cur)
        self._rekey_seats(cur)
        self._run(cur, "UPDATE dweebies_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA),))

    @staticmethod
    def _new_key(name: str, old: str) -> str:
        """``name``'s key by today's rule; ``old`` for a name today's rule refuses."""
        from .credentials import name_key
        from .errors import BadInput

        try:
            return name_key(name)
        except BadInput:
            return old

    def _rekey_students(self, cur: Cursor) -> None:
        """Give the students their key by today's rule (oldest first; a key already taken
        is left as it was), moving their puzzle attempts along."""
        self._run(cur, f"SELECT {_STUDENT_COLUMNS} FROM dweebies_students ORDER BY joined")
        students = [StudentRow.from_sql(r) for r in cur.fetchall()]
        taken = {s.name_key for s in students}
        for student in students:
            key = self._new_key(student.name, student.name_key)
            if key == student.name_key or key in taken:
                continue
            moved = replace(student, name_key=key)
            self._run(
                cur,
                f"INSERT INTO dweebies_students ({_STUDENT_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                moved.to_sql(),
            )
            self._run(
                cur,
                "UPDATE dweebies_attempts SET name_key = ? WHERE name_key = ?",
                (key, student.name_key),
            )
            self._run(cur, "DELETE FROM dweebies_students WHERE name_key = ?", (student.name_key,))
            taken.discard(student.name_key)
            taken.add(key)

    def _rekey_seats(self, cur: Cursor) -> None:
        """Give the seats their key by today's rule (a key taken at the same table is left
        as it was), a student for each name, and the student they count for."""
        from ..puzzles.glicko import STUDENT

        self._run(cur, f"SELECT {_SEAT_COLUMNS} FROM dweebies_seats ORDER BY joined, code, seat")
        seats = [SeatRow.from_sql(r) for r in cur.fetchall()]
        self._run(cur, "SELECT name_key, pin_hash FROM dweebies_students")
        pins = {str(k): str(h) for k, h in cur.fetchall()}
        keys = {(s.code, s.name_key) for s in seats}
        for seat in seats:
            key = self._new_key(seat.name, seat.name_key)
            if key != seat.name_key and (seat.code, key) not in keys:
                keys.discard((seat.code, seat.name_key))
                keys.add((seat.code, key))
            else:
                key = seat.name_key
            if key not in pins:
                self._run(
                    cur,
                    f"INSERT INTO dweebies_students ({_STUDENT_COLUMNS}) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (key, seat.name, seat.pin_hash, 0, seat.joined, 0, STUDENT.rating,
                     STUDENT.deviation, STUDENT.volatility, 0.0, 0.0),
                )  # fmt: skip
                pins[key] = seat.pin_hash
            self._run(
                cur,
                "UPDATE dweebies_seats SET name_key = ?, student = ?, failures = 0 "
                "WHERE code = ? AND seat = ?",
                (key, key if pins[key] == seat.pin_hash else "", seat.code, seat.seat),
            )

    # ------------------------------------------------------------------ tables
    def insert_table(self, row: TableRow) -> bool:
        """Add a new table; ``False`` if its code is taken."""
        with self.writing() as cur:
            self._run(cur, "SELECT 1 FROM dweebies_tables WHERE code = ?", (row.code,))
            if cur.fetchone() is not None:
                return False
            self._run(
                cur,
                f"INSERT INTO dweebies_tables ({_TABLE_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row.to_sql(),
            )
            self.notify(cur, row.code, row.version)
        return True

    def table(self, code: str) -> TableRow | None:
        with self.reading() as cur:
            self._run(cur, f"SELECT {_TABLE_COLUMNS} FROM dweebies_tables WHERE code = ?", (code,))
            row = cur.fetchone()
        return None if row is None else self._table_row(row)

    def tables(self) -> list[TableRow]:
        """Every table, oldest first."""
        with self.reading() as cur:
            self._run(cur, f"SELECT {_TABLE_COLUMNS} FROM dweebies_tables ORDER BY created, code")
            rows = cur.fetchall()
        return [self._table_row(r) for r in rows]

    def _table_row(self, row: Sequence[Any]) -> TableRow:
        try:
            return TableRow.from_sql(row)
        except (ValueError, TypeError, AttributeError) as exc:
            from .errors import StoreError

            raise StoreError(
                f"table {row[0]!r} in {self.where} is damaged ({exc}); it was left untouched"
            ) from None

    def version(self, code: str | None) -> int:
        """The version of table ``code`` (-1 if there is none); for ``None``, the room's
        version: the sum of every table's version, which bumps on every change."""
        with self.reading() as cur:
            if code is None:
                self._run(cur, "SELECT COALESCE(SUM(version), 0) FROM dweebies_tables")
            else:
                self._run(cur, "SELECT version FROM dweebies_tables WHERE code = ?", (code,))
            row = cur.fetchone()
        return -1 if row is None else int(row[0])

    def update_table(self, old: TableRow, new: TableRow) -> bool:
        """Replace table ``old`` by ``new`` (whose version is one more) if it is still at
        ``old.version``; ``False`` if somebody changed it first."""
        if new.version != old.version + 1 or new.code != old.code:
            raise ValueError("update_table: the new row must be the next version")
        with self.writing() as cur:
            self._update(cur, old, new)
            if cur.rowcount != 1:
                return False
            self.notify(cur, new.code, new.version)
        return True

    def _update(self, cur: Cursor, old: TableRow, new: TableRow) -> None:
        values = new.to_sql()
        self._run(
            cur,
            f"UPDATE dweebies_tables SET {TABLE_UPDATE} WHERE code = ? AND version = ?",
            (*values[1:], old.code, old.version),
        )

    # ------------------------------------------------------------------ seats, tokens
    def seats(self, code: str | None = None) -> list[SeatRow]:
        """The seats taken at ``code`` (at every table for ``None``)."""
        with self.reading() as cur:
            if code is None:
                self._run(cur, f"SELECT {_SEAT_COLUMNS} FROM dweebies_seats ORDER BY code, seat")
            else:
                self._run(
                    cur,
                    f"SELECT {_SEAT_COLUMNS} FROM dweebies_seats WHERE code = ? ORDER BY seat",
                    (code,),
                )
            rows = cur.fetchall()
        return [SeatRow.from_sql(r) for r in rows]

    def take_seat(
        self, old: TableRow, new: TableRow, seat: SeatRow, digest: str, now: float | None = None
    ) -> bool:
        """Seat a new student and give them a token (issued at ``now``), in the same
        transaction as the table's next version ``new``; ``False`` if the table changed
        first."""
        with self.writing() as cur:
            self._update(cur, old, new)
            if cur.rowcount != 1:
                return False
            self._run(
                cur,
                f"INSERT INTO dweebies_seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                seat.to_sql(),
            )
            self._insert_token(cur, seat.code, seat.seat, digest, now)
            self.notify(cur, new.code, new.version)
        return True

    def free_seat(self, old: TableRow, new: TableRow, seat: int) -> bool:
        """Free ``seat`` (its student and every token of it go), in the same transaction as
        the table's next version ``new``; ``False`` if the table changed first."""
        try:
            with self.writing() as cur:
                self._update(cur, old, new)
                if cur.rowcount != 1:
                    raise Changed
                self._run(
                    cur,
                    "DELETE FROM dweebies_tokens WHERE code = ? AND seat = ?",
                    (old.code, seat),
                )
                self._run(
                    cur, "DELETE FROM dweebies_seats WHERE code = ? AND seat = ?", (old.code, seat)
                )
                if cur.rowcount != 1:
                    raise Changed  # another device freed it first
                self.notify(cur, new.code, new.version)
        except Changed:
            return False
        return True

    def link_seat(self, code: str, seat: int, student: str, pin_hash: str) -> None:
        """Make an old seat count for ``student`` (whose PIN it turned out to have)."""
        with self.writing() as cur:
            self._run(
                cur,
                "UPDATE dweebies_seats SET student = ?, pin_hash = ? WHERE code = ? AND seat = ?",
                (student, pin_hash, code, seat),
            )

    def add_token(self, code: str, seat: int, digest: str, now: float | None = None) -> None:
        with self.writing() as cur:
            self._insert_token(cur, code, seat, digest, now)

    def _insert_token(
        self, cur: Cursor, code: str, seat: int, digest: str, now: float | None
    ) -> None:
        self._run(
            cur,
            "INSERT INTO dweebies_tokens (digest, code, seat, created) VALUES (?, ?, ?, ?)",
            (digest, code, seat, time.time() if now is None else now),
        )

    def token(self, digest: str) -> tuple[str, int, float] | None:
        """The ``(code, seat, issued)`` of a token digest (``issued``: seconds since the
        epoch)."""
        with self.reading() as cur:
            self._run(
                cur, "SELECT code, seat, created FROM dweebies_tokens WHERE digest = ?", (digest,)
            )
            row = cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]), float(row[2]))

    def drop_token(self, digest: str) -> bool:
        """Forget a token; whether there was one."""
        with self.writing() as cur:
            self._run(cur, "DELETE FROM dweebies_tokens WHERE digest = ?", (digest,))
            return bool(cur.rowcount == 1)

    # ------------------------------------------------------------------ students
    def student(self, name_key: str) -> StudentRow | None:
        with self.reading() as cur:
            self._run(
                cur,
                f"SELECT {_STUDENT_COLUMNS} FROM dweebies_students WHERE name_key = ?",
                (name_key,),
            )
            row = cur.fetchone()
        return None if row is None else StudentRow.from_sql(row)

    def students(self) -> list[StudentRow]:
        """Every student of the class, by key."""
        with self.reading() as cur:
            self._run(cur, f"SELECT {_STUDENT_COLUMNS} FROM dweebies_students ORDER BY name_key")
            rows = cur.fetchall()
        return [StudentRow.from_sql(r) for r in rows]

    def add_student(self, row: StudentRow) -> bool:
        """Add a new student; ``False`` if the name is taken (by another device meanwhile)."""
        with self.writing() as cur:
            self._run(
                cur,
                f"INSERT INTO dweebies_students ({_STUDENT_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                row.to_sql(),
            )
            return bool(cur.rowcount == 1)

    def pin_failures(self) -> dict[str, int]:
        """The wrong PINs of each student who has some, by key."""
        with self.reading() as cur:
            self._run(cur, "SELECT name_key, failures FROM dweebies_students WHERE failures > 0")
            return {str(k): int(f) for k, f in cur.fetchall()}

    def settle_pin_try(
        self, name_key: str, now: float, right: bool, wait_after: Callable[[int], float]
    ) -> float | None:
        """Record a checked PIN try of the student: ``None`` once it is recorded (a right
        one forgets the wrong ones; a wrong one is counted, and with ``f`` wrong ones in a
        row the next try waits ``wait_after(f)`` seconds), or, when a wait began meanwhile,
        the seconds left (then nothing is recorded and the try does not count, right or
        wrong).  Tries settle one at a time (a compare-and-set on the count), so guesses
        made at the same moment from many devices never slip past a wait, and a student's
        own right PINs from several devices never make one."""
        for _ in range(1000):
            with self.writing() as cur:
                self._run(
                    cur,
                    "SELECT failures, wait_until FROM dweebies_students WHERE name_key = ?",
                    (name_key,),
                )
                row = cur.fetchone()
                if row is None:
                    raise LookupError(f"no student has the key {name_key!r}")
                failures, until = int(row[0]), float(row[1])
                if until > now:
                    return until - now
                if right:
                    count, last, wait = 0, None, 0.0
                else:
                    count, last, wait = failures + 1, now, wait_after(failures + 1)
                self._run(
                    cur,
                    "UPDATE dweebies_students SET failures = ?, "
                    "last_try = COALESCE(?, last_try), wait_until = ? "
                    "WHERE name_key = ? AND failures = ? AND wait_until = ?",
                    (count, last, now + wait if wait > 0 else 0.0, name_key, failures, until),
                )
                if cur.rowcount == 1:
                    return None
            time.sleep(0.001)
        raise RuntimeError("the student's PIN tries kept changing")  # pragma: no cover

    def reset_student_failures(self, name_key: str) -> None:
        """Forget the student's wrong PINs and any wait (a right PIN, or the teacher)."""
        with self.writing() as cur:
            self._run(
                cur,
                "UPDATE dweebies_students SET failures = 0, wait_until = 0 WHERE name_key = ?",
                (name_key,),
            )

    # ------------------------------------------------------------------ puzzle attempts
    def puzzle_rating(self, puzzle: str) -> PuzzleRatingRow | None:
        with self.reading() as cur:
            self._run(
                cur,
                f"SELECT {_PUZZLE_COLUMNS} FROM dweebies_puzzle_ratings WHERE puzzle = ?",
                (puzzle,),
            )
            row = cur.fetchone()
        return None if row is None else PuzzleRatingRow.from_sql(row)

    def puzzle_ratings(self) -> list[PuzzleRatingRow]:
        """The class rating of every puzzle tried so far."""
        with self.reading() as cur:
            self._run(cur, f"SELECT {_PUZZLE_COLUMNS} FROM dweebies_puzzle_ratings ORDER BY puzzle")
            rows = cur.fetchall()
        return [PuzzleRatingRow.from_sql(r) for r in rows]

    def add_puzzle_rating(self, row: PuzzleRatingRow) -> None:
        """Give a puzzle its starting class rating, unless it has one."""
        with self.writing() as cur:
            self._run(
                cur,
                f"INSERT INTO dweebies_puzzle_ratings ({_PUZZLE_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?) ON CONFLICT (puzzle) DO NOTHING",
                (row.puzzle, row.version, row.rating, row.deviation, row.volatility),
            )

    def attempts(self, name_key: str | None = None, puzzle: str | None = None) -> list[AttemptRow]:
        """The attempts of one student at one puzzle, of one student, of one puzzle, or
        all (``None`` lets every value through), oldest first."""
        where = [(c, v) for c, v in (("name_key", name_key), ("puzzle", puzzle)) if v is not None]
        sql = f"SELECT {_ATTEMPT_COLUMNS} FROM dweebies_attempts"
        if where:
            sql += " WHERE " + " AND ".join(f"{c} = ?" for c, _ in where)
        with self.reading() as cur:
            self._run(cur, sql + " ORDER BY tried, name_key, puzzle, number", [v for _, v in where])
            rows = cur.fetchall()
        return [AttemptRow.from_sql(r) for r in rows]

    def count_attempts(self) -> int:
        """How many puzzle attempts are recorded."""
        with self.reading() as cur:
            self._run(cur, "SELECT COUNT(*) FROM dweebies_attempts")
            return int(cur.fetchone()[0])

    def record_attempt(
        self,
        student: StudentRow,
        attempt: AttemptRow,
        new_student: StudentRow,
        puzzle: tuple[PuzzleRatingRow, PuzzleRatingRow] | None = None,
    ) -> bool:
        """Record ``attempt`` and put the student's next version ``new_student`` in place of
        ``student`` (and, for a first attempt, the puzzle's next version ``puzzle[1]`` in
        place of ``puzzle[0]``), in one transaction; ``False``, with nothing changed, if
        either changed since it was read or the attempt is not the student's next one at
        that puzzle."""
        if new_student.version != student.version + 1 or new_student.name_key != student.name_key:
            raise ValueError("record_attempt: the new student row must be the next version")
        if puzzle is not None and puzzle[1].version != puzzle[0].version + 1:
            raise ValueError("record_attempt: the new puzzle row must be the next version")
        try:
            with self.writing() as cur:
                self._run(
                    cur,
                    "UPDATE dweebies_students SET version = ?, rating = ?, deviation = ?, "
                    "volatility = ? WHERE name_key = ? AND version = ?",
                    (
                        new_student.version, new_student.rating, new_student.deviation,
                        new_student.volatility, student.name_key, student.version,
                    ),
                )  # fmt: skip
                if cur.rowcount != 1:
                    raise Changed
                self._run(
                    cur,
                    "SELECT COUNT(*) FROM dweebies_attempts WHERE name_key = ? AND puzzle = ?",
                    (attempt.name_key, attempt.puzzle),
                )
                if int(cur.fetchone()[0]) != attempt.number - 1:
                    raise Changed
                self._run(
                    cur,
                    f"INSERT INTO dweebies_attempts ({_ATTEMPT_COLUMNS}) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?)",
                    attempt.to_sql(),
                )
                if puzzle is not None:
                    old, new = puzzle
                    self._run(
                        cur,
                        "UPDATE dweebies_puzzle_ratings SET version = ?, rating = ?, "
                        "deviation = ?, volatility = ? WHERE puzzle = ? AND version = ?",
                        (new.version, new.rating, new.deviation, new.volatility, old.puzzle,
                         old.version),
                    )  # fmt: skip
                    if cur.rowcount != 1:
                        raise Changed
        except Changed:
            return False
        return True
