"""Review a game move by move: for every card placed, how good a choice it was from what its
player could see at that moment, and what would have been better.

>>> from dweebies_widget import Game
>>> from dweebies_widget.ai import ExpertPlayer, review
>>> game = Game(players=2, seed=7)
>>> for _ in range(4):
...     _ = game.play(game.legal_moves()[0])
>>> rev = review(game, ExpertPlayer(simulations=30), seed=0, executor=None, progress=False)
>>> [(m.ply, m.seat) for m in rev.moves]
[(0, 0), (1, 1), (2, 0), (3, 1)]
>>> rev.moves[0].describe(["Ana", "Ben"])  # doctest: +ELLIPSIS
'Ana played ... at (0, 0): ... %...'

**How a move is judged.**  The game is replayed from ``game.start`` through
``game.history`` (owed draws are replayed too, but they are not moves; a move taken back
with undo is no longer in the history, so it is never reviewed).  Before each placement the
analyst, an :class:`~dweebies_widget.ai.ExpertPlayer`, gets the mover's
:class:`~dweebies_widget.View` at that moment and nothing else.  As when it plays, it
imagines the hidden cards again and again and tries moves in those imagined deals; it gives
the move played at least a quarter of its rounds
(:data:`~dweebies_widget.ai.expert.FOCUS_SHARE`), so that move's chance is measured well.

* ``chance_played``: the mover's chance to win after the move played;
* ``best``: the move the analyst tried most apart from the move played, if it did better;
  else the move played itself.  A move tried only a few times can look better by luck, so
  when it looks better by :data:`INACCURACY_LOSS` or more, the analyst looks again: a second
  search, with its own random numbers, gives that move a quarter of the rounds, and its
  measure is the one kept;
* ``chance_best``: the mover's chance to win after ``best``;
* ``loss = chance_best - chance_played`` (0 or more), and a ``label`` from it.

A move that lost because of cards nobody could know is therefore not a mistake: the
judgement of a move depends only on the mover's view, the analyst's budget, ``seed`` and
the move's place in the game (two games that look the same to the mover there get the same
judgement of that move, whatever the hidden cards are).

**Labels.**  ``"best"`` is the analyst's best move; the others go by ``loss``:

================  ============================================
label             loss (the chance to win the move gave away)
================  ============================================
``good``          below :data:`INACCURACY_LOSS` (0.05)
``inaccuracy``    from :data:`INACCURACY_LOSS` (0.05)
``mistake``       from :data:`MISTAKE_LOSS` (0.10)
``blunder``       from :data:`BLUNDER_LOSS` (0.20)
================  ============================================

How the thresholds were chosen (``python benchmarks/review.py --calibrate``, at the default
budget of :data:`DEFAULT_SIMULATIONS` rounds):

* **The noise of the analysis.**  In 56 positions of games between the ladder's players, the
  analyst's own best move was judged again with five other seeds: a move as good as the
  best, as far as the analysis can tell.  Its loss was 0 half the time, below 0.04 in 95 %
  of the 280 judgements, and never 0.05 (the largest was 0.049).  Hence
  ``INACCURACY_LOSS = 0.05``: a move within the noise of the best is labelled best or good.
  (Before the second look above, the largest was 0.088: a favourite tried a few times
  looks better than it is.)
* **The ladder's losses.**  Fourteen whole games were reviewed: Random, Greedy and
  Cautious each against an Expert of 1000 simulations a move (both seats, two deals), and
  two 4-player games of all four.  In the 2-player games the strong Expert gave away 0.05
  or more in 1 of its 323 moves and never 0.10 (its worst: 0.081); Cautious reached 0.10
  in 0.9 % of its moves, Greedy in 2.8 % and Random in 5.6 %, and only Greedy (0.9 %) and
  Random (1.9 %) reached 0.20.  Hence ``MISTAKE_LOSS = 0.10``, a loss the strong Expert
  never made, and ``BLUNDER_LOSS = 0.20``, the rare moves that turn a game.
* Most moves of Dweebies change little (a Random move gave away 0.022 on average: a player
  far behind has little left to lose), so the few mistakes and blunders of a review are its
  turning points.  The thresholds serve any number of players; with more players every
  chance is smaller, so fewer moves reach them (in the 4-player games, one Random move).

**Hindsight** is a second opinion, kept apart from the fair judgement: the same judgement
made on the one true deal (the real game at that moment, used as the only guess, with
:data:`HINDSIGHT_SHARE` of the rounds, as one deal leaves less to average over), as if
every player saw every card.  ``hindsight_best`` is the best move then;
``hindsight_chance_played`` and ``hindsight_chance_best`` are the chances it gives.  Where
``hindsight_best`` differs from ``best``, :attr:`MoveReview.hindsight` says ``"punished"``
(a good move that the cards punished: with every card seen, another move was better by a
mistake's worth) or ``"lucky"`` (a mistake or blunder from what could be seen, which the
hidden cards happened to favour: with every card seen it was about as good as the best).
Hindsight never changes a label.

**Each seat's chance after a move** (:attr:`MoveReview.chances`, the graph of
:meth:`Review.plot`) is the analyst's estimate after the move played, from the mover's
view: the average, over the rounds that tried that move, of every seat's chance at the end
of the round.  The mover's own line is therefore exactly ``chance_played``.

**Same results everywhere.**  Each placement gets its own random numbers, seeded from
``seed`` and its number alone, so the review is the same whichever executor ran it: a plain
loop (``executor=None``), a process pool, a Dask cluster's ``client.get_executor()`` or any
other :class:`concurrent.futures.Executor`.  The analyst's budget must therefore be a
number of rounds (``ExpertPlayer(simulations=N)``): a budget in seconds would give
different results on a busy and a quiet machine, so it is refused.
"""

