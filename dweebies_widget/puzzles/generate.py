"""The generator: mine puzzles from self-play games of the AI ladder, and build the shipped
set from what was mined.

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

:func:`mine` (the command ``mine``) keeps the positions found without rating them, as a
position file (:func:`dump_positions`); ``rulesets``, ``players`` and ``every_game`` aim
it at what a set lacks (standard rules only, two players for endgames, every kind searched
in every game).  :func:`build` (the command ``build``) turns position files into the
shipped set: every position made a puzzle and measured by the fitting panel, the
item-response model fitted to all of them at once (:mod:`~dweebies_widget.puzzles.rating`),
and at most so many puzzles kept of each kind, rules and third of the rating range
(:func:`spread`).  docs/puzzles.md gives the commands that make the shipped file.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

from ..ai import CautiousPlayer, ExpertPlayer, GreedyPlayer, RandomPlayer
from ..ai.base import Player
from ..errors import SaveError
from ..game import Game, Rules, View
from ..parallel import run_all
from ..save import read_json
from . import kinds as K
from . import rating as R
from .kinds.endgame import ENDGAME_BUDGET, ENDGAME_CARDS
from .model import Puzzle, PuzzleError
from .store import loads, to_record

__all__ = [
    "ENDGAME_BUDGET",
    "ENDGAME_CARDS",
    "PLAYER_COUNTS",
    "PLAY_SIMULATIONS",
    "POSITIONS",
    "RULESETS",
    "THIRDS",
    "Candidate",
    "GameSpec",
    "build",
    "candidates",
    "dump_positions",
    "game_specs",
    "generate",
    "mine",
    "mine_game",
    "read_positions",
    "remake",
    "sample",
    "spread",
    "standard",
    "third",
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


def game_specs(
    games: int,
    seed: int,
    *,
    rulesets: Sequence[Rules] = RULESETS,
    players: Sequence[int] = PLAYER_COUNTS,
) -> list[GameSpec]:
    """The games to mine for ``seed``: each game's setup comes from the seed and its
    number alone (its rules drawn from ``rulesets``, its number of players from
    ``players``)."""
    out = []
    for i in range(games):
        rng = random.Random(f"puzzles:{seed}:{i}")
        count = rng.choice(tuple(players))
        rules = rng.choice(tuple(rulesets))
        seats = tuple(rng.choice(LADDER_NAMES) for _ in range(count))
        out.append(GameSpec(i, seed, rng.randrange(2**31), rules, seats))
    return out


def _player(name: str) -> Player:
    if name == "Random":
        return RandomPlayer()
    if name == "Greedy":
        return GreedyPlayer()
    if name == "Cautious":
        return CautiousPlayer()
    # The judge the shipped puzzle set was made with (the same seeds give the same set).
    return ExpertPlayer(simulations=PLAY_SIMULATIONS, value="hand-set")


def mine_game(
    spec: GameSpec, kinds: Sequence[str] | None = None, *, every_game: bool = False
) -> list[Candidate]:
    """Play the game of ``spec`` and return the positions it reached that pass a
    keep-condition of one of ``kinds`` (by default every registered kind), in the order
    play reached them; a kind with ``searched_games`` is searched only in games numbered
    below it, unless ``every_game``."""
    kinds = [
        k
        for k in (K.names() if kinds is None else kinds)
        if every_game or _searched(K.kind(k), spec.index)
    ]
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


def mine(
    games: int = 100,
    seed: int = 0,
    kinds: Iterable[str] | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    rulesets: Sequence[Rules] = RULESETS,
    players: Sequence[int] = PLAYER_COUNTS,
    every_game: bool = False,
) -> dict[str, list[Candidate]]:
    """Play ``games`` self-play games (:func:`game_specs`) and return, per kind of
    ``kinds`` (by default every registered kind, in their order), the positions found,
    each once, in the order the games reached them (see :func:`mine_game`)."""
    asked = list(K.names() if kinds is None else kinds)
    for k in asked:
        K.kind(k)  # raises for an unknown kind
    wanted = [k for k in K.names() if k in asked]
    specs = game_specs(games, seed, rulesets=rulesets, players=players)
    mined = run_all(
        _Miner(tuple(wanted), every_game), specs, executor=executor, progress=progress,
        desc="games",
    )
    seen: set[str] = set()
    by_kind: dict[str, list[Candidate]] = {k: [] for k in wanted}
    for found in mined:
        for cand in found:
            if cand.key not in seen:
                seen.add(cand.key)
                by_kind[cand.kind].append(cand)
    return by_kind


def generate(
    games: int = 100,
    seed: int = 0,
    kinds: Iterable[str] | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    *,
    per_kind: int | None = 60,
    rulesets: Sequence[Rules] = RULESETS,
    players: Sequence[int] = PLAYER_COUNTS,
    every_game: bool = False,
) -> list[Puzzle]:
    """Mine ``games`` self-play games for puzzles of ``kinds`` (by default every registered
    kind; see the module docstring and :func:`mine`): at most ``per_kind`` of each kind
    (``None``: all), grouped by kind in the order of the registered kinds
    (:func:`~dweebies_widget.puzzles.kinds.names`), easiest first.

    ``executor`` (any :class:`concurrent.futures.Executor`) plays the games and measures
    the ratings in parallel; the result is the same without one.
    """
    by_kind = mine(
        games, seed, kinds, executor, progress,
        rulesets=rulesets, players=players, every_game=every_game,
    )
    chosen: list[Candidate] = []
    for found in by_kind.values():
        pool = sorted(found, key=lambda c: hashlib.sha256(f"{seed}:{c.key}".encode()).digest())
        chosen.extend(pool if per_kind is None else pool[:per_kind])
    records = run_all(_make, chosen, executor=executor, progress=progress, desc="puzzles")
    return _in_order(loads(_file(records)))


def _in_order(puzzles: Iterable[Puzzle]) -> list[Puzzle]:
    """Grouped by kind in the order of the registered kinds, easiest first."""
    order = {k: i for i, k in enumerate(K.names())}
    return sorted(puzzles, key=lambda p: (order[p.kind], p.rating, p.measure.difficulty, p.id))


class _Miner:
    """``mine_game`` with fixed kinds, as a picklable callable for executors."""

    def __init__(self, kinds: tuple[str, ...], every_game: bool = False) -> None:
        self.kinds = kinds
        self.every_game = every_game

    def __call__(self, spec: GameSpec) -> list[Candidate]:
        return mine_game(spec, self.kinds, every_game=self.every_game)


def _file(records: Sequence[str]) -> str:
    from .store import FORMAT, VERSION

    return f'{{"format": "{FORMAT}", "version": {VERSION}, "puzzles": [{",".join(records)}]}}'


# ---------------------------------------------------------------------- the shipped set
#: The thirds of the rating range, as ``(lowest, highest)`` (the highest not included,
#: but for the last).
THIRDS: tuple[tuple[int, int], ...] = tuple((low, high + 1) for low, high in R.BANDS.values())
"""The thirds of the rating scale (:data:`~.rating.BANDS`), each from its lowest rating to
one past its highest."""


def third(rating: int) -> int:
    """Which third of the rating range (0, 1 or 2) a rating falls in.

    >>> third(600), third(1199), third(1200), third(2400)
    (0, 0, 1, 2)
    """
    return next(i for i, (low, high) in enumerate(THIRDS) if low <= rating < high)


def standard(puzzle: Puzzle) -> bool:
    """Whether the puzzle is under the engine's default rules."""
    return puzzle.position.rules == Rules()


