"""Where a screen is in the turn: one value, checked when it is made.

One job: the turn state of a :class:`~.session.Session` as a single frozen value, so that no
combination the screen cannot be in can be written down.  A :class:`Turn` says whose hand is
shown (``viewer``), whether the screen is being passed to another person (``handover``: the
hand stays covered), whether an AI move waits (``thinking``), whether AI seats play on by
themselves (``playing``) and which card of the shown hand is picked (``picked``).  Each
change makes a new value (:meth:`Turn.but`), and the checks in its constructor keep it
legal: a picked card needs a hand shown and uncovered; a screen passed to someone waits for
nobody's AI; a hand-over goes to another seat than the one shown.

>>> t = Turn(viewer=0).but(picked=2)
>>> t.picked, t.covered
(2, False)
>>> t.but(handover=1).picked is None  # passing the screen drops the pick
True
>>> Turn(viewer=None, picked=0)
Traceback (most recent call last):
...
ValueError: a card can be picked only from a hand that is shown: Turn(viewer=None, ...)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Turn"]


@dataclass(frozen=True)
class Turn:
    """The turn state of one screen (see the module docstring)."""

    viewer: int | None = None
    """The seat whose hand is shown (a person at this screen), or ``None``."""
    handover: int | None = None
    """The seat the screen is being passed to (its hand stays covered), or ``None``."""
    thinking: int | None = None
    """The AI seat whose move waits (during the AI's delay), or ``None``."""
    playing: bool = False
    """Whether AI seats play on by themselves (Play is on)."""
    picked: int | None = None
    """Index of the picked card in the shown hand, or ``None``."""

    def __post_init__(self) -> None:
        if self.picked is not None and (self.viewer is None or self.handover is not None):
            raise ValueError(
                "a card can be picked only from a hand that is shown: "
                f"Turn(viewer={self.viewer}, ...)"
            )
        if self.handover is not None and self.thinking is not None:
            raise ValueError("a screen being passed to a person waits for no AI")
        if self.handover is not None and self.handover == self.viewer:
            raise ValueError("a hand-over goes to another seat than the one shown")

    @property
    def covered(self) -> bool:
        """Whether the hand is covered (the screen is being passed on)."""
        return self.handover is not None

    def but(self, **changes: Any) -> Turn:
        """This turn with ``changes``; passing the screen (a ``handover``) drops the pick."""
        if changes.get("handover") is not None:
            changes.setdefault("picked", None)
        return replace(self, **changes)
