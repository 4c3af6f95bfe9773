"""The widgets' layer: everything between the rules core and the screen.

Without a widget library (tested synchronously): ``session`` (one game on one screen: the
turn flow, what to show and say) holding one of the ``modes`` (local play, a classroom seat,
``lookback``, a ``puzzle``, the guided game of ``tutorial``), with its parts ``table``
(pointer, fingers, keys and the view), ``hints``, ``announce`` (words and timers) and
``scenes`` (what play shows); the pictures: ``scene`` and ``position`` (what a viewer may see,
as data), ``geometry`` (the one layout), ``paint`` into a recording ``pen``, replayed on a
canvas or written as SVG by ``svg_writer``, with the one text metric of ``text``.

The ipywidgets glue, imported only when a widget is made: ``app`` (``DweebiesWidget``),
``tutorial_app`` (``TutorialWidget``), ``puzzle_app`` (``PuzzleWidget``), ``question``, on
``canvas_box`` (the canvas side: events, timers, sizing, one message per redraw) and
``companion`` (the front-end part that measures the page and speaks for the canvas);
``compat`` is the one module that touches ipycanvas, ipywidgets and Voila internals.

Import the widgets from their public places: ``dweebies_widget.DweebiesWidget``,
``dweebies_widget.TutorialWidget``, ``dweebies_widget.puzzles.PuzzleWidget``.
"""

from __future__ import annotations

import warnings

__all__: list[str] = []

#: The widgets' one public import path each (this package's old names warn and point there).
_PUBLIC = {
    "DweebiesWidget": ("dweebies_widget", ".app"),
    "TutorialWidget": ("dweebies_widget", ".tutorial_app"),
    "PuzzleWidget": ("dweebies_widget.puzzles", ".puzzle_app"),
}


def __getattr__(name: str) -> object:
    # Importing this package (say, for ``widget.geometry``) must not pull in ipywidgets.
    if name not in _PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    public, module = _PUBLIC[name]
    warnings.warn(
        f"dweebies_widget.widget.{name} is deprecated: use {public}.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    import importlib

    return getattr(importlib.import_module(module, __name__), name)
