"""The teacher's page's logic: logging in, the tables as spectators see them, the standings
(:func:`leaderboard_html`), the alerts (:func:`alert_text`), the saves to download, and the
puzzle page's results (the class's hardest puzzles and each student's puzzle rating:
:func:`puzzles_html`).  The page (:mod:`.pages`) is a thin layout over it.

Nothing here shows a hidden card: every table is drawn from its
:class:`~.picture.Picture` (what :meth:`Classroom.spectate
<dweebies_widget.classroom.Classroom.spectate>` returns: the table, the scores and each
hand's *size*), and a game's JSON save is only handed out once the game is over or closed.

>>> import io, json, os, tempfile, zipfile
>>> from dweebies_widget.classroom import Classroom
>>> store = os.path.join(tempfile.mkdtemp(), "class.sqlite")
>>> Classroom(store, teacher_password="owl").close()    # the server sets the password
>>> desk = Desk(store)
>>> desk.log_in("cat"), desk.log_in("owl")
(False, True)
>>> code = desk.room.create_table(players=2, ai={1: "random"}, seed=3)
>>> scene = spectator_scene(desk.room.spectate(code))
>>> scene.hand, scene.curtain
((), 'Waiting for 1 more student')
>>> desk.room.close_table(code)
>>> names = zipfile.ZipFile(io.BytesIO(saves_zip(desk.room))).namelist()
>>> names == [f"{code}.json", "tables.json"]
True
>>> desk.room.close()
"""

from __future__ import annotations

import html
import io
import json
import math
import time
import zipfile
from dataclasses import replace
from typing import Any

from ..grammar import clause, subject
from ..widget.scene import Scene
from ..widget.words import names_text, plural
from .errors import TeacherLockedOut, WrongPassword
from .picture import Alert, LeaderRow, Picture, TableInfo
from .puzzles import MIN_TRIES, HardPuzzle, PuzzleClass, Student
from .room import Classroom

__all__ = [
    "WRONG_PASSWORD_PAUSE",
    "Desk",
    "alert_text",
    "hardest_html",
    "leaderboard_html",
    "puzzles_html",
    "student_ratings_html",
    "saves_zip",
    "spectator_scene",
    "status_text",
]

#: Seconds the teacher's page waits after a wrong password before it takes another.
WRONG_PASSWORD_PAUSE = 1.0


class Desk:
    """The teacher's side of the classroom in ``store``: :attr:`room` is ``None`` until
    :meth:`log_in` gets the teacher password."""

    def __init__(self, store: str) -> None:
        self.store = store
        self.room: Classroom | None = None
        self._puzzles: PuzzleClass | None = None

    def log_in(self, password: object) -> bool:
        """Open the classroom as the teacher; ``False`` for a wrong password (counted by the
        store, and followed by a pause of :data:`WRONG_PASSWORD_PAUSE` seconds).  During a
        lockout (too many wrong passwords in a row) no password is checked: the room's
        :class:`~.errors.TeacherLockedOut` is raised, its message says for how long."""
        if not isinstance(password, str) or not password:
            return False
        try:
            room = Classroom(self.store, teacher_password=password)
        except TeacherLockedOut:
            raise
        except WrongPassword:
            time.sleep(WRONG_PASSWORD_PAUSE)
            return False
        if self.room is not None:
            self.room.close()
        self.room = room
        return True

    def puzzles(self) -> PuzzleClass:
        """The puzzle page's side of the classroom, once logged in (opened once)."""
        if self.room is None:
            from .errors import NotTeacher

            raise NotTeacher("only the teacher may see the puzzle results: log in first")
        if self._puzzles is None:
            self._puzzles = PuzzleClass(self.store)
        return self._puzzles

    def close(self) -> None:
        """Close the classroom and the puzzle results opened."""
        for opened in (self.room, self._puzzles):
            if opened is not None:
                opened.close()
        self.room = self._puzzles = None


