"""What the other players probably hold: beliefs about hidden hands, read from the table.

A card player does not guess the other hands blindly.  If Ben could have collected five
cards with a Zibzab and collected two with something else, Ben probably held no Zibzab
then.  This module turns such clues into numbers, using only what one seat may see (its
:class:`~dweebies_widget.game.View`: the table, the public history, the hand sizes and the
cards it has not seen), never the hidden cards themselves.

How it works, in four steps:

1. **Start from fairness.**  Before any clue, every way of dealing the unseen cards into the
   other hands and the pile is equally likely.
2. **Read each past turn of another player.**  At that turn the table was known, so the
   biggest collection each Dweebie could have made was known too.  When Dweebie ``d`` could
   have collected ``gap`` more cards than the move did, the odds that the player held a ``d``
   are multiplied by a factor below 1: a player holding ``d`` would usually have taken the
   cards.  How much below 1 depends on the player: each seat's own turns show how often it
   lets a collection of the very card it plays go by (a random player often, a greedy one
   never), and the factors for players that take their collections were measured on games
   of the AI ladder (``benchmarks/fit_beliefs.py``).
3. **Cards drawn since.**  A player that drew ``k`` of its ``h`` cards after that turn may
   have drawn its ``d`` later, so a clue counts only for the cards that were already in the
   hand: the factor used is ``k/h + (h - k)/h * factor``.
4. **Deal guesses from it.**  Each other seat in turn takes its hand from the cards left,
   a card of Dweebie ``d`` being picked with weight ``w[seat][d]`` (the product of its
   clues; 1 with none); the pile gets the rest.  :func:`beliefs` reports, for each seat,
   the expected number of copies of each Dweebie over many such guesses.

>>> from dweebies_widget import Game
>>> game = Game.from_position(board={(0, 0): 20, (0, 1): 20}, hands=[[3, 4], [5, 6]],
...                           pile=[7, 8, 20])
>>> _ = game.play(3, (1, 0))   # seat 0 could have collected three cards with a 20
>>> held = beliefs(game.view(1))[0]
>>> round(sum(held.values()), 6), held[20] < held[7]
(2.0, True)
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import COPIES, NUM_DWEEBIES
from ..game import Game, Placement, View

__all__ = [
    "PASS_PRIOR",
    "TAKER_FACTORS",
    "clue_factor",
    "BeliefModel",
    "PastTurn",
    "beliefs",
    "hold_chances",
    "past_turns",
    "passed_collections",
]

#: Odds factor for holding a Dweebie that could have collected ``gap`` more cards than the
#: move that was made, for a player that takes the collections of the cards it holds
#: (index = gap, capped at the last entry).  Measured by maximum likelihood on games of the
#: AI ladder (``python benchmarks/fit_beliefs.py --games 16``, 2-4 players, every pairing):
#: Greedy, Cautious and the Expert gave 0.001-0.17 for a gap of one card and 0.001-0.014 for
#: two or more (they almost never leave a bigger collection of a card they hold), while
#: Random gave 0.74-0.86 for every gap.  So the factor used for a seat is mixed from this
#: table and the seat's own habit (see :func:`clue_factor`).
TAKER_FACTORS: tuple[float, ...] = (1.0, 0.1, 0.01, 0.005)

#: The prior of a seat's pass rate, ``(passes, takes)`` counted before any of its turns is
#: seen: 0.2, a cautious start that the seat's own turns soon correct.
PASS_PRIOR = (1.0, 4.0)

#: How many guesses :func:`beliefs` averages (deterministic: the guesses are seeded).
SAMPLES = 2000


@dataclass(frozen=True)
class PastTurn:
    """A placement of another seat, with what the table offered then."""

    seat: int
    placement: Placement
    board: dict[tuple[int, int], int]
    """The table just before the placement."""
    drawn_since: int
    """Cards the seat drew after choosing this move (the draw of that very turn included)."""


def past_turns(
    view: View, lookback: int | None = 40, *, every: bool = False
) -> Iterator[PastTurn]:
    """The other seats' placements, newest first, with the table each one faced, as long
    as a clue about a card still in hand can be read (``lookback`` actions at most).  With
    ``every``, all of them (for measuring how a seat plays), whether or not a card of that
    turn may still be in its hand.

    Only with automatic draws: owed draws taken when a hand runs empty are not in the
    history, so the cards drawn since a turn could not be counted."""
    if not view.rules.auto_draw:
        return
    sizes = view.hand_sizes
    others = [s for s in range(view.players) if s != view.seat]
    board = dict(view.board)
    draws = [0] * view.players
    for looked, action in enumerate(reversed(view.history)):
        if not every and (
            (lookback is not None and looked >= lookback)
            or all(draws[s] >= sizes[s] for s in others)
        ):
            return
        if not isinstance(action, Placement):
            continue
        # The table just before this turn.
        for cell, d in action.taken:
            board[cell] = d
        del board[action.move.cell]
        s = action.seat
        if action.drew:
            draws[s] += 1
        if s == view.seat or not board or (not every and draws[s] >= sizes[s]):
            continue
        yield PastTurn(s, action, dict(board), draws[s])


def passed_collections(turn: PastTurn, rules_view: View) -> dict[int, int]:
    """For each Dweebie that could have collected more than the move did, how many more
    (the card actually played left out: it was held)."""
    return _passed(turn, _biggest_collections(turn.board, rules_view))


def _passed(turn: PastTurn, best: dict[int, int]) -> dict[int, int]:
    got = turn.placement.points
    played = turn.placement.move.dweebie
    return {d: n - got for d, n in best.items() if n > got and d != played}


def _biggest_collections(board: dict[tuple[int, int], int], view: View) -> dict[int, int]:
    """The biggest collection each Dweebie could make on ``board`` (a past table)."""
    used = Counter(board.values())
    spare = next((d for d in range(NUM_DWEEBIES) if used[d] < COPIES[d]), None)
    if spare is None:
        return {}
    hands: list[list[int]] = [[] for _ in range(view.players)]
    hands[0] = [spare]  # any card, so that someone is to move
    try:
        past = Game.from_position(board=board, hands=hands, rules=view.rules)
    except ValueError:
        return {}
    return past.best_collections()


def clue_factor(gap: int, rate: float) -> float:
    """The odds factor of a clue from a seat that passes collections of cards it holds at
    ``rate``: with that chance it passed for no reason (no clue: 1), otherwise it behaved
    like the ladder's players that take collections (:data:`TAKER_FACTORS`)."""
    return rate + (1.0 - rate) * TAKER_FACTORS[min(gap, len(TAKER_FACTORS) - 1)]


