"""The processes of the concurrency, load and fault tests, and the checks of their games.

Each worker is a real process that opens its own :class:`Classroom` on the store and acts
only through the API, as a student's device or a server would.  It writes what it did to a
file, one JSON line at a time, flushed at once, so that even a process killed with SIGKILL
leaves a record of every move it saw accepted (all but, at most, the one it was killed
after).  Processes are forked from the test process, which holds no open store meanwhile.

:func:`run_load` is the load test itself; ``benchmarks/classroom_load.py`` runs it too.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import IO, Any

from dweebies_widget import DECK_SIZE, Game, IllegalMoveError, Move, Placement, View
from dweebies_widget.cards import FULL_DECK
from dweebies_widget.classroom import Classroom

FORK = multiprocessing.get_context("fork")


@contextmanager
def record(out: str | Path) -> Iterator[Callable[[Any], None]]:
    """A function that appends one JSON line to ``out`` and flushes it; an error that
    ends the worker is written too."""
    log: IO[str]
    with open(out, "a", encoding="utf-8") as log:

        def say(item: Any) -> None:
            log.write(json.dumps(item) + "\n")
            log.flush()

        try:
            yield say
        except BaseException:
            say({"error": traceback.format_exc()})
            raise


def read_log(path: str | Path) -> list[Any]:
    """The lines a worker wrote (a line cut by a kill is dropped)."""
    out = []
    if Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            with suppress(json.JSONDecodeError):
                out.append(json.loads(line))
    return out


# ----------------------------------------------------------------------------- workers
def student(
    store: str, code: str, name: str, pin: str, out: str, seed: int, delay: float = 0.0
) -> None:
    """A student's device: join ``code`` and play random legal moves as fast as the API
    answers (or ``delay`` seconds apart) until the game is over.  Writes ``{"seat": s}``,
    then ``["play", seat, dweebie, row, col, seconds]`` for every accepted move (seconds:
    how long ``play`` took), then ``{"done": true}``."""
    with record(out) as say, Classroom(store) as room:
        token = room.join(code, name, pin)
        seat = room.seat(token).seat
        say({"seat": seat, "pid": os.getpid()})
        rng = random.Random(seed)
        while True:
            now = room.seat_state(token)
            view = now.view
            if view.is_over:
                break
            if view.current_player != seat or now.status == "waiting":
                room.wait_for_change(code, now.version, timeout=5.0)
                continue
            move = rng.choice(view.legal_moves())
            start = time.perf_counter()
            room.play(token, move)
            say(["play", seat, move.dweebie, *move.cell, time.perf_counter() - start])
            if delay:
                time.sleep(delay)
        say({"done": True})


def racer(store: str, code: str, tokens: dict[int, str], barrier: Any, out: str, seed: int) -> None:
    """One of two devices that act for the same students at the same instant: in each
    round both read the table once it is settled (the first ``barrier``), choose a random
    legal move for the seat to move, and play it together (the second ``barrier``), so
    both act on the same version.  Writes ``["won", round, seat, dweebie, row, col]`` or
    ``["lost", round, reason]``."""
    with record(out) as say, Classroom(store) as room:
        rng = random.Random(seed)
        for round_ in range(10_000):
            barrier.wait(timeout=60)
            seat = room.spectate(code).current_player
            if seat is None:
                break
            move = rng.choice(room.view(tokens[seat]).legal_moves())
            barrier.wait(timeout=60)
            try:
                placement = room.play(tokens[seat], move)
            except IllegalMoveError as error:
                say(["lost", round_, error.reason])
            else:
                say(["won", round_, placement.seat, move.dweebie, *move.cell])
        say({"done": True})


def host(store: str, tokens_file: str, out: str, seed: int, delay: float, resume: bool) -> None:
    """The process serving a whole class: it plays every student's seat at every table
    (random legal moves, ``delay`` seconds apart) until every game is over.  With
    ``resume`` it first makes the computer moves a killed host left pending.  Writes
    ``["play", code, seat, dweebie, row, col]`` for every accepted move."""
    tokens = {
        code: {int(s): t for s, t in seats.items()}
        for code, seats in json.loads(Path(tokens_file).read_text()).items()
    }
    with record(out) as say, Classroom(store) as room:
        say({"pid": os.getpid(), "versions": {c: room.version(c) for c in tokens}})
        if resume:
            say({"resumed": room.resume()})
        rng = random.Random(seed)
        playing = set(tokens)
        while playing:
            for code in sorted(playing):
                seat = room.spectate(code).current_player
                if seat is None:
                    playing.discard(code)
                    continue
                if seat not in tokens[code]:
                    room.wait_for_change(code, room.version(code), timeout=0.05)
                    continue  # a computer's turn: whoever made the last move makes it
                move = rng.choice(room.view(tokens[code][seat]).legal_moves())
                room.play(tokens[code][seat], move)
                say(["play", code, seat, move.dweebie, *move.cell])
                if delay:
                    time.sleep(delay)
        say({"done": True})


class SleepyPlayer:
    """A computer player that thinks for ``seconds`` before a random move (so that a test
    can kill the process that is making its move)."""

    name = "Sleepy"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, view: View, rng: random.Random) -> Move:
        time.sleep(self.seconds)
        return rng.choice(view.legal_moves())


def hand_over_to_sleepy(store: str, token: str, out: str) -> None:
    """Play a move that hands the turn to a computer seat that sleeps for a minute, with a
    one-second lease: the test kills this process while the computer 'thinks'."""
    with (
        record(out) as say,
        Classroom(store, computers={"greedy": SleepyPlayer(60.0)}, ai_lease=1.0) as room,
    ):
        move = room.view(token).legal_moves()[0]
        say({"about_to_play": True})
        room.play(token, move)
        say({"played": True})  # never reached: the computer sleeps until the kill


# ----------------------------------------------------------------------------- checking
def start(target: Callable[..., None], *args: Any) -> BaseProcess:
    process = FORK.Process(target=target, args=args, daemon=True)
    process.start()
    return process


def finish(processes: Sequence[BaseProcess], seconds: float) -> None:
    """Wait for ``processes`` to end (at most ``seconds`` in all); kill those left and
    fail if any did not end, or ended with an error."""
    deadline = time.monotonic() + seconds
    for p in processes:
        p.join(max(0.0, deadline - time.monotonic()))
    hung = [p for p in processes if p.is_alive()]
    for p in hung:
        p.kill()
        p.join()
    assert not hung, f"{len(hung)} processes did not finish in {seconds} s"
    failed = [p.exitcode for p in processes if p.exitcode != 0]
    assert not failed, f"processes ended with exit codes {failed}"


def placements(game: Game, seat: int | None = None) -> list[list[int]]:
    """``[seat, dweebie, row, col]`` of every placement in ``game``'s history (of one
    seat)."""
    return [
        [a.seat, a.move.dweebie, *a.move.cell]
        for a in game.history
        if isinstance(a, Placement) and (seat is None or a.seat == seat)
    ]


def check_game(game: Game) -> None:
    """The game ended and every one of its 54 cards is accounted for exactly once."""
    assert game.is_over, game
    assert not any(game.hands) and game.pile_size == 0
    cards = Counter(game.board.values())
    for seat in range(game.players):
        cards.update(game.collected(seat))
    assert cards == Counter(FULL_DECK) and sum(cards.values()) == DECK_SIZE
    assert sum(game.scores) + len(game.board) == DECK_SIZE


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


# ----------------------------------------------------------------------------- load
@dataclass
class LoadResult:
    store: str
    students: int
    tables: int
    moves: int
    """Placements in every game (the students' and the computers')."""
    plays: int
    """Accepted ``play`` calls of the students."""
    seconds: float
    p50: float
    p95: float
    loadavg: tuple[float, float, float]

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds

    def summary(self) -> str:
        return (
            f"{self.store}: {self.students} student processes, {self.tables} tables, "
            f"{self.moves} moves in {self.seconds:.1f} s = {self.moves_per_second:.0f} moves/s "
            f"({self.plays} student plays); play p50 {1000 * self.p50:.1f} ms, "
            f"p95 {1000 * self.p95:.1f} ms; load average {self.loadavg[0]:.1f}"
        )


#: The load test's tables: 10 of two students, 5 of two students and a computer.
LOAD_TABLES: list[dict[str, Any]] = [{"players": 2}] * 10 + [
    {"players": 3, "ai": {2: level}}
    for level in ("random", "greedy", "cautious", "random", "greedy")
]


def run_load(
    store: str, workdir: Path, tables: Sequence[dict[str, Any]] = LOAD_TABLES, seconds: float = 300
) -> LoadResult:
    """Two student processes per table, all started at once, play random legal moves as
    fast as they can until every game is over; then every game is checked (it ended, 54
    cards, every accepted move exactly once in its history, in order, and no other)."""
    with Classroom(store) as room:
        codes = [room.create_table(seed=100 + i, **spec) for i, spec in enumerate(tables)]
    logs: dict[tuple[str, str], Path] = {}
    processes = []
    began = time.perf_counter()
    for i, code in enumerate(codes):
        for name in ("Ana", "Ben"):
            logs[code, name] = workdir / f"{code}-{name}.log"
            processes.append(
                start(
                    student, store, code, name, "2468", str(logs[code, name]), 1000 * i + len(name)
                )
            )
    finish(processes, seconds)
    elapsed = time.perf_counter() - began
    loadavg = os.getloadavg()
    times: list[float] = []
    moves = 0
    with Classroom(store) as room:
        for code in codes:
            game = Game.from_json(room.download(code))
            check_game(game)
            moves += len(placements(game))
            students = set()
            for name in ("Ana", "Ben"):
                lines = read_log(logs[code, name])
                assert not any("error" in x for x in lines if isinstance(x, dict)), lines
                seat = lines[0]["seat"]
                students.add(seat)
                plays = [x[1:5] for x in lines if isinstance(x, list)]
                times += [x[5] for x in lines if isinstance(x, list)]
                assert plays == placements(game, seat)  # each accepted move once, in order
                assert lines[-1] == {"done": True}
            computers = [p for p in placements(game) if p[0] not in students]
            assert len(computers) + sum(len(placements(game, s)) for s in students) == len(
                placements(game)
            )
    return LoadResult(
        store=store.split(":", 1)[0] if "://" in store else "sqlite",
        students=len(processes),
        tables=len(codes),
        moves=moves,
        plays=len(times),
        seconds=elapsed,
        p50=statistics.median(times),
        p95=percentile(times, 0.95),
        loadavg=loadavg,
    )


def play_out(room: Classroom, code: str, tokens: list[str]) -> None:
    """Play the game of ``code`` to its end, each student's first legal move; ``tokens``
    are the students' (computer seats answer by themselves)."""
    by_seat = {room.seat(t).seat: t for t in tokens}
    while (info := room.table(code)).status == "playing":
        assert info.turn is not None
        token = by_seat[info.turn]
        room.play(token, room.view(token).legal_moves()[0])
    assert room.table(code).status == "over"
