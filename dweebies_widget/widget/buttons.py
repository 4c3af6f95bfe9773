"""The row of buttons under the widget's canvas (ipywidgets), wired to the session.

Which game is on the table ("Game 7": the seed that dealt it), New game with the next game's
seed, Review (once the game is over: look back over every move), Undo, Hint, Heat map, Labels
(the coordinates of the lit cells), "What do they hold?" (only on a teacher's screen or in a
game without people at this screen), Draw (only with ``Rules(auto_draw=False)``), zoom out /
fit / in (zoom out and in are icons, named by their tooltips), Result (once the game is
over: the end-of-game panel of :mod:`~.celebration` again, after "Look at the table"), Step
and Play (only in a game without people at this screen), and Big (presentation mode, when
the widget offers it).
A seat whose table is elsewhere (:mod:`~dweebies_widget.widget.remote`) has no game name,
New game, seed box or Undo: those belong to the screen's own games.  Only the buttons shown
are made.  Which buttons can be used is the session's answer
(:class:`~dweebies_widget.widget.session.Controls`); :meth:`Buttons.update` applies it.
While a game is looked back over, the row of :mod:`~dweebies_widget.widget.review_bar`
replaces this one.

Every button is at least 44 x 44 CSS pixels (a fingertip), its text 16 CSS pixels (24 in
presentation mode); the row wraps on narrow screens (two rows at 150 % zoom on a 1280 x 720
screen), and the canvas leaves room for it (:func:`~.companion.fit_size`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .session import Controls, Session
from .table import ZOOM_STEP

__all__ = ["TAP", "Buttons", "zoom_buttons"]

TAP = "44px"
"""The smallest side of anything to tap (CSS pixels)."""

Guard = Callable[[Callable[..., object]], Callable[..., None]]
"""Wraps an event handler (the widget's lock, and failures shown instead of raised)."""


def zoom_buttons(
    session: Session, button: Callable[[str, str, Callable[[], object], str], Any]
) -> tuple[Any, Any, Any]:
    """Zoom out, Fit and zoom in of ``session``'s table, made by ``button(label, tooltip,
    action, icon)`` (the zoom buttons are icons, named by their tooltips): the same in
    play and when looking back."""
    return (
        button("", "Zoom out: show more of the table", lambda: session.zoom(1 / ZOOM_STEP),
               "search-minus"),
        button("Fit", "Show the whole table", lambda: session.zoom(None), "arrows-alt"),
        button("", "Zoom in: make the cards bigger", lambda: session.zoom(ZOOM_STEP),
               "search-plus"),
    )  # fmt: skip


def _layout(**extra: str) -> Any:
    return widgets.Layout(width="auto", height=TAP, min_width=TAP, **extra)


class Buttons:
    """The buttons; :attr:`box` is the row to show.

    Args:
        session: what the buttons act on.
        new_game: deals a new game from the seed box (the widget's, which owns the box).
        guard: wraps every handler (see :data:`Guard`).
        next_seed: the seed box's first value.
        present: turns presentation mode on or off (the Big toggle; ``None``: no toggle).
        result: shows the end-of-game panel again (the Result button, offered once the game
            is over: :meth:`offer_result`; ``None``: no button).
    """

    def __init__(
        self,
        session: Session,
        new_game: Callable[[], object],
        guard: Guard,
        next_seed: int,
        present: Callable[[bool], object] | None = None,
        result: Callable[[], object] | None = None,
    ) -> None:
        def button(label: str, tip: str, action: Callable[[], object], icon: str = "") -> Any:
            b = widgets.Button(description=label, tooltip=tip, icon=icon, layout=_layout())
            b.on_click(guard(lambda _b: action()))
            return b

        def toggle(label: str, tip: str, action: Callable[[bool], object], icon: str = "") -> Any:
            t = widgets.ToggleButton(description=label, tooltip=tip, icon=icon, layout=_layout())
            t.observe(guard(lambda ch: None if self._syncing else action(bool(ch["new"]))), "value")
            return t

        c = self._session = session
        self._syncing = False  # True while update() moves a toggle to the session's state
        own = c.play_mode.own_games  # dealing and undo belong to the screen's own games
        everyone_ai = all(p is not None for p in c.players)
        # Only the buttons the row shows are made (each is a few models sent to the page):
        # one that is not shown is ``None``.
        self.game: Any = None
        """Which game is on the table: "Game 7" (dealt from seed 7)."""
        self.new: Any = None
        self.seed: Any = None
        self.undo: Any = None
        if own:
            self.game = widgets.HTML(layout=widgets.Layout(margin="0 0.6em 0 0.2em"))
            self.game.add_class("dweebies-game")
            self.new = button("New game", "Deal a new game from the next game's seed", new_game)
            self.seed = widgets.IntText(
                value=next_seed,
                description="Next game's seed",
                style={"description_width": "initial"},
                layout=widgets.Layout(width="13.5em", height=TAP),  # ems of the button text
            )
        self.review = button("Review", "Look back over every move, judged by the Expert",
                             c.open_review, "search")  # fmt: skip
        self.result: Any = None
        """Shows the end-of-game panel again, once the game is over."""
        if result is not None:
            self.result = button("Result", "Show the result of the game again", result,
                                 "trophy")  # fmt: skip
            self.result.layout.display = "none"
        if own:
            self.undo = button("Undo", "Take back your last move", c.undo, "undo")
        self.hint = button("Hint", "What would the Expert play?", c.hint, "lightbulb-o")
        self.heat = toggle(
            "Heat map", "Shade the lit cells by the hint player's win chances", c.show_heat
        )
        self.labels = toggle(
            "Labels", "Write each lit cell's row and column on it", c.show_labels, "tag"
        )
        self.holds: Any = None
        if c.teacher or not c.seats.humans:
            self.holds = toggle("What do they hold?",
                                "Each other player's likely cards, guessed from what could be "
                                "seen", c.show_holds, "eye")  # fmt: skip
        self.draw: Any = None
        if not c.rules.auto_draw:
            self.draw = button("Draw", "Take a draw you owe (rules section 8)", c.draw_owed)
        self.zoom_out, self.zoom_fit, self.zoom_in = zoom_buttons(c, button)
        self.step: Any = None
        self.play: Any = None
        if everyone_ai:
            self.step = button("Step", "Let the AI to move play one move", c.step, "step-forward")
            self.play = toggle("Play", "Let the AI players play on (press again to pause)",
                               c.play, "play")  # fmt: skip
        self.big: Any = None
        """Presentation mode: everything bigger, for a projector."""
        if present is not None:
            self.big = toggle("Big", "Presentation mode: everything bigger, for a projector",
                              present, "television")  # fmt: skip
        children = [self.game, self.new, self.seed, self.result, self.review, self.undo,
                    self.hint, self.heat, self.labels, self.holds, self.draw, self.zoom_out,
                    self.zoom_fit, self.zoom_in, self.step, self.play, self.big]  # fmt: skip
        self.box = widgets.HBox(
            [b for b in children if b is not None],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.box.add_class("dweebies-buttons")

    def offer_result(self, over: bool) -> None:
        """Show the Result button while the game is over, hide it otherwise."""
        if self.result is not None:
            display = None if over else "none"
            if self.result.layout.display != display:
                self.result.layout.display = display

    def update(self, controls: Controls) -> None:
        """Enable the buttons that can be used now; keep the toggles in step with the
        session; show which game is on the table."""
        seed = self._session.seed
        if self.game is not None:
            self.game.value = "<b>Your own game</b>" if seed is None else f"<b>Game {seed}</b>"
        for button, usable in (
            (self.hint, controls.hint),
            (self.heat, controls.heat),
            (self.undo, controls.undo),
            (self.draw, controls.draw),
            (self.step, controls.step),
            (self.review, controls.review),
            (self.holds, controls.holds),
        ):
            if button is not None:
                button.disabled = not usable
        self._syncing = True
        try:
            for toggle, on in (
                (self.play, controls.playing),
                (self.heat, self._session.heat),
                (self.labels, controls.labels),
                (self.holds, controls.holds_on),
                (self.big, self._session.presentation),
            ):
                if toggle is not None and toggle.value != on:
                    toggle.value = on
        finally:
            self._syncing = False
        if self.play is not None:
            self.play.description = "Pause" if controls.playing else "Play"
            self.play.icon = "pause" if controls.playing else "play"
