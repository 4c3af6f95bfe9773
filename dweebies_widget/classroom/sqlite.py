"""The embedded store: one SQLite file (Python's own :mod:`sqlite3`), for one machine.

The file is opened in WAL mode, so readers never wait for a writer; every change takes the
write lock at its start (``BEGIN IMMEDIATE``) and waits its turn for up to a minute.  Commits
are synchronous=NORMAL: a process killed at any moment loses nothing that was committed
(a power cut may lose the last moves, never the file).
Waiting for a change is a short poll (every 50 ms): SQLite has no change notification
between processes.

An existing file is checked before anything is written to it: it must be an SQLite database
(its first bytes say so), pass SQLite's ``quick_check``, and hold a classroom store of a
schema this code reads.  Anything else raises :class:`~.errors.StoreError` and the file is
left exactly as it was (the checks read it through a read-only connection).  A store of an
older schema is then upgraded, in one transaction, keeping its tables.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "class.sqlite")
>>> store = SQLiteStore(path)
>>> store.meta("format"), store.version(None)
('dweebies-widget/classroom', 0)
>>> store.close()
"""

from __future__ import annotations

import os
import random
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from .errors import StoreError
from .store import FIRST_TABLE_NAMES, Cursor, Store

__all__ = ["SQLiteStore"]

_MAGIC = b"SQLite format 3\x00"
#: How often :meth:`SQLiteStore.wait` looks at the version.
POLL_SECONDS = 0.05
#: How long a change waits for the write lock before giving up.
BUSY_SECONDS = 60.0
#: How long an empty file is given to become a store (made by another process) before it
#: is refused.
NEW_STORE_SECONDS = 2.0


class SQLiteStore(Store):
    """A classroom store in the SQLite file at ``path`` (created if missing)."""

    engine = "SQLite"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = Path(path)
        self.where = f"the store file {str(self.path)!r}"
        self._closed = False
        if self.path.exists():
            # An empty file, or a database without tables, may be a store that another
            # process is making this very moment: look again for a little while.
            deadline = time.monotonic() + NEW_STORE_SECONDS
            while (problem := self._check_file()) is not None:
                if time.monotonic() > deadline:
                    raise StoreError(problem)
                time.sleep(0.1)
            self._conn = self._connect("rw")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            try:
                with self.writing() as cur:
                    self._check_meta(cur)
                    self._upgrade(cur)
            except sqlite3.DatabaseError as exc:
                self._conn.close()
                raise StoreError(f"{self.where} could not be upgraded: {exc}") from None
            except BaseException:
                self._conn.close()
                raise
        else:
            if not self.path.parent.is_dir():
                raise StoreError(f"{self.where}: the folder {str(self.path.parent)!r} is missing")
            self._conn = self._connect("rwc")
            try:
                self._create()
            except BaseException:
                self._conn.close()
                raise

    # ------------------------------------------------------------------ opening
    def _connect(self, mode: str) -> sqlite3.Connection:
        uri = f"file:{quote(self.path.resolve().as_posix())}?mode={mode}"
        try:
            conn = sqlite3.connect(
                uri,
                uri=True,
                timeout=BUSY_SECONDS,
                isolation_level=None,  # transactions are begun and ended here, explicitly
                check_same_thread=False,  # the lock of Store serializes the threads
            )
        except sqlite3.Error as exc:
            raise StoreError(f"{self.where} cannot be opened: {exc}") from None
        return conn

    def _check_file(self) -> str | None:
        """Refuse a file that is not a healthy classroom store, without writing to it;
        the problem of an empty file or database (which may yet become a store)."""
        try:
            with open(self.path, "rb") as f:
                head = f.read(len(_MAGIC))
        except OSError as exc:
            raise StoreError(f"{self.where} cannot be read: {exc}") from None
        if head != _MAGIC:
            what = "an empty file" if not head else "not an SQLite database"
            message = (
                f"{self.where} is {what}, so not a classroom store; it was left untouched "
                "(give another path to make a new store)"
            )
            if not head:
                return message
            raise StoreError(message)
        try:
            probe = self._connect("ro")
            try:
                (check,) = probe.execute("PRAGMA quick_check(1)").fetchone()
                if check != "ok":
                    raise StoreError(
                        f"{self.where} is damaged (SQLite's check says: {check}); it was left "
                        "untouched: restore it from a backup or start a new store"
                    )
                names = {
                    str(r[0])
                    for r in probe.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                if "dweebies_meta" not in names:
                    shown = ", ".join(sorted(names)[:5]) or "no tables"
                    message = (
                        f"{self.where} is an SQLite database of some other program ({shown}), "
                        "not a classroom store; it was left untouched"
                    )
                    if not names:
                        return message
                    raise StoreError(message)
                self._check_meta(probe.cursor())
            finally:
                probe.close()
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"{self.where} cannot be read as a classroom store ({exc}); it was left untouched"
            ) from None
        return None

    def _create(self) -> None:
        """Make the schema in a new file (two processes may race here: the write lock
        lets one create it, and the other then checks it)."""
        try:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            with self.writing() as cur:
                names = {
                    str(r[0])
                    for r in cur.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                if not names:
                    self._init_schema(cur)
                elif not set(FIRST_TABLE_NAMES) <= names:
                    raise StoreError(f"{self.where} appeared meanwhile, and not as a store")
                else:
                    self._check_meta(cur)
                    self._upgrade(cur)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.where} could not be created: {exc}") from None

    # ------------------------------------------------------------------ transactions
    def _cursor(self) -> sqlite3.Cursor:
        if self._closed:
            raise StoreError(f"{self.where}: this classroom was closed")
        return self._conn.cursor()

    @contextmanager
    def reading(self) -> Iterator[Cursor]:
        with self._lock:
            cur = self._cursor()
            try:
                yield cur
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"{self.where}: {exc}") from None
            finally:
                cur.close()  # no statement left open, so the next read sees the latest

    @contextmanager
    def writing(self) -> Iterator[Cursor]:
        with self._lock:
            cur = self._cursor()
            self._begin(cur)
            try:
                yield cur
            except BaseException:
                self._conn.rollback()
                raise
            try:
                cur.execute("COMMIT")
            except sqlite3.DatabaseError as exc:
                self._conn.rollback()
                raise StoreError(f"{self.where}: the change was not saved ({exc})") from None
            finally:
                cur.close()

    def _begin(self, cur: sqlite3.Cursor) -> None:
        """``BEGIN IMMEDIATE``, trying again every millisecond or so while another process
        writes.  (SQLite's own busy handler would sleep up to 100 ms between tries, which
        makes slow moves for nothing: a write here takes well under a millisecond.)"""
        deadline = time.monotonic() + BUSY_SECONDS
        cur.execute("PRAGMA busy_timeout = 1")
        try:
            while True:
                try:
                    cur.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) and "busy" not in str(exc):
                        raise StoreError(f"{self.where}: {exc}") from None
                    if time.monotonic() > deadline:
                        raise StoreError(
                            f"{self.where} stayed busy for {BUSY_SECONDS:.0f} s"
                        ) from None
                time.sleep(random.uniform(0.0002, 0.002))
        finally:
            cur.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")

    # ------------------------------------------------------------------ waiting
    def notify(self, cur: Cursor, code: str, version: int) -> None:
        """Nothing to send: waiters look at the versions (:data:`POLL_SECONDS`)."""

    def wait(self, code: str | None, version: int, timeout: float) -> int:
        return self._poll(code, version, timeout, POLL_SECONDS)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._conn.close()

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"
