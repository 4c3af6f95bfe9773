"""The clickable widget: :class:`DweebiesWidget` (needs ipywidgets and ipycanvas).

``geometry`` (pixels and cells) and ``paint`` (drawing from plain data) import no widget
library; ``app`` is the controller that ties them to a canvas and a game.
"""

from .app import DweebiesWidget
from .geometry import Geometry

__all__ = ["DweebiesWidget", "Geometry"]
