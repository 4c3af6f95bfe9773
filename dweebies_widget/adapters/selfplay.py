"""A small learning agent for the PettingZoo environment, trained by self-play (numpy only).

This is a classroom-sized example of reinforcement learning on Dweebies, not a strong
player: a **linear softmax policy** over a few numbers per legal action, all read from the
agent's observation, trained with **REINFORCE** (the policy-gradient method) while it plays
against itself through :mod:`dweebies_widget.adapters.pettingzoo`.

>>> import numpy as np
>>> from dweebies_widget.adapters.pettingzoo import env
>>> e = env(players=2)
>>> e.reset(seed=7)
>>> obs = e.last()[0]
>>> actions, x = features(obs)
>>> len(actions) == int(obs["action_mask"].sum()), x.shape[1] == len(FEATURES)
(True, True)
>>> policy = LinearPolicy()                 # all weights 0: every legal action equally likely
>>> policy.probabilities(x).round(3).tolist() == [round(1 / len(actions), 3)] * len(actions)
True

**What the agent may read.**  Only ``obs["observation"]`` and ``obs["action_mask"]``: the
table, its own hand and the public counts, never another hand (no ``env.unwrapped.game``).
The rules themselves are public, so the agent may ask the rules core about the table it
sees: :func:`table_game` rebuilds the visible table (in the window's coordinates) as a
:class:`~dweebies_widget.Game` whose hidden parts are placeholders, and its
:meth:`~dweebies_widget.Game.collect_map` answers "what would this card collect here?".
Nothing hidden goes in, so nothing hidden comes out.

**The features** of a legal action (a card on a cell), each divided by 10 cards:

0. ``collect``: the cards the action collects now;
1. ``reply``: the biggest collection the next player could then make with a Dweebie it
   might hold (one whose copies are not all on the table or in the agent's hand);
2. ``follow_up``: the biggest collection the agent could then make itself next turn, with a
   card still in its hand (if the next player leaves it there).

**The policy** gives action ``a`` the probability ``exp(w . x_a) / sum_b exp(w . x_b)``
over the legal actions ``b``: three weights, all 0 at first (every legal action equally
likely: a random player).

**REINFORCE.**  After each game every decision of every seat is scored with that seat's
reward (+1 won, -1 lost, 0 all tied: the environment's rewards), and the weights move by
``rate * reward * (x_chosen - sum_b p_b x_b)``: towards the features of the actions that
were chosen in won games, away from those chosen in lost ones.  Both seats are the same
policy (self-play), so it always meets an opponent of its own strength.  Everything is
seeded: the same seed gives the same weights.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..ai.tournament import wilson
from ..cards import COPIES, NUM_DWEEBIES
from ..game import Game, Move
from ..grid import Cell
from .pettingzoo import HAND, SCORE, TABLE

__all__ = [
    "FEATURES",
    "GameStats",
    "LinearPolicy",
    "Record",
    "decode",
    "evaluate",
    "features",
    "observed_players",
    "self_play",
    "table_game",
]

#: The names of the features, in order (see the module docstring).
FEATURES = ("collect", "reply", "follow_up")

#: Cards per unit of a feature (features are cards / SCALE, so weights stay near 1).
SCALE = 10.0

Obs = dict[str, NDArray[np.int8]]


def observed_players(obs: Obs) -> int:
    """The number of players, read from the observation's channels (``57 + 3 * N``)."""
    return (int(obs["observation"].shape[2]) - SCORE) // 3


def decode(action: int, window: int) -> Move:
    """The move of ``action`` in the **window's** coordinates (row and column 0 at its top
    left), the coordinates of :func:`table_game`.

    >>> decode(3 * 25 * 25 + 12 * 25 + 12, 25)
    Move(dweebie=3, cell=(12, 12))
    """
    dweebie, rest = divmod(int(action), window * window)
    return Move(dweebie, divmod(rest, window))


