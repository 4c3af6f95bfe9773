"""The classroom API, on SQLite and on PostgreSQL: joining, seats, turns, computer seats,
what spectators see, downloads, the teacher's password and settings, and waiting for a
change."""

from __future__ import annotations

import json
import random
import re
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from dweebies_widget import DECK_SIZE, DweebiesWidget, Game, IllegalMoveError, Move, Rules
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, review
from dweebies_widget.classroom import (
    LEVELS,
    MAX_PIN_FAILURES,
    BadInput,
    Classroom,
    GameInProgress,
    HintsForbidden,
    NotStarted,
    NotTeacher,
    SeatLocked,
    StoreError,
    TableClosed,
    TableFull,
    UnknownTable,
    UnknownToken,
    WrongPassword,
    WrongPin,
)
from dweebies_widget.classroom.credentials import CODE_ALPHABET
from dweebies_widget.classroom.picture import SeatInfo, picture
from dweebies_widget.classroom.postgres import channel
from dweebies_widget.widget.remote import SeatGame

from .postgres_server import TempPostgres
from .workers import placements

QUICK = {"expert": ExpertPlayer(simulations=20)}
HINT = GreedyPlayer()


@pytest.fixture
def room(store: str) -> Iterator[Classroom]:
    with Classroom(store, teacher_password="owl", computers=QUICK, hint_player=HINT) as r:
        yield r


def play_out(room: Classroom, code: str, tokens: dict[int, str], seed: int = 0) -> Game:
    """Random legal moves for the students' seats until the game is over; the game."""
    rng = random.Random(seed)
    while True:
        picture = room.spectate(code)
        if picture.current_player is None:
            return Game.from_json(room.download(code))
        view = room.view(tokens[picture.current_player])
        room.play(tokens[picture.current_player], rng.choice(view.legal_moves()))


def state(room: Classroom, code: str) -> tuple[int, dict[str, Any]]:
    return room.version(code), room.spectate(code).to_dict()


# ----------------------------------------------------------------------------- tables
def test_create_table_gives_a_short_unambiguous_code(room: Classroom) -> None:
    codes = {room.create_table(players=2) for _ in range(5)}
    assert len(codes) == 5
    for code in codes:
        assert len(code) == 4 and set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1IL2Z5S8B")
    info = room.table(codes.pop().lower())  # codes are typed in any case
    assert info.status == "waiting" and info.free == 2 and info.moves == 0


def test_create_table_checks_its_options(room: Classroom) -> None:
    for bad in [
        {"players": 1},
        {"players": 7},
        {"players": "3"},
        {"players": 2, "ai": {2: "greedy"}},
        {"players": 2, "ai": {1: "grandmaster"}},
        {"players": 2, "ai": {0: "random", 1: "random"}},
        {"players": 2, "seed": -1},
        {"players": 2, "rules": {"min_line": 3}},
        {"players": 2, "rules": Rules(first_player=4)},
    ]:
        with pytest.raises(BadInput):
            room.create_table(**bad)
    with pytest.raises(UnknownTable):
        room.table("KKKK")
    with pytest.raises(BadInput):
        room.table("not a code")


def test_a_fresh_seed_is_chosen_and_recorded(room: Classroom) -> None:
    a = room.create_table(players=2, ai={1: "random"})
    b = room.create_table(players=2, ai={1: "random"}, seed=11)
    for code in (a, b):
        room.close_table(code)
    seed_a = Game.from_json(room.download(a)).seed
    assert isinstance(seed_a, int) and seed_a >= 0
    assert Game.from_json(room.download(b)).seed == 11
    assert Game.from_json(room.download(b)) == Game(players=2, seed=11)


# ----------------------------------------------------------------------------- joining
def test_join_and_rejoin_give_the_same_seat(room: Classroom) -> None:
    code = room.create_table(players=3, ai={1: "greedy"})
    ana = room.join(code, "Ana", pin="1234")
    ben = room.join(code, "Ben", pin="0000")
    assert (room.seat(ana).seat, room.seat(ben).seat) == (0, 2)
    again = room.join(code.lower(), "  ANA ", pin="1234")
    assert again != ana and room.seat(again).seat == 0 and room.seat(again).name == "Ana"
    assert room.view(ana).hand == room.view(again).hand  # both devices still act
    seats = room.table(code).seats
    assert [s.label for s in seats] == ["Ana", "Greedy (computer)", "Ben"]


