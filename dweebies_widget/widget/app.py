"""The Dweebies widget: a canvas, a status line, buttons and a move log around a session.

Glue to ipywidgets only.  Everything that decides is the widget's
:class:`~dweebies_widget.widget.session.Session` (:attr:`DweebiesWidget.session`, which asks
the :class:`~dweebies_widget.game.Game` every rule question).  The canvas side (events passed
to the session under one lock and guarded, timed jobs on the kernel's event loop, a canvas
sized to the page, one message per redraw, the companion that speaks for the canvas) is
:class:`~.canvas_box.CanvasBox`; the rows of controls are :mod:`~.buttons` and
:mod:`~.review_bar`.  :class:`DweebiesWidget` shows what the session says changed: the
picture painted by :mod:`~dweebies_widget.widget.paint`, the status line, the move log and the
buttons filled from the session's text and :class:`~.session.Controls`.

Once the game is over, the end-of-game panel (:mod:`~.celebration`: the result, every seat's
score, "Review this game", "New game" and "Look at the table") takes the place of the row of
buttons; the canvas then shows the final table without its banner.  Review looks back over
it move by move (the session steps through a :class:`~.replay.Replay`; :mod:`~.review_bar` is
its row of controls, and the review itself runs off the event thread, :mod:`~.background`);
:meth:`DweebiesWidget.replay` opens any game that way.

The status shows a fixed number of lines (the mode's :attr:`~.modes.Mode.budget`: three in
play), the newest news first; the status, the buttons and the log are at least 16 CSS pixels,
and ``presentation=True`` (or the Big button) makes everything half as big again for a
projector.

Seats are people at this screen (given by name) or AI players (any object with
``choose(view, rng)``, or a plain function).  AI seats move by themselves after a short
visible pause (``ai_delay``); with ``ai_delay=0`` they answer at once, inside the handling of
the click that gave them the turn.  Without human seats the game waits for Step or Play.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import ipywidgets as widgets

from ..ai import Review
from ..game import Game
from . import forward
from .announce import Change
from .background import in_background
from .buttons import Buttons
from .canvas_box import DEFAULT_SIZE, CanvasBox, log_html, status_html
from .celebration import Celebration
from .companion import PRESENTATION
from .paint import paint
from .pen import Pen
from .review_bar import ReviewBar
from .seats import Seat
from .session import Session
from .static import play_picture

__all__ = ["DEFAULT_SIZE", "NO_MOTION", "DweebiesWidget"]

NO_MOTION = "dweebies-no-motion"
"""The widget's class when it was made with ``animate=False``: nothing on it moves."""


def _session(name: str) -> Any:
    """A widget method that is its session's, run under the widget's lock."""
    return forward.method("session", name, Session, hold=lambda w: w._lock)


def _setting(name: str, settable: bool = False) -> Any:
    """A widget property that is its session's."""
    return forward.value("session", name, Session, settable=settable, hold=lambda w: w._lock)