def table_game(obs: Obs) -> Game:
    """The table the observation shows, rebuilt as a game in the window's coordinates, with
    the observer to move holding its own hand.  The other seats hold one placeholder card
    each and the pile is empty: the game answers questions about the table (what collects
    where, which cells are legal), never about hidden cards.

    >>> from dweebies_widget.adapters.pettingzoo import env
    >>> e = env(players=2)
    >>> e.reset(seed=7)
    >>> table_game(e.last()[0]).hand(0) == e.unwrapped.game.hand(0)
    True
    """
    planes = obs["observation"]
    players = observed_players(obs)
    rows, cols, ids = np.nonzero(planes[:, :, TABLE : TABLE + NUM_DWEEBIES])
    board = {(int(r), int(c)): int(d) for r, c, d in zip(rows, cols, ids, strict=True)}
    hand = [d for d in range(NUM_DWEEBIES) for _ in range(int(planes[0, 0, HAND + d]))]
    seen = np.bincount(ids, minlength=NUM_DWEEBIES) + planes[0, 0, HAND : HAND + NUM_DWEEBIES]
    spare = [d for d in range(NUM_DWEEBIES) for _ in range(COPIES[d] - int(seen[d]))]
    others: list[list[int]] = [[spare[i]] if i < len(spare) else [] for i in range(players - 1)]
    return Game.from_position(board=board, hands=[hand, *others], max_groups=None)


def _unseen(planes: NDArray[np.int8]) -> set[int]:
    """Dweebies with copies neither on the table nor in the observer's hand."""
    on_table = planes[:, :, TABLE : TABLE + NUM_DWEEBIES].sum(axis=(0, 1))
    mine = planes[0, 0, HAND : HAND + NUM_DWEEBIES]
    return {d for d in range(NUM_DWEEBIES) if on_table[d] + mine[d] < COPIES[d]}


def features(obs: Obs) -> tuple[NDArray[np.int64], NDArray[np.float64]]:
    """The legal actions of the observation (from its action mask) and their features, one
    row per action (see the module docstring)."""
    planes = obs["observation"]
    window = int(planes.shape[0])
    actions = np.flatnonzero(obs["action_mask"]).astype(np.int64)
    x = np.zeros((len(actions), len(FEATURES)))
    if not planes[:, :, TABLE : TABLE + NUM_DWEEBIES].any():
        return actions, x  # the empty table: one cell, nothing to collect or leave
    game = table_game(obs)
    gains_now = game.collect_map()
    unseen = _unseen(planes)
    hand = list(game.hand(0))
    for i, action in enumerate(actions):
        move = decode(int(action), window)
        gain = gains_now.get(move.cell, {}).get(move.dweebie, 0)
        x[i, 0] = gain
        kept = set(hand)
        if hand.count(move.dweebie) == 1:
            kept.discard(move.dweebie)
        reply = follow = 0
        for gains in _gains_after(game, move, gains_now, quiet=not gain):
            for d, n in gains.items():
                if d in unseen:
                    reply = max(reply, n)
                if d in kept:
                    follow = max(follow, n)
        x[i, 1] = reply
        x[i, 2] = follow
    return actions, x / SCALE


def _gains_after(
    game: Game, move: Move, before: dict[Cell, dict[int, int]], *, quiet: bool
) -> list[dict[int, int]]:
    """What every Dweebie could collect on each legal cell once ``move`` is played
    (``game.collect_map()`` after it), from ``before``, the map before it.  A ``quiet`` move
    (it collects nothing) on a table in one group changes only the lines of its own row and
    column, so only the legal cells there are asked again; otherwise the whole map is."""
    game.push(move, draw=False)
    try:
        if game.is_over:
            return []
        if not quiet or game.is_split or not before:
            return list(game.collect_map().values())
        r, c = move.cell
        out = [g for cell, g in before.items() if cell[0] != r and cell[1] != c]
        for cell in game.legal_cells():
            if cell[0] == r or cell[1] == c:
                found = game.would_collect(cell)
                if found:
                    out.append({d: len(cells) for d, cells in found.items()})
        return out
    finally:
        game.undo()


@dataclass
class LinearPolicy:
    """A softmax over the legal actions of ``weights . features`` (see the module
    docstring).  ``weights`` start at 0: every legal action equally likely."""

    weights: NDArray[np.float64] = field(default_factory=lambda: np.zeros(len(FEATURES)))

    def probabilities(self, x: NDArray[np.float64]) -> NDArray[np.float64]:
        """The probability of each row (action) of ``x``."""
        logits = x @ self.weights
        logits = logits - logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum(), dtype=np.float64)

    def act(self, obs: Obs, rng: np.random.Generator, *, explore: bool = True) -> int:
        """An action for ``obs``: drawn from the policy (``explore``), or the most likely
        one (ties broken by ``rng``)."""
        actions, x = features(obs)
        p = self.probabilities(x)
        if explore:
            return int(actions[rng.choice(len(actions), p=p)])
        best = np.flatnonzero(p >= p.max() - 1e-12)
        return int(actions[best[rng.integers(len(best))]])


