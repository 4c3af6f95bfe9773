"""The endgame prover: exact game-tree search of two-player endgames with an empty pile.

With two players and an empty draw pile nothing is hidden from the player to move: the
cards it cannot see are exactly the other hand.  The rest of the game is then a game of
perfect information, a few placements long (one per card left in the hands), and it can be
searched to the end.

:class:`Prover` searches it exactly.  A position's *value* for the solver is the net gain
still to come under best play of both sides: the cards the solver will still collect
minus the cards the opponent will still collect, the solver maximising and the opponent
minimising.  The search is alpha-beta (minimax that skips replies which cannot change the
result) with

* a **transposition table**: a position reached again along another order of moves (the
  table, both hands and the seat to move; the scores do not matter, since the value counts
  only the cards still to come) is looked up instead of searched again, with the bounds
  learnt about it;
* **move ordering**: the move that was best in this position before, then collections,
  biggest first, then quiet moves;
* an exact **last card**: with one card left in all hands the value is the biggest
  collection that card can make, read from the rules without playing it (and remembered
  for the same table and card).

A move *wins by force* when, after it, the solver ends with more cards than the opponent
whatever the opponent does.  Proving it needs only one question per move ("is the value at
least this much?"), a narrow window that cuts the search much more than an exact value.

>>> from dweebies_widget import Game
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20, 3], [9]],
...                           scores=[4, 4])
>>> prover = Prover(game)
>>> sorted(prover.winning_moves())
[Move(dweebie=20, cell=(0, 2))]
>>> prover.margin(Move(20, (0, 2)))
3
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Game, Move

__all__ = ["INFINITY", "BudgetExceeded", "NotAnEndgame", "Prover", "check_endgame"]

INFINITY = 10**6

#: A transposition-table key: the table, both hands and the seat to move.
_Key = tuple[frozenset[tuple[tuple[int, int], int]], tuple[tuple[int, ...], ...], int]


class NotAnEndgame(ValueError):
    """The position is not a two-player endgame with an empty pile."""


class BudgetExceeded(RuntimeError):
    """The search needed more positions than the prover's ``budget`` allows."""


def check_endgame(game: Game) -> None:
    """Raise :class:`NotAnEndgame` unless ``game`` is a two-player game with an empty pile
    that is not over: the positions :class:`Prover` can search."""
    if game.players != 2:
        raise NotAnEndgame(f"an endgame has two players, this game has {game.players}")
    if game.pile_size:
        raise NotAnEndgame(
            f"an endgame has an empty pile, this one has {game.pile_size} card(s), so the "
            "cards to come are hidden"
        )
    if game.is_over:
        raise NotAnEndgame("the game is over: there is no move to find")


