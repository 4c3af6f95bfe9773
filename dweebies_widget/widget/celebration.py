"""The end of a game: a panel with the result, every seat's score and what to do next.

Shown by the play widget (:class:`~.app.DweebiesWidget`, and so the guided first game and a
classroom seat too) in place of its row of buttons once the game is over: a big title in the
existing words (:func:`~.words.result_title`), the scores of every seat, best first, the
winners marked by a star and the word "winner" (not by colour alone), why cards are left on
the table, and real buttons: "Review this game", "New game" (only on a screen that deals its
own games) and "Look at the table", which hides the panel so the final table can be studied
(the row of buttons then has a Result button that shows it again).  A screen adds its own
buttons with :meth:`Celebration.add_action` (a classroom seat: Lobby, Leave seat).

The result is already said aloud at the end of the game (the session's announcement): the
panel says nothing more.  It is a section with a heading (``<h2>``); its look (a coloured
band, a row of confetti drawn with CSS, a short entrance turned off under
``prefers-reduced-motion`` and ``animate=False``) is in ``companion.css``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from itertools import count
from typing import Any

import ipywidgets as widgets

from . import words
from .buttons import TAP, Guard
from .session import Session

__all__ = ["Celebration", "score_order"]

_ids = count(1)


def score_order(scores: list[int] | tuple[int, ...]) -> list[int]:
    """The seats, highest score first (seat order among equals).

    >>> score_order([2, 41, 41])
    [1, 2, 0]
    """
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


class Celebration:
    """The end-of-game panel of ``session``'s screen; :attr:`box` is what to show.

    Args:
        session: whose finished game the panel tells.
        guard: wraps every handler (see :data:`~.buttons.Guard`).
        new_game: deals a new game (``None``: this screen does not deal, no New game button).
        hide: called by "Look at the table" after the panel is marked hidden.
    """

    def __init__(
        self,
        session: Session,
        guard: Guard,
        new_game: Callable[[], object] | None,
        hide: Callable[[], object],
    ) -> None:
        self._session = session
        self._guard = guard
        self.hidden = False
        """True once "Look at the table" was pressed (until the next game, or :meth:`open`)."""
        self._id = f"dweebies-result-{next(_ids)}"
        self.text = widgets.HTML()
        """The title, the scores and why cards are left."""
        self.text.add_class("dweebies-celebration-text")

        def press() -> None:
            self.hidden = True
            hide()

        self.review = self._button(
            "Review this game", "Look back over every move, judged by the Expert",
            session.open_review, "search",
        )  # fmt: skip
        self.new: Any = None
        if new_game is not None:
            self.new = self._button("New game", "Deal a new game", new_game, "refresh")
        self.close = self._button(
            "Look at the table", "Hide this result to look at the final table", press, "times"
        )
        self.close.add_class("dweebies-celebration-close")
        self.actions = widgets.HBox(
            [b for b in (self.review, self.new, self.close) if b is not None],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.actions.add_class("dweebies-celebration-actions")
        self.box = widgets.VBox([self.text, self.actions])
        self.box.add_class("dweebies-celebration")

    def _button(self, label: str, tip: str, action: Callable[[], object], icon: str) -> Any:
        b = widgets.Button(
            description=label, tooltip=tip, icon=icon,
            layout=widgets.Layout(width="auto", height="auto", min_height=TAP, min_width=TAP),
        )  # fmt: skip
        b.on_click(self._guard(lambda _b: action()))
        return b

    def add_action(self, label: str, tip: str, action: Callable[[], object]) -> Any:
        """A button of this screen's own after Review (and New game), before "Look at the
        table": Tab reaches them in that order.  Returns the button."""
        b = self._button(label, tip, action, "")
        kids = list(self.actions.children)
        kids.insert(len(kids) - 1, b)
        self.actions.children = tuple(kids)
        return b

    def open(self) -> None:
        """Show the panel again (the Result button)."""
        self.hidden = False

    @property
    def title(self) -> str:
        """The result in a few words, from the viewer's side ("You won 41-2")."""
        s = self._session
        return words.result_title(s.game, s.labels, s.me())

    def lines(self) -> tuple[str, list[tuple[str, int, bool]], str]:
        """The title, each seat's ``(name, score, winner)`` best first, and why cards are
        left on the table."""
        s = self._session
        game = s.game
        winners = set(game.winners)
        scores = [(s.labels[i], game.scores[i], i in winners) for i in score_order(game.scores)]
        why = words.banner(game, s.labels, s.me(), again="")[2]
        return self.title, scores, why

    def update(self) -> None:
        """Fill the panel from the finished game on the table."""
        title, scores, why = self.lines()
        items = "".join(
            f'<li class="{"dweebies-winner" if won else ""}">'
            + ('<span class="dweebies-star" aria-hidden="true">★</span> ' if won else "")
            + f"{html.escape(name)} <b>{score}</b>"
            + (" <span class='dweebies-won'>(winner)</span>" if won else "")
            + "</li>"
            for name, score, won in scores
        )
        confetti = "".join(f'<i class="dweebies-bit dweebies-bit-{k % 6}"></i>' for k in range(18))
        value = (
            f'<section class="dweebies-result" aria-labelledby="{self._id}">'
            f'<div class="dweebies-confetti" aria-hidden="true">{confetti}</div>'
            f'<h2 id="{self._id}" class="dweebies-result-title">{html.escape(title)}</h2>'
            f'<ol class="dweebies-scores" aria-label="Scores, best first">{items}</ol>'
            f'<p class="dweebies-why">{html.escape(why)}</p>'
            "</section>"
        )
        if self.text.value != value:
            self.text.value = value