def status_text(info: TableInfo | Picture) -> str:
    """How a table stands, in a few words (a seat's name in the third person; "You",
    which only a store older than that rule may hold, in the second).

    >>> from dweebies_widget.classroom import SeatInfo
    >>> from dweebies_widget.classroom.picture import TableInfo
    >>> seats = (SeatInfo(0, "Ana", None), SeatInfo(1, None, "greedy"))
    >>> info = TableInfo("K7QX", 5, 2, seats, "playing", True, 1, (3, 0), (), 4, 0.0, 0.0)
    >>> status_text(info)
    'Greedy (computer) to play'
    >>> status_text(replace(info, status="over", turn=None, winners=(0,)))
    'Over: Ana won'
    """
    seats = info.seats
    if info.status == "waiting":
        free = sum(1 for s in seats if s.name is None and s.computer is None)
        return f"Waiting for {plural(free, 'more student')}"
    if info.status == "closed":
        return "Closed by the teacher"
    if info.status == "over":
        winners = info.winners
        names = [seats[s].label for s in winners]
        if len(names) == 1:
            return f"Over: {clause(names[0], 'won', start=False)}"
        return f"Over: {names_text(names, start=False)} tied"
    turn = info.turn if isinstance(info, TableInfo) else info.current_player
    return f"{subject(seats[turn].label)} to play" if turn is not None else "Playing"


def spectator_scene(p: Picture) -> Scene:
    """The widget's picture of table ``p`` as a spectator sees it (the classroom picture's
    scene: the table, the scores, how many cards each hand holds, the last move; no hand),
    the hand band saying how the table stands."""
    return replace(p.scene, curtain=status_text(p))


_RECORD = (("Games", "games"), ("Won", "wins"), ("Tied", "draws"), ("Lost", "losses"),
           ("Cards", "points"))  # fmt: skip
"""A record's columns: the heading, and the :class:`~.picture.Record` field."""