from __future__ import annotations

import copy
import html
import random
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..cards import name
from ..extras import require
from ..game import Draw, Game, Move, View
from ..grammar import possessive, subject
from ..parallel import run_all
from .expert import ExpertPlayer

__all__ = [
    "ANALYST_VALUE",
    "BEST",
    "BLUNDER",
    "BLUNDER_LOSS",
    "DEFAULT_SIMULATIONS",
    "GOOD",
    "HINDSIGHT_SHARE",
    "INACCURACY",
    "INACCURACY_LOSS",
    "Judgement",
    "LABELS",
    "LUCKY",
    "MISTAKE",
    "MISTAKE_LOSS",
    "MoveReview",
    "PUNISHED",
    "Review",
    "judge",
    "label",
    "positions",
    "review",
]

BEST = "best"
GOOD = "good"
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"
#: The labels, from best to worst.
LABELS = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)

#: The least loss (in win chance, 0..1) of an inaccuracy, a mistake and a blunder.
INACCURACY_LOSS = 0.05
MISTAKE_LOSS = 0.10
BLUNDER_LOSS = 0.20

#: The hindsight verdicts (:attr:`MoveReview.hindsight`).
PUNISHED = "punished"
LUCKY = "lucky"

#: How the default analyst judges a round's last position: the hand-set judge, with which the
#: labels' thresholds (:data:`INACCURACY`, :data:`MISTAKE`, :data:`BLUNDER`) and the analyst's
#: noise were measured (``benchmarks/review.py --calibrate``).
ANALYST_VALUE = "hand-set"

#: The analyst's rounds per move when none is given: ``ExpertPlayer(simulations=300)``.
DEFAULT_SIMULATIONS = 300

#: The hindsight search gets this share of the analyst's rounds (one deal, less to average).
HINDSIGHT_SHARE = 0.5


def label(loss: float, best: bool = False) -> str:
    """The label of a move that gave away ``loss`` of the mover's win chance (``best``:
    it is the analyst's best move).

    >>> [label(x) for x in (0.0, INACCURACY_LOSS, MISTAKE_LOSS, BLUNDER_LOSS)]
    ['good', 'inaccuracy', 'mistake', 'blunder']
    >>> label(0.0, best=True)
    'best'
    """
    if best:
        return BEST
    if loss < INACCURACY_LOSS:
        return GOOD
    if loss < MISTAKE_LOSS:
        return INACCURACY
    if loss < BLUNDER_LOSS:
        return MISTAKE
    return BLUNDER


_PLURALS = {
    BEST: BEST,
    GOOD: GOOD,
    INACCURACY: "inaccuracies",
    MISTAKE: "mistakes",
    BLUNDER: "blunders",
}


def _percent(chance: float) -> str:
    return f"{round(100 * chance)} %"


def _move_text(move: Move) -> str:
    return f"{name(move.dweebie)} at {move.cell}"


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else f"Seat {seat}"


