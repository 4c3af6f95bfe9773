"""The classroom: tables that students join from their own devices, kept in one store.

:class:`Classroom` is the whole API; pages (the lobby, a seat's board, the teacher's page)
are thin widgets over it, and tests and scripts drive it directly.  Every process (each
Voila kernel, each test process) opens its own ``Classroom`` on the same store; nothing is
kept in memory that the store does not hold, so any process may stop at any moment and
another carries on.

**One change, one transaction.**  An action reads the table (its JSON save and version),
applies itself to the game through the core's public API, and writes the new save with
``version + 1`` only if the table is still at the version it read.  If another device
changed the table first, the action starts again from the new state (where it may now be
illegal: then it raises, and nothing was written).  So a move is never lost or doubled.

**Computer seats move in the next transactions.**  When a move (or the student who fills
the table) hands the turn to a computer seat, the same call goes on to make the computer
moves, each one a transaction of its own, until a student is to move or the game is over:
other screens see the student's move at once and each computer move as it is made.  The
transaction that hands the turn to a computer marks the table as being driven for
:data:`AI_LEASE` seconds (renewed with each computer move).  Should the process die in
between, the table is not stuck: :meth:`Classroom.resume` (run when a server starts)
makes the pending computer moves, and so does any :meth:`~Classroom.view`,
:meth:`~Classroom.spectate` or :meth:`~Classroom.wait_for_change` once the mark has run
out.  Two processes that try the same computer move race like two devices: one wins.

**Players.**  A player is a name and a PIN *within the class*: the store's students (the
puzzle page's too).  Names are compared by their key (:func:`~.credentials.name_key`: case,
width and look-alike letters folded), so "ana" or a Cyrillic "Аna" with another PIN is
not Ana, at any table: it is a wrong PIN for Ana.  A new name makes a new student.

**Secrets.**  A seat acts only with its own token (returned by :meth:`~Classroom.join`,
stored as a digest), which expires after the limits' ``token_hours``; :meth:`~Classroom.leave`
gives it up.  PINs and the teacher password are stored as salted scrypt hashes.  Wrong
PINs are counted per student and *throttle* instead of locking: after the limits'
``pin_tries`` wrong ones, each further try must wait, longer each time (up to
``pin_longest_wait``), and a try during the wait is not even checked
(:class:`~.errors.PinThrottled`); the student's own devices keep their tokens meanwhile, and
the teacher sees it (:meth:`~Classroom.alerts`).  Wrong teacher passwords lock the teacher
out for ``password_lockout`` seconds after ``password_tries`` in a row
(:class:`~.errors.TeacherLockedOut`).  The limits are the server's
(:meth:`~.limits.Limits.from_env`) unless given.  Nothing a method returns to a student
shows another hand: a seat gets its own :class:`~dweebies_widget.View`, spectators a
:class:`~.picture.Picture`, and a game's JSON save (it holds the deal) only once the game is
over or closed.

>>> import os, tempfile
>>> room = Classroom(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> code = room.create_table(players=2, ai={1: "greedy"}, seed=7)
>>> token = room.join(code, "Ana", pin="1234")
>>> view = room.view(token)
>>> view.seat, view.current_player, len(view.hand)
(0, 0, 5)
>>> _ = room.play(token, view.legal_moves()[0])   # Greedy answers before play returns
>>> room.view(token).current_player, room.spectate(code).moves
(0, 2)
>>> room.join(code, "ana", pin="1234") != token    # the same seat back, a new token
True
>>> room.close()
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import os
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import TracebackType
from typing import Any, TypeVar

from ..ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, Player, RandomPlayer
from ..game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    IllegalMoveError,
    Move,
    Placement,
    Rules,
    SaveError,
    View,
)
from ..grammar import possessive
from .credentials import (
    check_name,
    check_pin,
    check_secret,
    hash_secret,
    name_key,
    new_code,
    new_token,
    normalize_code,
    token_digest,
)
from .errors import (
    BadInput,
    ClassroomError,
    GameInProgress,
    HintsForbidden,
    NotStarted,
    NotTeacher,
    PinThrottled,
    StoreError,
    TableBusy,
    TableClosed,
    TableFull,
    TeacherLockedOut,
    TokenExpired,
    UnknownTable,
    UnknownToken,
    WrongPassword,
    WrongPin,
)
from .limits import Limits
from .picture import (
    LEVELS,
    Alert,
    LeaderRow,
    Picture,
    Seat,
    SeatInfo,
    SeatState,
    TableInfo,
    picture,
)
from .sqlite import SQLiteStore
from .store import TEACHER_TRIES, SeatRow, Store, StudentRow, TableRow

__all__ = [
    "AI_LEASE",
    "LEVELS",
    "MAX_PIN_FAILURES",
    "STANDINGS_HEADER",
    "Classroom",
    "check_student_pin",
    "ladder",
    "open_store",
    "pin_wait_after",
]

#: Wrong PINs for a student before each further try must wait (the default limits').
MAX_PIN_FAILURES = Limits().pin_tries
#: The first line of :meth:`Classroom.standings_csv`.
STANDINGS_HEADER = (
    "name", "games with classmates", "wins", "ties", "losses", "points",
    "games with computers", "wins", "ties", "losses", "points",
)  # fmt: skip
#: Who closed a table, in the words the pages show.
_CLOSED_BY = {"teacher": "your teacher"}
#: Seconds a process has to make the next computer move it took on (renewed with each
#: move; the Expert thinks one second a move).
AI_LEASE = 5.0
#: Longest wait :meth:`Classroom.wait_for_change` accepts, in seconds.
MAX_WAIT = 300.0
_RETRIES = 500
_T = TypeVar("_T")


def ladder() -> dict[str, Player]:
    """The computer players of :data:`LEVELS`, as tables seat them by default."""
    return {
        "random": RandomPlayer(),
        "greedy": GreedyPlayer(),
        "cautious": CautiousPlayer(),
        "expert": ExpertPlayer(),
    }


def open_store(target: str | os.PathLike[str]) -> Store:
    """The store at ``target``: a ``postgresql://`` URL (needs :mod:`psycopg`, the
    ``classroom`` extra), or the path of an SQLite file (created if missing)."""
    text = os.fspath(target)
    if text.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(text)
    return SQLiteStore(text)


def _check_password(password: object) -> str:
    if not isinstance(password, str) or not 1 <= len(password) <= 1024:
        raise BadInput("the teacher password is a text of 1 to 1024 characters")
    return password


def duration(seconds: float) -> str:
    """A wait in words: whole seconds up to two minutes, then whole minutes (rounded up).

    >>> duration(0.2), duration(10), duration(299.5)
    ('1 second', '10 seconds', '5 minutes')
    """
    whole = max(1, math.ceil(seconds))
    if whole < 120:
        return f"{whole} second{'s' if whole != 1 else ''}"
    return f"{math.ceil(whole / 60)} minutes"


def pin_wait_after(limits: Limits, failures: int) -> float:
    """The seconds a student must wait before their next PIN try after ``failures`` wrong
    PINs in a row: none before ``limits.pin_tries``, then ``pin_wait`` doubling with each
    further wrong PIN, never more than ``pin_longest_wait``.

    >>> [pin_wait_after(Limits(), f) for f in (2, 3, 4, 5, 20)]
    [0.0, 5.0, 10.0, 20.0, 300.0]
    """
    if failures < limits.pin_tries:
        return 0.0
    doublings = min(failures - limits.pin_tries, 60)
    return float(min(limits.pin_wait * 2**doublings, limits.pin_longest_wait))


def throttled_words(name: str, wait: float) -> str:
    """What a try during a wait is told.

    >>> throttled_words("Ana", 9.2)
    'Too many wrong PINs for Ana: wait 10 seconds, then try again. Your teacher can see this.'
    """
    return (
        f"Too many wrong PINs for {name}: wait {duration(wait)}, then try again. Your teacher "
        "can see this."
    )


def wrong_pin_words(name: str, left: int, wait: float) -> str:
    """What a wrong PIN for the student ``name`` is told: ``left`` more tries before a wait,
    or the wait the next try has.

    >>> print(wrong_pin_words("Ana", 2, 0.0))
    The name Ana is taken in this class, with another PIN. If it is yours, type your PIN; if
    not, add a letter to your name (like Ana B). You have 2 more tries before you must wait.
    """
    if left > 0:
        more = f"You have {left} more tr{'y' if left == 1 else 'ies'} before you must wait."
    else:
        more = f"Your next try must wait {duration(wait)}."
    return (
        f"The name {name} is taken in this class, with another PIN. If it is yours, type your "
        f"PIN; if not, add a letter to your name (like {name} B). {more}"
    )


def check_student_pin(
    store: Store,
    limits: Limits,
    student: StudentRow,
    pin: str,
    hashes: Sequence[str] = (),
    *,
    now: float,
) -> str:
    """The one wrong-PIN check of the class, for the lobby and the puzzle page alike.

    During a wait of ``student``'s, the try is refused unchecked (:class:`PinThrottled`).
    Otherwise ``pin`` is checked against ``hashes`` (the student's own PIN hash by default;
    an old seat's, see :mod:`.store`) and the try settled on the student: a wrong one raises
    :class:`WrongPin` and is counted (after the limits' ``pin_tries``, each try waits
    longer); a right one forgets the wrong ones and returns the hash it matched.  A try
    whose wait began while it was checked (another device's wrong PIN) is refused too."""
    if student.wait_until > now:
        raise PinThrottled(
            throttled_words(student.name, student.wait_until - now),
            wait=student.wait_until - now,
            name=student.name,
        )
    matched = next((h for h in hashes or (student.pin_hash,) if check_secret(pin, h)), None)
    wait = store.settle_pin_try(
        student.name_key, now, matched is not None, lambda f: pin_wait_after(limits, f)
    )
    if wait is not None:
        raise PinThrottled(throttled_words(student.name, wait), wait=wait, name=student.name)
    if matched is not None:
        return matched
    counted = store.student(student.name_key)
    failures = counted.failures if counted is not None else limits.pin_tries
    left = max(0, limits.pin_tries - failures)
    wait = pin_wait_after(limits, failures)
    raise WrongPin(
        wrong_pin_words(student.name, left, wait), attempts_left=left, wait=wait, name=student.name
    )


def new_student(key: str, name: str, pin: str, now: float) -> StudentRow:
    """A new student's row: their PIN hashed, the puzzles' starting rating."""
    from ..puzzles.glicko import STUDENT

    return StudentRow(
        key, name, hash_secret(pin), 0, now, 0, STUDENT.rating, STUDENT.deviation,
        STUDENT.volatility,
    )  # fmt: skip


def _teacher_tries(value: str | None) -> dict[str, float]:
    """The teacher password's run of wrong tries, from its setting (see :mod:`.store`)."""
    try:
        tries = json.loads(value or "{}")
        return {k: float(tries.get(k, 0.0)) for k in ("run", "last", "until", "mark")}
    except (ValueError, TypeError, AttributeError):
        return {"run": 0.0, "last": 0.0, "until": 0.0, "mark": 0.0}


def _locked_words(wait: float) -> str:
    return f"Too many wrong passwords: the teacher's page is locked for {duration(wait)}."


def _csv_field(value: object) -> object:
    """A field a spreadsheet shows as text: one that starts like a formula gets ``'``."""
    if isinstance(value, str) and value.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + value
    return value


def _move(move: object) -> tuple[object, object]:
    """``(dweebie, cell)`` from a :class:`Move`, a pair, or ``{"dweebie":, "cell":}`` (as a
    page may send it); the rules then check both."""
    if isinstance(move, Move):
        return move.dweebie, move.cell
    if isinstance(move, Mapping) and set(move) == {"dweebie", "cell"}:
        return move["dweebie"], move["cell"]
    if isinstance(move, Sequence) and not isinstance(move, str | bytes) and len(move) == 2:
        return move[0], move[1]
    raise IllegalMoveError(
        f"a move is a Dweebie and a cell, like Move(4, (0, 1)), not {move!r:.80}",
        reason="bad-move",
        rule="4",
    )


class Classroom:
    """A class's tables in the store at ``store``: a file path (SQLite, created if
    missing) or a ``postgresql://`` URL.

    ``teacher_password`` opens it for the teacher: the first one given to a store becomes
    its password; later ones must match it (a wrong one raises :class:`WrongPassword` and
    is counted).  Without it, teacher-only methods raise :class:`NotTeacher`.
    ``computers`` replaces players of the ladder by level name (for instance a quicker
    Expert); ``hint_player`` gives the hints (by default the widget's Expert, 300 rounds);
    ``ai_lease`` is how long other processes leave a computer move to the process that
    took it on (:data:`AI_LEASE`; more for slower computer players).  ``limits`` gives the
    PIN waits, the teacher lockout and the tokens' lifetime (by default the server's,
    :meth:`Limits.from_env`); ``clock`` the time they are measured with (seconds since the
    epoch, :func:`time.time` by default).
    """

    def __init__(
        self,
        store: str | os.PathLike[str],
        *,
        teacher_password: str | None = None,
        computers: Mapping[str, Player] | None = None,
        hint_player: Player | None = None,
        ai_lease: float = AI_LEASE,
        limits: Limits | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self._limits = limits if limits is not None else Limits.from_env()
        self._clock: Callable[[], float] = clock or time.time
        self._store: Store = open_store(store)
        self._told_from = 0
        """The count of wrong teacher passwords at the teacher's login before this one: the
        teacher's page is told of every one after it."""
        try:
            self._teacher = self._check_teacher(teacher_password)
        except BaseException:
            self._store.close()
            raise
        self._computers = ladder()
        for level, player in (computers or {}).items():
            self._computers[str(level).lower()] = player
        self._hint_player: Player = hint_player or ExpertPlayer(simulations=300, name="Expert")
        self._games: dict[str, tuple[str, Game]] = {}
        self._lease = float(ai_lease)

    # ------------------------------------------------------------------ the teacher
    def _check_teacher(self, password: object) -> bool:
        """Whether ``password`` opens the classroom for the teacher.  The try is counted in
        the run of wrong ones before it is checked (so pages guessing at once cannot slip
        past the limit); a right one ends the run."""
        if password is None:
            return False
        password = _check_password(password)
        now = self._clock()
        limits = self._limits
        locked = 0.0

        def count(value: str | None) -> str:
            nonlocal locked
            tries = _teacher_tries(value)
            if tries["until"] > now:
                locked = tries["until"] - now
                return json.dumps(tries, sort_keys=True)
            run = int(tries["run"]) + 1
            until = now + limits.password_lockout if run >= limits.password_tries else 0.0
            return json.dumps({**tries, "run": run, "until": until}, sort_keys=True)

        self._store.update_meta(TEACHER_TRIES, count)
        if locked:
            raise TeacherLockedOut(_locked_words(locked), wait=locked)
        stored = self._store.meta("teacher_password") or ""
        if not stored and self._store.set_meta(
            "teacher_password", hash_secret(password), expected=""
        ):
            right = True  # the first password given to the store becomes its password
        else:
            right = check_secret(password, stored or self._store.meta("teacher_password") or "")
        if right:
            total = int(self._store.meta("teacher_failures") or 0)

            def reset(value: str | None) -> str:
                tries = _teacher_tries(value)
                self._told_from = int(tries["mark"])  # told of the wrong ones since then
                return json.dumps(
                    {"run": 0, "last": tries["last"], "until": 0.0, "mark": total},
                    sort_keys=True,
                )

            self._store.update_meta(TEACHER_TRIES, reset)
            return True
        self._store.count_meta("teacher_failures")
        self._store.update_meta(
            TEACHER_TRIES, lambda value: json.dumps({**_teacher_tries(value), "last": now})
        )  # when the last wrong one was typed
        tries = _teacher_tries(self._store.meta(TEACHER_TRIES))
        if tries["until"] > now:
            raise TeacherLockedOut(_locked_words(tries["until"] - now), wait=tries["until"] - now)
        left = limits.password_tries - int(tries["run"])
        raise WrongPassword(
            f"wrong teacher password (the try was counted: {left} more wrong "
            f"{'one in a row locks' if left == 1 else 'ones in a row lock'} the teacher's "
            f"page for {duration(limits.password_lockout)})"
        )

    @property
    def is_teacher(self) -> bool:
        """Whether this classroom was opened with the teacher password."""
        return self._teacher

    def _need_teacher(self, what: str) -> None:
        if not self._teacher:
            raise NotTeacher(f"only the teacher may {what}: open the classroom with its password")

    # ------------------------------------------------------------------ reading tables
    def _row(self, code: str) -> TableRow:
        row = self._store.table(code)
        if row is None:
            raise UnknownTable(f"no table has the code {code}")
        return row

    def _load(self, row: TableRow) -> Game:
        """The game of ``row``, a new object the caller may change.  The last save read
        or written for each table is kept loaded, so a process that acts on a table it
        just looked at does not replay the save again (the text is compared, not trusted)."""
        cached = self._games.get(row.code)
        if cached is not None and cached[0] == row.game:
            return cached[1].copy()
        try:
            game = Game.from_json(row.game)
        except SaveError as exc:
            raise StoreError(
                f"the game of table {row.code} in {self._store.where} is damaged ({exc}); it "
                "was left untouched"
            ) from None
        self._games[row.code] = (row.game, game.copy())
        return game

    @staticmethod
    def _status(row: TableRow) -> str:
        if row.closed:
            return "closed"
        if row.over:
            return "over"
        return "waiting" if row.free else "playing"

    @staticmethod
    def _closed_by(row: TableRow) -> str | None:
        if not row.closed:
            return None
        return _CLOSED_BY.get(row.closed_by, "your teacher")

    def _failures(self) -> dict[str, int]:
        """Wrong PINs by student key, for the students who have some."""
        return self._store.pin_failures()

    @staticmethod
    def _seat_infos(
        row: TableRow, seats: Sequence[SeatRow], failures: Mapping[str, int]
    ) -> tuple[SeatInfo, ...]:
        taken = {s.seat: s for s in seats}
        return tuple(
            SeatInfo(
                seat=i,
                name=taken[i].name if i in taken else None,
                computer=row.ai.get(i),
                wrong_pins=failures.get(taken[i].name_key, 0) if i in taken else 0,
            )
            for i in range(row.players)
        )

    def _info(
        self, row: TableRow, seats: Sequence[SeatRow], failures: Mapping[str, int]
    ) -> TableInfo:
        status = self._status(row)
        return TableInfo(
            code=row.code,
            version=row.version,
            players=row.players,
            seats=self._seat_infos(row, seats, failures),
            status=status,
            hints=row.hints,
            turn=row.turn if status == "playing" else None,
            scores=row.scores,
            winners=tuple(s for s, r in enumerate(row.result) if r >= 0),
            moves=row.actions,
            created=row.created,
            updated=row.updated,
            closed_by=self._closed_by(row),
        )

    @staticmethod
    def _computer_to_move(row: TableRow) -> bool:
        return not row.closed and not row.over and row.free == 0 and row.turn in row.ai

    def _stalled(self, row: TableRow) -> bool:
        """A computer is to move and nobody has been making its move for a while."""
        return self._computer_to_move(row) and row.ai_until < time.time()

    def _fresh(self, code: str) -> TableRow:
        """The table, after making computer moves that a dead process left undone."""
        row = self._row(code)
        if self._stalled(row):
            self._drive(code, force=False)
            row = self._row(code)
        return row

    # ------------------------------------------------------------------ changing tables
    def _next(self, row: TableRow, game: Game, *, driving: bool, **fields: Any) -> TableRow:
        """The table's next version after ``game`` changed (and ``fields``).  ``driving``:
        this process will make the computer moves, if a computer is to move now."""
        over = game.is_over
        new = replace(
            row,
            version=row.version + 1,
            updated=time.time(),
            turn=-1 if over else game.current_player,
            over=over,
            scores=game.scores,
            result=game.returns() if over else (),
            actions=len(game.history),
            game=game.to_json(),
            **fields,
        )
        if not self._computer_to_move(new):
            return replace(new, ai_until=0.0)
        if driving:
            return replace(new, ai_until=time.time() + self._lease)
        return new

    def _transact(
        self, code: str, change: Callable[[TableRow, Game], tuple[TableRow, _T]]
    ) -> tuple[TableRow, _T]:
        """Apply ``change`` to the table as one version-checked transaction, again from
        the new state whenever another device changed the table first."""
        for attempt in range(_RETRIES):
            row = self._row(code)
            game = self._load(row)
            new, result = change(row, game)
            if self._store.update_table(row, new):
                self._games[code] = (new.game, game)
                return new, result
            time.sleep(random.uniform(0, min(0.05, 0.0005 * 2**attempt)))
        raise TableBusy(f"table {code} kept changing; try again")

    def _drive(self, code: str, *, force: bool) -> int:
        """Make the computer seats' moves until a student is to move; the number made.
        Stops as soon as another process moved the table on (it carries on instead)."""
        made = 0
        while True:
            row = self._store.table(code)
            if row is None or not self._computer_to_move(row):
                return made
            if not force and row.ai_until > time.time():
                return made  # a live process is at it
            game = self._load(row)
            seat = game.current_player
            player = self._computers.get(row.ai[seat]) or RandomPlayer()
            rng = random.Random(f"{game.seed}:{row.code}:{row.actions}")
            try:
                game.play(player.choose(game.view(seat), rng))
            except Exception:  # noqa: BLE001 - a computer player that fails must not stop the table
                game.play(game.random_move(rng))
            while game.may_draw(seat):  # computers never forget to draw
                game.draw(seat)
            new = self._next(row, game, driving=True)
            if not self._store.update_table(row, new):
                return made
            self._games[code] = (new.game, game)
            made += 1
            force = True

    def _after(self, new: TableRow, wait: bool) -> None:
        """Start the computer moves that ``new`` hands the turn to."""
        if not self._computer_to_move(new):
            return
        if wait:
            self._drive(new.code, force=True)
        else:
            threading.Thread(target=self._drive_quietly, args=(new.code,), daemon=True).start()

    def _drive_quietly(self, code: str) -> None:
        """:meth:`_drive` in a background thread: a failure there (the store closed
        meanwhile, say) leaves the moves to the next waiter, once the lease runs out."""
        with contextlib.suppress(ClassroomError):
            self._drive(code, force=True)

    # ------------------------------------------------------------------ tables
    def create_table(
        self,
        players: int = 2,
        ai: Mapping[int, str] | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> str:
        """Open a table of ``players`` seats (2-6) and return its code (four characters,
        easy to type).  ``ai`` gives seats to computer players by level (``{2: "greedy"}``;
        see :data:`LEVELS`); at least one seat is for a student.  ``seed`` deals the cards
        (``None``: a fresh random seed, recorded in the game's save); ``rules`` are the
        core's :class:`~dweebies_widget.Rules`.  Play starts when every student seat is
        taken.  Hints follow the classroom's default (see :meth:`set_hints_default`)."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInput(f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {players!r}")
        computers: dict[int, str] = {}
        for seat, level in (ai or {}).items():
            s = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
            if type(s) is not int or not 0 <= s < players:
                raise BadInput(f"computer seat {seat!r} is not a seat 0..{players - 1}")
            name = level.lower() if isinstance(level, str) else ""
            if name not in self._computers:
                raise BadInput(
                    f"no computer player {level!r}; the levels are {', '.join(self._computers)}"
                )
            computers[s] = name
        if len(computers) >= players:
            raise BadInput("at least one seat of a table is for a student")
        if seed is None:
            seed = secrets.randbelow(2**32)
        elif type(seed) is not int or seed < 0:
            raise BadInput(f"a seed is a whole number >= 0, not {seed!r}")
        if rules is not None and not isinstance(rules, Rules):
            raise BadInput(f"rules must be a Rules object, not {type(rules).__name__}")
        try:
            game = Game(players=players, seed=seed, rules=rules)
        except (TypeError, ValueError) as exc:
            raise BadInput(str(exc)) from None
        now = time.time()
        hints = self.hints_default
        for _ in range(100):
            row = TableRow(
                code=new_code(),
                version=1,
                players=players,
                free=players - len(computers),
                ai=computers,
                closed=False,
                hints=hints,
                created=now,
                updated=now,
                turn=game.current_player,
                over=False,
                scores=game.scores,
                result=(),
                actions=0,
                ai_until=0.0,
                game=game.to_json(),
            )
            if self._store.insert_table(row):
                return row.code
        raise TableBusy("no free table code was found; try again")  # pragma: no cover

    def join(self, code: str, name: str, pin: str) -> str:
        """Sit at table ``code`` as ``name`` with a 4-digit ``pin``; returns the token the
        seat acts with.  The same name (compared by its key) and PIN later give the same
        seat back, with a new token (a student may use several devices).

        A name belongs to one student of the class: a name whose key is a student's, with
        another PIN, raises :class:`WrongPin` at any table (counted; after the limits'
        ``pin_tries`` each try waits, :class:`PinThrottled`); a new name makes a new
        student.  A full table raises :class:`TableFull`; a finished or closed one
        :class:`TableClosed` (its students may still come back)."""
        code = normalize_code(code)
        name = check_name(name)
        key = name_key(name)
        own = name.casefold()  # how seats were keyed before keys folded look-alikes
        pin = check_pin(pin)
        pin_hash: str | None = None
        for attempt in range(_RETRIES):
            row = self._row(code)
            seats = self._store.seats(code)
            mine = [s for s in seats if s.name_key == key]
            mine += [s for s in seats if s.name_key == own != key]
            if mine:
                return self._rejoin(mine, pin)
            if row.closed or row.over:
                raise TableClosed(f"table {code} is {self._status(row)}: it takes no new player")
            taken = {s.seat for s in seats}
            free = [s for s in range(row.players) if s not in row.ai and s not in taken]
            if not free:
                raise TableFull(
                    f"table {code} is full ({row.players} seats); a student of it comes back "
                    "with the same name and PIN"
                )
            if pin_hash is None:
                pin_hash = self._sign_in(key, name, pin)
            token = new_token()
            now = time.time()
            seat = SeatRow(code, free[0], name, key, pin_hash, 0, now, key)
            new = replace(row, version=row.version + 1, updated=now, free=len(free) - 1)
            if self._computer_to_move(new):
                new = replace(new, ai_until=now + self._lease)
            if self._store.take_seat(row, new, seat, token_digest(token), self._clock()):
                self._after(new, wait=True)
                return token
            time.sleep(random.uniform(0, min(0.05, 0.0005 * 2**attempt)))
        raise TableBusy(f"table {code} kept changing; try again")

    def _sign_in(self, key: str, name: str, pin: str) -> str:
        """The PIN hash of the student ``key``, once ``pin`` is theirs (a new student when
        nobody has that key yet)."""
        for _ in range(_RETRIES):
            student = self._store.student(key)
            if student is not None:
                return check_student_pin(self._store, self._limits, student, pin, now=self._clock())
            row = new_student(key, name, pin, self._clock())
            if self._store.add_student(row):
                return row.pin_hash
        raise TableBusy("the class was busy; try again")  # pragma: no cover

    def _student(self, seat: SeatRow) -> StudentRow:
        """The student whose throttle a seat's PIN tries count on (made for a seat that has
        none, which only a store edited by hand has)."""
        student = self._store.student(seat.name_key)
        if student is None:
            self._store.add_student(
                replace(new_student(seat.name_key, seat.name, "0000", seat.joined),
                        pin_hash=seat.pin_hash)
            )  # fmt: skip
            student = self._store.student(seat.name_key)
            assert student is not None
        return student

    def _rejoin(self, seats: Sequence[SeatRow], pin: str) -> str:
        """A new token for the seat among ``seats`` (the table's seats with the name typed)
        whose PIN ``pin`` is, counted on the student's throttle."""
        student = self._student(seats[0])
        matched = check_student_pin(
            self._store, self._limits, student, pin, [s.pin_hash for s in seats],
            now=self._clock(),
        )  # fmt: skip
        seat = next(s for s in seats if s.pin_hash == matched)
        old = not seat.student and seat.name_key == student.name_key
        if old and check_secret(pin, student.pin_hash):  # an old seat with the student's PIN
            self._store.link_seat(seat.code, seat.seat, student.name_key, student.pin_hash)
        token = new_token()
        self._store.add_token(seat.code, seat.seat, token_digest(token), self._clock())
        return token

    def _seat_of(self, token: object) -> tuple[str, int]:
        digest = token_digest(token)
        found = self._store.token(digest) if digest else None
        if found is None:
            raise UnknownToken("this token belongs to no seat: join again with your name and PIN")
        code, seat, issued = found
        if self._clock() - issued > self._limits.token_hours * 3600:
            raise TokenExpired("your seat's pass has expired: type your name and PIN to sit again")
        return code, seat

    def leave(self, token: str) -> None:
        """Leave the token's seat from this device.  At a table still waiting for students
        the seat becomes free again (the student is no longer at the table, and every
        device of theirs loses it); at a table being played, finished or closed, this
        token stops working and the seat stays the student's: their name and PIN bring
        them back to it.  :class:`UnknownToken` for a token of no seat."""
        digest = token_digest(token)
        for attempt in range(_RETRIES):
            code, seat = self._seat_of(token)
            row = self._row(code)
            if self._status(row) != "waiting":
                self._store.drop_token(digest)
                return
            new = replace(row, version=row.version + 1, updated=time.time(), free=row.free + 1)
            if self._store.free_seat(row, new, seat):
                return
            time.sleep(random.uniform(0, min(0.05, 0.0005 * 2**attempt)))
        raise TableBusy("the table kept changing; try again")  # pragma: no cover

    def seat(self, token: str) -> Seat:
        """Whose ``token`` is: table code, seat number and name."""
        code, seat = self._seat_of(token)
        for s in self._store.seats(code):
            if s.seat == seat:
                return Seat(code, seat, s.name)
        raise UnknownToken("this token's seat is gone")  # pragma: no cover

    # ------------------------------------------------------------------ a seat's actions
    def view(self, token: str) -> View:
        """What the token's seat may see (rules section 7): its own hand and the public
        information, as the core's :class:`~dweebies_widget.View`."""
        code, seat = self._seat_of(token)
        return self._load(self._fresh(code)).view(seat)

    def seat_state(self, token: str) -> SeatState:
        """The token's :meth:`view` with the table's version, status, hint setting and
        seats, all read at once: what a seat's page draws, and the version to wait on."""
        code, seat = self._seat_of(token)
        row = self._fresh(code)
        seats = self._store.seats(code)
        mine = next((s for s in seats if s.seat == seat), None)
        student = self._store.student(mine.name_key) if mine is not None else None
        wait = student.wait_until - self._clock() if student is not None else 0.0
        return SeatState(
            code=code,
            seat=seat,
            version=row.version,
            status=self._status(row),
            hints=row.hints,
            seats=self._seat_infos(row, seats, self._failures()),
            view=self._load(row).view(seat),
            pin_wait=max(0.0, wait),
            pin_failures=student.failures if student is not None else 0,
            closed_by=self._closed_by(row),
        )

    def play(
        self, token: str, move: Move | Sequence[Any] | Mapping[str, Any], *, wait: bool = True
    ) -> Placement:
        """Play ``move`` (a :class:`~dweebies_widget.Move`, a ``(dweebie, (row, col))``
        pair or ``{"dweebie": d, "cell": [r, c]}``) for the token's seat; returns the
        :class:`~dweebies_widget.Placement` made.

        An illegal move, or one when it is not this seat's turn, raises the core's
        :class:`~dweebies_widget.IllegalMoveError` (``reason`` says which; here also
        ``not-your-turn`` and ``bad-move``) and changes nothing.  The computer seats that
        the move hands the turn to have moved when it returns; with ``wait=False`` they
        move in a background thread (a page returns at once and watches the version)."""
        code, seat = self._seat_of(token)
        dweebie, cell = _move(move)

        def change(row: TableRow, game: Game) -> tuple[TableRow, Placement]:
            self._check_running(row)
            if not game.is_over and game.current_player != seat:
                raise IllegalMoveError(
                    f"Rules section 2 (turns): it is "
                    f"{possessive(f'seat {game.current_player}', start=False)} turn, not "
                    f"{possessive(f'seat {seat}', start=False)}.",
                    reason="not-your-turn",
                    rule="2",
                )
            placement = game.play(dweebie, cell)  # type: ignore[arg-type]
            return self._next(row, game, driving=True), placement

        new, placement = self._transact(code, change)
        self._after(new, wait)
        return placement

    def draw(self, token: str) -> int:
        """Take one draw the token's seat owes (only with ``Rules(auto_draw=False)``;
        rules section 8); returns the card."""
        code, seat = self._seat_of(token)

        def change(row: TableRow, game: Game) -> tuple[TableRow, int]:
            self._check_running(row)
            card = game.draw(seat)
            return self._next(row, game, driving=False), card

        return self._transact(code, change)[1]

    def _check_running(self, row: TableRow) -> None:
        if row.closed:
            raise TableClosed(f"the teacher closed table {row.code}")
        if row.free:
            raise NotStarted(
                f"table {row.code} waits for {row.free} more student{'s' if row.free > 1 else ''}"
            )

    def hint(self, token: str) -> Move:
        """A good move for the token's seat, when it is to move at a table being played
        and the teacher allows hints there (else :class:`HintsForbidden`,
        :class:`TableClosed` or :class:`NotStarted`)."""
        code, seat = self._seat_of(token)
        row = self._row(code)
        self._check_running(row)
        if not row.hints:
            raise HintsForbidden(f"the teacher has turned hints off at table {code}")
        game = self._load(row)
        view = game.view(seat)
        if view.is_over or view.current_player != seat:
            raise IllegalMoveError(
                "a hint is for the seat to move", reason="not-your-turn", rule="2"
            )
        rng = random.Random(f"{game.seed}:{code}:{row.actions}:hint")
        return self._hint_player.choose(view, rng)

    # ------------------------------------------------------------------ watching
    def version(self, code: str | None = None) -> int:
        """The version of table ``code``: it bumps on every change (a move, a student
        joining, the teacher's settings).  Without a code, the room's version, which bumps
        on every change of any table and when a table is made."""
        if code is None:
            return self._store.version(None)
        code = normalize_code(code)
        version = self._store.version(code)
        if version < 0:
            raise UnknownTable(f"no table has the code {code}")
        return version

    def wait_for_change(self, code: str | None, version: int, timeout: float = 10.0) -> int:
        """Wait until table ``code`` (the room, for ``None``) is at another version than
        ``version``, at most ``timeout`` seconds; returns the version then (the same one
        on a timeout).  PostgreSQL wakes the waiter by LISTEN/NOTIFY; SQLite looks every
        50 ms.  While a computer is to move at the table, the waiter also watches that
        somebody makes its move (see the module's notes)."""
        if type(version) is not int:
            raise BadInput(f"a version is a whole number, not {version!r:.40}")
        if type(timeout) not in (int, float) or timeout != timeout:
            raise BadInput(f"a timeout is a number of seconds, not {timeout!r:.40}")
        seconds = min(max(float(timeout), 0.0), MAX_WAIT)
        if code is None:
            return self._store.wait(None, version, seconds)
        code = normalize_code(code)
        deadline = time.monotonic() + seconds
        while True:
            row = self._fresh(code)
            left = deadline - time.monotonic()
            step = left
            if self._computer_to_move(row):  # look again when the mark runs out
                step = min(left, max(0.05, row.ai_until - time.time() + 0.05))
            now = self._store.wait(code, version, max(0.0, step))
            if now != version or step >= left:
                return now

    def spectate(self, code: str) -> Picture:
        """The public picture of table ``code``: board, scores, hand sizes, whose turn,
        the last move; no hidden card."""
        code = normalize_code(code)
        row = self._fresh(code)
        seats = self._seat_infos(row, self._store.seats(code), self._failures())
        return picture(
            self._load(row),
            code=code,
            version=row.version,
            status=self._status(row),
            seats=seats,
            hints=row.hints,
            closed_by=self._closed_by(row),
        )

    def table(self, code: str) -> TableInfo:
        """Table ``code`` as the lists show it."""
        code = normalize_code(code)
        return self._info(self._row(code), self._store.seats(code), self._failures())

    def tables(self) -> list[TableInfo]:
        """Every table, oldest first."""
        seats: dict[str, list[SeatRow]] = {}
        for s in self._store.seats(None):
            seats.setdefault(s.code, []).append(s)
        failures = self._failures()
        return [self._info(row, seats.get(row.code, []), failures) for row in self._store.tables()]

    def download(self, code: str) -> str:
        """The JSON save of a finished (or closed) game: ``Game.from_json`` loads it, and
        the widget's ``replay`` and ``review`` open it.  A game still being played raises
        :class:`GameInProgress` (its save would show hidden cards)."""
        code = normalize_code(code)
        row = self._row(code)
        if not (row.over or row.closed):
            raise GameInProgress(f"the game at table {code} is still being played")
        return row.game

    def leaderboard(self) -> list[LeaderRow]:
        """The class standings over every finished game: one row per player (a student:
        name and PIN; see :mod:`.store` for the old seats that count on their own), their
        games with classmates (another seat was a student) and with computers only (every
        other seat was a computer) apart.  Most wins with classmates first, then most
        points with them, then by name."""
        over = {row.code: row for row in self._store.tables() if row.over}
        names = {s.name_key: s.name for s in self._store.students()}
        seats: dict[str, list[SeatRow]] = {}
        for s in self._store.seats(None):
            if s.code in over:
                seats.setdefault(s.code, []).append(s)
        lines: dict[str, LeaderRow] = {}
        for code, at_table in seats.items():
            row = over[code]
            classmates = len(at_table) > 1
            for s in at_table:
                player = s.student or f"{s.code}:{s.seat}"
                line = lines.get(player) or LeaderRow(names.get(s.student, s.name))
                result, points = row.result[s.seat], row.scores[s.seat]
                if classmates:
                    line = replace(line, classmates=line.classmates.add(result, points))
                else:
                    line = replace(line, computers=line.computers.add(result, points))
                lines[player] = line
        return sorted(
            lines.values(),
            key=lambda r: (-r.classmates.wins, -r.classmates.points, r.name.casefold(), r.name),
        )

    def standings_csv(self) -> str:
        """The standings (:meth:`leaderboard`) as CSV for a spreadsheet (teacher): the
        header :data:`STANDINGS_HEADER`, then a line per player.  A name that starts like
        a formula (``=``, ``+``, ``-``, ``@``) gets a leading ``'``, so a spreadsheet shows
        it as text."""
        self._need_teacher("download the standings")
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(STANDINGS_HEADER)
        for r in self.leaderboard():
            writer.writerow(
                [_csv_field(r.name)]
                + [getattr(r.classmates, f) for f in ("games", "wins", "draws", "losses", "points")]
                + [getattr(r.computers, f) for f in ("games", "wins", "draws", "losses", "points")]
            )
        return out.getvalue()

    def resume(self, code: str | None = None) -> int:
        """Make every computer move left pending (by a process that stopped), at table
        ``code`` or at every table; the number of moves made.  A server runs this when it
        starts."""
        codes = (
            [normalize_code(code)] if code is not None else [t.code for t in self._store.tables()]
        )
        return sum(self._drive(c, force=True) for c in codes)

    def check(self) -> list[str]:
        """Load every game of the store; the problems found (an empty list when all is
        well).  Nothing is changed."""
        problems = []
        for row in self._store.tables():
            try:
                self._load(row)
            except StoreError as exc:
                problems.append(str(exc))
        return problems

    # ------------------------------------------------------------------ the teacher's
    def close_table(self, code: str) -> None:
        """Close table ``code`` (teacher): no more moves or players; it can be downloaded."""
        self._need_teacher("close a table")
        code = normalize_code(code)

        def change(row: TableRow, game: Game) -> tuple[TableRow, None]:
            return self._next(row, game, driving=False, closed=True, closed_by="teacher"), None

        self._transact(code, change)

    def allow_hints(self, code: str, allowed: bool) -> None:
        """Allow or forbid hints at table ``code`` (teacher)."""
        self._need_teacher("allow or forbid hints")
        code = normalize_code(code)

        def change(row: TableRow, game: Game) -> tuple[TableRow, None]:
            return self._next(row, game, driving=False, hints=bool(allowed)), None

        self._transact(code, change)

    @property
    def hints_default(self) -> bool:
        """Whether new tables allow hints (see :meth:`set_hints_default`)."""
        return (self._store.meta("hints_default") or "1") == "1"

    def set_hints_default(self, allowed: bool) -> None:
        """Whether new tables allow hints (teacher); tables made before keep theirs."""
        self._need_teacher("set the hints of new tables")
        self._store.set_meta("hints_default", "1" if allowed else "0")

    def unlock(self, code: str, name: str) -> None:
        """Forget the wrong PINs of the student sitting at ``code`` as ``name``, and any
        wait they caused (teacher)."""
        self._need_teacher("unlock a seat")
        code = normalize_code(code)
        name = check_name(name)
        keys = (name_key(name), name.casefold())
        for key in keys:
            for s in self._store.seats(code):
                if s.name_key == key:
                    self._store.reset_student_failures(s.name_key)
                    return
        raise BadInput(f"nobody called {name!r} sits at table {code}")

    def clear_pin_waits(self, name: str) -> None:
        """Forget the wrong PINs of the student called ``name`` (compared by its key), and
        any wait they caused, at every table and on the puzzle page (teacher)."""
        self._need_teacher("clear a student's PIN waits")
        key = name_key(check_name(name))
        if self._store.student(key) is None:
            raise BadInput(f"no student of the class is called {name!r}")
        self._store.reset_student_failures(key)

    def alerts(self) -> list[Alert]:
        """What the teacher should see at the top of their page (teacher): wrong teacher
        passwords since the teacher's login before this one (kind ``"password"``, first: the
        ones typed while the teacher was away, and since), then each
        student with wrong PINs since their last right one (kind ``"pin"``, the latest
        first), with the wait before their next try is taken."""
        self._need_teacher("see the alerts")
        now = self._clock()
        alerts = []
        tries = _teacher_tries(self._store.meta(TEACHER_TRIES))
        missed = int(self._store.meta("teacher_failures") or 0) - self._told_from
        if missed > 0:
            alerts.append(
                Alert("password", None, (), missed, max(0.0, tries["until"] - now),
                      tries["last"])
            )  # fmt: skip
        tables: dict[str, set[str]] = {}
        for s in self._store.seats(None):
            tables.setdefault(s.name_key, set()).add(s.code)
        pins = [
            Alert("pin", st.name, tuple(sorted(tables.get(st.name_key, ()))), st.failures,
                  max(0.0, st.wait_until - now), st.last_try)
            for st in self._store.students()
            if st.failures > 0
        ]  # fmt: skip
        return alerts + sorted(pins, key=lambda a: (-a.last, a.name or ""))

    def download_all(self) -> dict[str, str]:
        """Every finished or closed game's JSON save by table code (teacher)."""
        self._need_teacher("download every game")
        return {row.code: row.game for row in self._store.tables() if row.over or row.closed}

    def set_teacher_password(self, password: str) -> None:
        """Change the teacher password (teacher)."""
        self._need_teacher("change the teacher password")
        _check_password(password)
        self._store.set_meta("teacher_password", hash_secret(password))

    @property
    def wrong_passwords(self) -> int:
        """Wrong teacher passwords given so far (teacher)."""
        self._need_teacher("see the wrong passwords")
        return int(self._store.meta("teacher_failures") or 0)

    # ------------------------------------------------------------------ the store
    @property
    def store(self) -> str:
        """Where the tables are kept (for messages; a URL without its password)."""
        return self._store.where

    def close(self) -> None:
        """Close the store's connections."""
        self._store.close()

    def __enter__(self) -> Classroom:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Classroom({self._store!r}{', teacher' if self._teacher else ''})"