def leaderboard_html(rows: list[LeaderRow], css: str = "dweebies-leaderboard") -> str:
    """The class's standings as an HTML table (names escaped): per student (a name and
    its PIN), the games with classmates (at least one other seat was a student) and the
    games with computers (every other seat was a computer), each as games, wins, ties,
    losses and cards collected.  ``css`` is the table's class (the projector's is
    bigger)."""
    if not rows:
        return f"<p class='{css}'><i>No game has finished yet.</i></p>"
    cell = "padding:2px 8px"
    groups = (
        f"<th colspan='2'></th><th colspan='{len(_RECORD)}' style='{cell}; "
        "border-bottom:1px solid #D0D7DE'>With classmates</th>"
        f"<th colspan='{len(_RECORD)}' style='{cell}; border-left:2px solid #D0D7DE; "
        "border-bottom:1px solid #D0D7DE'>With computers</th>"
    )
    head = [f"<th style='text-align:right; {cell}'>#</th>",
            f"<th style='text-align:left; {cell}'>Name</th>"]  # fmt: skip
    for part in range(2):
        for i, (heading, _field) in enumerate(_RECORD):
            line = "; border-left:2px solid #D0D7DE" if part and not i else ""
            head.append(f"<th style='text-align:right; {cell}{line}'>{heading}</th>")
    body = []
    for n, r in enumerate(rows, 1):
        cells = [f"<td style='text-align:right; {cell}'>{n}</td>",
                 f"<td style='text-align:left; {cell}'>{html.escape(r.name)}</td>"]  # fmt: skip
        for part, record in enumerate((r.classmates, r.computers)):
            for i, (_heading, field) in enumerate(_RECORD):
                line = "; border-left:2px solid #D0D7DE" if part and not i else ""
                value = getattr(record, field)
                cells.append(f"<td style='text-align:right; {cell}{line}'>{value}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return (
        f"<table class='{css}' style='border-collapse:collapse'><thead><tr>{groups}</tr>"
        f"<tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def alert_text(alert: Alert, now: float | None = None) -> str:
    """One alert of the teacher's page (see :meth:`Classroom.alerts
    <dweebies_widget.classroom.Classroom.alerts>`) in words (plain text, to be escaped).

    >>> from dweebies_widget.classroom.picture import Alert
    >>> alert_text(Alert("pin", "Ana", ("K7QX",), 4, 20.0, 0.0))
    'Ana: 4 wrong PINs (at table K7QX), waits 20 s'
    >>> alert_text(Alert("pin", "Ben", (), 2, 0.0, 0.0))
    'Ben: 2 wrong PINs'
    """
    if alert.kind == "password":
        at = time.strftime("%H:%M", time.localtime(alert.last))
        return (
            f"{plural(alert.failures, 'wrong teacher password')} since your last visit, "
            f"the last at {at}"
            + (f": the page takes no password for {_seconds(alert.wait)}" if alert.wait else "")
        )
    tables = ", ".join(alert.tables)
    text = f"{alert.name}: {plural(alert.failures, 'wrong PIN')}"
    if tables:
        text += f" (at table{'s' if len(alert.tables) > 1 else ''} {tables})"
    if alert.wait > 0:
        text += f", waits {_seconds(alert.wait)}"
    return text


def _seconds(wait: float) -> str:
    """A wait, rounded up: "20 s", "3 min"."""
    whole = max(1, math.ceil(wait))
    return f"{whole} s" if whole < 120 else f"{math.ceil(whole / 60)} min"


def saves_zip(room: Classroom) -> bytes:
    """Every finished or closed game as a zip (teacher): ``CODE.json`` per table (a JSON
    save that ``Game.from_json`` loads and :func:`~dweebies_widget.ai.review` reviews)
    and ``tables.json``, who sat where at each table and how it ended."""
    saves = room.download_all()
    index: list[dict[str, Any]] = []
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in room.tables():
            if info.code not in saves:
                continue
            archive.writestr(f"{info.code}.json", saves[info.code])
            index.append(
                {
                    "code": info.code,
                    "file": f"{info.code}.json",
                    "status": info.status,
                    "seats": [s.label for s in info.seats],
                    "scores": list(info.scores),
                    "winners": list(info.winners),
                    "moves": info.moves,
                }
            )
        archive.writestr("tables.json", json.dumps(index, indent=1))
    return out.getvalue()


def _table(css: str, columns: tuple[tuple[str, str], ...], rows: list[tuple[object, ...]]) -> str:
    """An HTML table: ``columns`` are (heading, alignment); cells are escaped."""
    head = "".join(f"<th style='text-align:{a}; padding:2px 8px'>{h}</th>" for h, a in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td style='text-align:{a}; padding:2px 8px'>{html.escape(str(c))}</td>"
            for c, (_h, a) in zip(row, columns, strict=True)
        )
        + "</tr>"
        for row in rows
    )
    return (
        f"<table class='{css}' style='border-collapse:collapse'>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def hardest_html(rows: list[HardPuzzle], at_least: int = MIN_TRIES) -> str:
    """The class's hardest puzzles (see :meth:`PuzzleClass.hardest`) as an HTML table.

    >>> hardest_html([])
    '<p><i>No puzzle has been tried by 3 students yet.</i></p>'
    """
    if not rows:
        return f"<p><i>No puzzle has been tried by {at_least} students yet.</i></p>"
    columns = (("Puzzle", "left"), ("Kind", "left"), ("Shipped rating", "right"),
               ("Class rating", "right"), ("Tried by", "right"),
               ("Right first time", "right"))  # fmt: skip
    return _table(
        "dweebies-hardest-puzzles",
        columns,
        [
            (
                h.puzzle.id,
                h.puzzle.kind_info.title,
                h.puzzle.rating,
                round(h.class_rating),
                h.tries,
                f"{h.solved_first} ({round(100 * h.success)} %)",
            )
            for h in rows
        ],  # fmt: skip
    )


def student_ratings_html(students: list[Student]) -> str:
    """Each student's puzzle rating (highest first), with its uncertainty (two deviations:
    the true rating is within it about 95 % of the time) and their puzzles.

    >>> from dweebies_widget.puzzles import glicko
    >>> print(student_ratings_html([Student("Ana <3", "ana <3", glicko.STUDENT, 0, 0)]))
    <table ...<td style='text-align:left; padding:2px 8px'>Ana &lt;3</td>...
    """
    if not students:
        return "<p><i>No student has signed in to the puzzles yet.</i></p>"
    columns = (("Name", "left"), ("Puzzle rating", "right"), ("Give or take", "right"),
               ("Puzzles tried", "right"), ("Right first time", "right"))  # fmt: skip
    return _table(
        "dweebies-puzzle-ratings",
        columns,
        [
            (s.name, round(s.rating.rating), round(2 * s.rating.deviation), s.tried, s.solved_first)
            for s in students
        ],  # fmt: skip
    )


def puzzles_html(desk: Desk) -> str:
    """The teacher's view of the puzzle page: the class's hardest puzzles (the lowest share
    of right first answers among those tried by at least 3 students), then each student's
    puzzle rating."""
    trainer = desk.puzzles()
    return (
        "<h3>Hardest puzzles for this class</h3>"
        + hardest_html(trainer.hardest())
        + "<h3>Puzzle ratings</h3>"
        + student_ratings_html(trainer.students())
    )
