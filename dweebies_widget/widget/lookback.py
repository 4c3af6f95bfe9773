"""Looking back over a game: Review and replay on a session's screen.

One job: stepping through a game instead of playing it.  After the game (or at any time on
a teacher's screen, ``review=True``), the screen can step through the game one placement at
a time, with every move judged by a review; what it shows then is a
:class:`~dweebies_widget.widget.replay.Replay`'s answer, and the events that step (arrows, a
click on the graph, :meth:`Looking.go_to`) go to it.  The whole table is fitted into view (no
cell is too small to be left out; Zoom and Fit work as in play).  Each move gets one number, the
judgement from what its player could see; hindsight (what was best had every card been seen)
is shown on asking for more (:meth:`Looking.show_more`; from the start on a teacher's screen).
"What do they hold?" (:meth:`Looking.show_holds`) draws each other seat's likely Dweebies
beside the table.

Two parts: :class:`Looking`, which every :class:`~.session.Session` owns (its review API:
``session.open_review()`` and the others are declared from it), and :class:`LookBack`, the
session's mode while it looks back (the game waits meanwhile, and returns to its play mode
when the screen goes back to it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..ai import ExpertPlayer, Review
from ..ai.review import ANALYST_VALUE, DEFAULT_SIMULATIONS
from ..game import Game, Placement
from . import words
from .charts import Holds
from .modes import Mode
from .replay import Replay, Reviewer, ReviewJob, holds_chart, holds_words, review_here
from .scene import Scene

if TYPE_CHECKING:
    from .session import Session

__all__ = ["LOOKING_BACK", "REVIEW_LINES", "LookBack", "Looking"]

LOOKING_BACK = "You are looking back over the game: press Back to the game to play on."
"""Why a move is refused while looking back."""
REVIEW_LINES = 3
"""The status lines of a screen looking back: the move shown (judged, once reviewed), the
newest news, and where the review is."""


class LookBack(Mode):
    """The session's mode while it steps through ``replay`` (see the module docstring)."""

    looking_back = True
    budget = REVIEW_LINES

    def __init__(self, replay: Replay, looking: Looking) -> None:
        self.replay = replay
        self.looking = looking

    def refusal(self, session: Session) -> str | None:
        return LOOKING_BACK

    def point(self, session: Session, x: float, y: float, *, touch: bool) -> bool | None:
        """On the graph: go to that move; else nothing (a drag moves the view)."""
        column = session.geometry.graph_column(x, y, self.replay.steps + 1)
        if column is None:
            return True
        self.looking.go(column)
        return False

    def key(self, session: Session, key: str) -> bool:
        """The arrows, Page Up and Down, Home and End step; the zoom keys zoom."""
        step = self.replay.step_for(key)
        if step is not None:
            self.looking.go(step)
        return step is not None or key not in ("+", "=", "-", "0")

    def advance(self, session: Session) -> None:
        session.redraw()  # the game waits while it is looked back over

    def undo(self, session: Session) -> None:
        self.looking.refuse()

    def draw_owed(self, session: Session) -> None:
        self.looking.refuse()

    def step(self, session: Session) -> None:
        self.looking.refuse()

    def play(self, session: Session, on: bool) -> None:
        self.looking.refuse()

    def new_game(self, session: Session, seed: int) -> None:
        session.play_mode.new_game(session, seed)

    def scene(self, session: Session) -> Scene:
        return self.replay.scene(holds=self.looking.holds_on)

    def status(self, session: Session, lines: list[str]) -> list[str]:
        """The move shown, the newest news (the last message and its detail), then where
        the review is."""
        heading, *rest = self.replay.status_lines()
        return [heading] + [t for t in (session.message, session.detail) if t] + rest

    def describe(self, session: Session) -> str:
        return self.replay.describe(
            session.scene, session.status_lines(), more=self.looking.more_on
        )


