"""The store on a PostgreSQL server, for a class served by many machines (one JupyterHub,
many nodes): the same tables and SQL as the SQLite file, through :mod:`psycopg`.

Every change of a table notifies two channels in its transaction, so the notes go out
exactly when the change is committed: the table's own (``dweebies_t_<code>``, the new
version as payload) and the room's (``dweebies_classroom``, ``'<code> <version>'``).
:meth:`PostgresStore.wait` sleeps until a note comes for what it waits on: a background
thread per store holds one connection that ``LISTEN``\\ s to the channels its waiters
need (and only those: a student's kernel is not woken by the moves at other tables) and
wakes them.  Until that connection listens to a channel, and whenever it is down, the
waiters ask the database every 50 ms instead.

Each store uses two connections (one for the changes, one that listens): size the server's
``max_connections`` for two per process that opens the classroom.

The schema is created on first use, under an advisory lock so that many processes starting
at once create it once; a store of an older schema is upgraded the same way, keeping its
tables.  A database whose ``dweebies_*`` tables are not a classroom store
of a schema this code reads raises :class:`~.errors.StoreError` and is not touched.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg

from .errors import StoreError
from .store import FIRST_TABLE_NAMES, TABLE_NAMES, TABLE_UPDATE, Cursor, Store, TableRow

__all__ = ["ROOM_CHANNEL", "PostgresStore", "channel"]

#: The channel that hears of every change of every table (for the room's version).
ROOM_CHANNEL = "dweebies_classroom"
#: Key of the advisory lock taken while the schema is created.
_SCHEMA_LOCK = 0x0D3EB1E5
#: How often waiters ask while their channel is not listened to (yet).
_FALLBACK_POLL = 0.05
#: How often the listening thread looks for channels to add.
_LISTEN_TICK = 0.1


def channel(code: str | None) -> str:
    """The channel that hears of the changes of table ``code`` (of any table: ``None``).

    >>> channel("K7QX"), channel(None)
    ('dweebies_t_k7qx', 'dweebies_classroom')
    """
    return ROOM_CHANNEL if code is None else f"dweebies_t_{code.lower()}"


def _public_url(url: str) -> str:
    """``url`` without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


