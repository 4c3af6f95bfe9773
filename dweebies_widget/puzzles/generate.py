"""The generator: mine puzzles from self-play games of the AI ladder.

Each game is played to the end by players of the ladder (Random, Greedy, Cautious and the
Expert at :data:`PLAY_SIMULATIONS` simulations), 2 to 6 of them, under the default rules or
a house rule (:data:`RULESETS`).  Before every move, the position the game has reached is
examined from the seat to move, for every kind asked, by the kind itself
(:meth:`Kind.find <dweebies_widget.puzzles.kinds.base.Kind.find>`): a quick filter first (a
position that cannot pass skips the search), then the kind's answer by exhaustive search
and its keep-condition.  Only positions that pass are
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
real play reaches often are searched only in the first games (each kind's
``searched_games``), so that many games can be played for the rare kinds (``rejoin`` and
``safe`` are found about once in 100 and once in 500 games).  Endgames are searched only
with at most :data:`ENDGAME_CARDS` cards left in the hands, and a position whose proof would
need more than :data:`ENDGAME_BUDGET` positions is skipped (the proofs of the shipped set
stay fast enough to be redone at test time).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from ..ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer
from ..ai.base import Player
from ..game import Game, Rules, View
from ..parallel import run_all
from . import kinds as K
from .kinds.endgame import ENDGAME_BUDGET, ENDGAME_CARDS
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


def mine_game(spec: GameSpec, kinds: Sequence[str] | None = None) -> list[Candidate]:
    """Play the game of ``spec`` and return the positions it reached that pass a
    keep-condition of one of ``kinds`` (by default every registered kind), in the order
    play reached them; a kind with ``searched_games`` is searched only in games numbered
    below it."""
    kinds = [k for k in (K.names() if kinds is None else kinds) if _searched(K.kind(k), spec.index)]
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
    """The kinds (with the named card of a kind that names one) whose keep-condition the
    position of ``game`` passes for the seat to move (``view``); ``rng`` picks the named
    card.  Each kind filters and searches (:meth:`Kind.find
    <dweebies_widget.puzzles.kinds.base.Kind.find>`), sharing what every move does."""
    specs = [K.kind(k) for k in kinds]
    scan = K.Scan(game, view, rng)
    for spec in specs:
        for dweebie in spec.find(scan):
            yield spec.name, dweebie


def _searched(spec: K.Kind, index: int) -> bool:
    """Whether the game numbered ``index`` is searched for puzzles of ``spec``."""
    return spec.searched_games is None or index < spec.searched_games


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
        list(view.scores) if K.kind(kind).scores_matter else None,
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
    kinds: Iterable[str] | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    per_kind: int | None = 60,
) -> list[Puzzle]:
    """Mine ``games`` self-play games for puzzles of ``kinds`` (by default every registered
    kind; see the module docstring): at most ``per_kind`` of each kind (``None``: all),
    grouped by kind in the order of the registered kinds
    (:func:`~dweebies_widget.puzzles.kinds.names`), easiest first.

    ``executor`` (any :class:`concurrent.futures.Executor`) plays the games and measures
    the ratings in parallel; the result is the same without one.
    """
    asked = list(K.names() if kinds is None else kinds)
    for k in asked:
        K.kind(k)  # raises for an unknown kind
    wanted = [k for k in K.names() if k in asked]
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
    order = {k: i for i, k in enumerate(K.names())}
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
