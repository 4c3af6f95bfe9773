"""The classroom's pages without a browser: the lobby, a student's table and the teacher's
page, as widgets over a real store (SQLite, and PostgreSQL for the whole lesson).

Clicks and taps reach the boards as the browser's messages do (``widget_events``); what the
background waits hand to the kernel's event loop is queued here and run when the test says
(:class:`Loop`), so every step is checked in order.
"""

from __future__ import annotations

import base64
import html
import io
import json
import logging
import re
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from comm import DummyComm
from widget_events import click_cell, click_hand, key, tap_cell, tap_hand

from dweebies_widget import DweebiesWidget, Game, Move
from dweebies_widget.ai import ExpertPlayer, GreedyPlayer, review
from dweebies_widget.cards import NAMES
from dweebies_widget.classroom import (
    MAX_PIN_FAILURES,
    Classroom,
    ClassroomError,
    TableFull,
    WrongPassword,
    WrongPin,
)
from dweebies_widget.classroom.limits import LIMITS_VARIABLE, Limits
from dweebies_widget.classroom.lobby import Lobby, said, table_plan
from dweebies_widget.classroom.pages import (
    LobbyPage,
    SeatView,
    TeacherPage,
    remember_html,
    resumed,
)
from dweebies_widget.classroom.seat import AGAIN, Follower, RoomSeat
from dweebies_widget.classroom.serve import main, read_password, voila_config
from dweebies_widget.classroom.teacher import spectator_scene, status_text
from dweebies_widget.widget.compat import widget_instances
from dweebies_widget.widget.modes import NO_HINTS
from dweebies_widget.widget.remote import Elsewhere, SeatGame

from .workers import placements, play_out

QUICK = {"expert": ExpertPlayer(simulations=20)}


class Loop:
    """Stands for the kernel's event loop: callbacks posted from the waiting threads are
    kept until :meth:`run`."""

    def __init__(self) -> None:
        self.queue: list[Callable[[], object]] = []

    def __call__(self, callback: Callable[[], object]) -> None:
        self.queue.append(callback)

    def run(self) -> int:
        ran = 0
        while self.queue:
            self.queue.pop(0)()
            ran += 1
        return ran

    def run_until(self, condition: Callable[[], bool], seconds: float = 10.0) -> None:
        end = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < end, "the page did not catch up"
            time.sleep(0.02)
            self.run()


@pytest.fixture
def teacher_store(tmp_path: Path) -> str:
    path = str(tmp_path / "class.sqlite")
    Classroom(path, teacher_password="owl").close()  # as the server does at start
    return path


def page(store: str, loop: Loop) -> LobbyPage:
    return LobbyPage(Classroom(store, computers=QUICK, hint_player=GreedyPlayer()), post=loop)


def sit(lobby: LobbyPage, name: str, pin: str, code: str | None = None, **table: int | str) -> None:
    lobby.name.value, lobby.pin.value = name, pin
    if code is None:
        c = lobby.chooser
        c.seats.value = table.get("seats", 2)
        c.computers.value = table.get("computers", 0)
        c.level.value = table.get("level", "greedy")
        lobby.make.click()
    else:
        lobby.code.value = code
        lobby.join.click()


def board(lobby: LobbyPage) -> DweebiesWidget:
    assert lobby.view is not None and lobby.view.board is not None
    return lobby.view.board


def move_by_clicks(w: DweebiesWidget, *, touch: bool = False) -> Move:
    """Pick a card and place it on a lit cell, as a student's clicks (or taps) do."""
    seat = w.viewer
    assert seat is not None
    index = 0
    cells = sorted(w.game.legal_cells(), key=lambda c: (not w.geometry.visible(c), c))
    move = Move(w.session.scene.hand[index], cells[0])  # the hand in the screen's order
    if touch:
        tap_hand(w, index)
        tap_cell(w, move.cell)
        tap_cell(w, move.cell)
    else:
        click_hand(w, index)
        click_cell(w, move.cell)
    return move


