"""The classroom's sentences are built from grammar: a seat's name reads right whatever a
student typed (a one-letter name, a long one), and "You" is no name a student may take.

Every screen speaks to its reader as "you" ("Your hand", "You win"), so a student called
"You" would read as the reader on every other student's screen: the lobby refuses the name,
in words, before anything is made.  The sentences about a seat that the classroom writes
(how a table stands, a seat that waits, the teacher's "Clear waits" button and its answer)
are checked with short and long names, and the few that a store older than that rule could
still feed a "You" are checked with "You" too.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from dweebies_widget.classroom import MAX_PIN_FAILURES, Classroom, SeatInfo, WrongPin
from dweebies_widget.classroom.credentials import MAX_NAME, check_name
from dweebies_widget.classroom.errors import BadInput, SeatLocked
from dweebies_widget.classroom.lobby import Lobby, said
from dweebies_widget.classroom.pages import LobbyPage, TeacherPage
from dweebies_widget.classroom.picture import TableInfo
from dweebies_widget.classroom.teacher import status_text

LONG = "Maximiliana Oyelaran-Ng"[:MAX_NAME]
NAMES = ["A", LONG]
WRONG = re.compile(r"\bYou('s| wins| has| is| was| won)\b|\byou's\b|'s's")
"""What a sentence about "you" must never say."""


@pytest.fixture
def teacher_store(tmp_path: Path) -> str:
    path = str(tmp_path / "class.sqlite")
    Classroom(path, teacher_password="owl").close()
    return path


def text(value: str) -> str:
    """What an HTML widget's value reads as."""
    return html.unescape(re.sub("<[^>]+>", "", value))


# ---------------------------------------------------------------------------- "You"
@pytest.mark.parametrize("typed", ["You", "you", "  YOU ", "yOu"])
def test_you_is_refused_as_a_name_in_plain_words(typed: str, teacher_store: str) -> None:
    with pytest.raises(BadInput) as error:
        check_name(typed)
    words = said(error.value)
    assert words.startswith('"You" cannot be a name here') and words.endswith("own name.")
    lobby = Lobby(Classroom(teacher_store))
    with pytest.raises(BadInput):
        lobby.make(typed, "1234", seats=2)
    assert lobby.room.tables() == []  # refused before any table was made
    code = lobby.room.create_table(players=2)
    with pytest.raises(BadInput):
        lobby.join(code, typed, "1234")
    with pytest.raises(BadInput):
        lobby.room.join(code, typed, "1234")  # the API refuses it too
    assert lobby.room.table(code).free == 2
    lobby.room.close()


def test_names_that_hold_you_are_names(teacher_store: str) -> None:
    for name in ("Youssef", "Yo", "You Li", "Ayou"):
        assert check_name(name) == name
    room = Classroom(teacher_store)
    code = room.create_table(players=2)
    room.join(code, "Youssef", "1234")
    assert room.table(code).seats[0].name == "Youssef"
    room.close()


def test_the_lobby_page_says_why_you_is_refused(teacher_store: str) -> None:
    page = LobbyPage(Classroom(teacher_store), post=lambda _f: None)
    page.name.value, page.pin.value = "You", "1234"
    page.make.click()
    assert page.view is None
    assert text(page.message.value) == (
        '"You" cannot be a name here: the screens call whoever reads them "you", so type '
        "your own name."
    )
    page.follower.stop()


# ---------------------------------------------------------------------------- sentences
def info(status: str, names: list[str | None], turn: int | None = None,
         winners: tuple[int, ...] = ()) -> TableInfo:  # fmt: skip
    seats = tuple(SeatInfo(i, n, "greedy" if n is None else None) for i, n in enumerate(names))
    scores = (0,) * len(names)
    return TableInfo("K7QX", 3, len(names), seats, status, True, turn, scores, winners, 4, 0, 0)


@pytest.mark.parametrize("name", [*NAMES, "You"])
def test_how_a_table_stands_reads_right_for_every_name(name: str) -> None:
    said_of = {
        "turn": status_text(info("playing", [name, None], turn=0)),
        "won": status_text(info("over", [name, None], winners=(0,))),
        "tied": status_text(info("over", [name, "Ben"], winners=(0, 1))),
        "computer": status_text(info("playing", [name, None], turn=1)),
    }
    if name == "You":  # a store made before "You" was refused
        assert said_of == {
            "turn": "You to play",
            "won": "Over: you won",
            "tied": "Over: you and Ben tied",
            "computer": "Greedy (computer) to play",
        }
    else:
        assert said_of == {
            "turn": f"{name} to play",
            "won": f"Over: {name} won",
            "tied": f"Over: {name} and Ben tied",
            "computer": "Greedy (computer) to play",
        }
    assert not [s for s in said_of.values() if WRONG.search(s)]


def lock(room: Classroom, code: str, name: str) -> None:
    for _ in range(MAX_PIN_FAILURES):
        with pytest.raises(WrongPin):
            room.join(code, name, "0000")


@pytest.mark.parametrize("name", NAMES)
def test_a_locked_seat_and_its_unlocking_name_the_student(name: str, teacher_store: str) -> None:
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=2, ai={1: "random"})
    room.join(code, name, "1234")
    lock(room, code, name)
    with pytest.raises(SeatLocked) as error:
        room.join(code, name, "1234")
    assert str(error.value) == (
        f"Too many wrong PINs for {name}: wait 5 seconds, then try again. Your teacher can see "
        "this."
    )
    page = TeacherPage(teacher_store, post=lambda _f: None)
    page.password.value = "owl"
    page.enter.click()
    card = page.cards[code]
    (unlock,) = card.unlocks.children
    assert unlock.description == f"Clear waits for {name}"
    assert unlock.tooltip == f"{name} typed {MAX_PIN_FAILURES} wrong PINs"
    unlock.click()
    assert text(page.note.value) == f"{name}'s PIN waits at table {code} are cleared."
    assert room.join(code, name, "1234")  # the seat is the student's again
    assert page.follower is not None
    page.follower.stop()
    room.close()


def test_a_table_card_counts_its_moves_in_words(teacher_store: str) -> None:
    room = Classroom(teacher_store, teacher_password="owl")
    code = room.create_table(players=2, seed=3)
    tokens = [room.join(code, name, "1234") for name in ("A", LONG)]
    page = TeacherPage(teacher_store, post=lambda _f: None)
    page.password.value = "owl"
    page.enter.click()
    card = page.cards[code]
    assert " · A to play · 0 moves<br>" in card.title.value
    for moves, token in enumerate(tokens, 1):
        room.play(token, room.view(token).legal_moves()[0])
        page.refresh()
        assert f" · {moves} move{'' if moves == 1 else 's'}<br>" in card.title.value
    assert f" · A to play · 2 moves<br>A 0, {LONG} 0" in card.title.value
    assert page.follower is not None
    page.follower.stop()
    room.close()
