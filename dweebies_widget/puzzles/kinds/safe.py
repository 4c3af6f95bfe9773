"""The ``safe`` puzzle: collect without handing the next seat a collection.

A move is *unsafe* when, after it, the next seat (another seat than the solver) could
collect :data:`~dweebies_widget.puzzles.kinds.analysis.SAFE_LIMIT` (2) or more cards with
some Dweebie among the solver's unseen cards.  Answer: among the safe moves, those that
collect the most (more than none).  Kept if the answer is one move and at least one other
move collects but is unsafe (the temptation: a move that collects, and hands the next seat a
collection).  A gentler rule than asking for a move that collects *more* than the answer:
with one, every Greedy-like solver of the rating panel solves the puzzle at most half the
time, so no such puzzle could rate in the easy third (docs/puzzles.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...game import Move, View
from .analysis import SAFE_LIMIT, Outcome, outcomes
from .base import MoveKind, Posed, Scan
from .words import card, does, plural, unseen_copies, unseen_counts

__all__ = ["Safe"]


class Safe(MoveKind):
    """Collect the most without handing the next player a collection (see the module
    docstring)."""

    name = "safe"
    title = "Safe"
    definition = (
        "the answer is, among the moves after which the next player has no collection of "
        f"{SAFE_LIMIT} or more cards with any Dweebie among the cards hidden from you, those "
        "that collect the most (at least one card)"
    )
    keep_rule = "kept if that is one move and at least one other move collects but is unsafe"
    goal_text = (
        "Collect as many cards as you can, but leave the next player nothing they could "
        "collect with a card that is hidden from you."
    )
    former_goal_texts = (
        "Collect as many cards as you can without leaving the next player a line of 2 or "
        "more cards to collect.",
    )

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
        """Among the safe moves, those that collect the most (empty if no safe move
        collects)."""
        return _best_safe(outcomes(view))

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """One answer, and at least one other move collects but is unsafe."""
        return _kept(answer, outcomes(view))

    def why_none(self, view: View) -> str:
        return "no move collects without handing the next player a collection"

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        if len(answer) != 1:
            return f"{len(answer)} moves are safe and collect the most"
        return "every move that collects is safe"

    def praise(self, puzzle: Posed, out: Outcome) -> str:
        return (
            f"Right! {does(out)} and leaves the next player nothing they could collect with "
            "a card that is hidden from you."
        )

    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        handed = out.biggest_handed
        if not out.safe and handed is not None:
            d, n = handed
            return (
                f"{does(out)}, but it hands the next player (seat {out.next_seat}) a "
                f"collection of {plural(n, 'card')} with {card(d)}: "
                f"{unseen_copies(puzzle.view, d)}."
            )
        best = max(outs[m].points for m in puzzle.answer)
        return f"{does(out)} and is safe, but a safe move collects {best}."

    def needs(self, view: View) -> str:
        """For each Dweebie in play (on the table or in the solver's hand), how many of its
        cards are hidden from the solver (the cards the next player may hold): grouped by
        that number, the most first; those with none are "the other Dweebies in play"."""
        groups: dict[int, list[str]] = {}
        for d, n in unseen_counts(view).items():
            groups.setdefault(n, []).append(card(d))
        parts = [f"{n} of {', '.join(names)}" for n, names in sorted(groups.items())[::-1] if n]
        if 0 in groups:
            parts.append("none of the other Dweebies in play" if parts else "none")
        return "Cards hidden from you (in other hands or the draw pile): " + " \u00b7 ".join(parts)

    def find(self, scan: Scan) -> Iterator[int | None]:
        """The answer collects, and another move collects: only collecting moves matter, so
        those are looked at first, and every move only if they pass."""
        if len(scan.collecting) < 2:
            return
        hand = scan.hand
        moves = [
            Move(d, cell) for cell, options in scan.gains.items() for d in options if d in hand
        ]
        some = outcomes(scan.view, moves)
        if not _kept(_best_safe(some), some):
            return
        answer = _best_safe(scan.outcomes())
        if answer and _kept(answer, scan.outcomes()):
            yield None


def _best_safe(outs: dict[Move, Outcome]) -> frozenset[Move]:
    best = max((o.points for o in outs.values() if o.safe), default=0)
    return frozenset(m for m, o in outs.items() if best and o.safe and o.points == best)


def _kept(answer: frozenset[Any], outs: dict[Move, Outcome]) -> bool:
    if len(answer) != 1:
        return False
    return any(o.points and not o.safe for o in outs.values())
