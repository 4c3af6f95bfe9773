"""Tournaments and single games between AI players (dweebies_widget.ai.tournament).

A tournament must be reproducible from its seed whatever runs the games (a plain loop, a
process pool, a thread pool), rotate the seats fairly, round the number of games up to a
multiple of the number of players, and report a consistent table that shows itself as
text, as HTML and as a matplotlib chart.  No test asserts a timing.
"""

from __future__ import annotations

import html
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import matplotlib
import pytest

from dweebies_widget import Game, Move, Placement, Rules, View
from dweebies_widget.ai import (
    CautiousPlayer,
    ExpertPlayer,
    GameRecord,
    GreedyPlayer,
    Player,
    RandomPlayer,
    Strategy,
    TournamentResult,
    play_game,
    tournament,
)
from dweebies_widget.ai.greedy import immediate_gains
from dweebies_widget.ai.tournament import wilson

matplotlib.use("Agg")  # before pyplot is imported anywhere: no window, no display needed


# ----------------------------------------------------------------------------- helpers
def lowest_card_first_cell(view: View, rng: random.Random) -> Move:
    """A student's strategy as a plain function: the lowest card on the first legal cell."""
    return min(view.legal_moves())


def never_collects(view: View, rng: random.Random) -> Move:
    """A hopeless strategy: a move that collects as little as possible."""
    gains = immediate_gains(view)
    return min(sorted(gains), key=lambda m: gains[m])


Outcome = list[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]


def outcome(result: TournamentResult) -> Outcome:
    """What must not depend on who ran the games: per game, the deal, the seating, the
    scores and the winners (think times are left out)."""
    return [(r.deal, r.seating, r.scores, r.winners) for r in result.records]


def run(
    players: Sequence[Player | Strategy], games: int, seats: int | None = None, seed: int = 0
) -> TournamentResult:
    """A tournament played here, one game after another, without a progress bar."""
    return tournament(players, games=games, seats=seats, seed=seed, executor=None, progress=False)


def check_counts(result: TournamentResult, players: int, seats: int) -> None:
    """The table's counts agree with the records and with themselves."""
    records = result.records
    assert len(result.rows) == players
    assert result.seats == seats
    assert [r.index for r in records] == list(range(len(records)))
    assert sum(row.games for row in result.rows) == len(records) * seats
    # One point per game, shared between tied winners.
    assert sum(row.win_rate * row.games for row in result.rows) == pytest.approx(len(records))
    for row in result.rows:
        assert row.wins >= 0 and row.ties >= 0
        assert row.wins + row.ties <= row.games
        assert 0.0 <= row.win_rate <= 1.0
        assert row.avg_cards >= 0 and row.avg_think_ms >= 0
    for rec in records:
        assert len(rec.seating) == len(rec.scores) == len(rec.think) == len(rec.moves) == seats
        assert rec.winners == tuple(s for s, v in enumerate(rec.scores) if v == max(rec.scores))
        assert sum(rec.scores) <= 54
        assert sum(rec.moves) == 54


def check_table(result: TournamentResult, players: int, seats: int) -> None:
    """The counts are consistent and every win rate lies in its 95 % interval."""
    check_counts(result, players, seats)
    for row in result.rows:
        assert 0.0 <= row.ci_low <= row.win_rate <= row.ci_high <= 1.0, row


# ----------------------------------------------------------------------------- play_game
def test_play_game_plays_to_the_end_and_counts_54_placements() -> None:
    game, think, moves = play_game([GreedyPlayer(), RandomPlayer()], seed=5)
    assert game.is_over
    assert len(think) == len(moves) == 2
    assert all(t >= 0.0 for t in think)
    assert sum(moves) == 54
    history = [a for a in game.history if isinstance(a, Placement)]
    assert len(history) == 54
    assert moves == [sum(a.seat == s for a in history) for s in range(2)]


def test_play_game_is_reproducible_and_seats_players_in_order() -> None:
    players: list[Player | Strategy] = [
        CautiousPlayer(),
        lowest_card_first_cell,
        RandomPlayer(),
        ExpertPlayer(simulations=4),
    ]
    first, _, moves = play_game(players, seed=9)
    second, _, _ = play_game(players, seed=9)
    assert first == second
    assert sum(moves) == 54
    # Seat 1 is the plain function: each of its placements is its choice in that position.
    replay = Game(players=4, seed=9)
    for action in first.history:
        assert isinstance(action, Placement)
        if action.seat == 1:
            assert action.move == lowest_card_first_cell(replay.view(1), random.Random(0))
        replay.play(action.move)


