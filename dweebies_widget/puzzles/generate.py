"""The generator: mine puzzles from self-play games of the AI ladder.

Each game is played to the end by players of the ladder (Random, Greedy, Cautious and the
Expert at :data:`PLAY_SIMULATIONS` simulations), 2 to 6 of them, under the default rules or
a house rule (:data:`RULESETS`).  Before every move, the position the game has reached is
examined from the seat to move, for every kind asked: a quick filter first (a position that
cannot pass skips the search), then the kind's answer by exhaustive search and its
keep-condition (:mod:`dweebies_widget.puzzles.kinds`).  Only positions that pass are
candidates; nothing is ever edited by hand.

Candidates are deduplicated (the same table, hand and facts seen from the solver's seat
count once, whatever the game), then at most ``per_kind`` of each kind are chosen in an
order fixed by the seed, and each chosen one becomes a :class:`~dweebies_widget.puzzles.Puzzle`
(the answer searched again, the rating measured) and is read back through the file loader's
checks.

Everything depends only on ``seed``: each game's players, rules, deal and random numbers
come from the seed and the game's number, so a process pool, any other executor and a plain
loop (``executor=None``) give the same puzzles in the same order.

The quick players of the ladder fill most seats (:data:`LADDER_NAMES`), and the kinds that
real play reaches often are searched only in the first games (:data:`SEARCHED_GAMES`), so
that many games can be played for the rare kinds (``rejoin`` and ``safe`` are found about
once in 100 and once in 500 games).  Endgames are searched only with at most
:data:`ENDGAME_CARDS` cards left in the hands, and a position whose proof would need more
than :data:`ENDGAME_BUDGET` positions is skipped (the proofs of the shipped set stay fast
enough to be redone at test time).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from .. import grid
from ..ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer
from ..ai.base import Player
from ..game import Game, Move, Rules, View
from ..parallel import run_all
from . import kinds as K
from .endgame import BudgetExceeded, Prover
from .model import Puzzle
from .store import loads, to_record

__all__ = [
    "ENDGAME_BUDGET",
    "ENDGAME_CARDS",
    "PLAY_SIMULATIONS",
    "RULESETS",
    "Candidate",
    "GameSpec",
    "candidates",
    "game_specs",
    "generate",
    "mine_game",
]

#: The Expert's budget in the self-play games.
PLAY_SIMULATIONS = 25
#: The rules of the mined games: the default game (twice as often) and two house rules.
RULESETS: tuple[Rules, ...] = (
    Rules(),
    Rules(),
    Rules(min_line=3),
    Rules(collect_on_reconnect=False),
)
#: How many players a mined game has; two-player games come more often, as only they
#: give endgames.
PLAYER_COUNTS = (2, 2, 2, 3, 4, 5, 6)
#: The ladder, by name, each as often as it is listed: the quick players fill most seats,
#: so that many games can be played to find the rare kinds.
LADDER_NAMES = ("Random",) * 6 + ("Greedy",) * 6 + ("Cautious", "Expert")
#: The kinds that are common in real play are searched only in the first games (as many
#: as given here); the rare ones (``rejoin``, ``safe``) in every game.
SEARCHED_GAMES = {"haul": 400, "where": 400, "endgame": 800}
#: Most cards left in both hands for an endgame to be searched.
ENDGAME_CARDS = 6
#: Most positions an endgame proof may search in the generator.
ENDGAME_BUDGET = 6_000


@dataclass(frozen=True)
class GameSpec:
    """One self-play game: its number, deal, rules and the ladder player at each seat."""

    index: int
    seed: int
    deal: int
    rules: Rules
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    """A position that passed a kind's keep-condition, as plain data."""

    key: str
    """What makes two candidates the same puzzle (a digest of the solver's view)."""
    kind: str
    dweebie: int | None
    save: str
    """The game save of the position (:meth:`Game.to_json`)."""
    game: int
    """The number of the game it came from."""