def remake(position: tuple[str, int | None, Game]) -> Puzzle | None:
    """The puzzle of a mined position (kind, named card, game), its answer searched
    again and rated by the fitting panel (:func:`~dweebies_widget.puzzles.rating.measure`),
    or ``None`` when the position has no puzzle of its kind worth keeping."""
    kind, dweebie, game = position
    try:
        puzzle = Puzzle.make(game, kind, dweebie=dweebie)
    except PuzzleError:
        return None
    if not puzzle.keep():
        return None
    if len(puzzle.measure.shares) != len(R.LADDER):  # a kind that measures otherwise
        found = R.measure(puzzle.position, puzzle.seat, puzzle.answer)
        puzzle = replace(puzzle, measure=found, rating=found.rating)
    return puzzle


def build(
    positions: Sequence[tuple[str, int | None, Game]],
    per_third: int,
    seed: int = 0,
    progress: bool = True,
) -> tuple[list[Puzzle], list[float], list[Puzzle]]:
    """The shipped set from mined positions, the fitting panel's abilities and every
    puzzle rated: every position becomes a puzzle (:func:`remake`, each once), the
    item-response model is fitted to all of them at once
    (:func:`~dweebies_widget.puzzles.rating.fit_shares`), and of each kind, rules
    (standard or other) and third of the rating range at most ``per_third`` are kept,
    chosen in an order fixed by ``seed`` (:func:`spread`)."""
    made = run_all(remake, positions, executor=None, progress=progress, desc="puzzles")
    unique: dict[str, Puzzle] = {}
    for p in made:
        if p is not None and p.id not in unique:
            unique[p.id] = p
    puzzles = list(unique.values())
    difficulty, ability = R.fit_shares([p.measure.shares for p in puzzles])
    rated = [
        replace(
            p,
            rating=R.rating_of(b),
            measure=R.Measure(p.measure.shares, p.measure.moves, b, R.rating_of(b)),
        )
        for p, b in zip(puzzles, difficulty, strict=True)
    ]
    return _in_order(spread(rated, per_third, seed)), ability, _in_order(rated)