#: A label with its article, as a sentence says it ("a mistake", "an inaccuracy").
_WITH_ARTICLE = {
    BEST: "the best move",
    GOOD: "a good move",
    INACCURACY: "an inaccuracy",
    MISTAKE: "a mistake",
    BLUNDER: "a blunder",
}


@dataclass(frozen=True)
class MoveReview:
    """The review of one placement (see the module docstring for how it is judged).

    Tables number the moves from 1: move ``ply + 1``."""

    ply: int
    """Index of the placement among the game's placements (owed draws do not count)."""
    seat: int
    """The seat that moved."""
    played: Move
    best: Move
    """The analyst's best move, from the mover's view."""
    chance_played: float
    """The mover's win chance (0..1) after the move played, from the mover's view."""
    chance_best: float
    """The mover's win chance after :attr:`best`, from the mover's view."""
    chances: tuple[float, ...]
    """Every seat's win chance after the move played, as the analyst estimates it from the
    mover's view (the mover's own entry is :attr:`chance_played`)."""
    options: int
    """How many legal moves the mover had."""
    hindsight_best: Move
    """The best move had the mover seen every hidden card (a search on the true deal)."""
    hindsight_chance_played: float
    """The mover's win chance after the move played, with every card seen."""
    hindsight_chance_best: float
    """The mover's win chance after :attr:`hindsight_best`, with every card seen."""

    @property
    def loss(self) -> float:
        """The win chance the move gave away: ``chance_best - chance_played`` (>= 0)."""
        return max(0.0, self.chance_best - self.chance_played)

    @property
    def label(self) -> str:
        """``"best"``, ``"good"``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``."""
        return label(self.loss, best=self.played == self.best)

    @property
    def label_text(self) -> str:
        """The label as a sentence says it: "the best move", "a good move", "an inaccuracy",
        "a mistake", "a blunder", or "the only move" when there was no choice."""
        return "the only move" if self.options == 1 else _WITH_ARTICLE[self.label]

    @property
    def hindsight_loss(self) -> float:
        """The win chance the move gave away had every card been seen (>= 0)."""
        return max(0.0, self.hindsight_chance_best - self.hindsight_chance_played)

    @property
    def hindsight(self) -> str | None:
        """``"punished"``: a good move (best or good) that the cards punished; with every
        card seen another move was better by at least :data:`MISTAKE_LOSS`.  ``"lucky"``:
        a mistake or blunder that, with every card seen, was within
        :data:`INACCURACY_LOSS` of the best.  ``None`` otherwise, and always when
        hindsight agrees with the fair judgement on the best move."""
        if self.hindsight_best == self.best:
            return None
        fair = LABELS.index(self.label)
        if fair <= LABELS.index(GOOD) and self.hindsight_loss >= MISTAKE_LOSS:
            return PUNISHED
        if fair >= LABELS.index(MISTAKE) and self.hindsight_loss < INACCURACY_LOSS:
            return LUCKY
        return None

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The move and its judgement in one line, e.g. ``"Ana played Mumbo at (0, 2):
        41 % -> best was Kazoo at (1, -1): 63 % (mistake)"`` (chances from the mover's
        view; ``names`` labels the seats)."""
        who = subject(_seat_name(self.seat, names))
        text = f"{who} played {_move_text(self.played)}: {_percent(self.chance_played)}"
        if self.options == 1:
            return f"{text} (the only move)"
        if self.played != self.best:
            text += f" -> best was {_move_text(self.best)}: {_percent(self.chance_best)}"
        return f"{text} ({self.label})"

    def describe_hindsight(self, names: Sequence[str] | None = None) -> str | None:
        """The hindsight verdict in words, or ``None`` when there is none (see
        :attr:`hindsight`); a seat called "You" is spoken to ("Your Mumbo at (0, 2) was a
        good move from what you could see, ...")."""
        verdict = self.hindsight
        if verdict is None:
            return None
        who = _seat_name(self.seat, names)
        move = f"{possessive(who)} {_move_text(self.played)}"
        fair = f"{self.label_text} from what {subject(who, start=False)} could see"
        if verdict == PUNISHED:
            return (
                f"{move} was {fair}, but the hidden cards punished it: with every card seen, "
                f"{_move_text(self.hindsight_best)} was better "
                f"({_percent(self.hindsight_chance_best)} against "
                f"{_percent(self.hindsight_chance_played)})."
            )
        if self.hindsight_best == self.played:
            seen = f"it was the best move ({_percent(self.hindsight_chance_played)})"
        else:
            seen = (
                f"it was about as good as the best ({_percent(self.hindsight_chance_played)} "
                f"against {_percent(self.hindsight_chance_best)})"
            )
        return (
            f"{move} was {fair}, but lucky: the hidden cards favoured it, and with every card "
            f"seen {seen}."
        )

    def __repr__(self) -> str:
        return f"<MoveReview {self.ply}: {self.describe()}>"


@dataclass(frozen=True)
class Review:
    """The review of a game: one :class:`MoveReview` per placement, in order."""

    moves: tuple[MoveReview, ...]
    players: int
    names: tuple[str, ...]
    """The seats' names, for tables, lines and the graph."""
    finished: bool
    """Whether the game reviewed was over."""
    seed: int
    simulations: int
    """The analyst's rounds per move."""

    def mistakes(self, seat: int | None = None, at_least: str = MISTAKE) -> list[MoveReview]:
        """The moves labelled ``at_least`` or worse (of ``seat`` only, if given), worst
        first (ties in game order)."""
        if at_least not in LABELS:
            raise ValueError(f"at_least must be one of {', '.join(LABELS)}, not {at_least!r}")
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be a seat 0..{self.players - 1}, not {seat!r}")
        level = LABELS.index(at_least)
        found = [
            m
            for m in self.moves
            if LABELS.index(m.label) >= level and (seat is None or m.seat == seat)
        ]
        return sorted(found, key=lambda m: (-m.loss, m.ply))

    def hindsight(self, seat: int | None = None) -> list[MoveReview]:
        """The moves with a hindsight verdict (``"punished"`` or ``"lucky"``), in game
        order (of ``seat`` only, if given)."""
        return [
            m for m in self.moves if m.hindsight is not None and (seat is None or m.seat == seat)
        ]

    def counts(self, seat: int) -> dict[str, int]:
        """How many moves of ``seat`` got each label."""
        out = dict.fromkeys(LABELS, 0)
        for m in self.moves:
            if m.seat == seat:
                out[m.label] += 1
        return out

    def plot(self, ax: Any = None) -> Any:
        """Draw every seat's win chance after each move (one line per seat), with the
        mistakes and blunders marked on the mover's line; returns the axes.  Matplotlib comes
        with the notebooks extra: without it, :class:`~dweebies_widget.extras.MissingExtra`
        names it."""
        require("notebooks", "matplotlib", what="plot()")
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(8, 3.2))
        xs = [m.ply + 1 for m in self.moves]
        for s in range(self.players):
            ax.plot(xs, [m.chances[s] for m in self.moves], label=self.names[s], linewidth=1.8)
        for kind, marker, size in ((MISTAKE, "o", 60), (BLUNDER, "X", 110)):
            marked = [m for m in self.moves if m.label == kind]
            if marked:
                ax.scatter(
                    [m.ply + 1 for m in marked],
                    [m.chance_played for m in marked],
                    marker=marker,
                    s=size,
                    facecolors="none" if marker == "o" else "#D55E00",
                    edgecolors="#D55E00",
                    linewidths=1.8,
                    zorder=3,
                    label=f"{kind}s",
                )
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlim(0, max(xs, default=0) + 1)
        ax.set_xlabel("move")
        ax.set_ylabel("chance to win")
        ax.set_title("Who was winning: each player's chance after every move")
        ax.legend(loc="best", fontsize="small")
        return ax

    def _repr_html_(self) -> str:
        colours = {INACCURACY: "#FFF4D6", MISTAKE: "#FFE0CC", BLUNDER: "#FFC9C9"}
        rows = []
        for m in self.moves:
            mark = colours.get(m.label)
            style = f" style='background:{mark}'" if mark else ""
            better = "" if m.best == m.played else html.escape(_move_text(m.best))
            best_chance = "" if m.best == m.played else _percent(m.chance_best)
            note = {PUNISHED: "punished by the cards", LUCKY: "lucky"}.get(m.hindsight or "", "")
            rows.append(
                f"<tr{style}><td>{m.ply + 1}</td>"
                f"<td style='text-align:left'>{html.escape(self.names[m.seat])}</td>"
                f"<td style='text-align:left'>{html.escape(_move_text(m.played))}</td>"
                f"<td>{_percent(m.chance_played)}</td>"
                f"<td style='text-align:left'>{better}</td><td>{best_chance}</td>"
                f"<td><b>{html.escape(m.label)}</b></td>"
                f"<td style='text-align:left'>{html.escape(note)}</td></tr>"
            )
        status = "finished game" if self.finished else "unfinished game"
        return (
            "<table style='font-size:1.1em'><thead><tr><th>move</th>"
            "<th style='text-align:left'>player</th><th style='text-align:left'>played</th>"
            "<th>chance</th><th style='text-align:left'>best was</th><th>chance</th>"
            "<th>label</th><th style='text-align:left'>hindsight</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<p>{len(self.moves)} moves of a {html.escape(status)}, each judged from what its "
            f"player could see ({self.simulations} rounds of the Expert per move, seed "
            f"{self.seed}); chances are the player's chance to win.</p>"
        )

    def __repr__(self) -> str:
        status = "finished" if self.finished else "unfinished"
        lines = [
            f"Review of {len(self.moves)} moves ({self.players} players, {status} game, "
            f"{self.simulations} simulations a move, seed {self.seed})"
        ]
        for s in range(self.players):
            counts = self.counts(s)
            tally = ", ".join(
                f"{n} {_PLURALS[kind] if n != 1 else kind}" for kind, n in counts.items()
            )
            lines.append(f"  {self.names[s]}: {tally}")
        worst = self.mistakes()[:3]
        if worst:
            lines.append("Worst moves:")
            lines.extend(f"  move {m.ply + 1}: {m.describe(self.names)}" for m in worst)
        return "\n".join(lines)


