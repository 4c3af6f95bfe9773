"""Glicko-2 ratings of students and puzzles, updated from recorded attempts.

This follows Mark Glickman's "Example of the Glicko-2 system" (2013) step by step.  A
:class:`Rating` is a rating on the Elo-like scale of the shipped puzzles, a **rating
deviation** (how uncertain it is: about 95 % of the time the true rating lies within two
deviations) and a **volatility** (how erratic the player is).  :func:`update` applies
one rating period's results; with no results only the deviation grows.

A puzzle attempt is a game between the student and the puzzle: solving it is a win for
the student and a loss for the puzzle, failing it the reverse.  :func:`attempt` updates
both from one attempt.  A student starts at :data:`STUDENT` (1500, deviation 350); a
puzzle starts at its shipped rating with the small deviation :data:`PUZZLE_DEVIATION`
(:func:`puzzle`), since the panel has measured it already.  :func:`expected` is the
chance that the student solves the puzzle, and :func:`nearest` picks the puzzles whose
ratings are closest to a student's, to serve puzzles the student solves about half the
time.

Glickman's worked example: a player rated 1500 (deviation 200, volatility 0.06) plays
three opponents and wins, loses, loses, and ends at 1464.06 / 151.52 / 0.05999 (the
paper rounds its steps; unrounded, the rating is 1464.05):

>>> player = Rating(1500, 200, 0.06)
>>> games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
>>> new = update(player, games)
>>> round(new.rating, 1), round(new.deviation, 2), round(new.volatility, 6)
(1464.1, 151.52, 0.059996)

A new student solves a puzzle rated 1800:

>>> student, hard = attempt(STUDENT, puzzle(1800), solved=True)
>>> round(student.rating), round(hard.rating)
(1887, 1789)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "PUZZLE_DEVIATION",
    "SCALE",
    "STUDENT",
    "TAU",
    "Rating",
    "attempt",
    "expected",
    "nearest",
    "puzzle",
    "update",
]

#: Rating points per unit of Glicko-2's inner scale.
SCALE = 173.7178
#: The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: A puzzle's starting deviation: its rating was measured by the panel.
PUZZLE_DEVIATION = 60.0
_EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating``, ``deviation`` and ``volatility`` (see the module
    docstring)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


#: Where every student starts.
STUDENT = Rating(1500.0, 350.0, 0.06)


def puzzle(rating: float, deviation: float = PUZZLE_DEVIATION) -> Rating:
    """A puzzle's starting rating: its shipped rating with a small deviation.

    >>> puzzle(1200)
    Rating(rating=1200, deviation=60.0, volatility=0.06)
    """
    return Rating(rating, deviation, 0.06)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(student: Rating, puzzle: Rating) -> float:
    """The chance that ``student`` beats ``puzzle`` (solves it), as Glicko-2 sees it.

    >>> round(expected(Rating(1500, 50), Rating(1500, 50)), 3)
    0.5
    """
    mu, mu_j = (student.rating - 1500) / SCALE, (puzzle.rating - 1500) / SCALE
    phi = math.hypot(student.deviation, puzzle.deviation) / SCALE
    return _e(mu, mu_j, phi)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``games``: each an opponent's
    rating (before the period) and the player's score (1 a win, 0 a loss, 0.5 a draw)."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:  # step 6 only: the deviation grows
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    # Steps 3 and 4: the estimated variance and improvement.
    inverse_v = 0.0
    total = 0.0
    for opponent, score in games:
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.deviation / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        inverse_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * total
    # Step 5: the new volatility (the Illinois algorithm).
    sigma = _volatility(delta, phi, v, sigma, tau)
    # Steps 6 to 8.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(SCALE * mu_new + 1500.0, SCALE * phi_new, sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        return top / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def attempt(
    student: Rating, puzzle: Rating, solved: bool, tau: float = TAU
) -> tuple[Rating, Rating]:
    """The student's and the puzzle's ratings after one attempt (a game the student wins
    by solving the puzzle), each updated from the other's rating before it."""
    score = 1.0 if solved else 0.0
    return update(student, [(puzzle, score)], tau), update(puzzle, [(student, 1.0 - score)], tau)


def nearest(ratings: Mapping[str, float], student: Rating, count: int = 1) -> list[str]:
    """The ``count`` puzzle ids whose ratings are closest to the student's (ties by id),
    closest first.

    >>> nearest({"a": 900, "b": 1450, "c": 1600}, Rating(1500, 200), count=2)
    ['b', 'c']
    """
    return sorted(ratings, key=lambda k: (abs(ratings[k] - student.rating), k))[:count]
