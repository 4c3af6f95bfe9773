"""The rules of Dweebies: :class:`Rules`, :class:`Game`, :class:`Move`, views and errors.

Everything a turn does lives here (rules sections 2-11); geometry comes from
:mod:`dweebies_widget.grid`, the cards from :mod:`dweebies_widget.cards`.  Nothing here
imports a widget library.

>>> game = Game(players=2, seed=7)
>>> game.legal_cells()
{(0, 0)}
>>> move = game.legal_moves()[0]
>>> result = game.play(move)
>>> game.board[(0, 0)] == move.dweebie
True
>>> game.undo() == move
True

The state is kept incrementally so that the AI can play many games per second: the frontier
(empty cells next to a card, with a count of their card neighbours), and the groups and bridge
cost only while the table is split (they are recomputed only after a collection, and after
each placement while split).
"""

from __future__ import annotations

import operator
import random
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from math import floor
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from . import grid, save
from .cards import COPIES, DECK_SIZE, FULL_DECK, NUM_DWEEBIES, name
from .errors import GameError, IllegalMoveError, SaveError
from .grammar import subject
from .grid import Cell
from .rules import CENTER, MAX_PLAYERS, MIN_PLAYERS, Rules

if TYPE_CHECKING:
    from .svg import SvgPicture

__all__ = [
    "CENTER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Draw",
    "Game",
    "GameError",
    "IllegalMoveError",
    "Move",
    "Placement",
    "PlayResult",
    "Position",
    "Rules",
    "SaveError",
    "View",
    "deal_hidden",
    "last_placement",
    "shuffle",
    "shuffled_deck",
]

#: Most groups a teaching position (or a loaded save's start) may have: the exact bridge
#: cost takes time exponential in the number of groups (see :mod:`dweebies_widget.grid`).
MAX_POSITION_GROUPS = 10


_DEFAULT_RULES = Rules()


class Move(NamedTuple):
    """A placement: which Dweebie goes on which cell.

    >>> Move(4, (0, 1))
    Move(dweebie=4, cell=(0, 1))
    """

    dweebie: int
    cell: Cell


class Placement(NamedTuple):
    """One turn: who placed what where, what they collected and whether they drew.

    It is what :meth:`Game.play` returns and what :attr:`Game.history` lists (public
    information: the drawn card itself is not recorded here).
    """

    seat: int
    move: Move
    taken: tuple[tuple[Cell, int], ...]
    """The collected cells with the Dweebie that was on each, in reading order."""
    drew: bool
    """Whether the mover drew a card at the end of the turn."""

    @property
    def collected(self) -> frozenset[Cell]:
        """Cells taken this turn (empty if none)."""
        return frozenset(c for c, _ in self.taken)

    @property
    def points(self) -> int:
        """Cards collected this turn."""
        return len(self.taken)

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The turn in plain words (``names`` labels the seats; a seat called "You" is the
        subject as it is: "You placed ...").

        >>> Placement(0, Move(3, (0, 1)), (), True).describe(["Ana", "Ben"])  # doctest: +ELLIPSIS
        'Ana placed Doozy at (0, 1) and drew a card'
        """
        who = _who(self.seat, names)
        text = f"{who} placed {name(self.move.dweebie)} at {self.move.cell}"
        n = len(self.taken)
        if n:
            text += f" and collected {n} card{'s' if n != 1 else ''}"
        if self.drew:
            text += ", then drew a card" if n else " and drew a card"
        return text

    def __str__(self) -> str:
        return self.describe()


#: What :meth:`Game.play` returns: the :class:`Placement` just made.
PlayResult = Placement


class Draw(NamedTuple):
    """An owed draw taken by ``seat`` (only with ``Rules(auto_draw=False)``)."""

    seat: int

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The draw in plain words ("Ana took an owed draw")."""
        return f"{_who(self.seat, names)} took an owed draw"

    def __str__(self) -> str:
        return self.describe()


Action = Placement | Draw


def _who(seat: int, names: Sequence[str] | None) -> str:
    """The subject of a sentence about ``seat``: its name, or "Seat 2" without names."""
    return subject(names[seat]) if names else f"Seat {seat}"


#: Builds a :class:`Move` or :class:`Placement` from a tuple of its fields, skipping the
#: Python-level ``__new__`` of a NamedTuple (the hot path makes one of each per move).
_make = tuple.__new__


@dataclass(frozen=True)
class _Split:
    """Cached facts about a split table."""

    groups: tuple[frozenset[Cell], ...]
    cost: int
    links: frozenset[Cell]  # empty cells on some cheapest link


class Position(NamedTuple):
    """A position as plain data: what :meth:`Game.from_position` takes, and what
    :attr:`Game.start` gives back for the position a game started from (saves replay a game
    from it).  ``pile[0]`` is drawn first."""

    board: tuple[tuple[Cell, int], ...]
    """``((row, col), dweebie)`` pairs in reading order."""
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    scores: tuple[int, ...]
    current_player: int
    owed: tuple[int, ...]

    def to_game(self, rules: Rules | None = None, *, max_groups: int | None = None) -> Game:
        """The game at this position (validated like :meth:`Game.from_position`)."""
        return Game.from_position(
            board=dict(self.board),
            hands=self.hands,
            pile=self.pile,
            scores=self.scores,
            current_player=self.current_player,
            rules=rules,
            owed=self.owed,
            max_groups=max_groups,
        )


#: Draws made by an action, ``(seat, card)`` in draw order, or changes of owed draws,
#: ``(seat, change)``.
_Pairs = tuple[tuple[int, int], ...]

#: What :meth:`Game.undo` needs to reverse one action exactly: ``(action, current, split,
#: draws, owed)``, the action, the seat to move and the split facts before it, and the draws
#: and owed changes it made.  A plain tuple, as one is made for every move.
_Undo = tuple[Action, int, _Split | None, _Pairs, _Pairs]