# ----------------------------------------------------------------------------- the work
#: One placement to review: its number, the real game just before it, the move played,
#: the analyst and the seed.
_Spec = tuple[int, Game, Move, ExpertPlayer, int]


def _rng(seed: int, ply: int, part: str) -> random.Random:
    return random.Random(f"review:{seed}:{ply}:{part}")


@dataclass(frozen=True)
class Judgement:
    """The analyst's judgement of one move (see :func:`judge`)."""

    best: Move
    chance_played: float
    chance_best: float
    chances: tuple[float, ...]
    options: int


def judge(
    analyst: ExpertPlayer,
    view: View,
    played: Move,
    rngs: tuple[random.Random, random.Random],
    deal: Game | None = None,
) -> Judgement:
    """The analyst's judgement of ``played``: from ``view`` alone, or with every card seen
    when ``deal`` (the true game) is given.

    The search gives ``played`` a quarter of its rounds; its favourite among the other
    moves is the one it tried most.  A favourite tried only a few times may look better by
    luck, so when it looks better by :data:`INACCURACY_LOSS` or more, a second search
    (its own random numbers) gives the favourite a quarter of the rounds and measures it
    again; that second measure is the one kept."""
    first, second = rngs
    stats = analyst.statistics(view, first, open_all=False, focus=played, deal=deal)
    mine = stats[played]
    others = sorted(m for m, s in stats.items() if m != played and s.visits)
    best, chance_best = played, mine.chance
    if others:
        favourite = max(others, key=lambda m: stats[m].visits)
        theirs = stats[favourite].chance
        if theirs - mine.chance >= INACCURACY_LOSS:
            again = analyst.statistics(view, second, open_all=False, focus=favourite, deal=deal)
            theirs = again[favourite].chance
        if theirs > mine.chance:
            best, chance_best = favourite, theirs
    return Judgement(best, mine.chance, chance_best, mine.chances, len(stats))