class BeliefModel:
    """The weights of step 2-3 for one view, and guesses dealt from them (step 4).

    ``weights[seat][d]`` is the relative weight of a card of Dweebie ``d`` going to
    ``seat``'s hand (1.0: no clue).  Only other seats with cards are listed.
    """

    def __init__(self, view: View, lookback: int = 40) -> None:
        self.view = view
        self.seat = view.seat
        sizes = view.hand_sizes
        unseen = Counter(view.unseen)
        self.weights: dict[int, dict[int, float]] = {
            s: dict.fromkeys(sorted(unseen), 1.0)
            for s in range(view.players)
            if s != view.seat and sizes[s]
        }
        # How each seat plays: how often it let a collection of the very card it played go
        # by (a Random player does so often, a Greedy one never).  A seat that passes
        # collections with cards it holds leaves weaker clues.
        passes = {s: [PASS_PRIOR[0], PASS_PRIOR[0] + PASS_PRIOR[1]] for s in self.weights}
        clues: list[tuple[PastTurn, dict[int, int]]] = []
        for looked, turn in enumerate(past_turns(view, None, every=True)):
            if turn.seat not in self.weights:
                continue
            best = _biggest_collections(turn.board, view)
            own = best.get(turn.placement.move.dweebie, 0)
            if own:
                passes[turn.seat][0] += own > turn.placement.points
                passes[turn.seat][1] += 1
            if looked < lookback and turn.drawn_since < sizes[turn.seat]:
                clues.append((turn, _passed(turn, best)))
        self.pass_rates = {s: passed / seen for s, (passed, seen) in passes.items()}
        """Per seat: the estimated chance that it passes a collection it could make."""
        for turn, passed in clues:
            h = sizes[turn.seat]
            kept = (h - turn.drawn_since) / h
            w = self.weights[turn.seat]
            rate = self.pass_rates[turn.seat]
            for d, gap in passed.items():
                if d in w:
                    # The same line passed turn after turn is one clue, not many: keep the
                    # strongest (clues from turns in a row are far from independent).
                    w[d] = min(w[d], (1.0 - kept) + kept * clue_factor(gap, rate))

    @property
    def informed(self) -> bool:
        """Whether any clue changed a weight (else guesses are plain uniform deals)."""
        return any(v != 1.0 for w in self.weights.values() for v in w.values())

    def deal(self, rng: random.Random) -> tuple[list[list[int]], list[int]]:
        """One guess of the hidden cards: ``(hands, pile)`` like
        :meth:`View.deal_unseen <dweebies_widget.game.View.deal_unseen>` (the seat's own hand
        in its place, the pile in drawing order).  Each other seat takes its cards by
        weighted sampling without replacement (exponential keys), the pile the rest in a
        random order."""
        view = self.view
        pool = list(view.unseen)
        rnd = rng.random
        hands: list[list[int]] = []
        for s, size in enumerate(view.hand_sizes):
            if s == self.seat:
                hands.append(list(view.hand))
                continue
            if not size:
                hands.append([])
                continue
            w = self.weights[s]
            # Efraimidis-Spirakis: the ``size`` smallest keys -log(u) / weight.
            keyed = [(-math.log(1.0 - rnd()) / w[c], i) for i, c in enumerate(pool)]
            chosen = sorted(i for _, i in heapq.nsmallest(size, keyed))
            hands.append([pool[i] for i in chosen])
            for i in reversed(chosen):
                pool.pop(i)
        for i in range(len(pool) - 1, 0, -1):  # the pile: a uniform order
            j = min(i, math.floor(rnd() * (i + 1)))
            pool[i], pool[j] = pool[j], pool[i]
        return hands, pool

    def sample(self, rng: random.Random) -> Game:
        """A full game dealt by :meth:`deal` (a determinization for search)."""
        return self.view.to_game(self.deal(rng))

    def hold_chances(self, samples: int = SAMPLES, seed: int = 0) -> dict[int, dict[int, float]]:
        """For each other seat with cards, the chance that it holds at least one copy of each
        unseen Dweebie, over ``samples`` guesses seeded by ``seed``."""
        return _hold_chances(self, samples, seed)

    def expected(self, samples: int = SAMPLES, seed: int = 0) -> dict[int, dict[int, float]]:
        """For each other seat with cards, the expected copies of each unseen Dweebie in
        its hand, averaged over ``samples`` guesses seeded by ``seed``."""
        rng = random.Random(seed)
        totals = {s: Counter[int]() for s in self.weights}
        if not self.informed:
            samples = 1  # plain deals: the exact expectation below needs no sampling
        else:
            for _ in range(samples):
                hands, _ = self.deal(rng)
                for s in totals:
                    totals[s].update(hands[s])
        unseen = Counter(self.view.unseen)
        total = sum(unseen.values())
        out: dict[int, dict[int, float]] = {}
        for s in totals:
            if self.informed:
                out[s] = {d: totals[s][d] / samples for d in sorted(unseen)}
            else:  # the hypergeometric mean: size * copies / cards unseen
                size = self.view.hand_sizes[s]
                out[s] = {d: size * unseen[d] / total for d in sorted(unseen)}
        return out


def _hold_chances(model: BeliefModel, samples: int, seed: int) -> dict[int, dict[int, float]]:
    rng = random.Random(seed)
    counts = {s: Counter[int]() for s in model.weights}
    for _ in range(samples):
        hands, _ = model.deal(rng)
        for s in counts:
            counts[s].update(set(hands[s]))
    unseen = sorted(set(model.view.unseen))
    return {s: {d: counts[s][d] / samples for d in unseen} for s in counts}


def beliefs(view: View, *, samples: int = SAMPLES) -> dict[int, dict[int, float]]:
    """For each other seat holding cards, the expected number of copies of each Dweebie it
    holds, as ``seat`` of ``view`` can infer from what it saw (see the module docstring).

    Each seat's numbers add up to its hand size, and no Dweebie exceeds its copies the
    viewer has not seen.  The same view always gives the same numbers."""
    return BeliefModel(view).expected(samples)


def hold_chances(view: View, *, samples: int = SAMPLES) -> dict[int, dict[int, float]]:
    """For each other seat holding cards, the chance that it holds at least one copy of each
    unseen Dweebie (same guesses as :func:`beliefs`)."""
    return BeliefModel(view).hold_chances(samples)
