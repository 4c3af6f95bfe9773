"""A learned value: each seat's chance to win, judged from what that seat can see.

The Expert's search ends every round on a position it must judge without playing on.  The
hand-set judge (:func:`~dweebies_widget.ai.expert.win_chances`) reads only the scores and
how many cards are left.  A :class:`ValueModel` reads more of a seat's *view* (never a card
the seat cannot see) and is fitted on positions of games whose winner is known: the ladder's
games (generation 0), then, generation after generation, also the Expert's own games played
with the value just trained (self-play).  ``benchmarks/train_value.py`` trains them, seeded,
screens each generation's Expert against Cautious beside the hand-set Expert on the same
deals, and ships the one that did best: generation 0, trained on the ladder's games (its
``info`` keeps every generation's figures); the weights ship as plain JSON
(``data/value.json``) and are read with :mod:`json`.  The shipped model gives ``to_move``,
``wait`` and ``my_best_now`` a weight of 0: a search's rounds stop with either player to move,
and a value that reads whose turn it is shifts whole branches by it (notebook 07, part 3).

**The features of a view** (:data:`FEATURES`, :func:`features`): for the seat ``s`` whose
view it is,

* ``lead``: its score minus the best other score, per square root of the cards still in play
  (the hand-set judge's one number), and ``lead_cards``, the same lead in cards (/ 10);
* ``left``: the cards still in play (pile, hands and table) / 54; ``pile``, the pile / 44;
* ``to_move`` (1 when it is this seat's turn) and ``wait``, how many turns until it is
  (/ players);
* ``my_best``: the biggest collection this seat's hand could make now (/ 5), and
  ``my_best_now``, the same when it is also its turn;
* ``on_offer``: the biggest collection any card could make now (/ 5); ``offers``, how many
  Dweebies could collect somewhere (/ 5); ``my_offers``, how many of this seat's cards could
  (/ 5);
* ``unseen_offers``: the share of the cards this seat cannot see that could collect now (what
  the others may hold);
* ``hand``: this seat's cards (/ 5); ``players``: (players - 2) / 4.

The model (:class:`ValueModel`) is a small neural network: the features, one hidden layer of
``tanh`` units, and a logistic output, the chance that this seat wins (a tie counting half).
In the search the seats' chances are then scaled to add up to one (:meth:`ValueModel.chances`:
there every hand but the searcher's is a guess); :meth:`ValueModel.view_chance` is one seat's
chance from its view alone.  It is evaluated in plain Python (a few
hundred multiplications), so the rules core and the AI need no numpy.

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> x = features(game.view(0))
>>> len(x) == len(FEATURES), x[FEATURES.index("to_move")]
(True, 1.0)
>>> model = ValueModel.load()
>>> chances = model.chances(game)
>>> len(chances), round(sum(chances), 6)
(2, 1.0)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources
from operator import mul
from typing import Any

from ..game import Game, View
from ..grid import Cell

__all__ = ["FEATURES", "ValueModel", "features", "game_features"]

#: The names of the features, in order (see the module docstring).
FEATURES = (
    "lead",
    "lead_cards",
    "left",
    "pile",
    "to_move",
    "wait",
    "my_best",
    "my_best_now",
    "on_offer",
    "offers",
    "my_offers",
    "unseen_offers",
    "hand",
    "players",
)

#: The file the shipped weights are read from (in the package's ``ai/data``).
WEIGHTS = "value.json"


def _row(
    seat: int,
    players: int,
    scores: Sequence[int],
    left: int,
    pile: int,
    current: int,
    hand: Sequence[int],
    best: dict[int, int],
    unseen_offers: float,
) -> list[float]:
    """The features of one seat, from the numbers both :func:`features` and
    :func:`game_features` read."""
    mine = scores[seat]
    lead = mine - max(v for t, v in enumerate(scores) if t != seat)
    my_best = max((best[d] for d in hand if d in best), default=0)
    to_move = 1.0 if current == seat else 0.0
    on_offer = max(best.values(), default=0)
    return [
        lead / math.sqrt(left + 1),
        lead / 10.0,
        left / 54.0,
        pile / 44.0,
        to_move,
        ((seat - current) % players) / players,
        my_best / 5.0,
        to_move * my_best / 5.0,
        on_offer / 5.0,
        len(best) / 5.0,
        sum(1 for d in hand if d in best) / 5.0,
        unseen_offers,
        len(hand) / 5.0,
        (players - 2) / 4.0,
    ]


def features(view: View) -> list[float]:
    """The features (:data:`FEATURES`) of ``view``, read from the view alone: the definition.

    >>> from dweebies_widget import Game
    >>> game = Game.from_position(board={(0, 0): 20, (0, 1): 9}, hands=[[20, 4], [9, 6]],
    ...                           pile=[7, 8], scores=[3, 1])
    >>> row = dict(zip(FEATURES, features(game.view(0)), strict=True))
    >>> row["lead_cards"], row["my_best"], row["on_offer"], row["unseen_offers"]
    (0.2, 0.6, 0.6, 0.25)
    """
    best = view.public_game().best_collections()
    left = view.pile_size + len(view.board) + sum(view.hand_sizes)
    unseen = view.unseen
    share = sum(1 for d in unseen if d in best) / len(unseen) if unseen else 0.0
    return _row(
        view.seat,
        view.players,
        view.scores,
        left,
        view.pile_size,
        view.current_player,
        view.hand,
        best,
        share,
    )


def game_features(
    game: Game,
    seats: Sequence[int] | None = None,
    table: dict[Cell, dict[int, int]] | None = None,
) -> list[list[float]]:
    """The features of every seat's view of ``game`` (or of ``seats``), the same numbers as
    :func:`features` of each ``game.view(seat)``, computed together and without building the
    views (the search calls it once a round).  A seat's row reads nothing it cannot see: the
    cards it cannot see are counted as one multiset, as its view has them.  ``table``, the
    game's :meth:`~dweebies_widget.Game.collect_map` when the caller has it, saves working
    it out again."""
    n = game.players
    best = game.best_collections(table)
    scores = game.scores
    pile = game.pile_size
    hands = game.hands
    left = pile + len(game.board) + sum(len(h) for h in hands)
    current = game.current_player
    # Cards that could collect now, among all cards not on the table nor collected.
    hidden_offers = sum(1 for d in game.pile if d in best)
    in_hands = [sum(1 for d in h if d in best) for h in hands]
    hidden_offers += sum(in_hands)
    hidden_total = pile + sum(len(h) for h in hands)
    rows = []
    for s in range(n) if seats is None else seats:
        unseen = hidden_total - len(hands[s])
        share = (hidden_offers - in_hands[s]) / unseen if unseen else 0.0
        rows.append(_row(s, n, scores, left, pile, current, hands[s], best, share))
    return rows


class ValueModel:
    """Each seat's chance to win from the features of its view: a network with one hidden
    layer (``tanh``) and a logistic output, the seats' chances then scaled to add up to one.

    ``hidden`` is a list of ``(weights, bias)`` pairs, one per hidden unit (one weight per
    feature); ``output`` the output layer's ``(weights, bias)``, one weight per hidden unit.
    With no hidden unit the output reads the features directly (a logistic regression).
    ``info`` keeps what the training script recorded (data, loss, matches).

    >>> flat = ValueModel([], ([0.0] * len(FEATURES), 0.0))
    >>> flat.chance([0.0] * len(FEATURES))
    0.5
    """

    def __init__(
        self,
        hidden: Sequence[tuple[Sequence[float], float]],
        output: tuple[Sequence[float], float],
        info: dict[str, Any] | None = None,
    ) -> None:
        width = len(FEATURES)
        self.hidden = [(tuple(float(x) for x in w), float(b)) for w, b in hidden]
        self.output = (tuple(float(x) for x in output[0]), float(output[1]))
        self.info = dict(info or {})
        for w, _ in self.hidden:
            if len(w) != width:
                raise ValueError(f"each hidden unit needs {width} weights, one per feature")
        inputs = len(self.hidden) or width
        if len(self.output[0]) != inputs:
            raise ValueError(f"the output needs {inputs} weights, not {len(self.output[0])}")
        for x in (*[v for w, b in self.hidden for v in (*w, b)], *self.output[0], self.output[1]):
            if not math.isfinite(x):
                raise ValueError("the weights must be finite numbers")

    # -------------------------------------------------------------- judging
    def logit(self, x: Sequence[float]) -> float:
        """The output before the logistic function, for one row of features."""
        if self.hidden:
            x = [math.tanh(b + sum(map(mul, w, x))) for w, b in self.hidden]
        w, b = self.output
        return b + float(sum(map(mul, w, x)))

    def chance(self, x: Sequence[float]) -> float:
        """The chance to win of the seat whose features ``x`` are (before scaling)."""
        z = self.logit(x)
        if z < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def chances(
        self, game: Game, table: dict[Cell, dict[int, int]] | None = None
    ) -> list[float]:
        """Every seat's chance to win in ``game``, each judged from its own view, scaled to
        add up to one; exact (1 to the winner, shared on a tie) once the game is over.
        ``table`` is that of :func:`game_features`.  The scaling reads every seat's row, so a
        seat's scaled chance depends on the others' hands: what the search wants, since it
        judges a guessed deal; to judge a real game for one seat, use :meth:`view_chance`."""
        if game.is_over:
            winners = game.winners
            return [1.0 / len(winners) if s in winners else 0.0 for s in range(game.players)]
        raw = [self.chance(x) for x in game_features(game, table=table)]
        total = sum(raw)
        if total <= 0.0:
            return [1.0 / len(raw)] * len(raw)
        return [r / total for r in raw]

    def view_chance(self, view: View) -> float:
        """The chance to win of ``view``'s seat judged from its view alone (not scaled:
        the others' views are not known to it)."""
        return self.chance(features(view))

    # -------------------------------------------------------------- files
    def to_dict(self) -> dict[str, Any]:
        """The model as plain data (what :meth:`to_json` writes)."""
        return {
            "format": "dweebies-value-1",
            "features": list(FEATURES),
            "hidden": [{"weights": list(w), "bias": b} for w, b in self.hidden],
            "output": {"weights": list(self.output[0]), "bias": self.output[1]},
            "info": self.info,
        }

    def to_json(self) -> str:
        """The model as JSON text (read back with :meth:`from_json`)."""
        return json.dumps(self.to_dict(), indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str | bytes) -> ValueModel:
        """Read a model written by :meth:`to_json`, checking every field (plain JSON: no
        code is ever run to load it)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != "dweebies-value-1":
            raise ValueError("not a value model: its format must be 'dweebies-value-1'")
        if data.get("features") != list(FEATURES):
            raise ValueError(f"the model's features must be {list(FEATURES)}")
        try:
            hidden = [(u["weights"], u["bias"]) for u in data["hidden"]]
            output = (data["output"]["weights"], data["output"]["bias"])
            for w, b in (*hidden, output):
                if not isinstance(w, list) or not all(_number(v) for v in (*w, b)):
                    raise TypeError
        except (KeyError, TypeError) as exc:
            raise ValueError("a value model needs numbers for every weight and bias") from exc
        info = data.get("info", {})
        if not isinstance(info, dict):
            raise ValueError("a value model's info must be an object")
        try:
            return cls(hidden, output, info)
        except OverflowError as exc:  # an integer too big for a float
            raise ValueError("the weights must be finite numbers") from exc

    @classmethod
    def load(cls) -> ValueModel:
        """The shipped model (``dweebies_widget/ai/data/value.json``), read once."""
        return _shipped()

    def __repr__(self) -> str:
        return f"ValueModel(hidden units={len(self.hidden)}, features={len(FEATURES)})"


def _number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


@cache
def _shipped() -> ValueModel:
    text = resources.files("dweebies_widget.ai").joinpath("data", WEIGHTS).read_text("utf-8")
    return ValueModel.from_json(text)
