"""Level 4, Expert: information-set Monte Carlo tree search (IS-MCTS).

The Expert cannot see the other hands or the order of the pile, so it *imagines* them:
again and again it deals the unseen cards at random into the other hands and the pile (a
guess that agrees with everything it can see), tries a line of play in that imagined deal,
and remembers how each of its moves fared.

The memory is a tree.  Its root is the position now; each branch is a move; a node is
reached by the moves played since the root (its children are keyed by the move alone), so
every guessed deal that plays those moves shares it, with the statistics of all of them:
not an exact *information set*, since the cards the mover would have drawn in different
guesses share one node.  Each round of the search:

1. **Guess** the hidden cards (:meth:`Game.determinize` on the view's public game), as
   a detective would: a player who could have collected more with some Dweebie than it
   did probably held none then, so the cards it has kept since are dealt other Dweebies
   where the unseen cards allow (:func:`hand_limits` reads this from the public history).
2. **Pick a move at the root** with the PUCT formula: a move's average result so far,
   plus a bonus for moves a Cautious player likes (its *prior*) that shrinks as the move
   gets tried.  Good-looking moves get most of the rounds, but every move can win them.
3. **Walk down the tree**: at each deeper node, among the moves legal in this guess, try
   an untried one, or pick by the UCB formula (average result plus a bonus for rarely
   tried moves; a move's "tries" count only the rounds in which it was possible).  The
   moves considered widen as a node is visited more: the collections the mover's hand
   allows in this guess, biggest first, then quiet moves the node has opened before,
   then one new quiet move at random, preferring one that hands the next player nothing.
4. **Play out** the collections that are there for the taking (each player grabs the
   biggest collection its hand allows, until one cannot).
5. **Judge** the position reached: a finished game counts 1 for a win (shared on a tie);
   otherwise each player's chance to win is estimated by a *learned value*
   (:mod:`~dweebies_widget.ai.value`): a small network that reads the features of each
   player's view in this guess (its lead, the cards left, what is on offer to its hand and
   to the cards it cannot see...), trained on finished games of the ladder (the generations
   trained on the Expert's own games as well played no better, see
   ``benchmarks/VALUE.md``).  ``value="hand-set"``
   judges as the Expert did
   before: from the lead and the cards still in play alone,
   ``Phi(lead / (1.5 * sqrt(cards left + 1)))`` (``Phi`` is the normal distribution; 1.5
   was fitted on thousands of positions of real games).
6. **Back up** those chances along the path.

The move played is the root move tried most often.  The budget is a number of rounds
(``ExpertPlayer(simulations=N)``, reproducible from the seed) or of seconds
(``ExpertPlayer(seconds=S)``; one second by default).  It never peeks: every guess is
made from the view alone (rules section 10).

For reviewing games (:mod:`dweebies_widget.ai.review`), :meth:`ExpertPlayer.statistics`
reports what the search learnt about each move, every seat's average chance included; the
search can give one move a fixed share of its rounds (``focus``) and, for hindsight, search
one known deal instead of guessing (``deal``; with ``pile_seen=False`` only its hands).
Neither changes how the Expert plays.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..game import Game, Move, View
from ..grid import Cell
from .beliefs import BeliefModel, passed_collections, past_turns
from .cautious import cautious_values
from .value import ValueModel

#: The judges :class:`ExpertPlayer` knows by name (its ``value``).
VALUES = ("learned", "hand-set")


class Node:
    """One node of the search tree: the statistics of the move leading here, shared by
    every guessed deal that plays the same moves from the root (children are keyed by the
    move alone, whatever was drawn in each guess).

    :meth:`ExpertPlayer.search` returns the root (``player`` is ``-1`` there); its
    ``children`` are the legal moves.  ``visits`` (the lesson's $N$) counts the rounds that
    went through the node, ``total`` adds up the win chance each of them gave ``player``
    (the seat whose move led here), so ``total / visits`` is the lesson's $Q$; ``avail``
    (its $A$) counts the rounds in which the move was possible.

    >>> root = Node(player=-1)
    >>> root.children[Move(3, (0, 1))] = Node(0)
    >>> root.visits, root.total, root.children[Move(3, (0, 1))].player
    (0, 0.0, 0)
    """

    __slots__ = ("children", "visits", "total", "avail", "player", "opened", "shares", "table")

    def __init__(self, player: int) -> None:
        self.player = player
        """The seat that made the move leading here (``-1`` at the root)."""
        self.children: dict[Move, Node] = {}
        """The moves tried (or, at the root, possible) from here."""
        self.visits = 0
        """Rounds that went through this node."""
        self.total = 0.0
        """The sum of ``player``'s win chances over those rounds."""
        self.avail = 0
        """Rounds in which the move leading here was possible (deeper nodes only)."""
        self.opened: list[Move] = []
        """The quiet moves considered here so far, in order."""
        self.shares: list[float] | None = None
        """At the root's moves: the sum of every seat's win chances."""
        # The table here is the same in every guess (the moves leading here are): its
        # collections and legal cells, worked out at the first visit.
        self.table: tuple[dict[Cell, dict[int, int]], list[Cell]] | None = None


@dataclass(frozen=True)
class MoveStats:
    """What a search learnt about one move at the root (see :meth:`ExpertPlayer.statistics`)."""

    visits: int
    """Rounds that tried the move."""
    chance: float
    """The mover's average win chance after the move (0 when never tried)."""
    chances: tuple[float, ...]
    """Every seat's average win chance after the move, in seat order."""


#: The least share of a search's rounds that a ``focus`` move gets (:meth:`ExpertPlayer.search`).
FOCUS_SHARE = 0.25

#: Guesses the root prior averages to judge the next player's threat from the beliefs.
PRIOR_SAMPLES = 200

#: How much the lead can still swing per square root of a card left in play (measured
#: on positions of Cautious and Greedy games: the maximum-likelihood fit).
SWING = 1.5


def win_chances(game: Game) -> list[float]:
    """Each seat's chance to win: exact when the game is over (a tie shares the win),
    else estimated from its lead over the best other seat and the cards left in play."""
    scores = game.scores
    if game.is_over:
        winners = game.winners
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(game.players)]
    left = game.pile_size + len(game.board) + sum(game.hand_sizes)
    spread = SWING * math.sqrt(left + 1)
    out = []
    for s, mine in enumerate(scores):
        lead = mine - max(v for t, v in enumerate(scores) if t != s)
        out.append(0.5 * (1.0 + math.erf(lead / (spread * math.sqrt(2.0)))))
    return out


