"""The ``endgame`` puzzle: two players, empty pile: find the move that wins by force.

The unseen cards are then exactly the other hand, so the game is one of perfect
information.  Answer: the moves that win by force (more cards at the end than the opponent
whatever the opponent does), proven by a full game-tree search
(:mod:`dweebies_widget.puzzles.endgame`).  Kept if exactly one move and at least 3 other
moves do not force a win.

The generator searches endgames only with at most :data:`ENDGAME_CARDS` cards left in the
hands, and skips a position whose proof would need more than :data:`ENDGAME_BUDGET`
positions (the proofs of the shipped set stay fast enough to be redone at test time).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...cards import name
from ...game import Game, Move, View
from ..endgame import BudgetExceeded, NotAnEndgame, Prover
from .analysis import Outcome
from .base import MoveKind, Posed, Scan
from .words import does, move_text, plural

__all__ = ["ENDGAME_BUDGET", "ENDGAME_CARDS", "Endgame"]

#: Most cards left in both hands for an endgame to be searched by the generator.
ENDGAME_CARDS = 6
#: Most positions an endgame proof may search in the generator.
ENDGAME_BUDGET = 6_000


class Endgame(MoveKind):
    """Find the move that wins whatever the opponent does (see the module docstring)."""

    name = "endgame"
    title = "Endgame"
    definition = (
        "with two players and an empty draw pile, the answer is the moves that win by force "
        "(more collected cards at the end than the opponent, whatever they do)"
    )
    keep_rule = "kept if exactly one move does and at least 3 other moves do not"
    goal_text = (
        "The draw pile is empty: find a move after which you end with more collected cards "
        "than your opponent, whatever they do."
    )
    former_goal_texts = (
        "The pile is empty and you can work out your opponent's cards: find the move that "
        "wins whatever they do.",
    )
    searched_games = 800
    scores_matter = True

    def answer(self, view: View, dweebie: int | None = None) -> frozenset[Move]:
        """The moves that win by force (empty when the position is no endgame)."""
        try:
            prover = Prover(view.public_game(), view.seat)
        except NotAnEndgame:
            return frozenset()
        return prover.winning_moves()

    def keep(self, view: View, answer: frozenset[Any]) -> bool:
        """Exactly one winning move and at least 3 other moves that do not win."""
        return len(answer) == 1 and len(view.legal_moves()) - 1 >= 3

    def why_none(self, view: View) -> str:
        try:
            Prover(view.public_game(), view.seat)
        except NotAnEndgame as exc:
            return str(exc)
        return "no move wins by force"

    def why_not_kept(self, view: View, answer: frozenset[Any]) -> str:
        if len(answer) != 1:
            return f"{len(answer)} moves win by force"
        others = len(view.legal_moves()) - 1
        return f"only {plural(others, 'other move')} {'is' if others == 1 else 'are'} legal"

    def line(self, puzzle: Posed, move: Move) -> tuple[Move, ...]:
        """The move, then best play of both sides to the end."""
        return tuple(Prover(puzzle.position, puzzle.seat).line(move))

    def praise(self, puzzle: Posed, out: Outcome) -> str:
        margin = Prover(puzzle.position, puzzle.seat).margin(out.move)
        return (
            f"Right! {does(out)}. Whatever your opponent does, you end at least "
            f"{plural(margin, 'card')} ahead."
        )

    def fault(self, puzzle: Posed, outs: dict[Move, Outcome], out: Outcome) -> str:
        """How the game ends after the move, as the prover says, with the opponent's
        reply."""
        prover = Prover(puzzle.position, puzzle.seat)
        margin = prover.margin(out.move)
        line = prover.line(out.move)
        reply = f" For example {move_text(line[1])}." if len(line) > 1 else ""
        if margin < 0:
            ends = f"your opponent can then force a win: you end {plural(-margin, 'card')} behind."
        else:
            ends = "your opponent can then force a tie."
        return f"{does(out)}, but {ends}{reply}"

    def status_line(self, view: View) -> str | None:
        """Every card the solver has not seen is in the opponent's hand: they are named."""
        cards = ", ".join(name(d) for d in view.unseen) or "nothing"
        return (
            f"The draw pile is empty, so every card hidden from you is in your opponent's "
            f"hand: {cards}."
        )

    def find(self, scan: Scan) -> Iterator[int | None]:
        """Only two-player games with an empty pile, at most :data:`ENDGAME_CARDS` cards in
        the hands and 4 moves or more; the search stops at a second winning move."""
        game, view = scan.game, scan.view
        if game.players != 2 or game.pile_size or sum(game.hand_sizes) > ENDGAME_CARDS:
            return
        if len(view.legal_moves()) < 4:
            return
        answer = _single_win(scan.public, view)
        if answer and self.keep(view, answer):
            yield None


def _single_win(public: Game, view: View) -> frozenset[Move]:
    """The winning moves of an endgame if there is exactly one, else nothing: the search
    stops at a second winning move, or when it runs out of budget."""
    prover = Prover(public, view.seat, budget=ENDGAME_BUDGET)
    found: list[Move] = []
    try:
        for move in prover.ordered(public.legal_moves()):
            if prover.wins(move):
                found.append(move)
                if len(found) > 1:
                    return frozenset()
    except BudgetExceeded:
        return frozenset()
    return frozenset(found)
