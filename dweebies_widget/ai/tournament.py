"""Tournaments: many games between players, with seats rotated, in parallel.

>>> from dweebies_widget.ai import GreedyPlayer, RandomPlayer, tournament
>>> result = tournament([GreedyPlayer(), RandomPlayer()], games=4, seed=1, executor=None,
...                     progress=False)
>>> [row.name for row in result.rows]
['Greedy', 'Random']
>>> result.rows[0].games
4

Game ``i`` seats player ``(s + i) % len(players)`` at seat ``s``, so over every
``len(players)`` games each player sits in each seat equally often, and those games share one
deal (the same cards, each player in each seat: luck of the deal evens out).  ``games`` is
rounded up to a multiple of ``len(players)``.  Each game's deal and each player's random
numbers come from ``seed`` and the game's number alone, so the results do not depend on which
worker played which game: a process pool, a Dask cluster (``client.get_executor()``) and a
plain loop (``executor=None``) give the same table.
"""

from __future__ import annotations

import html
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..extras import require
from ..game import MAX_PLAYERS, MIN_PLAYERS, Game, Rules
from ..parallel import run_all
from .base import Player, Strategy, as_player

__all__ = ["GameRecord", "PlayerRow", "TournamentResult", "play_game", "tournament"]


@dataclass(frozen=True)
class GameRecord:
    """One finished game of a tournament."""

    index: int
    deal: int
    seating: tuple[int, ...]
    """Player index at each seat."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """Winning seats."""
    think: tuple[float, ...]
    """Seconds spent choosing, per seat."""
    moves: tuple[int, ...]
    """Moves made, per seat."""


@dataclass(frozen=True)
class PlayerRow:
    """One player's line of the table."""

    name: str
    games: int
    wins: int
    """Games won outright."""
    ties: int
    """Games won together with others."""
    win_rate: float
    """(wins + each tie's share) / games."""
    ci_low: float
    ci_high: float
    """95 % confidence interval of the win rate (Wilson score interval)."""
    avg_cards: float
    avg_think_ms: float
    """Average time to choose a move, in milliseconds."""


@dataclass(frozen=True)
class TournamentResult:
    """The table of a tournament: ``rows`` (one per player) and every ``records``."""

    rows: tuple[PlayerRow, ...]
    records: tuple[GameRecord, ...]
    seats: int
    seed: int

    def __str__(self) -> str:
        head = (
            f"{'player':<20} {'games':>5} {'wins':>5} {'ties':>4} {'win rate':>9} "
            f"{'95% interval':>14} {'cards':>6} {'ms/move':>8}"
        )
        lines = [head]
        for r in self.rows:
            lines.append(
                f"{r.name[:20]:<20} {r.games:>5} {r.wins:>5} {r.ties:>4} {r.win_rate:>9.1%} "
                f"{f'{r.ci_low:.0%}-{r.ci_high:.0%}':>14} {r.avg_cards:>6.1f} "
                f"{r.avg_think_ms:>8.2f}"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cells = "".join(
            "<tr>"
            f"<td style='text-align:left'>{html.escape(r.name)}</td><td>{r.games}</td>"
            f"<td>{r.wins}</td><td>{r.ties}</td><td><b>{r.win_rate:.1%}</b></td>"
            f"<td>{r.ci_low:.1%} – {r.ci_high:.1%}</td><td>{r.avg_cards:.1f}</td>"
            f"<td>{r.avg_think_ms:.2f}</td></tr>"
            for r in self.rows
        )
        return (
            "<table><thead><tr><th style='text-align:left'>player</th><th>games</th>"
            "<th>wins</th><th>ties</th><th>win rate</th><th>95 % interval</th>"
            "<th>cards per game</th><th>ms per move</th></tr></thead>"
            f"<tbody>{cells}</tbody></table>"
            f"<p>{self.seats} seats per game, seed {self.seed}.</p>"
        )

    def __repr__(self) -> str:
        return str(self)

    def plot(self, ax: Any = None) -> Any:
        """Draw the win rates as a bar chart with their 95 % intervals (matplotlib);
        returns the axes."""
        return plot_win_rates(self, ax)


def plot_win_rates(result: TournamentResult, ax: Any = None) -> Any:
    """A matplotlib bar chart of ``result``'s win rates with 95 % interval error bars
    (matplotlib comes with the notebooks extra; without it,
    :class:`~dweebies_widget.extras.MissingExtra` names it)."""
    require("notebooks", "matplotlib", what="plot()")
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(1.6 + 1.3 * len(result.rows), 3.2))
    names = [r.name for r in result.rows]
    rates = [r.win_rate for r in result.rows]
    errors = [
        [r.win_rate - r.ci_low for r in result.rows],
        [r.ci_high - r.win_rate for r in result.rows],
    ]
    ax.bar(names, rates, yerr=errors, capsize=6, color="#56B4E9", edgecolor="#0072B2")
    ax.axhline(1 / result.seats, color="grey", linestyle="--", linewidth=1, label="even chances")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title(f"{len(result.records)} games, {result.seats} seats")
    ax.legend(loc="upper right")
    return ax


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a rate ``p`` seen over ``n`` games.

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # The interval always contains p (rounding could put p = 0 or 1 a hair outside).
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def play_game(
    players: Sequence[Player | Strategy],
    *,
    seed: int,
    rules: Rules | None = None,
    rngs: Sequence[random.Random] | None = None,
) -> tuple[Game, list[float], list[int]]:
    """Play one game to the end: ``players[s]`` sits at seat ``s``.  Returns the finished
    game, the seconds each seat spent choosing and the moves each seat made.  Every player
    sees only its view; a player's random numbers come from ``rngs[s]`` (by default seeded
    from ``seed`` and the seat)."""
    seated = [as_player(p) for p in players]
    game = Game(players=len(seated), seed=seed, rules=rules)
    if rngs is None:
        rngs = [random.Random(f"{seed}:{s}") for s in range(len(seated))]
    think = [0.0] * len(seated)
    moves = [0] * len(seated)
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        start = time.perf_counter()
        move = seated[seat].choose(view, rngs[seat])
        think[seat] += time.perf_counter() - start
        moves[seat] += 1
        game.play(move)
    return game, think, moves


