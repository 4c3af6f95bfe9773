"""The class's puzzle page, on SQLite and on PostgreSQL: signing in (one identity rule with
the lobby), every answer recorded, Glicko-2 ratings of students and puzzles updated from
first answers in one transaction (also when many devices answer at once), the upgrade of a
store of schema 1, the teacher's view (the hardest puzzles, each student's rating) and the
page itself."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

import psycopg
import pytest

from dweebies_widget.classroom import Classroom, NotTeacher, SeatLocked, WrongPin
from dweebies_widget.classroom.errors import BadInput
from dweebies_widget.classroom.puzzles import (
    PuzzleClass,
    PuzzlePage,
    rating_words,
    signed_in_words,
)
from dweebies_widget.classroom.room import MAX_PIN_FAILURES, open_store
from dweebies_widget.classroom.serve import LOBBY
from dweebies_widget.classroom.store import FIRST_TABLE_NAMES, SCHEMA, TABLE_NAMES
from dweebies_widget.classroom.teacher import Desk, hardest_html, puzzles_html
from dweebies_widget.puzzles import Puzzle, glicko, load

PAGE = f"{Path(LOBBY).parent.as_posix()}/puzzles.ipynb"
"""Where the server serves the puzzle page: beside the lobby."""
SCHEMA_1 = Path(__file__).parent / "data" / "schema1.sqlite"
"""A store made by the code of schema 1 (the release before the puzzle page): two tables,
R9FC (Ana, PIN 1234, against Greedy, one move played) and 44EQ (Ben, PIN 4321, waiting)."""


@pytest.fixture(scope="module")
def standard() -> list[Puzzle]:
    return list(load())


def _downgrade(store: str, schema: int = 1) -> None:
    """Make ``store`` a store of ``schema`` (1 or 2): without the columns of schema 3, and
    for schema 1 without the puzzle tables."""
    statements = [
        "ALTER TABLE dweebies_tables DROP COLUMN closed_by",
        "ALTER TABLE dweebies_seats DROP COLUMN student",
        "ALTER TABLE dweebies_students DROP COLUMN last_try",
        "ALTER TABLE dweebies_students DROP COLUMN wait_until",
        "DELETE FROM dweebies_meta WHERE key = 'teacher_tries'",
    ]
    if schema == 1:
        puzzle_tables = [t for t in TABLE_NAMES if t not in FIRST_TABLE_NAMES]
        statements += [f"DROP TABLE {t}" for t in reversed(puzzle_tables)]
    statements.append(f"UPDATE dweebies_meta SET value = '{schema}' WHERE key = 'schema'")
    if "://" in store:
        with psycopg.connect(store, autocommit=True) as conn:
            for s in statements:
                conn.execute(s)  # type: ignore[arg-type]
    else:
        conn = sqlite3.connect(store)
        with conn:
            for s in statements:
                conn.execute(s)
        conn.close()


def _tables(store: str) -> set[str]:
    if "://" in store:
        with psycopg.connect(store, autocommit=True) as conn:
            return {
                t
                for t in TABLE_NAMES
                if conn.execute("SELECT to_regclass(%s)", (t,)).fetchone()[0] is not None  # type: ignore[index]
            }
    conn = sqlite3.connect(store)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()


# ---------------------------------------------------------------------------- the upgrade
def test_a_store_file_of_schema_1_is_upgraded_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    shutil.copy(SCHEMA_1, path)
    room = Classroom(str(path), teacher_password="owl")
    try:
        infos = {t.code: t for t in room.tables()}
        assert set(infos) == {"R9FC", "44EQ"}
        assert [s.label for s in infos["R9FC"].seats] == ["Ana", "Greedy (computer)"]
        assert infos["R9FC"].moves >= 1 and infos["R9FC"].status == "playing"
        assert infos["44EQ"].status == "waiting"
        token = room.join("R9FC", "ana", "1234")  # her seat back, with her PIN
        assert room.seat(token).seat == 0
        with pytest.raises(WrongPin):
            room.join("44EQ", "Ben", "0000")
    finally:
        room.close()
    assert set(TABLE_NAMES) <= _tables(str(path))
    store = open_store(str(path))
    try:
        assert store.meta("schema") == str(SCHEMA) == "3"
    finally:
        store.close()
    trainer = PuzzleClass(str(path))
    try:
        ana = trainer.sign_in("Ana", "1234")
        assert trainer.record(ana.key, load()[0].id, solved=True, hints=0, seconds=3).tried == 1
    finally:
        trainer.close()


def test_a_store_of_schema_1_is_upgraded_on_each_engine(store: str) -> None:
    room = Classroom(store, teacher_password="owl")
    code = room.create_table(players=2, ai={1: "greedy"}, seed=4)
    token = room.join(code, "Ana", "1234")
    room.play(token, room.view(token).legal_moves()[0])
    before = room.table(code)
    room.close()
    _downgrade(store)
    assert _tables(store) & set(TABLE_NAMES) == set(FIRST_TABLE_NAMES)
    for _ in range(2):  # the second opening finds it upgraded already
        room = Classroom(store, teacher_password="owl")
        try:
            assert room.table(code) == before
            assert room.seat(room.join(code, "ANA", "1234")).name == "Ana"
        finally:
            room.close()
        assert set(TABLE_NAMES) <= _tables(store)
    trainer = PuzzleClass(store)
    try:
        assert trainer.sign_in("Ben", "9876").rating == glicko.STUDENT
    finally:
        trainer.close()


# ---------------------------------------------------------------------------- identity
def test_a_student_signs_in_with_a_name_and_pin_as_in_the_lobby(store: str) -> None:
    trainer = PuzzleClass(store)
    try:
        ana = trainer.sign_in("  Ana  ", "1234")
        assert (ana.name, ana.key, ana.rating, ana.tried) == ("Ana", "ana", glicko.STUDENT, 0)
        assert trainer.sign_in("ANA", "1234").key == "ana"
        for bad in [("You", "1234"), ("Ana", "12a4"), ("", "1234"), ("Ana", "")]:
            with pytest.raises(BadInput):
                trainer.sign_in(*bad)
        for left in range(MAX_PIN_FAILURES - 1, -1, -1):
            with pytest.raises(WrongPin) as wrong:
                trainer.sign_in("ana", "0000")
            assert wrong.value.attempts_left == left
        with pytest.raises(SeatLocked):
            trainer.sign_in("Ana", "1234")  # locked, even with the right PIN
        desk = Desk(store)
        with pytest.raises(NotTeacher):
            desk.puzzles()
        assert desk.log_in("owl")
        desk.puzzles().unlock("ANA")
        assert desk.puzzles() is desk.puzzles()
        desk.close()
        assert desk.room is None
        assert trainer.sign_in("Ana", "1234").key == "ana"
    finally:
        trainer.close()


# ---------------------------------------------------------------------------- ratings
def test_the_first_answer_rates_student_and_puzzle_later_answers_are_only_recorded(
    store: str, standard: list[Puzzle]
) -> None:
    trainer = PuzzleClass(store)
    raw = open_store(store)
    try:
        ana = trainer.sign_in("Ana", "1234")
        puzzle = standard[5]
        wrong = trainer.record(ana.key, puzzle.id, solved=False, hints=1, seconds=20.5)
        me, it = glicko.attempt(glicko.STUDENT, glicko.puzzle(puzzle.rating), solved=False)
        assert wrong.rating == me and wrong.rating.rating < 1500
        stored = raw.puzzle_rating(puzzle.id)
        assert stored is not None and stored.version == 1
        assert glicko.Rating(stored.rating, stored.deviation, stored.volatility) == it
        assert it.rating > puzzle.rating  # the puzzle beat the student
        right = trainer.record(ana.key, puzzle.id, solved=True, hints=1, seconds=31.0)
        assert right.rating == me and (right.tried, right.solved_first) == (1, 0)
        assert raw.puzzle_rating(puzzle.id) == stored
        attempts = raw.attempts("ana", puzzle.id)
        assert [(a.number, a.solved, a.hints, a.seconds) for a in attempts] == [
            (1, False, 1, 20.5),
            (2, True, 1, 31.0),
        ]
        assert attempts[0].tried <= attempts[1].tried
        # A second puzzle, solved at once, starts from the rating the first one left.
        other = standard[6]
        after = trainer.record(ana.key, other.id, solved=True, hints=0, seconds=5)
        assert after.rating == glicko.attempt(me, glicko.puzzle(other.rating), solved=True)[0]
        assert (after.tried, after.solved_first) == (2, 1)
        with pytest.raises(BadInput):
            trainer.record(ana.key, "no-such-puzzle", solved=True, hints=0, seconds=1)
    finally:
        raw.close()
        trainer.close()


def test_answers_from_many_devices_at_once_are_each_counted_once(
    store: str, standard: list[Puzzle]
) -> None:
    names = [f"Kid {i}" for i in range(6)]
    setup = PuzzleClass(store)
    keys = [setup.sign_in(n, "1234").key for n in names]
    setup.close()
    first = keys[0]
    puzzle = standard[0]
    errors: list[BaseException] = []

    def answer(key: str) -> None:
        trainer = PuzzleClass(store)  # a device of its own: its own connections
        try:
            start.wait()
            trainer.record(key, puzzle.id, solved=key in keys[0:3:2], hints=0, seconds=1)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            trainer.close()

    threads = [threading.Thread(target=answer, args=(k,)) for k in keys]
    # The same student on a second device, at the same moment.
    threads.append(threading.Thread(target=answer, args=(first,)))
    start = threading.Barrier(len(threads))
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    raw = open_store(store)
    try:
        attempts = raw.attempts(puzzle=puzzle.id)
        assert len(attempts) == len(names) + 1
        assert sorted(a.number for a in attempts if a.name_key == first) == [1, 2]
        assert all(a.number == 1 for a in attempts if a.name_key != first)
        rated = raw.puzzle_rating(puzzle.id)
        assert rated is not None and rated.version == len(names)  # one update per student
        for s in raw.students():
            assert s.version == (2 if s.name_key == first else 1)
            assert s.rating != 1500  # each rated once, from their first answer
    finally:
        raw.close()


# ---------------------------------------------------------------------------- the teacher
def test_the_teacher_sees_the_hardest_puzzles_and_each_students_rating(
    store: str, standard: list[Puzzle]
) -> None:
    Classroom(store, teacher_password="owl").close()
    trainer = PuzzleClass(store)
    a, b, c, d = standard[10], standard[20], standard[30], standard[40]
    plan = {  # puzzle: the first answers of Ana, Ben, Cleo, Dev (None: not tried)
        a.id: [False, False, False, None],
        b.id: [True, False, True, True],
        c.id: [False, False, None, None],  # tried by 2 only: not listed
        d.id: [True, True, True, None],
    }
    keys = [trainer.sign_in(n, "1234").key for n in ("Ana", "Ben", "Cleo", "Dev")]
    for pid, answers in plan.items():
        for key, right in zip(keys, answers, strict=True):
            if right is not None:
                trainer.record(key, pid, solved=right, hints=0, seconds=10)
                if not right:  # a second answer: recorded, not a first try
                    trainer.record(key, pid, solved=True, hints=1, seconds=20)
    hardest = trainer.hardest()
    assert [h.puzzle.id for h in hardest] == [a.id, b.id, d.id]
    assert [(h.tries, h.solved_first) for h in hardest] == [(3, 0), (4, 3), (3, 3)]
    assert hardest[0].class_rating > a.rating  # it beat every student who tried it
    assert [h.puzzle.id for h in trainer.hardest(count=1)] == [a.id]
    assert trainer.hardest(at_least=5) == []
    students = trainer.students()
    assert [s.name for s in students] == sorted(
        ["Ana", "Ben", "Cleo", "Dev"], key=lambda n: -trainer.student(n.casefold()).rating.rating
    )
    trainer.close()
    desk = Desk(store)
    with pytest.raises(NotTeacher):
        puzzles_html(desk)
    assert desk.log_in("owl")
    page = puzzles_html(desk)
    assert page.index("Hardest puzzles") < page.index(a.id) < page.index(b.id) < page.index(d.id)
    assert c.id not in page
    assert f">{a.kind_info.title}<" in page and f">{a.rating}<" in page
    assert ">0 (0 %)<" in page and ">3 (75 %)<" in page
    for s in students:
        assert f">{s.name}<" in page and f">{round(s.rating.rating)}<" in page
    before = desk.puzzles().version()
    answers = [right for v in plan.values() for right in v if right is not None]
    assert before == len(answers) + answers.count(False)  # the second answers too
    other = PuzzleClass(store)
    other.record(keys[3], c.id, solved=True, hints=0, seconds=4)
    other.close()
    assert desk.puzzles().version() == before + 1
    assert c.id in puzzles_html(desk)  # now tried by 3 students
    desk.close()
    assert "tried by 3 students" in hardest_html([])


# ---------------------------------------------------------------------------- the page
def _answer(board: object, right: bool) -> None:
    """Answer the puzzle shown on the PuzzleWidget ``board`` (not a ``where`` puzzle)."""
    p = board.puzzle  # type: ignore[attr-defined]
    move = (
        min(p.answer)
        if right
        else next(m for m in sorted(p.view.legal_moves()) if m not in p.answer)
    )
    board.select(list(board.session.scene.hand).index(move.dweebie))  # type: ignore[attr-defined]
    board.place(move.cell)  # type: ignore[attr-defined]


def test_the_page_serves_puzzles_near_the_rating_and_records_every_answer(store: str) -> None:
    trainer = PuzzleClass(store)
    page = PuzzlePage(trainer)
    try:
        page.name_box.value, page.pin_box.value = "Ana", "12"
        assert not page.sign_in() and "4 digits" in page.message.value
        page.pin_box.value = "1234"
        assert page.sign_in()
        board = page.board
        assert board is not None and page.pin_box.value == ""
        assert board.student == glicko.STUDENT
        distances = [abs(p.rating - 1500) for p in board.puzzles]
        assert distances == sorted(distances)
        assert "Signed in as Ana" in page.message.value
        assert "Your puzzle rating is 1500" in page.about.value
        index = next(i for i, p in enumerate(board.puzzles) if p.kind != "where")
        board.go(index)
        first = board.puzzle
        _answer(board, right=False)
        board.again()  # Start again, without waiting for the wrong move to be taken back
        _answer(board, right=True)
        attempts = open_store(store).attempts("ana")
        assert [(a.puzzle, a.number, a.solved) for a in attempts] == [
            (first.id, 1, False),
            (first.id, 2, True),
        ]
        ana = trainer.student("ana")
        assert board.student == ana.rating and ana.rating.rating < 1500
        assert f"Your puzzle rating is {round(ana.rating.rating)}" in page.about.value
        assert f"your rating {round(ana.rating.rating)}" in board.session.progress()
        # Back on another device: the puzzle tried is no longer served first.
        again = PuzzlePage(trainer)
        again.name_box.value, again.pin_box.value = "ana", "1234"
        assert again.sign_in()
        assert first.id not in {p.id for p in again.board.puzzles}
        assert again.board.student == ana.rating
    finally:
        trainer.close()


def test_the_rating_is_explained_in_plain_words() -> None:
    settled = glicko.Rating(1612.4, 80.0, 0.06)
    words = rating_words(settled)
    assert words.startswith("Your puzzle rating is 1612.") and "settling" not in words
    assert "settling" in rating_words(glicko.STUDENT)
    assert f"starts at {round(glicko.STUDENT.rating)}" in words
    # "goes up when your first answer is right": what the ratings do.
    up, _ = glicko.attempt(settled, glicko.puzzle(1600), solved=True)
    down, _ = glicko.attempt(settled, glicko.puzzle(1600), solved=False)
    assert down.rating < settled.rating < up.rating
    # "about half of them": a puzzle rated as the student is solved half the time.
    assert glicko.expected(settled, glicko.puzzle(settled.rating)) == pytest.approx(0.5)
    # "moves a lot at first, and less as you answer more puzzles" (right and wrong in turn).
    ratings = [glicko.STUDENT]
    for i in range(12):
        r = ratings[-1]
        ratings.append(glicko.attempt(r, glicko.puzzle(r.rating), solved=i % 2 == 0)[0])
    moves = [abs(b.rating - a.rating) for a, b in zip(ratings, ratings[1:], strict=False)]
    assert moves == sorted(moves, reverse=True) and moves[0] > 3 * moves[-1]
    from dweebies_widget.classroom.puzzles import Student

    one = signed_in_words(Student("Ana", "ana", settled, 1, 1))
    assert one == "Signed in as Ana. You have tried 1 puzzle and solved 1 with your first answer."


def test_the_docs_give_the_figures_the_code_uses() -> None:
    from dweebies_widget.classroom.puzzles import HARDEST, MIN_TRIES

    text = " ".join((Path(__file__).parents[2] / "docs" / "classroom.md").read_text().split())
    section = text[text.index("## The classroom's puzzle page") : text.index("## Screen rules")]
    assert f"after {MAX_PIN_FAILURES} wrong PINs" in section
    assert f"everybody starts at {glicko.STUDENT.rating:g}" in section
    assert f"deviation of {glicko.PUZZLE_DEVIATION:g}" in section
    assert (
        f"starts at {glicko.STUDENT.rating:g} with a deviation of {glicko.STUDENT.deviation:g}"
        in section
    )
    assert f"the class's {HARDEST} hardest puzzles" in section
    assert f"tried by at least {MIN_TRIES} students" in section
    assert f"`/voila/render/{PAGE}`" in section


def test_the_puzzle_notebook_is_package_data_and_needs_the_server(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from dweebies_widget.classroom.puzzles import puzzles_page
    from dweebies_widget.classroom.serve import NOTEBOOKS

    notebook = json.loads((NOTEBOOKS / "puzzles.ipynb").read_text())
    (cell,) = notebook["cells"]
    assert cell["source"].endswith("puzzles_page()") and cell["outputs"] == []
    monkeypatch.delenv("DWEEBIES_STORE", raising=False)
    assert "make classroom" in puzzles_page().value  # opened outside the server