@dataclass(frozen=True)
class View:
    """What one seat may see (rules section 7): the AI's only input.

    ``unseen`` is the multiset of cards the seat cannot see (other hands and the pile), as a
    sorted tuple of Dweebie ids; it says nothing about who holds which.
    """

    seat: int
    players: int
    rules: Rules
    board: Mapping[Cell, int]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    pile_size: int
    current_player: int
    owed: tuple[int, ...]
    history: tuple[Action, ...]
    unseen: tuple[int, ...]
    out_of_play: tuple[int, ...]
    is_over: bool
    legal: frozenset[Cell]
    """The legal cells of the position (public information)."""

    def legal_cells(self) -> set[Cell]:
        """The legal cells of the position (public information)."""
        return set(self.legal)

    @property
    def last_placement(self) -> Placement | None:
        """The most recent placement in :attr:`history`, if any."""
        return last_placement(self.history)

    def legal_moves(self) -> list[Move]:
        """The legal moves of this seat when it is to move (else an empty list)."""
        if self.is_over or self.current_player != self.seat:
            return []
        cells = sorted(self.legal_cells())
        return [Move(d, c) for d in sorted(set(self.hand)) for c in cells]

    def deal_unseen(self, order: Sequence[int]) -> tuple[list[list[int]], list[int]]:
        """Split ``order`` (a permutation of ``unseen``) into the other hands and the pile,
        in seat order, the pile last (its first card drawn first)."""
        if sorted(order) != list(self.unseen):
            raise ValueError("order must be a permutation of the view's unseen cards")
        hands, pile = deal_hidden(order, self.hand_sizes, self.seat)
        hands[self.seat] = list(self.hand)
        return hands, pile

    def sample(self, rng: random.Random) -> Game:
        """A full game that agrees with this view: the unseen cards shuffled by ``rng`` into
        the other hands and the pile (a *determinization*, for search)."""
        return self.public_game().determinize(self.seat, rng)

    def public_game(self) -> Game:
        """A game built from this view alone, for asking rule questions (legal cells, what a
        placement would collect, what happens after a move).  The cards this seat cannot
        see are dealt in a fixed order that means nothing: never read them; use
        :meth:`sample` to guess them fairly."""
        return self._public.copy()

    @cached_property
    def _public(self) -> Game:
        return self.to_game(hidden=self.deal_unseen(list(self.unseen)))

    def would_collect(self, cell: Sequence[int]) -> dict[int, frozenset[Cell]]:
        """What a card placed on the legal ``cell`` would collect (see
        :meth:`Game.would_collect`)."""
        return self._public.would_collect(cell)

    def to_game(
        self, hidden: tuple[list[list[int]], list[int]], *, kind: type[Game] | None = None
    ) -> Game:
        """Build a game from this view and a guess of the hidden cards ``(hands, pile)``
        (a :class:`Game`, or an instance of the subclass ``kind``)."""
        hands, pile = hidden
        return (kind or Game).from_position(
            board=dict(self.board),
            hands=hands,
            pile=pile,
            scores=list(self.scores),
            current_player=self.current_player,
            rules=self.rules,
            owed=list(self.owed),
            max_groups=None,  # the table was reached in play
        )


