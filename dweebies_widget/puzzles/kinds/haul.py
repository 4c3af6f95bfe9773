"""The ``haul`` puzzle: collect as many cards as possible with one move.

Answer: the moves with the largest collection (more than none).  Kept if the answer is a
single move, it collects at least 3 cards, and at least 2 other moves also collect
something.  Tagged ``two_way`` when the answer collects along both its row and its column.

>>> from dweebies_widget import Game
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9, (1, 1): 4}, hands=[[20, 3], [5]])
>>> sorted(Haul().answer(game.view(0)))
[Move(dweebie=20, cell=(0, 2))]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...game import Move, View
from .analysis import Outcome, is_two_way, outcomes
from .base import MoveKind, Posed, Scan
from .words import does, plural

__all__ = ["Haul"]


class Haul(MoveKind):
    """Collect as many cards as you can with one move (see the module docstring)."""

    name = "haul"
    title = "Haul"
    definition = "the answer is the moves that collect the most cards with one placement"
    keep_rule = (
        "kept if that is a single move, it collects at least 3 cards and at least 2 other "
        "moves also collect something"
    )
    goal_text = "Collect as many cards as you can with one move."
    searched_games = 400

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
        """The moves with the largest collection (empty when no move collects)."""
        return _best(outcomes(view, handed=False))

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """One answer that collects at least 3 cards, and at least 2 other moves collect."""
        return _kept(answer, outcomes(view, handed=False))

    def why_none(self, view: View) -> str:
        return "no move collects anything"

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        outs = outcomes(view, handed=False)
        if len(answer) != 1:
            return f"{len(answer)} moves collect the most"
        (move,) = answer
        if outs[move].points < 3:
            return f"the best move collects only {plural(outs[move].points, 'card')}"
        others = sum(1 for m, o in outs.items() if m != move and o.points)
        return f"only {plural(others, 'other move')} {'collects' if others == 1 else 'collect'}"

    def praise(self, puzzle: Posed, out: Outcome) -> str:
        text = f"Right! {does(out)}"
        text += ", the most any move can." if out.points else "."
        if is_two_way(out.move, out.collected):
            text = text[:-1] + ", along its row and its column."
        return text

    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        best = max(o.points for o in outs.values())
        return f"{does(out)}; the best move collects {best}."

    def find(self, scan: Scan) -> Iterator[int | None]:
        """Only when some card collects 3 or more, more than any other collection, and
        3 collections are possible."""
        top = scan.collecting
        if len(top) < 3 or top[0] < 3 or top[0] == top[1]:
            return
        answer = _best(scan.plain())
        if answer and _kept(answer, scan.plain()):
            yield None


def _best(outs: dict[Move, Outcome]) -> frozenset[Move]:
    best = max((o.points for o in outs.values()), default=0)
    return frozenset(m for m, o in outs.items() if best and o.points == best)


def _kept(answer: frozenset[Any], outs: dict[Move, Outcome]) -> bool:
    if len(answer) != 1:
        return False
    (move,) = answer
    others = sum(1 for m, o in outs.items() if m != move and o.points)
    return outs[move].points >= 3 and others >= 2
