"""The row of buttons under the widget's canvas (ipywidgets), wired to the controller.

New game, the seed box for the next game, Undo, Hint, Heat map, Draw (only with
``Rules(auto_draw=False)``), zoom out / fit / in, and Step and Play (only in a game without
people at this screen).  Which buttons can be used is the controller's answer
(:class:`~dweebies_widget.widget.controller.Controls`); :meth:`Buttons.update` applies it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .controller import ZOOM_STEP, Controller, Controls

__all__ = ["Buttons"]

Guard = Callable[[Callable[..., object]], Callable[..., None]]
"""Wraps an event handler (the widget's lock, and failures shown instead of raised)."""


class Buttons:
    """The buttons; :attr:`box` is the row to show.

    Args:
        controller: what the buttons act on.
        new_game: deals a new game from the seed box (the widget's, which owns the box).
        guard: wraps every handler (see :data:`Guard`).
        next_seed: the seed box's first value.
    """

    def __init__(
        self,
        controller: Controller,
        new_game: Callable[[], object],
        guard: Guard,
        next_seed: int,
    ) -> None:
        def button(label: str, tip: str, action: Callable[[], object], icon: str = "") -> Any:
            b = widgets.Button(
                description=label, tooltip=tip, icon=icon, layout=widgets.Layout(width="auto")
            )
            b.on_click(guard(lambda _b: action()))
            return b

        c = controller
        self.seed = widgets.IntText(
            value=next_seed, description="seed", layout=widgets.Layout(width="9em")
        )
        self.seed.style.description_width = "2.5em"
        self.new = button("New game", "Deal a new game with the seed on the right", new_game)
        self.undo = button("Undo", "Take back your last move", c.undo, "undo")
        self.hint = button("Hint", "What would the Expert play?", c.hint, "lightbulb-o")
        self.heat = widgets.ToggleButton(
            description="Heat map", tooltip="Shade the lit cells by the hint player's values",
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self.heat.observe(guard(lambda ch: c.show_heat(bool(ch["new"]))), "value")
        self.draw = button("Draw", "Take a draw you owe (rules section 8)", c.draw_owed)
        self.zoom_out = button("\u2212", "Zoom out", lambda: c.zoom(1 / ZOOM_STEP))
        self.zoom_fit = button("Fit", "Show the whole table", lambda: c.zoom(None))
        self.zoom_in = button("+", "Zoom in", lambda: c.zoom(ZOOM_STEP))
        self.step = button("Step", "Let the AI to move play one move", c.step, "step-forward")
        self.play = widgets.ToggleButton(
            description="Play", tooltip="Let the AI players play on (press again to pause)",
            icon="play", layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self._syncing = False  # True while update() moves Play to the controller's state
        self.play.observe(
            guard(lambda ch: None if self._syncing else c.play(bool(ch["new"]))), "value"
        )
        children = [self.new, self.seed, self.undo, self.hint, self.heat]
        if not c.rules.auto_draw:
            children.append(self.draw)
        children += [self.zoom_out, self.zoom_fit, self.zoom_in]
        if all(p is not None for p in c.players):
            children += [self.step, self.play]
        self.box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap"))

    def update(self, controls: Controls) -> None:
        """Enable the buttons that can be used now; keep Play in step with the controller."""
        self.hint.disabled = not controls.hint
        self.heat.disabled = not controls.heat
        self.undo.disabled = not controls.undo
        self.draw.disabled = not controls.draw
        self.step.disabled = not controls.step
        if self.play.value != controls.playing:
            self._syncing = True
            self.play.value = controls.playing
            self._syncing = False
        self.play.description = "Pause" if controls.playing else "Play"
        self.play.icon = "pause" if controls.playing else "play"