def test_play_game_follows_the_rules_it_is_given() -> None:
    rules = Rules(hand_size=3, auto_draw=False, min_line=3, first_player=2)
    game, _, moves = play_game([GreedyPlayer()] * 3, seed=2, rules=rules)
    assert game.rules == rules
    assert game.is_over
    assert sum(moves) == 54
    first = game.history[0]
    assert isinstance(first, Placement) and first.seat == 2


# ----------------------------------------------------------------------------- reproducible
def test_the_same_seed_gives_the_same_tournament() -> None:
    players: list[Player | Strategy] = [GreedyPlayer(), RandomPlayer(), CautiousPlayer()]
    first = run(players, games=6, seed=4)
    second = run(players, games=6, seed=4)
    assert outcome(first) == outcome(second)
    assert [(r.name, r.wins, r.ties, r.win_rate) for r in first.rows] == [
        (r.name, r.wins, r.ties, r.win_rate) for r in second.rows
    ]


def test_a_different_seed_gives_a_different_tournament() -> None:
    players: list[Player | Strategy] = [GreedyPlayer(), RandomPlayer()]
    first = run(players, games=6, seed=4)
    other = run(players, games=6, seed=5)
    assert [r.seating for r in first.records] == [r.seating for r in other.records]
    assert [r.deal for r in first.records] != [r.deal for r in other.records]
    assert outcome(first) != outcome(other)


def test_serial_process_pool_and_thread_pool_give_the_same_results() -> None:
    players: list[Player | Strategy] = [
        GreedyPlayer(),
        RandomPlayer(),
        CautiousPlayer(),
        ExpertPlayer(simulations=4),
    ]
    serial = run(players, games=8, seed=7)
    with ProcessPoolExecutor(2) as process_pool:
        processes = tournament(players, games=8, seed=7, executor=process_pool, progress=False)
    with ThreadPoolExecutor(3) as thread_pool:
        threads = tournament(players, games=8, seed=7, executor=thread_pool, progress=False)
    assert outcome(processes) == outcome(serial)
    assert outcome(threads) == outcome(serial)
    def table(result: TournamentResult) -> list[tuple[str, int, int, int, float, float]]:
        return [(r.name, r.games, r.wins, r.ties, r.win_rate, r.avg_cards) for r in result.rows]

    for result in (processes, threads):
        assert table(result) == table(serial)
        assert [r.moves for r in result.records] == [r.moves for r in serial.records]


def test_auto_executor_plays_unpicklable_players_here() -> None:
    """``executor="auto"`` falls back to a plain loop for players that cannot be sent to
    another process (a lambda), with the same results."""
    players: list[Player | Strategy] = [GreedyPlayer(), lambda view, rng: min(view.legal_moves())]
    auto = tournament(players, games=2, seed=3, progress=False)
    assert outcome(auto) == outcome(run(players, games=2, seed=3))
    assert auto.rows[1].name == "<lambda>"


