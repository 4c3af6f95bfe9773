"""Faults, on SQLite and on PostgreSQL: a student's process killed with SIGKILL mid-game
comes back with its name and PIN; the process hosting the class killed and restarted
resumes every table from the store; a computer move left half-made is made by the next
device that waits; a corrupt or foreign store gives a clear error and is never
overwritten."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dweebies_widget import Game
from dweebies_widget.classroom import Classroom, StoreError
from dweebies_widget.classroom.store import SCHEMA

from .postgres_server import TempPostgres
from .workers import (
    check_game,
    finish,
    hand_over_to_sleepy,
    host,
    placements,
    read_log,
    start,
    student,
)


def wait_until(test: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def kill(process: Any) -> None:
    os.kill(process.pid, signal.SIGKILL)
    process.join(10)
    assert process.exitcode == -signal.SIGKILL


def engine(store: str) -> str:
    return "postgresql" if store.startswith("postgresql:") else "sqlite"


def plays(log: Path) -> list[list[int]]:
    return [line[1:5] for line in read_log(log) if isinstance(line, list)]


# ----------------------------------------------------------------------------- processes
def test_a_student_killed_mid_game_rejoins_and_goes_on(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Classroom(store) as room:
        code = room.create_table(players=3, ai={2: "greedy"}, seed=41)
    first, second, ben_log = tmp_path / "ana1.log", tmp_path / "ana2.log", tmp_path / "ben.log"
    ana = start(student, store, code, "Ana", "1357", str(first), 1, 0.01)
    ben = start(student, store, code, "Ben", "2468", str(ben_log), 2, 0.01)
    with Classroom(store) as room:
        wait_until(lambda: room.spectate(code).moves >= 12, 60, "a dozen moves")
    kill(ana)
    with Classroom(store) as room:
        stopped = room.spectate(code)
        assert stopped.current_player is not None  # mid-game
        assert room.table(code).status == "playing"
    restarted = time.monotonic()
    ana = start(student, store, code, "ana", "1357", str(second), 3, 0.0)
    wait_until(lambda: len(read_log(second)) > 1, 60, "the student's first move back")
    back = time.monotonic() - restarted
    finish([ana, ben], 120)
    seat = read_log(first)[0]["seat"]
    assert read_log(second)[0]["seat"] == seat  # the same seat back
    with Classroom(store) as room:
        game = Game.from_json(room.download(code))
    check_game(game)
    before, after, mine = plays(first), plays(second), placements(game, seat)
    assert mine[: len(before)] == before  # every move the first process saw accepted
    assert mine[len(mine) - len(after) :] == after  # and every one of the second
    assert len(mine) - len(before) - len(after) in (0, 1)  # one made just before the kill
    assert plays(ben_log) == placements(game, 1 - seat)
    assert len(placements(game)) > stopped.moves
    with capsys.disabled():
        print(
            f"\nclassroom {engine(store)}: a student killed after {stopped.moves} moves was "
            f"back and playing {back:.2f} s after the new process started"
        )


def test_the_host_killed_and_restarted_resumes_every_table(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    specs: list[dict[str, Any]] = [{"players": 2}] * 3 + [
        {"players": 3, "ai": {1: "greedy"}},
        {"players": 3, "ai": {2: "cautious"}},
        {"players": 4, "ai": {1: "random", 3: "greedy"}},
    ]
    tokens: dict[str, dict[int, str]] = {}
    with Classroom(store) as room:
        for i, spec in enumerate(specs):
            code = room.create_table(seed=60 + i, **spec)
            tokens[code] = {}
            for name in ("Ana", "Ben"):
                token = room.join(code, f"{name}{i}", "1111")
                tokens[code][room.seat(token).seat] = token
    tokens_file = tmp_path / "tokens.json"
    tokens_file.write_text(json.dumps(tokens))
    logs = [tmp_path / "host1.log", tmp_path / "host2.log"]
    first = start(host, store, str(tokens_file), str(logs[0]), 1, 0.003, False)
    with Classroom(store) as room:
        wait_until(lambda: room.version() >= 150, 60, "150 changes")
        kill(first)
        at_kill = {code: room.version(code) for code in tokens}
        unfinished = [c for c in tokens if room.table(c).status == "playing"]
    assert unfinished, "the host was killed after every game ended"
    restarted = time.monotonic()
    second = start(host, store, str(tokens_file), str(logs[1]), 2, 0.0, True)
    finish([second], 120)
    took = time.monotonic() - restarted
    started, resumed = read_log(logs[1])[:2]
    assert all(started["versions"][c] >= at_kill[c] for c in tokens)  # nothing was lost
    before = [line[1:] for line in read_log(logs[0]) if isinstance(line, list)]
    after = [line[1:] for line in read_log(logs[1]) if isinstance(line, list)]
    with Classroom(store) as room:
        for code in tokens:
            game = Game.from_json(room.download(code))
            check_game(game)
            students = [p for p in placements(game) if p[0] in tokens[code]]
            logged_before = [p[1:] for p in before if p[0] == code]
            logged_after = [p[1:] for p in after if p[0] == code]
            assert students[: len(logged_before)] == logged_before
            assert students[len(students) - len(logged_after) :] == logged_after
            assert len(students) - len(logged_before) - len(logged_after) in (0, 1)
    with capsys.disabled():
        print(
            f"\nclassroom {engine(store)}: the host was killed with {len(unfinished)} of "
            f"{len(tokens)} games unfinished; the new host made {resumed['resumed']} pending "
            f"computer moves and finished every game {took:.2f} s after it started"
        )


def test_a_computer_move_left_by_a_killed_process_is_made_by_the_next_waiter(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Classroom(store) as room:
        code = room.create_table(players=2, ai={1: "greedy"}, seed=5)
        token = room.join(code, "Ana", "1111")
    log = tmp_path / "sleepy.log"
    process = start(hand_over_to_sleepy, store, token, str(log))
    with Classroom(store) as room:
        wait_until(lambda: room.spectate(code).moves == 1, 30, "the student's move")
        kill(process)  # while its computer player 'thinks' (a minute)
        assert read_log(log)[-1] == {"about_to_play": True}
        version = room.version(code)
        assert room.spectate(code).current_player == 1  # the computer's turn, left undone
        begin = time.monotonic()
        assert room.wait_for_change(code, version, timeout=20) > version
        took = time.monotonic() - begin
        assert took < 10  # once the one-second lease ran out
        view = room.view(token)
        assert view.current_player == 0 and len(view.history) == 2
    with capsys.disabled():
        print(
            f"\nclassroom {engine(store)}: the computer move left by a killed process was "
            f"made by a waiting device {took:.2f} s later (lease 1 s)"
        )


# ----------------------------------------------------------------------------- files
def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sidecars(path: Path) -> list[Path]:
    return [p for p in path.parent.iterdir() if p.name != path.name]


def other_programs_database(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("INSERT INTO notes (text) VALUES ('my homework')")
    conn.close()


def classroom_store(path: Path) -> None:
    with Classroom(path) as room:
        code = room.create_table(players=2, seed=1)
        for name in ("Ana", "Ben"):
            room.join(code, name, "1111")


def damaged_store(path: Path) -> None:
    classroom_store(path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) >= 3 * page
    data[page : 2 * page] = os.urandom(page)  # a page of the tables' B-trees, overwritten
    path.write_bytes(bytes(data))


def newer_store(path: Path) -> None:
    classroom_store(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE dweebies_meta SET value = '99' WHERE key = 'schema'")
    conn.close()


FILES = {
    "random bytes": lambda p: p.write_bytes(os.urandom(10_000)),
    "empty file": lambda p: p.write_bytes(b""),
    "a JSON save": lambda p: p.write_text(Game(players=2, seed=1).to_json()),
    "another program's database": other_programs_database,
    "a damaged store": damaged_store,
    "a store of a newer version": newer_store,
    "half a store": lambda p: (classroom_store(p), p.write_bytes(p.read_bytes()[:8192])),
}
MESSAGES = {
    "random bytes": "not an SQLite database",
    "empty file": "empty file",
    "a JSON save": "not an SQLite database",
    "another program's database": "some other program",
    "a damaged store": "",
    "a store of a newer version": "newer",
    "half a store": "",
}


@pytest.mark.parametrize("kind", list(FILES))
def test_a_corrupt_or_foreign_file_is_refused_and_left_untouched(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    FILES[kind](path)
    before = digest(path)
    assert not sidecars(path)
    with pytest.raises(StoreError, match=MESSAGES[kind] or None) as error:
        Classroom(path)
    assert "untouched" in str(error.value) or "cannot" in str(error.value)
    assert digest(path) == before  # not a byte written
    # Reading a WAL-mode file makes SQLite add its index (-shm) and an empty log (-wal)
    # beside it; nothing is written to them either.
    for extra in sidecars(path):
        assert extra.name in {"class.sqlite-wal", "class.sqlite-shm"}
        assert extra.name.endswith("-shm") or extra.stat().st_size == 0


def test_a_damaged_game_in_the_store_is_reported_not_rewritten(store: str) -> None:
    with Classroom(store) as room:
        good = room.create_table(players=2, seed=1)
        bad = room.create_table(players=2, seed=2)
        token = room.join(bad, "Ana", "1111")
        room.join(bad, "Ben", "2222")
    tampered = _sql(store, "SELECT game FROM dweebies_tables WHERE code = ?", bad)[0][0]
    assert '"scores": [0, 0]' in tampered
    tampered = tampered.replace('"scores": [0, 0]', '"scores": [9, 0]', 1)
    _sql(store, "UPDATE dweebies_tables SET game = ? WHERE code = ?", tampered, bad)
    with Classroom(store) as room:
        room.spectate(good)
        for action in (lambda: room.spectate(bad), lambda: room.view(token)):
            with pytest.raises(StoreError, match=f"table {bad} .* damaged"):
                action()
        with pytest.raises(StoreError):
            room.play(token, (0, (0, 0)))
        assert len(room.check()) == 1 and bad in room.check()[0]
    assert _sql(store, "SELECT game FROM dweebies_tables WHERE code = ?", bad)[0][0] == tampered
    _sql(store, "UPDATE dweebies_tables SET scores = 'ten' WHERE code = ?", good)
    with Classroom(store) as room, pytest.raises(StoreError, match=f"table '{good}' .* damaged"):
        room.tables()


def test_a_newer_or_foreign_schema_is_refused_on_both_engines(store: str) -> None:
    Classroom(store).close()
    _sql(store, "UPDATE dweebies_meta SET value = ? WHERE key = 'schema'", str(SCHEMA + 1))
    with pytest.raises(StoreError, match="newer"):
        Classroom(store)
    _sql(store, "UPDATE dweebies_meta SET value = 'somebody-else/app' WHERE key = 'format'")
    with pytest.raises(StoreError, match="not a Dweebies classroom store"):
        Classroom(store)
    assert _sql(store, "SELECT value FROM dweebies_meta WHERE key = 'format'") == [
        ("somebody-else/app",)
    ]


def test_a_database_with_only_some_of_the_tables_is_refused(postgres: TempPostgres) -> None:
    url = postgres.new_schema()
    _sql(url, "CREATE TABLE dweebies_tables (code TEXT)")
    with pytest.raises(StoreError, match="not all"):
        Classroom(url)
    assert _sql(url, "SELECT to_regclass('dweebies_meta')") == [(None,)]


def _sql(store: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run ``sql`` on the store directly, as a person with a database tool would."""
    if store.startswith("postgresql://"):
        with psycopg.connect(store, autocommit=True) as conn:
            cur = conn.execute(sql.replace("?", "%s"), params)
            return list(cur.fetchall()) if cur.description else []
    with closing(sqlite3.connect(store)) as conn, conn:
        return list(conn.execute(sql, params).fetchall())