def test_a_wrong_pin_is_refused_counted_and_locks_the_seat(room: Classroom, store: str) -> None:
    code = room.create_table(players=2)
    ana = room.join(code, "Ana", pin="1234")
    room.join(code, "Ben", pin="5678")
    for left in range(MAX_PIN_FAILURES - 1, -1, -1):
        with pytest.raises(WrongPin) as error:
            room.join(code, "ana", pin="4321")
        assert error.value.attempts_left == left
    assert room.table(code).seats[0].wrong_pins == MAX_PIN_FAILURES
    with pytest.raises(SeatLocked):
        room.join(code, "Ana", pin="1234")  # even the right PIN, once locked
    room.view(ana)  # a token already given still works
    with Classroom(store) as student, pytest.raises(NotTeacher):
        student.unlock(code, "Ana")
    room.unlock(code, "ANA")
    assert room.seat(room.join(code, "Ana", pin="1234")).seat == 0
    assert room.table(code).seats[0].wrong_pins == 0


def test_a_full_table_is_refused_clearly(room: Classroom) -> None:
    code = room.create_table(players=2)
    room.join(code, "Ana", pin="1111")
    room.join(code, "Ben", pin="2222")
    with pytest.raises(TableFull, match="full"):
        room.join(code, "Cleo", pin="3333")
    assert room.table(code).status == "playing"


def test_join_checks_names_pins_codes_and_tokens(room: Classroom) -> None:
    code = room.create_table(players=2)
    bad = [("", "1234"), ("x" * 25, "1234"), ("An\x00a", "1234"), (3, "1234")]
    bad += [("Ana", "123"), ("Ana", "12345"), ("Ana", "abcd"), ("Ana", 1234)]
    for name, pin in bad:
        with pytest.raises(BadInput):
            room.join(code, name, pin)  # type: ignore[arg-type]
    with pytest.raises(UnknownTable):
        room.join("KKKK", "Ana", "1234")
    for token in ["", "nope", 42, "x" * 1000]:
        with pytest.raises(UnknownToken):
            room.view(token)  # type: ignore[arg-type]


def test_pins_and_tokens_are_stored_hashed(room: Classroom, store: str, tmp_path: Any) -> None:
    code = room.create_table(players=2)
    token = room.join(code, "Ana", pin="7391")
    dump = _dump(store)
    assert token not in dump and "owl" not in dump
    # The PIN may turn up by chance inside a hex digest or a seed; never on its own.
    assert re.search(r"(?<![0-9A-Za-z])7391(?![0-9A-Za-z])", dump) is None
    assert "scrypt$" in dump


def _dump(store: str) -> str:
    """Everything the store holds, as text."""
    if store.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(store) as conn:
            rows = [
                conn.execute(f"SELECT * FROM {t}").fetchall()
                for t in ("dweebies_meta", "dweebies_seats", "dweebies_tokens", "dweebies_tables")
            ]
        return repr(rows)
    import sqlite3

    with sqlite3.connect(store) as conn:
        return "\n".join(conn.iterdump())


# ----------------------------------------------------------------------------- playing
def test_play_waits_for_every_student(room: Classroom) -> None:
    code = room.create_table(players=3, ai={2: "random"})
    ana = room.join(code, "Ana", pin="1111")
    with pytest.raises(NotStarted):
        room.play(ana, room.view(ana).legal_moves()[0])
    with pytest.raises(NotStarted):
        room.hint(ana)
    room.join(code, "Ben", pin="2222")
    room.play(ana, room.view(ana).legal_moves()[0])