def _hindsight_analyst(analyst: ExpertPlayer) -> ExpertPlayer:
    hindsight = copy.copy(analyst)
    assert analyst.simulations is not None  # review() checked
    hindsight.simulations = max(1, round(HINDSIGHT_SHARE * analyst.simulations))
    return hindsight


def _review_ply(spec: _Spec) -> MoveReview:
    ply, game, played, analyst, seed = spec
    seat = game.current_player
    view = game.view(seat)
    # The fair judgement sees the mover's view and nothing else.
    fair = judge(analyst, view, played, (_rng(seed, ply, "fair"), _rng(seed, ply, "again")))
    # Hindsight: the same judgement on the one true deal, with a share of the rounds.
    seen = judge(
        _hindsight_analyst(analyst),
        view,
        played,
        (_rng(seed, ply, "hindsight"), _rng(seed, ply, "hindsight again")),
        deal=game,
    )
    return MoveReview(
        ply=ply,
        seat=seat,
        played=played,
        best=fair.best,
        chance_played=fair.chance_played,
        chance_best=fair.chance_best,
        chances=fair.chances,
        options=fair.options,
        hindsight_best=seen.best,
        hindsight_chance_played=seen.chance_played,
        hindsight_chance_best=seen.chance_best,
    )


def positions(game: Game) -> list[tuple[Game, Move]]:
    """Replay ``game`` from its start: the position before each placement, and the move
    played there (a history that does not replay is refused with a ``ValueError``)."""
    replay = game.start.to_game(game.rules)
    out: list[tuple[Game, Move]] = []
    for i, action in enumerate(game.history):
        if isinstance(action, Draw):
            replay.draw(action.seat)
            continue
        if action.seat != replay.current_player:
            raise ValueError(
                f"action {i} of the history is by seat {action.seat} but seat "
                f"{replay.current_player} was to move in the replay"
            )
        out.append((replay.copy(), action.move))
        if replay.play(action.move) != action:
            raise ValueError(_UNREPLAYABLE)
    if replay != game:
        raise ValueError(_UNREPLAYABLE)
    return out


