"""Looking back over a game, without a screen: the steps of a replay, and its review.

One job: know what the screen shows at each step when a game is looked back over.  A
:class:`Replay` holds a whole game (a copy: it never changes) and the step shown, one per
placement: step ``i`` shows the table **before** placement ``i`` (``game.after(k)``, the
actions up to it replayed), and a last step shows the end.  It answers, as plain data, what
the screen shows there: the picture (:meth:`Replay.scene`: the table, the mover's hand, the
move played and the best move marked, the graph of who was winning), the status lines (one
judgement a move; hindsight apart, :meth:`Replay.hindsight`, for whoever asks for more), the
board in words, and "What do they hold?" (:func:`holds_chart`, each other seat's likely
Dweebies from the beliefs of one seat's view, next to the truth when it may be shown).

The review itself (:func:`~dweebies_widget.ai.review`) takes seconds, so it is a
:class:`ReviewJob` handed to a runner (:data:`Reviewer`): :func:`review_here` runs it at once
(tests, scripts); the widget's runs it off the kernel's event thread
(:mod:`~dweebies_widget.widget.background`).  The
:class:`~dweebies_widget.widget.session.Session` owns a :class:`Replay` while looking
back, and passes it the events that step.

>>> from dweebies_widget import Game
>>> from dweebies_widget.widget.seats import Seats
>>> game = Game(2, seed=7)
>>> for _ in range(3):
...     _ = game.play(game.legal_moves()[0])
>>> replay = Replay(game, Seats.of(["Ana", "Ben"]), me=None)
>>> replay.steps, replay.go(1), replay.position().history == game.history[:1]
(3, True, True)
>>> replay.status_lines()[0]
'Move 2 of 3: Ben placed Jibber at (-1, 0).'
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from ..ai import BLUNDER, MISTAKE, ExpertPlayer, MoveReview, Review, beliefs, review
from ..cards import NAMES
from ..game import Game, Move, Placement
from ..grid import Cell
from . import words
from .charts import Graph, HoldRow, Holds, HoldSeat
from .scene import MoveMark, Scene, SeatInfo
from .seats import Seats
from .timing import Cancel

__all__ = [
    "HOLD_ROWS",
    "HOLD_SAMPLES",
    "NO_HINDSIGHT_AT_END",
    "NO_HINDSIGHT_YET",
    "STEP_KEYS",
    "Replay",
    "ReviewJob",
    "Reviewer",
    "holds_chart",
    "holds_words",
    "review_here",
]

HOLD_ROWS = 8
"""The likeliest Dweebies shown per seat in "What do they hold?" (and every card it really
held, when the truth is shown)."""
STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "PageUp": -10, "PageDown": 10}
"""Keys that step through the game, and by how many placements (Home and End go to its
ends)."""
NO_HINDSIGHT_YET = "Hindsight comes with the review: press Review to have every move judged."
"""What "More" says before the review has judged the move shown."""
NO_HINDSIGHT_AT_END = "Hindsight is given for each move: step back to one."
"""What "More" says at the end of the game, where no move is played."""
HOLD_SAMPLES = 500
"""Guesses averaged for the bars (a quarter of :func:`~dweebies_widget.ai.beliefs`'s
default, so that a step shows at once: about 0.05 s with two players, 0.1 s with six); the
bars move by about 0.02 copies from their value with many more."""


# ---------------------------------------------------------------------------- the review job
@dataclass(frozen=True)
class ReviewJob:
    """A review to run: ``review(game, analyst, seed=seed, names=names)``, telling how far
    it is (``progress(done, total)``, from any thread) and how it ended."""

    game: Game
    analyst: ExpertPlayer
    seed: int
    names: tuple[str, ...]
    progress: Callable[[int, int], None]
    finished: Callable[[Review], None]
    failed: Callable[[BaseException], None]

    def run(self, executor: Executor | None = None) -> Review:
        """Run the review with ``executor`` (``None``: here, one move after another),
        counting each move judged; the result is the same whichever executor runs it."""
        counting = _Counting(executor, self.progress, sum(
            isinstance(a, Placement) for a in self.game.history
        ))  # fmt: skip
        return review(
            self.game, self.analyst, seed=self.seed, names=self.names,
            executor=counting, progress=False,
        )  # fmt: skip


Reviewer = Callable[[ReviewJob], Cancel]
"""Runs a :class:`ReviewJob` and calls its ``finished`` or ``failed`` when it is done (the
job's callbacks must then reach the session the way its other events do); returns a
function that cancels it."""


def review_here(job: ReviewJob) -> Cancel:
    """The plainest :data:`Reviewer`: runs the job at once, in this thread."""
    try:
        result = job.run()
    except Exception as error:  # noqa: BLE001 - told to the player, not raised
        job.failed(error)
    else:
        job.finished(result)
    return lambda: None


class _Counting(Executor):
    """An executor that hands work to another (or runs it here) and counts what is done."""

    def __init__(
        self, inner: Executor | None, progress: Callable[[int, int], None], total: int
    ) -> None:
        self._inner = inner
        self._progress = progress
        self._total = total
        self._done = 0
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._inner is not None:
            future = self._inner.submit(fn, *args, **kwargs)
        else:
            future = Future()
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as error:  # noqa: BLE001 - kept in the future, as a pool does
                future.set_exception(error)
        future.add_done_callback(self._count)
        return future

    def _count(self, future: Future[Any]) -> None:
        if future.cancelled() or future.exception() is not None:
            return
        with self._lock:
            self._done += 1
            done = self._done
        self._progress(done, self._total)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._inner is not None:
            self._inner.shutdown(wait, cancel_futures=cancel_futures)


# ---------------------------------------------------------------------------- the beliefs
def holds_chart(game: Game, observer: int, labels: Sequence[str], *, truth: bool,
                when: str, me: int | None) -> Holds:  # fmt: skip
    """"What do they hold?" at ``game`` (as it is): each other seat's likeliest Dweebies, as
    ``observer`` can infer them from its view alone (:func:`~dweebies_widget.ai.beliefs`),
    with the cards it really held when ``truth`` is asked for.  ``when`` says when (for the
    title); ``me`` is the seat called "you"."""
    guessed = beliefs(game.view(observer), samples=HOLD_SAMPLES)
    seats = []
    for seat in range(game.players):
        if seat == observer:
            continue
        expected = guessed.get(seat, {})
        held = Counter(game.hand(seat))
        shown = sorted(expected, key=lambda d: (-expected[d], d))[:HOLD_ROWS]
        if truth:
            shown += [d for d in sorted(held) if d not in shown]
        shown.sort(key=lambda d: (-expected.get(d, 0.0), d))
        rows = tuple(HoldRow(d, expected.get(d, 0.0), held[d] if truth else None) for d in shown)
        seats.append(HoldSeat(labels[seat], len(game.hand(seat)), rows))
    top = max((max(r.expected, r.held or 0) for s in seats for r in s.rows), default=1.0)
    who = "you" if observer == me else labels[observer]
    return Holds(
        title=words.holds_title(who, when),
        note=words.holds_note(truth),
        seats=tuple(seats),
        scale=max(1.0, top),
    )


def holds_words(holds: Holds, game: Game, observer: int, labels: Sequence[str]) -> list[str]:
    """The bars of ``holds`` in words, for the description."""
    others = [s for s in range(game.players) if s != observer]
    return [holds.title + ".", holds.note] + words.holds_lines(
        labels,
        [
            (seat, block.cards, [(r.dweebie, r.expected, r.held) for r in block.rows])
            for seat, block in zip(others, holds.seats, strict=True)
        ],
    )


# ---------------------------------------------------------------------------- the replay
class Replay:
    """A whole game looked back over, one step per placement (see the module docstring).

    Args:
        game: the game (finished or not; copied, never changed).
        seats: who sat where (labels, and which seats are AI players).
        me: the seat of the one person at this screen (called "you"; its view gives "What
            do they hold?"), or ``None``: then the view of the seat to move at each step.
    """

    def __init__(self, game: Game, seats: Seats, *, me: int | None) -> None:
        self.game = game.copy()
        """The game looked back over (a copy)."""
        self.seats = seats
        self.me = me
        self._actions = tuple(
            i for i, a in enumerate(self.game.history) if isinstance(a, Placement)
        )
        self._step = 0
        self.review: Review | None = None
        """The review once it is done, else ``None``."""
        self.progress: tuple[int, int] | None = None
        """``(moves judged, moves)`` while the review runs, else ``None``."""
        self.failure = ""
        """Why the review failed, if it did."""
        self.analyst = ("Expert", 0)
        """The name and the rounds a move of the review's analyst (for the words)."""
        self._positions: dict[int, Game] = {}
        self._holds: dict[int, Holds] = {}

    # ------------------------------------------------------------------ steps
    @property
    def steps(self) -> int:
        """How many placements the game has: the steps are 0 to ``steps`` (the end)."""
        return len(self._actions)

    @property
    def step(self) -> int:
        """The step shown."""
        return self._step

    def go(self, step: int) -> bool:
        """Show ``step`` (kept within 0 to :attr:`steps`); returns whether it changed."""
        step = min(max(step, 0), self.steps)
        changed = step != self._step
        self._step = step
        return changed

    def actions(self, step: int | None = None) -> int:
        """How many actions of the game come before ``step`` (default: the step shown)."""
        step = self._step if step is None else step
        return self._actions[step] if step < self.steps else len(self.game.history)

    def position(self, step: int | None = None) -> Game:
        """The game as it was at ``step``: before its placement (at the end: all of it).
        The same object for the same step: copy it before changing it."""
        step = self._step if step is None else step
        if step not in self._positions:
            self._positions[step] = self.game.after(self.actions(step))
        return self._positions[step]

    def step_for(self, key: str) -> int | None:
        """The step a key goes to (:data:`STEP_KEYS`, Home, End), or ``None`` for other
        keys."""
        if key in STEP_KEYS:
            return self._step + STEP_KEYS[key]
        return {"Home": 0, "End": self.steps}.get(key)

    def placement(self, step: int | None = None) -> Placement | None:
        """The placement made from ``step`` (``None`` at the end)."""
        step = self._step if step is None else step
        if step >= self.steps:
            return None
        action = self.game.history[self._actions[step]]
        assert isinstance(action, Placement)
        return action

    def judged(self, step: int | None = None) -> MoveReview | None:
        """The review of the placement made from ``step``, once reviewed."""
        step = self._step if step is None else step
        if self.review is None or step >= self.steps:
            return None
        return self.review.moves[step]

    def observer(self, step: int | None = None) -> int:
        """Whose view "What do they hold?" reads at ``step``: the person at this screen,
        else the seat to move then."""
        if self.me is not None:
            return self.me
        placement = self.placement(step)
        return placement.seat if placement is not None else self.position(step).current_player

    def when(self, step: int | None = None) -> str:
        """The step in words: ``"before move 3"`` or ``"at the end"``."""
        step = self._step if step is None else step
        return f"before move {step + 1}" if step < self.steps else "at the end"

    # ------------------------------------------------------------------ words
    def status_lines(self) -> list[str]:
        """The heading (the move played from here, judged once reviewed: one number a
        move), then where the review is.  Hindsight is apart: :meth:`hindsight`."""
        labels = self.seats.labels
        judged = self.judged()
        name, rounds = self.analyst
        return [
            words.review_heading(self.game, labels, self._step, self.placement(), judged),
            words.review_state(
                name, rounds, progress=self.progress, done=self.review is not None,
                failure=self.failure,
            ),
        ]  # fmt: skip

    def hindsight(self) -> str:
        """Hindsight on the move played from the step shown (what was best had its player
        seen every hidden card), once reviewed; else why there is none here."""
        judged = self.judged()
        if judged is not None:
            return words.hindsight_line(judged, self.seats.labels, self.me)
        if self._step >= self.steps:
            return NO_HINDSIGHT_AT_END
        return NO_HINDSIGHT_YET

    def marks_text(self) -> str:
        """The moves marked on the table, in words (for the description)."""
        placement = self.placement()
        if placement is None:
            return ""
        judged = self.judged()
        text = f"Marked on the table: the move played, {_move(placement.move)}"
        if judged is not None and judged.best != placement.move:
            text += f"; the best move, {_move(judged.best)}"
        return text + "."

    def describe(self, scene: Scene, status: Sequence[str], *, more: bool = False) -> str:
        """The step in words, for a screen reader: ``status`` (the status lines), the
        table then, the hand shown in ``scene``, the moves marked, hindsight when ``more``
        is asked for, "What do they hold?" when shown, and the keys."""
        game = self.position()
        labels = self.seats.labels
        lines = [
            words.describe(
                game, labels, status=status, hand=scene.hand, hand_owner=scene.hand_owner,
                covered=False, picked=None, lit={}, cursor=None, keys="",
            )  # fmt: skip
        ]
        if self.marks_text():
            lines.append(self.marks_text())
        if more:
            lines.append(self.hindsight())
        if scene.holds is not None:
            lines += holds_words(scene.holds, game, self.observer(), labels)
        lines.append(words.REVIEW_KEYS)
        return "\n".join(lines)

    # ------------------------------------------------------------------ pictures
    def holds(self) -> Holds:
        """"What do they hold?" at the step shown, from the observer's view; the truth is
        shown when the game looked back over is finished."""
        step = self._step
        if step not in self._holds:
            self._holds[step] = holds_chart(
                self.position(), self.observer(), self.seats.labels, truth=self.game.is_over,
                when=self.when(), me=self.me,
            )  # fmt: skip
        return self._holds[step]

    def graph(self) -> Graph:
        """The graph: every seat's chance after each move once reviewed, else a note."""
        names = self.seats.labels
        rev = self.review
        if rev is None:
            if self.progress is not None:
                done, total = self.progress
                note = f"Reviewing\u2026 {done} of {total} moves judged"
                progress: float | None = done / total if total else 1.0
            else:
                note = "Press Review to see who was winning after every move."
                progress = None
            if self.failure:
                note, progress = "The review failed.", None
            return Graph(self.steps, self._step, names, note=note, progress=progress)
        lines = tuple(tuple(m.chances[s] for m in rev.moves) for s in range(rev.players))
        marks = tuple((m.ply, m.seat, m.label) for m in rev.moves if m.label in (MISTAKE, BLUNDER))
        return Graph(self.steps, self._step, names, lines=lines, marks=marks)

    def scene(self, *, holds: bool, labels_shown: bool = False) -> Scene:
        """What the screen shows at the step: the table before the placement, with the move
        played and the best move marked, the mover's hand (at the end: the hand of the person
        at this screen, or of the seat to play), the scores then, and the graph; "What do
        they hold?" beside the table when ``holds``."""
        game = self.position()
        placement = self.placement()
        judged = self.judged()
        over = placement is None and game.is_over
        owner = placement.seat if placement is not None else (
            self.me if self.me is not None else game.current_player
        )  # fmt: skip
        hand = game.hand(owner) if not over or self.me is not None else ()
        moves: list[MoveMark] = []
        if placement is not None:
            moves.append(_mark(placement.move.cell, placement.move.dweebie, "played", hand))
            if judged is not None and judged.best != placement.move:
                moves.append(_mark(judged.best.cell, judged.best.dweebie, "best", hand))
        last = game.last_placement
        labels = self.seats.labels
        return Scene(
            board=dict(game.board),
            seats=[
                SeatInfo(
                    label=labels[s], score=game.scores[s], cards=len(game.hand(s)),
                    owed=game.owed_draws(s), ai=self.seats.players[s] is not None,
                )  # fmt: skip
                for s in range(game.players)
            ],
            current=None if over else (placement.seat if placement else game.current_player),
            winners=game.winners if over else (),
            pile=game.pile_size,
            hand=hand,
            hand_owner=labels[owner] if hand or not over else "",
            link=game.is_split,
            links=game.link_cells if game.is_split else frozenset(),
            groups=game.groups if game.is_split else (),
            last=last.move.cell if last is not None else None,
            taken=frozenset(last.collected - game.board.keys()) if last else frozenset(),
            labels=labels_shown,
            moves=tuple(moves),
            graph=self.graph(),
            holds=self.holds() if holds else None,
        )


def _move(move: Move) -> str:
    return f"{NAMES[move.dweebie]} at {move.cell}"


def _mark(cell: Cell, dweebie: int, kind: str, hand: Sequence[int]) -> MoveMark:
    return MoveMark(cell, dweebie, kind, list(hand).index(dweebie) if dweebie in hand else None)
