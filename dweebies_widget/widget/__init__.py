"""The clickable widget: :class:`DweebiesWidget` (needs ipywidgets and ipycanvas).

``geometry`` (pixels and cells), ``paint`` (drawing from plain data), ``timing`` (when timed
jobs run) and ``controller`` (what every click, tap, key and button means, and what to show)
import no widget library, so they can be used and tested without one; ``app`` is the thin glue
that ties the controller to a canvas, and ``companion`` its small front-end part (it measures
the page, gives the canvas a text alternative for screen readers and lets Tab leave it); both
are imported only when ``DweebiesWidget`` is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Geometry

if TYPE_CHECKING:
    from .app import DweebiesWidget

__all__ = ["DweebiesWidget", "Geometry"]


def __getattr__(name: str) -> object:
    # Importing this package (say, for ``widget.geometry``) must not pull in ipywidgets:
    # ``DweebiesWidget`` is loaded on first use, as the package top does.
    if name == "DweebiesWidget":
        from .app import DweebiesWidget

        return DweebiesWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