def test_not_your_turn_and_illegal_moves_leave_the_state(room: Classroom) -> None:
    code = room.create_table(players=2, seed=3)
    ana = room.join(code, "Ana", pin="1111")
    ben = room.join(code, "Ben", pin="2222")
    before = state(room, code)
    with pytest.raises(IllegalMoveError) as error:
        room.play(ben, room.view(ana).legal_moves()[0])
    assert error.value.reason == "not-your-turn"
    hand = room.view(ana).hand
    missing = next(d for d in range(27) if d not in hand)
    for move, reason in [
        (Move(missing, (0, 0)), "not-in-hand"),
        (Move(hand[0], (3, 3)), "empty-table"),
        ((hand[0], "middle"), "bad-cell"),
        ("4 at 0,0", "bad-move"),
        ({"dweebie": "x", "cell": [0, 0]}, "not-a-card"),
        (None, "bad-move"),
    ]:
        with pytest.raises(IllegalMoveError) as error:
            room.play(ana, move)  # type: ignore[arg-type]
        assert error.value.reason == reason
    assert state(room, code) == before
    placement = room.play(ana, {"dweebie": hand[0], "cell": [0, 0]})
    assert placement.seat == 0 and room.version(code) == before[0] + 1
    with pytest.raises(IllegalMoveError) as error:
        room.play(
            ana,
            room.view(ana).legal_moves()[0]
            if room.view(ana).legal_moves()
            else Move(hand[1], (0, 1)),
        )
    assert error.value.reason == "not-your-turn"


@pytest.mark.parametrize("level", LEVELS)
def test_computer_seats_answer_at_once(room: Classroom, level: str) -> None:
    code = room.create_table(players=3, ai={1: level, 2: "random"}, seed=5)
    ana = room.join(code, "Ana", pin="1111")
    room.play(ana, room.view(ana).legal_moves()[0])
    view = room.view(ana)
    assert view.current_player == 0 and [p.seat for p in view.history] == [0, 1, 2]  # type: ignore[union-attr]


def test_a_computer_that_starts_moves_once_the_table_is_full(room: Classroom) -> None:
    code = room.create_table(players=2, ai={0: "greedy"}, rules=Rules(first_player=0))
    assert room.spectate(code).moves == 0
    ana = room.join(code, "Ana", pin="1111")
    assert room.view(ana).current_player == 1 and room.spectate(code).moves == 1


def test_a_whole_game_with_every_level(room: Classroom) -> None:
    code = room.create_table(
        players=5, ai={1: "random", 2: "greedy", 3: "cautious", 4: "expert"}, seed=8
    )
    ana = room.join(code, "Ana", pin="1111")
    game = play_out(room, code, {0: ana})
    assert game.is_over and sum(game.scores) + len(game.board) == DECK_SIZE
    assert room.table(code).status == "over"
    with pytest.raises(IllegalMoveError) as error:
        room.play(ana, Move(0, (0, 0)))
    assert error.value.reason == "over"


def test_owed_draws_are_taken_through_the_api(room: Classroom) -> None:
    code = room.create_table(players=2, ai={1: "greedy"}, rules=Rules(auto_draw=False))
    ana = room.join(code, "Ana", pin="1111")
    room.play(ana, room.view(ana).legal_moves()[0])
    view = room.view(ana)
    assert len(view.hand) == 4 and view.owed[0] == 1
    card = room.draw(ana)
    assert card in room.view(ana).hand and len(room.view(ana).hand) == 5
    with pytest.raises(IllegalMoveError) as error:
        room.draw(ana)
    assert error.value.reason == "not-owed"


# ----------------------------------------------------------------------------- seeing
def test_a_seat_sees_only_its_own_hand(room: Classroom) -> None:
    code = room.create_table(players=3, seed=9)
    tokens = [room.join(code, n, pin="1234") for n in ("Ana", "Ben", "Cleo")]
    views = [room.view(t) for t in tokens]
    room.close_table(code)
    game = Game.from_json(room.download(code))
    for seat, view in enumerate(views):
        assert view.seat == seat and view.hand == game.hand(seat)
        others = sorted(c for s in range(3) if s != seat for c in game.hand(s)) + list(game.pile)
        assert view.unseen == tuple(sorted(others))  # a multiset, never who holds what


