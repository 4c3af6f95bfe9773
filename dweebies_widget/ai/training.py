"""Training a :class:`~dweebies_widget.ai.value.ValueModel`: positions of finished games,
the features of every seat's view, and who won.  Needs numpy (the ``notebooks`` extra);
``benchmarks/train_value.py`` and notebook 07 use it.

>>> import random
>>> from dweebies_widget.ai import CautiousPlayer
>>> data = positions([CautiousPlayer(), CautiousPlayer()], games=4, seed=0)
>>> data.x.shape[1] == len(FEATURES), data.x.shape[0] == data.y.shape[0] == data.game.shape[0]
(True, True)
>>> model, curve = fit(data, hidden=4, epochs=2, seed=0)
>>> len(model.hidden), len(curve)
(4, 2)

Everything is seeded: the same seeds give the same games, the same weights and the same
curve on every run (on the same machine).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..extras import require

require("notebooks", "numpy", what="training a value model")

import numpy as np  # noqa: E402
from numpy.typing import NDArray  # noqa: E402

from ..game import Game  # noqa: E402
from .base import Player  # noqa: E402
from .expert import win_chances  # noqa: E402
from .value import FEATURES, ValueModel, game_features  # noqa: E402

__all__ = ["Positions", "fit", "log_loss", "positions", "record_game", "scores"]


@dataclass
class Positions:
    """Rows of features (one per seat and position), each seat's result of that game (1 won,
    a share on a tie, 0 lost) and the number of the game each row came from."""

    x: NDArray[np.float64]
    y: NDArray[np.float64]
    game: NDArray[np.int64]
    handset: NDArray[np.float64]
    """The hand-set judge's chance (:func:`~dweebies_widget.ai.expert.win_chances`) for each
    row, to compare against."""

    def __len__(self) -> int:
        return int(self.y.shape[0])

    def __add__(self, other: Positions) -> Positions:
        shift = int(self.game.max()) + 1 if len(self) else 0
        return Positions(
            np.concatenate([self.x, other.x]),
            np.concatenate([self.y, other.y]),
            np.concatenate([self.game, other.game + shift]),
            np.concatenate([self.handset, other.handset]),
        )

    def split(self, every: int = 10) -> tuple[Positions, Positions]:
        """Training and held-out rows: every ``every``-th game is held out whole."""
        held = self.game % every == every - 1
        return self.take(~held), self.take(held)

    def take(self, mask: NDArray[np.bool_]) -> Positions:
        return Positions(self.x[mask], self.y[mask], self.game[mask], self.handset[mask])


def record_game(
    players: Sequence[Player], seed: int, rng_seed: int | None = None
) -> tuple[list[list[float]], list[float], list[float]]:
    """Play one game (``players`` in seat order, deal ``seed``) and return, for every
    position before a placement and every seat, its features, its result and the hand-set
    judge's chance."""
    game = Game(players=len(players), seed=seed)
    base = seed if rng_seed is None else rng_seed
    rngs = [random.Random(f"{base}:{s}") for s in range(len(players))]
    rows: list[list[float]] = []
    hand: list[float] = []
    while not game.is_over:
        rows.extend(game_features(game))
        hand.extend(win_chances(game))
        seat = game.current_player
        game.play(players[seat].choose(game.view(seat), rngs[seat]))
    winners = game.winners
    result = [1.0 / len(winners) if s in winners else 0.0 for s in range(game.players)]
    n = game.players
    return rows, [result[i % n] for i in range(len(rows))], hand


def positions(players: Sequence[Player], games: int, seed: int = 0) -> Positions:
    """The positions of ``games`` games between ``players`` (seated in turn: game ``k``
    rotates them by ``k`` seats), dealt from seeds ``seed``, ``seed + 1``, ..."""
    xs: list[list[float]] = []
    ys: list[float] = []
    ids: list[int] = []
    hs: list[float] = []
    m = len(players)
    for k in range(games):
        seated = [players[(s + k) % m] for s in range(m)]
        rows, result, hand = record_game(seated, seed + k)
        xs.extend(rows)
        ys.extend(result)
        hs.extend(hand)
        ids.extend([k] * len(rows))
    return Positions(
        np.asarray(xs, dtype=np.float64).reshape(-1, len(FEATURES)),
        np.asarray(ys, dtype=np.float64),
        np.asarray(ids, dtype=np.int64),
        np.asarray(hs, dtype=np.float64),
    )