def game_specs(games: int, seed: int) -> list[GameSpec]:
    """The games to mine for ``seed``: each game's setup comes from the seed and its
    number alone."""
    out = []
    for i in range(games):
        rng = random.Random(f"puzzles:{seed}:{i}")
        players = rng.choice(PLAYER_COUNTS)
        rules = rng.choice(RULESETS)
        seats = tuple(rng.choice(LADDER_NAMES) for _ in range(players))
        out.append(GameSpec(i, seed, rng.randrange(2**31), rules, seats))
    return out


def _player(name: str) -> Player:
    if name == "Random":
        return RandomPlayer()
    if name == "Greedy":
        return GreedyPlayer()
    if name == "Cautious":
        return CautiousPlayer()
    return ExpertPlayer(simulations=PLAY_SIMULATIONS)


def mine_game(spec: GameSpec, kinds: Sequence[str] = K.KINDS) -> list[Candidate]:
    """Play the game of ``spec`` and return the positions it reached that pass a
    keep-condition of one of ``kinds`` (in the order play reached them); a kind of
    :data:`SEARCHED_GAMES` is searched only in games numbered below its count."""
    kinds = [k for k in kinds if spec.index < SEARCHED_GAMES.get(k, spec.index + 1)]
    players = [_player(n) for n in spec.seats]
    rngs = [random.Random(f"puzzles:{spec.seed}:{spec.index}:{s}") for s in range(len(players))]
    game = Game(players=len(players), seed=spec.deal, rules=spec.rules)
    found: list[Candidate] = []
    ply = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        pick = random.Random(f"puzzles:{spec.seed}:{spec.index}:where:{ply}")
        for kind, dweebie in candidates(game, view, kinds, pick):
            found.append(
                Candidate(_key(view, kind, dweebie), kind, dweebie, game.to_json(), spec.index)
            )
        game.play(players[seat].choose(view, rngs[seat]))
        ply += 1
    return found


def candidates(
    game: Game, view: View, kinds: Iterable[str], rng: random.Random
) -> Iterator[tuple[str, int | None]]:
    """The kinds (with the named card for ``where``) whose keep-condition the position of
    ``game`` passes for the seat to move (``view``); ``rng`` picks the named card."""
    kinds = list(kinds)
    public = view.public_game()
    gains = public.collect_map()
    hand = set(view.hand)
    collecting = sorted(
        (n for options in gains.values() for d, n in options.items() if d in hand), reverse=True
    )
    outs: dict[Any, K.Outcome] | None = None

    def outcomes() -> dict[Any, K.Outcome]:
        nonlocal outs
        if outs is None:
            outs = K.outcomes(view)
        return outs

    light: dict[Any, K.Outcome] | None = None

    def plain() -> dict[Any, K.Outcome]:
        nonlocal light
        if light is None:
            light = outs if outs is not None else K.outcomes(view, handed=False)
        return light

    for kind in kinds:
        if kind == "haul":
            if len(collecting) < 3 or collecting[0] < 3 or collecting[0] == collecting[1]:
                continue
            answer = K.haul_answer(view, plain())
            if answer and K.haul_keep(view, answer, plain()):
                yield kind, None
        elif kind == "rejoin":
            if not public.is_split or public.bridge_cost != 1 or not collecting:
                continue
            answer = K.rejoin_answer(view, plain())
            if answer and K.rejoin_keep(view, answer, plain()):
                yield kind, None
        elif kind == "safe":
            # The answer collects, and 3 moves collect more: only collecting moves matter,
            # so look at those first and search every move only if they pass.
            if len(collecting) < 4 or collecting[2] < 2 or collecting[-1] >= collecting[2]:
                continue
            moves = [Move(d, cell) for cell, options in gains.items() for d in options if d in hand]
            some = K.outcomes(view, moves)
            if not K.safe_keep(view, K.safe_answer(view, some), some):
                continue
            answer = K.safe_answer(view, outcomes())
            if answer and K.safe_keep(view, answer, outcomes()):
                yield kind, None
        elif kind == "where":
            if not public.is_split:
                continue
            if len(grid.frontier(view.board)) < 2 * len(view.legal):
                continue
            dweebie = rng.choice(sorted(hand))
            cells = K.where_answer(view, dweebie)
            if cells and K.where_keep(view, cells):
                yield kind, dweebie
        elif kind == "endgame":
            if game.players != 2 or game.pile_size or sum(game.hand_sizes) > ENDGAME_CARDS:
                continue
            if len(view.legal_moves()) < 4:
                continue
            answer = _single_win(public, view)
            if answer and K.endgame_keep(view, answer):
                yield kind, None
        else:
            K.kind(kind)  # raises for an unknown kind


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