def sample(
    positions: Sequence[tuple[str, int | None, Game]], most: int, seed: int = 0
) -> list[tuple[str, int | None, Game]]:
    """At most ``most`` positions of each kind, chosen in an order fixed by ``seed`` (then
    in the order given)."""
    def order(item: tuple[int, tuple[str, int | None, Game]]) -> bytes:
        kind, dweebie, game = item[1]
        return hashlib.sha256(f"{seed}:{kind}:{dweebie}:{game.to_json()}".encode()).digest()

    chosen: dict[str, list[int]] = {}
    for i, pos in sorted(enumerate(positions), key=order):
        chosen.setdefault(pos[0], []).append(i)
    keep = sorted(i for found in chosen.values() for i in found[:most])
    return [positions[i] for i in keep]


def spread(puzzles: Iterable[Puzzle], per_third: int, seed: int = 0) -> list[Puzzle]:
    """At most ``per_third`` puzzles of each kind, rules (standard or other) and third of
    the rating range (:func:`third`), chosen in an order fixed by ``seed``."""
    groups: dict[tuple[str, bool, int], list[Puzzle]] = {}
    for p in puzzles:
        groups.setdefault((p.kind, standard(p), third(p.rating)), []).append(p)
    out: list[Puzzle] = []
    for group in groups.values():
        group.sort(key=lambda p: hashlib.sha256(f"{seed}:{p.id}".encode()).digest())
        out.extend(group[:per_third])
    return out


# ---------------------------------------------------------------------- position files
#: The format of a file of mined positions (not yet puzzles: no answer, no rating).
POSITIONS = "dweebies-widget/puzzle-positions"


def dump_positions(by_kind: dict[str, list[Candidate]], path: str | Path) -> None:
    """Write mined positions (kind, named card and game save of each) as JSON."""
    items = [
        json.dumps({"kind": c.kind, "dweebie": c.dweebie, "game": json.loads(c.save)})
        for found in by_kind.values()
        for c in found
    ]
    body = ",\n".join(items)
    text = f'{{"format": "{POSITIONS}", "version": 1, "positions": [\n{body}\n]}}\n'
    Path(path).write_text(text, encoding="utf-8")


def read_positions(text: str) -> list[tuple[str, int | None, Game]]:
    """The positions of a position file (:func:`dump_positions`) or of a puzzle file of
    any version (only each puzzle's kind, named card and position are read), checked:
    plain JSON, known kinds, named cards as ints, and every position rebuilt by
    :meth:`Game.from_json` (which replays every move through the rules)."""
    data = read_json(text, fail=_fail, what="a position file", max_chars=50_000_000)
    if not isinstance(data, dict) or not isinstance(data.get("version"), int):
        _fail("it must be a JSON object with a 'version'")
    items = data.get("positions", data.get("puzzles"))
    if data.get("format") not in (POSITIONS, "dweebies-widget/puzzles") or not isinstance(
        items, list
    ):
        _fail("it must be a position file or a puzzle file")
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            _fail(f"item {i} must be a JSON object")
        kind, dweebie = item.get("kind"), item.get("dweebie")
        if kind not in K.names():
            _fail(f"item {i}: unknown kind {kind!r}")
        if dweebie is not None and type(dweebie) is not int:
            _fail(f"item {i}: 'dweebie' must be an int or null")
        try:
            game = Game.from_json(json.dumps(item.get("game")))
        except SaveError as exc:
            _fail(f"item {i}: not a valid game save: {exc}")
        out.append((kind, dweebie, game))
    return out


def _fail(message: str) -> NoReturn:
    raise SaveError(f"position file: {message}", rule="save")