class _Listener:
    """One LISTEN connection in a background thread, and a condition the waiters sleep on.

    Waiters ask for channels (:meth:`want`); the thread listens to each on its next tick
    and then lists it in ``listening``.  ``notes[channel]`` counts the notes heard on each
    channel; ``generation`` bumps whenever the connection is (re)made, since notes may have
    been missed while it was down: the waiters then look at the versions again.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.cond = threading.Condition()
        self.wanted: set[str] = set()
        self.listening: set[str] = set()
        self.notes: dict[str, int] = {}
        self.generation = 0
        self.stopped = False
        self.thread = threading.Thread(target=self._run, name="dweebies-listen", daemon=True)
        self.thread.start()

    def want(self, name: str) -> None:
        with self.cond:
            self.wanted.add(name)

    def mark(self, name: str) -> tuple[int, int, bool]:
        """What moves on when a note comes on channel ``name`` (or the connection is
        made again), and whether the channel is listened to."""
        with self.cond:
            return (self.notes.get(name, 0), self.generation, name in self.listening)

    def _run(self) -> None:
        while not self.stopped:
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    with self.cond:
                        self.generation += 1
                        self.cond.notify_all()
                    while not self.stopped:
                        with self.cond:
                            new = sorted(self.wanted - self.listening)
                        for name in new:  # names made by channel(): safe identifiers
                            conn.execute(f'LISTEN "{name}"')
                        if new:
                            with self.cond:
                                self.listening.update(new)
                                self.cond.notify_all()
                        for note in conn.notifies(timeout=_LISTEN_TICK):
                            with self.cond:
                                self.notes[note.channel] = self.notes.get(note.channel, 0) + 1
                                self.cond.notify_all()
            except psycopg.Error:
                pass
            with self.cond:
                self.listening.clear()
                self.generation += 1
                self.cond.notify_all()
            if not self.stopped:
                time.sleep(_FALLBACK_POLL)

    def sleep(self, name: str, mark: tuple[int, int, bool], seconds: float) -> None:
        """Sleep until the mark of channel ``name`` moves on from ``mark``, at most
        ``seconds`` (at most :data:`_FALLBACK_POLL` while the channel is not listened to)."""
        with self.cond:
            if mark[2]:
                self.cond.wait_for(lambda: self.mark(name) != mark, seconds)
            else:
                self.cond.wait(min(seconds, _FALLBACK_POLL))

    def stop(self) -> None:
        self.stopped = True
        with self.cond:
            self.cond.notify_all()


class PostgresStore(Store):
    """A classroom store in the PostgreSQL database at ``url`` (``postgresql://...``)."""

    engine = "PostgreSQL"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.where = f"the database {_public_url(url)}"
        self._listener: _Listener | None = None
        self._closed = False
        self._conn = self._connect()
        try:
            self._prepare()
        except BaseException:
            self._conn.close()
            raise

    # ------------------------------------------------------------------ opening
    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url, autocommit=True)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to {self.where}: {exc}") from None

    def _prepare(self) -> None:
        """Check the schema, or create it if none of its tables exists."""
        try:
            with self.writing() as cur:
                cur.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
                found = set()
                for name in TABLE_NAMES:
                    cur.execute("SELECT to_regclass(%s)", (name,))
                    if cur.fetchone()[0] is not None:
                        found.add(name)
                if not found:
                    self._init_schema(cur)
                elif found not in (set(TABLE_NAMES), set(FIRST_TABLE_NAMES)):
                    raise StoreError(
                        f"{self.where} has some of the classroom's tables "
                        f"({', '.join(sorted(found))}) but not all: it is not a classroom store, "
                        "and was left untouched"
                    )
                else:
                    self._check_meta(cur)
                    self._upgrade(cur)  # a store of an older schema: its tables are kept
        except psycopg.Error as exc:
            raise StoreError(f"{self.where} cannot hold a classroom store: {exc}") from None

    # ------------------------------------------------------------------ transactions
    def placeholders(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _connection(self) -> psycopg.Connection[Any]:
        """The connection, made again if it was lost (a restarted server)."""
        if self._closed:
            raise StoreError(f"{self.where}: this classroom was closed")
        if self._conn.closed or self._conn.broken:
            self._conn = self._connect()
        return self._conn

    @contextmanager
    def reading(self) -> Iterator[Cursor]:
        with self._lock:
            conn = self._connection()
            try:
                with conn.cursor() as cur:
                    yield cur
            except psycopg.OperationalError as exc:
                raise StoreError(f"{self.where}: {exc}") from None

    @contextmanager
    def writing(self) -> Iterator[Cursor]:
        with self._lock:
            conn = self._connection()
            try:
                with conn.transaction(), conn.cursor() as cur:
                    yield cur
            except psycopg.OperationalError as exc:
                raise StoreError(
                    f"{self.where}: the change may not have been saved ({exc})"
                ) from None

    def update_table(self, old: TableRow, new: TableRow) -> bool:
        """As :meth:`Store.update_table`, in one statement (its own transaction): the
        update and its note, one round trip to the server instead of four."""
        if new.version != old.version + 1 or new.code != old.code:
            raise ValueError("update_table: the new row must be the next version")
        with self.reading() as cur:
            self._run(
                cur,
                f"WITH changed AS (UPDATE dweebies_tables SET {TABLE_UPDATE} "
                "WHERE code = ? AND version = ? RETURNING code, version) "
                "SELECT pg_notify(?, version::text), pg_notify(?, code || ' ' || version) "
                "FROM changed",
                (*new.to_sql()[1:], old.code, old.version, channel(new.code), ROOM_CHANNEL),
            )
            return cur.fetchone() is not None

    def notify(self, cur: Cursor, code: str, version: int) -> None:
        cur.execute(
            "SELECT pg_notify(%s, %s), pg_notify(%s, %s)",
            (channel(code), str(version), ROOM_CHANNEL, f"{code} {version}"),
        )

    # ------------------------------------------------------------------ waiting
    def _listening(self) -> _Listener:
        with self._lock:
            if self._closed:
                raise StoreError(f"{self.where}: this classroom was closed")
            if self._listener is None:
                self._listener = _Listener(self.url)
            return self._listener

    def wait(self, code: str | None, version: int, timeout: float) -> int:
        listener = self._listening()
        name = channel(code)
        listener.want(name)
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            mark = listener.mark(name)  # before reading: a later change moves the mark
            now = self.version(code)
            left = deadline - time.monotonic()
            if now != version or left <= 0:
                return now
            listener.sleep(name, mark, left)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._listener is not None:
                self._listener.stop()
            self._conn.close()

    def __repr__(self) -> str:
        return f"PostgresStore({_public_url(self.url)!r})"