def test_spectators_see_no_hidden_card(room: Classroom) -> None:
    code = room.create_table(players=2, ai={1: "greedy"}, seed=1234567)
    ana = room.join(code, "Ana", pin="1111")
    room.play(ana, room.view(ana).legal_moves()[0])
    picture = room.spectate(code)
    data = picture.to_dict()
    assert set(data) == {
        "code",
        "version",
        "status",
        "players",
        "seats",
        "board",
        "hand_sizes",
        "scores",
        "owed",
        "pile_size",
        "current_player",
        "legal",
        "last",
        "moves",
        "winners",
        "hints",
        "closed_by",
    }
    assert data["hand_sizes"] == [5, 5] and data["pile_size"] == 42
    assert data["last"]["seat"] == 1 and data["moves"] == 2 and data["current_player"] == 0
    text = json.dumps(data)
    assert "1234567" not in text and 'hand"' not in text and 'pile"' not in text
    assert len(data["board"]) == 2 - sum(len(p.taken) for p in room.view(ana).history)  # type: ignore[union-attr]
    # the same picture whatever the hidden cards: it is built from the public view only
    assert picture.hand_sizes == room.view(ana).hand_sizes


def test_the_spectators_picture_holds_nothing_a_seat_cannot_see() -> None:
    """At every step of a whole game, the picture of the real game is the picture of each
    seat's own view, where every other hand and the pile are made up (``SeatGame.of``
    deals them from the unseen cards): so no hidden card is in it."""
    game = Game(players=3, seed=17)
    rng = random.Random(3)
    seats = tuple(SeatInfo(s, f"S{s}", None) for s in range(3))
    options: dict[str, Any] = {"code": "K7QX", "version": 1, "seats": seats, "hints": True}
    while True:
        status = "over" if game.is_over else "playing"
        shown = picture(game, status=status, **options)
        for seat in range(3):
            assert picture(SeatGame.of(game.view(seat)), status=status, **options) == shown
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assert shown.winners == game.winners and shown.current_player is None


def test_downloads_are_for_finished_games_and_load(room: Classroom, store: str) -> None:
    code = room.create_table(players=2, seed=21)
    tokens = {0: room.join(code, "Ana", pin="1111"), 1: room.join(code, "Ben", pin="2222")}
    with pytest.raises(GameInProgress):
        room.download(code)
    game = play_out(room, code, tokens, seed=4)
    loaded = Game.from_json(room.download(code))
    assert loaded == game and loaded.is_over and loaded.seed == 21
    # the save opens in the widget's replay, and review judges each of its placements
    shown = DweebiesWidget.replay(loaded, ["Ana", "Ben"])
    assert shown.status_text().startswith(f"Move 1 of {len(placements(loaded))}: Ana placed")
    judged = review(loaded, ExpertPlayer(simulations=5), executor=None, progress=False)
    assert len(judged.moves) == len(placements(loaded))
    assert DweebiesWidget.replay(loaded, review=judged).reviewed is judged
    assert set(room.download_all()) == {code}
    with Classroom(store) as student:
        assert Game.from_json(student.download(code)) == game
        with pytest.raises(NotTeacher):
            student.download_all()


def test_tables_and_leaderboard(room: Classroom) -> None:
    first = room.create_table(players=2, seed=2)
    second = room.create_table(players=3, ai={2: "greedy"}, seed=3)
    t1 = {0: room.join(first, "Ana", "1111"), 1: room.join(first, "Ben", "2222")}
    t2 = {0: room.join(second, "ana", "1111"), 1: room.join(second, "Cleo", "3333")}
    g1 = play_out(room, first, t1, seed=1)
    g2 = play_out(room, second, t2, seed=2)
    infos = room.tables()
    assert [t.code for t in infos] == [first, second]
    assert infos[0].status == "over" and infos[0].winners == g1.winners
    board = {row.name.casefold(): row for row in room.leaderboard()}
    assert set(board) == {"ana", "ben", "cleo"}
    ana = board["ana"]
    assert ana.games == 2 and ana.points == g1.scores[0] + g2.scores[0]
    assert ana.wins + ana.draws + ana.losses == 2
    wins = [0 in g.winners and len(g.winners) < g.players for g in (g1, g2)]
    assert ana.wins == sum(wins) or len(g1.winners) == 2  # an all-way tie is a draw
    rows = room.leaderboard()
    assert [(-r.wins, -r.points) for r in rows] == sorted((-r.wins, -r.points) for r in rows)


