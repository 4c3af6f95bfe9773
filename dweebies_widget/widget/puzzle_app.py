"""The puzzle widget: the goal, a canvas, a status line, buttons and a log around a
:class:`~dweebies_widget.widget.puzzle_set.PuzzleController`.

Glue only, as :mod:`~dweebies_widget.widget.app` is for play, on the same
:class:`~.canvas_box.CanvasBox`: canvas events and button clicks go to the set of puzzles as plain
method calls, each under one lock and guarded (a failure becomes a message, never a traceback
in the notebook); timed jobs (a flash, the steps of a proof, taking a wrong move back) run on
the kernel's event loop under the same lock; the canvas follows the page, and the companion
speaks for the canvas (the board in words, and each announcement).  Every redraw is one
message: the play picture and the puzzle's overlay are painted on one recording
:class:`~dweebies_widget.widget.paint.Pen`, replayed inside ``hold_canvas``.

From the top: the title (the puzzle's own number, kind, rating, score), the goal (two lines'
room, so that the table keeps its size from one puzzle to the next), the canvas, the status
(:data:`~dweebies_widget.widget.puzzle.STATUS_LINES` lines in a box of fixed height, class
``dweebies-status``), the buttons (Hint, Start again, Previous, Next and Filters in a set of
more than one puzzle, Big for presentation mode, and Check in a ``where`` puzzle, last, so
that no button moves when it comes and goes), under them what the goal needs that the table
does not show (a ``safe`` puzzle: the copies of each Dweebie in play the solver has not seen,
class ``dweebies-puzzle-needs``) and the filters while Filters is pressed (by kind, theme and
rating), then the log of answers and hints.  The page keeps the buttons and what is under
them in view with the table (the row of class ``dweebies-controls``).  The title's, the
goal's and the needs' text is as big as the status's.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ..puzzles import glicko
from ..puzzles.kinds import kind, names
from ..puzzles.model import Puzzle
from . import forward
from .announce import Change
from .buttons import TAP
from .canvas_box import CanvasBox, log_html, status_html
from .companion import PRESENTATION
from .paint import paint
from .pen import Pen
from .puzzle import STATUS_LINES, theme_name
from .puzzle_set import BANDS, PuzzleController, Rating, band
from .static import puzzle_picture

__all__ = ["PuzzleWidget"]

_ALL = "all"
_TEXT = "font-size: var(--dweebies-text, 16px); line-height: 1.35"
"""The title's, the goal's and the needs' text: as big as the status's."""
_NEEDS = "max-height: 4.05em; overflow-y: auto"
# The goal's box keeps one height for the whole set, so the buttons never move: two lines,
# or three when a goal is longer than two lines hold (a house rule's goal states the rule).
_GOAL_LINE_CHARACTERS = 75
"""What a goal needs takes three lines at most (then it scrolls): the table keeps its room."""


def _layout(**extra: str) -> Any:
    return widgets.Layout(width="auto", height=TAP, min_width=TAP, **extra)


def _session(name: str) -> Any:
    """A widget method that is its set of puzzles', run under the widget's lock."""
    return forward.method("session", name, PuzzleController, hold=lambda w: w._lock)


def _setting(name: str) -> Any:
    """A widget property that is its set of puzzles'."""
    return forward.value("session", name, PuzzleController)


