"""An item-response model: puzzle difficulties and solver abilities from attempts.

The model is the Rasch (one-parameter logistic) model: solver ``j`` of ability
``theta[j]`` solves puzzle ``i`` of difficulty ``b[i]`` with chance

    p = 1 / (1 + exp(b[i] - theta[j]))

Attempts are given as **shares** ``y[i, j]`` (the fraction of right attempts, 0 to 1) with
a weight ``n[i, j]`` (how many tries a share counts as; 0 where solver ``j`` did not try
puzzle ``i``).  :func:`fit` finds the difficulties and abilities of greatest posterior
chance: the log-likelihood ``sum n (y log p + (1 - y) log(1 - p))`` plus a weak normal
prior, mean 0 and standard deviation :data:`PRIOR_SD`, on every ``b`` and every
``theta`` (it keeps a puzzle that every solver solves, or none, at a finite
difficulty); one solver, the **anchor**, may be held at ability 0, which fixes where 0
lies on the scale.  It alternates exact Newton steps on the
difficulties and on the abilities from all zeros, so it needs no random numbers and
gives the same result on every run.  :func:`difficulty` estimates one new puzzle's
difficulty with the abilities held fixed: at a fitted set's optimum that is exactly the
difficulty the fit gave it.

:func:`elo` maps a difficulty in logits to an Elo-like rating, ``1500 + 400 / ln(10) * b``,
so that, as in chess, a solver rated 400 points above a puzzle solves it with chance
10/11; :func:`rating_of` rounds it and keeps it within 600-2400.  :func:`spearman` and
:func:`kendall` are the rank correlations used to check ratings.

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> true_b, true_theta = rng.normal(0, 1.5, 60), rng.normal(0, 1.5, 12)
>>> y = simulate(true_b, true_theta, tries=20, rng=rng)
>>> found = fit(y, np.full(y.shape, 20.0))
>>> spearman(found.difficulty, true_b) > 0.95
True
>>> rating_of(0.0), rating_of(1.0), rating_of(-9.0)
(1500, 1674, 600)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "LOWEST",
    "HIGHEST",
    "PRIOR_SD",
    "SCALE",
    "Fit",
    "difficulty",
    "elo",
    "fit",
    "kendall",
    "rating_of",
    "simulate",
    "spearman",
]

Array = NDArray[np.float64]

#: The prior's standard deviation, in logits, for every difficulty and ability.
PRIOR_SD = 3.0
#: Rating points per logit: 400 points are a factor of 10 in the odds, as in Elo.
SCALE = 400.0 / math.log(10.0)
#: The rating range.
LOWEST, HIGHEST = 600, 2400


@dataclass(frozen=True)
class Fit:
    """The result of :func:`fit`: difficulties (one per puzzle) and abilities (one per
    solver), in logits."""

    difficulty: Array
    ability: Array
    iterations: int


def _chance(b: Array, theta: Array) -> Array:
    return 1.0 / (1.0 + np.exp(b[:, None] - theta[None, :]))


def fit(
    shares: Array,
    weights: Array,
    *,
    anchor: int | None = None,
    prior_sd: float = PRIOR_SD,
    tol: float = 1e-9,
) -> Fit:
    """The Rasch model's difficulties and abilities of greatest posterior chance for
    ``shares[i, j]`` (puzzle ``i``, solver ``j``) with ``weights[i, j]`` tries (see the
    module docstring).  ``anchor``, a solver's index, fixes that solver's ability at 0
    (where 0 lies then depends on that solver only)."""
    y = np.asarray(shares, dtype=float)
    n = np.asarray(weights, dtype=float)
    if y.shape != n.shape or y.ndim != 2:
        raise ValueError("shares and weights must be tables of the same shape")
    if np.any((y < 0) | (y > 1)) or np.any(n < 0):
        raise ValueError("shares must be 0 to 1 and weights at least 0")
    b = np.zeros(y.shape[0])
    theta = np.zeros(y.shape[1])
    prec = 1.0 / prior_sd**2
    for step in range(1, 1001):
        p = _chance(b, theta)
        g = (n * (p - y)).sum(axis=1) - b * prec
        b = b + np.clip(g / ((n * p * (1 - p)).sum(axis=1) + prec), -1.0, 1.0)
        p = _chance(b, theta)
        h = (n * (y - p)).sum(axis=0) - theta * prec
        change = np.clip(h / ((n * p * (1 - p)).sum(axis=0) + prec), -1.0, 1.0)
        if anchor is not None:
            change[anchor] = h[anchor] = 0.0
        theta = theta + change
        if max(np.abs(g).max(initial=0.0), np.abs(h).max(initial=0.0)) < tol:
            return Fit(b, theta, step)
    return Fit(b, theta, step)


def difficulty(
    shares: Array, weights: Array, ability: Array, *, prior_sd: float = PRIOR_SD
) -> float:
    """One puzzle's difficulty of greatest posterior chance from its ``shares`` (one per
    solver, with ``weights`` tries) with the solvers' ``ability`` held fixed.

    >>> round(difficulty(np.array([0.5]), np.array([1000.0]), np.array([1.0])), 3)
    1.0
    """
    y, n, theta = (np.asarray(a, dtype=float) for a in (shares, weights, ability))
    prec = 1.0 / prior_sd**2
    b = 0.0
    for _ in range(200):
        p = 1.0 / (1.0 + np.exp(b - theta))
        g = float((n * (p - y)).sum()) - b * prec
        b += max(-1.0, min(1.0, g / (float((n * p * (1 - p)).sum()) + prec)))
        if abs(g) < 1e-12:
            break
    return b


def elo(logits: float) -> float:
    """A difficulty or ability in logits on the Elo-like scale (not rounded or clipped)."""
    return 1500.0 + SCALE * logits


def rating_of(logits: float) -> int:
    """The rating of a difficulty in logits: :func:`elo` rounded, kept within
    :data:`LOWEST` - :data:`HIGHEST`."""
    return int(min(HIGHEST, max(LOWEST, round(elo(logits)))))


def simulate(
    b: Array, theta: Array, *, tries: int, rng: np.random.Generator
) -> Array:
    """Shares of ``tries`` attempts of every solver at every puzzle drawn from the Rasch
    model with ``rng`` (for checking :func:`fit`)."""
    p = _chance(np.asarray(b, dtype=float), np.asarray(theta, dtype=float))
    return rng.binomial(tries, p).astype(float) / tries


def _ranks(x: Array) -> Array:
    """Ranks from 1, ties given their average rank."""
    x = np.asarray(x, dtype=float)
    order = np.argsort(x, kind="mergesort")
    ranks = np.empty(len(x))
    ranks[order] = np.arange(1, len(x) + 1)
    for value in np.unique(x):
        tied = x == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def spearman(x: Array, y: Array) -> float:
    """Spearman's rank correlation (ties given their average rank).

    >>> round(spearman(np.array([1.0, 2, 3, 4]), np.array([10.0, 20, 40, 30])), 3)
    0.8
    """
    rx, ry = _ranks(x), _ranks(y)
    return float(np.corrcoef(rx, ry)[0, 1])


def kendall(x: Array, y: Array) -> float:
    """Kendall's tau-b (ties allowed in either).

    >>> round(kendall(np.array([1.0, 2, 3, 4]), np.array([10.0, 20, 40, 30])), 3)
    0.667
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    dx = np.sign(x[:, None] - x[None, :])
    dy = np.sign(y[:, None] - y[None, :])
    concordant = float((dx * dy).sum()) / 2
    tx = float((dx != 0).sum()) / 2
    ty = float((dy != 0).sum()) / 2
    return concordant / math.sqrt(tx * ty)
