"""Fixtures of the classroom tests: every store test runs on both engines.

``store`` is the target of a new, empty classroom store: an SQLite file in the test's
folder, or a fresh schema on a real PostgreSQL server that this test session started
itself (:mod:`postgres_server`; ``make test`` installs Debian's postgresql first).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .postgres_server import TempPostgres

# The PostgreSQL engine's tests are marked, for `make check` to leave out (tests/conftest.py).
STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture(scope="session")
def postgres() -> Iterator[TempPostgres]:
    server = TempPostgres()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new store's target, on each engine in turn."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    server: TempPostgres = request.getfixturevalue("postgres")
    return server.new_schema()
