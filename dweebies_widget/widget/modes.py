"""What a screen is for: the *mode* a :class:`~.session.Session` holds.

One job: the small protocol through which a kind of screen changes the session's turn flow,
and the two play modes.  A session holds exactly one mode at a time; every hook gets the
session and may use its public API (:meth:`~.session.Session.tell`, ``say``, ``draw``,
``later``, ``pick``...).  The defaults of :class:`Mode` are local play: people at
this screen and AI seats taking turns on the session's own game.

The hooks, and when the session calls them:

* :meth:`Mode.refusal` -- who may act now: why the person at this screen may not pick or
  place (``None``: they may);
* :meth:`Mode.point` -- a click or a tap at a pixel, before the table's own meaning;
* :meth:`Mode.pick` -- a hand card picked (by click, tap, number key or code);
* :meth:`Mode.place` -- what placing on a cell means (play the picked card, mark the cell,
  refuse another move than the lesson's...);
* :meth:`Mode.after_move` and :meth:`Mode.advance` -- what happens after a move, and next
  (a hand-over, an AI move, a verdict, nothing);
* :meth:`Mode.ai_move` -- how the seat to play moves when it is not a person here;
* :meth:`Mode.undo`, :meth:`Mode.new_game`, :meth:`Mode.draw_owed`, :meth:`Mode.step` and
  :meth:`Mode.play` -- the game's buttons (a classroom seat refuses Undo and New game; a
  screen looking back refuses them all but New game);
* :meth:`Mode.scene`, :meth:`Mode.overlay`, :meth:`Mode.preview`, :meth:`Mode.status`,
  :meth:`Mode.describe` -- what it adds to the picture, what it writes over it, the preview,
  the status lines and the words for a screen reader;
* :meth:`Mode.hint` and :meth:`Mode.start_cursor`.

Other modes: :class:`RemoteSeat` (below: a classroom seat, whose moves are made where its
table is kept), :class:`~.lookback.LookBack` (review and replay),
:class:`~.puzzle.PuzzleMode` and :class:`~.tutorial.TutorialMode`.  A new kind of screen is
a new small mode class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMoveError
from ..game import Game, Move, Placement
from ..grammar import clause
from ..grid import Cell
from . import motion, words
from .remote import AGAIN, Elsewhere, Source
from .scene import Scene
from .seats import ai_play

if TYPE_CHECKING:
    from .overlay import Overlay
    from .session import Session

__all__ = ["NO_HINTS", "PLAY_LINES", "LocalPlay", "Mode", "RemoteSeat"]

PLAY_LINES = 3
"""The play screen's status lines: what to do now, and the two newest pieces of news."""
NO_HINTS = "Your teacher has turned hints off at this table."
"""Why Hint and the heat map do nothing at a remote table that forbids them."""


