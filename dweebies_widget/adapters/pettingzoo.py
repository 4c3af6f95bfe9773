"""Dweebies as a PettingZoo AEC environment, for multi-agent reinforcement learning.

>>> from dweebies_widget.adapters.pettingzoo import env
>>> e = env(players=3)
>>> e.reset(seed=7)
>>> e.agent_selection
'player_0'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((25, 25, 66), (16875,))
>>> hand = e.unwrapped.game.hand(0)
>>> int(obs["action_mask"].sum()) == len(set(hand))   # each Dweebie in hand, on the centre
True
>>> e.step(int(obs["action_mask"].argmax()))
>>> e.agent_selection
'player_1'

Install with ``pip install "dweebies-widget[pettingzoo]"``.  ``env(...)`` is the environment
wrapped as PettingZoo's classic board games are (an illegal action ends the game with -1 for
the player who made it, out-of-range actions fail an assertion, calls out of order are
refused); ``raw_env(...)`` is the bare environment, which raises
:class:`~dweebies_widget.IllegalMoveError` on an illegal action.  Both take ``players`` (2-6),
``render_mode`` (``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``), ``rules`` (a
:class:`~dweebies_widget.Rules`, or its options as keywords: ``env(players=2, min_line=3)``)
and ``window`` (the window size ``W`` below, default :data:`DEFAULT_WINDOW`).  Draws are
taken automatically, so ``Rules(auto_draw=False)`` is refused: its owed draws may be taken
at any moment by any seat, which no turn-by-turn action space can offer.

Every rule comes from the rules core: the environment asks :meth:`Game.legal_moves
<dweebies_widget.Game.legal_moves>`, plays with :meth:`Game.play <dweebies_widget.Game.play>`
and reads :attr:`Game.is_over <dweebies_widget.Game.is_over>` and :attr:`Game.winners
<dweebies_widget.Game.winners>`.  It never decides a rule itself.

Agents and turns
----------------
The agents are ``"player_0"`` .. ``"player_{N-1}"``, one per seat.  ``agent_selection`` is
always the game's :attr:`~dweebies_widget.Game.current_player`; a seat whose hand is empty
(once the pile is gone) is skipped by the rules core, so it simply is not selected until the
game ends.  When the game ends every agent is terminated at once and each then steps once
with ``None``, as the PettingZoo API asks.  There is no truncation: a game always ends, after
at most 54 turns.

Seeding
-------
``reset(seed=s)`` seeds ``self.np_random`` (gymnasium seeding) and the deal is drawn from it:
the game is ``Game(players, seed=g)`` with ``g = np_random.integers(2**31)``.  So
``reset(seed=s)`` always gives the same deal, and ``reset()`` without a seed deals the next
game of the same random stream.  ``env.unwrapped.game_seed`` tells ``g``, to replay a game
in the widget afterwards (-1 for a game given to :meth:`raw_env.set_game` without a seed).
It is not in ``infos``: the seed gives away every hand and the pile, so an agent must never
read it.

The window and the actions
--------------------------
The table is unbounded, but an action space must be fixed.  So the agent sees and acts on a
square **window** of ``W x W`` cells (``W`` odd, :data:`DEFAULT_WINDOW` = 25) that moves with
the table.  Each turn the window is placed by :func:`window_origin`, from public information
only (the cards and the legal cells):

1. centred on the middle of the bounding box of the cards and the legal cells (on an empty
   table, on the centre ``(0, 0)``, the only legal cell);
2. if that leaves a legal cell outside, centred on the middle of the legal cells' box;
3. if that leaves every legal cell outside, centred on the legal cell nearest that middle.

Step 1 holds every legal cell, and every card, whenever the cards span at most ``W - 2``
rows and columns (legal cells are at most one cell outside the cards).  In 40,000 random
games with 2-6 players the cards never spanned more than 18 rows or columns (17 in 3,000
games of the Greedy and Cautious computer players), well within the 23 that ``W = 25`` is
sure to hold, so every legal move is in the window in real games.  If
a table ever grows wider (deliberately long lines, or a small ``window=``), steps 2 and 3
keep at least one legal cell in the window, the action mask offers exactly the legal moves
inside it, and ``info["legal_outside_window"]`` counts the legal cells left out (0 in real
games).  ``info["window_origin"]`` is the table cell
``(row, col)`` of the window's top-left corner.

An action is one ``int`` in ``Discrete(27 * W * W)``::

    action = dweebie * W * W + row * W + col        # row, col: 0 .. W-1 inside the window
    dweebie, rest = divmod(action, W * W)
    row, col = divmod(rest, W)
    cell = (origin_row + row, origin_col + col)     # the table cell, as Game.play takes it

meaning "place a card of this Dweebie (id 0-26) from my hand on this cell".
:meth:`raw_env.decode_action` and :meth:`raw_env.encode_move` convert, with the current
window.  ``obs["action_mask"]`` (``int8``, length ``27 * W * W``) is 1 exactly on the legal
moves inside the window for the agent to move, and all 0 for every other agent.

The observation
---------------
``obs["observation"]`` is an ``int8`` array of shape ``(W, W, 57 + 3 * N)`` for ``N`` players:
planes over the window, channels last (as in PettingZoo's tic-tac-toe and connect four).  It
holds only what the agent may see (rules section 7): the table, its own hand, the scores,
the hand sizes, the pile size and whose turn it is; never another hand or the pile's order.
It is built from :meth:`Game.view(seat) <dweebies_widget.Game.view>` alone.  Seats are
counted from the observer, in turn order (``k = 0`` is the observer, ``k = 1`` plays next),
so one policy can play every seat.

==================  ==========================================================  ===========
channels            meaning                                                     values
==================  ==========================================================  ===========
0 .. 26             ``TABLE[d]``: a card of Dweebie ``d`` lies on the cell       0 / 1
27                  ``LEGAL``: a legal cell for the player to move (public)     0 / 1
28                  ``LAST``: the cell of the last placement                    0 / 1
29 .. 55            ``HAND[d]``: copies of Dweebie ``d`` in my hand, everywhere  0 .. 3 (*)
56                  ``PILE``: cards left in the draw pile, everywhere            0 .. 44 (*)
57 .. 57+N-1        ``SCORE[k]``: cards collected by seat ``k``, everywhere      0 .. 54
57+N .. 57+2N-1     ``HAND_SIZE[k]``: cards in seat ``k``'s hand, everywhere     0 .. 5 (*)
57+2N .. 57+3N-1    ``TURN[k]``: 1 everywhere if seat ``k`` is to move           0 / 1
==================  ==========================================================  ===========

"Everywhere" means one number repeated on every cell of the plane, so a convolutional
network sees it wherever it looks: ``obs["observation"][0, 0, 56]`` is the pile size.  (*)
The exact upper bounds: ``HAND[d]`` up to Dweebie ``d``'s copies (1 for ids 0-8, 2 for 9-17,
3 for 18-26), ``PILE`` up to ``54 - N * hand_size`` (44 for two players) and ``HAND_SIZE``
up to ``Rules.hand_size`` (5).  ``TURN`` is all 0 once the game is over.
:func:`channel_names` lists the channels by name, and the observation space is a ``Box``
with exactly these bounds.

For example, to read an observation back::

    planes = obs["observation"]
    table = planes[:, :, :27].argmax(axis=2)         # Dweebie id on each cell ...
    occupied = planes[:, :, :27].any(axis=2)         # ... where a card lies
    my_hand = planes[0, 0, 29:56]                    # how many of each Dweebie I hold

Rewards
-------
0 on every step but the last.  When the game ends (pile and hands empty, rules section 9),
every seat in :attr:`Game.winners <dweebies_widget.Game.winners>` gets +1 and every other seat
-1; tied winners each get +1.  When every seat ties, nobody won: all get 0 (a draw, as in
PettingZoo's classic games and in the OpenSpiel adapter).

Rendering
---------
``"ansi"`` returns the public table as text (ids, ``+`` on legal cells, coordinates on the
edges) with the scores, hand sizes and, for a person watching, the hand of the player to
move (agents never see rendered output).  ``"human"`` prints that text.  ``"rgb_array"``
returns a ``uint8`` image of shape ``(16 + 16 * W, 16 * W, 3)``: a band with one box per
seat (the player to move lit, a bar for its score) above the window, each card a square in
its Dweebie's colour with one dot per copy (colour and dots together tell the 27 Dweebies
apart), legal cells tinted green and the last placement outlined in blue.  For the full
picture use :meth:`Game.svg <dweebies_widget.Game.svg>` on ``env.unwrapped.game``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from gymnasium import logger, spaces
from gymnasium.utils import EzPickle, seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..cards import COPIES, LOOKS, NUM_DWEEBIES
from ..game import CENTER, MAX_PLAYERS, MIN_PLAYERS, Game, Move, Rules
from ..grid import Cell, bounding_box, cells_by_distance
from ..palette import (
    CARD_EDGE,
    GRID_LINE,
    INK,
    LAST_EDGE,
    LEGAL_FILL,
    SEAT_EDGE,
    SEAT_FILL,
    TABLE_FILL,
    TURN_FILL,
    WIN_EDGE,
)

__all__ = [
    "DEFAULT_WINDOW",
    "channel_names",
    "env",
    "raw_env",
    "window_origin",
]

#: The default window size ``W``: the agent sees and acts on ``W x W`` cells.
DEFAULT_WINDOW = 25

# The first channel of each part of the observation (see the module docstring):
#: ``TABLE + d``: Dweebie ``d`` on the cell (channels 0-26).
TABLE = 0
#: The legal cells (channel 27).
LEGAL = NUM_DWEEBIES
#: The cell of the last placement (channel 28).
LAST = LEGAL + 1
#: ``HAND + d``: copies of Dweebie ``d`` in the observer's hand (channels 29-55).
HAND = LAST + 1
#: The pile size (channel 56).
PILE = HAND + NUM_DWEEBIES
#: ``SCORE + k``: seat ``k``'s score; then ``SCORE + N + k`` its hand size and
#: ``SCORE + 2 * N + k`` whether it is to move (``k`` counted from the observer).
SCORE = PILE + 1

#: Cards in the deck: the most any score can reach.
_DECK = sum(COPIES)

#: Pixels per cell of the ``"rgb_array"`` picture, and the height of the seat band above.
CELL_PX = 16
BAND_PX = 16

ObsDict = dict[str, NDArray[np.int8]]


def channel_names(players: int) -> tuple[str, ...]:
    """The name of every observation channel, in order, for ``players`` seats.

    >>> names = channel_names(2)
    >>> len(names), names[0], names[27], names[28], names[29], names[56]
    (63, 'TABLE[0]', 'LEGAL', 'LAST', 'HAND[0]', 'PILE')
    >>> names[57:]
    ('SCORE[0]', 'SCORE[1]', 'HAND_SIZE[0]', 'HAND_SIZE[1]', 'TURN[0]', 'TURN[1]')
    """
    names = [f"TABLE[{d}]" for d in range(NUM_DWEEBIES)]
    names += ["LEGAL", "LAST"]
    names += [f"HAND[{d}]" for d in range(NUM_DWEEBIES)]
    names += ["PILE"]
    for what in ("SCORE", "HAND_SIZE", "TURN"):
        names += [f"{what}[{k}]" for k in range(players)]
    return tuple(names)


def window_origin(board: Iterable[Cell], legal: Iterable[Cell], size: int) -> Cell:
    """The table cell at the top-left corner of the ``size x size`` window (``size`` odd).

    Public information only: the cells holding cards and the legal cells.  The window is
    centred on the middle of the bounding box of both; if a legal cell falls outside, on the
    middle of the legal cells; if then none is inside, on the legal cell nearest that middle.

    >>> window_origin([], [(0, 0)], 5)
    (-2, -2)
    >>> window_origin([(0, 0), (0, 1)], [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, 0), (1, 1)], 5)
    (-2, -2)
    """
    legal_cells = sorted(legal)
    half = size // 2
    box = bounding_box([*board, *legal_cells])
    if box is None:
        return (CENTER[0] - half, CENTER[1] - half)
    middle = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)

    def inside(origin: Cell) -> int:
        return sum(0 <= r - origin[0] < size and 0 <= c - origin[1] < size for r, c in legal_cells)

    origin = (middle[0] - half, middle[1] - half)
    if inside(origin) == len(legal_cells):
        return origin
    legal_box = bounding_box(legal_cells)
    assert legal_box is not None
    middle = ((legal_box[0] + legal_box[2]) // 2, (legal_box[1] + legal_box[3]) // 2)
    origin = (middle[0] - half, middle[1] - half)
    if inside(origin):
        return origin
    nearest = cells_by_distance(legal_cells, middle)[0]
    return (nearest[0] - half, nearest[1] - half)


def env(
    players: int = 2,
    render_mode: str | None = None,
    *,
    rules: Rules | None = None,
    window: int = DEFAULT_WINDOW,
    **rule_options: Any,
) -> Any:
    """The Dweebies environment wrapped as PettingZoo's classic games are.

    An illegal action ends the game: -1 for the player who made it, 0 for the others.
    Arguments as for :class:`raw_env`.  (Returns a PettingZoo ``OrderEnforcingWrapper``.)
    """
    wrapped: Any = raw_env(
        players=players, render_mode=render_mode, rules=rules, window=window, **rule_options
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # (pettingzoo has no type hints)
    """The bare Dweebies AEC environment (see the module docstring).

    ``players``: 2 to 6 seats.  ``render_mode``: ``None``, ``"human"``, ``"ansi"`` or
    ``"rgb_array"``.  ``rules``: a :class:`~dweebies_widget.Rules`, or give its options as
    keywords instead (``min_line=3``, ``hand_size=4`` ...); ``auto_draw`` must stay true.
    ``window``: the window size ``W``, odd, from 3 to 101.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "dweebies_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        render_mode: str | None = None,
        *,
        rules: Rules | None = None,
        window: int = DEFAULT_WINDOW,
        **rule_options: Any,
    ) -> None:
        EzPickle.__init__(self, players, render_mode, rules=rules, window=window, **rule_options)
        super().__init__()
        if rules is None:
            rules = Rules(**rule_options)
        elif rule_options:
            raise TypeError("give either rules= or rule options as keywords, not both")
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules object, not {type(rules).__name__}")
        if not rules.auto_draw:
            raise ValueError(
                "Rules(auto_draw=False) is not supported: owed draws may be taken at any "
                "moment by any seat, which a turn-by-turn action space cannot offer"
            )
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"Dweebies is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}"
            )
        if type(window) is not int or window < 3 or window % 2 == 0 or window > 101:
            raise ValueError(f"window must be an odd int from 3 to 101, not {window!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be None or one of {self.metadata['render_modes']}, "
                f"not {render_mode!r}"
            )
        # A placeholder game until reset(); building it checks the rules against the players.
        self.game: Game = Game(players, seed=0, rules=rules)
        self.players = players
        self.rules = rules
        self.window = window
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = self.possible_agents[:]
        self.num_actions = NUM_DWEEBIES * window * window
        self.num_channels = SCORE + 3 * players
        high = np.zeros((window, window, self.num_channels), dtype=np.int8)
        high[:, :, TABLE : LAST + 1] = 1
        high[:, :, HAND:PILE] = np.array(COPIES, dtype=np.int8)
        high[:, :, PILE] = _DECK - rules.hand_size * players
        high[:, :, SCORE : SCORE + players] = _DECK
        high[:, :, SCORE + players : SCORE + 2 * players] = rules.hand_size
        high[:, :, SCORE + 2 * players :] = 1
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.int8),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.num_actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self.np_random_seed: int | None = None
        self.game_seed = 0
        self._origin: Cell = (0, 0)
        self._outside = 0
        self._reset_dicts()

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(27 * W * W)``."""
        return self.action_spaces[agent]

    @property
    def np_random(self) -> np.random.Generator:
        """The environment's random generator (seeded by ``reset(seed=...)``)."""
        if self._np_random is None:
            self._np_random, self.np_random_seed = seeding.np_random()
        return self._np_random

    # ------------------------------------------------------------------ encoding
    @property
    def window_origin(self) -> Cell:
        """The table cell at the window's top-left corner this turn."""
        return self._origin

    def decode_action(self, action: int) -> Move:
        """The move an action stands for in the current window.

        >>> e = raw_env(players=2)
        >>> e.reset(seed=1)
        >>> e.decode_action(3 * 25 * 25 + 12 * 25 + 12)
        Move(dweebie=3, cell=(0, 0))
        """
        a = int(action)
        if not 0 <= a < self.num_actions:
            raise ValueError(f"actions are 0..{self.num_actions - 1}, not {action!r}")
        w = self.window
        dweebie, rest = divmod(a, w * w)
        row, col = divmod(rest, w)
        return Move(dweebie, (self._origin[0] + row, self._origin[1] + col))

    def encode_move(self, move: Move) -> int | None:
        """The action of ``move`` in the current window, or ``None`` if its cell is outside.

        >>> e = raw_env(players=2)
        >>> e.reset(seed=1)
        >>> e.encode_move(Move(3, (0, 0)))
        2187
        """
        w = self.window
        row = move.cell[0] - self._origin[0]
        col = move.cell[1] - self._origin[1]
        if not (0 <= row < w and 0 <= col < w):
            return None
        return (move.dweebie * w + row) * w + col

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` seeds ``np_random`` (the same seed, the same deal)."""
        if seed is not None:
            self._np_random, self.np_random_seed = seeding.np_random(seed)
        self.game_seed = int(self.np_random.integers(2**31))
        self.game = Game(self.players, seed=self.game_seed, rules=self.rules)
        self._reset_dicts()

    def set_game(self, game: Game) -> None:
        """Continue from ``game`` (a teaching position, a saved game ...) instead of a deal.

        The environment adopts ``game`` itself (copy it first to keep yours) and its agents
        start afresh: no rewards yet, ``agent_selection`` the game's current player.

        >>> from dweebies_widget import Game
        >>> e = raw_env(players=2)
        >>> e.set_game(Game.from_position(board={(0, 0): 20}, hands=[[20], [3]]))
        >>> e.decode_action(int(e.observe("player_0")["action_mask"].argmax()))
        Move(dweebie=20, cell=(-1, 0))
        """
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game, not {type(game).__name__}")
        if game.players != self.players or game.rules != self.rules:
            raise ValueError(
                f"this environment plays {self.players} players with {self.rules}; the game "
                f"has {game.players} players and {game.rules}"
            )
        if game.is_over:
            raise ValueError("the game is over: there is nothing left to play")
        most_pile = self.rules.starting_pile(self.players)
        if game.pile_size > most_pile or max(game.hand_sizes) > self.rules.hand_size:
            raise ValueError(
                f"the observation space holds a pile of at most {most_pile} cards and hands "
                f"of at most {self.rules.hand_size}; this game has a pile of {game.pile_size} "
                f"and hands of {list(game.hand_sizes)}"
            )
        self.game = game
        self.game_seed = game.seed if game.seed is not None else -1
        self._reset_dicts()

    def _reset_dicts(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection: str = self.possible_agents[self.game.current_player]
        self._refresh()

    def _refresh(self) -> None:
        """Place the window for the new position and tell every agent in ``infos``."""
        game = self.game
        legal = game.legal_cells()
        self._origin = window_origin(game.board, legal, self.window)
        self._outside = sum(1 for cell in legal if self.encode_move(Move(0, cell)) is None)
        for agent in self.agents:
            self.infos[agent] = {
                "window_origin": self._origin,
                "legal_outside_window": self._outside,
            }

    def step(self, action: int | None) -> None:
        """Play ``action`` for ``agent_selection`` (``None`` once the agent is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action, not None")
        game = self.game
        seat = self.possible_agents.index(agent)
        assert seat == game.current_player
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        game.play(self.decode_action(action))  # the rules core refuses anything illegal
        if game.is_over:
            for a, reward in zip(self.possible_agents, game.returns(), strict=True):
                self.rewards[a] = reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()
        self._refresh()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObsDict:
        """What ``agent`` sees: ``{"observation": planes, "action_mask": mask}``."""
        seat = self.possible_agents.index(agent)
        view = self.game.view(seat)  # only what this seat may see (rules section 7)
        n, w = self.players, self.window
        planes = np.zeros((w, w, self.num_channels), dtype=np.int8)
        r0, c0 = self._origin
        for (r, c), d in view.board.items():
            if 0 <= r - r0 < w and 0 <= c - c0 < w:
                planes[r - r0, c - c0, TABLE + d] = 1
        for r, c in view.legal:
            if 0 <= r - r0 < w and 0 <= c - c0 < w:
                planes[r - r0, c - c0, LEGAL] = 1
        placed = view.last_placement
        last = None if placed is None else placed.move.cell
        if last is not None and 0 <= last[0] - r0 < w and 0 <= last[1] - c0 < w:
            planes[last[0] - r0, last[1] - c0, LAST] = 1
        for d in view.hand:
            planes[:, :, HAND + d] += 1
        planes[:, :, PILE] = view.pile_size
        for k in range(n):
            other = (seat + k) % n
            planes[:, :, SCORE + k] = view.scores[other]
            planes[:, :, SCORE + n + k] = view.hand_sizes[other]
            if not view.is_over and view.current_player == other:
                planes[:, :, SCORE + 2 * n + k] = 1
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if agent == self.agent_selection and not self.terminations[agent]:
            for move in self.game.legal_moves():
                action = self.encode_move(move)
                if action is not None:
                    mask[action] = 1
        return {"observation": planes, "action_mask": mask}

    # ------------------------------------------------------------------ rendering
    def render(self) -> None | str | NDArray[np.uint8]:
        """Draw the game as ``render_mode`` says (see the module docstring)."""
        if self.render_mode is None:
            logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "rgb_array":
            return self._rgb()
        text = self._ansi()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window is opened)."""

    def _ansi(self) -> str:
        game = self.game
        legal = game.legal_cells()
        lines = [f"Dweebies, {self.players} players, pile {game.pile_size}"]
        for s, agent in enumerate(self.possible_agents):
            mark = "*" if not game.is_over and s == game.current_player else " "
            lines.append(f"{mark} {agent}: {game.scores[s]} collected, {len(game.hand(s))} in hand")
        if game.is_over:
            who = ", ".join(self.possible_agents[s] for s in game.winners)
            lines.append(f"Game over. Winners: {who}")
        else:
            seat = game.current_player
            lines.append(f"{self.possible_agents[seat]} to move, hand {list(game.hand(seat))}")
        box = bounding_box([*game.board, *legal])
        if box is None:
            lines.append("(the table is empty)")
            return "\n".join(lines)
        top, left, bottom, right = box
        lines.append("     " + "".join(f"{c:>3}" for c in range(left, right + 1)))
        for r in range(top, bottom + 1):
            row = []
            for c in range(left, right + 1):
                d = game.board.get((r, c))
                row.append(f"{d:>3}" if d is not None else "  +" if (r, c) in legal else "  .")
            lines.append(f"{r:>4} " + "".join(row))
        return "\n".join(lines)

    def _rgb(self) -> NDArray[np.uint8]:
        game = self.game
        w, px = self.window, CELL_PX
        image = np.empty((BAND_PX + w * px, w * px, 3), dtype=np.uint8)
        # The band of seats: the player to move lit, a bar for each score.
        image[:BAND_PX] = _rgb_of(SEAT_FILL)
        width = w * px // self.players
        for s in range(self.players):
            x0, x1 = s * width, (s + 1) * width
            fill = TURN_FILL if not game.is_over and s == game.current_player else SEAT_FILL
            image[1 : BAND_PX - 1, x0 + 1 : x1 - 1] = _rgb_of(fill)
            bar = (x1 - x0 - 4) * game.scores[s] // _DECK
            image[BAND_PX - 5 : BAND_PX - 2, x0 + 2 : x0 + 2 + bar] = _rgb_of(WIN_EDGE)
            image[:BAND_PX, x0] = _rgb_of(SEAT_EDGE)
        # The table: grid, legal cells, cards, last placement.
        table = image[BAND_PX:]
        table[:] = _rgb_of(TABLE_FILL)
        table[::px, :] = _rgb_of(GRID_LINE)
        table[:, ::px] = _rgb_of(GRID_LINE)
        r0, c0 = self._origin

        def cell_box(cell: Cell) -> tuple[int, int] | None:
            row, col = cell[0] - r0, cell[1] - c0
            return (row * px, col * px) if 0 <= row < w and 0 <= col < w else None

        for cell in game.legal_cells():
            at = cell_box(cell)
            if at is not None:
                table[at[0] + 1 : at[0] + px, at[1] + 1 : at[1] + px] = _rgb_of(LEGAL_FILL)
        for cell, d in game.board.items():
            at = cell_box(cell)
            if at is None:
                continue
            y, x = at
            table[y + 1 : y + px, x + 1 : x + px] = _rgb_of(CARD_EDGE)
            table[y + 2 : y + px - 1, x + 2 : x + px - 1] = _rgb_of(LOOKS[d].colour)
            dot = _rgb_of("#FFFFFF") if _is_dark(LOOKS[d].colour) else _rgb_of(INK)
            for i in range(COPIES[d]):
                dx = x + 3 + i * 4
                table[y + px - 5 : y + px - 3, dx : dx + 2] = dot
        last = game.last_move
        if last is not None and last.cell in game.board:
            at = cell_box(last.cell)
            if at is not None:
                y, x = at
                edge = _rgb_of(LAST_EDGE)
                table[y : y + px + 1 : px, x : x + px + 1] = edge
                table[y + 1 : y + px, x : x + px + 1 : px] = edge
        return image


def _rgb_of(colour: str) -> NDArray[np.uint8]:
    """``"#RRGGBB"`` as an array of three ``uint8``."""
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)


def _is_dark(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 128