def _specs(game: Game, analyst: ExpertPlayer, seed: int) -> list[_Spec]:
    """What reviewing each placement of ``game`` needs."""
    return [(ply, at, move, analyst, seed) for ply, (at, move) in enumerate(positions(game))]


_UNREPLAYABLE = (
    "the game cannot be replayed from its start (game.start and game.history do not lead "
    "to the game as it is): were cards handed out with give() in a different order than "
    "the pile's? Review a game played with play() or push()"
)


def review(
    game: Game,
    analyst: ExpertPlayer | None = None,
    *,
    seed: int = 0,
    names: Sequence[str] | None = None,
    executor: Executor | None | str = "auto",
    progress: bool = True,
) -> Review:
    """Review every placement of ``game`` (finished or not; any rules, 2-6 players, owed
    draws): how good it was from what its player could see, and what would have been
    better (see the module docstring).

    ``analyst``: an :class:`ExpertPlayer` with a budget in rounds (default
    ``ExpertPlayer(simulations=300)``); the same ``seed`` and budget give the same review.
    ``names`` labels the seats (``"Seat 0"``... by default).  ``executor``: ``"auto"`` (a
    process pool over all cores), ``None`` (one move after another, here) or any
    :class:`concurrent.futures.Executor`, for instance a Dask ``distributed`` client's
    ``client.get_executor()``; the review is the same whichever runs it.  ``progress``
    shows a tqdm bar (a widget in a notebook, text in a terminal).
    """
    if not isinstance(game, Game):
        raise TypeError(f"review needs a Game, not {type(game).__name__}")
    if analyst is None:
        analyst = ExpertPlayer(simulations=DEFAULT_SIMULATIONS, value=ANALYST_VALUE)
    if not isinstance(analyst, ExpertPlayer):
        raise TypeError(
            f"the analyst must be an ExpertPlayer (it searches every move), not {analyst!r}"
        )
    if analyst.simulations is None:
        raise ValueError(
            f"the analyst needs a budget in rounds, ExpertPlayer(simulations=N), not "
            f"{analyst!r}: a budget in seconds would make the review depend on how busy the "
            f"machine is (ExpertPlayer() thinks for one second). The default is "
            f"ExpertPlayer(simulations={DEFAULT_SIMULATIONS})."
        )
    if executor != "auto" and executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            f"executor must be 'auto', None or a concurrent.futures.Executor, not {executor!r}"
        )
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {seed!r}")
    players = game.players
    if names is None:
        labels = tuple(f"Seat {s}" for s in range(players))
    else:
        labels = tuple(str(n) for n in names)
        if len(labels) != players:
            raise ValueError(f"names: {players} seats but {len(labels)} names")
    specs = _specs(game, analyst, seed)
    moves = tuple(run_all(_review_ply, specs, executor=executor, progress=progress, desc="moves"))
    return Review(
        moves=moves,
        players=players,
        names=labels,
        finished=game.is_over,
        seed=seed,
        simulations=analyst.simulations,
    )