class Looking:
    """A session's review and replay (see the module docstring)."""

    def __init__(
        self,
        session: Session,
        teacher: bool = False,
        analyst: ExpertPlayer | None = None,
        reviewer: Reviewer | None = None,
    ) -> None:
        self.session = session
        self.teacher = teacher
        """Whether Review and "What do they hold?" may be used at any time."""
        self.analyst = analyst or ExpertPlayer(
            simulations=DEFAULT_SIMULATIONS, value=ANALYST_VALUE, name="Expert"
        )
        """The Expert that judges every move of a review (a budget in rounds)."""
        if self.analyst.simulations is None:
            raise ValueError("review_analyst needs a budget in rounds: ExpertPlayer(simulations=N)")
        self.reviewer: Reviewer = reviewer or review_here
        """Runs a review (see :data:`~.replay.Reviewer`)."""
        self.holds_on = False
        """Whether "What do they hold?" is shown beside the table."""
        self.more_on = teacher
        """Whether hindsight is shown beside each move's judgement (see :meth:`show_more`)."""
        self._review_job: object | None = None
        self._cancel_review: Callable[[], object] = lambda: None
        self._holds_cache: tuple[object, Holds] | None = None

    # ------------------------------------------------------------------ state
    @property
    def replay(self) -> Replay | None:
        """The game being looked back over (its step, its review), or ``None`` in play."""
        mode = self.session.mode
        return mode.replay if isinstance(mode, LookBack) else None

    def shown_game(self) -> Game:
        """The position on the screen: the step looked back at, or the game played."""
        replay = self.replay
        return replay.position() if replay is not None else self.session.game

    def may_review(self) -> bool:
        """Whether Review may be pressed: moves to look at, and the game over (or a
        teacher's screen)."""
        s = self.session
        return bool(_placements(s.game)) and (s.game.is_over or self.teacher)

    def may_hold(self) -> bool:
        """Whether "What do they hold?" may be shown now."""
        s = self.session
        return self.replay is not None or self.teacher or not s.seats.humans or s.game.is_over

    # ------------------------------------------------------------------ actions
    def open_review(self) -> None:
        """Look back over the game on the table, from its first move, and have every move
        judged (:func:`~dweebies_widget.ai.review`, by the session's ``review_analyst``):
        once the game is over, or at any time on a teacher's screen.  The game waits
        meanwhile."""
        s = self.session
        if self.replay is not None:
            self.analyse()
            return
        if not self.may_review():
            s.tell(
                "Review opens once the game is over."
                if _placements(s.game)
                else "There is nothing to review yet: no card has been placed."
            )
            s.changed_text()
            return
        self._look_back()
        self._start_review()

    def open_replay(self, game: Game | None = None, review: Review | None = None) -> None:
        """Step through ``game`` (default: the game on the table) without judging it; it
        becomes the game on the table (a copy).  ``review``: its moves judged already (a
        :func:`~dweebies_widget.ai.review` of that game), else :meth:`analyse` judges them."""
        s = self.session
        if game is not None:
            s.check_seats(game)
            self.leave()
            s.stop_job()
            s.put(game.copy(), adopted=True)
        if review is not None and (
            review.players != s.game.players or len(review.moves) != len(_placements(s.game))
        ):
            raise ValueError("this review is of another game (its moves differ)")
        self._look_back(review)

    def analyse(self) -> None:
        """Have every move of the game looked back over judged (once)."""
        s = self.session
        replay = self.replay
        if replay is None:
            s.tell("Press Review first.")
        elif replay.progress is not None or replay.review is not None:
            s.tell(replay.status_lines()[-1])
        else:
            self._start_review()
            return
        s.changed_text()

    def close_review(self) -> None:
        """Stop looking back: the game on the table is shown again, and goes on."""
        s = self.session
        if self.replay is None:
            return
        self.leave()
        s.reset_pointing()
        s.tell("")
        s.say("Back to the game.")
        s.mode.advance(s)
        s.say(s.status_lines()[0])

    def go_to(self, step: int) -> None:
        """Show ``step`` of the game looked back over: the table before its placement
        ``step`` (0: the first), or the end (``replay.steps``)."""
        if self.replay is not None:
            self.go(step)

    def go_by(self, steps: int) -> None:
        """Step ``steps`` placements forward (back if negative) through the game."""
        if self.replay is not None:
            self.go(self.replay.step + steps)

    def play_from_here(self) -> Game | None:
        """Play on from the step shown: the game on the table becomes that position (the
        history up to it, replayed), with the same seats; the later moves are dropped.
        Returns the new game (``None`` when not looking back)."""
        s = self.session
        replay = self.replay
        if replay is None:
            s.tell("Play from here works while looking back over a game.")
            s.changed_text()
            return None
        when = replay.when()
        game = replay.game.after(replay.actions())
        self.leave()
        s.play_on(game)
        s.tell(f"Playing on from {when}, with the same seats.")
        s.mode.advance(s)
        s.say(s.status_lines()[0])
        return game

    def show_more(self, on: bool = True) -> None:
        """Show hindsight on each move looked back over (what was best had its player seen
        every hidden card), or hide it again.  Off at first: a student sees one number a
        move, the judgement from what its player could see; on at first on a teacher's
        screen."""
        self.more_on = on
        s = self.session
        replay = self.replay
        s.changed_text()
        if on and replay is not None:
            s.say(replay.hindsight())

    def show_holds(self, on: bool = True) -> None:
        """Show "What do they hold?" beside the table (each other seat's likely Dweebies,
        from what one seat could see; the real hands too once the game is over), or the
        table again.  While a game is played, only on a teacher's screen (``review=True``)
        or with nobody at this screen: a player never sees it during their own game."""
        s = self.session
        if on and not self.may_hold():
            self.holds_on = False
            s.tell('"What do they hold?" opens after the game (or on a teacher\'s screen).')
            s.redraw()
            return
        self.holds_on = on
        s.tell("")
        s.redraw()
        if on and s.scene.holds is not None:
            s.say(s.scene.holds.title + ".")
        else:
            s.say("The table again.")

    # ------------------------------------------------------------------ for the session
    def refuse(self) -> bool:
        """Refuse a move while looking back: says why; returns whether it refused."""
        s = self.session
        if self.replay is None:
            return False
        s.tell(LOOKING_BACK)
        s.changed_text()
        return True

    def leave(self) -> None:
        """Stop looking back (nothing shown yet): the play mode again."""
        self._stop_review()
        s = self.session
        s.mode = s.play_mode
        self.holds_on = False

    def holds(self) -> Holds:
        """"What do they hold?" during play, from the view of :meth:`observer`."""
        game, observer, me = self.session.game, self.observer(), self.session.me()
        key = (id(game), game.history, observer)
        if self._holds_cache is None or self._holds_cache[0] != key:
            chart = holds_chart(
                game, observer, self.session.labels, truth=game.is_over,
                when="at the end" if game.is_over else "now", me=me,
            )  # fmt: skip
            self._holds_cache = (key, chart)
        return self._holds_cache[1]

    def holds_text(self) -> str:
        """The bars of "What do they hold?" in words (with a newline first), if shown."""
        s = self.session
        if s.scene.holds is None:
            return ""
        return "\n" + "\n".join(holds_words(s.scene.holds, s.game, self.observer(), s.labels))

    def observer(self) -> int:
        """Whose view "What do they hold?" reads during play: the one person at this
        screen, else the hand shown, else the seat to play."""
        s = self.session
        me = s.me()
        if me is not None:
            return me
        return s.viewer if s.viewer is not None else s.game.current_player

    def go(self, step: int) -> None:
        """Show ``step`` (said, with its judgement once reviewed)."""
        s = self.session
        replay = self.replay
        assert replay is not None
        if not replay.go(step):
            s.say("This is the start." if replay.step == 0 else "This is the end.")
            s.changed_text()
            return
        s.table.centre = None  # the view follows the moves
        s.tell("")
        s.redraw()
        self._say_step()

    # ------------------------------------------------------------------ inside
    def _look_back(self, review: Review | None = None) -> None:
        """Start looking back over the game on the table, from its first placement."""
        s = self.session
        s.stop_job()
        self._stop_review()
        replay = Replay(s.game, s.seats, me=s.me())
        replay.review = review
        rounds = review.simulations if review else self.analyst.simulations
        replay.analyst = ("Expert", rounds or 0)
        s.mode = LookBack(replay, self)
        s.reset_pointing()
        s.tell("")
        s.redraw()
        s.say(f"Looking back over the game. {s.status_lines()[0]}")

    def _say_step(self) -> None:
        s = self.session
        s.say(s.status_lines()[0].replace(" -> ", "; "))
        if self.more_on and self.replay is not None and self.replay.judged() is not None:
            s.say(self.replay.hindsight())

    def _start_review(self) -> None:
        """Hand the review of the game looked back over to the reviewer; its answers come
        back as events (progress, then the review or the failure)."""
        s = self.session
        replay = self.replay
        assert replay is not None
        replay.progress, replay.failure = (0, replay.steps), ""
        token = object()
        self._review_job = token

        def event(handler: Callable[..., None]) -> Callable[..., None]:
            def run(*args: Any) -> None:
                if self._review_job is token and self.replay is replay:
                    with s.event():
                        handler(*args)

            return run

        job = ReviewJob(
            replay.game, self.analyst, 0, s.labels, progress=event(self._reviewing),
            finished=event(self._reviewed), failed=event(self._review_failed),
        )  # fmt: skip
        s.redraw()
        s.say(replay.status_lines()[-1])
        self._cancel_review = self.reviewer(job)

    def _stop_review(self) -> None:
        if self._review_job is not None:
            self._cancel_review()
            self._review_job = None
        self._cancel_review = lambda: None

    def _reviewing(self, done: int, total: int) -> None:
        replay = self.replay
        if replay is not None and replay.review is None and replay.progress is not None:
            replay.progress = (done, total)
            self.session.redraw()

    def _reviewed(self, review: Review) -> None:
        replay = self.replay
        assert replay is not None
        self._review_job = None
        replay.review, replay.progress = review, None
        self.session.redraw()
        self.session.say(words.review_summary(review, self.session.labels))
        self._say_step()

    def _review_failed(self, error: BaseException) -> None:
        replay = self.replay
        assert replay is not None
        self._review_job = None
        replay.progress, replay.failure = None, str(error) or type(error).__name__
        self.session.tell(f"The review failed: {replay.failure}")
        self.session.redraw()


def _placements(game: Game) -> list[Placement]:
    return [a for a in game.history if isinstance(a, Placement)]