# ---------------------------------------------------------------------------- a lesson
def test_two_students_and_a_computer_play_one_table_from_their_pages(store: str) -> None:
    loop = Loop()
    Classroom(store, teacher_password="owl").close()
    ana, ben = page(store, loop), page(store, loop)
    sit(ana, "Ana", "1234", seats=3, computers=1, level="greedy")
    assert ana.view is not None and ana.view.board is None  # waiting for one more student
    code = ana.view.sitting.code
    assert f"tell them the code <b style='font-size:1.4em; letter-spacing:0.1em'>{code}" in (
        ana.view.waiting.value
    )
    loop.run_until(lambda: len(ben.waiting_tables.children) == 2)  # the lobby lists it
    join = ben.waiting_tables.children[1].children[0]
    assert join.description == f"Join {code}"
    ben.name.value, ben.pin.value = "Ben", "9876"
    join.click()
    assert ben.pin.value == "", "the PIN does not stay in the page"
    loop.run_until(lambda: ana.view is not None and ana.view.board is not None)
    a, b = board(ana), board(ben)
    room = Classroom(store)
    tokens = {0: room.join(code, "Ana", "1234"), 1: room.join(code, "Ben", "9876")}
    for w, seat in ((a, 0), (b, 1)):
        assert w.viewer == seat and w.labels == ("Ana", "Ben", "Greedy (computer)")
        assert sorted(w.session.scene.hand) == sorted(room.view(tokens[seat]).hand)  # its own
        assert isinstance(w.players[1 - seat], Elsewhere)
    assert a.status_text().startswith("Ana to play") and b.status_text().startswith(
        "Waiting for Ana to play"
    )
    for _ in range(3):  # three rounds: Ana by mouse, Ben by touch, the computer by itself
        before = room.version(code)
        move_by_clicks(b)  # not Ben's turn: refused in words, nothing sent
        assert "It is Ana's turn, not yours" in b.message and room.version(code) == before
        made = move_by_clicks(a)
        assert a.game.history[-1].move == made and "Waiting for Ben" in a.status_text()
        loop.run_until(lambda made=made: b.game.last_move == made)
        assert b.status_text().startswith("Ben to play")
        assert "Ana placed" in b.session.announcement
        made = move_by_clicks(b, touch=True)
        loop.run_until(lambda: a.status_text().startswith("Ana to play"))
        loop.run_until(lambda: b.status_text().startswith("Waiting for Ana"))
        assert room.spectate(code).moves == len(a.game.history) == len(b.game.history)
        assert [p.seat for p in a.game.history[-3:]] == [0, 1, 2]
    for w, seat in ((a, 0), (b, 1)):
        assert sorted(w.session.scene.hand) == sorted(room.view(tokens[seat]).hand)
        assert w.errors == [] and ana.view is not None and ana.view.errors == []
    room.close()


def test_a_student_comes_back_to_the_same_seat_from_another_device(teacher_store: str) -> None:
    loop = Loop()
    first = page(teacher_store, loop)
    sit(first, "Ana", "1234", seats=2, computers=1, level="random")
    code = first.view.sitting.code  # type: ignore[union-attr]
    w = board(first)
    move_by_clicks(w)
    loop.run_until(lambda: w.status_text().startswith("Ana to play"))
    first.view.lobby.click()  # type: ignore[union-attr]
    assert first.view is None and first.children[-1] is first.form
    again = page(teacher_store, loop)
    sit(again, "ana", "1234", code=code.lower())
    assert board(again).game.history == w.game.history
    assert sorted(board(again).session.scene.hand) == sorted(w.session.scene.hand)


