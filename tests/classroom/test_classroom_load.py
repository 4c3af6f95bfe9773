"""Many devices at once, on SQLite and on PostgreSQL: two processes acting on the same
table at the same instant never lose or double a move, and 30 student processes playing
15 tables as fast as they can all finish with every move accounted for."""

from __future__ import annotations

from pathlib import Path

import pytest

from dweebies_widget import Game
from dweebies_widget.classroom import Classroom

from .workers import FORK, finish, placements, racer, read_log, run_load, start


def test_two_devices_acting_at_once_never_lose_or_double_a_move(store: str, tmp_path: Path) -> None:
    with Classroom(store) as room:
        code = room.create_table(players=2, seed=31)
        first = {0: room.join(code, "Ana", "1111"), 1: room.join(code, "Ben", "2222")}
        second = {0: room.join(code, "Ana", "1111"), 1: room.join(code, "Ben", "2222")}
    barrier = FORK.Barrier(2)
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    finish(
        [
            start(racer, store, code, tokens, barrier, str(log), seed)
            for tokens, log, seed in zip([first, second], logs, [1, 2], strict=True)
        ],
        120,
    )
    rounds: dict[int, list[list[object]]] = {}
    for log in logs:
        for line in read_log(log):
            if isinstance(line, list):
                rounds.setdefault(int(line[1]), []).append(line)  # type: ignore[call-overload]
    with Classroom(store) as room:
        game = Game.from_json(room.download(code))
    won = []
    for number in sorted(rounds):
        outcomes = sorted(rounds[number], key=lambda line: str(line[0]))
        assert [line[0] for line in outcomes] == ["lost", "won"], outcomes  # exactly one
        last = number == max(rounds)
        assert outcomes[0][2] == ("over" if last else "not-your-turn")
        won.append(outcomes[1][2:])
    assert sorted(rounds) == list(range(len(rounds)))
    assert won == placements(game) and game.is_over


def test_thirty_students_play_fifteen_tables_at_once(
    store: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_load(store, tmp_path)
    assert result.students == 30 and result.tables == 15
    with capsys.disabled():  # figures to read, never asserted
        print("\nclassroom load, " + result.summary())