def _key(view: View, kind: str, dweebie: int | None) -> str:
    """What the solver sees that makes the puzzle (two games reaching it count once)."""
    data = [
        kind,
        dweebie,
        view.rules.to_dict(),
        sorted([r, c, d] for (r, c), d in view.board.items()),
        list(view.hand),
        list(view.hand_sizes),
        view.pile_size,
        list(view.scores) if kind == "endgame" else None,
    ]
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()


def _make(cand: Candidate) -> str:
    """Make the puzzle of a candidate (its answer searched again, its rating measured),
    as a record of the puzzle file (plain data travels between processes)."""
    game = Game.from_json(cand.save)
    puzzle = Puzzle.make(game, cand.kind, dweebie=cand.dweebie)
    return json.dumps(to_record(puzzle), sort_keys=True)


def generate(
    games: int = 100,
    seed: int = 0,
    kinds: Iterable[str] = K.KINDS,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    per_kind: int | None = 60,
) -> list[Puzzle]:
    """Mine ``games`` self-play games for puzzles of ``kinds`` (see the module
    docstring): at most ``per_kind`` of each kind (``None``: all), grouped by kind in the
    order of :data:`~dweebies_widget.puzzles.kinds.KINDS`, easiest first.

    ``executor`` (any :class:`concurrent.futures.Executor`) plays the games and measures
    the ratings in parallel; the result is the same without one.
    """
    wanted = [k for k in K.KINDS if k in set(kinds)]
    for k in kinds:
        K.kind(k)
    specs = game_specs(games, seed)
    mined = run_all(
        _Miner(tuple(wanted)), specs, executor=executor, progress=progress, desc="games"
    )
    seen: set[str] = set()
    by_kind: dict[str, list[Candidate]] = {k: [] for k in wanted}
    for found in mined:
        for cand in found:
            if cand.key not in seen:
                seen.add(cand.key)
                by_kind[cand.kind].append(cand)
    chosen: list[Candidate] = []
    for k in wanted:
        pool = sorted(by_kind[k], key=lambda c: hashlib.sha256(f"{seed}:{c.key}".encode()).digest())
        chosen.extend(pool if per_kind is None else pool[:per_kind])
    records = run_all(_make, chosen, executor=executor, progress=progress, desc="puzzles")
    puzzles = loads(_file(records))
    order = {k: i for i, k in enumerate(K.KINDS)}
    return sorted(puzzles, key=lambda p: (order[p.kind], p.rating, p.measure.difficulty, p.id))


class _Miner:
    """``mine_game`` with fixed kinds, as a picklable callable for executors."""

    def __init__(self, kinds: tuple[str, ...]) -> None:
        self.kinds = kinds

    def __call__(self, spec: GameSpec) -> list[Candidate]:
        return mine_game(spec, self.kinds)


def _file(records: Sequence[str]) -> str:
    from .store import FORMAT, VERSION

    return f'{{"format": "{FORMAT}", "version": {VERSION}, "puzzles": [{",".join(records)}]}}'
