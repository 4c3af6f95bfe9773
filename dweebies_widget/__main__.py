"""``python -m dweebies_widget``: the ``dweebies`` command (:mod:`.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