class ExpertPlayer:
    """Information-set Monte Carlo tree search (see the module docstring).

    Give at most one budget: ``simulations`` (rounds per move; the move is then
    reproducible from the seed) or ``seconds`` (think time per move; 1.0 by default).
    ``exploration`` is the UCB constant; ``widening`` how fast more replies are opened
    deeper in the tree; ``temperature`` (in cards) how sharply the root prior follows the
    Cautious values; ``first_play`` what a root move not tried yet counts as.
    ``value`` is how a round's last position is judged (:attr:`value`).
    :meth:`previous` gives the Expert as it played before the learned value.

    >>> from dweebies_widget import Game
    >>> game = Game(players=2, seed=7)
    >>> expert = ExpertPlayer(simulations=50)
    >>> game.is_legal(expert.choose(game.view(0), random.Random(1)))
    True
    """

    def __init__(
        self,
        simulations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = 3.0,
        widening: float = 1.0,
        temperature: float = 0.5,
        beliefs: bool = True,
        belief_prior: bool = True,
        first_play: float | None = 0.0,
        value: ValueModel | str = "learned",
        name: str | None = None,
    ) -> None:
        if not isinstance(value, ValueModel) and value not in VALUES:
            raise ValueError(
                f"value must be {' or '.join(repr(v) for v in VALUES)} or a ValueModel, "
                f"not {value!r}"
            )
        if simulations is not None and seconds is not None:
            raise ValueError("give ExpertPlayer either simulations= or seconds=, not both")
        if simulations is not None and (type(simulations) is not int or simulations < 1):
            raise ValueError(f"simulations must be a positive int, not {simulations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if simulations is None and seconds is None:
            seconds = 1.0
        self.simulations = simulations
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening
        self.temperature = temperature
        self.beliefs = beliefs
        self.belief_prior = belief_prior
        """Deal guesses from :mod:`~dweebies_widget.ai.beliefs` (``False``: the earlier
        Expert, which only kept Dweebies out of hands that passed a bigger collection)."""
        self.value = value
        """How the search judges the position a round ends on: ``"learned"`` (the default,
        the shipped :class:`~dweebies_widget.ai.value.ValueModel`),
        ``"hand-set"`` (:func:`win_chances`, the lead against the cards left) or a
        :class:`~dweebies_widget.ai.value.ValueModel` of your own."""
        self.judge: ValueModel | None = None
        """The model that judges (``None``: the hand-set judge)."""
        if isinstance(value, ValueModel):
            self.judge = value
        elif value == "learned":
            self.judge = ValueModel.load()
        self.first_play = first_play
        """What a root move not tried yet counts as in the PUCT score: a number, that value
        (``0.0``, the default: an untried move earns its first round with its prior bonus
        alone), or ``None``, the root's average result so far (the mover's chance over all
        rounds; 0.5 before the first)."""
        if name is None:
            budget = f"{simulations} sims" if simulations is not None else f"{seconds:g} s"
            name = f"Expert ({budget})"
        self.name = name
        self.last_simulations = 0
        """How many rounds the last search ran."""

    @classmethod
    def previous(
        cls,
        simulations: int | None = None,
        seconds: float | None = None,
        *,
        name: str | None = None,
    ) -> ExpertPlayer:
        """The Expert as it played before the learned value, for measuring what changed: the
        same search judging the position each round ends on with the hand-set
        :func:`win_chances` (``value="hand-set"``).  (The Expert before the belief model is
        ``ExpertPlayer(beliefs=False, value="hand-set")``.)

        >>> ExpertPlayer.previous(simulations=50)
        ExpertPlayer(simulations=50, value='hand-set')
        """
        return cls(simulations, seconds, value="hand-set", name=name)

    def __repr__(self) -> str:
        budget = (
            f"simulations={self.simulations}"
            if self.simulations is not None
            else f"seconds={self.seconds}"
        )
        options = "" if self.beliefs else ", beliefs=False"
        if self.first_play != 0.0:
            options += f", first_play={self.first_play!r}"
        if self.value != "learned":
            options += f", value={self.value!r}"
        return f"ExpertPlayer({budget}{options})"

    # ------------------------------------------------------------------ the search
    def search(
        self,
        view: View,
        rng: random.Random,
        *,
        open_all: bool = False,
        focus: Move | None = None,
        deal: Game | None = None,
        pile_seen: bool = True,
    ) -> Node:
        """Run the search from ``view`` and return the root of its tree.

        Two options for reviewing a game (:mod:`dweebies_widget.ai.review`); neither
        changes the search when left out.  ``focus``, a legal move, gets at least
        :data:`FOCUS_SHARE` of the rounds, so that its value is measured about as well as
        the favourite's.  ``deal``, a full game that agrees with ``view``, is used as the
        one guess of every round instead of guessing: a search with every card seen; with
        ``pile_seen=False`` only its hands are kept, the pile's order being shuffled again
        each round (a search that knows every hand but not what will be drawn: what perfect
        beliefs would give)."""
        moves = view.legal_moves()
        root = Node(player=-1)
        if not moves:  # not this seat's turn, or the game is over
            self.last_simulations = 0
            return root
        if len(moves) == 1 and not open_all:
            root.children[moves[0]] = Node(view.seat)
            self.last_simulations = 0
            return root
        seat = view.seat
        # What the others' past turns say about their hands (nothing to guess with a deal).
        model = BeliefModel(view) if self.beliefs and deal is None else None
        informed = model is not None and model.informed
        # Root prior: how much a Cautious player likes each move, as probabilities (the next
        # player's threat judged from the beliefs, when they know something).
        chances = None
        if model is not None and informed and self.belief_prior:
            chances = model.hold_chances(PRIOR_SAMPLES)
        values = cautious_values(view, chances=chances)
        top = max(values.values())
        weights = {m: math.exp((v - top) / self.temperature) for m, v in values.items()}
        total = sum(weights.values())
        prior = {m: w / total for m, w in weights.items()}
        for m in moves:
            child = root.children[m] = Node(seat)
            child.shares = [0.0] * view.players
        if focus is not None and focus not in root.children:
            raise ValueError(f"focus {focus} is not a legal move of seat {seat}")
        if deal is not None and deal.view(seat) != view:
            raise ValueError("deal must be a full game that agrees with the view")
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        base = view.public_game() if deal is None else deal
        if deal is not None:  # the hidden cards of the deal, for pile_seen=False
            known = [c for s in range(view.players) if s != seat for c in deal.hand(s)]
            drawn = sorted(deal.pile)
        limits = hand_limits(view) if not self.beliefs and deal is None else {}
        limit = self.simulations
        judge = self.judge
        done = 0
        # With open_all every move gets one round first, so every move gets a value.
        queue = sorted(moves, key=lambda m: (-prior[m], m)) if open_all else []
        while True:
            if queue:
                move = queue.pop(0)
            else:
                if limit is not None and done >= limit:
                    break
                if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                    break
                if focus is not None and root.children[focus].visits < FOCUS_SHARE * done:
                    move = focus
                else:
                    # Root: PUCT, the prior guiding which moves deserve more rounds.
                    move = self.puct_choice(root, moves, prior, done + 1)
            done += 1
            if deal is not None and pile_seen:
                game = deal.copy()
            elif deal is not None:
                rng.shuffle(drawn)
                game = base.redeal(seat, known + drawn)
            elif informed:
                assert model is not None
                hands, pile = model.deal(rng)
                hidden = [c for s, h in enumerate(hands) if s != seat for c in h]
                game = base.redeal(seat, hidden + pile)
            else:
                game = base.determinize(seat, rng)
                if limits:
                    game = redeal_within_limits(game, seat, limits)
            node = root.children[move]
            game.push(move)
            path = [node]
            # Deeper: IS-MCTS with availability counts; the moves considered at a node
            # widen with its visits, biggest collections first.
            while node.visits and not game.is_over:
                width = 1 + int(self.widening * math.sqrt(node.visits))
                node, move = self.ucb_choice(node, _candidates(game, node, width, rng), game)
                game.push(move)
                path.append(node)
            # Play out the collections that are there for the taking, then judge.
            table = play_out(game)
            reward = win_chances(game) if judge is None else judge.chances(game, table)
            root.visits += 1
            root.total += reward[seat]
            for n in path:
                n.visits += 1
                n.total += reward[n.player]
            shares = path[0].shares
            assert shares is not None  # every root move keeps every seat's total
            for s, r in enumerate(reward):
                shares[s] += r
        self.last_simulations = done
        return root

    def puct_choice(self, root: Node, moves: list[Move], prior: dict[Move, float], n: int) -> Move:
        """The root move that round ``n`` tries: the best PUCT score
        ``Q(m) + exploration * sqrt(n) * prior[m] / (1 + N(m))`` among ``moves`` (the first
        listed wins ties), an untried move counting as :attr:`first_play`."""
        best = -1.0
        best_move = moves[0]
        scale = self.exploration * math.sqrt(n)
        untried = self.first_play
        if untried is None:  # the root's average so far
            untried = root.total / root.visits if root.visits else 0.5
        for m in moves:
            ch = root.children[m]
            q = ch.total / ch.visits if ch.visits else untried
            score = q + scale * prior[m] / (1 + ch.visits)
            if score > best:
                best = score
                best_move = m
        return best_move

    def ucb_choice(self, node: Node, legal: list[Move], game: Game) -> tuple[Node, Move]:
        """The move a round tries at ``node``, a node below the root, and its child node
        (new if untried): among ``legal`` (in preference order) the first untried one, else
        the best by UCB with availability counts, ``Q(m) + exploration * sqrt(ln A(m) /
        N(m))``.  Every tried move of ``legal`` counts this round in its ``avail``;
        ``game``, the guessed game at ``node``, says whose move a new child is."""
        c = self.exploration
        children = node.children
        best = -1.0
        best_move: Move | None = None
        for m in legal:
            ch = children.get(m)
            if ch is None:
                if best_move is None or best < 2.0:
                    best, best_move = 2.0, m  # untried: first in preference order
                continue
            ch.avail += 1
            if best >= 2.0:
                continue
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best:
                best = score
                best_move = m
        assert best_move is not None
        child = children.get(best_move)
        if child is None:
            child = children[best_move] = Node(game.current_player)
        return child, best_move

    # ------------------------------------------------------------------ the player
    def choose(self, view: View, rng: random.Random) -> Move:
        root = self.search(view, rng)
        return max(sorted(root.children), key=lambda m: root.children[m].visits)

    def statistics(
        self,
        view: View,
        rng: random.Random,
        *,
        open_all: bool = True,
        focus: Move | None = None,
        deal: Game | None = None,
    ) -> dict[Move, MoveStats]:
        """What a search learnt about each legal move: its rounds and the average win
        chance of the mover and of every seat after it.  With ``open_all`` (the default)
        every move is tried at least once; without it the search spends its rounds where
        they matter (a move never tried has 0 rounds), and it searches even when there is
        one legal move.  ``focus`` and ``deal`` are those of :meth:`search`.

        >>> game = Game(players=2, seed=7)
        >>> stats = ExpertPlayer(simulations=40).statistics(game.view(0), random.Random(1))
        >>> sum(s.visits for s in stats.values())
        40
        >>> all(len(s.chances) == 2 for s in stats.values())
        True
        """
        moves = view.legal_moves()
        root = self.search(view, rng, open_all=open_all or len(moves) == 1, focus=focus, deal=deal)
        out: dict[Move, MoveStats] = {}
        for m in moves:
            child = root.children[m]
            n = child.visits
            shares = child.shares or [0.0] * view.players
            out[m] = MoveStats(
                visits=n,
                chance=child.total / n if n else 0.0,
                chances=tuple(t / n if n else 0.0 for t in shares),
            )
        return out

    def analyze(self, view: View, rng: random.Random | None = None) -> dict[Move, float]:
        """Estimated win probability of each legal move (every move tried at least once;
        a fixed seed unless ``rng`` is given)."""
        root = self.search(view, rng or random.Random(0), open_all=True)
        out: dict[Move, float] = {}
        for m in view.legal_moves():
            child = root.children.get(m)
            out[m] = child.total / child.visits if child and child.visits else 0.0
        return out


def play_out(game: Game, grabs: int = 8) -> dict[Cell, dict[int, int]] | None:
    """Step 4 of a round: each player in turn grabs the biggest collection its hand allows
    (the first found on a tie), until one cannot or ``grabs`` were made.  Returns the table's
    :meth:`~dweebies_widget.Game.collect_map` where it stopped (for judging the position),
    or ``None`` when the game ended or the grabs ran out."""
    for _ in range(grabs):
        if game.is_over:
            return None
        table = game.collect_map()
        _, grab = game.best_collection(game.hand(game.current_player), table)
        if grab is None:
            return table
        game.push(grab)
    return None


def _candidates(game: Game, node: Node, width: int, rng: random.Random) -> list[Move]:
    """The mover's moves considered at ``node`` in this guess, in preference order: the
    collections its hand allows (biggest first), then the quiet moves opened at ``node``
    before that its hand allows; while fewer than ``width`` are considered, one new quiet
    move is opened, at random, preferring one that hands the next player nothing."""
    hand = set(game.hand(game.current_player))
    if node.table is None:
        node.table = (game.collect_map(), sorted(game.legal_cells()))
    gains, cells = node.table
    scored = sorted(
        ((n, d, cell) for cell, options in gains.items() for d, n in options.items() if d in hand),
        reverse=True,
    )
    out = [Move(d, cell) for _, d, cell in scored[:width]]
    if len(out) >= width:
        return out
    # A quiet move opened here stays legal whenever the mover holds its card.
    for m in node.opened:
        if m.dweebie in hand:
            out.append(m)
            if len(out) >= width:
                return out
    cards = sorted(hand)
    opened = set(node.opened)
    rnd = rng.random
    pick: Move | None = None
    for _ in range(6):
        m = Move(cards[int(rnd() * len(cards))], cells[int(rnd() * len(cells))])
        if m in opened or m.dweebie in gains.get(m.cell, ()):
            continue  # already considered, or a collection (listed above when held)
        safe = not gives_away(game, m, gains)
        if safe or pick is None:
            pick = m
        if safe:
            break
    if pick is not None:
        node.opened.append(pick)
        out.append(pick)
    return out


def gives_away(game: Game, move: Move, gains: dict[Cell, dict[int, int]]) -> bool:
    """Whether the next player, with the cards it holds in ``game`` (in the search, a
    guess), could collect right after ``move``, a placement that collects nothing;
    ``gains`` is the table's :meth:`~dweebies_widget.game.Game.collect_map` before it.

    The search asks it when it opens a new quiet move at a node, and prefers one that gives
    nothing away.  It is the same as playing ``move`` on a copy and asking
    :meth:`~dweebies_widget.game.Game.best_collection` of the next hand, only quicker: on a
    table that is and stays one group, only the cells in the placed card's row and column
    can change, and the others are read from ``gains``.  ``game`` is left as it was (the
    move is pushed and undone).

    >>> game = Game.from_position(board={(0, 0): 20}, hands=[[3, 4], [20, 6]], pile=[7, 8])
    >>> gives_away(game, Move(3, (0, 1)), game.collect_map())  # a 20 at (0, 2) takes two
    True
    """
    split = game.is_split
    game.push(move)
    if game.is_over:
        gives = False
    elif split or game.is_split:
        gives = game.best_collection(game.hand(game.current_player))[0] > 0
    else:
        hand = set(game.hand(game.current_player))
        r, c = move.cell
        near = game.collect_map([x for x in game.legal_cells() if x[0] == r or x[1] == c])
        far = (o for x, o in gains.items() if x[0] != r and x[1] != c)
        gives = any(not hand.isdisjoint(o) for o in (*near.values(), *far))
    game.undo()
    return gives


def hand_limits(view: View, lookback: int = 40) -> dict[int, list[frozenset[int]]]:
    """What the other players' past turns say about their hands, read from the public
    history: a player who could have collected more cards with Dweebie ``d`` than it did
    probably held no ``d`` at that turn.

    For each other seat, one set per card of its hand, newest card first: the Dweebies that
    card is probably not.  The newest card may have been drawn after every such turn; the
    older cards were held at every turn after which fewer draws than their age were made
    (counting as if the oldest card were always played first, the weakest assumption).
    Seats with nothing to say are left out.

    >>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[3, 4], [5, 6]],
    ...                           pile=[7, 8])
    >>> _ = game.play(3, (-1, 0))  # seat 0 could have collected with 20 or with 9
    >>> hand_limits(game.view(1))
    {0: [frozenset(), frozenset({9, 20})]}
    """
    sizes = view.hand_sizes
    found: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for turn in past_turns(view, lookback):
        missed = passed_collections(turn, view)
        if missed:
            found.setdefault(turn.seat, []).append((turn.drawn_since, frozenset(missed)))
    out: dict[int, list[frozenset[int]]] = {}
    for s, marks in found.items():
        # Card ``age`` (0 = newest) was held at a turn if that turn had at most ``age``
        # draws after it.
        out[s] = [
            frozenset().union(*[m for after, m in marks if after <= age]) for age in range(sizes[s])
        ]
    return out


def redeal_within_limits(
    game: Game, seat: int, limits: dict[int, list[frozenset[int]]]
) -> Game:
    """A new game in which the guessed hidden cards of ``game`` (a guess by
    :meth:`~dweebies_widget.game.Game.determinize`: they are already shuffled) are dealt
    again so that each hand in ``limits`` (from :func:`hand_limits`) gets, card by card,
    Dweebies that card is probably not, where the unseen cards allow.  Everything ``seat``
    sees stays as it is.  The previous Expert (``beliefs=False``) guesses so.

    >>> game = Game.from_position(board={(0, 0): 20}, hands=[[3, 4], [20, 6]], pile=[7, 8])
    >>> no_20 = frozenset({20})  # seat 1's two cards are probably not 20s
    >>> redeal_within_limits(game, 0, {1: [no_20, no_20]}).hand(1)
    (6, 8)
    """
    hands = [list(h) for h in game.hands]
    # The shuffled cards in the order they were dealt: the other hands, then the pile from
    # its last card to its first.
    pool = [c for s, h in enumerate(hands) if s != seat for c in h]
    pool.extend(reversed(game.pile))
    for s, slots in limits.items():
        new = []
        for banned in reversed(slots):  # the most limited card first
            i = next((k for k, c in enumerate(pool) if c not in banned), 0)
            new.append(pool.pop(i))
        hands[s] = new
    for s, h in enumerate(hands):
        if s != seat and s not in limits:
            k = len(h)
            hands[s] = pool[:k]
            del pool[:k]
    dealt = [c for s, h in enumerate(hands) if s != seat for c in h]
    return game.redeal(seat, dealt + pool[::-1])