class Prover:
    """Exact search of a two-player endgame with an empty pile, from ``seat``'s side
    (default: the seat to move).  See the module docstring.

    The prover works on its own copy of ``game``; it may be asked many questions, and
    remembers what it learnt (its transposition table) between them.  ``nodes`` counts the
    positions searched so far; with a ``budget`` the search raises :class:`BudgetExceeded`
    rather than search more (the generator skips such positions; without a budget every
    answer is exact).
    """

    def __init__(self, game: Game, seat: int | None = None, *, budget: int | None = None) -> None:
        check_endgame(game)
        self.game = game.copy()
        self.seat = game.current_player if seat is None else seat
        if self.seat not in (0, 1):
            raise NotAnEndgame(f"seat {self.seat!r} is not a seat of a two-player game")
        self.nodes = 0
        self.budget = budget
        self._table: dict[_Key, tuple[int, int, Move | None]] = {}
        # The biggest collection of the last card on a table, for tables met again.
        self._last: dict[tuple[frozenset[tuple[tuple[int, int], int]], int], int] = {}

    # ------------------------------------------------------------------ questions
    @property
    def lead(self) -> int:
        """The solver's lead now: its collected cards minus the opponent's."""
        scores = self.game.scores
        return scores[self.seat] - scores[1 - self.seat]

    def value(self) -> int:
        """The exact net gain still to come for the solver under best play."""
        return self._search(-INFINITY, INFINITY)

    def margin(self, move: Move) -> int:
        """The solver's final lead (its cards minus the opponent's at the end) after the
        mover plays ``move`` (a legal move), under best play from then on."""
        self._push(move)
        try:
            return self.lead + self._search(-INFINITY, INFINITY)
        finally:
            self.game.undo()

    def at_least(self, move: Move, target: int) -> bool:
        """Whether the solver's final lead after ``move`` is at least ``target`` under best
        play (a narrow-window search, much cheaper than :meth:`margin`)."""
        self._push(move)
        try:
            need = target - self.lead
            return self._search(need - 1, need) >= need
        finally:
            self.game.undo()

    def wins(self, move: Move) -> bool:
        """Whether ``move`` wins by force: the solver ends with more cards whatever the
        opponent does."""
        return self.at_least(move, 1)

    def winning_moves(self) -> frozenset[Move]:
        """Every legal move of the solver that wins by force (the solver must be to
        move)."""
        if self.game.current_player != self.seat:
            raise NotAnEndgame(f"seat {self.seat} is not to move")
        return frozenset(m for m in self.ordered(self.game.legal_moves()) if self.wins(m))

    def line(self, move: Move) -> list[Move]:
        """The proof line: ``move``, then best play of both sides to the end of the game
        (each side's first best move in search order; the solver's lead at the end is
        :meth:`margin`)."""
        game = self.game
        played = [move]
        game.push(move)
        try:
            while not game.is_over:
                best_move: Move | None = None
                best = 0
                maximise = game.current_player == self.seat
                for m in self.ordered(game.legal_moves()):
                    gain = game.push(m).points
                    value = (gain if maximise else -gain) + self._search(-INFINITY, INFINITY)
                    game.undo()
                    if best_move is None or (value > best if maximise else value < best):
                        best_move, best = m, value
                assert best_move is not None
                played.append(best_move)
                game.push(best_move)
        finally:
            for _ in played:
                game.undo()
        return played

    # ------------------------------------------------------------------ the search
    def _push(self, move: Move) -> int:
        game = self.game
        if move not in game.legal_moves():
            raise ValueError(f"{move} is not a legal move here")
        return game.push(move).points

    def ordered(self, moves: Iterable[Move], first: Move | None = None) -> list[Move]:
        """``moves`` (of the position now) with ``first`` first, then by the cards each
        collects, biggest first (ties in the rules' order: by Dweebie, then cell)."""
        gains = self.game.collect_map()
        scored = sorted(moves, key=lambda m: (m != first, -gains.get(m.cell, {}).get(m.dweebie, 0)))
        return scored

    def _search(self, alpha: int, beta: int) -> int:
        """The solver's net gain to come, searched within the window ``(alpha, beta)``:
        exact inside it, otherwise a bound on the right side of it (fail-soft)."""
        game = self.game
        if game.is_over:
            return 0
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise BudgetExceeded(f"the search needed more than {self.budget} positions")
        mover = game.current_player
        hands = game.hands
        maximise = mover == self.seat
        table = frozenset(game.board.items())
        if len(hands[0]) + len(hands[1]) == 1:  # the last card: its biggest collection
            last = (table, hands[mover][0])
            gain = self._last.get(last)
            if gain is None:
                gain = self._last[last] = game.best_collection(hands[mover])[0]
            return gain if maximise else -gain
        key: _Key = (table, hands, mover)
        low, high, first = self._table.get(key, (-INFINITY, INFINITY, None))
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha = max(alpha, low)
        beta = min(beta, high)
        best = -INFINITY if maximise else INFINITY
        best_move: Move | None = None
        a, b = alpha, beta
        gains = game.collect_map()
        moves = sorted(
            game.legal_moves(),
            key=lambda m: (m != first, -gains.get(m.cell, {}).get(m.dweebie, 0)),
        )
        # After the mover's last card its own gains are over: a move's value is then at
        # most what it collects now (at least minus that, for the opponent).  The rest of
        # the table and hands bounds it otherwise.  Moves come biggest collection first,
        # so once a bound cannot beat the best so far, no later move can.
        left = len(hands[mover]) - 1
        rest = len(game.board) + 1 + len(hands[0]) + len(hands[1]) - 1
        for move in moves:
            bound = gains.get(move.cell, {}).get(move.dweebie, 0) + (rest if left else 0)
            if move != first:
                if maximise and bound <= max(a, best):
                    best = max(best, bound)
                    break
                if not maximise and -bound >= min(b, best):
                    best = min(best, -bound)
                    break
            gain = game.push(move).points
            if maximise:
                value = gain + self._search(a - gain, b - gain)
                game.undo()
                if value > best:
                    best, best_move = value, move
                    if best > a:
                        a = best
                        if a >= b:
                            break
            else:
                value = -gain + self._search(a + gain, b + gain)
                game.undo()
                if value < best:
                    best, best_move = value, move
                    if best < b:
                        b = best
                        if a >= b:
                            break
        if best <= alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self._table[key] = (low, high, best_move)
        return best
