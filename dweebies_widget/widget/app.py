"""The Dweebies widget: a canvas, a status line, buttons and a move log around a controller.

Everything that decides lives in :class:`~dweebies_widget.widget.controller.Controller` (which
itself asks the :class:`~dweebies_widget.game.Game` every rule question); this module is the
glue to ipywidgets only.  The canvas side (events passed to the controller under one lock and
guarded, timed jobs on the kernel's event loop, a canvas sized to the page, one message per
redraw, the companion that speaks for the canvas) is :class:`~.canvas_box.CanvasBox`; the
rows of controls are :mod:`~.buttons` and :mod:`~.review_bar`.  :class:`DweebiesWidget` shows
what the controller says changed: the picture painted by :mod:`~dweebies_widget.widget.paint`,
the status line, the move log and the buttons filled from the controller's text and
:class:`~.controller.Controls`.

Once the game is over, Review looks back over it move by move (the controller steps through a
:class:`~.replay.Replay`; :mod:`~.review_bar` is its row of controls, and the review itself
runs off the event thread, :mod:`~.background`); :meth:`DweebiesWidget.replay` opens any game
that way.

Seats are people at this screen (given by name) or AI players (any object with
``choose(view, rng)``, or a plain function).  AI seats move by themselves after a short
visible pause (``ai_delay``); with ``ai_delay=0`` they answer at once, inside the handling of
the click that gave them the turn.  Without human seats the game waits for Step or Play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..ai import ExpertPlayer, Player, Review
from ..game import Game, Move, Placement, Rules
from ..grid import Cell
from .background import in_background
from .buttons import Buttons
from .canvas_box import DEFAULT_SIZE, CanvasBox, log_html, status_html
from .controller import Change, Controller
from .geometry import Geometry
from .paint import Pen, paint
from .remote import Source
from .review_bar import ReviewBar
from .seats import Seat
from .static import play_picture

__all__ = ["DEFAULT_SIZE", "DweebiesWidget"]


class DweebiesWidget(CanvasBox):
    """Play Dweebies by clicking: the table, your hand, the scores, buttons and a move log.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (``ExpertPlayer()``, ``GreedyPlayer()``... or a function
            ``f(view, rng) -> Move``).  Default: ``["You", ExpertPlayer()]``.
        seed: deals the cards (same seed, same deal) and seeds the AI players.
        rules: rule options (:class:`~dweebies_widget.game.Rules`).
        game: adopt this game instead of dealing a new one (``seats`` then defaults to one
            person per seat).
        ai_delay: seconds an AI waits before it moves, so its move can be followed.
        flash: seconds the collected cards stay lit before they leave the table.
        width, height: the canvas's display size in CSS pixels; ``None`` (the default)
            follows the page: as wide as the notebook or app allows, as tall as the screen
            allows with the status line and the buttons in view.  A fixed width still
            shrinks to fit a narrower page.
        pixel_ratio: canvas pixels per CSS pixel (2: sharp on high-density screens); the
            canvas's :attr:`geometry` and its mouse and touch events are in canvas pixels.
        hint_player: the player whose ``analyze`` gives hints and the heat map
            (default ``ExpertPlayer(simulations=300)``).
        review: a teacher's screen: Review and "What do they hold?" at any time, not only
            once the game is over.
        review_analyst: the Expert that judges the moves in a review (default
            ``ExpertPlayer(simulations=300)``; always a budget in rounds, so a review is the
            same on every machine).  Reviews run off the kernel's event thread.
        source: the seat at this screen plays a table kept elsewhere (a classroom's seat,
            see :mod:`~dweebies_widget.widget.remote`; ``game`` is then its
            :class:`~.remote.SeatGame`): its moves are made there, and the screen has no New
            game, seed box or Undo.

    >>> from dweebies_widget.ai import GreedyPlayer
    >>> w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0)
    >>> w.game.players, w.labels
    (2, ('Ana', 'Greedy'))
    """

    controller: Controller
    """Everything that decides: turn flow, selection, text, the picture's data."""
    controller_class: type[Controller] = Controller
    """What decides; a widget of another kind brings its own (the guided first game's)."""

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
        pixel_ratio: float = 2,
        hint_player: Player | None = None,
        review: bool = False,
        review_analyst: ExpertPlayer | None = None,
        source: Source | None = None,
    ) -> None:
        self._start(width, height, pixel_ratio)
        with self._lock:  # a timed job must not run before the widget is built
            cw, ch = self._canvas_size(self._display)
            # Everything that decides: turn flow, selection, text, the picture's data.
            self.controller = self.controller_class(
                seats, seed=seed, rules=rules, game=game, ai_delay=ai_delay, flash=flash,
                width=cw, height=ch, pixel_ratio=self._ratio, hint_player=hint_player,
                scheduler=self._schedule, review=review, review_analyst=review_analyst,
                reviewer=in_background(self._guarded), source=source,
            )  # fmt: skip
            self._wire("Dweebies table", status_height="5.6em", log_height="9em")
            self.buttons = Buttons(self.controller, self.new_game, self._guarded, seed + 1)
            self._review_bar: ReviewBar | None = None  # made when first looking back
            self._row = widgets.VBox([self.buttons.box])  # holds one row or the other
            self._row.add_class("dweebies-controls")
            super().__init__([self.companion, self.canvas, self.status, self._row, self.move_log])
            self.add_class("dweebies-widget")
            self.controller.on_change = self._show
            # The text now; the picture once a page shows the canvas (it asks for it, see
            # CanvasBox._on_client_ready): drawn before, it would be drawn twice.
            self._show(Change.TEXT)

    def __repr__(self) -> str:
        c = self.controller
        deal = "game=<adopted>" if c.seed is None else f"seed={c.seed}"
        return f"DweebiesWidget(seats={list(c.labels)!r}, {deal}): {c.status_lines()[0]}"

    def _repr_svg_(self) -> str:
        # Display data next to the widget view: what pages without Python show (static.py).
        with self._lock:
            pen = Pen()
            self._paint(pen)
            return play_picture(self.controller, pen)

    # ------------------------------------------------------------------ public API
    @classmethod
    def replay(
        cls,
        game: Game,
        seats: Sequence[Seat] | None = None,
        *,
        review: Review | bool = False,
        **options: Any,
    ) -> DweebiesWidget:
        """A widget that steps through ``game`` (finished or not, a loaded save too) one
        placement at a time, without play; Review judges every move, Play from here plays on.

        ``review``: a :func:`~dweebies_widget.ai.review` of this very game to show at once,
        or ``True`` to have the moves judged now.  ``seats`` (names, by default "Player 1"...)
        and ``options`` are as for the widget itself.

        >>> from dweebies_widget import Game
        >>> game = Game(2, seed=7)
        >>> _ = game.play(game.legal_moves()[0])
        >>> w = DweebiesWidget.replay(game, ["Ana", "Ben"])
        >>> w.status_text().splitlines()[0]
        'Move 1 of 1: Ana placed Aroo at (0, 0).'
        """
        widget = cls(seats, game=game.copy(), **options)
        with widget._lock:
            c = widget.controller
            c.open_replay(game, review=review if isinstance(review, Review) else None)
            if review is True:
                c.open_review()
        return widget

    def open_review(self) -> None:
        """Look back over the game move by move, every move judged (as Review does)."""
        with self._lock:
            self.controller.open_review()

    def close_review(self) -> None:
        """Stop looking back (as Back to the game does)."""
        with self._lock:
            self.controller.close_review()

    def go_to(self, step: int) -> None:
        """While looking back: show the table before placement ``step`` (0: the first)."""
        with self._lock:
            self.controller.go_to(step)

    def play_from_here(self) -> Game | None:
        """While looking back: play on from the table shown, with the same seats."""
        with self._lock:
            return self.controller.play_from_here()

    def show_holds(self, on: bool = True) -> None:
        """Show "What do they hold?" (each other seat's likely cards), or the table again."""
        with self._lock:
            self.controller.show_holds(on)

    @property
    def review_bar(self) -> ReviewBar:
        """The controls shown instead of :attr:`buttons` while looking back (made the first
        time they are needed: most games are never looked back over)."""
        if self._review_bar is None:
            self._review_bar = ReviewBar(self.controller, self._guarded)
        return self._review_bar

    @property
    def reviewed(self) -> Review | None:
        """The review of the game looked back over, once its moves are judged."""
        replay = self.controller.replay
        return replay.review if replay is not None else None

    @property
    def game(self) -> Game:
        """The game on the table (the rules core's :class:`Game`).  Change it from a cell and
        call :meth:`refresh`, or assign a new game with the same number of seats."""
        return self.controller.game

    @game.setter
    def game(self, game: Game) -> None:
        with self._lock:
            self.controller.game = game

    @property
    def players(self) -> tuple[Player | None, ...]:
        """Per seat: its AI player, or ``None`` for a person at this screen."""
        return self.controller.players

    @property
    def labels(self) -> tuple[str, ...]:
        """Per seat: the name shown."""
        return self.controller.labels

    @property
    def ai_delay(self) -> float:
        """Seconds an AI waits before it moves."""
        return self.controller.ai_delay

    @ai_delay.setter
    def ai_delay(self, seconds: float) -> None:
        self.controller.ai_delay = seconds

    @property
    def flash(self) -> float:
        """Seconds collected cards stay lit before they leave the table."""
        return self.controller.flash

    @flash.setter
    def flash(self, seconds: float) -> None:
        self.controller.flash = seconds

    @property
    def hint_player(self) -> Player:
        """The player whose ``analyze`` gives hints and the heat map."""
        return self.controller.hint_player

    @hint_player.setter
    def hint_player(self, player: Player) -> None:
        self.controller.hint_player = player

    @property
    def geometry(self) -> Geometry:
        """Where things are on :attr:`canvas`, in canvas pixels (the last picture drawn)."""
        return self.controller.geometry

    @property
    def selected(self) -> int | None:
        """Index of the picked card in the shown hand, or ``None``."""
        return self.controller.selected

    @property
    def viewer(self) -> int | None:
        """The seat whose hand is shown (a person at this screen), or ``None``."""
        return self.controller.viewer

    @property
    def thinking(self) -> bool:
        """Whether an AI move is waiting to be played (during ``ai_delay``)."""
        return self.controller.thinking

    def refresh(self) -> None:
        """Redraw from the game (after a notebook cell changed it) and let AI seats go on."""
        with self._lock:
            self.controller.refresh()

    def follow(self, game: Game) -> None:
        """Show ``game``, the same game moved on elsewhere (the other seats of a remote
        table, see :mod:`~dweebies_widget.widget.remote`): its new moves are said and the
        last one is lit."""
        with self._lock:
            self.controller.follow(game)

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same seats and rules (``seed`` defaults to the seed box)."""
        with self._lock:
            box = self.buttons.seed
            if box is None:  # a seat whose table is elsewhere: the controller says no
                self.controller.new_game(seed or 0)
                return
            seed = box.value if seed is None else seed
            box.value = seed + 1  # the next New game deals afresh
            self.controller.new_game(seed)

    def select(self, index: int | None) -> None:
        """Pick the hand card at ``index`` (``None`` drops the pick), as a click on it does."""
        with self._lock:
            self.controller.select(index)

    def place(self, cell: Cell) -> Placement | None:
        """Place the picked card on ``cell``, as a click on it does; returns the placement,
        or ``None`` when the click was refused (the status line says why)."""
        with self._lock:
            return self.controller.place(cell)

    def undo(self) -> None:
        """Take back moves up to the last placement of a person at this screen (in an
        AI-only game: the last placement)."""
        with self._lock:
            self.controller.undo()

    def hint(self) -> Move | None:
        """Ask the hint player for the best move of the seat at this screen: its card gets
        picked and its cell marked.  Returns the move (``None`` when it is not your turn)."""
        with self._lock:
            return self.controller.hint()

    def draw_owed(self) -> None:
        """Take one owed draw for the seat at this screen (``Rules(auto_draw=False)``)."""
        with self._lock:
            self.controller.draw_owed()

    def step(self) -> None:
        """Let the AI whose turn it is make one move (for AI-only games)."""
        with self._lock:
            self.controller.step()

    def play(self, on: bool = True) -> None:
        """Let AI seats play on by themselves (``on=False`` pauses an AI-only game)."""
        with self._lock:
            self.controller.play(on)

    def zoom(self, factor: float | None) -> None:
        """Zoom the table by ``factor`` (``None``: fit the whole table again)."""
        with self._lock:
            self.controller.zoom(factor)

    @property
    def zoom_level(self) -> float:
        """The current zoom (1 = the whole table fits)."""
        return self.controller.zoom_level

    @property
    def message(self) -> str:
        """The last message shown (a refused click's reason, a hint...), or ``""``."""
        return self.controller.message

    def status_text(self) -> str:
        """The status line as plain text."""
        return self.controller.status_text()

    # ------------------------------------------------------------------ glue
    def _paint(self, pen: Pen) -> None:
        """Paint the picture (a widget of another kind adds what it draws over it)."""
        paint(pen, self.controller.geometry, self.controller.scene)

    def _show(self, change: Change) -> None:
        """Show what the controller says changed: the picture (one message) and the text."""
        c = self.controller
        if change is Change.PICTURE:
            pen = Pen()
            self._paint(pen)
            self._draw(pen)
        self.status.value = status_html(c.status_lines(), c.detail)
        self.move_log.value = log_html(c.log_entries(), "No moves yet.")
        self.buttons.update(c.controls())
        if c.replay is not None:
            self.review_bar.update()
        row = self.review_bar.box if c.replay is not None else self.buttons.box
        if self._row.children != (row,):  # the controls of play, or of looking back
            self._row.children = (row,)
        self._speak()
