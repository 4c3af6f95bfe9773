"""The clickable widget: :class:`DweebiesWidget` (needs ipywidgets and ipycanvas).

``geometry`` (pixels and cells), ``paint`` (drawing from plain data), ``timing`` (when timed
jobs run) and ``controller`` (what every click, tap, key and button means, and what to show)
import no widget library, so they can be used and tested without one; ``app`` is the thin glue
that ties the controller to a canvas, on ``canvas_box`` (the canvas side both widgets share:
events, timers, sizing, redraws), and ``companion`` its small front-end part (it measures the
page, gives the canvas a text alternative for screen readers and lets Tab leave it); they are
imported only when ``DweebiesWidget`` is asked for.  The puzzle widget is built the same way:
``puzzle`` (its controller, no widget library), ``puzzle_paint`` (its marks over the picture)
and ``puzzle_app`` (the glue, loaded when ``PuzzleWidget`` is asked for); the guided first
game too: ``tutorial`` (its controller) and ``tutorial_app`` (``TutorialWidget``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Geometry

if TYPE_CHECKING:
    from .app import DweebiesWidget
    from .puzzle_app import PuzzleWidget
    from .tutorial_app import TutorialWidget

__all__ = ["DweebiesWidget", "Geometry", "PuzzleWidget", "TutorialWidget"]


def __getattr__(name: str) -> object:
    # Importing this package (say, for ``widget.geometry``) must not pull in ipywidgets:
    # ``DweebiesWidget`` is loaded on first use, as the package top does.
    if name == "DweebiesWidget":
        from .app import DweebiesWidget

        return DweebiesWidget
    if name == "PuzzleWidget":
        from .puzzle_app import PuzzleWidget

        return PuzzleWidget
    if name == "TutorialWidget":
        from .tutorial_app import TutorialWidget

        return TutorialWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