def test_the_lobby_says_what_is_wrong_in_plain_words(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    message = lambda: re.sub("<[^>]+>", "", lobby.message.value)  # noqa: E731
    sit(lobby, "", "1234", code="K7QX")
    assert message() == "Type your name first."
    sit(lobby, "Ana", "12a4", code="K7QX")
    assert message() == "A PIN is 4 digits, like 2580."
    sit(lobby, "Ana", "1234", code="K7QX")
    assert message() == "No table has that code: check it with whoever made the table."
    sit(lobby, "Ana", "1234", code="")
    assert message().startswith("Type the code of the table")
    sit(lobby, "<b>Ana</b>", "1234", seats=2)  # names are text, never HTML
    assert lobby.view is not None and "&lt;b&gt;Ana&lt;/b&gt;" in lobby.view.header.value
    code = lobby.view.sitting.code
    other = page(teacher_store, loop)
    for _ in range(MAX_PIN_FAILURES):
        sit(other, "<B>ANA</B>", "0000", code=code)
        text = html.unescape(re.sub("<[^>]+>", "", other.message.value))
        assert text.startswith("The name <b>Ana</b> is taken in this class, with another PIN")
        assert "tries left" not in text and "(0 " not in text
    sit(other, "<b>Ana</b>", "1234", code=code)  # now even the right PIN waits
    text = html.unescape(re.sub("<[^>]+>", "", other.message.value))
    assert re.match(r"Too many wrong PINs for <b>Ana</b>: wait \d+ seconds", text), text
    assert other.view is None
    sit(other, "Cleo", "5555", code=code)
    sit(page(teacher_store, loop), "Dan", "5555", code=code)
    full = page(teacher_store, loop)
    sit(full, "Eve", "5555", code=code)
    assert "That table is full" in full.message.value
    assert said(TableFull("x")) == said(TableFull("y"))
    assert said(WrongPin("The name Ana is taken.", attempts_left=1)) == "The name Ana is taken."


def test_table_plans_are_checked() -> None:
    assert table_plan(3, 0, "anything") == (3, {})
    assert table_plan(6, 5, "EXPERT") == (6, {1: "expert", 2: "expert", 3: "expert",
                                              4: "expert", 5: "expert"})  # fmt: skip
    for bad in [(1, 0, "greedy"), (7, 0, "greedy"), ("3", 0, "greedy"), (3, 3, "greedy"),
                (3, -1, "greedy"), (3, 1, "nobody"), (3, 1, 5)]:  # fmt: skip
        with pytest.raises(Exception) as error:
            table_plan(*bad)
        assert said(error.value)[0].isupper()


# ---------------------------------------------------------------------------- the seat
def test_a_remote_board_refuses_what_belongs_to_the_screens_own_games(
    teacher_store: str,
) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Ana", "1234", seats=2, computers=1, level="greedy")
    w = board(lobby)
    shown = {getattr(c, "description", "") for c in w.buttons.box.children}
    assert {"New game", "Undo", "Step", "Play"}.isdisjoint(shown) and "Hint" in shown
    move_by_clicks(w)
    loop.run_until(lambda: len(w.game.history) == 2)
    history = w.game.history
    w.undo()  # even from a page that sends the hidden button's click
    assert w.game.history == history and "no undo" in w.message
    w.new_game(3)
    assert w.game.history == history and "lobby" in w.message
    w.session.step()
    w.play(True)
    assert w.game.history == history
    key(w, "1")
    assert w.hint() is not None  # allowed: the hint player's move for this seat's view
    teacher = Classroom(teacher_store, teacher_password="owl")
    teacher.allow_hints(lobby.view.sitting.code, False)  # type: ignore[union-attr]
    loop.run_until(lambda: not w.session.source.hints)  # type: ignore[union-attr]
    assert w.hint() is None and w.message == NO_HINTS
    w.session.show_heat(True)
    assert not w.session.heat and not w.session.controls().hint
    assert "hints off" in lobby.view.header.value  # type: ignore[union-attr]
    teacher.close_table(lobby.view.sitting.code)  # type: ignore[union-attr]
    loop.run_until(lambda: "closed" in lobby.view.header.value)  # type: ignore[union-attr]
    w.select(None)
    move_by_clicks(w)
    assert w.message == "Your teacher closed this table."
    assert w.game.history == history
    teacher.close()


def test_a_finished_game_tells_students_to_go_back_to_the_lobby(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Ana", "1234", seats=2, computers=1, level="random")
    w = board(lobby)
    while not w.game.is_over:
        loop.run_until(lambda: w.game.is_over or w.status_text().startswith("Ana to play"))
        if not w.game.is_over:
            move_by_clicks(w)
    assert w.session.scene.banner[-1] == AGAIN
    click_hand(w, 0)
    assert AGAIN in w.message
    loop.run_until(lambda: "the game is over" in lobby.view.header.value)  # type: ignore[union-attr]


def test_the_seat_game_is_what_the_seat_may_see() -> None:
    game = Game(players=4, seed=11)
    while len(game.history) < 30:
        game.play(game.legal_moves()[len(game.history) % 3])
    for seat in range(4):
        view = game.view(seat)
        shown = SeatGame.of(view)
        assert shown.hand(seat) == game.hand(seat) and shown.history == game.history
        assert shown.hand_sizes == game.hand_sizes and shown.legal_cells() == game.legal_cells()
        assert shown.scores == game.scores and shown.view(seat).history == view.history
        assert shown.last_placement == game.last_placement
        assert shown.seed is None  # the deal is not in it


def test_a_follower_posts_each_change_and_stops(teacher_store: str) -> None:
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=2)
    posted: list[float] = []
    follower = Follower(room, code, room.version(code), lambda: None,
                        post=lambda _f: posted.append(time.monotonic()))  # fmt: skip
    started = time.monotonic()
    room.allow_hints(code, False)
    end = time.monotonic() + 5
    while not posted and time.monotonic() < end:
        time.sleep(0.01)
    assert posted and posted[0] - started < 0.5
    follower.stop()
    assert not follower.running
    room.close()


def test_a_room_seat_plays_through_the_classroom(teacher_store: str) -> None:
    room = Classroom(teacher_store, computers=QUICK)
    code = room.create_table(players=2, ai={1: "greedy"}, seed=5)
    seat = RoomSeat(room, room.join(code, "Ana", "1234"))
    assert seat.seats()[0] == "Ana" and isinstance(seat.seats()[1], Elsewhere)
    bad = Move(seat.state.view.hand[0], (4, 4))
    with pytest.raises(Exception) as error:
        seat.play(bad)
    assert "centre" in str(error.value) or "empty" in str(error.value).lower()
    placement, game = seat.play(seat.state.view.legal_moves()[0])
    assert placement.seat == 0 and game.history[0] == placement
    with pytest.raises(Exception) as error:
        seat.draw()
    assert getattr(error.value, "reason", "") == "auto-draw"
    room.close()


# ---------------------------------------------------------------------------- the teacher
def test_the_teachers_page_needs_its_password(teacher_store: str) -> None:
    loop = Loop()
    teacher = TeacherPage(teacher_store, address="http://127.0.0.1:8866/", post=loop)
    teacher.password.value = "cat"
    teacher.enter.click()
    assert "Wrong password" in teacher.message.value and teacher.children == (teacher.login,)
    assert teacher.password.value == ""
    teacher.password.value = "owl"
    teacher.enter.click()
    html = "".join(texts(teacher))
    assert "<svg" in html and "http://127.0.0.1:8866/" in html
    # The page tells the teacher of the wrong one typed before this visit.
    assert "1 wrong teacher password since your last visit" in html
    assert teacher.desk.room is not None and teacher.desk.room.is_teacher


def texts(box: Any) -> Iterator[str]:
    """The text values of ``box`` and of every widget it holds, in order."""
    value = getattr(box, "value", None)
    if isinstance(value, str):
        yield value
    for child in getattr(box, "children", ()):
        yield from texts(child)


@pytest.fixture
def teacher(teacher_store: str) -> Iterator[tuple[TeacherPage, Loop]]:
    loop = Loop()
    page_ = TeacherPage(teacher_store, post=loop)
    page_.password.value = "owl"
    page_.enter.click()
    yield page_, loop
    if page_.follower is not None:
        page_.follower.stop()


def test_the_teachers_page_shows_the_puzzles_as_students_answer(
    teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    from dweebies_widget.classroom.pages import LIST_EVERY
    from dweebies_widget.classroom.puzzles import PuzzleClass
    from dweebies_widget.puzzles import load

    page_, loop = teacher
    assert "Puzzles" in "".join(texts(page_)) and "Hardest puzzles" in page_.puzzle_board.value
    assert "Mia" not in page_.puzzle_board.value
    trainer = PuzzleClass(teacher_store)
    puzzle = load()[0]
    for name in ("Mia", "Noor", "Omar"):
        trainer.record(trainer.sign_in(name, "2468").key, puzzle.id, solved=False, hints=0,
                       seconds=5)  # fmt: skip
    trainer.close()
    end = time.monotonic() + 10 * LIST_EVERY
    while "Mia" not in page_.puzzle_board.value:  # the page looks every LIST_EVERY seconds
        assert time.monotonic() < end, "the teacher's page never showed the answers"
        time.sleep(0.1)
        loop.run()
    shown = page_.puzzle_board.value
    assert puzzle.id in shown and "Noor" in shown and "Omar" in shown


def test_the_teacher_makes_closes_and_watches_tables(
    teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    page_, loop = teacher
    page_.chooser.seats.value = 2
    page_.chooser.computers.value = 1
    page_.chooser.level.value = "random"
    page_.make.click()
    assert len(page_.cards) == 1
    code = next(iter(page_.cards))
    card = page_.cards[code]
    assert "Waiting for 1 more student" in card.title.value
    student = page(teacher_store, loop)
    sit(student, "<i>Zoe</i>", "1234", code=code)
    move_by_clicks(board(student))
    loop.run_until(lambda: "Zoe" in card.title.value and "moves" in card.title.value
                   and card.version == Classroom(teacher_store).version(code))  # fmt: skip
    assert "&lt;i&gt;Zoe&lt;/i&gt;" in card.title.value
    card.hints.value = False
    loop.run_until(lambda: not board(student).session.source.hints)  # type: ignore[union-attr]
    page_.hints_default.value = False
    with Classroom(teacher_store) as room:
        assert not room.hints_default and not room.table(room.create_table()).hints
    again = TeacherPage(teacher_store, post=loop)
    again.password.value = "owl"
    again.enter.click()
    assert again.hints_default.value is False  # the page shows the store's setting
    again.follower.stop()  # type: ignore[union-attr]
    card.close_button.click()  # asks first
    assert card.close_button.description == "Click again to close"
    assert Classroom(teacher_store).table(code).status == "playing"
    card.close_button.click()
    loop.run_until(lambda: "Closed by the teacher" in card.title.value)
    assert card.close_button.disabled and card.hints.disabled
    page_.download.click()
    link = page_.link.value
    data = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1))  # type: ignore[union-attr]
    archive = zipfile.ZipFile(io.BytesIO(data))
    index = json.loads(archive.read("tables.json"))
    assert [t["code"] for t in index] == [code] and index[0]["seats"][0] == "<i>Zoe</i>"
    game = Game.from_json(archive.read(f"{code}.json").decode())
    moves = len(placements(game))
    assert moves >= 1  # the save opens in the widget's replay and in review
    assert DweebiesWidget.replay(game).status_text().startswith(f"Move 1 of {moves}: ")
    judged = review(game, ExpertPlayer(simulations=5), executor=None, progress=False)
    assert len(judged.moves) == moves


def test_the_leaderboard_escapes_names_and_counts_finished_games(
    teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    page_, loop = teacher
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=2, ai={1: "random"}, seed=2)
    token = room.join(code, "<b>Max</b>", "1234")
    play_out(room, code, [token])
    loop.run_until(lambda: "&lt;b&gt;Max&lt;/b&gt;" in page_.board.value)
    assert "<b>Max</b>" not in page_.board.value
    assert status_text(room.table(code)).startswith("Over: ")
    room.close()


def test_a_spectator_picture_shows_no_hand(teacher_store: str) -> None:
    room = Classroom(teacher_store, computers=QUICK)
    code = room.create_table(players=3, ai={2: "greedy"}, seed=9)
    room.join(code, "Ana", "1234")
    room.join(code, "Ben", "4321")
    scene = spectator_scene(room.spectate(code))
    assert scene.hand == () and scene.hand_owner == "" and scene.curtain == "Ana to play"
    assert [s.cards for s in scene.seats] == [5, 5, 5] and scene.seats[2].ai
    room.close()


# ---------------------------------------------------------------------------- the wire
@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    """Every message the widgets send to their pages from now on (their state when they
    open, each change, custom messages such as the canvas's drawing), as JSON text and its
    binary buffers: all that reaches a browser from its kernel."""
    sent: list[tuple[str, bytes]] = []

    def publish(
        self: DummyComm, msg_type: str, data: Any = None, metadata: Any = None,
        buffers: Any = None, **keys: Any,
    ) -> None:  # fmt: skip
        text = json.dumps(data, default=str, ensure_ascii=False)
        sent.append((text, b"".join(bytes(b) for b in buffers or ())))

    monkeypatch.setattr(DummyComm, "publish_msg", publish)
    return sent


def carried(sent: list[tuple[str, bytes]], text: str) -> bool:
    """Whether ``text`` went over the wire, in a message or in its buffers."""
    return any(text in data or text.encode() in blob for data, blob in sent)


def hidden_from(game: Game, seen: set[int]) -> list[str]:
    """The names of the Dweebies of ``game`` (a finished or closed game's save) that were
    never placed and are none of ``seen``: cards only other hands and the pile held."""
    placed = {move[1] for move in placements(game)}
    hidden = {d for d in (*(c for h in game.hands for c in h), *game.pile)} - placed - seen
    return [NAMES[d] for d in sorted(hidden)]


def test_nothing_hidden_reaches_a_students_page(
    teacher_store: str, wire: list[tuple[str, bytes]]
) -> None:
    room = Classroom(teacher_store, computers=QUICK)
    elsewhere = room.create_table(players=2, seed=4)  # a game being played at another table
    others = [room.join(elsewhere, "Cleo", "3333"), room.join(elsewhere, "Dan", "4444")]
    room.play(others[0], room.view(others[0]).legal_moves()[0])
    code = room.create_table(players=2, seed=12)
    ana = room.join(code, "Ana", "1111")
    loop = Loop()
    ben = page(teacher_store, loop)
    loop.run()
    assert carried(wire, f"Join {code}")  # the lobby lists Ana's table ...
    assert not [name for name in NAMES if carried(wire, name)]  # ... and carries no card
    sit(ben, "Ben", "2222", code=code)
    w = board(ben)
    seen = set(w.game.hand(1))
    assert [name for name in NAMES if carried(wire, name)] == sorted(
        {NAMES[d] for d in seen}, key=NAMES.index
    )  # its own hand, and nothing else yet
    for _ in range(3):
        room.play(ana, room.view(ana).legal_moves()[0])
        loop.run_until(lambda: w.status_text().startswith("Ben to play"))
        seen |= set(w.game.hand(1))
        move_by_clicks(w)
        seen |= set(w.game.hand(1))
        loop.run()
    teacher = Classroom(teacher_store, teacher_password="owl")
    teacher.close_table(code)
    loop.run_until(lambda: "closed" in ben.view.header.value)  # type: ignore[union-attr]
    hidden = hidden_from(Game.from_json(teacher.download(code)), seen)
    assert len(hidden) >= 3 and not [name for name in hidden if carried(wire, name)]
    assert ben.view is not None
    for token in (ana, *others):  # no other seat's token reaches the page
        assert not carried(wire, token)
    # Ben's own seat's token goes to his page alone: the browser keeps it to sit again.
    assert carried(wire, ben.view.sitting.token)
    for r in (room, teacher):
        r.close()


def test_nothing_hidden_reaches_the_teachers_page(
    wire: list[tuple[str, bytes]], teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    page_, loop = teacher
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=3, ai={2: "greedy"}, seed=8)
    tokens = [room.join(code, "Ana", "1111"), room.join(code, "Ben", "2222")]
    for turn in range(6):
        token = tokens[turn % 2]
        room.play(token, room.view(token).legal_moves()[0])
    loop.run_until(lambda: code in page_.cards and page_.cards[code].version == room.version(code))
    assert carried(wire, f"{code}</b> · Ana to play")  # the table went to the page ...
    room.close_table(code)
    hidden = hidden_from(Game.from_json(room.download(code)), set())
    assert len(hidden) >= 3 and not [name for name in hidden if carried(wire, name)]  # ... no hand
    for token in tokens:
        assert not carried(wire, token)
    room.close()


# ---------------------------------------------------------------------------- serving
def test_the_server_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = voila_config(ip="127.0.0.1", port=9999, pool=5)
    assert c.VoilaConfiguration.preheat_kernel is True and c.Voila.port_retries == 0
    pools = c.VoilaKernelManager.kernel_pools_config
    assert pools["classroom/notebooks/lobby.ipynb"]["pool_size"] == 5
    assert pools["classroom/notebooks/teacher.ipynb"]["pool_size"] == 1
    assert pools["default"]["pool_size"] == 0  # a lesson gets a kernel when its page opens
    assert voila_config(ip="0.0.0.0", port=1, pool=0).VoilaConfiguration.preheat_kernel is False
    # A page loads the front-end extensions it draws with, not the others installed here.
    from voila.configuration import VoilaConfiguration
    from voila.utils import get_page_config

    page_config = get_page_config(
        base_url="/", settings={}, log=logging.getLogger("voila"),
        voila_configuration=VoilaConfiguration(config=c),
    )  # fmt: skip
    loaded = {e["name"] for e in page_config["federated_extensions"]}
    assert {"@voila-dashboards/widgets-manager8", "ipycanvas", "anywidget"} <= loaded
    assert not loaded & {"@jupyter-notebook/lab-extension", "jupyterlab_pygments"}
    secret = tmp_path / "password"
    secret.write_text("maple-kettle-harbour-42\n")
    assert read_password(secret, new=True) == "maple-kettle-harbour-42"
    monkeypatch.setenv("DWEEBIES_TEACHER_PASSWORD", "cat")
    assert read_password(None, new=False) == "cat"


def test_the_server_refuses_another_password_and_a_foreign_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "class.sqlite"
    Classroom(str(store), teacher_password="owl").close()
    monkeypatch.setenv("DWEEBIES_TEACHER_PASSWORD", "cat")
    assert main(["serve", "--store", str(store), "--port", "1"]) == 2
    assert "another teacher password" in capsys.readouterr().err
    foreign = tmp_path / "notes.sqlite"
    foreign.write_bytes(b"not a database at all" * 100)
    before = foreign.read_bytes()
    assert main(["serve", "--store", str(foreign), "--port", "1"]) == 2
    assert "not" in capsys.readouterr().err and foreign.read_bytes() == before


def test_the_served_notebooks_are_package_data() -> None:
    from dweebies_widget.classroom.serve import NOTEBOOKS

    for name, call in (("lobby.ipynb", "lobby_page()"), ("teacher.ipynb", "teacher_page()")):
        notebook = json.loads((NOTEBOOKS / name).read_text())
        (cell,) = notebook["cells"]
        assert cell["source"].endswith(call) and cell["outputs"] == []
    toml = (Path(__file__).parents[2] / "pyproject.toml").read_text()
    assert '"classroom/notebooks/*.ipynb"' in toml


def test_a_seat_view_stops_following(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Ana", "1234", seats=2)
    view = lobby.view
    assert isinstance(view, SeatView) and view.follower.running
    view.lobby.click()
    assert not view.follower.running and lobby.view is None
    assert Lobby(lobby.room).open_tables()[0].code == view.sitting.code


def test_the_lobby_list_changes_only_what_changed(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    room = Classroom(teacher_store, teacher_password="owl")
    first = room.create_table(players=3)
    loop.run_until(lambda: len(lobby.waiting_tables.children) == 2)
    head, row = lobby.waiting_tables.children
    assert head.value == "Tables waiting for students:"
    assert row.children[0].description == f"Join {first}"
    assert row.children[1].value == "(free), (free), (free)"
    second = room.create_table(players=2)
    loop.run_until(lambda: len(lobby.waiting_tables.children) == 3)
    assert lobby.waiting_tables.children[1].children[0].description == f"Join {second}"
    assert lobby.waiting_tables.children[2] is row  # newest first; the old row stays
    room.join(first, "Ana", "1234")
    loop.run_until(lambda: row.children[1].value == "Ana, (free), (free)")  # in place
    assert lobby.waiting_tables.children[2] is row
    gone = lobby.waiting_tables.children[1]
    room.join(second, "Ben", "1234")
    room.join(second, "Cy", "1234")  # full: it leaves the list, its row is set aside
    loop.run_until(lambda: len(lobby.waiting_tables.children) == 2)
    assert lobby.waiting_tables.children[1] is row
    assert gone.comm is not None and all(w.comm is not None for w in gone.children)
    # A click the page sent before it heard the table left still names that table.
    lobby.name.value, lobby.pin.value = "Di", "2468"
    gone.children[0].click()
    assert "That table is full" in lobby.message.value and lobby.view is None
    made = len(widget_instances())
    third = room.create_table(players=2)  # a new table: shown in the row set aside
    loop.run_until(lambda: len(lobby.waiting_tables.children) == 3)
    assert lobby.waiting_tables.children[1] is gone
    assert gone.children[0].description == f"Join {third}"
    assert gone.children[1].value == "(free), (free)"
    assert len(widget_instances()) == made  # no widget made for it
    gone.children[0].click()
    assert lobby.view is not None and lobby.view.sitting.code == third
    room.close()


# ---------------------------------------------------------------------------- the truth
def test_a_closed_table_takes_no_card_says_who_closed_it_and_offers_review(
    teacher_store: str,
) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Cleo", "1234", seats=2, computers=1, level="greedy")
    view, w = lobby.view, board(lobby)
    assert view is not None
    code = view.sitting.code
    move_by_clicks(w)
    loop.run_until(lambda: len(w.game.history) == 2)
    history = w.game.history
    assert view.review_button.layout.display == "none" and view.lobby.description == "Lobby"
    assert w.session.controls().hint and "data-token" in lobby.remember.value
    teacher = Classroom(teacher_store, teacher_password="owl")
    teacher.close_table(code)
    loop.run_until(lambda: view.seat.status == "closed")
    assert w.status_text().splitlines()[0] == "Your teacher closed this table."
    assert not w.session.controls().hint and w.hint() is None  # Hint off
    cell = sorted(w.game.legal_cells())[0]
    click_hand(w, 0)
    assert w.selected is None and w.message == "Your teacher closed this table."
    click_cell(w, cell)
    key(w, "1")
    key(w, "Enter")
    w.select(0)
    w.place(cell)  # even what a page could send by hand
    assert w.game.history == history and teacher.spectate(code).moves == len(history)
    assert w.status_text().splitlines()[0] == "Your teacher closed this table."
    assert "your teacher closed this table" in view.header.value
    assert "hints off" in view.header.value
    assert view.lobby.description == "Back to the lobby"
    assert view.review_button.layout.display == ""
    assert w.buttons.review.layout.display == "none"  # one Review in view: the bar's
    assert lobby.remember.value == remember_html(None)  # the browser forgets the seat
    view.review_button.click()
    review_ = view.review
    assert review_ is not None and view.children[-1] is review_ and review_.children[0] is view.bar
    assert view.bar not in w.children and view.review_button.layout.display == "none"
    assert review_.game.history == Game.from_json(teacher.download(code)).history
    assert review_.session.replay is not None  # looking back over the game
    view.lobby.click()
    assert lobby.view is None
    teacher.close()


def test_a_finished_game_offers_its_result_review_and_the_lobby(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Dana", "1234", seats=2, computers=1, level="random")
    view, w = lobby.view, board(lobby)
    assert view is not None
    room = Classroom(teacher_store)
    token = room.join(view.sitting.code, "Dana", "1234")  # the same seat, from here
    play_out(room, view.sitting.code, [token])
    loop.run_until(lambda: w.game.is_over)
    assert re.search(r"You (won|lost|tied) \d+-\d+", w.status_text().splitlines()[0])
    assert w.session.controls().review and view.lobby.description == "Back to the lobby"
    assert lobby.remember.value == remember_html(None)
    assert view.review_button.layout.display == "none"  # the board's own Review does it
    w.open_review()
    assert w.session.replay is not None
    room.close()


def test_a_seat_says_when_someone_types_wrong_pins_for_its_name(
    teacher_store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("dweebies_widget.classroom.pages.PIN_LOOK", 0.05)
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Ana", "1234", seats=2)
    view = lobby.view
    assert view is not None and view.notice.value == "" and view.notice.layout.display == "none"
    other = page(teacher_store, loop)
    for _ in range(2):
        sit(other, "Ana", "0000", code=view.sitting.code)
    assert other.view is None
    loop.run_until(lambda: "Someone typed wrong PINs" in view.notice.value)
    assert "(2 times). Your seat stays yours; your teacher can see this." in view.notice.value
    assert view.notice.layout.display == ""
    Classroom(teacher_store, teacher_password="owl").clear_pin_waits("Ana")
    loop.run_until(lambda: view.notice.value == "")
    view.stop()


def test_leave_seat_gives_the_seat_up_and_the_lobby_forgets_it(teacher_store: str) -> None:
    loop = Loop()
    lobby = page(teacher_store, loop)
    sit(lobby, "Ana", "1234", seats=2)
    view = lobby.view
    assert view is not None
    code, token = view.sitting.code, view.sitting.token
    assert lobby.remember.value == remember_html(view.sitting)
    view.leave_button.click()
    assert lobby.view is None and lobby.children[-1] is lobby.form
    assert lobby.remember.value == remember_html(None) and not view.follower.running
    room = Classroom(teacher_store)
    with pytest.raises(ClassroomError):
        room.seat(token)
    assert [s.name for s in room.table(code).seats] == [None, None]  # free again
    sit(page(teacher_store, loop), "Ben", "9876", code=code)
    assert room.table(code).seats[0].name == "Ben"
    room.close()


def test_a_fresh_lobby_sits_again_at_the_seat_the_browser_kept(teacher_store: str) -> None:
    loop = Loop()
    first = page(teacher_store, loop)
    sit(first, "Ana", "1234", seats=2, computers=1, level="random")
    assert first.view is not None
    sitting = first.view.sitting
    kept = json.dumps({"code": sitting.code, "name": sitting.name, "token": sitting.token})
    again = page(teacher_store, loop)  # the page loaded again: nothing typed
    again.resume.value = kept
    assert again.view is not None and again.view.sitting == sitting
    assert again.view.board is not None and again.name.value == "Ana"
    assert again.remember.value == remember_html(sitting)
    lost = page(teacher_store, loop)
    lost.resume.value = json.dumps({"code": sitting.code, "name": "Ana", "token": "nope"})
    assert lost.view is None and (lost.name.value, lost.code.value) == ("Ana", sitting.code)
    assert f"Type your PIN to sit again at table {sitting.code}." in lost.message.value
    assert lost.remember.value == remember_html(None)
    for junk in ("", "{", "[]", json.dumps({"code": 1}), "x" * 5000):
        assert resumed(junk) is None
        fresh = page(teacher_store, loop)
        fresh.resume.value = junk
        assert fresh.view is None and fresh.message.value == ""


def test_the_teacher_sees_wrong_pins_and_passwords_at_the_top(
    teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    page_, loop = teacher
    assert page_.children[1] is page_.alerts and page_.alerts.layout.display == "none"
    room = Classroom(teacher_store)
    code = room.create_table(players=2)
    room.join(code, "Ana", "1234")
    with pytest.raises(WrongPin):
        room.join(code, "Ana", "0000")
    with pytest.raises(WrongPassword):
        Classroom(teacher_store, teacher_password="not it")
    loop.run_until(lambda: len(page_.alerts.children) == 2, seconds=10)
    shown = [re.sub("<[^>]+>", "", row.children[0].value) for row in page_.alerts.children]
    assert page_.alerts.layout.display == ""
    assert any(re.fullmatch(
        r"1 wrong teacher password since your last visit, the last at \d\d:\d\d", t
    ) for t in shown), shown  # fmt: skip
    (pin,) = [row for row in page_.alerts.children if len(row.children) == 2]
    assert re.sub("<[^>]+>", "", pin.children[0].value).startswith(
        f"Ana: 1 wrong PIN (at table {code})"
    )
    pin.children[1].click()  # Clear
    assert pin not in page_.alerts.children and "Ana may type a PIN again" in page_.note.value
    assert room.join(code, "Ana", "1234")
    room.close()


def test_the_teachers_page_is_locked_after_too_many_wrong_passwords(
    teacher_store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dweebies_widget.classroom import teacher as desk

    monkeypatch.setenv(LIMITS_VARIABLE, Limits(password_tries=2, password_lockout=60).to_env())
    monkeypatch.setattr(desk, "WRONG_PASSWORD_PAUSE", 0.0)
    page_ = TeacherPage(teacher_store, post=Loop())
    page_.password.value = "cat"
    page_.enter.click()
    assert "Wrong password" in page_.message.value
    page_.password.value = "dog"
    page_.enter.click()
    assert "Too many wrong passwords" in page_.message.value
    page_.password.value = "owl"  # the right one, during the lockout: refused too
    page_.enter.click()
    assert "Too many wrong passwords" in page_.message.value
    assert page_.children == (page_.login,) and page_.desk.room is None


def test_the_standings_count_classmates_and_computers_apart_and_go_on_a_projector(
    teacher: tuple[TeacherPage, Loop], teacher_store: str
) -> None:
    page_, loop = teacher
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=2, ai={1: "random"}, seed=2)
    token = room.join(code, "=Max, the 1st", "1234")
    play_out(room, code, [token])
    loop.run_until(lambda: "=Max, the 1st" in page_.board.value)
    assert "With classmates" in page_.board.value and "With computers" in page_.board.value
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", page_.board.value)
    assert cells[:2] == ["1", "=Max, the 1st"]
    assert cells[2] == "0" and cells[7] == "1"  # no game with classmates, one with a computer
    page_.project.click()
    assert page_.children == (page_.projector,)
    assert "=Max, the 1st" in page_.projector_board.value
    assert "dweebies-leaderboard-big" in page_.projector_board.value
    back = page_.projector.children[-1]
    assert back.description == "Back"
    back.click()
    assert page_.alerts in page_.children and page_.projector not in page_.children
    page_.download_csv.click()
    found = re.search(r"data:text/csv;charset=utf-8;base64,([A-Za-z0-9+/=]+)", page_.link.value)
    assert found is not None and "dweebies-standings.csv" in page_.link.value
    assert base64.b64decode(found.group(1)).decode() == room.standings_csv()
    room.close()