# ----------------------------------------------------------------------------- teacher
def test_teacher_password(store: str) -> None:
    with Classroom(store, teacher_password="owl") as teacher:
        assert teacher.is_teacher
        code = teacher.create_table(players=2)
    with pytest.raises(WrongPassword):
        Classroom(store, teacher_password="cat")
    with Classroom(store) as student:
        assert not student.is_teacher
        for action in (
            lambda: student.close_table(code),
            lambda: student.allow_hints(code, False),
            lambda: student.set_hints_default(False),
            lambda: student.download_all(),
            lambda: student.set_teacher_password("x"),
            lambda: student.wrong_passwords,
        ):
            with pytest.raises(NotTeacher):
                action()
    with Classroom(store, teacher_password="owl") as teacher:
        assert teacher.wrong_passwords == 1
        teacher.set_teacher_password("badger")
    with pytest.raises(WrongPassword):
        Classroom(store, teacher_password="owl")
    with Classroom(store, teacher_password="badger") as teacher:
        assert teacher.wrong_passwords == 2
        assert "owl" not in _dump(store) and "badger" not in _dump(store)


def test_hints_closing_and_defaults(room: Classroom) -> None:
    code = room.create_table(players=2, seed=5)
    ana = room.join(code, "Ana", pin="1111")
    ben = room.join(code, "Ben", pin="2222")
    move = room.hint(ana)
    assert move in room.view(ana).legal_moves()
    with pytest.raises(IllegalMoveError):
        room.hint(ben)
    version = room.version(code)
    room.allow_hints(code, False)
    assert room.version(code) == version + 1 and not room.table(code).hints
    with pytest.raises(HintsForbidden):
        room.hint(ana)
    assert room.hints_default
    room.set_hints_default(False)
    assert not room.hints_default
    assert not room.table(room.create_table(players=2)).hints
    room.close_table(code)
    assert room.table(code).status == "closed"
    with pytest.raises(TableClosed):
        room.play(ana, move)
    room.allow_hints(code, True)
    with pytest.raises(TableClosed):
        room.hint(ana)  # no hint for a game that was stopped
    with pytest.raises(TableClosed):
        room.join(code, "Cleo", pin="3333")
    assert room.seat(room.join(code, "Ana", pin="1111")).seat == 0  # students may come back
    Game.from_json(room.download(code))  # a closed game can be downloaded


# ----------------------------------------------------------------------------- watching
def test_versions_bump_on_every_change(room: Classroom) -> None:
    room_version = room.version()
    code = room.create_table(players=2, ai={1: "random"})
    assert room.version() > room_version
    v = room.version(code)
    ana = room.join(code, "Ana", pin="1111")
    assert room.version(code) == v + 1
    room.play(ana, room.view(ana).legal_moves()[0])
    assert room.version(code) == v + 3  # the move, then the computer's
    with pytest.raises(UnknownTable):
        room.version("KKKK")


