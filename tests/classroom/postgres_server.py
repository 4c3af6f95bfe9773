"""A real, throwaway PostgreSQL server for the classroom tests and benchmark.

:class:`TempPostgres` runs Debian's ``initdb`` and ``pg_ctl`` in a temporary folder, on a
free port of 127.0.0.1 only, and removes everything when stopped.  As root it runs the server
as the ``postgres`` user (PostgreSQL refuses to run as root).  ``make test`` installs
Debian's ``postgresql`` package when its programs are missing (the Makefile's
``postgresql`` target); there is no fallback and no mock.

It is plain Python (no pytest), so ``benchmarks/classroom_load.py`` uses it too::

    with TempPostgres() as server:
        url = server.new_database()   # postgresql://postgres@127.0.0.1:PORT/NAME
        url = server.new_schema()     # the same database, a schema of its own
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from types import TracebackType
from urllib.parse import quote

__all__ = ["TempPostgres", "postgres_bin"]


def postgres_bin() -> Path:
    """The folder holding ``initdb`` and ``pg_ctl``: on the PATH, or Debian's
    ``/usr/lib/postgresql/<version>/bin`` (the newest)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name.split(".")[0] or 0),
    )
    if candidates:
        return Path(candidates[-1]).parent
    raise RuntimeError(
        "PostgreSQL's initdb and pg_ctl were not found: `make postgresql` installs Debian's "
        "postgresql package (apt-get install postgresql)"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TempPostgres:
    """Start a PostgreSQL server in a temporary folder; :meth:`stop` removes it again."""

    def __init__(self, *, max_connections: int = 200) -> None:
        self.bin = postgres_bin()
        self.root = Path(tempfile.mkdtemp(prefix="dweebies-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self._as_root = os.geteuid() == 0
        if self._as_root:
            shutil.chown(self.root, user="postgres", group="postgres")
        os.chmod(self.root, 0o700)
        self._run(
            [
                str(self.bin / "initdb"),
                "-D",
                str(self.data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ]
        )
        options = " ".join(
            [
                f"-p {self.port}",
                "-c listen_addresses=127.0.0.1",
                f"-c unix_socket_directories={self.root}",
                f"-c max_connections={max_connections}",
                "-c synchronous_commit=off",
                "-c shared_buffers=64MB",
            ]
        )
        self._run(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.log),
                "-o",
                options,
                "-w",
                "-t",
                "60",
                "start",
            ]
        )
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, command: list[str]) -> None:
        if self._as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n"
                f"{done.stderr}\n{log}"
            )

    def new_database(self) -> str:
        """A new, empty database on this server; its ``postgresql://`` URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")  # a fixed, safe name
        return self.url.rsplit("/", 1)[0] + "/" + name

    def new_schema(self) -> str:
        """A new, empty schema in the server's database; a URL whose connections use it
        (``search_path``).  Quicker than a database: one per test."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {name}")  # a fixed, safe name
        return self.url + "?options=" + quote(f"-c search_path={name}")

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        if self.data.exists():
            for _ in range(3):
                try:
                    self._run(
                        [str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
                    )
                    break
                except RuntimeError:
                    time.sleep(0.5)
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
