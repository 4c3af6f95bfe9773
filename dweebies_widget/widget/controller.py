"""The widget without a screen: what a click, a tap, a key or a button means, and what to show.

One job: turn what a player does into questions to the
:class:`~dweebies_widget.game.Game`, and the answers into what to show.  A :class:`Controller`
holds everything that is neither the game nor a widget: the seats (people at this screen or
AI players), the picked card, the hovered cell and the keyboard cursor, the hot-seat
hand-over, the flash of a collection, the AI that is "thinking", the hint and its analysis
cache, the zoom and the part of the table in view, the last message and what a screen reader
should say.  What it shows is plain data: a :class:`~dweebies_widget.widget.paint.Scene` laid
out by a :class:`~dweebies_widget.widget.geometry.Geometry`, the status lines, the move log,
which buttons can be used (:class:`Controls`), a text description of the board
(:meth:`Controller.describe`) and an announcement (:attr:`Controller.announcement`).

It decides no rule of Dweebies: whether a card may go somewhere, what a placement collects,
who plays next and when the game ends are the game's answers (``game.play``,
``game.legal_cells``, ``game.would_collect``...), and a refused move is told from the
game's own error (its ``reason``, in the lessons' words, with the rule section as a detail).
What it does decide is the turn flow on one screen: whose hand is shown, when to hand over,
when an AI moves.

Why it is separate from the ipywidgets glue (:mod:`~dweebies_widget.widget.app`): everything
that decides can then be tested synchronously, without ipywidgets, ipycanvas, a kernel or a
browser, and the glue is left with wiring only.  Events come in as plain method calls
(:meth:`Controller.click` at a pixel, :meth:`~Controller.touch_start`,
:meth:`~Controller.key`, :meth:`~Controller.undo`...); after each change the controller calls
``on_change`` with a :class:`Change` saying whether the picture or only the text must be
shown again.

**Pointing.**  A mouse click acts at once (a click on a lit cell places the picked card).  A
finger has no hover, so a tap on a lit cell first shows what placing there would do, and a
second tap on the same cell places.  Dragging the table (with a finger, or with the mouse
when the press itself did nothing) moves the view over a table bigger than the screen; a
finger dragged from a lit cell while a card is picked moves the preview instead.

**Pixels.**  Events and :attr:`Controller.geometry` are in canvas pixels, the pixels of the
canvas's backing store, which has ``pixel_ratio`` of them per CSS pixel: a picture at ratio
2 on a 1800 x 1440 canvas is the ratio-1 picture of a 900 x 720 canvas, only sharper.

**Looking back.**  After the game (or at any time with ``review=True``, for a teacher), the
screen can step through the game one placement at a time, with every move judged by a
review (:meth:`Controller.open_review`, :meth:`~Controller.open_replay`); what it shows then
is a :class:`~dweebies_widget.widget.replay.Replay`'s answer, and the events that step
(arrows, a click on the graph, :meth:`~Controller.go_to`) go to it.  "What do they hold?"
(:meth:`~Controller.show_holds`) draws each other seat's likely Dweebies over the table.

Time: the controller never sleeps and never starts a thread.  An AI's visible pause, the end
of a flash and the end of a refusal's highlight are jobs given to the ``scheduler``
(:mod:`~dweebies_widget.widget.timing`): the widget's runs them on the kernel's event loop, a
test's :class:`~.timing.ManualClock` runs them when the test says so.  The controller is not
thread-safe: its owner calls it from one thread at a time (the widget holds a lock around
every event and every timed job).

>>> from dweebies_widget.ai import GreedyPlayer
>>> from dweebies_widget.widget.timing import ManualClock
>>> clock = ManualClock()
>>> c = Controller(["Ana", GreedyPlayer()], seed=7, ai_delay=0.6, flash=0, scheduler=clock)
>>> c.status_lines()[0]
'Ana to play: pick a card from your hand.'
>>> c.select(0)
>>> c.place((0, 0)).seat, c.thinking, c.status_lines()[0]
(0, True, 'Greedy is thinking…')
>>> clock.advance(0.6), c.thinking, len(c.game.history)
(1, False, 2)
>>> c.announcement.startswith("Greedy placed")
True
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from ..ai import ExpertPlayer, Player, Review
from ..ai.review import DEFAULT_SIMULATIONS
from ..cards import NAMES
from ..game import Game, IllegalMoveError, Move, Placement, Rules
from ..grid import Cell, reading_order
from . import words
from .charts import Holds
from .geometry import GRAPH_H, MAX_ZOOM, MIN_TAP, MIN_ZOOM, Geometry
from .paint import HeatKey, Scene, SeatInfo
from .remote import AGAIN, Elsewhere, Source
from .replay import Replay, Reviewer, ReviewJob, holds_chart, holds_words, review_here
from .seats import Seat, Seats, ai_play, ai_rngs
from .timing import Cancel, Job, Scheduler

__all__ = ["NO_HINTS", "PULSE", "SLOP", "ZOOM_STEP", "Change", "Controller", "Controls"]

ZOOM_STEP = 1.25
"""One zoom step (a wheel notch, a ``+`` or ``-`` key or button)."""
SLOP = 10.0
"""How far (CSS pixels) a finger or a pressed mouse moves before a press becomes a drag."""
PULSE = 1.2
"""Seconds a refused cell stays crossed out and the cells to try stay highlighted."""
NO_HINTS = "Your teacher has turned hints off at this table."
"""Why Hint and the heat map do nothing at a remote table that forbids them."""
_ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}

_F = TypeVar("_F", bound=Callable[..., Any])
_LOOKING_BACK = "You are looking back over the game: press Back to the game to play on."


class Change(enum.Enum):
    """What changed, so what the screen must show again."""

    TEXT = "text"
    """The status lines, the move log or the buttons; the picture is unchanged."""
    PICTURE = "picture"
    """The picture (:attr:`Controller.scene` and :attr:`Controller.geometry` were rebuilt),
    and the text with it."""


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


@dataclass
class _Press:
    """A mouse button held down, or fingers on the screen: where it started, and what
    moving it does."""

    x: float
    y: float
    geometry: Geometry
    """The layout when it started (a drag moves the view by this layout's cell size)."""
    touch: bool
    pans: bool = False
    """Whether dragging it moves the view (a mouse press that did nothing useful)."""
    last: tuple[float, float] = (0.0, 0.0)
    mode: str = ""
    """Once it is a drag: ``"pan"`` (moves the view), ``"preview"`` (moves the preview
    with the finger) or ``"none"``."""
    fingers: int = 1
    pinch: tuple[float, float] = (0.0, 1.0)
    """Distance between two fingers and the zoom when the second finger came down."""
    message: tuple[str, str] = ("", "")
    """The message (and its detail) before the press, shown again if it turns into a drag."""


def _event(method: _F) -> _F:
    """Mark a method as one event: everything it says is one announcement."""

    @functools.wraps(method)
    def run(self: Controller, *args: Any, **kwargs: Any) -> Any:
        with self._event_scope():
            return method(self, *args, **kwargs)

    return cast(_F, run)


class Controller:
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
            ``ExpertPlayer(simulations=300)``, the review's own default; a budget in rounds,
            so that a review is the same on any machine).
        reviewer: runs a review (see :data:`~.replay.Reviewer`; default: at once, here).
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
        self.on_change: Callable[[Change], object] = on_change or (lambda _change: None)
        """Told after every change what must be shown again (set by the screen's glue)."""
        self._schedule = scheduler
        self.source: Source | None = source
        """Where the moves of the seat at this screen are made when its table is elsewhere
        (a classroom seat: see :mod:`~.remote`); ``None``: here, on :attr:`game`."""
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
        self._zoom = 1.0
        self._centre: tuple[float, float] | None = None  # None: the view follows the play
        self._heat = False
        self._labels = True
        self._selected: int | None = None
        self._hover: Cell | None = None
        self._armed: Cell | None = None  # a lit cell tapped once: a second tap places
        self._cursor: Cell | None = None
        self._pointer: tuple[float, float] | None = None  # the mouse, for wheel zoom
        self._press: _Press | None = None
        self._verb = "click"
        self._flash: tuple[tuple[Cell, int], ...] = ()
        self._message = ""
        self._detail = ""
        self._refused: Cell | None = None
        self._pulse: str | None = None
        self._thinking: int | None = None
        self._playing = False
        self._viewer: int | None = None
        self._handover: int | None = None
        self._hint: tuple[Move, float] | None = None
        self._analysis: tuple[object, dict[Move, float]] | None = None
        self._job: object | None = None
        self._cancel_job: Cancel = lambda: None
        self._pulse_job: object | None = None
        self._cancel_pulse: Cancel = lambda: None
        self._announcement = ""
        self._announcement_id = 0
        self._said: list[str] = []
        self._shown = 0  # the announcement id when the screen was last told of a change
        self._depth = 0
        # Looking back (see the "looking back" section).
        self.teacher = review
        """Whether Review and "What do they hold?" may be used at any time."""
        self.review_analyst = review_analyst or ExpertPlayer(
            simulations=DEFAULT_SIMULATIONS, name="Expert"
        )
        if self.review_analyst.simulations is None:
            raise ValueError("review_analyst needs a budget in rounds: ExpertPlayer(simulations=N)")
        self._reviewer: Reviewer = reviewer or review_here
        self._replay: Replay | None = None
        self._review_job: object | None = None
        self._cancel_review: Cancel = lambda: None
        self._holds = False
        self._holds_cache: tuple[object, Holds] | None = None
        self._viewer = self._first_human()
        self._scene, self._geometry = self._picture()
        with self._event_scope():
            self._advance()

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
        self._draw()

    def status_lines(self) -> list[str]:
        """The status line: what to do now (or who won) first, then what the other seats
        did since this screen's last move, what else to know, then the last message and its
        detail (:attr:`detail`, which may be shown quieter)."""
        if self._replay is not None:  # looking back: the move, hindsight, the review
            return self._replay.status_lines() + [t for t in (self._message, self._detail) if t]
        picked = self._hand()[self._selected] if self._selected is not None else None
        return words.status_lines(
            self._game, self.labels, self.players, viewer=self._viewer,
            handover=self._handover, thinking=self._thinking, picked=picked,
            message=self._message, others=self._others_text(), armed=self._armed_preview(),
            detail=self._detail, me=self._me(), verb=self._verb,
        )  # fmt: skip

    def status_text(self) -> str:
        """The status line as plain text."""
        return "\n".join(self.status_lines())

    def log_entries(self) -> list[str]:
        """The move log, **newest first**: the result once the game is over, then every
        action of the game in words, numbered from the first."""
        return words.log_entries(self._game, self.labels, self._again())

    def controls(self) -> Controls:
        """Which buttons can be used now."""
        game = self._game
        live = self._replay is None
        mine = self._human_turn() is not None and self._handover is None and live
        viewer = self._viewer
        holds = self._may_hold()
        hints = mine and self._hints_allowed()
        return Controls(
            hint=hints,
            heat=hints,
            undo=bool(game.history) and live and self.source is None,
            draw=viewer is not None and game.may_draw(viewer) and live,
            step=not game.is_over and self.players[game.current_player] is not None and live,
            playing=self._playing,
            labels=self._labels,
            review=self._may_review() and live,
            holds=holds,
            holds_on=holds and self._holds,
        )

    def describe(self) -> str:
        """The board in words, for a screen reader: what to do now, the scores, what the
        last move did, the table row by row, the hand shown, and where the picked card may
        go (with what each lit cell collects).  It follows the game: ask again after every
        change (looking back: the position shown, and the moves marked on it)."""
        if self._replay is not None:
            return self._describe_replay()
        scene = self._scene
        hand = list(scene.hand)
        lit: dict[Cell, int] = {}
        if scene.lit and scene.selected is not None and scene.selected < len(hand):
            gains = self._game.collect_map()
            dweebie = hand[scene.selected]
            lit = {cell: gains.get(cell, {}).get(dweebie, 0) for cell in scene.lit}
        text = words.describe(
            self._game, self.labels, status=self.status_lines(), hand=hand,
            hand_owner=scene.hand_owner, covered=self._handover is not None,
            picked=scene.selected, lit=lit, cursor=self._cursor,
        )  # fmt: skip
        if scene.holds is not None:
            text += "\n" + "\n".join(
                holds_words(scene.holds, self._game, self._observer(), self.labels)
            )
        return text

    @property
    def announcement(self) -> str:
        """What a polite live region should say after the last event (the moves made, a
        refusal, the end of the game...); see :attr:`announcement_id`."""
        return self._announcement

    @property
    def announcement_id(self) -> int:
        """Grows by one with each new announcement (an event that said something)."""
        return self._announcement_id

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
        if game.players != len(self.players):
            raise ValueError(f"this widget has {len(self.players)} seats, the game {game.players}")
        self._leave_replay()
        self._game = game
        self._dealt = False
        if self._viewer is None:
            self._viewer = self._first_human()
        self.refresh()

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
        """Index of the picked card in the shown hand, or ``None``."""
        return self._selected

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self._viewer

    @property
    def handover(self) -> int | None:
        """The seat the screen is being passed to (its hand stays covered), or ``None``."""
        return self._handover

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self._thinking is not None

    @property
    def playing(self) -> bool:
        """Whether AI seats play on by themselves (Play is on)."""
        return self._playing

    @property
    def heat(self) -> bool:
        """Whether the lit cells are shaded by the hint player's values."""
        return self._heat

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = fitted: the whole table, or as much as fits with cells a
        finger can hit)."""
        return self._zoom

    @property
    def message(self) -> str:
        """The last message shown (a refused click's reason, a hint...), or ``""``."""
        return self._message

    @property
    def detail(self) -> str:
        """The detail of the last message, for those who want it (for a refusal: the rule
        section it comes from), or ``""``; it is the last status line when present."""
        return self._detail

    # ------------------------------------------------------------------ mouse and keys
    @_event
    def click(self, x: float, y: float) -> None:
        """A click (mouse button down) at canvas pixel ``(x, y)``.  A press that does
        nothing useful (no card picked or placed) on the table starts a drag that moves the
        view (see :meth:`pointer_move` and :meth:`release`)."""
        self._verb = "click"
        before = (self._message, self._detail)
        geometry = self._geometry
        useless = self._point(x, y, touch=False)
        pans = useless and geometry.cell_at(x, y) is not None
        self._press = _Press(x, y, geometry, touch=False, pans=pans, last=(x, y), message=before)

    @_event
    def release(self, x: float, y: float) -> None:
        """The mouse button went up at canvas pixel ``(x, y)``: a drag ends there."""
        press, self._press = self._press, None
        if press is not None and not press.touch and press.mode:
            self._hover_over(self._geometry.cell_at(x, y))

    @_event
    def pointer_move(self, x: float, y: float, pressed: bool = False) -> None:
        """The mouse moved to canvas pixel ``(x, y)``: preview the hovered cell, or, while a
        press that did nothing useful is held, move the view.  ``pressed``: the glue knows a
        button is held (a drag that started outside the canvas moves the view too)."""
        self._pointer = (x, y)
        press = self._press
        if press is None and pressed:
            g = self._geometry
            press = _Press(x, y, g, touch=False, pans=g.cell_at(x, y) is not None, last=(x, y))
            press.message = (self._message, self._detail)
            self._press = press
        if press is not None and not press.touch and press.pans:
            press.last = (x, y)
            if press.mode or self._far(press, x, y):
                if not press.mode:
                    press.mode = "pan"
                    self._start_drag(press)
                self._pan(press, x, y)
                return
        self._hover_over(self._geometry.cell_at(x, y))

    @_event
    def pointer_leave(self) -> None:
        """The pointer left the canvas (a held press ends there)."""
        self._pointer = None
        if self._press is not None and not self._press.touch:
            self._press = None
        self._hover_over(None)

    @_event
    def wheel(self, dx: float, dy: float) -> None:
        """A wheel turn: zoom in (``dy < 0``) or out (``dy > 0``), around the mouse when it
        is over the table."""
        if dy:
            self._zoom_by(1 / ZOOM_STEP if dy > 0 else ZOOM_STEP, self._pointer)

    @_event
    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key press (``key`` as the browser names it: ``"ArrowUp"``, ``"Enter"``, ``"3"``).

        Digits 1-9 pick a hand card, arrows move the cursor, Enter or space place on it,
        Escape drops the pick, ``+``/``-``/``0`` zoom; with Ctrl or Meta the key is the
        browser's.
        """
        if ctrl or meta:
            return
        if self._replay is not None and self._replay_key(key):
            return
        if self._handover is not None:
            self._reveal()
        elif key in _ARROWS:
            dr, dc = _ARROWS[key]
            r, c = self._cursor or self._start_cursor()
            self._cursor = (r + dr, c + dc)
            self._hover = self._cursor
            self._armed = None
            self._centre = None  # the view follows the cursor
            self._draw()
            self._say(self._cursor_text(self._cursor))
        elif len(key) == 1 and key in "123456789":
            self._pick(int(key) - 1)
        elif key in ("Enter", " "):
            if self._cursor is None:
                self._tell("Move the cursor with the arrow keys first.")
                self._changed(Change.TEXT)
            else:
                self._place(self._cursor)
        elif key == "Escape":
            self.select(None)
        elif key in ("+", "="):
            self.zoom(ZOOM_STEP)
        elif key == "-":
            self.zoom(1 / ZOOM_STEP)
        elif key == "0":
            self.zoom(None)

    # ------------------------------------------------------------------ touch
    @_event
    def touch_start(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers came down: ``touches`` are all the fingers on the canvas now, in canvas
        pixels.  Nothing happens until they lift (a tap) or move (a drag)."""
        points = list(touches)
        if not points:
            return
        self._verb = "tap"
        press = self._press
        if press is not None and press.touch and len(points) >= 2:
            press.fingers = max(press.fingers, len(points))
            press.pinch = (_distance(points[0], points[1]), self._zoom)
            press.mode = "pinch"
            return
        x, y = points[0]
        self._press = _Press(x, y, self._geometry, touch=True, last=(x, y))
        self._press.fingers = len(points)
        if len(points) >= 2:
            self._press.pinch = (_distance(points[0], points[1]), self._zoom)
            self._press.mode = "pinch"

    @_event
    def touch_move(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers moved.  One finger dragged from a lit cell moves the preview of the
        picked card with it; dragged from anywhere else on the table (always, when no card
        is picked) it moves the view; two fingers pinch to zoom."""
        press = self._press
        points = list(touches)
        if press is None or not press.touch or not points:
            return
        if len(points) >= 2:
            distance, zoom = press.pinch
            if press.mode == "pinch" and distance > 0:
                middle = ((points[0][0] + points[1][0]) / 2, (points[0][1] + points[1][1]) / 2)
                self._zoom_to(zoom * _distance(points[0], points[1]) / distance, middle)
            return
        x, y = points[0]
        press.last = (x, y)
        if not press.mode:
            if not self._far(press, x, y):
                return
            start = press.geometry.cell_at(press.x, press.y)
            on_table = start is not None
            mine = self._human_turn() is not None and self._handover is None
            if mine and self._selected is not None and start in self._game.legal_cells():
                press.mode = "preview"
            elif on_table:
                press.mode = "pan"
                self._start_drag(press)
            else:
                press.mode = "none"
        if press.mode == "preview":
            cell = self._geometry.cell_at(x, y)
            lit = cell is not None and cell in self._game.legal_cells()
            self._armed = cell if lit else None
            self._hover_over(cell)
        elif press.mode == "pan":
            self._pan(press, x, y)

    @_event
    def touch_end(self, touches: Sequence[tuple[float, float]]) -> None:
        """Fingers lifted (``touches``: those still down, usually none).  A finger that
        did not move is a tap, at the last place it was: on a hand card it picks the card
        (again: drops it), on a lit cell it shows what placing there would do (again on the
        same cell: places), on the hot-seat curtain it reveals the hand."""
        press = self._press
        if press is None or not press.touch:
            return
        if touches:
            return  # other fingers are still down: the gesture goes on
        self._press = None
        if press.mode == "preview":
            if self._armed is not None:
                self._changed(Change.TEXT)
                self._say(self.status_lines()[0])
            return
        if press.mode or press.fingers > 1:
            return
        self._point(*press.last, touch=True)

    @_event
    def touch_cancel(self, touches: Sequence[tuple[float, float]] = ()) -> None:
        """The browser took the fingers away (a system gesture): forget the gesture."""
        self._press = None

    # ------------------------------------------------------------------ actions
    @_event
    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        if index is None:
            dropped = self._selected is not None
            self._selected = None
            self._disarm()
            self._draw()
            if dropped:
                self._say(self.status_lines()[0])
        else:
            self._pick(index)

    @_event
    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (:attr:`message` says why)."""
        return self._place(cell)

    @_event
    def refresh(self) -> None:
        """Show the game again (after code changed it) and let AI seats go on."""
        self._stop_job()
        self._selected = None  # the hand may have changed under the pick
        self._hint = None
        self._analysis = None
        self._handover = None  # _advance hands over again if the shown hand is not the mover's
        self._disarm()
        self._tell("")
        self._advance()

    def redraw(self) -> None:
        """Build the picture again and show it (a new view of the canvas needs one)."""
        self._draw()

    @_event
    def follow(self, game: Game) -> None:
        """Show ``game``: the same game, moved on elsewhere (by the other seats of a remote
        table, see :mod:`~.remote`).  Its new moves are said, and the last one is lit as if
        it had been made here."""
        seen = self._game.history
        self._game = game
        self._analysis = None
        if not self._hints_allowed():
            self._heat, self._hint = False, None
        now = game.history
        new = now[len(seen) :] if now[: len(seen)] == seen else now[-1:]
        placements = [a for a in new if isinstance(a, Placement)]
        for placement in placements[:-1]:
            self._say(words.move_text(placement, self.labels) + ".")
        if placements:
            self._after_move(placements[-1])
        else:
            self._advance()

    @_event
    def resize(self, width: int, height: int) -> None:
        """The canvas is now ``width`` x ``height`` canvas pixels: fit the table again."""
        self._size = (width, height)
        self._draw()

    @_event
    def new_game(self, seed: int) -> None:
        """Deal a new game with the same seats and rules from ``seed``."""
        if self._remote_refuses("New games are dealt in the lobby."):
            return
        self._leave_replay()
        self._stop_job()
        self._seed = seed
        self._game = Game(len(self.players), seed=seed, rules=self._rules)
        self._dealt = True
        self._rngs = ai_rngs(seed, len(self.players))
        self._reset_view()
        self._tell(f"New game, seed {seed}.")
        self._advance()

    @_event
    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement); the message names every move taken back."""
        if self._looking_back() or self._remote_refuses(
            "Moves made at a classroom table stay made: there is no undo."
        ):
            return
        self._stop_job()
        self._playing = False
        history = self._game.history
        humans = self.seats.humans
        targets = [
            i
            for i, a in enumerate(history)
            if isinstance(a, Placement) and (not humans or a.seat in humans)
        ]
        if not targets:
            self._tell("Nothing to undo yet.")
            self._draw()
            return
        target = targets[-1]
        was_over = self._game.is_over
        while len(self._game.history) > target:
            self._game.undo()
        taken_back = [words.action_text(a, self.labels) for a in history[target:]]
        self._reset_view()  # the hand shown stays; _advance hands over to the mover
        more = " The game goes on from there." if was_over else ""
        self._tell(f"Took back: {'; '.join(taken_back)}.{more}")
        self._advance()

    @_event
    def hint(self) -> Move | None:
        """Ask the hint player for the best move of the seat at this screen: its card gets
        picked and its cell marked.  Returns the move (``None`` when it is not your turn)."""
        seat = self._human_to_play()
        if seat is not None and not self._hints_allowed():
            self._tell(NO_HINTS)
            seat = None
        if seat is None:
            self._draw()
            return None
        values = self._analyze(seat)
        move = max(sorted(values), key=lambda m: values[m])
        self._hint = (move, values[move])
        self._selected = self._hand().index(move.dweebie)
        self._disarm()
        self._tell(
            f"Hint: {self.hint_player.name} would place {NAMES[move.dweebie]} at "
            f"{move.cell} ({words.value_text(values[move])})."
        )
        self._draw()
        return move

    @_event
    def show_heat(self, on: bool) -> None:
        """Shade the lit cells by the hint player's values (the heat map), or stop.  The
        message says whose chances (or values) the shades show, and what to do when no card
        is picked."""
        if on and not self._hints_allowed():
            self._heat = False
            self._tell(NO_HINTS)
            self._draw()
            return
        self._heat = on
        if not on:
            self._tell("")
            self._say("Heat map off.")
        else:
            title = self._heat_title()
            if self._human_turn() is None or self._handover is not None:
                self._tell(f"Heat map: {title}. It shows on your turn, once you pick a card.")
            elif self._selected is None:
                self._tell(f"Heat map: {title}. Pick a card to see it on the lit cells.")
            else:
                self._tell(f"Heat map: {title}.")
        self._draw()

    @_event
    def show_labels(self, on: bool) -> None:
        """Show the coordinates on the lit cells, or hide them."""
        self._labels = on
        self._draw()
        self._say("Coordinates shown on the lit cells." if on else "Coordinates hidden.")

    @_event
    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        if self._looking_back():
            return
        if self._viewer is None or self._handover is not None:
            self._tell("Nobody at this screen can draw right now.")
        else:
            hand = self._hand()
            picked = hand[self._selected] if self._selected is not None else None
            try:
                if self.source is None:
                    self._game.draw(self._viewer)
                else:
                    self._game = self.source.draw()
                self._tell(f"{self.labels[self._viewer]} drew a card.")
            except IllegalMoveError as error:
                if error.reason == "not-owed":
                    self._tell(f"{self.labels[self._viewer]} owes no draw right now.")
                else:
                    self._tell(*words.explain(error))
            if picked is not None:  # hands are sorted: the picked card may have moved
                self._selected = self._hand().index(picked)
        self._draw()

    @_event
    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        if self._looking_back():
            return
        seat = self._game.current_player
        if self._game.is_over or self.players[seat] is None or self._thinking is not None:
            self._tell("No AI is waiting to move.")
            self._draw()
            return
        self._ai_move()

    @_event
    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        if self._looking_back():
            return
        self._playing = on
        if not on:
            self._stop_job()
        self._advance()

    @_event
    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit again).  Never below the fitted
        view (zoom 1), at most :data:`~.geometry.MAX_ZOOM`."""
        if factor is None:
            self._zoom = 1.0
            self._centre = None
            self._draw()
        else:
            self._zoom_by(factor, None)

    @_event
    def fail(self, error: BaseException) -> None:
        """Show that handling an event failed unexpectedly (the glue catches, this says)."""
        self._tell(f"Something went wrong: {error!r}")
        self._changed(Change.TEXT)

    # ------------------------------------------------------------------ pointing
    def _point(self, x: float, y: float, *, touch: bool) -> bool:
        """A click or a tap at ``(x, y)``; returns whether it did nothing useful (no card
        picked or dropped, nothing placed, no hand revealed)."""
        if self._replay is not None:
            return self._replay_point(x, y)
        if self._scene.holds is not None and self._geometry.cell_at(x, y) is not None:
            self._tell('The table is hidden under "What do they hold?": close it to play.')
            self._changed(Change.TEXT)
            return False
        if self._handover is not None:
            self._reveal()
            return False
        g = self._geometry
        index = g.hand_at(x, y)
        cell = g.cell_at(x, y)
        verb = "Tap" if touch else "Click"
        if self._game.is_over:
            self._human_to_play()  # says the game is over, and what to do next
            self._changed(Change.TEXT)
            return True
        if index is not None:
            self._pick(index)
            return False
        if cell is None:
            self._tell(f"{verb} a card of your hand, then a lit cell of the table.")
            self._changed(Change.TEXT)
            return True
        if not touch:
            return self._place(cell) is None
        if self._human_to_play() is None:
            self._changed(Change.TEXT)
            return True
        if self._selected is None:
            self._refuse_pick()
            return True
        if cell not in self._game.legal_cells():
            self._place(cell)  # refused, in plain words
            return True
        if self._armed == cell:
            self._place(cell)
            return False
        self._armed = self._hover = cell
        self._tell("")
        self._draw()
        self._say(self.status_lines()[0])
        return False

    def _far(self, press: _Press, x: float, y: float) -> bool:
        """Whether ``(x, y)`` is far enough from where ``press`` started to be a drag."""
        return math.hypot(x - press.x, y - press.y) >= SLOP * self._ratio

    def _start_drag(self, press: _Press) -> None:
        """A press became a drag that moves the view: what the press said is forgotten."""
        self._message, self._detail = press.message
        self._stop_pulse()

    def _pan(self, press: _Press, x: float, y: float) -> None:
        """Move the view so that the point under the press follows the pointer."""
        g = press.geometry
        w, h = g.cell_size
        r, c = g.view_centre
        self._set_centre((r - (y - press.y) / h, c - (x - press.x) / w))

    def _set_centre(self, centre: tuple[float, float]) -> None:
        self._centre = centre
        geometry = self._layout(self._scene)
        self._centre = geometry.view_centre  # kept on the table
        if geometry != self._geometry:
            self._geometry = geometry
            self._changed(Change.PICTURE)

    def _zoom_by(self, factor: float, at: tuple[float, float] | None) -> None:
        self._zoom_to(self._zoom * factor, at)

    def _zoom_to(self, zoom: float, at: tuple[float, float] | None) -> None:
        """Zoom to ``zoom`` (kept within 1..3); around canvas pixel ``at`` when it is on
        the table (that point stays under it), else around the middle of the view (from the
        fitted view: the middle of the table)."""
        zoom = min(max(zoom, MIN_ZOOM), MAX_ZOOM)
        g = self._geometry
        on_table = at is not None and g.cell_at(*at) is not None
        self._zoom = zoom
        if at is None or not on_table:
            self._centre = g.view_centre
            self._draw()
            self._centre = self._geometry.view_centre
            return
        point = g.point_at(*at)
        scene = self._scene_now()
        fresh = self._layout(scene)  # the new cell size (the view's middle does not change it)
        w, h = fresh.cell_size
        bx, by, bw, bh = fresh.table_band
        self._centre = (point[0] - (at[1] - by - bh / 2) / h, point[1] - (at[0] - bx - bw / 2) / w)
        self._scene, self._geometry = scene, self._layout(scene)
        self._centre = self._geometry.view_centre
        self._changed(Change.PICTURE)

    # ------------------------------------------------------------------ turn flow
    def _human_to_play(self) -> int | None:
        if self._replay is not None:
            self._tell(_LOOKING_BACK)
            return None
        refusal = words.refusal(
            self._game, self.labels, self.players, viewer=self._viewer,
            handover=self._handover, thinking=self._thinking, verb=self._verb,
            again=self._again(),
        )  # fmt: skip
        if refusal is not None:
            self._tell(refusal)
            return None
        return self._game.current_player

    def _pick(self, index: int) -> None:
        seat = self._human_to_play()
        hand = self._hand()
        if seat is None:
            pass
        elif not 0 <= index < len(hand):
            self._tell(f"There is no card {index + 1} in your hand ({len(hand)} cards).")
        elif index == self._selected:
            self._selected = None
            self._tell("")
            self._disarm()
        else:
            self._selected = index
            self._tell("")
            self._disarm()
            self._stop_pulse()
            if self._hint is not None and self._hint[0].dweebie != hand[index]:
                self._hint = None
        self._draw()
        if seat is not None and 0 <= index < len(hand):
            self._say(self.status_lines()[0])

    def _refuse_pick(self) -> None:
        """A cell was chosen with no card picked: say so, and point at the hand."""
        if self._verb == "tap":
            self._tell("Pick a card from your hand first: tap it.")
        else:
            self._tell("Pick a card from your hand first (click it, or press its number).")
        self._pulse_on(None, "hand")

    def _place(self, cell: Cell) -> Placement | None:
        seat = self._human_to_play()
        if seat is None:
            self._changed(Change.TEXT)
            return None
        if self._selected is None:
            self._refuse_pick()
            return None
        dweebie = self._hand()[self._selected]
        later: Game | None = None
        try:
            if self.source is None:
                placement = self._game.play(dweebie, cell)
            else:  # made where the game is kept, which may have moved on since
                placement, later = self.source.play(Move(dweebie, cell))
        except IllegalMoveError as error:
            self._tell(*words.explain(error))
            self._disarm()
            self._pulse_on(cell, "lit")
            return None
        self._tell("")
        if later is not None:
            self.follow(later)
        else:
            self._after_move(placement)
        return placement

    def _hover_over(self, cell: Cell | None) -> None:
        if cell != self._armed:
            self._armed = None
        if cell != self._hover:
            self._hover = cell
            if self._preview() is not None or self._scene.preview is not None:
                self._draw()

    def _disarm(self) -> None:
        """Forget a tapped-once cell (and its preview)."""
        if self._armed is not None:
            if self._hover == self._armed:
                self._hover = None
            self._armed = None

    def _ai_move(self) -> None:
        self._thinking = None
        self._job = None
        game = self._game
        seat = game.current_player
        player = self.players[seat]
        if game.is_over or player is None or isinstance(player, Elsewhere):
            self._advance()
            return
        placement, problem = ai_play(game, player, self._rngs[seat])
        note = ""
        if problem is not None:
            note = f"{self.labels[seat]} {problem} A random legal move was played instead."
        self._after_move(placement, note)

    def _after_move(self, placement: Placement, note: str = "") -> None:
        self._say(words.move_text(placement, self.labels) + ".")
        if note:
            self._tell(note)
        self._selected = None
        self._hint = None
        self._cursor = None
        self._armed = None
        self._centre = None  # the view follows the play again
        self._stop_pulse()
        self._flash = placement.taken if self.flash > 0 else ()
        if self._game.is_over:
            game, labels = self._game, self.labels
            self._say(
                f"Game over: {words.result_title(game, labels, self._me())}. "
                f"{words.result_text(game, labels)}"
            )
        self._advance()

    def _advance(self) -> None:
        """Decide what happens next (a hand-over, an AI move, nothing) and show it."""
        if self._replay is not None:  # the game waits while it is looked back over
            self._draw()
            return
        game = self._game
        if game.is_over:
            self._playing = False
            self._draw()
            self._end_flash_later()
            return
        seat = game.current_player
        player = self.players[seat]
        if player is None:
            if self._viewer is not None and self._viewer != seat:
                if self._handover != seat:
                    self._say(words.curtain(self.labels[seat], self._verb) + ".")
                self._handover = seat
                self._selected = None
            self._viewer = seat if self._handover is None else self._viewer
            self._draw()
            self._end_flash_later()
        elif isinstance(player, Elsewhere):  # it moves elsewhere; follow() shows the move
            self._draw()
            self._end_flash_later()
        elif self._viewer is None and not self._playing:
            self._draw()  # an AI-only game waits for Step or Play
            self._end_flash_later()
        elif self.ai_delay == 0 and not self._playing:
            self._draw()
            self._ai_move()
        else:
            self._thinking = seat
            self._draw()
            delay = max(self.ai_delay, self.flash if self._flash else 0.0)
            self._later(delay, self._ai_move)

    def _end_flash_later(self) -> None:
        if self._flash:
            self._later(self.flash, self._end_flash)

    def _end_flash(self) -> None:
        self._job = None
        self._flash = ()
        self._draw()

    def _reveal(self) -> None:
        self._viewer, self._handover = self._handover, None
        self._tell("")
        self._draw()
        self._say(self.status_lines()[0])

    def _reset_view(self) -> None:
        self._reset_pointing()
        self._flash = ()
        self._handover = None
        self._thinking = None
        self._analysis = None
        self._stop_pulse()
        if self._viewer is None or self.players[self._viewer] is not None:
            self._viewer = self._first_human()

    # ------------------------------------------------------------------ words
    @contextmanager
    def _event_scope(self) -> Iterator[None]:
        """Everything said until the outermost event ends is one announcement.  Words said
        after the event's last change are shown too (one more :attr:`Change.TEXT`)."""
        self._depth += 1
        if self._depth == 1:
            self._said = []
        try:
            yield
        finally:
            self._depth -= 1
        if self._depth == 0 and self._shown != self._announcement_id:
            self._changed(Change.TEXT)

    def _say(self, text: str) -> None:
        """Add ``text`` to this event's announcement (a new announcement if it is the
        event's first)."""
        if not text or text in self._said:
            return
        if not self._said:
            self._announcement_id += 1
        self._said.append(text)
        self._announcement = " ".join(
            s if s.endswith((".", "!", "?", "\u2026")) else s + "." for s in self._said
        )

    def _tell(self, message: str, detail: str = "") -> None:
        """Show ``message`` (and its quieter ``detail``) in the status line, and say it."""
        self._message, self._detail = message, detail
        self._say(message)

    def _me(self) -> int | None:
        """The seat of the one person at this screen, or ``None`` (no one, or several)."""
        humans = self.seats.humans
        return next(iter(humans)) if len(humans) == 1 else None

    def _others(self) -> list[Placement]:
        """The placements of the other seats since the last placement of the seat at this
        screen (in an AI-only game: the last placement), at most one round of them."""
        history = [a for a in self._game.history if isinstance(a, Placement)]
        viewer = self._viewer
        if viewer is None:
            return history[-1:]
        since = history
        for i in range(len(history) - 1, -1, -1):
            if history[i].seat == viewer:
                since = history[i + 1 :]
                break
        return since[-(self._game.players - 1) :] if self._game.players > 1 else []

    def _others_text(self) -> list[str]:
        return [words.move_text(p, self.labels) for p in self._others()]

    def _armed_preview(self) -> tuple[Cell, int] | None:
        """The cell tapped once and how many cards placing there collects, if any."""
        preview = self._preview()
        if self._armed is None or preview is None or preview[0] != self._armed:
            return None
        return preview[0], len(preview[2])

    def _cursor_text(self, cell: Cell) -> str:
        board = self._game.board
        if cell in board:
            return f"Cursor {cell}: {NAMES[board[cell]]}."
        preview = self._preview()
        if preview is not None and preview[0] == cell:
            n = len(preview[2])
            gain = f", collects {words.plural(n, 'card')}" if n else ""
            return f"Cursor {cell}: lit{gain}. Press Enter to place."
        lit = self._human_turn() is not None and cell in self._game.legal_cells()
        return f"Cursor {cell}: {'empty, lit' if lit and self._selected is not None else 'empty'}."

    def _heat_title(self) -> str:
        seat = self._viewer if self._viewer is not None else self._game.current_player
        return words.heat_title(
            self.labels[seat], self.hint_player.name, isinstance(self.hint_player, ExpertPlayer)
        )

    # ------------------------------------------------------------------ timing
    def _later(self, delay: float, job: Job) -> None:
        """Have ``job`` run after ``delay`` seconds; a later call or :meth:`_stop_job`
        cancels it (and a job that runs anyway after being cancelled does nothing)."""
        self._cancel_job()
        token = object()
        self._job = token

        def run() -> None:
            if self._job is token:
                with self._event_scope():
                    job()

        self._cancel_job = self._schedule(delay, run)

    def _stop_job(self) -> None:
        self._cancel_job()
        self._job = None
        self._thinking = None
        self._flash = ()

    def _pulse_on(self, cell: Cell | None, what: str) -> None:
        """Cross out ``cell`` and highlight ``what`` (the lit cells, the hand) for
        :data:`PULSE` seconds: where to look instead."""
        self._refused, self._pulse = cell, what
        self._draw()
        self._cancel_pulse()
        token = object()
        self._pulse_job = token

        def run() -> None:
            if self._pulse_job is token:
                with self._event_scope():
                    self._pulse_job = None
                    self._refused = self._pulse = None
                    self._draw()

        self._cancel_pulse = self._schedule(PULSE, run)

    def _stop_pulse(self) -> None:
        if self._pulse_job is not None:
            self._cancel_pulse()
            self._pulse_job = None
        self._refused = self._pulse = None

    # ------------------------------------------------------------------ helpers
    def _hints_allowed(self) -> bool:
        """Hints and the heat map: always at the screen's own games, at a remote table when
        its source allows them."""
        return self.source is None or self.source.hints

    def _again(self) -> str:
        """What to do once the game is over."""
        return words.AGAIN if self.source is None else AGAIN

    def _remote_refuses(self, message: str) -> bool:
        """At a remote table: say ``message`` and return ``True`` (the action is the
        screen's own games' only)."""
        if self.source is None:
            return False
        self._tell(message)
        self._changed(Change.TEXT)
        return True

    def _first_human(self) -> int | None:
        return self.seats.first_human(self._game.current_player)

    def _hand(self) -> tuple[int, ...]:
        return self._game.hand(self._viewer) if self._viewer is not None else ()

    def _start_cursor(self) -> Cell:
        last = self._game.last_move
        if last is not None:
            return last.cell
        legal = sorted(self._game.legal_cells())
        return legal[0] if legal else (0, 0)

    def _analyze(self, seat: int) -> dict[Move, float]:
        """The hint player's values for ``seat``'s moves, computed once per position."""
        game = self._game
        key = (id(game), seat, game.history, game.hand(seat))  # this very position
        if self._analysis is None or self._analysis[0] != key:
            self._analysis = (key, self.hint_player.analyze(game.view(seat)))  # type: ignore[attr-defined]
        return self._analysis[1]

    def _preview(self) -> tuple[Cell, int, frozenset[Cell]] | None:
        if self._selected is None or self._hover is None or self._handover is not None:
            return None
        if self._human_turn() is None or self._hover not in self._game.legal_cells():
            return None
        dweebie = self._hand()[self._selected]
        taken = self._game.would_collect(self._hover).get(dweebie, frozenset())
        return (self._hover, dweebie, taken)

    def _human_turn(self) -> int | None:
        game = self._game
        if game.is_over or self._thinking is not None:
            return None
        seat = game.current_player
        return seat if self.players[seat] is None and seat == self._viewer else None

    # ------------------------------------------------------------------ the picture
    def _changed(self, change: Change) -> None:
        self._shown = self._announcement_id
        self.on_change(change)

    def _draw(self) -> None:
        self._scene, self._geometry = self._picture()
        self._changed(Change.PICTURE)

    def _picture(self) -> tuple[Scene, Geometry]:
        scene = self._scene_now()
        return scene, self._layout(scene)

    def _scene_now(self) -> Scene:
        """The picture: the game being played, or the step looked back at."""
        if self._replay is not None:
            return self._replay.scene(holds=self._holds)
        scene = self._build_scene()
        if self._holds and self._may_hold():
            scene = replace(scene, holds=self._live_holds())
        return scene

    def _layout(self, scene: Scene) -> Geometry:
        shown = self._replay.position() if self._replay is not None else self._game
        cells = set(scene.board) | set(shown.legal_cells()) | {c for c, _ in scene.flash}
        cells |= scene.taken | {c for c, _ in scene.marks} | {m.cell for m in scene.moves}
        if self._cursor is not None:
            cells.add(self._cursor)
        focus = self._cursor or scene.last
        width, height = self._size
        return Geometry.fit(
            width, height, cells, len(scene.hand), self._zoom, focus,
            ratio=self._ratio, centre=self._centre, min_cell=MIN_TAP,
            graph=GRAPH_H if scene.graph is not None else 0.0,
        )  # fmt: skip

    def _build_scene(self) -> Scene:
        game = self._game
        over = game.is_over
        hand = self._hand()
        mine = self._human_turn() is not None and self._handover is None
        lit = frozenset(game.legal_cells()) if mine and self._selected is not None else frozenset()
        heat: dict[Cell, float] = {}
        heat_text: dict[Cell, str] = {}
        heat_key = None
        if lit and self._heat and self._selected is not None:
            heat, heat_text, heat_key = self._heat_map(hand[self._selected])
        hint = None
        if self._hint is not None and self._hint[0].dweebie in hand and mine:
            hint = (hand.index(self._hint[0].dweebie), self._hint[0].cell)
        last = game.last_placement
        flashing = {c for c, _ in self._flash}
        taken = frozenset(last.collected - game.board.keys() - flashing) if last else frozenset()
        curtain = None
        owner = self._viewer
        if self._handover is not None:
            curtain = words.curtain(self.labels[self._handover], self._verb)
        elif self._thinking is not None and self._viewer is None:
            curtain = f"{self.labels[self._thinking]} is thinking\u2026"
        elif owner is None and not over:  # an AI-only game shows the hand of the AI to move
            owner = game.current_player
            hand = game.hand(owner)
        return Scene(
            board=dict(game.board),
            seats=[
                SeatInfo(
                    label=self.labels[s],
                    score=game.scores[s],
                    cards=len(game.hand(s)),
                    owed=game.owed_draws(s),
                    ai=self.players[s] is not None,
                )
                for s in range(game.players)
            ],
            current=None if over else game.current_player,
            winners=game.winners if over else (),
            pile=game.pile_size,
            hand=hand,
            hand_owner=self.labels[owner] if owner is not None else "",
            curtain=curtain,
            selected=self._selected if mine else None,
            lit=lit,
            link=game.is_split,
            links=game.link_cells if game.is_split else frozenset(),
            groups=reading_order(game.groups) if game.is_split else (),
            last=last.move.cell if last is not None else None,
            taken=taken,
            marks=tuple((p.move.cell, self.labels[p.seat]) for p in self._others()),
            flash=self._flash,
            preview=self._preview(),
            heat=heat,
            heat_text=heat_text,
            heat_key=heat_key,
            hint=hint,
            cursor=self._cursor,
            labels=self._labels,
            refused=self._refused,
            pulse=self._pulse if (self._pulse != "lit" or lit) else None,
            banner=words.banner(game, self.labels, self._me(), self._again()) if over else (),
        )

    def _heat_map(self, dweebie: int) -> tuple[dict[Cell, float], dict[Cell, str], HeatKey]:
        """Shades (0..1), the values written on the cells and the legend of the heat map
        for ``dweebie``: the darkest shade for its worst cell, the lightest for its best
        (so that close values still look different), each cell's value written on it (a win
        chance in percent for the Expert), the legend giving the values at both ends."""
        values = self._analyze(self._game.current_player)
        mine = {m.cell: v for m, v in values.items() if m.dweebie == dweebie}
        title = self._heat_title()
        if not mine:
            return {}, {}, HeatKey(title, "", "")
        chances = isinstance(self.hint_player, ExpertPlayer)
        least, most = min(mine.values()), max(mine.values())
        if chances:  # a decimal when the chances are close, so that the numbers differ too
            digits = 1 if most - least < 0.05 else 0
            text = {c: f"{100 * v:.{digits}f}%" for c, v in mine.items()}
        else:
            text = {c: f"{round(v, 2):g}" for c, v in mine.items()}
        if most > least:
            shade = {c: (v - least) / (most - least) for c, v in mine.items()}
        else:
            shade = dict.fromkeys(mine, 0.5)
        worst, best = min(mine, key=lambda c: (mine[c], c)), max(mine, key=lambda c: (mine[c], c))
        return shade, text, HeatKey(title, f"worst {text[worst]}", f"best {text[best]}")


    # ------------------------------------------------------------------ looking back
    # Review and replay: the screen steps through a game (a Replay) instead of playing it.
    @property
    def replay(self) -> Replay | None:
        """The game being looked back over (its step, its review), or ``None`` in play."""
        return self._replay

    @_event
    def open_review(self) -> None:
        """Look back over the game on the table, from its first move, and have every move
        judged (:func:`~dweebies_widget.ai.review`, by :attr:`review_analyst`): once the game
        is over, or at any time on a teacher's screen.  The game waits meanwhile."""
        if self._replay is not None:
            self.analyse()
            return
        if not self._may_review():
            self._tell(
                "Review opens once the game is over."
                if self._placements()
                else "There is nothing to review yet: no card has been placed."
            )
            self._changed(Change.TEXT)
            return
        self._look_back()
        self._start_review()

    @_event
    def open_replay(self, game: Game | None = None, review: Review | None = None) -> None:
        """Step through ``game`` (default: the game on the table) without judging it; it
        becomes the game on the table (a copy).  ``review``: its moves judged already (a
        :func:`~dweebies_widget.ai.review` of that game), else :meth:`analyse` judges them."""
        if game is not None:
            if game.players != len(self.players):
                raise ValueError(
                    f"this widget has {len(self.players)} seats, the game {game.players}"
                )
            self._leave_replay()
            self._stop_job()
            self._game = game.copy()
            self._dealt = False
        if review is not None and (
            review.players != self._game.players or len(review.moves) != len(self._placements())
        ):
            raise ValueError("this review is of another game (its moves differ)")
        self._look_back(review)

    @_event
    def analyse(self) -> None:
        """Have every move of the game looked back over judged (once)."""
        replay = self._replay
        if replay is None:
            self._tell("Press Review first.")
        elif replay.progress is not None or replay.review is not None:
            self._tell(replay.status_lines()[-1])
        else:
            self._start_review()
            return
        self._changed(Change.TEXT)

    @_event
    def close_review(self) -> None:
        """Stop looking back: the game on the table is shown again, and goes on."""
        if self._replay is None:
            return
        self._leave_replay()
        self._reset_pointing()
        self._tell("")
        self._say("Back to the game.")
        self._advance()
        self._say(self.status_lines()[0])

    @_event
    def go_to(self, step: int) -> None:
        """Show ``step`` of the game looked back over: the table before its placement
        ``step`` (0: the first), or the end (``replay.steps``)."""
        if self._replay is not None:
            self._go(step)

    @_event
    def go_by(self, steps: int) -> None:
        """Step ``steps`` placements forward (back if negative) through the game."""
        if self._replay is not None:
            self._go(self._replay.step + steps)

    @_event
    def play_from_here(self) -> Game | None:
        """Play on from the step shown: the game on the table becomes that position (the
        history up to it, replayed), with the same seats; the later moves are dropped.
        Returns the new game (``None`` when not looking back)."""
        replay = self._replay
        if replay is None:
            self._tell("Play from here works while looking back over a game.")
            self._changed(Change.TEXT)
            return None
        when = replay.when()
        game = replay.game.after(replay.actions())
        self._leave_replay()
        self._game = game
        self._rngs = ai_rngs(self._seed, len(self.players))
        self._playing = False
        self._reset_view()
        self._tell(f"Playing on from {when}, with the same seats.")
        self._advance()
        self._say(self.status_lines()[0])
        return game

    @_event
    def show_holds(self, on: bool) -> None:
        """Show "What do they hold?" over the table (each other seat's likely Dweebies,
        from what one seat could see; the real hands too once the game is over), or the
        table again.  While a game is played, only on a teacher's screen (``review=True``)
        or with nobody at this screen: a player never sees it during their own game."""
        if on and not self._may_hold():
            self._holds = False
            self._tell('"What do they hold?" opens after the game (or on a teacher\'s screen).')
            self._draw()
            return
        self._holds = on
        self._tell("")
        self._draw()
        if on and self._scene.holds is not None:
            self._say(self._scene.holds.title + ".")
        else:
            self._say("The table again.")

    def _may_review(self) -> bool:
        return bool(self._placements()) and (self._game.is_over or self.teacher)

    def _may_hold(self) -> bool:
        return (
            self._replay is not None
            or self.teacher
            or not self.seats.humans
            or self._game.is_over
        )

    def _placements(self) -> list[Placement]:
        return [a for a in self._game.history if isinstance(a, Placement)]

    def _look_back(self, review: Review | None = None) -> None:
        """Start looking back over the game on the table, from its first placement."""
        self._stop_job()
        self._stop_review()
        self._replay = Replay(self._game, self.seats, me=self._me())
        self._replay.review = review
        rounds = review.simulations if review else self.review_analyst.simulations
        self._replay.analyst = ("Expert", rounds or 0)
        self._reset_pointing()
        self._tell("")
        self._draw()
        self._say(f"Looking back over the game. {self.status_lines()[0]}")

    def _leave_replay(self) -> None:
        self._stop_review()
        self._replay = None
        self._holds = False

    def _reset_pointing(self) -> None:
        """Forget the pick, the hint, the cursor and the view (the table shown changes)."""
        self._selected = None
        self._hint = None
        self._hover = None
        self._armed = None
        self._cursor = None
        self._centre = None
        self._press = None
        self._stop_pulse()

    def _looking_back(self) -> bool:
        """Refuse a move while looking back: says why; returns whether it refused."""
        if self._replay is None:
            return False
        self._tell(_LOOKING_BACK)
        self._changed(Change.TEXT)
        return True

    def _go(self, step: int) -> None:
        replay = self._replay
        assert replay is not None
        if not replay.go(step):
            self._say("This is the start." if replay.step == 0 else "This is the end.")
            self._changed(Change.TEXT)
            return
        self._centre = None  # the view follows the moves
        self._tell("")
        self._draw()
        self._say_step()

    def _say_step(self) -> None:
        lines = self.status_lines()
        self._say(lines[0].replace(" -> ", "; "))
        if self._replay is not None and self._replay.judged() is not None:
            self._say(lines[1])

    def _replay_point(self, x: float, y: float) -> bool:
        """A click or a tap while looking back: on the graph it goes to that move; returns
        whether it did nothing useful (a drag from the table then moves the view)."""
        replay = self._replay
        assert replay is not None
        column = self._geometry.graph_column(x, y, replay.steps + 1)
        if column is None:
            return True
        self._go(column)
        return False

    def _replay_key(self, key: str) -> bool:
        """A key while looking back: the arrows, Page Up and Down, Home and End step; the
        zoom keys zoom; others do nothing.  Returns whether the key was handled here."""
        assert self._replay is not None
        step = self._replay.step_for(key)
        if step is not None:
            self._go(step)
        return step is not None or key not in ("+", "=", "-", "0")

    def _start_review(self) -> None:
        """Hand the review of the game looked back over to the reviewer; its answers come
        back as events (progress, then the review or the failure)."""
        replay = self._replay
        assert replay is not None
        replay.progress, replay.failure = (0, replay.steps), ""
        token = object()
        self._review_job = token

        def event(handler: Callable[..., None]) -> Callable[..., None]:
            def run(*args: Any) -> None:
                if self._review_job is token and self._replay is replay:
                    with self._event_scope():
                        handler(*args)

            return run

        job = ReviewJob(
            replay.game, self.review_analyst, 0, self.labels, progress=event(self._reviewing),
            finished=event(self._reviewed), failed=event(self._review_failed),
        )  # fmt: skip
        self._draw()
        self._say(replay.status_lines()[-1])
        self._cancel_review = self._reviewer(job)

    def _stop_review(self) -> None:
        if self._review_job is not None:
            self._cancel_review()
            self._review_job = None
        self._cancel_review = lambda: None

    def _reviewing(self, done: int, total: int) -> None:
        replay = self._replay
        if replay is not None and replay.review is None and replay.progress is not None:
            replay.progress = (done, total)
            self._draw()

    def _reviewed(self, review: Review) -> None:
        replay = self._replay
        assert replay is not None
        self._review_job = None
        replay.review, replay.progress = review, None
        self._draw()
        self._say(words.review_summary(review, self.labels))
        self._say_step()

    def _review_failed(self, error: BaseException) -> None:
        replay = self._replay
        assert replay is not None
        self._review_job = None
        replay.progress, replay.failure = None, str(error) or type(error).__name__
        self._tell(f"The review failed: {replay.failure}")
        self._draw()

    def _observer(self) -> int:
        """Whose view "What do they hold?" reads during play: the one person at this
        screen, else the hand shown, else the seat to play."""
        me = self._me()
        if me is not None:
            return me
        return self._viewer if self._viewer is not None else self._game.current_player

    def _live_holds(self) -> Holds:
        game, observer = self._game, self._observer()
        key = (id(game), game.history, observer)
        if self._holds_cache is None or self._holds_cache[0] != key:
            chart = holds_chart(
                game, observer, self.labels, truth=game.is_over,
                when="at the end" if game.is_over else "now", me=self._me(),
            )  # fmt: skip
            self._holds_cache = (key, chart)
        return self._holds_cache[1]

    def _describe_replay(self) -> str:
        assert self._replay is not None
        return self._replay.describe(self._scene, self.status_lines())


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
