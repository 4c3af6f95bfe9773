"""Puzzle ratings on an Elo-like scale, fitted to the attempts of a panel of solvers.

Every puzzle is tried by each solver of the **fitting panel**
(:data:`dweebies_widget.puzzles.panel.FITTING`, named in :data:`LADDER`, weakest first):
its **share** is the chance that its attempt is right (:mod:`~dweebies_widget.puzzles.panel`
says how each solver plays).  An item-response model (:mod:`~dweebies_widget.puzzles.irt`,
the Rasch model, each share counting as :data:`TRIES` tries) is fitted to the shares of all
the mined puzzles at once: a **difficulty** ``b`` per puzzle and an **ability** per solver,
in logits, the ability of the :data:`ANCHOR` solver held at 0 (so it is rated 1500, whatever
the positions mined).  The **rating** is ``1500 + 400 / ln(10) * b``, rounded and kept within
600-2400 (:func:`rating_of`): as in Elo, a solver rated 400 points above a puzzle solves it
with chance 10/11, one rated the same with chance 1/2.

The solvers' abilities fitted with the shipped set are package data
(``data/panel.json``, :func:`abilities`).  :func:`measure` rates one new puzzle: the
panel tries it, and its difficulty is the one that best fits those shares with the
abilities held fixed (for a puzzle of the shipped set that is exactly the difficulty
the fit gave it).  It takes a fraction of a second (the Expert's searches are the slow
part).

>>> rating_of(0.0), rating_of(2.0), rating_of(-9.0)
(1500, 1847, 600)
>>> len(abilities()) == len(LADDER)
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NoReturn

import numpy as np

from ..errors import SaveError
from ..game import Game
from ..save import read_json
from . import irt
from .panel import FITTING, shares

__all__ = [
    "ANCHOR",
    "BANDS",
    "LADDER",
    "PANEL_FILE",
    "TRIES",
    "Measure",
    "abilities",
    "band",
    "fit_shares",
    "measure",
    "rating_of",
    "read_abilities",
    "write_abilities",
]

BANDS: dict[str, tuple[int, int]] = {
    "easy": (irt.LOWEST, 1199),
    "medium": (1200, 1799),
    "hard": (1800, irt.HIGHEST),
}
"""The three thirds of the rating scale, by name, lowest and highest rating included."""


def band(rating: int) -> str:
    """The name of the third of the scale that ``rating`` is in.

    >>> band(600), band(1199), band(1200), band(2400)
    ('easy', 'easy', 'medium', 'hard')
    """
    return next((n for n, (_low, high) in BANDS.items() if rating <= high), "hard")


#: The fitting panel's names, as recorded (in this order) in :attr:`Measure.shares`.
LADDER: tuple[str, ...] = tuple(s.name for s in FITTING)
#: How many tries each share counts as in the fit.
TRIES = 4.0
#: The solver whose ability is held at 0, so rated 1500: it plays like Greedy (taking the
#: most cards now) with some noise and a little grasp of the goal.
ANCHOR = "Greedy T1"
#: Where the fitted abilities live inside the package.
PANEL_FILE = "data/panel.json"
_FORMAT = "dweebies-widget/puzzle-panel"


@dataclass(frozen=True)
class Measure:
    """What a rating was measured from."""

    shares: tuple[float, ...]
    """For each solver of :data:`LADDER`, the chance that its attempt is right."""
    moves: int
    """Legal moves of the solver."""
    difficulty: float
    """The fitted difficulty, in logits (see the module docstring)."""
    rating: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "shares": list(self.shares),
            "moves": self.moves,
            "difficulty": self.difficulty,
            "rating": self.rating,
        }


def rating_of(difficulty: float) -> int:
    """The rating (600-2400) of a difficulty in logits (see the module docstring)."""
    return irt.rating_of(difficulty)


def measure(
    game: Game, seat: int, answer: frozenset[Any], ability: Sequence[float] | None = None
) -> Measure:
    """Rate the puzzle with ``answer`` (moves, or the cells of a ``where`` puzzle) in
    ``game`` for ``seat``: the fitting panel's shares, and the difficulty that fits them
    best with the solvers' ``ability`` (by default the shipped :func:`abilities`) held
    fixed."""
    found = tuple(round(s, 4) for s in shares(game, seat, answer, FITTING))
    theta = np.array(abilities() if ability is None else ability, dtype=float)
    b = round(irt.difficulty(np.array(found), np.full(len(found), TRIES), theta), 3)
    return Measure(found, len(game.view(seat).legal_moves()), b, rating_of(b))


def fit_shares(table: Sequence[Sequence[float]]) -> tuple[list[float], list[float]]:
    """Fit the item-response model to a set's shares (one row of :data:`LADDER` shares
    per puzzle): the difficulties (rounded to 3 places, as :func:`measure` stores them)
    and the solvers' abilities."""
    y = np.array(table, dtype=float)
    found = irt.fit(y, np.full(y.shape, TRIES), anchor=LADDER.index(ANCHOR))
    return [round(float(b), 3) for b in found.difficulty], [float(t) for t in found.ability]


@cache
def abilities() -> tuple[float, ...]:
    """The fitting panel's abilities (logits, in the order of :data:`LADDER`) fitted with
    the shipped set."""
    text = resources.files(__package__).joinpath(PANEL_FILE).read_text(encoding="utf-8")
    return read_abilities(text)


def read_abilities(text: str) -> tuple[float, ...]:
    """The abilities of a panel file's text, checked: the format, the solvers' names
    (those of :data:`LADDER`, in order) and one finite number per solver."""
    data = read_json(text, fail=_fail, what="a panel file")
    if not isinstance(data, dict) or set(data) != {"format", "solvers", "abilities"}:
        _fail("it must be an object with 'format', 'solvers' and 'abilities'")
    if data["format"] != _FORMAT:
        _fail(f"'format' must be {_FORMAT!r}")
    if data["solvers"] != list(LADDER):
        _fail(f"'solvers' must be {list(LADDER)}")
    values = data["abilities"]
    if not isinstance(values, list) or len(values) != len(LADDER):
        _fail("'abilities' must list one number per solver")
    if not all(type(v) in (int, float) and math.isfinite(v) for v in values):
        _fail("'abilities' must be finite numbers")
    return tuple(float(v) for v in values)


def write_abilities(ability: Sequence[float], path: str | Path) -> None:
    """Write a panel file (see :func:`read_abilities`)."""
    data = {"format": _FORMAT, "solvers": list(LADDER), "abilities": [round(a, 6) for a in ability]}
    Path(path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _fail(message: str) -> NoReturn:
    raise SaveError(f"panel file: {message}", rule="save")
