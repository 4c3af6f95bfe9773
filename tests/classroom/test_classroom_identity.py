"""A player is a name and a PIN within the class: identity, PIN waits, the teacher's lockout,
tokens that expire, leaving a seat, who closed a table, and standings that mean something.

Every test runs on both stores (``store``: SQLite and PostgreSQL).  Time is a clock the test
moves by hand (``Classroom(clock=...)``), so waits of minutes take no time at all.
"""

from __future__ import annotations

import csv
import io
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dweebies_widget.classroom import (
    Alert,
    Classroom,
    Limits,
    NotTeacher,
    PinThrottled,
    Record,
    SeatLocked,
    TeacherLockedOut,
    TokenExpired,
    UnknownToken,
    WrongPassword,
    WrongPin,
)
from dweebies_widget.classroom.lobby import said
from dweebies_widget.classroom.puzzles import PuzzleClass
from dweebies_widget.classroom.room import MAX_PIN_FAILURES, STANDINGS_HEADER, open_store
from dweebies_widget.classroom.store import SCHEMA

from .test_classroom_puzzles import _downgrade
from .workers import play_out

DATA = Path(__file__).parent / "data"
SCHEMA_2 = DATA / "schema2.sqlite"
"""A store made by the code of schema 2 (teacher password "owl"): CFYE, a finished game of
Ana (PIN 1234, 4 cards) and Ben (PIN 4321, 5 cards, one wrong PIN counted); QKVT, Ana (1234)
against Greedy, one move played; YXAT, "ana" with PIN 9999, waiting; RPQH, a Cyrillic "Аna"
with PIN 5555, waiting; on the puzzle page (after the tables), Ana (1234, one puzzle
answered) and Cleo (2468)."""
SCHEMA_1 = DATA / "schema1.sqlite"
"""A store made by the code of schema 1: R9FC (Ana, PIN 1234, against Greedy, one move
played) and 44EQ (Ben, PIN 4321, waiting)."""

LIMITS = Limits(
    pin_tries=2, pin_wait=10.0, pin_longest_wait=40.0, password_tries=3, password_lockout=300.0,
    token_hours=1.0,
)  # fmt: skip


