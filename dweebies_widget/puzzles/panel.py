"""The solver panel: players of graded strength whose attempts at a puzzle rate it.

Each :class:`Solver` of a panel tries a puzzle from the solver's view and gets a **share**:
the chance (0 to 1) that its attempt is right.

* On a puzzle whose answer is a move, a solver picks its move by a **softmax** over the
  move values of an AI player: Greedy's (the cards a move collects now) or Cautious's
  (those cards minus what the next seat may then collect), at a **temperature** ``T`` in
  cards, and with an **insight** ``k`` into the goal: a move of value ``v`` is picked
  with chance proportional to ``exp(v / T + k)`` if it answers the puzzle and
  ``exp(v / T)`` if not.  A low temperature plays almost like the player itself, a high
  one almost at random; the insight stands for knowing what the goal asks (the odds of
  an answer move against another move of the same value are ``e**k`` to 1), so the
  puzzle is hard when many moves, or moves worth more to the player, compete with the
  answer.  The share is that chance summed over the answer moves, worked out exactly (no
  sampling).
  ``Random`` picks a legal move uniformly.  The **Expert** (:class:`~dweebies_widget.ai.
  ExpertPlayer`) at a budget of simulations plays once per seed; its share is the
  fraction of its seeds that played an answer move.
* On a ``where`` puzzle (mark every cell where a named card may go), every solver is a
  model of **graded care** (its ``care``, a number): it judges every cell that looks
  possible on its own, and gets the puzzle right only if it judges every one right.  It
  misses a cell where the card may go, or marks one where it may not, with chance
  ``1 / (1 + exp(care - h))``, where ``h``, how hard the cell is to judge, is set by hand
  (:func:`cell_hardness`): cells that touch a card but lie on no shortest link between
  the groups are tempting, more so near another group; cells on a link are easier to
  miss when they touch only one group and when the link is longer; cells that touch a
  card only at a corner tempt a few; each group beyond two makes every cell harder.  The
  share is the product of the chances of judging each cell right, worked out exactly.
  These numbers are a model, set by hand, not measured on people.

The **fitting panel** (:data:`FITTING`) gives the ratings; the **held-out panel**
(:data:`HELD_OUT`: other temperatures, budgets, seeds and care) is used only to check
them.  Every chance comes from the position and the solver alone, and the Expert's
random numbers from a seed named by the solver and the try, so a share is the same on
every run.

>>> from dweebies_widget import Game
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> from dweebies_widget.game import Move
>>> [round(s, 3) for s in shares(game, 0, frozenset({Move(20, (0, 2))}), FITTING[:3])]
[0.071, 0.31, 0.679]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import grid
from ..ai import ExpertPlayer
from ..ai.cautious import cautious_values
from ..ai.greedy import immediate_gains
from ..game import Game, Move, View
from ..grid import Cell

__all__ = ["FITTING", "HELD_OUT", "Solver", "cell_hardness", "shares", "where_chance"]


@dataclass(frozen=True)
class Solver:
    """One member of a panel (see the module docstring)."""

    name: str
    moves: str
    """How it picks a move: ``"random"``, ``"greedy"``, ``"cautious"`` (a softmax over
    that player's move values) or ``"expert"``."""
    care: float
    """How carefully it judges the cells of a ``where`` puzzle."""
    temperature: float = 1.0
    """The softmax's temperature, in cards (``greedy`` and ``cautious``)."""
    insight: float = 0.0
    """What the softmax adds to the log-odds of an answer move (``greedy`` and
    ``cautious``)."""
    simulations: int = 0
    """The Expert's budget per move (``expert``)."""
    seeds: tuple[int, ...] = ()
    """The Expert's tries, one per seed (``expert``)."""

    def share(self, game: Game, seat: int, answer: frozenset[Any]) -> float:
        """The chance that this solver's attempt at the puzzle is right."""
        view = game.view(seat)
        if not all(isinstance(m, Move) for m in answer):
            return where_chance(view, answer, self.care)
        if self.moves == "expert":
            # The judge the shipped puzzles' difficulties were measured with.
            player = ExpertPlayer(simulations=self.simulations, value="hand-set")
            tries = [
                player.choose(view, random.Random(f"panel:{self.name}:{s}")) in answer
                for s in self.seeds
            ]
            return sum(tries) / len(tries)
        if self.moves == "random":
            legal = view.legal_moves()
            return sum(1 for m in legal if m in answer) / len(legal)
        values = immediate_gains(view) if self.moves == "greedy" else cautious_values(view)
        return softmax_share(values, answer, self.temperature, self.insight)


def softmax_share(
    values: dict[Move, float], answer: frozenset[Any], temperature: float, insight: float = 0.0
) -> float:
    """The chance that a softmax over ``values`` at ``temperature``, with ``insight``
    added to the log-odds of the moves of ``answer``, picks one of them.

    >>> one, two = Move(1, (0, 0)), Move(2, (0, 0))
    >>> round(softmax_share({one: 1.0, two: 0.0}, frozenset({one}), 1.0), 3)
    0.731
    >>> round(softmax_share({one: 0.0, two: 1.0}, frozenset({one}), 1.0, insight=1.0), 3)
    0.5
    """
    top = max(values.values())
    weights = {
        m: math.exp((v - top) / temperature + (insight if m in answer else 0.0))
        for m, v in values.items()
    }
    return sum(w for m, w in weights.items() if m in answer) / sum(weights.values())


def cell_hardness(view: View) -> dict[Cell, tuple[bool, float]]:
    """Every cell a ``where`` solver judges, with whether the card may go there and how
    hard that is to judge (see the module docstring): the empty cells next to a card, and
    the empty cells touching a card only at a corner."""
    board = view.board
    groups = view.public_game().groups
    legal = set(view.legal_cells())
    extra = 1.0 * max(0, len(groups) - 2)
    longer = 1.0 * max(0, view.public_game().bridge_cost - 1)
    owner = {cell: i for i, g in enumerate(groups) for cell in g}
    out: dict[Cell, tuple[bool, float]] = {}
    for cell in grid.frontier(board):
        touching = {owner[n] for n in _around(cell, _SIDES) if n in owner}
        if cell in legal:
            out[cell] = (True, -1.0 + (1.0 if len(touching) < 2 else 0.0) + longer + extra)
        else:
            near = any(
                owner[c] not in touching
                for c in owner
                if abs(c[0] - cell[0]) + abs(c[1] - cell[1]) <= 2
            )
            out[cell] = (False, -1.5 + (1.0 if near else 0.0) + extra)
    for cell in _corner_cells(board):
        touching = {owner[n] for n in _around(cell, _CORNERS) if n in owner}
        out[cell] = (False, -3.0 + (1.0 if len(touching) >= 2 else 0.0) + extra)
    return out


def where_chance(view: View, answer: frozenset[Any], care: float) -> float:
    """The chance that a solver of ``care`` marks exactly the cells of ``answer``: the
    product over the cells it judges of the chance of judging each right.

    >>> from dweebies_widget import Game
    >>> game = Game.from_position(board={(0, 0): 20, (0, 2): 9}, hands=[[20, 3], [5]])
    >>> low, high = (where_chance(game.view(0), frozenset({(0, 1)}), c) for c in (0, 3))
    >>> 0 < low < high < 1
    True
    """
    chance = 1.0
    for _, hard in cell_hardness(view).values():
        chance *= 1.0 - 1.0 / (1.0 + math.exp(care - hard))
    for cell in answer:  # a legal cell the model does not list (never on a real table)
        if cell not in grid.frontier(view.board):
            chance *= 0.5
    return chance


_SIDES = ((0, 1), (0, -1), (1, 0), (-1, 0))
_CORNERS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def _around(cell: Cell, steps: Sequence[tuple[int, int]]) -> list[Cell]:
    return [(cell[0] + dr, cell[1] + dc) for dr, dc in steps]


def _corner_cells(board: dict[Cell, int] | Any) -> set[Cell]:
    """Empty cells that touch a card at a corner and at no side."""
    side = grid.frontier(board)
    return {
        c for cell in board for c in _around(cell, _CORNERS) if c not in board and c not in side
    }


def shares(
    game: Game, seat: int, answer: frozenset[Any], panel: Sequence[Solver]
) -> list[float]:
    """Each solver's share of the puzzle with ``answer`` in ``game`` for ``seat``."""
    return [s.share(game, seat, answer) for s in panel]


def _expert(name: str, simulations: int, care: float, seeds: tuple[int, ...]) -> Solver:
    return Solver(name, "expert", care, simulations=simulations, seeds=seeds)


#: The panel whose attempts the ratings are fitted to, weakest first (roughly).  The
#: care levels were set so that ``where`` puzzles fall around the middle of the scale, as
#: the puzzles of the other kinds do.
FITTING: tuple[Solver, ...] = (
    Solver("Random", "random", 1.0),
    Solver("Greedy T2", "greedy", 2.0, temperature=2.0, insight=0.5),
    Solver("Greedy T1", "greedy", 2.5, temperature=1.0, insight=1.0),
    Solver("Greedy T0.5", "greedy", 3.0, temperature=0.5, insight=2.0),
    Solver("Cautious T1", "cautious", 3.5, temperature=1.0, insight=2.0),
    Solver("Cautious T0.5", "cautious", 4.0, temperature=0.5, insight=3.0),
    Solver("Cautious T0.25", "cautious", 4.5, temperature=0.25, insight=4.0),
    _expert("Expert 10", 10, 5.0, (0, 1)),
    _expert("Expert 40", 40, 5.5, (0, 1)),
)
#: Other solvers, used only to check the ratings (never to fit them).
HELD_OUT: tuple[Solver, ...] = (
    Solver("Greedy T1.4", "greedy", 2.25, temperature=1.4, insight=0.75),
    Solver("Greedy T0.7", "greedy", 2.75, temperature=0.7, insight=1.5),
    Solver("Cautious T0.7", "cautious", 3.75, temperature=0.7, insight=2.5),
    Solver("Cautious T0.35", "cautious", 4.25, temperature=0.35, insight=3.5),
    _expert("Expert 20", 20, 4.75, (7, 8)),
    _expert("Expert 60", 60, 5.25, (7,)),
)
