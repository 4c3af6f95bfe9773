"""``python -m dweebies_widget.classroom serve``: see :mod:`.serve`.

The classroom extra is checked first, before the server is imported or any file is written:
without it the command stops with one line naming ``pip install
"dweebies-widget[classroom]"``.
"""

from __future__ import annotations

import sys

from ..extras import MissingExtra, require


def run() -> int:
    """Check the classroom extra, then run the server's command line."""
    try:
        require("classroom", what="the classroom server")
    except MissingExtra as missing:
        print(missing, file=sys.stderr)
        return 1
    from .serve import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