def _spec_game(spec: tuple[int, int, int, tuple[int, ...], Rules | None, list[Any]]) -> GameRecord:
    index, deal, seed, seating, rules, players = spec
    rngs = [random.Random(f"{seed}:{index}:{s}") for s in range(len(seating))]
    game, think, moves = play_game([players[p] for p in seating], seed=deal, rules=rules, rngs=rngs)
    return GameRecord(
        index=index,
        deal=deal,
        seating=seating,
        scores=game.scores,
        winners=game.winners,
        think=tuple(think),
        moves=tuple(moves),
    )


def tournament(
    players: Sequence[Player | Strategy],
    games: int = 100,
    seats: int | None = None,
    seed: int = 0,
    *,
    rules: Rules | None = None,
    executor: Executor | None | str = "auto",
    progress: bool = True,
) -> TournamentResult:
    """Play ``games`` games between ``players`` with ``seats`` seats each (default: one
    seat per player; with fewer players than seats they fill the seats in turn) and return
    the table.

    ``executor``: ``"auto"`` (a process pool over all cores), ``None`` (play here, one game
    after another) or any :class:`concurrent.futures.Executor`, for instance a Dask
    ``distributed`` client's ``client.get_executor()``.  The results are the same for the
    same ``seed`` whatever runs the games.  ``progress`` shows a tqdm bar (a widget in a
    notebook, text in a terminal).
    """
    entrants = [as_player(p) for p in players]
    m = len(entrants)
    if m < 1:
        raise ValueError("a tournament needs at least one player")
    n = m if seats is None else seats
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"seats must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {n!r}")
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive int, not {games!r}")
    total = -(-games // m) * m
    deal_rng = random.Random(f"tournament:{seed}")
    deals = [deal_rng.randrange(2**31) for _ in range(total // m)]
    specs = [
        (i, deals[i // m], seed, tuple((s + i) % m for s in range(n)), rules, entrants)
        for i in range(total)
    ]
    records = run_all(_spec_game, specs, executor=executor, progress=progress, desc="games")
    return _table(entrants, records, n, seed)


def _table(
    entrants: list[Player], records: list[GameRecord], seats: int, seed: int
) -> TournamentResult:
    m = len(entrants)
    games = [0] * m
    wins = [0] * m
    ties = [0] * m
    points = [0.0] * m
    cards = [0] * m
    think = [0.0] * m
    moves = [0] * m
    for rec in records:
        share = 1.0 / len(rec.winners)
        for seat, p in enumerate(rec.seating):
            games[p] += 1
            cards[p] += rec.scores[seat]
            think[p] += rec.think[seat]
            moves[p] += rec.moves[seat]
            if seat in rec.winners:
                points[p] += share
                if len(rec.winners) == 1:
                    wins[p] += 1
                else:
                    ties[p] += 1
    rows = []
    for p, player in enumerate(entrants):
        rate = points[p] / games[p] if games[p] else 0.0
        low, high = wilson(rate, games[p])
        rows.append(
            PlayerRow(
                name=player.name,
                games=games[p],
                wins=wins[p],
                ties=ties[p],
                win_rate=rate,
                ci_low=low,
                ci_high=high,
                avg_cards=cards[p] / games[p] if games[p] else 0.0,
                avg_think_ms=1000 * think[p] / moves[p] if moves[p] else 0.0,
            )
        )
    return TournamentResult(tuple(rows), tuple(records), seats, seed)
