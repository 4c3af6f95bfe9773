"""The kinds of puzzle, one class in one module each, and their registry.

Each kind (:class:`~dweebies_widget.puzzles.kinds.base.Kind`) holds everything it means:
its answer by exhaustive search and its keep-condition, goal, messages, hints, themes, the
answer's JSON codec, the generator's pre-filter and what a widget needs to know.  The rest
of the package asks the kind object (:func:`kind`) and never names a kind itself, so a new
kind is one new module plus its line in :data:`BUILT_IN` (or a :func:`register` call).

A kind's goal states the puzzle's rules first when they are not the standard ones
(:mod:`.house`).  The kinds shipped, in the order lessons meet them (rules references in
the modules):

* ``haul`` (:mod:`.haul`): collect as many cards as possible with one move;
* ``rejoin`` (:mod:`.rejoin`, titled "Join"): join a split table with a move that collects
  and keeps it joined;
* ``safe`` (:mod:`.safe`): collect without handing the next seat a collection;
* ``where`` (:mod:`.where`): mark every cell where a named card may go;
* ``endgame`` (:mod:`.endgame`): two players, empty pile: the move that wins by force.

>>> [k.title for k in kinds().values()]
['Haul', 'Join', 'Safe', 'Where', 'Endgame']
>>> kind("haul").definition
'the answer is the moves that collect the most cards with one placement'
>>> from dweebies_widget import Game
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> sorted(kind("haul").answer(game.view(0)))
[Move(dweebie=20, cell=(0, 2))]
"""

from __future__ import annotations

from typing import TypeVar

from .analysis import SAFE_LIMIT, Outcome, is_two_way, outcomes
from .base import Kind, MoveKind, Posed, Scan, solver_view
from .endgame import Endgame
from .haul import Haul
from .house import is_standard, rules_note
from .rejoin import Rejoin
from .safe import Safe
from .where import Where
from .words import card

__all__ = [
    "BUILT_IN",
    "KINDS",
    "SAFE_LIMIT",
    "Kind",
    "MoveKind",
    "Outcome",
    "Posed",
    "Scan",
    "card",
    "is_standard",
    "is_two_way",
    "kind",
    "kinds",
    "names",
    "outcomes",
    "register",
    "rules_note",
    "solver_view",
    "unregister",
]

#: The kinds the package ships, in the order lessons meet them.
BUILT_IN: tuple[Kind, ...] = (Haul(), Rejoin(), Safe(), Where(), Endgame())

_REGISTRY: dict[str, Kind] = {k.name: k for k in BUILT_IN}
_K = TypeVar("_K", bound=Kind)

#: The names of the kinds the package ships, in the order lessons meet them (see
#: :func:`names` for every registered kind).
KINDS: tuple[str, ...] = tuple(_REGISTRY)


def register(new: _K) -> _K:
    """Make ``new`` a kind of puzzle, usable by :meth:`Puzzle.make
    <dweebies_widget.puzzles.Puzzle.make>`, the puzzle files and the generator; its name
    must be new.  Returns it."""
    if not getattr(new, "name", ""):
        raise ValueError(f"a puzzle kind needs a name: {new!r}")
    if new.name in _REGISTRY:
        raise ValueError(f"there is already a puzzle kind called {new.name!r}")
    _REGISTRY[new.name] = new
    return new


def unregister(name: str) -> None:
    """Forget the kind called ``name`` (one registered with :func:`register`)."""
    if any(k.name == name for k in BUILT_IN):
        raise ValueError(f"{name!r} is a kind the package ships; it stays")
    kind(name)
    del _REGISTRY[name]


def kinds() -> dict[str, Kind]:
    """Every registered kind by name, the shipped ones first (a copy)."""
    return dict(_REGISTRY)


def names() -> tuple[str, ...]:
    """The names of every registered kind, the shipped ones first."""
    return tuple(_REGISTRY)


def kind(name: str) -> Kind:
    """The kind called ``name`` (a :class:`ValueError` names the kinds when there is
    none)."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown puzzle kind {name!r}; the kinds are {', '.join(_REGISTRY)}"
        ) from None
