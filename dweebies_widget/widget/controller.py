"""The old import path of the play widget's logic, kept for code written against it.

Deprecated: :class:`~dweebies_widget.widget.session.Session` (``widget.session``) is what
``Controller`` was, and :mod:`~dweebies_widget.widget.session` holds ``Change`` and
``Controls``; the zoom step and the drag distance are in :mod:`~dweebies_widget.widget.table`.
Every name here still works and says where it lives now.
"""

from __future__ import annotations

import warnings

from . import modes, session, table

__all__: list[str] = []  # every name here is deprecated (see _MOVED)

_MOVED = {
    "Controller": (session, "Session"),
    "Change": (session, "Change"),
    "Controls": (session, "Controls"),
    "PULSE": (session, "PULSE"),
    "NO_HINTS": (modes, "NO_HINTS"),
    "SLOP": (table, "SLOP"),
    "ZOOM_STEP": (table, "ZOOM_STEP"),
}


def __getattr__(name: str) -> object:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, new = _MOVED[name]
    warnings.warn(
        f"dweebies_widget.widget.controller.{name} is deprecated: use "
        f"{module.__name__}.{new}",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(module, new)
