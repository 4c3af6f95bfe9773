"""What pages may see of the classroom: plain, public data about tables, seats and players.

Nothing here holds a hidden card: a :class:`Picture` (what a spectator, the teacher's page
or a projector shows) has the table, the scores, each hand's *size*, the pile's size, whose
turn it is and the public history (rules section 7), built through the core's public API
alone.  The seed of a deal is never part of it (it would tell every hand).

>>> from dweebies_widget import Game
>>> game = Game(players=2, seed=7)
>>> _ = game.play(game.legal_moves()[0])
>>> seats = (SeatInfo(0, "Ana", None), SeatInfo(1, None, "greedy"))
>>> p = picture(game, code="K7QX", version=3, status="playing", seats=seats, hints=True)
>>> p.hand_sizes, p.current_player, p.moves
((5, 5), 1, 1)
>>> p.scene.hand, [s.label for s in p.scene.seats], p.scene.current
((), ['Ana', 'Greedy (computer)'], 1)
>>> sorted(p.to_dict())  # doctest: +NORMALIZE_WHITESPACE
['board', 'closed_by', 'code', 'current_player', 'hand_sizes', 'hints', 'last', 'legal',
 'moves', 'owed', 'pile_size', 'players', 'scores', 'seats', 'status', 'version', 'winners']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..game import Game, Placement, View
from ..widget.position import scene_of
from ..widget.scene import Scene

__all__ = [
    "LEVELS",
    "Alert",
    "LeaderRow",
    "Picture",
    "Record",
    "Seat",
    "SeatInfo",
    "SeatState",
    "TableInfo",
    "picture",
]

#: The computer players a table may seat, weakest first (a computer seat's label names its
#: level: "Greedy (computer)").
LEVELS = ("random", "greedy", "cautious", "expert")

Cell = tuple[int, int]

#: The states of a table: students still joining, being played, finished, closed by the
#: teacher.
STATUSES = ("waiting", "playing", "over", "closed")


@dataclass(frozen=True)
class Seat:
    """Whose a token is: the table, the seat number and the student's name."""

    code: str
    seat: int
    name: str


@dataclass(frozen=True)
class SeatInfo:
    """One seat as everybody may see it."""

    seat: int
    name: str | None
    """The student's name, ``None`` while the seat is free or for a computer seat."""
    computer: str | None
    """The level of a computer seat (``"greedy"``...), ``None`` for a student's seat."""
    wrong_pins: int = 0
    """Wrong PINs given for this seat's student since their last right one."""

    @property
    def label(self) -> str:
        """``"Ana"``, ``"Greedy (computer)"`` or ``"(free)"``."""
        if self.computer is not None:
            return f"{self.computer.capitalize()} (computer)"
        return self.name if self.name is not None else "(free)"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "computer": self.computer,
            "label": self.label,
            "wrong_pins": self.wrong_pins,
        }


@dataclass(frozen=True)
class TableInfo:
    """A table in a list (the lobby's, the teacher's): who sits where and how it stands."""

    code: str
    version: int
    players: int
    seats: tuple[SeatInfo, ...]
    status: str
    """One of :data:`STATUSES`."""
    hints: bool
    turn: int | None
    """The seat to move while it is played, else ``None``."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    """The winning seats once over (several on a tie), else ``()``."""
    moves: int
    created: float
    updated: float
    closed_by: str | None = None
    """Who closed the table (``"your teacher"``), ``None`` unless it is closed."""

    @property
    def free(self) -> int:
        """Seats still free for students."""
        return sum(1 for s in self.seats if s.computer is None and s.name is None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "version": self.version,
            "players": self.players,
            "seats": [s.to_dict() for s in self.seats],
            "status": self.status,
            "hints": self.hints,
            "turn": self.turn,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "moves": self.moves,
            "free": self.free,
            "created": self.created,
            "updated": self.updated,
            "closed_by": self.closed_by,
        }


@dataclass(frozen=True)
class Picture:
    """A table as a spectator sees it: no hidden card (rules section 7)."""

    code: str
    version: int
    status: str
    players: int
    seats: tuple[SeatInfo, ...]
    board: tuple[tuple[Cell, int], ...]
    """``((row, col), dweebie)`` in reading order."""
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    owed: tuple[int, ...]
    pile_size: int
    current_player: int | None
    """The seat to move, ``None`` once the game is over."""
    legal: tuple[Cell, ...]
    """Where the mover may place (public), sorted."""
    last: Placement | None
    """The last placement with what it collected (highlight it)."""
    moves: int
    """Actions in the history so far."""
    winners: tuple[int, ...]
    hints: bool
    scene: Scene = field(compare=False, repr=False)
    """What a spectator's page draws (:func:`~dweebies_widget.widget.position.scene_of`
    with no hand; whose turn it is only while the table is played): the widget's picture of
    this table, painted by the one painter."""
    closed_by: str | None = None
    """Who closed the table (``"your teacher"``), ``None`` unless it is closed."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (cells as ``[row, col]`` lists)."""
        last = self.last
        return {
            "code": self.code,
            "version": self.version,
            "status": self.status,
            "players": self.players,
            "seats": [s.to_dict() for s in self.seats],
            "board": [[r, c, d] for (r, c), d in self.board],
            "hand_sizes": list(self.hand_sizes),
            "scores": list(self.scores),
            "owed": list(self.owed),
            "pile_size": self.pile_size,
            "current_player": self.current_player,
            "legal": [list(c) for c in self.legal],
            "last": None
            if last is None
            else {
                "seat": last.seat,
                "dweebie": last.move.dweebie,
                "cell": list(last.move.cell),
                "taken": [[r, c, d] for (r, c), d in last.taken],
            },
            "moves": self.moves,
            "winners": list(self.winners),
            "hints": self.hints,
            "closed_by": self.closed_by,
        }


