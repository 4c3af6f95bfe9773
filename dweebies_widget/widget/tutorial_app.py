"""The guided first game's widget: the play widget around a
:class:`~dweebies_widget.widget.tutorial.Tutorial`, with its callouts drawn over the table.

Glue only: everything that decides is the tutorial session's (its
:class:`~dweebies_widget.widget.tutorial.TutorialMode`); the play widget paints the callout
its mode writes over the table, on the same recording as the play picture (one message per
redraw).
"""

from __future__ import annotations

from typing import cast

from ..ai import Player
from .app import DweebiesWidget
from .tutorial import Tutorial

__all__ = ["TutorialWidget"]


class TutorialWidget(DweebiesWidget):
    """A guided first game against Greedy: the first turns have a goal written on the
    board and accept only their move; then the game goes on freely to its end, and Review
    looks back over it.  Mouse, touch and keyboard work as in play.

    Args:
        seed: seeds Greedy once it plays on its own (the deal is always the same).
        ai_delay: seconds Greedy waits before it moves; flash: seconds collected cards stay
            lit.
        width, height, pixel_ratio: the canvas, as for :class:`DweebiesWidget`.
        hint_player: whose ``analyze`` gives hints once the game is free (default Greedy).

    >>> w = TutorialWidget(ai_delay=0)
    >>> w
    TutorialWidget (a guided first game against Greedy): Guided turn 1 of 4: place Mumbo in \
the centre, (0, 0).
    """

    session_class = Tutorial

    def __init__(
        self,
        *,
        seed: int = 0,
        ai_delay: float = 1.0,
        flash: float = 0.8,
        width: int | None = None,
        height: int | None = None,
        pixel_ratio: float = 2,
        hint_player: Player | None = None,
    ) -> None:
        super().__init__(
            None, seed=seed, ai_delay=ai_delay, flash=flash, width=width, height=height,
            pixel_ratio=pixel_ratio, hint_player=hint_player,
        )  # fmt: skip

    def __repr__(self) -> str:
        first = self.session.status_lines()[0]
        return f"TutorialWidget (a guided first game against Greedy): {first}"

    @property
    def tutorial(self) -> Tutorial:
        """The guided game's session (its :attr:`~Tutorial.turn`, its callout...)."""
        return cast(Tutorial, self.session)