class DweebiesWidget(CanvasBox):
    """Play Dweebies by clicking: the table, your hand, the scores, buttons and a move log.

    Args:
        seats: one entry per seat, in seat order: a name (a person at this screen) or an AI
            player (``ExpertPlayer()``, ``GreedyPlayer()``... or a function
            ``f(view, rng) -> Move``).  Default: ``["You", ExpertPlayer()]``.
        width, height: the canvas's display size in CSS pixels; ``None`` (the default)
            follows the page: as wide as the notebook or app allows, as tall as the screen
            allows with the status line and the buttons in view.  A fixed width still
            shrinks to fit a narrower page.
        pixel_ratio: canvas pixels per CSS pixel (2: sharp on high-density screens); the
            canvas's :attr:`geometry` and its mouse and touch events are in canvas pixels.
        options: the game's, as for :class:`~dweebies_widget.widget.session.Session`:
            ``seed`` (deals the cards and seeds the AI players), ``rules``, ``game`` (adopt
            this game: ``seats`` then defaults to one person per seat), ``ai_delay``
            (seconds an AI waits before it moves), ``flash`` (seconds collected cards stay
            lit), ``hint_player`` (whose ``analyze`` gives hints and the heat map),
            ``review`` (a teacher's screen: Review and "What do they hold?" at any time),
            ``review_analyst`` (the Expert that judges a review; reviews run off the
            kernel's event thread) and ``source`` (the seat at this screen plays a table
            kept elsewhere, see :mod:`~dweebies_widget.widget.remote`: no New game, seed box
            or Undo), ``animate`` (default ``True``: a placed card slides in from its
            player's side, collected cards fly to the collector's seat chip with a "+N", in
            at most 400 ms, played by the page; off with ``False`` and when the browser asks
            for reduced motion; the end-of-game panel then comes in without moving too) and
            ``sound`` (default ``False``: a short sound for a collection and for the end of
            the game).
        presentation: for a projector: everything 1.5 times as big (the status, the
            buttons and the log at 24 CSS pixels instead of 16; on the canvas every card,
            chip, tap target and text, laid out at 1.5 times the pixel ratio so the drawing
            stays sharp).  The Big button turns it on and off; so does
            :attr:`presentation`.

    Everything the widget decides is its :attr:`session` (a
    :class:`~dweebies_widget.widget.session.Session`: turn flow, selection, text, the
    picture's data; no widget library there); the widget's own methods below are shortcuts
    to it, run under the widget's lock.

    >>> from dweebies_widget.ai import GreedyPlayer
    >>> w = DweebiesWidget(seats=["Ana", GreedyPlayer()], seed=7, ai_delay=0)
    >>> w.game.players, w.labels
    (2, ('Ana', 'Greedy'))
    """

    session: Session
    session_class: type[Session] = Session
    """What decides; a widget of another kind brings its own (the guided first game's)."""

    def __init__(
        self,
        seats: Sequence[Seat] | None = None,
        *,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        presentation: bool = False,
        **options: Any,
    ) -> None:
        self._start(width, height, pixel_ratio)
        with self._lock:  # a timed job must not run before the widget is built
            cw, ch = self._canvas_size(self._display)
            self.session = self.session_class(
                seats, width=cw, height=ch, pixel_ratio=self._ratio, scheduler=self._schedule,
                reviewer=in_background(self._guarded), **options,
            )  # fmt: skip
            if presentation:
                self.session.table.presentation = True
            self._wire("Dweebies table", status_height="4.2em", log_height="9em")
            self.companion.on_focus(self._guarded(self.session.focus))
            seed = int(options.get("seed", 0))
            self.buttons = Buttons(
                self.session, self.new_game, self._guarded, seed + 1, self._present,
                self.show_result,
            )  # fmt: skip
            self._review_bar: ReviewBar | None = None  # made when first looking back
            self._celebration: Celebration | None = None  # made when a game first ends
            self.controls_row = widgets.VBox([self.buttons.box])
            """Holds the row of buttons of play, or the review bar while looking back."""
            self.controls_row.add_class("dweebies-controls")
            children = [self.companion, self.canvas, self.status, self.controls_row]
            super().__init__([*children, self.move_log])
            self.add_class("dweebies-widget")
            if presentation:
                self.add_class(PRESENTATION)
            if not getattr(self.session, "animate", True):
                self.add_class(NO_MOTION)
            self.session.on_change = self.show
            # The text now; the picture once a page shows the canvas (it asks for it, see
            # CanvasBox): drawn before, it would be drawn twice.
            self.show(Change.TEXT)

    @property
    def controller(self) -> Session:
        """Deprecated name of :attr:`session`."""
        warnings.warn(
            "DweebiesWidget.controller is deprecated: use DweebiesWidget.session",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.session

    def __repr__(self) -> str:
        c = self.session
        deal = "game=<adopted>" if c.seed is None else f"seed={c.seed}"
        return f"DweebiesWidget(seats={list(c.labels)!r}, {deal}): {c.status_lines()[0]}"

    def _repr_svg_(self) -> str:
        # Display data next to the widget view: what pages without Python show (static.py).
        with self._lock:
            pen = Pen()
            self.paint(pen)
            return play_picture(self.session, pen)

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
            c = widget.session
            c.open_replay(game, review=review if isinstance(review, Review) else None)
            if review is True:
                c.open_review()
        return widget

    # Shortcuts to the session, declared once (each keeps the session's docstring).
    open_review = _session("open_review")
    close_review = _session("close_review")
    go_to = _session("go_to")
    play_from_here = _session("play_from_here")
    show_holds = _session("show_holds")
    refresh = _session("refresh")
    follow = _session("follow")
    select = _session("select")
    place = _session("place")
    undo = _session("undo")
    hint = _session("hint")
    draw_owed = _session("draw_owed")
    step = _session("step")
    play = _session("play")
    zoom = _session("zoom")
    status_text = _session("status_text")
    game = _setting("game", settable=True)
    players = _setting("players")
    labels = _setting("labels")
    ai_delay = _setting("ai_delay", settable=True)
    flash = _setting("flash", settable=True)
    hint_player = _setting("hint_player", settable=True)
    geometry = _setting("geometry")
    selected = _setting("selected")
    viewer = _setting("viewer")
    thinking = _setting("thinking")
    zoom_level = _setting("zoom_level")
    message = _setting("message")

    @property
    def presentation(self) -> bool:
        """Presentation mode (see the ``presentation`` option); setting it shows the widget
        again at that size."""
        return self.session.table.presentation

    @presentation.setter
    def presentation(self, on: bool) -> None:
        with self._lock:
            self._present(on)

    def _present(self, on: bool) -> None:
        if on:
            self.add_class(PRESENTATION)
        else:
            self.remove_class(PRESENTATION)
        self.session.presentation = on  # draws the table again at that size

    @property
    def review_bar(self) -> ReviewBar:
        """The controls shown instead of :attr:`buttons` while looking back (made the first
        time they are needed: most games are never looked back over)."""
        if self._review_bar is None:
            self._review_bar = ReviewBar(self.session, self._guarded)
        return self._review_bar

    @property
    def celebration(self) -> Celebration:
        """The end-of-game panel shown instead of :attr:`buttons` once the game is over
        (made the first time a game ends)."""
        if self._celebration is None:
            deal = self.new_game if self.session.play_mode.own_games else None
            self._celebration = Celebration(self.session, self._guarded, deal, self._refill)
        return self._celebration

    @property
    def celebrating(self) -> bool:
        """Whether the end-of-game panel is shown now."""
        return self._celebration is not None and self.controls_row.children == (
            self._celebration.box,
        )

    def show_result(self) -> None:
        """Show the end-of-game panel again after "Look at the table" (the Result button)."""
        with self._lock:
            self.celebration.open()
            self._refill()

    def _refill(self) -> None:
        self.show(Change.TEXT)

    @property
    def reviewed(self) -> Review | None:
        """The review of the game looked back over, once its moves are judged."""
        replay = self.session.replay
        return replay.review if replay is not None else None

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game with the same seats and rules (``seed`` defaults to the seed box)."""
        with self._lock:
            box = self.buttons.seed
            if box is None:  # a seat whose table is elsewhere: the session says no
                self.session.new_game(seed or 0)
                return
            seed = box.value if seed is None else seed
            box.value = seed + 1  # the next New game deals afresh
            self.session.new_game(seed)

    # ------------------------------------------------------------------ glue
    def paint(self, pen: Pen, *, banner: bool = True) -> None:
        """Paint the picture onto ``pen``: the table, and what the session's mode writes
        over it (the guided game's callouts).  ``banner=False`` leaves out the end-of-game
        banner over the table (the live widget tells the result in its panel,
        :attr:`celebration`, so the final table can be seen)."""
        c = self.session
        scene = c.scene if banner or not c.scene.banner else replace(c.scene, banner=())
        paint(pen, c.geometry, scene, c.overlay())

    def show(self, change: Change) -> None:
        """Show what the session says changed: the picture (one message) and the text."""
        c = self.session
        if change is Change.PICTURE:
            pen = Pen()
            self.paint(pen, banner=False)
            self._draw(pen)
        self._status_rows(c.mode.budget)
        self.status.value = status_html(c.status_lines(), c.detail)
        self.move_log.value = log_html(c.log_entries(), "No moves yet.")
        self.buttons.update(c.controls())
        over = c.game.is_over and c.replay is None
        if not over and self._celebration is not None:
            self._celebration.open()  # the next game's end shows it again
        if c.replay is not None:
            if self._celebration is not None:  # looked back: the result has been seen
                self._celebration.hidden = True
            self.review_bar.update()
            row = self.review_bar.box
        elif over and not self.celebration.hidden:
            self.celebration.update()
            row = self.celebration.box
        else:
            row = self.buttons.box
        self.buttons.offer_result(over)
        if self.controls_row.children != (row,):  # the controls of play, or of looking back
            self.controls_row.children = (row,)
        self._speak()