def _forward(
    params: list[NDArray[np.float64]], x: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64] | None]:
    if len(params) == 2:
        w, b = params
        return x @ w + b, None
    w1, b1, w2, b2 = params
    h = np.tanh(x @ w1 + b1)
    return h @ w2 + b2, h


def _sigmoid(z: NDArray[np.float64]) -> NDArray[np.float64]:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


def log_loss(p: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """The mean cross-entropy of chances ``p`` against results ``y`` (lower is better)."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def scores(model: ValueModel, data: Positions) -> dict[str, float]:
    """How well ``model`` (before the seats' chances are scaled to add up to one) and the
    hand-set judge predict the results of ``data``: log loss and Brier score of each."""
    p = _sigmoid(_forward(_params(model), data.x)[0])
    return {
        "log_loss": log_loss(p, data.y),
        "brier": float(np.mean((p - data.y) ** 2)),
        "handset_log_loss": log_loss(data.handset, data.y),
        "handset_brier": float(np.mean((data.handset - data.y) ** 2)),
    }


def _params(model: ValueModel) -> list[NDArray[np.float64]]:
    if not model.hidden:
        return [np.asarray(model.output[0]), np.asarray(model.output[1])]
    w1 = np.asarray([w for w, _ in model.hidden]).T
    b1 = np.asarray([b for _, b in model.hidden])
    return [w1, b1, np.asarray(model.output[0]), np.asarray(model.output[1])]


def fit(
    data: Positions,
    *,
    hidden: int = 8,
    epochs: int = 6,
    batch: int = 1024,
    rate: float = 0.003,
    l2: float = 1e-5,
    seed: int = 0,
    held_out: Positions | None = None,
    start: ValueModel | None = None,
    drop: Sequence[str] = (),
) -> tuple[ValueModel, list[float]]:
    """Fit a model to ``data`` by minibatch Adam on the cross-entropy (seeded); returns it
    and the learning curve: the held-out log loss after each epoch (of ``held_out``, or of
    ``data`` when none is given).  ``hidden=0`` fits a logistic regression; ``start``
    continues from a model's weights; the features named in ``drop`` get weight 0 (the
    model ignores them)."""
    rng = np.random.default_rng(seed)
    n_in = len(FEATURES)
    if start is not None:
        params = [p.astype(np.float64).copy() for p in _params(start)]
    elif hidden:
        params = [
            rng.normal(0.0, 1.0 / math.sqrt(n_in), (n_in, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 1.0 / math.sqrt(hidden), hidden),
            np.zeros(()),
        ]
    else:
        params = [np.zeros(n_in), np.zeros(())]
    keep = np.asarray([0.0 if f in drop else 1.0 for f in FEATURES])
    unknown = set(drop) - set(FEATURES)
    if unknown:
        raise ValueError(f"no such feature: {', '.join(sorted(unknown))}")
    params[0] = params[0] * (keep[:, None] if params[0].ndim == 2 else keep)
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    check = held_out if held_out is not None else data
    curve: list[float] = []
    for _ in range(epochs):
        order = rng.permutation(len(data))
        for i in range(0, len(order), batch):
            idx = order[i : i + batch]
            x, y = data.x[idx], data.y[idx]
            z, h = _forward(params, x)
            g = (_sigmoid(z) - y) / len(idx)  # d loss / d z
            if h is None:
                grads = [(x.T @ g) * keep, g.sum()]
            else:
                w1, b1, w2, b2 = params
                gh = np.outer(g, w2) * (1 - h * h)
                grads = [(x.T @ gh) * keep[:, None], gh.sum(0), h.T @ g, g.sum()]
            step += 1
            for k, (p, gr) in enumerate(zip(params, grads, strict=True)):
                if p.ndim:
                    gr = gr + l2 * p  # a dropped feature's weights stay 0
                m[k] = 0.9 * m[k] + 0.1 * gr
                v[k] = 0.999 * v[k] + 0.001 * gr * gr
                mhat = m[k] / (1 - 0.9**step)
                vhat = v[k] / (1 - 0.999**step)
                params[k] = p - rate * mhat / (np.sqrt(vhat) + 1e-8)
        curve.append(log_loss(_sigmoid(_forward(params, check.x)[0]), check.y))
    return _model(params), curve


def _model(params: list[NDArray[np.float64]]) -> ValueModel:
    if len(params) == 2:
        return ValueModel([], (params[0].tolist(), float(params[1])))
    w1, b1, w2, b2 = params
    hidden = [(w1[:, j].tolist(), float(b1[j])) for j in range(w1.shape[1])]
    return ValueModel(hidden, (w2.tolist(), float(b2)))
