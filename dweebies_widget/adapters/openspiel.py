"""Dweebies as an OpenSpiel game, so OpenSpiel's algorithms can play and study it.

Importing this module registers the game with OpenSpiel (it needs
``pip install "dweebies-widget[openspiel]"``)::

    import pyspiel
    import dweebies_widget.adapters.openspiel  # registers "python_dweebies"

    game = pyspiel.load_game("python_dweebies", {"players": 3})   # 2 to 6, default 2
    state = game.new_initial_state()

The adapter is a thin layer: legality, collecting, scores, whose turn it is and the end of
the game all come from the package's rules core (:class:`dweebies_widget.Game`); nothing
here re-implements a rule.  What the adapter adds is OpenSpiel's way of describing a game.

**Chance nodes.**  OpenSpiel wants every random event to be a *chance node*, a state whose
"move" is made by chance with known probabilities.  Dweebies has two kinds of random events:

* *The deal.*  A new state is a chance node that deals the 5-card hands one card at a time,
  seat 0's five cards first, then seat 1's, ... (as ``Game(deck=...)`` deals them).  Each
  outcome is a Dweebie id ``0..26``, with probability (copies left in the deck) / (cards
  left in the deck).
* *Every draw.*  After a player places a card, while the pile has cards, the state is a
  chance node again: the outcome is the Dweebie the mover draws, with probability (copies of
  it in the pile) / (cards in the pile).  "In the pile" means the cards nobody holds and
  that are not on the table or collected: the cards still unseen by everybody.

So the pile is kept as a *multiset* (a sorted list), never as an order: the order of a
shuffled pile is only a way of saying which card comes next, and the chance node says that.
How the rules core is used: the player's placement is played with :meth:`Game.play`, which
places, collects, passes the turn and draws the pile's top card.  That drawn card is a
stand-in; the adapter takes it back into the pile and the chance node decides the real one.
Before the next placement the core game is rebuilt with :meth:`Game.from_position` from the
state's plain data (table, hands, pile, scores, seat to move).

**Actions** (a fixed integer encoding).  A placement of Dweebie ``d`` on cell ``(row, col)``
is the action ``d * CELLS + (row + REACH) * WINDOW + (col + REACH)`` with ``REACH = 53``,
``WINDOW = 107`` and ``CELLS = WINDOW * WINDOW``: cells are absolute table coordinates (the
first card goes on ``(0, 0)``).  Every placed card touches an earlier one or sits on the
centre, so the *k*-th card of a game is at most ``k - 1`` steps from the centre and the 54th
at most 53: every legal cell fits in the window.  Hence ``num_distinct_actions = 27 * 107 *
107 = 309123`` (only a handful are legal in any state).  A chance outcome is a Dweebie id,
so ``max_chance_outcomes = 27``.  :func:`encode_move` and :func:`decode_action` convert.

**Length.**  Every game has exactly 108 actions: each of the 54 cards is dealt or drawn once
(54 chance outcomes) and placed once (54 placements).

**Returns** (only at the end; the reward model is *terminal*): ``+1`` for each winner (the
most cards collected, ties share the win) and ``-1`` for every other seat; when every seat
ties, all get ``0``.  With two players this is zero-sum (win/loss/draw = +1/-1/0); with more
it is not (one winner of three: +1, -1, -1), so the game type says *general sum*.

**Hidden information** (rules section 7).  :meth:`DweebiesState.information_state_string`
and :meth:`~DweebiesState.observation_string` show a seat only what it may see: its own
hand, the table, the scores, every hand's size, the pile's size, whose turn it is and, in
the information state, the whole public history of placements and the cards this seat
received (its deal and each draw: a player remembers what it drew).  The observation tensor
(:class:`DweebiesObserver`) holds the same public facts plus the seat's own hand.

**Resampling** (for OpenSpiel's ISMCTS).
:meth:`DweebiesState.resample_from_infostate` deals the cards a seat cannot see (the other
hands and the pile) again at random, keeps everything the seat knows, and builds a full
state with a matching history; the rules core's :meth:`View.deal_unseen` and
:meth:`View.to_game` do the work at a player's turn.  For example, OpenSpiel's own
information-set tree search plays it as it is::

    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                           max_simulations=50, random_state=rs)
    while not state.is_terminal():
        if state.is_chance_node():            # deal or draw: sample a card
            cards, probs = zip(*state.chance_outcomes())
            state.apply_action(rs.choice(cards, p=probs))
        else:
            state.apply_action(bot.step(state))

**Saving.**  OpenSpiel saves a Python state by pickling its attributes.  This state's
attributes are plain data (ints and lists of ints); the rules core's :class:`Game` is only a
cache beside them, which pickles as an empty dict and is rebuilt after loading.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel

from ..cards import DECK_SIZE, FULL_DECK, NUM_DWEEBIES, name
from ..game import MAX_PLAYERS, MIN_PLAYERS, Game, Move, Rules, deal_hidden, shuffle

__all__ = [
    "CELLS",
    "GAME_TYPE",
    "NUM_ACTIONS",
    "REACH",
    "SHORT_NAME",
    "WINDOW",
    "DweebiesGame",
    "DweebiesObserver",
    "DweebiesState",
    "decode_action",
    "encode_move",
]

#: The name to give :func:`pyspiel.load_game`.
SHORT_NAME = "python_dweebies"

#: How far from the centre a card can ever be (the 54th card of a game: 53 steps).
REACH = DECK_SIZE - 1
#: Width (and height) of the square of cells an action can name.
WINDOW = 2 * REACH + 1
#: Cells in that square; the actions of one Dweebie.
CELLS = WINDOW * WINDOW
#: ``num_distinct_actions``: every Dweebie on every cell of the square.
NUM_ACTIONS = NUM_DWEEBIES * CELLS
_ORIGIN = REACH * WINDOW + REACH  # the action of Dweebie 0 on the centre

DEFAULT_PLAYERS = 2
#: The game is played with the default rules (section 2: five cards each, seat 0 starts).
RULES = Rules()
HAND_SIZE = RULES.hand_size
#: Every card is dealt or drawn once and placed once.
MAX_GAME_LENGTH = 2 * DECK_SIZE

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Dweebies",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": DEFAULT_PLAYERS},
)


def encode_move(move: Move | tuple[int, tuple[int, int]]) -> int:
    """The action number of a placement (see the module docstring).

    >>> encode_move(Move(0, (0, 0))) == REACH * WINDOW + REACH
    True
    >>> decode_action(encode_move(Move(26, (-3, 7))))
    Move(dweebie=26, cell=(-3, 7))
    """
    dweebie, (row, col) = move
    if not (0 <= dweebie < NUM_DWEEBIES and abs(row) <= REACH and abs(col) <= REACH):
        raise ValueError(f"no action encodes placing {dweebie} on {(row, col)}")
    return dweebie * CELLS + (row + REACH) * WINDOW + (col + REACH)


def decode_action(action: int) -> Move:
    """The placement an action number stands for (the inverse of :func:`encode_move`)."""
    action = int(action)
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} is not a placement (0..{NUM_ACTIONS - 1})")
    dweebie, cell = divmod(action, CELLS)
    row, col = divmod(cell, WINDOW)
    return Move(dweebie, (row - REACH, col - REACH))


def _game_info(players: int) -> Any:
    return pyspiel.GameInfo(
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=NUM_DWEEBIES,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class DweebiesGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game.  Parameter ``players``: 2 to 6 seats (default 2)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.get("players", DEFAULT_PLAYERS)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"python_dweebies: players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}"
            )
        super().__init__(GAME_TYPE, _game_info(players), params)
        self.seats = players

    def new_initial_state(self) -> DweebiesState:
        """The start of a game: a chance node about to deal seat 0's first card."""
        return DweebiesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> DweebiesObserver:
        """An observer for strings and tensors (OpenSpiel calls this itself)."""
        return DweebiesObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), self.seats, params
        )


