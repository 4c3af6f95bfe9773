"""Where a classroom keeps its tables: the store's records, its schema and its SQL.

One store holds the whole class: for each table its game as a JSON save (the core's
:meth:`~dweebies_widget.Game.to_json`) plus a **version** that bumps on every change, its
seats (names, hashed PINs, wrong-PIN counts), the digests of the seat tokens, and a few
settings (the schema version, the teacher password's hash).  Since schema 2 it also keeps
the class's puzzle trainer: each student who signs in to the puzzle page (name and hashed
PIN, like a seat) with their Glicko-2 rating, each puzzle's class rating, and every attempt
at a puzzle.  A store of schema 1 is upgraded when it is opened: its tables are kept and the
puzzle tables are added.

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
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
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
SCHEMA = 2

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
    "result, actions, ai_until, game"
)
#: ``column = ?`` for every column of a table but its code, for updates.
TABLE_UPDATE = ", ".join(f"{c.strip()} = ?" for c in _TABLE_COLUMNS.split(",")[1:])
_SEAT_COLUMNS = "code, seat, name, name_key, pin_hash, failures, joined"
_STUDENT_COLUMNS = (
    "name_key, name, pin_hash, failures, joined, version, rating, deviation, volatility"
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
        )


@dataclass(frozen=True)
class SeatRow:
    """A student's seat: the name as typed, its compared form, the PIN's hash."""

    code: str
    seat: int
    name: str
    name_key: str
    pin_hash: str
    failures: int
    """Wrong PINs since the last right one."""
    joined: float

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> SeatRow:
        code, seat, name, key, pin_hash, failures, joined = row
        return cls(
            str(code), int(seat), str(name), str(key), str(pin_hash), int(failures), float(joined)
        )


@dataclass(frozen=True)
class StudentRow:
    """A student of the puzzle page: the name as typed, its compared form (the same rule as
    a seat's), the PIN's hash, and their Glicko-2 rating; ``version`` bumps with each
    attempt they make."""

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

    @classmethod
    def from_sql(cls, row: Sequence[Any]) -> StudentRow:
        key, name, pin_hash, failures, joined, version, rating, deviation, volatility = row
        return cls(
            str(key), str(name), str(pin_hash), int(failures), float(joined), int(version),
            float(rating), float(deviation), float(volatility),
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

    def _init_schema(self, cur: Cursor) -> None:
        for statement in (*SCHEMA_SQL, *PUZZLE_SQL):
            self._run(cur, statement)
        for key, value in (
            ("format", FORMAT),
            ("schema", str(SCHEMA)),
            ("created", f"{time.time():.3f}"),
            ("teacher_password", ""),
            ("teacher_failures", "0"),
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
        ``cur`` (its tables are kept: schema 2 only adds the puzzle tables)."""
        self._run(cur, "SELECT value FROM dweebies_meta WHERE key = 'schema'")
        if int(cur.fetchone()[0]) >= SCHEMA:
            return
        for statement in PUZZLE_SQL:
            self._run(cur, statement)
        self._run(cur, "UPDATE dweebies_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA),))

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
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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

    def take_seat(self, old: TableRow, new: TableRow, seat: SeatRow, digest: str) -> bool:
        """Seat a new student and give them a token, in the same transaction as the table's
        next version ``new``; ``False`` if the table changed first."""
        with self.writing() as cur:
            self._update(cur, old, new)
            if cur.rowcount != 1:
                return False
            self._run(
                cur,
                f"INSERT INTO dweebies_seats ({_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    seat.code,
                    seat.seat,
                    seat.name,
                    seat.name_key,
                    seat.pin_hash,
                    seat.failures,
                    seat.joined,
                ),
            )
            self._insert_token(cur, seat.code, seat.seat, digest)
            self.notify(cur, new.code, new.version)
        return True

    def add_token(self, code: str, seat: int, digest: str) -> None:
        with self.writing() as cur:
            self._insert_token(cur, code, seat, digest)

    def _insert_token(self, cur: Cursor, code: str, seat: int, digest: str) -> None:
        self._run(
            cur,
            "INSERT INTO dweebies_tokens (digest, code, seat, created) VALUES (?, ?, ?, ?)",
            (digest, code, seat, time.time()),
        )

    def token(self, digest: str) -> tuple[str, int] | None:
        """The ``(code, seat)`` a token digest belongs to."""
        with self.reading() as cur:
            self._run(cur, "SELECT code, seat FROM dweebies_tokens WHERE digest = ?", (digest,))
            row = cur.fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def count_failure(self, code: str, seat: int, limit: int) -> int | None:
        """Count one more PIN attempt against the seat, before it is checked, unless it has
        reached ``limit`` (then ``None``: locked).  Counting first means attempts made at
        the same moment from many devices can never slip past the limit."""
        with self.writing() as cur:
            self._run(
                cur,
                "UPDATE dweebies_seats SET failures = failures + 1 "
                "WHERE code = ? AND seat = ? AND failures < ?",
                (code, seat, limit),
            )
            if cur.rowcount != 1:
                return None
            self._run(
                cur,
                "SELECT failures FROM dweebies_seats WHERE code = ? AND seat = ?",
                (code, seat),
            )
            return int(cur.fetchone()[0])

    def reset_failures(self, code: str, seat: int) -> None:
        with self.writing() as cur:
            self._run(
                cur,
                "UPDATE dweebies_seats SET failures = 0 WHERE code = ? AND seat = ?",
                (code, seat),
            )

    # ------------------------------------------------------------------ puzzle students
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
        """Every student of the puzzle page, by name."""
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
                "(?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                (
                    row.name_key, row.name, row.pin_hash, row.failures, row.joined, row.version,
                    row.rating, row.deviation, row.volatility,
                ),
            )  # fmt: skip
            return bool(cur.rowcount == 1)

    def count_student_failure(self, name_key: str, limit: int) -> int | None:
        """As :meth:`count_failure`, for a student of the puzzle page."""
        with self.writing() as cur:
            self._run(
                cur,
                "UPDATE dweebies_students SET failures = failures + 1 "
                "WHERE name_key = ? AND failures < ?",
                (name_key, limit),
            )
            if cur.rowcount != 1:
                return None
            self._run(cur, "SELECT failures FROM dweebies_students WHERE name_key = ?", (name_key,))
            return int(cur.fetchone()[0])

    def reset_student_failures(self, name_key: str) -> None:
        with self.writing() as cur:
            self._run(
                cur, "UPDATE dweebies_students SET failures = 0 WHERE name_key = ?", (name_key,)
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
