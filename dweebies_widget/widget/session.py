"""The widget without a screen: one game on one screen, driven by plain method calls.

One job: the turn flow of a screen.  A :class:`Session` holds the game, the seats (people
at this screen or AI players), the picked card, the hot-seat hand-over, the flash of a
collection, the AI that is "thinking", the hint and its analysis cache, the last message and
what a screen reader should say, and exactly one *mode* (:mod:`~.modes`): local play, a
remote classroom seat, looking back over a game (:mod:`~.lookback`), a puzzle
(:mod:`~.puzzle`) or the guided first game (:mod:`~.tutorial`).  The mode says who may act,
what a placement means, what happens after a move, and what it adds to the picture and the
words; the :class:`~.table.Table` turns the pointer, fingers and keys into intents.  What a
session shows is plain data: a :class:`~dweebies_widget.widget.paint.Scene` laid out by a
:class:`~dweebies_widget.widget.geometry.Geometry`, the status lines, the move log, which
buttons can be used (:class:`Controls`), a text description of the board
(:meth:`Session.describe`) and an announcement (:attr:`Session.announcement`).

It decides no rule of Dweebies: whether a card may go somewhere, what a placement collects,
who plays next and when the game ends are the game's answers (``game.play``,
``game.legal_cells``, ``game.would_collect``...), and a refused move is told from the
game's own error (its ``reason``, in the lessons' words, with the rule section as a detail).

Why it is separate from the ipywidgets glue (:mod:`~dweebies_widget.widget.app`): everything
that decides can then be tested synchronously, without ipywidgets, ipycanvas, a kernel or a
browser.  Events come in as plain method calls (:meth:`Session.click` at a pixel,
:meth:`~Session.touch_start`, :meth:`~Session.key`, :meth:`~Session.undo`...); after each
change the session calls ``on_change`` with a :class:`Change` saying whether the picture or
only the text must be shown again.

**Pixels.**  Events and :attr:`Session.geometry` are in canvas pixels, the pixels of the
canvas's backing store, which has ``pixel_ratio`` of them per CSS pixel.

**Time.**  The session never sleeps and never starts a thread.  An AI's visible pause, the
end of a flash and the end of a refusal's highlight are jobs given to the ``scheduler``
(:mod:`~dweebies_widget.widget.timing`).  It is not thread-safe: its owner calls it from one
thread at a time (the widget holds a lock around every event and every timed job).

>>> from dweebies_widget.ai import GreedyPlayer
>>> from dweebies_widget.widget.timing import ManualClock
>>> clock = ManualClock()
>>> s = Session(["Ana", GreedyPlayer()], seed=7, ai_delay=0.6, flash=0, scheduler=clock)
>>> s.status_lines()[0]
'Ana to play: pick a card from your hand.'
>>> s.select(0)
>>> s.place((0, 0)).seat, s.thinking, s.status_lines()[0]
(0, True, 'Greedy is thinking…')
>>> clock.advance(0.6), s.thinking, len(s.game.history)
(1, False, 2)
>>> s.announcement.startswith("Greedy placed")
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..ai import ExpertPlayer, Player
from ..ai.review import DEFAULT_SIMULATIONS
from ..cards import NAMES
from ..game import Game, IllegalMoveError, Move, Placement, Rules
from ..grid import Cell
from . import forward, words
from .announce import PULSE, Change, Voice
from .geometry import GRAPH_H, MIN_TAP, Geometry
from .lookback import Looking
from .modes import NO_HINTS, LocalPlay, Mode, RemoteSeat
from .paint import Scene
from .remote import Elsewhere, Source
from .replay import Reviewer, review_here
from .scenes import play_scene
from .seats import Seat, Seats, ai_rngs
from .table import ARROWS, ZOOM_STEP, Table
from .timing import Scheduler
from .turn import Turn

if TYPE_CHECKING:
    from .puzzle import Overlay

__all__ = ["NO_HINTS", "PULSE", "ZOOM_STEP", "Change", "Controls", "Session"]

_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Controls:
    """Which buttons can be used now (``True``: enabled), whether Play is on and whether
    the lit cells show their coordinates."""

    hint: bool
    heat: bool
    undo: bool
    draw: bool
    step: bool
    playing: bool
    labels: bool = True
    review: bool = False
    """Whether Review can be pressed (the game is over, or a teacher may at any time)."""
    holds: bool = False
    """Whether "What do they hold?" may be shown now."""
    holds_on: bool = False
    """Whether it is shown."""


def event(method: _F) -> _F:
    """Mark a method as one event: everything it says is one announcement."""

    @functools.wraps(method)
    def run(self: Session, *args: Any, **kwargs: Any) -> Any:
        with self.event():
            return method(self, *args, **kwargs)

    return cast(_F, run)


def _table(name: str) -> Any:
    """An input event of the table, as a session event."""
    return forward.method("table", name, Table, hold=lambda s: s.event())


def _looking(name: str) -> Any:
    """An action of looking back, as a session event."""
    return forward.method("looking", name, Looking, hold=lambda s: s.event())


class Session(Voice):
    """The turn flow of one game on one screen, driven by plain method calls.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (or a function ``f(view, rng) -> Move``).  Default: ``["You",
            ExpertPlayer()]``, or one person per seat of an adopted ``game``.
        seed: deals the cards (same seed, same deal) and seeds each AI seat
            (``random.Random(f"{seed}:{seat}")``).
        rules: rule options; game: adopt this game instead of dealing one.
        ai_delay: seconds an AI waits before it moves (0: at once, inside the event that gave
            it the turn).
        flash: seconds collected cards stay lit before they leave the table.
        width, height: the canvas size in canvas pixels (what :attr:`geometry` lays out);
            by default 900 x 720 CSS pixels' worth (1800 x 1440 at ``pixel_ratio`` 2).
        hint_player: whose ``analyze`` gives hints and the heat map.
        scheduler: runs timed jobs (see :mod:`~dweebies_widget.widget.timing`).
        on_change: called after every change with what must be shown again.
        pixel_ratio: canvas pixels per CSS pixel (the backing store is this many times the
            size the canvas is shown at); everything is drawn at that scale.
        review: a teacher's screen: Review, and "What do they hold?", at any time (else
            once the game is over, or with nobody at this screen).
        review_analyst: the Expert that judges every move of a review (default
            ``ExpertPlayer(simulations=300)``; a budget in rounds, so that a review is the
            same on any machine).
        reviewer: runs a review (see :data:`~.replay.Reviewer`; default: at once, here).
        source: where the moves of the seat at this screen are made when its table is
            elsewhere (a classroom seat: the :class:`~.modes.RemoteSeat` mode).
        mode: the screen's mode (default :class:`~.modes.LocalPlay`, or ``RemoteSeat``
            with a ``source``).
    """

    def __init__(
        self,
        seats: Sequence[Seat] | None = None,
        *,
        seed: int = 0,
        rules: Rules | None = None,
        game: Game | None = None,
        ai_delay: float = 0.6,
        flash: float = 0.5,
        width: int | None = None,
        height: int | None = None,
        hint_player: Player | None = None,
        scheduler: Scheduler,
        on_change: Callable[[Change], object] | None = None,
        pixel_ratio: float = 2,
        review: bool = False,
        review_analyst: ExpertPlayer | None = None,
        reviewer: Reviewer | None = None,
        source: Source | None = None,
        mode: Mode | None = None,
    ) -> None:
        if seats is None:
            seats = [f"Player {i + 1}" for i in range(game.players)] if game else ["You"]
            if game is None:
                seats = [*seats, ExpertPlayer()]
        if game is not None and rules is not None and rules != game.rules:
            raise ValueError("give rules= or game=, not both: the game brings its own rules")
        if game is not None and len(seats) != game.players:
            raise ValueError(f"the game has {game.players} seats but {len(seats)} were given")
        self.seats = Seats.of(seats)
        """Who sits where: per seat its AI player (or ``None``) and its label."""
        if ai_delay < 0 or flash < 0:
            raise ValueError("ai_delay and flash are seconds, 0 or more")
        if not pixel_ratio > 0:
            raise ValueError(f"pixel_ratio must be positive, not {pixel_ratio!r}")
        self.ai_delay = ai_delay
        self.flash = flash
        self.hint_player: Player = hint_player or ExpertPlayer(simulations=300, name="Expert")
        super().__init__(scheduler, on_change)
        self.source: Source | None = source
        """Where the moves of the seat at this screen are made when its table is elsewhere;
        ``None``: here, on :attr:`game`."""
        self.play_mode: Mode = mode or (RemoteSeat(source) if source else LocalPlay())
        """The mode the screen plays in (the one it returns to after looking back)."""
        self.mode: Mode = self.play_mode
        """The mode now: :attr:`play_mode`, or a :class:`~.lookback.LookBack`."""
        self.table = Table(self)
        """The pointer, fingers, keys and view of the picture."""
        self.looking = Looking(self)
        """Review and replay (see :mod:`~.lookback`)."""
        self._seed = seed
        self._dealt = game is None  # False while showing an adopted game (its seed unknown)
        self._rules = rules if rules is not None else (game.rules if game else Rules())
        self._game = game if game is not None else Game(len(seats), seed=seed, rules=self._rules)
        self._rngs = ai_rngs(seed, len(seats))
        self._size = (
            round(900 * pixel_ratio) if width is None else width,
            round(720 * pixel_ratio) if height is None else height,
        )
        self._ratio = float(pixel_ratio)
        self._heat = False
        self._labels = True
        self.flashing: tuple[tuple[Cell, int], ...] = ()
        """Cards just collected, lit where they lay until the flash ends."""
        self.turn_state = Turn()
        """Where the screen is in the turn (one value: see :mod:`~.turn`)."""
        self.suggested: tuple[Move, float] | None = None
        """The hint shown (its move and value), or ``None``."""
        self._analysis: tuple[object, dict[Move, float]] | None = None
        self.teacher = review
        """Whether Review and "What do they hold?" may be used at any time."""
        self.review_analyst = review_analyst or ExpertPlayer(
            simulations=DEFAULT_SIMULATIONS, name="Expert"
        )
        if self.review_analyst.simulations is None:
            raise ValueError("review_analyst needs a budget in rounds: ExpertPlayer(simulations=N)")
        self.reviewer: Reviewer = reviewer or review_here
        """Runs a review (see :data:`~.replay.Reviewer`)."""
        self.holds_on = False
        """Whether "What do they hold?" is shown over the table."""
        self.turn_state = Turn(viewer=self._first_human())
        self._scene, self._geometry = self._picture()
        with self.event():
            self.mode.advance(self)

    # ------------------------------------------------------------------ what is shown
    @property
    def scene(self) -> Scene:
        """The last picture, as plain data (what :func:`~.paint.paint` draws)."""
        return self._scene

    @property
    def geometry(self) -> Geometry:
        """Where things are in the last picture, in canvas pixels."""
        return self._geometry

    @property
    def size(self) -> tuple[int, int]:
        """The canvas size in canvas pixels (width, height)."""
        return self._size

    @property
    def pixel_ratio(self) -> float:
        """Canvas pixels per CSS pixel; setting it draws the picture again at that scale."""
        return self._ratio

    @pixel_ratio.setter
    def pixel_ratio(self, ratio: float) -> None:
        if not ratio > 0:
            raise ValueError(f"pixel_ratio must be positive, not {ratio!r}")
        self._ratio = float(ratio)
        self.redraw()

    def status_lines(self) -> list[str]:
        """The status line: what to do now (or who won) first, then what the other seats
        did since this screen's last move, what else to know, then the last message and its
        detail (:attr:`detail`, which may be shown quieter)."""
        return self.mode.status(self, self.play_status())

    def play_status(self) -> list[str]:
        """The status lines of play (what a mode's :meth:`~.modes.Mode.status` starts from)."""
        picked = self.picked_dweebie()
        return words.status_lines(
            self._game, self.labels, self.players, viewer=self.viewer,
            handover=self.handover, thinking=self.turn_state.thinking, picked=picked,
            message=self.message, others=self.others_text(), armed=self._armed_preview(),
            detail=self.detail, me=self.me(), verb=self.verb,
        )  # fmt: skip

    def status_text(self) -> str:
        """The status line as plain text."""
        return "\n".join(self.status_lines())

    def log_entries(self) -> list[str]:
        """The move log, **newest first**: the result once the game is over, then every
        action of the game in words, numbered from the first."""
        return words.log_entries(self._game, self.labels, self.play_mode.again)

    def controls(self) -> Controls:
        """Which buttons can be used now."""
        game = self._game
        live = not self.mode.looking_back
        mine = self.human_turn() is not None and self.handover is None and live
        viewer = self.viewer
        holds = self.looking.may_hold()
        hints = mine and self.play_mode.hints
        return Controls(
            hint=hints,
            heat=hints,
            undo=bool(game.history) and live and self.mode.own_games,
            draw=viewer is not None and game.may_draw(viewer) and live,
            step=not game.is_over and self.players[game.current_player] is not None and live,
            playing=self.turn_state.playing,
            labels=self._labels,
            review=self.looking.may_review() and live,
            holds=holds,
            holds_on=holds and self.holds_on,
        )

    def overlay(self) -> Overlay | None:
        """What the mode writes over the picture (a puzzle's marks, a callout), or ``None``."""
        return self.mode.overlay(self)

    def describe(self) -> str:
        """The board in words, for a screen reader: what to do now, the scores, what the
        last move did, the table row by row, the hand shown, and where the picked card may
        go (with what each lit cell collects).  It follows the game: ask again after every
        change (looking back: the position shown, and the moves marked on it)."""
        return self.mode.describe(self)

    def describe_play(self) -> str:
        """The board in words as play describes it (what a mode's ``describe`` builds on)."""
        scene = self._scene
        hand = list(scene.hand)
        lit: dict[Cell, int] = {}
        if scene.lit and scene.selected is not None and scene.selected < len(hand):
            gains = self._game.collect_map()
            dweebie = hand[scene.selected]
            lit = {cell: gains.get(cell, {}).get(dweebie, 0) for cell in scene.lit}
        text = words.describe(
            self._game, self.labels, status=self.status_lines(), hand=hand,
            hand_owner=scene.hand_owner, covered=self.handover is not None,
            picked=scene.selected, lit=lit, cursor=self.table.cursor,
        )  # fmt: skip
        return text + self.looking.holds_text()

    # ------------------------------------------------------------------ state
    @property
    def players(self) -> tuple[Player | None, ...]:
        """Per seat: its AI player, or ``None`` for a person at this screen."""
        return self.seats.players

    @property
    def labels(self) -> tuple[str, ...]:
        """Per seat: the name shown (numbered when two seats share one)."""
        return self.seats.labels

    @property
    def labels_shown(self) -> bool:
        """Whether the lit cells show their coordinates (see :meth:`show_labels`)."""
        return self._labels

    @property
    def game(self) -> Game:
        """The game on the table; assigning one (same number of seats) shows it instead."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._check_seats(game)
        self.looking.leave()
        self._game = game
        self._dealt = False
        if self.viewer is None:
            self.turn_state = self.turn_state.but(viewer=self._first_human())
        self.refresh()

    def put(self, game: Game) -> None:
        """Make ``game`` the game on the table, nothing else (for modes: a puzzle set back
        to its start)."""
        self._game = game

    def adopt(self, game: Game) -> None:
        """Make ``game`` (of unknown seed) the game on the table, nothing else."""
        self._game = game
        self._dealt = False

    def play_on(self, game: Game) -> None:
        """Play on with ``game`` on the table: the AI seats' random streams start again,
        Play is off, the view is reset (the caller says what happens next)."""
        self._game = game
        self._rngs = ai_rngs(self._seed, len(self.players))
        self.turn_state = self.turn_state.but(playing=False)
        self.reset_view()

    @property
    def seed(self) -> int | None:
        """The seed that dealt the game shown, or ``None`` for an adopted game."""
        return self._seed if self._dealt else None

    @property
    def rules(self) -> Rules:
        """The rules every new game is dealt with."""
        return self._rules

    @property
    def selected(self) -> int | None:
        """Index of the picked card in the shown hand, or ``None``; setting it picks."""
        return self.turn_state.picked

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.turn_state = self.turn_state.but(picked=index)

    @property
    def thinking_seat(self) -> int | None:
        """The AI seat whose move waits (during ``ai_delay``), or ``None``."""
        return self.turn_state.thinking

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self.turn_state.viewer

    @property
    def handover(self) -> int | None:
        """The seat the screen is being passed to (its hand stays covered), or ``None``."""
        return self.turn_state.handover

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self.turn_state.thinking is not None

    @property
    def playing(self) -> bool:
        """Whether AI seats play on by themselves (Play is on)."""
        return self.turn_state.playing

    @property
    def heat(self) -> bool:
        """Whether the lit cells are shaded by the hint player's values."""
        return self._heat

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = fitted: the whole table, or as much as fits with cells a
        finger can hit)."""
        return self.table.zoom

    @property
    def cursor(self) -> Cell | None:
        """The keyboard cursor's cell, or ``None`` before an arrow key."""
        return self.table.cursor

    @property
    def verb(self) -> str:
        """``"click"`` or ``"tap"``, as the person last pointed."""
        return self.table.verb

    # ------------------------------------------------------------------ mouse, touch, keys
    click = _table("click")
    release = _table("release")
    pointer_move = _table("pointer_move")
    pointer_leave = _table("pointer_leave")
    wheel = _table("wheel")
    touch_start = _table("touch_start")
    touch_move = _table("touch_move")
    touch_end = _table("touch_end")
    touch_cancel = _table("touch_cancel")

    @event
    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key press (``key`` as the browser names it: ``"ArrowUp"``, ``"Enter"``, ``"3"``).

        Digits 1-9 pick a hand card, arrows move the cursor, Enter or space place on it,
        Escape drops the pick, ``+``/``-``/``0`` zoom; with Ctrl or Meta the key is the
        browser's.
        """
        if ctrl or meta or self.mode.key(self, key):
            return
        if self.handover is not None:
            self.reveal()
        elif key in ARROWS:
            self.table.arrow(key)
        elif len(key) == 1 and key in "123456789":
            self.pick(int(key) - 1)
        elif key in ("Enter", " "):
            if self.table.cursor is None:
                self.tell("Move the cursor with the arrow keys first.")
                self.changed_text()
            else:
                self.mode.place(self, self.table.cursor)
        elif key == "Escape":
            self.select(None)
        elif key in ("+", "="):
            self.zoom(ZOOM_STEP)
        elif key == "-":
            self.zoom(1 / ZOOM_STEP)
        elif key == "0":
            self.zoom(None)

    def point(self, x: float, y: float, *, touch: bool) -> bool:
        """A click or a tap at ``(x, y)``; returns whether it did nothing useful (no card
        picked or dropped, nothing placed, no hand revealed)."""
        handled = self.mode.point(self, x, y, touch=touch)
        if handled is not None:
            return handled
        if self._scene.holds is not None and self._geometry.cell_at(x, y) is not None:
            self.tell('The table is hidden under "What do they hold?": close it to play.')
            self.changed_text()
            return False
        if self.handover is not None:
            self.reveal()
            return False
        g = self._geometry
        index = g.hand_at(x, y)
        cell = g.cell_at(x, y)
        if self._game.is_over:
            self.who_may_act()  # says the game is over, and what to do next
            self.changed_text()
            return True
        if index is not None:
            self.pick(index)
            return False
        if cell is None:
            verb = "Tap" if touch else "Click"
            self.tell(f"{verb} a card of your hand, then a lit cell of the table.")
            self.changed_text()
            return True
        if not touch:
            return self.mode.place(self, cell) is None
        if self.who_may_act() is None:
            self.changed_text()
            return True
        if self.selected is None:
            self.refuse_pick()
            return True
        if cell not in self._game.legal_cells():
            self.mode.place(self, cell)  # refused, in plain words
            return True
        if self.table.armed == cell:
            self.mode.place(self, cell)
            return False
        self.table.arm(cell)
        self.tell("")
        self.redraw()
        self.say(self.status_lines()[0])
        return False

    # ------------------------------------------------------------------ looking back
    replay = forward.value("looking", "replay", Looking)
    open_review = _looking("open_review")
    open_replay = _looking("open_replay")
    analyse = _looking("analyse")
    close_review = _looking("close_review")
    go_to = _looking("go_to")
    go_by = _looking("go_by")
    play_from_here = _looking("play_from_here")
    show_holds = _looking("show_holds")

    # ------------------------------------------------------------------ actions
    @event
    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        if index is None:
            dropped = self.selected is not None
            self.selected = None
            self.table.disarm()
            self.redraw()
            if dropped:
                self.say(self.status_lines()[0])
        else:
            self.pick(index)

    @event
    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (:attr:`message` says why)."""
        return self.mode.place(self, cell)

    @event
    def refresh(self) -> None:
        """Show the game again (after code changed it) and let AI seats go on."""
        self.stop_job()
        self.selected = None  # the hand may have changed under the pick
        self.suggested = None
        self._analysis = None
        self.turn_state = self.turn_state.but(handover=None)  # advance hands over again if need be
        self.table.disarm()
        self.tell("")
        self.mode.advance(self)

    def redraw(self) -> None:
        """Build the picture again and show it (a new view of the canvas needs one)."""
        self._scene, self._geometry = self._picture()
        self.changed(Change.PICTURE)

    def stop_job(self) -> None:
        """Cancel the timed job (an AI's move, the end of a flash) and its state."""
        self.cancel_later()
        self.turn_state = self.turn_state.but(thinking=None)
        self.flashing = ()

    @event
    def follow(self, game: Game) -> None:
        """Show ``game``: the same game, moved on elsewhere (by the other seats of a remote
        table, see :mod:`~.remote`).  Its new moves are said, and the last one is lit as if
        it had been made here."""
        seen = self._game.history
        self._game = game
        self._analysis = None
        if not self.play_mode.hints:
            self._heat, self.suggested = False, None
        now = game.history
        new = now[len(seen) :] if now[: len(seen)] == seen else now[-1:]
        placements = [a for a in new if isinstance(a, Placement)]
        for placement in placements[:-1]:
            self.say(words.move_text(placement, self.labels) + ".")
        if placements:
            self.mode.after_move(self, placements[-1])
        else:
            self.mode.advance(self)

    @event
    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` canvas pixels: fit the table again."""
        self._size = (width, height)
        self.redraw()

    @event
    def new_game(self, seed: int) -> None:
        """Deal a new game with the same seats and rules from ``seed``."""
        if self._not_here("New games are dealt in the lobby."):
            return
        self.looking.leave()
        self.stop_job()
        self._seed = seed
        self._game = Game(len(self.players), seed=seed, rules=self._rules)
        self._dealt = True
        self._rngs = ai_rngs(seed, len(self.players))
        self.reset_view()
        self.tell(f"New game, seed {seed}.")
        self.mode.advance(self)

    @event
    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement); the message names every move taken back."""
        if self.looking.refuse() or self._not_here(
            "Moves made at a classroom table stay made: there is no undo."
        ):
            return
        self.stop_job()
        self.turn_state = self.turn_state.but(playing=False)
        history = self._game.history
        humans = self.seats.humans
        targets = [
            i
            for i, a in enumerate(history)
            if isinstance(a, Placement) and (not humans or a.seat in humans)
        ]
        if not targets:
            self.tell("Nothing to undo yet.")
            self.redraw()
            return
        target = targets[-1]
        was_over = self._game.is_over
        while len(self._game.history) > target:
            self._game.undo()
        taken_back = [words.action_text(a, self.labels) for a in history[target:]]
        self.reset_view()  # the hand shown stays; advance hands over to the mover
        more = " The game goes on from there." if was_over else ""
        self.tell(f"Took back: {'; '.join(taken_back)}.{more}")
        self.mode.advance(self)

    @event
    def hint(self) -> Move | None:
        """Ask for a hint for the seat at this screen (in play: the hint player's best
        move, its card picked and its cell marked).  Returns the move (``None`` when it is
        not your turn)."""
        return self.mode.hint(self)

    def suggest(self) -> Move | None:
        """The hint of play: the hint player's best move for the seat at this screen."""
        seat = self.who_may_act()
        if seat is not None and not self.play_mode.hints:
            self.tell(NO_HINTS)
            seat = None
        if seat is None:
            self.redraw()
            return None
        values = self.analyze(seat)
        move = max(sorted(values), key=lambda m: values[m])
        self.suggested = (move, values[move])
        self.selected = self.hand().index(move.dweebie)
        self.table.disarm()
        self.tell(
            f"Hint: {self.hint_player.name} would place {NAMES[move.dweebie]} at "
            f"{move.cell} ({words.value_text(values[move])})."
        )
        self.redraw()
        return move

    @event
    def show_heat(self, on: bool) -> None:
        """Shade the lit cells by the hint player's values (the heat map), or stop.  The
        message says whose chances (or values) the shades show, and what to do when no card
        is picked."""
        if on and not self.play_mode.hints:
            self._heat = False
            self.tell(NO_HINTS)
            self.redraw()
            return
        self._heat = on
        if not on:
            self.tell("")
            self.say("Heat map off.")
        else:
            title = self.heat_title()
            if self.human_turn() is None or self.handover is not None:
                self.tell(f"Heat map: {title}. It shows on your turn, once you pick a card.")
            elif self.selected is None:
                self.tell(f"Heat map: {title}. Pick a card to see it on the lit cells.")
            else:
                self.tell(f"Heat map: {title}.")
        self.redraw()

    @event
    def show_labels(self, on: bool) -> None:
        """Show the coordinates on the lit cells, or hide them."""
        self._labels = on
        self.redraw()
        self.say("Coordinates shown on the lit cells." if on else "Coordinates hidden.")

    @event
    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        if self.looking.refuse():
            return
        if self.viewer is None or self.handover is not None:
            self.tell("Nobody at this screen can draw right now.")
        else:
            picked = self.picked_dweebie()
            try:
                later = self.mode.take_draw(self, self.viewer)
                if later is not None:
                    self._game = later
                self.tell(f"{self.labels[self.viewer]} drew a card.")
            except IllegalMoveError as error:
                if error.reason == "not-owed":
                    self.tell(f"{self.labels[self.viewer]} owes no draw right now.")
                else:
                    self.tell(*words.explain(error))
            if picked is not None:  # hands are sorted: the picked card may have moved
                self.selected = self.hand().index(picked)
        self.redraw()

    @event
    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        if self.looking.refuse():
            return
        seat = self._game.current_player
        if self._game.is_over or self.players[seat] is None or self.turn_state.thinking is not None:
            self.tell("No AI is waiting to move.")
            self.redraw()
            return
        self._ai_move()

    @event
    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        if self.looking.refuse():
            return
        self.turn_state = self.turn_state.but(playing=on)
        if not on:
            self.stop_job()
        self.mode.advance(self)

    @event
    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit again).  Never below the fitted
        view (zoom 1), at most :data:`~.geometry.MAX_ZOOM`."""
        if factor is None:
            self.table.fit()
        else:
            self.table.zoom_to(self.table.zoom * factor, None)

    @event
    def fail(self, error: BaseException) -> None:
        """Show that handling an event failed unexpectedly (the glue catches, this says)."""
        self.tell(f"Something went wrong: {error!r}")
        self.changed_text()

    # ------------------------------------------------------------------ turn flow (for modes)
    def who_may_act(self) -> int | None:
        """The seat of the person at this screen if they may pick or place now; else
        ``None``, and the status line says why."""
        refusal = self.mode.refusal(self)
        if refusal is not None:
            self.tell(refusal)
            return None
        return self._game.current_player

    def pick(self, index: int) -> None:
        """Pick the hand card at ``index`` (again: drop it), if the mode and turn allow."""
        if self.mode.pick(self, index):
            return
        seat = self.who_may_act()
        hand = self.hand()
        if seat is None:
            pass
        elif not 0 <= index < len(hand):
            self.tell(f"There is no card {index + 1} in your hand ({len(hand)} cards).")
        elif index == self.selected:
            self.selected = None
            self.tell("")
            self.table.disarm()
        else:
            self.selected = index
            self.tell("")
            self.table.disarm()
            self.stop_pulse()
            if self.suggested is not None and self.suggested[0].dweebie != hand[index]:
                self.suggested = None
        self.redraw()
        if seat is not None and 0 <= index < len(hand):
            self.say(self.status_lines()[0])

    def refuse_pick(self) -> None:
        """A cell was chosen with no card picked: say so, and point at the hand."""
        if self.verb == "tap":
            self.tell("Pick a card from your hand first: tap it.")
        else:
            self.tell("Pick a card from your hand first (click it, or press its number).")
        self.pulse_on(None, "hand")

    def play_picked(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell`` (the mode makes the move): the placement, or
        ``None`` when it was refused (the status line says why, the cell is crossed out)."""
        if self.who_may_act() is None:
            self.changed_text()
            return None
        dweebie = self.picked_dweebie()
        if dweebie is None:
            self.refuse_pick()
            return None
        try:
            placement, later = self.mode.make(self, Move(dweebie, cell))
        except IllegalMoveError as error:
            self.tell(*words.explain(error))
            self.table.disarm()
            self.pulse_on(cell, "lit")
            return None
        self.tell("")
        if later is not None:  # made where the game is kept, which may have moved on since
            self.follow(later)
        else:
            self.mode.after_move(self, placement)
        return placement

    def forget_pick(self) -> None:
        """After a move: no card picked, no hint, no cursor, the view follows the play."""
        self.selected = None
        self.suggested = None
        self.table.cursor = self.table.armed = None
        self.table.centre = None
        self.stop_pulse()

    def moved(self, placement: Placement, note: str = "") -> None:
        """What play does after ``placement``: say it, flash what it took, go on."""
        self.say(words.move_text(placement, self.labels) + ".")
        if note:
            self.tell(note)
        self.forget_pick()
        self.start_flash(placement)
        if self._game.is_over:
            game, labels = self._game, self.labels
            self.say(
                f"Game over: {words.result_title(game, labels, self.me())}. "
                f"{words.result_text(game, labels)}"
            )
        self.mode.advance(self)

    def take_turns(self) -> None:
        """Play's turn flow: the next seat's turn (a hand-over, an AI move, nothing)."""
        game = self._game
        if game.is_over:
            self.turn_state = self.turn_state.but(playing=False)
            self.redraw()
            self.end_flash_later()
            return
        seat = game.current_player
        player = self.players[seat]
        if player is None:
            viewer = self.viewer
            if viewer is not None and viewer != seat:
                if self.handover != seat:
                    self.say(words.curtain(self.labels[seat], self.verb) + ".")
                self.turn_state = self.turn_state.but(handover=seat)
            elif self.handover is None:
                self.turn_state = self.turn_state.but(viewer=seat)
            self.redraw()
            self.end_flash_later()
        elif isinstance(player, Elsewhere):  # it moves elsewhere; follow() shows the move
            self.redraw()
            self.end_flash_later()
        elif self.viewer is None and not self.turn_state.playing:
            self.redraw()  # an AI-only game waits for Step or Play
            self.end_flash_later()
        elif self.ai_delay == 0 and not self.turn_state.playing:
            self.redraw()
            self._ai_move()
        else:
            self.turn_state = self.turn_state.but(thinking=seat)
            self.redraw()
            delay = max(self.ai_delay, self.flash if self.flashing else 0.0)
            self.later(delay, self._ai_move)

    def _ai_move(self) -> None:
        self.turn_state = self.turn_state.but(thinking=None)
        self.cancel_later()
        self.mode.ai_move(self)

    def rng(self, seat: int) -> random.Random:
        """The random stream of an AI seat (seeded from the game's seed)."""
        return self._rngs[seat]

    def start_flash(self, placement: Placement) -> None:
        """Light the cards ``placement`` took where they lay (for :attr:`flash` seconds)."""
        self.flashing = placement.taken if self.flash > 0 else ()

    def end_flash_later(self) -> None:
        """End the flash after :attr:`flash` seconds (if cards are lit)."""
        if self.flashing:
            self.later(self.flash, self.end_flash)

    def end_flash(self) -> None:
        """The flashed cards leave the table."""
        self.cancel_later()
        self.flashing = ()
        self.redraw()

    def reveal(self) -> None:
        """The hot-seat curtain is lifted: the next person's hand is shown."""
        self.turn_state = self.turn_state.but(viewer=self.handover, handover=None)
        self.tell("")
        self.redraw()
        self.say(self.status_lines()[0])

    def reset_view(self) -> None:
        """Forget the pointing, the flash, the hand-over, the AI waiting and the analysis
        (the game on the table changed)."""
        self.reset_pointing()
        self.flashing = ()
        self.turn_state = self.turn_state.but(handover=None, thinking=None)
        self._analysis = None
        self.stop_pulse()
        viewer = self.viewer
        if viewer is None or self.players[viewer] is not None:
            self.turn_state = self.turn_state.but(viewer=self._first_human(), picked=None)

    def reset_pointing(self) -> None:
        """Forget the pick, the hint, the cursor and the view (the table shown changes)."""
        self.selected = None
        self.suggested = None
        self.table.reset()
        self.stop_pulse()

    def me(self) -> int | None:
        """The seat of the one person at this screen, or ``None`` (no one, or several)."""
        humans = self.seats.humans
        return next(iter(humans)) if len(humans) == 1 else None

    def others(self) -> list[Placement]:
        """The placements of the other seats since the last placement of the seat at this
        screen (in an AI-only game: the last placement), at most one round of them."""
        history = [a for a in self._game.history if isinstance(a, Placement)]
        viewer = self.viewer
        if viewer is None:
            return history[-1:]
        since = history
        for i in range(len(history) - 1, -1, -1):
            if history[i].seat == viewer:
                since = history[i + 1 :]
                break
        return since[-(self._game.players - 1) :] if self._game.players > 1 else []

    def others_text(self) -> list[str]:
        """:meth:`others` in words."""
        return [words.move_text(p, self.labels) for p in self.others()]

    def _armed_preview(self) -> tuple[Cell, int] | None:
        """The cell tapped once and how many cards placing there collects, if any."""
        preview = self.preview()
        armed = self.table.armed
        if armed is None or preview is None or preview[0] != armed:
            return None
        return preview[0], len(preview[2])

    def heat_title(self) -> str:
        """Whose chances (or values) the heat map shows, in words."""
        viewer = self.viewer
        seat = viewer if viewer is not None else self._game.current_player
        return words.heat_title(
            self.labels[seat], self.hint_player.name, isinstance(self.hint_player, ExpertPlayer)
        )

    # ------------------------------------------------------------------ helpers
    def _not_here(self, message: str) -> bool:
        """Where the screen plays no games of its own (a remote table): say ``message``
        and return ``True``."""
        if self.play_mode.own_games:
            return False
        self.tell(message)
        self.changed_text()
        return True

    def _check_seats(self, game: Game) -> None:
        if game.players != len(self.players):
            raise ValueError(f"this widget has {len(self.players)} seats, the game {game.players}")

    def _first_human(self) -> int | None:
        return self.seats.first_human(self._game.current_player)

    def hand(self) -> tuple[int, ...]:
        """The hand shown (the viewer's), or ``()``."""
        return self._game.hand(self.viewer) if self.viewer is not None else ()

    def picked_dweebie(self) -> int | None:
        """The Dweebie of the picked card, or ``None``."""
        return self.hand()[self.selected] if self.selected is not None else None

    def analyze(self, seat: int) -> dict[Move, float]:
        """The hint player's values for ``seat``'s moves, computed once per position."""
        game = self._game
        key = (id(game), seat, game.history, game.hand(seat))  # this very position
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, self.hint_player.analyze(game.view(seat)))  # type: ignore[attr-defined]
        return self._analysis[1]

    def preview(self) -> tuple[Cell, int, frozenset[Cell]] | None:
        """The hovered lit cell, the picked Dweebie and what placing it there collects."""
        hover = self.table.hover
        if self.selected is None or hover is None or self.handover is not None:
            return None
        if self.human_turn() is None or hover not in self._game.legal_cells():
            return None
        dweebie = self.hand()[self.selected]
        taken = self._game.would_collect(hover).get(dweebie, frozenset())
        return self.mode.preview(self, (hover, dweebie, taken))

    def human_turn(self) -> int | None:
        """The seat to play if it is the person whose hand is shown, else ``None``."""
        game = self._game
        if game.is_over or self.turn_state.thinking is not None:
            return None
        seat = game.current_player
        return seat if self.players[seat] is None and seat == self.viewer else None

    # ------------------------------------------------------------------ the picture
    def _picture(self) -> tuple[Scene, Geometry]:
        scene = self.mode.scene(self)
        return scene, self.layout(scene)

    def layout(self, scene: Scene | None = None) -> Geometry:
        """Lay ``scene`` (default: the last picture) out on the canvas with the view's
        zoom and centre."""
        scene = scene if scene is not None else self._scene
        shown = self.looking.shown_game()
        cells = set(scene.board) | set(shown.legal_cells()) | {c for c, _ in scene.flash}
        cells |= scene.taken | {c for c, _ in scene.marks} | {m.cell for m in scene.moves}
        cursor = self.table.cursor
        if cursor is not None:
            cells.add(cursor)
        width, height = self._size
        return Geometry.fit(
            width, height, cells, len(scene.hand), self.table.zoom, cursor or scene.last,
            ratio=self._ratio, centre=self.table.centre, min_cell=MIN_TAP,
            graph=GRAPH_H if scene.graph is not None else 0.0,
        )  # fmt: skip

    def relayout(self) -> Geometry:
        """Lay the last picture out again (the view moved); shown if it changed."""
        geometry = self.layout()
        if geometry != self._geometry:
            self._geometry = geometry
            self.changed(Change.PICTURE)
        return geometry

    def play_scene(self) -> Scene:
        """The picture of the game being played (what a mode's ``scene`` builds on)."""
        return play_scene(self)