def test_wait_for_change_wakes_on_a_move_from_another_connection(
    room: Classroom, store: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = room.create_table(players=2)
    ana = room.join(code, "Ana", pin="1111")
    room.join(code, "Ben", pin="2222")
    version = room.version(code)
    start = time.monotonic()
    assert room.wait_for_change(code, version, timeout=0.3) == version  # nothing happened
    assert 0.25 < time.monotonic() - start < 2
    woke: list[tuple[int, float]] = []
    room_woke: list[int] = []
    with Classroom(store) as watcher:
        whole = watcher.version()

        def watch() -> None:
            woke.append((watcher.wait_for_change(code, version, timeout=10), time.monotonic()))

        def watch_room() -> None:
            room_woke.append(watcher.wait_for_change(None, whole, timeout=10))

        threads = [threading.Thread(target=watch), threading.Thread(target=watch_room)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        moved = time.monotonic()
        room.play(ana, room.view(ana).legal_moves()[0])
        for t in threads:
            t.join()
    ((new, at),) = woke
    assert new == version + 1 and room_woke == [whole + 1]
    engine = "postgresql" if store.startswith("postgresql:") else "sqlite"
    with capsys.disabled():  # a figure to read; only the half second is asserted
        print(f"\nclassroom {engine}: a waiter woke {1000 * (at - moved):.0f} ms after the move")
    assert at - moved < 0.5  # moves appear on the other screens within half a second


def test_postgresql_wakes_waiters_by_notification_not_by_polling(postgres: TempPostgres) -> None:
    url = postgres.new_schema()
    with (
        Classroom(url) as room,
        Classroom(url) as watcher,
        psycopg.connect(url, autocommit=True) as sql,
    ):
        code = room.create_table(players=2)
        ana = room.join(code, "Ana", pin="1111")
        room.join(code, "Ben", pin="2222")
        version = room.version(code)
        sql.execute(f'LISTEN "{channel(code)}"')
        room.play(ana, room.view(ana).legal_moves()[0])
        notes = [(n.channel, n.payload) for n in sql.notifies(timeout=5, stop_after=1)]
        assert notes == [(channel(code), str(version + 1))]  # each move sends a note
        version += 1
        woke: list[int] = []
        waiter = threading.Thread(
            target=lambda: woke.append(watcher.wait_for_change(code, version, timeout=30))
        )
        waiter.start()
        time.sleep(1.0)  # the watcher listens to the table's channel by now
        # a change that sends no note does not wake the waiter: it does not poll ...
        sql.execute("UPDATE dweebies_tables SET version = version + 1 WHERE code = %s", (code,))
        time.sleep(1.5)
        assert waiter.is_alive() and not woke
        # ... and a note wakes it at once
        noted = time.monotonic()
        sql.execute("SELECT pg_notify(%s, '')", (channel(code),))
        waiter.join(5)
        assert woke == [version + 1] and time.monotonic() - noted < 0.5


# ----------------------------------------------------------------------------- seams
def test_the_classroom_reads_no_games_privates(store: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The classroom reaches the core only through its public API: a spy on
    ``Game.__getattribute__`` sees every underscore attribute read outside the engine."""
    seen: set[tuple[str, str]] = set()
    plain = object.__getattribute__

    def spy(self: Game, attribute: str) -> Any:
        if attribute.startswith("_") and not attribute.startswith(("__", "_repr_")):
            caller = str(sys._getframe(1).f_globals.get("__name__"))
            if caller != "dweebies_widget.game":
                seen.add((caller, attribute))
        return plain(self, attribute)

    monkeypatch.setattr(Game, "__getattribute__", spy)
    with Classroom(store, teacher_password="owl", computers=QUICK, hint_player=HINT) as room:
        code = room.create_table(
            players=4, ai={1: "greedy", 2: "cautious", 3: "expert"}, rules=Rules(auto_draw=False)
        )
        ana = room.join(code, "Ana", pin="1111")
        while room.spectate(code).current_player is not None:
            state = room.seat_state(ana)
            room.hint(ana)
            room.play(ana, state.view.legal_moves()[0])
            while room.view(ana).owed[0] and room.view(ana).pile_size:
                room.draw(ana)
        check = Game.from_json(room.download(code))
        assert check.is_over and room.leaderboard()[0].name == "Ana"
        room.tables()
        room.download_all()
    assert not seen


def test_a_closed_classroom_says_so(store: str) -> None:
    room = Classroom(store)
    code = room.create_table(players=2)
    room.close()
    for action in (lambda: room.table(code), lambda: room.wait_for_change(code, 1, 0.1)):
        with pytest.raises(StoreError, match="closed"):
            action()