class Mode:
    """The protocol of a screen's mode, with local play's answers (see the module
    docstring).  Subclasses change only the hooks their screen needs."""

    looking_back = False
    """Whether the screen steps through a game instead of playing it."""
    again = words.AGAIN
    """What to do once the game is over."""
    own_games = True
    """Whether Undo and New game work here (the screen's own games, not a classroom's)."""
    budget = PLAY_LINES
    """The number of status lines this screen shows (see
    :meth:`~.session.Session.status_lines`): the status box is exactly that many lines
    tall, so the buttons under it never move; what to do first, then as much of the news as
    fits, the newest first.  Play's screens show :data:`PLAY_LINES`; another screen sets
    its own."""

    @property
    def hints(self) -> bool:
        """Whether Hint and the heat map may be used."""
        return True

    # ------------------------------------------------------------------ who may act
    def refusal(self, session: Session) -> str | None:
        """Why the person at this screen may not pick or place now, or ``None``."""
        return words.refusal(
            session.game, session.labels, session.players, viewer=session.viewer,
            handover=session.handover, thinking=session.thinking_seat, verb=session.verb,
            again=self.again,
        )  # fmt: skip

    # ------------------------------------------------------------------ input
    def point(self, session: Session, x: float, y: float, *, touch: bool) -> bool | None:
        """A click or a tap at canvas pixel ``(x, y)``: ``None`` lets the table's own
        meaning apply, else whether it did nothing useful."""
        return None

    def key(self, session: Session, key: str) -> bool:
        """A key press before the table's own keys; returns whether it was handled."""
        return False

    def pick(self, session: Session, index: int) -> bool:
        """A hand card is being picked; returns whether the mode handled it (else the
        session picks it)."""
        return False

    def place(self, session: Session, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell`` (a click, a second tap, Enter on the cursor,
        or code): the placement, or ``None`` when it was refused (the status line says why,
        the cell is crossed out a moment)."""
        if session.who_may_act() is None:
            session.changed_text()
            return None
        dweebie = session.picked_dweebie()
        if dweebie is None:
            session.refuse_pick()
            return None
        try:
            placement, later = self.make(session, Move(dweebie, cell))
        except IllegalMoveError as error:
            session.tell(*words.explain(error))
            session.table.disarm()
            session.pulse_on(cell, "lit")
            return None
        session.tell("")
        if later is not None:  # made where the game is kept, which may have moved on since
            session.follow(later)
        else:
            self.after_move(session, placement)
        return placement

    def make(self, session: Session, move: Move) -> tuple[Placement, Game | None]:
        """Make ``move`` for the seat at this screen: its placement, and the game to show
        next when it was made elsewhere (``None``: made on the session's own game)."""
        return session.game.play(move), None

    def take_draw(self, session: Session, seat: int) -> Game | None:
        """Take one owed draw for ``seat``; returns the game to show next when it was
        taken elsewhere (``None``: on the session's own game)."""
        session.game.draw(seat)
        return None

    # ------------------------------------------------------------------ turn flow
    def after_move(self, session: Session, placement: Placement, note: str = "") -> None:
        """A placement was made (here, by an AI, or elsewhere): say it (with the "+N" the
        page pops at the collector's seat chip), have the page play it, flash what it took,
        say the result if the game is over, and go on."""
        session.say(words.move_news(placement, session.labels))
        if note:
            session.tell(note)
        motion.start(session, placement)
        picked = session.selected
        if picked is not None and placement.seat == session.viewer:  # that card left the hand
            session.hand_order.played(placement.seat, picked, placement.move.dweebie)
        session.forget_pick()
        session.start_flash(placement)
        game = session.game
        if game.is_over:
            title = words.result_title(game, session.labels, session.me())
            session.say(f"Game over: {title}. {words.result_text(game, session.labels)}")
        self.advance(session)

    def advance(self, session: Session) -> None:
        """Decide what happens next (a hand-over, an AI move, nothing) and show it."""
        game = session.game
        turn = session.turn_state
        if game.is_over:
            session.turn_state = turn.but(playing=False)
            session.redraw()
            session.end_flash_later()
            return
        seat = game.current_player
        player = session.players[seat]
        if player is None:  # a person at this screen: hand over to them if need be
            if turn.viewer is not None and turn.viewer != seat:
                if turn.handover != seat:
                    session.say(words.curtain(session.labels[seat], session.verb) + ".")
                session.turn_state = turn.but(handover=seat)
            elif turn.handover is None:
                session.turn_state = turn.but(viewer=seat)
            session.redraw()
            session.end_flash_later()
        elif isinstance(player, Elsewhere):  # it moves elsewhere; follow() shows the move
            session.redraw()
            session.end_flash_later()
        elif turn.viewer is None and not turn.playing:
            session.redraw()  # an AI-only game waits for Step or Play
            session.end_flash_later()
        elif session.ai_delay == 0 and not turn.playing:
            session.redraw()
            session.ai_now()
        else:
            session.turn_state = turn.but(thinking=seat)
            session.redraw()
            delay = max(session.ai_delay, session.flash if session.flashing else 0.0)
            session.later(delay, session.ai_now)

    def ai_move(self, session: Session) -> None:
        """The seat to play is an AI of this screen: let it move."""
        game = session.game
        seat = game.current_player
        player = session.players[seat]
        if game.is_over or player is None or isinstance(player, Elsewhere):
            self.advance(session)
            return
        placement, problem = ai_play(game, player, session.rng(seat))
        note = ""
        if problem is not None:
            note = f"{session.labels[seat]} {problem} A random legal move was played instead."
        self.after_move(session, placement, note)

    # ------------------------------------------------------------------ the game's buttons
    def undo(self, session: Session) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement); the message names every move taken back."""
        session.stop_job()
        session.turn_state = session.turn_state.but(playing=False)
        game = session.game
        history = game.history
        humans = session.seats.humans
        targets = [
            i
            for i, a in enumerate(history)
            if isinstance(a, Placement) and (not humans or a.seat in humans)
        ]
        if not targets:
            session.tell("Nothing to undo yet.")
            session.redraw()
            return
        was_over = game.is_over
        while len(game.history) > targets[-1]:
            game.undo()
        taken_back = [words.action_text(a, session.labels) for a in history[targets[-1] :]]
        session.reset_view()  # the hand shown stays; advance hands over to the mover
        more = " The game goes on from there." if was_over else ""
        session.tell(f"Took back: {'; '.join(taken_back)}.{more}")
        self.advance(session)

    def new_game(self, session: Session, seed: int) -> None:
        """Deal a new game with the same seats and rules from ``seed``."""
        session.looking.leave()
        session.deal(seed)
        session.tell(f"New game, seed {seed}.")
        session.mode.advance(session)

    def draw_owed(self, session: Session) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        viewer = session.viewer
        if viewer is None or session.handover is not None:
            session.tell("Nobody at this screen can draw right now.")
        else:
            try:  # the drawn card goes to the end of the hand shown: the pick stays
                later = self.take_draw(session, viewer)
                if later is not None:
                    session.put(later)
                session.tell(f"{session.labels[viewer]} drew a card.")
            except IllegalMoveError as error:
                if error.reason == "not-owed":
                    session.tell(f"{clause(session.labels[viewer], 'owes')} no draw right now.")
                else:
                    session.tell(*words.explain(error))
        session.redraw()

    def step(self, session: Session) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        game = session.game
        if game.is_over or session.players[game.current_player] is None or session.thinking:
            session.tell("No AI is waiting to move.")
            session.redraw()
            return
        session.ai_now()

    def play(self, session: Session, on: bool) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        session.turn_state = session.turn_state.but(playing=on)
        if not on:
            session.stop_job()
        self.advance(session)

    # ------------------------------------------------------------------ what is shown
    def scene(self, session: Session) -> Scene:
        """The picture (play's, :meth:`~.session.Session.play_scene`, with what this mode
        adds to it)."""
        return session.play_scene()

    def overlay(self, session: Session) -> Overlay | None:
        """What the mode writes over the picture (a puzzle's marks, a callout), or
        ``None``."""
        return None

    def preview(
        self, session: Session, preview: tuple[Cell, int, frozenset[Cell]]
    ) -> tuple[Cell, int, frozenset[Cell]]:
        """The hovered lit cell, the picked Dweebie and what placing it would collect."""
        return preview

    def status(self, session: Session, lines: list[str]) -> list[str]:
        """The status lines, with what this mode adds."""
        return lines

    def describe(self, session: Session) -> str:
        """The board in words, for a screen reader."""
        return session.describe_play()

    def hint(self, session: Session) -> Move | None:
        """The Hint button: the hint player's best move, picked and marked."""
        return session.hints.suggest()

    def start_cursor(self, session: Session) -> Cell:
        """Where the keyboard cursor appears: on the last move, else on a lit cell."""
        game = session.game
        last = game.last_move
        if last is not None:
            return last.cell
        legal = sorted(game.legal_cells())
        return legal[0] if legal else (0, 0)


class LocalPlay(Mode):
    """People at this screen and AI seats taking turns on the session's own game."""


class RemoteSeat(Mode):
    """One seat of a table kept elsewhere (a classroom): its moves and owed draws are made
    by ``source``, which returns the game to show next; the other seats move elsewhere and
    reach the screen through :meth:`~.session.Session.follow`."""

    again = AGAIN
    own_games = False

    def __init__(self, source: Source) -> None:
        self.source = source

    @property
    def hints(self) -> bool:
        """Hints and the heat map, when the table allows them."""
        return self.source.hints

    def make(self, session: Session, move: Move) -> tuple[Placement, Game | None]:
        return self.source.play(move)

    def undo(self, session: Session) -> None:
        session.tell("Moves made at a classroom table stay made: there is no undo.")
        session.changed_text()

    def new_game(self, session: Session, seed: int) -> None:
        session.tell("New games are dealt in the lobby.")
        session.changed_text()

    def take_draw(self, session: Session, seat: int) -> Game | None:
        return self.source.draw()