@dataclass(frozen=True)
class SeatState:
    """Everything a seat's page draws, read at one version of the table: the seat's own
    :class:`~dweebies_widget.View` (its hand and the public information, nothing else)
    and the table around it.  Wait for the next change from :attr:`version`."""

    code: str
    seat: int
    version: int
    status: str
    hints: bool
    seats: tuple[SeatInfo, ...]
    view: View
    pin_wait: float = 0.0
    """Seconds left before a wrong-PIN wait for this seat's student ends (0.0: none): a
    classmate is guessing their PIN."""
    pin_failures: int = 0
    """Wrong PINs given for this seat's student since their last right one."""
    closed_by: str | None = None
    """Who closed the table (``"your teacher"``), ``None`` unless it is closed."""


@dataclass(frozen=True)
class Record:
    """A player's results over some finished games."""

    games: int = 0
    wins: int = 0
    """Games won, a shared win included."""
    draws: int = 0
    """Games every seat tied."""
    losses: int = 0
    points: int = 0
    """Cards collected, over these games."""

    def add(self, result: float, points: int) -> Record:
        """This record with one more game: ``result`` > 0 a win, 0 a draw, < 0 a loss."""
        return Record(
            self.games + 1,
            self.wins + (result > 0),
            self.draws + (result == 0),
            self.losses + (result < 0),
            self.points + points,
        )

    def __add__(self, other: Record) -> Record:
        return Record(
            self.games + other.games,
            self.wins + other.wins,
            self.draws + other.draws,
            self.losses + other.losses,
            self.points + other.points,
        )

    def to_dict(self) -> dict[str, int]:
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "points": self.points,
        }


@dataclass(frozen=True)
class LeaderRow:
    """A player's line of the class standings (finished games only): their games with
    classmates (at least one other seat was a student) and with computers only, apart."""

    name: str
    classmates: Record = field(default_factory=Record)
    computers: Record = field(default_factory=Record)

    @property
    def total(self) -> Record:
        """Both records added up."""
        return self.classmates + self.computers

    # The totals, as the rows of the leaderboard had them before they were split.
    @property
    def games(self) -> int:
        return self.total.games

    @property
    def wins(self) -> int:
        return self.total.wins

    @property
    def draws(self) -> int:
        return self.total.draws

    @property
    def losses(self) -> int:
        return self.total.losses

    @property
    def points(self) -> int:
        return self.total.points

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "classmates": self.classmates.to_dict(),
            "computers": self.computers.to_dict(),
        }


@dataclass(frozen=True)
class Alert:
    """Something the teacher should see at the top of their page: wrong PINs for a student
    (``kind`` ``"pin"``) or wrong teacher passwords (``"password"``)."""

    kind: str
    name: str | None
    """The student (``None`` for ``"password"``)."""
    tables: tuple[str, ...]
    """The codes of the tables the student sits at (``()`` for ``"password"``)."""
    failures: int
    """Wrong tries since the last right one (for the password: since the teacher last
    logged in)."""
    wait: float
    """Seconds left before the next try is taken (0.0: none)."""
    last: float
    """When the last wrong try was made (seconds since the epoch)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "tables": list(self.tables),
            "failures": self.failures,
            "wait": self.wait,
            "last": self.last,
        }


def picture(
    game: Game,
    *,
    code: str,
    version: int,
    status: str,
    seats: tuple[SeatInfo, ...],
    hints: bool,
    closed_by: str | None = None,
) -> Picture:
    """The spectator's picture of ``game`` (public information only)."""
    over = game.is_over
    scene = scene_of(
        game,
        names=[s.label for s in seats],
        ai=[s.computer is not None for s in seats],
        hands=False,
        labels=False,
    )
    if status != "playing":
        scene = replace(scene, current=None)
    return Picture(
        code=code,
        version=version,
        status=status,
        players=game.players,
        seats=seats,
        board=tuple(sorted(game.board.items())),
        hand_sizes=game.hand_sizes,
        scores=game.scores,
        owed=tuple(game.owed_draws(s) for s in range(game.players)),
        pile_size=game.pile_size,
        current_player=None if over else game.current_player,
        legal=tuple(sorted(game.legal_cells())),
        last=game.last_placement,
        moves=len(game.history),
        winners=game.winners if over else (),
        hints=hints,
        scene=scene,
        closed_by=closed_by,
    )