class _GameCache:
    """Holds the rules core's :class:`Game` for a state, in step with its plain data.

    It is *not* part of the saved state: pickling gives an empty ``dict``, and a state that
    finds a dict (or an empty cache) rebuilds the game from its plain data.  Cloning copies
    the game (cheap) instead of rebuilding it.
    """

    __slots__ = ("game",)

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _GameCache:
        return _GameCache(None if self.game is None else self.game.copy())

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[()]]:
        return (dict, ())


class DweebiesState(pyspiel.State):  # type: ignore[misc]
    """One position of the OpenSpiel game (see the module docstring).

    Its attributes are plain data:

    * ``_hands``: each seat's cards (sorted Dweebie ids); ``_pile``: the cards not yet dealt
      or drawn (a sorted list: a multiset, no order); ``_board``: ``[row, col, dweebie]``
      for each card on the table; ``_scores``: cards collected per seat;
    * ``_current``: the seat to place next; ``_receiver``: the seat the next chance card
      goes to (``-1`` when a player is to move); ``_over``: whether the game ended;
    * ``_received``: per seat, every card it was dealt or drew, in order (its private
      history); ``_log``: the public history, one ``[seat, dweebie, row, col, collected,
      drew]`` per placement.

    :attr:`hands`, :attr:`pile`, :attr:`board` and :attr:`scores` are read-only copies of
    the first four, named as on :class:`Game`; :meth:`core_game` is the rules core's game
    at a player's turn.
    """

    def __init__(self, game: DweebiesGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self._n: int = n
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._pile: list[int] = sorted(FULL_DECK)
        self._board: list[list[int]] = []
        self._scores: list[int] = [0] * n
        self._current: int = RULES.first_player
        self._receiver: int = 0
        self._received: list[list[int]] = [[] for _ in range(n)]
        self._log: list[list[int]] = []
        self._over = False
        self._replay: list[tuple[int, int]] | None = None
        self._cache: _GameCache | dict[str, Any] = _GameCache()

    # ------------------------------------------------------------------ the rules core
    def core_game(self) -> Game:
        """The rules core's :class:`Game` for this position (a player's turn or the end).

        It is rebuilt from the plain data when needed; treat it as read-only (a copy is
        cheap: ``state.core_game().copy()``)."""
        cache = self._cache
        if isinstance(cache, _GameCache) and cache.game is not None:
            return cache.game
        if self._receiver >= 0 and not self._over:
            raise pyspiel.SpielError("a chance node has no rules-core game: a card is due")
        game = Game.from_position(
            board={(r, c): d for r, c, d in self._board},
            hands=self._hands,
            pile=self._pile,
            scores=self._scores,
            current_player=self._current,
            rules=RULES,
            max_groups=None,  # the table was reached in play
        )
        self._cache = _GameCache(game)
        return game

    # ------------------------------------------------------------------ the whole position
    # Read-only copies of the plain data, hidden cards included, named as on the rules
    # core's Game; they hold at chance nodes too, where there is no core game.  For a
    # referee, a test or a benchmark: never show them to a player (the observer does that).
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's cards, sorted (hidden information)."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def pile(self) -> tuple[int, ...]:
        """The cards not dealt or drawn yet, sorted: a multiset, since chance nodes say
        which comes next (hidden information)."""
        return tuple(self._pile)

    @property
    def board(self) -> dict[tuple[int, int], int]:
        """The table, ``(row, col) -> Dweebie id`` (a copy)."""
        return {(r, c): d for r, c, d in self._board}

    @property
    def scores(self) -> tuple[int, ...]:
        """Collected cards per seat."""
        return tuple(self._scores)

    def _forget_game(self) -> None:
        if isinstance(self._cache, _GameCache):
            self._cache.game = None

    # ------------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """The seat to move, or ``CHANCE`` when a card is dealt or drawn, or ``TERMINAL``."""
        if self._replay is not None:
            return self._replay[int(self.move_number())][0]
        if self._over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self._receiver >= 0:
            return int(pyspiel.PlayerId.CHANCE)
        return self._current

    def _legal_actions(self, player: int) -> list[int]:
        """The legal placements of ``player`` (the seat to move), ascending."""
        if player != self._current or self._receiver >= 0 or self._over:
            return []
        # encode_move inlined (this is the hot path of every rollout); the rules core
        # sorts its moves by Dweebie then cell, so the actions come out ascending.
        return [
            d * CELLS + r * WINDOW + c + _ORIGIN for d, (r, c) in self.core_game().legal_moves()
        ]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each Dweebie still in the pile (or deck), with its copies there / the pile size."""
        total = len(self._pile)
        return [(d, k / total) for d, k in sorted(Counter(self._pile).items())]

    def _apply_action(self, action: int) -> None:
        if self._replay is not None:  # rebuilding the history of a resampled state
            return
        if self._receiver >= 0:
            self._give(int(action))
        else:
            self._place(int(action))

    def _give(self, dweebie: int) -> None:
        """A chance outcome: ``dweebie`` leaves the pile for the receiving seat's hand."""
        if dweebie not in self._pile:
            raise ValueError(f"Dweebie {dweebie} is not in the pile: it cannot be dealt")
        seat = self._receiver
        self._pile.remove(dweebie)
        insort(self._hands[seat], dweebie)
        self._received[seat].append(dweebie)
        cache = self._cache
        if isinstance(cache, _GameCache) and cache.game is not None:
            cache.game.give(seat, dweebie)  # the draw the core left to chance
        self._receiver = -1
        if not self._log:  # still dealing: the next seat whose hand is short
            for s in range(self._n):
                if len(self._received[s]) < HAND_SIZE:
                    self._receiver = s
                    break

    def _place(self, action: int) -> None:
        """A player's action: the rules core plays it (place, collect, pass the turn) and
        leaves the draw to the chance node that follows."""
        move = decode_action(action)
        game = self.core_game()
        seat = self._current
        placement = game.play(move, draw=False)  # IllegalMoveError if not legal
        due = game.pile_size > 0  # a card is owed: chance says which (rules section 8)
        if due:
            self._receiver = seat
        self._hands[seat] = list(game.hand(seat))
        self._board = [[r, c, d] for (r, c), d in sorted(game.board.items())]
        self._scores = list(game.scores)
        self._current = game.current_player
        self._over = game.is_over
        row, col = move.cell
        self._log.append([seat, move.dweebie, row, col, placement.points, int(due)])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {name(action)} ({action})"
        d, (row, col) = decode_action(action)
        return f"place {name(d)} ({d}) at ({row}, {col})"

    def is_terminal(self) -> bool:
        """The pile and every hand are empty (rules section 9)."""
        return self._over

    def returns(self) -> list[float]:
        """+1 for each winner and -1 for the others at the end (0 for all if all tie)."""
        if not self._over:
            return [0.0] * self._n
        return list(self.core_game().returns())  # the rules core says who won (section 9)

    def __str__(self) -> str:
        """Everything, hidden cards included (for debugging; never show it to a player)."""
        lines = [
            f"to move: {self._who()}",
            *(f"seat {s} hand: {_cards(h)}" for s, h in enumerate(self._hands)),
            f"pile: {_cards(self._pile)}",
            f"scores: {' '.join(map(str, self._scores))}",
            f"table: {_table(self._board)}",
        ]
        return "\n".join(lines)

    def _who(self) -> str:
        if self._over:
            return "nobody (game over)"
        if self._receiver >= 0:
            verb = "deal to" if not self._log else "draw for"
            return f"chance ({verb} seat {self._receiver})"
        return f"seat {self._current}"

    # ------------------------------------------------------------------ resampling
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DweebiesState:
        """A state that ``player_id`` cannot tell from this one, with the cards it cannot
        see (the other hands and the pile) dealt again at random.

        ``probability_sampler()`` gives uniform numbers in ``[0, 1)`` (OpenSpiel's ISMCTS
        passes ``pyspiel.UniformProbabilitySampler``); they drive a Fisher-Yates shuffle.
        The seat's hand, its received cards, the table, the scores, all hand sizes and the
        public history stay; so its information state and legal actions stay too.  The
        other seats get a private history that fits their new hands, and the new state has
        a full history (deal, placements, draws) that leads to it.
        """
        seat = int(player_id)
        if not 0 <= seat < self._n:
            raise ValueError(f"player_id must be a seat 0..{self._n - 1}, not {player_id!r}")
        hidden = [d for s, h in enumerate(self._hands) if s != seat for d in h] + self._pile
        shuffle(hidden, probability_sampler)
        game: Game | None = None
        if self._receiver < 0 and not self._over:
            # A player's turn: the rules core deals the guess and builds the game.
            view = self.core_game().view(seat)
            hands, pile = view.deal_unseen(hidden)
            game = view.to_game((hands, pile))
        else:
            hands, pile = deal_hidden(hidden, [len(h) for h in self._hands], seat)
            hands[seat] = list(self._hands[seat])
        received = [
            list(self._received[s]) if s == seat else self._private_history(s, hands[s])
            for s in range(self._n)
        ]
        new = DweebiesState(self.get_game())
        # Give the new state the history that leads to it (its steps are only recorded).
        new._replay = self._history_from(received)
        for _, action in new._replay:
            new.apply_action(action)
        new._replay = None
        new._hands = [sorted(h) for h in hands]
        new._pile = sorted(pile)
        new._board = [list(x) for x in self._board]
        new._scores = list(self._scores)
        new._current = self._current
        new._receiver = self._receiver
        new._received = received
        new._log = [list(x) for x in self._log]
        new._over = self._over
        new._cache = _GameCache(game)
        return new

    def _private_history(self, seat: int, hand: Sequence[int]) -> list[int]:
        """Cards ``seat`` could have received, in order, to hold ``hand`` now after the
        public history: walk the history backwards from ``hand`` (a placed card goes back
        into the hand; a received card is taken out of it, the highest id, a fixed choice)."""
        events: list[int] = [-1] * min(HAND_SIZE, len(self._received[seat]))  # -1: receive
        for who, d, *_, drew in self._log:
            if who == seat:
                events.append(d)
                if drew:
                    events.append(-1)
        events = events[: len(events) - (events.count(-1) - len(self._received[seat]))]
        held = sorted(hand)
        got: list[int] = []
        for e in reversed(events):
            if e >= 0:
                insort(held, e)
            else:
                got.append(held.pop())
        return got[::-1]

    def _history_from(self, received: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
        """The (player, action) sequence that deals ``received`` and replays the log."""
        steps: list[tuple[int, int]] = []
        chance = int(pyspiel.PlayerId.CHANCE)
        for s in range(self._n):
            steps.extend((chance, d) for d in received[s][:HAND_SIZE])
        nxt = [HAND_SIZE] * self._n
        for seat, d, row, col, _, drew in self._log:
            steps.append((seat, encode_move(Move(d, (row, col)))))
            if drew and nxt[seat] < len(received[seat]):
                steps.append((chance, received[seat][nxt[seat]]))
                nxt[seat] += 1
        return steps


class DweebiesObserver:
    """OpenSpiel's observer: strings and a tensor of what one seat may see.

    ``iig_obs_type`` chooses the content: ``public_info`` (table, scores, hand sizes, pile
    size, whose turn; with ``perfect_recall`` also every placement so far),
    ``private_info`` (``SINGLE_PLAYER``: the seat's own hand, and with ``perfect_recall`` the
    cards it received; ``ALL_PLAYERS``: every hand; ``NONE``: no hand).

    The tensor (only without ``perfect_recall``; the information state has no tensor) has
    the pieces ``player`` (one-hot observing seat), ``current_player`` (one-hot, all zero at
    chance nodes and at the end), ``hand_sizes``, ``scores``, ``pile_size``, ``table`` (a
    ``WINDOW x WINDOW`` grid of cells, row ``row + REACH`` and column ``col + REACH``,
    holding Dweebie id + 1, 0 for empty), ``legal`` (1 on the cells where the mover may
    place) and ``hand`` (copies of each Dweebie in the seat's hand) or ``hands`` (one row
    per seat).  ``dict`` holds the named pieces, views into ``tensor``.
    """

    def __init__(
        self, iig_obs_type: Any, players: int, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        self.mine = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.everyone = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        pieces: list[tuple[str, tuple[int, ...]]] = []
        if not self.recall:
            pieces.append(("player", (players,)))
            if self.public:
                pieces += [
                    ("current_player", (players,)),
                    ("hand_sizes", (players,)),
                    ("scores", (players,)),
                    ("pile_size", (1,)),
                    ("table", (WINDOW, WINDOW)),
                    ("legal", (WINDOW, WINDOW)),
                ]
            if self.mine:
                pieces.append(("hand", (NUM_DWEEBIES,)))
            elif self.everyone:
                pieces.append(("hands", (players, NUM_DWEEBIES)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for key, shape in pieces:
            n = int(np.prod(shape))
            self.dict[key] = self.tensor[at : at + n].reshape(shape)
            at += n

    def set_from(self, state: DweebiesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        self.tensor.fill(0)
        d = self.dict
        if "player" in d:
            d["player"][player] = 1
        if "current_player" in d:
            if state._receiver < 0 and not state._over:
                d["current_player"][state._current] = 1
            d["hand_sizes"][:] = [len(h) for h in state._hands]
            d["scores"][:] = state._scores
            d["pile_size"][0] = len(state._pile)
            for r, c, dweebie in state._board:
                d["table"][r + REACH, c + REACH] = dweebie + 1
            if state._receiver < 0 and not state._over:
                for r, c in state.core_game().legal_cells():
                    d["legal"][r + REACH, c + REACH] = 1
        if "hand" in d:
            for dweebie in state._hands[player]:
                d["hand"][dweebie] += 1
        if "hands" in d:
            for s, hand in enumerate(state._hands):
                for dweebie in hand:
                    d["hands"][s, dweebie] += 1

    def string_from(self, state: DweebiesState, player: int) -> str:
        """What ``player`` sees of ``state``, in words (one fact per line)."""
        lines = [f"seat {player} of {state._n}"]
        if self.public:
            lines += [
                f"to move: {state._who()}",
                f"hand sizes: {' '.join(str(len(h)) for h in state._hands)}",
                f"pile: {len(state._pile)}",
                f"scores: {' '.join(map(str, state._scores))}",
                f"table: {_table(state._board)}",
            ]
        if self.mine:
            lines.append(f"hand: {_cards(state._hands[player])}")
            if self.recall:
                lines.append(f"received: {_cards(state._received[player])}")
        elif self.everyone:
            for s in range(state._n):
                lines.append(f"seat {s} hand: {_cards(state._hands[s])}")
                if self.recall:
                    lines.append(f"seat {s} received: {_cards(state._received[s])}")
        if self.public and self.recall:
            moves = [
                f"{seat}:{d}@({r},{c})" + (f"+{taken}" if taken else "")
                for seat, d, r, c, taken, _ in state._log
            ]
            lines.append(f"placements: {' '.join(moves) or '-'}")
        return "\n".join(lines)


def _cards(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) or "-"


def _table(board: Sequence[Sequence[int]]) -> str:
    return " ".join(f"{d}@({r},{c})" for r, c, d in board) or "-"


pyspiel.register_game(GAME_TYPE, DweebiesGame)
