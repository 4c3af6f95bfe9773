"""The ``rejoin`` puzzle (titled "Join"): the table is split; find the placement that joins
all groups, collects, and leaves the table joined after the collection.

Answer: the moves that leave the table joined (one group, or empty) and collect something.
A move that joins the table and then collects a line whose going splits it again is not an
answer: the goal says so ("and keeps it joined").  Kept if exactly one move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...game import Move, View
from .analysis import Outcome, outcomes
from .base import MoveKind, Posed, Scan
from .words import does, move_text, plural

__all__ = ["Rejoin"]


class Rejoin(MoveKind):
    """Join a split table with a move that collects and keeps it joined (see the module
    docstring)."""

    name = "rejoin"
    title = "Join"
    definition = (
        "on a split table, the answer is the moves that leave the table joined and collect "
        "something"
    )
    keep_rule = "kept if exactly one move does"
    goal_text = (
        "The table is split: place a card that joins it into one group and collects, and "
        "keeps it joined (the collection must not split it again)."
    )
    former_goal_texts = (
        "The table is split: place a card that joins it into one group and collects.",
    )

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
        """On a split table, the moves that leave it joined and collect (else empty)."""
        return _joining(outcomes(view, handed=False))

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """Exactly one move."""
        return len(answer) == 1

    def why_none(self, view: View) -> str:
        game = view.public_game()
        if not game.is_split:
            return "the table is not split"
        if game.bridge_cost > 1:
            return f"its bridge cost is {game.bridge_cost}, so no single move joins it"
        return "no move that joins it collects while leaving it joined"

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        return f"{plural(len(answer), 'move')} {'does' if len(answer) == 1 else 'do'}"

    def praise(self, puzzle: Posed, out: Outcome) -> str:
        if not out.groups_after:
            return f"Right! {does(out)}: it joins the table and collects every card on it."
        return f"Right! {does(out)}, joins the table into one group and keeps it joined."

    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        if not out.split_after:
            return f"{move_text(out.move)} joins the table but collects nothing."
        groups = out.groups_after
        if out.points:
            return (
                f"{does(out)}, but the collection leaves the table split into {groups} "
                "groups; find the card that joins the table and keeps it joined."
            )
        return f"{does(out)}, and the table is still split into {groups} groups."

    def find(self, scan: Scan) -> Iterator[int | None]:
        """Only on a table split by one missing card, with a card that collects."""
        if not scan.public.is_split or scan.public.bridge_cost != 1 or not scan.collecting:
            return
        answer = _joining(scan.plain())
        if answer and self.keep(scan.view, answer):
            yield None


def _joining(outs: dict[Move, Outcome]) -> frozenset[Move]:
    return frozenset(
        m for m, o in outs.items() if o.split_before and not o.split_after and o.points
    )