@dataclass(frozen=True)
class GameStats:
    """One training game: its number, the weights after it, and its scores."""

    game: int
    weights: tuple[float, ...]
    scores: tuple[int, ...]


def self_play(
    policy: LinearPolicy,
    games: int,
    *,
    seed: int = 0,
    rate: float = 2.0,
    players: int = 2,
    on_game: Callable[[GameStats], None] | None = None,
) -> list[GameStats]:
    """Train ``policy`` (in place) by ``games`` games against itself through the PettingZoo
    environment, with REINFORCE (see the module docstring); returns one
    :class:`GameStats` per game (``on_game`` is called with each, for a progress bar)."""
    from .pettingzoo import env as make_env

    e = make_env(players=players)
    rng = np.random.default_rng(seed)
    out: list[GameStats] = []
    for g in range(games):
        e.reset(seed=int(rng.integers(2**31)))
        # Per seat: the gradient of log p(chosen) of each of its decisions, summed.
        grads = {agent: np.zeros(len(FEATURES)) for agent in e.possible_agents}
        final: dict[str, float] = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                final[agent] = reward
                e.step(None)
                continue
            actions, x = features(obs)
            p = policy.probabilities(x)
            k = int(rng.choice(len(actions), p=p))
            grads[agent] += x[k] - p @ x
            e.step(int(actions[k]))
        for agent, grad in grads.items():
            policy.weights += rate * final[agent] * grad
        game = e.unwrapped.game
        stats = GameStats(g + 1, tuple(float(w) for w in policy.weights), game.scores)
        out.append(stats)
        if on_game is not None:
            on_game(stats)
    return out


@dataclass(frozen=True)
class Record:
    """Games won, tied and lost by one player against another."""

    won: int
    tied: int
    lost: int

    @property
    def games(self) -> int:
        """Games played."""
        return self.won + self.tied + self.lost

    @property
    def win_rate(self) -> float:
        """``(won + tied / 2) / games``: a tie counts half a win, as in the tournaments."""
        return (self.won + self.tied / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % confidence interval of the win rate (Wilson score interval)."""
        return wilson(self.win_rate, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return (
            f"won {self.won}, tied {self.tied}, lost {self.lost} of {self.games}: "
            f"win rate {self.win_rate:.0%} (95 % interval {low:.0%}-{high:.0%})"
        )


def evaluate(
    policy: LinearPolicy,
    opponent: Any,
    games: int,
    *,
    seed: int = 0,
) -> Record:
    """Play ``games`` two-player games of ``policy`` (its most likely action, without
    exploring) against ``opponent``, a player of the package (``choose(view, rng)``), each
    deal twice with the seats swapped, through the PettingZoo environment; returns the
    policy's :class:`Record`.  The policy gets its observation; the opponent gets its own
    view of the game, as in any game of the package.  The same arguments give the same
    record."""
    import random

    from .pettingzoo import env as make_env

    e = make_env(players=2)
    raw = e.unwrapped
    won = tied = lost = 0
    for g in range(games):
        deal, mine = divmod(g, 2)
        e.reset(seed=seed * 100_003 + deal)
        rng = np.random.default_rng([seed, g])
        other_rng = random.Random(f"{seed}:{g}")
        learner = e.possible_agents[mine]
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _ = e.last()
            if terminated or truncated:
                if agent == learner:  # +1 won, -1 lost, 0 tied (both seats won)
                    won += reward > 0
                    tied += reward == 0
                    lost += reward < 0
                e.step(None)
            elif agent == learner:
                e.step(policy.act(obs, rng, explore=False))
            else:
                seat = e.possible_agents.index(agent)
                move = opponent.choose(raw.game.view(seat), other_rng)
                e.step(raw.encode_move(move))
    return Record(won, tied, lost)