class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def move(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(store: str, clock: Clock) -> Iterator[Classroom]:
    room = Classroom(store, teacher_password="owl", limits=LIMITS, clock=clock)
    yield room
    room.close()


def outcome(room: Classroom, code: str, seat: int) -> Record:
    """The one-game record of ``seat`` at the finished table ``code``."""
    info = room.table(code)
    won = seat in info.winners
    draw = won and len(info.winners) == info.players
    return Record(1, int(won and not draw), int(draw), int(not won), info.scores[seat])


# ----------------------------------------------------------------------------- identity
def test_a_name_belongs_to_one_student_of_the_class(
    room: Classroom, store: str, clock: Clock
) -> None:
    first = room.create_table(players=2, seed=1)
    other = room.create_table(players=2, ai={1: "greedy"}, seed=2)
    room.join(first, "Ana", "1234")
    for code in (first, other):  # another PIN is a wrong PIN for Ana, at any table
        with pytest.raises(WrongPin) as wrong:
            room.join(code, "ana", "9876")
        assert wrong.value.name == "Ana"
    assert room.table(other).free == 1  # nobody sat down
    clock.move(wrong.value.wait)
    with pytest.raises(WrongPin) as wrong:
        room.join(other, "\u0410na", "9876")  # a Cyrillic "А": the same name as Ana
    clock.move(wrong.value.wait)
    assert room.seat(room.join(other, "\u0410NA", "1234")).name == "\u0410NA"  # Ana herself
    trainer = PuzzleClass(store, limits=LIMITS, clock=clock)
    try:
        with pytest.raises(WrongPin) as wrong:  # the puzzle page's Ana is the same Ana
            trainer.sign_in("ANA", "9876")
    finally:
        trainer.close()
    message = said(wrong.value)
    assert message.startswith(
        "The name Ana is taken in this class, with another PIN. If it is yours, type your "
        "PIN; if not, add a letter to your name (like Ana B)."
    )
    assert "0 tries" not in message and "left)" not in message
    assert room.join(first, "Ana B", "9876")  # a name of her own


def test_standings_count_classmates_and_computers_apart_and_never_merge_names(
    room: Classroom,
) -> None:
    duel = room.create_table(players=2, seed=5)
    ana, ben = room.join(duel, "Ana", "1234"), room.join(duel, "Ben", "4321")
    play_out(room, duel, [ana, ben])
    solo = room.create_table(players=3, ai={1: "greedy", 2: "random"}, seed=6)
    again = room.join(solo, "ANA", "1234")
    play_out(room, solo, [again])
    with pytest.raises(WrongPin):  # "ana" with another PIN adds nothing to Ana's line
        room.join(room.create_table(players=2, ai={1: "random"}), "ana", "0000")
    rows = {r.name: r for r in room.leaderboard()}
    assert set(rows) == {"Ana", "Ben"}
    assert rows["Ana"].classmates == outcome(room, duel, 0)
    assert rows["Ana"].computers == outcome(room, solo, 0)
    assert rows["Ben"].classmates == outcome(room, duel, 1)
    assert rows["Ben"].computers == Record()
    assert rows["Ana"].games == 2 and rows["Ana"].to_dict()["computers"]["games"] == 1
    order = [(-r.classmates.wins, -r.classmates.points) for r in room.leaderboard()]
    assert order == sorted(order)


def test_the_standings_download_as_csv_that_reads_back(room: Classroom, store: str) -> None:
    code = room.create_table(players=3, seed=8)
    tokens = [room.join(code, n, "1234") for n in ("Smith, Jo", "=1+2", "Cleo")]
    play_out(room, code, tokens)
    text = room.standings_csv()
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == STANDINGS_HEADER
    assert rows[0][:2] == ["name", "games with classmates"]
    by_name = {r[0]: r for r in rows[1:]}
    assert set(by_name) == {"Smith, Jo", "'=1+2", "Cleo"}  # a formula is shown as text
    board = {r.name: r for r in room.leaderboard()}
    for name, row in by_name.items():
        line = board[name.lstrip("'")]
        assert [int(x) for x in row[1:]] == [
            *line.classmates.to_dict().values(),
            *line.computers.to_dict().values(),
        ]
    with Classroom(store) as student, pytest.raises(NotTeacher):
        student.standings_csv()


# ----------------------------------------------------------------------------- PIN waits
def test_wrong_pins_make_each_try_wait_longer_up_to_a_cap(
    room: Classroom, store: str, clock: Clock
) -> None:
    code = room.create_table(players=2, ai={1: "random"}, seed=3)
    ana = room.join(code, "Ana", "1234")
    assert Limits().pin_tries == MAX_PIN_FAILURES and SeatLocked is PinThrottled
    with pytest.raises(WrongPin) as wrong:
        room.join(code, "ana", "0000")
    assert (wrong.value.attempts_left, wrong.value.wait) == (1, 0.0)
    assert "You have 1 more try before you must wait." in str(wrong.value)
    with pytest.raises(WrongPin) as wrong:
        room.join(code, "ana", "0000")
    assert (wrong.value.attempts_left, wrong.value.wait) == (0, 10.0)
    assert "Your next try must wait 10 seconds." in str(wrong.value)
    waits = []
    for expected in (20.0, 40.0, 40.0):  # doubling, then capped
        with pytest.raises(PinThrottled) as throttled:
            room.join(code, "Ana", "1234")  # not even checked during the wait
        assert throttled.value.wait == pytest.approx(waits[-1] if waits else 10.0)
        assert str(throttled.value) == (
            f"Too many wrong PINs for Ana: wait {round(throttled.value.wait)} seconds, then try "
            "again. Your teacher can see this."
        )
        assert room.view(ana).seat == 0  # Ana's own device carries on meanwhile
        clock.move(throttled.value.wait)
        with pytest.raises(WrongPin) as wrong:
            room.join(code, "ana", "0000")
        waits.append(wrong.value.wait)
        assert wrong.value.wait == expected
    state = room.seat_state(ana)
    assert (state.pin_failures, state.pin_wait) == (5, 40.0)
    assert state.seats[0].wrong_pins == 5
    assert room.alerts() == [Alert("pin", "Ana", (code,), 5, 40.0, clock.now)]
    clock.move(40)
    assert room.seat(room.join(code, "Ana", "1234")).seat == 0  # right after the wait
    assert room.alerts() == []
    assert room.seat_state(ana).pin_wait == 0.0


def test_the_teacher_clears_pin_waits_and_the_puzzle_page_shares_them(
    room: Classroom, store: str, clock: Clock
) -> None:
    code = room.create_table(players=2, ai={1: "random"}, seed=3)
    room.join(code, "Ana", "1234")
    trainer = PuzzleClass(store, limits=LIMITS, clock=clock)
    try:
        with pytest.raises(WrongPin):
            room.join(code, "ana", "1111")
        with pytest.raises(WrongPin) as wrong:  # the same student, the same count
            trainer.sign_in("Ana", "2222")
        assert wrong.value.wait == 10.0
        with pytest.raises(PinThrottled):
            room.join(code, "Ana", "1234")
        (alert,) = room.alerts()
        assert alert.to_dict() == {
            "kind": "pin", "name": "Ana", "tables": [code], "failures": 2, "wait": 10.0,
            "last": clock.now,
        }  # fmt: skip
        with Classroom(store, limits=LIMITS, clock=clock) as student, pytest.raises(NotTeacher):
            student.clear_pin_waits("Ana")
        room.clear_pin_waits("ANA")
        assert room.alerts() == []
        assert trainer.sign_in("Ana", "1234").name == "Ana"  # at once, no wait
        for _ in range(3):
            with pytest.raises((WrongPin, PinThrottled)):
                trainer.sign_in("Ana", "0000")
        room.unlock(code, "ana")  # the table card's button clears them too
        assert room.join(code, "Ana", "1234")
    finally:
        trainer.close()


# ----------------------------------------------------------------------------- teacher
def test_the_teacher_password_locks_out_after_wrong_tries_in_a_row(
    room: Classroom, store: str, clock: Clock
) -> None:
    def log_in(password: str) -> None:
        Classroom(store, teacher_password=password, limits=LIMITS, clock=clock).close()

    log_in("owl")
    for left in (2, 1):
        with pytest.raises(WrongPassword) as wrong:
            log_in("owls")
        assert not isinstance(wrong.value, TeacherLockedOut)
        assert f"{left} more wrong one" in str(wrong.value)
    clock.move(1)
    with pytest.raises(TeacherLockedOut) as locked:
        log_in("owl!")
    assert str(locked.value) == (
        "Too many wrong passwords: the teacher's page is locked for 5 minutes."
    )
    assert said(locked.value) == str(locked.value)
    assert room.alerts() == [Alert("password", None, (), 3, 300.0, clock.now)]
    clock.move(200)
    with pytest.raises(TeacherLockedOut) as locked:
        log_in("owl")  # even the right password, during the lockout
    assert locked.value.wait == pytest.approx(100.0)
    assert str(locked.value).endswith("locked for 100 seconds.")
    assert room.wrong_passwords == 3  # a try during the lockout is not even counted
    clock.move(100)
    back = Classroom(store, teacher_password="owl", limits=LIMITS, clock=clock)  # works now
    # ... ends the run, and is told of the wrong ones typed since the last visit.
    assert back.alerts() == [Alert("password", None, (), 3, 0.0, clock.now - 300)]
    back.close()
    again = Classroom(store, teacher_password="owl", limits=LIMITS, clock=clock)
    assert again.alerts() == []  # told once: the next visit starts from there
    again.close()
    with pytest.raises(WrongPassword) as wrong:
        log_in("owls")
    assert "2 more wrong ones" in str(wrong.value)
    assert room.wrong_passwords == 4


# ----------------------------------------------------------------------------- tokens
def test_a_seats_token_expires(room: Classroom, clock: Clock) -> None:
    code = room.create_table(players=2, ai={1: "greedy"}, seed=4)
    ana = room.join(code, "Ana", "1234")
    clock.move(3590)
    fresh = room.join(code, "Ana", "1234")
    clock.move(20)  # the first token is an hour and 10 seconds old
    with pytest.raises(TokenExpired) as expired:
        room.view(ana)
    assert isinstance(expired.value, UnknownToken)
    assert said(expired.value) == (
        "Your seat's pass has expired: type your name and PIN to sit again."
    )
    assert room.view(fresh).seat == 0  # the newer one still works


# ----------------------------------------------------------------------------- leaving
def test_leaving_before_the_game_frees_the_seat(room: Classroom) -> None:
    code = room.create_table(players=3, seed=2)
    ana = room.join(code, "Ana", "1234")
    ben = room.join(code, "Ben", "4321")
    ben_too = room.join(code, "Ben", "4321")  # his second device
    version = room.version(code)
    assert room.leave(ben) is None
    assert room.version(code) == version + 1  # every screen sees the free seat
    for token in (ben, ben_too):
        with pytest.raises(UnknownToken):
            room.view(token)
    info = room.table(code)
    assert (info.status, info.free, [s.name for s in info.seats]) == (
        "waiting", 2, ["Ana", None, None],
    )  # fmt: skip
    assert room.seat(room.join(code, "Cleo", "5555")).seat == 1  # another student takes it
    assert room.seat(room.join(code, "Ben", "4321")).seat == 2  # Ben is still Ben
    assert room.table(code).status == "playing" and room.view(ana).seat == 0
    with pytest.raises(UnknownToken):
        room.leave(ben)


def test_leaving_during_the_game_keeps_the_seat_for_name_and_pin(room: Classroom) -> None:
    code = room.create_table(players=2, ai={1: "greedy"}, seed=4)
    phone = room.join(code, "Ana", "1234")
    tablet = room.join(code, "Ana", "1234")
    room.play(phone, room.view(phone).legal_moves()[0])
    room.leave(phone)
    with pytest.raises(UnknownToken):
        room.view(phone)
    assert room.view(tablet).seat == 0  # only the token that left stops
    info = room.table(code)
    assert info.status == "playing" and info.seats[0].name == "Ana"
    with pytest.raises(WrongPin):
        room.join(code, "Ana", "0000")
    back = room.join(code, "Ana", "1234")
    assert room.seat(back).seat == 0 and room.view(back).hand == room.view(tablet).hand


# ----------------------------------------------------------------------------- closing
def test_a_closed_table_says_who_closed_it(room: Classroom) -> None:
    code = room.create_table(players=2, ai={1: "random"}, seed=4)
    ana = room.join(code, "Ana", "1234")
    assert room.table(code).closed_by is None
    assert room.spectate(code).closed_by is None and room.seat_state(ana).closed_by is None
    room.close_table(code)
    assert room.table(code).closed_by == "your teacher"
    assert room.spectate(code).closed_by == "your teacher"
    state = room.seat_state(ana)
    assert (state.status, state.closed_by) == ("closed", "your teacher")
    assert room.table(code).to_dict()["closed_by"] == "your teacher"


# ----------------------------------------------------------------------------- upgrades
def test_a_store_of_schema_2_is_upgraded_on_each_engine(store: str, clock: Clock) -> None:
    with Classroom(store, teacher_password="owl") as room:
        duel = room.create_table(players=2, seed=5)
        tokens = [room.join(duel, "Ana", "1234"), room.join(duel, "Ben", "4321")]
        play_out(room, duel, tokens)
        shut = room.create_table(players=2, ai={1: "random"}, seed=1)
        kept = room.join(shut, "Cleo", "2468")
        room.close_table(shut)
        before = room.leaderboard()
    _downgrade(store, 2)
    with Classroom(store, teacher_password="owl", limits=LIMITS, clock=clock) as room:
        assert room.table(shut).closed_by == "your teacher"
        assert room.view(kept).seat == 0  # tokens made before the upgrade still work
        assert room.leaderboard() == before  # each seat still counts for its student
        with pytest.raises(WrongPin):
            room.join(room.create_table(players=2), "ana", "0000")
    raw = open_store(store)
    try:
        assert raw.meta("schema") == str(SCHEMA) == "3"
    finally:
        raw.close()


def test_the_schema_2_file_is_upgraded_keeping_every_player(tmp_path: Path, clock: Clock) -> None:
    path = tmp_path / "class.sqlite"
    shutil.copy(SCHEMA_2, path)
    room = Classroom(str(path), teacher_password="owl", limits=LIMITS, clock=clock)
    try:
        assert {t.code: t.status for t in room.tables()} == {
            "CFYE": "over", "QKVT": "playing", "YXAT": "waiting", "RPQH": "waiting",
        }  # fmt: skip
        # Ana signed in to the puzzles first: her PIN is the class's; the old seats of her
        # name count on their own until she comes back to them with that PIN.
        assert [r.name for r in room.leaderboard()] == ["Ben", "Ana"]
        assert room.seat(room.join("QKVT", "Ana", "1234")).seat == 0
        assert room.seat(room.join("YXAT", "ana", "9999")).seat == 0  # its own PIN still
        assert room.seat(room.join("RPQH", "\u0410na", "5555")).seat == 0
        with pytest.raises(WrongPin):  # but at a new table, "ana" is Ana
            room.join(room.create_table(players=2), "ana", "9999")
        assert room.seat(room.join("CFYE", "Ben", "4321")).name == "Ben"
        raw = open_store(str(path))
        try:
            seats = {(s.code, s.seat): s for s in raw.seats()}
            assert seats["QKVT", 0].student == "ana"  # joined her line with her PIN
            assert seats["YXAT", 0].student == ""  # another PIN: a player of its own
            assert seats["CFYE", 1].student == "ben"
            assert raw.student("ben") is not None and raw.student("ana") is not None
        finally:
            raw.close()
    finally:
        room.close()
    trainer = PuzzleClass(str(path), limits=LIMITS, clock=clock)
    try:
        assert trainer.sign_in("Ana", "1234").tried == 1
        assert trainer.sign_in("Cleo", "2468").name == "Cleo"
    finally:
        trainer.close()


def test_the_schema_1_file_is_upgraded_with_a_student_per_name(
    tmp_path: Path, clock: Clock
) -> None:
    path = tmp_path / "class.sqlite"
    shutil.copy(SCHEMA_1, path)
    with Classroom(str(path), teacher_password="owl", limits=LIMITS, clock=clock) as room:
        assert room.seat(room.join("R9FC", "Ana", "1234")).seat == 0
        with pytest.raises(WrongPin):  # the old seat's PIN is the student's now
            room.join(room.create_table(players=2), "Ana", "0000")
        assert room.join(room.create_table(players=2), "Ben", "4321")
    trainer = PuzzleClass(str(path), limits=LIMITS, clock=clock)
    try:
        assert trainer.sign_in("Ben", "4321").name == "Ben"
    finally:
        trainer.close()
