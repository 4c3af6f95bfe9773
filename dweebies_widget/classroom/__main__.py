"""``python -m dweebies_widget.classroom serve``: see :mod:`.serve`."""

from __future__ import annotations

import sys

from .serve import main

if __name__ == "__main__":
    sys.exit(main())