class Game:
    """A game of Dweebies between 2 to 6 seats.

    Build one with a seed (``Game(players=2, seed=7)``), an explicit deck order
    (``Game(players=3, deck=[...])``, 54 ids, rules section 2) or any teaching position
    (:meth:`from_position`).  Then ask :meth:`legal_moves` and :meth:`play`.

    >>> game = Game(players=3, seed=1)
    >>> game.players, game.current_player, game.pile_size
    (3, 0, 39)
    >>> sum(len(game.hand(s)) for s in range(3))
    15
    """

    def __init__(
        self,
        players: int = 2,
        *,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        rules: Rules | None = None,
    ) -> None:
        rules = _DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        _check_players(players, rules)
        if deck is None:
            if seed is None:
                raise ValueError(
                    "Game needs a seed (Game(players=2, seed=7)) or an explicit deck= order; "
                    "randomness is always seeded so games can be replayed"
                )
            deck = shuffled_deck(seed)
        elif seed is not None:
            raise ValueError("give either seed= or deck=, not both")
        else:
            deck = _check_deck(deck)
        h = rules.hand_size
        hands = [list(deck[h * i : h * i + h]) for i in range(players)]
        pile = list(deck[h * players :])
        self._setup(
            rules=rules,
            board={},
            hands=hands,
            pile=pile,
            scores=[0] * players,
            current=rules.first_player,
            owed=[0] * players,
            out_of_play=[],
        )
        self.seed = seed

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_position(
        cls,
        board: Mapping[Cell, int] | Iterable[tuple[Cell, int]],
        hands: Sequence[Sequence[int]],
        pile: Sequence[int] = (),
        scores: Sequence[int] | None = None,
        current_player: int = 0,
        rules: Rules | None = None,
        owed: Sequence[int] | None = None,
        *,
        max_groups: int | None = MAX_POSITION_GROUPS,
    ) -> Game:
        """Any teaching position.  Cards not listed on the board, in a hand or in the pile
        are out of play.  ``pile[0]`` is drawn first.

        Validated: no Dweebie more often than its copies, cells distinct, seats in range,
        scores not more than the cards out of play, and at most ``max_groups`` groups of
        cards (the exact bridge cost takes time exponential in the number of groups, so a
        made-up table of scattered cards is refused).  A table reached in play may split
        into more groups; ``max_groups=None`` accepts it, as :meth:`View.to_game` does.

        >>> g = Game.from_position(board={(0, 0): 4, (0, 1): 9}, hands=[[1, 2], [3]],
        ...                        pile=[5, 6], scores=[0, 0], current_player=0)
        >>> sorted(g.legal_cells())
        [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)]
        """
        rules = _DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        players = len(hands)
        _check_players(players, rules, hand_check=False)
        items = list(board.items()) if isinstance(board, Mapping) else list(board)
        cells: dict[Cell, int] = {}
        for cell, d in items:
            c = _cell(cell, rule="position")
            if c in cells:
                raise ValueError(f"position: two cards on cell {c}; cells must be distinct")
            cells[c] = _dweebie(d, "board")
        box = grid.bounding_box(cells)
        if box is not None and max(box[2] - box[0], box[3] - box[1]) >= DECK_SIZE:
            raise ValueError(
                f"position: the cards span rows {box[0]}..{box[2]} and columns "
                f"{box[1]}..{box[3]}; a table of {DECK_SIZE} cards never spans more than "
                f"{DECK_SIZE} rows or columns"
            )
        if max_groups is not None and len(grid.groups(cells)) > max_groups:
            raise ValueError(
                f"position: the cards form more than {max_groups} groups; the exact "
                "bridge cost (rules section 5) grows very costly beyond that"
            )
        hand_lists = [
            sorted(_dweebie(d, f"hand of seat {s}") for d in h) for s, h in enumerate(hands)
        ]
        pile_list = [_dweebie(d, "pile") for d in pile]
        used = Counter(cells.values())
        for h in hand_lists:
            used.update(h)
        used.update(pile_list)
        for d, n in sorted(used.items()):
            if n > COPIES[d]:
                raise ValueError(
                    f"position: Dweebie {d} ({name(d)}) appears {n} times but has only "
                    f"{COPIES[d]} cop{'y' if COPIES[d] == 1 else 'ies'} (rules section 1)"
                )
        out = Counter(FULL_DECK)
        out.subtract(used)
        out_of_play = sorted(out.elements())
        score_list = [0] * players if scores is None else [_count(s, "score") for s in scores]
        if len(score_list) != players:
            raise ValueError(f"position: {players} hands but {len(score_list)} scores")
        if sum(score_list) > len(out_of_play):
            raise ValueError(
                f"position: scores add up to {sum(score_list)} but only {len(out_of_play)} "
                "cards are out of play"
            )
        owed_list = [0] * players if owed is None else [_count(o, "owed draws") for o in owed]
        if len(owed_list) != players:
            raise ValueError(f"position: {players} hands but {len(owed_list)} owed counts")
        if any(owed_list) and rules.auto_draw:
            raise ValueError("position: owed draws exist only with Rules(auto_draw=False)")
        if type(current_player) is not int or not 0 <= current_player < players:
            raise ValueError(
                f"position: current_player must be a seat 0..{players - 1}, not {current_player!r}"
            )
        game = cls.__new__(cls)
        game._setup(
            rules=rules,
            board=cells,
            hands=hand_lists,
            pile=pile_list,
            scores=score_list,
            current=current_player,
            owed=owed_list,
            out_of_play=out_of_play,
        )
        if game._pile and not any(game._hands):
            raise ValueError(
                "position: the pile has cards but no hand does and nobody owes a draw, so "
                "nobody could ever play (rules sections 8 and 9)"
            )
        game.seed = None
        return game

    def _setup(
        self,
        *,
        rules: Rules,
        board: dict[Cell, int],
        hands: list[list[int]],
        pile: list[int],
        scores: list[int],
        current: int,
        owed: list[int],
        out_of_play: list[int],
    ) -> None:
        self.rules = rules
        self._auto_draw = rules.auto_draw
        self._need = rules.min_line - 1  # cards a line needs besides the placed one
        self._n = len(hands)
        self._board: dict[Cell, int] = {}
        self._adj: dict[Cell, int] = {}
        for cell, d in board.items():
            self._put(cell, d)
        self._hands = [sorted(h) for h in hands]
        self._pile = pile[::-1]  # next card to draw is at the end
        self._scores = list(scores)
        self._current = current
        self._owed = list(owed)
        self._out = list(out_of_play)
        self._collected: list[list[int]] = [[] for _ in range(self._n)]
        self._undo: list[_Undo] = []
        self._split = self._compute_split() if board else None
        self._start = Position(
            tuple(sorted(board.items())),
            tuple(map(tuple, self._hands)),
            tuple(pile),
            tuple(scores),
            current,
            tuple(owed),
        )
        self._settle(after_turn=False)

    # ------------------------------------------------------------------ public state
    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def current_player(self) -> int:
        """The seat to move."""
        return self._current

    def hand(self, seat: int) -> tuple[int, ...]:
        """The Dweebie ids in ``seat``'s hand, sorted."""
        return tuple(self._hands[self._seat(seat)])

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every hand (hidden information: use :meth:`view` for what a seat may see)."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds (public information, rules section 7)."""
        return tuple(len(h) for h in self._hands)

    @property
    def start(self) -> Position:
        """The position this game started from (a deal, a teaching position, or a guess of
        :meth:`determinize`); replaying :attr:`history` from it gives the game now."""
        return self._start

    @property
    def board(self) -> Mapping[Cell, int]:
        """The table, a read-only mapping ``(row, col) -> Dweebie id``."""
        return MappingProxyType(self._board)

    @property
    def pile(self) -> tuple[int, ...]:
        """The draw pile, first card to be drawn first (hidden information)."""
        return tuple(reversed(self._pile))

    @property
    def pile_size(self) -> int:
        """Cards left to draw."""
        return len(self._pile)

    @property
    def scores(self) -> tuple[int, ...]:
        """Collected cards per seat."""
        return tuple(self._scores)

    def collected(self, seat: int) -> tuple[int, ...]:
        """The Dweebies ``seat`` collected in this game (public: collections are seen)."""
        return tuple(sorted(self._collected[self._seat(seat)]))

    @property
    def out_of_play(self) -> tuple[int, ...]:
        """Cards left out of a :meth:`from_position` game (empty for a dealt game)."""
        return tuple(self._out)

    @property
    def is_split(self) -> bool:
        """Whether the cards on the table form more than one group."""
        return self._split is not None

    @property
    def bridge_cost(self) -> int:
        """Fewest cards that would join every group; 0 when the table is not split."""
        return 0 if self._split is None else self._split.cost

    @property
    def groups(self) -> tuple[frozenset[Cell], ...]:
        """The groups of cards on the table, largest first (one group when not split)."""
        if self._split is not None:
            return self._split.groups
        return (frozenset(self._board),) if self._board else ()

    @property
    def link_cells(self) -> frozenset[Cell]:
        """Empty cells that lie on some shortest bridge between the groups (empty when not
        split); the legal cells are those of them next to a card."""
        return frozenset() if self._split is None else self._split.links

    def owed_draws(self, seat: int) -> int:
        """Draws ``seat`` owes and may take with :meth:`draw` (``Rules(auto_draw=False)``)."""
        return self._owed[self._seat(seat)]

    def may_draw(self, seat: int) -> bool:
        """Whether :meth:`draw` would give ``seat`` a card now: it owes a draw and the pile
        has cards (rules section 8)."""
        return bool(self._owed[self._seat(seat)] and self._pile)

    @property
    def is_over(self) -> bool:
        """The pile is empty and every hand is empty (rules section 9)."""
        return not self._pile and not any(self._hands)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the highest score (several when tied).  Meaningful once over."""
        best = max(self._scores)
        return tuple(s for s, v in enumerate(self._scores) if v == best)

    def returns(self) -> tuple[float, ...]:
        """Each seat's payoff once the game is over (rules section 9): +1 for every winner
        (tied winners each get +1) and -1 for the others; when every seat ties nobody won
        and all get 0.  All 0 while the game goes on.  Game-theory toolkits use it.

        >>> Game.from_position(board={}, hands=[[], []], scores=[3, 1]).returns()
        (1.0, -1.0)
        """
        if not self.is_over:
            return (0.0,) * self._n
        winners = self.winners
        if len(winners) == self._n:
            return (0.0,) * self._n
        return tuple(1.0 if s in winners else -1.0 for s in range(self._n))

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, oldest first (placements with what they collected, and
        owed draws).  Public information: drawn cards are not shown."""
        return tuple(u[0] for u in self._undo)

    @property
    def last_placement(self) -> Placement | None:
        """The most recent placement (with what it collected), if any; owed draws taken
        since are skipped."""
        return last_placement(self.history)

    @property
    def last_move(self) -> Move | None:
        """The move of :attr:`last_placement`, if any."""
        last = self.last_placement
        return None if last is None else last.move

    def legal_cells(self) -> set[Cell]:
        """Cells where the mover may place (rules section 5).  Empty once the game is over."""
        if self.is_over:
            return set()
        return self._legal_cells()

    def _legal_cells(self) -> set[Cell]:
        if not self._board:
            return {CENTER}
        if self._split is None:
            return set(self._adj)
        links = self._split.links
        return {c for c in self._adj if c in links}

    def legal_moves(self) -> list[Move]:
        """Every distinct legal placement: each Dweebie in the mover's hand on each legal
        cell, sorted by Dweebie then cell."""
        if self.is_over:
            return []
        cells = sorted(self._legal_cells())
        return list(map(Move._make, product(sorted(set(self._hands[self._current])), cells)))

    def is_legal(self, dweebie: int | Move, cell: Sequence[int] | None = None) -> bool:
        """Whether :meth:`play` would accept this move now."""
        try:
            self._checked(dweebie, cell)
        except (IllegalMoveError, TypeError):
            return False
        return True

    # ------------------------------------------------------------------ playing
    def play(
        self, dweebie: int | Move, cell: Sequence[int] | None = None, *, draw: bool = True
    ) -> Placement:
        """Place ``dweebie`` from the mover's hand on ``cell``; collect; draw (section 4).

        Accepts ``play(dweebie, cell)`` or ``play(Move(...))`` and returns the
        :class:`Placement` made (``result.collected`` holds the cells taken).  An illegal
        move raises :class:`IllegalMoveError` naming the rule and leaves the game unchanged.
        ``draw=False`` leaves the draw to chance, as with :meth:`push`.
        """
        return self._play(self._current, self._checked(dweebie, cell), draw)

    def _checked(self, dweebie: int | Move, cell: Sequence[int] | None) -> Move:
        """The move as a :class:`Move` if :meth:`play` may make it, else the error."""
        if isinstance(dweebie, Move):
            if cell is not None:
                raise TypeError("play(Move) takes no separate cell")
            dweebie, cell = dweebie
        seat = self._current
        if self.is_over:
            raise IllegalMoveError(
                "Rules section 9 (end of the game): the game is over, no more moves. "
                f"Winners: {', '.join(f'seat {s}' for s in self.winners)}.",
                reason="over",
                rule="9",
            )
        hand = self._hands[seat]
        if type(dweebie) is not int:
            try:
                dweebie = _index(dweebie)
            except TypeError:
                raise IllegalMoveError(
                    f"Rules section 1 (cards): a Dweebie is an id 0..{NUM_DWEEBIES - 1}, "
                    f"not {dweebie!r}. Seat {seat} holds {_ids(hand)}.",
                    reason="not-a-card",
                    rule="1",
                    legal=sorted(set(hand)),
                ) from None
        if dweebie not in hand:
            raise IllegalMoveError(
                f"Rules section 4 (place a card from your hand): seat {seat} has no "
                f"{_card(dweebie)} in hand; it holds {_ids(hand)}.",
                reason="not-in-hand",
                rule="4",
                legal=sorted(set(hand)),
            )
        if cell is None:
            legal = self._legal_sorted(CENTER)
            raise IllegalMoveError(
                "Rules section 5 (where a card may go): say where to place the card, "
                f"e.g. play({dweebie}, {legal[0]}).{_legal_text(legal)}",
                reason="no-cell",
                rule="5",
                legal=legal,
            )
        try:
            c = _cell(cell)
        except (TypeError, ValueError) as exc:
            legal = self._legal_sorted(CENTER)
            raise IllegalMoveError(
                f"Rules section 3 (coordinates): {exc}.{_legal_text(legal)}",
                reason="bad-cell",
                rule="3",
                legal=legal,
            ) from None
        if c in self._legal_cells():
            return Move(dweebie, c)
        raise self._placement_error(c)

    def push(self, move: Move, *, draw: bool = True) -> Placement:
        """Play ``move`` for the mover **without checking it**: the fast path for searches
        and tools that took the move from :meth:`legal_moves` (python-chess's ``push``
        beside its checked moves).  An illegal move leaves the game corrupt; use
        :meth:`play` for anything a person typed.

        ``draw=False`` ends the turn without the automatic draw, for tools that let chance
        choose the card (an OpenSpiel chance node): the mover's hand stays a card short
        until :meth:`give` hands it the card the pile gave.

        >>> game = Game(players=2, seed=7)
        >>> game.push(game.legal_moves()[0]).drew
        True
        """
        return self._play(self._current, move, draw)

    def give(self, seat: int, dweebie: int) -> None:
        """Complete the draw of ``seat``'s last placement, made with ``draw=False``
        (:meth:`push` or :meth:`play`), with a card chosen by chance: one copy of
        ``dweebie`` leaves the pile (wherever it lies in it) for the seat's hand.  The game
        is then as if the automatic draw had drawn that card (the placement says it drew,
        and :meth:`undo` takes the card back, onto the top of the pile).  A chance hook for
        tools like the OpenSpiel adapter; ordinary play never needs it.

        >>> game = Game(players=2, seed=7)
        >>> _ = game.push(game.legal_moves()[0], draw=False)
        >>> card = game.pile[-1]
        >>> game.give(0, card)
        >>> len(game.hand(0)), game.history[-1].drew
        (5, True)
        """
        s = self._seat(seat)
        record = self._undo[-1] if self._undo else None
        action = record[0] if record is not None else None
        if (
            record is None
            or not isinstance(action, Placement)
            or action.seat != s
            or action.drew
            or not self._auto_draw
        ):
            raise IllegalMoveError(
                f"Rules section 8 (drawing): seat {s} has no draw to complete; give() follows "
                "that seat's push(move, draw=False) in a game with automatic draws.",
                reason="no-draw-to-complete",
                rule="8",
            )
        d = _dweebie(dweebie, "give")
        if d not in self._pile:
            raise IllegalMoveError(
                f"Rules section 8 (drawing): the pile has no {_card(d)}; it holds "
                f"{_ids(sorted(self._pile))}.",
                reason="not-in-pile",
                rule="8",
                legal=sorted(set(self._pile)),
            )
        pile = self._pile
        # Bring the chosen copy to the top (the stored pile's end), then draw it.
        i = len(pile) - 1 - pile[::-1].index(d)
        pile.append(pile.pop(i))
        pile.pop()
        insort(self._hands[s], d)
        _, current, split, draws, owed = record
        self._undo[-1] = (action._replace(drew=True), current, split, ((s, d), *draws), owed)

    def random_move(self, rng: random.Random) -> Move:
        """A random legal move: a card picked at random from the mover's hand (each card
        of the hand equally likely) on a legal cell picked at random.  The fast path for
        random players and simulations.

        >>> game = Game(players=2, seed=3)
        >>> game.is_legal(game.random_move(random.Random(1)))
        True
        """
        if not self._pile and not any(self._hands):
            raise IllegalMoveError(
                "Rules section 9: the game is over, no more moves.", reason="over", rule="9"
            )
        hand = self._hands[self._current]
        cells = list(self._legal_cells())
        rnd = rng.random
        return _make(Move, (hand[floor(rnd() * len(hand))], cells[floor(rnd() * len(cells))]))

    def play_random(self, rng: random.Random) -> Placement:
        """Play :meth:`random_move` (no second legality check) and return what happened."""
        return self._play(self._current, self.random_move(rng))

    def _play(self, seat: int, move: Move, draw: bool = True) -> Placement:
        """The turn itself, for a move already known to be legal.

        This is the engine's hot path (simulations run it millions of times), so placing
        the card, updating the frontier and finding the lines are written out inline.
        """
        dweebie, cell = move
        hand = self._hands[seat]
        del hand[bisect_left(hand, dweebie)]
        board = self._board
        adj = self._adj
        split = self._split
        # Place (rules section 5) and update the frontier.
        board[cell] = dweebie
        adj.pop(cell, None)
        r, c = cell
        up, down, left, right = (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)
        has_up = up in board
        has_down = down in board
        has_left = left in board
        has_right = right in board
        if not has_up:
            adj[up] = adj.get(up, 0) + 1
        if not has_down:
            adj[down] = adj.get(down, 0) + 1
        if not has_left:
            adj[left] = adj.get(left, 0) + 1
        if not has_right:
            adj[right] = adj.get(right, 0) + 1
        # Collect (rules section 6): only the placed card, only at an end of a line,
        # never while split; the reconnecting card only with collect_on_reconnect.
        taken: tuple[tuple[Cell, int], ...] = ()
        if split is not None:
            self._split = self._after_split_placement(split, cell)
            may_collect = self._split is None and self.rules.collect_on_reconnect
        else:
            may_collect = True
        if may_collect and (has_left != has_right or has_up != has_down):
            sides = (has_left, has_right, has_up, has_down)
            ends = _line_ends(board, cell, self._need, sides, dweebie)
            if ends:
                taken = self._collect(cell, ends)
                self._scores[seat] += len(taken)
                self._collected[seat].extend([d for _, d in taken])
        # Draw (rules section 8).
        draws: _Pairs = ()
        owed: _Pairs = ()
        drew = False
        if self._pile:
            if not self._auto_draw:
                self._owed[seat] += 1
                owed = ((seat, 1),)
            elif draw:
                card = self._pile.pop()
                insort(hand, card)
                draws = ((seat, card),)
                drew = True
        placement = _make(Placement, (seat, move, taken, drew))
        # Pass the turn; the common case inline.
        nxt = seat + 1 if seat + 1 < self._n else 0
        if self._hands[nxt]:
            self._current = nxt
        else:
            more_draws, more_owed = self._settle(after_turn=True)
            draws += more_draws
            owed += more_owed
        self._undo.append((placement, seat, split, draws, owed))
        return placement

    def would_collect(self, cell: Sequence[int]) -> dict[int, frozenset[Cell]]:
        """What a card placed on the legal ``cell`` now would collect: for each Dweebie that
        would collect something there, the cells it would take (placed cell included).
        Dweebies missing from the answer would collect nothing.  Follows every rule of
        section 6, including no collecting while the table stays split.

        >>> g = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20], [3]])
        >>> {d: sorted(cells) for d, cells in g.would_collect((0, 2)).items()}
        {20: [(0, 0), (0, 1), (0, 2)]}
        >>> {d: sorted(cells) for d, cells in g.would_collect((1, 1)).items()}
        {9: [(0, 1), (1, 1)]}
        """
        c = _cell(cell)
        if self.is_over:
            raise IllegalMoveError(
                "Rules section 9 (end of the game): the game is over, no card can be placed.",
                reason="over",
                rule="9",
            )
        if c not in self._legal_cells():
            raise self._placement_error(c)
        if not self._collecting_possible():
            return {}
        found: dict[int, set[Cell]] = {}
        for dr, dc, far in _line_ends(self._board, c, self.rules.min_line - 1):
            cells = found.setdefault(self._board[far], {c})
            x = c
            while x != far:
                x = (x[0] + dr, x[1] + dc)
                cells.add(x)
        return {d: frozenset(cells) for d, cells in sorted(found.items())}

    def collect_map(self, cells: Iterable[Cell] | None = None) -> dict[Cell, dict[int, int]]:
        """For every legal cell where some Dweebie would collect: which Dweebies, and how
        many cards each would take.  A cheap summary of :meth:`would_collect` over the
        whole table (what hints, heat maps and AIs ask), or over the legal ones of
        ``cells``.

        >>> g = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20], [3]])
        >>> g.collect_map([(0, 2), (5, 5)])
        {(0, 2): {20: 3}}
        """
        return dict(self._gains(cells))

    def best_collection(
        self, dweebies: Iterable[int], table: Mapping[Cell, Mapping[int, int]] | None = None
    ) -> tuple[int, Move | None]:
        """The biggest collection a card among ``dweebies`` can make now, as ``(cards,
        move)``; ``(0, None)`` when none collects.  Ties go to the first found.  The fast
        path of greedy play; ``table``, this position's :meth:`collect_map` when the caller
        has it already, saves working it out again."""
        wanted = set(dweebies)
        best = 0
        choice: Move | None = None
        for cell, gains in self._gains() if table is None else table.items():
            for d, n in gains.items():
                if n > best and d in wanted:
                    best = n
                    choice = Move(d, cell)
        return best, choice

    def best_collections(
        self, table: Mapping[Cell, Mapping[int, int]] | None = None
    ) -> dict[int, int]:
        """For each Dweebie that could collect now somewhere, the most cards it could take
        with one placement (whoever holds it).  What the next player may be handed.
        ``table`` is that of :meth:`best_collection`.

        >>> g = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20], [3]])
        >>> g.best_collections()
        {9: 3, 20: 3}
        """
        best: dict[int, int] = {}
        for _, gains in self._gains() if table is None else table.items():
            for d, n in gains.items():
                if n > best.get(d, 0):
                    best[d] = n
        return dict(sorted(best.items()))

    def _collecting_possible(self) -> bool:
        """Whether the next placement may collect at all (rules section 6): not while the
        table stays split; the reconnecting card only with ``collect_on_reconnect``."""
        split = self._split
        return split is None or (split.cost == 1 and self.rules.collect_on_reconnect)

    def _gains(self, cells: Iterable[Cell] | None = None) -> Iterator[tuple[Cell, dict[int, int]]]:
        """Each legal cell (among ``cells``, if given) where a placement would collect, with
        the cards each Dweebie would take there (both lines of one Dweebie share the placed
        card)."""
        if self.is_over:
            return
        if not self._collecting_possible():
            return
        board = self._board
        need = self._need
        legal = self._legal_cells()
        for cell in legal if cells is None else [c for c in cells if c in legal]:
            ends = _line_ends(board, cell, need)
            if ends:
                gains: dict[int, int] = {}
                for _, _, far in ends:
                    d = board[far]
                    gains[d] = gains.get(d, 1) + abs(far[0] - cell[0]) + abs(far[1] - cell[1])
                yield cell, gains

    def _collect(
        self, cell: Cell, ends: list[tuple[int, int, Cell]]
    ) -> tuple[tuple[Cell, int], ...]:
        """Take the lines from ``cell`` to each far end (rules section 6; the placed card
        counts once) off the table.  Returns the cells with their ids, in reading order."""
        board = self._board
        taken = {cell: board[cell]}
        for dr, dc, far in ends:
            x = cell
            while x != far:
                x = (x[0] + dr, x[1] + dc)
                taken[x] = board[x]
        for x in taken:
            self._take(x)
        self._after_removal(taken)
        return tuple(sorted(taken.items()))

    def _after_removal(self, removed: Iterable[Cell]) -> None:
        """After a collection: is the table still one group?"""
        board = self._board
        stubs = []
        for cell in removed:
            for nb in grid.neighbours(cell):
                if nb in board:
                    stubs.append(nb)
        parts = grid.split_groups(board, stubs)
        self._split = None if parts is None else self._split_of(parts)

    def _compute_split(self) -> _Split | None:
        parts = grid.groups(self._board)
        return self._split_of(parts) if len(parts) > 1 else None

    def _split_of(self, parts: list[frozenset[Cell]]) -> _Split:
        cost, links = grid.bridge(self._board, parts, self._adj)
        return _Split(tuple(parts), cost, links)

    def _after_split_placement(self, split: _Split, cell: Cell) -> _Split | None:
        """A legal placement on a split table lowers the bridge cost by exactly one."""
        if split.cost == 1:
            return None
        joined = [g for g in split.groups if any(nb in g for nb in grid.neighbours(cell))]
        merged = frozenset().union(*joined) | {cell}
        parts = [g for g in split.groups if g not in joined] + [merged]
        parts.sort(key=lambda g: (-len(g), min(g)))
        cost, links = grid.bridge(self._board, parts, self._adj)
        return _Split(tuple(parts), cost, links)

    def _settle(self, *, after_turn: bool) -> tuple[_Pairs, _Pairs]:
        """Pass the turn (rules sections 8 and 9) to the next seat that can play, taking the
        owed draws of a seat whose turn comes with an empty hand.  After a placement
        (``after_turn``) the search starts at the next seat; for a new position at the
        current seat itself.  When nobody can play the game is over.  Returns the draws
        taken and the change of owed draws, for the undo record."""
        n = self._n
        start = self._current + 1 if after_turn else self._current
        for i in range(n):
            seat = (start + i) % n
            hand = self._hands[seat]
            if hand:
                self._current = seat
                return (), ()
            owed = self._owed[seat]
            if owed and self._pile:
                take = min(owed, len(self._pile))
                drawn = []
                for _ in range(take):
                    card = self._pile.pop()
                    insort(hand, card)
                    drawn.append((seat, card))
                self._owed[seat] -= take
                self._current = seat
                return tuple(drawn), ((seat, -take),)
        return (), ()

    def draw(self, seat: int) -> int:
        """Take one owed draw for ``seat`` (only with ``Rules(auto_draw=False)``; any time,
        also during another seat's turn, while the pile lasts).  Returns the card drawn."""
        s = self._seat(seat)
        if self.rules.auto_draw:
            raise IllegalMoveError(
                "Rules section 8 (drawing): draws are automatic with Rules(auto_draw=True); "
                "there is nothing to draw by hand.",
                reason="auto-draw",
                rule="8",
            )
        owers = [x for x in range(self._n) if self._owed[x]]
        if not self._owed[s]:
            raise IllegalMoveError(
                f"Rules section 8 (drawing): seat {s} owes no draw. "
                + (
                    f"Seats that owe draws: {', '.join(map(str, owers))}."
                    if owers
                    else "No seat owes a draw."
                ),
                reason="not-owed",
                rule="8",
                legal=owers,
            )
        if not self._pile:
            raise IllegalMoveError(
                "Rules section 8 (drawing): the pile is empty, so owed draws can no longer "
                "be taken.",
                reason="pile-empty",
                rule="8",
            )
        card = self._pile.pop()
        insort(self._hands[s], card)
        self._owed[s] -= 1
        self._undo.append((Draw(s), self._current, self._split, ((s, card),), ((s, -1),)))
        return card

    def undo(self) -> Move | None:
        """Take back the last action (a placement with its collection and draws, or an owed
        draw), restoring the exact previous state.  Returns the move taken back (``None``
        for a draw).  Raises :class:`IllegalMoveError` when there is nothing to undo."""
        if not self._undo:
            raise IllegalMoveError(
                "Nothing to undo: no move has been played yet.",
                reason="nothing-to-undo",
                rule="undo",
            )
        action, current, split, draws, owed = self._undo.pop()
        for seat, card in reversed(draws):
            hand = self._hands[seat]
            del hand[bisect_left(hand, card)]
            self._pile.append(card)
        for seat, change in owed:
            self._owed[seat] -= change
        self._current = current
        self._split = split
        if isinstance(action, Draw):
            return None
        for cell, d in action.taken:
            self._put(cell, d)
        self._take(action.move.cell)
        if action.taken:
            self._scores[action.seat] -= len(action.taken)
            del self._collected[action.seat][-len(action.taken) :]
        insort(self._hands[action.seat], action.move.dweebie)
        return action.move

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> View:
        """What ``seat`` may see (rules section 7): the public information plus its hand."""
        s = self._seat(seat)
        unseen: list[int] = []
        for other, h in enumerate(self._hands):
            if other != s:
                unseen.extend(h)
        unseen.extend(self._pile)
        return View(
            seat=s,
            players=self._n,
            rules=self.rules,
            board=MappingProxyType(dict(self._board)),
            hand=tuple(self._hands[s]),
            hand_sizes=tuple(len(h) for h in self._hands),
            scores=tuple(self._scores),
            pile_size=len(self._pile),
            current_player=self._current,
            owed=tuple(self._owed),
            history=self.history,
            unseen=tuple(sorted(unseen)),
            out_of_play=tuple(self._out),
            is_over=self.is_over,
            legal=frozenset(self.legal_cells()),
        )

    # ------------------------------------------------------------------ copies, saves
    def copy(self) -> Game:
        """An independent copy (history and undo included)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g._auto_draw = self._auto_draw
        g._need = self._need
        g._n = self._n
        g._board = dict(self._board)
        g._adj = dict(self._adj)
        g._hands = [list(h) for h in self._hands]
        g._pile = list(self._pile)
        g._scores = list(self._scores)
        g._current = self._current
        g._owed = list(self._owed)
        g._out = list(self._out)
        g._collected = [list(c) for c in self._collected]
        g._undo = list(self._undo)
        g._split = self._split
        g._start = self._start
        g.seed = self.seed
        return g

    __copy__ = copy

    def after(self, actions: int) -> Game:
        """A new, independent game as this one was after its first ``actions`` actions
        (placements and owed draws, counted in :attr:`history`): the game replaying
        ``history[:actions]`` from :attr:`start` gives, with the same seed.  Reviews, replays
        and "play on from here" use it to step back through a game; this game is unchanged.

        >>> game = Game(players=2, seed=7)
        >>> first = game.play(game.legal_moves()[0])
        >>> _ = game.play(game.legal_moves()[0])
        >>> before = game.after(1)
        >>> before.history == (first,), before.current_player, len(game.history)
        (True, 1, 2)
        """
        if type(actions) is not int or not 0 <= actions <= len(self._undo):
            raise ValueError(
                f"actions must be a count from 0 to {len(self._undo)} (the actions so far), "
                f"not {actions!r}"
            )
        game = self.copy()
        for _ in range(len(self._undo) - actions):
            game.undo()  # exact: undo restores the state before each action
        return game

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A copy in which every card hidden from ``seat`` (the other hands and the pile
        order) is shuffled by ``rng``; hand sizes and everything public stay.  Searching AIs
        call this on a game built from their view, never on the real game."""
        s = self._seat(seat)
        hidden = [card for other, h in enumerate(self._hands) if other != s for card in h]
        hidden.extend(self._pile)  # stored last card first
        shuffle(hidden, rng.random)
        return self._dealt_hidden(s, hidden)

    def redeal(self, seat: int, hidden: Sequence[int]) -> Game:
        """A new game in which the cards hidden from ``seat`` are dealt again from
        ``hidden``, a rearrangement of them: the other hands, in seat order, take as many
        cards as they hold now from the front, and the rest is the pile (its first card is
        drawn first).  Everything ``seat`` sees stays as it is.

        The new game starts at this position (like :meth:`from_position`): it has no
        history (the draws of the old one would not match the new cards), and the cards
        collected so far count as out of play.

        >>> game = Game(players=2, seed=7)
        >>> hidden = sorted(game.hand(1) + game.pile)
        >>> other = game.redeal(0, hidden)
        >>> other.hand(0) == game.hand(0), other.hand(1) == tuple(hidden[:5])
        (True, True)
        """
        s = self._seat(seat)
        order = [_dweebie(d, "redeal") for d in hidden]
        mine = [card for other, h in enumerate(self._hands) if other != s for card in h]
        if sorted(order) != sorted(mine + self._pile):
            raise ValueError(
                f"redeal: the cards must be a rearrangement of the {len(mine) + len(self._pile)} "
                f"cards hidden from seat {s} (the other hands and the pile)"
            )
        cut = len(mine)
        return self._dealt_hidden(s, order[:cut] + order[cut:][::-1])

    def _dealt_hidden(self, seat: int, hidden: list[int]) -> Game:
        """The one routine that deals hidden cards: a copy of this game in which the other
        hands of ``seat``, in seat order, take their cards from the front of ``hidden`` and
        the rest becomes the stored pile (last card drawn first), as a new position."""
        g = self.copy()
        hands, g._pile = deal_hidden(hidden, [len(h) for h in g._hands], seat)
        for other, h in enumerate(hands):
            if other != seat:
                g._hands[other] = sorted(h)
        # The guess is a new position of its own (as Game.from_position would build it):
        # no history (its draws would not match the new cards), collected cards out of play.
        g._undo = []
        g._out = sorted(g._out + [d for pile in g._collected for d in pile])
        g._collected = [[] for _ in g._hands]
        g._start = Position(
            tuple(sorted(g._board.items())),
            tuple(map(tuple, g._hands)),
            tuple(reversed(g._pile)),
            tuple(g._scores),
            g._current,
            tuple(g._owed),
        )
        g.seed = None
        return g

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def to_json(self, *, indent: int | None = None) -> str:
        """The whole game as JSON (rules, starting position, every action, current state);
        the format is described in :mod:`dweebies_widget.save`."""
        start = self._start
        state = self.state()
        doc = save.document(
            rules=self.rules.to_dict(),
            seed=self.seed,
            start={
                "board": [[r, c, d] for (r, c), d in start.board],
                "hands": [list(h) for h in start.hands],
                "pile": list(start.pile),
                "scores": list(start.scores),
                "current_player": start.current_player,
                "owed": list(start.owed),
            },
            actions=state["history"],
            state={
                "board": [[r, c, d] for (r, c), d in state["board"]],
                "hands": state["hands"],
                "pile": state["pile"],
                "scores": state["scores"],
                "current_player": state["current_player"],
                "owed": state["owed"],
            },
        )
        return save.dumps(doc, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`.  Malformed, tampered or inconsistent saves
        raise :class:`SaveError`; loading never executes anything.

        The save module checks the shape of the text; here the starting position is
        rebuilt, every action is replayed through the rules and the result is compared
        with the saved state.

        >>> game = Game(players=2, seed=7)
        >>> _ = game.play(game.legal_moves()[0])
        >>> Game.from_json(game.to_json()) == game
        True
        """
        data = save.loads(text)
        start = data.start
        try:
            game = cls.from_position(
                board={(r, c): d for r, c, d in start["board"]},
                hands=start["hands"],
                pile=start["pile"],
                scores=start["scores"],
                current_player=start["current_player"],
                rules=data.rules,
                owed=start["owed"],
            )
        except (TypeError, ValueError) as exc:
            raise save.error(f"'start' is not a valid position: {exc}") from None
        if data.seed is not None:
            # A dealt game: the start must be exactly the deal of that seed.
            try:
                dealt = cls(players=len(start["hands"]), seed=data.seed, rules=data.rules)
            except (TypeError, ValueError) as exc:
                raise save.error(f"'seed' {data.seed} cannot deal this game: {exc}") from None
            if dealt.start != game.start or dealt.state() != game.state():
                raise save.error(
                    f"'start' is not the deal of seed {data.seed} (cards missing, added or "
                    "moved); the file was changed by hand"
                )
        for i, action in enumerate(data.actions):
            where = f"action {i}"
            try:
                if action[0] == "play":
                    _, seat, dweebie, cell = action
                    if seat != game.current_player:
                        raise save.error(
                            f"{where} is by seat {seat} but seat {game.current_player} was to move"
                        )
                    game.play(dweebie, cell)
                else:
                    game.draw(action[1])
            except GameError as exc:
                if isinstance(exc, SaveError):
                    raise
                raise save.error(f"{where} breaks the rules: {exc}") from None
        state = data.state
        saved = {
            "board": sorted(((r, c), d) for r, c, d in state["board"]),
            "hands": [sorted(h) for h in state["hands"]],
            "pile": state["pile"],
            "scores": state["scores"],
            "current_player": state["current_player"],
            "owed": state["owed"],
        }
        now = game.state()
        for key, value in saved.items():
            if now[key] != value:
                raise save.error(
                    f"'state.{key}' does not match what the saved actions lead to "
                    f"(saved {value!r}, replayed {now[key]!r}); the file was changed by hand"
                )
        game.seed = data.seed
        return game

    def state(self) -> dict[str, Any]:
        """The complete current state as plain data (used to compare games exactly)."""
        return {
            "rules": self.rules.to_dict(),
            "board": sorted(self._board.items()),
            "hands": [list(h) for h in self._hands],
            "pile": list(reversed(self._pile)),
            "scores": list(self._scores),
            "collected": [sorted(c) for c in self._collected],
            "current_player": self._current,
            "owed": list(self._owed),
            "out_of_play": list(self._out),
            "history": [_action_data(u[0]) for u in self._undo],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"seat {self._current} to move"
        return (
            f"<Game {self._n} players, {len(self._board)} cards on the table, "
            f"pile {len(self._pile)}, scores {list(self._scores)}, {status}>"
        )

    def svg(
        self,
        *,
        legal: bool = False,
        last: bool = True,
        names: Sequence[str] | None = None,
        viewer: int | None = None,
    ) -> SvgPicture:
        """A static picture of the table, the scores and a hand (shows itself in a
        notebook): the widget's picture of this position.

        ``legal`` marks the legal cells, ``last`` highlights the last placement, ``names``
        labels the seats and ``viewer`` is the seat whose hand is shown (default: the seat
        to play)."""
        from .svg import SvgPicture, render

        return SvgPicture(render(self, legal=legal, last=last, names=names, viewer=viewer))

    def _repr_svg_(self) -> str:
        from .svg import render

        return render(self)

    # ------------------------------------------------------------------ internals
    def _put(self, cell: Cell, d: int) -> None:
        board = self._board
        adj = self._adj
        board[cell] = d
        adj.pop(cell, None)
        r, c = cell
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb not in board:
                adj[nb] = adj.get(nb, 0) + 1

    def _take(self, cell: Cell) -> None:
        board = self._board
        adj = self._adj
        del board[cell]
        r, c = cell
        count = 0
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nb in board:
                count += 1
            else:
                left = adj[nb] - 1
                if left:
                    adj[nb] = left
                else:
                    del adj[nb]
        if count:
            adj[cell] = count

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self._n:
            raise IllegalMoveError(
                f"Rules section 2 (players): seats are 0..{self._n - 1}, not {seat!r}.",
                reason="no-such-seat",
                rule="2",
                legal=range(self._n),
            )
        return seat

    def _legal_sorted(self, near: Cell) -> list[Cell]:
        return grid.cells_by_distance(self.legal_cells(), near)

    def _placement_error(self, cell: Cell) -> IllegalMoveError:
        legal = self._legal_sorted(cell)
        tail = _legal_text(legal)
        if cell in self._board:
            reason = "occupied"
            why = (
                f"Rules section 5 (where a card may go): cell {cell} already holds "
                f"{_card(self._board[cell])}."
            )
        elif not self._board:
            reason = "empty-table"
            why = (
                "Rules section 5 (where a card may go): the table is empty, so the card goes "
                f"in the centre {CENTER}, not {cell}."
            )
        elif cell not in self._adj:
            reason = "not-adjacent"
            why = (
                f"Rules section 5 (where a card may go): cell {cell} is not orthogonally "
                "adjacent to any card (diagonal contact does not count)."
            )
        else:
            assert self._split is not None
            reason = "not-on-link"
            k = len(self._split.groups)
            why = (
                f"Rules section 5 (split grid): the table is split into {k} groups and its "
                f"bridge cost is {self._split.cost}; cell {cell} is not on a shortest bridge."
            )
        return IllegalMoveError(why + tail, reason=reason, rule="5", legal=legal)


# ---------------------------------------------------------------------- helpers
def shuffle(cards: list[int], random: Callable[[], float]) -> None:
    """Shuffle ``cards`` in place (Fisher-Yates), driven by ``random()``, a source of
    uniform numbers in ``[0, 1)`` such as ``random.Random(seed).random``: the one shuffle of
    the package (the deal, the AI's guesses of hidden cards, the OpenSpiel adapter's).

    >>> cards = [1, 2, 3, 4]
    >>> shuffle(cards, random.Random(0).random)
    >>> sorted(cards)
    [1, 2, 3, 4]
    """
    for i in range(len(cards) - 1, 0, -1):
        j = min(i, floor(random() * (i + 1)))  # min: a sampler that returns 1.0 stays safe
        cards[i], cards[j] = cards[j], cards[i]


def last_placement(history: Sequence[Action]) -> Placement | None:
    """The most recent :class:`Placement` of ``history`` (owed draws skipped), if any."""
    for action in reversed(history):
        if isinstance(action, Placement):
            return action
    return None


def deal_hidden(
    order: Sequence[int], hand_sizes: Sequence[int], seat: int
) -> tuple[list[list[int]], list[int]]:
    """Deal the cards hidden from ``seat``, listed in ``order``: every other seat, in seat
    order, takes ``hand_sizes[s]`` cards from the front, and the rest is the pile.  The entry
    of ``seat`` itself stays empty (its hand is not hidden from it).

    >>> deal_hidden([7, 8, 9, 10, 11], [2, 1, 2], seat=1)
    ([[7, 8], [], [9, 10]], [11])
    """
    hands: list[list[int]] = []
    i = 0
    for other, size in enumerate(hand_sizes):
        if other == seat:
            hands.append([])
        else:
            hands.append(list(order[i : i + size]))
            i += size
    return hands, list(order[i:])


def shuffled_deck(seed: int) -> list[int]:
    """The 54 cards shuffled by ``seed``: the same order on every machine and Python version
    (Fisher-Yates driven by ``random.Random(seed).random()``, which Python guarantees to
    reproduce for an integer seed).

    >>> shuffled_deck(7)[:5] == shuffled_deck(7)[:5]
    True
    """
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be a whole number >= 0, not {seed}")
    deck = list(FULL_DECK)
    shuffle(deck, random.Random(seed).random)
    return deck


def _check_players(players: object, rules: Rules, hand_check: bool = True) -> None:
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Rules section 2 (players): {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
        )
    if hand_check and rules.first_player >= players:
        raise ValueError(
            f"Rules section 2 (players): first_player={rules.first_player} is not a seat of a "
            f"{players}-player game (seats 0..{players - 1})"
        )
    if hand_check and rules.starting_pile(players) < 0:
        raise ValueError(
            f"Rules section 2 (setup): {players} hands of {rules.hand_size} need "
            f"{rules.hand_size * players} cards, the deck has {DECK_SIZE}"
        )


def _check_deck(deck: Sequence[int]) -> list[int]:
    cards = [_dweebie(d, "deck") for d in deck]
    if sorted(cards) != list(FULL_DECK):
        have = Counter(cards)
        wrong = [
            f"{d} x{have[d]} (should be {COPIES[d]})"
            for d in range(NUM_DWEEBIES)
            if have[d] != COPIES[d]
        ]
        raise ValueError(
            f"Rules section 1 (cards): a deck is the {DECK_SIZE} cards, Dweebie d "
            f"1 + d // 9 times; this one has {len(cards)} cards, wrong counts: "
            + ", ".join(wrong[:6])
        )
    return cards


def _index(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError("bool is not an integer here")
    return operator.index(value)  # type: ignore[arg-type]


def _dweebie(value: object, where: str) -> int:
    try:
        d = _index(value)
    except TypeError:
        raise ValueError(
            f"{where}: {value!r} is not a Dweebie id (0..{NUM_DWEEBIES - 1})"
        ) from None
    if not 0 <= d < NUM_DWEEBIES:
        raise ValueError(f"{where}: {d} is not a Dweebie id (0..{NUM_DWEEBIES - 1})")
    return d


def _count(value: object, what: str) -> int:
    try:
        v = _index(value)
    except TypeError:
        raise ValueError(f"position: {what} must be whole numbers, not {value!r}") from None
    if v < 0:
        raise ValueError(f"position: {what} cannot be negative ({v})")
    return v


def _cell(cell: object, rule: str = "3") -> Cell:
    if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int and type(cell[1]) is int:
        return cell  # the fast, common case
    if not isinstance(cell, (tuple, list)) or len(cell) != 2:
        raise TypeError(f"a cell is a (row, col) pair of ints, not {cell!r}")
    try:
        return (_index(cell[0]), _index(cell[1]))
    except TypeError:
        raise TypeError(f"a cell is a (row, col) pair of ints, not {cell!r}") from None


def _line_ends(
    board: Mapping[Cell, int],
    cell: Cell,
    need: int,
    sides: tuple[bool, ...] | None = None,
    showing: int | None = None,
) -> list[tuple[int, int, Cell]]:
    """The lines a card on ``cell`` ends (rules section 6), the one place this rule lives.

    For the row and the column: if exactly one side of ``cell`` holds a card and the line
    has at least ``need`` cards besides ``cell``, ``(dr, dc, far)``: the direction from
    ``cell`` and the cell at the line's other end.  A card in the middle of a run ends
    nothing in that direction.  The line is collected when ``far`` shows the placed
    Dweebie.  ``sides`` may give which of (left, right, up, down) hold cards, if the
    caller knows, and ``showing`` keeps only the lines whose far end shows that Dweebie
    (the lines its placement collects).  (Written out per axis: simulations call this for
    every move.)
    """
    r, c = cell
    if sides is None:
        left, right = (r, c - 1) in board, (r, c + 1) in board
        up, down = (r - 1, c) in board, (r + 1, c) in board
    else:
        left, right, up, down = sides
    ends: list[tuple[int, int, Cell]] = []
    if right != left:
        step = 1 if right else -1
        far = c + step
        while (r, far + step) in board:
            far += step
        if (far - c) * step >= need and (showing is None or board[(r, far)] == showing):
            ends.append((0, step, (r, far)))
    if down != up:
        step = 1 if down else -1
        far = r + step
        while (far + step, c) in board:
            far += step
        if (far - r) * step >= need and (showing is None or board[(far, c)] == showing):
            ends.append((step, 0, (far, c)))
    return ends


def _legal_text(legal: Sequence[Cell]) -> str:
    shown = ", ".join(map(str, legal[:8])) + (" ..." if len(legal) > 8 else "")
    return f" Legal cells, nearest first: {shown}."


def _card(d: int) -> str:
    return f"Dweebie {d} ({name(d)})" if 0 <= d < NUM_DWEEBIES else f"Dweebie {d}"


def _ids(hand: Sequence[int]) -> str:
    return "[" + ", ".join(str(d) for d in hand) + "]" if hand else "no cards"


def _action_data(action: Action) -> list[Any]:
    if isinstance(action, Draw):
        return ["draw", action.seat]
    return ["play", action.seat, action.move.dweebie, list(action.move.cell)]