# ----------------------------------------------------------------------------- seating
@pytest.mark.parametrize(
    ("players", "seats", "games"),
    [(2, 2, 6), (3, 3, 6), (3, 2, 6), (2, 4, 4), (4, 4, 8), (5, 3, 5), (6, 6, 6)],
)
def test_each_player_sits_in_every_seat_equally_often(
    players: int, seats: int, games: int
) -> None:
    entrants: list[Player | Strategy] = [
        GreedyPlayer(name=f"Greedy {p}") if p % 2 else RandomPlayer(name=f"Random {p}")
        for p in range(players)
    ]
    result = run(entrants, games=games, seats=seats, seed=1)
    assert len(result.records) == games
    count = Counter((seat, p) for rec in result.records for seat, p in enumerate(rec.seating))
    assert set(count.values()) == {games // players}
    assert set(count) == {(s, p) for s in range(seats) for p in range(players)}
    check_counts(result, players, seats)


def test_games_of_one_round_share_one_deal() -> None:
    result = run([GreedyPlayer(), RandomPlayer(), CautiousPlayer()], games=6, seed=2)
    deals = [r.deal for r in result.records]
    assert deals[0] == deals[1] == deals[2]
    assert deals[3] == deals[4] == deals[5]
    assert deals[0] != deals[3]


@pytest.mark.parametrize(("players", "games", "expected"), [(3, 4, 6), (2, 5, 6), (4, 1, 4)])
def test_games_are_rounded_up_to_a_multiple_of_the_players(
    players: int, games: int, expected: int
) -> None:
    entrants: list[Player | Strategy] = [RandomPlayer(name=f"R{p}") for p in range(players)]
    result = run(entrants, games=games, seed=0)
    assert len(result.records) == expected
    assert all(row.games == expected for row in result.rows)


# ----------------------------------------------------------------------------- the table
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_tournaments_with_2_to_6_seats(seats: int) -> None:
    entrants: list[Player | Strategy] = [
        GreedyPlayer(),
        RandomPlayer(),
        lowest_card_first_cell,
    ]
    result = run(entrants, games=3, seats=seats, seed=seats)
    check_table(result, 3, seats)
    for rec in result.records:
        assert rec.seating == tuple((s + rec.index) % 3 for s in range(seats))


def test_a_plain_function_plays_in_a_tournament() -> None:
    result = run([lowest_card_first_cell, RandomPlayer()], games=4, seed=6)
    assert [row.name for row in result.rows] == ["lowest_card_first_cell", "Random"]
    check_table(result, 2, 2)


def test_greedy_wins_every_game_against_a_player_that_never_collects() -> None:
    """A clean sweep: the win rate is 1 and its interval must still contain it."""
    result = run([GreedyPlayer(), never_collects], games=6, seed=0)
    greedy, hopeless = result.rows
    assert (greedy.wins, greedy.win_rate) == (6, 1.0)
    assert (hopeless.wins, hopeless.ties, hopeless.win_rate) == (0, 0, 0.0)
    check_table(result, 2, 2)


def test_the_win_rate_interval_contains_a_clean_sweep() -> None:
    """``wilson(p, n)`` must contain ``p`` also for a rate of 0 (never won) and of 1
    (always won), whatever the number of games."""
    low_above_zero = [n for n in range(1, 61) if wilson(0.0, n)[0] > 0.0]
    high_below_one = [n for n in range(1, 61) if wilson(1.0, n)[1] < 1.0]
    assert low_above_zero == [], f"wilson(0.0, n)[0] > 0.0 for n in {low_above_zero}"
    assert high_below_one == [], f"wilson(1.0, n)[1] < 1.0 for n in {high_below_one}"


def test_text_table_has_a_header_and_a_line_per_player() -> None:
    result = run([GreedyPlayer(), RandomPlayer(), CautiousPlayer()], games=3, seed=1)
    lines = str(result).splitlines()
    assert len(lines) == 4
    assert lines[0].split()[:4] == ["player", "games", "wins", "ties"]
    for line, row in zip(lines[1:], result.rows, strict=True):
        assert line.startswith(row.name)
        assert f"{row.win_rate:.1%}" in line
    assert repr(result) == str(result)


def test_html_table_names_every_player_escaped() -> None:
    odd = RandomPlayer(name="<b>Bob</b> & co")
    result = run([GreedyPlayer(), odd], games=2, seed=1)
    page = result._repr_html_()
    assert page.startswith("<table")
    assert "Greedy" in page
    assert html.escape("<b>Bob</b> & co") in page
    assert "<b>Bob</b>" not in page
    assert page.count("<tr>") == 1 + 2  # header and one row per player


def test_plot_draws_one_bar_per_player() -> None:
    import matplotlib.pyplot as plt

    result = run([GreedyPlayer(), RandomPlayer(), CautiousPlayer()], games=3, seed=2)
    ax = result.plot()
    try:
        bars = ax.patches
        assert len(bars) == 3
        assert [b.get_height() for b in bars] == pytest.approx(
            [row.win_rate for row in result.rows]
        )
        assert [t.get_text() for t in ax.get_xticklabels()] == [r.name for r in result.rows]
        _, given = plt.subplots()
        assert result.plot(ax=given) is given
        assert len(given.patches) == 3
    finally:
        plt.close("all")


def test_progress_bar_goes_to_stderr_and_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    players: list[Player | Strategy] = [GreedyPlayer(), RandomPlayer()]
    shown = tournament(players, games=4, seed=8, executor=None, progress=True)
    out, err = capsys.readouterr()
    assert "games" in err and "4/4" in err
    assert out == ""
    assert outcome(shown) == outcome(run(players, games=4, seed=8))


def test_records_are_game_records() -> None:
    result = run([GreedyPlayer(), RandomPlayer()], games=2, seed=0)
    assert all(isinstance(r, GameRecord) for r in result.records)
    assert result.seed == 0


# ----------------------------------------------------------------------------- arguments
@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": 1},
        {"seats": 7},
        {"games": 0},
        {"games": -3},
        {"games": 2.5},
    ],
    ids=repr,
)
def test_bad_arguments_are_refused(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"games": 2, "seed": 0, "executor": None, "progress": False}
    args.update(kwargs)
    with pytest.raises(ValueError):
        tournament([GreedyPlayer(), RandomPlayer()], **args)  # type: ignore[arg-type]


def test_a_tournament_needs_players_and_seats() -> None:
    with pytest.raises(ValueError):
        tournament([], games=2, executor=None, progress=False)
    with pytest.raises(ValueError):  # seven players, one seat each by default
        tournament([RandomPlayer()] * 7, games=7, executor=None, progress=False)
    with pytest.raises(ValueError):  # one player, one seat by default
        tournament([RandomPlayer()], games=1, executor=None, progress=False)
