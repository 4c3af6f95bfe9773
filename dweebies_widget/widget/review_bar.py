"""The row of controls shown instead of the play buttons while a game is looked back over.

One job: the ipywidgets of review and replay, wired to the session.  First, Back, a
slider over the moves, Forward and Last step through the game (as the arrow keys, Home and
End do on the table, and a click or a tap on the graph); Review has every move judged (once);
More shows hindsight on the move shown (the text under the row; hidden at first but on a
teacher's screen); Play from here plays on from the table shown; "What do they hold?" shows
each other seat's likely Dweebies beside the table; zoom out, Fit and zoom in work as in
play (the zoom buttons are icons, named by their tooltips); Back to the game ends looking
back.  What can be used is the session's answer (its
:attr:`~dweebies_widget.widget.session.Session.replay`); :meth:`ReviewBar.update` applies it.
Every control is at least 44 x 44 CSS pixels.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from .buttons import TAP, Guard, zoom_buttons
from .session import Session

__all__ = ["ReviewBar"]


class ReviewBar:
    """The controls; :attr:`box` is the row to show while looking back."""

    def __init__(self, session: Session, guard: Guard) -> None:
        def button(label: str, tip: str, action: Callable[[], object], icon: str) -> Any:
            b = widgets.Button(description=label, tooltip=tip, icon=icon, layout=_layout())
            b.on_click(guard(lambda _b: action()))
            return b

        c = self._session = session
        self._syncing = False  # True while update() moves the slider or the toggle
        self.first = button("First", "The first move (Home)", lambda: c.go_to(0), "fast-backward")
        self.back = button("Back", "One move back (left arrow)", lambda: c.go_by(-1),
                           "step-backward")  # fmt: skip
        self.slider = widgets.IntSlider(
            value=0, min=0, max=1, description="Move", readout=False,
            continuous_update=False,  # one step where the drag ends, not a queue of them
            layout=widgets.Layout(width="12em", height=TAP),
        )  # fmt: skip
        self.slider.observe(guard(self._slid), "value")
        self.where = widgets.HTML(layout=widgets.Layout(min_width="4.5em"))
        """The move shown, as "12 / 54" (or "end")."""
        self.forward = button("Forward", "One move forward (right arrow)", lambda: c.go_by(1),
                              "step-forward")  # fmt: skip
        self.last = button("Last", "The end of the game (End)", self._to_end, "fast-forward")
        self.judge = button("Review", "Have the Expert judge every move", c.open_review,
                            "search")  # fmt: skip
        self.play = button("Play from here", "Play on from the table shown, with the same seats",
                           c.play_from_here, "play")  # fmt: skip
        self.holds = widgets.ToggleButton(
            description="What do they hold?", icon="eye", layout=_layout(),
            tooltip="Each other player's likely cards, guessed from what could be seen",
        )  # fmt: skip
        self.holds.observe(
            guard(lambda ch: None if self._syncing else c.show_holds(bool(ch["new"]))), "value"
        )
        self.more = widgets.ToggleButton(
            description="More", icon="lightbulb-o", layout=_layout(), value=c.looking.more_on,
            tooltip="Hindsight: the best move had every hidden card been seen",
        )  # fmt: skip
        self.more.add_class("dweebies-more")
        self.more.observe(guard(self._more), "value")
        self.hindsight = widgets.HTML(layout=widgets.Layout(width="100%", display="none"))
        """Hindsight on the move shown, under the row while More is on."""
        self.hindsight.add_class("dweebies-hindsight")
        self.zoom_out, self.zoom_fit, self.zoom_in = zoom_buttons(c, button)
        self.close = button("Back to the game", "Stop looking back", c.close_review, "times")
        self.box = widgets.HBox(
            [self.first, self.back, self.slider, self.where, self.forward, self.last,
             self.judge, self.more, self.play, self.holds, self.zoom_out, self.zoom_fit,
             self.zoom_in, self.close, self.hindsight],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        self.box.add_class("dweebies-review")

    def update(self) -> None:
        """Follow the session: the step shown, what can be pressed."""
        replay = self._session.replay
        if replay is None:
            return
        step, steps = replay.step, replay.steps
        self.first.disabled = self.back.disabled = step == 0
        self.forward.disabled = self.last.disabled = step == steps
        self.where.value = f"{step + 1} / {steps}" if step < steps else "end"
        self.judge.disabled = replay.review is not None or replay.progress is not None
        self.judge.description = "Reviewing\u2026" if replay.progress is not None else "Review"
        more = self._session.looking.more_on
        self._syncing = True
        try:
            if self.slider.max != steps:
                self.slider.max = steps
            if self.slider.value != step:
                self.slider.value = step
            on = self._session.controls().holds_on
            if self.holds.value != on:
                self.holds.value = on
            if self.more.value != more:
                self.more.value = more
        finally:
            self._syncing = False
        self.hindsight.value = html.escape(replay.hindsight()) if more else ""
        self.hindsight.layout.display = None if more else "none"

    def _more(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            c = self._session
            with c.event():
                c.looking.show_more(bool(change["new"]))

    def _slid(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._session.go_to(int(change["new"]))

    def _to_end(self) -> None:
        replay = self._session.replay
        if replay is not None:
            self._session.go_to(replay.steps)


def _layout() -> Any:
    return widgets.Layout(width="auto", height=TAP, min_width=TAP)