class PuzzleWidget(CanvasBox):
    """Puzzles to solve by clicking, tapping or with the keyboard: a goal, a position, and
    a verdict for every answer.

    Args:
        puzzles: the puzzles, in the order given (one puzzle made with
            :meth:`Puzzle.make <dweebies_widget.puzzles.Puzzle.make>` for a lesson); ``None``:
            the shipped set, easy to hard.
        kind: show only this kind (``"haul"``, ``"rejoin"``, ``"safe"``, ``"where"``,
            ``"endgame"``).
        themes: show only puzzles with this theme (or every theme of a list).
        rating: show only a band of ratings (``"easy"`` 600-1199, ``"medium"`` 1200-1799,
            ``"hard"`` 1800-2400), ratings from ``(lowest, highest)``, or one rating.
        seed: the order of the shipped set's puzzles of one rating.
        student: the student's rating (a number, or a
            :class:`~dweebies_widget.puzzles.glicko.Rating`): puzzles are served nearest
            it first, and each first answer updates it (:attr:`student`).
        width, height: the canvas's display size in CSS pixels; ``None`` follows the page.
        pixel_ratio: canvas pixels per CSS pixel.
        presentation: for a projector: everything 1.5 times as big (the status, the
            buttons, the goal and the canvas); the Big button turns it on and off.
        timing: ``flash``, ``step`` and ``reset``, seconds, as for
            :class:`~dweebies_widget.widget.puzzle.PuzzleBoard`.

    A teacher's cell can collect :attr:`solved`, :attr:`attempts` and :meth:`results`.

    >>> w = PuzzleWidget(kind="haul")
    >>> w.puzzle.kind, w.index, len(w.puzzles) >= 30
    ('haul', 0, True)
    """

    session: PuzzleController
    """Everything that decides: the set of puzzles and the board of the one shown."""

    def __init__(
        self,
        puzzles: Iterable[Puzzle] | None = None,
        kind: str | None = None,
        themes: str | Iterable[str] | None = None,
        rating: Rating | None = None,
        seed: int = 0,
        *,
        student: glicko.Rating | float | None = None,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        presentation: bool = False,
        **timing: Any,
    ) -> None:
        self._start(width, height, pixel_ratio)
        self._syncing = False
        self._watchers: list[Callable[[], object]] = []
        with self._lock:
            cw, ch = self._canvas_size(self._display)
            self.session = PuzzleController(
                puzzles, kind=kind, themes=themes, rating=rating, seed=seed, student=student,
                scheduler=self._schedule, width=cw, height=ch, pixel_ratio=self._ratio,
                presentation=presentation, **timing,
            )  # fmt: skip
            longest = max(len(p.goal) for p in self.session.pool)
            self._goal_lines = 3 if longest > 2 * _GOAL_LINE_CHARACTERS else 2
            self._wire("Dweebies puzzle table", status_height="4.2em", log_height="7em")
            self._status_rows(STATUS_LINES)
            self.title = widgets.HTML()
            self.title.add_class("dweebies-puzzle-title")
            self.goal = widgets.HTML()
            self.goal.add_class("dweebies-puzzle-goal")
            self._build_buttons()
            super().__init__(
                [self.companion, self.title, self.goal, self.canvas, self.status,
                 self.controls_row, self.move_log]
            )  # fmt: skip
            self.companion.on_focus(self._guarded(self.session.focus))
            self.add_class("dweebies-widget")
            self.add_class("dweebies-puzzles")
            if presentation:
                self.add_class(PRESENTATION)
            self.session.on_change = self.show
            self.show(Change.PICTURE)

    def __repr__(self) -> str:
        c = self.session
        n = len(c.shown)
        many = f"{n} puzzle{'s' if n != 1 else ''}"
        return f"PuzzleWidget({many}): {c.title()}. Goal: {c.puzzle.goal}"

    def _repr_svg_(self) -> str:
        # Display data next to the widget view: what pages without Python show (static.py).
        with self._lock:
            return puzzle_picture(self.session)

    # ------------------------------------------------------------------ public API
    # Shortcuts to the set of puzzles, declared once (each keeps its docstring).
    puzzle = _setting("puzzle")
    student = _setting("student")
    index = _setting("index")
    solved = _setting("solved")
    attempts = _setting("attempts")
    score = _setting("score")
    streak = _setting("streak")
    geometry = _setting("geometry")
    message = _setting("message")
    results = _session("results")
    follow = _session("follow")
    status_text = _session("status_text")
    select = _session("select")
    place = _session("place")
    mark = _session("mark")
    check = _session("check")
    hint = _session("hint")
    again = _session("again")
    next = _session("next")
    previous = _session("previous")
    go = _session("go")

    @property
    def presentation(self) -> bool:
        """Presentation mode (see the ``presentation`` option); setting it shows the widget
        again at that size."""
        return self.session.presentation

    @presentation.setter
    def presentation(self, on: bool) -> None:
        with self._lock:
            if on:
                self.add_class(PRESENTATION)
            else:
                self.remove_class(PRESENTATION)
            self.session.presentation = on
            self.big_button.value = bool(on)

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """The puzzles the filters let through, in order."""
        return self.session.shown

    def filter(self, **filters: Any) -> bool:
        """Change the filters (``kind=``, ``themes=``, ``rating=``; ``None`` lets every
        value through); returns whether they changed (not when no puzzle would pass)."""
        with self._lock:
            changed = self.session.set_filters(**filters)
            self._sync_filters()
            return changed

    # ------------------------------------------------------------------ buttons
    def _build_buttons(self) -> None:
        c = self.session
        on = self._guarded

        def button(label: str, tip: str, action: Callable[[], object], icon: str = "") -> Any:
            b = widgets.Button(description=label, tooltip=tip, icon=icon, layout=_layout())
            b.on_click(on(lambda _b: action()))
            return b

        self.hint_button = button("Hint", "First the card, then where to look (H)", c.hint,
                                  "lightbulb-o")  # fmt: skip
        self.check_button = button("Check", "Check the cells you marked (C)", c.check, "check")
        self.again_button = button("Start again", "Set this puzzle back to its start (R)",
                                   c.again, "undo")  # fmt: skip
        self.previous_button = button("Previous", "The previous puzzle (P)", c.previous,
                                      "arrow-left")  # fmt: skip
        self.next_button = button("Next", "The next puzzle (N)", c.next, "arrow-right")
        pool = c.pool
        kinds = [k for k in names() if any(p.kind == k for p in pool)]
        themes = sorted({t for p in pool for t in p.themes})
        bands = [(n, span) for n, span in BANDS.items() if any(band(p.rating) == n for p in pool)]
        f = c.filters
        kind_options = [("Every kind", _ALL)] + [(kind(k).title, k) for k in kinds]
        theme_options = [("Every theme", _ALL)] + [(theme_name(t), t) for t in themes]
        if len(f.themes) > 1:
            theme_options.append((" + ".join(map(theme_name, sorted(f.themes))), _key(f.themes)))
        rating_options = [("Every rating", _ALL)] + [
            (f"{n.capitalize()} ({low} to {high})", _span((low, high))) for n, (low, high) in bands
        ]
        if f.rating is not None and f.rating not in BANDS.values():
            rating_options.append((f"{f.rating[0]} to {f.rating[1]}", _span(f.rating)))
        style = {"description_width": "initial"}
        self.kind_filter = widgets.Dropdown(options=kind_options, description="Kind",
                                            style=style, layout=_layout())  # fmt: skip
        self.theme_filter = widgets.Dropdown(options=theme_options, description="Theme",
                                             style=style, layout=_layout())  # fmt: skip
        self.rating_filter = widgets.Dropdown(options=rating_options, description="Rating",
                                              style=style, layout=_layout())  # fmt: skip
        self._sync_filters()
        for dropdown in (self.kind_filter, self.theme_filter, self.rating_filter):
            dropdown.observe(on(self._filter_changed), "value")
        self.filters = widgets.HBox(
            [self.kind_filter, self.theme_filter, self.rating_filter],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.filters.add_class("dweebies-puzzle-filters")
        self.filters_button = widgets.ToggleButton(
            description="Filters", tooltip="Choose the puzzles by kind, theme and rating",
            icon="filter", layout=_layout(),
        )  # fmt: skip
        self.filters_button.observe(on(lambda _change: self.show(Change.TEXT)), "value")
        self.big_button = widgets.ToggleButton(
            description="Big", tooltip="Presentation mode: everything bigger, for a projector",
            icon="television", value=c.presentation, layout=_layout(),
        )  # fmt: skip
        self.big_button.observe(on(self._big_pressed), "value")
        self.buttons = widgets.HBox(
            [self.hint_button, self.again_button, self.previous_button, self.next_button,
             self.filters_button, self.big_button, self.check_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        self.needs = widgets.HTML()
        """What the goal needs that the table does not show (see the module docstring)."""
        self.needs.add_class("dweebies-puzzle-needs")
        self.controls_row = widgets.VBox([self.buttons, self.needs, self.filters])
        """The buttons, and under them what the goal needs and the filters while Filters is
        pressed (the page keeps all of it in view with the table)."""
        self.controls_row.add_class("dweebies-controls")
        self.buttons.add_class("dweebies-buttons")

    def _big_pressed(self, change: Any) -> None:
        if bool(change["new"]) != self.presentation:
            self.presentation = change["new"]

    def _sync_filters(self) -> None:
        """Show the set's filters in the dropdowns."""
        f = self.session.filters
        values = (
            f.kind or _ALL,
            _key(f.themes) if f.themes else _ALL,
            _span(f.rating) if f.rating else _ALL,
        )
        self._syncing = True
        try:
            for dropdown, value in zip(
                (self.kind_filter, self.theme_filter, self.rating_filter), values, strict=True
            ):
                if value in [v for _, v in dropdown.options] and dropdown.value != value:
                    dropdown.value = value
        finally:
            self._syncing = False

    def _filter_changed(self, _change: object) -> None:
        if self._syncing:
            return
        kind = self.kind_filter.value
        theme = self.theme_filter.value
        rating = self.rating_filter.value
        self.session.set_filters(
            kind=None if kind == _ALL else kind,
            themes=None if theme == _ALL else theme.split("+"),
            rating=None if rating == _ALL else _unspan(rating),
        )
        self._sync_filters()  # refused filters go back to what is shown

    # ------------------------------------------------------------------ glue
    def on_update(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` after every change shown (an answer checked, a hint, the
        next puzzle...): a lesson's cell that waits for the board
        (:func:`dweebies_widget.lessons.reveal`) reads :meth:`results` then."""
        self._watchers.append(callback)

    def show(self, change: Change) -> None:
        """Show what the set of puzzles says changed: the picture (one message) and the text."""
        self._show(change)
        for callback in self._watchers:
            callback()

    def _show(self, change: Change) -> None:
        c = self.session
        if change is Change.PICTURE:
            pen = Pen()
            paint(pen, c.geometry, c.scene, c.overlay())
            self._draw(pen)
        self.title.value = (
            f"<div style='{_TEXT}'><b>{html.escape(c.title())}</b> <span style='color: #57606a'>"
            f"&nbsp;&nbsp;{html.escape(c.progress())}</span></div>"
        )
        self.goal.value = (
            f"<div style='{_TEXT}; min-height: {1.35 * self._goal_lines:.2f}em'><b>Goal:</b> "
            f"{html.escape(c.goal)}</div>"
        )
        self.needs.value = f"<div style='{_TEXT}; {_NEEDS}'>{html.escape(c.needs)}.</div>"
        self.needs.layout.display = None if c.needs else "none"
        self.status.value = status_html(c.status_lines(), c.board.detail)
        self.move_log.value = log_html(
            c.log_entries(), "Your answers and hints will be listed here."
        )
        controls = c.controls()
        self.hint_button.disabled = not controls.hint
        self.check_button.disabled = not controls.check
        self.check_button.layout.display = None if controls.where else "none"
        self.previous_button.disabled = not controls.previous
        self.next_button.disabled = not controls.next
        for extra in (self.previous_button, self.next_button, self.filters_button):
            extra.layout.display = None if controls.many else "none"
        shown = controls.many and self.filters_button.value
        self.filters.layout.display = None if shown else "none"
        self._speak()


def _key(themes: Iterable[str]) -> str:
    return "+".join(sorted(themes))


def _span(rating: tuple[int, int]) -> str:
    low, high = rating
    return str(low) if low == high else f"{low}-{high}"


def _unspan(text: str) -> Rating:
    low, _, high = text.partition("-")
    return int(low) if not high else (int(low), int(high))
